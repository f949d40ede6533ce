//! A player's page of the event served (`muster serve --event`), on their phone: opened by
//! their own join link (`/join/TOKEN`, which gives the phone a cookie of theirs), it submits
//! their list by share code or a photo of its QR code and shows its check at once, shows
//! their table, opponent and the opponent's club in the current round, and reports the
//! table's result from their side. A player reaches their own entry and table only: a report
//! for another table is refused.

use axum::body::Bytes;
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::app::{App, Shared};
use super::event::{entry_json, event_html, in_lang, served, table_json, EventServe};
use super::query::{asked_lang, LangQuery};
use super::reply::{blocking, json_response, ApiError};
use crate::core::error::Error;
use crate::core::share_code::MAX_CODE_CHARS;
use crate::event::entries::CodeRefusal;
use crate::event::file::{EventFile, Outcome, MAX_SCORE};
use crate::event::open::{same_player, Write};
use crate::event::{self, check, entries, rounds};
use crate::ops::to_json;

const PLAYER_PAGE: &str = include_str!("../../templates/web/player.html");

/// `GET /join/TOKEN`: a player's join link: their page, with the cookie that keeps it theirs
/// (the page then drops the token from the address bar). A token that is no player's: 401.
pub async fn join(
    State(app): Shared,
    UrlPath(token): UrlPath<String>,
) -> Result<Response, ApiError> {
    let ev = served(&app)?;
    if ev.player_of_token(&token).is_none() {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "this join link is no player's of this event (the server was started again since it was printed?): ask the organiser for yours",
        ));
    }
    let file = ev.read()?;
    let mut r = event_html(PLAYER_PAGE, &file.event.lang);
    let h = r.headers_mut();
    if let Ok(v) = ev.cookie_for(&token).parse() {
        h.insert(header::SET_COOKIE, v);
    }
    h.insert(header::CACHE_CONTROL, "no-store".parse().expect("a header"));
    h.insert(
        header::REFERRER_POLICY,
        "no-referrer".parse().expect("a header"),
    );
    Ok(r)
}

/// `GET /player`: the page of the player whose cookie the phone holds.
pub async fn page(State(app): Shared, headers: HeaderMap) -> Result<Response, ApiError> {
    let ev = served(&app)?;
    me(ev, &headers)?;
    let file = ev.read()?;
    Ok(event_html(PLAYER_PAGE, &file.event.lang))
}

/// A refusal the player's page says in its own words: `{"error", "code", …}` (the page's
/// words `ev_err_CODE`, filled with `vars`), the English sentence for every other client.
fn refused(status: StatusCode, code: &str, message: String, vars: Value) -> ApiError {
    let mut body = json!({ "error": message, "code": code });
    if let (Some(b), Some(v)) = (body.as_object_mut(), vars.as_object()) {
        b.extend(v.clone());
    }
    ApiError::Answer(json_response(status, to_json(&body)))
}

/// The player a request is from (their cookie), or 401.
fn me(ev: &EventServe, headers: &HeaderMap) -> Result<String, ApiError> {
    ev.player_of(headers).ok_or_else(|| {
        refused(
            StatusCode::UNAUTHORIZED,
            "not_joined",
            "open your join link first (the organiser's page shows it, as a link and a QR code)"
                .into(),
            Value::Null,
        )
    })
}

/// The player's entry's name in `file` (as the entries spell it), or 404.
fn entry_name(file: &EventFile, who: &str) -> Result<String, ApiError> {
    file.entries
        .iter()
        .find(|e| same_player(&e.player, who))
        .map(|e| e.player.clone())
        .ok_or_else(|| {
            refused(
                StatusCode::NOT_FOUND,
                "no_entry",
                "you have no entry in the event now: ask the organiser".into(),
                Value::Null,
            )
        })
}

