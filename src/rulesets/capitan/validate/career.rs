//! A list that names its player's career (`career = "careers/NAME.toml"` in `[list]`, §10):
//! the career can be read, serves the list's coalition, and the list's rank is the one the
//! career has reached (§10.1: the free skill's cap, the rerolls).

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::core::words::{Named, Phrase};

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
        (Some(Err(why)), Some(name)) => vec![cx.say(
            &CAREER_UNREADABLE,
            &CAREER,
            Phrase::new("career-unreadable", "career `{file}`: {why}")
                .text("file", name.escape_debug().to_string())
                .text("why", why),
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
    let side = |c: super::super::model::Coalition| super::side(c.as_str());
    let mut sides: Option<Phrase> = None;
    for c in &s.nation.coalitions {
        sides = Some(match sides {
            None => side(*c),
            Some(a) => Phrase::new("list-or", "{a} or {b}")
                .phrase("a", a)
                .phrase("b", side(*c)),
        });
    }
    vec![cx
        .say(
            &CAREER_COALITION,
            &[Seg::Key("list"), Seg::Key("coalition")],
            Phrase::new(
                "career-coalition",
                "the list fights for {coalition}; its career serves {nation} ({sides})",
            )
            .phrase("coalition", side(coalition))
            .name("nation", super::names(&s.nation.name))
            .phrase("sides", sides.unwrap_or_else(|| side(coalition))),
        )
        .with_note_said(
            Phrase::new("career-coalition-note", "the career is {file}")
                .text("file", cx.list.list.career.as_deref().unwrap_or_default()),
        )]
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
    let Some((at, claimed_rank)) = cx
        .db
        .ranks
        .iter()
        .enumerate()
        .find(|(_, r)| r.id == *claimed)
    else {
        return Vec::new();
    };
    let claimed_name = super::names(&claimed_rank.name);
    let earned = Phrase::new(
        "career-earned",
        "its career has reached {rank} ({title}, {points|# victory point|# victory points})",
    )
    .name("rank", super::names(&s.rank.name))
    .name("title", Named::same(s.title()))
    .count("points", s.total);
    if at > s.index {
        let step = cx
            .db
            .career
            .as_ref()
            .map_or(0, |c| u64::from(c.points_per_rank));
        let from = step * at as u64;
        vec![cx
            .say(
                &RANK_ABOVE_CAREER,
                &RANK,
                Phrase::new(
                    "rank-above-career",
                    "the rank {rank} is above the career's: {earned}",
                )
                .name("rank", claimed_name.clone())
                .phrase("earned", earned),
            )
            .with_note_said(
                Phrase::new(
                    "rank-above-career-help",
                    "help: {rank} comes with {from|# victory point|# victory points}, {more} more; remove `rank` to take the career's",
                )
                .name("rank", claimed_name)
                .count("from", from)
                .count("more", from.saturating_sub(s.total)),
            )]
    } else if at < s.index {
        vec![cx
            .say(
                &RANK_BELOW_CAREER,
                &RANK,
                Phrase::new(
                    "rank-below-career",
                    "the rank {rank} is below the career's: {earned}",
                )
                .name("rank", claimed_name)
                .phrase("earned", earned),
            )
            .with_note_said(Phrase::new(
                "rank-below-career-help",
                "help: remove `rank` to take the career's",
            ))]
    } else {
        Vec::new()
    }
}
