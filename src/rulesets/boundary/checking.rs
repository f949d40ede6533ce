//! A list checked: the one entry of every check ([`check_list`]: the ruleset's
//! [`Lists::check_list`], what its units were priced with said, the bounds of every
//! ruleset's lists), and what each ruleset's `check_list` does the same way: the list file
//! parsed as the ruleset's type ([`list_doc::parse`]), the ruleset's rules run on it.

use super::list_doc::{self, ListDoc};
use super::{ListCheck, Lists, Ruleset};
use crate::core::diagnostic::Diagnostic;
use crate::core::diagnostic::Severity;
use crate::core::rule::Rule;
use crate::core::source::{FileId, Sources, SpanIndex};

/// A list file as its ruleset's type parsed it: the list, its spans, its file.
pub struct Parsed<L> {
    pub list: L,
    pub spans: SpanIndex,
    pub file: FileId,
}

/// The list in `file` parsed as `L`, then checked by `rules` (the ruleset's). `Err` when the
/// file is not a list at all (TOML syntax, unknown or missing fields, wrong types): that is a
/// diagnostic too, but no rule can run.
pub fn parse_and_check<L: ListDoc>(
    sources: &Sources,
    file: FileId,
    rules: impl FnOnce(Parsed<L>) -> ListCheck,
) -> Result<ListCheck, Diagnostic> {
    let (list, spans) = list_doc::parse::<L>(sources, file)?;
    Ok(rules(Parsed { list, spans, file }))
}

/// A list of a ruleset that has none.
pub const NO_LISTS: Rule = Rule {
    code: "no-lists",
    severity: Severity::Error,
    section: "",
    summary: "only rulesets with army lists take list files (`muster rulesets`)",
};

/// Checks a list file of `ruleset` with its [`Lists`] ([`Lists::check_list`]); a ruleset
/// without lists takes none ([`NO_LISTS`]).
pub fn check_list(
    ruleset: Ruleset,
    lists: Option<&dyn Lists>,
    sources: &Sources,
    file: FileId,
) -> Result<ListCheck, Diagnostic> {
    check_list_priced(ruleset, lists, sources, file, None)
}

/// [`check_list`], what each unit is priced with today read from `memo` (what the same
/// data priced before: a server's loaded data) when given.
pub fn check_list_priced(
    ruleset: Ruleset,
    lists: Option<&dyn Lists>,
    sources: &Sources,
    file: FileId,
    memo: Option<&super::priced::PriceMemo>,
) -> Result<ListCheck, Diagnostic> {
    match lists {
        Some(lists) => lists.check_list(sources, file).map(|mut checked| {
            // What each unit was priced with, said where the data changed since.
            super::priced::notice(lists, sources, &mut checked, memo);
            // One bound for every ruleset's lists, however the list was made.
            if let Some(d) = super::list_doc::name_too_long(&checked.name, file, &checked.spans) {
                checked.diagnostics.push(d);
                crate::core::diagnostic::sort(&mut checked.diagnostics);
            }
            checked
        }),
        None => Err(Diagnostic::error(
            NO_LISTS.code,
            format!("{} has no army lists", ruleset.title()),
        )
        .in_file(file)
        .with_note(format!("rule: {}", NO_LISTS.summary))),
    }
}
