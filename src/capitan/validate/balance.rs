//! Two armies that will face each other (§9.1).

use super::Rule;
use crate::capitan::list::ListFile;
use crate::capitan::Database;
use crate::diagnostic::{Diagnostic, Severity};
use crate::source::{FileId, Seg, SpanIndex};

/// Totals within 10 % of the larger (§9.1).
pub const UNBALANCED: Rule = Rule {
    code: "unbalanced",
    severity: Severity::Error,
    section: "§9.1",
    summary: "the two armies' values differ by at most 10 %",
};

/// The two lists fight each other.
pub const SAME_COALITION: Rule = Rule {
    code: "same-coalition",
    severity: Severity::Warning,
    section: "§1.1",
    summary: "opponents are usually of different coalitions",
};

/// One side of a match-up.
pub struct Side<'a> {
    pub list: &'a ListFile,
    pub total: u32,
    pub file: FileId,
    pub spans: &'a SpanIndex,
}

/// Diagnostics about the pair, located in the first list.
pub fn validate_pair(db: &Database, a: &Side, b: &Side, b_name: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let note = |r: &Rule| format!("rule: {} (capitan.fr.txt {})", r.summary, r.section);
    let (hi, lo) = (a.total.max(b.total) as u64, a.total.min(b.total) as u64);
    let tolerance = db.rules.balance.tolerance_percent as u64;
    if (hi - lo) * 100 > hi * tolerance {
        let pct = (hi - lo) as f64 * 100.0 / hi as f64;
        out.push(
            Diagnostic::error(
                "unbalanced",
                format!(
                    "this list costs {} points and {b_name} {}: a difference of {} ({pct:.1}% of the larger), more than {tolerance}%",
                    a.total,
                    b.total,
                    hi - lo
                ),
            )
            .at(a.file, a.spans.span(&[Seg::Key("list"), Seg::Key("points")]))
            .with_note(note(&UNBALANCED)),
        );
    }
    if a.list.list.coalition == b.list.list.coalition {
        out.push(
            Diagnostic::warning(
                "same-coalition",
                format!("both lists are of the {} coalition", a.list.list.coalition),
            )
            .at(
                a.file,
                a.spans.span(&[Seg::Key("list"), Seg::Key("coalition")]),
            )
            .with_note(note(&SAME_COALITION)),
        );
    }
    out
}
