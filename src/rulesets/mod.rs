//! The ruleset boundary. A ruleset is one rule system of `shared/rulebooks/`: its module under
//! `src/rulesets/<module>/`, its data folder `unit-sheets/<id>/`, its templates
//! `templates/<id>/`. Generic commands (data check, sheets, check, list edits, cards, QRS,
//! roster, previews, scoring, the web app) see a loaded ruleset only through [`Engine`] and
//! what its [`Meta`] declares (its preview procedures among them, as data:
//! [`procedure::Procedure`]).
//!
//! Adding a ruleset: its module with a [`Meta`] (`META`: id, title, capabilities, templates,
//! loader, procedures, …), its folders, and one line in the registry below. No other file
//! changes (a test holds every other file of `src/` and `templates/` to naming no ruleset).

pub mod duel;
pub mod game;
pub mod list_doc;
pub mod matchup;
pub mod procedure;

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

pub use duel::{Duel, DuelChoice, DuelDecl, DuelSide, DuelSituation};

/// A ruleset's built-in templates, compiled in: `templates/<folder>/<name>.tera` for each name,
/// and `templates/<folder>/labels.toml`.
macro_rules! builtin_templates {
    ($folder:literal: $($name:literal),+ $(,)?) => {
        crate::render::templates::Builtin {
            folder: $folder,
            templates: &[$((
                $name,
                concat!($name, ".tera"),
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/", $folder, "/", $name, ".tera")),
            )),+],
            labels: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/", $folder, "/labels.toml")),
        }
    };
}

/// The registry: each ruleset's module, the first one the default ruleset.
macro_rules! registry {
    ($($module:ident),+ $(,)?) => {
        $(pub mod $module;)+
        impl Ruleset {
            /// Every ruleset muster knows, the default one first.
            pub const ALL: &'static [Ruleset] = &[$(Ruleset(&$module::META)),+];
        }
    };
}

registry! {
    capitan,
    wab_aca,
    fire_classes,
    thucydide,
    hm_qrs,
}

/// A rule system muster implements: its declarations.
#[derive(Clone, Copy)]
pub struct Ruleset(&'static Meta);

impl PartialEq for Ruleset {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

impl Eq for Ruleset {}

impl std::hash::Hash for Ruleset {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id().hash(state)
    }
}

impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ruleset({})", self.id())
    }
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::ALL[0]
    }
}

impl Serialize for Ruleset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// What a ruleset offers, as `muster rulesets` prints it.
#[derive(Debug, Clone, Serialize)]
pub struct Capabilities {
    pub data: bool,
    pub lists: bool,
    pub cards: bool,
    pub qrs: bool,
    pub roster: bool,
    pub scoring: bool,
    /// A player's career across games (`muster career`).
    pub careers: bool,
}

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

/// A JSON Schema file of a ruleset: its name, and the schema of the type its files are read as.
pub type SchemaFile = (&'static str, fn() -> schemars::schema::RootSchema);

/// Everything the generic commands need to know of a ruleset, declared by its module
/// (`rulesets::<module>::META`).
pub struct Meta {
    /// The id used in list files (`ruleset = "…"`), `--ruleset`, and as the name of
    /// its data and template folders.
    pub id: &'static str,
    pub title: &'static str,
    /// How citations name the rulebook (before a section: "… §9.1").
    pub book: &'static str,
    /// The rulebook in `shared/rulebooks/`.
    pub source: &'static str,
    pub capabilities: Capabilities,
    /// How `muster check` names a list's columns, and whether lists have points.
    pub list_words: ListWords,
    /// The card size printed when `--card` is not given.
    pub card_size: crate::render::sheet::CardSize,
    /// The languages its documents are printed in.
    pub languages: &'static [Lang],
    pub templates: &'static crate::render::templates::Builtin,
    /// Loads and checks its data.
    pub load: fn(&[PathBuf], &mut Sources) -> Result<Loaded, Error>,
    /// The JSON Schemas of its files: each file's name and its schema.
    pub schemas: &'static [SchemaFile],
    /// Its `muster preview` procedures.
    pub procedures: &'static [procedure::Procedure],
    /// The procedures a unit of a list plays against a unit of another (duels, matchups).
    pub duels: &'static [DuelDecl],
    /// The parts of the duels' situation a page may choose.
    pub duel_choices: &'static [DuelChoice],
}

impl Ruleset {
    /// The ruleset a module's `META` declares.
    pub const fn of(meta: &'static Meta) -> Ruleset {
        Ruleset(meta)
    }

    pub fn meta(self) -> &'static Meta {
        self.0
    }

    pub fn id(self) -> &'static str {
        self.meta().id
    }

    pub fn title(self) -> &'static str {
        self.meta().title
    }

    pub fn book(self) -> &'static str {
        self.meta().book
    }

    pub fn source(self) -> &'static str {
        self.meta().source
    }

    pub fn list_words(self) -> &'static ListWords {
        &self.meta().list_words
    }

    pub fn templates(self) -> &'static crate::render::templates::Builtin {
        self.meta().templates
    }

    pub fn card_size(self) -> crate::render::sheet::CardSize {
        self.meta().card_size
    }

    pub fn languages(self) -> &'static [Lang] {
        self.meta().languages
    }

    pub fn capabilities(self) -> Capabilities {
        self.meta().capabilities.clone()
    }

    pub fn procedures(self) -> &'static [procedure::Procedure] {
        self.meta().procedures
    }

    pub fn procedure(self, name: &str) -> Option<&'static procedure::Procedure> {
        self.procedures().iter().find(|p| p.name == name)
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

