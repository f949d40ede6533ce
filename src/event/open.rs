//! An event file read and checked against its bounds, written back whole and atomically, and
//! changed under its lock ([`edit`]): concurrent commands (results entered at once from
//! several terminals) are applied one after the other and none is lost; a process killed at
//! any moment leaves the file as it was before or after, never half written. Also the
//! fingerprint of the data an event is checked over.

use std::path::{Path, PathBuf};

use super::file::*;
use crate::core::error::Error;
use crate::core::output::{write_atomic, EditLock};
use crate::core::source::Sources;
use crate::rulesets::Ruleset;

/// The first lines of every event file muster writes.
const PREAMBLE: &str =
    "# An event kept by muster (`muster event --help`): the entries with their lists kept\n\
# whole, the rounds and their results, and the log of every action (`muster event undo`\n\
# takes the last one back). muster writes this file whole at each action: edit [rules] and\n\
# [scoring] by hand if need be, while no command runs; comments are not kept.\n";

/// Reads an event file: at most [`MAX_EVENT_BYTES`], TOML of the event's shape, every value
/// within its bounds.
pub fn read(path: &Path) -> Result<EventFile, Error> {
    let text = crate::core::source::read_text_within(path, MAX_EVENT_BYTES)?;
    parse(path, &text)
}

/// An event file's text as the event, its bounds checked.
pub fn parse(path: &Path, text: &str) -> Result<EventFile, Error> {
    let file: EventFile = toml::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| {
        let at = e
            .span()
            .map(|s| {
                let before = &text[..s.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                format!(":{line}:{column}")
            })
            .unwrap_or_default();
        Error::Usage(format!(
            "{}{at}: not an event file: {}",
            path.display(),
            crate::core::text::one_line(e.message())
        ))
    })?;
    validate(&file).map_err(|m| Error::Usage(format!("{}: {m}", path.display())))?;
    Ok(file)
}

/// The event's ruleset.
pub fn ruleset(file: &EventFile) -> Result<Ruleset, String> {
    file.event.ruleset.parse().map_err(|e: String| {
        format!(
            "[event] ruleset `{}`: {e}",
            crate::core::text::one_line(&file.event.ruleset)
        )
    })
}

