//! Army-list validation against the Capitán rulebook. Each rule has a stable code, a severity
//! and the section it comes from; all are listed in [`RULES`] (two-list rules in
//! [`PAIR_RULES`]). Rules return every finding, never only the first.

pub mod balance;
mod career;
pub mod command;
mod header;
mod points;
mod skills;
mod units;

use std::ops::Range;

use super::army::Army;
use super::database::Database;
use super::list::ListFile;
use crate::core::diagnostic::Diagnostic;
pub use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, SpanIndex};
use crate::core::words::{Named, Phrase};

/// A list being validated, with what its rules need.
pub struct ListContext<'a> {
    pub db: &'a Database,
    pub list: &'a ListFile,
    pub army: &'a Army<'a>,
    pub file: FileId,
    pub spans: &'a SpanIndex,
    /// The career the list names (`career = "…"`), where it stands or why it cannot be read.
    pub career: Option<Result<super::career::Standing<'a>, String>>,
}

impl ListContext<'_> {
    /// The player's rank: the list's `rank`, else its career's (§10, §10.1).
    pub fn rank(&self) -> Option<&str> {
        self.list.list.rank.as_deref().or(match &self.career {
            Some(Ok(s)) => Some(s.rank.id.as_str()),
            _ => None,
        })
    }

    /// The span of `path`, cut to its first line (a whole table is shown by its header).
    pub fn span(&self, path: &[Seg]) -> Option<Range<usize>> {
        let span = self.spans.span(path)?;
        let text = self.spans.text();
        let end = text
            .get(span.clone())
            .and_then(|t| t.trim_end().find('\n'))
            .map_or(span.end, |n| span.start + n);
        Some(span.start..end)
    }

    /// A diagnostic of `rule` at `path` of the list file, its message a phrase.
    pub fn say(&self, rule: &Rule, path: &[Seg], message: Phrase) -> Diagnostic {
        rule.say(BOOK, message).at(self.file, self.span(path))
    }

    /// The unit at `index` as sentences name it: "unit 3, 43rd Light Infantry" (its sheet's
    /// name), "unit 3" when its sheet is unknown.
    pub fn unit(&self, index: usize) -> Phrase {
        let n = index + 1;
        match self
            .list
            .units
            .get(index)
            .and_then(|u| self.db.sheet(&u.sheet))
        {
            Some(s) => Phrase::new("unit-named", "unit {n} ({name})")
                .count("n", n)
                .name("name", Named::same(&s.name)),
            None => Phrase::new("unit-number", "unit {n}").count("n", n),
        }
    }

    /// A skill's name in each language (its id when the data does not know it).
    pub fn skill(&self, id: &str) -> Named {
        self.db
            .skill(id)
            .map_or_else(|| Named::same(id), |s| names(&s.name))
    }

    pub fn unit_path(i: usize, field: &'static str) -> [Seg<'static>; 3] {
        [Seg::Key("units"), Seg::Index(i), Seg::Key(field)]
    }
}

/// Names of the data in each language, for phrases.
pub fn names(n: &super::model::Names) -> Named {
    Named::new(&n.en, Some(n.fr.clone()), Some(n.es.clone()))
}

/// A side as a sentence says it, its article included: "the Allies" (`side_<id>` in the
/// messages' words).
pub fn side(c: &str) -> Phrase {
    let en = match c {
        "allies" => "the Allies".to_owned(),
        "empire" => "the Empire".to_owned(),
        other => format!("the {other}"),
    };
    Phrase::new("side", "{side}").label("side", format!("side_{c}"), en)
}

/// How diagnostics cite the rulebook.
pub const BOOK: &str = "Capitán";

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
