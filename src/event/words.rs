//! What the event's commands and documents say, in the event's language (`[event] lang`):
//! the headings of its tables, what `add`, `check`, `pair`, `swap`, `result` and `drop` print,
//! and the titles of its PDFs. Each is a [`Phrase`] whose French and Spanish templates are in
//! `templates/messages.toml` (`msg_event-…`).

use super::file::EventFile;
use crate::core::i18n::Lang;
use crate::core::words::{shared, Phrase};

/// The event's language.
pub fn lang_of(file: &EventFile) -> Lang {
    Lang::ALL
        .into_iter()
        .find(|l| l.id() == file.event.lang)
        .unwrap_or(Lang::En)
}

/// A phrase said in `lang`.
pub fn say(lang: Lang, phrase: &Phrase) -> String {
    phrase.say(lang, shared(lang))
}

/// A phrase said in the event's language.
pub fn said(file: &EventFile, phrase: &Phrase) -> String {
    say(lang_of(file), phrase)
}

/// A heading of the event's tables (`event-h-<key>`), in `lang`.
pub fn heading(lang: Lang, key: Heading) -> String {
    let (k, en) = match key {
        Heading::Table => ("event-h-table", "table"),
        Heading::Player => ("event-h-player", "player"),
        Heading::Club => ("event-h-club", "club"),
        Heading::List => ("event-h-list", "list"),
        Heading::Points => ("event-h-points", "points"),
        Heading::Valid => ("event-h-valid", "valid"),
        Heading::Problems => ("event-h-problems", "problems"),
        Heading::Sos => ("event-h-sos", "SoS"),
        Heading::Score => ("event-h-score", "VP diff"),
        Heading::Wdl => ("event-h-wdl", "W-D-L"),
        Heading::Byes => ("event-h-byes", "byes"),
        Heading::Opponent => ("event-h-opponent", "opponent"),
        Heading::Rank => ("event-h-rank", "#"),
    };
    say(lang, &Phrase::new(k, en))
}

/// The headings of the event's tables.
#[derive(Debug, Clone, Copy)]
pub enum Heading {
    Table,
    Player,
    Club,
    List,
    Points,
    Valid,
    Problems,
    Sos,
    Score,
    Wdl,
    Byes,
    Opponent,
    Rank,
}

/// The columns of the standings, as text and on paper.
pub const STANDINGS_COLUMNS: [Heading; 8] = [
    Heading::Rank,
    Heading::Player,
    Heading::Club,
    Heading::Points,
    Heading::Sos,
    Heading::Score,
    Heading::Wdl,
    Heading::Byes,
];

/// `yes` or `NO` in a table's column of valid entries.
pub fn yes_no(lang: Lang, valid: bool) -> String {
    if valid {
        say(lang, &Phrase::new("event-yes", "yes"))
    } else {
        say(lang, &Phrase::new("event-no", "NO"))
    }
}

/// `round N`.
pub fn round(n: u32) -> Phrase {
    Phrase::new("event-round", "round {n}").count("n", n)
}

/// `bye: NAME`.
pub fn bye(player: &str) -> Phrase {
    Phrase::new("event-bye", "bye: {player}").text("player", player)
}

/// A player's mark in the standings once they left the event: `dropped after round N`.
pub fn dropped_after(n: u32) -> Phrase {
    Phrase::new("event-dropped-after", "dropped after round {n}").count("n", n)
}
