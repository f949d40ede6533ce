//! Two armies that will face each other (§9.1).

use super::{Rule, BOOK};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::rulesets::capitan::Database;
use crate::rulesets::{balance_diagnostic, ListCheck};

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

/// Diagnostics about the pair, located in the first list.
pub fn validate_pair(db: &Database, a: &ListCheck, b: &ListCheck, b_name: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    out.extend(balance_diagnostic(
        &UNBALANCED,
        BOOK,
        a,
        b,
        b_name,
        db.rules.balance.tolerance_percent,
    ));
    if let (Some(sa), Some(sb)) = (&a.side, &b.side) {
        if sa == sb {
            out.push(
                SAME_COALITION
                    .diagnostic(BOOK, format!("both lists are of the {sa} coalition"))
                    .at(
                        a.file,
                        a.spans.span(&[Seg::Key("list"), Seg::Key("coalition")]),
                    ),
            );
        }
    }
    out
}
