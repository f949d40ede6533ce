//! The registry's side of the boundary: what a ruleset declares ([`Meta`]), the [`Ruleset`]
//! handle the generic commands pass around, naming one (`--ruleset`, a file's `[list]`,
//! `[game]` or `[career]` ruleset), how `muster check` names a list's columns ([`ListWords`]),
//! a ruleset's game rules checked against its procedures, what a ruleset does not do, and the
//! JSON Schemas of its files.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::duel_decl::{DuelChoice, DuelDecl};
use super::{game, procedure};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, Sources, SpanIndex};
use crate::core::suggest::nearest;

/// A rule system muster implements: its declarations.
#[derive(Clone, Copy)]
pub struct Ruleset(pub(in crate::rulesets) &'static Meta);

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

/// What a ruleset offers, as `muster rulesets` prints it. Declared in its [`Meta`] for what
/// answers before any data is read (`muster rulesets`, `muster score`, the web's new list);
/// once loaded, [`capabilities_of`](super::capabilities_of) derives it from the engine's
/// accessors, and a test holds the two equal for every ruleset.
#[derive(Debug, Clone, PartialEq, Serialize)]
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

impl Capabilities {
    /// A ruleset of data and a quick-reference sheet, without lists.
    pub const DATA: Capabilities = Capabilities {
        data: true,
        lists: false,
        cards: false,
        qrs: true,
        roster: false,
        scoring: false,
        careers: false,
    };

    /// A ruleset with army lists: their cards and rosters besides its data and
    /// quick-reference sheet.
    pub const LISTS: Capabilities = Capabilities {
        lists: true,
        cards: true,
        roster: true,
        ..Capabilities::DATA
    };
}

/// A JSON Schema file of a ruleset: its name, and the schema of the type its files are read as.
pub type SchemaFile = (&'static str, fn() -> schemars::schema::RootSchema);

/// The words of a list's table in `muster check`: a unit's id, its figures, what it has.
#[derive(Serialize)]
pub struct ListWords {
    pub id: &'static str,
    /// What a unit is taken from, in messages: "sheet", "entry", "unit type".
    pub unit: &'static str,
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
    /// The JSON Schemas of its files: each file's name and its schema.
    pub schemas: &'static [SchemaFile],
    /// Its `muster preview` procedures.
    pub procedures: &'static [procedure::Procedure],
    /// The procedures a unit of a list plays against a unit of another (duels, matchups).
    pub duels: &'static [DuelDecl],
    /// The parts of the duels' situation a page may choose.
    pub duel_choices: &'static [DuelChoice],
    /// Where a player's own sheets or entries live in a data layer (`None`: the ruleset
    /// takes none).
    pub player_sheets: Option<PlayerSheets>,
}

/// Where a ruleset reads a player's own sheets or entries in a data layer, and writes them:
/// one file each, `<folder>/<id>.toml` in the ruleset's folder of the layer, holding one
/// entry of the array of tables `table`. `sheets new`, the sheet editor and an import write
/// there, never into a folder the ruleset does not read.
#[derive(Debug, Clone, Copy)]
pub struct PlayerSheets {
    pub folder: &'static str,
    pub table: &'static str,
    /// What they are, in the plural: "sheets", "entries".
    pub noun: &'static str,
}

impl PlayerSheets {
    /// The unit types of a ruleset that keeps its sheets in a book (`sheet_book`): one
    /// `[[unit]]` each in `units/`.
    pub const UNITS: PlayerSheets = PlayerSheets {
        folder: "units",
        table: "unit",
        noun: "unit types",
    };
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

    /// The title in `lang`, from its labels' `ruleset_title` (the pages and the command line
    /// name it so); [`Ruleset::title`] where the labels have none.
    pub fn title_in(self, lang: Lang) -> &'static str {
        self.words(lang)
            .get("ruleset_title")
            .and_then(|v| v.as_str())
            .unwrap_or(self.meta().title)
    }

    /// The title in each language, for the pages: `{"fr": …, "es": …, "en": …}`.
    pub fn titles(self) -> serde_json::Value {
        Lang::ALL
            .iter()
            .map(|l| {
                (
                    l.id().to_owned(),
                    serde_json::Value::from(self.title_in(*l)),
                )
            })
            .collect::<serde_json::Map<_, _>>()
            .into()
    }

    pub fn book(self) -> &'static str {
        self.meta().book
    }

    pub fn source(self) -> &'static str {
        self.meta().source
    }

    /// Where a player's own sheets or entries of this ruleset live ([`PlayerSheets`]).
    pub fn player_sheets(self) -> Option<PlayerSheets> {
        self.meta().player_sheets
    }

    pub fn list_words(self) -> &'static ListWords {
        &self.meta().list_words
    }

    pub fn templates(self) -> &'static crate::render::templates::Builtin {
        self.meta().templates
    }

    /// The words of `lang` alone (its table of the labels file and of the messages file,
    /// without falling back to another language): what messages are said with, the shared
    /// words after them (`core::words::Layered`). Read once for each ruleset and language
    /// (the files are compiled in): a check says each of a list's warnings with them, and
    /// parsing them again for each cost a 1,000-unit list with stale records seconds.
    pub fn words(self, lang: Lang) -> &'static toml::Table {
        use std::collections::HashMap;
        use std::sync::{Mutex, OnceLock, PoisonError};
        type Read = Mutex<HashMap<(usize, usize, &'static str), &'static toml::Table>>;
        static READ: OnceLock<Read> = OnceLock::new();
        let templates = self.templates();
        // Keyed by the compiled-in texts the words are read from.
        let key = (
            templates.labels.as_ptr() as usize,
            templates.messages.as_ptr() as usize,
            lang.id(),
        );
        let mut read = READ
            .get_or_init(Read::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        read.entry(key).or_insert_with(|| {
            let table = |text: &str| {
                toml::from_str::<toml::Table>(text)
                    .ok()
                    .and_then(|t| t.get(lang.id()).and_then(|v| v.as_table()).cloned())
                    .unwrap_or_default()
            };
            let mut out = table(templates.labels);
            out.extend(table(templates.messages));
            // One table for each ruleset and language, kept for the process's life.
            Box::leak(Box::new(out))
        })
    }

    pub fn card_size(self) -> crate::render::sheet::CardSize {
        self.meta().card_size
    }

    pub fn languages(self) -> &'static [Lang] {
        self.meta().languages
    }

    /// The language `asked` (a list's `lang`) where the ruleset has it, else its first.
    pub fn lang_or_first(self, asked: Option<Lang>) -> Lang {
        asked
            .filter(|l| self.languages().contains(l))
            .unwrap_or(self.languages()[0])
    }

    pub fn capabilities(self) -> Capabilities {
        self.meta().capabilities.clone()
    }

    pub fn procedures(self) -> &'static [procedure::Procedure] {
        self.meta().procedures
    }

    /// A capability of its loaded engine ([`Engine::lists`], …), or the refusal saying the
    /// ruleset has none (`what`: "army lists", …): the one place a `None` becomes words.
    pub fn need<T>(self, capability: Option<T>, what: &str) -> Result<T, Error> {
        capability.ok_or_else(|| super::unsupported(self, what))
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
        use crate::core::words::Phrase;
        Diagnostic::error_said(
            UNKNOWN_RULESET.code,
            Phrase::new("unknown-ruleset", "unknown ruleset `{id}`").text("id", id),
        )
        .at(file, span)
        .with_label_said(Phrase::new(
            "unknown-ruleset-label",
            "not a ruleset muster knows",
        ))
        .with_suggestion(nearest(id, known.iter().copied()))
        .with_note_said(
            Phrase::new("unknown-ruleset-known", "known: {known}").text("known", known.join(", ")),
        )
        .with_note_said(UNKNOWN_RULESET.note_said(""))
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

impl game::GameRules {
    /// Checks the declarations against the ruleset's procedures: every procedure, unit and
    /// parameter they name exists (a data lint; `muster data check` runs it).
    pub fn check(&self, ruleset: Ruleset) -> Vec<String> {
        let mut problems = Vec::new();
        let mut uses: Vec<(String, &str, &str, Option<&str>)> = Vec::new();
        for s in &self.state {
            for f in &s.forbids {
                uses.push((format!("state {}", s.id), &f.procedure, &f.unit, None));
            }
            for x in &s.sets {
                uses.push((
                    format!("state {}", s.id),
                    &x.procedure,
                    &x.unit,
                    Some(&x.param),
                ));
            }
        }
        for l in &self.lost_param {
            uses.push(("lost_param".into(), &l.procedure, &l.unit, Some(&l.param)));
        }
        for (whose, procedure, unit, param) in uses {
            let Some(p) = ruleset.procedure(procedure) else {
                problems.push(format!("{whose}: no procedure `{procedure}`"));
                continue;
            };
            if p.param(unit).is_none() {
                problems.push(format!("{whose}: {procedure} has no unit `{unit}`"));
            }
            if let Some(param) = param {
                if p.param(param).is_none() {
                    problems.push(format!("{whose}: {procedure} has no parameter `{param}`"));
                }
            }
        }
        for (i, s) in self.state.iter().enumerate() {
            if self.state[..i].iter().any(|t| t.id == s.id) {
                problems.push(format!("state `{}` is declared twice", s.id));
            }
        }
        for t in &self.threshold {
            if self.state.iter().any(|s| s.id == t.id) {
                problems.push(format!(
                    "threshold `{}` has the id of a state: a unit comes into it by its losses, it is not marked",
                    t.id
                ));
            }
        }
        problems
    }
}

/// What a ruleset does not do, with the rulesets that do.
pub fn unsupported(ruleset: Ruleset, what: &str) -> Error {
    Error::Usage(format!(
        "{} has no {what}; see `muster rulesets` for what each rule system supports",
        ruleset.title()
    ))
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

    /// What each ruleset declares it offers is what its engine's accessors give, loaded
    /// over the shipped data.
    #[test]
    fn declared_capabilities_are_the_engines() {
        let dirs = [std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets")];
        for r in Ruleset::ALL {
            let mut sources = Sources::new();
            let loaded = crate::rulesets::load(*r, &dirs, &mut sources).unwrap();
            let engine = loaded.engine.unwrap();
            assert_eq!(
                crate::rulesets::capabilities_of(&*engine),
                r.capabilities(),
                "{r}"
            );
        }
    }

    /// Every ruleset's duels name its procedures and their unit parameters; its choices set
    /// parameters those procedures have.
    #[test]
    fn duels_are_declared_against_the_procedures() {
        for r in Ruleset::ALL {
            crate::rulesets::duel::check_declarations(*r).unwrap();
        }
    }
}
