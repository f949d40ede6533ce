//! A list that names its player's career (`career = "careers/NAME.toml"` in `[list]`, §10):
//! the career can be read, serves the list's coalition, and the list's rank is the one the
//! career has reached (§10.1: the free skill's cap, the rerolls).

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;

const CAREER: [Seg<'static>; 2] = [Seg::Key("list"), Seg::Key("career")];
const RANK: [Seg<'static>; 2] = [Seg::Key("list"), Seg::Key("rank")];

/// The career file a list names can be read.
pub const CAREER_UNREADABLE: Rule = Rule {
    code: "career-unreadable",
    severity: Severity::Error,
    section: "§10",
    summary: "a list's career is a career file muster can read (`muster career new`)",
};

pub fn career_unreadable(cx: &ListContext) -> Vec<Diagnostic> {
    match (&cx.career, &cx.list.list.career) {
        (Some(Err(why)), Some(name)) => vec![cx.report(
            &CAREER_UNREADABLE,
            &CAREER,
            format!("career `{}`: {why}", name.escape_debug()),
        )],
        _ => Vec::new(),
    }
}

/// A career's nation leads lists of its own coalition.
pub const CAREER_COALITION: Rule = Rule {
    code: "career-coalition",
    severity: Severity::Error,
    section: "§10",
    summary: "a player serves one nation (§10): its lists are of that nation's side",
};

pub fn career_coalition(cx: &ListContext) -> Vec<Diagnostic> {
    let Some(Ok(s)) = &cx.career else {
        return Vec::new();
    };
    let coalition = cx.list.list.coalition;
    if s.nation.coalitions.contains(&coalition) {
        return Vec::new();
    }
    let sides: Vec<&str> = s.nation.coalitions.iter().map(|c| c.as_str()).collect();
    vec![cx
        .report(
            &CAREER_COALITION,
            &[Seg::Key("list"), Seg::Key("coalition")],
            format!(
                "the list is of the {coalition}; its career serves {} ({})",
                s.nation.name.en,
                sides.join(" or ")
            ),
        )
        .with_note(format!(
            "the career is {}",
            cx.list.list.career.as_deref().unwrap_or_default()
        ))]
}

/// The list's rank is not above its career's.
pub const RANK_ABOVE_CAREER: Rule = Rule {
    code: "rank-above-career",
    severity: Severity::Error,
    section: "§10, §10.1",
    summary: "a player has the rank their victory points have earned, no higher",
};

/// The list's rank below its career's: allowed, but the list gives up what the rank gives.
pub const RANK_BELOW_CAREER: Rule = Rule {
    code: "rank-below-career",
    severity: Severity::Warning,
    section: "§10.1",
    summary: "a list that names a career may take its rank's advantages",
};

pub fn rank_against_career(cx: &ListContext) -> Vec<Diagnostic> {
    let (Some(Ok(s)), Some(claimed)) = (&cx.career, &cx.list.list.rank) else {
        return Vec::new();
    };
    let Some(at) = cx.db.ranks.iter().position(|r| r.id == *claimed) else {
        return Vec::new();
    };
    let earned = format!(
        "its career has reached {} ({}, {} victory points)",
        s.rank.id,
        s.title(),
        s.total
    );
    if at > s.index {
        let step = cx
            .db
            .career
            .as_ref()
            .map_or(0, |c| u64::from(c.points_per_rank));
        let from = step * at as u64;
        vec![cx
            .report(
                &RANK_ABOVE_CAREER,
                &RANK,
                format!("rank `{claimed}` is above the career's: {earned}"),
            )
            .with_note(format!(
                "`{claimed}` comes with {from} victory points, {} more; remove `rank` to take the career's",
                from.saturating_sub(s.total)
            ))]
    } else if at < s.index {
        vec![cx
            .report(
                &RANK_BELOW_CAREER,
                &RANK,
                format!("rank `{claimed}` is below the career's: {earned}"),
            )
            .with_note("remove `rank` to take the career's")]
    } else {
        Vec::new()
    }
}
