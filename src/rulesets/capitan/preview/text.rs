//! What the previews' texts share (each procedure's own is in its folder,
//! `preview/NAME/text.rs`: the text `muster preview` prints and the web builder shows, and the
//! distributions both draw), said in the request's language.

use crate::core::words::{Phrase, Say};

/// A series named by its unit's label (the page around a chart of one names it itself).
pub(crate) fn unit_series(label: &Phrase) -> Phrase {
    Phrase::new("series-unit", "{unit}").phrase("unit", label.clone())
}

/// The notes of a preview, one a line, indented.
pub(crate) fn notes(say: Say, notes: &[Phrase]) -> String {
    notes.iter().map(|n| format!("  {}\n", say.it(n))).collect()
}
