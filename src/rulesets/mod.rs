//! The ruleset boundary. A ruleset is one rule system of `shared/rulebooks/`: its module under
//! `src/rulesets/<module>/`, its data folder `unit-sheets/<id>/`, its templates
//! `templates/<id>/`. Generic commands (data check, sheets, check, list edits, cards, QRS,
//! roster, the web app) see a loaded ruleset only through [`Engine`]; the procedures with
//! their own flags (previews, scoring) are typed per ruleset and dispatched by [`Ruleset`].
//!
//! Adding a ruleset: a variant here with its id, title and capabilities, an arm in [`load`],
//! and its module and folders. No other ruleset's files change.

pub mod capitan;
pub mod list_doc;
pub mod wab_aca;

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use serde::Serialize;
use toml_edit::DocumentMut;

use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, Sources, SpanIndex};
use crate::core::suggest::nearest;

/// A rule system muster implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub enum Ruleset {
    #[default]
    Capitan,
    WabAca,
}

/// What a ruleset offers, as `muster rulesets` prints it.
#[derive(Debug, Clone, Serialize)]
pub struct Capabilities {
    pub data: bool,
    pub lists: bool,
    pub cards: bool,
    pub qrs: bool,
    pub roster: bool,
    /// The `muster preview` procedures.
    pub previews: &'static [&'static str],
    pub scoring: bool,
}

impl Ruleset {
    pub const ALL: &'static [Ruleset] = &[Ruleset::Capitan, Ruleset::WabAca];

    /// The id used in list files (`ruleset = "capitan"`), `--ruleset`, and as the name of
    /// its data and template folders.
    pub fn id(self) -> &'static str {
        match self {
            Ruleset::Capitan => "capitan",
            Ruleset::WabAca => "wab-aca",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Ruleset::Capitan => "Capitán",
            Ruleset::WabAca => "WAB: Au crépuscule de l'Aigle",
        }
    }

    /// How citations name the rulebook: "Capitán §9.1".
    pub fn book(self) -> &'static str {
        match self {
            Ruleset::Capitan => "Capitán",
            Ruleset::WabAca => "ACA",
        }
    }

    /// The rulebook in `shared/rulebooks/`.
    pub fn source(self) -> &'static str {
        match self {
            Ruleset::Capitan => "capitan.fr.txt",
            Ruleset::WabAca => "wab-crepuscule-de-l-aigle.fr.txt",
        }
    }

    /// What `muster check` calls a unit's id and what is bought for it.
    pub fn list_columns(self) -> (&'static str, &'static str) {
        match self {
            Ruleset::Capitan => ("sheet", "skills"),
            Ruleset::WabAca => ("entry", "options"),
        }
    }

    /// Its built-in templates and labels.
    pub fn templates(self) -> &'static crate::render::templates::Builtin {
        match self {
            Ruleset::Capitan => &capitan::TEMPLATES,
            Ruleset::WabAca => &wab_aca::TEMPLATES,
        }
    }

    /// The card size printed when `--card` is not given: a WAB unit, with its profile and up
    /// to 30 casualty boxes, is printed on tarot cards.
    pub fn card_size(self) -> crate::render::sheet::CardSize {
        match self {
            Ruleset::Capitan => crate::render::sheet::CardSize::Poker,
            Ruleset::WabAca => crate::render::sheet::CardSize::Tarot,
        }
    }

    /// The languages its cards, sheets and rosters are printed in.
    pub fn languages(self) -> &'static [Lang] {
        match self {
            Ruleset::Capitan => &[Lang::Fr, Lang::Es, Lang::En],
            Ruleset::WabAca => &[Lang::Fr, Lang::En],
        }
    }

    pub fn capabilities(self) -> Capabilities {
        match self {
            Ruleset::Capitan => Capabilities {
                data: true,
                lists: true,
                cards: true,
                qrs: true,
                roster: true,
                previews: &["fire", "melee", "charge", "artillery"],
                scoring: false,
            },
            Ruleset::WabAca => Capabilities {
                data: true,
                lists: true,
                cards: true,
                qrs: true,
                roster: true,
                previews: &["test", "shoot", "combat", "artillery"],
                scoring: true,
            },
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Ruleset {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ruleset::ALL
            .iter()
            .copied()
            .find(|r| r.id() == s)
            .ok_or_else(|| {
                let known: Vec<&str> = Ruleset::ALL.iter().map(|r| r.id()).collect();
                let mut msg = format!("unknown ruleset `{s}`, known: {}", known.join(", "));
                if let Some(n) = nearest(s, known) {
                    msg.push_str(&format!(" (did you mean {n}?)"));
                }
                msg
            })
    }
}

/// `ruleset` names a rule system muster knows.
pub const UNKNOWN_RULESET: Rule = Rule {
    code: "unknown-ruleset",
    severity: Severity::Error,
    section: "",
    summary: "a list is for one of the rulesets muster knows (`muster rulesets`)",
};

/// The ruleset a list file is for, read from `[list].ruleset` before any typed parse, so that
/// each ruleset parses only its own lists. A file without the key is left to the default
/// ruleset (its parse reports the missing field); an unknown id is a diagnostic at the value.
pub fn peek(sources: &Sources, file: FileId) -> Result<Ruleset, Diagnostic> {
    let text = sources.text(file);
    let Ok(doc) = toml_edit::ImDocument::parse(text.to_owned()) else {
        return Ok(Ruleset::default());
    };
    let Some(item) = doc.get("list").and_then(|l| l.get("ruleset")) else {
        return Ok(Ruleset::default());
    };
    let Some(id) = item.as_str() else {
        return Ok(Ruleset::default());
    };
    id.parse::<Ruleset>().map_err(|_| {
        let index = SpanIndex::parse(text);
        let span = index.span(&[Seg::Key("list"), Seg::Key("ruleset")]);
        let known: Vec<&str> = Ruleset::ALL.iter().map(|r| r.id()).collect();
        Diagnostic::error(UNKNOWN_RULESET.code, format!("unknown ruleset `{id}`"))
            .at(file, span)
            .with_label("not a ruleset muster knows")
            .with_suggestion(nearest(id, known.iter().copied()))
            .with_note(format!("known: {}", known.join(", ")))
            .with_note(format!("rule: {}", UNKNOWN_RULESET.summary))
    })
}

/// One unit of a checked list, as the generic commands print it.
#[derive(Debug, Clone)]
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
}

