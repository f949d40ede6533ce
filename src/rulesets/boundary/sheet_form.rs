//! The sheet editor's form, declared by each ruleset as data: the fields of its sheet (or
//! entry) type, walked from the type's JSON Schema (so a field added to the type reaches the
//! form with no second description), each named in the page's language (labels
//! `sheet_field_<key>`), with its unit, bounds and, for ids, the choices the data has; and a
//! draft sheet typed in the editor, checked over the data as the player's own.

use std::collections::HashMap;

use schemars::schema::{InstanceType, RootSchema, Schema, SchemaObject, SingleOrVec};
use serde::Serialize;

use super::{label, Choice, Rules};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;

/// What a ruleset's editor shows: the data table a sheet sits in (`sheet`, `entry`, …) and
/// the fields in the data's key order.
#[derive(Debug, Clone, Serialize)]
pub struct SheetForm {
    pub table: &'static str,
    /// The folder of the ruleset's data a player's sheet is written in (`sheets`).
    pub folder: &'static str,
    pub fields: Vec<FormField>,
}

/// A field of the form.
#[derive(Debug, Clone, Serialize)]
pub struct FormField {
    /// The key in the data file.
    pub key: String,
    /// Its name in the page's language.
    pub label: String,
    /// What it is, from the type's documentation (English), when the page has no better word.
    pub help: String,
    /// Its unit: "cm", "pts", … in the page's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    pub required: bool,
    #[serde(flatten)]
    pub kind: FieldKind,
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum FieldKind {
    Text {
        #[serde(skip_serializing_if = "Option::is_none")]
        max_length: Option<u32>,
    },
    Int {
        #[serde(skip_serializing_if = "Option::is_none")]
        min: Option<i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<i64>,
    },
    Bool,
    /// One of a few values.
    Choice {
        choices: Vec<Choice>,
    },
    /// Several of a few values.
    Many {
        choices: Vec<Choice>,
    },
    /// A table of a few fields, written inline (`move = { normal = 15, … }`).
    Group {
        fields: Vec<FormField>,
    },
    /// Repeated rows of a few fields (`skills = [{ id = …, cost = … }, …]`).
    Rows {
        fields: Vec<FormField>,
    },
}

/// What a ruleset adds to its schema: the choices of its id fields (by key path, `skills.id`
/// for a row's), each field's unit (label key), and the keys the form leaves out.
#[derive(Default)]
pub struct FormSpec<'a> {
    pub choices: HashMap<&'a str, Vec<Choice>>,
    pub units: &'a [(&'a str, &'a str)],
    pub hidden: &'a [&'a str],
}

/// The form of a sheet type from its JSON Schema, named from `labels`.
pub fn form_from_schema(
    root: &RootSchema,
    spec: &FormSpec,
    labels: &toml::Table,
) -> Result<Vec<FormField>, String> {
    fields_of(root, &root.schema, "", spec, labels, 0)
}

fn resolve<'a>(root: &'a RootSchema, s: &'a SchemaObject) -> &'a SchemaObject {
    let mut s = s;
    for _ in 0..8 {
        if let Some(r) = &s.reference {
            let name = r.rsplit('/').next().unwrap_or("");
            match root.definitions.get(name) {
                Some(Schema::Object(o)) => {
                    s = o;
                    continue;
                }
                _ => return s,
            }
        }
        // `allOf: [ref]` (a field with its own description) and `anyOf: [ref, null]` (an
        // optional one): the referenced type.
        if let Some(sub) = &s.subschemas {
            let inner = sub
                .all_of
                .as_ref()
                .filter(|a| a.len() == 1)
                .and_then(|a| a.first())
                .or_else(|| {
                    sub.any_of.as_ref().and_then(|a| {
                        a.iter()
                            .find(|x| !matches!(x, Schema::Object(o) if is_null(o)))
                    })
                });
            if let Some(Schema::Object(o)) = inner {
                s = o;
                continue;
            }
        }
        return s;
    }
    s
}

fn is_null(o: &SchemaObject) -> bool {
    matches!(&o.instance_type, Some(SingleOrVec::Single(t)) if **t == InstanceType::Null)
}

