//! The [`Sheets`] capability: a ruleset's unit sheets (or entries, classes) listed and shown.

use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::words::Phrase;

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

/// A table of the database: JSON for tools, a text table for people, its words said in the
/// asked language (`muster sheets --lang`, `muster skills --lang`).
pub struct Listing {
    pub json: serde_json::Value,
    /// The columns' heads.
    pub header: Vec<Phrase>,
    /// The rows, their names and rules in the asked language where the data give them; the
    /// ids and the values the filters take (`--kind`, `--arm`, `--nation`, `--army`) as typed.
    pub rows: Vec<Vec<String>>,
    /// What the rows are, agreeing with their count `n`: "{n|# sheet|# sheets}".
    pub noun: Phrase,
}

/// The heads of a listing's columns, each `(key, English)`: the key's words `msg_<key>` in
/// `templates/messages.toml` (the heads every ruleset shares) or in the ruleset's messages.
pub fn columns(heads: &[(&'static str, &'static str)]) -> Vec<Phrase> {
    heads.iter().map(|&(k, en)| Phrase::new(k, en)).collect()
}

/// A ruleset's unit sheets (or entries, classes): listed and shown.
pub trait Sheets {
    /// `muster sheets`, in `lang`.
    fn listing(&self, filter: &SheetFilter, lang: Lang) -> Result<Listing, Error>;

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

    /// `muster skills`: the skills or special rules units may buy, if the ruleset has them,
    /// in `lang`.
    fn skills(&self, lang: Lang) -> Result<Option<Listing>, Error> {
        let _ = lang;
        Ok(None)
    }
}
