//! `muster data check`: load every data file of every ruleset and report every problem.

use std::path::PathBuf;

use crate::core::catalog::has_folder;
use crate::core::diagnostic::{self, Diagnostic};
use crate::core::error::Error;
use crate::core::source::Sources;
use crate::rulesets::{self, Ruleset};

/// Checks `only`, or every ruleset that has a folder in the data directories.
pub fn check(dirs: &[PathBuf], only: Option<Ruleset>) -> Result<u8, Error> {
    let selected: Vec<Ruleset> = match only {
        Some(r) => vec![r],
        None => {
            let found: Vec<Ruleset> = Ruleset::ALL
                .iter()
                .copied()
                .filter(|r| has_folder(dirs, r.id()))
                .collect();
            if found.is_empty() {
                // Let the default ruleset say what is missing.
                vec![Ruleset::default()]
            } else {
                found
            }
        }
    };
    let shown = dirs
        .iter()
        .map(|d| {
            if crate::core::builtin::is_builtin(d) {
                format!(
                    "the built-in data (version {})",
                    crate::core::builtin::fingerprint()
                )
            } else {
                d.display().to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    let mut failed = false;
    for ruleset in selected {
        let mut sources = Sources::new();
        let mut loaded = rulesets::load(ruleset, dirs, &mut sources)?;
        diagnostic::sort(&mut loaded.diagnostics);
        diagnostic::print_all(&loaded.diagnostics, &sources);
        let bad = loaded.diagnostics.iter().any(Diagnostic::is_error);
        match &loaded.engine {
            Some(engine) if !bad => {
                for r in engine.editor().map(|e| e.replaced()).unwrap_or_default() {
                    eprintln!(
                        "note: {}: {} `{}` replaces the one of {}",
                        r.by, r.what, r.id, r.first
                    );
                }
                eprintln!("ok: {}: {} in {shown}", ruleset.id(), engine.summary());
            }
            _ => {
                failed = true;
                eprintln!(
                    "data check failed: {}: {}",
                    ruleset.id(),
                    diagnostic::summary(&loaded.diagnostics)
                );
            }
        }
    }
    Ok(u8::from(failed))
}
