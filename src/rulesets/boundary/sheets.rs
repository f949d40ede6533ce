//! The [`Sheets`] capability: a ruleset's unit sheets (or entries, classes) listed and shown.

use crate::core::error::Error;
use crate::core::i18n::Lang;

/// Filters of `muster sheets`; each ruleset says which it knows.
#[derive(Debug, Default, Clone)]
pub struct SheetFilter {
    pub nation: Option<String>,
    pub coalition: Option<String>,
    pub kind: Option<String>,
    pub arm: Option<String>,
    pub campaign: Option<String>,
    pub army: Option<String>,
}

/// A table of the database: JSON for tools, a text table for people.
pub struct Listing {
    pub json: serde_json::Value,
    pub header: Vec<&'static str>,
    pub rows: Vec<Vec<String>>,
    /// "sheets", "entries", "skills".
    pub noun: &'static str,
}

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
