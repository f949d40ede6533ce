//! What the rulesets' views (cards, quick-reference sheets, rosters) have the same shape for:
//! a row of a name and a value, and the readings of the rulebook as rows.

use serde::Serialize;

use crate::core::i18n::Lang;
use crate::core::rule::Reading;

#[derive(Debug, Clone, Serialize)]
pub struct Row2 {
    pub name: String,
    pub value: String,
}

/// The readings of ambiguous sentences as a quick-reference sheet prints them: each one's
/// title and what muster decided, in `lang`.
pub fn reading_rows(readings: &[Reading], lang: Lang) -> Vec<Row2> {
    readings
        .iter()
        .map(|x| Row2 {
            name: x.title(),
            value: x.decision.get(lang).to_owned(),
        })
        .collect()
}
