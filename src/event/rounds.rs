//! What happens to an event's rounds: a result entered at a table (again, if need be: the
//! one it replaces is logged), a player's report of their table's result (the table's result
//! when the two players' agree, disputed when they differ), two players swapped before a
//! round starts, and the last action undone.

use super::file::*;
use super::open::same_player;
use super::words::said;
use crate::core::error::Error;
use crate::core::words::Phrase;

/// A score within the event's bound ([`MAX_SCORE`] a side); `named`: how the refusal names it.
pub fn within_score(score: Option<[u32; 2]>, named: &str) -> Result<(), Error> {
    match score {
        Some([a, b]) if a > MAX_SCORE || b > MAX_SCORE => Err(Error::Usage(format!(
            "{named} {a}-{b}: each side's score is 0 to {MAX_SCORE}"
        ))),
        _ => Ok(()),
    }
}

/// Enters the result of a table: `outcome`, with the victory points of each side when
/// given. Returns what was said and the action logged.
pub fn result(
    file: &mut EventFile,
    round: u32,
    table: u32,
    outcome: Outcome,
    score: Option<[u32; 2]>,
) -> Result<(String, Action), Error> {
    within_score(score, "--score")?;
    let t = table_mut(round_mut(file, round)?, table, |tables| {
        format!("round {round} has no table {table} (tables 1 to {tables})")
    })?;
    let mut action = Action::new("result");
    action.round = Some(round);
    action.table = Some(table);
    action.result = Some(outcome);
    action.score = score;
    action.was_result = t.result;
    action.was_score = t.score;
    t.result = Some(outcome);
    t.score = score;
    let (a, b) = (t.a.clone(), t.b.clone());
    let winner = match outcome {
        Outcome::A => Phrase::new("event-wins", "{winner} wins against {loser}")
            .text("winner", a)
            .text("loser", b),
        Outcome::B => Phrase::new("event-wins", "{winner} wins against {loser}")
            .text("winner", b)
            .text("loser", a),
        Outcome::Draw => Phrase::new("event-draw", "{a} and {b} draw")
            .text("a", a)
            .text("b", b),
    };
    let mut phrase = match score {
        Some([sa, sb]) => Phrase::new(
            "event-result-scored",
            "round {round}, table {table}: {winner} ({a}-{b})",
        )
        .count("a", sa)
        .count("b", sb),
        None => Phrase::new("event-result", "round {round}, table {table}: {winner}"),
    }
    .count("round", round)
    .count("table", table)
    .phrase("winner", winner);
    if action.was_result.is_some() {
        phrase =
            Phrase::new("event-entered-again", "{result} (entered again)").phrase("result", phrase);
    }
    Ok((said(file, &phrase), action))
}

/// A player's report of their own table's result (from their phone): `outcome` in the
/// table's terms, with the victory points of a and b when given. It replaces the player's own
/// report before; when the other player has reported the same, the result stands (the
/// table's result); when they differ, the table is disputed until the organiser enters its
/// result ([`result`]). Refused once the table has a result, or for a table the player does
/// not play at.
pub fn report(
    file: &mut EventFile,
    round: u32,
    table: u32,
    player: &str,
    outcome: Outcome,
    score: Option<[u32; 2]>,
) -> Result<(String, Action), Error> {
    within_score(score, "the score")?;
    let r = round_mut(file, round)?;
    let t = r
        .tables
        .iter_mut()
        .find(|t| t.table == table)
        .ok_or_else(|| Error::Usage(format!("round {round} has no table {table}")))?;
    let side = if same_player(&t.a, player) {
        Side::A
    } else if same_player(&t.b, player) {
        Side::B
    } else {
        return Err(Error::Usage(format!(
            "{} does not play at table {table} of round {round}: a player reports their own table's result only",
            crate::core::text::one_line(player)
        )));
    };
    if let Some(o) = t.result {
        return Err(Error::Usage(format!(
            "round {round}, table {table} has its result already ({}): the organiser changes it if need be",
            outcome_in_words(t, o)
        )));
    }
    let mut action = Action::new("report");
    action.player = Some(if side == Side::A {
        t.a.clone()
    } else {
        t.b.clone()
    });
    action.round = Some(round);
    action.table = Some(table);
    action.result = Some(outcome);
    action.score = score;
    let new = Report {
        side,
        result: outcome,
        score,
    };
    match t.reports.iter_mut().find(|r| r.side == side) {
        Some(old) => {
            action.was_result = Some(old.result);
            action.was_score = old.score;
            *old = new;
        }
        None => {
            t.reports.push(new);
            t.reports.sort_by_key(|r| r.side == Side::B);
        }
    }
    let said = match agreed(t) {
        Some((o, s)) => {
            t.result = Some(o);
            t.score = s;
            format!(
                "round {round}, table {table}: both players report {}: the result stands",
                outcome_in_words(t, o)
            )
        }
        None if t.reports.len() == 2 => format!(
            "round {round}, {}: disputed, the organiser decides",
            dispute_in_words(t)
        ),
        None => format!(
            "round {round}, table {table}: {} reports {}; waiting for {}",
            action.player.as_deref().unwrap_or(""),
            outcome_in_words(t, outcome),
            if side == Side::A { &t.b } else { &t.a }
        ),
    };
    Ok((said, action))
}

