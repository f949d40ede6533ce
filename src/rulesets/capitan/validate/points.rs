//! The points total against the list's limit (§9.1).

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;

const LIMIT: [Seg<'static>; 2] = [Seg::Key("list"), Seg::Key("points")];

/// The total may not exceed the limit.
pub const POINTS_OVER_LIMIT: Rule = Rule {
    code: "points-over-limit",
    severity: Severity::Error,
    section: "§9.1",
    summary: "an army costs at most the agreed points",
};

pub fn points_over_limit(cx: &ListContext) -> Vec<Diagnostic> {
    let (total, limit) = (cx.army.total, cx.army.limit);
    if total <= limit {
        return Vec::new();
    }
    vec![cx
        .report(
            &POINTS_OVER_LIMIT,
            &LIMIT,
            format!(
                "the list costs {total} points, {} over its limit of {limit}",
                total - limit
            ),
        )
        .with_label(format!("limit {limit}"))]
}

/// A total well under the limit (more than the §9.1 tolerance) is probably unfinished.
pub const POINTS_UNDER_LIMIT: Rule = Rule {
    code: "points-under-limit",
    severity: Severity::Warning,
    section: "§9.1",
    summary: "armies of about the same value, ±10 % tolerated",
};

pub fn points_under_limit(cx: &ListContext) -> Vec<Diagnostic> {
    let (total, limit) = (cx.army.total as u64, cx.army.limit as u64);
    let tolerance = cx.db.rules.balance.tolerance_percent as u64;
    // total < (100 − t) % of limit, in integers.
    if total * 100 >= limit * (100 - tolerance.min(100)) {
        return Vec::new();
    }
    vec![cx
        .report(
            &POINTS_UNDER_LIMIT,
            &LIMIT,
            format!(
                "the list costs {total} points, under {}% of its limit of {limit}",
                100 - tolerance
            ),
        )
        .with_label(format!("limit {limit}"))]
}
