//! Checking a list file end to end: parse it (keeping spans), cost it, run every rule.

use serde::Serialize;

use super::army::Army;
use super::database::Database;
use super::list::ListFile;
use super::validate::{self, ListContext};
use crate::diagnostic::{self, Diagnostic};
use crate::source::{FileId, Sources, SpanIndex};
use crate::toml_file;

/// One unit of a checked list, as printed in rosters and JSON.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub sheet: String,
    pub label: String,
    pub figures: Option<u32>,
    pub cost: u32,
    /// Chosen skills with their cost in this unit (0 when free).
    #[serde(skip)]
    pub skills: Vec<(String, u32)>,
}

/// A parsed and checked list.
pub struct CheckedList {
    pub file: FileId,
    pub list: ListFile,
    pub spans: SpanIndex,
    pub rows: Vec<Row>,
    pub total: u32,
    pub limit: u32,
    pub diagnostics: Vec<Diagnostic>,
}

impl CheckedList {
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Checks the list in `file`. `Err` when the file is not a list at all (TOML syntax, unknown
/// or missing fields, wrong types): that is a diagnostic too, but no rule can run.
pub fn check_file(
    db: &Database,
    sources: &Sources,
    file: FileId,
) -> Result<CheckedList, Diagnostic> {
    let spans = SpanIndex::parse(sources.text(file));
    let list: ListFile = toml_file::parse(sources, file, &spans)?;
    Ok(check_parsed(db, list, spans, file))
}

/// Checks a list already parsed.
pub fn check_parsed(db: &Database, list: ListFile, spans: SpanIndex, file: FileId) -> CheckedList {
    let (rows, total, limit, mut diagnostics) = {
        let army = Army::evaluate(db, &list);
        let cx = ListContext {
            db,
            list: &list,
            army: &army,
            file,
            spans: &spans,
        };
        let diagnostics = validate::validate_list(&cx);
        let rows = army
            .units
            .iter()
            .map(|u| Row {
                sheet: u.sheet_id.to_owned(),
                label: u.label.clone(),
                figures: u.figures,
                cost: u.cost,
                skills: u.skills.clone(),
            })
            .collect();
        (rows, army.total, army.limit, diagnostics)
    };
    diagnostic::sort(&mut diagnostics);
    CheckedList {
        file,
        list,
        spans,
        rows,
        total,
        limit,
        diagnostics,
    }
}