/// The result both players of a table report, when they agree: the same outcome and, where
/// both give a score, the same score (one given alone is taken).
pub fn agreed(t: &Table) -> Option<(Outcome, Option<[u32; 2]>)> {
    let [x, y] = t.reports.as_slice() else {
        return None;
    };
    if x.result != y.result {
        return None;
    }
    match (x.score, y.score) {
        (Some(a), Some(b)) if a != b => None,
        (a, b) => Some((x.result, a.or(b))),
    }
}

/// Whether a table is disputed: no result yet, and its two players' reports differ.
pub fn disputed(t: &Table) -> bool {
    t.result.is_none() && t.reports.len() == 2 && agreed(t).is_none()
}

/// A result in words, naming the winner: `Ann wins (12-5)`, `a draw`.
pub fn outcome_in_words(t: &Table, o: Outcome) -> String {
    match o {
        Outcome::A => format!("{} wins", t.a),
        Outcome::B => format!("{} wins", t.b),
        Outcome::Draw => "a draw".to_owned(),
    }
}

/// What each player of a disputed table reports, in words.
pub fn dispute_in_words(t: &Table) -> String {
    let said: Vec<String> = t
        .reports
        .iter()
        .map(|r| {
            let who = if r.side == Side::A { &t.a } else { &t.b };
            let score = r
                .score
                .map(|[a, b]| format!(" ({a}-{b})"))
                .unwrap_or_default();
            format!("{who} says {}{score}", outcome_in_words(t, r.result))
        })
        .collect();
    format!("table {}: {}", t.table, said.join(", "))
}

/// The round `round`, to change.
fn round_mut(file: &mut EventFile, round: u32) -> Result<&mut Round, Error> {
    let rounds = file.rounds.len();
    file.rounds
        .iter_mut()
        .find(|r| r.round == round)
        .ok_or_else(|| match rounds {
            0 => Error::Usage(format!(
                "round {round} is not paired: no round is (`muster event pair` pairs the next)"
            )),
            n => Error::Usage(format!("round {round} is not paired: rounds 1 to {n} are")),
        })
}

/// The table `table` of round `r`, to change; else the error `missing` says, given the
/// round's count of tables.
fn table_mut(
    r: &mut Round,
    table: u32,
    missing: impl FnOnce(usize) -> String,
) -> Result<&mut Table, Error> {
    let tables = r.tables.len();
    r.tables
        .iter_mut()
        .find(|t| t.table == table)
        .ok_or_else(|| Error::Usage(missing(tables)))
}

/// Where a player sits in a round: a table's side, or the bye.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seat {
    A(usize),
    B(usize),
    Bye,
}

