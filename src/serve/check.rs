//! A list's text checked by its ruleset's engine, as every route on a list begins (a list of
//! the directory, and the list it faces), and `POST /api/check`: exactly what `muster check
//! --format json` prints.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::app::{App, Shared};
use super::query::AgainstQuery;
use super::reply::{blocking, json_response, ApiError};
use super::store::{Store, StoreError};
use crate::core::diagnostic;
use crate::core::source::Sources;
use crate::ops::check::{report_json, unknown_ruleset_json};
use crate::ops::ready::ListAt;
use crate::ops::to_json;
use crate::rulesets::{self, ListCheck};

/// A list text checked by its ruleset's engine.
pub(super) struct Checked {
    pub(super) ready: Arc<super::app::Ready>,
    pub(super) list: crate::ops::ready::Checked,
}

impl std::ops::Deref for Checked {
    type Target = crate::ops::ready::Checked;
    fn deref(&self) -> &Self::Target {
        &self.list
    }
}

impl std::ops::DerefMut for Checked {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.list
    }
}

pub(super) enum Outcome {
    Checked(Box<Checked>),
    /// `ruleset` is not one muster knows: the report of `muster check` for it.
    UnknownRuleset(String),
}

/// The list `name` of the directory, its `text` checked; when `for_edits` (a page's view of
/// it), the check also kept for its next edit ([`crate::ops::ready::Ready::check_for_edits`]).
pub(super) fn check_text(
    app: &App,
    name: &str,
    text: String,
    for_edits: bool,
) -> Result<Outcome, StoreError> {
    // Where the list is (what it names is found from there), named by its name alone.
    let at = app.store.dir.join(name);
    let path = at.as_path();
    let mut probe = Sources::new();
    let id = probe.add_named(path, name, text.clone());
    let ruleset = match rulesets::peek(&probe, id) {
        Ok(r) => r,
        Err(d) => {
            return Ok(Outcome::UnknownRuleset(to_json(&unknown_ruleset_json(
                &d, &probe,
            ))))
        }
    };
    let ready = app
        .engine(ruleset)
        .map_err(|e| StoreError::Io(app.store.unplaced(&e.to_string())))?;
    let at = ListAt {
        roots: Some(app.roots()),
        path: path.to_path_buf(),
        name: name.to_owned(),
    };
    let list = if for_edits {
        ready.check_for_edits(&at, text)
    } else {
        ready.check(&at, text)
    };
    let list = list.map_err(|(d, at)| {
        let at = at
            .map(|(l, c)| format!(" (line {l}, column {c})"))
            .unwrap_or_default();
        StoreError::Refused(format!("{name} is not a list file{at}: {}", d.message))
    })?;
    Ok(Outcome::Checked(Box::new(Checked { ready, list })))
}

/// A list of the directory, read and checked; the error response otherwise.
pub(super) fn stored(app: &App, name: &str) -> Result<Box<Checked>, ApiError> {
    let (_, text) = app.store.read(name)?;
    match check_text(app, name, text, false)? {
        Outcome::Checked(c) => Ok(c),
        Outcome::UnknownRuleset(_) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("{name}: its `ruleset` is not one muster knows"),
        )),
    }
}

/// Checks `other` (a list of the directory) and adds the pair's diagnostics to `c`.
pub(super) fn against(app: &App, c: &mut Checked, other: &str) -> Result<ListCheck, StoreError> {
    let (at, text) = app.store.read(other)?;
    let id = c.sources.add_named(&at, other, text);
    let ruleset = c.check.ruleset;
    if let Ok(theirs) = rulesets::peek(&c.sources, id) {
        if theirs != ruleset {
            return Err(StoreError::Refused(format!(
                "{other} is a {} list: it cannot face a {} list",
                theirs.id(),
                ruleset.id()
            )));
        }
    }
    let o = crate::rulesets::check_list(
        c.ready.engine.ruleset(),
        c.ready.engine.lists(),
        &c.sources,
        id,
    )
    .map_err(|d| StoreError::Refused(format!("{other} is not a list file: {}", d.message)))?;
    if o.ruleset != ruleset {
        return Err(StoreError::Refused(format!(
            "{other} is a {} list: it cannot face a {} list",
            o.ruleset.id(),
            ruleset.id()
        )));
    }
    let pair = c
        .ready
        .engine
        .lists()
        .map(|l| l.check_pair(&c.check, &o, other))
        .unwrap_or_default();
    c.check.diagnostics.extend(pair);
    diagnostic::sort(&mut c.check.diagnostics);
    Ok(o)
}

/// `POST /api/check[?against=NAME]`: the body is a list's TOML; the answer is exactly what
/// `muster check --format json` prints for it.
pub async fn check(State(app): Shared, Query(q): Query<AgainstQuery>, body: Bytes) -> Response {
    blocking(move || {
        let Ok(text) = String::from_utf8(body.to_vec()) else {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "the body is not UTF-8 text",
            ));
        };
        let name = q.name.as_deref().unwrap_or("request.toml");
        Store::check_name(name)?;
        let mut c = match check_text(&app, name, text, false)? {
            Outcome::Checked(c) => c,
            Outcome::UnknownRuleset(report) => return Ok(json_response(StatusCode::OK, report)),
        };
        let other = match q.against.as_deref() {
            Some(name) => Some(against(&app, &mut c, name)?),
            None => None,
        };
        Ok(json_response(
            StatusCode::OK,
            to_json(&report_json(&c.check, other.as_ref(), &c.sources)),
        ))
    })
    .await
}
