//! The operations the command line and the web app both call (issue 37): a ruleset's data
//! loaded, a list opened and checked over it, an edit made on a list's text, the builder's view
//! of a checked list, the printed documents (cards, roster), share codes, a game's view and a
//! sheet typed in the editor. `commands/` and `serve/` parse, call these and print or answer.

pub mod check;
pub mod edit;
pub mod game;
pub mod player_layer;
pub mod print;
pub mod ready;
pub mod rulesets;
pub mod share;
pub mod sheets;
pub mod view;

use std::path::PathBuf;

use crate::core::diagnostic::{self, Diagnostic};
use crate::core::error::Error;
use crate::core::source::Sources;
use crate::rulesets::{self as rs, Rules, Ruleset};

/// The player's own data folder, read last (a layer over the others) whenever it is there.
pub const PLAYER_DATA: &str = "my-sheets";

/// Prints the errors of a load that failed, and the error that stops the command.
pub fn data_failure(
    ruleset: Ruleset,
    mut diagnostics: Vec<Diagnostic>,
    sources: &Sources,
) -> Error {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    diagnostic::sort(&mut diagnostics);
    let errors_only: Vec<Diagnostic> = diagnostics.into_iter().filter(|d| d.is_error()).collect();
    diagnostic::print_all(&errors_only, sources);
    Error::Invalid(format!(
        "the {} data has {errors} error{}; fix it first (`muster data check --ruleset {}` lists them)",
        ruleset.title(),
        if errors == 1 { "" } else { "s" },
        ruleset.id()
    ))
}

/// Loads a ruleset's data; any error in it stops the command after printing them all.
pub fn load_engine(
    ruleset: Ruleset,
    dirs: &[PathBuf],
    sources: &mut Sources,
) -> Result<Rules, Error> {
    let loaded = rs::load(ruleset, dirs, sources)?;
    let errors = loaded.diagnostics.iter().any(Diagnostic::is_error);
    match loaded.engine {
        Some(engine) if !errors => Ok(engine),
        _ => Err(data_failure(ruleset, loaded.diagnostics, sources)),
    }
}

/// JSON with a trailing newline.
pub fn to_json<T: serde::Serialize>(value: &T) -> String {
    let mut s =
        serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}

/// JSON on one line, with a trailing newline: what only a page reads (the builder's view of a
/// list, a third smaller than [`to_json`]'s and written faster).
pub fn to_json_line<T: serde::Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}