/// `GET /api/event/me?lang=…`: the player's entry checked (in the page's language), and
/// their seat in the current round: the table, the opponent and their club, the result, each
/// side's report; or the bye.
pub async fn state(State(app): Shared, headers: HeaderMap, Query(q): Query<LangQuery>) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let who = me(ev, &headers)?;
        let version = ev.version();
        let file = ev.read()?;
        let name = entry_name(&file, &who)?;
        let lang = asked_lang(q.lang.as_deref());
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "version": version,
                "event": file.event.name,
                "lang": file.event.lang,
                "player": name,
                "entry": checked(&app, ev, &file, &name, lang)?,
                "round": seat(&file, &name),
            })),
        ))
    })
    .await
}

/// The player's entry checked over the server's data, in `lang`.
fn checked(
    app: &App,
    ev: &EventServe,
    file: &EventFile,
    name: &str,
    lang: crate::core::i18n::Lang,
) -> Result<Value, ApiError> {
    let Some(entry) = file.entries.iter().find(|e| e.player == name) else {
        return Ok(Value::Null);
    };
    let ruleset = crate::event::open::ruleset(file).map_err(|m| ev.refusal(Error::Usage(m)))?;
    let (engine, sources) = event::load(ruleset, &app.dirs).map_err(|e| ev.refusal(e))?;
    let mut checker = check::Checker::new(engine, sources, &in_lang(file, lang));
    Ok(entry_json(&checker.check(entry)))
}

/// Where `name` sits in the last round: their table (with which side they are) or the bye.
fn seat(file: &EventFile, name: &str) -> Value {
    let Some(r) = file.rounds.last() else {
        return Value::Null;
    };
    if r.bye.as_deref() == Some(name) {
        return json!({ "round": r.round, "bye": true });
    }
    match r.tables.iter().find(|t| t.a == name || t.b == name) {
        Some(t) => {
            let mut v = table_json(file, t);
            v["round"] = json!(r.round);
            v["side"] = json!(if t.a == name { "a" } else { "b" });
            v
        }
        None => json!({ "round": r.round, "unpaired": true }),
    }
}

