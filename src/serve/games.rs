//! The game companion in the browser: the games folder (`--games`, created with its first
//! game), a game's page data, its marks and undo (the same locked, atomic edits as `muster game
//! mark|undo`, each carrying the version it was made on), and the odds between two of its units
//! as they stand now.

use std::path::Path;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;
use toml_edit::DocumentMut;

use super::app::{App, Shared};
use super::duels::{chart_width, duels_json};
use super::query::page_lang;
use super::query::Named;
use super::reply::{blocking, if_match, json_response, tagged, ApiError};
use super::store::{version, Store, StoreError};
use crate::core::error::Error;
use crate::core::paths::relative;
use crate::ops::to_json;
use crate::rulesets::duel;
use crate::rulesets::game::{self, Change, Game, GameRules};
use crate::rulesets::procedure::{Selector, UnitRef};

/// The games folder as a store: made on first use when `create` (a new game) asks for it.
fn games(app: &App, create: bool) -> Result<&Store, ApiError> {
    if let Some(s) = app.games.get() {
        return Ok(s);
    }
    if !app.games_dir.is_dir() {
        if !create {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "no games yet: the games folder does not exist",
            ));
        }
        std::fs::create_dir_all(&app.games_dir).map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!(
                    "the games folder cannot be made: {}",
                    crate::core::error::io_words(&e)
                ),
            )
        })?;
    }
    let store = Store::of(&app.games_dir, "game").map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the games folder: {}", e.reason()),
        )
    })?;
    let _ = app.games.set(store);
    app.games
        .get()
        .ok_or_else(|| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the games folder"))
}

/// An error's words as a page may show them: the folders' own paths taken out, so that a list
/// or game is named by its file name and the machine's paths never reach the page.
fn words(app: &App, e: &Error) -> String {
    let mut text = e.to_string();
    let mut folders = vec![app.store.dir.clone(), app.games_dir.clone()];
    folders.extend(app.roots());
    folders.extend(folders.clone().iter().filter_map(|d| d.canonicalize().ok()));
    // The longest first, so that a folder inside another goes whole.
    folders.sort_by_key(|d| std::cmp::Reverse(d.as_os_str().len()));
    for dir in folders {
        let shown = dir.display().to_string();
        if shown.is_empty() || shown == "." {
            continue;
        }
        for sep in ["/../", "/"] {
            text = text.replace(&format!("{shown}{sep}"), "");
        }
    }
    text
}

/// A game read with its ruleset's engine.
fn read(app: &App, path: &Path, text: &str) -> Result<(Arc<super::app::Ready>, Game), ApiError> {
    let ruleset = crate::rulesets::named_ruleset(text, "game")
        .ok()
        .flatten()
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "not a game file: it has no [game] ruleset muster knows",
            )
        })?;
    let ready = app.ready(ruleset)?;
    let g = game::game_within(ready.engine.as_ref(), path, text, Some(&app.roots()))
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, words(app, &e)))?;
    Ok((ready, g))
}

/// A game of the games folder, read with its ruleset's engine.
fn open<'a>(
    app: &'a App,
    name: &str,
) -> Result<(&'a Store, Arc<super::app::Ready>, Game), ApiError> {
    let store = games(app, false)?;
    let (path, text) = store.read(name)?;
    let (ready, g) = read(app, &path, &text)?;
    Ok((store, ready, g))
}

#[derive(Deserialize)]
pub struct LangQuery {
    lang: Option<String>,
}

