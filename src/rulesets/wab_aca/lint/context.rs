//! Where the ACA data's rules look: the loaded files ([`Located`]) and what an entry, an
//! army or a table rule sees, each able to locate its diagnostic; the helpers they share.

use crate::core::bounds::PathPart;
use crate::core::catalog::{valid_id, Origin, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::source::{FileId, Seg};
use crate::rulesets::wab_aca::database::{Army, Database};
use crate::rulesets::wab_aca::model::Entry;

/// Where the loaded data came from, for locating diagnostics.
pub struct Located<'a> {
    pub rules: FileId,
    pub core: FileId,
    pub artillery: FileId,
    /// Each army's id and file.
    pub armies: &'a [(String, FileId)],
    /// Each entry's place, in the order of `Database::entries`.
    pub entries: &'a [Origin],
    pub spans: &'a SpanIndexes,
}

/// What an entry rule sees.
pub struct EntryContext<'a> {
    pub db: &'a Database,
    pub entry: &'a Entry,
    pub(super) origin: &'a Origin,
    pub(super) spans: &'a SpanIndexes,
}

impl EntryContext<'_> {
    pub(super) fn error(&self, code: &'static str, path: &[Seg], message: String) -> Diagnostic {
        Diagnostic::error(code, message).at(self.origin.file, self.spans.span(self.origin, path))
    }
}

/// What an army rule sees.
pub struct ArmyContext<'a> {
    pub db: &'a Database,
    pub army: &'a Army,
    pub(super) file: FileId,
    pub(super) spans: &'a SpanIndexes,
}

impl ArmyContext<'_> {
    pub(super) fn error(&self, code: &'static str, path: &[Seg], message: String) -> Diagnostic {
        let mut full = vec![Seg::Key("army")];
        full.extend_from_slice(path);
        let span = self.spans.get(self.file).and_then(|s| s.span(&full));
        Diagnostic::error(code, message).at(self.file, span)
    }
}

/// What a table rule sees.
pub struct TableContext<'a> {
    pub db: &'a Database,
    pub(super) at: &'a Located<'a>,
}

impl TableContext<'_> {
    pub(super) fn error(
        &self,
        code: &'static str,
        file: FileId,
        path: &[Seg],
        message: String,
    ) -> Diagnostic {
        let span = self.at.spans.get(file).and_then(|s| s.span(path));
        Diagnostic::error(code, message).at(file, span)
    }
}

pub(super) fn bad_id(id: &str) -> Option<String> {
    (!valid_id(id))
        .then(|| format!("id must be 1 to 64 lowercase letters, digits and hyphens, found {id:?}"))
}

pub(super) fn segs(path: &[PathPart]) -> Vec<Seg<'_>> {
    path.iter()
        .map(|p| match p {
            PathPart::Key(k) => Seg::Key(k),
            PathPart::Index(i) => Seg::Index(*i),
        })
        .collect()
}
