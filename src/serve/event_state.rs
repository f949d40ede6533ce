//! The event `muster serve --event` serves: its one file (read, changed under its lock,
//! its version), the players' tokens of this run of the server and the cookie a join link
//! gives a phone, and what a player's phone may reach. No reply names the file's path.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use axum::http::{HeaderMap, StatusCode};

use super::pairing::{base64url, random, same, unbase64url};
use super::reply::ApiError;
use crate::core::error::Error;
use crate::event::file::EventFile;
use crate::event::open::{self, Write};

/// The event served: its file, and the players' tokens drawn for this run of the server.
pub(crate) struct EventServe {
    /// The event file, as an absolute path (never said in a reply).
    pub path: PathBuf,
    /// Its file name: what replies call it.
    pub name: String,
    /// Each player's token (by their name, lower case), drawn when first shown.
    tokens: Mutex<HashMap<String, [u8; 16]>>,
    /// The players' cookie's name (with the port, as the pairing's).
    cookie: String,
}

impl EventServe {
    /// The event at `path`, read once to refuse at start what is no event file.
    pub fn open(path: &Path, port: u16) -> Result<Self, Error> {
        open::read(path)?;
        let path = path
            .canonicalize()
            .map_err(|e| Error::Usage(format!("{}: cannot open the event: {e}", path.display())))?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "the event".into());
        Ok(EventServe {
            path,
            name,
            tokens: Mutex::new(HashMap::new()),
            cookie: format!("muster-{port}-player"),
        })
    }

    /// A message with the event file's path said as its file name.
    pub fn hide(&self, message: &str) -> String {
        let mut m = message.replace(&self.path.display().to_string(), &self.name);
        if let Some(dir) = self.path.parent() {
            m = m.replace(&dir.display().to_string(), ".");
        }
        m
    }

    /// An event error as a reply: what the player or organiser got wrong (422), else the
    /// server's failure (500); the path never said.
    pub fn refusal(&self, e: Error) -> ApiError {
        match e {
            Error::Usage(m) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, self.hide(&m)),
            other => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                self.hide(&other.to_string()),
            ),
        }
    }

    /// The event as it is on disk now.
    pub fn read(&self) -> Result<EventFile, ApiError> {
        open::read(&self.path).map_err(|e| self.refusal(e))
    }

    /// Changes the event under its lock ([`open::edit`]).
    pub fn edit<T>(
        &self,
        change: impl FnOnce(&mut EventFile) -> Result<(T, Write), Error>,
    ) -> Result<T, ApiError> {
        open::edit(&self.path, change).map_err(|e| self.refusal(e))
    }

    /// The file's version: its size, time and inode, which every write (a file renamed over
    /// it) changes. Empty when it cannot be read.
    pub fn version(&self) -> String {
        let Ok(m) = std::fs::metadata(&self.path) else {
            return String::new();
        };
        let time = m
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(&m);
        #[cfg(not(unix))]
        let inode = 0u64;
        format!("{}-{time}-{inode}", m.len())
    }

    /// The token of `player`'s join link, drawn the first time it is asked.
    pub fn token_of(&self, player: &str) -> Result<String, Error> {
        let key = player.trim().to_lowercase();
        let mut tokens = self.tokens.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = tokens.get(&key) {
            return Ok(base64url(t));
        }
        let t = random()?;
        tokens.insert(key, t);
        Ok(base64url(&t))
    }

    /// The player a token is (every token compared in constant time, whichever matches).
    pub fn player_of_token(&self, given: &str) -> Option<String> {
        let given = unbase64url(given)?;
        let tokens = self.tokens.lock().unwrap_or_else(|e| e.into_inner());
        let mut found = None;
        for (player, t) in tokens.iter() {
            if same(t, &given) {
                found = Some(player.clone());
            }
        }
        found
    }

    /// The player a request's cookie names (their token), if any.
    pub fn player_of(&self, headers: &HeaderMap) -> Option<String> {
        super::pairing::cookie_values(headers, &self.cookie)
            .find_map(|value| self.player_of_token(value))
    }

    /// The cookie a join link gives a player's phone.
    pub fn cookie_for(&self, token: &str) -> String {
        format!(
            "{}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400",
            self.cookie
        )
    }
}

/// What a player's phone may reach with their cookie and no pairing: their page, its API,
/// the pages' assets.
pub fn player_path(path: &str) -> bool {
    path == "/player"
        || path == "/api/event/me"
        || path.starts_with("/api/event/me/")
        || path.starts_with("/assets/")
}
