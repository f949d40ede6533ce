//! The sheet editor: a page whose form each ruleset declares, the card redrawn as the player
//! types (the same renderer as `muster cards`, as SVG), the sheet's diagnostics by field, and
//! saving into the player's own data folder (`my-sheets/<ruleset>/<folder>/<id>.toml`), locked
//! and atomic, a file changed on disk since it was opened never overwritten.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;

use super::app::{App, Ready, Shared};
use super::pages::html;
use super::query::{page_lang, ruleset_param};
use super::reply::{blocking, json_response, ApiError};
use super::store::{version, Store, StoreError};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::i18n::Lang;
use crate::ops::player_layer::{self, Place};
use crate::ops::sheets::{saved_text, typed, Typed};
use crate::ops::to_json;
use crate::rulesets::sheet_form::{field_at, problems, FieldKind, FormField, Problem, ProblemKind};
use crate::rulesets::{printed_message, Ruleset, SheetForm};

const EDITOR: &str = include_str!("../../templates/web/sheet.html");

pub async fn page() -> Response {
    html(EDITOR)
}

#[derive(Deserialize)]
pub struct FormQuery {
    ruleset: Option<String>,
    lang: Option<String>,
    /// The sheet to start from ("copy and edit", or edit one's own).
    from: Option<String>,
}

/// The file of the player's layer that defines `id`, if one does.
fn defined_in(app: &App, engine: &crate::rulesets::Rules, id: &str) -> Option<PathBuf> {
    player_layer::defined_in(engine, &app.player_dir, id)
}

/// A file of the player's layer as a store of its folder and its name in it.
fn store_of(file: &Path) -> Option<(Store, String)> {
    let name = file.file_name()?.to_str()?.to_owned();
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let store = Store::of(dir, "sheet").ok()?;
    Some((store, name))
}

/// A file of the player's layer as the page names it: from the player's folder
/// (`my-sheets/<ruleset id>/<folder>/<file>.toml`), never where it is on this machine.
fn shown(app: &App, ruleset: Ruleset, file: &Path) -> String {
    let root = player_layer::ruleset_dir(&app.player_dir, ruleset);
    let inside = match (root.canonicalize(), file.canonicalize()) {
        (Ok(r), Ok(f)) => f.strip_prefix(&r).map(Path::to_path_buf).ok(),
        _ => None,
    };
    let rest = inside.unwrap_or_else(|| file.file_name().map(PathBuf::from).unwrap_or_default());
    Path::new(crate::ops::PLAYER_DATA)
        .join(ruleset.id())
        .join(rest)
        .display()
        .to_string()
}

/// The ruleset's data as read, the page's language (`lang` asked, else the ruleset's first),
/// its words in it, and its sheet form; or the answer that says why not.
fn form_of(
    app: &App,
    ruleset: Ruleset,
    lang: Option<&str>,
) -> Result<(Arc<Ready>, Lang, Arc<toml::Table>, SheetForm), ApiError> {
    let ready = app.ready(ruleset)?;
    let lang = page_lang(ruleset, lang);
    let labels = ready.words(lang);
    let form = ready
        .engine
        .ruleset()
        .need(ready.engine.editor(), "sheet editor")
        .and_then(|x| x.sheet_form(lang, &labels))
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    Ok((ready, lang, labels, form))
}

/// `GET /api/sheets/form?ruleset=&lang=&from=`: the form, the values to start from (a copy
/// of `from`, or nothing), and, when the player's own file of that sheet exists, its version.
pub async fn form(State(app): Shared, Query(q): Query<FormQuery>) -> Response {
    blocking(move || {
        let ruleset = ruleset_param(q.ruleset.as_deref())?;
        let (ready, lang, _, form) = form_of(&app, ruleset, q.lang.as_deref())?;
        let mut values = serde_json::Value::Object(serde_json::Map::new());
        let mut provenance = serde_json::Value::Null;
        let mut file_version = serde_json::Value::Null;
        if let Some(from) = q.from.as_deref() {
            match ready.engine.ruleset().need(ready.engine.sheets(), "unit sheets to show").and_then(|x| x.sheet(from)) {
                Ok(mut v) => {
                    if let Some(o) = v.as_object_mut() {
                        provenance = o.remove("provenance").unwrap_or_default();
                        o.remove("source");
                        o.retain(|_, v| !v.is_null());
                    }
                    values = v;
                }
                Err(e) => return Err(ApiError::new(StatusCode::NOT_FOUND, e.to_string())),
            }
            // The version of the file that holds it, whatever its name (a file may hold
            // several of the player's entries).
            if provenance == "player" {
                if let Some((store, name)) =
                    defined_in(&app, ready.engine.as_ref(), from).and_then(|f| store_of(&f))
                {
                    if let Ok(v) = store.file_version(&name) {
                        file_version = json!(v);
                    }
                }
            }
        }
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "ruleset": ruleset.id(),
                "lang": lang.id(),
                "languages": ruleset.languages().iter().map(|l| l.id()).collect::<Vec<_>>(),
                "form": form,
                "values": values,
                "from": q.from,
                "provenance": provenance,
                "version": file_version,
                "editing": if provenance == "player" { json!(q.from) } else { serde_json::Value::Null },
            })),
        ))
    })
    .await
}

