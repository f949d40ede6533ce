//! A ruleset's data loaded: read and checked by its module, its game rules checked against
//! its procedures, behind its engine.

use std::path::PathBuf;

use super::{Engine, Rules, Ruleset};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::Sources;

/// A ruleset's data, loaded and checked: the engine when the data could be assembled, and
/// every diagnostic found on the way.
pub struct Loaded {
    pub engine: Option<Rules>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Loaded {
    /// A database of `ruleset`, when it could be assembled, behind its engine.
    pub fn of<D, E: Engine + 'static>(
        ruleset: Ruleset,
        database: Option<D>,
        diagnostics: Vec<Diagnostic>,
        engine: impl FnOnce(D) -> E,
    ) -> Loaded {
        Loaded {
            engine: database.map(|db| Rules {
                ruleset,
                engine: Box::new(engine(db)),
            }),
            diagnostics,
        }
    }
}

/// Loads the data of `ruleset` from the `<id>/` folders of `dirs`; its game rules are checked
/// against its procedures.
pub fn load(ruleset: Ruleset, dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    let mut loaded = ruleset.load_data(dirs, sources)?;
    if let Some(rules) = loaded
        .engine
        .as_ref()
        .and_then(|e| e.games().map(|g| g.game_rules()))
    {
        for problem in rules.check(ruleset) {
            loaded.diagnostics.push(
                Diagnostic::error("game-rules", format!("{}/game.toml: {problem}", ruleset.id()))
                    .with_note("a state, value or lost_param names a procedure, unit or parameter `muster preview` has"),
            );
        }
    }
    Ok(loaded)
}
