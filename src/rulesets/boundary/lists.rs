//! The [`Lists`] capability: a ruleset's army lists checked, priced, made and edited, and
//! their rosters; checking a list of a ruleset without lists, and a unit changed where it
//! stands.

use std::sync::Arc;

use toml_edit::{DocumentMut, Item};

use super::{
    list_doc, priced, unsupported, ListCheck, ListField, NewList, NewUnit, Offers, Ruleset,
    UnitChange, UnitRow,
};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::{FileId, Sources};

/// A ruleset's army lists: checked and priced, made and edited, their rosters.
pub trait Lists {
    /// Parses and checks a list file of this ruleset. `Err` when the file is not a list at
    /// all (TOML syntax, unknown or missing fields, wrong types): no rule can run.
    fn check_list(&self, sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic>;

    /// Rules over two lists that will face each other, located in `a`.
    fn check_pair(&self, a: &ListCheck, b: &ListCheck, b_name: &str) -> Vec<Diagnostic> {
        let _ = (a, b, b_name);
        Vec::new()
    }

    /// What the data price a unit of a checked list with today ([`priced`]): the values of
    /// its sheet or entry a player reads on its card, and the others that matter to it (its
    /// costs, weapons, skills or options bought). `None` when the data have no sheet or entry
    /// of its id (the check's own error says so), or lists have no units priced.
    fn pricing(&self, row: &UnitRow) -> Option<priced::Pricing>;

    /// A value of text a unit's record keeps ([`Lists::pricing`]), named in `lang` where the
    /// data name it (a quality, a size), for the data-changed words.
    fn kept_name(&self, key: &str, value: &str, lang: Lang) -> Option<String> {
        let _ = (key, value, lang);
        None
    }

    /// The header fields a new list of this ruleset takes besides its name (`muster list
    /// new`, the web's form), named in `lang` (`labels`: the ruleset's labels in it).
    fn list_fields(&self, lang: Lang, labels: &toml::Table) -> Vec<ListField> {
        let _ = (lang, labels);
        Vec::new()
    }

    /// What the list in `file` may take (the builder's picker), in `lang` with the ruleset's
    /// `labels` in it (shared: a ruleset that keeps offers knows its labels by them).
    fn offers(
        &self,
        sources: &Sources,
        file: FileId,
        lang: Lang,
        labels: &Arc<toml::Table>,
    ) -> Result<Offers, Error>;

    /// [`Lists::offers`] of the list checked as `check` (its file in `sources`), from the list
    /// as the check parsed it where the ruleset keeps it ([`ListCheck::parsed`]).
    fn offers_checked(
        &self,
        check: &ListCheck,
        sources: &Sources,
        lang: Lang,
        labels: &Arc<toml::Table>,
    ) -> Result<Offers, Error> {
        self.offers(sources, check.file, lang, labels)
    }

    /// The ids of the ruleset's house rules (muster's own rules, off unless a list or
    /// `--house-rule` turns one on), in the data's order; none for a ruleset without them.
    fn house_rules(&self) -> Vec<String> {
        Vec::new()
    }

    /// The house rules a checked list turns on (ids, in the data's order); none by the book
    /// and for a ruleset without them.
    fn list_house_rules(&self, list: &ListCheck) -> Vec<String> {
        let _ = list;
        Vec::new()
    }

    /// A new, empty list.
    fn new_list(&self, spec: &NewList) -> Result<DocumentMut, Error>;

    /// Appends a unit to a list document (refusing unknown ids before anything is written).
    fn add_unit(&self, doc: &mut DocumentMut, unit: &NewUnit) -> Result<(), Error>;

    /// Removes unit `index` (1-based), the units after it moving up by one; returns notes
    /// about what else changed (what named units by number).
    fn remove_unit(&self, doc: &mut DocumentMut, index: usize) -> Result<Vec<String>, Error> {
        list_doc::remove_unit_at(doc, index).map(|()| Vec::new())
    }

    /// Unit `index` (1-based) of a list document, as `muster list add` would be asked for it.
    fn unit_of(&self, doc: &DocumentMut, index: usize) -> Result<NewUnit, Error>;

    /// The keys a unit's table in a list of this ruleset may hold, written back one by one
    /// when a unit is changed where it stands ([`ListWords::unit_keys`], [`set_in_place`]).
    fn unit_keys(&self) -> &'static [&'static str];

