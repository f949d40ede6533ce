//! The points total against the list's limit (§9.1).

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::core::words::Phrase;

const LIMIT: [Seg<'static>; 2] = [Seg::Key("list"), Seg::Key("points")];

/// The total may exceed the limit by the §9.1 tolerance at most (reading tolerance).
pub const POINTS_OVER_LIMIT: Rule = Rule {
    code: "points-over-limit",
    severity: Severity::Error,
    section: "§9.1",
    summary: "an army costs at most its points, with a margin of 10 %",
};

/// Over the limit, within the tolerance: allowed, but said.
pub const POINTS_OVER_TOLERATED: Rule = Rule {
    code: "points-over-tolerated",
    severity: Severity::Warning,
    section: "§9.1",
    summary: "a margin of ±10 % is tolerated",
};

/// The largest total the tolerance allows: limit × (100 + t) / 100, rounded down.
fn tolerated(limit: u64, tolerance: u64) -> u64 {
    limit.saturating_mul(100 + tolerance) / 100
}

pub fn points_over_limit(cx: &ListContext) -> Vec<Diagnostic> {
    let (total, limit) = (cx.army.total, cx.army.limit);
    let tolerance = u64::from(cx.db.rules.balance.tolerance_percent);
    let max = tolerated(limit, tolerance);
    if total <= limit {
        return Vec::new();
    }
    let over = total - limit;
    if total <= max {
        return vec![cx
            .say(
                &POINTS_OVER_TOLERATED,
                &LIMIT,
                Phrase::new(
                    "points-over-tolerated",
                    "the list costs {total|# point|# points}, {over} over its limit of {limit}: within the {tolerance} % margin ({max} at most)",
                )
                .count("total", total)
                .count("over", over)
                .count("limit", limit)
                .count("tolerance", tolerance)
                .count("max", max),
            )
            .with_label_said(limit_label(limit))];
    }
    vec![cx
        .say(
            &POINTS_OVER_LIMIT,
            &LIMIT,
            Phrase::new(
                "points-over-limit",
                "the list costs {total|# point|# points}, {over} over its limit of {limit}, beyond the {tolerance} % margin ({max} at most)",
            )
            .count("total", total)
            .count("over", over)
            .count("limit", limit)
            .count("tolerance", tolerance)
            .count("max", max),
        )
        .with_label_said(limit_label(limit))
        .with_note_said(
            Phrase::new(
                "points-over-limit-help",
                "help: take {over|# point|# points} off (a unit, figures or skills), or raise the limit",
            )
            .count("over", total - max),
        )]
}

fn limit_label(limit: u64) -> Phrase {
    Phrase::new("limit", "limit {limit}").count("limit", limit)
}

/// A total well under the limit (more than the §9.1 tolerance) is probably unfinished.
pub const POINTS_UNDER_LIMIT: Rule = Rule {
    code: "points-under-limit",
    severity: Severity::Warning,
    section: "§9.1",
    summary: "armies of about the same value, ±10 % tolerated",
};

pub fn points_under_limit(cx: &ListContext) -> Vec<Diagnostic> {
    let (total, limit) = (cx.army.total, cx.army.limit);
    let tolerance = u64::from(cx.db.rules.balance.tolerance_percent.min(100));
    // total < (100 − t) % of limit, in integers.
    if total.saturating_mul(100) >= limit.saturating_mul(100 - tolerance) {
        return Vec::new();
    }
    vec![cx
        .say(
            &POINTS_UNDER_LIMIT,
            &LIMIT,
            Phrase::new(
                "points-under-limit",
                "the list costs {total|# point|# points}, under {share} % of its limit of {limit}",
            )
            .count("total", total)
            .count("share", 100 - tolerance)
            .count("limit", limit),
        )
        .with_label_said(limit_label(limit))]
}
