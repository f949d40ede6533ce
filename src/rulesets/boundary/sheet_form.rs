//! The sheet editor's form, declared by each ruleset as data: the fields of its sheet (or
//! entry) type, walked from the type's JSON Schema (so a field added to the type reaches the
//! form with no second description), each named in the page's language (labels
//! `sheet_field_<key>`), with its unit, bounds and, for ids, the choices the data has; and a
//! draft sheet typed in the editor, checked over the data as the player's own.

use std::collections::HashMap;

use schemars::schema::{InstanceType, RootSchema, Schema, SchemaObject, SingleOrVec};
use serde::Serialize;

use super::{label, Choice};
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
    /// What it is, said to a player in the page's language (labels `sheet_help_<key>`; the
    /// types' doc comments are the developers'): empty when the name says enough.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub help: String,
    /// Its unit: "cm", "pts", … in the page's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// Required where shown.
    pub required: bool,
    /// Shown (and read) only when another field of the same table has one of some values: the
    /// fields of a command sheet, of a battery.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<When>,
    #[serde(flatten)]
    pub kind: FieldKind,
}

/// The values of a field of the same table under which a field is shown.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct When {
    pub key: String,
    pub values: Vec<String>,
}

/// A field a sheet of some kinds only has: `field` is shown when `on` is one of `values`,
/// and then required or not.
pub struct Only<'a> {
    pub field: &'a str,
    pub on: &'a str,
    pub values: &'a [&'a str],
    pub required: bool,
}

