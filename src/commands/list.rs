//! `muster list new|add|set|move|remove`: edit a list file without losing the user's comments and
//! layout (toml_edit), then show the new total and diagnostics. An edit holds a lock on the
//! file from reading to writing, so concurrent edits all land; it writes atomically, follows a
//! symbolic link to its target, keeps the file's mode, owner, line endings and byte-order
//! mark. The edits themselves are the list's ruleset's.

use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use super::check::{check_read, known, roster_text_in, ruleset_of};
use super::{load_engine, print_out};
use crate::cli::{LangArg, ListCommand};
use crate::core::diagnostic;
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::output::{write_atomic, EditLock};
use crate::core::source::{read_text, Sources};
use crate::core::text;
use crate::core::words::{Named, Phrase};
use crate::ops::edit::{apply, unchanged, Shape};
use crate::render::templates::Templates;
use crate::rulesets::Rules;
use crate::rulesets::{make_new_list, FreeSkill, NewList, NewUnit, Ruleset, UnitChange};
use crate::rulesets::{ListCheck, ListWords, UnitRow};

pub fn run(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    command: ListCommand,
    roster: bool,
) -> Result<u8, Error> {
    let out = Out { roster };
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
            super::refuse_existing(&file, force)?;
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
            let said = Said {
                out,
                did: Did::Created,
                before: None,
                lang,
            };
            save(engine.as_ref(), &file, &file, &doc, shape, Vec::new(), said)
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
            edit(dirs, flag, &file, (out, lang), Did::Added, |engine, doc| {
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
            edit(
                dirs,
                flag,
                &file,
                (out, lang),
                Did::Changed(index),
                |engine, doc| {
                    let mut change = change;
                    super::named::Namer::new(engine, None)?.change(&mut change, doc)?;
                    engine
                        .ruleset()
                        .need(engine.lists(), "army lists")
                        .and_then(|x| x.set_unit(doc, index, &change))
                },
            )
        }
        ListCommand::Move {
            file,
            index,
            to,
            lang,
        } => {
            let did = Did::Moved { from: index, to };
            edit(dirs, flag, &file, (out, lang), did, |engine, doc| {
                engine
                    .ruleset()
                    .need(engine.lists(), "army lists")
                    .and_then(|x| x.move_unit(doc, index, to))
            })
        }
        ListCommand::Remove { file, index, lang } => edit(
            dirs,
            flag,
            &file,
            (out, lang),
            Did::Removed(index),
            |engine, doc| {
                engine
                    .ruleset()
                    .need(engine.lists(), "army lists")
                    .and_then(|x| x.remove_unit(doc, index))
            },
        ),
        ListCommand::Update { file, lang } => update(dirs, flag, &file, (out, lang)),
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

impl Locked {
    /// Writes nothing: lets the lock go, prints the list's roster as it was (with
    /// `--roster`), the notes and `why`; exit 1 when the list was invalid.
    fn nothing_written(
        self,
        out: Out,
        lang: Lang,
        notes: Vec<String>,
        why: String,
    ) -> Result<u8, Error> {
        drop(self.lock);
        if out.roster {
            print_out(&roster_in(&self.before, lang))?;
        }
        for n in notes {
            eprintln!("note: {n}");
        }
        eprintln!("{why}");
        Ok(if self.before.is_valid() { 0 } else { 1 })
    }

    /// Saves the edited document (`save`), saying what it did (`did`, as `out` asks), then
    /// lets the lock go.
    fn save(
        self,
        file: &Path,
        doc: &DocumentMut,
        shape: Shape,
        notes: Vec<String>,
        (out, lang): (Out, Lang),
        did: Did,
    ) -> Result<u8, Error> {
        let said = Said {
            out,
            did,
            before: Some(&self.before),
            lang,
        };
        let code = save(
            self.engine.as_ref(),
            file,
            &self.lock.target,
            doc,
            shape,
            notes,
            said,
        )?;
        drop(self.lock);
        Ok(code)
    }
}

/// Locks the list (until the edit is written), reads and checks it.
fn lock(dirs: &[PathBuf], flag: Option<Ruleset>, file: &Path) -> Result<Locked, Error> {
    let lock = EditLock::acquire(file)?;
    let original = read_text(&lock.target)?;
    let mut sources = Sources::new();
    let id = sources.add(file, original.clone());
    let ruleset = known(ruleset_of(&sources, id, file, flag), &sources, file)?;
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
    (out, lang): (Out, Option<LangArg>),
) -> Result<u8, Error> {
    let locked = lock(dirs, flag, file)?;
    let lang = super::said_lang(locked.engine.ruleset(), lang, locked.before.lang)?;
    let shape = Shape::of(&locked.original);
    let mut said = None;
    let (doc, _) = apply(
        locked.engine.as_ref(),
        file,
        &locked.original,
        |engine, doc| {
            said = Some(crate::rulesets::priced::update(engine, file, doc)?);
            Ok(Vec::new())
        },
    )?;
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
    if accepted.is_empty() || shape.apply(doc.to_string()) == locked.original {
        return locked.nothing_written(
            out,
            lang,
            notes,
            format!(
                "nothing to update: every unit of {} is priced with today's data; nothing written",
                file.display()
            ),
        );
    }
    for a in &accepted {
        eprintln!("{}", text::one_line(&a.words()));
    }
    let did = Did::Updated(accepted.len());
    locked.save(file, &doc, shape, notes, (out, lang), did)
}

/// Locks the list, reads and checks it, applies `change` (what `did` says), and saves.
fn edit(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    file: &Path,
    (out, lang): (Out, Option<LangArg>),
    did: Did,
    change: impl FnOnce(&Rules, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<u8, Error> {
    let locked = lock(dirs, flag, file)?;
    let lang = super::said_lang(locked.engine.ruleset(), lang, locked.before.lang)?;
    let shape = Shape::of(&locked.original);
    let (doc, notes) = apply(locked.engine.as_ref(), file, &locked.original, change)?;
    if unchanged(
        locked.engine.as_ref(),
        file,
        &locked.before,
        &shape.apply(doc.to_string()),
    ) {
        return locked.nothing_written(
            out,
            lang,
            Vec::new(),
            format!(
                "nothing to change: {} already says so; nothing written",
                file.display()
            ),
        );
    }
    locked.save(file, &doc, shape, notes, (out, lang), did)
}

/// A list's roster as the edits print it, in `lang`.
fn roster_in(checked: &crate::rulesets::ListCheck, lang: Lang) -> String {
    roster_text_in(checked, lang, &super::said_words(checked.ruleset, lang))
}

/// Checks the edited document, writes it atomically to `target` (what `file` names), and
/// says what changed, the new total and whether the list is valid, with its errors (the
/// whole roster and every diagnostic with `--roster`). Exit 1 when the list is now invalid:
/// it is written all the same, since editing is the point, and the output says so.
fn save(
    engine: &Rules,
    file: &Path,
    target: &Path,
    doc: &DocumentMut,
    shape: Shape,
    notes: Vec<String>,
    said: Said,
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
    let lang = said.lang;
    let words = super::said_words(engine.ruleset(), lang);
    if said.out.roster {
        print_out(&roster_in(&checked, lang))?;
        let diagnostics: Vec<Diagnostic> = checked
            .diagnostics
            .iter()
            .map(|d| d.in_lang(lang, &words))
            .collect();
        diagnostic::print_all(&diagnostics, &sources);
    } else {
        print_out(&format!(
            "{}\n",
            said.line(file, &checked).say(lang, &words)
        ))?;
        let errors: Vec<Diagnostic> = checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.in_lang(lang, &words))
            .collect();
        for d in &errors {
            eprintln!("error[{}]: {}", d.code, text::one_line(&d.message));
        }
    }
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
    if said.out.roster {
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
    }
    Ok(if valid { 0 } else { 1 })
}

/// How an edit prints what it did: one line by default, the whole roster with `--roster`.
#[derive(Clone, Copy)]
struct Out {
    roster: bool,
}

/// What an edit did to the list (units numbered from 1, as `muster check` numbers them).
enum Did {
    Created,
    Added,
    Changed(usize),
    Moved {
        from: usize,
        to: usize,
    },
    Removed(usize),
    /// How many units were priced again with today's data.
    Updated(usize),
}

/// What an edit says once written: how (`out`), what it did, the list before it, and in
/// which language.
struct Said<'a> {
    out: Out,
    did: Did,
    before: Option<&'a ListCheck>,
    lang: Lang,
}

impl Said<'_> {
    /// The edit's line: `FILE: added unit 2, Chosen Men (6 figures, 162 points); 391 / 300
    /// points; invalid (1 error, 0 warnings)`.
    fn line(&self, file: &Path, after: &ListCheck) -> Phrase {
        let words = after.ruleset.list_words();
        let unit = |list: &ListCheck, n: usize| -> Option<Phrase> {
            list.units
                .get(n.checked_sub(1)?)
                .map(|r| unit_said(r, words))
        };
        let did = match self.did {
            Did::Created => Phrase::new("list-created", "created “{name}”")
                .text("name", text::one_line(&after.name)),
            Did::Added => match unit(after, after.units.len()) {
                Some(u) => Phrase::new("list-added", "added unit {n}, {unit}")
                    .count("n", after.units.len())
                    .phrase("unit", u),
                None => Phrase::new("list-added-none", "added a unit"),
            },
            Did::Changed(n) => match unit(after, n) {
                Some(u) => Phrase::new("list-changed", "changed unit {n}, {unit}")
                    .count("n", n)
                    .phrase("unit", u),
                None => Phrase::new("list-changed-none", "changed unit {n}").count("n", n),
            },
            Did::Moved { from, to } => {
                let to = to.clamp(1, after.units.len().max(1));
                match unit(after, to) {
                    Some(u) => Phrase::new("list-moved", "moved unit {from} to place {to}, {unit}")
                        .count("from", from)
                        .count("to", to)
                        .phrase("unit", u),
                    None => Phrase::new("list-moved-none", "moved unit {from} to place {to}")
                        .count("from", from)
                        .count("to", to),
                }
            }
            Did::Removed(n) => match self.before.and_then(|b| unit(b, n)) {
                Some(u) => Phrase::new("list-removed", "removed unit {n}, {unit}")
                    .count("n", n)
                    .phrase("unit", u),
                None => Phrase::new("list-removed-none", "removed unit {n}").count("n", n),
            },
            Did::Updated(n) => Phrase::new(
                "list-updated",
                "{n|# unit|# units} priced again with today's data",
            )
            .count("n", n),
        };
        let total = if words.points {
            Phrase::new("list-total-points", "{total} / {limit} points")
                .count("total", after.total)
                .count("limit", after.limit)
        } else {
            Phrase::new("list-total-units", "{n|# unit|# units}").count("n", after.units.len())
        };
        let verdict = if after.is_valid() {
            Phrase::new("list-edit-valid", "valid ({summary})")
        } else {
            Phrase::new(
                "list-edit-invalid",
                "INVALID, written with its errors: fix them before playing ({summary})",
            )
        }
        .phrase("summary", diagnostic::summary_said(&after.diagnostics));
        Phrase::new("list-edited", "{file}: {did}; {total}; {verdict}")
            .text("file", file.display().to_string())
            .phrase("did", did)
            .phrase("total", total)
            .phrase("verdict", verdict)
    }
}

/// A unit as an edit's line names it: its name (in each language the data give it, the
/// player's label as written), its figures and its cost where the ruleset's lists have them.
fn unit_said(row: &UnitRow, words: &ListWords) -> Phrase {
    let name = if row.own_label {
        Named::same(text::one_line(&row.label))
    } else {
        let en = row.names.get(Lang::En).unwrap_or(&row.label);
        Named::new(
            text::one_line(en),
            row.names
                .get(Lang::Fr)
                .map(|n| text::one_line(n).into_owned()),
            row.names
                .get(Lang::Es)
                .map(|n| text::one_line(n).into_owned()),
        )
    };
    // A ruleset's units count figures or elements (its ListWords::figures).
    let elements = words.figures == Some("elements");
    match (
        row.figures.filter(|_| words.figures.is_some()),
        words.points,
    ) {
        (Some(f), true) if elements => Phrase::new(
            "list-unit-elements-points",
            "{name} ({figures|# element|# elements}, {cost|# point|# points})",
        )
        .count("figures", f)
        .count("cost", row.cost),
        (Some(f), false) if elements => Phrase::new(
            "list-unit-elements",
            "{name} ({figures|# element|# elements})",
        )
        .count("figures", f),
        (Some(f), true) => Phrase::new(
            "list-unit-figures-points",
            "{name} ({figures|# figure|# figures}, {cost|# point|# points})",
        )
        .count("figures", f)
        .count("cost", row.cost),
        (Some(f), false) => {
            Phrase::new("list-unit-figures", "{name} ({figures|# figure|# figures})")
                .count("figures", f)
        }
        (None, true) => Phrase::new("list-unit-points", "{name} ({cost|# point|# points})")
            .count("cost", row.cost),
        (None, false) => Phrase::new("list-unit", "{name}"),
    }
    .name("name", name)
}

/// "1 field", "3 fields".
fn count_words(n: usize, word: &str) -> String {
    crate::core::text::count(n, word, &format!("{word}s"))
}
