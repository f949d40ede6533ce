//! Diagnostics: mistakes found in the user's data, collected and reported together, each
//! pointing at `file:line:column` with the offending line and a caret.

use std::io::{IsTerminal, Write};
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as Report, Label, Severity as CsSeverity};
use codespan_reporting::term::termcolor::{Buffer, ColorChoice};
use codespan_reporting::term::{self, Config};
use serde::Serialize;

use crate::core::i18n::Lang;
use crate::core::source::{FileId, Sources};
use crate::core::text;
use crate::core::words::{Phrase, Words};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// A place in a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub file: FileId,
    pub range: Range<usize>,
}

/// One finding about the user's input.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Stable identifier of the rule (e.g. `unit-limit`), for tools and tests.
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    /// Where: the file, and the span in it when known.
    pub file: Option<FileId>,
    pub span: Option<Range<usize>>,
    /// The label under the caret.
    pub label: Option<String>,
    /// Other places that explain this one (e.g. the first definition of a duplicate).
    pub related: Vec<(Span, String)>,
    /// Help lines: what to do about it, the rule it comes from.
    pub notes: Vec<String>,
    /// The same texts as phrases, to be said in another language ([`Diagnostic::in_lang`]).
    pub said: Vec<(Slot, Phrase)>,
}

/// Which text of a diagnostic a phrase says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Message,
    Label,
    Related(usize),
    Note(usize),
}

