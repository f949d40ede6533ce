//! A list changed in place, as `muster list` changes it: one edit (add, set, move, remove, a
//! unit's count) or today's data accepted (`list update`), made by the ruleset's engine with
//! comments and layout kept, written atomically on the version it was made on; the answer is
//! the list's view.

use std::path::Path;
use std::sync::Arc;

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use toml_edit::DocumentMut;

use super::app::{App, Ready};
use super::check::Checked;
use super::lists::{list_view, view_of};
use super::query::EditQuery;
use super::query::Named;
use super::reply::{blocking, if_match, ApiError};
use super::store::StoreError;
use crate::core::error::Error;
use crate::core::source::Sources;
use crate::ops;
use crate::ops::ready::ListAt;
use crate::rulesets::{self, FreeSkill, NewUnit, Rules, UnitChange};

/// `POST /api/lists/{name}/update` with `If-Match`: accepts today's data, as `muster list
/// update` does (every unit's record says what the data price it with now; only the records
/// change, comments kept); the answer is the list's view.
pub async fn update(Named { app, name, q }: Named<EditQuery>, headers: HeaderMap) -> Response {
    blocking(move || {
        edit_stored(&app, &name, &headers, &q, |engine, doc| {
            rulesets::priced::update(engine, Path::new(&name), doc).map(|_| Vec::new())
        })
    })
    .await
}

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
pub enum EditBody {
    /// `muster list add`.
    Add {
        id: String,
        figures: Option<u32>,
        label: Option<String>,
        #[serde(default)]
        skills: Vec<String>,
        #[serde(default)]
        options: Vec<String>,
        guns: Option<u32>,
        free_skill: Option<String>,
    },
    /// `muster list set` (1-based): what is absent stays; `label: ""` removes the label,
    /// `skills: []` the skills, `free_skill: ""` the free skill from this unit.
    Set {
        unit: usize,
        figures: Option<u32>,
        label: Option<String>,
        skills: Option<Vec<String>>,
        #[serde(default)]
        options: Vec<String>,
        #[serde(default)]
        clear_options: bool,
        guns: Option<u32>,
        free_skill: Option<String>,
    },
    /// `muster list move` (1-based).
    Move { unit: usize, to: usize },
    /// `muster list remove` (1-based, as the CLI).
    Remove { unit: usize },
    /// A unit's count (figures, elements).
    Count { unit: usize, count: u32 },
}

/// `POST /api/lists/{name}/edit` with `If-Match`: one edit, made by the ruleset's engine as
/// `muster list add|set|move|remove` make it (comments and layout kept), written atomically.
pub async fn edit(
    Named { app, name, q }: Named<EditQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    blocking(move || {
        let op: EditBody = serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("the edit: {e}")))?;
        edit_stored(
            &app,
            &name,
            &headers,
            &q,
            |engine, doc: &mut DocumentMut| -> Result<Vec<String>, Error> {
                let lists = engine.ruleset().need(engine.lists(), "army lists")?;
                match &op {
                    EditBody::Add {
                        id,
                        figures,
                        label,
                        skills,
                        options,
                        guns,
                        free_skill,
                    } => lists
                        .add_unit(
                            doc,
                            &NewUnit {
                                id: id.clone(),
                                figures: *figures,
                                label: label.clone().filter(|l| !l.is_empty()),
                                extras: skills.clone(),
                                options: options.clone(),
                                guns: *guns,
                                free_skill: free_skill
                                    .clone()
                                    .filter(|s| !s.is_empty())
                                    .map(|skill| FreeSkill { unit: None, skill }),
                            },
                        )
                        .map(|()| Vec::new()),
                    EditBody::Set {
                        unit,
                        figures,
                        label,
                        skills,
                        options,
                        clear_options,
                        guns,
                        free_skill,
                    } => lists.set_unit(
                        doc,
                        *unit,
                        &UnitChange {
                            figures: *figures,
                            label: label.clone(),
                            skills: skills.clone(),
                            options: options.clone(),
                            clear_options: *clear_options,
                            guns: *guns,
                            free_skill: free_skill
                                .clone()
                                .map(|s| Some(s).filter(|s| !s.is_empty())),
                        },
                    ),
                    EditBody::Move { unit, to } => lists.move_unit(doc, *unit, *to),
                    EditBody::Remove { unit } => lists.remove_unit(doc, *unit),
                    EditBody::Count { unit, count } => {
                        crate::rulesets::set_count(engine.ruleset(), doc, *unit, *count)
                            .map(|()| Vec::new())
                    }
                }
            },
        )
    })
    .await
}

/// The engine of the ruleset the list's text names (read, not checked: the edit checks it).
fn ready_for(app: &App, name: &str, text: &str) -> Result<Arc<Ready>, StoreError> {
    let at = app.store.dir.join(name);
    let mut probe = Sources::new();
    let id = probe.add_named(&at, name, text.to_owned());
    let ruleset = rulesets::peek(&probe, id).map_err(|_| {
        StoreError::Refused(format!("{name}: its `ruleset` is not one muster knows"))
    })?;
    app.engine(ruleset)
        .map_err(|e| StoreError::Io(app.store.unplaced(&e.to_string())))
}

/// One edit of the list `name` (`change`, made on its text as it is on disk if still at
/// the version the request's `If-Match` names) by [`ops::edit::edit`], checked as the builder checks a list of the
/// directory (what it names read within the server's folders) and written under the edit
/// lock; the answer is the list's view in the page's language (`q`), built from the check
/// the edit made, its offers sent again only if they changed from those the page holds.
fn edit_stored(
    app: &App,
    name: &str,
    headers: &HeaderMap,
    q: &EditQuery,
    change: impl FnOnce(&Rules, &mut DocumentMut) -> Result<Vec<String>, Error>,
) -> Result<Response, ApiError> {
    let expected = if_match(headers);
    let mut kept = None;
    let (text, _) = app.store.update(name, expected.as_deref(), |_, current| {
        let ready = ready_for(app, name, current)?;
        let at = ListAt {
            roots: Some(app.roots()),
            path: app.store.dir.join(name),
            name: name.to_owned(),
        };
        let edited = ops::edit::edit(&ready, &at, current, change)?;
        kept = Some(Box::new(Checked {
            ready,
            list: edited.checked,
        }));
        Ok(edited.text)
    })?;
    match kept {
        Some(c) => view_of(
            app,
            name,
            text,
            c,
            None,
            q.lang.as_deref(),
            q.offers.as_deref(),
        ),
        None => list_view(app, name, text, None, q.lang.as_deref()),
    }
}
