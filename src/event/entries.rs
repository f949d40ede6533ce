//! An entry made of what a player gives (a share code, or a list file with the sheets of
//! their own it uses, as a code would carry them), refused when it is hostile or not the
//! event's: a huge code or list, a list of another ruleset, a name with control characters,
//! one entry too many. Adding again for the same player replaces their entry, logged with
//! the entry replaced (`muster event undo` puts it back).

use std::path::Path;

use super::file::*;
use super::open::{entry_bytes, name, same_player};
use crate::core::error::Error;
use crate::core::share_code::{self, MAX_CODE_CHARS};
use crate::core::source::Sources;
use crate::rulesets::{self as rs, Rules, Ruleset};

/// What a player gave.
pub enum Given<'a> {
    /// A share code (`muster list share`).
    Code(&'a str),
    /// A list file.
    List(&'a Path),
}

/// Refuses a player's or a club's name an event does not keep.
pub fn check_names(player: &str, club: Option<&str>) -> Result<(), Error> {
    name("--player", player).map_err(Error::Usage)?;
    if let Some(c) = club {
        name("--club", c).map_err(Error::Usage)?;
    }
    Ok(())
}

/// The entry of `player` (of `club`) with what they gave, over the event's data (`engine`,
/// loaded into `sources`): the list kept whole, with the sheets of the player's own its units
/// use. Nothing is checked here but what the event refuses to keep; the check is
/// [`super::check::Checker`]'s.
pub fn entry(
    engine: &Rules,
    sources: &mut Sources,
    player: &str,
    club: Option<&str>,
    given: Given,
) -> Result<Entry, Error> {
    check_names(player, club)?;
    let ruleset = engine.ruleset();
    let (from, list, sheets) = match given {
        Given::Code(code) => {
            let shared = read_code(code, ruleset).map_err(|r| r.error(player, ruleset))?;
            let sheets = entry_sheets(shared.sheets);
            ("code".to_owned(), shared.list, sheets)
        }
        Given::List(path) => {
            let file = sources.read(path)?;
            // A list file is TOML with a [list] table; any other file (a text, a password
            // file) is no entry, and is not kept in the event.
            let text = sources.text(file);
            match toml::from_str::<toml::Table>(text) {
                Ok(t) if t.get("list").is_some_and(toml::Value::is_table) => {}
                Ok(_) => {
                    return Err(Error::Usage(format!(
                        "{} is not a list file: it has no [list] table; not added",
                        path.display()
                    )))
                }
                Err(e) => {
                    let at = e.span().map_or(0, |s| s.start).min(text.len());
                    let line = text[..at].matches('\n').count() + 1;
                    let column = text[..at]
                        .rsplit('\n')
                        .next()
                        .map_or(0, |l| l.chars().count())
                        + 1;
                    return Err(Error::Usage(format!(
                        "{}:{line}:{column}: not a list file ({}); not added",
                        path.display(),
                        crate::core::text::one_line(e.message())
                    )));
                }
            }
            match rs::peek(sources, file) {
                Ok(r) if r != ruleset => {
                    return Err(Error::Usage(format!(
                        "{} is a {} list: this event plays {} ({}); not added",
                        path.display(),
                        r.id(),
                        ruleset.title(),
                        ruleset.id()
                    )))
                }
                Ok(_) => {}
                Err(d) => {
                    return Err(Error::Usage(format!(
                        "{} is not a list of {}: {}; not added",
                        path.display(),
                        ruleset.id(),
                        crate::core::text::one_line(&d.message)
                    )))
                }
            }
            let text = sources.text(file).to_owned();
            if text.len() > MAX_ENTRY_BYTES {
                return Err(too_large(player, text.len()));
            }
            // The sheets of the player's own its units use, as a share code carries them.
            let sheets = match rs::check_list(ruleset, engine.lists(), sources, file) {
                Ok(checked) => {
                    entry_sheets(rs::share::shared(engine, path, &text, &checked)?.sheets)
                }
                Err(_) => Vec::new(),
            };
            let from = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "list".into());
            (from, text, sheets)
        }
    };
    let entry = Entry {
        player: player.to_owned(),
        club: club.map(str::to_owned),
        from,
        list: list.trim_start_matches('\u{feff}').replace("\r\n", "\n"),
        sheets,
        dropped_after: None,
    };
    if entry_bytes(&entry) > MAX_ENTRY_BYTES {
        return Err(too_large(player, entry_bytes(&entry)));
    }
    Ok(entry)
}

/// The sheets a share code carries, as an entry keeps them.
fn entry_sheets(sheets: Vec<crate::core::share_code::SharedSheet>) -> Vec<EntrySheet> {
    sheets
        .into_iter()
        .map(|s| EntrySheet {
            id: s.id,
            path: s.path,
            text: s.text,
        })
        .collect()
}