/// The key of the phrase that cites a diagnostic's rule (`rule: … (BOOK §4.2)`).
pub const RULE_NOTE: &str = "rule-note";
/// The key of the phrase that cites one of muster's own checks (`rule: … (muster)`).
pub const RULE_NOTE_MUSTER: &str = "rule-note-muster";

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Error, message)
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Warning, message)
    }

    fn new(code: &'static str, severity: Severity, message: impl Into<String>) -> Self {
        Self {
            code,
            severity,
            message: message.into(),
            file: None,
            span: None,
            label: None,
            related: Vec::new(),
            notes: Vec::new(),
            said: Vec::new(),
        }
    }

    /// An error whose message is a phrase (said in English here, in any language later).
    pub fn error_said(code: &'static str, message: Phrase) -> Self {
        Self::error(code, message.english()).said(Slot::Message, message)
    }

    /// A warning whose message is a phrase.
    pub fn warning_said(code: &'static str, message: Phrase) -> Self {
        Self::warning(code, message.english()).said(Slot::Message, message)
    }

    fn said(mut self, slot: Slot, phrase: Phrase) -> Self {
        self.said.retain(|(s, _)| *s != slot);
        self.said.push((slot, phrase));
        self
    }

    /// The label under the caret, as a phrase.
    pub fn with_label_said(mut self, label: Phrase) -> Self {
        self.label = Some(label.english());
        self.said(Slot::Label, label)
    }

    /// A note (help, a rule), as a phrase.
    pub fn with_note_said(mut self, note: Phrase) -> Self {
        let at = self.notes.len();
        self.notes.push(note.english());
        self.said(Slot::Note(at), note)
    }

    /// Another place, with its label as a phrase.
    pub fn with_related_said(mut self, span: Span, label: Phrase) -> Self {
        let at = self.related.len();
        self.related.push((span, label.english()));
        self.said(Slot::Related(at), label)
    }

    /// The diagnostic in `lang`: each text that is a phrase said with `words` (a text made
    /// without one stays as it is).
    pub fn in_lang(&self, lang: Lang, words: &dyn Words) -> Diagnostic {
        let mut d = self.clone();
        for (slot, phrase) in &self.said {
            let text = phrase.say(lang, words);
            match *slot {
                Slot::Message => d.message = text,
                Slot::Label => d.label = Some(text),
                Slot::Related(i) => {
                    if let Some(r) = d.related.get_mut(i) {
                        r.1 = text;
                    }
                }
                Slot::Note(i) => {
                    if let Some(n) = d.notes.get_mut(i) {
                        *n = text;
                    }
                }
            }
        }
        d
    }

    /// What `in_lang` cannot say in `lang`: texts that are no phrase (by their slot), and
    /// the templates and words `words` lacks.
    pub fn unsaid(&self, lang: Lang, words: &dyn Words) -> Vec<String> {
        let mut out = Vec::new();
        let has = |slot: Slot| self.said.iter().any(|(s, _)| *s == slot);
        if !has(Slot::Message) {
            out.push(format!("message `{}` is no phrase", self.message));
        }
        if self.label.is_some() && !has(Slot::Label) {
            out.push(format!(
                "label `{}` is no phrase",
                self.label.clone().unwrap_or_default()
            ));
        }
        for (i, (_, l)) in self.related.iter().enumerate() {
            if !has(Slot::Related(i)) {
                out.push(format!("related label `{l}` is no phrase"));
            }
        }
        for (i, n) in self.notes.iter().enumerate() {
            if !has(Slot::Note(i)) {
                out.push(format!("note `{n}` is no phrase"));
            }
        }
        for (_, p) in &self.said {
            out.extend(p.missing(lang, words));
        }
        out
    }

    /// The rule this diagnostic cites, as its note says it (`None`: it cites none).
    pub fn rule_note(&self) -> Option<usize> {
        self.said.iter().find_map(|(s, p)| match s {
            Slot::Note(i) if p.key == RULE_NOTE || p.key == RULE_NOTE_MUSTER => Some(*i),
            _ => None,
        })
    }

    pub fn in_file(mut self, file: FileId) -> Self {
        self.file = Some(file);
        self
    }

    pub fn at(mut self, file: FileId, span: Option<Range<usize>>) -> Self {
        self.file = Some(file);
        self.span = span;
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn with_related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// `help: did you mean …?` when a suggestion exists.
    pub fn with_suggestion(self, suggestion: Option<String>) -> Self {
        match suggestion {
            Some(s) => self.with_note_said(
                Phrase::new("did-you-mean", "help: did you mean {s}?").text("s", s),
            ),
            None => self,
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// 1-based line and column of the start of the span, when there is one.
    pub fn line_column(&self, sources: &Sources) -> Option<(usize, usize)> {
        let file = self.file?;
        let span = self.span.as_ref()?;
        Some(sources.line_column(file, span.start))
    }

    fn to_report(&self) -> Report<FileId> {
        let severity = match self.severity {
            Severity::Error => CsSeverity::Error,
            Severity::Warning => CsSeverity::Warning,
        };
        // Messages quote the user's values: nothing in them may steer the terminal.
        let safe = |t: &str| text::one_line(t).into_owned();
        let mut labels = Vec::new();
        if let (Some(file), Some(span)) = (self.file, &self.span) {
            let mut label = Label::primary(file, span.clone());
            if let Some(text) = &self.label {
                label = label.with_message(safe(text));
            }
            labels.push(label);
        }
        for (span, text) in &self.related {
            labels.push(Label::secondary(span.file, span.range.clone()).with_message(safe(text)));
        }
        Report::new(severity)
            .with_code(self.code)
            .with_message(safe(&self.message))
            .with_labels(labels)
            .with_notes(self.notes.iter().map(|n| safe(n)).collect())
    }

    /// The diagnostic as plain text (no colour), as printed on a terminal.
    pub fn render(&self, sources: &Sources) -> String {
        let mut buffer = Buffer::no_color();
        self.emit(sources, &mut buffer);
        let mut text = String::from_utf8_lossy(buffer.as_slice()).into_owned();
        if self.span.is_none() {
            if let Some(file) = self.file {
                // No span: still name the file.
                text = text.replacen('\n', &format!("\n  ┌─ {}\n", sources.name(file)), 1);
            }
        }
        text
    }

    fn emit(&self, sources: &Sources, writer: &mut dyn term::termcolor::WriteColor) {
        let config = Config::default();
        // Writing to a buffer or stderr: a failure here has nowhere better to be reported.
        if let Some((files, report)) = self.excerpted(sources) {
            let _ = term::emit(writer, &config, &files, &report);
            return;
        }
        let _ = term::emit(writer, &config, sources, &self.to_report());
    }

    /// A diagnostic on a line longer than [`MAX_QUOTED`] characters, quoted as an excerpt
    /// around its span (`…` either side), so that printing it costs what the excerpt costs,
    /// however long the line. `None` for a line short enough to quote whole.
    fn excerpted(
        &self,
        sources: &Sources,
    ) -> Option<(
        codespan_reporting::files::SimpleFiles<String, String>,
        Report<usize>,
    )> {
        use codespan_reporting::files::Files;
        let (file, span) = (self.file?, self.span.clone()?);
        let line = sources.line_index(file, span.start).ok()?;
        let range = sources.line_range(file, line).ok()?;
        let source = sources.source(file).ok()?;
        let text = source.get(range.clone())?;
        if text.chars().count() <= MAX_QUOTED {
            return None;
        }
        let floor = |mut i: usize| {
            while i > 0 && !text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let at = span.start.saturating_sub(range.start).min(text.len());
        let from = floor(at.saturating_sub(MAX_QUOTED / 2));
        let to = floor((at + MAX_QUOTED / 2).min(text.len()));
        let mut quoted = String::new();
        if from > 0 {
            quoted.push('…');
        }
        let shift = quoted.len();
        quoted.push_str(text[from..to].trim_end_matches(['\n', '\r']));
        if to < text.trim_end_matches(['\n', '\r']).len() {
            quoted.push('…');
        }
        let start = shift + at - from;
        let end = (start + span.len()).min(shift + to - from).max(start);
        let mut excerpt = "\n".repeat(line);
        let base = excerpt.len();
        excerpt.push_str(&quoted);
        excerpt.push('\n');
        let mut one = codespan_reporting::files::SimpleFiles::new();
        let id = one.add(sources.name(file), excerpt);
        let mut report = self.to_report();
        report.labels = vec![{
            let mut l = Label::primary(id, base + start..base + end);
            if let Some(t) = &self.label {
                l = l.with_message(text::one_line(t).into_owned());
            }
            l
        }];
        Some((one, report))
    }

    /// Serializable form with the location resolved (`file`, `line`, `column`).
    pub fn to_json(&self, sources: &Sources) -> JsonDiagnostic {
        let (line, column) = match self.line_column(sources) {
            Some((l, c)) => (Some(l), Some(c)),
            None => (None, None),
        };
        JsonDiagnostic {
            code: self.code,
            severity: self.severity,
            message: self.message.clone(),
            file: self.file.map(|f| sources.name(f)),
            line,
            column,
            notes: self.notes.clone(),
        }
    }
}

/// The most characters of a line a diagnostic quotes: a longer line is quoted as an excerpt
/// around the mistake.
pub const MAX_QUOTED: usize = 200;

/// A diagnostic as printed by `--format json`.
#[derive(Debug, Serialize)]
pub struct JsonDiagnostic {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub notes: Vec<String>,
}

/// At most this many diagnostics of one code are printed in full (a list with a thousand
/// copies of one mistake gets 50 and a count; `--format json` lists them all).
pub const MAX_SHOWN_PER_CODE: usize = 50;

/// Prints diagnostics to stderr, buffered, in colour when stderr is a terminal and NO_COLOR is
/// unset.
pub fn print_all(diagnostics: &[Diagnostic], sources: &Sources) {
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let choice = if colour {
        ColorChoice::Auto
    } else {
        ColorChoice::Never
    };
    // Rendered whole, then written with `eprint!`: one write, and captured with the rest of a
    // test's output when the library runs inside a test.
    let mut stream = if choice == ColorChoice::Never {
        Buffer::no_color()
    } else {
        Buffer::ansi()
    };
    let mut shown: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for d in diagnostics {
        let count = shown.entry(d.code).or_default();
        *count += 1;
        if *count > MAX_SHOWN_PER_CODE {
            continue;
        }
        if d.span.is_none() {
            let _ = stream.write_all(d.render(sources).as_bytes());
        } else {
            d.emit(sources, &mut stream);
        }
    }
    let mut hidden: Vec<(&str, usize)> = shown
        .into_iter()
        .filter(|(_, n)| *n > MAX_SHOWN_PER_CODE)
        .map(|(code, n)| (code, n - MAX_SHOWN_PER_CODE))
        .collect();
    hidden.sort();
    for (code, n) in hidden {
        let _ = writeln!(
            stream,
            "note: {n} more [{code}] not shown (the first {MAX_SHOWN_PER_CODE} are above; --format json lists all)\n"
        );
    }
    eprint!("{}", String::from_utf8_lossy(stream.as_slice()));
}

/// "2 errors, 1 warning" style summary.
pub fn summary(diagnostics: &[Diagnostic]) -> String {
    summary_said(diagnostics).english()
}

/// [`summary`] as a phrase.
pub fn summary_said(diagnostics: &[Diagnostic]) -> Phrase {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    Phrase::new(
        "summary",
        "{errors|# error|# errors}, {warnings|# warning|# warnings}",
    )
    .count("errors", errors)
    .count("warnings", warnings)
}

/// Diagnostics of one code on one line of one file folded into the first of them, with a note
/// counting the others ("and 59,998 more [duplicate-skill] on this line"): a line repeating
/// one mistake a thousand times is one diagnostic, and the work of reporting it stays linear.
/// `line` gives a diagnostic's line (None: never folded). The order is kept.
pub fn fold_per_line(
    diagnostics: &mut Vec<Diagnostic>,
    line: impl Fn(&Diagnostic) -> Option<usize>,
) {
    use std::collections::hash_map::Entry;
    let mut first: std::collections::HashMap<(FileId, usize, &'static str), (usize, usize)> =
        std::collections::HashMap::new();
    let mut kept = Vec::with_capacity(diagnostics.len());
    for d in diagnostics.drain(..) {
        if let (Some(file), Some(l)) = (d.file, line(&d)) {
            match first.entry((file, l, d.code)) {
                Entry::Occupied(mut e) => {
                    e.get_mut().1 += 1;
                    continue;
                }
                Entry::Vacant(e) => {
                    e.insert((kept.len(), 0));
                }
            }
        }
        kept.push(d);
    }
    for ((_, _, code), (at, more)) in first {
        if more > 0 {
            let d = std::mem::replace(&mut kept[at], Diagnostic::error("", ""));
            kept[at] = d.with_note_said(
                Phrase::new("more-on-line", "and {more} more [{code}] on this line")
                    .count("more", more)
                    .text("code", code),
            );
        }
    }
    *diagnostics = kept;
}

/// [`fold_per_line`] with the lines of `sources`.
pub fn fold(diagnostics: &mut Vec<Diagnostic>, sources: &Sources) {
    fold_per_line(diagnostics, |d| d.line_column(sources).map(|(l, _)| l));
}

/// Sorted by file, then position, then code, so output is stable.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (a.file, a.span.as_ref().map(|s| s.start), a.code).cmp(&(
            b.file,
            b.span.as_ref().map(|s| s.start),
            b.code,
        ))
    });
}
