//! A new list (`muster list new`, the builder's new-list form): its header fields, their
//! choices and bounds, every problem of them at once.

use serde::Serialize;

use super::choice::Choice;
use super::Ruleset;

/// `muster list new`: what the command line gives.
#[derive(Debug, Default, Clone)]
pub struct NewList {
    pub name: String,
    /// The points limit, for rulesets whose lists have one.
    pub points: Option<u32>,
    pub coalition: Option<String>,
    pub campaign: Option<String>,
    pub rank: Option<String>,
    pub army: Option<String>,
}

impl NewList {
    /// The value given for a header field (`ListField::key`), as text.
    pub fn value(&self, key: &str) -> Option<String> {
        match key {
            "points" => self.points.map(|p| p.to_string()),
            "coalition" => self.coalition.clone(),
            "campaign" => self.campaign.clone(),
            "rank" => self.rank.clone(),
            "army" => self.army.clone(),
            _ => None,
        }
    }
}

/// The header fields `muster list new` may be given besides the name, in [`NewList`]'s order.
pub const LIST_FIELD_KEYS: [&str; 5] = ["coalition", "campaign", "army", "points", "rank"];

/// A field of a new list's header (`muster list new --KEY`, the web's new-list form): what it
/// is called in a language, whether it must be given, and the values it may take.
#[derive(Debug, Clone, Serialize)]
pub struct ListField {
    /// The header key and the flag's name: `coalition`, `campaign`, `army`, `points`, `rank`.
    pub key: &'static str,
    /// Its name, in the language asked.
    pub label: String,
    pub required: bool,
    /// The values it takes, each with its name; `None`: a number (`points`).
    pub choices: Option<Vec<Choice>>,
    /// What a form shows in an empty box: a hint, never a value.
    pub hint: String,
}

/// The most points a list's limit may be (an engine limit: far above any game).
pub const MAX_POINTS: u32 = 100_000;

/// What is wrong with a field of a new list (a page words each kind in its own language).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    /// A required field not given.
    Missing,
    /// A value that is not one of the field's choices.
    Unknown,
    /// A field the ruleset's lists do not have.
    NotTaken,
    /// A number out of its bounds.
    OutOfBounds,
}

/// A problem of a new list's field: its key (`name` or a [`LIST_FIELD_KEYS`] key), its kind,
/// and the CLI's sentence.
#[derive(Debug, Clone, Serialize)]
pub struct FieldProblem {
    pub key: &'static str,
    pub kind: ProblemKind,
    pub message: String,
}

/// Every problem of a new list's fields at once: a field the ruleset does not take, a
/// required one missing, a value that is not one of its choices, a limit out of bounds.
pub fn new_list_problems(
    ruleset: Ruleset,
    fields: &[ListField],
    spec: &NewList,
) -> Vec<FieldProblem> {
    let mut problems = Vec::new();
    let mut problem = |key, kind, message| {
        problems.push(FieldProblem { key, kind, message });
    };
    let known = |f: &ListField| match &f.choices {
        Some(c) => c
            .iter()
            .map(|c| {
                if c.label == c.id || c.label.is_empty() {
                    c.id.clone()
                } else {
                    format!("{} ({})", c.id, c.label)
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => f.hint.clone(),
    };
    if spec.name.trim().is_empty() {
        problem(
            "name",
            ProblemKind::Missing,
            "--name is missing: the army's name".to_owned(),
        );
    } else if spec.name.chars().count() > super::list_doc::MAX_NAME {
        problem(
            "name",
            ProblemKind::OutOfBounds,
            format!(
                "--name: {} characters; a list's name has at most {}",
                spec.name.chars().count(),
                super::list_doc::MAX_NAME
            ),
        );
    }
    for key in LIST_FIELD_KEYS {
        let given = spec.value(key);
        match (fields.iter().find(|f| f.key == key), given) {
            (None, Some(v)) => {
                let takes: Vec<String> = fields.iter().map(|f| format!("--{}", f.key)).collect();
                problem(
                    key,
                    ProblemKind::NotTaken,
                    format!(
                        "--{key} {v}: {} lists have no {key}{}",
                        ruleset.title(),
                        if takes.is_empty() {
                            " (they take a name only)".to_owned()
                        } else {
                            format!(" (they take {})", takes.join(", "))
                        }
                    ),
                );
            }
            (Some(f), None) if f.required => {
                problem(
                    key,
                    ProblemKind::Missing,
                    format!("--{key} is missing: {}", known(f)),
                );
            }
            (Some(f), Some(v)) => match &f.choices {
                Some(choices) if !choices.iter().any(|c| c.id == v) => {
                    let ids = choices.iter().map(|c| c.id.as_str());
                    let hint = match crate::core::suggest::nearest(&v, ids) {
                        Some(n) => format!("did you mean {n}?"),
                        None => format!("known: {}", known(f)),
                    };
                    problem(
                        key,
                        ProblemKind::Unknown,
                        format!("--{key} {v}: unknown {key}; {hint}"),
                    );
                }
                None if key == "points"
                    && spec.points.is_some_and(|p| p == 0 || p > MAX_POINTS) =>
                {
                    problem(
                        key,
                        ProblemKind::OutOfBounds,
                        format!("--points {v}: a points limit is from 1 to {MAX_POINTS}"),
                    );
                }
                _ => {}
            },
            (_, None) => {}
        }
    }
    problems
}