#[derive(Debug, Clone, Serialize)]
pub struct Extra {
    pub id: String,
    pub name: String,
    pub cost: u32,
}

/// A list file parsed and checked by its ruleset.
pub struct ListCheck {
    pub ruleset: Ruleset,
    pub file: FileId,
    pub spans: SpanIndex,
    pub name: String,
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

/// `muster list new`: what the command line gives.
#[derive(Debug, Default, Clone)]
pub struct NewList {
    pub name: String,
    pub points: u32,
    pub coalition: Option<String>,
    pub campaign: Option<String>,
    pub rank: Option<String>,
    pub army: Option<String>,
}

/// `muster list add`: what the command line gives.
#[derive(Debug, Default, Clone)]
pub struct NewUnit {
    pub id: String,
    pub figures: Option<u32>,
    pub label: Option<String>,
    /// Skills (Capitán).
    pub extras: Vec<String>,
    /// Options (rulesets whose units buy options: `flag`, `elite=4`).
    pub options: Vec<String>,
    /// A battery's guns.
    pub guns: Option<u32>,
    /// Capitán §10.1: give the rank's free skill to a unit (`None` for the unit being added).
    pub free_skill: Option<FreeSkill>,
}

#[derive(Debug, Clone)]
pub struct FreeSkill {
    /// 1-based unit number; `None`: the unit being added.
    pub unit: Option<usize>,
    pub skill: String,
}

/// A unit printed from the database alone: `--sheet ID[:FIGURES]`.
#[derive(Debug, Clone)]
pub struct SheetRef {
    pub id: String,
    pub figures: Option<u32>,
}

/// What a loaded ruleset offers the generic commands.
pub trait Engine {
    fn ruleset(&self) -> Ruleset;

    /// What was loaded, for `muster data check`: "32 sheets, 35 skills, …".
    fn summary(&self) -> String;

    /// `muster sheets`.
    fn sheets(&self, filter: &SheetFilter) -> Result<Listing, Error>;

    /// `muster sheets show ID`: JSON, and every field as text.
    fn sheet(&self, id: &str) -> Result<(serde_json::Value, String), Error>;

