//! The game companion: a game between two lists, played at the table and kept in a plain TOML
//! file (`games/NAME.toml`): each unit's losses and states, the side values a ruleset scores
//! (eighths of the table held, flags taken), the turn, and a log of every mark so that any of them
//! can be undone. What a ruleset tracks is declared in its data (`unit-sheets/<id>/game.toml`,
//! [`GameRules`]): its states with their rules and what they do to the previews, its side
//! values, and how losses reach the previews where a count does not (a casualties parameter).
//!
//! The lists are only read. A unit of a game is named `a3` (side a, its third unit) or by its
//! label; previews take it as `GAME:a3` with its figures left and its states.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml_edit::{value, Array, DocumentMut, InlineTable, Item, Table, Value};

use super::list_doc;
use super::ListCheck;
use crate::core::error::Error;
use crate::core::i18n::Lang;

// ── what a ruleset declares ────────────────────────────────────────────────────────────────

/// A ruleset's game rules: `unit-sheets/<id>/game.toml`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameRules {
    /// The states a unit can be in, in the order they are shown.
    #[serde(default)]
    pub state: Vec<StateDecl>,
    /// Values a side holds at the end (eighths of the table held, flags taken).
    #[serde(default)]
    pub value: Vec<ValueDecl>,
    /// Where a unit's losses go in a preview when its count does not carry them (a
    /// casualties-before parameter): each procedure and unit parameter with its own.
    #[serde(default)]
    pub lost_param: Vec<LostParam>,
    /// Whether the ruleset scores a game by its own victory rules (`muster game score`);
    /// otherwise the losses of each side are printed.
    #[serde(default)]
    pub victory: Option<Words>,
    /// States a unit comes into by its losses alone (shown, never marked): shaken when its
    /// casualties reach its stamina.
    #[serde(default)]
    pub threshold: Vec<ThresholdDecl>,
}

/// A state a unit is in once its losses reach one of its values.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ThresholdDecl {
    pub id: String,
    pub name: Words,
    pub rule: String,
    /// The unit's value its losses reach, as the ruleset's engine names it (`stamina`).
    pub value: String,
}

/// A threshold of a unit: the losses it comes at, and whether they are reached.
#[derive(Debug, Clone, Serialize)]
pub struct Reached<'a> {
    pub id: &'a str,
    pub at: u32,
    pub reached: bool,
}

/// Words in the languages of the pages (Spanish when the ruleset has it).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Words {
    pub fr: String,
    pub en: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub es: Option<String>,
}

impl Words {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
            Lang::Es => self.es.as_deref().unwrap_or(&self.fr),
        }
    }
}

/// A state a unit can be in.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StateDecl {
    pub id: String,
    pub name: Words,
    /// The rule that gives it: "§6.6", "ACA p.14".
    pub rule: String,
    /// Cleared when the turn ends (an activation marker).
    #[serde(default)]
    pub ends_with_turn: bool,
    /// Previews it bars the unit from, as the unit of a procedure's parameter.
    #[serde(default)]
    pub forbids: Vec<Use>,
    /// Why, in a sentence (the refusal says it with the rule).
    #[serde(default)]
    pub why: Option<Words>,
    /// Parameters it sets when the unit plays a procedure (a flag, or a value).
    #[serde(default)]
    pub sets: Vec<Sets>,
    /// The unit cannot use what it bought (skills) while in this state.
    #[serde(default)]
    pub drops_extras: bool,
}

/// A procedure and the unit parameter a unit fills in it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Use {
    pub procedure: String,
    pub unit: String,
}

/// A parameter a state sets.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sets {
    pub procedure: String,
    pub unit: String,
    pub param: String,
    /// The value (none: a flag).
    #[serde(default)]
    pub value: Option<String>,
}

/// A value a side holds, from 0 to `max`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValueDecl {
    pub id: String,
    pub name: Words,
    pub rule: String,
    pub max: u32,
}

/// Where a unit's losses go in a procedure.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LostParam {
    pub procedure: String,
    pub unit: String,
    pub param: String,
}

impl GameRules {
    pub fn state(&self, id: &str) -> Option<&StateDecl> {
        self.state.iter().find(|s| s.id == id)
    }

