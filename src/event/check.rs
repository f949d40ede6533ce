//! Every entry of an event checked in one process, over the data loaded once: the same check
//! as `muster check` (`rulesets::check_list`, then one mistake along a line said once), with
//! the sheets of the player's own an entry carries read over the data as an import reads
//! them, then the organiser's `[rules]` as errors of their own codes.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::file::{Entry, EventFile, EventRules};
use crate::core::diagnostic::{self, Diagnostic, JsonDiagnostic};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::share_code::{Shared, SharedSheet};
use crate::core::source::{FileId, Sources};
use crate::core::words::{Layered, Phrase};
use crate::rulesets::share::{self, Fate};
use crate::rulesets::{ListCheck, Rules, Ruleset};

/// An entry checked: its list's name and cost, whether it may play, and why not.
pub struct EntryCheck {
    pub player: String,
    pub club: Option<String>,
    pub from: String,
    /// The list's name (empty when it is no list).
    pub list: String,
    pub total: u64,
    pub limit: u64,
    pub valid: bool,
    /// Every diagnostic, said in the event's language: the list's, then the event's rules'.
    pub diagnostics: Vec<Diagnostic>,
    /// The list as the check read it (`None`: it is no list file).
    pub check: Option<ListCheck>,
}

/// An entry as `event check --format json` gives it.
#[derive(Serialize)]
pub struct JsonEntry {
    pub player: String,
    pub club: Option<String>,
    pub from: String,
    pub list: String,
    pub valid: bool,
    pub total: u64,
    pub limit: u64,
    /// The errors, in words.
    pub problems: Vec<String>,
    /// Every diagnostic as `muster check --format json` gives it.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// The data an event's entries are checked over, loaded once, with the texts every check
/// read (diagnostics point into them).
pub struct Checker {
    pub engine: Rules,
    pub sources: Sources,
    pub lang: Lang,
    rules: EventRules,
    /// The ruleset's words in the event's language, then the shared ones.
    words: Layered<'static>,
}

impl Checker {
    /// The checker of `file`'s entries over `engine` (loaded into `sources`).
    pub fn new(engine: Rules, sources: Sources, file: &EventFile) -> Checker {
        let lang = lang_of(file);
        let ruleset = engine.ruleset();
        Checker {
            engine,
            sources,
            lang,
            rules: file.rules.clone(),
            words: Layered {
                own: ruleset.words(lang),
                lang,
            },
        }
    }

    pub fn ruleset(&self) -> Ruleset {
        self.engine.ruleset()
    }

    /// Checks one entry: its sheets read over the data (as `muster list import` reads them),
    /// its list checked as `muster check` checks it, then the event's rules.
    pub fn check(&mut self, entry: &Entry) -> EntryCheck {
        self.check_over(entry).0
    }

    /// [`Checker::check`], with the data the list was checked over when they are not the
    /// checker's own: the event's data and the sheets of the player's own the entry carries
    /// (a roster of the entry prints its units from them).
    pub fn check_over(&mut self, entry: &Entry) -> (EntryCheck, Option<Rules>) {
        let name = super::words::say(
            self.lang,
            &Phrase::new("event-list-of", "{player}'s list").text("player", entry.player.clone()),
        );
        let mut said = Vec::new();
        let mut over = None;
        // The list over the event's data alone.
        let alone = |c: &mut Checker| {
            let file = c
                .sources
                .add_named(Path::new(&entry.from), &name, entry.list.clone());
            let checked =
                crate::rulesets::check_list(c.engine.ruleset(), c.engine.lists(), &c.sources, file);
            (file, checked)
        };
        let (file, checked) = if entry.sheets.is_empty() {
            alone(self)
        } else {
            match self.with_sheets(entry, &name) {
                Ok((file, checked, engine)) => {
                    over = engine;
                    (file, checked)
                }
                Err(ds) => {
                    said.extend(ds);
                    alone(self)
                }
            }
        };
        let (check, mut diagnostics) = match checked {
            Ok(mut c) => {
                diagnostic::fold(&mut c.diagnostics, &self.sources);
                let mut ds = c.diagnostics.clone();
                ds.extend(rule_diagnostics(&self.rules, &c, file));
                (Some(c), ds)
            }
            Err(d) => (None, vec![d]),
        };
        diagnostics.extend(said);
        let diagnostics: Vec<Diagnostic> = diagnostics
            .iter()
            .map(|d| d.in_lang(self.lang, &self.words))
            .collect();
        let checked = EntryCheck {
            player: entry.player.clone(),
            club: entry.club.clone(),
            from: entry.from.clone(),
            list: check.as_ref().map(|c| c.name.clone()).unwrap_or_default(),
            total: check.as_ref().map_or(0, |c| c.total),
            // A list that could not be checked is held to the event's points.
            limit: check.as_ref().map_or(self.rules.points, |c| c.limit),
            valid: !diagnostics.iter().any(Diagnostic::is_error),
            diagnostics,
            check,
        };
        (checked, over)
    }

