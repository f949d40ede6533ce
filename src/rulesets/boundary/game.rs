//! The game companion: a game between two lists, played at the table and kept in a plain TOML
//! file (`games/NAME.toml`): each unit's losses and states, the side values a ruleset scores
//! (eighths of the table held, flags taken), the turn, and a log of every mark so that any of them
//! can be undone. What a ruleset tracks is declared in its data (`unit-sheets/<id>/game.toml`,
//! [`GameRules`]): its states with their rules and what they do to the previews, its side
//! values, and how losses reach the previews where a count does not (a casualties parameter).
//!
//! The lists are only read, once: a game keeps both armies as they stood when it began
//! (`[army]`, each list's text whole, and each unit's cost in `[units]`), so that editing or
//! deleting a list, or a change of the data's prices, never changes a game under way; the
//! list files are named for reference only, and `game show` says when one has changed since.
//! A game file written before armies were kept follows its lists until its next mark, which
//! keeps them. A unit of a game is named `a3` (side a, its third unit) or by its label;
//! previews take it as `GAME:a3` with its figures left and its states.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml_edit::{value, Array, DocumentMut, InlineTable, Item, Table, Value};

use super::list_doc;
use super::ListCheck;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::words::{Named, Phrase};

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
/// The most a unit of a game may cost: as much as a list's record of it ([`super::record::MAX_COST`]).
pub const MAX_COST: u64 = super::record::MAX_COST;
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
    /// Its label (written for the reader; the army says it).
    #[serde(default)]
    pub label: Option<String>,
    /// Its cost in points when the game began: what the game scores, whatever the data say
    /// later.
    #[serde(default)]
    pub cost: Option<u64>,
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
    /// Both armies as they stood when the game began.
    #[serde(default)]
    pub army: Option<Armies>,
}

/// `[army]`: each side's list file, whole, as it was when the game began.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Armies {
    pub a: String,
    pub b: String,
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

/// A game read with its two armies: what the commands and pages show and preview.
pub struct Game {
    pub path: PathBuf,
    pub file: GameFile,
    /// Each side's army: the list kept in the game (or, for a game written before armies were
    /// kept, the list file as it is now), checked with its units priced as the game began.
    pub a: ListCheck,
    pub b: ListCheck,
    /// The lists' paths as the user would name them (the game's folder joined, `..` worked out).
    pub a_path: PathBuf,
    pub b_path: PathBuf,
    /// Each army's text, as the game keeps it.
    pub texts: [String; 2],
    /// Whether the game file keeps its armies (`[army]`); if not, its next mark keeps them.
    pub kept: bool,
    /// Each side's units' counts (the figures a game counts: [`Engine::game_count`]).
    counts: [Vec<Option<i64>>; 2],
    /// What changed since the game began.
    pub notes: Vec<Note>,
}

/// Something that changed since a game began, which the game does not follow.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Note {
    /// A side's list file was edited since.
    ListChanged { side: Side, list: PathBuf },
    /// A side's list file is gone.
    ListGone { side: Side, list: PathBuf },
    /// A side's list file is there, but is no list of the game's ruleset muster can read now.
    ListUnreadable { side: Side, list: PathBuf },
    /// The data price a unit otherwise now.
    Repriced {
        key: String,
        label: String,
        now: u64,
        kept: u64,
    },
}

impl Note {
    /// The note in words, for the command line.
    pub fn words(&self) -> String {
        match self {
            Note::ListChanged { list, .. } => format!(
                "{} changed since the game began: the game keeps the army as it was",
                list.display()
            ),
            Note::ListGone { list, .. } => format!(
                "{} is gone: the game keeps the army as it was when it began",
                list.display()
            ),
            Note::ListUnreadable { list, .. } => format!(
                "{} is no list of this game's rules muster can read now: the game keeps the army as it was when it began",
                list.display()
            ),
            Note::Repriced {
                key,
                label,
                now,
                kept,
            } => format!(
                "{key} {}: the data price it {now} points now; the game keeps {kept}",
                crate::core::text::one_line(label)
            ),
        }
    }
}

