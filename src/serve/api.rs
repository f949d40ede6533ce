//! The web app's routes: pages and assets, and the JSON API the pages use (and scripts may).
//! Every handler does its file and engine work on a blocking thread; the engine's answers are
//! the CLI's (`POST /api/check` is `muster check --format json`, `GET /api/sheets` is
//! `muster sheets --format json`).

use std::path::Path;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use toml_edit::DocumentMut;

use super::app::{refuse, App};
use super::store::{version, Store, StoreError};
use crate::commands::check::{report_json, unknown_ruleset_json};
use crate::commands::list::edited_text;
use crate::commands::print::{list_cards, roster_document, RosterFormat};
use crate::commands::share::ImportError;
use crate::commands::to_json;
use crate::core::diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::Sources;
use crate::render::plot;
use crate::render::sheet::Paper;
use crate::rulesets::{
    self, duel, DuelSide, FreeSkill, ListCheck, NewList, NewUnit, Ruleset, SheetFilter, UnitChange,
};

type Shared = State<Arc<App>>;

// ── pages and assets ────────────────────────────────────────────────────────────────────────

const INDEX: &str = include_str!("../../templates/web/index.html");
const BUILDER: &str = include_str!("../../templates/web/builder.html");
const GAME: &str = include_str!("../../templates/web/game.html");
const CSS: &str = include_str!("../../templates/web/app.css");
const COMMON_JS: &str = include_str!("../../templates/web/common.js");
const LISTS_JS: &str = include_str!("../../templates/web/lists.js");
const BUILDER_JS: &str = include_str!("../../templates/web/builder.js");
const MATCHUPS_JS: &str = include_str!("../../templates/web/matchups.js");
const GAME_JS: &str = include_str!("../../templates/web/game.js");
const SHEET_JS: &str = include_str!("../../templates/web/sheet.js");
const LABELS: &str = include_str!("../../templates/web/labels.toml");

pub(crate) fn html(body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub async fn index_page() -> Response {
    html(INDEX)
}

pub async fn game_page(State(app): Shared, UrlPath(name): UrlPath<String>) -> Response {
    match app.games.get().map(|s| s.existing(&name)) {
        Some(Ok(_)) => html(GAME),
        Some(Err(e)) => store_error(e),
        None => store_error(StoreError::NotFound(format!(
            "no game `{}`",
            name.escape_debug()
        ))),
    }
}

pub async fn builder_page(State(app): Shared, UrlPath(name): UrlPath<String>) -> Response {
    match app.store.existing(&name) {
        Ok(_) => html(BUILDER),
        Err(e) => store_error(e),
    }
}

/// The pages' words, by language (`templates/web/labels.toml` as JSON).
pub fn page_words() -> Result<serde_json::Value, Error> {
    let table: toml::Table = toml::from_str(LABELS)
        .map_err(|e| Error::Render(format!("templates/web/labels.toml: {e}")))?;
    serde_json::to_value(table).map_err(|e| Error::Render(format!("cannot write JSON: {e}")))
}

/// One word of the pages in `lang` (English where the language lacks it).
pub(crate) fn page_word(lang: &str, key: &str) -> String {
    static TABLE: std::sync::OnceLock<toml::Table> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| toml::from_str(LABELS).unwrap_or_default());
    [lang, "en"]
        .iter()
        .find_map(|l| table.get(*l)?.get(key)?.as_str())
        .unwrap_or(key)
        .to_owned()
}

pub async fn asset(UrlPath(file): UrlPath<String>) -> Response {
    let (body, kind) = match file.as_str() {
        "app.css" => (CSS, "text/css; charset=utf-8"),
        "common.js" => (COMMON_JS, "text/javascript; charset=utf-8"),
        "lists.js" => (LISTS_JS, "text/javascript; charset=utf-8"),
        "builder.js" => (BUILDER_JS, "text/javascript; charset=utf-8"),
        "matchups.js" => (MATCHUPS_JS, "text/javascript; charset=utf-8"),
        "game.js" => (GAME_JS, "text/javascript; charset=utf-8"),
        "sheet.js" => (SHEET_JS, "text/javascript; charset=utf-8"),
        // The cards' fonts, for a card drawn as SVG in a page (the sheet editor).
        "card-fonts.css" => {
            let css = crate::render::svg::font_face_css(
                "/assets/card-regular.ttf",
                "/assets/card-bold.ttf",
            );
            return ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], css).into_response();
        }
        "card-regular.ttf" => {
            return (
                [(header::CONTENT_TYPE, "font/ttf")],
                crate::render::fonts::REGULAR,
            )
                .into_response()
        }
        "card-bold.ttf" => {
            return (
                [(header::CONTENT_TYPE, "font/ttf")],
                crate::render::fonts::BOLD,
            )
                .into_response()
        }
        "labels.json" => {
            return match page_words() {
                Ok(v) => json_response(StatusCode::OK, to_json(&v)),
                Err(e) => json_error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
            }
        }
        _ => {
            return refuse(
                StatusCode::NOT_FOUND,
                &format!("no asset `{}`", file.escape_debug()),
            )
        }
    };
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

pub async fn not_found() -> Response {
    refuse(
        StatusCode::NOT_FOUND,
        "no such page: the lists are at /, the API under /api/ (see the README)",
    )
}

// ── errors ──────────────────────────────────────────────────────────────────────────────────

/// Duels as the pages draw them: each as JSON, with its chart as SVG unless refused, drawn
/// `chart` CSS pixels wide (`chart=` of the query: the width the page shows it at, so that
/// its text is at the size the chart sets; the command line's `--plot` width without it).
pub(crate) fn duels_json(duels: &[duel::Duel], chart: u32, lang: Lang) -> Vec<serde_json::Value> {
    duels
        .iter()
        .map(|d| {
            let mut v = serde_json::to_value(d).unwrap_or_default();
            // A charge is two chances, without a chart.
            if d.refused.is_none() && !d.said.is_empty() {
                // One series is the duel's heading's; several are told apart.
                let bars = plot::Bars {
                    title: &d.what,
                    series: &d.said,
                    legend: d.said.len() > 1,
                    lang,
                };
                v["svg"] = json!(plot::svg(&bars, chart));
            }
            v
        })
        .collect()
}

