//! A game as the pages draw it: its sides, units, log, rules and notes, as a typed view
//! ([`GameView`]) that `muster game show --format json` prints and the game page extends.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::rulesets::game::{self, Game, GameRules, Side};
use crate::rulesets::Rules;

/// A list file's name without its folder.
fn list_file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The game as the pages draw it. Its fields, and its sides' and units', are declared in the
/// order of their names: the JSON's keys come out sorted, as they did when the view was a
/// `json!` map. What the game's own types hold (its log, rules, notes, a unit's thresholds)
/// is carried as JSON values for the same reason: their keys sorted, whatever the order the
/// types declare them in.
#[derive(Serialize)]
pub struct GameView<'g> {
    pub a: SideView<'g>,
    pub b: SideView<'g>,
    /// Lists named by their file name (no folder: the pages show them).
    pub lists: Lists,
    pub log: serde_json::Value,
    pub notes: Vec<serde_json::Value>,
    pub rules: serde_json::Value,
    pub ruleset: &'g str,
    pub scenario: Option<&'g str>,
    pub turn: u32,
}

/// The two sides' list files, by their file names.
#[derive(Serialize)]
pub struct Lists {
    pub a: String,
    pub b: String,
}

/// A side of the game: its list's name, units, values and house rules.
#[derive(Serialize)]
pub struct SideView<'g> {
    /// The house rules its list turned on, as the game keeps them (none by the book).
    pub house_rules: Vec<String>,
    pub name: &'g str,
    pub side: &'static str,
    pub units: Vec<UnitView<'g>>,
    pub values: Option<&'g BTreeMap<String, u32>>,
}

/// A unit of a side as it stands: its figures, losses, states and thresholds.
#[derive(Serialize)]
pub struct UnitView<'g> {
    pub cost: u64,
    pub figures: Option<i64>,
    pub id: &'g str,
    pub key: String,
    pub label: &'g str,
    pub left: Option<i64>,
    pub lost: u32,
    pub number: usize,
    pub states: Vec<String>,
    pub thresholds: serde_json::Value,
}

/// The game's view: what the pages draw.
pub fn game_view<'g>(engine: &Rules, g: &'g Game, rules: &GameRules) -> GameView<'g> {
    let side = |s: Side| {
        let list = g.list(s);
        SideView {
            side: s.letter(),
            name: &list.name,
            units: list
                .units
                .iter()
                .enumerate()
                .map(|(i, u)| {
                    let st = g.unit(s, i + 1);
                    UnitView {
                        thresholds: serde_json::to_value(g.thresholds(engine, rules, s, i + 1))
                            .unwrap_or_default(),
                        key: game::unit_key(s, i + 1),
                        number: i + 1,
                        label: &u.label,
                        id: &u.id,
                        figures: g.count(s, i + 1),
                        left: g.left(s, i + 1),
                        lost: st.lost,
                        states: st.states,
                        cost: u.cost,
                    }
                })
                .collect(),
            values: g.file.values.get(s.letter()),
            house_rules: engine
                .lists()
                .map(|l| l.list_house_rules(list))
                .unwrap_or_default(),
        }
    };
    GameView {
        ruleset: &g.file.game.ruleset,
        turn: g.file.game.turn,
        scenario: g.file.game.scenario.as_deref(),
        a: side(Side::A),
        b: side(Side::B),
        log: serde_json::to_value(&g.file.log).unwrap_or_default(),
        rules: serde_json::to_value(rules).unwrap_or_default(),
        notes: g
            .notes
            .iter()
            .map(|n| {
                let mut v = serde_json::to_value(n).unwrap_or_default();
                if let Some(l) = v.get_mut("list") {
                    *l = serde_json::json!(list_file_name(l.as_str().unwrap_or_default()));
                }
                v
            })
            .collect(),
        lists: Lists {
            a: list_file_name(&g.file.game.a),
            b: list_file_name(&g.file.game.b),
        },
    }
}
