//! What a unit of a Thucydide army is priced with ([`crate::rulesets::priced`]): its troop
//! type's dice and elements, kept in the list; its type, armour and traits, fingerprinted.
//! Thucydide's armies cost no points: the record keeps no cost.

use serde_json::json;

use super::database::Database;
use crate::rulesets::priced::{Kept, KeptValue, Pricing};
use crate::rulesets::UnitRow;

pub fn pricing(db: &Database, row: &UnitRow) -> Option<Pricing> {
    let u = db.units.get(&row.id)?;
    Some(Pricing::new(
        "troop type",
        vec![
            KeptValue::new("fire", "fire", u.fire),
            KeptValue::new(
                "range",
                "range",
                u.range.map_or_else(|| Kept::from("-"), Kept::from),
            ),
            KeptValue::new("assault", "assault", u.assault),
            KeptValue::new("melee", "melee", u.melee),
            KeptValue::new("elements", "elements", u.elements),
        ],
        &json!({
            "type": u.kind,
            "armour": u.armour,
            "traits": u.traits,
        }),
    ))
}
