//! `muster check LIST [--against OTHER]`: is the list legal, what does it cost, what to fix.
//! The list says its ruleset; the rest is that ruleset's engine.

use std::path::{Path, PathBuf};

use super::{load_engine, print_out, to_json};
use crate::cli::CheckFormat;
use crate::core::diagnostic::{self, Diagnostic};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::{FileId, Sources};
use crate::core::table::text_table;
use crate::core::text::one_line;
use crate::core::words::{Layered, Phrase, Words};
use crate::ops::check::{report_json, unknown_ruleset_json};
use crate::rulesets::{self, ListCheck, Rules, Ruleset};

/// Why a file could not be checked as a list.
pub enum OpenError {
    /// Its `ruleset` is unknown: the list is invalid (exit 1).
    UnknownRuleset(Diagnostic),
    /// Anything else: stop with this error.
    Stop(Error),
}

impl From<Error> for OpenError {
    fn from(e: Error) -> Self {
        OpenError::Stop(e)
    }
}

/// Reads a list file and finds its ruleset (`[list].ruleset`); `--ruleset`, when given, must
/// agree.
pub fn read_list(
    sources: &mut Sources,
    path: &Path,
    flag: Option<Ruleset>,
) -> Result<(Ruleset, FileId), OpenError> {
    let file = sources.read(path)?;
    Ok((ruleset_of(sources, file, path, flag)?, file))
}

/// The ruleset of a list already read; `--ruleset`, when given, must agree.
pub fn ruleset_of(
    sources: &Sources,
    file: FileId,
    path: &Path,
    flag: Option<Ruleset>,
) -> Result<Ruleset, OpenError> {
    let ruleset = rulesets::peek(sources, file).map_err(OpenError::UnknownRuleset)?;
    if let Some(f) = flag {
        if f != ruleset {
            return Err(OpenError::Stop(Error::Usage(format!(
                "{} is a {} list, but --ruleset says {}",
                path.display(),
                ruleset.id(),
                f.id()
            ))));
        }
    }
    Ok(ruleset)
}

/// What `read_list` or `ruleset_of` found; a ruleset muster does not know is reported and
/// stops with exit 1, the loaders' answer.
pub fn known<T>(found: Result<T, OpenError>, sources: &Sources, path: &Path) -> Result<T, Error> {
    match found {
        Ok(found) => Ok(found),
        Err(OpenError::Stop(e)) => Err(e),
        Err(OpenError::UnknownRuleset(d)) => {
            diagnostic::print_all(&[d], sources);
            Err(Error::Invalid(format!(
                "{} is not for a ruleset muster knows",
                path.display()
            )))
        }
    }
}

/// Checks a list already read; a file that is not a list stops with exit 2 after printing
/// why.
pub fn check_read(
    engine: &Rules,
    sources: &Sources,
    file: FileId,
    path: &Path,
) -> Result<ListCheck, Error> {
    let mut checked = crate::rulesets::check_list(engine.ruleset(), engine.lists(), sources, file)
        .map_err(|d| {
            diagnostic::print_all(&[d], sources);
            Error::Usage(format!("{} is not a valid list file", path.display()))
        })?;
    // Every ruleset's: one mistake repeated along a line is reported once, with a count.
    diagnostic::fold(&mut checked.diagnostics, sources);
    Ok(checked)
}

/// Reads a list, loads its ruleset's data and checks it: the loader that `cards`, `roster`,
/// `list` and previews share. An unknown ruleset is reported and stops with exit 1.
pub fn open_list(
    dirs: &[PathBuf],
    sources: &mut Sources,
    path: &Path,
    flag: Option<Ruleset>,
) -> Result<(Rules, ListCheck), Error> {
    let (ruleset, file) = known(read_list(sources, path, flag), sources, path)?;
    let engine = load_engine(ruleset, dirs, sources)?;
    let checked = check_read(engine.as_ref(), sources, file, path)?;
    Ok((engine, checked))
}

/// Reads and checks a second list of the same ruleset (`--against`).
pub fn open_other(engine: &Rules, sources: &mut Sources, path: &Path) -> Result<ListCheck, Error> {
    let ruleset = engine.ruleset();
    let (other, file) = known(read_list(sources, path, None), sources, path)?;
    if other != ruleset {
        return Err(Error::Usage(format!(
            "{} is a {} list: it cannot face a {} list",
            path.display(),
            other.id(),
            ruleset.id()
        )));
    }
    check_read(engine, sources, file, path)
}

