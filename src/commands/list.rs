//! `muster list new|add|set|move|remove`: edit a list file without losing the user's comments and
//! layout (toml_edit), then show the new total and diagnostics. An edit holds a lock on the
//! file from reading to writing, so concurrent edits all land; it writes atomically, follows a
//! symbolic link to its target, keeps the file's mode, owner, line endings and byte-order
//! mark. The edits themselves are the list's ruleset's.

use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use super::check::{check_read, roster_text_in, ruleset_of, OpenError};
use super::{load_engine, print_out};
use crate::cli::{LangArg, ListCommand};
use crate::core::diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::output::{write_atomic, EditLock};
use crate::core::source::{read_text, Sources};
use crate::core::text;
use crate::core::words::Phrase;
use crate::ops::edit::{apply, unchanged, Shape};
use crate::render::templates::Templates;
use crate::rulesets::Rules;
use crate::rulesets::{make_new_list, FreeSkill, NewList, NewUnit, Ruleset, UnitChange};

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
            if !force && std::fs::symlink_metadata(&file).is_ok() {
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
            // The CLI speaks English where the ruleset's words have it.
            let lang = if ruleset.languages().contains(&Lang::En) {
                Lang::En
            } else {
                ruleset.languages().first().copied().unwrap_or_default()
            };
            let labels = Templates::load(ruleset.templates(), None, &[])?.labels(lang.id());
            let mut doc =
                make_new_list(engine.as_ref(), &spec, lang, &labels).map_err(|problems| {
                    let mut m = format!(
                        "cannot create {}: {} to fix",
                        file.display(),
                        count_words(problems.len(), "field")
                    );
                    for p in &problems {
                        m.push_str("\n  ");
                        m.push_str(&p.message);
                    }
                    Error::Usage(m)
                })?;
            if let Some(header) = doc.get_mut("list").and_then(|l| l.as_table_mut()) {
                // Comments carry user text on one line only: it can never start a TOML line.
                header.decor_mut().set_prefix(format!(
                    "# {}: an army list for muster ({}).\n# Check it with `muster check {}`.\n",
                    text::one_line(&spec.name),
                    ruleset.title(),
                    text::one_line(&file.display().to_string())
                ));
            }
            let shape = Shape::default();
            save(engine.as_ref(), &file, &file, &doc, shape, Vec::new(), lang)
        }
        ListCommand::Add {
            file,
            id,
            figures,
            skills,
            options,
            guns,
            label,
            free_skill,
            lang,
        } => {
            let unit = NewUnit {
                id,
                figures,
                label,
                extras: skills,
                options,
                guns,
                free_skill: free_skill.map(|f| FreeSkill {
                    unit: f.unit,
                    skill: f.skill,
                }),
            };
            edit(dirs, flag, &file, lang, |engine, doc| {
                let mut unit = unit;
                super::named::Namer::new(engine, None)?.new_unit(&mut unit, doc)?;
                engine
                    .ruleset()
                    .need(engine.lists(), "army lists")
                    .and_then(|x| x.add_unit(doc, &unit))
                    .map(|()| Vec::new())
            })
        }
        ListCommand::Set {
            file,
            index,
            figures,
            label,
            skills,
            no_skills,
            options,
            no_options,
            guns,
            free_skill,
            no_free_skill,
            lang,
        } => {
            let change = UnitChange {
                figures,
                label,
                skills: (no_skills || !skills.is_empty()).then_some(skills),
                options,
                clear_options: no_options,
                guns,
                free_skill: if no_free_skill {
                    Some(None)
                } else {
                    free_skill.map(Some)
                },
            };
            if change.is_empty() {
                return Err(Error::Usage(format!(
                    "list set {} {index}: nothing to change; give --figures, --label, --skill, --no-skills, --option, --no-options, --guns, --free-skill or --no-free-skill",
                    file.display()
                )));
            }
            edit(dirs, flag, &file, lang, |engine, doc| {
                let mut change = change;
                super::named::Namer::new(engine, None)?.change(&mut change, doc)?;
                engine
                    .ruleset()
                    .need(engine.lists(), "army lists")
                    .and_then(|x| x.set_unit(doc, index, &change))
            })
        }
        ListCommand::Move {
            file,
            index,
            to,
            lang,
        } => edit(dirs, flag, &file, lang, |engine, doc| {
            engine
                .ruleset()
                .need(engine.lists(), "army lists")
                .and_then(|x| x.move_unit(doc, index, to))
        }),
        ListCommand::Remove { file, index, lang } => {
            edit(dirs, flag, &file, lang, |engine, doc| {
                engine
                    .ruleset()
                    .need(engine.lists(), "army lists")
                    .and_then(|x| x.remove_unit(doc, index))
            })
        }
        ListCommand::Update { file, lang } => update(dirs, flag, &file, lang),
        ListCommand::Share { file, qr } => {
            super::share::run_share(dirs, flag, &file, qr.as_deref())
        }
        ListCommand::Import { code, output } => {
            super::share::run_import(dirs, flag, &code, output.as_deref())
        }
    }
}

