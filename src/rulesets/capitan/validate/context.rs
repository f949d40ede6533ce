//! What Capitán's list rules share: the list being validated ([`ListContext`]), how their
//! sentences name the data, the sides and the book.

use std::ops::Range;

use super::super::army::Army;
use super::super::database::Database;
use super::super::list::ListFile;
use crate::core::diagnostic::Diagnostic;
use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, SpanIndex};
use crate::core::words::{Named, Phrase};
use crate::rulesets::list_rules::first_line;

/// A list being validated, with what its rules need.
pub struct ListContext<'a> {
    pub db: &'a Database,
    pub list: &'a ListFile,
    pub army: &'a Army<'a>,
    pub file: FileId,
    pub spans: &'a SpanIndex,
    /// The career the list names (`career = "…"`), where it stands or why it cannot be read.
    pub career: Option<Result<super::super::career::Standing<'a>, String>>,
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
        first_line(self.spans, path)
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
pub fn names(n: &super::super::model::Names) -> Named {
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