    /// `muster skills`: the skills or special rules units may buy, if the ruleset has them.
    fn skills(&self) -> Option<Listing>;

    /// Parses and checks a list file of this ruleset. `Err` when the file is not a list at
    /// all (TOML syntax, unknown or missing fields, wrong types): no rule can run.
    fn check_list(&self, sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic>;

    /// Rules over two lists that will face each other, located in `a`.
    fn check_pair(&self, a: &ListCheck, b: &ListCheck, b_name: &str) -> Vec<Diagnostic>;

    /// A new, empty list.
    fn new_list(&self, spec: &NewList) -> Result<DocumentMut, Error>;

    /// Appends a unit to a list document (refusing unknown ids before anything is written).
    fn add_unit(&self, doc: &mut DocumentMut, unit: &NewUnit) -> Result<(), Error>;

    /// Removes unit `index` (1-based); returns notes about what else changed.
    fn remove_unit(&self, doc: &mut DocumentMut, index: usize) -> Result<Vec<String>, Error>;

    /// The template contexts of the cards to print (one per card, as `card`).
    fn cards(
        &self,
        list: Option<&ListCheck>,
        sheets: &[SheetRef],
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<Vec<serde_json::Value>, Error>;

    /// The quick-reference sheet's context (as `q`).
    fn qrs(&self, lang: Lang, labels: &toml::Table) -> serde_json::Value;

    /// A roster's context (as `r`).
    fn roster(
        &self,
        list: &ListCheck,
        sources: &Sources,
        lang: Lang,
        labels: &toml::Table,
    ) -> serde_json::Value;
}

/// A ruleset's data, loaded and checked: the engine when the data could be assembled, and
/// every diagnostic found on the way.
pub struct Loaded {
    pub engine: Option<Box<dyn Engine>>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Loads the data of `ruleset` from the `<id>/` folders of `dirs`.
pub fn load(ruleset: Ruleset, dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    match ruleset {
        Ruleset::Capitan => {
            let loaded = capitan::data::load(dirs, sources)?;
            Ok(Loaded {
                engine: loaded
                    .database
                    .map(|db| Box::new(capitan::engine::CapitanEngine::new(db)) as Box<dyn Engine>),
                diagnostics: loaded.diagnostics,
            })
        }
        Ruleset::WabAca => {
            let loaded = wab_aca::data::load(dirs, sources)?;
            Ok(Loaded {
                engine: loaded
                    .database
                    .map(|db| Box::new(wab_aca::engine::WabEngine::new(db)) as Box<dyn Engine>),
                diagnostics: loaded.diagnostics,
            })
        }
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
    let pct = (hi - lo) as f64 * 100.0 / hi as f64;
    Some(
        rule.diagnostic(
            book,
            format!(
                "this list costs {} points and {b_name} {}: a difference of {} ({pct:.1}% of the larger), more than {tolerance}%",
                a.total,
                b.total,
                hi - lo
            ),
        )
        .at(a.file, a.spans.span(&[Seg::Key("list"), Seg::Key("points")])),
    )
}

/// A diagnostic as printed in a document of `lang`: the English message, or the rule's summary
/// in the document's language (labels `rule_<code>` of the ruleset's labels.toml); quotes
/// instead of backticks.
pub fn printed_message(d: &Diagnostic, lang: Lang, labels: &toml::Table) -> String {
    let text = match lang {
        Lang::En => d.message.clone(),
        _ => labels
            .get(&format!("rule_{}", d.code))
            .and_then(|v| v.as_str())
            .map(str::to_owned)
            .unwrap_or_else(|| d.message.clone()),
    };
    let mut out = String::with_capacity(text.len());
    let mut open = true;
    for c in text.chars() {
        if c == '`' {
            out.push(if open { '“' } else { '”' });
            open = !open;
        } else {
            out.push(c);
        }
    }
    out
}

/// The JSON Schemas of every ruleset's files: (file name, contents).
pub fn schemas() -> Vec<(&'static str, String)> {
    Ruleset::ALL
        .iter()
        .flat_map(|r| match r {
            Ruleset::Capitan => capitan::schemas(),
            Ruleset::WabAca => wab_aca::schemas(),
        })
        .collect()
}
