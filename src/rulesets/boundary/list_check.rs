//! A list as its ruleset checked it ([`ListCheck`]: its units, total, diagnostics), the
//! database's listings, and the checks every ruleset shares (a
//! language it does not print, the balance between two armies).

use serde::Serialize;

use super::{Meta, Ruleset};
use crate::core::diagnostic::Diagnostic;
use crate::core::i18n::Lang;
use crate::core::names::Names;
use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, SpanIndex};

/// One unit of a checked list, as the generic commands print it.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitRow {
    /// The sheet or entry id.
    pub id: String,
    /// The player's label, else the name of its sheet or entry (in the list's language until
    /// [`ListCheck::in_lang`] says the document's).
    pub label: String,
    /// Whether `label` is the player's own (a name of the data otherwise).
    pub own_label: bool,
    /// The name of its sheet or entry in each language the data give it.
    pub names: Names,
    pub figures: Option<i64>,
    pub cost: u64,
    /// What was bought for it (skills, options): id, name to print, cost here (0: free).
    pub extras: Vec<Extra>,
    /// The unit as `muster check --format json` prints it (contract of each ruleset); shared,
    /// as a check is copied where it is kept for the next edit.
    pub json: std::sync::Arc<serde_json::Value>,
    /// What the list recorded it was priced with (`priced = {…}`), if it did.
    pub priced: Option<super::record::Priced>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Extra {
    pub id: String,
    /// Its name, in the list's language until [`ListCheck::in_lang`] says the document's.
    pub name: String,
    /// Its name in each language the data (or the ruleset's words) give it.
    #[serde(skip)]
    pub names: Names,
    pub cost: u32,
    /// Given free by the player's rank (rulesets with ranks), not bought.
    pub free: bool,
    /// How many were bought, for what is bought by the count (elite figures, guns).
    pub count: Option<u32>,
}

/// A list file as its ruleset's check parsed it (the ruleset's own type), kept with the check
/// so that what follows it (the picker's offers) does not parse the file again. Empty where a
/// check keeps none.
#[derive(Clone, Default)]
pub struct ParsedList(Option<std::sync::Arc<dyn std::any::Any + Send + Sync>>);

impl ParsedList {
    pub fn of<T: std::any::Any + Send + Sync>(list: T) -> Self {
        ParsedList(Some(std::sync::Arc::new(list)))
    }

    /// The list, when it was kept and is a `T`.
    pub fn get<T: std::any::Any>(&self) -> Option<&T> {
        self.0.as_deref().and_then(|l| l.downcast_ref())
    }
}

/// A list file parsed and checked by its ruleset.
#[derive(Clone)]
pub struct ListCheck {
    pub ruleset: Ruleset,
    pub file: FileId,
    pub spans: SpanIndex,
    /// The list as the check parsed it (its records as they were then).
    pub parsed: ParsedList,
    pub name: String,
    /// The language the list asks its documents in (`lang` in `[list]`).
    pub lang: Option<Lang>,
    /// What the army is, for headings: "empire, peninsula", "France 1809".
    pub description: String,
    /// The same in each language the data give it, where they do ([`ListCheck::in_lang`]).
    pub description_names: Names,
    pub total: u64,
    pub limit: u64,
    pub units: Vec<UnitRow>,
    pub diagnostics: Vec<Diagnostic>,
    /// The side the army fights for (coalition, nation), for pair checks.
    pub side: Option<String>,
}

impl ListCheck {
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The list as [`ListCheck::in_lang`] names it in `lang`.
    pub fn named_in(&self, lang: Lang) -> ListCheck {
        let mut named = self.clone();
        named.in_lang(lang);
        named
    }

    /// The units named in `lang` (a document's, a page's): each unit without a label of the
    /// player's by its sheet's or entry's name in `lang`, and what it bought by theirs, where
    /// the data give one.
    pub fn in_lang(&mut self, lang: Lang) {
        if let Some(d) = self.description_names.get(lang) {
            self.description = d.to_owned();
        }
        for u in &mut self.units {
            u.in_lang(lang);
        }
    }
}