/// The page's view of a game: `muster game show --format json`, its version, and the
/// ruleset's states and values in the page's language.
fn view(
    app: &App,
    name: &str,
    path: &Path,
    text: &str,
    lang: Option<&str>,
) -> Result<Response, ApiError> {
    let (ready, mut g) = read(app, path, text)?;
    let rules = ready
        .engine
        .games()
        .map(|g| g.game_rules())
        .cloned()
        .unwrap_or_default();
    let ruleset = ready.engine.ruleset();
    let lang = page_lang(ruleset, lang.or(g.a.lang.map(|l| l.id())));
    g.in_lang(lang);
    let v = version(text.as_bytes());
    // The game's view and the page's keys, one map: the keys sorted, as they always were.
    let mut body = serde_json::to_value(crate::ops::game::game_view(
        ready.engine.as_ref(),
        &g,
        &rules,
    ))
    .unwrap_or_default();
    body["name"] = json!(name);
    body["version"] = json!(v);
    body["title"] = json!(ruleset.title_in(lang));
    body["lang"] = json!(lang.id());
    body["states"] = json!(rules
        .state
        .iter()
        .map(|s| json!({ "id": s.id, "name": s.name.get(lang), "rule": s.rule }))
        .collect::<Vec<_>>());
    body["values"] = json!(rules
        .value
        .iter()
        .map(|x| json!({ "id": x.id, "name": x.name.get(lang), "rule": x.rule, "max": x.max }))
        .collect::<Vec<_>>());
    body["thresholds"] = json!(rules
        .threshold
        .iter()
        .map(|t| json!({ "id": t.id, "name": t.name.get(lang), "rule": t.rule, "value": t.value }))
        .collect::<Vec<_>>());
    body["scored"] = json!(rules.victory.is_some());
    Ok(tagged(json_response(StatusCode::OK, to_json(&body)), &v))
}

/// `GET /api/games`: each game with its lists, turn and version.
pub async fn list(State(app): Shared) -> Response {
    blocking(move || {
        let store = match games(&app, false) {
            Ok(s) => s,
            Err(_) => return Ok(json_response(StatusCode::OK, "[]".into())),
        };
        let names = store.names()?;
        let rows: Vec<serde_json::Value> = names
            .iter()
            .map(|name| match store.read(name) {
                Ok((path, text)) => match read(&app, &path, &text) {
                    Ok((_, g)) => json!({
                        "name": name, "version": version(text.as_bytes()),
                        "a": g.a.name, "b": g.b.name, "turn": g.file.game.turn,
                        "ruleset": g.file.game.ruleset, "scenario": g.file.game.scenario,
                    }),
                    Err(_) => json!({ "name": name, "error": "not a game muster can read" }),
                },
                Err(_) => json!({ "name": name, "error": "unreadable" }),
            })
            .collect();
        Ok::<_, ApiError>(json_response(StatusCode::OK, to_json(&rows)))
    })
    .await
}

#[derive(Deserialize)]
pub struct NewGame {
    name: String,
    a: String,
    b: String,
    scenario: Option<String>,
    lang: Option<String>,
}

/// `POST /api/games` `{"name", "a", "b", "scenario"}`: a new game between two lists of the
/// lists folder.
pub async fn create(State(app): Shared, body: Bytes) -> Response {
    blocking(move || {
        let spec: NewGame = serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("the body: {e}")))?;
        Store::check_name_of("game", &spec.name)?;
        let (a_path, b_path) = match (app.store.existing(&spec.a), app.store.existing(&spec.b)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => return Err(e.into()),
        };
        // Each list's ruleset: a game is between two lists of one.
        let mut sources = crate::core::source::Sources::new();
        let mut rulesets = Vec::new();
        let mut texts = Vec::new();
        for (name, path) in [(&spec.a, &a_path), (&spec.b, &b_path)] {
            let (_, text) = app.store.read(name)?;
            texts.push(text.clone());
            let id = sources.add(path, text);
            let r = crate::rulesets::peek(&sources, id).map_err(|d| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("{name}: {}", d.message),
                )
            })?;
            rulesets.push(r);
        }
        let ruleset = rulesets[0];
        if rulesets[1] != ruleset {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "a game is between two lists of one ruleset: {} is a list of {}, {} of {}",
                    spec.a,
                    ruleset.title(),
                    spec.b,
                    rulesets[1].title()
                ),
            ));
        }
        let ready = app.ready(ruleset)?;
        let engine = ready.engine.as_ref();
        let (a, b) = match (
            crate::rulesets::list_file::read_list_within(engine, &a_path, Some(&app.roots())),
            crate::rulesets::list_file::read_list_within(engine, &b_path, Some(&app.roots())),
        ) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                // Lists named as the page names them: by file name in the lists folder.
                let folder = format!("{}{}", app.store.dir.display(), std::path::MAIN_SEPARATOR);
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    e.to_string().replace(&folder, ""),
                ));
            }
        };
        if engine.games().map(|g| g.game_rules()).is_none() {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("{} has no army lists to play", ruleset.title()),
            ));
        }
        let store = games(&app, true)?;
        let (a_rel, b_rel) = match (relative(&a_path, &store.dir), relative(&b_path, &store.dir)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    e.to_string(),
                ))
            }
        };
        let texts = [&texts[0], &texts[1]];
        let doc = game::new_game(
            engine,
            game::Begin {
                path: &a_rel,
                text: texts[0],
                list: &a,
            },
            game::Begin {
                path: &b_rel,
                text: texts[1],
                list: &b,
            },
            spec.scenario.as_deref().filter(|s| !s.trim().is_empty()),
        );
        let doc =
            doc.map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, words(&app, &e)))?;
        let text = doc.to_string();
        store.create(&spec.name, &text)?;
        let path = store.dir.join(&spec.name);
        let mut r = view(&app, &spec.name, &path, &text, spec.lang.as_deref())?;
        *r.status_mut() = StatusCode::CREATED;
        Ok(r)
    })
    .await
}

