//! Preview procedures declared as data. Each ruleset declares its procedures (name, summary,
//! rule reference, and every parameter with its kind, bounds, default, help and the unit it
//! belongs to); the command line is built from these declarations (`cli::preview`), the web
//! builder's duels and the matchup table fill them in, and the ruleset reads a checked
//! [`Request`] back. A unit is named one way in every procedure of every ruleset: a sheet or
//! entry id (`gb-95th-riflemen`, `gb-95th-riflemen:8` where figures may be given), or a unit of
//! a list file, `FILE:N` (its number) or `FILE:LABEL` (its label).

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{Ruleset, UnitRow};
use crate::core::diagnostic;
use crate::core::error::Error;
use crate::core::source::Sources;
use crate::core::table::Series;
use crate::core::words::Phrase;
use crate::rulesets::Rules;

/// The unit of a procedure a parameter belongs to (the shooter and the target, side A and side
/// B), or neither (the situation, the output).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    First,
    Second,
    Neither,
}

/// What a parameter takes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// Present or not.
    Flag,
    /// A whole number within bounds (the rules' or a documented engine limit).
    Int { min: i64, max: i64 },
    /// One of these values, each with its help ("" for none).
    Choice(&'static [(&'static str, &'static str)]),
    /// An id of the ruleset's data (a skill, a modifier), checked by the ruleset, whose
    /// message names the known ids.
    Id,
    /// A unit: a sheet or entry id (with `:FIGURES` when `figures`), or `FILE:N` / `FILE:LABEL`.
    Unit { figures: bool },
}

/// One parameter of a procedure: the flag `--NAME`.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    pub name: &'static str,
    pub kind: Kind,
    pub help: &'static str,
    pub side: Side,
    /// The placeholder in help (`ID`, `N`); the kind's own when `None`.
    pub value_name: Option<&'static str>,
    /// The value taken when the flag is not given (shown in help).
    pub default: Option<&'static str>,
    /// May be given several times.
    pub repeat: bool,
    pub required: bool,
    /// Parameters that cannot be given with this one.
    pub conflicts: &'static [&'static str],
    /// An earlier spelling of a unit, `--LIST FILE --UNIT N`, accepted and not shown in help.
    pub legacy: Option<(&'static str, &'static str)>,
    /// What an id of it names (a skill, a unit's sheet), when a player may give it by its name
    /// in any of the ruleset's languages instead ([`crate::core::names`]).
    pub names: Option<crate::core::names::NameKind>,
}

impl Param {
    const fn new(name: &'static str, kind: Kind, help: &'static str) -> Param {
        Param {
            name,
            kind,
            help,
            side: Side::Neither,
            value_name: None,
            default: None,
            repeat: false,
            required: false,
            conflicts: &[],
            legacy: None,
            names: None,
        }
    }

    /// An id that may be given by its name too ([`Param::names`]).
    pub const fn names(mut self, kind: crate::core::names::NameKind) -> Param {
        self.names = Some(kind);
        self
    }

    pub const fn flag(name: &'static str, help: &'static str) -> Param {
        Param::new(name, Kind::Flag, help)
    }

    pub const fn int(name: &'static str, min: i64, max: i64, help: &'static str) -> Param {
        Param::new(name, Kind::Int { min, max }, help)
    }

    /// A number within a `u32` limit of the engine or the rules.
    pub const fn int_u(
        name: &'static str,
        range: std::ops::RangeInclusive<u32>,
        help: &'static str,
    ) -> Param {
        Param::int(name, *range.start() as i64, *range.end() as i64, help)
    }

    /// A number within an `i32` limit of the engine or the rules.
    pub const fn int_i(
        name: &'static str,
        range: std::ops::RangeInclusive<i32>,
        help: &'static str,
    ) -> Param {
        Param::int(name, *range.start() as i64, *range.end() as i64, help)
    }

    pub const fn choice(
        name: &'static str,
        values: &'static [(&'static str, &'static str)],
        help: &'static str,
    ) -> Param {
        Param::new(name, Kind::Choice(values), help)
    }

    pub const fn id(name: &'static str, value_name: &'static str, help: &'static str) -> Param {
        Param::new(name, Kind::Id, help).value_name(value_name)
    }

