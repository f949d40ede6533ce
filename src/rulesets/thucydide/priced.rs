//! What a unit of a Thucydide army is priced with ([`crate::rulesets::priced`]): its troop
//! type's dice and elements, kept in the list; its type, armour and traits, fingerprinted.
//! Thucydide's armies cost no points: the record keeps no cost.

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
        "troop type",
        vec![
            kept("fire", "fire", u.fire),
            KeptValue {
                key: "range",
                word: "range",
                value: u.range.map_or_else(|| "-".into(), |r| r.into()),
            },
            kept("assault", "assault", u.assault),
            kept("melee", "melee", u.melee),
            kept("elements", "elements", u.elements),
        ],
        &json!({
            "type": u.kind,
            "armour": u.armour,
            "traits": u.traits,
        }),
    ))
}