pub fn run(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    list: &Path,
    against: Option<&Path>,
    format: CheckFormat,
    asked: Option<Lang>,
) -> Result<u8, Error> {
    let mut sources = Sources::new();
    let lang = asked.unwrap_or(Lang::En);
    let (ruleset, file) = match read_list(&mut sources, list, flag) {
        Ok(found) => found,
        Err(OpenError::Stop(e)) => return Err(e),
        Err(OpenError::UnknownRuleset(d)) => {
            let none = toml::Table::new();
            let words = Layered { own: &none, lang };
            return unknown_ruleset(&sources, list, d.in_lang(lang, &words), format, lang);
        }
    };
    let engine = load_engine(ruleset, dirs, &mut sources)?;
    let mut checked = check_read(engine.as_ref(), &sources, file, list)?;
    // --lang, else the list's `lang` where the ruleset is printed in it, else English.
    let lang = match (asked, checked.lang) {
        (None, Some(l)) if ruleset.languages().contains(&l) => l,
        _ => lang,
    };
    // A language the ruleset is not printed in: its diagnostics in English, the command
    // line's, said once.
    let lang = if ruleset.languages().contains(&lang) {
        lang
    } else {
        eprintln!(
            "warning: {} is not printed in {}; its diagnostics are said in en",
            ruleset.id(),
            lang.id()
        );
        Lang::En
    };
    let words = Layered {
        own: ruleset.words(lang),
        lang,
    };
    // The roster's words: the ruleset's labels (its options' names) and messages.
    let labels = crate::render::templates::Templates::load(ruleset.templates(), None, &[])
        .map(|t| t.labels(lang.id()))
        .unwrap_or_default();
    let roster_words = Layered { own: &labels, lang };
    let say = |ds: &[Diagnostic]| -> Vec<Diagnostic> {
        ds.iter().map(|d| d.in_lang(lang, &words)).collect()
    };
    let other = match against {
        Some(path) => Some(open_other(engine.as_ref(), &mut sources, path)?),
        None => None,
    };
    let against_name = against.map(|p| p.display().to_string()).unwrap_or_default();
    if let Some(o) = &other {
        let pair = engine
            .lists()
            .map(|l| l.check_pair(&checked, o, &against_name))
            .unwrap_or_default();
        checked.diagnostics.extend(pair);
        diagnostic::sort(&mut checked.diagnostics);
    }
    let valid = checked.is_valid() && other.as_ref().is_none_or(ListCheck::is_valid);
    checked.diagnostics = say(&checked.diagnostics);
    match format {
        CheckFormat::Json => print_out(&to_json(&report_json(&checked, other.as_ref(), &sources)))?,
        CheckFormat::Text => {
            // What the army is, by its header's names in the language where it has them.
            let mut shown = checked.clone();
            let described = crate::rulesets::list_fields::described(
                engine.as_ref(),
                sources.text(file),
                lang,
                &labels,
            );
            if !described.is_empty() && lang != Lang::En {
                shown.description = described.join(", ");
            }
            print_out(&roster_text_in(&shown, lang, &roster_words))?;
            diagnostic::print_all(&checked.diagnostics, &sources);
            if let Some(o) = &other {
                let size = if o.ruleset.list_words().points {
                    Phrase::new("against-points", "against {file}: {total} / {limit} points")
                        .count("total", o.total)
                        .count("limit", o.limit)
                } else {
                    Phrase::new("against-units", "against {file}: {n|# unit|# units}")
                        .count("n", o.units.len())
                };
                let size = size.text("file", &against_name).say(lang, &words);
                print_out(&format!("\n{size}\n"))?;
                if !o.is_valid() {
                    let own = Phrase::new("errors-of-its-own", "{file} has errors of its own:")
                        .text("file", &against_name);
                    eprintln!("{}", own.say(lang, &words));
                }
                let errors: Vec<Diagnostic> = o
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .cloned()
                    .collect();
                diagnostic::print_all(&say(&errors), &sources);
            }
            eprintln!(
                "{}",
                verdict(list, valid, &checked.diagnostics).say(lang, &words)
            );
        }
    }
    Ok(if valid { 0 } else { 1 })
}