    /// An entry with sheets of the player's own: each read over the data in memory, one
    /// after the other, as an import reads them (a sheet the data hold with the same values
    /// is the data's; one they hold otherwise is read apart, the list naming it), then its
    /// list checked over them. `Err`: the sheets' errors (the list is then checked over the
    /// data alone). With the check, the data with the sheets read (`None`: every sheet was
    /// the data's).
    #[allow(clippy::type_complexity)]
    fn with_sheets(
        &mut self,
        entry: &Entry,
        name: &str,
    ) -> Result<(FileId, Result<ListCheck, Diagnostic>, Option<Rules>), Vec<Diagnostic>> {
        let shared = Shared {
            ruleset: self.engine.ruleset().id().to_owned(),
            name: "entry".into(),
            list: entry.list.clone(),
            sheets: entry
                .sheets
                .iter()
                .map(|s| SharedSheet {
                    id: s.id.clone(),
                    path: s.path.clone(),
                    text: s.text.clone(),
                })
                .collect(),
        };
        let no_sheets = crate::rulesets::PlayerSheets {
            folder: "sheets",
            table: "sheet",
            noun: "sheets",
        };
        let at = self.engine.ruleset().player_sheets().unwrap_or(no_sheets);
        let one = |e: Error| {
            vec![Diagnostic::error_said(
                "event-sheets",
                Phrase::new(
                    "event-sheets",
                    "the sheets of the player's own do not read: {why}",
                )
                .text("why", e.to_string()),
            )]
        };
        let plan =
            share::plan(self.engine.as_ref(), &shared, "entry", at, &|_| false).map_err(one)?;
        let files: Vec<FileId> = plan
            .sheets
            .iter()
            .filter(|s| matches!(s.fate, Fate::New | Fate::Apart { .. }))
            .map(|s| {
                self.sources.add_named(
                    &PathBuf::from(&s.path),
                    &format!("{}'s sheet `{}`", entry.player, s.id),
                    s.text.clone(),
                )
            })
            .collect();
        let (engine, errors) =
            crate::ops::share::draft_sheets(&self.engine, &self.sources, &files).map_err(one)?;
        if !errors.is_empty() {
            return Err(errors);
        }
        let file = self
            .sources
            .add_named(Path::new(&entry.from), name, plan.list);
        let over = engine.as_ref().unwrap_or(&self.engine);
        let checked =
            crate::rulesets::check_list(over.ruleset(), over.lists(), &self.sources, file);
        Ok((file, checked, engine))
    }
}

/// The event's language (kept here too for the callers that found it here).
pub use super::words::lang_of;

/// The organiser's rules on a checked list: each broken one an error of its own code, at the
/// unit it is about.
pub fn rule_diagnostics(rules: &EventRules, c: &ListCheck, file: FileId) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let starts = c.spans.array_table_starts("units");
    let at = |i: usize| starts.get(i).map(|s| *s..*s + 1);
    if c.ruleset.list_words().points && c.total > rules.points {
        out.push(
            Diagnostic::error_said(
                "event-points",
                Phrase::new(
                    "event-points",
                    "the list costs {total} points: this event allows {limit}",
                )
                .count("total", c.total)
                .count("limit", rules.points),
            )
            .in_file(file),
        );
    }
    let mut counted: Vec<(&str, u32)> = Vec::new();
    for (i, u) in c.units.iter().enumerate() {
        let provenance = u.json.get("provenance").and_then(|p| p.as_str());
        let unit = crate::core::text::one_line(&u.label).into_owned();
        // A rule the unit breaks: an error at the unit, naming it and its sheet.
        let said = |code: &'static str, en: &'static str| {
            Phrase::new(code, en)
                .count("n", i + 1)
                .text("unit", unit.clone())
                .text("id", u.id.clone())
        };
        let at_unit =
            |code: &'static str, p: Phrase| Diagnostic::error_said(code, p).at(file, at(i));
        let broken = |code: &'static str, en: &'static str| at_unit(code, said(code, en));
        if provenance == Some("illustrative") && !rules.illustrative {
            out.push(broken(
                "event-illustrative",
                "unit {n} ({unit}) is of `{id}`, whose values are muster's illustration: this event allows only the book's",
            ));
        }
        if provenance == Some("player") && !rules.own_sheets {
            out.push(broken(
                "event-own-sheet",
                "unit {n} ({unit}) is of `{id}`, a sheet of the player's own: this event allows none",
            ));
        }
        if rules.banned.contains(&u.id) {
            out.push(broken(
                "event-banned",
                "unit {n} ({unit}) is of `{id}`, which this event bans",
            ));
        }
        if let Some(most) = rules.at_most.get(&u.id) {
            let n = match counted.iter_mut().find(|(id, _)| *id == u.id) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    counted.push((&u.id, 1));
                    1
                }
            };
            if n == most + 1 {
                out.push(at_unit(
                    "event-at-most",
                    said(
                        "event-at-most",
                        "unit {n} ({unit}) is the list's unit number {count} of `{id}`: this event allows at most {most}",
                    )
                    .count("count", n)
                    .count("most", *most),
                ));
            }
        }
    }
    out
}

/// An entry's check as JSON.
pub fn json_entry(c: &EntryCheck, sources: &Sources) -> JsonEntry {
    JsonEntry {
        player: c.player.clone(),
        club: c.club.clone(),
        from: c.from.clone(),
        list: c.list.clone(),
        valid: c.valid,
        total: c.total,
        limit: c.limit,
        problems: problems(c),
        diagnostics: c.diagnostics.iter().map(|d| d.to_json(sources)).collect(),
    }
}

/// An entry's errors in words, one a line.
pub fn problems(c: &EntryCheck) -> Vec<String> {
    c.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| crate::core::text::one_line(&d.message).into_owned())
        .collect()
}
