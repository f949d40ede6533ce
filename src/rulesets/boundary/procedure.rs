//! Preview procedures requested and worked out. Each ruleset declares its procedures (name,
//! summary, rule reference, and every parameter with its kind, bounds, default, help and the
//! unit it belongs to: [`super::procedure_decl`], re-exported here); the command line is built from these declarations (`cli::preview`), the web
//! builder's duels and the matchup table fill them in, and the ruleset reads a checked
//! [`Request`] back. A unit is named one way in every procedure of every ruleset: a sheet or
//! entry id (`gb-95th-riflemen`, `gb-95th-riflemen:8` where figures may be given), or a unit of
//! a list file, `FILE:N` (its number) or `FILE:LABEL` (its label).

use std::path::{Path, PathBuf};

use serde::Serialize;

pub use super::procedure_decl::*;
use super::{Ruleset, UnitRow};
use crate::core::error::Error;
use crate::core::table::Series;

impl Param {
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
        self.origin_said().english()
    }

    /// [`ListedUnit::origin`] as a phrase, said in a preview's language.
    pub fn origin_said(&self) -> crate::core::words::Phrase {
        use crate::core::words::Phrase;
        match &self.game {
            Some(g) => Phrase::new("preview-origin-game", "{key} of {path}")
                .text("key", g.key.clone())
                .text("path", self.path.clone()),
            None => Phrase::new("preview-origin-unit", "unit {n} of {path}")
                .count("n", self.number)
                .text("path", self.path.clone()),
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
    /// The language of its text (`muster preview --lang`; English by default). Its JSON is
    /// the same in every language.
    lang: crate::core::i18n::Lang,
}

impl Request {
    pub fn new(ruleset: Ruleset, procedure: &'static Procedure) -> Request {
        Request {
            ruleset,
            procedure,
            given: Vec::new(),
            text: true,
            lang: crate::core::i18n::Lang::En,
        }
    }

    /// Asks for the preview's text in `lang`.
    pub fn in_lang(&mut self, lang: crate::core::i18n::Lang) {
        self.lang = lang;
    }

    /// The language of the preview's text.
    pub fn lang(&self) -> crate::core::i18n::Lang {
        self.lang
    }

    /// The words the preview's text is said with: the ruleset's in its language, then the
    /// shared ones (English: the code's own).
    pub fn said(&self) -> crate::core::words::Layered<'static> {
        crate::core::words::Layered {
            own: self.ruleset.words(self.lang),
            lang: self.lang,
        }
    }

    /// `text` said in the preview's language with its words ([`Request::said`]).
    pub fn say<R>(&self, text: impl FnOnce(crate::core::words::Say<'_>) -> R) -> R {
        text(crate::core::words::Say {
            lang: self.lang,
            words: &self.said(),
        })
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

    pub fn units(&self) -> impl Iterator<Item = &UnitRef> {
        self.given.iter().filter_map(|(_, v)| match v {
            Value::Unit(u) => Some(u),
            _ => None,
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

    /// [`Preview::of`], its text said by `text` in the request's language
    /// ([`Request::say`]).
    pub fn said<T: Serialize>(
        request: &Request,
        report: &T,
        text: impl FnOnce(crate::core::words::Say<'_>) -> String,
        series: Vec<Series>,
    ) -> Result<Self, Error> {
        Self::of(request, report, || request.say(text), series)
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