#[derive(Deserialize)]
pub struct CodeBody {
    code: String,
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/event/me/code {code}`: the player's list, by share code, in the place of their
/// entry (their club kept), checked at once.
pub async fn code(State(app): Shared, headers: HeaderMap, Json(body): Json<CodeBody>) -> Response {
    blocking(move || submit(&app, &headers, body.code.trim(), body.lang.as_deref())).await
}

/// `POST /api/event/me/picture?lang=…` (a PNG or JPEG): the share code read from a photo of
/// its QR code (as the lists page's import reads it), then as [`code`].
pub async fn picture(
    State(app): Shared,
    headers: HeaderMap,
    Query(q): Query<LangQuery>,
    body: Bytes,
) -> Response {
    blocking(move || {
        // The player first: a picture is read for a player of the event only.
        me(served(&app)?, &headers)?;
        picture_code(&app, &headers, &body, &q)
    })
    .await
}

fn picture_code(
    app: &App,
    headers: &HeaderMap,
    body: &[u8],
    q: &LangQuery,
) -> Result<Response, ApiError> {
    match super::share::code_of_picture_one_at_a_time(body) {
        Ok(code) => submit(app, headers, &code, q.lang.as_deref()),
        Err(why) => {
            let lang = asked_lang(q.lang.as_deref());
            Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                why.say(lang, crate::core::words::shared(lang)),
            ))
        }
    }
}

/// The player's entry replaced by `code` (their name and club as the entry has them).
fn submit(
    app: &App,
    headers: &HeaderMap,
    code: &str,
    lang: Option<&str>,
) -> Result<Response, ApiError> {
    let ev = served(app)?;
    let who = me(ev, headers)?;
    let file = ev.read()?;
    let name = entry_name(&file, &who)?;
    let club = file
        .entries
        .iter()
        .find(|e| e.player == name)
        .and_then(|e| e.club.clone());
    // A code the event cannot take, refused in the page's words before it is added.
    let ruleset = crate::event::open::ruleset(&file).map_err(|m| ev.refusal(Error::Usage(m)))?;
    if let Err(why) = entries::read_code(code, ruleset) {
        let vars = match &why {
            CodeRefusal::TooLong { chars } => json!({ "chars": chars, "max": MAX_CODE_CHARS }),
            CodeRefusal::OtherRuleset(theirs) => {
                json!({ "theirs": theirs.title(), "ours": ruleset.title() })
            }
            CodeRefusal::Unreadable(_) | CodeRefusal::UnknownRuleset(_) => Value::Null,
        };
        let english = match why.error(&name, ruleset) {
            Error::Usage(m) => ev.hide(&m),
            other => other.to_string(),
        };
        return Err(refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            why.code(),
            english,
            vars,
        ));
    }
    event::add(
        &ev.path,
        &app.dirs,
        &name,
        club.as_deref(),
        entries::Given::Code(code),
    )
    .map_err(|e| ev.refusal(e))?;
    let file = ev.read()?;
    let entry = checked(app, ev, &file, &name, asked_lang(lang))?;
    Ok(json_response(
        StatusCode::OK,
        to_json(&json!({ "entry": entry })),
    ))
}

#[derive(Deserialize)]
pub struct ReportBody {
    round: u32,
    table: u32,
    /// From the player's side: `win`, `loss` or `draw`.
    result: String,
    /// The player's victory points, then their opponent's.
    #[serde(default)]
    score: Option<[u32; 2]>,
}

/// `POST /api/event/me/result {round, table, result: win|loss|draw, score?: [mine, theirs]}`:
/// the player reports their own table's result. Refused for a table they do not play at.
pub async fn report(
    State(app): Shared,
    headers: HeaderMap,
    Json(body): Json<ReportBody>,
) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let who = me(ev, &headers)?;
        let file = ev.read()?;
        let name = entry_name(&file, &who)?;
        let round = file.rounds.iter().find(|r| r.round == body.round);
        let mine = round.and_then(|r| r.tables.iter().find(|t| t.a == name || t.b == name));
        let Some(t) = mine.filter(|t| t.table == body.table) else {
            let yours = match mine {
                Some(t) => format!("yours is table {}", t.table),
                None => format!("you play at no table of round {}", body.round),
            };
            return Err(refused(
                StatusCode::FORBIDDEN,
                "not_your_table",
                format!(
                    "you report your own table's result only: {yours}, not table {} of round {}",
                    body.table, body.round
                ),
                json!({ "table": body.table, "round": body.round }),
            ));
        };
        if t.result.is_some() {
            return Err(refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "result_stands",
                format!(
                    "round {}, table {} has its result already: the organiser changes it if need be",
                    body.round, body.table
                ),
                Value::Null,
            ));
        }
        let side_a = t.a == name;
        let o = match (body.result.as_str(), side_a) {
            ("win", true) | ("loss", false) => Outcome::A,
            ("win", false) | ("loss", true) => Outcome::B,
            ("draw", _) => Outcome::Draw,
            (other, _) => {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "result `{}`: expected win, loss or draw",
                        crate::core::text::one_line(other)
                    ),
                ))
            }
        };
        // Bounded as the player wrote it (theirs first): turned to the table's order below.
        if let Err(Error::Usage(m)) = rounds::within_score(body.score, "the score") {
            return Err(refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "score_bound",
                m,
                json!({ "max": MAX_SCORE }),
            ));
        }
        let score = body.score.map(|[mine, theirs]| {
            if side_a {
                [mine, theirs]
            } else {
                [theirs, mine]
            }
        });
        let said = ev.edit(|f| {
            let (said, action) = rounds::report(f, body.round, body.table, &name, o, score)?;
            Ok((said, Write::Logged(Box::new(action))))
        })?;
        let file = ev.read()?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "said": said, "round": seat(&file, &name) })),
        ))
    })
    .await
}