    /// Checks the declarations against the ruleset's procedures: every procedure, unit and
    /// parameter they name exists (a data lint; `muster data check` runs it).
    pub fn check(&self, ruleset: super::Ruleset) -> Vec<String> {
        let mut problems = Vec::new();
        let mut uses: Vec<(String, &str, &str, Option<&str>)> = Vec::new();
        for s in &self.state {
            for f in &s.forbids {
                uses.push((format!("state {}", s.id), &f.procedure, &f.unit, None));
            }
            for x in &s.sets {
                uses.push((
                    format!("state {}", s.id),
                    &x.procedure,
                    &x.unit,
                    Some(&x.param),
                ));
            }
        }
        for l in &self.lost_param {
            uses.push(("lost_param".into(), &l.procedure, &l.unit, Some(&l.param)));
        }
        for (whose, procedure, unit, param) in uses {
            let Some(p) = ruleset.procedure(procedure) else {
                problems.push(format!("{whose}: no procedure `{procedure}`"));
                continue;
            };
            if p.param(unit).is_none() {
                problems.push(format!("{whose}: {procedure} has no unit `{unit}`"));
            }
            if let Some(param) = param {
                if p.param(param).is_none() {
                    problems.push(format!("{whose}: {procedure} has no parameter `{param}`"));
                }
            }
        }
        for (i, s) in self.state.iter().enumerate() {
            if self.state[..i].iter().any(|t| t.id == s.id) {
                problems.push(format!("state `{}` is declared twice", s.id));
            }
        }
        for t in &self.threshold {
            if self.state.iter().any(|s| s.id == t.id) {
                problems.push(format!(
                    "threshold `{}` has the id of a state: a unit comes into it by its losses, it is not marked",
                    t.id
                ));
            }
        }
        problems
    }
}

// ── the game file ──────────────────────────────────────────────────────────────────────────

/// The most units a side of a game has (the lists' own limit).
pub const MAX_UNITS: usize = list_doc::MAX_UNITS;
/// The most turns a game counts, and the most figures a mark loses at once: far above any
/// game (an engine limit).
pub const MAX_TURN: u32 = 1000;
pub const MAX_LOST: u32 = 1000;
/// The most marks a game's log holds (an engine limit: a long game has a few hundred).
pub const MAX_LOG: usize = 20_000;

/// `[game]`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameHeader {
    pub ruleset: String,
    /// Side a's list, relative to the game file.
    pub a: String,
    /// Side b's list.
    pub b: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    pub turn: u32,
}

/// A unit as the game has it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameUnit {
    /// Its label (written for the reader; the list says it).
    #[serde(default)]
    pub label: Option<String>,
    /// Figures (elements, casualties: the ruleset's count) lost.
    pub lost: u32,
    /// Figures left, for units that have a count.
    #[serde(default)]
    pub left: Option<u32>,
    #[serde(default)]
    pub states: Vec<String>,
}

/// A mark of the log.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    pub turn: u32,
    /// `a3`, or `a`/`b` for a side value; absent for a new turn.
    #[serde(default)]
    pub unit: Option<String>,
    #[serde(default)]
    pub lost: Option<u32>,
    /// Figures given back (a mark's correction).
    #[serde(default)]
    pub back: Option<u32>,
    #[serde(default)]
    pub state: Option<String>,
    /// For a state: `true` on, `false` off.
    #[serde(default)]
    pub on: Option<bool>,
    /// For a side value: its id and the value it had before.
    #[serde(default)]
    pub value: Option<String>,
    #[serde(default)]
    pub was: Option<u32>,
    #[serde(default)]
    pub set: Option<u32>,
    /// For a new turn: the states it cleared (`a1:activated`).
    #[serde(default)]
    pub cleared: Vec<String>,
}

/// A whole game file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub game: GameHeader,
    #[serde(default)]
    pub units: std::collections::BTreeMap<String, GameUnit>,
    /// Each side's values: `a = { eighths = 3 }`.
    #[serde(default)]
    pub values: std::collections::BTreeMap<String, std::collections::BTreeMap<String, u32>>,
    #[serde(default)]
    pub log: Vec<Mark>,
}

/// Whether a TOML text is a game file (has a `[game]` table), without parsing it all.
pub fn is_game(text: &str) -> bool {
    text.parse::<DocumentMut>()
        .ok()
        .is_some_and(|d| d.get("game").is_some_and(Item::is_table_like))
}

/// A side of a game: `a` or `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    A,
    B,
}

