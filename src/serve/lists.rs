//! The lists directory as the builder asks it: every list with its total and validity (and
//! the games that name it), a list's view (its text and version, its check, the same in the
//! page's words), a list made, replaced, duplicated or trashed, and what a list may take (the
//! picker).

use axum::body::Bytes;
use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;

use super::app::{App, Shared};
use super::check::{against, check_text, stored, Checked, Outcome};
use super::query::Named;
use super::query::{page_lang, ruleset_param, AgainstQuery, EditQuery, LangQuery};
use super::reply::{blocking, if_match, json_response, tagged, ApiError};
use super::store::{version, StoreError};
use crate::ops::to_json;
use crate::rulesets::{self, NewList};

/// `GET /api/lists`: every list of the directory with its ruleset, total and validity.
pub async fn lists(State(app): Shared) -> Response {
    blocking(move || {
        let names = app.store.names()?;
        let naming = games_naming(&app);
        let rows: Vec<serde_json::Value> = names
            .iter()
            .map(|name| {
                let v = app.store.file_version(name).ok();
                let named = naming.get(name).cloned().unwrap_or_default();
                let mut row = match app
                    .store
                    .read(name)
                    .and_then(|(_, text)| check_text(&app, name, text, false))
                    .map_err(|e| e.words())
                {
                    Ok(Outcome::Checked(c)) => json!({
                        "name": name,
                        "version": v,
                        "title": c.check.name,
                        "ruleset": c.check.ruleset.id(),
                        "ruleset_title": c.check.ruleset.title(),
                        "ruleset_titles": c.check.ruleset.titles(),
                        "points": c.check.ruleset.list_words().points,
                        "description": c.check.description,
                        "total": c.check.total,
                        "limit": c.check.limit,
                        "valid": c.check.is_valid(),
                        "errors": c.check.diagnostics.iter().filter(|d| d.is_error()).count(),
                        "warnings": c.check.diagnostics.iter().filter(|d| !d.is_error()).count(),
                    }),
                    Ok(Outcome::UnknownRuleset(_)) => json!({
                        "name": name, "version": v, "valid": false,
                        "error": "its ruleset is not one muster knows",
                    }),
                    Err(m) => json!({ "name": name, "version": v, "valid": false, "error": m }),
                };
                row["games"] = json!(named);
                row
            })
            .collect();
        Ok::<_, ApiError>(json_response(StatusCode::OK, to_json(&rows)))
    })
    .await
}

/// For each list of the lists folder that a game of the games folder names (`a = "…"` or
/// `b = "…"` in its `[game]`, from the game's folder), those games' file names.
fn games_naming(app: &App) -> std::collections::HashMap<String, Vec<String>> {
    let mut naming: std::collections::HashMap<String, Vec<String>> = Default::default();
    let Some(games) = app.games.get() else {
        return naming;
    };
    for game in games.names().unwrap_or_default() {
        let Ok((_, text)) = games.read(&game) else {
            continue;
        };
        let Ok(doc) = text.parse::<toml::Table>() else {
            continue;
        };
        let Some(header) = doc.get("game").and_then(|g| g.as_table()) else {
            continue;
        };
        for side in ["a", "b"] {
            let Some(named) = header.get(side).and_then(|v| v.as_str()) else {
                continue;
            };
            let path = crate::core::paths::lexical(&games.dir.join(named));
            let in_lists = path.parent().is_some_and(|p| {
                p == app.store.dir || p.canonicalize().is_ok_and(|c| c == app.store.dir)
            });
            if let (true, Some(list)) = (in_lists, path.file_name().and_then(|f| f.to_str())) {
                let games = naming.entry(list.to_owned()).or_default();
                if !games.contains(&game) {
                    games.push(game.clone());
                }
            }
        }
    }
    naming
}

