//! What the rulesets' list checks declare and locate the same way: a rule of the list, and
//! the span a diagnostic of it points at.

use std::ops::Range;

use crate::core::diagnostic::Severity;
use crate::core::rule::Rule;
use crate::core::source::{Seg, SpanIndex};

/// A rule of a ruleset's list checks, declared as a constant.
pub const fn rule(
    code: &'static str,
    severity: Severity,
    section: &'static str,
    summary: &'static str,
) -> Rule {
    Rule {
        code,
        severity,
        section,
        summary,
    }
}

/// The span of `path` in a list file, cut to its first line (a whole table is shown by its
/// header).
pub fn first_line(spans: &SpanIndex, path: &[Seg]) -> Option<Range<usize>> {
    let span = spans.span(path)?;
    let text = spans.text();
    let end = text
        .get(span.clone())
        .and_then(|t| t.trim_end().find('\n'))
        .map_or(span.end, |n| span.start + n);
    Some(span.start..end)
}
