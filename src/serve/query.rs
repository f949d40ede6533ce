//! What a request asks in its path and query, read the same way by every route: a file of
//! the store by its name ([`Named`]), the list to face (`against=`), the page's language (one
//! the ruleset speaks, else its first; English where no ruleset is known), a ruleset by its id.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Path as UrlPath, Query};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::app::App;

use super::reply::json_error;
use crate::core::i18n::Lang;
use crate::rulesets::Ruleset;

#[derive(Deserialize)]
pub struct AgainstQuery {
    pub(super) against: Option<String>,
    /// The page's language (the builder's view).
    pub(super) lang: Option<String>,
    /// `POST /api/check`: the file name diagnostics give the body (default `request.toml`).
    pub(super) name: Option<String>,
}

pub(crate) fn ruleset_param(q: Option<&str>) -> Result<Ruleset, Response> {
    match q {
        None => Ok(Ruleset::default()),
        Some(id) => id
            .parse::<Ruleset>()
            .map_err(|e| json_error(StatusCode::BAD_REQUEST, &e)),
    }
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
    pub(super) lang: Option<String>,
}

/// A list edited or replaced by the builder: the page's language and the tag of the offers
/// it holds (`offers_tag` of the view it read them in): the answer's view sends them again
/// only if they changed.
#[derive(Deserialize)]
pub struct EditQuery {
    pub(super) lang: Option<String>,
    pub(super) offers: Option<String>,
}

/// The page's language as asked (English when none or unknown).
pub(super) fn asked_lang(asked: Option<&str>) -> Lang {
    Lang::ALL
        .iter()
        .find(|l| Some(l.id()) == asked)
        .copied()
        .unwrap_or(Lang::En)
}

/// What a route on one of the store's files is asked: the server, the file's name from the
/// path and the query `Q`, read in that order and refused as axum's own `State`, `Path` and
/// `Query` refuse them.
pub(crate) struct Named<Q> {
    pub app: Arc<App>,
    pub name: String,
    pub q: Q,
}

impl<Q: DeserializeOwned + Send> FromRequestParts<Arc<App>> for Named<Q> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Response> {
        let UrlPath(name) = UrlPath::<String>::from_request_parts(parts, app)
            .await
            .map_err(IntoResponse::into_response)?;
        let Query(q) = Query::<Q>::from_request_parts(parts, app)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(Named {
            app: app.clone(),
            name,
            q,
        })
    }
}
