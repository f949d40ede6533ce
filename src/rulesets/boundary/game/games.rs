//! The [`Games`] capability: a ruleset whose army lists play games, followed by the game
//! companion: its game rules, the values and counts of its units, its scoring.

use super::rules::GameRules;
use super::score::losses;
use super::state::Game;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::rulesets::{Scored, UnitRow};

/// A ruleset whose army lists play games (the game companion).
pub trait Games {
    /// What the game companion tracks for this ruleset (its data's game.toml).
    fn game_rules(&self) -> &GameRules;

    /// A value of a unit (its sheet or entry `unit`) a game's threshold names (`stamina`), when
    /// the ruleset has it.
    fn unit_value(&self, unit: &str, value: &str) -> Option<u32> {
        let _ = (unit, value);
        None
    }

    /// The figures a game counts for a unit of a list: its casualty boxes on the card, the
    /// one count `game show`, the marks, the previews and the score share. The list's figures
    /// unless the card counts more (a free officer on top of the rank and file); `None` for a unit without a
    /// count of its own.
    fn game_count(&self, row: &UnitRow) -> Option<i64> {
        row.figures
    }

    /// What the ruleset's scoring would refuse in a game as it stands (two sides holding more
    /// eighths than the table has), in words: a mark that would bring one in is refused.
    fn game_problems(&self, game: &Game) -> Vec<String> {
        let _ = game;
        Vec::new()
    }

    /// Scores a game (`muster game score`): by the ruleset's own victory rules, else each
    /// side's losses.
    fn score_game(&self, game: &Game, lang: Lang) -> Result<Scored, Error> {
        losses(game, self.game_rules(), lang)
    }
}
