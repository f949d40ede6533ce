//! The [`Sheets`] capability: a ruleset's unit sheets (or entries, classes) listed and shown.

use super::{Listing, SheetFilter};
use crate::core::error::Error;
use crate::core::i18n::Lang;

/// A ruleset's unit sheets (or entries, classes): listed and shown.
pub trait Sheets {
    /// `muster sheets`.
    fn listing(&self, filter: &SheetFilter) -> Result<Listing, Error>;

    /// `muster sheets show ID --format json`: every field of a sheet.
    fn sheet(&self, id: &str) -> Result<serde_json::Value, Error>;

    /// `muster sheets show ID` as text, when the ruleset says it in its own words; `None`:
    /// the text is its card's, from its template ([`Engine::cards`](super::Engine::cards)).
    fn sheet_text(
        &self,
        id: &str,
        lang: Lang,
        labels: &toml::Table,
    ) -> Option<Result<String, Error>> {
        let _ = (id, lang, labels);
        None
    }

    /// `muster skills`: the skills or special rules units may buy, if the ruleset has them.
    fn skills(&self) -> Result<Option<Listing>, Error> {
        Ok(None)
    }
}