impl<'a> Only<'a> {
    pub const fn new(field: &'a str, on: &'a str, values: &'a [&'a str], required: bool) -> Self {
        Self {
            field,
            on,
            values,
            required,
        }
    }
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
/// for a row's), each field's unit (label key), the keys the form leaves out, and the fields
/// only some kinds of sheet have.
#[derive(Default)]
pub struct FormSpec<'a> {
    pub choices: HashMap<&'a str, Vec<Choice>>,
    pub units: &'a [(&'a str, &'a str)],
    pub hidden: &'a [&'a str],
    pub only: &'a [Only<'a>],
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
        let help_key = format!("sheet_help_{}", path.replace('.', "_"));
        let help = label(labels, &help_key);
        let only = spec.only.iter().find(|o| o.field == path);
        out.push(FormField {
            label: if name == name_key { key.clone() } else { name },
            key: key.clone(),
            help: if help == help_key {
                String::new()
            } else {
                help
            },
            unit: spec
                .units
                .iter()
                .find(|(k, _)| *k == path)
                .map(|(_, u)| label(labels, u)),
            required: only.map_or(obj.required.contains(key) && !nullable, |o| o.required),
            when: only.map(|o| When {
                key: o.on.to_owned(),
                values: o.values.iter().map(|v| v.to_string()).collect(),
            }),
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

/// What the form itself finds wrong with values typed in it, every one at once: a field it
/// shows left empty, a number outside its bounds (the type's own, which its checks use too).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Problem {
    /// The form's field it is shown at (a table's key).
    pub field: String,
    /// The key path inside it (`move.march`, `skills.cost`).
    pub path: String,
    /// The field's names down to the value, in the page's language.
    pub labels: Vec<String>,
    #[serde(flatten)]
    pub kind: ProblemKind,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ProblemKind {
    /// Required and not given.
    Missing,
    /// A number outside its bounds.
    Bounds {
        #[serde(skip_serializing_if = "Option::is_none")]
        min: Option<i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<i64>,
        found: serde_json::Value,
    },
}

/// Whether `f` is shown with `values` (the values of its table): always, or when the field it
/// depends on is shown and has one of its values.
pub fn shown(
    f: &FormField,
    fields: &[FormField],
    values: &serde_json::Map<String, serde_json::Value>,
) -> bool {
    let mut at = f;
    for _ in 0..8 {
        let Some(w) = &at.when else {
            return true;
        };
        let has = values
            .get(&w.key)
            .and_then(|v| v.as_str())
            .is_some_and(|v| w.values.iter().any(|x| x == v));
        let Some(next) = fields.iter().find(|g| g.key == w.key) else {
            return has;
        };
        if !has {
            return false;
        }
        at = next;
    }
    true
}

fn empty(v: Option<&serde_json::Value>) -> bool {
    match v {
        None | Some(serde_json::Value::Null) => true,
        Some(serde_json::Value::String(s)) => s.trim().is_empty(),
        Some(serde_json::Value::Array(a)) => a.is_empty(),
        Some(serde_json::Value::Object(o)) => o.is_empty(),
        _ => false,
    }
}

/// Every problem the form finds with `values`, in the form's order.
pub fn problems(
    form: &SheetForm,
    values: &serde_json::Map<String, serde_json::Value>,
) -> Vec<Problem> {
    let mut out = Vec::new();
    for f in &form.fields {
        if shown(f, &form.fields, values) {
            check(f, values.get(&f.key), &f.key, &f.key, &[], &mut out);
        }
    }
    out
}

fn check(
    f: &FormField,
    v: Option<&serde_json::Value>,
    top: &str,
    path: &str,
    above: &[String],
    out: &mut Vec<Problem>,
) {
    let mut labels = above.to_vec();
    labels.push(f.label.clone());
    let problem = |kind| Problem {
        field: top.to_owned(),
        path: path.to_owned(),
        labels: labels.clone(),
        kind,
    };
    if empty(v) {
        if f.required {
            out.push(problem(ProblemKind::Missing));
        }
        return;
    }
    let Some(v) = v else { return };
    match &f.kind {
        FieldKind::Int { min, max } => {
            if let Some(n) = v.as_i64() {
                if min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m) {
                    out.push(problem(ProblemKind::Bounds {
                        min: *min,
                        max: *max,
                        found: v.clone(),
                    }));
                }
            }
        }
        FieldKind::Group { fields } => {
            if let Some(o) = v.as_object() {
                for g in fields {
                    let p = format!("{path}.{}", g.key);
                    check(g, o.get(&g.key), top, &p, &labels, out);
                }
            }
        }
        FieldKind::Rows { fields } => {
            for row in v.as_array().into_iter().flatten() {
                if let Some(o) = row.as_object() {
                    for g in fields {
                        let p = format!("{path}.{}", g.key);
                        check(g, o.get(&g.key), top, &p, &labels, out);
                    }
                }
            }
        }
        _ => {}
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field(key: &str, required: bool, kind: FieldKind) -> FormField {
        FormField {
            key: key.to_owned(),
            label: format!("{key}'s name"),
            help: String::new(),
            unit: None,
            required,
            when: None,
            kind,
        }
    }

    fn int(min: Option<i64>, max: Option<i64>) -> FieldKind {
        FieldKind::Int { min, max }
    }

    fn form() -> SheetForm {
        let mut radius = field("radius", true, int(Some(5), Some(100)));
        radius.when = Some(When {
            key: "kind".into(),
            values: vec!["command".into()],
        });
        SheetForm {
            table: "sheet",
            folder: "sheets",
            fields: vec![
                field("id", true, FieldKind::Text { max_length: None }),
                field(
                    "kind",
                    true,
                    FieldKind::Choice {
                        choices: vec![
                            Choice::new("command", "Command"),
                            Choice::new("troop", "Troop"),
                        ],
                    },
                ),
                field("courage", true, int(Some(1), Some(18))),
                radius,
                field(
                    "move",
                    true,
                    FieldKind::Group {
                        fields: vec![
                            field("normal", true, int(Some(0), None)),
                            field("march", true, int(Some(0), None)),
                        ],
                    },
                ),
                field(
                    "skills",
                    false,
                    FieldKind::Rows {
                        fields: vec![
                            field("id", true, FieldKind::Text { max_length: None }),
                            field("cost", true, int(Some(0), None)),
                        ],
                    },
                ),
            ],
        }
    }

    fn values(v: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        v.as_object().unwrap().clone()
    }

    fn paths(found: &[Problem]) -> Vec<&str> {
        found.iter().map(|p| p.path.as_str()).collect()
    }

    #[test]
    fn every_field_left_empty_is_found_at_once() {
        let found = problems(&form(), &values(json!({ "id": "  " })));
        assert_eq!(paths(&found), ["id", "kind", "courage", "move"]);
        assert!(found.iter().all(|p| p.kind == ProblemKind::Missing));
        assert_eq!(found[3].labels, ["move's name"]);
    }

    #[test]
    fn a_field_of_some_kinds_is_looked_at_for_those_alone() {
        let troop = values(
            json!({ "id": "a", "kind": "troop", "courage": 3, "move": { "normal": 1, "march": 2 } }),
        );
        assert_eq!(problems(&form(), &troop), []);
        let mut command = troop.clone();
        command.insert("kind".into(), json!("command"));
        assert_eq!(paths(&problems(&form(), &command)), ["radius"]);
    }

    #[test]
    fn a_groups_and_a_rows_values_are_looked_at_inside() {
        let v = values(json!({ "id": "a", "kind": "troop", "courage": 40,
            "move": { "normal": -1 }, "skills": [{ "id": "x" }] }));
        let found = problems(&form(), &v);
        assert_eq!(
            paths(&found),
            ["courage", "move.normal", "move.march", "skills.cost"]
        );
        assert_eq!(
            found[0].kind,
            ProblemKind::Bounds {
                min: Some(1),
                max: Some(18),
                found: json!(40)
            }
        );
        assert_eq!(found[1].field, "move");
        assert_eq!(found[3].labels, ["skills's name", "cost's name"]);
    }
}
