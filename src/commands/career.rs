//! `muster career new|add|show`: a player's career kept in a TOML file (rulesets with careers).
//! An addition holds the file's lock from reading to writing and writes atomically, keeping
//! the user's comments; the games it names are only read.

use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use super::{load_engine, print_out, to_json};
use crate::cli::{CareerCommand, CheckFormat};
use crate::core::error::Error;
use crate::core::output::{write_atomic, EditLock};
use crate::core::source::{read_text, Sources};
use crate::ops::edit::Shape;
use crate::render::templates::Templates;
use crate::rulesets::Rules;
use crate::rulesets::Ruleset;

pub fn run(dirs: &[PathBuf], ruleset: Ruleset, command: CareerCommand) -> Result<u8, Error> {
    match command {
        CareerCommand::New {
            file,
            nation,
            arm,
            player,
            force,
        } => {
            super::refuse_existing(&file, force)?;
            // --force replaces a career, never a list, a game or any other file.
            let target = crate::core::output::resolve_target(&file)?;
            if target.exists() && crate::core::output::players_file(&target) != Some("a career") {
                return Err(Error::Usage(format!(
                    "{} is not a career file: --force replaces a career, never a list or another file",
                    file.display()
                )));
            }
            let mut sources = Sources::new();
            let engine = load_engine(ruleset, dirs, &mut sources)?;
            let text = engine
                .ruleset()
                .need(engine.careers(), "careers")
                .and_then(|x| x.new_career(&nation, &arm, player.as_deref()))?;
            super::make_parent(&file)?;
            write_atomic(&file, text.as_bytes())?;
            let shown = show(engine.as_ref(), &file, CheckFormat::Text, None)?;
            eprintln!("wrote {}: a career with no game yet", file.display());
            Ok(shown)
        }
        CareerCommand::Add { file, points, game } => {
            let lock = EditLock::acquire(&file)?;
            let original = read_text(&lock.target)?;
            let shape = Shape::of(&original);
            let engine = open(dirs, &file, &original)?;
            let mut doc = original
                .trim_start_matches('\u{feff}')
                .parse::<DocumentMut>()
                .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
            let said = engine
                .ruleset()
                .need(engine.careers(), "careers")
                .and_then(|x| x.add_to_career(&engine, &mut doc, &file, game.as_deref(), points))
                .map_err(|e| match e {
                    Error::Usage(m) => Error::Usage(format!("{}: {m}", file.display())),
                    other => other,
                })?;
            write_atomic(&lock.target, shape.apply(doc.to_string()).as_bytes())?;
            drop(lock);
            print_out(&format!("{said}\n"))?;
            Ok(0)
        }
        CareerCommand::Show { file, format, lang } => {
            let text = read_text(&file)?;
            let engine = open(dirs, &file, &text)?;
            show(engine.as_ref(), &file, format, lang)
        }
    }
}

fn show(
    engine: &Rules,
    file: &Path,
    format: CheckFormat,
    lang: Option<crate::cli::LangArg>,
) -> Result<u8, Error> {
    let ruleset = engine.ruleset();
    // The career's words are the command line's (English) unless --lang says another.
    let lang = match lang {
        Some(_) => super::language(ruleset, lang, None)?,
        None => super::named::cli_lang(ruleset),
    };
    let labels = Templates::load(ruleset.templates(), None, &[])?.labels(lang.id());
    let shown = engine
        .ruleset()
        .need(engine.careers(), "careers")
        .and_then(|x| x.show_career(file, lang, &labels))?;
    match format {
        CheckFormat::Json => print_out(&to_json(&shown.json))?,
        CheckFormat::Text => print_out(&shown.text)?,
    }
    Ok(0)
}

/// The engine of the career's ruleset (its `[career] ruleset`).
fn open(dirs: &[PathBuf], path: &Path, text: &str) -> Result<Rules, Error> {
    let ruleset = super::ruleset_of_file(path, text, "career")?;
    let mut sources = Sources::new();
    load_engine(ruleset, dirs, &mut sources)
}
