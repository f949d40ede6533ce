//! The sheet editor of hm-qrs: the form of a unit type, its choices from the data (arms,
//! formations, sizes and weapons by name), and a unit typed in it read over the data as the
//! player's own, checked as `data check` checks a unit.

use std::collections::HashMap;

use super::data::{lint_unit, read_units, Database, UNITS_DIR};
use super::model::{Arm, Lang, Unit};
use crate::core::catalog::{Origin, Provenance, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::rulesets::sheet_form::{form_from_schema, the_one, FormSpec};
use crate::rulesets::{label, schema, Choice, SheetForm};

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
        hidden: &[],
    };
    let fields = form_from_schema(&schema::<Unit>(), &spec, labels)
        .map_err(|e| Error::Render(format!("the unit form: {e}")))?;
    Ok(SheetForm {
        table: "unit",
        folder: UNITS_DIR,
        fields,
    })
}

/// A unit typed in the editor, read over the data: the data with it, its id (empty when it
/// could not be read), and what `data check` says of it.
pub struct Typed {
    pub db: Database,
    pub id: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// A unit typed in the editor: `file` holds one `[[unit]]`; it is read as the player's own,
/// over `data` (in the place of a unit type of the same id), and checked as `data check`
/// checks a unit of the player's folder.
pub fn draft(data: &Database, sources: &Sources, file: FileId) -> Result<Typed, Error> {
    let index = SpanIndex::parse(sources.text(file));
    let mut diagnostics = Vec::new();
    let units = read_units(sources, file, &index, true, &mut diagnostics);
    let Some((at, unit)) = the_one(units, "unit", &diagnostics)? else {
        return Ok(Typed {
            db: data.clone(),
            id: String::new(),
            diagnostics,
        });
    };
    let mut db = data.clone();
    let id = unit.id.clone();
    db.units.put(&id, unit.clone());
    db.provenance
        .insert(id.clone(), (Provenance::Player, sources.name(file)));
    let origin = Origin {
        file,
        table: "unit",
        index: at,
    };
    let mut spans = SpanIndexes::default();
    spans.add(file, index);
    diagnostics.extend(lint_unit(&db, &unit, &origin, &spans));
    Ok(Typed {
        db,
        id,
        diagnostics,
    })
}
