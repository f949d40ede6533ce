//! What a unit of a Capitán list is priced with ([`crate::rulesets::priced`]): the profile a
//! player reads on its sheet, kept in the list; its weapon, command, costs and the skills it
//! offers (with their rules), fingerprinted.

use serde_json::json;

use super::database::Database;
use crate::rulesets::priced::{KeptValue, Pricing};
use crate::rulesets::UnitRow;

pub fn pricing(db: &Database, row: &UnitRow) -> Option<Pricing> {
    let s = db.sheet(&row.id)?;
    let m = s.movement;
    // The skills the sheet offers, as the sheet and §11 price them (whether this unit buys
    // them or not: the fingerprint says what the data are, not what the list chose).
    let skills: Vec<serde_json::Value> = s
        .skills
        .iter()
        .map(|o| match db.skill(&o.id) {
            Some(k) => json!({
                "id": o.id,
                "cost": o.cost,
                "table_cost": k.cost,
                "restriction": k.restriction,
                "effects": k.effects,
            }),
            None => json!({ "id": o.id, "cost": o.cost }),
        })
        .collect();
    Some(Pricing::new(
        "sheet",
        vec![
            KeptValue::new("quality", "quality", s.quality.as_str()),
            KeptValue::new("initiative", "initiative", s.initiative),
            KeptValue::new("morale", "morale", s.morale),
            KeptValue::new("courage", "courage", s.courage),
            KeptValue::new(
                "move",
                "move",
                format!("{}/{}/{}", m.normal, m.march, m.charge),
            ),
            KeptValue::new("fire_die", "fire die", s.fire_die.as_str()),
            KeptValue::new("combat_die", "combat die", s.combat_die.as_str()),
        ],
        &json!({
            "kind": s.kind,
            "arm": s.arm,
            "unit_type": s.unit_type,
            "traits": db.unit_types.get(&s.unit_type).map(|t| &t.traits),
            "regiment": s.regiment,
            "weapon": s.weapon,
            "weapon_pistol": db.weapon_of(s).map(|w| w.pistol),
            "range": db.ranges_of(s),
            "command_radius": s.command_radius,
            "command_capacity": s.command_capacity,
            "command": s.command,
            "specialists": s.specialists,
            "figures": s.figures,
            "max_units": s.max_units,
            "points": s.points,
            "gun_points": s.gun_points,
            "gun_type": s.gun_type,
            "limber": s.limber,
            "blunderbusses": s.blunderbusses,
            "skills": skills,
        }),
    ))
}
