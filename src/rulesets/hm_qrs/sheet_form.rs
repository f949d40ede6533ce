//! The sheet editor of hm-qrs: the form of a unit type, its choices from the data (arms,
//! formations, sizes and weapons by name). A unit typed in it is read over the data as the
//! player's own by `data.rs`.

use std::collections::HashMap;

use super::database::{Database, UNIT_TYPES};
use super::model::{Arm, Lang, Unit};
use crate::core::error::Error;
use crate::rulesets::sheet_form::FormSpec;
use crate::rulesets::typed_form::form_of;
use crate::rulesets::{label, Choice, SheetForm};

/// Each field's unit (a label key).
const UNITS: &[(&str, &str)] = &[
    ("hand_to_hand", "unit_dice"),
    ("shooting", "unit_dice"),
    ("morale", "unit_d6"),
    ("points", "unit_points"),
];

pub fn form(db: &Database, lang: Lang, labels: &toml::Table) -> Result<SheetForm, Error> {
    let mut choices: HashMap<&str, Vec<Choice>> = HashMap::new();
    choices.insert(
        "arm",
        Arm::ALL
            .iter()
            .map(|a| Choice::new(a.as_str(), &label(labels, &format!("arm_{}", a.as_str()))))
            .collect(),
    );
    let rows = |rows: &[super::model::DiceRow]| -> Vec<Choice> {
        rows.iter()
            .map(|r| Choice::new(&r.id, r.name.get(lang)))
            .collect()
    };
    choices.insert("formation", rows(&db.rules.formation));
    choices.insert("size", rows(&db.rules.size));
    choices.insert(
        "weapon",
        db.rules
            .range
            .iter()
            .map(|r| {
                Choice::new(
                    &r.id,
                    &format!("{} ({}\" / {} cm)", r.name.get(lang), r.inches, r.cm),
                )
            })
            .collect(),
    );
    let spec = FormSpec {
        choices,
        units: UNITS,
        ..FormSpec::default()
    };
    form_of::<Unit>(&spec, labels, "unit", UNIT_TYPES.folder, "the unit form")
}
