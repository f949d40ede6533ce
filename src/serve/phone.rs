//! The phone's side of `muster serve` on a network: the pairing link (`/pair`), the page that
//! turns away a browser not paired, the QR codes the desktop page shows (`/api/pairing`), the
//! lines printed at start, and the web app manifest and icons that make a phone's "add to home
//! screen" a named muster icon opening the games.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::app::App;
use super::pages::{not_found, page_word};
use super::pairing::{html_text, preferred_lang};
use super::reply::{json_error, json_response, ApiError};
use crate::ops::to_json;
use crate::render::qr::Qr;

const UNPAIRED: &str = include_str!("../../templates/web/unpaired.html");
const MANIFEST: &str = include_str!("../../templates/web/manifest.webmanifest");
const ICON: &str = include_str!("../../templates/web/icon.svg");

/// What a browser not paired may fetch: the pairing link, and the manifest and icons, which
/// browsers fetch without cookies.
pub fn is_public(path: &str) -> bool {
    // A player's join link: its token is checked by its page.
    path.starts_with("/join/")
        || matches!(
            path,
            "/pair"
                | "/manifest.webmanifest"
                | "/assets/icon.svg"
                | "/assets/icon-192.png"
                | "/assets/icon-512.png"
        )
}

/// 401 for a browser not paired, in its language: a page saying to scan the code on the
/// laptop; to the API, the same sentence as JSON. `stale`: a pairing link whose token is not
/// this server's (an old code).
pub fn unpaired(headers: &HeaderMap, path: &str, stale: bool) -> Response {
    let lang = preferred_lang(headers);
    let mut response = if path.starts_with("/api/") {
        json_error(StatusCode::UNAUTHORIZED, &page_word(lang, "pair_api"))
    } else {
        // A browser that paired withholds its SameSite=Strict cookie from a navigation another
        // site (or a local file: `--open`'s) started: this page then asks once more, from
        // itself, where the cookie goes along. A browser not paired sees this page again.
        let cross_site = header_is(headers, "sec-fetch-site", "cross-site")
            && header_is(headers, "sec-fetch-mode", "navigate");
        let stale_note = if stale {
            format!(
                "<p class=\"note\">{}</p>\n",
                html_text(&page_word(lang, "pair_stale"))
            )
        } else {
            String::new()
        };
        let page = UNPAIRED
            .replace(
                "{retry}",
                if cross_site && !stale {
                    "\n<meta http-equiv=\"refresh\" content=\"0\">"
                } else {
                    ""
                },
            )
            .replace("{lang}", lang)
            .replace("{title}", &html_text(&page_word(lang, "pair_title")))
            .replace("{stale}", &stale_note)
            .replace("{scan}", &html_text(&page_word(lang, "pair_scan")));
        (
            StatusCode::UNAUTHORIZED,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            page,
        )
            .into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    response
}

fn header_is(headers: &HeaderMap, name: &str, value: &str) -> bool {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case(value))
}

/// `GET /pair?token=…`: the token right, a session cookie and a redirect (303) to the first
/// page (the games under way come first there), the token gone from the address; wrong or
/// missing, 401. The token is never echoed.
pub async fn pair(
    State(app): State<Arc<App>>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Some(pairing) = &app.pairing else {
        return Ok(not_found().await);
    };
    let token = uri
        .query()
        .unwrap_or("")
        .split('&')
        .find_map(|kv| kv.strip_prefix("token="))
        .unwrap_or("");
    if !pairing.accepts(token) {
        return Ok(unpaired(&headers, "/pair", true));
    }
    let cookie = pairing
        .open_session()
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok((
        StatusCode::SEE_OTHER,
        [
            (
                header::LOCATION,
                if app.event.is_some() { "/event" } else { "/" }.to_owned(),
            ),
            (header::SET_COOKIE, cookie),
            (header::CACHE_CONTROL, "no-store".to_owned()),
            (header::REFERRER_POLICY, "no-referrer".to_owned()),
        ],
    )
        .into_response())
}