/// The builder's view of a list: its text and version, the check (as `muster check --format
/// json`), where each diagnostic belongs, and the same in players' words in `lang` (the
/// diagnostics as sentences, the units with their skills and options by name).
pub(super) fn list_view(
    app: &App,
    name: &str,
    text: String,
    against_name: Option<&str>,
    lang: Option<&str>,
) -> Result<Response, ApiError> {
    let c = match check_text(app, name, text.clone(), true)? {
        Outcome::Checked(c) => c,
        Outcome::UnknownRuleset(report) => {
            return Ok(json_response(
                StatusCode::OK,
                format!(
                    "{{\"name\": {}, \"version\": {}, \"toml\": {}, \"check\": {report}}}",
                    json!(name),
                    json!(version(text.as_bytes())),
                    json!(text)
                ),
            ))
        }
    };
    view_of(app, name, text, c, against_name, lang, None)
}

/// The builder's view of the list `name` (its `text`) from its check `c` (see [`list_view`]):
/// an edit's answer is built from the check the edit made.
pub(super) fn view_of(
    app: &App,
    name: &str,
    text: String,
    mut c: Box<Checked>,
    against_name: Option<&str>,
    lang: Option<&str>,
    held: Option<&str>,
) -> Result<Response, ApiError> {
    let v = version(text.as_bytes());
    let other = match against_name {
        Some(o) => Some(against(app, &mut c, o)?),
        None => None,
    };
    let lang = page_lang(c.check.ruleset, lang.or(c.check.lang.map(|l| l.id())));
    let labels = c.ready.words(lang);
    let ready = c.ready.clone();
    let asked = crate::ops::view::Asked {
        name,
        version: &v,
        text: &text,
        lang,
        held,
    };
    let body = crate::ops::view::list_view(&ready, &mut c.list, other.as_ref(), &asked, &labels);
    Ok(tagged(
        json_response(StatusCode::OK, crate::ops::to_json_line(&body)),
        &v,
    ))
}

/// `GET /api/lists/{name}[?against=OTHER]`.
pub async fn list(Named { app, name, q }: Named<AgainstQuery>) -> Response {
    blocking(move || {
        let (_, text) = app.store.read(&name)?;
        list_view(&app, &name, text, q.against.as_deref(), q.lang.as_deref())
    })
    .await
}

/// `PUT /api/lists/{name}` with `If-Match`: replaces the list's TOML (a list file, checked
/// first: a text that is not one is refused, 422).
pub async fn put(
    Named { app, name, q }: Named<EditQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    blocking(move || {
        let Ok(text) = String::from_utf8(body.to_vec()) else {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "the body is not UTF-8 text",
            ));
        };
        let expected = if_match(&headers);
        let mut kept = None;
        let result = app.store.update(&name, expected.as_deref(), |_, _| {
            match check_text(&app, &name, text.clone(), true)? {
                Outcome::Checked(c) => {
                    kept = Some(c);
                    Ok(text.clone())
                }
                Outcome::UnknownRuleset(_) => Err(StoreError::Refused(format!(
                    "{name}: its `ruleset` is not one muster knows; nothing written"
                ))),
            }
        });
        let (text, _) = result?;
        // The view is built from the check the replacement was accepted with.
        match kept {
            Some(c) => view_of(
                &app,
                &name,
                text,
                c,
                None,
                q.lang.as_deref(),
                q.offers.as_deref(),
            ),
            None => list_view(&app, &name, text, None, q.lang.as_deref()),
        }
    })
    .await
}

/// `DELETE /api/lists/{name}` with `If-Match`: moves the list to `.trash/`.
pub async fn delete(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        // The games that name the list keep their own copy of its army: the delete is
        // allowed, and the answer says which games named it.
        let named = games_naming(&app).remove(&name).unwrap_or_default();
        let to = app.store.trash(&name, if_match(&headers).as_deref())?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "trashed": name, "to": to, "games": named })),
        ))
    })
    .await
}