fn has_type(o: &SchemaObject, t: InstanceType) -> bool {
    match &o.instance_type {
        Some(SingleOrVec::Single(x)) => **x == t,
        Some(SingleOrVec::Vec(v)) => v.contains(&t),
        None => false,
    }
}

fn fields_of(
    root: &RootSchema,
    object: &SchemaObject,
    prefix: &str,
    spec: &FormSpec,
    labels: &toml::Table,
    depth: u32,
) -> Result<Vec<FormField>, String> {
    if depth > 4 {
        return Err(format!("{prefix}: nested too deep for a form"));
    }
    let object = resolve(root, object);
    let Some(obj) = &object.object else {
        return Err(format!("{prefix}: not a table"));
    };
    let mut out = Vec::new();
    for (key, schema) in &obj.properties {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        if spec.hidden.contains(&path.as_str()) {
            continue;
        }
        let Schema::Object(field) = schema else {
            continue;
        };
        let help = field
            .metadata
            .as_ref()
            .and_then(|m| m.description.clone())
            .unwrap_or_default();
        let t = resolve(root, field);
        let nullable = has_type(field, InstanceType::Null)
            || field
                .subschemas
                .as_ref()
                .and_then(|s| s.any_of.as_ref())
                .is_some_and(|a| {
                    a.iter()
                        .any(|x| matches!(x, Schema::Object(o) if is_null(o)))
                });
        let kind = if let Some(choices) = spec.choices.get(path.as_str()) {
            if has_type(t, InstanceType::Array) {
                FieldKind::Many {
                    choices: choices.clone(),
                }
            } else {
                FieldKind::Choice {
                    choices: choices.clone(),
                }
            }
        } else if let Some(values) = &t.enum_values {
            FieldKind::Choice {
                choices: enum_choices(values, &path, labels),
            }
        } else if has_type(t, InstanceType::Boolean) {
            FieldKind::Bool
        } else if has_type(t, InstanceType::Integer) {
            let n = t.number.as_ref();
            FieldKind::Int {
                min: n.and_then(|n| n.minimum).map(|v| v as i64),
                max: n.and_then(|n| n.maximum).map(|v| v as i64),
            }
        } else if has_type(t, InstanceType::Array) {
            let item = t
                .array
                .as_ref()
                .and_then(|a| a.items.as_ref())
                .and_then(|i| match i {
                    SingleOrVec::Single(s) => match s.as_ref() {
                        Schema::Object(o) => Some(resolve(root, o)),
                        _ => None,
                    },
                    _ => None,
                });
            match item {
                Some(i) if i.object.is_some() => FieldKind::Rows {
                    fields: fields_of(root, i, &path, spec, labels, depth + 1)?,
                },
                Some(i) if i.enum_values.is_some() => FieldKind::Many {
                    choices: enum_choices(
                        i.enum_values.as_ref().unwrap_or(&Vec::new()),
                        &path,
                        labels,
                    ),
                },
                _ => FieldKind::Text { max_length: None },
            }
        } else if t.object.is_some() {
            FieldKind::Group {
                fields: fields_of(root, t, &path, spec, labels, depth + 1)?,
            }
        } else {
            FieldKind::Text {
                max_length: t.string.as_ref().and_then(|s| s.max_length),
            }
        };
        let name_key = format!("sheet_field_{}", path.replace('.', "_"));
        let name = label(labels, &name_key);
        out.push(FormField {
            label: if name == name_key { key.clone() } else { name },
            key: key.clone(),
            help,
            unit: spec
                .units
                .iter()
                .find(|(k, _)| *k == path)
                .map(|(_, u)| label(labels, u)),
            required: obj.required.contains(key) && !nullable,
            kind,
        });
    }
    Ok(out)
}

fn enum_choices(values: &[serde_json::Value], path: &str, labels: &toml::Table) -> Vec<Choice> {
    values
        .iter()
        .filter_map(|v| v.as_str())
        .map(|v| {
            let key = format!("sheet_value_{}_{v}", path.replace('.', "_"));
            let name = label(labels, &key);
            Choice::new(v, if name == key { v } else { &name })
        })
        .collect()
}

