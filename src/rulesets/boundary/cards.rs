//! The [`Cards`] capability: a ruleset's unit cards, as template contexts.

use super::{ListCheck, SheetRef};
use crate::core::error::Error;
use crate::core::i18n::Lang;

/// A ruleset's unit cards.
pub trait Cards {
    /// The template contexts of the cards to print (one per card, as `card`): the units of
    /// `list`, or the sheets `sheets` alone.
    fn contexts(
        &self,
        list: Option<&ListCheck>,
        sheets: &[SheetRef],
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<Vec<serde_json::Value>, Error>;
}
