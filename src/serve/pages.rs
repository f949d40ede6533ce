//! The pages and their assets, compiled into the binary: the lists, the builder and the game
//! page, the CSS and scripts, the cards' fonts, and the pages' words by language
//! (`templates/web/labels.toml`).

use axum::extract::{Path as UrlPath, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use super::app::{refuse, Shared};
use super::reply::{json_error, json_response, ApiError};
use super::store::StoreError;
use crate::core::error::Error;
use crate::ops::to_json;

const INDEX: &str = include_str!("../../templates/web/index.html");
const BUILDER: &str = include_str!("../../templates/web/builder.html");
const GAME: &str = include_str!("../../templates/web/game.html");
const CSS: &str = include_str!("../../templates/web/app.css");
const COMMON_JS: &str = include_str!("../../templates/web/common.js");
const LISTS_JS: &str = include_str!("../../templates/web/lists.js");
const BUILDER_JS: &str = include_str!("../../templates/web/builder.js");
const PICKER_JS: &str = include_str!("../../templates/web/picker.js");
const MATCHUPS_JS: &str = include_str!("../../templates/web/matchups.js");
const GAME_JS: &str = include_str!("../../templates/web/game.js");
const SHEET_JS: &str = include_str!("../../templates/web/sheet.js");
const EVENT_JS: &str = include_str!("../../templates/web/event.js");
const PLAYER_JS: &str = include_str!("../../templates/web/player.js");
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

pub async fn game_page(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
) -> Result<Response, ApiError> {
    let games = app
        .games
        .get()
        .ok_or_else(|| StoreError::NotFound(format!("no game `{}`", name.escape_debug())))?;
    games.existing(&name)?;
    Ok(html(GAME))
}

pub async fn builder_page(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
) -> Result<Response, ApiError> {
    app.store.existing(&name)?;
    Ok(html(BUILDER))
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
        "picker.js" => (PICKER_JS, "text/javascript; charset=utf-8"),
        "matchups.js" => (MATCHUPS_JS, "text/javascript; charset=utf-8"),
        "game.js" => (GAME_JS, "text/javascript; charset=utf-8"),
        "sheet.js" => (SHEET_JS, "text/javascript; charset=utf-8"),
        "event.js" => (EVENT_JS, "text/javascript; charset=utf-8"),
        "player.js" => (PLAYER_JS, "text/javascript; charset=utf-8"),
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

#[cfg(test)]
mod tests {
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
