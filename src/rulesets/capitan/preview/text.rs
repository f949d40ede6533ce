//! What the previews' texts share (each procedure's own is in its folder,
//! `preview/NAME/text.rs`: the text `muster preview` prints and the web builder shows, and the
//! distributions both draw).

use crate::core::words::Phrase;

/// A series named by its unit's label (the page around a chart of one names it itself).
pub(crate) fn unit_series(label: &str) -> Phrase {
    Phrase::new("series-unit", "{unit}").text("unit", label)
}
