//! `muster list new|add|remove`: edit a list file without losing the user's comments and
//! layout (toml_edit), written atomically, then show the new total and diagnostics. The edits
//! themselves are the list's ruleset's.

use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use super::check::{open_list, roster_text};
use super::{load_engine, print_out};
use crate::cli::ListCommand;
use crate::core::diagnostic;
use crate::core::error::Error;
use crate::core::output::write_atomic;
use crate::core::source::Sources;
use crate::rulesets::{Engine, NewList, NewUnit, Ruleset};

pub fn run(dirs: &[PathBuf], flag: Option<Ruleset>, command: ListCommand) -> Result<u8, Error> {
    match command {
        ListCommand::New {
            file,
            name,
            points,
            coalition,
            campaign,
            rank,
            army,
            force,
        } => {
            if file.exists() && !force {
                return Err(Error::Usage(format!(
                    "{} already exists (use --force to replace it)",
                    file.display()
                )));
            }
            let ruleset = flag.unwrap_or_default();
            let mut sources = Sources::new();
            let engine = load_engine(ruleset, dirs, &mut sources)?;
            let spec = NewList {
                name,
                points,
                coalition,
                campaign,
                rank,
                army,
            };
            let mut doc = engine.new_list(&spec)?;
            if let Some(header) = doc.get_mut("list").and_then(|l| l.as_table_mut()) {
                header.decor_mut().set_prefix(format!(
                    "# {}: an army list for muster ({}).\n# Check it with `muster check {}`.\n",
                    one_line(&spec.name),
                    ruleset.title(),
                    one_line(&file.display().to_string())
                ));
            }
            save(engine.as_ref(), &file, &doc, Vec::new())
        }
        ListCommand::Add {
            file,
            id,
            figures,
            skills,
            label,
        } => {
            let mut sources = Sources::new();
            let (engine, _) = open_list(dirs, &mut sources, &file, flag)?;
            let mut doc = document(&sources, &file)?;
            engine.add_unit(
                &mut doc,
                &NewUnit {
                    id,
                    figures,
                    label,
                    extras: skills,
                },
            )?;
            save(engine.as_ref(), &file, &doc, Vec::new())
        }
        ListCommand::Remove { file, index } => {
            let mut sources = Sources::new();
            let (engine, _) = open_list(dirs, &mut sources, &file, flag)?;
            let mut doc = document(&sources, &file)?;
            let notes = engine.remove_unit(&mut doc, index).map_err(|e| match e {
                Error::Usage(m) => Error::Usage(format!("{}: {m}", file.display())),
                other => other,
            })?;
            save(engine.as_ref(), &file, &doc, notes)
        }
    }
}

/// User text put in a comment: on one line, so that it can never start a TOML line.
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The list file (already read into `sources` as its first file) as an editable document.
fn document(sources: &Sources, file: &Path) -> Result<DocumentMut, Error> {
    sources
        .text(0)
        .parse::<DocumentMut>()
        .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))
}

/// Checks the edited document, writes it atomically, and prints the total and diagnostics.
/// Exit 1 when the list is now invalid (it is written all the same: editing is the point).
fn save(
    engine: &dyn Engine,
    file: &Path,
    doc: &DocumentMut,
    notes: Vec<String>,
) -> Result<u8, Error> {
    let text = doc.to_string();
    let mut sources = Sources::new();
    let id = sources.add(file, text.clone());
    // Never write something that is no longer a list file.
    let checked = engine.check_list(&sources, id).map_err(|d| {
        diagnostic::print_all(&[d], &sources);
        Error::Usage(format!(
            "{} would not be a valid list file; nothing written",
            file.display()
        ))
    })?;
    write_atomic(file, text.as_bytes())?;
    print_out(&roster_text(&checked))?;
    diagnostic::print_all(&checked.diagnostics, &sources);
    for n in notes {
        eprintln!("note: {n}");
    }
    let valid = checked.is_valid();
    eprintln!(
        "wrote {}: {} ({})",
        file.display(),
        if valid { "valid" } else { "invalid" },
        diagnostic::summary(&checked.diagnostics)
    );
    Ok(if valid { 0 } else { 1 })
}
