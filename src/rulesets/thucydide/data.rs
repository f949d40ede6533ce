//! Reading `unit-sheets/thucydide/` into a [`Database`], with a located diagnostic for every
//! malformed file and inconsistent table, all at once. Each data directory is a layer: its
//! `units.toml` (troop types and traits) and its `units/*.toml` (troop types: the player's,
//! `my-sheets/thucydide/units/ID.toml`) add entries, or replace one of the same id of an
//! earlier layer; the die, armours, advantage table and rules are read once. A troop type
//! typed in the sheet editor is read and checked the same way ([`DraftData`]).

use std::path::PathBuf;

use super::database::{Database, TROOP_TYPES};
use super::model::*;
use crate::core::catalog::{Catalog, Origin, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::{FileId, Seg, Sources};
use crate::rulesets::data_lint::DataLint;
use crate::rulesets::sheet_book::{DraftData, Layers, SheetBook, UnitsToml};

pub const RULESET_DIR: &str = "thucydide";
const FILES: &[&str] = &[
    "die.toml",
    "armour.toml",
    "advantage.toml",
    "rules.toml",
    "units.toml",
    "game.toml",
];

/// The faces the engine reads by id.
pub const FLAG: &str = "flag";
pub const ORDER: &str = "order";
pub const ADVANTAGE: &str = "advantage";

pub struct Loaded {
    pub database: Option<Database>,
    pub diagnostics: Vec<Diagnostic>,
}

crate::core::catalog::has_id!(Armour, TroopType, Condition, Unit, Trait);

/// Every rule of the data: (code, what it checks).
pub const DATA_RULES: &[(&str, &str)] = &[
    (
        "bad-id",
        "ids are 1 to 64 lowercase letters, digits and hyphens",
    ),
    (
        "die-faces",
        "the die has six faces, among them flag, order and advantage",
    ),
    (
        "unknown-reference",
        "faces, armours, types, conditions and traits named exist",
    ),
    (
        "inversion",
        "inverted armour goes both ways (black ↔ yellow, red ↔ green)",
    ),
    (
        "out-of-range",
        "factors 0 to 10, elements 1 to 12, a range for every fire factor, colours #RRGGBB",
    ),
];

pub fn load(dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    let mut read = Layers::read(dirs, RULESET_DIR, FILES, &TROOP_TYPES, sources)?;
    let die: Option<DieFile> = read.parse("die.toml", sources);
    let armour: Option<ArmourFile> = read.parse("armour.toml", sources);
    let advantage: Option<AdvantageFile> = read.parse("advantage.toml", sources);
    let rules: Option<Rules> = read.parse("rules.toml", sources);
    let game: Option<crate::rulesets::game::GameRules> = read.parse("game.toml", sources);
    let mut traits = Catalog::default();
    let unit_catalog = read.units::<UnitsFile>(sources, |registry, file, found| {
        registry.add(&mut traits, file, "trait", found);
    });
    let (mut registry, tables, mut diagnostics, spans) = read.into_parts();
    let ids = |name| tables.get(name);
    let (Some(die), Some(armour), Some(advantage), Some(rules), Some(game)) =
        (die, armour, advantage, rules, game)
    else {
        diagnostics.extend(registry.diagnostics(&spans));
        return Ok(Loaded {
            database: None,
            diagnostics,
        });
    };
    let files = Files {
        die: ids("die.toml").unwrap_or(0),
        armour: ids("armour.toml").unwrap_or(0),
        advantage: ids("advantage.toml").unwrap_or(0),
        rules: ids("rules.toml").unwrap_or(0),
    };
    let mut armours = Catalog::default();
    let mut types = Catalog::default();
    let mut conditions = Catalog::default();
    registry.add(&mut armours, files.armour, "armour", armour.armour);
    registry.add(&mut types, files.advantage, "type", advantage.types);
    registry.add(
        &mut conditions,
        files.advantage,
        "condition",
        advantage.condition,
    );
    diagnostics.extend(registry.diagnostics(&spans));
    let (units, origins) = SheetBook::read(unit_catalog, &registry, sources, &spans, &TROOP_TYPES);
    let db = Database {
        faces: die.face,
        armours,
        types,
        conditions,
        overrides: advantage.overrides,
        cells: advantage.cell,
        rules,
        units,
        traits,
        game,
    };
    diagnostics.extend(lint_tables(&db, &files, &spans));
    for (u, origin) in db.units.iter().zip(&origins) {
        diagnostics.extend(lint_unit(&db, u, origin, &spans));
    }
    Ok(Loaded {
        database: Some(db),
        diagnostics,
    })
}

/// A layer's `units.toml`: troop types and traits (a later layer's may hold troop types only).
impl UnitsToml for UnitsFile {
    type Unit = Unit;
    type Rest = Vec<Trait>;

    fn split(self) -> (Vec<Unit>, Vec<Trait>) {
        (self.unit, self.traits)
    }
}

struct Files {
    die: FileId,
    armour: FileId,
    advantage: FileId,
    rules: FileId,
}

/// The note of every error `data check` finds in the data.
const NOTE: &str = "rule: thucydide data (thucydide-combat)";

/// The tables: the die, the armours, the advantage table, the rules.
fn lint_tables(db: &Database, f: &Files, spans: &SpanIndexes) -> Vec<Diagnostic> {
    let mut l = DataLint::new(spans, NOTE);
    let face_ids: Vec<&str> = db.faces.iter().map(|x| x.id.as_str()).collect();
    let missing: Vec<&str> = [FLAG, ORDER, ADVANTAGE]
        .into_iter()
        .filter(|id| !face_ids.contains(id))
        .collect();
    if db.faces.len() != 6 || !missing.is_empty() {
        l.error(
            "die-faces",
            f.die,
            &[Seg::Key("face")],
            format!(
                "the die has {} faces{}; it has six, among them flag, order and advantage",
                db.faces.len(),
                if missing.is_empty() {
                    String::new()
                } else {
                    format!(" and lacks {}", missing.join(", "))
                }
            ),
            "not the combat die",
        );
    }
    for (i, face) in db.faces.iter().enumerate() {
        l.id(
            f.die,
            &[Seg::Key("face"), Seg::Index(i), Seg::Key("id")],
            &face.id,
        );
    }
    for (i, a) in db.armours.iter().enumerate() {
        let at = |k: &'static str| vec![Seg::Key("armour"), Seg::Index(i), Seg::Key(k)];
        for (list, key) in [(&a.hits, "hits"), (&a.confirm_faces, "confirm_faces")] {
            for (j, face) in list.iter().enumerate() {
                if !face_ids.contains(&face.as_str()) {
                    let mut path = at(key);
                    path.push(Seg::Index(j));
                    l.unknown(f.armour, &path, "face", face, face_ids.clone());
                }
            }
        }
        match db.armours.get(&a.inverted) {
            None => l.unknown(
                f.armour,
                &at("inverted"),
                "armour",
                &a.inverted,
                db.armours.ids().collect(),
            ),
            Some(b) if b.inverted != a.id => l.error(
                "inversion",
                f.armour,
                &at("inverted"),
                format!(
                    "{} inverts to {}, but {} inverts to {}",
                    a.id, b.id, b.id, b.inverted
                ),
                "inversion goes both ways",
            ),
            Some(_) => {}
        }
        if !(a.colour.len() == 7
            && a.colour.starts_with('#')
            && a.colour[1..].chars().all(|c| c.is_ascii_hexdigit()))
        {
            l.error(
                "out-of-range",
                f.armour,
                &at("colour"),
                format!("colour must be #RRGGBB, found {:?}", a.colour),
                "not a colour",
            );
        }
    }
    let known_conditions: Vec<&str> = db.conditions.ids().collect();
    let check_when = |l: &mut DataLint, when: &When, path: Vec<Seg<'static>>| {
        for (j, all) in when.iter().enumerate() {
            for (k, c) in all.iter().enumerate() {
                let id = c.strip_prefix("not-").unwrap_or(c);
                if !db.conditions.contains(id) {
                    let mut p = path.clone();
                    p.extend([Seg::Index(j), Seg::Index(k)]);
                    l.unknown(f.advantage, &p, "condition", c, known_conditions.clone());
                }
            }
        }
    };
    for (i, o) in db.overrides.iter().enumerate() {
        check_when(
            &mut l,
            &o.when,
            vec![Seg::Key("override"), Seg::Index(i), Seg::Key("when")],
        );
    }
    for (i, c) in db.cells.iter().enumerate() {
        for (key, id) in [("attacker", &c.attacker), ("defender", &c.defender)] {
            if !db.types.contains(id) {
                l.unknown(
                    f.advantage,
                    &[Seg::Key("cell"), Seg::Index(i), Seg::Key(key)],
                    "type",
                    id,
                    db.types.ids().collect(),
                );
            }
        }
        check_when(
            &mut l,
            &c.hit,
            vec![Seg::Key("cell"), Seg::Index(i), Seg::Key("hit")],
        );
        check_when(
            &mut l,
            &c.morale,
            vec![Seg::Key("cell"), Seg::Index(i), Seg::Key("morale")],
        );
    }
    for (i, c) in db.conditions.iter().enumerate() {
        if let Some(from) = &c.from {
            let ok = match from.split_once(':') {
                Some(("defender-armour", a)) => db.armours.contains(a),
                Some(("attacker-type", t)) => db.types.contains(t),
                _ => false,
            };
            if !ok {
                l.error("unknown-reference", f.advantage, &[Seg::Key("condition"), Seg::Index(i), Seg::Key("from")], format!("from must be defender-armour:ID or attacker-type:ID of the data, found {from:?}"), "not a known derivation");
            }
        }
    }
    let rules = &db.rules;
    for (i, t) in rules.pursuit.types.iter().enumerate() {
        if !db.types.contains(t) {
            let path = [Seg::Key("pursuit"), Seg::Key("types"), Seg::Index(i)];
            l.unknown(f.rules, &path, "type", t, db.types.ids().collect());
        }
    }
    for (i, face) in rules.panic.faces.iter().enumerate() {
        if !face_ids.contains(&face.as_str()) {
            let path = [Seg::Key("panic"), Seg::Key("faces"), Seg::Index(i)];
            l.unknown(f.rules, &path, "face", face, face_ids.clone());
        }
    }
    if !(1..=10).contains(&rules.panic.dice) {
        l.error(
            "out-of-range",
            f.rules,
            &[Seg::Key("panic"), Seg::Key("dice")],
            format!("dice must be between 1 and 10, found {}", rules.panic.dice),
            "1 to 10",
        );
    }
    for (i, b) in rules.ban.iter().enumerate() {
        l.id(
            f.rules,
            &[Seg::Key("ban"), Seg::Index(i), Seg::Key("id")],
            &b.id,
        );
    }
    l.out
}

