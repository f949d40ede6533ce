//! A new game: its document with the header, every unit of both armies with nothing lost and
//! its cost, and both armies kept whole (`[army]`).

use toml_edit::{value, Array, DocumentMut, InlineTable, Item, Table, Value};

use super::file::MAX_COST;
use super::state::{unit_key, Side};
use super::ListCheck;
use crate::core::error::Error;

/// A side's army as a new game takes it: the list file as the game names it (from the game's
/// folder), its text and its check.
pub struct Begin<'a> {
    pub path: &'a str,
    pub text: &'a str,
    pub list: &'a ListCheck,
}

/// A new game's document: the header, every unit of both armies with nothing lost and its
/// cost, and both armies kept whole (`[army]`).
pub fn new_game(
    engine: &crate::rulesets::Rules,
    a: Begin,
    b: Begin,
    scenario: Option<&str>,
) -> Result<DocumentMut, Error> {
    for (side, list) in [(Side::A, a.list), (Side::B, b.list)] {
        if let Some((i, u)) = list
            .units
            .iter()
            .enumerate()
            .find(|(_, u)| u.cost > MAX_COST)
        {
            return Err(Error::Usage(format!(
                "side {}'s unit {} ({}) costs {} points: a game keeps units of at most {MAX_COST}",
                side.letter(),
                i + 1,
                crate::core::text::one_line(&u.label),
                u.cost
            )));
        }
    }
    let rules = engine
        .games()
        .map(|g| g.game_rules())
        .cloned()
        .unwrap_or_default();
    let mut doc = DocumentMut::new();
    let mut header = Table::new();
    header["ruleset"] = value(engine.ruleset().id());
    header["a"] = value(a.path);
    header["b"] = value(b.path);
    if let Some(s) = scenario {
        header["scenario"] = value(s);
    }
    header["turn"] = value(1);
    doc["game"] = Item::Table(header);
    let mut units = Table::new();
    for (side, list) in [(Side::A, a.list), (Side::B, b.list)] {
        for (i, u) in list.units.iter().enumerate() {
            let mut t = InlineTable::new();
            t.insert(
                "label",
                crate::core::text::one_line(&u.label).as_ref().into(),
            );
            t.insert("lost", 0.into());
            if let Some(f) = engine.games().map_or(u.figures, |g| g.game_count(u)) {
                t.insert("left", f.into());
            }
            t.insert("states", Value::Array(Array::new()));
            t.insert("cost", i64::try_from(u.cost).unwrap_or(i64::MAX).into());
            units.insert(&unit_key(side, i + 1), Item::Value(Value::InlineTable(t)));
        }
    }
    doc["units"] = Item::Table(units);
    if !rules.value.is_empty() {
        let mut values = Table::new();
        for side in [Side::A, Side::B] {
            let mut t = InlineTable::new();
            for v in &rules.value {
                t.insert(&v.id, 0.into());
            }
            values.insert(side.letter(), Item::Value(Value::InlineTable(t)));
        }
        doc["values"] = Item::Table(values);
    }
    keep_armies(&mut doc, [a.text, b.text]);
    Ok(doc)
}

/// Writes both armies into a game document (`[army]`, at its end), with a word for the reader.
pub(super) fn keep_armies(doc: &mut DocumentMut, texts: [&str; 2]) {
    let mut army = Table::new();
    army.decor_mut().set_prefix(
        "\n# The armies as they stood when the game began: the game plays these, whatever becomes\n# of the list files [game] names.\n",
    );
    for (side, text) in [Side::A, Side::B].into_iter().zip(texts) {
        let mut text = text.trim_start_matches('\u{feff}').replace("\r\n", "\n");
        if !text.ends_with('\n') {
            text.push('\n');
        }
        army[side.letter()] = value(text);
    }
    // Kept after the log, so that marks appended to the log stay above it.
    army.set_position(Some(isize::MAX));
    doc["army"] = Item::Table(army);
}
