//! What a request asks in its query, read the same way by every route: the list to face
//! (`against=`), the page's language (one the ruleset speaks, else its first; English where
//! no ruleset is known), a ruleset by its id.

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

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

/// The page's language as asked (English when none or unknown).
pub(super) fn asked_lang(asked: Option<&str>) -> Lang {
    Lang::ALL
        .iter()
        .find(|l| Some(l.id()) == asked)
        .copied()
        .unwrap_or(Lang::En)
}
