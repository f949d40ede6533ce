//! What a unit of an hm-qrs order of battle is priced with ([`crate::rulesets::priced`]): its
//! type's values a player reads on the card, kept in the list; its arm, formation, weapon and
//! points, fingerprinted.

use serde_json::json;

use super::database::Database;
use crate::rulesets::priced::{KeptValue, Pricing};
use crate::rulesets::UnitRow;

pub fn pricing(db: &Database, row: &UnitRow) -> Option<Pricing> {
    let u = db.units.get(&row.id)?;
    Some(Pricing::new(
        "unit type",
        vec![
            KeptValue::new("hand_to_hand", "hand-to-hand", u.hand_to_hand),
            KeptValue::new("shooting", "shooting", u.shooting),
            KeptValue::new("morale", "morale", u.morale),
            KeptValue::new("stamina", "stamina", u.stamina),
            KeptValue::new("size", "size", u.size.as_str()),
        ],
        &json!({
            "arm": u.arm,
            "formation": u.formation,
            "weapon": u.weapon,
            "points": u.points,
        }),
    ))
}
