//! The loaded Thucydide database: the die, the armours, the advantage table, the rules, the
//! troop types and traits, with where each type comes from. Pure data, no I/O (reading it:
//! `data.rs`).

use super::model::*;
use crate::core::catalog::Catalog;
use crate::rulesets::sheet_book::{BookWords, SheetBook};

/// The troop types in the sheet commands' words; `folder`: a layer's troop-type files, one
/// `[[unit]]` or more each (the player's own).
pub const TROOP_TYPES: BookWords = BookWords {
    noun: "troop type",
    what: "Thucydide troop type",
    folder: "units",
};

#[derive(Debug, Clone)]
pub struct Database {
    pub faces: Vec<Face>,
    pub armours: Catalog<Armour>,
    pub types: Catalog<TroopType>,
    pub conditions: Catalog<Condition>,
    pub overrides: Vec<Override>,
    pub cells: Vec<Cell>,
    pub rules: Rules,
    /// The troop types, where each comes from (the shipped types are illustrative: the
    /// chapter gives none; a later layer's are the player's), and the troop types and traits
    /// a later layer replaced.
    pub units: SheetBook<Unit>,
    pub traits: Catalog<Trait>,
    /// What the game companion tracks (game.toml).
    pub game: crate::rulesets::game::GameRules,
}