#[derive(Deserialize)]
pub struct DraftQuery {
    ruleset: Option<String>,
    lang: Option<String>,
}

#[derive(Deserialize)]
struct DraftBody {
    values: serde_json::Map<String, serde_json::Value>,
    /// The version of the player's file the page opened (saving only).
    #[serde(default)]
    version: Option<String>,
    /// The id of the player's own sheet the page opened to change (saving only): only that
    /// one is changed where it is defined; a sheet saved under another id of the player's
    /// would replace that other sheet, and is refused.
    #[serde(default)]
    editing: Option<String>,
}

/// A draft as the editor sent it: the ruleset's data as read, the page's language and the
/// ruleset's words in it, the form, the body, and the sheet typed over the data.
type Drafted = (
    Arc<Ready>,
    Lang,
    Arc<toml::Table>,
    SheetForm,
    DraftBody,
    Typed,
);

/// The form and a typed sheet read over the data, or the answer that says why not.
fn read_typed(app: &App, q: &DraftQuery, body: &Bytes) -> Result<Drafted, ApiError> {
    let ruleset = ruleset_param(q.ruleset.as_deref())?;
    let body: DraftBody = serde_json::from_slice(body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the body is not a sheet's values as JSON: {e}"),
        )
    })?;
    let (ready, lang, labels, form) = form_of(app, ruleset, q.lang.as_deref())?;
    let typed = typed(ready.engine.as_ref(), &form, &body.values)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    Ok((ready, lang, labels, form, body, typed))
}

/// The field a `missing-field` diagnostic names (its message quotes it).
fn missing_field(d: &Diagnostic) -> Option<String> {
    if d.code != "missing-field" {
        return None;
    }
    let m = &d.message;
    let start = m.find('`')? + 1;
    let end = start + m[start..].find('`')?;
    Some(m[start..end].to_owned())
}

/// A draft's diagnostics as the page shows them: by field, in the page's words, the fields
/// named as the form names them. A missing field inside a group (`name = { fr = … }` without
/// `en`) is shown at the group's field. What the form's own problems say already (every
/// field left empty, every number out of its bounds, which the page words with the field's
/// name and its bounds) is not said twice: the data's reading stops at its first missing
/// field, and its checks' messages name fields by their keys.
fn diagnostics_json(
    t: &Typed,
    form: &SheetForm,
    problems: &[Problem],
    lang: Lang,
    labels: &toml::Table,
) -> Vec<serde_json::Value> {
    let mut found: Vec<&Diagnostic> = t.draft.diagnostics.iter().collect();
    found.sort_by_key(|d| {
        (
            d.severity != Severity::Error,
            d.span.as_ref().map(|s| s.start),
        )
    });
    let missing: Vec<&str> = problems
        .iter()
        .filter(|p| p.kind == ProblemKind::Missing)
        .map(|p| p.path.rsplit('.').next().unwrap_or(&p.path))
        .collect();
    let bounded: Vec<&str> = problems
        .iter()
        .filter(|p| p.kind != ProblemKind::Missing)
        .map(|p| p.field.as_str())
        .collect();
    let mut said: Vec<(Option<String>, String)> = Vec::new();
    let mut out = Vec::new();
    for d in found {
        let at = d.span.as_ref().and_then(|s| field_at(&t.text, s.start));
        let field = match missing_field(d) {
            Some(k) if form.fields.iter().any(|f| f.key == k) => Some(k),
            Some(k) => at.or(Some(k)),
            None => at,
        };
        let names_missing = missing.iter().any(|k| names_key(&d.message, k));
        let again = (d.code == "missing-field" && !missing.is_empty())
            || names_missing
            || (d.code == "out-of-range" && field.as_deref().is_some_and(|f| bounded.contains(&f)));
        if again {
            continue;
        }
        let message = with_field_names(&printed_message(d, lang, labels), &form.fields);
        let key = (field.clone(), message.clone());
        if said.contains(&key) {
            continue;
        }
        said.push(key);
        let (_, rule) = crate::rulesets::printed_help_and_rule(d, lang, labels);
        out.push(json!({
            "field": field,
            "code": d.code,
            "severity": match d.severity { Severity::Error => "error", Severity::Warning => "warning" },
            "message": message,
            "rule": rule,
            "notes": d.notes,
        }));
    }
    out
}

