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
