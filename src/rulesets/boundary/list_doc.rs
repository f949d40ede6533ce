//! Edits of a list document that every ruleset's lists share: `[list]` then `[[units]]`.
//! toml_edit keeps the user's comments and layout.

use toml_edit::{ArrayOfTables, DocumentMut, InlineTable, Item, Table, TableLike, Value};

use crate::core::error::Error;

/// Appends `unit` to the `[[units]]` of a list document, in the style the file already uses;
/// returns its 1-based number.
pub fn push_unit(doc: &mut DocumentMut, unit: Table) -> Result<usize, Error> {
    match doc.get_mut("units") {
        None => {
            let mut units = ArrayOfTables::new();
            units.push(unit);
            doc["units"] = Item::ArrayOfTables(units);
        }
        Some(Item::ArrayOfTables(units)) => {
            units.push(unit);
            return Ok(units.len());
        }
        Some(Item::Value(Value::Array(units))) => {
            let mut inline = InlineTable::new();
            for (k, v) in unit.iter() {
                if let Some(v) = v.as_value() {
                    inline.insert(k, v.clone());
                }
            }
            units.push(inline);
            return Ok(units.len());
        }
        Some(_) => return Err(Error::Usage("`units` is not an array of tables".to_owned())),
    }
    Ok(1)
}

/// Removes unit `index` (1-based) of a list document.
pub fn remove_unit_at(doc: &mut DocumentMut, index: usize) -> Result<(), Error> {
    let count = unit_count(doc);
    if index == 0 || index > count {
        return Err(no_such_unit(count, index));
    }
    match doc.get_mut("units") {
        Some(Item::ArrayOfTables(a)) => {
            a.remove(index - 1);
        }
        Some(Item::Value(Value::Array(a))) => {
            a.remove(index - 1);
        }
        _ => {}
    }
    Ok(())
}

/// Sets `key` of unit `index` (1-based) of a list document to `value`, keeping the rest of
/// the unit's table (its comments included).
pub fn set_unit_key(
    doc: &mut DocumentMut,
    index: usize,
    key: &str,
    value: i64,
) -> Result<(), Error> {
    set_item(unit_table_mut(doc, index)?, key, toml_edit::value(value));
    Ok(())
}

/// How many units a list document has.
pub fn unit_count(doc: &DocumentMut) -> usize {
    match doc.get("units") {
        Some(Item::ArrayOfTables(a)) => a.len(),
        Some(Item::Value(Value::Array(a))) => a.len(),
        _ => 0,
    }
}

/// The error for unit `index` (1-based) of a list of `count` units, when there is none.
fn no_such_unit(count: usize, index: usize) -> Error {
    Error::Usage(format!(
        "the list has {count} unit{}: there is no unit {index}",
        if count == 1 { "" } else { "s" }
    ))
}

/// Unit `index` (1-based) of a list document, as a table (`[[units]]` or an inline table).
pub fn unit_table(doc: &DocumentMut, index: usize) -> Result<&dyn TableLike, Error> {
    let count = unit_count(doc);
    let found: Option<&dyn TableLike> = match doc.get("units") {
        Some(Item::ArrayOfTables(a)) => index
            .checked_sub(1)
            .and_then(|i| a.get(i))
            .map(|t| t as &dyn TableLike),
        Some(Item::Value(Value::Array(a))) => index
            .checked_sub(1)
            .and_then(|i| a.get(i))
            .and_then(Value::as_inline_table)
            .map(|t| t as &dyn TableLike),
        _ => None,
    };
    found.ok_or_else(|| no_such_unit(count, index))
}

/// Unit `index` (1-based) of a list document, to change.
pub fn unit_table_mut(doc: &mut DocumentMut, index: usize) -> Result<&mut dyn TableLike, Error> {
    let count = unit_count(doc);
    let found: Option<&mut dyn TableLike> = match doc.get_mut("units") {
        Some(Item::ArrayOfTables(a)) => index
            .checked_sub(1)
            .and_then(|i| a.get_mut(i))
            .map(|t| t as &mut dyn TableLike),
        Some(Item::Value(Value::Array(a))) => index
            .checked_sub(1)
            .and_then(|i| a.get_mut(i))
            .and_then(Value::as_inline_table_mut)
            .map(|t| t as &mut dyn TableLike),
        _ => None,
    };
    found.ok_or_else(|| no_such_unit(count, index))
}

