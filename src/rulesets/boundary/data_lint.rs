//! What `data check` says of a ruleset's data files, collected an error at a time, each at its
//! place in its file and with the ruleset's note: the checks of the rulesets whose unit types
//! are a sheet book (their tables and types).

use crate::core::catalog::{valid_id, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::source::{FileId, Seg};
use crate::core::suggest::nearest;

/// The errors found so far in a ruleset's data.
pub struct DataLint<'a> {
    pub spans: &'a SpanIndexes,
    /// The note each error carries: `rule: RULESET data (BOOK)`.
    pub note: &'static str,
    pub out: Vec<Diagnostic>,
}

impl<'a> DataLint<'a> {
    pub fn new(spans: &'a SpanIndexes, note: &'static str) -> Self {
        DataLint {
            spans,
            note,
            out: Vec::new(),
        }
    }

    /// An error `code` at `path` of `file`, its place labelled `label`.
    pub fn error(
        &mut self,
        code: &'static str,
        file: FileId,
        path: &[Seg],
        message: String,
        label: &str,
    ) {
        let span = self.spans.get(file).and_then(|s| s.span(path));
        self.out.push(
            Diagnostic::error(code, message)
                .at(file, span)
                .with_label(label.to_owned())
                .with_note(self.note),
        );
    }

    /// `bad-id` where the id `id` at `path` is not a plain id.
    pub fn id(&mut self, file: FileId, path: &[Seg], id: &str) {
        if !valid_id(id) {
            self.error(
                "bad-id",
                file,
                path,
                format!("id must be 1 to 64 lowercase letters, digits and hyphens, found {id:?}"),
                "not a plain id",
            );
        }
    }

    /// `unknown-reference`: the `what` `id` at `path` is none of `known` (the nearest
    /// suggested).
    pub fn unknown(&mut self, file: FileId, path: &[Seg], what: &str, id: &str, known: Vec<&str>) {
        let suggestion = nearest(id, known);
        let span = self.spans.get(file).and_then(|s| s.span(path));
        self.out.push(
            Diagnostic::error("unknown-reference", format!("unknown {what} `{id}`"))
                .at(file, span)
                .with_label(format!("no {what} with this id"))
                .with_suggestion(suggestion)
                .with_note(self.note),
        );
    }
}