impl Side {
    pub fn letter(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
}

/// A unit's name in a game: `a3`.
pub fn unit_key(side: Side, number: usize) -> String {
    format!("{}{number}", side.letter())
}

/// Reads `a3`, `B12`: a side and a 1-based number.
pub fn parse_key(text: &str) -> Option<(Side, usize)> {
    let mut chars = text.chars();
    let side = match chars.next()?.to_ascii_lowercase() {
        'a' => Side::A,
        'b' => Side::B,
        _ => return None,
    };
    let rest = chars.as_str();
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    Some((side, rest.parse().ok()?))
}

/// A game read with its two lists: what the commands and pages show and preview.
pub struct Game {
    pub path: PathBuf,
    pub file: GameFile,
    pub a: ListCheck,
    pub b: ListCheck,
    /// The lists' paths as the user would name them (the game's folder joined).
    pub a_path: PathBuf,
    pub b_path: PathBuf,
}

impl Game {
    pub fn list(&self, side: Side) -> &ListCheck {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// The unit a name (`a3`, or a label of either list) designates, with its side and number.
    pub fn find(&self, name: &str) -> Result<(Side, usize), Error> {
        if let Some((side, n)) = parse_key(name) {
            let count = self.list(side).units.len();
            if n <= count {
                return Ok((side, n));
            }
            return Err(Error::Usage(format!(
                "`{name}`: side {} has {count} unit{}, {}",
                side.letter(),
                if count == 1 { "" } else { "s" },
                self.names()
            )));
        }
        let mut found = Vec::new();
        for side in [Side::A, Side::B] {
            for (i, u) in self.list(side).units.iter().enumerate() {
                if u.label == name {
                    found.push((side, i + 1));
                }
            }
        }
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(Error::Usage(format!(
                "`{}` is not a unit of this game: {}",
                name.escape_debug(),
                self.names()
            ))),
            many => Err(Error::Usage(format!(
                "`{}` is the label of {}: name one by its key",
                name.escape_debug(),
                many.iter()
                    .map(|(s, n)| unit_key(*s, *n))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ))),
        }
    }

    /// "units are a1 … a3 (Sharpe's patrol) and b1 … b3 (…), or their labels".
    pub fn names(&self) -> String {
        let side = |s: Side| {
            let n = self.list(s).units.len();
            let l = s.letter();
            match n {
                0 => format!("side {l} has none"),
                1 => format!("{l}1 ({})", self.list(s).name),
                _ => format!("{l}1 … {l}{n} ({})", self.list(s).name),
            }
        };
        format!(
            "units are {} and {}, or their labels",
            side(Side::A),
            side(Side::B)
        )
    }

    /// The unit as the game has it now.
    pub fn unit(&self, side: Side, number: usize) -> GameUnit {
        self.file
            .units
            .get(&unit_key(side, number))
            .cloned()
            .unwrap_or(GameUnit {
                label: None,
                lost: 0,
                left: None,
                states: Vec::new(),
            })
    }

    /// The thresholds of unit `number` of `side` its ruleset knows a value for, with whether
    /// its losses reach them.
    pub fn thresholds<'r>(
        &self,
        engine: &dyn super::Engine,
        rules: &'r GameRules,
        side: Side,
        number: usize,
    ) -> Vec<Reached<'r>> {
        let Some(row) = self.list(side).units.get(number.wrapping_sub(1)) else {
            return Vec::new();
        };
        let lost = self.unit(side, number).lost;
        rules
            .threshold
            .iter()
            .filter_map(|t| {
                engine.unit_value(&row.id, &t.value).map(|at| Reached {
                    id: &t.id,
                    at,
                    reached: lost >= at,
                })
            })
            .collect()
    }
}

// ── edits ──────────────────────────────────────────────────────────────────────────────────