/// `GET /api/games/{name}[?lang=…]`.
pub async fn get(Named { app, name, q }: Named<LangQuery>) -> Response {
    blocking(move || {
        let store = games(&app, false)?;
        let (path, text) = store.read(&name)?;
        view(&app, &name, &path, &text, q.lang.as_deref())
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkBody {
    /// `a3`, a label, or `a`/`b` for a side value; absent for a new turn.
    unit: Option<String>,
    lost: Option<u32>,
    back: Option<u32>,
    state: Option<String>,
    on: Option<bool>,
    value: Option<String>,
    set: Option<u32>,
    #[serde(default)]
    turn: bool,
}

/// `POST /api/games/{name}/mark[?lang=…]` with `If-Match`: one mark, as `muster game mark`.
pub async fn mark(
    Named { app, name, q }: Named<LangQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    blocking(move || {
        let m: MarkBody = serde_json::from_slice(&body).map_err(|_| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                "a mark is a unit and what happened to it: lost or back (a whole number from 1 to 1000), a state (with on), a side's value (with set), or the turn",
            )
        })?;
        // One thing a mark: the command line refuses two at once, and so does the page.
        let said: Vec<&str> = [
            ("lost", m.lost.is_some()),
            ("back", m.back.is_some()),
            ("state", m.state.is_some()),
            ("value", m.value.is_some()),
            ("turn", m.turn),
        ]
        .iter()
        .filter(|(_, given)| *given)
        .map(|(what, _)| *what)
        .collect();
        if said.len() > 1 {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "a mark says one thing: lost, back, state, value or turn (this one says {})",
                    said.join(" and ")
                ),
            ));
        }
        for (what, n) in [("lost", m.lost), ("back", m.back)] {
            if let Some(n) = n.filter(|n| !(1..=game::MAX_LOST).contains(n)) {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("{what}: from 1 to {}, found {n}", game::MAX_LOST),
                ));
            }
        }
        let change = if m.turn {
            Change::Turn
        } else if let Some(k) = m.lost {
            Change::Lost(i64::from(k))
        } else if let Some(k) = m.back {
            Change::Lost(-i64::from(k))
        } else if let Some(s) = m.state {
            Change::State {
                id: s,
                on: m.on.unwrap_or(true),
            }
        } else if let (Some(v), Some(set)) = (m.value, m.set) {
            Change::Value { id: v, set }
        } else {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "a mark says what happened: lost, back, state (with on), value (with set) or turn",
            ));
        };
        let key = m.unit.unwrap_or_default();
        edit(&app, &name, &headers, q.lang.as_deref(), |doc, g, rules| {
            game::mark(doc, g, rules, &key, &change)
        })
    })
    .await
}

/// `POST /api/games/{name}/undo[?lang=…]` with `If-Match`: the last mark taken back.
pub async fn undo(Named { app, name, q }: Named<LangQuery>, headers: HeaderMap) -> Response {
    blocking(move || edit(&app, &name, &headers, q.lang.as_deref(), game::undo)).await
}

