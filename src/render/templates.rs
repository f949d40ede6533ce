//! The tera templates: built-in defaults compiled in, a user `--templates DIR` overriding them
//! file by file, and errors that name the template file and line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use tera::{Context, Tera};

use crate::core::error::Error;

/// (ruleset, name, file in templates/<ruleset>/, default text).
const BUILTIN: &[(&str, &str, &str, &str)] = &[
    (
        "capitan",
        "card",
        "card.tera",
        include_str!("../../templates/capitan/card.tera"),
    ),
    (
        "capitan",
        "card-back",
        "card-back.tera",
        include_str!("../../templates/capitan/card-back.tera"),
    ),
    (
        "capitan",
        "qrs",
        "qrs.tera",
        include_str!("../../templates/capitan/qrs.tera"),
    ),
    (
        "capitan",
        "roster",
        "roster.tera",
        include_str!("../../templates/capitan/roster.tera"),
    ),
    (
        "capitan",
        "roster.md",
        "roster.md.tera",
        include_str!("../../templates/capitan/roster.md.tera"),
    ),
    // Named .html so that tera escapes HTML in it.
    (
        "capitan",
        "roster.html",
        "roster.html.tera",
        include_str!("../../templates/capitan/roster.html.tera"),
    ),
];

/// (ruleset, labels.toml of templates/<ruleset>/).
const LABELS: &[(&str, &str)] = &[(
    "capitan",
    include_str!("../../templates/capitan/labels.toml"),
)];

pub struct Templates {
    tera: Tera,
    /// Where each template came from, and its text, for error messages.
    origin: HashMap<&'static str, (String, String)>,
    labels: toml::Table,
}

impl Templates {
    /// The templates `names` of `ruleset`, built in or the user's: `DIR/<ruleset>/FILE`, else
    /// `DIR/FILE` (a folder made for one ruleset). Only those are parsed: each costs a few
    /// milliseconds.
    pub fn load(ruleset: &str, dir: Option<&Path>, names: &[&str]) -> Result<Self, Error> {
        if let Some(d) = dir {
            if !d.is_dir() {
                return Err(Error::Usage(format!(
                    "--templates {}: not a directory",
                    d.display()
                )));
            }
        }
        let mut tera = Tera::default();
        tera.autoescape_on(vec![".html"]);
        let mut origin = HashMap::new();
        let user = |file: &str| {
            dir.and_then(|d| {
                [d.join(ruleset).join(file), d.join(file)]
                    .into_iter()
                    .find(|p| p.is_file())
            })
        };
        for (_, name, file, text) in BUILTIN
            .iter()
            .filter(|(r, n, _, _)| *r == ruleset && names.contains(n))
        {
            let (shown, text) = match user(file) {
                Some(path) => {
                    let text = std::fs::read_to_string(&path).map_err(|source| Error::Read {
                        path: path.clone(),
                        source,
                    })?;
                    (path.display().to_string(), text)
                }
                None => (
                    format!("templates/{ruleset}/{file} (built in)"),
                    (*text).to_owned(),
                ),
            };
            tera.add_raw_template(name, &text)
                .map_err(|e| template_error(&shown, &text, &e))?;
            origin.insert(*name, (shown, text));
        }
        let builtin_labels = LABELS
            .iter()
            .find(|(r, _)| *r == ruleset)
            .map(|(_, t)| *t)
            .unwrap_or("");
        let labels_path: Option<PathBuf> = user("labels.toml");
        let (labels_name, labels_text) = match labels_path {
            Some(p) => (
                p.display().to_string(),
                std::fs::read_to_string(&p).map_err(|source| Error::Read {
                    path: p.clone(),
                    source,
                })?,
            ),
            None => (
                format!("templates/{ruleset}/labels.toml (built in)"),
                builtin_labels.to_owned(),
            ),
        };
        let labels: toml::Table = toml::from_str(&labels_text).map_err(|e| {
            let at = e.span().map(|s| {
                let line = labels_text[..s.start].lines().count().max(1);
                format!(":{line}")
            });
            Error::Render(format!(
                "{labels_name}{}: {}",
                at.unwrap_or_default(),
                e.message()
            ))
        })?;
        Ok(Self {
            tera,
            origin,
            labels,
        })
    }

    /// The labels of one language (`[fr]`, `[es]`, `[en]` of labels.toml), falling back to French.
    pub fn labels(&self, lang: &str) -> toml::Table {
        let mut out = self
            .labels
            .get("fr")
            .and_then(|v| v.as_table())
            .cloned()
            .unwrap_or_default();
        if let Some(t) = self.labels.get(lang).and_then(|v| v.as_table()) {
            out.extend(t.clone());
        }
        out
    }

    pub fn render(&self, name: &str, context: &Context) -> Result<String, Error> {
        self.tera.render(name, context).map_err(|e| {
            let (shown, text) = self.origin.get(name).cloned().unwrap_or_default();
            template_error(&shown, &text, &e)
        })
    }

    /// Where a template came from (for messages about its output).
    pub fn origin(&self, name: &str) -> String {
        self.origin
            .get(name)
            .map(|o| o.0.clone())
            .unwrap_or_else(|| name.to_owned())
    }
}

/// `file:line: message`, the line taken from tera's position, or found from the name in the
/// message (tera's render errors name the variable or filter but not the line).
fn template_error(file: &str, text: &str, e: &tera::Error) -> Error {
    let mut chain = vec![e.to_string()];
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        chain.push(s.to_string());
        source = s.source();
    }
    let message = chain.join(": ");
    let line = message
        .split("--> ")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|l| l.trim().parse::<usize>().ok())
        .or_else(|| {
            let name = message.split('`').nth(1)?;
            let needle = name.split('.').next_back().unwrap_or(name);
            text.lines().position(|l| l.contains(needle)).map(|i| i + 1)
        });
    let at = line.map(|l| format!(":{l}")).unwrap_or_default();
    let message = message
        .replace('\n', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    Error::Render(format!("template {file}{at}: {message}"))
}