/// A new game's document: the header, every unit of both lists with nothing lost.
pub fn new_game(
    ruleset: &str,
    a: (&str, &ListCheck),
    b: (&str, &ListCheck),
    scenario: Option<&str>,
    rules: &GameRules,
) -> DocumentMut {
    let mut doc = DocumentMut::new();
    let mut header = Table::new();
    header["ruleset"] = value(ruleset);
    header["a"] = value(a.0);
    header["b"] = value(b.0);
    if let Some(s) = scenario {
        header["scenario"] = value(s);
    }
    header["turn"] = value(1);
    doc["game"] = Item::Table(header);
    let mut units = Table::new();
    for (side, list) in [(Side::A, a.1), (Side::B, b.1)] {
        for (i, u) in list.units.iter().enumerate() {
            let mut t = InlineTable::new();
            t.insert(
                "label",
                crate::core::text::one_line(&u.label).as_ref().into(),
            );
            t.insert("lost", 0.into());
            if let Some(f) = u.figures {
                t.insert("left", f.into());
            }
            t.insert("states", Value::Array(Array::new()));
            units.insert(&unit_key(side, i + 1), Item::Value(Value::InlineTable(t)));
        }
    }
    doc["units"] = Item::Table(units);
    if !rules.value.is_empty() {
        let mut values = Table::new();
        for side in [Side::A, Side::B] {
            let mut t = InlineTable::new();
            for v in &rules.value {
                t.insert(&v.id, 0.into());
            }
            values.insert(side.letter(), Item::Value(Value::InlineTable(t)));
        }
        doc["values"] = Item::Table(values);
    }
    doc
}

/// What a mark asks for.
#[derive(Debug, Clone)]
pub enum Change {
    /// Figures lost (positive) or given back (negative).
    Lost(i64),
    State {
        id: String,
        on: bool,
    },
    Value {
        id: String,
        set: u32,
    },
    Turn,
}