    /// A unit without figures: a sheet id, `FILE:N` or `FILE:LABEL`.
    pub const fn unit(name: &'static str, help: &'static str) -> Param {
        Param::new(name, Kind::Unit { figures: false }, help).value_name("UNIT")
    }

    /// A unit whose figures may be given with its id: `ID:FIGURES`.
    pub const fn unit_with_figures(name: &'static str, help: &'static str) -> Param {
        Param::new(name, Kind::Unit { figures: true }, help).value_name("UNIT")
    }

    pub const fn first(mut self) -> Param {
        self.side = Side::First;
        self
    }

    pub const fn second(mut self) -> Param {
        self.side = Side::Second;
        self
    }

    pub const fn value_name(mut self, name: &'static str) -> Param {
        self.value_name = Some(name);
        self
    }

    pub const fn default(mut self, value: &'static str) -> Param {
        self.default = Some(value);
        self
    }

    pub const fn repeat(mut self) -> Param {
        self.repeat = true;
        self
    }

    pub const fn required(mut self) -> Param {
        self.required = true;
        self
    }

    pub const fn conflicts(mut self, names: &'static [&'static str]) -> Param {
        self.conflicts = names;
        self
    }

    pub const fn legacy(mut self, list: &'static str, unit: &'static str) -> Param {
        self.legacy = Some((list, unit));
        self
    }

    /// Checks a value given as text against the kind: the number's bounds, the choice's
    /// values, the shape of a unit.
    pub fn parse(&self, text: &str) -> Result<Value, String> {
        match self.kind {
            Kind::Flag => Err(format!("--{} takes no value", self.name)),
            Kind::Int { min, max } => {
                let n: i64 = text
                    .parse()
                    .map_err(|_| format!("`{}` is not a whole number", text.escape_debug()))?;
                if n < min || n > max {
                    return Err(format!("{n} is not in {min}..={max}"));
                }
                Ok(Value::Int(n))
            }
            Kind::Choice(values) => {
                if values.iter().any(|(v, _)| *v == text) {
                    Ok(Value::Text(text.to_owned()))
                } else {
                    let known: Vec<&str> = values.iter().map(|(v, _)| *v).collect();
                    Err(format!(
                        "`{}` is not one of {}",
                        text.escape_debug(),
                        known.join(", ")
                    ))
                }
            }
            Kind::Id => Ok(Value::Text(text.to_owned())),
            Kind::Unit { figures } => UnitRef::parse(text, figures).map(Value::Unit),
        }
    }
}

/// What a procedure's chart counts, or why it has none (`--plot` is refused with it).
#[derive(Debug, Clone, Copy)]
pub enum Chart {
    /// Its title: the key of its words in each language (`msg_<key>`) and its English
    /// template, whose `{a}` and `{b}` are the units (the command line's "A" and "B", a
    /// page's their names).
    Of(&'static str, &'static str),
    None(&'static str),
}

impl Chart {
    /// The chart's title, its units "A" and "B" (a page names them: [`Phrase::named`]).
    pub fn title(&self) -> Option<Phrase> {
        match self {
            Chart::Of(key, en) => Some(Phrase::new(key, en).text("a", "A").text("b", "B")),
            Chart::None(_) => None,
        }
    }
}

/// A preview procedure of a ruleset, as `muster preview NAME` takes it.
#[derive(Debug, Clone, Copy)]
pub struct Procedure {
    pub name: &'static str,
    /// What it works out: "A volley: casualties, reduced units and routs".
    pub summary: &'static str,
    /// Where the rule is: "§7.5–7.6, §5.3", "p.11".
    pub rule: &'static str,
    /// How help heads the parameters of the first and the second unit: "Shooter", "Target".
    pub sides: [&'static str; 2],
    pub params: &'static [Param],
    pub chart: Chart,
    /// The number of its JSON output that sums it up (a JSON pointer: "/mean"), for the
    /// matchup table; `None` when it has none.
    pub mean: Option<&'static str>,
}

impl Procedure {
    pub fn param(&self, name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// One line for help and listings: "A volley: … (§7.5–7.6, §5.3)".
    pub fn about(&self) -> String {
        if self.rule.is_empty() {
            self.summary.to_owned()
        } else {
            format!("{} ({})", self.summary, self.rule)
        }
    }
}

/// A value given to a parameter, checked against its kind.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Flag,
    Int(i64),
    Text(String),
    Unit(UnitRef),
}

/// Which unit of a list file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selector {
    /// Its number, from 1, as `muster check` numbers the units.
    Number(usize),
    /// Its label.
    Label(String),
}

/// A unit as the user names it, then as the preview takes it.
#[derive(Debug, Clone, PartialEq)]
pub enum UnitRef {
    /// A sheet or entry of the data, with its figures when given.
    Sheet { id: String, figures: Option<u32> },
    /// A unit of a file, not read yet.
    File { path: PathBuf, unit: Selector },
    /// A unit of a list, read and checked.
    Listed(Box<ListedUnit>),
}

/// How a unit of a list is named, for messages and help.
pub const UNIT_NAMING: &str = "a unit of a list file is named FILE:N (its number, as `muster \
check` numbers them) or FILE:LABEL (its label), e.g. lists/army.toml:3; a unit of a game GAME:a3";

/// An id the data does not have, given for a unit: the known ids, and how a list's unit is
/// named when the id looks like a file.
pub fn unknown_unit<'a>(what: &str, id: &str, known: impl Iterator<Item = &'a str>) -> Error {
    let e = crate::core::error::unknown(what, id, known);
    if id.contains('.') {
        Error::Usage(format!("{e} ({UNIT_NAMING})"))
    } else {
        e
    }
}