/// Checks every value of an event against its bounds; what is wrong, in words.
pub fn validate(file: &EventFile) -> Result<(), String> {
    ruleset(file)?;
    name("[event] name", &file.event.name)?;
    if crate::core::i18n::Lang::ALL
        .iter()
        .all(|l| l.id() != file.event.lang)
    {
        return Err(format!(
            "[event] lang `{}`: expected en, fr or es",
            crate::core::text::one_line(&file.event.lang)
        ));
    }
    if file.event.rounds > MAX_ROUNDS {
        return Err(format!(
            "[event] rounds = {}: an event has at most {MAX_ROUNDS}",
            file.event.rounds
        ));
    }
    let r = &file.rules;
    if r.points == 0 || r.points > MAX_POINTS {
        return Err(format!(
            "[rules] points = {}: expected 1 to {MAX_POINTS}",
            r.points
        ));
    }
    if r.banned.len() + r.at_most.len() > MAX_RULE_IDS {
        return Err(format!(
            "[rules] names {} sheets or entries: at most {MAX_RULE_IDS}",
            r.banned.len() + r.at_most.len()
        ));
    }
    for id in r.banned.iter().chain(r.at_most.keys()) {
        if !crate::core::catalog::valid_id(id) {
            return Err(format!(
                "[rules] names `{}`: expected a sheet's or entry's id (lowercase letters, digits and hyphens)",
                crate::core::text::one_line(id)
            ));
        }
    }
    if let Some((id, n)) = r.at_most.iter().find(|(_, n)| **n > 1000) {
        return Err(format!("[rules] at_most `{id}` = {n}: expected 0 to 1000"));
    }
    let s = file.scoring;
    if [s.win, s.draw, s.loss].iter().any(|p| *p > MAX_GAME_POINTS) {
        return Err(format!(
            "[scoring] win = {}, draw = {}, loss = {}: each 0 to {MAX_GAME_POINTS}",
            s.win, s.draw, s.loss
        ));
    }
    if file.entries.len() > MAX_ENTRIES {
        return Err(format!(
            "{} entries: an event takes at most {MAX_ENTRIES}",
            file.entries.len()
        ));
    }
    for (i, e) in file.entries.iter().enumerate() {
        name("a player's name", &e.player)?;
        if let Some(c) = &e.club {
            name("a club's name", c)?;
        }
        if entry_bytes(e) > MAX_ENTRY_BYTES {
            return Err(format!(
                "the entry of {}: {} bytes, an entry keeps at most {MAX_ENTRY_BYTES}",
                e.player,
                entry_bytes(e)
            ));
        }
        if file.entries[..i]
            .iter()
            .any(|o| same_player(&o.player, &e.player))
        {
            return Err(format!(
                "[[entries]] {}: {} has two entries (names are compared without case); a player has one",
                i + 1,
                e.player
            ));
        }
    }
    if file.rounds.len() > MAX_ROUNDS as usize {
        return Err(format!(
            "{} rounds: an event has at most {MAX_ROUNDS}",
            file.rounds.len()
        ));
    }
    for (i, round) in file.rounds.iter().enumerate() {
        if round.round as usize != i + 1 {
            return Err(format!(
                "[[rounds]] number {}: says round = {}",
                i + 1,
                round.round
            ));
        }
        let mut seen: Vec<&str> = Vec::new();
        let players = round
            .tables
            .iter()
            .flat_map(|t| [&t.a, &t.b])
            .chain(round.bye.as_ref());
        for p in players {
            if !file.entries.iter().any(|e| e.player == *p) {
                return Err(format!(
                    "round {} names {}, who has no entry",
                    round.round,
                    crate::core::text::one_line(p)
                ));
            }
            if let Some(d) = file
                .entries
                .iter()
                .find(|e| e.player == *p)
                .and_then(|e| e.dropped_after)
                .filter(|d| *d < round.round)
            {
                return Err(format!(
                    "round {} names {}, who left the event after round {d}",
                    round.round,
                    crate::core::text::one_line(p)
                ));
            }
            if seen.contains(&p.as_str()) {
                return Err(format!(
                    "round {} names {} twice",
                    round.round,
                    crate::core::text::one_line(p)
                ));
            }
            seen.push(p);
        }
        for (j, t) in round.tables.iter().enumerate() {
            if round.tables[..j].iter().any(|o| o.table == t.table) {
                return Err(format!("round {} has two tables {}", round.round, t.table));
            }
            let scores = t
                .score
                .iter()
                .chain(t.reports.iter().filter_map(|r| r.score.as_ref()));
            for [a, b] in scores {
                if *a > MAX_SCORE || *b > MAX_SCORE {
                    return Err(format!(
                        "round {} table {}: a score is 0 to {MAX_SCORE}",
                        round.round, t.table
                    ));
                }
            }
            if t.reports.len() > 2
                || (t.reports.len() == 2 && t.reports[0].side == t.reports[1].side)
            {
                return Err(format!(
                    "round {} table {}: at most one report a side",
                    round.round, t.table
                ));
            }
        }
    }
    if file.log.len() > MAX_LOG {
        return Err(format!(
            "the log has {} actions: at most {MAX_LOG}",
            file.log.len()
        ));
    }
    Ok(())
}

/// What an entry keeps, in bytes: its list and its sheets.
pub fn entry_bytes(e: &Entry) -> usize {
    e.list.len()
        + e.sheets
            .iter()
            .map(|s| s.text.len() + s.path.len())
            .sum::<usize>()
}

