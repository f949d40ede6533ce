//! A table's result read from a game the companion kept (`muster event result --game
//! GAME.toml`): the game scored by its ruleset's victory rules (the victory points a
//! ruleset's `score_game` gives each side), the higher score winning and both scores kept for the
//! tie-breaker. The game's sides are the table's players by their lists: a game's side whose
//! army is the list of the table's second player makes the table's `b`.

use std::path::{Path, PathBuf};

use super::file::{EventFile, Outcome, MAX_SCORE};
use crate::core::error::Error;
use crate::core::i18n::Lang;

/// Which side of the game is the table's first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sides {
    /// The game's side a is the table's a.
    Same,
    /// The game's side a is the table's b.
    Crossed,
}

/// What a game gives a table: who won, the two scores as the table's players (a, b), and
/// how the sides were matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    pub outcome: Outcome,
    pub score: [u32; 2],
    pub sides: Sides,
}

/// Reads and scores the game at `path` for table `table` of round `round`. `given`: the
/// organiser's say on the sides, else they are matched by the players' lists (the lists the
/// game's armies began as, against those the entries hold).
pub fn result_of_game(
    file: &EventFile,
    dirs: &[PathBuf],
    round: u32,
    table: u32,
    path: &Path,
    given: Option<Sides>,
) -> Result<GameResult, Error> {
    let ruleset = super::open::ruleset(file).map_err(Error::Usage)?;
    let t = file
        .rounds
        .iter()
        .find(|r| r.round == round)
        .and_then(|r| r.tables.iter().find(|t| t.table == table))
        .ok_or_else(|| Error::Usage(format!("round {round} has no table {table}")))?;
    let (engine, _) = super::load(ruleset, dirs)?;
    let games = engine.games().ok_or_else(|| {
        Error::Usage(format!("{} keeps no games: give --result", ruleset.title()))
    })?;
    let game = crate::rulesets::game::read_game(engine.as_ref(), path)?;
    let scored = games.score_game(&game, Lang::En)?;
    let side_score = |i: usize| -> Result<u32, Error> {
        let s = scored.json["sides"][i]["score"].as_u64().ok_or_else(|| {
            Error::Usage(format!(
                "{}: {} scores a game by its losses, without victory points: give --result and --score",
                path.display(),
                ruleset.title()
            ))
        })?;
        u32::try_from(s)
            .ok()
            .filter(|s| *s <= MAX_SCORE)
            .ok_or_else(|| {
                Error::Usage(format!(
                    "{}: a score of {s}, over the {MAX_SCORE} an event keeps",
                    path.display()
                ))
            })
    };
    let (first, second) = (side_score(0)?, side_score(1)?);
    let list_of = |player: &str| {
        file.entries
            .iter()
            .find(|e| e.player == player)
            .map(|e| e.list.trim())
    };
    let (la, lb) = (list_of(&t.a), list_of(&t.b));
    let (ga, gb) = (game.texts[0].trim(), game.texts[1].trim());
    let sides = match given {
        Some(s) => s,
        None if la == Some(ga) && lb == Some(gb) => Sides::Same,
        None if la == Some(gb) && lb == Some(ga) => Sides::Crossed,
        None => {
            return Err(Error::Usage(format!(
                "{}: its armies are not the lists of {} and {} as the event holds them: say which side is whose with --game-sides ab (the game's side a is {}) or ba (it is {})",
                path.display(),
                t.a,
                t.b,
                t.a,
                t.b
            )))
        }
    };
    let score = match sides {
        Sides::Same => [first, second],
        Sides::Crossed => [second, first],
    };
    let outcome = match score[0].cmp(&score[1]) {
        std::cmp::Ordering::Greater => Outcome::A,
        std::cmp::Ordering::Less => Outcome::B,
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    Ok(GameResult {
        outcome,
        score,
        sides,
    })
}