/// `GET /api/pairing`: the addresses a phone may open and their QR codes (SVG), for the
/// desktop's page only: a paired browser on this machine, at the address its page was opened
/// at. A phone never gets the token from a page.
pub async fn codes(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if app.pairing.is_none() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "muster serve listens on this computer only: no phone pairs with it (start it with --lan)",
        ));
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !app.is_desktop(peer.ip(), host) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "the pairing code is shown on the computer running muster serve only",
        ));
    }
    let addresses: Vec<_> = app
        .phone_codes
        .iter()
        .map(|(origin, svg)| json!({ "origin": origin, "svg": svg }))
        .collect();
    let mut r = json_response(StatusCode::OK, to_json(&json!({ "addresses": addresses })));
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}

/// `GET /manifest.webmanifest`: muster as a phone's home screen names it.
pub async fn manifest() -> Response {
    (
        [(header::CONTENT_TYPE, "application/manifest+json")],
        MANIFEST,
    )
        .into_response()
}

/// The icon: `icon.svg` as drawn, `icon-192.png` and `icon-512.png` rasterised from it (once).
pub fn icon(file: &str) -> Response {
    static PNG: [OnceLock<Result<Vec<u8>, String>>; 2] = [OnceLock::new(), OnceLock::new()];
    let (cell, px) = match file {
        "icon.svg" => return ([(header::CONTENT_TYPE, "image/svg+xml")], ICON).into_response(),
        "icon-192.png" => (&PNG[0], 192),
        "icon-512.png" => (&PNG[1], 512),
        _ => return not_found_asset(file),
    };
    match cell.get_or_init(|| crate::render::svg::png_square(ICON, px).map_err(|e| e.to_string())) {
        Ok(png) => ([(header::CONTENT_TYPE, "image/png")], png.clone()).into_response(),
        Err(e) => json_error(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

fn not_found_asset(file: &str) -> Response {
    super::app::refuse(
        StatusCode::NOT_FOUND,
        &format!("no asset `{}`", file.escape_debug()),
    )
}

/// What `muster serve` prints after its first line when browsers pair: each address a phone
/// may open, with its QR code in half blocks (white on black where the terminal takes
/// colours, so that a light theme shows it the right way round too).
pub fn start_lines(phone_urls: &[(String, Qr)], colour: bool) -> String {
    let mut out = String::from(
        "Pairing: each browser opens muster once with a pairing link (the one above on this computer), then keeps a session; anyone with the link can read and edit the lists and games. A new link at each start.\n",
    );
    if phone_urls.is_empty() {
        out.push_str("This computer has no network address yet (loopback and link-local aside): join the network, then start muster serve again.\n");
        return out;
    }
    for (url, qr) in phone_urls {
        out.push_str(&format!(
            "On a phone on this network, scan the code or open {url}\n"
        ));
        for line in qr.half_blocks().lines() {
            if colour {
                out.push_str(&format!("\x1b[97;40m{line}\x1b[0m\n"));
            } else {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// A page of this user's only (a private temporary file, deleted when the server stops) that
/// leads the desktop's browser to the pairing link: opened by its path, the token stays out of
/// the command lines other users of the machine can list.
pub fn redirect_file(url: &str) -> Result<tempfile::NamedTempFile, String> {
    use std::io::Write;
    let url = html_text(url);
    let page = format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><meta name=\"referrer\" content=\"no-referrer\">\
         <meta http-equiv=\"refresh\" content=\"0;url={url}\"><title>muster</title></head>\
         <body><p><a href=\"{url}\">muster</a></p></body></html>\n"
    );
    let mut file = tempfile::Builder::new()
        .prefix("muster-serve-")
        .suffix(".html")
        .tempfile()
        .map_err(|e| format!("cannot write the page that opens muster: {e}"))?;
    file.write_all(page.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| format!("cannot write the page that opens muster: {e}"))?;
    Ok(file)
}
