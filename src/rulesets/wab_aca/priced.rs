//! What a unit of a WAB list is priced with ([`crate::rulesets::priced`]): the entry's profile,
//! kept in the list; its costs, figures, options, weapon, quality, formations and special
//! rules, and the costs of the options it buys, fingerprinted.

use serde_json::json;

use super::database::Database;
use crate::rulesets::priced::{KeptValue, Pricing};
use crate::rulesets::UnitRow;

pub fn pricing(db: &Database, row: &UnitRow) -> Option<Pricing> {
    let e = db.entry(&row.id)?;
    let p = e.profile;
    let kept = |key, word, value: u32| KeptValue {
        key,
        word,
        value: value.into(),
    };
    let costs = &db.rules.costs;
    let bought: Vec<serde_json::Value> = row
        .extras
        .iter()
        .map(|x| {
            let each = match x.id.as_str() {
                "flag" => Some(costs.flag),
                "musician" => Some(costs.musician),
                "elite" => Some(costs.elite),
                "heavy-armour" => Some(costs.heavy_armour),
                _ => None,
            };
            json!({ "id": x.id, "cost": each })
        })
        .collect();
    Some(Pricing {
        noun: "entry",
        kept: vec![
            kept("m", "M", p.m),
            kept("ws", "WS", p.ws),
            kept("bs", "BS", p.bs),
            kept("s", "S", p.s),
            kept("t", "T", p.t),
            kept("w", "W", p.w),
            kept("i", "I", p.i),
            kept("a", "A", p.a),
            kept("ld", "Ld", p.ld),
            KeptValue {
                key: "sv",
                word: "Sv",
                value: p.sv.map_or_else(|| "-".to_owned(), |s| format!("{s}+")).into(),
            },
        ],
        rest: json!({
            "kind": e.kind,
            "role": e.role,
            "rank": e.rank,
            "class": e.class,
            "base": e.base,
            "battery": e.battery.as_deref().and_then(|b| db.batteries.get(b)),
            "horse": e.horse,
            "quality": e.quality,
            "cost": e.cost,
            "gun_cost": e.gun_cost,
            "guns": e.guns,
            "figures": e.figures,
            "options": e.options,
            "max_elite": e.max_elite,
            "weapon": db.weapons.get(&e.weapon).map_or_else(|| json!(e.weapon), |w| json!(w)),
            "formations": e.formations,
            "special": e.special,
            "max_units": e.max_units,
            "bought": bought,
        }),
    })
}
