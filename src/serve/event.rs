//! `muster serve --event EVENT.toml`: the organiser's page of one event (`/event`) and its
//! API. The server opens that one file and no other; every change goes through the event's
//! own lock and atomic write (`crate::event::open::edit`, as the CLI's), so the CLI and the
//! pages may change it at once and nothing is lost; the pages ask for the file's version (a
//! cheap look at its metadata) and read it again when it changed, a result entered from the
//! CLI included.
//!
//! Each player has a join link of their own for their phone (`/join/TOKEN`, a random token of
//! theirs drawn by this run of the server, shown on the organiser's page only): it gives their
//! phone a cookie that opens their page (`event_player`), and nothing else. No reply names a machine path:
//! the event file is named by its file name.

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::app::{App, Shared};
pub(crate) use super::event_state::EventServe;
use super::pages::html;
use super::query::{asked_lang, LangQuery};
use super::reply::{blocking, json_response, ApiError};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::event::file::{EventFile, Outcome, Side, Table};
use crate::event::open::{self, same_player, Write};
use crate::event::{self, check, entries, next_round, print, rounds, standings};
use crate::ops::to_json;

const EVENT_PAGE: &str = include_str!("../../templates/web/event.html");

/// The event served, or 404 when the server serves none.
pub(crate) fn served(app: &App) -> Result<&EventServe, ApiError> {
    app.event.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "this server serves no event: start it with muster serve --event EVENT.toml",
        )
    })
}

/// An event page, its `{event_lang}` the event's language (the page's words, until the
/// reader picks another).
pub(crate) fn event_html(page: &'static str, lang: &str) -> Response {
    html_owned(page.replace("{event_lang}", lang))
}

pub(crate) fn html_owned(body: String) -> Response {
    let mut r = html("");
    *r.body_mut() = axum::body::Body::from(body);
    r
}

/// `GET /event`: the organiser's page.
pub async fn page(State(app): Shared) -> Result<Response, ApiError> {
    let ev = served(&app)?;
    let file = ev.read()?;
    Ok(event_html(EVENT_PAGE, &file.event.lang))
}

/// `GET /api/event/version` (and the player's): the event file's version.
pub async fn version(State(app): Shared) -> Result<Response, ApiError> {
    let ev = served(&app)?;
    Ok(json_response(
        StatusCode::OK,
        to_json(&json!({ "version": ev.version() })),
    ))
}

/// The file with its diagnostics said in `lang` (the page's) instead of the event's.
pub(crate) fn in_lang(file: &EventFile, lang: Lang) -> EventFile {
    let mut f = file.clone();
    lang.id().clone_into(&mut f.event.lang);
    f
}

/// An entry's check as the pages show it.
pub(crate) fn entry_json(c: &check::EntryCheck) -> Value {
    json!({
        "player": c.player,
        "club": c.club,
        "from": c.from,
        "list": c.list,
        "total": c.total,
        "limit": c.limit,
        "valid": c.valid,
        "problems": check::problems(c),
    })
}

/// A table as the pages show it: its players with their clubs, its result, each player's
/// report, whether it is disputed.
pub(crate) fn table_json(file: &EventFile, t: &Table) -> Value {
    let club = |p: &str| {
        file.entries
            .iter()
            .find(|e| e.player == p)
            .and_then(|e| e.club.clone())
    };
    json!({
        "table": t.table,
        "a": t.a,
        "b": t.b,
        "club_a": club(&t.a),
        "club_b": club(&t.b),
        "result": t.result.map(Outcome::id),
        "score": t.score,
        "reports": t.reports.iter().map(|r| json!({
            "side": if r.side == Side::A { "a" } else { "b" },
            "player": if r.side == Side::A { &t.a } else { &t.b },
            "result": r.result.id(),
            "score": r.score,
        })).collect::<Vec<_>>(),
        "disputed": rounds::disputed(t),
    })
}

