//! What a unit of an hm-qrs order of battle is priced with ([`crate::rulesets::priced`]): its
//! type's values a player reads on the card, kept in the list; its arm, formation, weapon and
//! points, fingerprinted.

use serde_json::json;

use super::data::Database;
use crate::rulesets::priced::{KeptValue, Pricing};
use crate::rulesets::UnitRow;

pub fn pricing(db: &Database, row: &UnitRow) -> Option<Pricing> {
    let u = db.units.get(&row.id)?;
    let kept = |key, word, value: u32| KeptValue {
        key,
        word,
        value: value.into(),
    };
    Some(Pricing::new(
        "unit type",
        vec![
            kept("hand_to_hand", "hand-to-hand", u.hand_to_hand),
            kept("shooting", "shooting", u.shooting),
            kept("morale", "morale", u.morale),
            kept("stamina", "stamina", u.stamina),
            KeptValue {
                key: "size",
                word: "size",
                value: u.size.as_str().into(),
            },
        ],
        &json!({
            "arm": u.arm,
            "formation": u.formation,
            "weapon": u.weapon,
            "points": u.points,
        }),
    ))
}
