//! Army-list validation against the Capitán rulebook. Each rule has a stable code, a severity
//! and the section it comes from; all are listed in [`RULES`] (two-list rules in
//! [`PAIR_RULES`]). Rules return every finding, never only the first.

pub mod balance;
mod career;
pub mod command;
mod context;
mod header;
mod points;
mod skills;
mod units;

use crate::core::diagnostic::Diagnostic;
pub use crate::core::rule::Rule;
pub use context::{names, side, ListContext, BOOK};

type Check = fn(&ListContext) -> Vec<Diagnostic>;

/// Every rule of one list, with the check that reports it (a check may report two rules:
/// over the limit within the margin, or beyond it), in the order they run.
pub const RULES: &[(&Rule, Check)] = &[
    (&header::UNKNOWN_CAMPAIGN, header::unknown_campaign),
    (&header::UNKNOWN_RANK, header::unknown_rank),
    (&career::CAREER_UNREADABLE, career::career_unreadable),
    (&career::CAREER_COALITION, career::career_coalition),
    (&career::RANK_ABOVE_CAREER, career::rank_against_career),
    (&career::RANK_BELOW_CAREER, career::rank_against_career),
    (&units::UNKNOWN_SHEET, units::unknown_sheet),
    (&units::UNIT_LIMIT, units::unit_limit),
    (&units::FIGURES_OUT_OF_RANGE, units::figures_out_of_range),
    (&units::UNIT_SIZE, units::unit_size),
    (&units::CREW_REDUCED, units::crew_reduced),
    (&units::COALITION_MISMATCH, units::coalition_mismatch),
    (&units::CAMPAIGN_MISMATCH, units::campaign_mismatch),
    (&skills::UNKNOWN_SKILL, skills::unknown_skill),
    (&skills::SKILL_NOT_ON_SHEET, skills::skill_not_on_sheet),
    (&skills::SKILL_RESTRICTED, skills::skill_restricted),
    (&skills::DUPLICATE_SKILL, skills::duplicate_skill),
    (&skills::FREE_SKILL_UNIT, skills::free_skill_unit),
    (
        &skills::FREE_SKILL_TOO_COSTLY,
        skills::free_skill_too_costly,
    ),
    (&points::POINTS_OVER_LIMIT, points::points_over_limit),
    (&points::POINTS_OVER_TOLERATED, points::points_over_limit),
    (&points::POINTS_UNDER_LIMIT, points::points_under_limit),
    (&command::NO_COMMAND, command::no_command),
    (
        &command::UNIT_WITHOUT_COMMAND,
        command::unit_without_command,
    ),
];

/// Rules over two lists that will face each other (`--against`).
pub const PAIR_RULES: &[&Rule] = &[
    &balance::UNBALANCED,
    &balance::SAME_COALITION,
    &balance::UNIT_LIMIT_IN_GAME,
];

/// Every finding of every single-list rule (each check run once).
pub fn validate_list(cx: &ListContext) -> Vec<Diagnostic> {
    let mut checks: Vec<Check> = Vec::new();
    for (_, check) in RULES {
        if !checks.iter().any(|c| std::ptr::fn_addr_eq(*c, *check)) {
            checks.push(*check);
        }
    }
    let mut out: Vec<Diagnostic> = checks.iter().flat_map(|check| check(cx)).collect();
    // One mistake repeated along a line is reported once, with a count.
    let text = cx.spans.text();
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    crate::core::diagnostic::fold_per_line(&mut out, |d| {
        let at = d.span.as_ref()?.start;
        (d.file == Some(cx.file)).then(|| starts.partition_point(|s| *s <= at))
    });
    out
}

pub use balance::validate_pair;