/// A report as JSON: a failure to serialise one is an error, never a silent `null`.
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<serde_json::Value, Error> {
    serde_json::to_value(value).map_err(|e| Error::Render(format!("cannot write JSON: {e}")))
}

/// Reports as JSON values (cards, one each).
pub fn to_values<T: Serialize>(values: &[T]) -> Result<Vec<serde_json::Value>, Error> {
    values.iter().map(to_value).collect()
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
    // The typed parser (fast) reads `[list] ruleset`, skipping the rest; a file it cannot
    // read is left to the default ruleset, whose parse reports what is wrong.
    #[derive(serde::Deserialize)]
    struct Peek {
        list: Option<toml::Value>,
    }
    let text = sources.text(file);
    let parsed;
    let id = match plain_ruleset(text) {
        Some(id) => id,
        None => {
            let Ok(peek) = toml::from_str::<Peek>(text) else {
                return Ok(Ruleset::default());
            };
            parsed = peek;
            let Some(id) = parsed
                .list
                .as_ref()
                .and_then(|l| l.get("ruleset"))
                .and_then(|r| r.as_str())
            else {
                return Ok(Ruleset::default());
            };
            id
        }
    };
    id.parse::<Ruleset>().map_err(|_| {
        let index = SpanIndex::of(sources, file);
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

/// `[list] ruleset = "ID"` read line by line when the file says it plainly (the web builder
/// checks a list on every click; this spares a parse): the `[list]` header alone on its
/// line, then `ruleset = "ID"` on a line of its own before the next header, and no multi-line
/// string in the file (inside one, a line could pass for a header). Anything else: `None`,
/// and the parser reads the file. A line that only looks like this is invalid TOML, which
/// the ruleset's own parse then reports.
fn plain_ruleset(text: &str) -> Option<&str> {
    if text.contains("\"\"\"") || text.contains("'''") {
        return None;
    }
    let mut in_list = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            let header = line.split('#').next().unwrap_or("").trim_end();
            in_list = header == "[list]";
            continue;
        }
        if !in_list {
            continue;
        }
        let Some(rest) = line.strip_prefix("ruleset") else {
            continue;
        };
        let rest = rest.trim_start().strip_prefix('=')?.trim_start();
        let rest = rest.strip_prefix('"')?;
        let end = rest.find('"')?;
        let (id, after) = (&rest[..end], rest[end + 1..].trim_start());
        let plain = id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        return (plain && (after.is_empty() || after.starts_with('#'))).then_some(id);
    }
    None
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

/// `muster list new`: what the command line gives.
#[derive(Debug, Default, Clone)]
pub struct NewList {
    pub name: String,
    /// The points limit, for rulesets whose lists have one.
    pub points: Option<u32>,
    pub coalition: Option<String>,
    pub campaign: Option<String>,
    pub rank: Option<String>,
    pub army: Option<String>,
}

impl NewList {
    /// The value given for a header field (`ListField::key`), as text.
    pub fn value(&self, key: &str) -> Option<String> {
        match key {
            "points" => self.points.map(|p| p.to_string()),
            "coalition" => self.coalition.clone(),
            "campaign" => self.campaign.clone(),
            "rank" => self.rank.clone(),
            "army" => self.army.clone(),
            _ => None,
        }
    }
}

/// The header fields `muster list new` may be given besides the name, in [`NewList`]'s order.
pub const LIST_FIELD_KEYS: [&str; 5] = ["coalition", "campaign", "army", "points", "rank"];

/// A field of a new list's header (`muster list new --KEY`, the web's new-list form): what it
/// is called in a language, whether it must be given, and the values it may take.
#[derive(Debug, Clone, Serialize)]
pub struct ListField {
    /// The header key and the flag's name: `coalition`, `campaign`, `army`, `points`, `rank`.
    pub key: &'static str,
    /// Its name, in the language asked.
    pub label: String,
    pub required: bool,
    /// The values it takes, each with its name; `None`: a number (`points`).
    pub choices: Option<Vec<Choice>>,
    /// What a form shows in an empty box: a hint, never a value.
    pub hint: String,
}

/// A value a field may take, with its name in the language asked.
#[derive(Debug, Clone, Serialize)]
pub struct Choice {
    pub id: String,
    pub label: String,
}

impl Choice {
    pub fn new(id: &str, label: &str) -> Self {
        Self {
            id: id.to_owned(),
            label: label.to_owned(),
        }
    }
}

/// The most points a list's limit may be (an engine limit: far above any game).
pub const MAX_POINTS: u32 = 100_000;

/// What is wrong with a field of a new list (a page words each kind in its own language).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    /// A required field not given.
    Missing,
    /// A value that is not one of the field's choices.
    Unknown,
    /// A field the ruleset's lists do not have.
    NotTaken,
    /// A number out of its bounds.
    OutOfBounds,
}

/// A problem of a new list's field: its key (`name` or a [`LIST_FIELD_KEYS`] key), its kind,
/// and the CLI's sentence.
#[derive(Debug, Clone, Serialize)]
pub struct FieldProblem {
    pub key: &'static str,
    pub kind: ProblemKind,
    pub message: String,
}

/// Every problem of a new list's fields at once: a field the ruleset does not take, a
/// required one missing, a value that is not one of its choices, a limit out of bounds.
pub fn new_list_problems(
    ruleset: Ruleset,
    fields: &[ListField],
    spec: &NewList,
) -> Vec<FieldProblem> {
    let mut problems = Vec::new();
    let mut problem = |key, kind, message| {
        problems.push(FieldProblem { key, kind, message });
    };
    let known = |f: &ListField| match &f.choices {
        Some(c) => c
            .iter()
            .map(|c| {
                if c.label == c.id || c.label.is_empty() {
                    c.id.clone()
                } else {
                    format!("{} ({})", c.id, c.label)
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => f.hint.clone(),
    };
    if spec.name.trim().is_empty() {
        problem(
            "name",
            ProblemKind::Missing,
            "--name is missing: the army's name".to_owned(),
        );
    }
    for key in LIST_FIELD_KEYS {
        let given = spec.value(key);
        match (fields.iter().find(|f| f.key == key), given) {
            (None, Some(v)) => {
                let takes: Vec<String> = fields.iter().map(|f| format!("--{}", f.key)).collect();
                problem(
                    key,
                    ProblemKind::NotTaken,
                    format!(
                        "--{key} {v}: {} lists have no {key}{}",
                        ruleset.title(),
                        if takes.is_empty() {
                            " (they take a name only)".to_owned()
                        } else {
                            format!(" (they take {})", takes.join(", "))
                        }
                    ),
                );
            }
            (Some(f), None) if f.required => {
                problem(
                    key,
                    ProblemKind::Missing,
                    format!("--{key} is missing: {}", known(f)),
                );
            }
            (Some(f), Some(v)) => match &f.choices {
                Some(choices) if !choices.iter().any(|c| c.id == v) => {
                    let ids = choices.iter().map(|c| c.id.as_str());
                    let hint = match crate::core::suggest::nearest(&v, ids) {
                        Some(n) => format!("did you mean {n}?"),
                        None => format!("known: {}", known(f)),
                    };
                    problem(
                        key,
                        ProblemKind::Unknown,
                        format!("--{key} {v}: unknown {key}; {hint}"),
                    );
                }
                None if key == "points"
                    && spec.points.is_some_and(|p| p == 0 || p > MAX_POINTS) =>
                {
                    problem(
                        key,
                        ProblemKind::OutOfBounds,
                        format!("--points {v}: a points limit is from 1 to {MAX_POINTS}"),
                    );
                }
                _ => {}
            },
            (_, None) => {}
        }
    }
    problems
}

/// A new list of `engine`'s ruleset (`muster list new`, the web's form): every problem of its
/// fields at once ([`new_list_problems`], the fields named in `lang`), else the document.
pub fn make_new_list(
    engine: &dyn Engine,
    spec: &NewList,
    lang: Lang,
    labels: &toml::Table,
) -> Result<DocumentMut, Vec<FieldProblem>> {
    let problems = new_list_problems(engine.ruleset(), &engine.list_fields(lang, labels), spec);
    if !problems.is_empty() {
        return Err(problems);
    }
    engine.new_list(spec).map_err(|e| {
        vec![FieldProblem {
            key: "",
            kind: ProblemKind::Unknown,
            message: e.to_string(),
        }]
    })
}

/// What a list may take (the builder's picker): every unit of the ruleset's data, those of
/// the list's army marked, in the groups a page shows them in, each with what `list add`
/// asks for it. Words in the list's language.
#[derive(Debug, Clone, Serialize)]
pub struct Offers {
    /// The groups, in the order a page shows them: their keys and names.
    pub groups: Vec<Choice>,
    pub offers: Vec<Offer>,
}

/// A unit a list may take.
#[derive(Debug, Clone, Serialize)]
pub struct Offer {
    /// What `list add` takes: a sheet, entry or unit-type id (a general: his rank or role).
    pub id: String,
    /// The data's id of it, as `muster check` names a unit's (a general: his entry).
    pub data_id: String,
    pub name: String,
    /// What it is: "Infanterie de ligne · Réguliers · France".
    pub detail: String,
    /// The key of its group (in `Offers::groups`).
    pub group: String,
    /// What it costs: "23 pts / fig.", "188 pts" (empty: units have no points).
    pub cost: String,
    /// How many of it a list may have (`None`: no limit) and how many the list has.
    pub max: Option<u32>,
    pub taken: u32,
    /// Whether this list may take it: its army, side, campaign.
    pub mine: bool,
    /// Its count (figures, elements), when `list add` asks for one.
    pub figures: Option<Count>,
    /// A battery's guns, when `list add` asks for them.
    pub guns: Option<Count>,
    /// What it may buy: skills or options (`list add --skill`, `--option`).
    pub extras: Vec<OfferExtra>,
    /// The skills the list's rank may give it free (`--free-skill`).
    pub free: Vec<OfferExtra>,
    /// Options taking one value of a few (`--option KEY=VALUE`): a brigade, a size.
    pub choices: Vec<OfferChoice>,
}

/// An option that takes one value of a few (`--option KEY=VALUE`).
#[derive(Debug, Clone, Serialize)]
pub struct OfferChoice {
    /// The option's key: `brigade`, `size`.
    pub key: String,
    pub label: String,
    pub values: Vec<Choice>,
    /// The value to start with (`None`: the first, or a new one when there is none).
    pub default: Option<String>,
    /// What a new value needs besides its id, as `--option` keys with their names (a new
    /// brigade: its name, commander and rating); empty: only the values listed.
    pub new: Vec<Choice>,
}

/// A count a unit is added with: its bounds, the usual range within them, a value to start.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Count {
    pub min: u32,
    pub max: u32,
    /// The range the rules describe as usual, within the bounds (no warning).
    pub usual: (u32, u32),
    pub default: u32,
}

/// A skill or option a unit may buy.
#[derive(Debug, Clone, Serialize)]
pub struct OfferExtra {
    /// What `--skill` or `--option` takes: a skill id, `flag`, `elite`.
    pub id: String,
    pub name: String,
    /// "15 pts", "+5 pts / fig."
    pub cost: String,
    /// For an option bought by the figure (`elite=N`): how many at most.
    pub max: Option<u32>,
    /// The rule in a sentence, when the data has one.
    pub summary: String,
}

/// `muster list add`: what the command line gives.
#[derive(Debug, Default, Clone)]
pub struct NewUnit {
    pub id: String,
    pub figures: Option<u32>,
    pub label: Option<String>,
    /// Skills (rulesets whose units buy skills).
    pub extras: Vec<String>,
    /// Options (rulesets whose units buy options: `flag`, `elite=4`).
    pub options: Vec<String>,
    /// A battery's guns.
    pub guns: Option<u32>,
    /// A rank's free skill (rulesets with ranks): to a unit (`None` for the unit being added).
    pub free_skill: Option<FreeSkill>,
}

#[derive(Debug, Clone)]
pub struct FreeSkill {
    /// 1-based unit number; `None`: the unit being added.
    pub unit: Option<usize>,
    pub skill: String,
}

/// `muster list set`: what changes of a unit; what is `None` (or empty) stays as it is.
#[derive(Debug, Default, Clone)]
pub struct UnitChange {
    pub figures: Option<u32>,
    /// A new label; `Some("")` removes it.
    pub label: Option<String>,
    /// The unit's skills become these (`Some(vec![])`: none).
    pub skills: Option<Vec<String>>,
    /// Options given: each replaces the unit's option of its key (`elite=4` replaces `elite=2`).
    pub options: Vec<String>,
    /// The unit's options are cleared before `options` are given.
    pub clear_options: bool,
    pub guns: Option<u32>,
    /// The list's free skill (rulesets with ranks) goes to this unit (`Some(Some(skill))`), or
    /// leaves it (`Some(None)`).
    pub free_skill: Option<Option<String>>,
}

impl UnitChange {
    /// Whether the change changes nothing.
    pub fn is_empty(&self) -> bool {
        self.figures.is_none()
            && self.label.is_none()
            && self.skills.is_none()
            && self.options.is_empty()
            && !self.clear_options
            && self.guns.is_none()
            && self.free_skill.is_none()
    }

    /// Unit `index` (as `list add` would be asked for it) with this change made.
    pub fn apply(&self, mut unit: NewUnit, index: usize) -> NewUnit {
        if let Some(f) = self.figures {
            unit.figures = Some(f);
        }
        if let Some(l) = &self.label {
            unit.label = Some(l.clone()).filter(|l| !l.is_empty());
        }
        if let Some(s) = &self.skills {
            unit.extras = s.clone();
        }
        if self.clear_options {
            unit.options.clear();
        }
        let key = |o: &str| o.split(['=', ':']).next().unwrap_or(o).trim().to_owned();
        for o in &self.options {
            unit.options.retain(|old| key(old) != key(o));
            unit.options.push(o.clone());
        }
        if let Some(g) = self.guns {
            unit.guns = Some(g);
        }
        if let Some(free) = &self.free_skill {
            unit.free_skill = free.clone().map(|skill| FreeSkill {
                unit: Some(index),
                skill,
            });
        }
        unit
    }
}

/// Changes unit `index` (1-based) of a list document where it stands: the unit as it is
/// ([`Engine::unit_of`]), changed, checked as [`Engine::add_unit`] checks a new unit (on a
/// copy of the document), then written back key by key ([`ListWords::unit_keys`]), its
/// comments kept. Returns the unit as changed and the copy the check added it to (what else
/// the addition wrote there, a ruleset may carry over).
pub fn set_in_place<E: Engine + ?Sized>(
    engine: &E,
    doc: &mut DocumentMut,
    index: usize,
    change: &UnitChange,
) -> Result<(NewUnit, DocumentMut), Error> {
    let wanted = change.apply(engine.unit_of(doc, index)?, index);
    let mut scratch = doc.clone();
    engine.add_unit(&mut scratch, &wanted)?;
    let table = list_doc::last_unit(&scratch)?;
    list_doc::replace_unit(doc, index, &table, engine.ruleset().list_words().unit_keys)?;
    Ok((wanted, scratch))
}

/// A unit printed from the database alone: `--sheet ID[:FIGURES]`.
#[derive(Debug, Clone)]
pub struct SheetRef {
    pub id: String,
    pub figures: Option<u32>,
}

/// `muster preview WORDS…`, each word quoted for a POSIX shell when it needs it.
pub fn preview_command(words: &[&str]) -> String {
    let mut c = String::from("muster preview");
    for w in words {
        c.push(' ');
        c.push_str(&shell_word(w));
    }
    c
}

/// Quotes a command-line word for a POSIX shell when it needs it.
pub fn shell_word(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// What a loaded ruleset offers the generic commands. A ruleset without unit sheets, lists or
/// cards keeps the default methods, which say so.
pub trait Engine: Send + Sync {
    fn ruleset(&self) -> Ruleset;

    /// What was loaded, for `muster data check`: "32 sheets, 35 skills, …".
    fn summary(&self) -> String;

    /// `muster sheets`.
    fn sheets(&self, _filter: &SheetFilter) -> Result<Listing, Error> {
        Err(unsupported(self.ruleset(), "unit sheets to list"))
    }

    /// `muster sheets show ID --format json`: every field of a sheet.
    fn sheet(&self, _id: &str) -> Result<serde_json::Value, Error> {
        Err(unsupported(self.ruleset(), "unit sheets to show"))
    }

    /// `muster sheets show ID` as text, for rulesets without cards (with cards, the text is
    /// the card's, from its template: [`Engine::cards`]).
    fn sheet_text(&self, _id: &str, _lang: Lang, _labels: &toml::Table) -> Result<String, Error> {
        Err(unsupported(self.ruleset(), "unit sheets to show"))
    }

    /// `muster skills`: the skills or special rules units may buy, if the ruleset has them.
    fn skills(&self) -> Result<Option<Listing>, Error> {
        Ok(None)
    }

    /// Parses and checks a list file of this ruleset. `Err` when the file is not a list at
    /// all (TOML syntax, unknown or missing fields, wrong types): no rule can run.
    fn check_list(&self, _sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic> {
        let r = self.ruleset();
        Err(
            Diagnostic::error(NO_LISTS.code, format!("{} has no army lists", r.title()))
                .in_file(file)
                .with_note(format!("rule: {}", NO_LISTS.summary)),
        )
    }

    /// Rules over two lists that will face each other, located in `a`.
    fn check_pair(&self, _a: &ListCheck, _b: &ListCheck, _b_name: &str) -> Vec<Diagnostic> {
        Vec::new()
    }

    /// The header fields a new list of this ruleset takes besides its name (`muster list
    /// new`, the web's form), named in `lang` (`labels`: the ruleset's labels in it).
    fn list_fields(&self, _lang: Lang, _labels: &toml::Table) -> Vec<ListField> {
        Vec::new()
    }

    /// What the list in `file` may take (the builder's picker), in `lang`.
    fn offers(
        &self,
        _sources: &Sources,
        _file: FileId,
        _lang: Lang,
        _labels: &toml::Table,
    ) -> Result<Offers, Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// What the game companion tracks for this ruleset (its data's game.toml), if it has
    /// army lists to play.
    fn game_rules(&self) -> Option<&game::GameRules> {
        None
    }

    /// A new, empty list.
    fn new_list(&self, _spec: &NewList) -> Result<DocumentMut, Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// Appends a unit to a list document (refusing unknown ids before anything is written).
    fn add_unit(&self, _doc: &mut DocumentMut, _unit: &NewUnit) -> Result<(), Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// Sets the count (figures, elements: the list's word for it is its key) of unit
    /// `index` (1-based); the check says whether the count is legal.
    fn set_count(&self, doc: &mut DocumentMut, index: usize, count: u32) -> Result<(), Error> {
        let key = self
            .ruleset()
            .list_words()
            .figures
            .ok_or_else(|| unsupported(self.ruleset(), "unit counts"))?;
        list_doc::set_unit_key(doc, index, key, i64::from(count))
    }

    /// Removes unit `index` (1-based); returns notes about what else changed.
    fn remove_unit(&self, _doc: &mut DocumentMut, _index: usize) -> Result<Vec<String>, Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// Unit `index` (1-based) of a list document, as `muster list add` would be asked for it.
    fn unit_of(&self, _doc: &DocumentMut, _index: usize) -> Result<NewUnit, Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// `muster list set`: changes unit `index` (1-based) where it stands ([`set_in_place`]);
    /// returns notes about what else changed.
    fn set_unit(
        &self,
        doc: &mut DocumentMut,
        index: usize,
        change: &UnitChange,
    ) -> Result<Vec<String>, Error> {
        set_in_place(self, doc, index, change).map(|_| Vec::new())
    }

    /// `muster list move`: unit `from` (1-based) goes to place `to`, the units between shift
    /// by one; returns notes about what else changed (what named units by number).
    fn move_unit(
        &self,
        doc: &mut DocumentMut,
        from: usize,
        to: usize,
    ) -> Result<Vec<String>, Error> {
        list_doc::move_unit_at(doc, from, to).map(|()| Vec::new())
    }

    /// The template contexts of the cards to print (one per card, as `card`).
    fn cards(
        &self,
        _list: Option<&ListCheck>,
        _sheets: &[SheetRef],
        _lang: Lang,
        _labels: &toml::Table,
    ) -> Result<Vec<serde_json::Value>, Error> {
        Err(unsupported(self.ruleset(), "unit cards"))
    }

    /// The quick-reference sheet's context (as `q`).
    fn qrs(&self, lang: Lang, labels: &toml::Table) -> Result<serde_json::Value, Error>;

    /// Works out a preview procedure (one of its `Meta::procedures`), its list units read
    /// (`procedure::resolve_files`). A refusal (units that cannot play it, a value the rules
    /// forbid) is `Error::Usage` with the reason.
    fn preview(&self, request: &procedure::Request) -> Result<procedure::Preview, Error> {
        let _ = request;
        Err(unsupported(self.ruleset(), "previews"))
    }

    /// A value of a unit (its sheet or entry `unit`) a game's threshold names (`stamina`), when
    /// the ruleset has it.
    fn unit_value(&self, unit: &str, value: &str) -> Option<u32> {
        let _ = (unit, value);
        None
    }

    /// The figures a game counts for a unit of a list: its casualty boxes on the card, the
    /// one count `game show`, the marks, the previews and the score share. The list's figures
    /// unless the card counts more (a free officer on top of the rank and file); `None` for a unit without a
    /// count of its own.
    fn game_count(&self, row: &UnitRow) -> Option<i64> {
        row.figures
    }

    /// What the ruleset's scoring would refuse in a game as it stands (two sides holding more
    /// eighths than the table has), in words: a mark that would bring one in is refused.
    fn game_problems(&self, game: &game::Game) -> Vec<String> {
        let _ = game;
        Vec::new()
    }

    /// Scores a game (`muster game score`): by the ruleset's own victory rules, else each
    /// side's losses.
    fn score_game(&self, game: &game::Game, lang: Lang) -> Result<Scored, Error> {
        game::losses(game, lang)
    }

    /// `muster career new`: a new career file's text (rulesets with careers).
    fn new_career(&self, nation: &str, arm: &str, player: Option<&str>) -> Result<String, Error> {
        let _ = (nation, arm, player);
        Err(unsupported(self.ruleset(), "careers"))
    }

    /// `muster career add`: a game's victory points added to the career `doc` (read from
    /// `path`); what changed, in words.
    fn add_to_career(
        &self,
        doc: &mut toml_edit::DocumentMut,
        path: &std::path::Path,
        game: Option<&std::path::Path>,
        points: u32,
    ) -> Result<String, Error> {
        let _ = (doc, path, game, points);
        Err(unsupported(self.ruleset(), "careers"))
    }

    /// `muster career show`: where a career stands.
    fn show_career(
        &self,
        path: &std::path::Path,
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<Scored, Error> {
        let _ = (path, lang, labels);
        Err(unsupported(self.ruleset(), "careers"))
    }

    /// Scores a finished battle (`muster score FILE`).
    fn score(&self, _battle: Battle) -> Result<Scored, Error> {
        Err(unsupported(self.ruleset(), "scoring"))
    }

    /// A roster's context (as `r`).
    fn roster(
        &self,
        _list: &ListCheck,
        _sources: &Sources,
        _lang: Lang,
        _labels: &toml::Table,
    ) -> Result<serde_json::Value, Error> {
        Err(unsupported(self.ruleset(), "rosters"))
    }
}

/// A finished battle to score: its file (read into `sources`), the folder its side lists are
/// named from, the language of the result's words.
pub struct Battle<'a> {
    pub sources: &'a mut Sources,
    pub file: FileId,
    pub path: &'a std::path::Path,
    pub lang: Lang,
}

/// A scored battle: what `--format json` prints, and the text.
pub struct Scored {
    pub json: serde_json::Value,
    pub text: String,
}

/// A list of a ruleset that has none.
pub const NO_LISTS: Rule = Rule {
    code: "no-lists",
    severity: Severity::Error,
    section: "",
    summary: "only rulesets with army lists take list files (`muster rulesets`)",
};

/// What a ruleset does not do, with the rulesets that do.
pub fn unsupported(ruleset: Ruleset, what: &str) -> Error {
    Error::Usage(format!(
        "{} has no {what}; see `muster rulesets` for what each rule system supports",
        ruleset.title()
    ))
}

/// A ruleset's data, loaded and checked: the engine when the data could be assembled, and
/// every diagnostic found on the way.
pub struct Loaded {
    pub engine: Option<Box<dyn Engine>>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Loaded {
    /// A ruleset's database, when it could be assembled, behind its engine.
    pub fn of<D, E: Engine + 'static>(
        database: Option<D>,
        diagnostics: Vec<Diagnostic>,
        engine: impl FnOnce(D) -> E,
    ) -> Loaded {
        Loaded {
            engine: database.map(|db| Box::new(engine(db)) as Box<dyn Engine>),
            diagnostics,
        }
    }
}

/// Loads the data of `ruleset` from the `<id>/` folders of `dirs`; its game rules are checked
/// against its procedures.
pub fn load(ruleset: Ruleset, dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    let mut loaded = (ruleset.meta().load)(dirs, sources)?;
    if let Some(rules) = loaded.engine.as_ref().and_then(|e| e.game_rules()) {
        for problem in rules.check(ruleset) {
            loaded.diagnostics.push(
                Diagnostic::error("game-rules", format!("{}/game.toml: {problem}", ruleset.id()))
                    .with_note("a state, value or lost_param names a procedure, unit or parameter `muster preview` has"),
            );
        }
    }
    Ok(loaded)
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
    let lang = lang.filter(|l| !meta.languages.contains(l))?;
    let ids: Vec<&str> = meta.languages.iter().map(|l| l.id()).collect();
    let first = meta.languages.first().copied().unwrap_or_default();
    Some(
        rule.diagnostic(
            book,
            format!(
                "lang = \"{}\": {} is printed in {}; its documents print in {}",
                lang.id(),
                meta.title,
                ids.join(", "),
                first.id()
            ),
        )
        .with_label(ids.join(" or ")),
    )
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

/// A label of a ruleset's labels.toml, or the key itself when it has none.
pub fn label(labels: &toml::Table, key: &str) -> String {
    labels
        .get(key)
        .and_then(|v| v.as_str())
        .unwrap_or(key)
        .to_owned()
}

/// A diagnostic as a roster prints it: severity in the document's language, code, message,
/// line.
#[derive(Debug, Clone, Serialize)]
pub struct PrintedDiagnostic {
    pub severity: String,
    pub code: String,
    pub message: String,
    pub line: Option<usize>,
}

/// What every roster says of its list: its name and file, its points, whether it is valid,
/// and its diagnostics as printed. Rosters flatten it into their own view.
#[derive(Debug, Clone, Serialize)]
pub struct RosterHead {
    pub name: String,
    pub file: String,
    pub total: u64,
    pub limit: u64,
    pub valid: bool,
    pub errors: usize,
    pub warnings: usize,
    /// "2 errors, 1 warning" in the document's language, plurals right.
    pub counts: String,
    pub diagnostics: Vec<PrintedDiagnostic>,
}

/// `n` and the word for it in `lang`: labels `KEY_one` and `KEY_other` (French takes the
/// singular for 0 and 1, Spanish and English for 1 only).
pub fn count(n: usize, key: &str, lang: Lang, labels: &toml::Table) -> String {
    let one = match lang {
        Lang::Fr => n <= 1,
        Lang::Es | Lang::En => n == 1,
    };
    let form = if one { "one" } else { "other" };
    format!("{n} {}", label(labels, &format!("{key}_{form}")))
}

impl RosterHead {
    pub fn of(checked: &ListCheck, sources: &Sources, lang: Lang, labels: &toml::Table) -> Self {
        let errors = checked.diagnostics.iter().filter(|d| d.is_error()).count();
        RosterHead {
            name: checked.name.clone(),
            file: sources.name(checked.file),
            total: checked.total,
            limit: checked.limit,
            valid: errors == 0,
            errors,
            warnings: checked.diagnostics.len() - errors,
            counts: format!(
                "{}, {}",
                count(errors, "error", lang, labels),
                count(checked.diagnostics.len() - errors, "warning", lang, labels)
            ),
            diagnostics: printed_diagnostics(&checked.diagnostics, sources, lang, labels),
        }
    }
}

/// A list's diagnostics as a roster prints them.
pub fn printed_diagnostics(
    diagnostics: &[Diagnostic],
    sources: &Sources,
    lang: Lang,
    labels: &toml::Table,
) -> Vec<PrintedDiagnostic> {
    diagnostics
        .iter()
        .map(|d| PrintedDiagnostic {
            severity: label(
                labels,
                if d.is_error() {
                    "severity_error"
                } else {
                    "severity_warning"
                },
            ),
            code: d.code.to_owned(),
            message: printed_message(d, lang, labels),
            line: d.line_column(sources).map(|(l, _)| l),
        })
        .collect()
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

/// The ruleset a file names in its `[TABLE] ruleset` (a game's `[game]`, a career's
/// `[career]`): `Ok(None)` when it names none, `Err` when it is not TOML or names one muster
/// does not know (the message says which).
pub fn named_ruleset(text: &str, table: &str) -> Result<Option<Ruleset>, String> {
    let doc = text
        .trim_start_matches('\u{feff}')
        .parse::<toml_edit::DocumentMut>()
        .map_err(|e| e.to_string())?;
    match doc
        .get(table)
        .and_then(|t| t.get("ruleset"))
        .and_then(|r| r.as_str())
    {
        None => Ok(None),
        Some(id) => id
            .parse::<Ruleset>()
            .map(Some)
            .map_err(|e| format!("[{table}] ruleset: {e}")),
    }
}

/// The JSON Schema of a file read as `T`.
pub fn schema<T: schemars::JsonSchema>() -> schemars::schema::RootSchema {
    schemars::schema_for!(T)
}

/// The JSON Schemas of every ruleset's files: (file name, contents).
pub fn schemas() -> Result<Vec<(&'static str, String)>, Error> {
    let mut out = Vec::new();
    // Every ruleset's game files and game rules have one shape.
    let generic: [SchemaFile; 2] = [
        ("game.schema.json", schema::<game::GameFile>),
        ("game-rules.schema.json", schema::<game::GameRules>),
    ];
    for (name, schema) in generic {
        let text = serde_json::to_string_pretty(&schema())
            .map_err(|e| Error::Render(format!("cannot write {name}: {e}")))?;
        out.push((name, text + "\n"));
    }
    for r in Ruleset::ALL {
        for (name, schema) in r.meta().schemas {
            let text = serde_json::to_string_pretty(&schema())
                .map_err(|e| Error::Render(format!("cannot write {name}: {e}")))?;
            out.push((*name, text + "\n"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{peek, plain_ruleset, Ruleset};
    use crate::core::source::Sources;

    /// The line reading agrees with the parser wherever it answers, and leaves every other
    /// file to the parser.
    #[test]
    fn the_plain_ruleset_line_and_the_parser_agree() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "[list]\nname = \"a\"\nruleset = \"army-game\"\n",
                Some("army-game"),
            ),
            (
                "[list]  # the army\nruleset=\"army-qrs\"   # a comment\n",
                Some("army-qrs"),
            ),
            (
                "[[units]]\nsheet = \"x\"\n[list]\nruleset = \"hoplites\"\n",
                Some("hoplites"),
            ),
            // Not under [list]: the parser reads it (and finds no ruleset).
            ("ruleset = \"army-game\"\n[list]\nname = \"a\"\n", None),
            ("[units]\nruleset = \"army-game\"\n", None),
            // Other spellings: the parser's.
            ("list = { ruleset = \"army-game\" }\n", None),
            ("[list]\n\"ruleset\" = \"army-game\"\n", None),
            ("[list]\nruleset = 'army-game'\n", None),
            ("[list]\nrulesets = \"army-game\"\n", None),
            ("[list]\nruleset = \"army-game\" x\n", None),
            ("[list]\nruleset = \"Army Game\"\n", None),
            (
                "[list]\nname = \"\"\"\n[list]\nruleset = \"army-game\"\n\"\"\"\n",
                None,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(plain_ruleset(text), *expected, "{text:?}");
            if let Some(id) = expected {
                let parsed: toml::Table = toml::from_str(text).unwrap();
                assert_eq!(parsed["list"]["ruleset"].as_str(), Some(*id), "{text:?}");
            }
        }
        // Through peek, the fallback reads what the line does not.
        let other = Ruleset::ALL[1];
        let mut sources = Sources::new();
        let f = sources.add(
            std::path::Path::new("l.toml"),
            format!("list = {{ ruleset = \"{}\" }}\n", other.id()),
        );
        assert_eq!(peek(&sources, f).unwrap(), other);
    }

    /// Every ruleset's duels name its procedures and their unit parameters; its choices set
    /// parameters those procedures have.
    #[test]
    fn duels_are_declared_against_the_procedures() {
        for r in Ruleset::ALL {
            super::duel::check_declarations(*r).unwrap();
        }
    }
}
