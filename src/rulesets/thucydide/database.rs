//! The loaded Thucydide database: the die, the armours, the advantage table, the rules, the
//! troop types and traits, with where each type comes from. Pure data, no I/O (reading it:
//! `data.rs`).

use super::model::*;
use crate::core::catalog::{Catalog, Provenance, Replaced};
use crate::rulesets::sheet_book::{Provenances, SheetBook};

/// The folder of a layer's troop-type files, one `[[unit]]` or more each (the player's own).
pub const UNITS_DIR: &str = "units";

#[derive(Debug, Clone)]
pub struct Database {
    pub faces: Vec<Face>,
    pub armours: Catalog<Armour>,
    pub types: Catalog<TroopType>,
    pub conditions: Catalog<Condition>,
    pub overrides: Vec<Override>,
    pub cells: Vec<Cell>,
    pub rules: Rules,
    pub units: Catalog<Unit>,
    pub traits: Catalog<Trait>,
    /// What the game companion tracks (game.toml).
    pub game: crate::rulesets::game::GameRules,
    /// Where each troop type comes from (muster's illustrative values, the player's), and
    /// the file that defines it.
    pub provenance: Provenances,
    /// The troop types and traits a later data layer replaced (`data check` says them).
    pub replaced: Vec<Replaced>,
}

impl Database {
    /// Where the troop type `id` comes from: the shipped types are illustrative (the
    /// chapter gives none), a later layer's are the player's.
    pub fn provenance(&self, id: &str) -> Provenance {
        self.book().provenance(id)
    }

    /// The troop types as the sheet commands see them.
    pub fn book(&self) -> SheetBook<'_, Unit> {
        SheetBook {
            units: &self.units,
            provenance: &self.provenance,
            replaced: &self.replaced,
            noun: "troop type",
            what: "Thucydide troop type",
            folder: UNITS_DIR,
        }
    }
}
