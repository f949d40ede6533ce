//! A list shared and a list imported: its share code (`muster list share`) with its QR code
//! and the list as text for a chat; a code pasted, or read from a picture, imported into the
//! lists folder (`muster list import`), a refusal said in the page's language with where each
//! problem is in the code.

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;

use super::app::{App, Shared};
use super::check::stored;
use super::print::{print_options, PrintQuery};
use super::query::Named;
use super::query::{asked_lang, page_lang};
use super::reply::{blocking, json_response, ApiError};
use crate::core::error::Error;
use crate::ops::print::{roster_document, RosterFormat};
use crate::ops::share::ImportError;
use crate::ops::to_json;
use crate::rulesets::{self, Ruleset};

/// `GET /api/lists/{name}/share[?lang=…]`: the list's share code (`muster list share`), its
/// QR code as SVG when one a phone reads holds it (else why not), and the list as text for a
/// chat (`muster roster --format text`) in `lang`.
pub async fn share(Named { app, name, q }: Named<PrintQuery>) -> Response {
    blocking(move || {
        let c = stored(&app, &name)?;
        let (lang, paper) = print_options(c.check.ruleset, c.check.lang, &q)?;
        let engine = c.ready.engine.as_ref();
        let path = app.store.dir.join(&name);
        let code = rulesets::share::shared(engine, &path, c.sources.text(c.file), &c.check)
            .and_then(|s| crate::core::share_code::encode(&s).map_err(Error::Render))
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
        let (qr, qr_note) = match crate::ops::share::code_qr(&code) {
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
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "code": code,
                "length": code.len(),
                "qr_svg": qr,
                "qr_note": qr_note,
                "text": text,
            })),
        ))
    })
    .await
}

#[derive(Deserialize)]
pub struct ImportBody {
    code: String,
    /// The list file to write (default: the sharer's name).
    name: Option<String>,
    /// The list's own name here (its `[list] name`; default: the sharer's).
    title: Option<String>,
    /// The page's language, for what the import says.
    lang: Option<String>,
}

/// `POST /api/import {"code": …, "name": …, "title": …}`: `muster list import` into the lists
/// folder (the sheets the code carried into the player's data folder), never over a file
/// there; the list then named `title` when one is given.
pub async fn import(State(app): Shared, body: Bytes) -> Response {
    blocking(move || {
        let asked: ImportBody = serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("the body: {e}")))?;
        import_code(&app, asked)
    })
    .await
}

/// What `POST /api/import/picture` is asked besides the picture.
#[derive(Deserialize)]
pub struct PictureQuery {
    name: Option<String>,
    title: Option<String>,
    lang: Option<String>,
}

/// `POST /api/import/picture?name=…&title=…&lang=…`, the body a picture (PNG or JPEG, at most
/// [`super::MAX_PICTURE_BODY`]): the share code its QR code holds, read as `muster list
/// import PICTURE` reads it, then imported as a pasted code is. A body that is no picture, or
/// holds no code, is refused in the page's language with what to do.
pub async fn import_picture(
    State(app): Shared,
    Query(asked): Query<PictureQuery>,
    body: Bytes,
) -> Response {
    blocking(move || match code_of_picture_one_at_a_time(&body) {
        Ok(code) => import_code(
            &app,
            ImportBody {
                code,
                name: asked.name,
                title: asked.title,
                lang: asked.lang,
            },
        ),
        Err(why) => {
            let lang = asked_lang(asked.lang.as_deref());
            Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                why.say(lang, crate::core::words::shared(lang)),
            ))
        }
    })
    .await
}

/// A share code imported into the lists folder, answered as `POST /api/import` answers.
fn import_code(app: &App, asked: ImportBody) -> Result<Response, ApiError> {
    let out = match asked
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        Some(n) => Some(app.store.fresh(n)?),
        None => None,
    };
    let done = crate::ops::share::import(
        &app.dirs,
        None,
        &asked.code,
        out.as_deref(),
        &app.store.dir,
        &app.player_dir,
    )
    .map_err(|e| refused(app, &asked, e))?;
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
    // The player's name for the list, given to the file just written.
    let mut title = done.name.clone();
    if let Some(asked) = asked.title.as_deref().filter(|t| !t.trim().is_empty()) {
        let renamed = app.store.file_version(&name).and_then(|v| {
            app.store.update(&name, Some(&v), |_, current| {
                super::lists::named_list(current, asked)
            })
        });
        renamed?;
        title = crate::core::text::one_line(asked.trim()).into_owned();
    }
    Ok(json_response(
        StatusCode::CREATED,
        to_json(&json!({
            "name": name,
            "title": title,
            "ruleset": done.ruleset.id(),
            "valid": done.valid,
            "sheets": done.sheets.len(),
            "notes": notes,
        })),
    ))
}

/// Why an import was refused, as `POST /api/import` answers it.
fn refused(app: &App, asked: &ImportBody, e: ImportError) -> ApiError {
    match e {
        // Said without the folder's place on this machine.
        ImportError::ListExists(path) => {
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
            ApiError::new(StatusCode::CONFLICT, said)
        }
        // Each diagnostic where it is in the code (its part, line and column), in the
        // page's language: what the command line prints, never a file of this machine.
        ImportError::Unreadable {
            what,
            diagnostics,
            sources,
        } => {
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
            ApiError::Answer(json_response(
                StatusCode::UNPROCESSABLE_ENTITY,
                to_json(&json!({
                    "error": what.say(lang, crate::core::words::shared(lang)),
                    "diagnostics": shown,
                    "more": diagnostics.len().saturating_sub(MAX_SHOWN_DIAGNOSTICS),
                })),
            ))
        }
        ImportError::Failed(e @ (Error::Usage(_) | Error::Invalid(_))) => ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            app.store.unplaced(&e.to_string()),
        ),
        ImportError::Failed(e) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            app.store.unplaced(&e.to_string()),
        ),
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

/// Pictures read one at a time: reading a large photo takes a core and up to 200 MB for
/// seconds, and phones sending several at once would take the server from everyone else (the
/// organiser's page, the other tables). The others wait their turn.
static READING_PICTURE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The share code a picture's QR code holds ([`crate::ops::share::code_of_picture`]), read
/// when no other picture is being read.
pub(super) fn code_of_picture_one_at_a_time(
    bytes: &[u8],
) -> Result<String, crate::core::words::Phrase> {
    let _turn = READING_PICTURE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    crate::ops::share::code_of_picture(bytes)
}