/// Whether two names are one player's (case and surrounding blanks aside).
pub fn same_player(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// A name as an event keeps it: 1 to [`MAX_NAME`] characters, no control character nor
/// anything that steers a terminal (a bidirectional override).
pub fn name(what: &str, text: &str) -> Result<(), String> {
    let shown = || crate::core::text::same_length_printable(text);
    if let Some((i, c)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| c.is_control() || crate::core::text::is_unsafe(*c))
    {
        return Err(format!(
            "{what} `{}` has a control character (U+{:04X}, character {}): a name is printable text",
            shown(),
            u32::from(c),
            i + 1
        ));
    }
    // A character that shows as nothing would let one player pass for another ("Ann" and
    // "Ann" with a zero-width space).
    if let Some((i, c)) = text.chars().enumerate().find(|(_, c)| {
        matches!(c, '\u{ad}' | '\u{180e}' | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
    }) {
        return Err(format!(
            "{what} `{}` has an invisible character (U+{:04X}, character {}): a name is what players see",
            shown(),
            u32::from(c),
            i + 1
        ));
    }
    let n = text.chars().count();
    if text.trim().is_empty() {
        return Err(format!("{what} is empty"));
    }
    if n > MAX_NAME {
        return Err(format!("{what} is {n} characters: at most {MAX_NAME}"));
    }
    if text.trim() != text {
        return Err(format!("{what} `{text}` begins or ends with a blank"));
    }
    Ok(())
}

/// The event as muster writes it: the preamble, then the file's TOML.
pub fn to_text(file: &EventFile) -> Result<String, Error> {
    let body = toml::to_string(file)
        .map_err(|e| Error::Usage(format!("the event could not be written: {e}")))?;
    let text = format!("{PREAMBLE}\n{body}");
    if text.len() as u64 > MAX_EVENT_BYTES {
        return Err(Error::Usage(format!(
            "the event would be {} bytes: an event file is at most {MAX_EVENT_BYTES}; nothing written",
            text.len()
        )));
    }
    Ok(text)
}

/// Writes a new event file (atomically; never over one already there unless `force`).
pub fn create(path: &Path, file: &EventFile) -> Result<(), Error> {
    validate(file).map_err(Error::Usage)?;
    let text = to_text(file)?;
    write_atomic(path, text.as_bytes())
}

/// What an edit of an event writes.
pub enum Write {
    /// Nothing changed: nothing written.
    Nothing,
    /// The event changed by this action, added to its log.
    Logged(Box<Action>),
    /// The event changed without a new action (an action undone, taken off the log).
    Unlogged,
}

/// Changes an event under its lock: reads it, applies `change`, checks the bounds, writes it
/// whole (a temporary file renamed over it) and lets the lock go. `change` returns what to
/// say and what to write ([`Write`]).
pub fn edit<T>(
    path: &Path,
    change: impl FnOnce(&mut EventFile) -> Result<(T, Write), Error>,
) -> Result<T, Error> {
    let lock = EditLock::acquire(path)?;
    let mut file = read(&lock.target).map_err(|e| rename_target(e, &lock.target, path))?;
    let (said, write) = change(&mut file)?;
    match write {
        Write::Nothing => return Ok(said),
        Write::Logged(action) => {
            if file.log.len() >= MAX_LOG {
                return Err(Error::Usage(format!(
                    "{}: the log holds {MAX_LOG} actions, its bound; nothing written",
                    path.display()
                )));
            }
            file.log.push(*action);
        }
        Write::Unlogged => {}
    }
    validate(&file)
        .map_err(|m| Error::Usage(format!("{}: {m}; nothing written", path.display())))?;
    let text = to_text(&file)?;
    write_atomic(&lock.target, text.as_bytes())?;
    drop(lock);
    Ok(said)
}

/// An error naming the file a link led to, named as the user gave it.
fn rename_target(e: Error, target: &Path, path: &Path) -> Error {
    if target == path {
        return e;
    }
    match e {
        Error::Usage(m) => {
            Error::Usage(m.replace(&target.display().to_string(), &path.display().to_string()))
        }
        other => other,
    }
}

/// The fingerprint of the data a ruleset's engine was loaded from (`sources`, as
/// [`crate::ops::load_engine`] filled it, over the data folders `dirs`): FNV-1a of each file
/// read under a layer's folder of the ruleset, its path inside that folder and its text,
/// layer after layer; 12 hexadecimal digits. The same data give the same fingerprint
/// wherever their folders are (the built-in data and a copy of them on disk alike).
pub fn fingerprint(ruleset: Ruleset, dirs: &[PathBuf], sources: &Sources) -> String {
    let folders: Vec<PathBuf> = dirs.iter().map(|d| d.join(ruleset.id())).collect();
    let mut files: Vec<(usize, String, &str)> = Vec::new();
    for id in 0..sources.len() {
        let Some(path) = sources.path(id) else {
            continue;
        };
        if let Some((layer, inside)) = folders
            .iter()
            .enumerate()
            .find_map(|(i, f)| path.strip_prefix(f).ok().map(|p| (i, p)))
        {
            let inside = inside
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            files.push((layer, inside, sources.text(id)));
        }
    }
    files.sort();
    files.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u64::from(*b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (layer, inside, text) in &files {
        eat(&(*layer as u64).to_le_bytes());
        eat(inside.as_bytes());
        eat(&[0]);
        eat(text.as_bytes());
        eat(&[0]);
    }
    format!("{:012x}", hash >> 16)
}

/// The data layers as an event names them.
pub fn layer_names(dirs: &[PathBuf]) -> Vec<String> {
    dirs.iter().map(|d| d.display().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> EventFile {
        EventFile {
            event: Header {
                name: "Club night".into(),
                ruleset: crate::rulesets::Ruleset::ALL[0].id().into(),
                rounds: 3,
                lang: "en".into(),
            },
            data: DataPrint {
                fingerprint: "0123456789ab".into(),
                layers: vec!["<built-in>".into()],
            },
            rules: EventRules {
                points: 600,
                illustrative: true,
                own_sheets: false,
                banned: vec!["gb-95th-sharpe".into()],
                at_most: [("gb-95th-riflemen".to_owned(), 1)].into_iter().collect(),
            },
            scoring: Scoring::default(),
            entries: vec![Entry {
                player: "Ann".into(),
                club: Some("Salamanca".into()),
                from: "code".into(),
                list: format!(
                    "[list]\nname = \"x\"\nruleset = \"{}\"\n",
                    crate::rulesets::Ruleset::ALL[0].id()
                ),
                sheets: vec![EntrySheet {
                    id: "my-light".into(),
                    path: "sheets/my-light.toml".into(),
                    text: "[[sheet]]\nid = \"my-light\"\n".into(),
                }],
                dropped_after: None,
            }],
            rounds: Vec::new(),
            log: vec![Action::new("new")],
        }
    }

    #[test]
    fn an_event_reads_back_as_written_and_keeps_lists_readable() {
        let file = sample();
        let text = to_text(&file).unwrap();
        // A list is kept as lines a person reads, not one string of escapes.
        assert!(text.contains("[list]\nname = "), "{text}");
        assert!(text.contains("[[entries.sheets]]"), "{text}");
        let back = parse(Path::new("e.toml"), &text).unwrap();
        assert_eq!(back.entries, file.entries);
        assert_eq!(back.rules.at_most, file.rules.at_most);
        assert_eq!(to_text(&back).unwrap(), text);
    }

    #[test]
    fn names_with_control_characters_are_refused() {
        assert!(name("a player's name", "Ann").is_ok());
        for bad in ["A\u{1b}[2Jnn", "Ann\n", "", "  ", "A\u{202e}nn"] {
            assert!(name("a player's name", bad).is_err(), "{bad:?}");
        }
        assert!(name("a player's name", &"x".repeat(MAX_NAME + 1)).is_err());
    }
}
