//! The sheet editor of Capitán: the form of a unit sheet (§1.1), its choices from the data,
//! and a sheet typed in it read over the data as the player's own.

use std::collections::HashMap;

use super::data::parse_sheets;
use super::database::Database;
use super::lint::lint_sheet;
use super::model::{Lang, Quality, UnitSheet};
use crate::core::catalog::{Origin, Provenance, SpanIndexes};
use crate::core::error::Error;
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::rulesets::sheet_form::{the_one, FormSpec, Only};
use crate::rulesets::typed_form::form_of;
use crate::rulesets::{label, Choice, SheetForm};

/// Each field's unit (a label key).
const UNITS: &[(&str, &str)] = &[
    ("range.short", "unit_cm"),
    ("range.medium", "unit_cm"),
    ("range.long", "unit_cm"),
    ("move.normal", "unit_cm"),
    ("move.march", "unit_cm"),
    ("move.charge", "unit_cm"),
    ("command_radius", "unit_cm"),
    ("points", "unit_points"),
    ("gun_points", "unit_points"),
    ("skills.cost", "unit_points"),
];

/// A player's sheet says no source: it is theirs.
const HIDDEN: &[&str] = &["source"];

/// The fields of a command sheet (§1, §4) and of a gun (§12): shown for those kinds alone,
const ONLY: &[Only] = &[
    Only::new("command_radius", "kind", COMMAND, true),
    Only::new("command_capacity", "kind", COMMAND, true),
    Only::new("command", "kind", COMMAND, true),
    Only::new("specialists", "kind", COMMAND, false),
    Only::new("figures", "kind", COMMAND, true),
    Only::new("gun_points", "kind", ARTILLERY, true),
    Only::new("gun_type", "kind", ARTILLERY, true),
    Only::new("gun_model", "kind", ARTILLERY, false),
    Only::new("limber", "kind", ARTILLERY, false),
];
const COMMAND: &[&str] = &["command"];
const ARTILLERY: &[&str] = &["artillery"];

pub fn form(db: &Database, lang: Lang, labels: &toml::Table) -> Result<SheetForm, Error> {
    let mut choices: HashMap<&str, Vec<Choice>> = HashMap::new();
    choices.insert(
        "nation",
        db.nations
            .iter()
            .map(|n| Choice::new(&n.id, n.name.get(lang)))
            .collect(),
    );
    choices.insert(
        "unit_type",
        db.unit_types
            .iter()
            .map(|u| Choice::new(&u.id, u.name.get(lang)))
            .collect(),
    );
    choices.insert(
        "weapon",
        db.weapons
            .iter()
            .map(|w| {
                let r = &w.range;
                Choice::new(
                    &w.id,
                    &format!(
                        "{} ({} / {} / {})",
                        w.name.get(lang),
                        r.short,
                        r.medium,
                        r.long
                    ),
                )
                .filling(serde_json::json!({
                    "range": { "short": r.short, "medium": r.medium, "long": r.long }
                }))
            })
            .collect(),
    );
    choices.insert(
        "campaigns",
        db.campaigns
            .iter()
            .map(|c| Choice::new(&c.id, c.name.get(lang)))
            .collect(),
    );
    choices.insert(
        "skills.id",
        db.skills
            .iter()
            .map(|s| {
                Choice::new(&s.id, &format!("{} ({})", s.name.get(lang), s.cost))
                    .filling(serde_json::json!({ "cost": s.cost }))
            })
            .collect(),
    );
    choices.insert(
        "quality",
        Quality::ALL
            .iter()
            .map(|q| {
                let name = db.rules.quality(*q).map(|r| r.name.get(lang));
                Choice::new(q.as_str(), name.unwrap_or(q.as_str()))
            })
            .collect(),
    );
    for (key, ids) in [
        ("coalition", &["allies", "empire"][..]),
        ("kind", &["command", "troop", "artillery"][..]),
        ("arm", &["infantry", "cavalry"][..]),
    ] {
        choices.insert(
            key,
            ids.iter()
                .map(|id| Choice::new(id, &label(labels, &format!("{key}_{id}"))))
                .collect(),
        );
    }
    let spec = FormSpec {
        choices,
        units: UNITS,
        hidden: HIDDEN,
        only: ONLY,
    };
    form_of::<UnitSheet>(&spec, labels, "sheet", "sheets", "the sheet form")
}

/// A sheet typed in the editor, read over the data: the data with it, its id (empty when it
/// could not be read), and what `data check` says of it.
pub struct Typed {
    pub db: Database,
    pub id: String,
    pub diagnostics: Vec<crate::core::diagnostic::Diagnostic>,
}

/// A sheet typed in the editor: `file` holds one `[[sheet]]`; it is read as the player's own,
/// over `data` (in the place of a sheet of the same id), and checked as `data check` would.
pub fn draft(data: &Database, sources: &Sources, file: FileId) -> Result<Typed, Error> {
    let index = SpanIndex::parse(sources.text(file));
    let (parsed, mut diagnostics) = parse_sheets(sources, file, &index);
    let sheets: Vec<UnitSheet> = parsed.sheet;
    let Some(sheet) = the_one(sheets, "sheet", &diagnostics)? else {
        return Ok(Typed {
            db: data.clone(),
            id: String::new(),
            diagnostics,
        });
    };
    let mut db = data.clone();
    let id = sheet.id.clone();
    db.sheets.put(&id, sheet.clone());
    db.provenance
        .insert(id.clone(), (Provenance::Player, sources.name(file)));
    let origin = Origin {
        file,
        table: "sheet",
        index: 0,
    };
    let mut spans = SpanIndexes::default();
    spans.add(file, index);
    diagnostics.extend(lint_sheet(&db, &sheet, &origin, &spans));
    Ok(Typed {
        db,
        id,
        diagnostics,
    })
}
