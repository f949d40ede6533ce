//! A list printed: its cards and its roster as PDF, and the roster as the print view (HTML),
//! in the language and on the paper asked (`muster cards`, `muster roster`).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::app::App;
use super::check::{stored, Checked};
use super::query::Named;
use super::reply::{blocking, json_error, ApiError};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::ops::print::{list_cards, roster_document, RosterFormat};
use crate::render::sheet::Paper;
use crate::rulesets::Ruleset;

#[derive(Deserialize)]
pub struct PrintQuery {
    lang: Option<String>,
    paper: Option<String>,
    #[serde(default)]
    allow_invalid: bool,
}

/// The language (`lang=`, else the list's, else the ruleset's first) and paper of a document.
pub(super) fn print_options(
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
    Ok((lang, paper_of(q.paper.as_deref())?))
}

/// The paper a document is asked on (`paper=a4|letter`, A4 by default).
pub(super) fn paper_of(asked: Option<&str>) -> Result<Paper, Response> {
    match asked {
        None | Some("a4") => Ok(Paper::A4),
        Some("letter") => Ok(Paper::Letter),
        Some(p) => Err(json_error(
            StatusCode::BAD_REQUEST,
            &format!("paper={}: a4 or letter", p.escape_debug()),
        )),
    }
}

/// A document of a list: `make` gets the checked list and the print options.
fn document(
    app: &App,
    name: &str,
    q: &PrintQuery,
    kind: &'static str,
    make: impl FnOnce(&Checked, Lang, Paper) -> Result<Vec<u8>, Error>,
) -> Result<Response, ApiError> {
    let c = stored(app, name)?;
    let (lang, paper) = print_options(c.check.ruleset, c.check.lang, q)?;
    let bytes = make(&c, lang, paper)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, kind)], bytes).into_response())
}

/// `GET /lists/{name}/cards.pdf[?lang=…&paper=…&allow_invalid=true]`.
pub async fn cards(Named { app, name, q }: Named<PrintQuery>) -> Response {
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
pub async fn roster_pdf(Named { app, name, q }: Named<PrintQuery>) -> Response {
    blocking(move || roster(&app, &name, &q, "application/pdf", RosterFormat::Pdf)).await
}

/// `GET /lists/{name}/roster.html[?lang=…]`: the print view.
pub async fn roster_html(Named { app, name, q }: Named<PrintQuery>) -> Response {
    blocking(move || {
        roster(
            &app,
            &name,
            &q,
            "text/html; charset=utf-8",
            RosterFormat::Html,
        )
    })
    .await
}

/// The list's roster as a document of `kind`, in `format`.
fn roster(
    app: &App,
    name: &str,
    q: &PrintQuery,
    kind: &'static str,
    format: RosterFormat,
) -> Result<Response, ApiError> {
    document(app, name, q, kind, |c, lang, paper| {
        roster_document(
            c.ready.engine.as_ref(),
            &c.check,
            &c.sources,
            lang,
            format,
            paper,
            None,
        )
    })
}
