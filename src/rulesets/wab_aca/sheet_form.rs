//! The sheet editor of WAB ACA: the form of an army entry (ACA p.1–13), its choices from the
//! data, and an entry typed in it read over the data as the player's own. A player's entry
//! sits in a file of entries alone (`my-sheets/wab-aca/armies/ID.toml`, no `[army]`), each
//! naming the army it joins.

use std::collections::HashMap;

use super::data::parse_entries;
use super::database::Database;
use super::lint::lint_entry;
use super::model::{Entry, GeneralRank, Kind, Role, UnitOption};
use crate::core::catalog::{Origin, Provenance, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::{FileId, Seg, Sources, SpanIndex};
use crate::core::suggest::nearest;
use crate::rulesets::sheet_form::{the_one, FormSpec, Only};
use crate::rulesets::typed_form::form_of;
use crate::rulesets::{label, Choice, SheetForm};

/// Each field's unit (a label key).
const UNITS: &[(&str, &str)] = &[
    ("profile.m", "unit_inch"),
    ("cost", "unit_points_figure"),
    ("gun_cost", "unit_points_gun"),
];

/// The fields of some kinds of entry alone (ACA p.2–13): a general's role and rank, the troops'
/// class, options and formations, a battery's guns, the fusiliers engineers are costed from.
const ONLY: &[Only] = &[
    Only::new("role", "kind", &["general"], true),
    Only::new("rank", "role", &["commander"], true),
    Only::new("class", "kind", TROOPS, true),
    Only::new("base", "class", &["engineers"], false),
    Only::new("battery", "kind", &["battery"], true),
    Only::new("horse", "kind", &["battery"], false),
    Only::new("gun_cost", "kind", &["battery"], true),
    Only::new("guns", "kind", &["battery"], true),
    Only::new("options", "kind", TROOPS, false),
    Only::new("max_elite", "kind", TROOPS, false),
    Only::new("firearm", "kind", TROOPS, false),
    Only::new("formations", "kind", TROOPS, true),
];
const TROOPS: &[&str] = &["infantry", "cavalry"];

pub fn form(db: &Database, lang: Lang, labels: &toml::Table) -> Result<SheetForm, Error> {
    let mut choices: HashMap<&str, Vec<Choice>> = HashMap::new();
    choices.insert(
        "army",
        db.armies
            .iter()
            .map(|a| Choice::new(&a.header.id, a.header.name.get(lang)))
            .collect(),
    );
    choices.insert(
        "kind",
        Kind::ALL
            .iter()
            .map(|k| Choice::new(k.as_str(), &label(labels, &format!("kind_{}", k.as_str()))))
            .collect(),
    );
    choices.insert(
        "class",
        super::model::Class::ALL
            .iter()
            .map(|c| Choice::new(c.as_str(), &label(labels, &format!("class_{}", c.as_str()))))
            .collect(),
    );
    let named = |prefix: &str, ids: &[&str]| -> Vec<Choice> {
        ids.iter()
            .map(|id| Choice::new(id, &label(labels, &format!("sheet_value_{prefix}_{id}"))))
            .collect()
    };
    let roles: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
    let ranks: Vec<&str> = GeneralRank::ALL.iter().map(|r| r.as_str()).collect();
    let options: Vec<&str> = UnitOption::ALL.iter().map(|o| o.as_str()).collect();
    choices.insert("role", named("role", &roles));
    choices.insert("rank", named("rank", &ranks));
    choices.insert("options", named("options", &options));
    choices.insert(
        "base",
        db.entries
            .iter()
            .filter(|e| e.kind == Kind::Infantry)
            .map(|e| Choice::new(&e.id, e.name.get(lang)))
            .collect(),
    );
    choices.insert(
        "battery",
        db.batteries
            .iter()
            .map(|b| Choice::new(&b.id, b.name.get(lang)))
            .collect(),
    );
    choices.insert(
        "quality",
        db.qualities
            .iter()
            .map(|q| Choice::new(&q.id, q.name.get(lang)))
            .collect(),
    );
    let weapons: Vec<Choice> = db
        .weapons
        .iter()
        .map(|w| {
            let name = w.name.get(lang);
            if w.range == 0 {
                Choice::new(&w.id, name)
            } else {
                Choice::new(&w.id, &format!("{name} ({}\")", w.range))
            }
        })
        .collect();
    choices.insert("weapon", weapons.clone());
    choices.insert("firearm", weapons);
    choices.insert(
        "formations",
        db.formations
            .iter()
            .map(|f| {
                let arm = label(labels, &format!("arm_{}", f.arm));
                Choice::new(&f.id, &format!("{} ({arm})", f.name.get(lang)))
            })
            .collect(),
    );
    choices.insert(
        "special",
        db.specials
            .iter()
            .map(|s| Choice::new(&s.id, s.name.get(lang)))
            .collect(),
    );
    let spec = FormSpec {
        choices,
        units: UNITS,
        only: ONLY,
        ..FormSpec::default()
    };
    let mut form = form_of::<Entry>(&spec, labels, "entry", "armies", "the entry form")?;
    // Left out in an army's file, the army is what a player's entry must name.
    for f in form.fields.iter_mut().filter(|f| f.key == "army") {
        f.required = true;
    }
    Ok(form)
}

/// An entry typed in the editor, read over the data: the data with it, its id (empty when it
/// could not be read), and what `data check` says of it.
pub struct Typed {
    pub db: Database,
    pub id: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// An entry typed in the editor: `file` holds one `[[entry]]` naming its army; it is read as
/// the player's own, over `data` (in the place of an entry of the same id), and checked as
/// `data check` checks an entry (its army's rules, which look at every entry of the army,
/// are `data check`'s once it is saved).
pub fn draft(data: &Database, sources: &Sources, file: FileId) -> Result<Typed, Error> {
    let index = SpanIndex::parse(sources.text(file));
    let (entries, mut diagnostics) = parse_entries(sources, file, &index);
    let unread = |diagnostics| Typed {
        db: data.clone(),
        id: String::new(),
        diagnostics,
    };
    let Some(entry) = the_one(entries, "entry", &diagnostics)? else {
        return Ok(unread(diagnostics));
    };
    let key = if entry.army.is_empty() { "id" } else { "army" };
    let army_at = index.span(&[Seg::Key("entry"), Seg::Index(0), Seg::Key(key)]);
    if !data.armies.contains(&entry.army) {
        let d = if entry.army.is_empty() {
            Diagnostic::error(
                "missing-field",
                "missing field `army`: the army the entry joins",
            )
            .at(file, army_at)
        } else {
            Diagnostic::error(
                "unknown-reference",
                format!("unknown army `{}`", entry.army),
            )
            .at(file, army_at)
            .with_label("not an army of the data")
            .with_suggestion(nearest(&entry.army, data.armies.ids()))
        };
        diagnostics.push(d);
        return Ok(unread(diagnostics));
    }
    let mut db = data.clone();
    let id = entry.id.clone();
    for a in db
        .armies
        .iter()
        .map(|a| a.header.id.clone())
        .collect::<Vec<_>>()
    {
        if let Some(army) = db.armies.get_mut(&a) {
            if a == entry.army {
                if !army.entries.contains(&id) {
                    army.entries.push(id.clone());
                }
            } else {
                army.entries.retain(|e| *e != id);
            }
        }
    }
    db.entries.put(&id, entry.clone());
    db.provenance
        .insert(id.clone(), (Provenance::Player, sources.name(file)));
    let origin = Origin {
        file,
        table: "entry",
        index: 0,
    };
    let mut spans = SpanIndexes::default();
    spans.add(file, index);
    diagnostics.extend(lint_entry(&db, &entry, &origin, &spans));
    Ok(Typed {
        db,
        id,
        diagnostics,
    })
}
