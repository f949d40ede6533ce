//! The server's state shared by every handler: the lists' store, the folders it was given,
//! each ruleset's engine kept loaded while its data is unchanged on disk, who may connect
//! (hosts, the pairing); and the plain refusal every layer answers with.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use super::pairing::Pairing;
use super::reply::ApiError;
use super::store::Store;
use crate::core::error::Error;
use crate::ops::ready::data_stamp;
pub(crate) use crate::ops::ready::Ready;
use crate::rulesets::Ruleset;

pub(super) type Shared = State<Arc<App>>;

pub(crate) struct App {
    pub store: Store,
    /// The games folder as given, and its store once it exists.
    pub games_dir: PathBuf,
    pub games: std::sync::OnceLock<Store>,
    /// The careers folder as given.
    pub careers_dir: PathBuf,
    pub dirs: Vec<PathBuf>,
    /// The player's own data folder (`my-sheets/`), the last data layer: the sheet editor
    /// writes there.
    pub player_dir: PathBuf,
    pub(super) engines: Mutex<HashMap<Ruleset, Arc<Ready>>>,
    /// Host header values that name this server, lower case.
    pub(super) hosts: Vec<String>,
    /// The Host values of the desktop's own page (loopback, or the bound address).
    pub(super) desktop_hosts: Vec<String>,
    /// The machine's own addresses: a peer at one of them is this machine.
    pub(super) own: Vec<IpAddr>,
    /// Bound elsewhere than loopback: the pairing every browser goes through.
    pub(super) pairing: Option<Pairing>,
    /// The pairing URLs' origins a phone may reach, each with its QR code as SVG.
    pub(super) phone_codes: Vec<(String, String)>,
    /// `--event`: the event served.
    pub(super) event: Option<super::event_state::EventServe>,
}

impl App {
    /// Whether `host` (a Host header) names this server.
    pub(super) fn names_us(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        self.hosts.contains(&host)
    }

    /// Whether a request is the desktop's: from this machine, to the address its page was
    /// opened at (not a name or address the phones use).
    pub fn is_desktop(&self, peer: IpAddr, host: &str) -> bool {
        let peer = peer.to_canonical();
        (peer.is_loopback() || self.own.contains(&peer))
            && self.desktop_hosts.contains(&host.to_ascii_lowercase())
    }

    /// The folders whose files a list may name (its career): the lists, games and careers
    /// folders, as they are now (the games folder is made with the first game).
    pub fn roots(&self) -> Vec<PathBuf> {
        let mut roots = vec![self.store.dir.clone()];
        for dir in [&self.games_dir, &self.careers_dir] {
            if let Ok(d) = dir.canonicalize() {
                roots.push(d);
            }
        }
        roots
    }

    /// Forgets a ruleset's engine: its data is read again on next use (a sheet saved, a
    /// list imported with sheets: read again at once, whatever the files' times say).
    pub fn forget(&self, ruleset: Ruleset) {
        let mut engines = self.engines.lock().unwrap_or_else(|e| e.into_inner());
        engines.remove(&ruleset);
    }

    /// The ruleset's engine as its data is on disk now: loaded (its data checked) on first
    /// use, and again whenever a file of its data layers was added, changed or removed since
    /// (the fingerprint of its folders, taken at each call, differs: a sheet written by the
    /// command line or a text editor is seen by the next request).
    pub fn engine(&self, ruleset: Ruleset) -> Result<Arc<Ready>, Error> {
        let now = data_stamp(ruleset, &self.dirs);
        let mut engines = self.engines.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = engines.get(&ruleset).filter(|r| r.is_current(now)) {
            return Ok(r.clone());
        }
        // Data that no longer load are said at each request until fixed: none is kept.
        engines.remove(&ruleset);
        let ready = Arc::new(Ready::load(ruleset, &self.dirs, now)?);
        engines.insert(ruleset, ready.clone());
        Ok(ready)
    }

    /// [`App::engine`] for a request: data that do not load are the server's failure (500).
    pub fn ready(&self, ruleset: Ruleset) -> Result<Arc<Ready>, ApiError> {
        self.engine(ruleset)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
    }
}

/// An error as plain text: what went wrong, never a backtrace.
pub(crate) fn refuse(status: StatusCode, message: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!(
            "{} {}: {message}\n",
            status.as_u16(),
            status.canonical_reason().unwrap_or("")
        ),
    )
        .into_response()
}