#[derive(Deserialize)]
pub struct NewListBody {
    name: String,
    ruleset: String,
    title: String,
    points: Option<u32>,
    army: Option<String>,
    coalition: Option<String>,
    campaign: Option<String>,
    rank: Option<String>,
    /// The page's language: what the fields' problems are named in.
    lang: Option<String>,
}

/// What is wrong with a new list's file name, if anything: a problem of the form's `file`
/// field (`missing`, `file-name`: not a plain `.toml` name, `exists`), with the store's
/// sentence, and the status it answers alone (400, or 409 when the file is there).
fn file_problem(app: &App, name: &str) -> Option<(serde_json::Value, StatusCode)> {
    let (kind, message, status) = match app.store.fresh(name) {
        Ok(_) => return None,
        Err(_) if name.trim().is_empty() => (
            "missing",
            "the list's file name is missing".to_owned(),
            StatusCode::BAD_REQUEST,
        ),
        Err(StoreError::Exists(m)) => ("exists", m, StatusCode::CONFLICT),
        Err(e) => ("file-name", e.words(), StatusCode::BAD_REQUEST),
    };
    Some((
        json!({ "key": "file", "kind": kind, "message": message }),
        status,
    ))
}

/// `POST /api/lists` `{"name","ruleset","title","points",…}`: a new, empty list in the file
/// `name`. Refused with every problem at once, the file name's among them (key `file`):
/// `{"error", "fields": {KEY: problem}}`, 409 when the file exists, 400 when its name is not
/// one, 422 otherwise.
pub async fn create(State(app): Shared, body: Bytes) -> Response {
    blocking(move || {
        let spec: NewListBody = serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("the body: {e}")))?;
        let file = file_problem(&app, &spec.name);
        let ruleset = ruleset_param(Some(&spec.ruleset))?;
        if !ruleset.capabilities().lists {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("{} has no lists", ruleset.title()),
            ));
        }
        let ready = app.ready(ruleset)?;
        let new = NewList {
            name: spec.title.clone(),
            points: spec.points,
            coalition: spec.coalition.filter(|s| !s.is_empty()),
            campaign: spec.campaign.filter(|s| !s.is_empty()),
            rank: spec.rank.filter(|s| !s.is_empty()),
            army: spec.army.filter(|s| !s.is_empty()),
        };
        let lang = page_lang(ruleset, spec.lang.as_deref());
        let labels = ready.words(lang);
        let made = rulesets::make_new_list(ready.engine.as_ref(), &new, lang, &labels);
        let mut problems: Vec<serde_json::Value> = file.iter().map(|(p, _)| p.clone()).collect();
        if let Err(p) = &made {
            problems.extend(p.iter().map(|p| json!(p)));
        }
        let mut doc = match made {
            Ok(d) if problems.is_empty() => d,
            _ => {
                let status = file.map_or(StatusCode::UNPROCESSABLE_ENTITY, |(_, s)| s);
                let fields: serde_json::Map<String, serde_json::Value> = problems
                    .iter()
                    .filter_map(|p| Some((p["key"].as_str().filter(|k| !k.is_empty())?, p)))
                    .map(|(k, p)| (k.to_owned(), p.clone()))
                    .collect();
                let all: Vec<&str> = problems
                    .iter()
                    .filter_map(|p| p["message"].as_str())
                    .collect();
                return Ok(json_response(
                    status,
                    to_json(&json!({ "error": all.join("; "), "fields": fields })),
                ));
            }
        };
        if let Some(header) = doc.get_mut("list").and_then(|l| l.as_table_mut()) {
            header.decor_mut().set_prefix(format!(
                "# {}: an army list for muster ({}).\n# Check it with `muster check lists/{}`.\n",
                crate::core::text::one_line(&spec.title),
                ruleset.title(),
                crate::core::text::one_line(&spec.name)
            ));
        }
        let text = doc.to_string();
        app.store.create(&spec.name, &text)?;
        let mut r = list_view(&app, &spec.name, text, None, spec.lang.as_deref())?;
        *r.status_mut() = StatusCode::CREATED;
        Ok(r)
    })
    .await
}

