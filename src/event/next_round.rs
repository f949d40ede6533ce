//! The next round of an event paired through [`super::pairing`]: the players as seats in
//! standing order (round 1: in the order of the entries, the draw being the pairing's), the
//! pairing put in the file by the players' names, and what a pairing breaks (a rematch, a
//! second bye, a club met in round 1, a table played again) said in words, after a pairing
//! that could not avoid it or an organiser's swap.

use super::file::*;
use super::pairing::{self, Broken, Pairing, Seat};
use super::standings::standings;
use super::words::lang_of;
use super::words::say;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::words::Phrase;

/// The players as the pairing of round `round` sees them: seats in standing order after the
/// rounds before it (round 1: the entries' order), and the entry each seat is.
pub fn seats(file: &EventFile, round: u32) -> (Vec<Seat>, Vec<usize>) {
    let before = round.saturating_sub(1) as usize;
    let order: Vec<usize> = if before == 0 {
        (0..file.entries.len()).collect()
    } else {
        standings(file, before)
            .iter()
            .filter_map(|s| file.entries.iter().position(|e| e.player == s.player))
            .collect()
    };
    // A player who left the event before this round is not paired in it.
    let order: Vec<usize> = order
        .into_iter()
        .filter(|&i| plays_in(&file.entries[i], round))
        .collect();
    let rows = standings(file, before);
    let seat_of = |name: &str| order.iter().position(|&i| file.entries[i].player == name);
    let mut seats: Vec<Seat> = order
        .iter()
        .map(|&i| {
            let e = &file.entries[i];
            Seat {
                club: e.club.clone(),
                points: rows
                    .iter()
                    .find(|s| s.player == e.player)
                    .map_or(0, |s| s.points),
                opponents: Vec::new(),
                had_bye: false,
                tables: Vec::new(),
            }
        })
        .collect();
    for r in file.rounds.iter().take(before) {
        if let Some(s) = r.bye.as_deref().and_then(seat_of) {
            seats[s].had_bye = true;
        }
        for t in &r.tables {
            let (Some(a), Some(b)) = (seat_of(&t.a), seat_of(&t.b)) else {
                continue;
            };
            seats[a].opponents.push(b);
            seats[b].opponents.push(a);
            seats[a].tables.push(t.table);
            seats[b].tables.push(t.table);
        }
    }
    (seats, order)
}

/// Whether `entry` plays in round `round`: not when the player left the event before it.
pub fn plays_in(entry: &Entry, round: u32) -> bool {
    entry.dropped_after.is_none_or(|d| d >= round)
}

/// A seed from the operating system's random source.
pub fn random_seed() -> Result<u64, Error> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| {
        Error::Usage(format!(
            "no random seed from the system ({e}): give --seed N"
        ))
    })?;
    Ok(u64::from_le_bytes(bytes))
}