fn too_large(player: &str, bytes: usize) -> Error {
    Error::Usage(format!(
        "the list of {player} is {bytes} bytes with its sheets: an event keeps at most {MAX_ENTRY_BYTES} an entry (a list of 1,000 units is about 40 KB); not added"
    ))
}

/// Why a share code makes no entry of an event, found before anything is kept: said in
/// English naming the player ([`CodeRefusal::error`]), and by its [`CodeRefusal::code`] on the
/// player's page, in the page's words.
#[derive(Debug, Clone, PartialEq)]
pub enum CodeRefusal {
    /// Longer than any share code ([`MAX_CODE_CHARS`]), refused before decoding.
    TooLong { chars: usize },
    /// No share code muster reads: why, in English.
    Unreadable(String),
    /// A list of a ruleset this muster does not know: the ruleset as the code names it.
    UnknownRuleset(String),
    /// A list of another ruleset than the event's.
    OtherRuleset(Ruleset),
}

impl CodeRefusal {
    /// The refusal's name, for the page's words `ev_err_CODE`.
    pub fn code(&self) -> &'static str {
        match self {
            CodeRefusal::TooLong { .. } => "code_too_long",
            CodeRefusal::Unreadable(_) => "code_unreadable",
            CodeRefusal::UnknownRuleset(_) => "code_unknown_ruleset",
            CodeRefusal::OtherRuleset(_) => "code_other_ruleset",
        }
    }

    /// The refusal in English, naming the player and the event's ruleset `ours`.
    pub fn error(&self, player: &str, ours: Ruleset) -> Error {
        Error::Usage(match self {
            CodeRefusal::TooLong { chars } => format!(
                "the code of {player} is {chars} characters: a share code has at most {MAX_CODE_CHARS}; not added"
            ),
            CodeRefusal::Unreadable(m) => format!("the code of {player}: {m}; not added"),
            CodeRefusal::UnknownRuleset(e) => format!(
                "the code of {player} is a list of a ruleset this muster does not know ({e}); not added"
            ),
            CodeRefusal::OtherRuleset(theirs) => format!(
                "the code of {player} carries a {} list: this event plays {} ({}); not added",
                theirs.id(),
                ours.title(),
                ours.id()
            ),
        })
    }
}

/// What a share code carries, if it may make an entry of an event of `ruleset`: bounded
/// before it is decoded (a list of 1,000 units is a few KB), of the event's ruleset as the
/// code says and as its list says.
pub fn read_code(code: &str, ruleset: Ruleset) -> Result<share_code::Shared, CodeRefusal> {
    let chars = code.chars().count();
    if chars > MAX_CODE_CHARS {
        return Err(CodeRefusal::TooLong { chars });
    }
    let shared = share_code::decode(code).map_err(CodeRefusal::Unreadable)?;
    match shared.ruleset.parse::<Ruleset>() {
        Ok(r) if r == ruleset => {}
        Ok(r) => return Err(CodeRefusal::OtherRuleset(r)),
        Err(e) => return Err(CodeRefusal::UnknownRuleset(e.to_string())),
    }
    // The list's own ruleset, as the code's list says it.
    let mut sources = Sources::new();
    let file = sources.add(Path::new("the code's list"), shared.list.clone());
    match rs::peek(&sources, file) {
        Ok(r) if r != ruleset => Err(CodeRefusal::OtherRuleset(r)),
        _ => Ok(shared),
    }
}

/// Puts an entry in the event: in the place of the same player's (the action logs the one
/// replaced), else at the end, within [`MAX_ENTRIES`].
pub fn put(file: &mut EventFile, entry: Entry) -> Result<(bool, Action), Error> {
    let mut action = Action::new("add");
    action.player = Some(entry.player.clone());
    match file
        .entries
        .iter()
        .position(|e| same_player(&e.player, &entry.player))
    {
        Some(i) => {
            // A new list does not bring back a player who left the event.
            let mut entry = entry;
            entry.dropped_after = file.entries[i].dropped_after;
            let old = std::mem::replace(&mut file.entries[i], entry);
            // The rounds keep naming the player as they are now named.
            let new = file.entries[i].player.clone();
            for round in &mut file.rounds {
                for t in &mut round.tables {
                    for p in [&mut t.a, &mut t.b] {
                        if *p == old.player {
                            p.clone_from(&new);
                        }
                    }
                }
                if let Some(b) = round.bye.as_mut().filter(|b| **b == old.player) {
                    b.clone_from(&new);
                }
            }
            action.replaced = Some(old);
            Ok((true, action))
        }
        None => {
            if file.entries.len() >= MAX_ENTRIES {
                return Err(Error::Usage(format!(
                    "the event has {MAX_ENTRIES} entries, as many as an event takes; {} not added",
                    entry.player
                )));
            }
            file.entries.push(entry);
            Ok((false, action))
        }
    }
}
