//! Marks and undo: a change made to a game's document (losses, a state, a side value, a new
//! turn) and logged so that it can be undone; and one edit of a game file's text, as the
//! command line and the pages make it.

use std::path::{Path, PathBuf};

use toml_edit::{value, Array, DocumentMut, Item, Table, Value};

use super::begin::keep_armies;
use super::file::{MAX_LOG, MAX_LOST, MAX_TURN};
use super::open::game_within;
use super::rules::{state_name, GameRules};
use super::state::{parse_key, unit_key, Game, Side};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::words::{Named, Phrase};

/// Keeps the armies of a game written before games kept them (its next mark does): the lists
/// as read now, each unit's cost.
fn upgrade(doc: &mut DocumentMut, game: &Game) -> Result<(), Error> {
    for side in [Side::A, Side::B] {
        for (i, u) in game.list(side).units.iter().enumerate() {
            let k = unit_key(side, i + 1);
            if let Ok(t) = unit_table_mut(doc, &k) {
                if t.get("cost").is_none() {
                    t.insert("cost", value(i64::try_from(u.cost).unwrap_or(i64::MAX)));
                }
                if let Some(c) = game.count(side, i + 1) {
                    let lost = game.unit(side, i + 1).lost;
                    set_int(t, "left", c.saturating_sub(i64::from(lost)).max(0));
                }
            }
        }
    }
    keep_armies(doc, [&game.texts[0], &game.texts[1]]);
    Ok(())
}

/// What a mark asks for.
#[derive(Debug, Clone)]
pub enum Change {
    /// Figures lost (positive) or given back (negative).
    Lost(i64),
    State {
        id: String,
        on: bool,
    },
    Value {
        id: String,
        set: u32,
    },
    Turn,
}