/// Swaps two players of round `round` (its last) before it starts: each takes the other's
/// seat (the bye included). The players are named as their entries name them (case aside).
pub fn swap(
    file: &mut EventFile,
    round: u32,
    first: &str,
    second: &str,
) -> Result<(String, Action), Error> {
    let last = file.rounds.len() as u32;
    if round != last || last == 0 {
        return Err(Error::Usage(format!(
            "round {round} cannot be changed: only the last round paired ({last}) can, before it starts"
        )));
    }
    let name_of = |file: &EventFile, given: &str| -> Result<String, Error> {
        file.entries
            .iter()
            .find(|e| same_player(&e.player, given))
            .map(|e| e.player.clone())
            .ok_or_else(|| {
                Error::Usage(format!(
                    "{} has no entry in the event",
                    crate::core::text::one_line(given)
                ))
            })
    };
    let a = name_of(file, first)?;
    let b = name_of(file, second)?;
    if a == b {
        return Err(Error::Usage(format!("{a} cannot be swapped with themself")));
    }
    let r = round_mut(file, round)?;
    if let Some(t) = r
        .tables
        .iter()
        .find(|t| t.result.is_some() || !t.reports.is_empty())
    {
        return Err(Error::Usage(format!(
            "round {round} has started: table {} has a result or a player's report (`muster event undo` takes them back first)",
            t.table
        )));
    }
    swap_in(r, &a, &b)?;
    let mut action = Action::new("swap");
    action.round = Some(round);
    action.player = Some(a.clone());
    action.other = Some(b.clone());
    let phrase = Phrase::new("event-swapped", "round {round}: {a} and {b} swapped")
        .count("round", round)
        .text("a", a)
        .text("b", b);
    Ok((said(file, &phrase), action))
}

fn seat_of(r: &Round, name: &str) -> Option<Seat> {
    if r.bye.as_deref() == Some(name) {
        return Some(Seat::Bye);
    }
    r.tables.iter().enumerate().find_map(|(i, t)| {
        if t.a == name {
            Some(Seat::A(i))
        } else if t.b == name {
            Some(Seat::B(i))
        } else {
            None
        }
    })
}

/// Each of `a` and `b` takes the other's seat in `r`.
fn swap_in(r: &mut Round, a: &str, b: &str) -> Result<(), Error> {
    let missing = |p: &str| {
        Error::Usage(format!(
            "{p} is not in round {} (entered after it was paired)",
            r.round
        ))
    };
    let sa = seat_of(r, a).ok_or_else(|| missing(a))?;
    let sb = seat_of(r, b).ok_or_else(|| missing(b))?;
    for (seat, name) in [(sa, b), (sb, a)] {
        let slot = match seat {
            Seat::A(i) => &mut r.tables[i].a,
            Seat::B(i) => &mut r.tables[i].b,
            Seat::Bye => r.bye.get_or_insert_with(String::new),
        };
        *slot = name.to_owned();
    }
    Ok(())
}

/// The player `player` (named as their entry names them, case aside) leaves the event after
/// the rounds paired so far: no later round pairs them; the standings keep them.
pub fn drop(file: &mut EventFile, player: &str) -> Result<(String, Action), Error> {
    let after = file.rounds.len() as u32;
    let e = file
        .entries
        .iter_mut()
        .find(|e| same_player(&e.player, player))
        .ok_or_else(|| {
            Error::Usage(format!(
                "{} has no entry in the event",
                crate::core::text::one_line(player)
            ))
        })?;
    if let Some(d) = e.dropped_after {
        return Err(Error::Usage(format!(
            "{} left the event after round {d} already",
            e.player
        )));
    }
    e.dropped_after = Some(after);
    let name = e.player.clone();
    let mut action = Action::new("drop");
    action.player = Some(name.clone());
    action.round = Some(after);
    let phrase = if after == 0 {
        Phrase::new(
            "event-dropped-before",
            "{player} leaves the event before round 1: no round pairs them",
        )
        .text("player", name)
    } else {
        Phrase::new(
            "event-dropped",
            "{player} leaves the event after round {n}: no later round pairs them; the standings keep them",
        )
        .text("player", name)
        .count("n", after)
    };
    Ok((said(file, &phrase), action))
}

/// Renames a player in every round (an entry added again under another spelling).
pub fn rename(file: &mut EventFile, from: &str, to: &str) {
    for round in &mut file.rounds {
        for t in &mut round.tables {
            for p in [&mut t.a, &mut t.b] {
                if p == from {
                    *p = to.to_owned();
                }
            }
        }
        if let Some(b) = round.bye.as_mut().filter(|b| *b == from) {
            *b = to.to_owned();
        }
    }
}

