//! The tera templates: built-in defaults compiled in, a user `--templates DIR` overriding them
//! file by file, and errors that name the template file and line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use tera::{Context, Tera};

use crate::core::error::Error;
use crate::core::source::read_text;
use crate::core::text;
use crate::render::markup;

/// A ruleset's built-in templates: the folder they come from (`templates/<folder>/`, also the
/// sub-folder of a user's `--templates DIR` searched first), each template's name, file and
/// text, and its labels.toml. Each ruleset declares its own (`rulesets::<r>::TEMPLATES`).
pub struct Builtin {
    pub folder: &'static str,
    pub templates: &'static [(&'static str, &'static str, &'static str)],
    pub labels: &'static str,
    /// The templates of its messages in the languages other than English (`msg_<key>`, see
    /// `core::words`).
    pub messages: &'static str,
}

pub struct Templates {
    tera: Tera,
    /// Where each template came from, and its text, for error messages.
    origin: HashMap<&'static str, (String, String)>,
    labels: toml::Table,
}

/// The most a template may print: 8 MiB (a 1,000-card sheet prints about 2 MB of markup).
pub const MAX_OUTPUT_BYTES: usize = 8 * 1024 * 1024;
/// The most items `range()` gives in a template.
pub const MAX_RANGE: usize = 10_000;
/// The most items all the `range()` calls of one rendering give together: loops nested in
/// loops are bounded as a whole, not only each one.
pub const MAX_RANGE_TOTAL: u64 = 1_000_000;

thread_local! {
    /// What is left of [`MAX_RANGE_TOTAL`] for the rendering under way on this thread (tera
    /// calls `range()` on the thread that renders).
    static RANGE_BUDGET: std::cell::Cell<u64> = const { std::cell::Cell::new(MAX_RANGE_TOTAL) };
}

/// How values are escaped into a template's output: the layout markup, HTML, Markdown or
/// plain text (`.txt`: a roster as players post it in a chat).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    Markup,
    Html,
    Markdown,
    Text,
}

impl Output {
    fn of(name: &str) -> Self {
        if name.ends_with(".html") {
            Output::Html
        } else if name.ends_with(".md") {
            Output::Markdown
        } else if name.ends_with(".txt") {
            Output::Text
        } else {
            Output::Markup
        }
    }
}