/// Makes `change` to unit `key` (or side `key` for a value) of a game document, and logs it.
pub fn mark(
    doc: &mut DocumentMut,
    game: &Game,
    rules: &GameRules,
    key: &str,
    change: &Change,
) -> Result<Phrase, Error> {
    let turn = game.file.game.turn;
    if game.file.log.len() >= MAX_LOG {
        return Err(Error::Usage(format!(
            "the game's log has {} marks, the most a game keeps (an engine limit)",
            game.file.log.len()
        )));
    }
    let mut entry = Table::new();
    entry["turn"] = value(i64::from(turn));
    let said = match change {
        Change::Turn => {
            if turn >= MAX_TURN {
                return Err(Error::Usage(format!(
                    "turn {turn}: a game counts at most {MAX_TURN} turns (an engine limit)"
                )));
            }
            let mut cleared = Array::new();
            for (k, u) in &game.file.units {
                for s in &u.states {
                    if rules.state(s).is_some_and(|d| d.ends_with_turn) {
                        cleared.push(format!("{k}:{s}"));
                    }
                }
            }
            for c in cleared.iter().filter_map(|v| v.as_str()) {
                let (k, s) = c.split_once(':').unwrap_or((c, ""));
                set_states(doc, k, |states| states.retain(|x| x != s))?;
            }
            doc["game"]["turn"] = value(i64::from(turn.saturating_add(1)));
            let n = cleared.len();
            if n > 0 {
                entry["cleared"] = value(cleared);
            }
            if n == 0 {
                Phrase::new("mark-turn", "turn {turn}").count("turn", turn.saturating_add(1))
            } else {
                Phrase::new(
                    "mark-turn-cleared",
                    "turn {turn} ({n|# state|# states} of the last turn cleared)",
                )
                .count("turn", turn.saturating_add(1))
                .count("n", n)
            }
        }
        Change::Value { id, set } => {
            let side = match key {
                "a" | "A" => Side::A,
                "b" | "B" => Side::B,
                _ => {
                    return Err(Error::Usage(format!(
                        "--value is a side's: name the side a or b, found `{}`",
                        key.escape_debug()
                    )))
                }
            };
            if rules.value.is_empty() {
                return Err(Error::Usage(format!(
                    "--value {id}={set}: {} games keep no side values",
                    game.a.ruleset.title()
                )));
            }
            let decl = rules.value.iter().find(|v| v.id == *id).ok_or_else(|| {
                crate::core::error::unknown(
                    "side value",
                    id,
                    rules.value.iter().map(|v| v.id.as_str()),
                )
            })?;
            if *set > decl.max {
                return Err(Error::Usage(format!(
                    "--value {id}={set}: from 0 to {} ({})",
                    decl.max, decl.rule
                )));
            }
            let was = game
                .file
                .values
                .get(side.letter())
                .and_then(|v| v.get(id))
                .copied()
                .unwrap_or(0);
            let values = doc
                .get_mut("values")
                .and_then(Item::as_table_like_mut)
                .and_then(|t| t.get_mut(side.letter()))
                .and_then(Item::as_table_like_mut)
                .ok_or_else(|| Error::Usage("the game has no [values] for its sides".into()))?;
            set_int(values, id, i64::from(*set));
            entry["unit"] = value(side.letter());
            entry["value"] = value(id.as_str());
            entry["was"] = value(i64::from(was));
            entry["set"] = value(i64::from(*set));
            Phrase::new("mark-value", "side {side}: {value} {was} → {set}")
                .text("side", side.letter())
                .name("value", value_name(rules, id))
                .count("was", was)
                .count("set", *set)
        }
        Change::Lost(n) => {
            let (side, number) = game.find(key)?;
            let k = unit_key(side, number);
            let unit = game.unit(side, number);
            let row = &game.list(side).units[number - 1];
            let count = game.count(side, number);
            let magnitude = u32::try_from(n.unsigned_abs()).unwrap_or(u32::MAX);
            if magnitude == 0 || magnitude > MAX_LOST {
                return Err(Error::Usage(format!(
                    "--lost {n}: from 1 to {MAX_LOST} (--back gives figures back)"
                )));
            }
            let lost = if *n > 0 {
                let now = unit.lost.saturating_add(magnitude);
                match count.and_then(|f| u32::try_from(f.max(0)).ok()) {
                    Some(f) if now > f => {
                        return Err(Error::Usage(format!(
                            "{k} ({}) has {} left: it cannot lose {magnitude}",
                            row.label,
                            f - unit.lost.min(f)
                        )));
                    }
                    Some(_) => {}
                    None => {
                        let most = game.lost_limit(rules);
                        if now > most {
                            return Err(Error::Usage(format!(
                                "{k} ({}) has lost {}: a unit loses at most {most} in a game (the most its previews take)",
                                row.label, unit.lost
                            )));
                        }
                    }
                }
                now
            } else {
                if magnitude > unit.lost {
                    return Err(Error::Usage(format!(
                        "{k} ({}) has lost {}: it cannot get {magnitude} back",
                        row.label, unit.lost
                    )));
                }
                unit.lost.saturating_sub(magnitude)
            };
            let t = unit_table_mut(doc, &k)?;
            set_int(t, "lost", i64::from(lost));
            if let Some(f) = count {
                set_int(t, "left", f.saturating_sub(i64::from(lost)).max(0));
            }
            entry["unit"] = value(k.as_str());
            if *n > 0 {
                entry["lost"] = value(i64::from(magnitude));
            } else {
                entry["back"] = value(i64::from(magnitude));
            }
            match count {
                Some(f) => Phrase::new(
                    "mark-lost-left",
                    "{unit} ({label}): {lost} lost, {left} left",
                )
                .count("left", f.saturating_sub(i64::from(lost)).max(0)),
                None => Phrase::new("mark-lost", "{unit} ({label}): {lost} lost"),
            }
            .text("unit", &k)
            .text("label", &row.label)
            .count("lost", lost)
        }
        Change::State { id, on } => {
            let (side, number) = game.find(key)?;
            let k = unit_key(side, number);
            if let Some(t) = rules.threshold.iter().find(|t| t.id == *id) {
                return Err(Error::Usage(format!(
                    "`{id}` is not marked: a unit is {id} once its losses reach its {} ({}); mark its losses",
                    t.value, t.rule
                )));
            }
            let decl = rules.state(id).ok_or_else(|| {
                crate::core::error::unknown("state", id, rules.state.iter().map(|s| s.id.as_str()))
            })?;
            let unit = game.unit(side, number);
            let has = unit.states.iter().any(|s| s == id);
            if has == *on {
                return Err(Error::Usage(format!(
                    "{k} ({}) is {} {}",
                    game.list(side).units[number - 1].label,
                    if *on { "already" } else { "not" },
                    decl.id
                )));
            }
            let order: Vec<&str> = rules.state.iter().map(|s| s.id.as_str()).collect();
            set_states(doc, &k, |states| {
                if *on {
                    states.push(id.clone());
                    // The declared order: the same file for the same states, whatever the
                    // order they were marked in (so that undo gives the file back).
                    states.sort_by_key(|s| order.iter().position(|o| o == s).unwrap_or(usize::MAX));
                } else {
                    states.retain(|s| s != id);
                }
            })?;
            entry["unit"] = value(k.as_str());
            entry["state"] = value(id.as_str());
            entry["on"] = value(*on);
            if *on {
                Phrase::new("mark-state-on", "{unit} ({label}): {state} on ({rule})")
            } else {
                Phrase::new("mark-state-off", "{unit} ({label}): {state} off ({rule})")
            }
            .text("unit", &k)
            .text("label", &game.list(side).units[number - 1].label)
            .name("state", state_name(rules, &decl.id))
            .text("rule", &decl.rule)
        }
    };
    push_log(doc, entry);
    Ok(said)
}