/// Takes the last action back: the event as it was before it. Returns what was undone, in
/// words; the action leaves the log.
pub fn undo(file: &mut EventFile) -> Result<String, Error> {
    let Some(last) = file.log.last().cloned() else {
        return Err(Error::Usage("nothing to undo: the log is empty".into()));
    };
    let phrase = match last.action.as_str() {
        "add" => {
            let player = last.player.clone().unwrap_or_default();
            let at = file
                .entries
                .iter()
                .position(|e| e.player == player)
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "the last action added {player}, who has no entry now: the file was changed by hand"
                    ))
                })?;
            match last.replaced {
                Some(old) => {
                    let old_name = old.player.clone();
                    file.entries[at] = old;
                    rename(file, &player, &old_name);
                    Phrase::new(
                        "event-undid-replaced",
                        "undid the new entry of {player}: the one before is back",
                    )
                    .text("player", player)
                }
                None => {
                    if file.rounds.iter().any(|r| seat_of(r, &player).is_some()) {
                        return Err(Error::Usage(format!(
                            "{player} is in a round: undo the round first"
                        )));
                    }
                    file.entries.remove(at);
                    Phrase::new("event-undid-entry", "undid the entry of {player}")
                        .text("player", player)
                }
            }
        }
        "pair" => {
            let round = last.round.unwrap_or(0);
            if file.rounds.last().map(|r| r.round) != Some(round) {
                return Err(Error::Usage(format!(
                    "the last action paired round {round}, which is not the last round now: the file was changed by hand"
                )));
            }
            file.rounds.pop();
            Phrase::new("event-undid-pairing", "undid the pairing of round {round}")
                .count("round", round)
        }
        "swap" => {
            let round = last.round.unwrap_or(0);
            let (a, b) = (
                last.player.clone().unwrap_or_default(),
                last.other.clone().unwrap_or_default(),
            );
            swap_in(round_mut(file, round)?, &a, &b)?;
            Phrase::new(
                "event-undid-swap",
                "undid the swap of {a} and {b} in round {round}",
            )
            .text("a", a)
            .text("b", b)
            .count("round", round)
        }
        "result" => {
            let (round, table) = (last.round.unwrap_or(0), last.table.unwrap_or(0));
            let t = table_mut(round_mut(file, round)?, table, |_| {
                format!("the last action is a result of round {round} table {table}, which is not there: the file was changed by hand")
            })?;
            t.result = last.was_result;
            t.score = last.was_score;
            let phrase = match last.was_result {
                Some(o) => Phrase::new(
                    "event-undid-result-back",
                    "undid the result of round {round}, table {table}: back to {was}",
                )
                .text("was", o.id()),
                None => Phrase::new(
                    "event-undid-result",
                    "undid the result of round {round}, table {table}",
                ),
            };
            phrase.count("round", round).count("table", table)
        }
        "drop" => {
            let player = last.player.clone().unwrap_or_default();
            let e = file
                .entries
                .iter_mut()
                .find(|e| e.player == player && e.dropped_after.is_some())
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "the last action dropped {player}, who has no entry dropped now: the file was changed by hand"
                    ))
                })?;
            e.dropped_after = None;
            Phrase::new(
                "event-undid-drop",
                "undid the drop of {player}: they are paired again",
            )
            .text("player", player)
        }
        "report" => {
            let (round, table) = (last.round.unwrap_or(0), last.table.unwrap_or(0));
            let player = last.player.clone().unwrap_or_default();
            let r = round_mut(file, round)?;
            let t = r
                .tables
                .iter_mut()
                .find(|t| t.table == table && (t.a == player || t.b == player))
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "the last action is a report of {player} at round {round} table {table}, which is not there: the file was changed by hand"
                    ))
                })?;
            let side = if t.a == player { Side::A } else { Side::B };
            t.reports.retain(|r| r.side != side);
            if let Some(was) = last.was_result {
                t.reports.push(Report {
                    side,
                    result: was,
                    score: last.was_score,
                });
                t.reports.sort_by_key(|r| r.side == Side::B);
            }
            // A report is taken only while the table has no result: it had none before.
            t.result = None;
            t.score = None;
            Phrase::new(
                "event-undid-report",
                "undid the report of {player} for round {round}, table {table}",
            )
            .text("player", player)
            .count("round", round)
            .count("table", table)
        }
        "new" => {
            return Err(Error::Usage(
                "nothing to undo: the event has only been made (delete the file to start again)"
                    .into(),
            ))
        }
        other => {
            return Err(Error::Usage(format!(
                "the last action `{}` is not one muster undoes",
                crate::core::text::one_line(other)
            )))
        }
    };
    file.log.pop();
    Ok(said(file, &phrase))
}