impl Game {
    /// Both armies' units named in `lang` ([`ListCheck::in_lang`]).
    pub fn in_lang(&mut self, lang: Lang) {
        self.a.in_lang(lang);
        self.b.in_lang(lang);
    }

    pub fn list(&self, side: Side) -> &ListCheck {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// The figures unit `number` of `side` counts in the game (its card's boxes), if it has a
    /// count.
    pub fn count(&self, side: Side, number: usize) -> Option<i64> {
        let i = usize::from(side == Side::B);
        self.counts[i]
            .get(number.wrapping_sub(1))
            .copied()
            .flatten()
    }

    /// Figures left of unit `number` of `side`, if it has a count.
    pub fn left(&self, side: Side, number: usize) -> Option<i64> {
        self.count(side, number).map(|c| {
            c.saturating_sub(i64::from(self.unit(side, number).lost))
                .max(0)
        })
    }

    /// The most a unit without a count may have lost: the smallest bound of the preview
    /// parameters its losses reach (so that every preview of it can still be made), else
    /// [`MAX_LOST`].
    pub fn lost_limit(&self, rules: &GameRules) -> u32 {
        let ruleset = self.a.ruleset;
        rules
            .lost_param
            .iter()
            .filter_map(|lp| {
                let p = ruleset.procedure(&lp.procedure)?.param(&lp.param)?;
                match p.kind {
                    super::procedure::Kind::Int { max, .. } => u32::try_from(max).ok(),
                    _ => None,
                }
            })
            .min()
            .unwrap_or(MAX_LOST)
            .min(MAX_LOST)
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
        if found.is_empty() {
            // Case and accents aside; a unit the data name, by its name in any language.
            use crate::core::names::fold;
            let folded = fold(name);
            for side in [Side::A, Side::B] {
                for (i, u) in self.list(side).units.iter().enumerate() {
                    if fold(&u.label) == folded
                        || !u.own_label && u.names.iter().any(|(_, n)| fold(n) == folded)
                    {
                        found.push((side, i + 1));
                    }
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
                cost: None,
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

/// A side's army as a new game takes it: the list file as the game names it (from the game's
/// folder), its text and its check.
pub struct Begin<'a> {
    pub path: &'a str,
    pub text: &'a str,
    pub list: &'a ListCheck,
}

/// A new game's document: the header, every unit of both armies with nothing lost and its
/// cost, and both armies kept whole (`[army]`).
pub fn new_game(
    engine: &dyn super::Engine,
    a: Begin,
    b: Begin,
    scenario: Option<&str>,
) -> Result<DocumentMut, Error> {
    for (side, list) in [(Side::A, a.list), (Side::B, b.list)] {
        if let Some((i, u)) = list
            .units
            .iter()
            .enumerate()
            .find(|(_, u)| u.cost > MAX_COST)
        {
            return Err(Error::Usage(format!(
                "side {}'s unit {} ({}) costs {} points: a game keeps units of at most {MAX_COST}",
                side.letter(),
                i + 1,
                crate::core::text::one_line(&u.label),
                u.cost
            )));
        }
    }
    let rules = engine.game_rules().cloned().unwrap_or_default();
    let mut doc = DocumentMut::new();
    let mut header = Table::new();
    header["ruleset"] = value(engine.ruleset().id());
    header["a"] = value(a.path);
    header["b"] = value(b.path);
    if let Some(s) = scenario {
        header["scenario"] = value(s);
    }
    header["turn"] = value(1);
    doc["game"] = Item::Table(header);
    let mut units = Table::new();
    for (side, list) in [(Side::A, a.list), (Side::B, b.list)] {
        for (i, u) in list.units.iter().enumerate() {
            let mut t = InlineTable::new();
            t.insert(
                "label",
                crate::core::text::one_line(&u.label).as_ref().into(),
            );
            t.insert("lost", 0.into());
            if let Some(f) = engine.game_count(u) {
                t.insert("left", f.into());
            }
            t.insert("states", Value::Array(Array::new()));
            t.insert("cost", i64::try_from(u.cost).unwrap_or(i64::MAX).into());
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
    keep_armies(&mut doc, [a.text, b.text]);
    Ok(doc)
}

/// Writes both armies into a game document (`[army]`, at its end), with a word for the reader.
fn keep_armies(doc: &mut DocumentMut, texts: [&str; 2]) {
    let mut army = Table::new();
    army.decor_mut().set_prefix(
        "\n# The armies as they stood when the game began: the game plays these, whatever becomes\n# of the list files [game] names.\n",
    );
    for (side, text) in [Side::A, Side::B].into_iter().zip(texts) {
        let mut text = text.trim_start_matches('\u{feff}').replace("\r\n", "\n");
        if !text.ends_with('\n') {
            text.push('\n');
        }
        army[side.letter()] = value(text);
    }
    // Kept after the log, so that marks appended to the log stay above it.
    army.set_position(usize::MAX);
    doc["army"] = Item::Table(army);
}

/// Keeps the armies of a game written before games kept them (its next mark does): the lists
/// as read now, each unit's cost.
fn upgrade(doc: &mut DocumentMut, game: &Game) -> Result<(), Error> {
    for side in [Side::A, Side::B] {
        for (i, u) in game.list(side).units.iter().enumerate() {
            let k = unit_key(side, i + 1);
            if let Ok(t) = unit_table_mut(doc, &k) {
                if t.get("cost").is_none() {
                    t.insert("cost", value(i64::try_from(u.cost).unwrap_or(i64::MAX)));
                }
                if let Some(c) = game.count(side, i + 1) {
                    let lost = game.unit(side, i + 1).lost;
                    set_int(t, "left", c.saturating_sub(i64::from(lost)).max(0));
                }
            }
        }
    }
    keep_armies(doc, [&game.texts[0], &game.texts[1]]);
    Ok(())
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
            doc["game"]["turn"] = value(i64::from(turn.saturating_add(1)));
            let n = cleared.len();
            if n > 0 {
                entry["cleared"] = value(cleared);
            }
            format!(
                "turn {}{}",
                turn.saturating_add(1),
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
            let count = game.count(side, number);
            let magnitude = u32::try_from(n.unsigned_abs()).unwrap_or(u32::MAX);
            if magnitude == 0 || magnitude > MAX_LOST {
                return Err(Error::Usage(format!(
                    "--lost {n}: from 1 to {MAX_LOST} (--back gives figures back)"
                )));
            }
            let lost = if *n > 0 {
                let now = unit.lost.saturating_add(magnitude);
                match count.and_then(|f| u32::try_from(f.max(0)).ok()) {
                    Some(f) if now > f => {
                        return Err(Error::Usage(format!(
                            "{k} ({}) has {} left: it cannot lose {magnitude}",
                            row.label,
                            f - unit.lost.min(f)
                        )));
                    }
                    Some(_) => {}
                    None => {
                        let most = game.lost_limit(rules);
                        if now > most {
                            return Err(Error::Usage(format!(
                                "{k} ({}) has lost {}: a unit loses at most {most} in a game (the most its previews take)",
                                row.label, unit.lost
                            )));
                        }
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
                unit.lost.saturating_sub(magnitude)
            };
            let t = unit_table_mut(doc, &k)?;
            set_int(t, "lost", i64::from(lost));
            if let Some(f) = count {
                set_int(t, "left", f.saturating_sub(i64::from(lost)).max(0));
            }
            entry["unit"] = value(k.as_str());
            if *n > 0 {
                entry["lost"] = value(i64::from(magnitude));
            } else {
                entry["back"] = value(i64::from(magnitude));
            }
            match count {
                Some(f) => format!(
                    "{k} ({}): {} lost, {} left",
                    row.label,
                    lost,
                    f.saturating_sub(i64::from(lost)).max(0)
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
        if number == 0 || number > game.list(side).units.len() {
            return Err(Error::Usage(format!(
                "the last mark's unit {k} is not in its army"
            )));
        }
        if let Some(n) = last.lost.or(last.back) {
            let lost = if last.lost.is_some() {
                unit.lost.checked_sub(n)
            } else {
                unit.lost.checked_add(n)
            }
            .filter(|l| match game.count(side, number) {
                Some(c) => i64::from(*l) <= c,
                None => *l <= game.lost_limit(rules),
            })
            .ok_or_else(|| {
                Error::Usage(format!(
                    "the last mark ({k} {} {n}) cannot be undone: {k} has lost {}",
                    if last.lost.is_some() { "lost" } else { "back" },
                    unit.lost
                ))
            })?;
            let t = unit_table_mut(doc, k)?;
            set_int(t, "lost", i64::from(lost));
            if let Some(f) = game.count(side, number) {
                set_int(t, "left", f.saturating_sub(i64::from(lost)).max(0));
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

/// The list paths of a game, resolved from its folder (`..` worked out from the text).
pub fn list_paths(game_path: &Path, header: &GameHeader) -> (PathBuf, PathBuf) {
    let base = game_path.parent().unwrap_or(Path::new(""));
    (
        crate::core::paths::lexical(&base.join(&header.a)),
        crate::core::paths::lexical(&base.join(&header.b)),
    )
}

// ── reading a game ─────────────────────────────────────────────────────────────────────────

/// Whether the file at `path` is a game file (read as text; a file that cannot be read is not).
pub fn file_is_game(path: &Path) -> bool {
    std::fs::metadata(path)
        .is_ok_and(|m| m.is_file() && m.len() <= crate::core::source::MAX_INPUT_BYTES)
        && std::fs::read_to_string(path).is_ok_and(|t| is_game(&t))
}

/// Reads a game file with its two armies (checked by `engine`, whose ruleset the game must be).
pub fn read_game(engine: &dyn super::Engine, path: &Path) -> Result<Game, Error> {
    let text = crate::core::source::read_text(path)?;
    game_of_text(engine, path, &text)
}

/// A game from its file's text (`path`: where it is, for its lists and messages).
pub fn game_of_text(engine: &dyn super::Engine, path: &Path, text: &str) -> Result<Game, Error> {
    game_within(engine, path, text, None)
}

/// [`game_of_text`], every file the game's armies name (a career) kept inside `roots` when
/// given (the folders `muster serve` was given).
pub fn game_within(
    engine: &dyn super::Engine,
    path: &Path,
    text: &str,
    roots: Option<&[PathBuf]>,
) -> Result<Game, Error> {
    let mut sources = crate::core::source::Sources::new();
    let id = sources.add(path, text.to_owned());
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
    if let Some(roots) = roots {
        // A game file may name any path: on the web, a list outside the served folders is
        // never read (a game that keeps its armies does not need it).
        for (side, p) in [("a", &a_path), ("b", &b_path)] {
            if file.army.is_none() && !crate::core::paths::within(p, roots) {
                return Err(Error::Usage(format!(
                    "{}: side {side}'s list ({}) is outside the folders muster serve was given, and the game does not keep its army",
                    path.display(),
                    p.file_name().map(|f| f.to_string_lossy()).unwrap_or_default()
                )));
            }
        }
    }
    let kept = file.army.is_some();
    let (a, b, texts) = match &file.army {
        Some(army) => {
            let a = army_of(engine, path, "a", &a_path, &army.a, roots)?;
            let b = army_of(engine, path, "b", &b_path, &army.b, roots)?;
            (a, b, [army.a.clone(), army.b.clone()])
        }
        None => {
            let a_text = list_text(path, &a_path)?;
            let b_text = list_text(path, &b_path)?;
            let a = super::procedure::read_list_within(engine, &a_path, roots)?;
            let b = super::procedure::read_list_within(engine, &b_path, roots)?;
            (a, b, [a_text, b_text])
        }
    };
    let counts = [
        a.units.iter().map(|u| engine.game_count(u)).collect(),
        b.units.iter().map(|u| engine.game_count(u)).collect(),
    ];
    let mut game = Game {
        path: path.to_path_buf(),
        file,
        a,
        b,
        a_path,
        b_path,
        texts,
        kept,
        counts,
        notes: Vec::new(),
    };
    let repriced = game.price_as_begun();
    let rules = engine.game_rules().cloned().unwrap_or_default();
    validate(&game, &rules)?;
    if game.kept {
        game.notes = changes_since(engine, &game, roots);
        game.notes.extend(repriced);
    }
    Ok(game)
}

/// A list file's text, for a game that does not keep its armies yet.
fn list_text(game: &Path, list: &Path) -> Result<String, Error> {
    crate::core::source::read_text(list).map_err(|e| {
        Error::Usage(format!(
            "{}: the game follows {} (it was written before games kept their armies), which cannot be read: {}",
            game.display(),
            list.display(),
            match e {
                Error::Read { source, .. } => source.to_string(),
                other => other.to_string(),
            }
        ))
    })
}

/// Side `side`'s army as the game keeps it, checked with today's data (the list file it came
/// from, `from`, is where a career or other file it names is found).
fn army_of(
    engine: &dyn super::Engine,
    game: &Path,
    side: &str,
    from: &Path,
    text: &str,
    roots: Option<&[PathBuf]>,
) -> Result<ListCheck, Error> {
    let mut sources = crate::core::source::Sources::new();
    if let Some(r) = roots {
        sources.confine(r.to_vec());
    }
    let id = sources.add(from, text.to_owned());
    let refuse = |why: String| {
        Error::Usage(format!(
            "{}: side {side}'s army (kept in the game, from {}) {why}",
            game.display(),
            from.display()
        ))
    };
    match super::peek(&sources, id) {
        Ok(r) if r == engine.ruleset() => {}
        Ok(other) => return Err(refuse(format!("is a list of {}", other.title()))),
        Err(d) => return Err(refuse(format!("is not a list: {}", d.message))),
    }
    engine
        .check_list(&sources, id)
        .map_err(|d| refuse(format!("is not a list muster can read: {}", d.message)))
}

impl Game {
    /// Each unit priced as the game began (its cost kept in `[units]`), whatever the data say
    /// now; says which units the data price otherwise today.
    fn price_as_begun(&mut self) -> Vec<Note> {
        let mut notes = Vec::new();
        for side in [Side::A, Side::B] {
            let kept: Vec<Option<u64>> = (1..=self.list(side).units.len())
                .map(|n| self.unit(side, n).cost)
                .collect();
            let list = match side {
                Side::A => &mut self.a,
                Side::B => &mut self.b,
            };
            for (i, (u, cost)) in list.units.iter_mut().zip(kept).enumerate() {
                if let Some(c) = cost {
                    if c != u.cost {
                        notes.push(Note::Repriced {
                            key: unit_key(side, i + 1),
                            label: u.label.clone(),
                            now: u.cost,
                            kept: c,
                        });
                    }
                    u.cost = c;
                }
            }
        }
        notes
    }
}

/// Refuses a game file whose numbers no mark could have written (a hand edit, a damaged file):
/// units the armies do not have, losses beyond a unit's count, marks beyond their bounds, side
/// values beyond their rule.
fn validate(game: &Game, rules: &GameRules) -> Result<(), Error> {
    let path = game.path.display();
    let turn = game.file.game.turn;
    if !(1..=MAX_TURN).contains(&turn) {
        return Err(Error::Usage(format!(
            "{path}: turn = {turn}: a game counts turns from 1 to {MAX_TURN}"
        )));
    }
    let declared = |s: &str| rules.state(s).is_some();
    for (k, u) in &game.file.units {
        let Some((side, n)) = parse_key(k) else {
            return Err(Error::Usage(format!(
                "{path}: [units] names `{}`, which is not a unit key (a1, b3)",
                k.escape_debug()
            )));
        };
        let count = game.list(side).units.len();
        if n > count && game.kept {
            return Err(Error::Usage(format!(
                "{path}: [units] names {k}, but side {}'s army has {count} unit{}",
                side.letter(),
                if count == 1 { "" } else { "s" }
            )));
        }
        let most = match game.count(side, n) {
            Some(c) => u32::try_from(c.max(0)).unwrap_or(u32::MAX),
            None => game.lost_limit(rules),
        };
        if u.lost > most && n <= count {
            return Err(Error::Usage(format!(
                "{path}: {k} has lost {}, more than the {most} it has",
                u.lost
            )));
        }
        if let (Some(left), Some(c), true) = (u.left, game.count(side, n), game.kept) {
            if i64::from(left) != c.saturating_sub(i64::from(u.lost)) && n <= count {
                return Err(Error::Usage(format!(
                    "{path}: {k} has left = {left}, but it has lost {} of {c}",
                    u.lost
                )));
            }
        }
        if u.cost.is_some_and(|c| c > MAX_COST) {
            return Err(Error::Usage(format!(
                "{path}: {k} has cost = {}: a unit costs at most {MAX_COST} points",
                u.cost.unwrap_or(0)
            )));
        }
        for (i, st) in u.states.iter().enumerate() {
            if !declared(st) {
                return Err(Error::Usage(format!(
                    "{path}: {k} is `{}`, a state this game does not know ({})",
                    st.escape_debug(),
                    rules
                        .state
                        .iter()
                        .map(|s| s.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            if u.states[..i].contains(st) {
                return Err(Error::Usage(format!("{path}: {k} is {st} twice")));
            }
        }
    }
    for (i, m) in game.file.log.iter().enumerate() {
        for (what, n) in [("lost", m.lost), ("back", m.back)] {
            if n.is_some_and(|n| n == 0 || n > MAX_LOST) {
                return Err(Error::Usage(format!(
                    "{path}: mark {} of the log has {what} = {}: from 1 to {MAX_LOST}",
                    i + 1,
                    n.unwrap_or(0)
                )));
            }
        }
        let bad = |why: String| Error::Usage(format!("{path}: mark {} of the log {why}", i + 1));
        if m.lost.is_some() && m.back.is_some() {
            return Err(bad("says both lost and back: a mark says one thing".into()));
        }
        if let Some(st) = &m.state {
            if !declared(st) {
                return Err(bad(format!(
                    "names the state `{}`, which this game does not know",
                    st.escape_debug()
                )));
            }
        }
        if let Some(v) = &m.value {
            if !rules.value.iter().any(|d| d.id == *v) {
                return Err(bad(format!(
                    "names the side value `{}`, which this game does not know",
                    v.escape_debug()
                )));
            }
            if !matches!(m.unit.as_deref(), Some("a" | "b")) {
                return Err(bad("sets a side value without its side (a or b)".into()));
            }
        }
        if let Some(k) = &m.unit {
            match parse_key(k) {
                _ if matches!(k.as_str(), "a" | "b") && m.value.is_some() => {}
                Some((side, n)) if n <= game.list(side).units.len() => {}
                Some((side, _)) => {
                    return Err(bad(format!(
                        "names {k}, but side {}'s army has {} units",
                        side.letter(),
                        game.list(side).units.len()
                    )))
                }
                None => {
                    return Err(bad(format!(
                        "names `{}`, which is not a unit key",
                        k.escape_debug()
                    )))
                }
            }
        }
    }
    for (side, values) in &game.file.values {
        if !matches!(side.as_str(), "a" | "b") {
            return Err(Error::Usage(format!(
                "{path}: [values] names the side `{}`: the sides are a and b",
                side.escape_debug()
            )));
        }
        for (id, v) in values {
            match rules.value.iter().find(|d| d.id == *id) {
                Some(decl) if *v > decl.max => {
                    return Err(Error::Usage(format!(
                        "{path}: side {side}'s {id} is {v}: from 0 to {} ({})",
                        decl.max, decl.rule
                    )));
                }
                Some(_) => {}
                None => {
                    return Err(Error::Usage(format!(
                        "{path}: side {side} has `{}`, a value this game does not keep",
                        id.escape_debug()
                    )))
                }
            }
        }
    }
    Ok(())
}

/// What changed since the game began, in words: a list file edited or gone.
fn changes_since(engine: &dyn super::Engine, game: &Game, roots: Option<&[PathBuf]>) -> Vec<Note> {
    let mut notes = Vec::new();
    for (side, path) in [(Side::A, &game.a_path), (Side::B, &game.b_path)] {
        let kept = game.list(side);
        let list = path.clone();
        if roots.is_some_and(|r| !crate::core::paths::within(path, r)) {
            notes.push(Note::ListGone { side, list });
            continue;
        }
        match quiet_list(engine, path, roots) {
            None if !path.exists() => notes.push(Note::ListGone { side, list }),
            None => notes.push(Note::ListUnreadable { side, list }),
            Some(now) => {
                let same = now.name == kept.name
                    && now.units.len() == kept.units.len()
                    && now.units.iter().zip(&kept.units).all(|(x, y)| {
                        x.id == y.id
                            && x.label == y.label
                            && x.figures == y.figures
                            && x.extras == y.extras
                    });
                if !same {
                    notes.push(Note::ListChanged { side, list });
                }
            }
        }
    }
    notes
}

/// A list file checked without a word on standard error; `None` when it is not a list of the
/// engine's ruleset that can be read.
fn quiet_list(
    engine: &dyn super::Engine,
    path: &Path,
    roots: Option<&[PathBuf]>,
) -> Option<ListCheck> {
    let mut sources = crate::core::source::Sources::new();
    if let Some(r) = roots {
        sources.confine(r.to_vec());
    }
    let id = sources.read(path).ok()?;
    match super::peek(&sources, id) {
        Ok(r) if r == engine.ruleset() => engine.check_list(&sources, id).ok(),
        _ => None,
    }
}

/// One edit of a game file's text (a mark, an undo), as the command line and the pages make
/// it: the game read; kept armies written in if the file does not keep them yet; the change
/// made; and refused when the game it leaves breaks a rule the ruleset's scoring applies (two
/// sides holding more eighths than the table has) that the game before did not break. Gives
/// the new text and what was done, in words.
pub fn edit_text(
    engine: &dyn super::Engine,
    path: &Path,
    text: &str,
    roots: Option<&[PathBuf]>,
    lang: Lang,
    change: impl FnOnce(&mut DocumentMut, &Game, &GameRules) -> Result<String, Error>,
) -> Result<(String, String), Error> {
    let mut game = game_within(engine, path, text, roots)?;
    game.in_lang(lang);
    let rules = engine.game_rules().cloned().unwrap_or_default();
    let mut doc = text
        .trim_start_matches('\u{feff}')
        .parse::<DocumentMut>()
        .map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
    if !game.kept {
        upgrade(&mut doc, &game)?;
    }
    let said = change(&mut doc, &game, &rules)?;
    let new_text = doc.to_string();
    let mut after = game_within(engine, path, &new_text, roots)?;
    after.in_lang(lang);
    let before = engine.game_problems(&game);
    let problems: Vec<String> = engine
        .game_problems(&after)
        .into_iter()
        .filter(|p| !before.contains(p))
        .collect();
    if !problems.is_empty() {
        return Err(Error::Usage(format!("refused: {}", problems.join("; "))));
    }
    Ok((new_text, said))
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
    let key = unit_key(side, number);
    let label = crate::core::text::one_line(&row.label).into_owned();
    if game.left(side, number) == Some(0) {
        return Err(Error::cannot(
            format!("{key} {label} has no figure left: it takes no part in a preview"),
            Phrase::new(
                "no-figure-left",
                "{unit} has no figure left: it takes no part in a preview",
            )
            .text("unit", format!("{key} {label}")),
        ));
    }
    let bought = row.figures;
    if let (Some(f), Some(count)) = (row.figures, game.count(side, number)) {
        // The list's own count (rank and file, without what the card counts on top).
        let above = count.saturating_sub(f).max(0);
        let left = count
            .saturating_sub(i64::from(state.lost))
            .saturating_sub(above)
            .max(0);
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
            key,
            lost: state.lost,
            states: state.states,
            bought,
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
                let cli = format!(
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
                );
                let named = |w: &Words, lower: bool| {
                    let f = |t: &str| {
                        if lower {
                            t.to_lowercase()
                        } else {
                            t.to_owned()
                        }
                    };
                    Named::new(f(&w.en), Some(f(&w.fr)), w.es.as_deref().map(f))
                };
                let said = match &decl.why {
                    Some(why) => Phrase::new("state-bars-why", "{unit} ({state}, {rule}): {why}")
                        .name("why", named(why, false)),
                    None => Phrase::new("state-bars", "{unit} ({state}, {rule}) cannot do this"),
                }
                .text("unit", format!("{} {}", g.key, l.row.label))
                .name("state", named(&decl.name, true))
                .text("rule", decl.rule.clone());
                return Err(Error::cannot(cli, said));
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
            let worth = match game.count(side, i + 1) {
                Some(f) if f > 0 => {
                    u.cost.saturating_mul(u64::from(s.lost).min(f as u64)) / f as u64
                }
                _ => 0,
            };
            figures = figures.saturating_add(u64::from(s.lost));
            points = points.saturating_add(worth);
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

// ── the games a list is played in ─────────────────────────────────────────────────────────

/// The most files of a folder looked at for games naming a list (an engine limit).
const MAX_GAMES_LOOKED_AT: usize = 1000;

/// The games of `folders` that name the list file `list` (as `[game] a` or `b`, from the game's
/// folder), each with whether it keeps its armies (an older game follows the list until its
/// next mark). Unreadable files and folders are passed over.
pub fn games_naming(list: &Path, folders: &[PathBuf]) -> Vec<(PathBuf, bool)> {
    let Ok(list) = list.canonicalize() else {
        return Vec::new();
    };
    let mut seen = Vec::new();
    let mut found = Vec::new();
    for folder in folders {
        let Ok(real) = folder.canonicalize() else {
            continue;
        };
        if seen.contains(&real) {
            continue;
        }
        seen.push(real);
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .take(MAX_GAMES_LOOKED_AT)
            .collect();
        paths.sort();
        for path in paths {
            let Ok(text) = crate::core::source::read_text(&path) else {
                continue;
            };
            let Ok(doc) = text.parse::<toml::Table>() else {
                continue;
            };
            let Some(header) = doc.get("game").and_then(|g| g.as_table()) else {
                continue;
            };
            let base = path.parent().unwrap_or(Path::new(""));
            let names = ["a", "b"].iter().any(|side| {
                header
                    .get(*side)
                    .and_then(|v| v.as_str())
                    .and_then(|n| base.join(n).canonicalize().ok())
                    .is_some_and(|p| p == list)
            });
            if names {
                found.push((path, doc.contains_key("army")));
            }
        }
    }
    found
}