/// Undoes the last mark of a game document; says what it undid.
pub fn undo(doc: &mut DocumentMut, game: &Game, rules: &GameRules) -> Result<Phrase, Error> {
    let order: Vec<&str> = rules.state.iter().map(|s| s.id.as_str()).collect();
    let in_order = |states: &mut Vec<String>| {
        states.sort_by_key(|s| order.iter().position(|o| o == s).unwrap_or(usize::MAX));
    };
    let Some(last) = game.file.log.last() else {
        return Err(Error::Usage(
            "nothing to undo: the game's log is empty".into(),
        ));
    };
    let said;
    if let Some(id) = &last.value {
        let side = last.unit.as_deref().unwrap_or("a");
        let values = doc
            .get_mut("values")
            .and_then(Item::as_table_like_mut)
            .and_then(|t| t.get_mut(side))
            .and_then(Item::as_table_like_mut)
            .ok_or_else(|| Error::Usage("the game has no [values] for its sides".into()))?;
        set_int(values, id, i64::from(last.was.unwrap_or(0)));
        said = Phrase::new("undid-value", "undid side {side}'s {value} (back to {was})")
            .text("side", side)
            .name("value", value_name(rules, id))
            .count("was", last.was.unwrap_or(0));
    } else if let Some(k) = &last.unit {
        let (side, number) = parse_key(k)
            .ok_or_else(|| Error::Usage(format!("the last mark names no unit: `{k}`")))?;
        let unit = game.unit(side, number);
        if number == 0 || number > game.list(side).units.len() {
            return Err(Error::Usage(format!(
                "the last mark's unit {k} is not in its army"
            )));
        }
        if let Some(n) = last.lost.or(last.back) {
            let lost = if last.lost.is_some() {
                unit.lost.checked_sub(n)
            } else {
                unit.lost.checked_add(n)
            }
            .filter(|l| match game.count(side, number) {
                Some(c) => i64::from(*l) <= c,
                None => *l <= game.lost_limit(rules),
            })
            .ok_or_else(|| {
                Error::Usage(format!(
                    "the last mark ({k} {} {n}) cannot be undone: {k} has lost {}",
                    if last.lost.is_some() { "lost" } else { "back" },
                    unit.lost
                ))
            })?;
            let t = unit_table_mut(doc, k)?;
            set_int(t, "lost", i64::from(lost));
            if let Some(f) = game.count(side, number) {
                set_int(t, "left", f.saturating_sub(i64::from(lost)).max(0));
            }
            said = if last.lost.is_some() {
                Phrase::new("undid-lost", "undid {unit}'s lost {n}")
            } else {
                Phrase::new("undid-back", "undid {unit}'s back {n}")
            }
            .text("unit", k)
            .count("n", n);
        } else if let (Some(s), Some(on)) = (&last.state, last.on) {
            set_states(doc, k, |states| {
                if on {
                    states.retain(|x| x != s);
                } else {
                    states.push(s.clone());
                    in_order(states);
                }
            })?;
            said = if on {
                Phrase::new("undid-state-on", "undid {unit}'s {state} on")
            } else {
                Phrase::new("undid-state-off", "undid {unit}'s {state} off")
            }
            .text("unit", k)
            .name("state", state_name(rules, s));
        } else {
            return Err(Error::Usage("the last mark says nothing to undo".into()));
        }
    } else {
        // A new turn: the turn back, the states it cleared back.
        for c in &last.cleared {
            let (k, s) = c.split_once(':').unwrap_or((c, ""));
            set_states(doc, k, |states| {
                states.push(s.to_owned());
                in_order(states);
            })?;
        }
        doc["game"]["turn"] = value(i64::from(game.file.game.turn.saturating_sub(1).max(1)));
        said = Phrase::new("undid-turn", "undid turn {turn}").count("turn", game.file.game.turn);
    }
    pop_log(doc)?;
    Ok(said)
}

