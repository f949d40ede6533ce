//! The `[list]` header: ruleset, campaign and rank must be known.

use super::{ListContext, Rule};
use crate::diagnostic::{Diagnostic, Severity};
use crate::ruleset::Ruleset;
use crate::source::Seg;
use crate::suggest::nearest;

/// `ruleset` names a rule system muster knows; this checker is Capitán's.
pub const UNKNOWN_RULESET: Rule = Rule {
    code: "unknown-ruleset",
    severity: Severity::Error,
    section: "§9",
    summary: "the list must be for a ruleset muster knows",
};

pub fn unknown_ruleset(cx: &ListContext) -> Vec<Diagnostic> {
    match cx.list.list.ruleset.parse::<Ruleset>() {
        Ok(Ruleset::Capitan) => Vec::new(),
        Err(message) => vec![cx.report(
            "unknown-ruleset",
            &[Seg::Key("list"), Seg::Key("ruleset")],
            message,
        )],
    }
}

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
        .report(
            "unknown-campaign",
            &[Seg::Key("list"), Seg::Key("campaign")],
            format!("unknown campaign `{c}`"),
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
            .report(
                "unknown-rank",
                &[Seg::Key("list"), Seg::Key("rank")],
                format!("unknown rank `{r}`"),
            )
            .with_suggestion(nearest(r, cx.db.ranks.ids()))],
        _ => Vec::new(),
    }
}
