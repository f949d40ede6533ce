//! What every roster is made from besides its ruleset's data and its list file: the list as
//! checked, its sources, the document's language and words; and from them the head every
//! roster begins with.

use super::list_check::ListCheck;
use super::printed::RosterHead;
use crate::core::i18n::Lang;
use crate::core::source::Sources;

/// The list a roster prints, as checked, and how it is printed.
#[derive(Clone, Copy)]
pub struct RosterOf<'a> {
    pub checked: &'a ListCheck,
    pub sources: &'a Sources,
    pub lang: Lang,
    pub labels: &'a toml::Table,
}

impl<'a> RosterOf<'a> {
    pub fn new(
        checked: &'a ListCheck,
        sources: &'a Sources,
        lang: Lang,
        labels: &'a toml::Table,
    ) -> Self {
        RosterOf {
            checked,
            sources,
            lang,
            labels,
        }
    }

    /// The head every roster begins with: the list's name, file, points, validity and
    /// diagnostics ([`RosterHead::of`]).
    pub fn head(&self) -> RosterHead {
        RosterHead::of(self.checked, self.sources, self.lang, self.labels)
    }
}
