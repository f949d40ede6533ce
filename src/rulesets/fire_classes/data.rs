//! Reading `unit-sheets/fire-classes/` into a [`Database`], with a located diagnostic for
//! every malformed file and inconsistent table, all at once.

use std::path::PathBuf;

use super::database::Database;
use super::model::*;
use crate::core::catalog::{Catalog, Registry, SpanIndexes, Tables};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::{FileId, Seg, Sources};

pub const RULESET_DIR: &str = "fire-classes";
const FILES: &[&str] = &["classes.toml", "weapons.toml", "rules.toml"];

pub struct Loaded {
    pub database: Option<Database>,
    pub diagnostics: Vec<Diagnostic>,
}

crate::core::catalog::has_id!(Class, Weapon);

/// Every rule of the data: (code, what it checks).
pub const DATA_RULES: &[(&str, &str)] = &[
    (
        "out-of-range",
        "classes from 2 to 4; scores from 2 to 12; modifiers from -3 to 0",
    ),
    (
        "bands-order",
        "a weapon's bands follow each other from 0 cm, each longer than it starts",
    ),
    (
        "cell-effects",
        "a cell's effects are `normal` alone or some of elite, disorder, minus",
    ),
];

pub fn load(dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    let tables = Tables::read(dirs, RULESET_DIR, FILES, sources)?;
    let mut diagnostics = tables.diagnostics.clone();
    let spans = tables.span_indexes(sources);
    let classes_file = tables.get("classes.toml");
    let weapons_file = tables.get("weapons.toml");
    let classes: Option<ClassesFile> = tables.parse("classes.toml", sources, &mut diagnostics);
    let weapons: Option<WeaponsFile> = tables.parse("weapons.toml", sources, &mut diagnostics);
    let rules: Option<Rules> = tables.parse("rules.toml", sources, &mut diagnostics);
    let (Some(classes), Some(weapons), Some(rules), Some(cf), Some(wf)) =
        (classes, weapons, rules, classes_file, weapons_file)
    else {
        return Ok(Loaded {
            database: None,
            diagnostics,
        });
    };
    let mut registry = Registry::default();
    let mut class_catalog = Catalog::default();
    let mut weapon_catalog = Catalog::default();
    registry.add(&mut class_catalog, cf, "class", classes.class);
    registry.add(&mut weapon_catalog, wf, "weapon", weapons.weapon);
    diagnostics.extend(registry.diagnostics(&spans));
    let db = Database {
        classes: class_catalog,
        weapons: weapon_catalog,
        rules,
    };
    diagnostics.extend(lint(&db, cf, wf, &spans));
    Ok(Loaded {
        database: Some(db),
        diagnostics,
    })
}

/// Parses one table file, if present; its error joins the diagnostics.
fn lint(db: &Database, cf: FileId, wf: FileId, spans: &SpanIndexes) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let at = |file: FileId, path: &[Seg]| spans.get(file).and_then(|s| s.span(path));
    let note = |d: Diagnostic| d.with_note("rule: fire-classes data (infantry-fire-capability)");
    for (i, c) in db.classes.iter().enumerate() {
        for (j, n) in c.class.iter().enumerate() {
            if !(2..=4).contains(n) || c.class.is_empty() {
                out.push(note(
                    Diagnostic::error(
                        "out-of-range",
                        format!("class must be between 2 and 4, found {n}"),
                    )
                    .at(
                        cf,
                        at(
                            cf,
                            &[
                                Seg::Key("class"),
                                Seg::Index(i),
                                Seg::Key("class"),
                                Seg::Index(j),
                            ],
                        ),
                    )
                    .with_label("not a class of the table"),
                ));
            }
        }
        let cells = [
            ("volley", &c.volley),
            ("loose", &c.loose),
            ("skirmish", &c.skirmish),
            ("vs_skirmishers", &c.vs_skirmishers),
        ];
        for (key, cell) in cells {
            let lists = std::iter::once(("effects", &cell.effects))
                .chain(cell.skirmishing.iter().map(|s| ("skirmishing", s)));
            for (field, effects) in lists {
                let normal = effects.contains(&Effect::Normal);
                let mut sorted = effects.clone();
                sorted.dedup();
                if effects.is_empty()
                    || (normal && effects.len() > 1)
                    || sorted.len() != effects.len()
                {
                    out.push(note(
                        Diagnostic::error(
                            "cell-effects",
                            format!(
                                "class `{}`, {key}: {field} must be [\"normal\"] or some of elite, disorder, minus, each once",
                                c.id
                            ),
                        )
                        .at(cf, at(cf, &[Seg::Key("class"), Seg::Index(i), Seg::Key(key), Seg::Key(field)]))
                        .with_label("not a set of effects"),
                    ));
                }
            }
        }
    }
    for (i, w) in db.weapons.iter().enumerate() {
        let path = |j: usize, k: &'static str| {
            vec![
                Seg::Key("weapon"),
                Seg::Index(i),
                Seg::Key("bands"),
                Seg::Index(j),
                Seg::Key(k),
            ]
        };
        if let Some(m) = w.moving {
            if !(-3..=0).contains(&m) {
                out.push(note(
                    Diagnostic::error(
                        "out-of-range",
                        format!("moving must be between -3 and 0, found {m}"),
                    )
                    .at(
                        wf,
                        at(wf, &[Seg::Key("weapon"), Seg::Index(i), Seg::Key("moving")]),
                    ),
                ));
            }
        }
        let mut start = 0;
        if w.bands.is_empty() {
            out.push(note(
                Diagnostic::error(
                    "bands-order",
                    format!("weapon `{}` has no range band", w.id),
                )
                .at(wf, at(wf, &[Seg::Key("weapon"), Seg::Index(i)])),
            ));
        }
        for (j, b) in w.bands.iter().enumerate() {
            if b.from != start || b.to <= b.from {
                out.push(note(
                    Diagnostic::error(
                        "bands-order",
                        format!(
                            "weapon `{}`: band {} is {}–{} cm; it must start at {start} cm and end after it starts",
                            w.id,
                            j + 1,
                            b.from,
                            b.to
                        ),
                    )
                    .at(wf, at(wf, &path(j, "from")))
                    .with_label(format!("expected from = {start}")),
                ));
            }
            start = b.to;
            if !(2..=12).contains(&b.needs) {
                out.push(note(
                    Diagnostic::error(
                        "out-of-range",
                        format!("needs must be between 2 and 12, found {}", b.needs),
                    )
                    .at(wf, at(wf, &path(j, "needs"))),
                ));
            }
            if !(-3..=0).contains(&b.cuirass) {
                out.push(note(
                    Diagnostic::error(
                        "out-of-range",
                        format!("cuirass must be between -3 and 0, found {}", b.cuirass),
                    )
                    .at(wf, at(wf, &path(j, "cuirass"))),
                ));
            }
        }
    }
    out
}