impl Templates {
    /// The templates `names` of `ruleset`, built in or the user's: `DIR/<ruleset>/FILE`, else
    /// `DIR/FILE` (a folder made for one ruleset). Only those are parsed: each costs a few
    /// milliseconds. Every `{{ value }}` is escaped for what the templates print (markup,
    /// HTML or Markdown), so names and labels from lists are printed, never obeyed.
    pub fn load(builtin: &Builtin, dir: Option<&Path>, names: &[&str]) -> Result<Self, Error> {
        let ruleset = builtin.folder;
        if let Some(d) = dir {
            let meta = std::fs::metadata(d).map_err(|source| Error::Read {
                path: d.to_path_buf(),
                source,
            })?;
            if !meta.is_dir() {
                return Err(Error::Usage(format!(
                    "--templates {}: not a directory",
                    d.display()
                )));
            }
            std::fs::read_dir(d).map_err(|source| Error::Read {
                path: d.to_path_buf(),
                source,
            })?;
        }
        let output = names
            .first()
            .map(|n| Output::of(n))
            .unwrap_or(Output::Markup);
        if names.iter().any(|n| Output::of(n) != output) {
            return Err(Error::Render(format!(
                "templates {} print different formats: load them separately",
                names.join(", ")
            )));
        }
        let mut tera = Tera::default();
        tera.autoescape_on(vec![""]);
        tera.set_escape_fn(match output {
            Output::Markup => markup::escape,
            Output::Html => tera::escape_html,
            Output::Markdown => text::markdown,
            Output::Text => text::plain_line,
        });
        tera.register_function("range", bounded_range);
        let mut origin = HashMap::new();
        let user = |file: &str| -> Result<Option<PathBuf>, Error> {
            let Some(d) = dir else { return Ok(None) };
            for path in [d.join(ruleset).join(file), d.join(file)] {
                match std::fs::metadata(&path) {
                    Ok(meta) if meta.is_file() => return Ok(Some(path)),
                    Ok(meta) => {
                        return Err(Error::NotAFile {
                            path,
                            kind: crate::core::source::file_kind(&meta),
                        })
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(source) => return Err(Error::Read { path, source }),
                }
            }
            Ok(None)
        };
        for (name, file, text) in builtin
            .templates
            .iter()
            .filter(|(n, _, _)| names.contains(n))
        {
            let (shown, text, from_user) = match user(file)? {
                Some(path) => {
                    let text = read_text(&path)?;
                    (path.display().to_string(), text, true)
                }
                None => (
                    format!("templates/{ruleset}/{file} (built in)"),
                    (*text).to_owned(),
                    false,
                ),
            };
            tera.add_raw_template(name, &text)
                .map_err(|e| template_error(&shown, &text, &e))?;
            if from_user {
                let ast = tera
                    .get_template(name)
                    .map(|t| t.ast.clone())
                    .unwrap_or_default();
                if let Some((what, line)) = forbidden(&ast, &text) {
                    return Err(Error::Render(format!(
                        "template {shown}{}: `{what}` is not allowed in muster's templates (one template cannot use another, so that none can recurse without end)",
                        line.map(|l| format!(":{l}")).unwrap_or_default()
                    )));
                }
            }
            origin.insert(*name, (shown, text));
        }
        let builtin_labels = builtin.labels;
        let (labels_name, labels_text) = match user("labels.toml")? {
            Some(p) => (p.display().to_string(), read_text(&p)?),
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
        // The messages' words of each language join its labels (a diagnostic said on a page
        // or in a roster); built in, compiled and read by the words test.
        let mut labels = labels;
        if let Ok(messages) = toml::from_str::<toml::Table>(builtin.messages) {
            for (lang, table) in messages {
                if let (Some(own), toml::Value::Table(t)) = (
                    labels
                        .entry(lang.clone())
                        .or_insert_with(|| toml::Value::Table(toml::Table::new()))
                        .as_table_mut(),
                    table,
                ) {
                    for (k, v) in t {
                        own.entry(k).or_insert(v);
                    }
                }
            }
        }
        Ok(Self {
            tera,
            origin,
            labels,
        })
    }

    /// The labels of one language (`[fr]`, `[es]`, `[en]` of labels.toml and of its messages),
    /// falling back to French.
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

    /// Renders a template; its output is bounded by [`MAX_OUTPUT_BYTES`].
    pub fn render(&self, name: &str, context: &Context) -> Result<String, Error> {
        RANGE_BUDGET.with(|b| b.set(MAX_RANGE_TOTAL));
        let mut out = Bounded(Vec::new());
        self.tera.render_to(name, context, &mut out).map_err(|e| {
            let (shown, text) = self.origin.get(name).cloned().unwrap_or_default();
            template_error(&shown, &text, &e)
        })?;
        String::from_utf8(out.0).map_err(|_| {
            Error::Render(format!(
                "template {}: output is not UTF-8",
                self.origin(name)
            ))
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

/// A writer that refuses to grow past [`MAX_OUTPUT_BYTES`].
struct Bounded(Vec<u8>);

impl std::io::Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.0.len() + buf.len() > MAX_OUTPUT_BYTES {
            return Err(std::io::Error::other(format!(
                "the output is larger than {} MiB",
                MAX_OUTPUT_BYTES / 1024 / 1024
            )));
        }
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// tera's `range(end, start=0, step_by=1)`, giving at most [`MAX_RANGE`] items.
fn bounded_range(args: &HashMap<String, tera::Value>) -> tera::Result<tera::Value> {
    let number = |key: &str, default: Option<u64>| -> tera::Result<u64> {
        match args.get(key) {
            Some(v) => v.as_u64().ok_or_else(|| {
                tera::Error::msg(format!("range: `{key}` must be a whole number, found {v}"))
            }),
            None => default.ok_or_else(|| tera::Error::msg(format!("range: `{key}` is required"))),
        }
    };
    let (start, end, step) = (
        number("start", Some(0))?,
        number("end", None)?,
        number("step_by", Some(1))?,
    );
    if step == 0 || start > end {
        return Err(tera::Error::msg(
            "range: needs start <= end and step_by > 0",
        ));
    }
    let count = (end - start).div_ceil(step);
    if count > MAX_RANGE as u64 {
        return Err(tera::Error::msg(format!(
            "range: {count} items, templates may loop over at most {MAX_RANGE}"
        )));
    }
    let left = RANGE_BUDGET.with(|b| {
        let left = b.get().saturating_sub(count);
        b.set(left);
        left
    });
    if left == 0 {
        return Err(tera::Error::msg(format!(
            "range: the template's loops take more than {MAX_RANGE_TOTAL} items in all (loops nested in loops count together)"
        )));
    }
    Ok(tera::Value::Array(
        (start..end)
            .step_by(step as usize)
            .map(tera::Value::from)
            .collect(),
    ))
}

/// The first construct of a user template that could make it recurse (`include`, `extends`,
/// `import`, `macro`), with its line when it can be found.
fn forbidden(nodes: &[tera::ast::Node], text: &str) -> Option<(&'static str, Option<usize>)> {
    use tera::ast::Node;
    let line = |word: &str| {
        text.lines()
            .position(|l| l.contains("{%") && l.contains(word))
            .map(|i| i + 1)
    };
    for node in nodes {
        let found = match node {
            Node::Include(..) => Some("include"),
            Node::Extends(..) => Some("extends"),
            Node::ImportMacro(..) => Some("import"),
            Node::MacroDefinition(..) => Some("macro"),
            Node::Block(_, b, _) => forbidden(&b.body, text).map(|f| f.0),
            Node::Forloop(_, f, _) => forbidden(&f.body, text)
                .or_else(|| f.empty_body.as_ref().and_then(|b| forbidden(b, text)))
                .map(|f| f.0),
            Node::If(i, _) => i
                .conditions
                .iter()
                .find_map(|(_, _, body)| forbidden(body, text))
                .or_else(|| i.otherwise.as_ref().and_then(|(_, b)| forbidden(b, text)))
                .map(|f| f.0),
            Node::FilterSection(_, f, _) => forbidden(&f.body, text).map(|f| f.0),
            _ => None,
        };
        if let Some(what) = found {
            return Some((what, line(what)));
        }
    }
    None
}