fn unit_table_mut<'a>(
    doc: &'a mut DocumentMut,
    key: &str,
) -> Result<&'a mut dyn toml_edit::TableLike, Error> {
    doc.get_mut("units")
        .and_then(Item::as_table_like_mut)
        .and_then(|t| t.get_mut(key))
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| Error::Usage(format!("the game file has no unit {key} under [units]")))
}

/// Sets an integer keeping the key's decor and a comment after its value.
fn set_int(table: &mut dyn toml_edit::TableLike, key: &str, n: i64) {
    match table.get_mut(key) {
        Some(item) => {
            if let Some(v) = item.as_value_mut() {
                let decor = v.decor().clone();
                *v = Value::from(n);
                *v.decor_mut() = decor;
            } else {
                *item = value(n);
            }
        }
        None => {
            table.insert(key, value(n));
        }
    }
}

/// Changes a unit's states list in place (its decor kept).
fn set_states(
    doc: &mut DocumentMut,
    key: &str,
    change: impl FnOnce(&mut Vec<String>),
) -> Result<(), Error> {
    let t = unit_table_mut(doc, key)?;
    let mut states: Vec<String> = t
        .get("states")
        .and_then(Item::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    change(&mut states);
    let decor = t
        .get("states")
        .and_then(Item::as_value)
        .map(|v| v.decor().clone());
    let mut array: Array = states.iter().map(String::as_str).collect();
    if let Some(d) = decor {
        *array.decor_mut() = d;
    }
    match t.get_mut("states") {
        Some(item) => *item = Item::Value(Value::Array(array)),
        None => {
            t.insert("states", Item::Value(Value::Array(array)));
        }
    }
    Ok(())
}

fn push_log(doc: &mut DocumentMut, entry: Table) {
    match doc.get_mut("log") {
        Some(Item::ArrayOfTables(a)) => a.push(entry),
        _ => {
            let mut a = toml_edit::ArrayOfTables::new();
            a.push(entry);
            doc["log"] = Item::ArrayOfTables(a);
        }
    }
}

fn pop_log(doc: &mut DocumentMut) -> Result<(), Error> {
    let Some(Item::ArrayOfTables(a)) = doc.get_mut("log") else {
        return Err(Error::Usage("the game has no log".into()));
    };
    let n = a.len();
    if n == 0 {
        return Err(Error::Usage(
            "nothing to undo: the game's log is empty".into(),
        ));
    }
    a.remove(n - 1);
    if a.is_empty() {
        doc.remove("log");
    }
    Ok(())
}

/// One edit of a game file's text (a mark, an undo), as the command line and the pages make
/// it: the game read; kept armies written in if the file does not keep them yet; the change
/// made; and refused when the game it leaves breaks a rule the ruleset's scoring applies (two
/// sides holding more eighths than the table has) that the game before did not break. Gives
/// the new text and what was done, in words.
pub fn edit_text(
    engine: &crate::rulesets::Rules,
    path: &Path,
    text: &str,
    roots: Option<&[PathBuf]>,
    lang: Lang,
    change: impl FnOnce(&mut DocumentMut, &Game, &GameRules) -> Result<Phrase, Error>,
) -> Result<(String, String), Error> {
    let mut game = game_within(engine, path, text, roots)?;
    game.in_lang(lang);
    let rules = engine
        .games()
        .map(|g| g.game_rules())
        .cloned()
        .unwrap_or_default();
    let mut doc = text
        .trim_start_matches('\u{feff}')
        .parse::<DocumentMut>()
        .map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
    if !game.kept {
        upgrade(&mut doc, &game)?;
    }
    let said = change(&mut doc, &game, &rules)?.say(
        lang,
        &crate::core::words::Layered {
            own: engine.ruleset().words(lang),
            lang,
        },
    );
    let new_text = doc.to_string();
    let mut after = game_within(engine, path, &new_text, roots)?;
    after.in_lang(lang);
    let before = engine
        .games()
        .map(|g| g.game_problems(&game))
        .unwrap_or_default();
    let problems: Vec<String> = engine
        .games()
        .map(|g| g.game_problems(&after))
        .unwrap_or_default()
        .into_iter()
        .filter(|p| !before.contains(p))
        .collect();
    if !problems.is_empty() {
        return Err(Error::Usage(format!("refused: {}", problems.join("; "))));
    }
    Ok((new_text, said))
}

/// A side's value by its names, English saying its id (what `--value` takes).
fn value_name(rules: &GameRules, id: &str) -> Named {
    match rules.value.iter().find(|v| v.id == id) {
        Some(v) => Named::new(id, Some(v.name.fr.clone()), v.name.es.clone()),
        None => Named::same(id),
    }
}