/// Pairs the next round of the event with `seed`: refused while the last round has a table
/// without its result, or when the event has played its rounds. Returns the round, what it
/// breaks in words (a pairing that could not avoid it) and the action logged.
pub fn pair_next(file: &mut EventFile, seed: u64) -> Result<(Round, Vec<String>, Action), Error> {
    let round = file.rounds.len() as u32 + 1;
    if let Some(last) = file.rounds.last() {
        let disputed: Vec<String> = last
            .tables
            .iter()
            .filter(|t| super::rounds::disputed(t))
            .map(super::rounds::dispute_in_words)
            .collect();
        if !disputed.is_empty() {
            return Err(Error::Usage(format!(
                "round {} has {} {}; the organiser decides (`muster event result`, or the event's page) before the next round is paired",
                last.round,
                if disputed.len() == 1 { "a disputed table:" } else { "disputed tables:" },
                disputed.join("; ")
            )));
        }
        let open: Vec<String> = last
            .tables
            .iter()
            .filter(|t| t.result.is_none())
            .map(|t| t.table.to_string())
            .collect();
        if !open.is_empty() {
            return Err(Error::Usage(format!(
                "round {} is not over: table{} {} without a result (`muster event result`)",
                last.round,
                if open.len() == 1 { "" } else { "s" },
                open.join(", ")
            )));
        }
    }
    let planned = if file.event.rounds == 0 {
        MAX_ROUNDS
    } else {
        file.event.rounds
    };
    if round > planned {
        return Err(Error::Usage(format!(
            "the event has played its {planned} rounds ([event] rounds)"
        )));
    }
    if file.entries.len() < 2 {
        return Err(Error::Usage(format!(
            "the event has {} entr{}: a round needs two players (`muster event add`)",
            file.entries.len(),
            if file.entries.len() == 1 { "y" } else { "ies" }
        )));
    }
    let playing = file.entries.iter().filter(|e| plays_in(e, round)).count();
    if playing < 2 {
        return Err(Error::Usage(format!(
            "{playing} of the event's {} players still play{}: a round needs two (`muster event undo` takes a drop back)",
            file.entries.len(),
            if playing == 1 { "s" } else { "" }
        )));
    }
    let (seats, order) = seats(file, round);
    let pairing = pairing::pair(&seats, round, seed).map_err(|e| Error::Usage(e.to_string()))?;
    let name = |seat: usize| file.entries[order[seat]].player.clone();
    let made = Round {
        round,
        seed,
        bye: pairing.bye.map(name),
        tables: pairing
            .tables
            .iter()
            .map(|t| Table {
                table: t.number,
                a: name(t.a),
                b: name(t.b),
                result: None,
                score: None,
                reports: Vec::new(),
            })
            .collect(),
    };
    let said = in_words(
        lang_of(file),
        &pairing::broken(&seats, round, &pairing),
        &|s| name(s),
    );
    file.rounds.push(made.clone());
    let mut action = Action::new("pair");
    action.round = Some(round);
    Ok((made, said, action))
}

/// What round `round` of the file breaks as it now stands (after a swap), in words.
pub fn broken_now(file: &EventFile, round: u32) -> Vec<String> {
    let Some(r) = file.rounds.iter().find(|r| r.round == round) else {
        return Vec::new();
    };
    let (seats, order) = seats(file, round);
    let seat_of = |name: &str| order.iter().position(|&i| file.entries[i].player == name);
    let pairing = Pairing {
        tables: r
            .tables
            .iter()
            .filter_map(|t| {
                Some(pairing::Table {
                    number: t.table,
                    a: seat_of(&t.a)?,
                    b: seat_of(&t.b)?,
                })
            })
            .collect(),
        bye: r.bye.as_deref().and_then(seat_of),
    };
    let name = |seat: usize| file.entries[order[seat]].player.clone();
    in_words(
        lang_of(file),
        &pairing::broken(&seats, round, &pairing),
        &name,
    )
}

/// Each thing broken as a sentence naming the players, in `lang`.
fn in_words(lang: Lang, broken: &[Broken], name: &dyn Fn(usize) -> String) -> Vec<String> {
    broken
        .iter()
        .map(|b| {
            let phrase = match b {
                Broken::Rematch { a, b } => Phrase::new(
                    "event-rematch",
                    "{a} and {b} have played each other already",
                )
                .text("a", name(*a))
                .text("b", name(*b)),
                Broken::SecondBye { player } => {
                    Phrase::new("event-second-bye", "{player} has the bye a second time")
                        .text("player", name(*player))
                }
                Broken::SameClub { a, b } => {
                    Phrase::new("event-same-club", "{a} and {b} are of the same club")
                        .text("a", name(*a))
                        .text("b", name(*b))
                }
                Broken::TableAgain { player, table } => {
                    Phrase::new("event-table-again", "{player} plays at table {table} again")
                        .text("player", name(*player))
                        .count("table", *table)
                }
            };
            say(lang, &phrase)
        })
        .collect()
}
