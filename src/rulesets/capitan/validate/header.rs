//! The `[list]` header: campaign and rank must be known (the ruleset was read before the
//! list was given to Capitán, see `rulesets::peek`).

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::core::suggest::nearest;
use crate::core::words::Phrase;

/// `campaign` is a campaign of the database (§1.1: sheets name the campaigns they serve).
pub const UNKNOWN_CAMPAIGN: Rule = Rule {
    code: "unknown-campaign",
    severity: Severity::Error,
    section: "§1.1",
    summary: "the list's campaign must be a campaign of the database",
};

pub fn unknown_campaign(cx: &ListContext) -> Vec<Diagnostic> {
    let c = &cx.list.list.campaign;
    if cx.db.campaigns.contains(c) {
        return Vec::new();
    }
    vec![cx
        .say(
            &UNKNOWN_CAMPAIGN,
            &[Seg::Key("list"), Seg::Key("campaign")],
            Phrase::new("unknown-campaign", "unknown campaign `{id}`").text("id", c),
        )
        .with_suggestion(nearest(c, cx.db.campaigns.ids()))]
}

/// `rank` is one of the ranks of §10.1.
pub const UNKNOWN_RANK: Rule = Rule {
    code: "unknown-rank",
    severity: Severity::Error,
    section: "§10.1",
    summary: "the player's rank must be one of §10.1",
};

pub fn unknown_rank(cx: &ListContext) -> Vec<Diagnostic> {
    match &cx.list.list.rank {
        Some(r) if !cx.db.ranks.contains(r) => vec![cx
            .say(
                &UNKNOWN_RANK,
                &[Seg::Key("list"), Seg::Key("rank")],
                Phrase::new("unknown-rank", "unknown rank `{id}`").text("id", r),
            )
            .with_suggestion(nearest(r, cx.db.ranks.ids()))],
        _ => Vec::new(),
    }
}
