//! The sheet editor of Thucydide: the form of a troop type, its choices from the data (troop
//! types, armours and traits by name). A troop type typed in it is read over the data as the
//! player's own by `data.rs`.

use std::collections::HashMap;

use super::database::{Database, TROOP_TYPES};
use super::model::{Lang, Unit};
use crate::core::error::Error;
use crate::rulesets::sheet_form::FormSpec;
use crate::rulesets::typed_form::form_of;
use crate::rulesets::{Choice, SheetForm};

/// Each field's unit (a label key).
const UNITS: &[(&str, &str)] = &[
    ("fire", "unit_dice"),
    ("range", "unit_hexes"),
    ("assault", "unit_dice"),
    ("melee", "unit_dice"),
];

pub fn form(db: &Database, lang: Lang, labels: &toml::Table) -> Result<SheetForm, Error> {
    let mut choices: HashMap<&str, Vec<Choice>> = HashMap::new();
    choices.insert(
        "type",
        db.types
            .iter()
            .map(|t| Choice::new(&t.id, t.name.get(lang)))
            .collect(),
    );
    choices.insert(
        "armour",
        db.armours
            .iter()
            .map(|a| Choice::new(&a.id, a.name.get(lang)))
            .collect(),
    );
    choices.insert(
        "traits",
        db.traits
            .iter()
            .map(|t| Choice::new(&t.id, t.name.get(lang)))
            .collect(),
    );
    let spec = FormSpec {
        choices,
        units: UNITS,
        ..FormSpec::default()
    };
    form_of::<Unit>(&spec, labels, "unit", TROOP_TYPES.folder, "the troop form")
}
