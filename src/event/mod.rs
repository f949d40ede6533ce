//! A club event run from one laptop (issue 39): one TOML file (`file`, read, written and
//! changed under its lock by `open`) holding the event's data fingerprint and rules, every
//! entry's list kept whole (`entries`), every entry checked as `muster check` checks a list
//! (`check`), the rounds with their results and the log of actions, undone one by one
//! (`rounds`), the standings (`standings`), and the Swiss pairings of the rounds (`pairing`,
//! through `next_round`).
//!
//! Between the operations (`ops`, whose loading and checking it uses) and the commands and
//! web app (which print or answer what it returns).

pub mod check;
pub mod entries;
pub mod file;
pub mod from_game;
pub mod next_round;
pub mod open;
pub mod pairing;
pub mod print;
pub mod rounds;
pub mod standings;
pub mod words;

use std::path::{Path, PathBuf};

use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::Sources;
use crate::rulesets::{Rules, Ruleset};
use file::*;

/// What `muster event new` is given.
pub struct NewEvent<'a> {
    pub name: &'a str,
    pub ruleset: Ruleset,
    pub points: u64,
    pub rounds: u32,
    pub lang: Lang,
}

/// A new event over the data `dirs`: its header, the data's fingerprint, its rules (the
/// points; everything else allowed until the organiser says otherwise) and its log.
pub fn new_event(dirs: &[PathBuf], given: &NewEvent) -> Result<EventFile, Error> {
    open::name("--name", given.name).map_err(Error::Usage)?;
    if given.points == 0 || given.points > MAX_POINTS {
        return Err(Error::Usage(format!(
            "--points {}: expected 1 to {MAX_POINTS}",
            given.points
        )));
    }
    if given.rounds > MAX_ROUNDS {
        return Err(Error::Usage(format!(
            "--rounds {}: an event has at most {MAX_ROUNDS}",
            given.rounds
        )));
    }
    if given.ruleset.list_words().unit_keys.is_empty() {
        return Err(Error::Usage(format!(
            "{} has no army lists: an event checks lists",
            given.ruleset.title()
        )));
    }
    let (_, sources) = load(given.ruleset, dirs)?;
    Ok(EventFile {
        event: Header {
            name: given.name.to_owned(),
            ruleset: given.ruleset.id().to_owned(),
            rounds: given.rounds,
            lang: given.lang.id().to_owned(),
        },
        data: DataPrint {
            fingerprint: open::fingerprint(given.ruleset, dirs, &sources),
            layers: open::layer_names(dirs),
        },
        rules: EventRules {
            points: given.points,
            illustrative: true,
            own_sheets: true,
            banned: Vec::new(),
            at_most: Default::default(),
        },
        scoring: Scoring::default(),
        entries: Vec::new(),
        rounds: Vec::new(),
        log: vec![Action::new("new")],
    })
}

/// A ruleset's data loaded (any error in it stops), with the texts read.
pub fn load(ruleset: Ruleset, dirs: &[PathBuf]) -> Result<(Rules, Sources), Error> {
    let mut sources = Sources::new();
    let engine = crate::ops::load_engine(ruleset, dirs, &mut sources)?;
    if engine.lists().is_none() {
        return Err(Error::Usage(format!(
            "{} has no army lists: an event checks lists",
            ruleset.title()
        )));
    }
    Ok((engine, sources))
}

/// What the data now are, against what the event was made over: `None` when the same,
/// else a sentence saying so.
pub fn other_data(
    file: &EventFile,
    now: &str,
    dirs: &[PathBuf],
) -> Option<crate::core::words::Phrase> {
    (file.data.fingerprint != now).then(|| {
        crate::core::words::Phrase::new(
            "event-other-data",
            "the event was made over data {was} ({was_layers}); these are {now} ({layers}): each list is checked under these",
        )
        .text("was", file.data.fingerprint.clone())
        .text("was_layers", file.data.layers.join(", "))
        .text("now", now)
        .text("layers", open::layer_names(dirs).join(", "))
    })
}

/// Every entry of the event checked over the data `dirs`, in the order of the entries; the
/// checker keeps the texts the diagnostics point into.
pub fn check_all(
    file: &EventFile,
    dirs: &[PathBuf],
) -> Result<(check::Checker, Vec<check::EntryCheck>, String), Error> {
    let ruleset = open::ruleset(file).map_err(Error::Usage)?;
    let (engine, sources) = load(ruleset, dirs)?;
    let now = open::fingerprint(ruleset, dirs, &sources);
    let mut checker = check::Checker::new(engine, sources, file);
    let checks = file.entries.iter().map(|e| checker.check(e)).collect();
    Ok((checker, checks, now))
}

/// Adds (or replaces) a player's entry in the event at `path`, under its lock; the entry is
/// made and checked before the lock is taken, again after (the check printed is the one
/// over the data the event is read with).
pub fn add(
    path: &Path,
    dirs: &[PathBuf],
    player: &str,
    club: Option<&str>,
    given: entries::Given,
) -> Result<(bool, check::Checker, check::EntryCheck), Error> {
    entries::check_names(player, club)?;
    let before = open::read(path)?;
    let ruleset = open::ruleset(&before).map_err(Error::Usage)?;
    let (engine, mut sources) = load(ruleset, dirs)?;
    let entry = entries::entry(&engine, &mut sources, player, club, given)?;
    let mut checker = check::Checker::new(engine, sources, &before);
    let checked = checker.check(&entry);
    let replaced = open::edit(path, |file| {
        let (replaced, action) = entries::put(file, entry)?;
        Ok((replaced, open::Write::Logged(Box::new(action))))
    })?;
    Ok((replaced, checker, checked))
}
