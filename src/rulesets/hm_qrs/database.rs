//! The loaded hm-qrs database: the rules' tables and the unit types, with where each type
//! comes from. Pure data, no I/O (reading it: `data.rs`).

use super::model::*;
use crate::rulesets::sheet_book::{BookWords, SheetBook};

/// The unit types in the sheet commands' words; `folder`: a layer's unit files, one
/// `[[unit]]` or more each (the player's own).
pub const UNIT_TYPES: BookWords = BookWords {
    noun: "unit type",
    what: "hm-qrs unit type",
    folder: "units",
};

#[derive(Debug, Clone)]
pub struct Database {
    pub rules: Rules,
    /// The unit types, where each comes from (the shipped types are illustrative: the sheet
    /// gives none; a later layer's are the player's), and those a later layer replaced.
    pub units: SheetBook<Unit>,
    /// What the game companion tracks (game.toml).
    pub game: crate::rulesets::game::GameRules,
}

impl Database {
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