/// `FILE: valid (0 errors, 1 warning)`.
fn verdict(list: &Path, valid: bool, diagnostics: &[Diagnostic]) -> Phrase {
    let phrase = if valid {
        Phrase::new("verdict-valid", "{file}: valid ({summary})")
    } else {
        Phrase::new("verdict-invalid", "{file}: invalid ({summary})")
    };
    phrase
        .text("file", list.display().to_string())
        .phrase("summary", diagnostic::summary_said(diagnostics))
}

/// A list whose `ruleset` muster does not know: the diagnostic, and exit 1.
fn unknown_ruleset(
    sources: &Sources,
    list: &Path,
    d: Diagnostic,
    format: CheckFormat,
    lang: Lang,
) -> Result<u8, Error> {
    match format {
        CheckFormat::Json => print_out(&to_json(&unknown_ruleset_json(&d, sources)))?,
        CheckFormat::Text => {
            diagnostic::print_all(std::slice::from_ref(&d), sources);
            let none = toml::Table::new();
            let words = Layered { own: &none, lang };
            let said = verdict(list, false, std::slice::from_ref(&d)).say(lang, &words);
            eprintln!("{said}");
        }
    }
    Ok(1)
}

/// The roster as a text table with the total against the limit (or the number of units,
/// for rulesets without points), in the command line's language.
pub fn roster_text(checked: &ListCheck) -> String {
    let lang = super::named::cli_lang(checked.ruleset);
    let own = checked.ruleset.words(lang);
    roster_text_in(checked, lang, &Layered { own, lang })
}

/// [`roster_text`] in `lang` (`muster check --lang`): its columns' heads, the units and what
/// they bought named in the language, its total's words. The ids stay: they are what a
/// command takes.
pub fn roster_text_in(checked: &ListCheck, lang: Lang, said: &dyn Words) -> String {
    let checked = &checked.named_in(lang);
    let words = checked.ruleset.list_words();
    let column = |w: &str| {
        Phrase::new("column", "{w}")
            .label("w", format!("column_{w}"), w)
            .say(lang, said)
    };
    let rows: Vec<Vec<String>> = checked
        .units
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut row = vec![
                (i + 1).to_string(),
                one_line(&r.label).into_owned(),
                one_line(&r.id).into_owned(),
            ];
            if words.figures.is_some() {
                row.push(
                    r.figures
                        .map(|f| f.to_string())
                        .unwrap_or_else(|| "-".into()),
                );
            }
            if words.points {
                row.push(r.cost.to_string());
            }
            row.push(
                r.extras
                    .iter()
                    .map(|e| {
                        // An option the data do not name: by the labels' word for it.
                        let word = said
                            .word(&e.id)
                            .or_else(|| said.word(&format!("extra_{}", e.id)))
                            .or_else(|| said.word(&format!("sheet_value_options_{}", e.id)))
                            .map(str::to_lowercase);
                        let name = match (e.names.get(lang), word) {
                            (None, Some(w)) if lang != Lang::En => match e.count {
                                Some(n) => format!("{w} ×{n}"),
                                None => w.to_owned(),
                            },
                            _ => one_line(&e.name).into_owned(),
                        };
                        match (words.points && words.extras_bought, e.cost) {
                            (false, _) => name,
                            (true, 0) => Phrase::new("roster-free", "{name} (free)")
                                .text("name", name)
                                .say(lang, said),
                            (true, c) => format!("{name} ({c})"),
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
            );
            row
        })
        .collect();
    let mut out = format!(
        "{} ({})\n",
        one_line(&checked.name),
        one_line(&checked.description)
    );
    let mut header = vec!["#".to_owned(), column("unit"), column(words.id)];
    header.extend(words.figures.map(column));
    if words.points {
        header.push(column("cost"));
    }
    header.push(column(words.extras));
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    out.push_str(&text_table(&header, &rows));
    let total = if words.points && checked.limit > 0 {
        Phrase::new("roster-total-limit", "total {total} / {limit} points")
            .text("total", checked.total.to_string())
            .text("limit", checked.limit.to_string())
    } else if words.points {
        // A ruleset whose lists may have no limit.
        Phrase::new("roster-total", "total {total} points").text("total", checked.total.to_string())
    } else {
        Phrase::new("roster-units", "{n|# unit|# units}").count("n", checked.units.len())
    };
    out.push_str(&total.say(lang, said));
    out.push('\n');
    out
}
