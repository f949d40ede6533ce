//! Reading TOML files into typed values, with every TOML or serde error turned into a located
//! diagnostic that names the field, what was expected and what was found.

use serde::de::DeserializeOwned;

use crate::core::diagnostic::Diagnostic;
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::core::words::Phrase;

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

    if toml_edit::Document::parse(text.to_owned()).is_err() {
        return Diagnostic::error_said(
            "toml-syntax",
            Phrase::new("toml-syntax", "TOML syntax error: {message}").text("message", message),
        )
        .at(file, span)
        .with_label_said(Phrase::new("toml-syntax-label", "{message}").text("message", message));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (field, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return Diagnostic::error_said(
            "unknown-field",
            Phrase::new("unknown-field", "unknown field {field}").text("field", field),
        )
        .at(file, span)
        .with_label_said(Phrase::new("unknown-field-label", "not a field here"))
        .with_note_said(
            Phrase::new("unknown-field-expected", "expected {fields}")
                .text("fields", expected.replace("one of ", "one of: ")),
        );
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (_, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let choices = expected
            .trim_start_matches("one of ")
            .replace('`', "")
            .replace(" or ", ", ");
        let field = key.unwrap_or_else(|| "value".into());
        return Diagnostic::error_said(
            "invalid-value",
            Phrase::new(
                "invalid-value",
                "{field} must be one of {choices}, found {found}",
            )
            .text("field", &field)
            .text("choices", choices)
            .text("found", found),
        )
        .at(file, span)
        .with_label_said(
            Phrase::new("invalid-value-label", "not a valid {field}").text("field", field),
        );
    }
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        let (got, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let field = key.unwrap_or_else(|| "value".into());
        return Diagnostic::error_said(
            "wrong-type",
            Phrase::new("wrong-type", "{field} must be {expected}, found {got}")
                .text("field", field)
                .phrase("expected", describe_expected(expected))
                .text("got", got),
        )
        .at(file, span)
        .with_label_said(expected_label(describe_expected(expected)));
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        let table_key = span
            .as_ref()
            .and_then(|s| text.get(s.clone()))
            .map(|t| t.lines().next().unwrap_or("").trim().to_owned())
            .unwrap_or_default();
        return Diagnostic::error_said(
            "missing-field",
            Phrase::new("missing-field", "missing field {field}").text("field", rest),
        )
        .at(
            file,
            span.map(|s| s.start..s.start + table_key.len().max(1)),
        )
        .with_label_said(
            Phrase::new("missing-field-label", "this table needs {field}").text("field", rest),
        );
    }
    if let Some(rest) = message.strip_prefix("invalid value: ") {
        let (_, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let field = key.unwrap_or_else(|| "value".into());
        return Diagnostic::error_said(
            "wrong-type",
            Phrase::new("wrong-type", "{field} must be {expected}, found {got}")
                .text("field", field)
                .phrase("expected", describe_range(expected))
                .text("got", found),
        )
        .at(file, span)
        .with_label_said(expected_label(describe_range(expected)));
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        // An array where a table was expected (`move = []`), or an array of the wrong size.
        let field = key.unwrap_or_else(|| "value".into());
        let (n, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let n: i64 = n.trim().parse().unwrap_or(0);
        let said = if expected.starts_with("struct ") {
            Phrase::new(
                "wrong-type-array",
                "{field} must be a table, found an array of {n|# item|# items}",
            )
            .text("field", field)
            .count("n", n)
        } else {
            Phrase::new(
                "wrong-type-length",
                "{field} has {n|# item|# items}, expected {expected}",
            )
            .text("field", field)
            .count("n", n)
            .phrase("expected", describe_expected(expected))
        };
        return Diagnostic::error_said("wrong-type", said)
            .at(file, span)
            .with_label_said(expected_label(describe_expected("a map")));
    }
    if message == "wanted string or table" {
        // An enum given another type (`coalition = 7`).
        let field = key.unwrap_or_else(|| "value".into());
        return Diagnostic::error_said(
            "wrong-type",
            Phrase::new(
                "wrong-type-name",
                "{field} must be a string (one of its names), found {found}",
            )
            .text("field", field)
            .text("found", found),
        )
        .at(file, span)
        .with_label_said(expected_label(describe_expected("a string")));
    }
    Diagnostic::error_said(
        "invalid-value",
        Phrase::new("invalid-value-other", "{message}").text("message", message),
    )
    .at(file, span)
}

fn expected_label(what: Phrase) -> Phrase {
    Phrase::new("expected", "expected {what}").phrase("what", what)
}

/// What a serde type name means to a user. A number out of the type's range (`invalid value`)
/// gets the range; a value of another type (`invalid type`) only the kind.
fn describe_range(expected: &str) -> Phrase {
    match expected {
        "u8" => Phrase::new("range", "a whole number from {min} to {max}")
            .count("min", 0)
            .count("max", u8::MAX),
        "u32" => Phrase::new("range", "a whole number from {min} to {max}")
            .count("min", 0)
            .count("max", u32::MAX),
        "i32" => Phrase::new("range-integer", "an integer from {min} to {max}")
            .count("min", i32::MIN)
            .count("max", i32::MAX),
        other => describe_expected(other),
    }
}

fn describe_expected(expected: &str) -> Phrase {
    match expected {
        "u32" | "u64" | "u8" | "usize" => Phrase::new("type-whole", "a whole number (0 or more)"),
        "i32" | "i64" => Phrase::new("type-integer", "an integer"),
        "a boolean" | "bool" => Phrase::new("type-bool", "true or false"),
        "a string" => Phrase::new("type-string", "a string"),
        "a sequence" => Phrase::new("type-array", "an array"),
        other if other.starts_with("struct ") || other == "a map" => {
            Phrase::new("type-table", "a table")
        }
        other => Phrase::new("type-other", "{what}").text("what", other),
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
    if starts.is_empty() || toml_edit::Document::parse(text.to_owned()).is_err() {
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