impl UnitRow {
    /// The unit named in `lang` ([`ListCheck::in_lang`]).
    pub fn in_lang(&mut self, lang: Lang) {
        if !self.own_label {
            if let Some(n) = self.names.get(lang) {
                self.label = n.to_owned();
            }
        }
        for e in &mut self.extras {
            if let Some(n) = e.names.get(lang) {
                e.name = n.to_owned();
            }
        }
    }
}

/// A list's `lang` its ruleset is not printed in (`rule`, a warning): its documents fall back
/// to the ruleset's first language, as `muster cards` and `muster roster` say when they print.
/// Located by the caller.
pub fn lang_not_offered(
    rule: &Rule,
    book: &str,
    meta: &Meta,
    lang: Option<Lang>,
) -> Option<Diagnostic> {
    use crate::core::words::Phrase;
    let lang = lang.filter(|l| !meta.languages.contains(l))?;
    let ids: Vec<&str> = meta.languages.iter().map(|l| l.id()).collect();
    let first = meta.languages.first().copied().unwrap_or_default();
    let name = |l: Lang| {
        Phrase::new("lang", "{lang}").label("lang", format!("lang_{}", l.id()), lang_en(l))
    };
    let mut offered: Option<Phrase> = None;
    for l in meta.languages {
        offered = Some(match offered {
            None => name(*l),
            Some(a) => Phrase::new("list-and", "{a}, {b}")
                .phrase("a", a)
                .phrase("b", name(*l)),
        });
    }
    let offered = offered.unwrap_or_else(|| name(first));
    Some(
        rule.say(
            book,
            Phrase::new(
                "lang-not-offered",
                "lang = \"{id}\": {title} is printed in {offered}; its documents print in {first}",
            )
            .text("id", lang.id())
            .text("title", meta.title)
            .phrase("offered", offered)
            .phrase("first", name(first)),
        )
        .with_label_said(
            Phrase::new("lang-not-offered-label", "{ids}").text("ids", ids.join(" | ")),
        ),
    )
}

/// A language's name in English.
fn lang_en(l: Lang) -> &'static str {
    match l {
        Lang::Fr => "French",
        Lang::Es => "Spanish",
        Lang::En => "English",
    }
}

/// §9.1-style balance between two armies: totals within `tolerance` % of the larger.
pub fn balance_diagnostic(
    rule: &Rule,
    book: &str,
    a: &ListCheck,
    b: &ListCheck,
    b_name: &str,
    tolerance: u32,
) -> Option<Diagnostic> {
    let (hi, lo) = (a.total.max(b.total), a.total.min(b.total));
    let tolerance = u64::from(tolerance);
    if (hi - lo).saturating_mul(100) <= hi.saturating_mul(tolerance) {
        return None;
    }
    // The difference in tenths of a percent of the larger, rounded.
    let tenths = ((hi - lo).saturating_mul(2000) / hi).div_ceil(2);
    let (int, frac) = (tenths / 10, tenths % 10);
    use crate::core::words::Phrase;
    Some(
        rule.say(
            book,
            Phrase::new(
                "unbalanced",
                "this list costs {a|# point|# points} and {other} {b}: a difference of {diff} ({int}.{frac} % of the larger), more than {tolerance} %",
            )
            .count("a", a.total)
            .text("other", b_name)
            .count("b", b.total)
            .count("diff", hi - lo)
            .count("int", int)
            .count("frac", frac)
            .count("tolerance", tolerance),
        )
        .at(a.file, a.spans.span(&[Seg::Key("list"), Seg::Key("points")])),
    )
}

/// A list's description (`phrase`, its counts agreeing with their nouns) in each language
/// the ruleset of `meta` prints in.
pub fn described_in_each_language(
    meta: &'static Meta,
    phrase: &crate::core::words::Phrase,
) -> Names {
    let ruleset = Ruleset::of(meta);
    Names::new(ruleset.languages().iter().map(|l| {
        let words = crate::core::words::Layered {
            own: ruleset.words(*l),
            lang: *l,
        };
        (*l, phrase.say(*l, &words))
    }))
}