/// `chart=` of a query taken out of it: the width a page shows a duel's chart at, in CSS
/// pixels (within the widths a chart is drawn at); the command line's without it.
pub(crate) fn chart_width(
    q: &mut std::collections::BTreeMap<String, String>,
) -> Result<u32, Response> {
    match q.remove("chart") {
        None => Ok(plot::WIDTH),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|w| (plot::MIN_WIDTH..=plot::MAX_WIDTH).contains(w))
            .ok_or_else(|| {
                json_error(
                    StatusCode::BAD_REQUEST,
                    &format!(
                        "chart= is the width a chart is shown at, {} to {} CSS pixels, found `{}`",
                        plot::MIN_WIDTH,
                        plot::MAX_WIDTH,
                        v.escape_debug()
                    ),
                )
            }),
    }
}

pub(crate) fn json_response(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

pub(crate) fn json_error(status: StatusCode, message: &str) -> Response {
    json_response(status, to_json(&json!({ "error": message })))
}

pub(crate) fn store_error(e: StoreError) -> Response {
    match e {
        StoreError::BadName(m) => json_error(StatusCode::BAD_REQUEST, &m),
        StoreError::NotFound(m) => json_error(StatusCode::NOT_FOUND, &m),
        StoreError::Exists(m) => json_error(StatusCode::CONFLICT, &m),
        StoreError::Stale { current, noun } => {
            let mut r = json_response(
                StatusCode::PRECONDITION_FAILED,
                to_json(&json!({
                    "error": format!("the {noun} changed on disk since you opened it (in another tab or device, or by the command line): reload it and make the edit again"),
                    "version": current,
                })),
            );
            if let Ok(v) = HeaderValue::from_str(&current) {
                r.headers_mut().insert(header::ETAG, v);
            }
            r
        }
        StoreError::NoVersion => json_error(
            StatusCode::PRECONDITION_REQUIRED,
            "this edit does not say which version of the list it was made on: reload the list and make it again",
        ),
        StoreError::Refused(m) | StoreError::Unreadable(m) => {
            json_error(StatusCode::UNPROCESSABLE_ENTITY, &m)
        }
        StoreError::Io(m) => json_error(StatusCode::INTERNAL_SERVER_ERROR, &m),
    }
}

/// Runs `f` on a blocking thread (files, locks, the engine), at most one per core at a time:
/// requests wait their turn in arrival order (the semaphore is fair) instead of sharing the
/// cores among dozens of threads, so that under load every request waits about as long as the
/// others and none starves (the load test's p99).
///
/// The turn is held by the work itself, not by the request: a client that leaves while its
/// work runs does not free a turn for another request's work before its own ends, so at most
/// twice the cores' requests are ever worked on at once, whoever is still listening.
pub(crate) async fn blocking(f: impl FnOnce() -> Response + Send + 'static) -> Response {
    static WORK: std::sync::OnceLock<Arc<tokio::sync::Semaphore>> = std::sync::OnceLock::new();
    let work = WORK.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Arc::new(tokio::sync::Semaphore::new(cores * 2))
    });
    let Ok(turn) = work.clone().acquire_owned().await else {
        return json_error(StatusCode::SERVICE_UNAVAILABLE, "muster serve is stopping");
    };
    tokio::task::spawn_blocking(move || {
        let r = f();
        drop(turn);
        r
    })
    .await
    .unwrap_or_else(|_| {
        json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the request failed inside muster (a bug: please report it with the list)",
        )
    })
}

pub(crate) fn if_match(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

// ── checking ────────────────────────────────────────────────────────────────────────────────

/// A list text checked by its ruleset's engine.
struct Checked {
    ready: Arc<super::app::Ready>,
    list: crate::commands::ready::Checked,
}

impl std::ops::Deref for Checked {
    type Target = crate::commands::ready::Checked;
    fn deref(&self) -> &Self::Target {
        &self.list
    }
}

impl std::ops::DerefMut for Checked {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.list
    }
}

enum Outcome {
    Checked(Box<Checked>),
    /// `ruleset` is not one muster knows: the report of `muster check` for it.
    UnknownRuleset(String),
}

fn check_text(app: &App, name: &str, text: String) -> Result<Outcome, StoreError> {
    // Where the list is (what it names is found from there), named by its name alone.
    let at = app.store.dir.join(name);
    let path = at.as_path();
    let mut probe = Sources::new();
    let id = probe.add_named(path, name, text.clone());
    let ruleset = match rulesets::peek(&probe, id) {
        Ok(r) => r,
        Err(d) => {
            return Ok(Outcome::UnknownRuleset(to_json(&unknown_ruleset_json(
                &d, &probe,
            ))))
        }
    };
    let ready = app
        .engine(ruleset)
        .map_err(|e| StoreError::Io(app.store.unplaced(&e.to_string())))?;
    let list = ready
        .check(Some(app.roots()), path, name, text)
        .map_err(|(d, at)| {
            let at = at
                .map(|(l, c)| format!(" (line {l}, column {c})"))
                .unwrap_or_default();
            StoreError::Refused(format!("{name} is not a list file{at}: {}", d.message))
        })?;
    Ok(Outcome::Checked(Box::new(Checked { ready, list })))
}

/// A list of the directory, read and checked; the error response otherwise.
fn stored(app: &App, name: &str) -> Result<Box<Checked>, Response> {
    let (_, text) = app.store.read(name).map_err(store_error)?;
    match check_text(app, name, text) {
        Ok(Outcome::Checked(c)) => Ok(c),
        Ok(Outcome::UnknownRuleset(_)) => Err(json_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!("{name}: its `ruleset` is not one muster knows"),
        )),
        Err(e) => Err(store_error(e)),
    }
}