/// Makes `change` to unit `key` (or side `key` for a value) of a game document, and logs it.
pub fn mark(
    doc: &mut DocumentMut,
    game: &Game,
    rules: &GameRules,
    key: &str,
    change: &Change,
) -> Result<String, Error> {
    let turn = game.file.game.turn;
    if game.file.log.len() >= MAX_LOG {
        return Err(Error::Usage(format!(
            "the game's log has {} marks, the most a game keeps (an engine limit)",
            game.file.log.len()
        )));
    }
    let mut entry = Table::new();
    entry["turn"] = value(i64::from(turn));
    let said = match change {
        Change::Turn => {
            if turn >= MAX_TURN {
                return Err(Error::Usage(format!(
                    "turn {turn}: a game counts at most {MAX_TURN} turns (an engine limit)"
                )));
            }
            let mut cleared = Array::new();
            for (k, u) in &game.file.units {
                for s in &u.states {
                    if rules.state(s).is_some_and(|d| d.ends_with_turn) {
                        cleared.push(format!("{k}:{s}"));
                    }
                }
            }
            for c in cleared.iter().filter_map(|v| v.as_str()) {
                let (k, s) = c.split_once(':').unwrap_or((c, ""));
                set_states(doc, k, |states| states.retain(|x| x != s))?;
            }
            doc["game"]["turn"] = value(i64::from(turn + 1));
            let n = cleared.len();
            if n > 0 {
                entry["cleared"] = value(cleared);
            }
            format!(
                "turn {}{}",
                turn + 1,
                if n == 0 {
                    String::new()
                } else {
                    format!(
                        " ({n} state{} of the last turn cleared)",
                        if n == 1 { "" } else { "s" }
                    )
                }
            )
        }
        Change::Value { id, set } => {
            let side = match key {
                "a" | "A" => Side::A,
                "b" | "B" => Side::B,
                _ => {
                    return Err(Error::Usage(format!(
                        "--value is a side's: name the side a or b, found `{}`",
                        key.escape_debug()
                    )))
                }
            };
            if rules.value.is_empty() {
                return Err(Error::Usage(format!(
                    "--value {id}={set}: {} games keep no side values",
                    game.a.ruleset.title()
                )));
            }
            let decl = rules.value.iter().find(|v| v.id == *id).ok_or_else(|| {
                crate::core::error::unknown(
                    "side value",
                    id,
                    rules.value.iter().map(|v| v.id.as_str()),
                )
            })?;
            if *set > decl.max {
                return Err(Error::Usage(format!(
                    "--value {id}={set}: from 0 to {} ({})",
                    decl.max, decl.rule
                )));
            }
            let was = game
                .file
                .values
                .get(side.letter())
                .and_then(|v| v.get(id))
                .copied()
                .unwrap_or(0);
            let values = doc
                .get_mut("values")
                .and_then(Item::as_table_like_mut)
                .and_then(|t| t.get_mut(side.letter()))
                .and_then(Item::as_table_like_mut)
                .ok_or_else(|| Error::Usage("the game has no [values] for its sides".into()))?;
            set_int(values, id, i64::from(*set));
            entry["unit"] = value(side.letter());
            entry["value"] = value(id.as_str());
            entry["was"] = value(i64::from(was));
            entry["set"] = value(i64::from(*set));
            format!("side {}: {id} {was} → {set}", side.letter())
        }
        Change::Lost(n) => {
            let (side, number) = game.find(key)?;
            let k = unit_key(side, number);
            let unit = game.unit(side, number);
            let row = &game.list(side).units[number - 1];
            let magnitude = u32::try_from(n.unsigned_abs()).unwrap_or(u32::MAX);
            if magnitude == 0 || magnitude > MAX_LOST {
                return Err(Error::Usage(format!(
                    "--lost {n}: from 1 to {MAX_LOST} (--back gives figures back)"
                )));
            }
            let lost = if *n > 0 {
                let now = unit.lost.saturating_add(magnitude);
                if let Some(f) = row.figures.and_then(|f| u32::try_from(f).ok()) {
                    if now > f {
                        return Err(Error::Usage(format!(
                            "{k} ({}) has {} left: it cannot lose {magnitude}",
                            row.label,
                            f - unit.lost.min(f)
                        )));
                    }
                }
                now
            } else {
                if magnitude > unit.lost {
                    return Err(Error::Usage(format!(
                        "{k} ({}) has lost {}: it cannot get {magnitude} back",
                        row.label, unit.lost
                    )));
                }
                unit.lost - magnitude
            };
            let t = unit_table_mut(doc, &k)?;
            set_int(t, "lost", i64::from(lost));
            if let Some(f) = row.figures {
                set_int(t, "left", (f - i64::from(lost)).max(0));
            }
            entry["unit"] = value(k.as_str());
            if *n > 0 {
                entry["lost"] = value(i64::from(magnitude));
            } else {
                entry["back"] = value(i64::from(magnitude));
            }
            match row.figures {
                Some(f) => format!(
                    "{k} ({}): {} lost, {} left",
                    row.label,
                    lost,
                    (f - i64::from(lost)).max(0)
                ),
                None => format!("{k} ({}): {lost} lost", row.label),
            }
        }
        Change::State { id, on } => {
            let (side, number) = game.find(key)?;
            let k = unit_key(side, number);
            if let Some(t) = rules.threshold.iter().find(|t| t.id == *id) {
                return Err(Error::Usage(format!(
                    "`{id}` is not marked: a unit is {id} once its losses reach its {} ({}); mark its losses",
                    t.value, t.rule
                )));
            }
            let decl = rules.state(id).ok_or_else(|| {
                crate::core::error::unknown("state", id, rules.state.iter().map(|s| s.id.as_str()))
            })?;
            let unit = game.unit(side, number);
            let has = unit.states.iter().any(|s| s == id);
            if has == *on {
                return Err(Error::Usage(format!(
                    "{k} ({}) is {} {}",
                    game.list(side).units[number - 1].label,
                    if *on { "already" } else { "not" },
                    decl.id
                )));
            }
            let order: Vec<&str> = rules.state.iter().map(|s| s.id.as_str()).collect();
            set_states(doc, &k, |states| {
                if *on {
                    states.push(id.clone());
                    // The declared order: the same file for the same states, whatever the
                    // order they were marked in (so that undo gives the file back).
                    states.sort_by_key(|s| order.iter().position(|o| o == s).unwrap_or(usize::MAX));
                } else {
                    states.retain(|s| s != id);
                }
            })?;
            entry["unit"] = value(k.as_str());
            entry["state"] = value(id.as_str());
            entry["on"] = value(*on);
            format!(
                "{k} ({}): {} {} ({})",
                game.list(side).units[number - 1].label,
                decl.id,
                if *on { "on" } else { "off" },
                decl.rule
            )
        }
    };
    push_log(doc, entry);
    Ok(said)
}

