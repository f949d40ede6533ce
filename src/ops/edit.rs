//! A list's text edited as `muster list` and the web app edit it (toml_edit: comments and
//! layout kept): the edit applied to the document, what each unit is priced with recorded,
//! the byte-order mark and line endings kept, an edit that makes the same list written as
//! nothing.

use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use super::ready::{Checked, Ready};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::Sources;
use crate::rulesets::{ListCheck, Rules};

/// What an edit keeps of the file's bytes besides its TOML: a byte-order mark and CRLF line
/// endings.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Shape {
    bom: bool,
    crlf: bool,
}

impl Shape {
    pub(crate) fn of(text: &str) -> Self {
        Self {
            bom: text.starts_with('\u{feff}'),
            crlf: text.contains("\r\n"),
        }
    }

    pub(crate) fn apply(self, text: String) -> String {
        let text = if self.crlf {
            text.replace("\r\n", "\n").replace('\n', "\r\n")
        } else {
            text
        };
        if self.bom {
            format!("\u{feff}{text}")
        } else {
            text
        }
    }
}

/// Whether an edit's text makes the same list as `before` (a value set to what it was, a
/// command unit given the figures its sheet gives it): then nothing is written, so that the
/// player's text stays as they wrote it.
pub(crate) fn unchanged(
    engine: &Rules,
    file: &Path,
    before: &crate::rulesets::ListCheck,
    text: &str,
) -> bool {
    let mut sources = Sources::new();
    let id = sources.add(file, text.to_owned());
    let Ok(after) = crate::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, id)
    else {
        return false;
    };
    same_list(before, &after)
}

/// Whether two checks are of the same list: its header, total, units (what each is, costs
/// and bought) and what the check says of it (each mistake as often as it is made).
pub fn same_list(before: &ListCheck, after: &ListCheck) -> bool {
    let words = |l: &ListCheck| -> Vec<(String, String)> {
        l.diagnostics
            .iter()
            .map(|d| (d.code.to_owned(), d.message.clone()))
            .collect()
    };
    after.name == before.name
        && after.lang == before.lang
        && after.description == before.description
        && after.total == before.total
        && after.limit == before.limit
        && after.side == before.side
        && after.units.len() == before.units.len()
        && after.units.iter().zip(&before.units).all(|(a, b)| {
            a.id == b.id
                && a.label == b.label
                && a.figures == b.figures
                && a.cost == b.cost
                && a.extras == b.extras
        })
        && words(after) == words(before)
}

/// Parses a list's text (a byte-order mark aside) and applies `change` to it; the edit's
/// messages name `file`.
pub(crate) fn apply(
    engine: &Rules,
    file: &Path,
    original: &str,
    change: impl FnOnce(&Rules, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<(DocumentMut, Vec<String>), Error> {
    let (mut doc, mut notes, added) = changed(engine, file, original, change)?;
    // What each unit is priced with: recorded for the units without a record (a list written
    // before records, the unit just added), never accepting new data (`list update` does).
    let first = crate::rulesets::priced::record(engine, file, &mut doc)?;
    say_recorded(first, added, &mut notes);
    Ok((doc, notes))
}

/// [`apply`] without the records: the document, the edit's notes and how many units it
/// added.
fn changed(
    engine: &Rules,
    file: &Path,
    original: &str,
    change: impl FnOnce(&Rules, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<(DocumentMut, Vec<String>, usize), Error> {
    let mut doc = original
        .trim_start_matches('\u{feff}')
        .parse::<DocumentMut>()
        .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
    let units = crate::rulesets::list_doc::unit_count(&doc);
    let notes = change(engine, &mut doc).map_err(|e| match e {
        Error::Usage(m) => Error::Usage(format!("{}: {m}", file.display())),
        other => other,
    })?;
    let added = crate::rulesets::list_doc::unit_count(&doc).saturating_sub(units);
    Ok((doc, notes, added))
}

/// The edit's note when it recorded `first` units for the first time, `added` of them the
/// units it added.
fn say_recorded(first: usize, added: usize, notes: &mut Vec<String>) {
    if first > added {
        let n = first - added;
        notes.push(format!(
            "recorded what {n} {}unit{} {} priced with (`priced = {{…}}`): `muster check` now says when the data change",
            if added > 0 { "other " } else { "" },
            if n == 1 { "" } else { "s" },
            if n == 1 { "is" } else { "are" }
        ));
    }
}

/// A list's text edited and checked: the text to write, its check (what the builder's view
/// is built from) and the edit's notes.
pub struct Edited {
    pub text: String,
    pub checked: Checked,
    pub notes: Vec<String>,
}

/// An edit of the list `name` (its `original` text, at `path`) as the CLI makes it (the web
/// app's edits): `change` made on its document, the new text with the original's byte-order
/// mark and line endings, checked once over `ready`'s data (what it names read only within
/// `roots`). When the text changed, the original is checked too (once): an edit of a text
/// that is no list file is refused, and an edit that makes the same list as the original (a
/// value set to what it was, [`same_list`]) keeps the original's text and check, so that the
/// player's text stays as they wrote it. Fails when the result would no longer be a list file.
pub fn edit(
    ready: &Ready,
    roots: Option<Vec<PathBuf>>,
    path: &Path,
    name: &str,
    original: &str,
    change: impl FnOnce(&Rules, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<Edited, Error> {
    let not_a_list = |(d, at): (Diagnostic, Option<(usize, usize)>)| {
        let at = at
            .map(|(l, c)| format!(" (line {l}, column {c})"))
            .unwrap_or_default();
        Error::Usage(format!("{name} is not a list file{at}: {}", d.message))
    };
    let check = |text: &str| ready.check_unfolded(roots.clone(), path, name, text.to_owned());
    // An edit of a text that is no list file is refused as such, whatever the edit.
    let refused = |e: Error| check(original).err().map_or(e, &not_a_list);
    let engine = ready.engine.as_ref();
    let (mut doc, mut notes, added) =
        changed(engine, Path::new(name), original, change).map_err(refused)?;
    let shape = Shape::of(original);
    let mut text = shape.apply(doc.to_string());
    let mut after = check(&text);
    // The records written from that check (none when the text is no longer a list: it is
    // refused below, with its reasons); the text checked again only when they changed it.
    if let Ok(made) = &after {
        // What each unit is priced with, recorded from that check ([`apply`]'s records).
        let first = ready.record(&made.check, &mut doc).map_err(refused)?;
        say_recorded(first, added, &mut notes);
        let recorded = shape.apply(doc.to_string());
        if recorded != text {
            text = recorded;
            after = check(&text);
        }
    }
    let (text, mut checked) = if text == original {
        (text, after.map_err(not_a_list)?)
    } else {
        let before = check(original).map_err(not_a_list)?;
        match after {
            Ok(after) if !same_list(&before.check, &after.check) => (text, after),
            Ok(_) => (original.to_owned(), before),
            Err((d, _)) => {
                return Err(Error::Usage(format!(
                    "{name} would not be a valid list file: {}",
                    d.message
                )))
            }
        }
    };
    checked.fold();
    Ok(Edited {
        text,
        checked,
        notes,
    })
}
