//! A list file read for a preview or a game: checked as a list of the engine's ruleset (its
//! rules may fail), or refused in words.

use std::path::Path;

use super::procedure::UNIT_NAMING;
use crate::core::diagnostic;
use crate::core::error::Error;
use crate::core::source::Sources;
use crate::rulesets::Rules;

/// A list file of the engine's ruleset, checked (its rules may fail: a preview of a list that
/// breaks a rule is still a preview).
pub(crate) fn read_list(engine: &Rules, path: &Path) -> Result<super::ListCheck, Error> {
    read_list_within(engine, path, None)
}

/// [`read_list`], the files the list names (its career) kept inside `roots` when given (the
/// folders `muster serve` was given).
pub(crate) fn read_list_within(
    engine: &Rules,
    path: &Path,
    roots: Option<&[std::path::PathBuf]>,
) -> Result<super::ListCheck, Error> {
    let ruleset = engine.ruleset();
    let mut sources = Sources::new();
    if let Some(r) = roots {
        sources.confine(r.to_vec());
    }
    let file = sources.read(path).map_err(|e| match e {
        Error::Read { path, source } => Error::Usage(format!(
            "cannot read {}: {source}; {UNIT_NAMING}",
            path.display()
        )),
        other => other,
    })?;
    match super::peek(&sources, file) {
        Ok(r) if r == ruleset => {}
        Ok(other) => {
            return Err(Error::Usage(format!(
                "{} is a list for {}, not for {}",
                path.display(),
                other.title(),
                ruleset.title()
            )))
        }
        Err(d) => {
            diagnostic::print_all(&[d], &sources);
            return Err(Error::Usage(format!(
                "{} is not a {} list",
                path.display(),
                ruleset.title()
            )));
        }
    }
    crate::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, file).map_err(|d| {
        diagnostic::print_all(&[d], &sources);
        Error::Usage(format!("{} is not a valid list file", path.display()))
    })
}
