//! A list's text edited as `muster list` and the web app edit it (toml_edit: comments and
//! layout kept): the edit applied to the document, what each unit is priced with recorded,
//! the byte-order mark and line endings kept, an edit that makes the same list written as
//! nothing.

use std::path::Path;

use toml_edit::DocumentMut;

use crate::core::error::Error;
use crate::core::source::Sources;
use crate::rulesets::Engine;

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
    engine: &dyn Engine,
    file: &Path,
    before: &crate::rulesets::ListCheck,
    text: &str,
) -> bool {
    let mut sources = Sources::new();
    let id = sources.add(file, text.to_owned());
    let Ok(after) = engine.check_list(&sources, id) else {
        return false;
    };
    let words = |l: &crate::rulesets::ListCheck| -> Vec<(String, String)> {
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
        && words(&after) == words(before)
}

/// Parses a list's text (a byte-order mark aside) and applies `change` to it; the edit's
/// messages name `file`.
pub(crate) fn apply(
    engine: &dyn Engine,
    file: &Path,
    original: &str,
    change: impl FnOnce(&dyn Engine, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<(DocumentMut, Vec<String>), Error> {
    let mut doc = original
        .trim_start_matches('\u{feff}')
        .parse::<DocumentMut>()
        .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
    let units = crate::rulesets::list_doc::unit_count(&doc);
    let mut notes = change(engine, &mut doc).map_err(|e| match e {
        Error::Usage(m) => Error::Usage(format!("{}: {m}", file.display())),
        other => other,
    })?;
    // What each unit is priced with: recorded for the units without a record (a list written
    // before records, the unit just added), never accepting new data (`list update` does).
    let added = crate::rulesets::list_doc::unit_count(&doc).saturating_sub(units);
    let first = crate::rulesets::priced::record(engine, file, &mut doc)?;
    if first > added {
        let n = first - added;
        notes.push(format!(
            "recorded what {n} {}unit{} {} priced with (`priced = {{…}}`): `muster check` now says when the data change",
            if added > 0 { "other " } else { "" },
            if n == 1 { "" } else { "s" },
            if n == 1 { "is" } else { "are" }
        ));
    }
    Ok((doc, notes))
}

/// An edit of a list's text as the CLI makes it (the web app's edits): the new text, with
/// the original's byte-order mark and line endings, and the edit's notes. It fails when the
/// result would no longer be a list file (`sources` holds the data, for diagnostics).
pub fn edited_text(
    engine: &dyn Engine,
    file: &Path,
    original: &str,
    change: impl FnOnce(&dyn Engine, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<(String, Vec<String>), Error> {
    let (doc, notes) = apply(engine, file, original, change)?;
    let text = Shape::of(original).apply(doc.to_string());
    let mut sources = Sources::new();
    let first = sources.add(file, original.to_owned());
    if let Ok(before) = engine.check_list(&sources, first) {
        if unchanged(engine, file, &before, &text) {
            return Ok((original.to_owned(), notes));
        }
    }
    let id = sources.add(file, text.clone());
    engine.check_list(&sources, id).map_err(|d| {
        Error::Usage(format!(
            "{} would not be a valid list file: {}",
            file.display(),
            d.message
        ))
    })?;
    Ok((text, notes))
}
