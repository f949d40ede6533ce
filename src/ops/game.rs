//! A game as the pages draw it: its sides, units, log, rules and notes as JSON.

use std::path::Path;

use crate::rulesets::game::{self, Game, GameRules, Side};
use crate::rulesets::Rules;

/// A list file's name without its folder.
fn list_file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The game as JSON: what the pages draw.
pub fn game_json(engine: &Rules, g: &Game, rules: &GameRules) -> serde_json::Value {
    let side = |s: Side| {
        let list = g.list(s);
        serde_json::json!({
            "side": s.letter(),
            "name": list.name,
            "units": list.units.iter().enumerate().map(|(i, u)| {
                let st = g.unit(s, i + 1);
                serde_json::json!({
                    "thresholds": g.thresholds(engine, rules, s, i + 1),
                    "key": game::unit_key(s, i + 1),
                    "number": i + 1,
                    "label": u.label,
                    "id": u.id,
                    "figures": g.count(s, i + 1),
                    "left": g.left(s, i + 1),
                    "lost": st.lost,
                    "states": st.states,
                    "cost": u.cost,
                })
            }).collect::<Vec<_>>(),
            "values": g.file.values.get(s.letter()),
            // The house rules its list turned on, as the game keeps them (none by the book).
            "house_rules": engine.lists().map(|l| l.list_house_rules(list)).unwrap_or_default(),
        })
    };
    serde_json::json!({
        "ruleset": g.file.game.ruleset,
        "turn": g.file.game.turn,
        "scenario": g.file.game.scenario,
        "a": side(Side::A),
        "b": side(Side::B),
        "log": g.file.log,
        "rules": rules,
        // Lists named by their file name (no folder: the pages show them).
        "notes": g.notes.iter().map(|n| {
            let mut v = serde_json::to_value(n).unwrap_or_default();
            if let Some(l) = v.get_mut("list") {
                *l = serde_json::json!(list_file_name(l.as_str().unwrap_or_default()));
            }
            v
        }).collect::<Vec<_>>(),
        "lists": { "a": list_file_name(&g.file.game.a), "b": list_file_name(&g.file.game.b) },
    })
}