/// Whether `message` names the key `key` (a whole word, or quoted in backticks).
fn names_key(message: &str, key: &str) -> bool {
    message.match_indices(key).any(|(i, _)| {
        let before = message[..i].chars().next_back();
        let after = message[i + key.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(before) && !word(after)
    })
}

/// A message with the keys of the form's fields it quotes (`` `command_radius` ``, “figures”,
/// or bare when made of several words, `gun_points`) replaced by the fields' names, and the
/// ids of the choices it quotes (“lanciers”) by theirs.
fn with_field_names(message: &str, fields: &[FormField]) -> String {
    let mut out = message.to_owned();
    for f in fields {
        let named = format!("“{}”", f.label);
        out = out
            .replace(&format!("`{}`", f.key), &named)
            .replace(&format!("“{}”", f.key), &named);
        if f.key.contains('_') {
            out = whole_words(&out, &f.key, &named);
        }
        match &f.kind {
            FieldKind::Choice { choices } | FieldKind::Many { choices } => {
                for c in choices {
                    let id = format!("“{}”", c.id);
                    out = out.replace(&id, &format!("“{}”", c.label));
                }
            }
            FieldKind::Group { fields } | FieldKind::Rows { fields } => {
                for g in fields {
                    if let FieldKind::Choice { choices } | FieldKind::Many { choices } = &g.kind {
                        for c in choices {
                            let id = format!("“{}”", c.id);
                            out = out.replace(&id, &format!("“{}”", c.label));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// `text` with each whole word `word` (letters, digits and `_` make a word) replaced by `by`.
fn whole_words(text: &str, word: &str, by: &str) -> String {
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut out = String::with_capacity(text.len());
    let mut rest = 0;
    for (i, _) in text.match_indices(word) {
        if i < rest {
            continue;
        }
        if !part(text[..i].chars().next_back()) && !part(text[i + word.len()..].chars().next()) {
            out.push_str(&text[rest..i]);
            out.push_str(by);
            rest = i + word.len();
        }
    }
    out.push_str(&text[rest..]);
    out
}

/// `POST /api/sheets/draft?ruleset=&lang=`: the typed sheet's card as it will print (SVG)
/// and its diagnostics by field.
pub async fn draft(State(app): Shared, Query(q): Query<DraftQuery>, body: Bytes) -> Response {
    blocking(move || {
        let (ready, lang, labels, form, body, typed) = read_typed(&app, &q, &body)?;
        let problems = problems(&form, &body.values);
        let card = if typed.draft.id.is_empty() {
            Ok(None)
        } else {
            // The data's card template, parsed once.
            ready
                .templates(&["card"])
                .and_then(|templates| {
                    crate::ops::print::sheet_card_svg(
                        typed.draft.engine.as_ref(),
                        &templates,
                        lang,
                        &typed.draft.id,
                        None,
                    )
                })
                .map(Some)
        };
        let (svg, card_error) = match card {
            Ok(s) => (s, None),
            Err(e) => (None, Some(e.to_string())),
        };
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "id": typed.draft.id,
                "svg": svg,
                "card_error": card_error,
                "problems": problems,
                "diagnostics": diagnostics_json(&typed, &form, &problems, lang, &labels),
                "text": typed.text,
            })),
        ))
    })
    .await
}

/// `POST /api/sheets/save?ruleset=&lang=`: writes the typed sheet into the player's folder
/// when it has no error: a new file, or the player's file of that sheet at the version the
/// page opened (its comments kept). The ruleset's data is read again: the sheet is in the
/// picker at once.
pub async fn save(State(app): Shared, Query(q): Query<DraftQuery>, body: Bytes) -> Response {
    blocking(move || {
        let (ready, lang, labels, form, body, typed) = read_typed(&app, &q, &body)?;
        let ruleset = ready.engine.ruleset();
        let problems = problems(&form, &body.values);
        if typed.draft.diagnostics.iter().any(Diagnostic::is_error)
            || typed.draft.id.is_empty()
            || !problems.is_empty()
        {
            return Ok(json_response(
                StatusCode::UNPROCESSABLE_ENTITY,
                to_json(&json!({
                    "error": "the sheet has errors: it is saved once they are fixed (every command reads your folder)",
                    "problems": problems,
                    "diagnostics": diagnostics_json(&typed, &form, &problems, lang, &labels),
                })),
            ));
        }
        let id = typed.draft.id.clone();
        let ready = app.ready(ruleset)?;
        // Where the sheet is defined in the player's layer, else a file of its own: an id is
        // never written a second time.
        let place = player_layer::place(ready.engine.as_ref(), &app.player_dir, &id).map_err(|_| {
            ApiError::new(
                StatusCode::CONFLICT,
                format!("a file `{id}.toml` is in your folder already and holds other sheets: give this one another id"),
            )
        })?;
        let file = place.path().to_path_buf();
        // Only the sheet the page opened is changed where it is defined: another of the
        // player's, typed as this one's id (a copy, or a sheet renamed), would be replaced.
        if matches!(place, Place::Defined(_)) && body.editing.as_deref() != Some(id.as_str()) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "`{id}` is one of your own sheets already, in {}: open it from the picker to change it, or give this one another id; nothing written",
                    shown(&app, ruleset, &file)
                ),
            ));
        }
        if let Place::New(_) = place {
            if let Some(dir) = file.parent() {
                std::fs::create_dir_all(dir).map_err(|e| {
                    StoreError::Io(format!(
                        "your sheets' folder cannot be made: {}",
                        crate::core::error::io_words(&e)
                    ))
                })?;
            }
        }
        let Some((store, name)) = store_of(&file) else {
            return Err(StoreError::Io("your sheets' folder cannot be opened".to_owned()).into());
        };
        let written = match place {
            Place::Defined(_) => store.update(&name, body.version.as_deref(), |path, current| {
                let was = ready.engine.ruleset().need(ready.engine.sheets(), "unit sheets to show").and_then(|x| x.sheet(&id)).ok();
                let text = saved_text(&form, Some(current), &typed.text, &id, was.as_ref())
                    .map_err(|e| StoreError::Refused(e.to_string()))?;
                // The file as it will be, read with the rest of the data: a save never leaves
                // them unreadable (an entry moved out of its file's army, say).
                match player_layer::file_reads(ruleset, &app.dirs, path, &text) {
                    Ok(()) => Ok(text),
                    Err(why) => Err(StoreError::Refused(why)),
                }
            }),
            Place::New(_) => match saved_text(&form, None, &typed.text, &id, None) {
                Ok(text) => store.create(&name, &text).map(|v| (text, v)),
                Err(e) => Err(StoreError::Refused(e.to_string())),
            },
        };
        let (text, v) = match written {
            Ok(w) => w,
            Err(StoreError::NoVersion) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    format!("your sheet `{id}` is in your folder already: open it from the picker to change it (or give this one another id)"),
                ))
            }
            Err(e) => return Err(e.into()),
        };
        debug_assert_eq!(version(text.as_bytes()), v);
        app.forget(ruleset);
        let shown = shown(&app, ruleset, &file);
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "id": id,
                "version": v,
                "file": shown,
            })),
        ))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::Choice;

    fn field(key: &str, label: &str) -> FormField {
        FormField {
            key: key.to_owned(),
            label: label.to_owned(),
            help: String::new(),
            unit: None,
            required: true,
            when: None,
            kind: FieldKind::Bool,
        }
    }

    #[test]
    fn a_message_names_the_fields_as_the_form_does() {
        let fields = [
            field("command_radius", "Command radius R"),
            field("figures", "N°F"),
        ];
        assert_eq!(
            with_field_names("command sheet `x` has no command_radius", &fields),
            "command sheet `x` has no “Command radius R”"
        );
        // A key that is a word is replaced where it is quoted as a key only.
        assert_eq!(
            with_field_names("the figures: “figures” must not be given", &fields),
            "the figures: “N°F” must not be given"
        );
        assert_eq!(
            with_field_names("my_command_radius_x", &fields),
            "my_command_radius_x"
        );
        // Named by its own name even where there is none but its key.
        let bare = [field("gun_points", "gun_points")];
        assert_eq!(
            with_field_names("no gun_points here", &bare),
            "no “gun_points” here"
        );
        // A choice's id quoted: its name.
        let mut skills = field("skill", "Skill");
        skills.kind = FieldKind::Choice {
            choices: vec![Choice::new("lanciers", "Lancers (15)")],
        };
        assert_eq!(
            with_field_names("skill “lanciers” costs 15", &[skills]),
            "skill “Lancers (15)” costs 15"
        );
    }

    #[test]
    fn a_key_is_named_as_a_whole_word() {
        assert!(names_key(
            "sheet `x` has no command_radius",
            "command_radius"
        ));
        assert!(names_key("has no `gun_points`", "gun_points"));
        assert!(!names_key("has no command_radius_2", "command_radius"));
        assert!(!names_key("commander", "command"));
    }
}
