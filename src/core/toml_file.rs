//! Reading TOML files into typed values, with every TOML or serde error turned into a located
//! diagnostic that names the field, what was expected and what was found.

use serde::de::DeserializeOwned;

use crate::core::diagnostic::Diagnostic;
use crate::core::source::{FileId, Sources, SpanIndex};

/// Parses a whole file, turning the first TOML or serde error into a diagnostic that names
/// the field, what was expected and what was found.
pub fn parse<T: DeserializeOwned>(
    sources: &Sources,
    file: FileId,
    index: &SpanIndex,
) -> Result<T, Diagnostic> {
    let text = sources.text(file);
    toml::from_str(text).map_err(|e| toml_diagnostic(&e, file, text, 0, index))
}

/// Maps a `toml` error in `text` (found at byte `offset` of the file) to a diagnostic with a
/// stable code.
pub fn toml_diagnostic(
    e: &toml::de::Error,
    file: FileId,
    text: &str,
    offset: usize,
    index: &SpanIndex,
) -> Diagnostic {
    let shift = |d: Diagnostic| {
        let span = d.span.clone().map(|s| s.start + offset..s.end + offset);
        Diagnostic { span, ..d }
    };
    shift(toml_diagnostic_in(e, file, text, index))
}

fn toml_diagnostic_in(
    e: &toml::de::Error,
    file: FileId,
    text: &str,
    index: &SpanIndex,
) -> Diagnostic {
    let message = e.message().trim();
    let span = e.span();
    let key = span
        .as_ref()
        .and_then(|s| index.key_at(s.start))
        .map(|k| k.rsplit('.').next().unwrap_or(&k).to_owned());
    let found = span
        .as_ref()
        .and_then(|s| text.get(s.clone()))
        .unwrap_or("")
        .to_owned();

    if toml_edit::ImDocument::parse(text.to_owned()).is_err() {
        return Diagnostic::error("toml-syntax", format!("TOML syntax error: {message}"))
            .at(file, span)
            .with_label(message.to_owned());
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (field, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return Diagnostic::error("unknown-field", format!("unknown field {field}"))
            .at(file, span)
            .with_label("not a field here")
            .with_note(format!(
                "expected {}",
                expected.replace("one of ", "one of: ")
            ));
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (_, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let choices = expected
            .trim_start_matches("one of ")
            .replace('`', "")
            .replace(" or ", ", ");
        let field = key.unwrap_or_else(|| "value".into());
        return Diagnostic::error(
            "invalid-value",
            format!("{field} must be one of {choices}, found {found}"),
        )
        .at(file, span)
        .with_label(format!("not a valid {field}"));
    }
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        let (got, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let field = key.unwrap_or_else(|| "value".into());
        return Diagnostic::error(
            "wrong-type",
            format!(
                "{field} must be {}, found {got}",
                describe_expected(expected)
            ),
        )
        .at(file, span)
        .with_label(format!("expected {}", describe_expected(expected)));
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        let table_key = span
            .as_ref()
            .and_then(|s| text.get(s.clone()))
            .map(|t| t.lines().next().unwrap_or("").trim().to_owned())
            .unwrap_or_default();
        return Diagnostic::error("missing-field", format!("missing field {rest}"))
            .at(
                file,
                span.map(|s| s.start..s.start + table_key.len().max(1)),
            )
            .with_label(format!("this table needs {rest}"));
    }
    if let Some(rest) = message.strip_prefix("invalid value: ") {
        let (_, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let field = key.unwrap_or_else(|| "value".into());
        return Diagnostic::error(
            "wrong-type",
            format!(
                "{field} must be {}, found {found}",
                describe_range(expected)
            ),
        )
        .at(file, span)
        .with_label(format!("expected {}", describe_range(expected)));
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        // An array where a table was expected (`move = []`), or an array of the wrong size.
        let field = key.unwrap_or_else(|| "value".into());
        let (n, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let text = if expected.starts_with("struct ") {
            format!("{field} must be a table, found an array of {n} items")
        } else {
            format!(
                "{field} has {n} items, expected {}",
                describe_expected(expected)
            )
        };
        return Diagnostic::error("wrong-type", text)
            .at(file, span)
            .with_label("expected a table");
    }
    if message == "wanted string or table" {
        // An enum given another type (`coalition = 7`).
        let field = key.unwrap_or_else(|| "value".into());
        return Diagnostic::error(
            "wrong-type",
            format!("{field} must be a string (one of its names), found {found}"),
        )
        .at(file, span)
        .with_label("expected a string");
    }
    Diagnostic::error("invalid-value", message.to_owned()).at(file, span)
}

/// What a serde type name means to a user. A number out of the type's range (`invalid value`)
/// gets the range; a value of another type (`invalid type`) only the kind.
fn describe_range(expected: &str) -> String {
    match expected {
        "u8" => "a whole number from 0 to 255".into(),
        "u32" => "a whole number from 0 to 4294967295".into(),
        "i32" => "an integer from -2147483648 to 2147483647".into(),
        other => describe_expected(other),
    }
}

fn describe_expected(expected: &str) -> String {
    match expected {
        "u32" | "u64" | "u8" | "usize" => "a whole number (0 or more)".into(),
        "i32" | "i64" => "an integer".into(),
        "a boolean" | "bool" => "true or false".into(),
        "a string" => "a string".into(),
        "a sequence" => "an array".into(),
        other if other.starts_with("struct ") || other == "a map" => "a table".into(),
        other => other.into(),
    }
}

/// Parses a file made of an optional head and `[[array]]` tables one part at a time, so that
/// every malformed table is reported and the good ones still load. Returns each part that
/// parsed with its number (0: the head before the first `[[array]]`, k: the k-th table), and
/// a diagnostic for each that did not. A file that is not TOML at all gives one diagnostic.
pub fn parse_in_parts<T: DeserializeOwned>(
    sources: &Sources,
    file: FileId,
    index: &SpanIndex,
    array: &str,
) -> (Vec<(usize, T)>, Vec<Diagnostic>) {
    let text = sources.text(file);
    let whole = match toml::from_str::<T>(text) {
        Ok(v) => return (vec![(usize::MAX, v)], Vec::new()),
        Err(e) => e,
    };
    let starts = index.array_table_starts(array);
    if starts.is_empty() || toml_edit::ImDocument::parse(text.to_owned()).is_err() {
        return (
            Vec::new(),
            vec![toml_diagnostic(&whole, file, text, 0, index)],
        );
    }
    let mut bounds = vec![0];
    bounds.extend(&starts);
    bounds.push(text.len());
    let mut parsed = Vec::new();
    let mut found = Vec::new();
    for (number, pair) in bounds.windows(2).enumerate() {
        let (start, end) = (pair[0], pair[1]);
        let part = &text[start..end];
        match toml::from_str::<T>(part) {
            Ok(v) => parsed.push((number, v)),
            Err(e) => found.push(toml_diagnostic(
                &e,
                file,
                part,
                start,
                &SpanIndex::parse(part),
            )),
        }
    }
    (parsed, found)
}

/// One entry as a data file writes it: `[[table]]` then its keys in the type's order, each
/// nested table inline (`move = { normal = 15, … }`) and arrays of tables as arrays of inline
/// tables, as the shipped data files are written.
pub fn array_entry<T: serde::Serialize>(table: &str, entry: &T) -> Result<String, String> {
    use toml_edit::{DocumentMut, Item, Value};
    let parsed: DocumentMut = toml_edit::ser::to_document(entry).map_err(|e| e.to_string())?;
    let mut keys = Vec::new();
    for (key, item) in parsed.as_table().iter() {
        let value = match item {
            Item::Value(v) => v.clone(),
            Item::Table(t) => Value::InlineTable(t.clone().into_inline_table()),
            Item::ArrayOfTables(a) => {
                let mut array = toml_edit::Array::new();
                for t in a.iter() {
                    array.push(Value::InlineTable(t.clone().into_inline_table()));
                }
                Value::Array(array)
            }
            Item::None => continue,
        };
        keys.push((key.to_owned(), value));
    }
    Ok(entry_text(table, keys))
}

/// `[[table]]` and its keys in the order given, written as the data files are: nested tables
/// inline, an array of inline tables one element a line.
pub fn entry_text(table: &str, keys: Vec<(String, toml_edit::Value)>) -> String {
    use toml_edit::{ArrayOfTables, DocumentMut, Item, Table};
    let mut out = Table::new();
    for (key, mut value) in keys {
        value.decor_mut().clear();
        if let Some(a) = value.as_array_mut() {
            if a.iter().any(|v| v.is_inline_table()) {
                for v in a.iter_mut() {
                    v.decor_mut().set_prefix("\n  ");
                }
                a.set_trailing("\n");
                a.set_trailing_comma(true);
            }
        }
        out.insert(&key, Item::Value(value));
    }
    let mut doc = DocumentMut::new();
    let mut tables = ArrayOfTables::new();
    tables.push(out);
    doc.insert(table, Item::ArrayOfTables(tables));
    let mut text = doc.to_string();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// A JSON value as a TOML value: `None` for null (a key left out), and for a number TOML
/// cannot hold.
pub fn toml_value(v: &serde_json::Value) -> Option<toml_edit::Value> {
    use serde_json::Value as J;
    Some(match v {
        J::Null => return None,
        J::Bool(b) => toml_edit::Value::from(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => toml_edit::Value::from(i),
            None => toml_edit::Value::from(n.as_f64().filter(|f| f.is_finite())?),
        },
        J::String(s) => toml_edit::Value::from(s.as_str()),
        J::Array(items) => {
            let mut a = toml_edit::Array::new();
            for item in items {
                a.push(toml_value(item)?);
            }
            toml_edit::Value::Array(a)
        }
        J::Object(map) => {
            let mut t = toml_edit::InlineTable::new();
            for (k, item) in map {
                if let Some(v) = toml_value(item) {
                    t.insert(k, v);
                }
            }
            toml_edit::Value::InlineTable(t)
        }
    })
}