fn edit(
    app: &App,
    name: &str,
    headers: &HeaderMap,
    lang: Option<&str>,
    change: impl FnOnce(
        &mut DocumentMut,
        &Game,
        &GameRules,
    ) -> Result<crate::core::words::Phrase, Error>,
) -> Result<Response, ApiError> {
    let store = games(app, false)?;
    let expected = if_match(headers);
    let result = store.update(name, expected.as_deref(), |path, current| {
        let (ready, _) = read(app, path, current)
            .map_err(|_| StoreError::Refused(format!("{name} is not a game muster can read")))?;
        game::edit_text(
            ready.engine.as_ref(),
            path,
            current,
            Some(&app.roots()),
            page_lang(ready.engine.ruleset(), lang),
            change,
        )
        .map(|(text, _)| text)
        .map_err(|e| StoreError::Refused(words(app, &e)))
    });
    let (text, _) = result?;
    view(app, name, &store.dir.join(name), &text, lang)
}

/// `GET /api/games/{name}/odds?a=a3&b=b1[&lang=…][&chart=PX][&CHOICE=VALUE…]`: the previews between a
/// unit of each side as they stand now, each with its headline numbers in words.
pub async fn odds(
    Named { app, name, mut q }: Named<std::collections::BTreeMap<String, String>>,
) -> Response {
    blocking(move || {
        let (store, ready, mut g) = open(&app, &name)?;
        let engine = ready.engine.as_ref();
        let asked_lang = q.remove("lang");
        let (ka, kb) = (q.remove("a").unwrap_or_default(), q.remove("b").unwrap_or_default());
        let chart = chart_width(&mut q)?;
        let situation = duel::duel_situation(engine.ruleset().meta().duel_choices, &q)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
        let lang = page_lang(engine.ruleset(), asked_lang.as_deref().or(g.a.lang.map(|l| l.id())));
        let labels = ready.words(lang);
        g.in_lang(lang);
        let unit = |key: &str| -> Result<(UnitRef, String), Error> {
            let (side, n) = g.find(key)?;
            let l = game::unit_of_game(engine, &g, &Selector::Label(game::unit_key(side, n)))?;
            let label = g.list(side).units[n - 1].label.clone();
            let mut l = l;
            l.path = store.shown(&name);
            Ok((UnitRef::Listed(Box::new(l)), label))
        };
        let (a, b) = match (unit(&ka), unit(&kb)) {
            (Ok(a), Ok(b)) => (a, b),
            // What the rules do not allow, in the page's words.
            (Err(Error::Cannot { said, .. }), _) | (_, Err(Error::Cannot { said, .. })) => {
                let words = crate::core::words::Layered { own: labels.as_ref(), lang };
                return Err(ApiError::new(StatusCode::BAD_REQUEST, said.say(lang, &words)));
            }
            (Err(e), _) | (_, Err(e)) => {
                return Err(ApiError::new(StatusCode::BAD_REQUEST, words(&app, &e)))
            }
        };
        let (la, lb) = (a.1.clone(), b.1.clone());
        let duels = duel::duels_of(engine, a, b, &situation, (lang, &labels))
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
        let duels = duels_json(&duels, chart, lang);
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "a": ka, "b": kb,
                "commands_in_lists": store.commands_in_lists(),
                "situation": situation,
                "choices": duel::choices_in_words(engine.ruleset().meta().duel_choices, &labels, &la, &lb),
                "duels": duels,
            })),
        ))
    })
    .await
}

/// `GET /api/games/{name}/score[?lang=…]`: the game scored as `muster game score` scores it
/// (the ruleset's victory rules, else each side's losses): its JSON and its text.
pub async fn score(Named { app, name, q }: Named<LangQuery>) -> Response {
    blocking(move || {
        let (_, ready, mut g) = open(&app, &name)?;
        let engine = ready.engine.as_ref();
        let lang = page_lang(
            engine.ruleset(),
            q.lang.as_deref().or(g.a.lang.map(|l| l.id())),
        );
        g.in_lang(lang);
        let s = engine
            .ruleset()
            .need(engine.games(), "games")
            .and_then(|x| x.score_game(&g, lang))
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, words(&app, &e)))?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "scored": s.json, "text": s.text })),
        ))
    })
    .await
}