/// A unit's file the engine was given unread (`UnitRef::File`): an engine error, said so.
pub fn not_read(path: &Path) -> Error {
    Error::Usage(format!("{} was not read (an engine error)", path.display()))
}

/// The preview parameter that turns a house rule on (`--house-rule ID`, repeatable), in the
/// procedures of a ruleset that has house rules ([`super::Engine::house_rules`]).
pub const HOUSE_RULE: &str = "house-rule";

/// A `--house-rule` id the data do not declare, with the ones they do (a preview's and a
/// matchup table's message alike).
pub fn unknown_house_rule(id: &str, known: &[String]) -> String {
    format!(
        "--house-rule: unknown house rule `{}`; known: {}",
        id.escape_debug(),
        if known.is_empty() {
            "none".to_owned()
        } else {
            known.join(", ")
        }
    )
}

impl UnitRef {
    /// Reads `ID`, `ID:FIGURES` (when `figures`), `FILE:N` or `FILE:LABEL`. A value is a file's
    /// unit when what precedes the first `.toml:` is a `.toml` file, or when it has a `/` (not
    /// one between spaces, as a sheet's name has). A sheet may be named by its name too.
    pub fn parse(text: &str, figures: bool) -> Result<UnitRef, String> {
        let shown = text.escape_debug();
        let file = |path: &str, unit: &str| -> Result<UnitRef, String> {
            if path.is_empty() {
                return Err(format!("`{shown}`: no file before the `:`; {UNIT_NAMING}"));
            }
            let unit = match unit {
                "" => {
                    return Err(format!(
                        "`{shown}`: say which unit of {path}; {UNIT_NAMING}"
                    ))
                }
                u if u.bytes().all(|b| b.is_ascii_digit()) => match u.parse::<usize>() {
                    Ok(n) if n >= 1 => Selector::Number(n),
                    _ => {
                        return Err(format!(
                            "`{shown}`: units are numbered from 1 (as `muster check` prints them)"
                        ))
                    }
                },
                label => Selector::Label(label.to_owned()),
            };
            Ok(UnitRef::File {
                path: PathBuf::from(path),
                unit,
            })
        };
        if let Some(i) = text.find(".toml:") {
            return file(&text[..i + 5], &text[i + 6..]);
        }
        // A path's separator; a sheet's name may hold ` / ` ("95th Rifles / Lieutenant Sharpe").
        let separator = text.replace(" / ", "").contains(['/', '\\']);
        if text.ends_with(".toml") || separator {
            return match text.rsplit_once(':') {
                Some((path, unit)) if !text.ends_with(".toml") => file(path, unit),
                _ => Err(format!("`{shown}` names a file: {UNIT_NAMING}")),
            };
        }
        match text.rsplit_once(':') {
            None if text.is_empty() => Err(format!("no unit given; {UNIT_NAMING}")),
            None => Ok(UnitRef::Sheet {
                id: text.to_owned(),
                figures: None,
            }),
            Some((id, n)) if figures => match n.parse::<u32>() {
                Ok(f) => Ok(UnitRef::Sheet {
                    id: id.to_owned(),
                    figures: Some(f),
                }),
                Err(_) => Err(format!(
                    "`{shown}`: expected ID or ID:FIGURES (a number of figures); {UNIT_NAMING}"
                )),
            },
            Some(_) => Err(format!(
                "`{shown}`: expected an id (this unit takes no figures); {UNIT_NAMING}"
            )),
        }
    }

