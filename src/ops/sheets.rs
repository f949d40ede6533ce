//! A sheet typed in the sheet editor: the form's values read over the data as the player's
//! sheet, and the text saved in the player's file (comments and other entries kept).

use crate::core::error::Error;
use crate::rulesets::Rules;

/// A sheet typed in the editor, read over the data: its text (the form's values as the
/// entry's TOML, named as the player's file would be), the sources it was read into, and the
/// draft (its engine, id and diagnostics).
pub struct Typed {
    pub text: String,
    pub sources: crate::core::source::Sources,
    pub draft: crate::rulesets::Draft,
}

/// The most values a typed sheet may have (top-level keys); a sheet type has a few dozen.
pub const MAX_KEYS: usize = 200;

/// Reads the form's `values` as the player's sheet over `engine`'s data.
pub fn typed(
    engine: &Rules,
    form: &crate::rulesets::SheetForm,
    values: &serde_json::Map<String, serde_json::Value>,
) -> Result<Typed, Error> {
    if values.len() > MAX_KEYS {
        return Err(Error::Usage(format!(
            "a sheet has at most {MAX_KEYS} values, found {}",
            values.len()
        )));
    }
    let text = crate::rulesets::sheet_form::draft_text(form, values);
    let id = values.get("id").and_then(|v| v.as_str()).unwrap_or("");
    let name = if crate::core::catalog::valid_id(id) {
        format!("{id}.toml")
    } else {
        "sheet.toml".to_owned()
    };
    let path = std::path::Path::new(super::PLAYER_DATA)
        .join(engine.ruleset().id())
        .join(form.folder)
        .join(name);
    let mut sources = crate::core::source::Sources::new();
    let file = sources.add(&path, text.clone());
    let draft = engine
        .ruleset()
        .need(engine.editor(), "sheet editor")
        .and_then(|x| x.draft(&sources, file))?;
    Ok(Typed {
        text,
        sources,
        draft,
    })
}

/// The player's sheet file with a typed sheet saved in it: a new file is the typed text
/// under a line that says what it is; in a file already there (the one that defines it,
/// [`super::player_layer::place`]), the sheet of the same id takes the typed values key by key, its comments and the rest of the file
/// kept, and a key the sheet did not have goes to its place in the form's order.
pub fn saved_text(
    form: &crate::rulesets::SheetForm,
    current: Option<&str>,
    typed: &str,
    id: &str,
    was: Option<&serde_json::Value>,
) -> Result<String, Error> {
    use toml_edit::{DocumentMut, Item};
    let Some(current) = current else {
        return Ok(format!(
            "# Your own sheet `{id}`, written by muster's sheet editor; yours to change.\n{typed}"
        ));
    };
    let shape = super::edit::Shape::of(current);
    let mut doc: DocumentMut = current
        .trim_start_matches('\u{feff}')
        .parse()
        .map_err(|e| Error::Invalid(format!("the sheet file is not TOML: {e}")))?;
    let new: DocumentMut = typed
        .parse()
        .map_err(|e| Error::Render(format!("the typed sheet: {e}")))?;
    let new = new
        .get(form.table)
        .and_then(Item::as_array_of_tables)
        .and_then(|a| a.get(0))
        .ok_or_else(|| Error::Render("the typed sheet has no table".into()))?;
    let tables = doc
        .get_mut(form.table)
        .and_then(Item::as_array_of_tables_mut)
        .ok_or_else(|| {
            Error::Invalid(format!(
                "the sheet file has no [[{}]] to save into",
                form.table
            ))
        })?;
    let count = tables.len();
    let at = tables
        .iter()
        .position(|t| t.get("id").and_then(Item::as_str) == Some(id))
        .ok_or_else(|| {
            Error::Invalid(format!(
                "the sheet file holds {count} sheets, none with the id `{id}`"
            ))
        })?;
    let Some(table) = tables.get_mut(at) else {
        return Err(Error::Render("the sheet file changed while read".into()));
    };
    let gone: Vec<String> = table
        .iter()
        .map(|(k, _)| k.to_owned())
        .filter(|k| !new.contains_key(k))
        .collect();
    for k in gone {
        table.remove(&k);
    }
    let mut added = false;
    for (k, item) in new.iter() {
        // A key the file leaves out is written only when it says something: `false`, `[]`
        // and `{}` are what its absence means (every field of a sheet type defaults so).
        if !table.contains_key(k)
            && (says_nothing(item) || same_as_read(item, was.and_then(|w| w.get(k))))
        {
            continue;
        }
        added |= !table.contains_key(k);
        crate::rulesets::list_doc::set_item(table, k, item.clone());
    }
    if added {
        let place = |k: &str| {
            form.fields
                .iter()
                .position(|f| f.key == k)
                .unwrap_or(usize::MAX)
        };
        table.sort_values_by(|a, _, b, _| place(a.get()).cmp(&place(b.get())));
    }
    Ok(shape.apply(doc.to_string()))
}

/// Whether a typed value is what the sheet already had for that key as the data read it
/// (an entry's army, said once by its file's `[army]`): a key the file leaves out stays out.
fn same_as_read(item: &toml_edit::Item, was: Option<&serde_json::Value>) -> bool {
    let (Some(value), Some(was)) = (item.as_value(), was) else {
        return false;
    };
    let typed: Option<serde_json::Value> = format!("v = {value}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|t| t.get("v").cloned())
        .and_then(|v| serde_json::to_value(v).ok());
    typed.as_ref() == Some(was)
}

/// Whether a value is what a sheet's key means when left out: `false`, an empty array or
/// table (the sheet types' fields default so: `#[serde(default)]`).
fn says_nothing(item: &toml_edit::Item) -> bool {
    use toml_edit::Value;
    match item.as_value() {
        Some(Value::Boolean(b)) => !*b.value(),
        Some(Value::Array(a)) => a.is_empty(),
        Some(Value::InlineTable(t)) => t.is_empty(),
        _ => item.as_table().is_some_and(toml_edit::Table::is_empty),
    }
}
