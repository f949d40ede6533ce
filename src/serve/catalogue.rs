//! What muster knows, as the pages ask it: the rulesets and a ruleset's sheets (what `muster
//! rulesets` and `muster sheets --format json` print), and the fields a new list of a
//! ruleset takes.

use axum::extract::{Path as UrlPath, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;

use super::app::Shared;
use super::query::{page_lang, ruleset_param, LangQuery};
use super::reply::{blocking, json_response, ApiError};
use crate::ops::to_json;
use crate::rulesets::SheetFilter;

#[derive(Deserialize)]
pub struct RulesetQuery {
    ruleset: Option<String>,
}

/// `GET /api/sheets?ruleset=ID`: what `muster sheets --format json` prints.
pub async fn sheets(State(app): Shared, Query(q): Query<RulesetQuery>) -> Response {
    blocking(move || {
        let ruleset = ruleset_param(q.ruleset.as_deref())?;
        let ready = app.ready(ruleset)?;
        let listing = ready
            .engine
            .ruleset()
            .need(ready.engine.sheets(), "unit sheets to list")
            .and_then(|x| x.listing(&SheetFilter::default(), crate::core::i18n::Lang::En))
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
        Ok::<_, ApiError>(json_response(StatusCode::OK, to_json(&listing.json)))
    })
    .await
}

/// `GET /api/rulesets`: what `muster rulesets --format json` prints.
pub async fn rulesets() -> Response {
    json_response(StatusCode::OK, to_json(&crate::ops::rulesets::rows()))
}

/// `GET /api/rulesets/{id}/fields[?lang=…]`: the fields a new list of the ruleset takes, with
/// their choices named in the language (the new-list form's dropdowns).
pub async fn fields(
    State(app): Shared,
    UrlPath(id): UrlPath<String>,
    Query(q): Query<LangQuery>,
) -> Response {
    blocking(move || {
        let ruleset = ruleset_param(Some(&id))?;
        let ready = app.ready(ruleset)?;
        let lang = page_lang(ruleset, q.lang.as_deref());
        let labels = ready.words(lang);
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "ruleset": ruleset.id(),
                "lang": lang.id(),
                "lists": ready.engine.lists().is_some(),
                "fields": ready.engine.lists().map(|l| l.list_fields(lang, &labels)).unwrap_or_default(),
            })),
        ))
    })
    .await
}
