//! A list as its ruleset checked it ([`ListCheck`]: its units, total, diagnostics), the
//! words of its table, the database's listings, and the checks every ruleset shares (a
//! language it does not print, the balance between two armies).

use serde::Serialize;

use super::{Meta, Ruleset};
use crate::core::diagnostic::Diagnostic;
use crate::core::i18n::Lang;
use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, SpanIndex};

/// The words of a list's table in `muster check`: a unit's id, its figures, what it has.
#[derive(Serialize)]
pub struct ListWords {
    pub id: &'static str,
    /// The count of a unit (figures, elements), or `None`: units have no count.
    pub figures: Option<&'static str>,
    pub extras: &'static str,
    /// Whether extras are bought (printed with their cost, "free" at 0).
    pub extras_bought: bool,
    /// Whether lists cost points (a total against a limit).
    pub points: bool,
    /// What `muster list add` takes besides the id, the count and the label: any of
    /// "skills", "free-skill", "options", "guns" (the web builder's form shows these).
    pub adds: &'static [&'static str],
    /// Examples of `--option`, for forms: "flag, musician, elite=4".
    pub options_hint: &'static str,
    /// The keys a unit's table is written with by `muster list add` (what `list set`
    /// rewrites; other keys of a unit stay as the user wrote them).
    pub unit_keys: &'static [&'static str],
}

/// One unit of a checked list, as the generic commands print it.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitRow {
    /// The sheet or entry id.
    pub id: String,
    pub label: String,
    pub figures: Option<i64>,
    pub cost: u64,
    /// What was bought for it (skills, options): id, name to print, cost here (0: free).
    pub extras: Vec<Extra>,
    /// The unit as `muster check --format json` prints it (contract of each ruleset).
    pub json: serde_json::Value,
    /// What the list recorded it was priced with (`priced = {…}`), if it did.
    pub priced: Option<super::record::Priced>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Extra {
    pub id: String,
    pub name: String,
    pub cost: u32,
    /// Given free by the player's rank (rulesets with ranks), not bought.
    pub free: bool,
    /// How many were bought, for what is bought by the count (elite figures, guns).
    pub count: Option<u32>,
}

/// A list file parsed and checked by its ruleset.
pub struct ListCheck {
    pub ruleset: Ruleset,
    pub file: FileId,
    pub spans: SpanIndex,
    pub name: String,
    /// The language the list asks its documents in (`lang` in `[list]`).
    pub lang: Option<Lang>,
    /// What the army is, for headings: "empire, peninsula", "France 1809".
    pub description: String,
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
}

/// Filters of `muster sheets`; each ruleset says which it knows.
#[derive(Debug, Default, Clone)]
pub struct SheetFilter {
    pub nation: Option<String>,
    pub coalition: Option<String>,
    pub kind: Option<String>,
    pub arm: Option<String>,
    pub campaign: Option<String>,
    pub army: Option<String>,
}

/// A table of the database: JSON for tools, a text table for people.
pub struct Listing {
    pub json: serde_json::Value,
    pub header: Vec<&'static str>,
    pub rows: Vec<Vec<String>>,
    /// "sheets", "entries", "skills".
    pub noun: &'static str,
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
