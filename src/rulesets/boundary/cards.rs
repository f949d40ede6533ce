//! The [`Cards`] capability: a ruleset's unit cards, as template contexts, and the loop every
//! ruleset's cards share ([`contexts_of`]).

use serde::Serialize;
use serde_json::Value;

use super::{to_values, ListCheck, SheetRef, UnitRow};
use crate::core::error::Error;
use crate::core::i18n::Lang;

/// The cards to print: the units of a checked list, then sheets alone.
#[derive(Clone, Copy)]
pub struct CardsOf<'a> {
    pub list: Option<&'a ListCheck>,
    pub sheets: &'a [SheetRef],
}

/// A ruleset's unit cards.
pub trait Cards {
    /// The template contexts of the cards to print (one per card, as `card`): the units of
    /// `of.list`, or the sheets `of.sheets` alone.
    fn contexts(&self, of: CardsOf, lang: Lang, labels: &toml::Table) -> Result<Vec<Value>, Error>;
}

/// The template contexts of the cards of `of`'s list's units, then of the sheets named alone,
/// the ruleset making each: `unit` a list's unit's (its number from 1, its row), `sheet` a
/// sheet's alone; the first refusal stops them.
pub fn contexts_of<'a, C: Serialize>(
    of: CardsOf<'a>,
    mut unit: impl FnMut(usize, &'a UnitRow) -> Result<C, Error>,
    mut sheet: impl FnMut(&'a SheetRef) -> Result<C, Error>,
) -> Result<Vec<Value>, Error> {
    let CardsOf { list, sheets } = of;
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
