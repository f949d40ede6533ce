//! The sheet editor of Thucydide: the form of a troop type, its choices from the data (troop
//! types, armours and traits by name), and a troop type typed in it read over the data as the
//! player's own, checked as `data check` checks a unit.

use std::collections::HashMap;

use super::data::{lint_unit, read_units, Database, UNITS_DIR};
use super::model::{Lang, Unit};
use crate::core::catalog::{Origin, Provenance, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::rulesets::sheet_form::{form_from_schema, the_one, FormSpec};
use crate::rulesets::{schema, Choice, SheetForm};

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
        hidden: &[],
    };
    let fields = form_from_schema(&schema::<Unit>(), &spec, labels)
        .map_err(|e| Error::Render(format!("the troop form: {e}")))?;
    Ok(SheetForm {
        table: "unit",
        folder: UNITS_DIR,
        fields,
    })
}

/// A troop type typed in the editor, read over the data: the data with it, its id (empty
/// when it could not be read), and what `data check` says of it.
pub struct Typed {
    pub db: Database,
    pub id: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// A troop type typed in the editor: `file` holds one `[[unit]]`; it is read as the player's
/// own, over `data` (in the place of a troop type of the same id), and checked as `data
/// check` checks a unit of the player's folder.
pub fn draft(data: &Database, sources: &Sources, file: FileId) -> Result<Typed, Error> {
    let index = SpanIndex::parse(sources.text(file));
    let mut diagnostics = Vec::new();
    let (units, _) = read_units(sources, file, &index, true, &mut diagnostics);
    let Some((at, unit)) = the_one(units, "troop type", &diagnostics)? else {
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
