//! `muster check LIST [--against OTHER]`: is the list legal, what does it cost, what to fix.

use std::path::Path;

use serde::Serialize;

use super::{print_out, text_table, to_json};
use crate::capitan::checker::{self, CheckedList, Row};
use crate::capitan::validate::{self, balance::Side};
use crate::capitan::Database;
use crate::diagnostic::{self, Diagnostic, JsonDiagnostic};
use crate::error::Error;
use crate::source::Sources;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum CheckFormat {
    #[default]
    Text,
    Json,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    valid: bool,
    total: u32,
    limit: u32,
    units: &'a [Row],
    diagnostics: Vec<JsonDiagnostic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    against: Option<JsonAgainst>,
}

#[derive(Serialize)]
struct JsonAgainst {
    total: u32,
    valid: bool,
}

/// Reads and checks one list; a file that is not a list stops with exit 2.
pub fn read_and_check(
    db: &Database,
    sources: &mut Sources,
    path: &Path,
) -> Result<CheckedList, Error> {
    let file = sources.read(path)?;
    checker::check_file(db, sources, file).map_err(|d| {
        diagnostic::print_all(&[d], sources);
        Error::Usage(format!("{} is not a valid list file", path.display()))
    })
}

pub fn run(
    db: &Database,
    list: &Path,
    against: Option<&Path>,
    format: CheckFormat,
) -> Result<u8, Error> {
    let mut sources = Sources::new();
    let mut checked = read_and_check(db, &mut sources, list)?;
    let other = match against {
        Some(path) => Some(read_and_check(db, &mut sources, path)?),
        None => None,
    };
    if let Some(o) = &other {
        let a = Side {
            list: &checked.list,
            total: checked.total,
            file: checked.file,
            spans: &checked.spans,
        };
        let b = Side {
            list: &o.list,
            total: o.total,
            file: o.file,
            spans: &o.spans,
        };
        let name = against.map(|p| p.display().to_string()).unwrap_or_default();
        checked
            .diagnostics
            .extend(validate::validate_pair(db, &a, &b, &name));
    }
    let valid = checked.is_valid() && other.as_ref().is_none_or(CheckedList::is_valid);
    match format {
        CheckFormat::Json => {
            let report = JsonReport {
                valid,
                total: checked.total,
                limit: checked.limit,
                units: &checked.rows,
                diagnostics: checked
                    .diagnostics
                    .iter()
                    .map(|d| d.to_json(&sources))
                    .collect(),
                against: other.as_ref().map(|o| JsonAgainst {
                    total: o.total,
                    valid: o.is_valid(),
                }),
            };
            print_out(&to_json(&report))?;
        }
        CheckFormat::Text => {
            print_out(&roster_text(db, &checked))?;
            diagnostic::print_all(&checked.diagnostics, &sources);
            if let Some(o) = &other {
                let name = against.map(|p| p.display().to_string()).unwrap_or_default();
                print_out(&format!(
                    "\nagainst {name}: {} / {} points\n",
                    o.total, o.limit
                ))?;
                if !o.is_valid() {
                    eprintln!("{name} has errors of its own:");
                }
                let errors: Vec<Diagnostic> = o
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .cloned()
                    .collect();
                diagnostic::print_all(&errors, &sources);
            }
            let verdict = if valid { "valid" } else { "invalid" };
            eprintln!(
                "{}: {verdict} ({})",
                list.display(),
                diagnostic::summary(&checked.diagnostics)
            );
        }
    }
    Ok(if valid { 0 } else { 1 })
}

/// The roster as a text table with the total against the limit.
pub fn roster_text(db: &Database, checked: &CheckedList) -> String {
    let rows: Vec<Vec<String>> = checked
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            vec![
                (i + 1).to_string(),
                r.label.clone(),
                r.sheet.clone(),
                r.figures
                    .map(|f| f.to_string())
                    .unwrap_or_else(|| "-".into()),
                r.cost.to_string(),
                skills_text(db, &r.skills),
            ]
        })
        .collect();
    let mut out = format!(
        "{} ({}, {})\n",
        checked.list.list.name, checked.list.list.coalition, checked.list.list.campaign
    );
    out.push_str(&text_table(
        &["#", "unit", "sheet", "figures", "cost", "skills"],
        &rows,
    ));
    out.push_str(&format!(
        "total {} / {} points\n",
        checked.total, checked.limit
    ));
    out
}

fn skills_text(db: &Database, skills: &[(String, u32)]) -> String {
    skills
        .iter()
        .map(|(id, cost)| {
            let Some(skill) = db.skill(id) else {
                return format!("{id} (unknown)");
            };
            let name = &skill.name.fr;
            if *cost == 0 {
                format!("{name} (free)")
            } else {
                format!("{name} ({cost})")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}