/// `GET /api/event?lang=…`: the whole event for the organiser: every entry checked (in the
/// page's language) with its player's join link, the rounds with their tables, results,
/// reports and disputes, the standings, the printed documents' links.
pub async fn state(State(app): Shared, Query(q): Query<LangQuery>) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let version = ev.version();
        let file = ev.read()?;
        let lang = asked_lang(q.lang.as_deref());
        let (_, checks, now) =
            event::check_all(&in_lang(&file, lang), &app.dirs).map_err(|e| ev.refusal(e))?;
        let entries = checks
            .iter()
            .map(|c| {
                let mut e = entry_json(c);
                e["join"] = json!(format!("/join/{}", ev.token_of(&c.player)?));
                Ok(e)
            })
            .collect::<Result<Vec<_>, Error>>()
            .map_err(|e| ev.refusal(e))?;
        let rounds: Vec<Value> = file
            .rounds
            .iter()
            .map(|r| {
                json!({
                    "round": r.round,
                    "bye": r.bye,
                    "tables": r.tables.iter().map(|t| table_json(&file, t)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let rows = standings::standings(&file, file.rounds.len());
        let valid = checks.iter().filter(|c| c.valid).count();
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "file": ev.name,
                "version": version,
                "name": file.event.name,
                "ruleset": open::ruleset(&file).map(|r| r.title()).unwrap_or_default(),
                "lang": file.event.lang,
                "points": file.rules.points,
                "rounds_planned": file.event.rounds,
                "data_differs": now != file.data.fingerprint,
                "entries": entries,
                "valid": valid,
                "rounds": rounds,
                "standings": rows,
                // The printed documents, as `muster event booklet|pairings|standings -o`
                // print them, in the page's language.
                "pdfs": pdf_links(&file, lang),
            })),
        ))
    })
    .await
}

/// The printed documents' links: the booklet once there are entries, each round's
/// pairings, the standings once a round is paired.
fn pdf_links(file: &EventFile, lang: Lang) -> Vec<Value> {
    let l = lang.id();
    let mut links = Vec::new();
    if !file.entries.is_empty() {
        links.push(json!({"kind": "booklet", "href": format!("/event/booklet.pdf?lang={l}")}));
    }
    for r in &file.rounds {
        links.push(json!({
            "kind": "pairings",
            "round": r.round,
            "href": format!("/event/pairings.pdf?round={}&lang={l}", r.round),
        }));
    }
    if !file.rounds.is_empty() {
        links.push(json!({"kind": "standings", "href": format!("/event/standings.pdf?lang={l}")}));
    }
    links
}

/// What a printed document of the event is asked with: the page's language (the event's
/// by default), the paper, and for the pairings their round (the last by default).
#[derive(Deserialize)]
pub struct PdfQuery {
    lang: Option<String>,
    paper: Option<String>,
    round: Option<u32>,
}

/// The event's printed documents, made by `event::print` as the command line makes them.
#[derive(Clone, Copy)]
enum Printed {
    Booklet,
    Pairings,
    Standings,
}

fn printed(app: &App, doc: Printed, q: &PdfQuery) -> Result<Response, ApiError> {
    let ev = served(app)?;
    let file = ev.read()?;
    let lang = match q.lang.as_deref() {
        Some(l) => asked_lang(Some(l)),
        None => crate::event::words::lang_of(&file),
    };
    let paper = super::print::paper_of(q.paper.as_deref()).map_err(ApiError::Answer)?;
    let file = in_lang(&file, lang);
    let bytes = match doc {
        Printed::Booklet => print::booklet(&file, &app.dirs, paper),
        Printed::Pairings => {
            print::round_of(&file, q.round).and_then(|r| print::pairings(&file, r.round, paper))
        }
        Printed::Standings => print::standings(&file, paper),
    }
    .map_err(|e| ev.refusal(e))?;
    Ok(([(header::CONTENT_TYPE, "application/pdf")], bytes).into_response())
}

/// `GET /event/booklet.pdf[?lang=…&paper=…]`: every entry's roster (`muster event booklet`).
pub async fn booklet_pdf(State(app): Shared, Query(q): Query<PdfQuery>) -> Response {
    blocking(move || printed(&app, Printed::Booklet, &q)).await
}

/// `GET /event/pairings.pdf[?round=N&lang=…&paper=…]`: a round's pairings, the last by
/// default (`muster event pairings`).
pub async fn pairings_pdf(State(app): Shared, Query(q): Query<PdfQuery>) -> Response {
    blocking(move || printed(&app, Printed::Pairings, &q)).await
}

/// `GET /event/standings.pdf[?lang=…&paper=…]`: the standings (`muster event standings -o`).
pub async fn standings_pdf(State(app): Shared, Query(q): Query<PdfQuery>) -> Response {
    blocking(move || printed(&app, Printed::Standings, &q)).await
}

#[derive(Deserialize)]
pub struct AddBody {
    player: String,
    #[serde(default)]
    club: Option<String>,
    code: String,
}