/// Checks `other` (a list of the directory) and adds the pair's diagnostics to `c`.
fn against(app: &App, c: &mut Checked, other: &str) -> Result<ListCheck, StoreError> {
    let (at, text) = app.store.read(other)?;
    let id = c.sources.add_named(&at, other, text);
    let ruleset = c.check.ruleset;
    if let Ok(theirs) = rulesets::peek(&c.sources, id) {
        if theirs != ruleset {
            return Err(StoreError::Refused(format!(
                "{other} is a {} list: it cannot face a {} list",
                theirs.id(),
                ruleset.id()
            )));
        }
    }
    let o =
        c.ready.engine.check_list(&c.sources, id).map_err(|d| {
            StoreError::Refused(format!("{other} is not a list file: {}", d.message))
        })?;
    if o.ruleset != ruleset {
        return Err(StoreError::Refused(format!(
            "{other} is a {} list: it cannot face a {} list",
            o.ruleset.id(),
            ruleset.id()
        )));
    }
    let pair = c.ready.engine.check_pair(&c.check, &o, other);
    c.check.diagnostics.extend(pair);
    diagnostic::sort(&mut c.check.diagnostics);
    Ok(o)
}

#[derive(Deserialize)]
pub struct AgainstQuery {
    against: Option<String>,
    /// The page's language (the builder's view).
    lang: Option<String>,
    /// `POST /api/check`: the file name diagnostics give the body (default `request.toml`).
    name: Option<String>,
}

/// `POST /api/check[?against=NAME]`: the body is a list's TOML; the answer is exactly what
/// `muster check --format json` prints for it.
pub async fn check(State(app): Shared, Query(q): Query<AgainstQuery>, body: Bytes) -> Response {
    blocking(move || {
        let Ok(text) = String::from_utf8(body.to_vec()) else {
            return json_error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text");
        };
        let name = q.name.as_deref().unwrap_or("request.toml");
        if let Err(e) = Store::check_name(name) {
            return store_error(e);
        }
        let mut c = match check_text(&app, name, text) {
            Ok(Outcome::Checked(c)) => c,
            Ok(Outcome::UnknownRuleset(report)) => return json_response(StatusCode::OK, report),
            Err(e) => return store_error(e),
        };
        let other = match q.against.as_deref() {
            Some(name) => match against(&app, &mut c, name) {
                Ok(o) => Some(o),
                Err(e) => return store_error(e),
            },
            None => None,
        };
        json_response(
            StatusCode::OK,
            to_json(&report_json(&c.check, other.as_ref(), &c.sources)),
        )
    })
    .await
}

#[derive(Deserialize)]
pub struct RulesetQuery {
    ruleset: Option<String>,
}

pub(crate) fn ruleset_param(q: Option<&str>) -> Result<Ruleset, Response> {
    match q {
        None => Ok(Ruleset::default()),
        Some(id) => id
            .parse::<Ruleset>()
            .map_err(|e| json_error(StatusCode::BAD_REQUEST, &e)),
    }
}

/// `GET /api/sheets?ruleset=ID`: what `muster sheets --format json` prints.
pub async fn sheets(State(app): Shared, Query(q): Query<RulesetQuery>) -> Response {
    blocking(move || {
        let ruleset = match ruleset_param(q.ruleset.as_deref()) {
            Ok(r) => r,
            Err(r) => return r,
        };
        let ready = match app.engine(ruleset) {
            Ok(r) => r,
            Err(e) => return json_error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
        };
        match ready.engine.sheets(&SheetFilter::default()) {
            Ok(listing) => json_response(StatusCode::OK, to_json(&listing.json)),
            Err(e) => json_error(StatusCode::UNPROCESSABLE_ENTITY, &e.to_string()),
        }
    })
    .await
}

/// `GET /api/rulesets`: what `muster rulesets --format json` prints.
pub async fn rulesets() -> Response {
    json_response(StatusCode::OK, to_json(&crate::commands::rulesets::rows()))
}

// ── lists ───────────────────────────────────────────────────────────────────────────────────