/// A list locked for an edit: its text, its ruleset's engine and its check before the edit.
struct Locked {
    lock: EditLock,
    original: String,
    engine: Rules,
    before: crate::rulesets::ListCheck,
}

/// Locks the list (until the edit is written), reads and checks it.
fn lock(dirs: &[PathBuf], flag: Option<Ruleset>, file: &Path) -> Result<Locked, Error> {
    let lock = EditLock::acquire(file)?;
    let original = read_text(&lock.target)?;
    let mut sources = Sources::new();
    let id = sources.add(file, original.clone());
    let ruleset = match ruleset_of(&sources, id, file, flag) {
        Ok(r) => r,
        Err(OpenError::Stop(e)) => return Err(e),
        Err(OpenError::UnknownRuleset(d)) => {
            diagnostic::print_all(&[d], &sources);
            return Err(Error::Invalid(format!(
                "{} is not for a ruleset muster knows",
                file.display()
            )));
        }
    };
    let engine = load_engine(ruleset, dirs, &mut sources)?;
    let before = check_read(engine.as_ref(), &sources, id, file)?;
    Ok(Locked {
        lock,
        original,
        engine,
        before,
    })
}

/// `muster list update`: every unit's record says what today's data price it with; only the
/// records change. Says what it accepted, unit by unit; writes nothing when the records
/// already say today's data.
fn update(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    file: &Path,
    lang: Option<LangArg>,
) -> Result<u8, Error> {
    let Locked {
        lock,
        original,
        engine,
        before,
    } = lock(dirs, flag, file)?;
    let lang = super::said_lang(engine.ruleset(), lang, before.lang)?;
    let shape = Shape::of(&original);
    let mut said = None;
    let (doc, _) = apply(engine.as_ref(), file, &original, |engine, doc| {
        said = Some(crate::rulesets::priced::update(engine, file, doc)?);
        Ok(Vec::new())
    })?;
    let (accepted, unpriced) = said.unwrap_or_default();
    let notes: Vec<String> = unpriced
        .iter()
        .map(|u| {
            format!(
                "unit {} ({}): `{}` is not in the data, so its record stays as it was (`muster check` says what to fix)",
                u.unit,
                text::one_line(&u.label),
                text::one_line(&u.id)
            )
        })
        .collect();
    if accepted.is_empty() || shape.apply(doc.to_string()) == original {
        drop(lock);
        print_out(&roster_in(&before, lang))?;
        for n in notes {
            eprintln!("note: {n}");
        }
        eprintln!(
            "nothing to update: every unit of {} is priced with today's data; nothing written",
            file.display()
        );
        return Ok(if before.is_valid() { 0 } else { 1 });
    }
    for a in &accepted {
        eprintln!("{}", text::one_line(&a.words()));
    }
    let code = save(
        engine.as_ref(),
        file,
        &lock.target,
        &doc,
        shape,
        notes,
        lang,
    )?;
    drop(lock);
    Ok(code)
}