/// Undoes the last mark of a game document; says what it undid.
pub fn undo(doc: &mut DocumentMut, game: &Game, rules: &GameRules) -> Result<String, Error> {
    let order: Vec<&str> = rules.state.iter().map(|s| s.id.as_str()).collect();
    let in_order = |states: &mut Vec<String>| {
        states.sort_by_key(|s| order.iter().position(|o| o == s).unwrap_or(usize::MAX));
    };
    let Some(last) = game.file.log.last() else {
        return Err(Error::Usage(
            "nothing to undo: the game's log is empty".into(),
        ));
    };
    let said;
    if let Some(id) = &last.value {
        let side = last.unit.as_deref().unwrap_or("a");
        let values = doc
            .get_mut("values")
            .and_then(Item::as_table_like_mut)
            .and_then(|t| t.get_mut(side))
            .and_then(Item::as_table_like_mut)
            .ok_or_else(|| Error::Usage("the game has no [values] for its sides".into()))?;
        set_int(values, id, i64::from(last.was.unwrap_or(0)));
        said = format!(
            "undid side {side}'s {id} (back to {})",
            last.was.unwrap_or(0)
        );
    } else if let Some(k) = &last.unit {
        let (side, number) = parse_key(k)
            .ok_or_else(|| Error::Usage(format!("the last mark names no unit: `{k}`")))?;
        let unit = game.unit(side, number);
        let row = game.list(side).units.get(number - 1).ok_or_else(|| {
            Error::Usage(format!(
                "the last mark's unit {k} is not in its list any more"
            ))
        })?;
        if let Some(n) = last.lost.or(last.back) {
            let lost = if last.lost.is_some() {
                unit.lost.saturating_sub(n)
            } else {
                unit.lost + n
            };
            let t = unit_table_mut(doc, k)?;
            set_int(t, "lost", i64::from(lost));
            if let Some(f) = row.figures {
                set_int(t, "left", (f - i64::from(lost)).max(0));
            }
            said = format!(
                "undid {k}'s {} {n}",
                if last.lost.is_some() { "lost" } else { "back" }
            );
        } else if let (Some(s), Some(on)) = (&last.state, last.on) {
            set_states(doc, k, |states| {
                if on {
                    states.retain(|x| x != s);
                } else {
                    states.push(s.clone());
                    in_order(states);
                }
            })?;
            said = format!("undid {k}'s {s} {}", if on { "on" } else { "off" });
        } else {
            return Err(Error::Usage("the last mark says nothing to undo".into()));
        }
    } else {
        // A new turn: the turn back, the states it cleared back.
        for c in &last.cleared {
            let (k, s) = c.split_once(':').unwrap_or((c, ""));
            set_states(doc, k, |states| {
                states.push(s.to_owned());
                in_order(states);
            })?;
        }
        doc["game"]["turn"] = value(i64::from(game.file.game.turn.saturating_sub(1).max(1)));
        said = format!("undid turn {}", game.file.game.turn);
    }
    pop_log(doc)?;
    Ok(said)
}

fn unit_table_mut<'a>(
    doc: &'a mut DocumentMut,
    key: &str,
) -> Result<&'a mut dyn toml_edit::TableLike, Error> {
    doc.get_mut("units")
        .and_then(Item::as_table_like_mut)
        .and_then(|t| t.get_mut(key))
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| Error::Usage(format!("the game file has no unit {key} under [units]")))
}

/// Sets an integer keeping the key's decor and a comment after its value.
fn set_int(table: &mut dyn toml_edit::TableLike, key: &str, n: i64) {
    match table.get_mut(key) {
        Some(item) => {
            if let Some(v) = item.as_value_mut() {
                let decor = v.decor().clone();
                *v = Value::from(n);
                *v.decor_mut() = decor;
            } else {
                *item = value(n);
            }
        }
        None => {
            table.insert(key, value(n));
        }
    }
}

