//! A list changed in place, as `muster list` changes it: one edit (add, set, move, remove, a
//! unit's count) or today's data accepted (`list update`), made by the ruleset's engine with
//! comments and layout kept, written atomically on the version it was made on; the answer is
//! the list's view.

use std::path::Path;

use axum::body::Bytes;
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use toml_edit::DocumentMut;

use super::app::Shared;
use super::check::{check_text, Outcome};
use super::lists::list_view;
use super::query::LangQuery;
use super::reply::{blocking, if_match, json_error, store_error};
use super::store::StoreError;
use crate::commands::list::edited_text;
use crate::core::error::Error;
use crate::rulesets::{self, FreeSkill, NewUnit, UnitChange};

/// `POST /api/lists/{name}/update` with `If-Match`: accepts today's data, as `muster list
/// update` does (every unit's record says what the data price it with now; only the records
/// change, comments kept); the answer is the list's view.
pub async fn update(
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let expected = if_match(&headers);
        let result = app
            .store
            .update(&name, expected.as_deref(), |path, current| {
                let ruleset = match check_text(&app, &name, current.to_owned())? {
                    Outcome::Checked(c) => c.check.ruleset,
                    Outcome::UnknownRuleset(_) => {
                        return Err(StoreError::Refused(format!(
                            "{name}: its `ruleset` is not one muster knows"
                        )))
                    }
                };
                let ready = app.engine(ruleset)?;
                let display = Path::new(path.file_name().unwrap_or_default());
                let (text, _) =
                    edited_text(ready.engine.as_ref(), display, current, |engine, doc| {
                        rulesets::priced::update(engine, display, doc).map(|_| Vec::new())
                    })?;
                Ok(text)
            });
        match result {
            Ok((text, _)) => list_view(&app, &name, text, None, q.lang.as_deref()),
            Err(e) => store_error(e),
        }
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
    State(app): Shared,
    UrlPath(name): UrlPath<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    blocking(move || {
        let op: EditBody = match serde_json::from_slice(&body) {
            Ok(s) => s,
            Err(e) => return json_error(StatusCode::BAD_REQUEST, &format!("the edit: {e}")),
        };
        let expected = if_match(&headers);
        let result = app
            .store
            .update(&name, expected.as_deref(), |path, current| {
                let ruleset = match check_text(&app, &name, current.to_owned())? {
                    Outcome::Checked(c) => c.check.ruleset,
                    Outcome::UnknownRuleset(_) => {
                        return Err(StoreError::Refused(format!(
                            "{name}: its `ruleset` is not one muster knows"
                        )))
                    }
                };
                let ready = app.engine(ruleset)?;
                let display = Path::new(path.file_name().unwrap_or_default());
                let (text, _notes) = edited_text(
                    ready.engine.as_ref(),
                    display,
                    current,
                    |engine, doc: &mut DocumentMut| -> Result<Vec<String>, Error> {
                        match &op {
                            EditBody::Add {
                                id,
                                figures,
                                label,
                                skills,
                                options,
                                guns,
                                free_skill,
                            } => engine
                                .ruleset()
                                .need(engine.lists(), "army lists")
                                .and_then(|x| {
                                    x.add_unit(
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
                                })
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
                            } => engine
                                .ruleset()
                                .need(engine.lists(), "army lists")
                                .and_then(|x| {
                                    x.set_unit(
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
                                    )
                                }),
                            EditBody::Move { unit, to } => engine
                                .ruleset()
                                .need(engine.lists(), "army lists")
                                .and_then(|x| x.move_unit(doc, *unit, *to)),
                            EditBody::Remove { unit } => engine
                                .ruleset()
                                .need(engine.lists(), "army lists")
                                .and_then(|x| x.remove_unit(doc, *unit)),
                            EditBody::Count { unit, count } => {
                                crate::rulesets::set_count(engine.ruleset(), doc, *unit, *count)
                                    .map(|()| Vec::new())
                            }
                        }
                    },
                )?;
                Ok(text)
            });
        match result {
            Ok((text, _)) => list_view(&app, &name, text, None, q.lang.as_deref()),
            Err(e) => store_error(e),
        }
    })
    .await
}