    /// `muster list set`: changes unit `index` (1-based) where it stands ([`set_in_place`]);
    /// returns notes about what else changed (what the change wrote besides the unit).
    fn set_unit(
        &self,
        doc: &mut DocumentMut,
        index: usize,
        change: &UnitChange,
    ) -> Result<Vec<String>, Error> {
        set_in_place(self, self.unit_keys(), doc, index, change).map(|_| Vec::new())
    }

    /// `muster list move`: unit `from` (1-based) goes to place `to`, the units between shift
    /// by one; returns notes about what else changed (what named units by number).
    fn move_unit(
        &self,
        doc: &mut DocumentMut,
        from: usize,
        to: usize,
    ) -> Result<Vec<String>, Error> {
        list_doc::move_unit_at(doc, from, to).map(|()| Vec::new())
    }

    /// A roster's context (as `r`).
    fn roster(
        &self,
        list: &ListCheck,
        sources: &Sources,
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<serde_json::Value, Error>;
}

/// Changes unit `index` (1-based) of a list document where it stands: the unit as it is
/// ([`Lists::unit_of`]), changed, checked as [`Lists::add_unit`] checks a new unit (on a
/// copy of the document), then written back key by key ([`ListWords::unit_keys`]), its
/// comments kept. Returns the unit as changed and the copy the check added it to (what else
/// the addition wrote there, a ruleset may carry over).
pub fn set_in_place<L: Lists + ?Sized>(
    engine: &L,
    unit_keys: &[&str],
    doc: &mut DocumentMut,
    index: usize,
    change: &UnitChange,
) -> Result<(NewUnit, DocumentMut), Error> {
    let wanted = change.apply(engine.unit_of(doc, index)?, index);
    let mut scratch = without_units(doc);
    engine.add_unit(&mut scratch, &wanted)?;
    let table = list_doc::last_unit(&scratch)?;
    list_doc::replace_unit(doc, index, &table, unit_keys)?;
    Ok((wanted, scratch))
}

/// A copy of a list document with none of its units (an empty `units` of the same kind, in
/// its place): what [`Lists::add_unit`] reads of a list besides its units (its header, a
/// ruleset's other tables) at the cost of copying those alone. A `units` that is neither an
/// array of tables nor an array is copied as it is.
fn without_units(doc: &mut DocumentMut) -> DocumentMut {
    let empty = match doc.get("units") {
        Some(Item::ArrayOfTables(_)) => Item::ArrayOfTables(toml_edit::ArrayOfTables::new()),
        Some(Item::Value(toml_edit::Value::Array(_))) => {
            Item::Value(toml_edit::Value::Array(toml_edit::Array::new()))
        }
        _ => return doc.clone(),
    };
    let Some(slot) = doc.get_mut("units") else {
        return doc.clone();
    };
    let units = std::mem::replace(slot, empty);
    let copy = doc.clone();
    if let Some(slot) = doc.get_mut("units") {
        *slot = units;
    }
    copy
}

/// Sets the count (figures, elements: the list's word for it is its key) of unit `index`
/// (1-based) of a list of `ruleset`; the check says whether the count is legal.
pub fn set_count(
    ruleset: Ruleset,
    doc: &mut DocumentMut,
    index: usize,
    count: u32,
) -> Result<(), Error> {
    let key = ruleset
        .list_words()
        .figures
        .ok_or_else(|| unsupported(ruleset, "unit counts"))?;
    list_doc::set_unit_key(doc, index, key, i64::from(count))
}
