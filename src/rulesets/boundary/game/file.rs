//! The game file as written (`games/NAME.toml`, [`GameFile`]): `[game]`, `[units]`,
//! `[values]`, the log of marks and the armies kept in `[army]`; the engine's limits on it,
//! and the list files its header names.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml_edit::{DocumentMut, Item};

use super::list_doc;

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

/// The list paths of a game, resolved from its folder (`..` worked out from the text).
pub fn list_paths(game_path: &Path, header: &GameHeader) -> (PathBuf, PathBuf) {
    let base = game_path.parent().unwrap_or(Path::new(""));
    (
        crate::core::paths::lexical(&base.join(&header.a)),
        crate::core::paths::lexical(&base.join(&header.b)),
    )
}