/// The form without the types' documentation (English), for pages in other languages.
pub fn without_help(fields: &mut [FormField]) {
    for f in fields {
        f.help.clear();
        if let FieldKind::Group { fields } | FieldKind::Rows { fields } = &mut f.kind {
            without_help(fields);
        }
    }
}

/// A sheet typed in the editor, read over the data as the player's own: the engine that has
/// it (its card drawn by the same renderer as `muster cards`), its id, and what `data check`
/// would say of it.
pub struct Draft {
    pub engine: Rules,
    pub id: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// The one sheet or entry a draft holds (`noun`: the ruleset's word for it): `None` when none
/// could be read and `diagnostics` say why; an error for more than one, or for none with
/// nothing said.
pub fn the_one<T>(
    mut entries: Vec<T>,
    noun: &str,
    diagnostics: &[Diagnostic],
) -> Result<Option<T>, Error> {
    match entries.len() {
        0 if diagnostics.is_empty() => {
            Err(Error::Usage(format!("a draft is one {noun}, found none")))
        }
        0 | 1 => Ok(entries.pop()),
        n => Err(Error::Usage(format!("a draft is one {noun}, found {n}"))),
    }
}

/// The values of a form as the entry's TOML, keys in the form's order (a key the form does
/// not know, last), nulls left out.
pub fn draft_text(form: &SheetForm, values: &serde_json::Map<String, serde_json::Value>) -> String {
    let mut keys: Vec<(String, toml_edit::Value)> = Vec::new();
    let known = |k: &str| form.fields.iter().any(|f| f.key == k);
    let ordered = form
        .fields
        .iter()
        .filter_map(|f| values.get_key_value(f.key.as_str()))
        .chain(values.iter().filter(|(k, _)| !known(k)));
    for (k, v) in ordered {
        let field = form.fields.iter().find(|f| f.key == *k);
        if let Some(v) = in_form_order(field, v) {
            keys.push((k.clone(), v));
        }
    }
    crate::core::toml_file::entry_text(form.table, keys)
}

/// A value as TOML with the keys of its tables in the form's order (a group's, each row's),
/// nulls left out.
fn in_form_order(field: Option<&FormField>, v: &serde_json::Value) -> Option<toml_edit::Value> {
    use serde_json::Value as J;
    let fields = match field.map(|f| &f.kind) {
        Some(FieldKind::Group { fields }) | Some(FieldKind::Rows { fields }) => fields,
        _ => return crate::core::toml_file::toml_value(v),
    };
    let table = |m: &serde_json::Map<String, J>| -> toml_edit::Value {
        let mut out = toml_edit::InlineTable::new();
        for f in fields {
            if let Some(x) = m.get(&f.key).and_then(|x| in_form_order(Some(f), x)) {
                out.insert(&f.key, x);
            }
        }
        for (k, x) in m {
            if !out.contains_key(k) {
                if let Some(x) = crate::core::toml_file::toml_value(x) {
                    out.insert(k, x);
                }
            }
        }
        toml_edit::Value::InlineTable(out)
    };
    Some(match v {
        J::Object(m) => table(m),
        J::Array(items) => {
            let mut a = toml_edit::Array::new();
            for x in items {
                match x {
                    J::Object(m) => a.push(table(m)),
                    other => a.push(crate::core::toml_file::toml_value(other)?),
                }
            }
            toml_edit::Value::Array(a)
        }
        other => crate::core::toml_file::toml_value(other)?,
    })
}

/// The form's key a place of a draft's text is in: the key whose line (or value) holds it.
pub fn field_at(text: &str, offset: usize) -> Option<String> {
    let mut current = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if at > offset {
            break;
        }
        let trimmed = line.trim_start();
        if !line.starts_with(' ') && !trimmed.starts_with('[') && !trimmed.starts_with('#') {
            if let Some((key, _)) = trimmed.split_once('=') {
                current = Some(key.trim().trim_matches('"').to_owned());
            }
        }
        at += line.len();
    }
    current
}