    /// The value as the command line takes it.
    pub fn word(&self) -> String {
        match self {
            UnitRef::Sheet { id, figures: None } => id.clone(),
            UnitRef::Sheet {
                id,
                figures: Some(f),
            } => format!("{id}:{f}"),
            UnitRef::File { path, unit } => format!(
                "{}:{}",
                path.display(),
                match unit {
                    Selector::Number(n) => n.to_string(),
                    Selector::Label(l) => l.clone(),
                }
            ),
            UnitRef::Listed(l) => match &l.game {
                Some(g) => format!("{}:{}", l.path, g.key),
                None => format!("{}:{}", l.path, l.number),
            },
        }
    }
}

/// A unit of a checked list.
#[derive(Debug, Clone, PartialEq)]
pub struct ListedUnit {
    /// The list file as the user named it (a game's file, for a unit of a game).
    pub path: String,
    /// Its number in the list, from 1.
    pub number: usize,
    pub row: UnitRow,
    /// For a unit of a game: its key (`a3`), what it lost and its states.
    pub game: Option<GameUnitRef>,
}

/// A unit of a game as a preview takes it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameUnitRef {
    pub key: String,
    pub lost: u32,
    pub states: Vec<String>,
    /// The figures the list bought it with: a worn unit may have from none of them to these
    /// in a preview, whatever a new unit must be bought with.
    pub bought: Option<i64>,
}

impl ListedUnit {
    /// "unit 3 of lists/sharpe-patrol.toml": where the unit comes from, for the previews'
    /// lines (which name it by its label first).
    pub fn origin(&self) -> String {
        match &self.game {
            Some(g) => format!("{} of {}", g.key, self.path),
            None => format!("unit {} of {}", self.number, self.path),
        }
    }
}

/// A procedure's parameters as given: checked against their declarations.
#[derive(Debug, Clone)]
pub struct Request {
    pub ruleset: Ruleset,
    pub procedure: &'static Procedure,
    /// In the order given; a repeated parameter has several entries.
    given: Vec<(&'static str, Value)>,
    /// Whether the preview's text is wanted ([`Request::numbers_only`]: not).
    text: bool,
}

impl Request {
    pub fn new(ruleset: Ruleset, procedure: &'static Procedure) -> Request {
        Request {
            ruleset,
            procedure,
            given: Vec::new(),
            text: true,
        }
    }

    /// Asks for the preview's numbers (its JSON, its series) without its text: the matchup
    /// table prints means alone, and formatting each preview's tables was most of its work.
    /// The preview's `text` is then empty.
    pub fn numbers_only(&mut self) {
        self.text = false;
    }

    fn declared(&self, name: &str) -> Option<&'static Param> {
        let p = self.procedure.param(name);
        debug_assert!(
            p.is_some(),
            "`{name}` is not a parameter of {}",
            self.procedure.name
        );
        p
    }

    /// Gives a value (`Value::Flag` for a flag); a parameter that is not repeatable keeps the
    /// last one.
    pub fn set(&mut self, name: &str, value: Value) -> Result<(), Error> {
        let p = self.declared(name).ok_or_else(|| {
            Error::Usage(format!(
                "`{name}` is not a parameter of `muster preview {}`",
                self.procedure.name
            ))
        })?;
        if !p.repeat {
            self.given.retain(|(n, _)| *n != p.name);
        } else if let Value::Text(id) = &value {
            // A repeatable id (a modifier, a situation, a skill, a factor) counts once: given
            // twice, it would count twice.
            if self.given.iter().any(|(n, v)| *n == p.name && v == &value) {
                return Err(Error::Usage(format!(
                    "--{} {id}: given twice (each counts once)",
                    p.name
                )));
            }
        }
        self.given.push((p.name, value));
        Ok(())
    }

