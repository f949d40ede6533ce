//! The loaded hm-qrs database: the rules' tables and the unit types, with where each type
//! comes from. Pure data, no I/O (reading it: `data.rs`).

use super::model::*;
use crate::core::catalog::{Catalog, Provenance, Replaced};
use crate::rulesets::sheet_book::{Provenances, SheetBook};

/// The folder of a layer's unit files, one `[[unit]]` or more each (the player's own).
pub const UNITS_DIR: &str = "units";

#[derive(Debug, Clone)]
pub struct Database {
    pub rules: Rules,
    pub units: Catalog<Unit>,
    /// What the game companion tracks (game.toml).
    pub game: crate::rulesets::game::GameRules,
    /// Where each unit type comes from (muster's illustrative values, the player's), and the
    /// file that defines it.
    pub provenance: Provenances,
    /// The unit types a later data layer replaced (`data check` says them).
    pub replaced: Vec<Replaced>,
}

impl Database {
    /// Where the unit type `id` comes from: the shipped types are illustrative (the sheet
    /// gives none), a later layer's are the player's.
    pub fn provenance(&self, id: &str) -> Provenance {
        self.book().provenance(id)
    }

    /// The unit types as the sheet commands see them.
    pub fn book(&self) -> SheetBook<'_, Unit> {
        SheetBook {
            units: &self.units,
            provenance: &self.provenance,
            replaced: &self.replaced,
            noun: "unit type",
            what: "hm-qrs unit type",
            folder: UNITS_DIR,
        }
    }

    pub fn size(&self, id: &str) -> Option<&DiceRow> {
        self.rules.size.iter().find(|s| s.id == id)
    }

    pub fn formation(&self, id: &str) -> Option<&DiceRow> {
        self.rules.formation.iter().find(|s| s.id == id)
    }

    pub fn situation(&self, id: &str) -> Option<&DiceRow> {
        self.rules.situation.iter().find(|s| s.id == id)
    }

    pub fn range(&self, id: &str) -> Option<&Range> {
        self.rules.range.iter().find(|r| r.id == id)
    }

    /// The break-test outcome of `result` (2D6 + modifiers) for `arm` in `combat`.
    pub fn verdict(&self, result: i64, arm: Arm, combat: Combat) -> Verdict {
        let rows = &self.rules.break_test.row;
        let row = rows
            .iter()
            .find(|r| r.up_to.is_none_or(|u| result <= u))
            .or(rows.last());
        match row {
            Some(r) => match combat {
                Combat::Fire => r.fire.of(arm),
                Combat::Melee => r.melee.of(arm),
            },
            None => Verdict::Tient,
        }
    }
}
