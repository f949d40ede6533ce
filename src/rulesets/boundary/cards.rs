//! The [`Cards`] capability: a ruleset's unit cards, as template contexts, and the loop every
//! ruleset's cards share ([`contexts_of`]).

use serde::Serialize;

use super::{to_values, ListCheck, SheetRef, UnitRow};
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

/// The template contexts of the cards of `list`'s units, then of the sheets named alone, the
/// ruleset making each: `unit` a list's unit's (its number from 1, its row), `sheet` a sheet's
/// alone; the first refusal stops them.
pub fn contexts_of<'a, C: Serialize>(
    list: Option<&'a ListCheck>,
    sheets: &'a [SheetRef],
    mut unit: impl FnMut(usize, &'a UnitRow) -> Result<C, Error>,
    mut sheet: impl FnMut(&'a SheetRef) -> Result<C, Error>,
) -> Result<Vec<serde_json::Value>, Error> {
    let mut cards = Vec::new();
    if let Some(list) = list {
        for (i, row) in list.units.iter().enumerate() {
            cards.push(unit(i + 1, row)?);
        }
    }
    for s in sheets {
        cards.push(sheet(s)?);
    }
    to_values(&cards)
}
