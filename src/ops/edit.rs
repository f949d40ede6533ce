//! A list's text edited as `muster list` and the web app edit it (toml_edit: comments and
//! layout kept): the edit applied to the document, what each unit is priced with recorded,
//! the byte-order mark and line endings kept, an edit that makes the same list written as
//! nothing.

use std::path::Path;
use std::sync::Arc;

use toml_edit::DocumentMut;

use super::ready::{Checked, ListAt, Ready};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::rulesets::priced::Priced;
use crate::rulesets::record::MAX_COST;
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
    let (mut doc, mut notes, added) = changed(engine, file, original, None, change)?;
    // What each unit is priced with: recorded for the units without a record (a list written
    // before records, the unit just added), never accepting new data (`list update` does).
    let first = crate::rulesets::priced::record(engine, file, &mut doc)?;
    say_recorded(first, added, &mut notes);
    Ok((doc, notes))
}

/// [`apply`] without the records: the document (`parsed`, the original's when kept, else
/// the original parsed), the edit's notes and how many units it added.
fn changed(
    engine: &Rules,
    file: &Path,
    original: &str,
    parsed: Option<DocumentMut>,
    change: impl FnOnce(&Rules, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<(DocumentMut, Vec<String>, usize), Error> {
    let mut doc = match parsed {
        Some(doc) => doc,
        None => original
            .trim_start_matches('\u{feff}')
            .parse::<DocumentMut>()
            .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?,
    };
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
/// app's edits): `change` made on its document (the one the last edit wrote the original
/// from when kept, [`Ready::take_document`], else the original parsed), the new text with
/// the original's byte-order mark and line endings, checked once over `ready`'s data (what
/// it names read only within `roots`), the records written from that check carried over to
/// the text with them ([`with_records`]). When the text changed, the original's check is
/// needed: the edit's own first check when only the records changed the text, else the one
/// kept from the last edit or view of it, else made. An edit of a text that is no list file is refused,
/// and an edit that makes the same list as the original (a value set to what it was,
/// [`same_list`]) keeps the original's text and check, so that the player's text stays as
/// they wrote it. Fails when the result would no longer be a list file.
pub fn edit(
    ready: &Ready,
    at: &ListAt,
    original: &str,
    change: impl FnOnce(&Rules, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<Edited, Error> {
    let name = at.name.as_str();
    let not_a_list = |(d, at): (Diagnostic, Option<(usize, usize)>)| {
        let at = at
            .map(|(l, c)| format!(" (line {l}, column {c})"))
            .unwrap_or_default();
        Error::Usage(format!("{name} is not a list file{at}: {}", d.message))
    };
    let check = |text: &str| ready.check_unfolded(at, text.to_owned());
    // The original's check, kept (shared): compared by reference, copied only when the
    // edit makes the same list and it is the answer.
    let original_check = || ready.check_kept(at, original);
    // An edit of a text that is no list file is refused as such, whatever the edit.
    let refused = |e: Error| original_check().err().map_or(e, &not_a_list);
    let engine = ready.engine.as_ref();
    // The document the last edit wrote the original from, if kept: not parsed again.
    let parsed = ready.take_document(at, original);
    let (mut doc, mut notes, added) =
        changed(engine, Path::new(name), original, parsed, change).map_err(refused)?;
    let shape = Shape::of(original);
    let edited = shape.apply(doc.to_string());
    // The records written from the first check (none when the text is no longer a list: it
    // is refused below, with its reasons); the text with them checked again only when the
    // first check cannot be carried over to it.
    let (text, after) = match check(&edited) {
        Err(e) => (edited, Err(e)),
        Ok(made) => {
            // What each unit is priced with, recorded from that check ([`apply`]'s records).
            let written = ready.record(&made.check, &mut doc).map_err(refused)?;
            say_recorded(written.first, added, &mut notes);
            // The document as text again only when the records changed it.
            let recorded = if written.changed() {
                shape.apply(doc.to_string())
            } else {
                edited.clone()
            };
            if recorded == edited {
                (edited, Ok(made))
            } else {
                let carries = carries(ready, &made, &edited, &recorded, &written.records);
                if carries && edited == original {
                    // Only the records changed the original: the same list, its text kept.
                    return Ok(kept(ready, at, original, Arc::new(made), notes, None));
                }
                let after = if carries {
                    Ok(with_records(ready, made, &recorded, &written.records))
                } else {
                    check(&recorded)
                };
                (recorded, after)
            }
        }
    };
    // The document is kept with the text it writes when that text is the answer.
    let (text, checked, doc) = if text == original {
        (text, Arc::new(after.map_err(not_a_list)?), Some(doc))
    } else {
        let before = original_check().map_err(not_a_list)?;
        match after {
            Ok(after) if !same_list(&before.check, &after.check) => {
                (text, Arc::new(after), Some(doc))
            }
            Ok(_) => (original.to_owned(), before, None),
            Err((d, _)) => {
                return Err(Error::Usage(format!(
                    "{name} would not be a valid list file: {}",
                    d.message
                )))
            }
        }
    };
    debug_assert!(doc
        .as_ref()
        .is_none_or(|d| shape.apply(d.to_string()) == text));
    Ok(kept(ready, at, &text, checked, notes, doc))
}

/// The edit's answer: its `text` and `checked` (kept for the next edit's original with
/// `doc`, the document it was written from, then folded: copied when kept) and its notes.
fn kept(
    ready: &Ready,
    at: &ListAt,
    text: &str,
    checked: Arc<Checked>,
    notes: Vec<String>,
    doc: Option<DocumentMut>,
) -> Edited {
    ready.keep(at, text, checked.clone(), doc);
    let mut checked = Arc::try_unwrap(checked).unwrap_or_else(|c| (*c).clone());
    checked.fold();
    Edited {
        text: text.to_owned(),
        checked,
        notes,
    }
}

/// Whether the check `made` of `text` carries over to `recorded`, the same text with the
/// records `written` (each unit's, 1-based) added by [`Ready::record`], instead of checking
/// it again ([`with_records`]). What changes: each unit's record as its row reads it, the
/// spans. What does not: a record written is what the data price its unit with today
/// ([`crate::rulesets::priced::record_checked`]), which the check reads as no change of the data (no
/// `data-changed`), and no rule reads a record otherwise; a written cost within
/// [`MAX_COST`] reads back as written. The diagnostics keep their places when each one in
/// the list points above the line of the first byte the records changed. Not when the check
/// read another file than the list.
fn carries(
    ready: &Ready,
    made: &Checked,
    text: &str,
    recorded: &str,
    written: &[(usize, Priced)],
) -> bool {
    let same = text
        .bytes()
        .zip(recorded.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let line = text.as_bytes()[..same]
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let above = |file: Option<FileId>, range: Option<&std::ops::Range<usize>>| {
        file != Some(made.file) || range.is_none_or(|r| r.end < line)
    };
    let placed = made.check.diagnostics.iter().all(|d| {
        above(d.file, d.span.as_ref())
            && d.related
                .iter()
                .all(|(s, _)| above(Some(s.file), Some(&s.range)))
    });
    let readable = written
        .iter()
        .all(|(unit, p)| p.cost.is_none_or(|c| c <= MAX_COST) && *unit <= made.check.units.len());
    placed && readable && made.sources.len() == ready.sources.len() + 1
}

/// The check `made` carried over to `recorded` ([`carries`]): the list's text replaced, each
/// unit's record as written.
fn with_records(
    ready: &Ready,
    made: Checked,
    recorded: &str,
    written: &[(usize, Priced)],
) -> Checked {
    let Checked {
        sources: was,
        file,
        mut check,
    } = made;
    let mut sources = ready.sources.clone();
    if let Some(roots) = was.confined_to() {
        sources.confine(roots.to_vec());
    }
    let path = was.path(file).unwrap_or(Path::new("")).to_path_buf();
    let id = sources.add_named(&path, &was.name(file), recorded.to_owned());
    debug_assert_eq!(id, file);
    check.spans = SpanIndex::of(&sources, file);
    for (unit, p) in written {
        check.units[unit - 1].priced = Some(p.clone());
    }
    Checked {
        sources,
        file,
        check,
    }
}
