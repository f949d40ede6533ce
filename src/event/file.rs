//! The event file as written (`EVENT.toml`, [`EventFile`]): `[event]`, the data it was made
//! over (`[data]`), the organiser's `[rules]` and `[scoring]`, every entry with its list kept
//! whole (`[[entries]]`), the rounds with their tables and results (`[[rounds]]`) and the log
//! of every action (`[[log]]`); the bounds on each.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The most entries an event takes (an engine limit: large events have 100 to 200 players).
pub const MAX_ENTRIES: usize = 512;
/// The most rounds an event has (a Swiss event of 512 players needs 9 or 10).
pub const MAX_ROUNDS: u32 = 30;
/// The most actions the log keeps (each add, pairing, swap and result is one).
pub const MAX_LOG: usize = 20_000;
/// The most characters of a player's, a club's or an event's name.
pub const MAX_NAME: usize = 100;
/// The most bytes an entry keeps: its list and the sheets of the player's own it carries (a
/// list of 1,000 units is about 40 KB).
pub const MAX_ENTRY_BYTES: usize = 128 * 1024;
/// The largest event file muster writes or reads: 512 entries of 30 KB each.
pub const MAX_EVENT_BYTES: u64 = 16 * 1024 * 1024;
/// The most points of a list the event allows, and the most a result's score gives a side.
pub const MAX_POINTS: u64 = 100_000;
pub const MAX_SCORE: u32 = 10_000;
/// The most tournament points a win, a draw or a loss gives.
pub const MAX_GAME_POINTS: u32 = 100;
/// The most sheets or entries `[rules]` bans or bounds.
pub const MAX_RULE_IDS: usize = 1000;

/// A whole event file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventFile {
    pub event: Header,
    pub data: DataPrint,
    pub rules: EventRules,
    #[serde(default)]
    pub scoring: Scoring,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<Entry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<Round>,
    #[serde(default)]
    pub log: Vec<Action>,
}

/// `[event]`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub name: String,
    pub ruleset: String,
    /// The rounds planned (0: as many as the organiser pairs, up to [`MAX_ROUNDS`]).
    #[serde(default)]
    pub rounds: u32,
    /// The language of what the event's commands say (`en`, `fr`, `es`).
    #[serde(default = "english")]
    pub lang: String,
}

fn english() -> String {
    "en".into()
}

/// `[data]`: the data the event was made over, so that a check under other data says so.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataPrint {
    /// FNV-1a of each data file of the ruleset read (its path inside its layer and its text),
    /// layer after layer: 12 hexadecimal digits.
    pub fingerprint: String,
    /// The data layers, as the event's maker named them (`<built-in>`, `my-sheets`).
    pub layers: Vec<String>,
}

/// `[rules]`: the organiser's rules for the event, checked on every entry as errors of their
/// own codes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventRules {
    /// The most points a list may cost (`event-points`).
    pub points: u64,
    /// Whether units of muster's illustrative sheets are allowed (`event-illustrative`).
    #[serde(default = "yes")]
    pub illustrative: bool,
    /// Whether units of the players' own sheets are allowed (`event-own-sheet`).
    #[serde(default = "yes")]
    pub own_sheets: bool,
    /// Sheets or entries no list may take (`event-banned`).
    #[serde(default)]
    pub banned: Vec<String>,
    /// At most N units of a sheet or entry in a list (`event-at-most`): `{ "gb-95th-riflemen" = 1 }`.
    #[serde(default)]
    pub at_most: BTreeMap<String, u32>,
}

fn yes() -> bool {
    true
}

/// `[scoring]`: the tournament points of a game's result (the bye counts as a win).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: 3,
            draw: 1,
            loss: 0,
        }
    }
}

/// An entry: a player, their club and their list, kept whole with the sheets of their own it
/// uses (as a share code carries them).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub player: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// Where it came from: `code` or the list file's name.
    pub from: String,
    /// The list file's text.
    pub list: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sheets: Vec<EntrySheet>,
    /// The player left the event after this round (`muster event drop`): no later round
    /// pairs them; the standings keep them, marked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dropped_after: Option<u32>,
}

/// A sheet or entry of the player's own that the list uses.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EntrySheet {
    pub id: String,
    /// Its file inside the ruleset's folder of the player's data (`sheets/ID.toml`).
    pub path: String,
    pub text: String,
}

/// A round: its seed, its tables and the bye.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub round: u32,
    /// The seed the pairing was drawn with (round 1 is at random; the seed makes it again).
    pub seed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<String>,
    #[serde(default)]
    pub tables: Vec<Table>,
}

/// A table of a round: its two players and, once played, the result.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub table: u32,
    pub a: String,
    pub b: String,
    /// `a`, `b` (the winner) or `draw`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// Victory points of a and b, for the tie-breakers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<[u32; 2]>,
    /// The result as each player reported it from their phone (`muster serve --event`): when
    /// the two agree it is the table's result; when they differ the table is disputed until
    /// the organiser enters its result.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reports: Vec<Report>,
}

/// A player's report of their table's result.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// Who reported: the table's `a` or `b`.
    pub side: Side,
    /// The result as they report it, in the table's terms (`a`: the table's first player won).
    pub result: Outcome,
    /// Victory points of a and b, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<[u32; 2]>,
}

/// A side of a table.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    A,
    B,
}

/// The result of a game.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    A,
    B,
    Draw,
}

impl Outcome {
    pub fn id(self) -> &'static str {
        match self {
            Outcome::A => "a",
            Outcome::B => "b",
            Outcome::Draw => "draw",
        }
    }
}

/// One action of the log, with what `muster event undo` needs to take it back.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// When (UTC, to the second).
    pub at: String,
    /// `new`, `add`, `pair`, `swap`, `result`, `drop` or `report` (a player's, from their phone).
    pub action: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<u32>,
    /// A result: the one entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<[u32; 2]>,
    /// A result entered again: the one it replaced (none: the table had none); a report: the
    /// same side's report it replaced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub was_result: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub was_score: Option<[u32; 2]>,
    /// An entry added again for the same player: the entry it replaced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced: Option<Entry>,
}

impl Action {
    pub fn new(action: &str) -> Self {
        Action {
            at: now_utc(),
            action: action.to_owned(),
            player: None,
            other: None,
            round: None,
            table: None,
            result: None,
            score: None,
            was_result: None,
            was_score: None,
            replaced: None,
        }
    }
}

/// The time now, UTC, as `2026-11-27T20:15:03Z`.
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn now_is_a_utc_time() {
        let t = super::now_utc();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.starts_with("20") && t.ends_with('Z'), "{t}");
    }
}