    /// Gives a value as text, checked as the command line checks it.
    pub fn set_text(&mut self, name: &str, text: &str) -> Result<(), Error> {
        let p = self.declared(name).ok_or_else(|| {
            Error::Usage(format!(
                "`{name}` is not a parameter of `muster preview {}`",
                self.procedure.name
            ))
        })?;
        let value = match p.kind {
            Kind::Flag => Value::Flag,
            _ => p
                .parse(text)
                .map_err(|e| Error::Usage(format!("--{name}: {e}")))?,
        };
        self.set(name, value)
    }

    fn values<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
        let _ = self.declared(name);
        self.given
            .iter()
            .filter(move |(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// The value given last, else the declared default.
    fn value(&self, name: &str) -> Option<Value> {
        self.values(name).last().cloned().or_else(|| {
            let p = self.procedure.param(name)?;
            p.parse(p.default?).ok()
        })
    }

    pub fn flag(&self, name: &str) -> bool {
        self.values(name).next().is_some()
    }

    pub fn int(&self, name: &str) -> Option<i64> {
        match self.value(name) {
            Some(Value::Int(n)) => Some(n),
            _ => None,
        }
    }

    /// A number declared within `u32` bounds.
    pub fn u32(&self, name: &str) -> Option<u32> {
        self.int(name).and_then(|n| u32::try_from(n).ok())
    }

    /// A number declared within `i32` bounds.
    pub fn i32(&self, name: &str) -> Option<i32> {
        self.int(name).and_then(|n| i32::try_from(n).ok())
    }

    /// Every number given to a repeatable parameter.
    pub fn ints(&self, name: &str) -> Vec<i32> {
        self.values(name)
            .filter_map(|v| match v {
                Value::Int(n) => i32::try_from(*n).ok(),
                _ => None,
            })
            .collect()
    }

    pub fn text(&self, name: &str) -> Option<String> {
        match self.value(name) {
            Some(Value::Text(t)) => Some(t),
            _ => None,
        }
    }

    /// Every value given to a repeatable parameter.
    pub fn texts(&self, name: &str) -> Vec<String> {
        self.values(name)
            .filter_map(|v| match v {
                Value::Text(t) => Some(t.clone()),
                _ => None,
            })
            .collect()
    }

    pub fn unit<'a>(&'a self, name: &'a str) -> Option<&'a UnitRef> {
        self.values(name).last().and_then(|v| match v {
            Value::Unit(u) => Some(u),
            _ => None,
        })
    }

    /// Whether the parameter was given (not its default).
    pub fn given(&self, name: &str) -> bool {
        self.values(name).next().is_some()
    }

    /// The units given, to resolve.
    /// The values given to the parameters whose ids may be names ([`Param::names`]), with what
    /// they name: put in their place as ids before the procedure runs.
    pub fn named_mut(
        &mut self,
    ) -> impl Iterator<Item = (crate::core::names::NameKind, &mut String)> {
        let procedure = self.procedure;
        self.given.iter_mut().filter_map(move |(name, v)| {
            let kind = procedure.param(name)?.names?;
            match v {
                Value::Text(t) => Some((kind, t)),
                _ => None,
            }
        })
    }

    pub fn units_mut(&mut self) -> impl Iterator<Item = &mut UnitRef> {
        self.given.iter_mut().filter_map(|(_, v)| match v {
            Value::Unit(u) => Some(u),
            _ => None,
        })
    }

    /// The command-line words after `muster preview`: the procedure, `--ruleset` when it is
    /// not the default one, the units, then each other parameter given, in the order of their
    /// declarations.
    pub fn words(&self) -> Vec<String> {
        let mut words = vec![self.procedure.name.to_owned()];
        if self.ruleset != Ruleset::default() {
            words.extend(["--ruleset".to_owned(), self.ruleset.id().to_owned()]);
        }
        let is_unit = |p: &&Param| matches!(p.kind, Kind::Unit { .. });
        let params = self.procedure.params.iter();
        for p in params
            .clone()
            .filter(is_unit)
            .chain(params.filter(|p| !is_unit(p)))
        {
            for (_, v) in self.given.iter().filter(|(n, _)| *n == p.name) {
                let value = match v {
                    Value::Flag => {
                        words.push(format!("--{}", p.name));
                        continue;
                    }
                    Value::Int(n) => n.to_string(),
                    Value::Text(t) => t.clone(),
                    Value::Unit(u) => u.word(),
                };
                if value.starts_with('-') {
                    words.push(format!("--{}={value}", p.name));
                } else {
                    words.extend([format!("--{}", p.name), value]);
                }
            }
        }
        words
    }

    /// `muster preview …` for this request, each word quoted for a POSIX shell when it needs it.
    pub fn command(&self) -> String {
        let words = self.words();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        preview_command(&words)
    }
}

/// What a procedure gives: its JSON (what `--format json` prints), its text, and its
/// distributions for the chart.
#[derive(Debug, Clone)]
pub struct Preview {
    pub json: serde_json::Value,
    /// Empty when the request asked for its numbers only ([`Request::numbers_only`]).
    pub text: String,
    pub series: Vec<Series>,
}

impl Preview {
    /// A report of `request` with its text (worked out by `text` when the request wants it)
    /// and series: its JSON is the report's.
    pub fn of<T: Serialize>(
        request: &Request,
        report: &T,
        text: impl FnOnce() -> String,
        series: Vec<Series>,
    ) -> Result<Self, Error> {
        Ok(Preview {
            json: super::to_value(report)?,
            text: Self::wanted_text(request, text),
            series,
        })
    }

    /// Several reports compared: a JSON array.
    pub fn compared<T: Serialize>(
        request: &Request,
        reports: &[T],
        text: impl FnOnce() -> String,
        series: Vec<Series>,
    ) -> Result<Self, Error> {
        let json = if reports.len() == 1 {
            super::to_value(&reports[0])?
        } else {
            super::to_value(reports)?
        };
        Ok(Preview {
            json,
            text: Self::wanted_text(request, text),
            series,
        })
    }

    fn wanted_text(request: &Request, text: impl FnOnce() -> String) -> String {
        if request.text {
            text()
        } else {
            String::new()
        }
    }

    /// The number that sums the preview up (the procedure's `mean`), if it has one.
    pub fn mean(&self, procedure: &Procedure) -> Option<f64> {
        let v = self.json.pointer(procedure.mean?)?;
        v.as_f64()
    }
}

/// A list file of the engine's ruleset, checked (its rules may fail: a preview of a list that
/// breaks a rule is still a preview).
pub(crate) fn read_list(engine: &Rules, path: &Path) -> Result<super::ListCheck, Error> {
    read_list_within(engine, path, None)
}

/// [`read_list`], the files the list names (its career) kept inside `roots` when given (the
/// folders `muster serve` was given).
pub(crate) fn read_list_within(
    engine: &Rules,
    path: &Path,
    roots: Option<&[std::path::PathBuf]>,
) -> Result<super::ListCheck, Error> {
    let ruleset = engine.ruleset();
    let mut sources = Sources::new();
    if let Some(r) = roots {
        sources.confine(r.to_vec());
    }
    let file = sources.read(path).map_err(|e| match e {
        Error::Read { path, source } => Error::Usage(format!(
            "cannot read {}: {source}; {UNIT_NAMING}",
            path.display()
        )),
        other => other,
    })?;
    match super::peek(&sources, file) {
        Ok(r) if r == ruleset => {}
        Ok(other) => {
            return Err(Error::Usage(format!(
                "{} is a list for {}, not for {}",
                path.display(),
                other.title(),
                ruleset.title()
            )))
        }
        Err(d) => {
            diagnostic::print_all(&[d], &sources);
            return Err(Error::Usage(format!(
                "{} is not a {} list",
                path.display(),
                ruleset.title()
            )));
        }
    }
    crate::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, file).map_err(|d| {
        diagnostic::print_all(&[d], &sources);
        Error::Usage(format!("{} is not a valid list file", path.display()))
    })
}

/// The number of the unit `which` names in `list`.
pub fn select(list: &super::ListCheck, which: &Selector, path: &str) -> Result<usize, Error> {
    let n = list.units.len();
    let units = || {
        list.units
            .iter()
            .enumerate()
            .map(|(i, u)| format!("{} {}", i + 1, crate::core::text::one_line(&u.label)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match which {
        Selector::Number(k) if (1..=n).contains(k) => Ok(*k),
        Selector::Number(k) => Err(Error::Usage(format!(
            "{path} has {n} unit{}: there is no unit {k}",
            if n == 1 { "" } else { "s" }
        ))),
        Selector::Label(label) => {
            let exact: Vec<usize> = (0..n).filter(|i| list.units[*i].label == *label).collect();
            let found = if exact.is_empty() {
                // Case and accents aside; a unit the data name, by its name in any language.
                use crate::core::names::fold;
                let folded = fold(label);
                (0..n)
                    .filter(|i| {
                        let u = &list.units[*i];
                        fold(&u.label) == folded
                            || !u.own_label && u.names.iter().any(|(_, name)| fold(name) == folded)
                    })
                    .collect()
            } else {
                exact
            };
            match found.as_slice() {
                [one] => Ok(one + 1),
                [] => Err(Error::Usage(format!(
                    "{path} has no unit labelled `{}`; its units: {}",
                    label.escape_debug(),
                    units()
                ))),
                many => Err(Error::Usage(format!(
                    "{path} has {} units labelled `{}` (units {}): name one by its number, {path}:N",
                    many.len(),
                    label.escape_debug(),
                    many.iter()
                        .map(|i| (i + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::{Selector, UnitRef};
    use std::path::PathBuf;

    #[test]
    fn units_are_named_one_way() {
        let file = |p: &str, s: Selector| UnitRef::File {
            path: PathBuf::from(p),
            unit: s,
        };
        let sheet = |id: &str, figures: Option<u32>| UnitRef::Sheet {
            id: id.into(),
            figures,
        };
        for (text, figures, expected) in [
            ("gb-95th-riflemen", true, sheet("gb-95th-riflemen", None)),
            (
                "gb-95th-riflemen:8",
                true,
                sheet("gb-95th-riflemen", Some(8)),
            ),
            ("fr-47e", false, sheet("fr-47e", None)),
            (
                "lists/sharpe-patrol.toml:3",
                false,
                file("lists/sharpe-patrol.toml", Selector::Number(3)),
            ),
            (
                "mine.toml:Lieutenant Sharpe",
                true,
                file("mine.toml", Selector::Label("Lieutenant Sharpe".into())),
            ),
            (
                "a.toml:Rifles: 2nd company",
                true,
                file("a.toml", Selector::Label("Rifles: 2nd company".into())),
            ),
            (
                "games/x/army:b1",
                true,
                file("games/x/army", Selector::Label("b1".into())),
            ),
        ] {
            assert_eq!(UnitRef::parse(text, figures).unwrap(), expected, "{text}");
            assert_eq!(UnitRef::parse(text, figures).unwrap().word(), text);
        }
        for (text, figures, message) in [
            (
                "mine.toml",
                true,
                "`mine.toml` names a file: a unit of a list file is named FILE:N",
            ),
            (
                "mine.toml:",
                true,
                "`mine.toml:`: say which unit of mine.toml; a unit of a list file is named FILE:N",
            ),
            (
                "mine.toml:0",
                true,
                "`mine.toml:0`: units are numbered from 1",
            ),
            ("lists/x", true, "`lists/x` names a file"),
            (
                "fr-47e:many",
                true,
                "`fr-47e:many`: expected ID or ID:FIGURES",
            ),
            (
                "fr-47e:3",
                false,
                "`fr-47e:3`: expected an id (this unit takes no figures)",
            ),
            ("", true, "no unit given"),
        ] {
            let e = UnitRef::parse(text, figures).unwrap_err();
            assert!(e.starts_with(message), "{text}: {e}");
        }
    }
}
