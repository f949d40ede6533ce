//! A checked list as JSON: the report of `muster check --format json` (and of the web app's
//! `POST /api/check`), and of a file whose ruleset muster does not know.

use serde::Serialize;

use crate::core::diagnostic::{Diagnostic, JsonDiagnostic};
use crate::core::source::Sources;
use crate::rulesets::ListCheck;

#[derive(Serialize)]
pub struct JsonReport<'a> {
    valid: bool,
    total: u64,
    limit: u64,
    units: Vec<&'a serde_json::Value>,
    diagnostics: Vec<JsonDiagnostic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    against: Option<JsonAgainst>,
}

#[derive(Serialize)]
pub struct JsonAgainst {
    total: u64,
    valid: bool,
}

/// The report of `muster check --format json` (and of the web app's `POST /api/check`): a
/// list checked, with the pair's diagnostics already added when there is an `other`.
pub fn report_json<'a>(
    checked: &'a ListCheck,
    other: Option<&ListCheck>,
    sources: &Sources,
) -> JsonReport<'a> {
    JsonReport {
        valid: checked.is_valid() && other.is_none_or(ListCheck::is_valid),
        total: checked.total,
        limit: checked.limit,
        units: checked.units.iter().map(|u| &*u.json).collect(),
        diagnostics: checked
            .diagnostics
            .iter()
            .map(|d| d.to_json(sources))
            .collect(),
        against: other.map(|o| JsonAgainst {
            total: o.total,
            valid: o.is_valid(),
        }),
    }
}

/// The report for a file whose `ruleset` muster does not know: invalid, one diagnostic.
pub fn unknown_ruleset_json(d: &Diagnostic, sources: &Sources) -> JsonReport<'static> {
    JsonReport {
        valid: false,
        total: 0,
        limit: 0,
        units: Vec::new(),
        diagnostics: vec![d.to_json(sources)],
        against: None,
    }
}