/// Changes a unit's states list in place (its decor kept).
fn set_states(
    doc: &mut DocumentMut,
    key: &str,
    change: impl FnOnce(&mut Vec<String>),
) -> Result<(), Error> {
    let t = unit_table_mut(doc, key)?;
    let mut states: Vec<String> = t
        .get("states")
        .and_then(Item::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    change(&mut states);
    let decor = t
        .get("states")
        .and_then(Item::as_value)
        .map(|v| v.decor().clone());
    let mut array: Array = states.iter().map(String::as_str).collect();
    if let Some(d) = decor {
        *array.decor_mut() = d;
    }
    match t.get_mut("states") {
        Some(item) => *item = Item::Value(Value::Array(array)),
        None => {
            t.insert("states", Item::Value(Value::Array(array)));
        }
    }
    Ok(())
}

fn push_log(doc: &mut DocumentMut, entry: Table) {
    match doc.get_mut("log") {
        Some(Item::ArrayOfTables(a)) => a.push(entry),
        _ => {
            let mut a = toml_edit::ArrayOfTables::new();
            a.push(entry);
            doc["log"] = Item::ArrayOfTables(a);
        }
    }
}

fn pop_log(doc: &mut DocumentMut) -> Result<(), Error> {
    let Some(Item::ArrayOfTables(a)) = doc.get_mut("log") else {
        return Err(Error::Usage("the game has no log".into()));
    };
    let n = a.len();
    if n == 0 {
        return Err(Error::Usage(
            "nothing to undo: the game's log is empty".into(),
        ));
    }
    a.remove(n - 1);
    if a.is_empty() {
        doc.remove("log");
    }
    Ok(())
}

/// The list paths of a game, resolved from its folder.
pub fn list_paths(game_path: &Path, header: &GameHeader) -> (PathBuf, PathBuf) {
    let base = game_path.parent().unwrap_or(Path::new(""));
    (base.join(&header.a), base.join(&header.b))
}

// ── reading a game ─────────────────────────────────────────────────────────────────────────

/// Whether the file at `path` is a game file (read as text; a file that cannot be read is not).
pub fn file_is_game(path: &Path) -> bool {
    std::fs::metadata(path)
        .is_ok_and(|m| m.is_file() && m.len() <= crate::core::source::MAX_INPUT_BYTES)
        && std::fs::read_to_string(path).is_ok_and(|t| is_game(&t))
}

/// Reads a game file and its two lists (checked by `engine`, whose ruleset the game must be).
pub fn read_game(engine: &dyn super::Engine, path: &Path) -> Result<Game, Error> {
    let mut sources = crate::core::source::Sources::new();
    let id = sources.read(path)?;
    let spans = crate::core::source::SpanIndex::of(&sources, id);
    let file: GameFile = crate::core::toml_file::parse(&sources, id, &spans).map_err(|d| {
        crate::core::diagnostic::print_all(&[d], &sources);
        Error::Usage(format!("{} is not a game file", path.display()))
    })?;
    let ruleset = engine.ruleset();
    if file.game.ruleset != ruleset.id() {
        return Err(Error::Usage(format!(
            "{} is a game of `{}`, not of {}",
            path.display(),
            file.game.ruleset.escape_debug(),
            ruleset.title()
        )));
    }
    let (a_path, b_path) = list_paths(path, &file.game);
    let a = super::procedure::read_list(engine, &a_path)?;
    let b = super::procedure::read_list(engine, &b_path)?;
    Ok(Game {
        path: path.to_path_buf(),
        file,
        a,
        b,
        a_path,
        b_path,
    })
}

/// The unit of a game a preview names (`GAME:a3`, `GAME:LABEL`), as it stands: its count
/// lowered by its losses, what it bought set aside in a state that drops it.
pub fn unit_of_game(
    engine: &dyn super::Engine,
    game: &Game,
    which: &super::procedure::Selector,
) -> Result<super::procedure::ListedUnit, Error> {
    use super::procedure::Selector;
    let name = match which {
        Selector::Label(l) => l.clone(),
        Selector::Number(n) => {
            return Err(Error::Usage(format!(
                "{}:{n}: a unit of a game is named by its side and number (a{n}, b{n}) or its label; {}",
                game.path.display(),
                game.names()
            )))
        }
    };
    let (side, number) = game.find(&name)?;
    let state = game.unit(side, number);
    let mut row = game.list(side).units[number - 1].clone();
    if let Some(f) = row.figures {
        let left = (f - i64::from(state.lost)).max(0);
        row.figures = Some(left);
        // The count under the list's own key (figures, elements).
        if let Some(o) = row.json.as_object_mut() {
            for key in ["figures", "elements"] {
                if o.contains_key(key) {
                    o.insert(key.into(), serde_json::json!(left));
                }
            }
        }
    }
    let rules = engine.game_rules();
    let drops = state.states.iter().any(|s| {
        rules
            .and_then(|r| r.state(s))
            .is_some_and(|d| d.drops_extras)
    });
    if drops {
        row.extras.clear();
        if let Some(o) = row.json.as_object_mut() {
            if o.contains_key("skills") {
                o.insert("skills".into(), serde_json::json!([]));
            }
        }
    }
    Ok(super::procedure::ListedUnit {
        path: game.path.display().to_string(),
        number,
        row,
        game: Some(super::procedure::GameUnitRef {
            key: unit_key(side, number),
            lost: state.lost,
            states: state.states,
        }),
    })
}

/// What the states of a request's game units do: a state that bars a unit from its part is
/// refused with its rule; a state's parameters and the losses' parameters are given (unless
/// the request gives them itself).
pub fn apply_states(
    rules: &GameRules,
    request: &mut super::procedure::Request,
) -> Result<(), Error> {
    use super::procedure::{Kind, UnitRef, Value};
    let procedure = request.procedure;
    let mut sets: Vec<(&'static str, Value)> = Vec::new();
    for p in procedure.params {
        if !matches!(p.kind, Kind::Unit { .. }) {
            continue;
        }
        let Some(UnitRef::Listed(l)) = request.unit(p.name) else {
            continue;
        };
        let Some(g) = &l.game else {
            continue;
        };
        for s in &g.states {
            let Some(decl) = rules.state(s) else { continue };
            if decl
                .forbids
                .iter()
                .any(|f| f.procedure == procedure.name && f.unit == p.name)
            {
                return Err(Error::Usage(format!(
                    "{} ({}) is {} ({}){}: it cannot be the --{} of `muster preview {}`",
                    g.key,
                    l.row.label,
                    decl.name.en.to_lowercase(),
                    decl.rule,
                    decl.why
                        .as_ref()
                        .map(|w| format!(": {}", w.en))
                        .unwrap_or_default(),
                    p.name,
                    procedure.name
                )));
            }
            for x in decl
                .sets
                .iter()
                .filter(|x| x.procedure == procedure.name && x.unit == p.name)
            {
                if let Some(param) = procedure.param(&x.param) {
                    let v = match &x.value {
                        Some(v) => param.parse(v).map_err(|e| {
                            Error::Usage(format!("game.toml, state {}: {e}", decl.id))
                        })?,
                        None => Value::Flag,
                    };
                    sets.push((param.name, v));
                }
            }
        }
        if g.lost > 0 {
            for lp in rules
                .lost_param
                .iter()
                .filter(|x| x.procedure == procedure.name && x.unit == p.name)
            {
                if let Some(param) = procedure.param(&lp.param) {
                    sets.push((param.name, Value::Int(i64::from(g.lost))));
                }
            }
        }
    }
    for (name, v) in sets {
        if !request.given(name) {
            request.set(name, v)?;
        }
    }
    Ok(())
}

// ── a game's result ────────────────────────────────────────────────────────────────────────

/// Each side's losses (a ruleset without victory rules): figures lost, and the points they
/// were worth — a unit's cost shared among its figures (muster's reading, said in the output).
pub fn losses(game: &Game, _lang: Lang) -> Result<super::Scored, Error> {
    let mut sides = Vec::new();
    let mut text = format!(
        "{} against {} — after turn {}\n",
        crate::core::text::one_line(&game.a.name),
        crate::core::text::one_line(&game.b.name),
        game.file.game.turn
    );
    for side in [Side::A, Side::B] {
        let list = game.list(side);
        let mut rows = Vec::new();
        let mut figures = 0u64;
        let mut points = 0u64;
        let mut units = Vec::new();
        for (i, u) in list.units.iter().enumerate() {
            let s = game.unit(side, i + 1);
            if s.lost == 0 && s.states.is_empty() {
                continue;
            }
            let worth = match u.figures {
                Some(f) if f > 0 => {
                    u.cost.saturating_mul(u64::from(s.lost).min(f as u64)) / f as u64
                }
                _ => 0,
            };
            figures += u64::from(s.lost);
            points += worth;
            rows.push(vec![
                unit_key(side, i + 1),
                crate::core::text::one_line(&u.label).into_owned(),
                s.lost.to_string(),
                worth.to_string(),
                s.states.join(", "),
            ]);
            units.push(serde_json::json!({
                "key": unit_key(side, i + 1), "label": u.label, "lost": s.lost,
                "points": worth, "states": s.states,
            }));
        }
        text.push_str(&format!(
            "\nside {}: {} — {figures} lost, worth {points} points\n",
            side.letter(),
            crate::core::text::one_line(&list.name)
        ));
        if !rows.is_empty() {
            text.push_str(&crate::core::table::text_table(
                &["", "unit", "lost", "points", "states"],
                &rows,
            ));
        }
        sides.push(serde_json::json!({
            "side": side.letter(), "name": list.name, "lost": figures, "points": points, "units": units,
        }));
    }
    text.push_str(&format!(
        "\n{} has no victory rules muster knows: these are the losses. A unit's points lost are its cost shared among its figures (muster's reading).\n",
        game.a.ruleset.title()
    ));
    Ok(super::Scored {
        json: serde_json::json!({ "ruleset": game.a.ruleset.id(), "turn": game.file.game.turn, "sides": sides }),
        text,
    })
}
