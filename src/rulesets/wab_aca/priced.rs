//! What a unit of a WAB list is priced with ([`crate::rulesets::priced`]): the entry's profile,
//! kept in the list; its costs, figures, options and what they cost, weapon, quality,
//! formations and special rules, fingerprinted.

use serde_json::json;

use super::database::Database;
use super::model::UnitOption;
use crate::rulesets::priced::{KeptValue, Pricing};
use crate::rulesets::UnitRow;

pub fn pricing(db: &Database, row: &UnitRow) -> Option<Pricing> {
    let e = db.entry(&row.id)?;
    let p = e.profile;
    // What each option the entry offers costs (whether this unit buys it or not: the
    // fingerprint says what the data are, not what the list chose).
    let costs = &db.rules.costs;
    let options: Vec<serde_json::Value> = e
        .options
        .iter()
        .map(|o| {
            let each = match o {
                UnitOption::Flag => costs.flag,
                UnitOption::Musician => costs.musician,
                UnitOption::Elite => costs.elite,
                UnitOption::HeavyArmour => costs.heavy_armour,
            };
            json!({ "id": o.as_str(), "cost": each })
        })
        .collect();
    Some(Pricing::new(
        "entry",
        vec![
            KeptValue::new("m", "M", p.m),
            KeptValue::new("ws", "WS", p.ws),
            KeptValue::new("bs", "BS", p.bs),
            KeptValue::new("s", "S", p.s),
            KeptValue::new("t", "T", p.t),
            KeptValue::new("w", "W", p.w),
            KeptValue::new("i", "I", p.i),
            KeptValue::new("a", "A", p.a),
            KeptValue::new("ld", "Ld", p.ld),
            KeptValue {
                key: "sv",
                word: "Sv",
                value: p
                    .sv
                    .map_or_else(|| "-".to_owned(), |s| format!("{s}+"))
                    .into(),
            },
        ],
        &json!({
            "kind": e.kind,
            "role": e.role,
            "rank": e.rank,
            "class": e.class,
            "base": e.base,
            "battery": e.battery.as_deref().and_then(|b| db.batteries.get(b)).map(words_kept),
            "horse": e.horse,
            "quality": e.quality,
            "cost": e.cost,
            "gun_cost": e.gun_cost,
            "guns": e.guns,
            "figures": e.figures,
            "options": options,
            "max_elite": e.max_elite,
            "weapon": db.weapons.get(&e.weapon).map_or_else(|| json!(e.weapon), words_kept),
            "formations": e.formations,
            "special": e.special,
            "max_units": e.max_units,
        }),
    ))
}

/// A table of the data as the fingerprint reads it: its words without their Spanish. The
/// Spanish translates the French and English words, which count already; without it a list
/// priced before WAB printed in Spanish keeps its fingerprint (its units are not said to have
/// changed when only a translation was added).
fn words_kept(table: &impl serde::Serialize) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                let words = map.len() == 3
                    && ["fr", "es", "en"]
                        .iter()
                        .all(|k| map.get(*k).is_some_and(serde_json::Value::is_string));
                if words {
                    map.remove("es");
                } else {
                    map.values_mut().for_each(strip);
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = json!(table);
    strip(&mut v);
    v
}