/// `GET /api/lists`: every list of the directory with its ruleset, total and validity.
pub async fn lists(State(app): Shared) -> Response {
    blocking(move || {
        let names = match app.store.names() {
            Ok(n) => n,
            Err(e) => return store_error(e),
        };
        let naming = games_naming(&app);
        let rows: Vec<serde_json::Value> = names
            .iter()
            .map(|name| {
                let v = app.store.file_version(name).ok();
                let named = naming.get(name).cloned().unwrap_or_default();
                let mut row = match app
                    .store
                    .read(name)
                    .and_then(|(_, text)| check_text(&app, name, text))
                    .map_err(|e| e.words())
                {
                    Ok(Outcome::Checked(c)) => json!({
                        "name": name,
                        "version": v,
                        "title": c.check.name,
                        "ruleset": c.check.ruleset.id(),
                        "ruleset_title": c.check.ruleset.title(),
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
        json_response(StatusCode::OK, to_json(&rows))
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
fn list_view(
    app: &App,
    name: &str,
    text: String,
    against_name: Option<&str>,
    lang: Option<&str>,
) -> Response {
    let v = version(text.as_bytes());
    let mut c = match check_text(app, name, text.clone()) {
        Ok(Outcome::Checked(c)) => c,
        Ok(Outcome::UnknownRuleset(report)) => {
            return json_response(
                StatusCode::OK,
                format!(
                    "{{\"name\": {}, \"version\": {}, \"toml\": {}, \"check\": {report}}}",
                    json!(name),
                    json!(v),
                    json!(text)
                ),
            )
        }
        Err(e) => return store_error(e),
    };
    let other = match against_name {
        Some(o) => match against(app, &mut c, o) {
            Ok(o) => Some(o),
            Err(e) => return store_error(e),
        },
        None => None,
    };
    let lang = page_lang(c.check.ruleset, lang.or(c.check.lang.map(|l| l.id())));
    let labels = c.ready.words(lang);
    let ready = c.ready.clone();
    let body = crate::commands::view::list_view(
        ready.engine.as_ref(),
        &mut c.list,
        other.as_ref(),
        name,
        &v,
        &text,
        lang,
        &labels,
    );
    let mut r = json_response(StatusCode::OK, to_json(&body));
    if let Ok(h) = HeaderValue::from_str(&v) {
        r.headers_mut().insert(header::ETAG, h);
    }
    r
}

/// `POST /api/lists/{name}/update` with `If-Match`: accepts today's data, as `muster list
/// update` does (every unit's record says what the data price it with now; only the records
/// change, comments kept); the answer is the list's view.
pub async fn update(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let expected = if_match(&headers);
        let result = app
            .store
            .update(&name, expected.as_deref(), |path, current| {
                let ruleset = match check_text(&app, &name, current.to_owned())? {
                    Outcome::Checked(c) => c.check.ruleset,
                    Outcome::UnknownRuleset(_) => {
                        return Err(StoreError::Refused(format!(
                            "{name}: its `ruleset` is not one muster knows"
                        )))
                    }
                };
                let ready = app.engine(ruleset)?;
                let display = Path::new(path.file_name().unwrap_or_default());
                let (text, _) =
                    edited_text(ready.engine.as_ref(), display, current, |engine, doc| {
                        rulesets::priced::update(engine, display, doc).map(|_| Vec::new())
                    })?;
                Ok(text)
            });
        match result {
            Ok((text, _)) => list_view(&app, &name, text, None, q.lang.as_deref()),
            Err(e) => store_error(e),
        }
    })
    .await
}

/// `GET /api/lists/{name}[?against=OTHER]`.
pub async fn list(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<AgainstQuery>,
) -> Response {
    blocking(move || match app.store.read(&name) {
        Ok((_, text)) => list_view(&app, &name, text, q.against.as_deref(), q.lang.as_deref()),
        Err(e) => store_error(e),
    })
    .await
}

/// `PUT /api/lists/{name}` with `If-Match`: replaces the list's TOML (a list file, checked
/// first: a text that is not one is refused, 422).
pub async fn put(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    blocking(move || {
        let Ok(text) = String::from_utf8(body.to_vec()) else {
            return json_error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text");
        };
        let expected = if_match(&headers);
        let result = app.store.update(&name, expected.as_deref(), |_, _| {
            match check_text(&app, &name, text.clone())? {
                Outcome::Checked(_) => Ok(text.clone()),
                Outcome::UnknownRuleset(_) => Err(StoreError::Refused(format!(
                    "{name}: its `ruleset` is not one muster knows; nothing written"
                ))),
            }
        });
        match result {
            Ok((text, _)) => list_view(&app, &name, text, None, q.lang.as_deref()),
            Err(e) => store_error(e),
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
        match app.store.trash(&name, if_match(&headers).as_deref()) {
            Ok(to) => json_response(
                StatusCode::OK,
                to_json(&json!({ "trashed": name, "to": to, "games": named })),
            ),
            Err(e) => store_error(e),
        }
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

/// The language of a page for a ruleset: the one asked, if the ruleset speaks it, else the
/// ruleset's first (its words: `Ready::words`).
pub(crate) fn page_lang(ruleset: Ruleset, asked: Option<&str>) -> Lang {
    asked
        .and_then(|a| ruleset.languages().iter().find(|l| l.id() == a).copied())
        .or(ruleset.languages().first().copied())
        .unwrap_or_default()
}

#[derive(Deserialize)]
pub struct LangQuery {
    lang: Option<String>,
}

/// `GET /api/rulesets/{id}/fields[?lang=…]`: the fields a new list of the ruleset takes, with
/// their choices named in the language (the new-list form's dropdowns).
pub async fn fields(
    State(app): Shared,
    UrlPath(id): UrlPath<String>,
    Query(q): Query<LangQuery>,
) -> Response {
    blocking(move || {
        let ruleset = match ruleset_param(Some(&id)) {
            Ok(r) => r,
            Err(r) => return r,
        };
        let ready = match app.engine(ruleset) {
            Ok(r) => r,
            Err(e) => return json_error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
        };
        let lang = page_lang(ruleset, q.lang.as_deref());
        let labels = ready.words(lang);
        json_response(
            StatusCode::OK,
            to_json(&json!({
                "ruleset": ruleset.id(),
                "lang": lang.id(),
                "lists": ruleset.capabilities().lists,
                "fields": ready.engine.list_fields(lang, &labels),
            })),
        )
    })
    .await
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
        let spec: NewListBody = match serde_json::from_slice(&body) {
            Ok(s) => s,
            Err(e) => return json_error(StatusCode::BAD_REQUEST, &format!("the body: {e}")),
        };
        let file = file_problem(&app, &spec.name);
        let ruleset = match ruleset_param(Some(&spec.ruleset)) {
            Ok(r) => r,
            Err(r) => return r,
        };
        if !ruleset.capabilities().lists {
            return json_error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &format!("{} has no lists", ruleset.title()),
            );
        }
        let ready = match app.engine(ruleset) {
            Ok(r) => r,
            Err(e) => return json_error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
        };
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
                return json_response(
                    status,
                    to_json(&json!({ "error": all.join("; "), "fields": fields })),
                );
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
        match app.store.create(&spec.name, &text) {
            Ok(_) => {
                let mut r = list_view(&app, &spec.name, text, None, spec.lang.as_deref());
                *r.status_mut() = StatusCode::CREATED;
                r
            }
            Err(e) => store_error(e),
        }
    })
    .await
}

#[derive(Deserialize)]
pub struct DuplicateBody {
    to: String,
}

/// `POST /api/lists/{name}/duplicate` `{"to": NEW}`: a copy, byte for byte.
pub async fn duplicate(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    body: Bytes,
) -> Response {
    blocking(move || {
        let to: DuplicateBody = match serde_json::from_slice(&body) {
            Ok(s) => s,
            Err(e) => return json_error(StatusCode::BAD_REQUEST, &format!("the body: {e}")),
        };
        let text = match app.store.read(&name) {
            Ok((_, t)) => t,
            Err(e) => return store_error(e),
        };
        match app.store.create(&to.to, &text) {
            Ok(_) => {
                let mut r = list_view(&app, &to.to, text, None, None);
                *r.status_mut() = StatusCode::CREATED;
                r
            }
            Err(e) => store_error(e),
        }
    })
    .await
}

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
pub enum EditBody {
    /// `muster list add`.
    Add {
        id: String,
        figures: Option<u32>,
        label: Option<String>,
        #[serde(default)]
        skills: Vec<String>,
        #[serde(default)]
        options: Vec<String>,
        guns: Option<u32>,
        free_skill: Option<String>,
    },
    /// `muster list set` (1-based): what is absent stays; `label: ""` removes the label,
    /// `skills: []` the skills, `free_skill: ""` the free skill from this unit.
    Set {
        unit: usize,
        figures: Option<u32>,
        label: Option<String>,
        skills: Option<Vec<String>>,
        #[serde(default)]
        options: Vec<String>,
        #[serde(default)]
        clear_options: bool,
        guns: Option<u32>,
        free_skill: Option<String>,
    },
    /// `muster list move` (1-based).
    Move { unit: usize, to: usize },
    /// `muster list remove` (1-based, as the CLI).
    Remove { unit: usize },
    /// A unit's count (figures, elements).
    Count { unit: usize, count: u32 },
}

/// `POST /api/lists/{name}/edit` with `If-Match`: one edit, made by the ruleset's engine as
/// `muster list add|set|move|remove` make it (comments and layout kept), written atomically.
pub async fn edit(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    blocking(move || {
        let op: EditBody = match serde_json::from_slice(&body) {
            Ok(s) => s,
            Err(e) => return json_error(StatusCode::BAD_REQUEST, &format!("the edit: {e}")),
        };
        let expected = if_match(&headers);
        let result = app
            .store
            .update(&name, expected.as_deref(), |path, current| {
                let ruleset = match check_text(&app, &name, current.to_owned())? {
                    Outcome::Checked(c) => c.check.ruleset,
                    Outcome::UnknownRuleset(_) => {
                        return Err(StoreError::Refused(format!(
                            "{name}: its `ruleset` is not one muster knows"
                        )))
                    }
                };
                let ready = app.engine(ruleset)?;
                let display = Path::new(path.file_name().unwrap_or_default());
                let (text, _notes) = edited_text(
                    ready.engine.as_ref(),
                    display,
                    current,
                    |engine, doc: &mut DocumentMut| -> Result<Vec<String>, Error> {
                        match &op {
                            EditBody::Add {
                                id,
                                figures,
                                label,
                                skills,
                                options,
                                guns,
                                free_skill,
                            } => engine
                                .add_unit(
                                    doc,
                                    &NewUnit {
                                        id: id.clone(),
                                        figures: *figures,
                                        label: label.clone().filter(|l| !l.is_empty()),
                                        extras: skills.clone(),
                                        options: options.clone(),
                                        guns: *guns,
                                        free_skill: free_skill
                                            .clone()
                                            .filter(|s| !s.is_empty())
                                            .map(|skill| FreeSkill { unit: None, skill }),
                                    },
                                )
                                .map(|()| Vec::new()),
                            EditBody::Set {
                                unit,
                                figures,
                                label,
                                skills,
                                options,
                                clear_options,
                                guns,
                                free_skill,
                            } => engine.set_unit(
                                doc,
                                *unit,
                                &UnitChange {
                                    figures: *figures,
                                    label: label.clone(),
                                    skills: skills.clone(),
                                    options: options.clone(),
                                    clear_options: *clear_options,
                                    guns: *guns,
                                    free_skill: free_skill
                                        .clone()
                                        .map(|s| Some(s).filter(|s| !s.is_empty())),
                                },
                            ),
                            EditBody::Move { unit, to } => engine.move_unit(doc, *unit, *to),
                            EditBody::Remove { unit } => engine.remove_unit(doc, *unit),
                            EditBody::Count { unit, count } => {
                                engine.set_count(doc, *unit, *count).map(|()| Vec::new())
                            }
                        }
                    },
                )?;
                Ok(text)
            });
        match result {
            Ok((text, _)) => list_view(&app, &name, text, None, q.lang.as_deref()),
            Err(e) => store_error(e),
        }
    })
    .await
}

/// `GET /api/lists/{name}/offers[?lang=…]`: what the list may take (the picker), named in
/// the language asked, else the list's, else the ruleset's first.
pub async fn offers(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<LangQuery>,
) -> Response {
    blocking(move || {
        let c = match stored(&app, &name) {
            Ok(c) => c,
            Err(r) => return r,
        };
        let ruleset = c.check.ruleset;
        let asked = q.lang.as_deref().or(c.check.lang.map(|l| l.id()));
        let lang = page_lang(ruleset, asked);
        let labels = c.ready.words(lang);
        match c.ready.engine.offers(&c.sources, c.file, lang, &labels) {
            Ok(o) => json_response(StatusCode::OK, to_json(&o)),
            Err(e) => json_error(StatusCode::UNPROCESSABLE_ENTITY, &e.to_string()),
        }
    })
    .await
}

// ── documents ───────────────────────────────────────────────────────────────────────────────

// ── previews between two lists' units ─────────────────────────────────────────────────────

/// A 1-based unit number from the query.
fn unit_number(field: &str, value: Option<&str>, list: &str) -> Result<usize, Response> {
    let bad = |found: &str| {
        json_error(
            StatusCode::BAD_REQUEST,
            &format!(
                "{field}= is a unit number of {list} (1, 2, …), found `{}`",
                found.escape_debug()
            ),
        )
    };
    match value {
        None => Err(bad("")),
        Some(v) => match v.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(bad(v)),
        },
    }
}

/// The two lists of a duel or a matchup: this one and `against=` (checked, of one ruleset),
/// and the situation the rest of the query sets (`lang=` aside).
struct Facing {
    c: Box<Checked>,
    other: ListCheck,
    other_name: String,
    situation: duel::DuelSituation,
    lang: Lang,
    labels: Arc<toml::Table>,
}

fn facing(
    app: &App,
    name: &str,
    q: &mut std::collections::BTreeMap<String, String>,
) -> Result<Facing, Response> {
    let Some(other_name) = q.remove("against") else {
        return Err(json_error(
            StatusCode::BAD_REQUEST,
            "against= names the opponent's list, whose units face this one's",
        ));
    };
    let asked_lang = q.remove("lang");
    let mut c = stored(app, name)?;
    let mut other = against(app, &mut c, &other_name).map_err(store_error)?;
    let ruleset = c.ready.engine.ruleset();
    let situation = duel::duel_situation(ruleset.meta().duel_choices, q)
        .map_err(|e| json_error(StatusCode::BAD_REQUEST, &e.to_string()))?;
    let lang = page_lang(
        ruleset,
        asked_lang.as_deref().or(c.check.lang.map(|l| l.id())),
    );
    let labels = c.ready.words(lang);
    // Units named in the page's language.
    c.check.in_lang(lang);
    other.in_lang(lang);
    Ok(Facing {
        c,
        other,
        other_name,
        situation,
        lang,
        labels,
    })
}

/// `GET /api/lists/{name}/duel?against=OTHER&unit=I&enemy=J[&lang=…][&chart=PX][&CHOICE=VALUE…]`: the
/// previews between unit I of the list and unit J of OTHER (the ruleset's procedures, as
/// `muster preview` gives them, in the situation the ruleset's choices set), each with its
/// headline numbers in words, its text, its chart as SVG (the `--plot` drawing) and the
/// command behind it; the choices in words, a side's value by its unit's name.
pub async fn duel(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(mut q): Query<std::collections::BTreeMap<String, String>>,
) -> Response {
    blocking(move || {
        let (unit_text, enemy_text) = (q.remove("unit"), q.remove("enemy"));
        let chart = match chart_width(&mut q) {
            Ok(w) => w,
            Err(r) => return r,
        };
        let f = match facing(&app, &name, &mut q) {
            Ok(f) => f,
            Err(r) => return r,
        };
        let unit = match unit_number("unit", unit_text.as_deref(), &name) {
            Ok(n) => n,
            Err(r) => return r,
        };
        let enemy = match unit_number("enemy", enemy_text.as_deref(), &f.other_name) {
            Ok(n) => n,
            Err(r) => return r,
        };
        let (pa, pb) = (app.store.shown(&name), app.store.shown(&f.other_name));
        let a = DuelSide {
            list: &f.c.check,
            unit,
            path: &pa,
        };
        let b = DuelSide {
            list: &f.other,
            unit: enemy,
            path: &pb,
        };
        let engine = f.c.ready.engine.as_ref();
        let duels = match duel::duels(engine, a, b, &f.situation, (f.lang, &f.labels)) {
            Ok(d) => d,
            Err(e) => return json_error(StatusCode::BAD_REQUEST, &e.to_string()),
        };
        let side = |s: DuelSide, list: &str| match s.row() {
            Ok(row) => json!({ "list": list, "unit": s.unit, "label": row.label, "id": row.id }),
            Err(_) => serde_json::Value::Null,
        };
        let (la, lb) = (a.label().unwrap_or_default(), b.label().unwrap_or_default());
        let duels = duels_json(&duels, chart, f.lang);
        json_response(
            StatusCode::OK,
            to_json(&json!({
                "a": side(a, &name),
                "b": side(b, &f.other_name),
                "lang": f.lang.id(),
                "commands_in_lists": app.store.commands_in_lists(),
                "situation": f.situation,
                "choices": duel::choices_in_words(engine.ruleset().meta().duel_choices, &f.labels, &la, &lb),
                "duels": duels,
            })),
        )
    })
    .await
}

/// `GET /api/lists/{name}/matchups?against=OTHER[&lang=…][&CHOICE=VALUE…]`: the matchup
/// table (`muster matchups --format json`), each table titled in words with the two lists'
/// names, the choices in words.
pub async fn matchups(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(mut q): Query<std::collections::BTreeMap<String, String>>,
) -> Response {
    blocking(move || {
        let f = match facing(&app, &name, &mut q) {
            Ok(f) => f,
            Err(r) => return r,
        };
        let (pa, pb) = (app.store.shown(&name), app.store.shown(&f.other_name));
        let engine = f.c.ready.engine.as_ref();
        let mut m = match crate::rulesets::matchup::matchups(
            engine,
            (&f.c.check, &pa),
            (&f.other, &pb),
            &f.situation,
            // The lists' own house rules only: a page turns none on.
            &[],
        ) {
            Ok(m) => m,
            Err(e) => return json_error(StatusCode::UNPROCESSABLE_ENTITY, &e.to_string()),
        };
        // Why a pair cannot play a preview, in the page's words where the rules refuse.
        let words = crate::core::words::Layered {
            own: f.labels.as_ref(),
            lang: f.lang,
        };
        for cell in &mut m.cells {
            if let Some(why) = &cell.cannot {
                cell.why = Some(why.say(f.lang, &words));
            }
        }
        let (na, nb) = (f.c.check.name.clone(), f.other.name.clone());
        let said = duel::situation_words(
            engine.ruleset().meta().duel_choices,
            &f.situation,
            &f.labels,
            &na,
            &nb,
        );
        let titles: Vec<String> = m
            .tables
            .iter()
            .map(|t| {
                let template = f
                    .labels
                    .get(&format!("duel_{}", t.procedure))
                    .and_then(|v| v.as_str())
                    .unwrap_or(t.procedure);
                let (x, y) = match t.way {
                    crate::rulesets::matchup::Way::Out => (&na, &nb),
                    crate::rulesets::matchup::Way::In => (&nb, &na),
                };
                duel::title(template, x, y, &said)
            })
            .collect();
        // What a cell's mark means, in the page's words (a gun's canister, charging cavalry).
        let marks: Vec<serde_json::Value> = m
            .tables
            .iter()
            .map(|t| {
                t.marks
                    .iter()
                    .map(|(key, mark, said)| {
                        let words = f
                            .labels
                            .get(&format!("variant_{key}"))
                            .and_then(|v| v.as_str())
                            .unwrap_or(said);
                        json!({ "key": key, "mark": mark, "said": words })
                    })
                    .collect()
            })
            .collect();
        let mut body = serde_json::to_value(&m).unwrap_or_default();
        body["titles"] = json!(titles);
        body["marks"] = json!(marks);
        body["choices"] =
            duel::choices_in_words(engine.ruleset().meta().duel_choices, &f.labels, &na, &nb);
        body["lang"] = json!(f.lang.id());
        json_response(StatusCode::OK, to_json(&body))
    })
    .await
}

#[derive(Deserialize)]
pub struct PrintQuery {
    lang: Option<String>,
    paper: Option<String>,
    #[serde(default)]
    allow_invalid: bool,
}

/// The language (`lang=`, else the list's, else the ruleset's first) and paper of a document.
fn print_options(
    ruleset: Ruleset,
    list: Option<Lang>,
    q: &PrintQuery,
) -> Result<(Lang, Paper), Response> {
    let lang = match q.lang.as_deref() {
        None => list
            .filter(|l| ruleset.languages().contains(l))
            .or(ruleset.languages().first().copied())
            .unwrap_or_default(),
        Some(id) => match ruleset.languages().iter().find(|l| l.id() == id) {
            Some(l) => *l,
            None => {
                let known: Vec<&str> = ruleset.languages().iter().map(|l| l.id()).collect();
                return Err(json_error(
                    StatusCode::BAD_REQUEST,
                    &format!(
                        "lang={}: {} is printed in {}",
                        id.escape_debug(),
                        ruleset.title(),
                        known.join(", ")
                    ),
                ));
            }
        },
    };
    let paper = match q.paper.as_deref() {
        None | Some("a4") => Paper::A4,
        Some("letter") => Paper::Letter,
        Some(p) => {
            return Err(json_error(
                StatusCode::BAD_REQUEST,
                &format!("paper={}: a4 or letter", p.escape_debug()),
            ))
        }
    };
    Ok((lang, paper))
}

/// A document of a list: `make` gets the checked list and the print options.
fn document(
    app: &App,
    name: &str,
    q: &PrintQuery,
    kind: &'static str,
    make: impl FnOnce(&Checked, Lang, Paper) -> Result<Vec<u8>, Error>,
) -> Response {
    let c = match stored(app, name) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let (lang, paper) = match print_options(c.check.ruleset, c.check.lang, q) {
        Ok(o) => o,
        Err(r) => return r,
    };
    match make(&c, lang, paper) {
        Ok(bytes) => ([(header::CONTENT_TYPE, kind)], bytes).into_response(),
        Err(e) => json_error(StatusCode::UNPROCESSABLE_ENTITY, &e.to_string()),
    }
}

/// `GET /lists/{name}/cards.pdf[?lang=…&paper=…&allow_invalid=true]`.
pub async fn cards(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<PrintQuery>,
) -> Response {
    blocking(move || {
        document(&app, &name, &q, "application/pdf", |c, lang, paper| {
            if !c.check.is_valid() && !q.allow_invalid {
                return Err(Error::Invalid(format!(
                    "{name} is not a legal list: fix it, or print anyway (allow_invalid=true)"
                )));
            }
            list_cards(c.ready.engine.as_ref(), &c.check, lang, paper)
        })
    })
    .await
}

/// `GET /lists/{name}/roster.pdf[?lang=…&paper=…]`.
pub async fn roster_pdf(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<PrintQuery>,
) -> Response {
    blocking(move || {
        document(&app, &name, &q, "application/pdf", |c, lang, paper| {
            roster_document(
                c.ready.engine.as_ref(),
                &c.check,
                &c.sources,
                lang,
                RosterFormat::Pdf,
                paper,
                None,
            )
        })
    })
    .await
}

/// `GET /lists/{name}/roster.html[?lang=…]`: the print view.
pub async fn roster_html(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<PrintQuery>,
) -> Response {
    blocking(move || {
        document(
            &app,
            &name,
            &q,
            "text/html; charset=utf-8",
            |c, lang, paper| {
                roster_document(
                    c.ready.engine.as_ref(),
                    &c.check,
                    &c.sources,
                    lang,
                    RosterFormat::Html,
                    paper,
                    None,
                )
            },
        )
    })
    .await
}

/// `GET /api/lists/{name}/share[?lang=…]`: the list's share code (`muster list share`), its
/// QR code as SVG when one a phone reads holds it (else why not), and the list as text for a
/// chat (`muster roster --format text`) in `lang`.
pub async fn share(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<PrintQuery>,
) -> Response {
    blocking(move || {
        let c = match stored(&app, &name) {
            Ok(c) => c,
            Err(r) => return r,
        };
        let (lang, paper) = match print_options(c.check.ruleset, c.check.lang, &q) {
            Ok(o) => o,
            Err(r) => return r,
        };
        let engine = c.ready.engine.as_ref();
        let path = app.store.dir.join(&name);
        let code = rulesets::share::shared(engine, &path, c.sources.text(c.file), &c.check)
            .and_then(|s| crate::core::share_code::encode(&s).map_err(Error::Render));
        let code = match code {
            Ok(code) => code,
            Err(e) => return json_error(StatusCode::UNPROCESSABLE_ENTITY, &e.to_string()),
        };
        let (qr, qr_note) = match crate::commands::share::code_qr(&code) {
            Ok(qr) => (Some(qr.svg()), None),
            Err(why) => (None, Some(why)),
        };
        let text = roster_document(
            engine,
            &c.check,
            &c.sources,
            lang,
            RosterFormat::Text,
            paper,
            None,
        )
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
        json_response(
            StatusCode::OK,
            to_json(&json!({
                "code": code,
                "length": code.len(),
                "qr_svg": qr,
                "qr_note": qr_note,
                "text": text,
            })),
        )
    })
    .await
}

#[derive(Deserialize)]
pub struct ImportBody {
    code: String,
    /// The list file to write (default: the sharer's name).
    #[serde(default)]
    name: Option<String>,
    /// The page's language, for what the import says.
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/import {"code": …, "name": …}`: `muster list import` into the lists folder
/// (the sheets the code carried into the player's data folder), never over a file there.
pub async fn import(State(app): Shared, body: Bytes) -> Response {
    blocking(move || {
        let asked: ImportBody = match serde_json::from_slice(&body) {
            Ok(b) => b,
            Err(e) => return json_error(StatusCode::BAD_REQUEST, &format!("the body: {e}")),
        };
        import_code(&app, asked)
    })
    .await
}

/// What `POST /api/import/picture` is asked besides the picture.
#[derive(Deserialize)]
pub struct PictureQuery {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/import/picture?name=…&lang=…`, the body a picture (PNG or JPEG, at most
/// [`super::MAX_PICTURE_BODY`]): the share code its QR code holds, read as `muster list
/// import PICTURE` reads it, then imported as a pasted code is. A body that is no picture, or
/// holds no code, is refused in the page's language with what to do.
pub async fn import_picture(
    State(app): Shared,
    Query(asked): Query<PictureQuery>,
    body: Bytes,
) -> Response {
    blocking(
        move || match crate::commands::share::code_of_picture(&body) {
            Ok(code) => import_code(
                &app,
                ImportBody {
                    code,
                    name: asked.name,
                    lang: asked.lang,
                },
            ),
            Err(why) => {
                let lang = asked_lang(asked.lang.as_deref());
                json_error(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    &why.say(lang, crate::core::words::shared(lang)),
                )
            }
        },
    )
    .await
}

/// The page's language as asked (English when none or unknown).
fn asked_lang(asked: Option<&str>) -> Lang {
    Lang::ALL
        .iter()
        .find(|l| Some(l.id()) == asked)
        .copied()
        .unwrap_or(Lang::En)
}

/// A share code imported into the lists folder, answered as `POST /api/import` answers.
fn import_code(app: &App, asked: ImportBody) -> Response {
    {
        let out = match asked
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            Some(n) => match app.store.fresh(n) {
                Ok(p) => Some(p),
                Err(e) => return store_error(e),
            },
            None => None,
        };
        let done = crate::commands::share::import(
            &app.dirs,
            None,
            &asked.code,
            out.as_deref(),
            &app.store.dir,
            &app.player_dir,
        );
        match done {
            Ok(done) => {
                app.forget(done.ruleset);
                let lang = page_lang(done.ruleset, asked.lang.as_deref());
                let labels = app
                    .engine(done.ruleset)
                    .map(|r| r.words(lang))
                    .unwrap_or_default();
                let words = crate::core::words::Layered {
                    own: labels.as_ref(),
                    lang,
                };
                let notes: Vec<String> = done.notes.iter().map(|n| n.say(lang, &words)).collect();
                let name = done
                    .list
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                json_response(
                    StatusCode::CREATED,
                    to_json(&json!({
                        "name": name,
                        "title": done.name,
                        "ruleset": done.ruleset.id(),
                        "valid": done.valid,
                        "sheets": done.sheets.len(),
                        "notes": notes,
                    })),
                )
            }
            // Said without the folder's place on this machine.
            Err(ImportError::ListExists(path)) => {
                let file = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let lang = asked_lang(asked.lang.as_deref());
                let said = crate::core::words::Phrase::new(
                    "import-exists",
                    "a list `{file}` is there already: give this one another file name; nothing written",
                )
                .text("file", file)
                .say(lang, crate::core::words::shared(lang));
                json_error(StatusCode::CONFLICT, &said)
            }
            // Each diagnostic where it is in the code (its part, line and column), in the
            // page's language: what the command line prints, never a file of this machine.
            Err(ImportError::Unreadable {
                what,
                diagnostics,
                sources,
            }) => {
                let ruleset = ruleset_of_code(&asked.code);
                let (lang, labels) = match ruleset {
                    Some(r) => {
                        let lang = page_lang(r, asked.lang.as_deref());
                        let labels = app.engine(r).map(|ready| ready.words(lang)).ok();
                        (lang, labels)
                    }
                    None => (asked_lang(asked.lang.as_deref()), None),
                };
                let labels = labels.as_deref().cloned().unwrap_or_default();
                let shown: Vec<serde_json::Value> = diagnostics
                    .iter()
                    .take(MAX_SHOWN_DIAGNOSTICS)
                    .map(|d| {
                        let (line, column) = d.line_column(&sources).unwrap_or((0, 0));
                        json!({
                            "part": d.file.map(|f| sources.name(f)),
                            "line": line,
                            "column": column,
                            "message": crate::rulesets::printed_message(d, lang, &labels),
                        })
                    })
                    .collect();
                json_response(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    to_json(&json!({
                        "error": what.say(lang, crate::core::words::shared(lang)),
                        "diagnostics": shown,
                        "more": diagnostics.len().saturating_sub(MAX_SHOWN_DIAGNOSTICS),
                    })),
                )
            }
            Err(ImportError::Failed(e @ (Error::Usage(_) | Error::Invalid(_)))) => json_error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &app.store.unplaced(&e.to_string()),
            ),
            Err(ImportError::Failed(e)) => json_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                &app.store.unplaced(&e.to_string()),
            ),
        }
    }
}

/// The most diagnostics an import's refusal lists on the page (the rest are counted).
const MAX_SHOWN_DIAGNOSTICS: usize = 20;

/// The ruleset a share code names, if it decodes.
fn ruleset_of_code(code: &str) -> Option<Ruleset> {
    crate::core::share_code::decode(code)
        .ok()
        .and_then(|s| s.ruleset.parse().ok())
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

    /// Every language of the pages has every word: a page never shows a key.
    #[test]
    fn every_language_has_every_word() {
        let words = super::page_words().unwrap();
        let langs = words.as_object().unwrap();
        let keys = |l: &str| -> std::collections::BTreeSet<String> {
            langs[l].as_object().unwrap().keys().cloned().collect()
        };
        for l in ["fr", "es"] {
            assert_eq!(keys(l), keys("en"), "{l}");
        }
        assert_eq!(langs.len(), 3);
    }
}