/// A unit's key as a string.
pub fn text_of(unit: &dyn TableLike, key: &str) -> Option<String> {
    unit.get(key).and_then(Item::as_str).map(str::to_owned)
}

/// A unit's key as a count (`None` when absent, negative or too large for one).
pub fn count_of(unit: &dyn TableLike, key: &str) -> Option<u32> {
    unit.get(key)
        .and_then(Item::as_integer)
        .and_then(|n| u32::try_from(n).ok())
}

/// A unit's key as a list of strings.
pub fn texts_of(unit: &dyn TableLike, key: &str) -> Vec<String> {
    unit.get(key)
        .and_then(Item::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The last unit of a list document, as a table of plain values.
pub fn last_unit(doc: &DocumentMut) -> Result<Table, Error> {
    let n = unit_count(doc);
    let unit = unit_table(doc, n)?;
    let mut table = Table::new();
    for (k, v) in unit.iter() {
        table.insert(k, v.clone());
    }
    Ok(table)
}

/// Rewrites unit `index` (1-based) of a list document as `new` says, keeping its comments,
/// the order of its keys and its place: every key of `keys` (the keys a ruleset's units are
/// written with) takes `new`'s value, or goes when `new` has none; other keys stay.
pub fn replace_unit(
    doc: &mut DocumentMut,
    index: usize,
    new: &Table,
    keys: &[&str],
) -> Result<(), Error> {
    let unit = unit_table_mut(doc, index)?;
    let mut orphans = String::new();
    for key in keys {
        match new.get(key) {
            Some(item) => set_item(unit, key, item.clone()),
            None => orphans.push_str(&remove_key(unit, key)),
        }
    }
    if !orphans.is_empty() {
        place_after(doc, index, &orphans);
    }
    Ok(())
}

/// Removes `key` of a table, its comments kept above the key that followed it; returns the
/// comment lines that found no key after it (the caller places them).
fn remove_key(table: &mut dyn TableLike, key: &str) -> String {
    let keys: Vec<String> = table.iter().map(|(k, _)| k.to_owned()).collect();
    let next = keys
        .iter()
        .position(|k| k == key)
        .and_then(|i| keys.get(i + 1))
        .cloned();
    let prefix = table
        .key(key)
        .and_then(|k| k.leaf_decor().prefix())
        .and_then(|p| p.as_str())
        .map(str::to_owned)
        .unwrap_or_default();
    let Some(removed) = table.remove(key) else {
        return String::new();
    };
    // A comment after the value stays too, on its own line.
    let after = removed
        .as_value()
        .and_then(|v| v.decor().suffix())
        .and_then(|s| s.as_str())
        .map(str::trim)
        .filter(|s| s.starts_with('#'))
        .map(|s| format!("{s}\n"))
        .unwrap_or_default();
    let comments: String = prefix
        .lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        + &after;
    if comments.is_empty() {
        return comments;
    }
    match next.as_deref().and_then(|n| table.key_mut(n)) {
        Some(mut k) => {
            let old = k
                .leaf_decor()
                .prefix()
                .and_then(|p| p.as_str())
                .unwrap_or("")
                .to_owned();
            k.leaf_decor_mut().set_prefix(format!("{comments}{old}"));
            String::new()
        }
        None => comments,
    }
}

/// Puts comment lines after unit `index` (1-based; 0: after `[list]`): above the next unit's
/// header, else at the end of the file.
fn place_after(doc: &mut DocumentMut, index: usize, comments: &str) {
    if let Some(Item::ArrayOfTables(units)) = doc.get_mut("units") {
        if let Some(next) = units.get_mut(index) {
            // A unit added since the text was read has no prefix of its own: it prints as a
            // table after another prints, after a blank line.
            let old = match next.decor().prefix() {
                Some(p) => p.as_str().unwrap_or(""),
                None => "\n",
            }
            .to_owned();
            next.decor_mut().set_prefix(format!("{comments}{old}"));
            return;
        }
    }
    let text = format!("{}{comments}", doc.trailing().as_str().unwrap_or(""));
    doc.set_trailing(text);
}

/// Sets `key` of a table to `item`, keeping the key's place, the comments above it and a
/// comment after its value; a key that already has that value is left as it is, byte for byte.
pub fn set_item(table: &mut dyn TableLike, key: &str, item: Item) {
    match table.get_mut(key) {
        Some(old) => {
            if same_value(old, &item) {
                return;
            }
            let decor = old.as_value().map(|v| v.decor().clone());
            *old = item;
            if let (Some(d), Some(v)) = (decor, old.as_value_mut()) {
                *v.decor_mut() = d;
            }
        }
        None => {
            table.insert(key, item);
        }
    }
}

/// Moves `key` of a table to its end, with its comments; a key already last stays as it is.
pub fn move_last(table: &mut dyn TableLike, key: &str) {
    if table.iter().last().is_none_or(|(k, _)| k == key) {
        return;
    }
    let decor = table.key(key).map(|k| k.leaf_decor().clone());
    let Some(item) = table.remove(key) else {
        return;
    };
    table.insert(key, item);
    if let (Some(d), Some(mut k)) = (decor, table.key_mut(key)) {
        *k.leaf_decor_mut() = d;
    }
}

/// Whether two items hold the same value, whatever their layout: each scalar as written
/// (`0x10` is not `16`), arrays and inline tables alike item by item and key by key, their
/// spaces and comments aside.
fn same_value(a: &Item, b: &Item) -> bool {
    matches!((a.as_value(), b.as_value()), (Some(a), Some(b)) if same(a, b))
}

fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.display_repr() == y.display_repr(),
        (Value::Integer(x), Value::Integer(y)) => x.display_repr() == y.display_repr(),
        (Value::Float(x), Value::Float(y)) => x.display_repr() == y.display_repr(),
        (Value::Boolean(x), Value::Boolean(y)) => x.display_repr() == y.display_repr(),
        (Value::Datetime(x), Value::Datetime(y)) => x.display_repr() == y.display_repr(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| same(a, b))
        }
        (Value::InlineTable(x), Value::InlineTable(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((ka, a), (kb, b))| ka == kb && same(a, b))
        }
        _ => false,
    }
}

