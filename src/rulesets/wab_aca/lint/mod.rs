//! Consistency rules for the ACA data: every army entry against the supplement and the
//! tables, every army header, and the tables themselves. One function per rule, listed in
//! [`ENTRY_RULES`], [`ARMY_RULES`] and [`TABLE_RULES`]; every diagnostic is located.

mod armies;
mod context;
mod entries;
mod tables;

use super::database::Database;
use super::model::*;
use crate::core::catalog::{Origin, SpanIndexes};
use crate::core::diagnostic::Diagnostic;

use armies::*;
pub use context::{ArmyContext, EntryContext, Located, TableContext};
use entries::*;
use tables::*;

type EntryRule = fn(&EntryContext) -> Vec<Diagnostic>;
type ArmyRule = fn(&ArmyContext) -> Vec<Diagnostic>;
type TableRule = fn(&TableContext) -> Vec<Diagnostic>;

/// Every rule applied to each army entry: (code, rule, where in the supplement).
pub const ENTRY_RULES: &[(&str, EntryRule, &str)] = &[
    ("bad-id", entry_id, "ACA p.1"),
    ("out-of-range", entry_bounds, "ACA p.1, WAB core"),
    ("unknown-reference", entry_references, "ACA p.1"),
    ("kind-fields", kind_fields, "ACA p.2–10"),
    ("formation-not-allowed", formations_allowed, "ACA p.3, p.6"),
    ("figures-range", figures_range, "ACA p.1"),
    (
        "elite-range",
        elite_range,
        "ACA p.7; infantry: muster's reading elite-infantry",
    ),
    ("heavy-armour", heavy_armour, "ACA p.13"),
    ("engineers-cost", engineers_cost, "ACA p.13"),
    ("battery-crew", battery_crew, "ACA p.9"),
];

/// Every rule applied to each army's header.
pub const ARMY_RULES: &[(&str, ArmyRule, &str)] = &[
    ("bad-id", army_id, "ACA p.1"),
    ("out-of-range", army_bounds, "ACA p.2"),
    ("bad-colour", army_colours, "—"),
    ("artillery-bands", artillery_bands, "ACA p.10"),
    ("general-entries", general_entries, "ACA p.2"),
];

/// Every rule applied once to the tables.
pub const TABLE_RULES: &[(&str, TableRule, &str)] = &[
    ("out-of-range", table_bounds, "ACA"),
    (
        "table-consistency",
        tables_consistent,
        "ACA p.9–14, WAB core",
    ),
];

fn note(d: Diagnostic, section: &str) -> Diagnostic {
    d.with_note(format!("rule: ACA data ({section})"))
}

/// The rules of one entry ([`ENTRY_RULES`]), located at `origin`.
pub fn lint_entry(
    db: &Database,
    entry: &Entry,
    origin: &Origin,
    spans: &SpanIndexes,
) -> Vec<Diagnostic> {
    let cx = EntryContext {
        db,
        entry,
        origin,
        spans,
    };
    ENTRY_RULES
        .iter()
        .flat_map(|(_, rule, section)| rule(&cx).into_iter().map(|d| note(d, section)))
        .collect()
}

pub fn lint(db: &Database, at: &Located) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (entry, origin) in db.entries.iter().zip(at.entries) {
        found.extend(lint_entry(db, entry, origin, at.spans));
    }
    for army in db.armies.iter() {
        let Some(&(_, file)) = at.armies.iter().find(|(id, _)| *id == army.header.id) else {
            continue;
        };
        let cx = ArmyContext {
            db,
            army,
            file,
            spans: at.spans,
        };
        for (_, rule, section) in ARMY_RULES {
            found.extend(rule(&cx).into_iter().map(|d| note(d, section)));
        }
    }
    let cx = TableContext { db, at };
    for (_, rule, section) in TABLE_RULES {
        found.extend(rule(&cx).into_iter().map(|d| note(d, section)));
    }
    found
}