/// One troop type, defined at `origin` (its file and its place in the file's `[[unit]]`
/// array): what `data check` says of it, and of a troop type typed in the sheet editor.
pub(super) fn lint_unit(
    db: &Database,
    u: &Unit,
    origin: &Origin,
    spans: &SpanIndexes,
) -> Vec<Diagnostic> {
    let mut l = DataLint::new(spans, NOTE);
    let uf = origin.file;
    {
        let i = origin.index;
        let at = |k: &'static str| vec![Seg::Key("unit"), Seg::Index(i), Seg::Key(k)];
        l.id(uf, &at("id"), &u.id);
        if !db.types.contains(&u.kind) {
            l.unknown(uf, &at("type"), "type", &u.kind, db.types.ids().collect());
        }
        if !db.armours.contains(&u.armour) {
            l.unknown(
                uf,
                &at("armour"),
                "armour",
                &u.armour,
                db.armours.ids().collect(),
            );
        }
        for (j, t) in u.traits.iter().enumerate() {
            if !db.traits.contains(t) {
                let mut p = at("traits");
                p.push(Seg::Index(j));
                l.unknown(uf, &p, "trait", t, db.traits.ids().collect());
            }
        }
        for (key, v) in [("fire", u.fire), ("assault", u.assault), ("melee", u.melee)] {
            if v > 10 {
                l.error(
                    "out-of-range",
                    uf,
                    &at(key),
                    format!("{key} must be at most 10, found {v}"),
                    "0 to 10 dice",
                );
            }
        }
        if !(1..=12).contains(&u.elements) {
            l.error(
                "out-of-range",
                uf,
                &at("elements"),
                format!("elements must be between 1 and 12, found {}", u.elements),
                "1 to 12",
            );
        }
        match (u.fire, u.range) {
            (0, Some(_)) => l.error(
                "out-of-range",
                uf,
                &at("range"),
                format!("unit `{}` has a range but no fire factor", u.id),
                "no fire, no range",
            ),
            (n, None) if n > 0 => l.error(
                "out-of-range",
                uf,
                &at("fire"),
                format!("unit `{}` shoots but has no range", u.id),
                "give range = HEXES",
            ),
            (_, Some(r)) if !(2..=20).contains(&r) => l.error(
                "out-of-range",
                uf,
                &at("range"),
                format!("range must be between 2 and 20 hexes, found {r}"),
                "2 to 20",
            ),
            _ => {}
        }
    }
    l.out
}

/// A troop type typed in the editor is read as one of the player's folder, over the data, and
/// checked as `data check` checks one (`sheet_book::draft`).
impl DraftData for Database {
    type Unit = Unit;

    fn book_mut(&mut self) -> &mut SheetBook<Unit> {
        &mut self.units
    }

    fn lint(&self, unit: &Unit, origin: &Origin, spans: &SpanIndexes) -> Vec<Diagnostic> {
        lint_unit(self, unit, origin, spans)
    }
}