#[derive(Deserialize)]
pub struct DuplicateBody {
    to: String,
    /// The copy's own name (its `[list] name`); without it, the original's.
    #[serde(default)]
    title: Option<String>,
}

/// A list's text with its own name (`[list] name`) set to `title`, the rest as it was; a text
/// that is no TOML document, or a `title` that is empty once trimmed, is refused.
pub(super) fn named_list(text: &str, title: &str) -> Result<String, StoreError> {
    let title = crate::core::text::one_line(title.trim()).into_owned();
    if title.is_empty() {
        return Err(StoreError::Refused("the list's name is missing".to_owned()));
    }
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|_| StoreError::Refused("the list is not a TOML document".to_owned()))?;
    match doc.get_mut("list").and_then(|l| l.as_table_like_mut()) {
        Some(header) => header.insert("name", toml_edit::value(title)),
        None => {
            return Err(StoreError::Refused(
                "the list has no `[list]` table".to_owned(),
            ))
        }
    };
    Ok(doc.to_string())
}

/// `POST /api/lists/{name}/duplicate` `{"to": NEW, "title": NAME}`: a copy, byte for byte but
/// for its name when one is given.
pub async fn duplicate(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    body: Bytes,
) -> Response {
    blocking(move || {
        let to: DuplicateBody = serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("the body: {e}")))?;
        let (_, text) = app.store.read(&name)?;
        let text = match to.title.as_deref() {
            None => text,
            Some(title) => named_list(&text, title)?,
        };
        app.store.create(&to.to, &text)?;
        let mut r = list_view(&app, &to.to, text, None, None)?;
        *r.status_mut() = StatusCode::CREATED;
        Ok::<_, ApiError>(r)
    })
    .await
}

/// `GET /api/lists/{name}/offers[?lang=…]`: what the list may take (the picker), named in
/// the language asked, else the list's, else the ruleset's first.
pub async fn offers(Named { app, name, q }: Named<LangQuery>) -> Response {
    blocking(move || {
        let c = stored(&app, &name)?;
        let ruleset = c.check.ruleset;
        let asked = q.lang.as_deref().or(c.check.lang.map(|l| l.id()));
        let lang = page_lang(ruleset, asked);
        let labels = c.ready.words(lang);
        let o = c
            .ready
            .engine
            .ruleset()
            .need(c.ready.engine.lists(), "army lists")
            .and_then(|x| x.offers(&c.sources, c.file, lang, &labels))
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
        Ok::<_, ApiError>(json_response(StatusCode::OK, to_json(&o)))
    })
    .await
}

#[cfg(test)]
mod tests {
    /// A diagnostic's notes split into what to do and its rule, quoted for a player.
    #[test]
    fn help_and_rule_from_the_notes() {
        let d = crate::core::diagnostic::Diagnostic::warning("unit-size", "unit 4: 4 figures")
            .with_note("help: set `figures = 6` or more")
            .with_note("rule: a section is 6 to 12 figures (the rulebook §4.2)")
            .with_note("see unit 3");
        let (help, rule) = crate::rulesets::printed_help_and_rule(
            &d,
            crate::core::i18n::Lang::En,
            &toml::Table::new(),
        );
        assert_eq!(help, ["set “figures = 6” or more", "see unit 3"]);
        assert_eq!(
            rule.as_deref(),
            Some("a section is 6 to 12 figures (the rulebook §4.2)")
        );
        let bare = crate::core::diagnostic::Diagnostic::error("x", "y");
        let (help, rule) = crate::rulesets::printed_help_and_rule(
            &bare,
            crate::core::i18n::Lang::En,
            &toml::Table::new(),
        );
        assert!(help.is_empty() && rule.is_none());
    }
}
