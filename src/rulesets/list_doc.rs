//! Edits of a list document that every ruleset's lists share: `[list]` then `[[units]]`.
//! toml_edit keeps the user's comments and layout.

use toml_edit::{ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

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
    let count = match doc.get("units") {
        Some(Item::ArrayOfTables(a)) => a.len(),
        Some(Item::Value(Value::Array(a))) => a.len(),
        _ => 0,
    };
    if index == 0 || index > count {
        return Err(Error::Usage(format!(
            "the list has {count} unit{}: there is no unit {index}",
            if count == 1 { "" } else { "s" }
        )));
    }
    match doc.get_mut("units") {
        Some(Item::ArrayOfTables(a)) => a.remove(index - 1),
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
    let count = match doc.get("units") {
        Some(Item::ArrayOfTables(a)) => a.len(),
        _ => 0,
    };
    if index == 0 || index > count {
        return Err(Error::Usage(format!(
            "the list has {count} unit{}: there is no unit {index}",
            if count == 1 { "" } else { "s" }
        )));
    }
    if let Some(Item::ArrayOfTables(a)) = doc.get_mut("units") {
        if let Some(t) = a.get_mut(index - 1) {
            t[key] = toml_edit::value(value);
        }
    }
    Ok(())
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

fn too_many_units(
    file: crate::core::source::FileId,
    count: usize,
    span: Option<std::ops::Range<usize>>,
) -> crate::core::diagnostic::Diagnostic {
    crate::core::diagnostic::Diagnostic::error(
        TOO_MANY_UNITS,
        format!("the list has {count} units: a list has at most {MAX_UNITS}"),
    )
    .at(file, span)
    .with_label("too many units")
    .with_note("an engine limit (docs/development.md, Limits): no game needs more")
}

/// The shape every list file has, so that a misplaced bracket gets a message naming it
/// rather than the typed parse's: `[list]` a table, `[[units]]` an array of tables, at most
/// [`MAX_UNITS`] units.
pub fn check_shape(
    sources: &crate::core::source::Sources,
    file: crate::core::source::FileId,
) -> Result<(), crate::core::diagnostic::Diagnostic> {
    use crate::core::diagnostic::Diagnostic;
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
    let wrong = |key: &str, item: &Item, message: String, label: &str| {
        let span = item
            .span()
            .or_else(|| doc.get(key).and_then(|i| i.span()))
            .map(first_line);
        Diagnostic::error("wrong-type", message)
            .at(file, span)
            .with_label(label.to_owned())
    };
    match doc.get("list") {
        Some(item @ Item::ArrayOfTables(_)) => {
            return Err(wrong(
                "list",
                item,
                "list must be one table, `[list]`, found an array of tables, `[[list]]`".into(),
                "write [list]",
            ))
        }
        Some(item) if !item.is_table_like() => {
            return Err(wrong(
                "list",
                item,
                format!("list must be a table, `[list]`, found {}", item.type_name()),
                "expected a table",
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
            "units must be an array of tables, `[[units]]`, found one table, `[units]`".into(),
            "write [[units]]",
        )),
        Some(item) if !(item.is_array_of_tables() || item.is_array()) => Err(wrong(
            "units",
            item,
            format!(
                "units must be an array of tables, `[[units]]`, found {}",
                item.type_name()
            ),
            "expected [[units]]",
        )),
        _ => Ok(()),
    }
}