/// `POST /api/event/entries {player, club, code}`: a player's entry added (or replaced) by
/// share code, checked; as `muster event add --code`.
pub async fn add(State(app): Shared, Json(body): Json<AddBody>) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let club = body
            .club
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty());
        let (replaced, _, checked) = event::add(
            &ev.path,
            &app.dirs,
            body.player.trim(),
            club,
            entries::Given::Code(body.code.trim()),
        )
        .map_err(|e| ev.refusal(e))?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "replaced": replaced, "entry": entry_json(&checked) })),
        ))
    })
    .await
}

#[derive(Deserialize)]
pub struct PairBody {
    #[serde(default)]
    seed: Option<u64>,
}

/// `POST /api/event/pair {seed?}`: the next round paired, as `muster event pair`; refused
/// while a table of the last round has no result or is disputed.
pub async fn pair(State(app): Shared, Json(body): Json<PairBody>) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let seed = match body.seed {
            Some(s) => s,
            None => next_round::random_seed().map_err(|e| ev.refusal(e))?,
        };
        let (round, broken) = ev.edit(|f| {
            let (round, broken, action) = next_round::pair_next(f, seed)?;
            Ok(((round.round, broken), Write::Logged(Box::new(action))))
        })?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "round": round, "warnings": broken })),
        ))
    })
    .await
}

#[derive(Deserialize)]
pub struct SwapBody {
    round: u32,
    a: String,
    b: String,
}

/// `POST /api/event/swap {round, a, b}`: two players swapped before the round starts, with
/// what the swap breaks as warnings; as `muster event swap`.
pub async fn swap(State(app): Shared, Json(body): Json<SwapBody>) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let (said, broken) = ev.edit(|f| {
            let (said, action) = rounds::swap(f, body.round, &body.a, &body.b)?;
            Ok((
                (said, next_round::broken_now(f, body.round)),
                Write::Logged(Box::new(action)),
            ))
        })?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "said": said, "warnings": broken })),
        ))
    })
    .await
}

#[derive(Deserialize)]
pub struct ResultBody {
    round: u32,
    table: u32,
    result: String,
    #[serde(default)]
    score: Option<[u32; 2]>,
}

/// A result as the API names it: `a`, `b` or `draw`.
pub(crate) fn outcome(text: &str) -> Result<Outcome, ApiError> {
    match text {
        "a" => Ok(Outcome::A),
        "b" => Ok(Outcome::B),
        "draw" => Ok(Outcome::Draw),
        other => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "result `{}`: expected a, b or draw",
                crate::core::text::one_line(other)
            ),
        )),
    }
}

/// `POST /api/event/result {round, table, result, score?}`: the organiser enters a table's
/// result (a disputed table decided), logged; as `muster event result`.
pub async fn result(State(app): Shared, Json(body): Json<ResultBody>) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let o = outcome(&body.result)?;
        let said = ev.edit(|f| {
            let (said, action) = rounds::result(f, body.round, body.table, o, body.score)?;
            Ok((said, Write::Logged(Box::new(action))))
        })?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "said": said })),
        ))
    })
    .await
}

/// `POST /api/event/undo`: the last action taken back; as `muster event undo`.
pub async fn undo(State(app): Shared) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let said = ev.edit(|f| Ok((rounds::undo(f)?, Write::Unlogged)))?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "said": said })),
        ))
    })
    .await
}

#[derive(Deserialize)]
pub struct JoinQuery {
    player: String,
}

/// `GET /api/event/join?player=NAME`: a player's join link for their phone, on the address
/// a phone reaches (the network's, with --lan; else the one this page was opened at), and
/// its QR code as SVG. The organiser's only.
pub async fn join_code(
    State(app): Shared,
    headers: HeaderMap,
    Query(q): Query<JoinQuery>,
) -> Response {
    blocking(move || {
        let ev = served(&app)?;
        let file = ev.read()?;
        let entry = file
            .entries
            .iter()
            .find(|e| same_player(&e.player, &q.player))
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    format!(
                        "{} has no entry in the event",
                        crate::core::text::one_line(&q.player)
                    ),
                )
            })?;
        let token = ev.token_of(&entry.player).map_err(|e| ev.refusal(e))?;
        let origin = match app.phone_codes.first() {
            Some((origin, _)) => origin.clone(),
            None => format!(
                "http://{}",
                headers
                    .get(header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .unwrap_or("127.0.0.1")
            ),
        };
        let url = format!("{origin}/join/{token}");
        let qr = crate::render::qr::Qr::encode(&url).map_err(|e| ev.refusal(e))?;
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({ "player": entry.player, "url": url, "qr_svg": qr.svg() })),
        ))
    })
    .await
}