/// Removes `key` of the list's `[list]` table; the comments above it stay: above the key that
/// followed it, else above the first unit, else at the end of the file.
pub fn remove_list_key(doc: &mut DocumentMut, key: &str) {
    let Some(list) = doc.get_mut("list").and_then(Item::as_table_like_mut) else {
        return;
    };
    let orphans = remove_key(list, key);
    if !orphans.is_empty() {
        place_after(doc, 0, &orphans);
    }
}

/// Moves unit `from` (1-based) of a list document to place `to`; the units between shift by
/// one. Each unit keeps its comments.
pub fn move_unit_at(doc: &mut DocumentMut, from: usize, to: usize) -> Result<(), Error> {
    let count = unit_count(doc);
    if from == 0 || from > count {
        return Err(no_such_unit(count, from));
    }
    if to == 0 || to > count {
        return Err(Error::Usage(format!(
            "--to {to}: the list has {count} unit{}, so a unit moves to a place from 1 to {count}",
            if count == 1 { "" } else { "s" }
        )));
    }
    match doc.get_mut("units") {
        Some(Item::ArrayOfTables(a)) => {
            let mut tables: Vec<Table> = a.iter().cloned().collect();
            // The document prints tables in the order of their positions: the places stay,
            // the tables move through them. A place without a position (a unit added to the
            // document since it was read) prints after the table before it: the table moved
            // there has none either, as when the text is read again.
            let positions: Vec<Option<isize>> = tables.iter().map(Table::position).collect();
            let moved = tables.remove(from - 1);
            tables.insert(to - 1, moved);
            a.clear();
            for (mut t, p) in tables.into_iter().zip(positions) {
                t.set_position(p);
                a.push(t);
            }
        }
        Some(Item::Value(Value::Array(a))) => {
            let moved = a.remove(from - 1);
            a.insert_formatted(to - 1, moved);
            // The first value sits after `[` with no space, the others after `, `.
            for (i, v) in a.iter_mut().enumerate() {
                let keep = v.decor().suffix().cloned();
                let prefix = if i == 0 { "" } else { " " };
                v.decor_mut().set_prefix(prefix);
                if let Some(s) = keep {
                    v.decor_mut().set_suffix(s);
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// Where the unit numbered `unit` stands after unit `from` moved to place `to` (1-based).
pub fn renumbered(unit: usize, from: usize, to: usize) -> usize {
    if unit == from {
        to
    } else if from < to && (from + 1..=to).contains(&unit) {
        unit - 1
    } else if to < from && (to..from).contains(&unit) {
        unit + 1
    } else {
        unit
    }
}

/// The most units a list holds: far above any game (a skirmish has a dozen, a large army
/// fifty), and what bounds the work of every command on a list.
pub const MAX_UNITS: usize = 1000;

/// The code of a list over [`MAX_UNITS`].
pub const TOO_MANY_UNITS: &str = "too-many-units";

/// Parses a list file, typed, with its spans; `units` counts the parsed list's units. The
/// file's shape (a misplaced bracket, too many units) is looked at with the document only
/// when the typed parse fails or the count is over [`MAX_UNITS`]: a list that parses pays for
/// one fast parse, and its spans are parsed only if a diagnostic needs one.
pub fn parse_list<T: serde::de::DeserializeOwned>(
    sources: &crate::core::source::Sources,
    file: crate::core::source::FileId,
    units: impl Fn(&T) -> usize,
) -> Result<(T, crate::core::source::SpanIndex), crate::core::diagnostic::Diagnostic> {
    let spans = crate::core::source::SpanIndex::of(sources, file);
    match crate::core::toml_file::parse::<T>(sources, file, &spans) {
        Ok(list) => {
            let count = units(&list);
            if count > MAX_UNITS {
                check_shape(sources, file)?;
                let span = spans.span(&[crate::core::source::Seg::Key("units")]);
                return Err(too_many_units(file, count, span));
            }
            Ok((list, spans))
        }
        Err(d) => {
            check_shape(sources, file)?;
            Err(d)
        }
    }
}

/// A ruleset's list file, typed: how many units it holds, which [`parse`] bounds.
pub trait ListDoc: serde::de::DeserializeOwned {
    fn unit_count(&self) -> usize;
}

/// Parses the list file `file` as its ruleset's type, with its spans ([`parse_list`]).
pub fn parse<L: ListDoc>(
    sources: &crate::core::source::Sources,
    file: crate::core::source::FileId,
) -> Result<(L, crate::core::source::SpanIndex), crate::core::diagnostic::Diagnostic> {
    parse_list(sources, file, L::unit_count)
}

/// A list file already checked (`file`), read again as its ruleset's type (a roster is made
/// of it); one that no longer parses is refused with the parser's message.
pub fn reparse<L: ListDoc>(
    sources: &crate::core::source::Sources,
    file: crate::core::source::FileId,
) -> Result<L, Error> {
    let (parsed, _) = parse::<L>(sources, file).map_err(|d| Error::Invalid(d.message))?;
    Ok(parsed)
}

/// The most characters a list's name has: it heads the roster, the cards, the pages and the
/// menus, and travels in share codes; no army needs more.
pub const MAX_NAME: usize = 100;

/// The code of a list whose name is longer than [`MAX_NAME`].
pub const NAME_TOO_LONG: &str = "name-too-long";

/// The error of a list whose `[list] name` is longer than [`MAX_NAME`] characters, at the
/// name (`spans`: the list's); `None` when it is within it.
pub fn name_too_long(
    name: &str,
    file: crate::core::source::FileId,
    spans: &crate::core::source::SpanIndex,
) -> Option<crate::core::diagnostic::Diagnostic> {
    use crate::core::source::Seg;
    use crate::core::words::Phrase;
    let count = name.chars().count();
    (count > MAX_NAME).then(|| {
        crate::core::diagnostic::Diagnostic::error_said(
            NAME_TOO_LONG,
            Phrase::new(
                "name-too-long",
                "the list's name has {count|# character|# characters}: a name has at most {max}",
            )
            .count("count", count)
            .count("max", MAX_NAME),
        )
        .at(file, spans.span(&[Seg::Key("list"), Seg::Key("name")]))
        .with_label_said(Phrase::new("name-too-long-label", "too long"))
        .with_note_said(Phrase::new(
            "name-too-long-note",
            "an engine limit (docs/development.md, Limits): the name heads the roster, the cards and the pages",
        ))
    })
}

fn too_many_units(
    file: crate::core::source::FileId,
    count: usize,
    span: Option<std::ops::Range<usize>>,
) -> crate::core::diagnostic::Diagnostic {
    use crate::core::words::Phrase;
    crate::core::diagnostic::Diagnostic::error_said(
        TOO_MANY_UNITS,
        Phrase::new(
            "too-many-units",
            "the list has {count|# unit|# units}: a list has at most {max}",
        )
        .count("count", count)
        .count("max", MAX_UNITS),
    )
    .at(file, span)
    .with_label_said(Phrase::new("too-many-units-label", "too many units"))
    .with_note_said(Phrase::new(
        "too-many-units-note",
        "an engine limit (docs/development.md, Limits): no game needs more",
    ))
}

/// The shape every list file has, so that a misplaced bracket gets a message naming it
/// rather than the typed parse's: `[list]` a table, `[[units]]` an array of tables, at most
/// [`MAX_UNITS`] units.
pub fn check_shape(
    sources: &crate::core::source::Sources,
    file: crate::core::source::FileId,
) -> Result<(), crate::core::diagnostic::Diagnostic> {
    use crate::core::diagnostic::Diagnostic;
    use crate::core::words::Phrase;
    let text = sources.text(file);
    let Some(doc) = sources.document(file) else {
        return Ok(()); // the typed parse reports the syntax error
    };
    // Shown by its first line: a whole table would fill the screen.
    let first_line = |span: std::ops::Range<usize>| {
        let end = text[span.clone()]
            .find('\n')
            .map_or(span.end, |n| span.start + n);
        span.start..end
    };
    let wrong = |key: &str, item: &Item, message: Phrase, label: Phrase| {
        let span = item
            .span()
            .or_else(|| doc.get(key).and_then(|i| i.span()))
            .map(first_line);
        Diagnostic::error_said("wrong-type", message)
            .at(file, span)
            .with_label_said(label)
    };
    match doc.get("list") {
        Some(item @ Item::ArrayOfTables(_)) => {
            return Err(wrong(
                "list",
                item,
                Phrase::new(
                    "shape-list-array",
                    "list must be one table, `[list]`, found an array of tables, `[[list]]`",
                ),
                Phrase::new("shape-write-list", "write [list]"),
            ))
        }
        Some(item) if !item.is_table_like() => {
            return Err(wrong(
                "list",
                item,
                Phrase::new(
                    "shape-list",
                    "list must be a table, `[list]`, found {found}",
                )
                .text("found", item.type_name()),
                Phrase::new("shape-expected-table", "expected a table"),
            ))
        }
        _ => {}
    }
    let count = match doc.get("units") {
        Some(Item::ArrayOfTables(a)) => a.len(),
        Some(Item::Value(Value::Array(a))) => a.len(),
        _ => 0,
    };
    if count > MAX_UNITS {
        let span = doc.get("units").and_then(|i| i.span()).map(first_line);
        return Err(too_many_units(file, count, span));
    }
    match doc.get("units") {
        Some(item @ Item::Table(_)) => Err(wrong(
            "units",
            item,
            Phrase::new(
                "shape-units-table",
                "units must be an array of tables, `[[units]]`, found one table, `[units]`",
            ),
            Phrase::new("shape-write-units", "write [[units]]"),
        )),
        Some(item) if !(item.is_array_of_tables() || item.is_array()) => Err(wrong(
            "units",
            item,
            Phrase::new(
                "shape-units",
                "units must be an array of tables, `[[units]]`, found {found}",
            )
            .text("found", item.type_name()),
            Phrase::new("shape-expected-units", "expected [[units]]"),
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(toml: &str) -> Item {
        let doc: DocumentMut = format!("v = {toml}").parse().expect("TOML");
        doc["v"].clone()
    }

    /// The same value written with other spaces and comments is the same; written otherwise
    /// (another quote, another base, another order of keys) it is not.
    #[test]
    fn the_same_value_is_the_same_whatever_its_spaces() {
        let same = [
            ("\"a\"", toml_edit::value("a")),
            ("16", toml_edit::value(16)),
            ("[ 1,2 ,3 ]", item("[1, 2, 3]")),
            ("{a=1,   b = \"x\"}", item("{ a = 1, b = \"x\" }")),
            ("{ a = [1, { b = 2 }] }", item("{a=[ 1 , {b=2} ]}")),
            ("1.50 # kept", item("1.50")),
        ];
        for (written, other) in same {
            assert!(same_value(&item(written), &other), "{written}");
        }
        let other = [
            ("'a'", toml_edit::value("a")),
            ("0x10", toml_edit::value(16)),
            ("1.50", item("1.5")),
            ("[1, 2]", item("[1, 2, 3]")),
            ("{ a = 1, b = 2 }", item("{ b = 2, a = 1 }")),
            ("{ a = 1 }", item("{ a = 2 }")),
            ("1", item("\"1\"")),
        ];
        for (written, other) in other {
            assert!(!same_value(&item(written), &other), "{written}");
        }
        let table: DocumentMut = "[t]\na = 1\n".parse().expect("TOML");
        assert!(!same_value(&table["t"], &table["t"]));
    }
}
