//! A ruleset's [`Lists::check_list`], the same for every ruleset: the list file parsed as the
//! ruleset's type ([`list_doc::parse`]), the ruleset's rules run on it, then what it was
//! priced with said ([`priced::notice`]).

use super::list_doc::{self, ListDoc};
use super::{priced, ListCheck, Lists};
use crate::core::diagnostic::Diagnostic;
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

/// Checks the list in `file` of the ruleset whose lists are `lists` ([`parse_and_check`]),
/// then says what it was priced with.
pub fn check_typed<L: ListDoc>(
    lists: &dyn Lists,
    sources: &Sources,
    file: FileId,
    rules: impl FnOnce(Parsed<L>) -> ListCheck,
) -> Result<ListCheck, Diagnostic> {
    let mut check = parse_and_check(sources, file, rules)?;
    priced::notice(lists, sources, &mut check);
    Ok(check)
}