/// Locks the list, reads and checks it, applies `change`, and saves.
fn edit(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    file: &Path,
    lang: Option<LangArg>,
    change: impl FnOnce(&Rules, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<u8, Error> {
    let Locked {
        lock,
        original,
        engine,
        before,
    } = lock(dirs, flag, file)?;
    let lang = super::said_lang(engine.ruleset(), lang, before.lang)?;
    let shape = Shape::of(&original);
    let (doc, notes) = apply(engine.as_ref(), file, &original, change)?;
    if unchanged(
        engine.as_ref(),
        file,
        &before,
        &shape.apply(doc.to_string()),
    ) {
        drop(lock);
        print_out(&roster_in(&before, lang))?;
        eprintln!(
            "nothing to change: {} already says so; nothing written",
            file.display()
        );
        return Ok(if before.is_valid() { 0 } else { 1 });
    }
    let code = save(
        engine.as_ref(),
        file,
        &lock.target,
        &doc,
        shape,
        notes,
        lang,
    )?;
    drop(lock);
    Ok(code)
}

/// A list's roster as the edits print it, in `lang`.
fn roster_in(checked: &crate::rulesets::ListCheck, lang: Lang) -> String {
    roster_text_in(checked, lang, &super::said_words(checked.ruleset, lang))
}

/// Checks the edited document, writes it atomically to `target` (what `file` names), and
/// prints the total and diagnostics. Exit 1 when the list is now invalid: it is written all
/// the same, since editing is the point, and the output says so.
fn save(
    engine: &Rules,
    file: &Path,
    target: &Path,
    doc: &DocumentMut,
    shape: Shape,
    notes: Vec<String>,
    lang: Lang,
) -> Result<u8, Error> {
    let text = shape.apply(doc.to_string());
    let mut sources = Sources::new();
    let id = sources.add(file, text.clone());
    // Never write something that is no longer a list file.
    let checked = crate::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, id)
        .map_err(|d| {
            diagnostic::print_all(&[d], &sources);
            Error::Usage(format!(
                "{} would not be a valid list file; nothing written",
                file.display()
            ))
        })?;
    write_atomic(target, text.as_bytes())?;
    let words = super::said_words(engine.ruleset(), lang);
    print_out(&roster_in(&checked, lang))?;
    let said: Vec<_> = checked
        .diagnostics
        .iter()
        .map(|d| d.in_lang(lang, &words))
        .collect();
    diagnostic::print_all(&said, &sources);
    for n in notes {
        eprintln!("note: {n}");
    }
    // The games this list is played in: they keep their armies as they began.
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let places = [
        PathBuf::from("games"),
        folder.join("games"),
        folder.join("..").join("games"),
    ];
    for (game, kept) in crate::rulesets::game::games_naming(target, &places) {
        let game = crate::core::paths::lexical(&game);
        if kept {
            eprintln!(
                "note: {} plays this list as it was when the game began: the game does not change",
                game.display()
            );
        } else {
            eprintln!(
                "note: {} was written before games kept their armies: it follows this list until its next mark keeps it",
                game.display()
            );
        }
    }
    let valid = checked.is_valid();
    let wrote = if valid {
        Phrase::new("list-wrote-valid", "wrote {file}: valid ({summary})")
    } else {
        Phrase::new(
            "list-wrote-invalid",
            "wrote {file}: INVALID: the list was written with its errors; fix them before playing ({summary})",
        )
    };
    eprintln!(
        "{}",
        wrote
            .text("file", file.display().to_string())
            .phrase("summary", diagnostic::summary_said(&checked.diagnostics))
            .say(lang, &words)
    );
    Ok(if valid { 0 } else { 1 })
}

/// "1 field", "3 fields".
fn count_words(n: usize, word: &str) -> String {
    crate::core::text::count(n, word, &format!("{word}s"))
}
