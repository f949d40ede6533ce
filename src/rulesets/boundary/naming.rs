//! Units named from files in a preview: `FILE:N` or `FILE:LABEL` of a list, `GAME:a3` of a
//! game as it stands, put in place of their names before the procedure runs.

use std::path::PathBuf;

use super::game;
use super::list_file::read_list;
use super::procedure::{select, ListedUnit, Request, UnitRef};
use super::ListCheck;
use crate::core::error::Error;
use crate::rulesets::Rules;

/// Reads and checks the list files the request names units of, and puts each unit in place:
/// the file must be a list of the same ruleset, and the unit one of its units.
pub fn resolve_files(engine: &Rules, request: &mut Request) -> Result<(), Error> {
    let mut read: Vec<(PathBuf, ListCheck)> = Vec::new();
    let mut games: Vec<game::Game> = Vec::new();
    for unit in request.units_mut() {
        let UnitRef::File { path, unit: which } = unit else {
            continue;
        };
        // A unit of a game: as it stands now.
        let game_index = match games.iter().position(|g| g.path == *path) {
            Some(i) => Some(i),
            None if game::file_is_game(path) => {
                games.push(game::read_game(engine, path)?);
                Some(games.len() - 1)
            }
            None => None,
        };
        if let Some(i) = game_index {
            *unit = UnitRef::Listed(Box::new(game::unit_of_game(engine, &games[i], which)?));
            continue;
        }
        let index = match read.iter().position(|(p, _)| p == path) {
            Some(i) => i,
            None => {
                read.push((path.clone(), read_list(engine, path)?));
                read.len() - 1
            }
        };
        let (path, list) = &read[index];
        let shown = path.display().to_string();
        let number = select(list, which, &shown)?;
        let row = list.units[number - 1].clone();
        *unit = UnitRef::Listed(Box::new(ListedUnit {
            path: shown,
            number,
            row,
            game: None,
        }));
    }
    if let Some(rules) = engine.games().map(|g| g.game_rules()) {
        game::apply_states(rules, request)?;
    }
    Ok(())
}
