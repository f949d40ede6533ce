//! A rule of a checker: a stable code, a severity, the place in its rulebook and a one-line
//! summary. Each ruleset lists its rules in one table; diagnostics are made from them, so a
//! rule's note and severity cannot be forgotten or mistyped.

use crate::core::diagnostic::{Diagnostic, Severity, RULE_NOTE, RULE_NOTE_MUSTER};
use crate::core::words::Phrase;

#[derive(Debug)]
pub struct Rule {
    pub code: &'static str,
    pub severity: Severity,
    /// Where in the rulebook, e.g. `§9.1` or `p.11`.
    pub section: &'static str,
    pub summary: &'static str,
}

impl Rule {
    /// A diagnostic of this rule with its note naming the rulebook (`book`, as the ruleset cites it).
    pub fn diagnostic(&self, book: &str, message: String) -> Diagnostic {
        let d = match self.severity {
            Severity::Warning => Diagnostic::warning(self.code, message),
            Severity::Error => Diagnostic::error(self.code, message),
        };
        d.with_note_said(self.note_said(book))
    }

    /// A diagnostic of this rule whose message is a phrase, said in any language.
    pub fn say(&self, book: &str, message: Phrase) -> Diagnostic {
        let d = match self.severity {
            Severity::Warning => Diagnostic::warning_said(self.code, message),
            Severity::Error => Diagnostic::error_said(self.code, message),
        };
        d.with_note_said(self.note_said(book))
    }

    /// `rule: <summary> (<book> <section>)`; a rule without a section is muster's own
    /// check (an id of the data, a list's shape), not the rulebook's: `(muster)`.
    pub fn note(&self, book: &str) -> String {
        self.note_said(book).english()
    }

    /// [`Rule::note`] as a phrase: the summary is the labels' `rule_<code>` in another
    /// language.
    pub fn note_said(&self, book: &str) -> Phrase {
        let summary = format!("rule_{}", self.code);
        if self.section.is_empty() {
            Phrase::new(RULE_NOTE_MUSTER, "rule: {summary} (muster)").label(
                "summary",
                summary,
                self.summary,
            )
        } else {
            Phrase::new(RULE_NOTE, "rule: {summary} ({book} {section})")
                .label("summary", summary, self.summary)
                .text("book", book)
                .text("section", self.section)
        }
    }
}

/// A reading of an ambiguous rulebook sentence, recorded in a ruleset's data: the section,
/// the sentence quoted, and what muster decided (in French and English). Printed on the QRS.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub id: String,
    pub section: String,
    pub quote: String,
    pub decision: crate::core::i18n::FrEn,
}

impl Reading {
    /// How documents head it, so that a "reading ID" mentioned elsewhere can be found:
    /// "dice (HM, Commandement)".
    pub fn title(&self) -> String {
        format!("{} ({})", self.id, self.section)
    }
}
