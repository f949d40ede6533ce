//! `muster data check`: load every data file and report every problem.

use std::path::PathBuf;

use crate::capitan::data;
use crate::diagnostic;
use crate::error::Error;
use crate::source::Sources;

pub fn check(dirs: &[PathBuf]) -> Result<u8, Error> {
    let mut sources = Sources::new();
    let mut loaded = data::load(dirs, &mut sources)?;
    diagnostic::sort(&mut loaded.diagnostics);
    diagnostic::print_all(&loaded.diagnostics, &sources);
    let failed = loaded.has_errors() || loaded.database.is_none();
    match &loaded.database {
        Some(db) if !failed => {
            eprintln!(
                "ok: {} sheets, {} skills, {} weapons, {} nations, {} campaigns in {}",
                db.sheets.len(),
                db.skills.len(),
                db.weapons.len(),
                db.nations.len(),
                db.campaigns.len(),
                dirs.iter()
                    .map(|d| d.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        _ => eprintln!(
            "data check failed: {}",
            diagnostic::summary(&loaded.diagnostics)
        ),
    }
    Ok(u8::from(failed))
}
