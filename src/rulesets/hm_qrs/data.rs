//! Reading `unit-sheets/hm-qrs/` into a [`Database`], with a located diagnostic for every
//! malformed file and inconsistent table, all at once. Each data directory is a layer: its
//! `units.toml` and its `units/*.toml` (the player's: `my-sheets/hm-qrs/units/ID.toml`) add
//! unit types, or replace one of the same id of an earlier layer; the rules are read once. A
//! unit typed in the sheet editor is read and checked the same way ([`DraftData`]).

use std::path::PathBuf;

use super::database::{Database, UNIT_TYPES};
use super::model::*;
use crate::core::catalog::{valid_id, Origin, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::{FileId, Seg, Sources};
use crate::core::suggest::nearest;
use crate::rulesets::data_lint::DataLint;
use crate::rulesets::sheet_book::{DraftData, Layers, SheetBook, UnitsToml};

pub const RULESET_DIR: &str = "hm-qrs";
const FILES: &[&str] = &["rules.toml", "units.toml", "game.toml"];

pub struct Loaded {
    pub database: Option<Database>,
    pub diagnostics: Vec<Diagnostic>,
}

crate::core::catalog::has_id!(Unit);

/// Every rule of the data: (code, what it checks).
pub const DATA_RULES: &[(&str, &str)] = &[
    (
        "bad-id",
        "ids are 1 to 64 lowercase letters, digits and hyphens",
    ),
    (
        "unknown-reference",
        "sizes, formations and weapons named exist",
    ),
    (
        "out-of-range",
        "values from 0 to 12, saves and scores from 2 to 6, moves and ranges above 0",
    ),
    (
        "break-table",
        "the break-test rows go by increasing results, the last one open",
    ),
    (
        "duplicate-row",
        "ids of modifiers, sizes, formations, situations and ranges appear once",
    ),
];

pub fn load(dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    let mut read = Layers::read(dirs, RULESET_DIR, FILES, &UNIT_TYPES, sources)?;
    let rules: Option<Rules> = read.parse("rules.toml", sources);
    let game: Option<crate::rulesets::game::GameRules> = read.parse("game.toml", sources);
    let units = read.units::<UnitsFile>(sources, |_, _, ()| {});
    let (mut registry, tables, mut diagnostics, spans) = read.into_parts();
    diagnostics.extend(registry.diagnostics(&spans));
    let (Some(rules), Some(game), Some(rf)) = (rules, game, tables.get("rules.toml")) else {
        return Ok(Loaded {
            database: None,
            diagnostics,
        });
    };
    let (units, origins) = SheetBook::read(units, &registry, sources, &spans, &UNIT_TYPES);
    let db = Database { rules, units, game };
    diagnostics.extend(lint_tables(&db, rf, &spans));
    for (u, origin) in db.units.iter().zip(&origins) {
        diagnostics.extend(lint_unit(&db, u, origin, &spans));
    }
    Ok(Loaded {
        database: Some(db),
        diagnostics,
    })
}

/// A layer's `units.toml`: unit types only.
impl UnitsToml for UnitsFile {
    type Unit = Unit;
    type Rest = ();

    fn split(self) -> (Vec<Unit>, ()) {
        (self.unit, ())
    }
}

/// The note of every error `data check` finds in the data.
const NOTE: &str = "rule: hm-qrs data (horse-and-musket-quick-reference)";

/// The rules' tables (rules.toml): ids, the break test's rows, the d6 scores, the moves.
fn lint_tables(db: &Database, rf: FileId, spans: &SpanIndexes) -> Vec<Diagnostic> {
    let mut l = DataLint::new(spans, NOTE);
    let r = &db.rules;
    // Ids of rows appear once per table.
    let tables: Vec<(&'static str, Vec<&str>, Option<&'static str>)> = vec![
        ("size", r.size.iter().map(|x| x.id.as_str()).collect(), None),
        (
            "formation",
            r.formation.iter().map(|x| x.id.as_str()).collect(),
            None,
        ),
        (
            "situation",
            r.situation.iter().map(|x| x.id.as_str()).collect(),
            None,
        ),
        (
            "range",
            r.range.iter().map(|x| x.id.as_str()).collect(),
            None,
        ),
        (
            "result_modifier",
            r.result_modifier.iter().map(|x| x.id.as_str()).collect(),
            None,
        ),
        (
            "shoot_modifier",
            r.shoot_modifier.iter().map(|x| x.id.as_str()).collect(),
            None,
        ),
        (
            "command",
            r.command.modifier.iter().map(|x| x.id.as_str()).collect(),
            Some("modifier"),
        ),
        (
            "save",
            r.save.modifier.iter().map(|x| x.id.as_str()).collect(),
            Some("modifier"),
        ),
        (
            "hit",
            r.hit.modifier.iter().map(|x| x.id.as_str()).collect(),
            Some("modifier"),
        ),
        (
            "break_test",
            r.break_test
                .modifier
                .iter()
                .map(|x| x.id.as_str())
                .collect(),
            Some("modifier"),
        ),
    ];
    for (table, ids, sub) in tables {
        for (i, id) in ids.iter().enumerate() {
            let mut path = vec![Seg::Key(table)];
            if let Some(s) = sub {
                path.push(Seg::Key(s));
            }
            path.extend([Seg::Index(i), Seg::Key("id")]);
            if !valid_id(id) {
                l.error(
                    "bad-id",
                    rf,
                    &path,
                    format!(
                        "id must be 1 to 64 lowercase letters, digits and hyphens, found {id:?}"
                    ),
                    "not a plain id",
                );
            } else if ids[..i].contains(id) {
                l.error(
                    "duplicate-row",
                    rf,
                    &path,
                    format!("`{id}` appears twice in {table}"),
                    "defined again here",
                );
            }
        }
    }
    let mut last: Option<i64> = None;
    let rows = &r.break_test.row;
    for (i, row) in rows.iter().enumerate() {
        let path = [Seg::Key("break_test"), Seg::Key("row"), Seg::Index(i)];
        let is_last = i + 1 == rows.len();
        match (row.up_to, is_last) {
            (None, false) => l.error(
                "break-table",
                rf,
                &path,
                format!("row {} has no up_to; only the last row is open", i + 1),
                "give up_to = RESULT",
            ),
            (Some(_), true) => l.error(
                "break-table",
                rf,
                &path,
                "the last row must be open (no up_to): every result reads a row".into(),
                "remove up_to",
            ),
            (Some(u), false) if last.is_some_and(|x| u <= x) => l.error(
                "break-table",
                rf,
                &path,
                format!(
                    "row {} ends at {u}, not after the previous row's {}",
                    i + 1,
                    last.unwrap_or(0)
                ),
                "out of order",
            ),
            _ => {}
        }
        last = row.up_to.or(last);
    }
    if rows.is_empty() {
        l.error(
            "break-table",
            rf,
            &[Seg::Key("break_test")],
            "the break test has no rows".into(),
            "no table",
        );
    }
    for (key, v, lo, hi) in [("save", r.save.default, 2, 6), ("hit", r.hit.needs, 2, 6)] {
        if !(lo..=hi).contains(&v) {
            let field = if key == "save" { "default" } else { "needs" };
            l.error(
                "out-of-range",
                rf,
                &[Seg::Key(key), Seg::Key(field)],
                format!("{field} must be between {lo} and {hi}, found {v}"),
                "a d6 score",
            );
        }
    }
    for (i, m) in r.moves.iter().enumerate() {
        if m.inches == 0 || m.cm == 0 {
            l.error(
                "out-of-range",
                rf,
                &[Seg::Key("move"), Seg::Index(i)],
                "a move is above 0\" and 0 cm".into(),
                "no move",
            );
        }
    }
    l.out
}

/// One unit type, defined at `origin` (its file and its place in the file's `[[unit]]`
/// array): what `data check` says of it, and of a unit typed in the sheet editor.
pub(super) fn lint_unit(
    db: &Database,
    u: &Unit,
    origin: &Origin,
    spans: &SpanIndexes,
) -> Vec<Diagnostic> {
    let mut l = DataLint::new(spans, NOTE);
    let r = &db.rules;
    let uf = origin.file;
    {
        let i = origin.index;
        let at = |k: &'static str| vec![Seg::Key("unit"), Seg::Index(i), Seg::Key(k)];
        l.id(uf, &at("id"), &u.id);
        if db.size(&u.size).is_none() {
            let known: Vec<&str> = r.size.iter().map(|s| s.id.as_str()).collect();
            let s = nearest(&u.size, known.clone());
            let d = Diagnostic::error("unknown-reference", format!("unknown size `{}`", u.size))
                .at(uf, spans.get(uf).and_then(|x| x.span(&at("size"))))
                .with_label("not a size of rules.toml")
                .with_suggestion(s)
                .with_note("rule: hm-qrs data (horse-and-musket-quick-reference)");
            l.out.push(d);
        }
        if db.formation(&u.formation).is_none() {
            let known: Vec<&str> = r.formation.iter().map(|s| s.id.as_str()).collect();
            let d = Diagnostic::error(
                "unknown-reference",
                format!("unknown formation `{}`", u.formation),
            )
            .at(uf, spans.get(uf).and_then(|x| x.span(&at("formation"))))
            .with_label("not a formation of rules.toml")
            .with_suggestion(nearest(&u.formation, known))
            .with_note("rule: hm-qrs data (horse-and-musket-quick-reference)");
            l.out.push(d);
        }
        if let Some(w) = &u.weapon {
            if db.range(w).is_none() {
                let known: Vec<&str> = r.range.iter().map(|s| s.id.as_str()).collect();
                let d = Diagnostic::error("unknown-reference", format!("unknown weapon `{w}`"))
                    .at(uf, spans.get(uf).and_then(|x| x.span(&at("weapon"))))
                    .with_label("not a range of rules.toml")
                    .with_suggestion(nearest(w, known))
                    .with_note("rule: hm-qrs data (horse-and-musket-quick-reference)");
                l.out.push(d);
            }
        }
        for (key, v) in [
            ("hand_to_hand", u.hand_to_hand),
            ("shooting", u.shooting),
            ("stamina", u.stamina),
        ] {
            if v > 12 {
                l.error(
                    "out-of-range",
                    uf,
                    &at(key),
                    format!("{key} must be at most 12, found {v}"),
                    "0 to 12",
                );
            }
        }
        if !(2..=6).contains(&u.morale) {
            l.error(
                "out-of-range",
                uf,
                &at("morale"),
                format!(
                    "morale must be between 2 and 6 (a save on a d6), found {}",
                    u.morale
                ),
                "2 to 6",
            );
        }
        if u.stamina == 0 {
            l.error(
                "out-of-range",
                uf,
                &at("stamina"),
                "stamina must be at least 1, found 0".into(),
                "1 to 12",
            );
        }
        if u.shooting > 0 && u.weapon.is_none() {
            l.error(
                "out-of-range",
                uf,
                &at("shooting"),
                format!("unit `{}` shoots but has no weapon (its range)", u.id),
                "give weapon = RANGE",
            );
        }
    }
    l.out
}

/// A unit typed in the editor is read as a unit of the player's folder, over the data, and
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
