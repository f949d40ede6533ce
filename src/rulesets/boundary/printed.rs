//! What documents and reports print: labels, counts in words, diagnostics as printed, a
//! roster's head, JSON values.

use serde::Serialize;

use super::ListCheck;
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::Sources;

/// A report as JSON: a failure to serialise one is an error, never a silent `null`.
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<serde_json::Value, Error> {
    serde_json::to_value(value).map_err(|e| Error::Render(format!("cannot write JSON: {e}")))
}

/// Reports as JSON values (cards, one each).
pub fn to_values<T: Serialize>(values: &[T]) -> Result<Vec<serde_json::Value>, Error> {
    values.iter().map(to_value).collect()
}

/// A label of a ruleset's labels.toml, or the key itself when it has none.
pub fn label(labels: &toml::Table, key: &str) -> String {
    labels
        .get(key)
        .and_then(|v| v.as_str())
        .unwrap_or(key)
        .to_owned()
}

/// A diagnostic as a roster prints it: severity in the document's language, code, message,
/// line.
#[derive(Debug, Clone, Serialize)]
pub struct PrintedDiagnostic {
    pub severity: String,
    pub code: String,
    pub message: String,
    pub line: Option<usize>,
}

/// What every roster says of its list: its name and file, its points, whether it is valid,
/// and its diagnostics as printed. Rosters flatten it into their own view.
#[derive(Debug, Clone, Serialize)]
pub struct RosterHead {
    pub name: String,
    pub file: String,
    pub total: u64,
    pub limit: u64,
    pub valid: bool,
    pub errors: usize,
    pub warnings: usize,
    /// "2 errors, 1 warning" in the document's language, plurals right.
    pub counts: String,
    pub diagnostics: Vec<PrintedDiagnostic>,
    /// The units whose values are illustrative (written for muster), named in a sentence in
    /// the document's language; empty when every unit is official or the player's own.
    pub illustrative: String,
}

/// `n` and the word for it in `lang`: labels `KEY_one` and `KEY_other` (French takes the
/// singular for 0 and 1, Spanish and English for 1 only).
pub fn count(n: usize, key: &str, lang: Lang, labels: &toml::Table) -> String {
    let one = match lang {
        Lang::Fr => n <= 1,
        Lang::Es | Lang::En => n == 1,
    };
    let form = if one { "one" } else { "other" };
    format!("{n} {}", label(labels, &format!("{key}_{form}")))
}

impl RosterHead {
    pub fn of(checked: &ListCheck, sources: &Sources, lang: Lang, labels: &toml::Table) -> Self {
        let errors = checked.diagnostics.iter().filter(|d| d.is_error()).count();
        RosterHead {
            name: checked.name.clone(),
            file: sources.name(checked.file),
            total: checked.total,
            limit: checked.limit,
            valid: errors == 0,
            errors,
            warnings: checked.diagnostics.len() - errors,
            counts: format!(
                "{}, {}",
                count(errors, "error", lang, labels),
                count(checked.diagnostics.len() - errors, "warning", lang, labels)
            ),
            diagnostics: printed_diagnostics(&checked.diagnostics, sources, lang, labels),
            illustrative: illustrative_units(checked, labels),
        }
    }
}

/// "Illustrative values (…): 43rd Light, 45th Line", or nothing when no unit of the list is
/// illustrative (its `provenance`, as `check --format json` says it).
fn illustrative_units(checked: &ListCheck, labels: &toml::Table) -> String {
    let names: Vec<&str> = checked
        .units
        .iter()
        .filter(|u| u.json.get("provenance").and_then(|p| p.as_str()) == Some("illustrative"))
        .map(|u| u.label.as_str())
        .collect();
    if names.is_empty() {
        return String::new();
    }
    let which = if names.len() == checked.units.len() && names.len() > 1 {
        label(labels, "roster_illustrative_all")
    } else {
        names.join(", ")
    };
    format!(
        "{}{}{which}",
        label(labels, "roster_illustrative"),
        label(labels, "sep"),
    )
}

/// A list's diagnostics as a roster prints them.
pub fn printed_diagnostics(
    diagnostics: &[Diagnostic],
    sources: &Sources,
    lang: Lang,
    labels: &toml::Table,
) -> Vec<PrintedDiagnostic> {
    diagnostics
        .iter()
        .map(|d| PrintedDiagnostic {
            severity: label(
                labels,
                if d.is_error() {
                    "severity_error"
                } else {
                    "severity_warning"
                },
            ),
            code: d.code.to_owned(),
            message: printed_message(d, lang, labels),
            line: d.line_column(sources).map(|(l, _)| l),
        })
        .collect()
}

/// A diagnostic as printed in a document or page of `lang`: its message said in `lang` with
/// the ruleset's `labels` (which hold its messages' words) and the shared words; a message
/// made without a phrase, the rule's summary in the language (labels `rule_<code>`); quotes
/// instead of backticks.
pub fn printed_message(d: &Diagnostic, lang: Lang, labels: &toml::Table) -> String {
    let said = d
        .said
        .iter()
        .any(|(s, _)| *s == crate::core::diagnostic::Slot::Message);
    let text = match lang {
        _ if said => {
            let words = crate::core::words::Layered { own: labels, lang };
            d.in_lang(lang, &words).message
        }
        Lang::En => d.message.clone(),
        _ => labels
            .get(&format!("rule_{}", d.code))
            .and_then(|v| v.as_str())
            .map(str::to_owned)
            .unwrap_or_else(|| d.message.clone()),
    };
    quoted(&text)
}

/// What to do about a diagnostic and the rule it cites, said in `lang` as
/// [`printed_message`] says its message: (help lines, the rule), without their `help:` and
/// `rule:` heads.
pub fn printed_help_and_rule(
    d: &Diagnostic,
    lang: Lang,
    labels: &toml::Table,
) -> (Vec<String>, Option<String>) {
    let words = crate::core::words::Layered { own: labels, lang };
    let shown = d.in_lang(lang, &words);
    // A note made without a phrase cites its rule as "rule: …" in English.
    let rule_at = d
        .rule_note()
        .or_else(|| d.notes.iter().position(|n| n.starts_with("rule: ")));
    // A note whose English says "help: …" or "rule: …" loses that head in every language
    // ("aide : …", "regla: …"): the head is the text before its first colon.
    let headed = |i: usize| {
        Some(i) == rule_at
            || d.notes.get(i).is_some_and(|n| n.starts_with("help: "))
            || d.said.iter().any(|(s, p)| {
                *s == crate::core::diagnostic::Slot::Note(i) && p.en.starts_with("help: ")
            })
    };
    let mut help = Vec::new();
    let mut rule = None;
    for (i, n) in shown.notes.iter().enumerate() {
        let text = match n.split_once(':') {
            Some((_, rest)) if headed(i) => quoted(rest.trim_start()),
            _ => quoted(n),
        };
        if Some(i) == rule_at {
            rule = Some(text);
        } else {
            help.push(text);
        }
    }
    (help, rule)
}

use crate::core::text::quoted;
