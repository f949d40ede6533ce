//! Entries with ids gathered from data files: a catalogue indexed by id that keeps file order,
//! where each entry was defined, duplicate ids across files and directories, and the TOML
//! files of a ruleset's folder in the data directories.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::diagnostic::{Diagnostic, Span};
use super::error::Error;
use super::source::{FileId, Seg, SpanIndex};

/// Entries with an id, in file order, with an index by id.
#[derive(Debug, Clone)]
pub struct Catalog<T> {
    items: Vec<T>,
    index: HashMap<String, usize>,
}

impl<T> Default for Catalog<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            index: HashMap::new(),
        }
    }
}

impl<T> Catalog<T> {
    /// Adds an entry; returns false (and keeps the first) when the id is taken.
    pub fn insert(&mut self, id: &str, item: T) -> bool {
        if self.index.contains_key(id) {
            return false;
        }
        self.index.insert(id.to_owned(), self.items.len());
        self.items.push(item);
        true
    }

    pub fn get(&self, id: &str) -> Option<&T> {
        self.index.get(id).map(|&i| &self.items[i])
    }

    pub fn get_mut(&mut self, id: &str) -> Option<&mut T> {
        self.index.get(id).map(|&i| &mut self.items[i])
    }

    /// Puts `item` in the place of the entry `id` (its order kept); false when there is none.
    pub fn replace(&mut self, id: &str, item: T) -> bool {
        match self.index.get(id) {
            Some(&i) => {
                self.items[i] = item;
                true
            }
            None => false,
        }
    }

    /// Puts `item` in the place of the entry `id`, or adds it when there is none.
    pub fn put(&mut self, id: &str, item: T) {
        match self.index.get(id) {
            Some(&i) => self.items[i] = item,
            None => {
                self.insert(id, item);
            }
        }
    }

    pub fn contains(&self, id: &str) -> bool {
        self.index.contains_key(id)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.index.keys().map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// Entries that carry an id.
pub trait HasId {
    fn id(&self) -> &str;
}

/// `has_id!(A, B, …)`: each type, an entry with an `id` field, [`HasId`] by it.
macro_rules! has_id {
    ($($t:ty),*) => { $(impl $crate::core::catalog::HasId for $t { fn id(&self) -> &str { &self.id } })* };
}
pub(crate) use has_id;

/// Where an entry was defined: for diagnostics that point back into data files.
#[derive(Debug, Clone)]
pub struct Origin {
    pub file: FileId,
    /// The array the entry sits in (`sheet`, `skill`, …) and its index.
    pub table: &'static str,
    pub index: usize,
}

/// Span look-ups for the files of a load.
#[derive(Default)]
pub struct SpanIndexes {
    by_file: Vec<(FileId, SpanIndex)>,
}

impl SpanIndexes {
    pub fn add(&mut self, file: FileId, index: SpanIndex) {
        self.by_file.push((file, index));
    }

    pub fn get(&self, file: FileId) -> Option<&SpanIndex> {
        self.by_file
            .iter()
            .find(|(f, _)| *f == file)
            .map(|(_, i)| i)
    }

    /// The span of `key` path inside the entry at `origin`.
    pub fn span(&self, origin: &Origin, path: &[Seg]) -> Option<std::ops::Range<usize>> {
        let mut full = vec![Seg::Key(origin.table), Seg::Index(origin.index)];
        full.extend_from_slice(path);
        self.get(origin.file)?.span(&full)
    }
}

/// A second definition of an id, found while merging.
struct Duplicate {
    what: &'static str,
    id: String,
    first: Origin,
    second: Origin,
}

impl Duplicate {
    fn into_diagnostic(self, spans: &SpanIndexes) -> Diagnostic {
        let id_span = |o: &Origin| spans.span(o, &[Seg::Key("id")]);
        let mut d = Diagnostic::error(
            "duplicate-id",
            format!("duplicate {} id `{}`", self.what, self.id),
        )
        .at(self.second.file, id_span(&self.second))
        .with_label("defined again here")
        .with_note("ids are unique inside a data directory (a later one, given by --data or the player's my-sheets/, may replace an entry of an earlier one)");
        if let Some(range) = id_span(&self.first) {
            d = d.with_related(
                Span {
                    file: self.first.file,
                    range,
                },
                "first defined here",
            );
        }
        d
    }
}

/// An entry of a later data layer in the place of one of the same id in an earlier layer.
#[derive(Debug, Clone)]
pub struct Replacement {
    pub what: &'static str,
    pub id: String,
    /// The entry replaced, and the one that replaces it.
    pub first: Origin,
    pub by: Origin,
}

/// An entry of a later data layer in the place of one of an earlier layer: what it is, its
/// id, and where each is defined (`FILE:LINE`), as `data check` says it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Replaced {
    pub what: &'static str,
    pub id: String,
    pub first: String,
    pub by: String,
}

/// Adds entries to catalogues, remembering where each was defined, every duplicate id, and
/// every entry a later data layer replaces.
///
/// Data layers: each data directory is a layer, in the order given (`--data A --data B`, the
/// player's `my-sheets/` last). Ids are unique inside a layer; an entry of a later layer
/// replaces the entry of the same id of an earlier one (`data check` says so).
#[derive(Default)]
pub struct Registry {
    origins: HashMap<(&'static str, String), Origin>,
    duplicates: Vec<Duplicate>,
    layers: HashMap<FileId, usize>,
    replaced: Vec<Replacement>,
}

impl Registry {
    /// Adds `entries` of array `table` in `file` to `catalog`; returns the origins of the
    /// entries added, in order (duplicates are kept aside for [`Registry::diagnostics`]).
    pub fn add<T: HasId>(
        &mut self,
        catalog: &mut Catalog<T>,
        file: FileId,
        table: &'static str,
        entries: Vec<T>,
    ) -> Vec<Origin> {
        self.add_at(
            catalog,
            file,
            table,
            entries.into_iter().enumerate().collect(),
        )
    }

    /// As [`Registry::add`], for entries that are not all of the array: each with its index in
    /// the file's `[[table]]` array (some tables of the file may have failed to parse).
    pub fn add_at<T: HasId>(
        &mut self,
        catalog: &mut Catalog<T>,
        file: FileId,
        table: &'static str,
        entries: Vec<(usize, T)>,
    ) -> Vec<Origin> {
        let mut added = Vec::new();
        for (index, entry) in entries {
            let origin = Origin { file, table, index };
            let id = entry.id().to_owned();
            let earlier = self
                .origins
                .get(&(table, id.clone()))
                .filter(|first| catalog.contains(&id) && self.layer(file) > self.layer(first.file))
                .cloned();
            if let Some(first) = earlier {
                catalog.replace(&id, entry);
                self.origins.insert((table, id.clone()), origin.clone());
                self.replaced.push(Replacement {
                    what: table,
                    id,
                    first,
                    by: origin,
                });
            } else if catalog.insert(&id, entry) {
                added.push(origin.clone());
                self.origins.insert((table, id), origin);
            } else if let Some(first) = self.origins.get(&(table, id.clone())) {
                self.duplicates.push(Duplicate {
                    what: table,
                    id,
                    first: first.clone(),
                    second: origin,
                });
            }
        }
        added
    }

    /// Says that `file` belongs to data layer `layer` (0, the first data directory, when
    /// never said).
    pub fn set_layer(&mut self, file: FileId, layer: usize) {
        self.layers.insert(file, layer);
    }

    /// The data layer of `file`.
    pub fn layer(&self, file: FileId) -> usize {
        self.layers.get(&file).copied().unwrap_or(0)
    }

    /// The entries later layers replaced, each placed at its `id` key (`FILE:LINE`).
    pub fn replaced(&self, sources: &super::source::Sources, spans: &SpanIndexes) -> Vec<Replaced> {
        let at = |o: &Origin| {
            let line = spans
                .span(o, &[Seg::Key("id")])
                .map(|s| sources.line_column(o.file, s.start).0);
            match line {
                Some(l) => format!("{}:{l}", sources.name(o.file)),
                None => sources.name(o.file).to_owned(),
            }
        };
        self.replaced
            .iter()
            .map(|r| Replaced {
                what: r.what,
                id: r.id.clone(),
                first: at(&r.first),
                by: at(&r.by),
            })
            .collect()
    }

    /// Where the entry `id` of `table` was defined.
    pub fn origin(&self, table: &'static str, id: &str) -> Option<&Origin> {
        self.origins.get(&(table, id.to_owned()))
    }

    /// One `duplicate-id` error per second definition.
    pub fn diagnostics(&mut self, spans: &SpanIndexes) -> Vec<Diagnostic> {
        self.duplicates
            .drain(..)
            .map(|d| d.into_diagnostic(spans))
            .collect()
    }
}

/// The data layer of a file read from `dirs`: the index of the last directory it is in (0
/// when none).
pub fn layer_of(dirs: &[PathBuf], path: &Path) -> usize {
    dirs.iter().rposition(|d| path.starts_with(d)).unwrap_or(0)
}

/// Where an entry's values come from, as cards, pickers and reports say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Provenance {
    /// Printed in the rulebook.
    Official,
    /// Written for muster, not the book's.
    Illustrative,
    /// The player's own (a later data layer: `my-sheets/`, a second `--data`).
    Player,
}

impl Provenance {
    /// An entry of data layer `layer` whose `source` says where it comes from: any entry of a
    /// later layer is the player's; in the first, `illustrative` (or nothing said) is muster's.
    pub fn of(layer: usize, source: Option<&str>) -> Provenance {
        match (layer, source) {
            (1.., _) => Provenance::Player,
            (0, Some(s)) if !s.trim().is_empty() && s.trim() != "illustrative" => {
                Provenance::Official
            }
            _ => Provenance::Illustrative,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Provenance::Official => "official",
            Provenance::Illustrative => "illustrative",
            Provenance::Player => "player",
        }
    }
}

/// Whether an id is 1–64 characters of `a-z`, `0-9` and `-`, starting with a letter or digit:
/// ids are typed on command lines and printed everywhere.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !id.starts_with('-')
}

/// The TOML files of `folder` (a ruleset's id) in each data directory, in a stable order:
/// each directory's tables first, then its `sheets/` (or `sub`) files. Directories without
/// the folder are skipped; when none has it, that is an error naming them.
pub fn ruleset_files(dirs: &[PathBuf], folder: &str, sub: &str) -> Result<Vec<PathBuf>, Error> {
    let mut files = Vec::new();
    let mut found = false;
    for dir in dirs {
        let root = dir.join(folder);
        if !super::builtin::is_dir(&root) {
            continue;
        }
        found = true;
        files.extend(toml_files(&root)?);
        let nested = root.join(sub);
        if !sub.is_empty() && super::builtin::is_dir(&nested) {
            files.extend(toml_files(&nested)?);
        }
    }
    if !found {
        return Err(Error::Usage(match dirs {
            [dir] => format!(
                "data directory {} has no {folder}/ folder (expected {}/{folder}/{sub}/*.toml)",
                dir.display(),
                dir.display()
            ),
            _ => {
                let shown: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
                format!(
                    "none of the data directories ({}) has a {folder}/ folder",
                    shown.join(", ")
                )
            }
        }));
    }
    Ok(files)
}

/// The files of `folder` and of its `sub` folder in each data directory ([`ruleset_files`]),
/// read into `sources` in that order, each one's layer set in `registry`: each file's id, its
/// span index, its name, and whether it is in the `sub` folder.
pub fn layer_files(
    dirs: &[PathBuf],
    folder: &str,
    sub: &str,
    sources: &mut super::source::Sources,
    registry: &mut Registry,
) -> Result<Vec<(FileId, SpanIndex, String, bool)>, Error> {
    let mut read = Vec::new();
    for path in ruleset_files(dirs, folder, sub)? {
        let file = sources.read(&path)?;
        registry.set_layer(file, layer_of(dirs, &path));
        let index = SpanIndex::parse(sources.text(file));
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let in_sub = path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|p| p == sub);
        read.push((file, index, name.to_owned(), in_sub));
    }
    Ok(read)
}

/// A table no data directory has: `folder/name`, with the directories searched.
pub fn missing_table(folder: &str, name: &str, dirs: &[PathBuf]) -> Diagnostic {
    Diagnostic::error(
        "missing-table",
        format!("no data directory has {folder}/{name}"),
    )
    .with_note(format!(
        "searched: {}",
        dirs.iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// Whether any of `dirs` has the folder `folder`.
pub fn has_folder(dirs: &[PathBuf], folder: &str) -> bool {
    dirs.iter().any(|d| super::builtin::is_dir(&d.join(folder)))
}

fn toml_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    if let Some(files) = super::builtin::files_in(dir) {
        return Ok(files);
    }
    let read_err = |source| Error::Read {
        path: dir.to_path_buf(),
        source,
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read_err)? {
        let path = entry.map_err(read_err)?.path();
        if path.is_file() && path.extension().is_some_and(|e| e == "toml") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// The files of a ruleset's folder that each hold one table (`rules.toml`, …), read once:
/// their ids by name, and the diagnostics of a folder that does not have them: a name given
/// twice (two data directories), a file the ruleset does not know, a table nowhere.
pub struct Tables {
    pub files: Vec<(&'static str, super::source::FileId)>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Tables {
    pub fn get(&self, name: &str) -> Option<super::source::FileId> {
        self.files.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
    }

    /// The span index of every file, for the diagnostics of the data's lint.
    pub fn span_indexes(&self, sources: &super::source::Sources) -> SpanIndexes {
        let mut spans = SpanIndexes::default();
        for (_, file) in &self.files {
            spans.add(*file, SpanIndex::of(sources, *file));
        }
        spans
    }

    /// The table `name`, parsed; when it does not parse, its diagnostic joins `diagnostics`
    /// (with the other tables', all reported in one run) and the answer is `None`.
    pub fn parse<T: serde::de::DeserializeOwned>(
        &self,
        name: &str,
        sources: &super::source::Sources,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<T> {
        let file = self.get(name)?;
        let index = SpanIndex::of(sources, file);
        super::toml_file::parse(sources, file, &index)
            .map_err(|d| diagnostics.push(d))
            .ok()
    }

    /// Reads every TOML file of `folder` in `dirs` (none in sub-folders) that is one of
    /// `names`.
    pub fn read(
        dirs: &[PathBuf],
        folder: &str,
        names: &[&'static str],
        sources: &mut super::source::Sources,
    ) -> Result<Self, Error> {
        Self::read_layers(dirs, folder, names, None, sources, &mut Registry::default())
            .map(|(tables, _)| tables)
    }

    /// As [`Tables::read`], for a folder whose entries each data layer may add or replace:
    /// `entries` names the file of entries (`units.toml`, one of `names`: in any layer, in at
    /// least one) and the sub-folder of entry files (`units/*.toml`, the player's); the other
    /// names are tables read once over all the layers. Each file's layer is set in `registry`; the entry
    /// files come back in layer order, each with whether it is in the sub-folder.
    pub fn read_layers(
        dirs: &[PathBuf],
        folder: &str,
        names: &[&'static str],
        entries: Option<(&'static str, &str)>,
        sources: &mut super::source::Sources,
        registry: &mut Registry,
    ) -> Result<(Self, Vec<EntryFile>), Error> {
        let mut files = Vec::new();
        let mut diagnostics = Vec::new();
        let mut entry_files = Vec::new();
        let (entries_name, sub) = entries.unwrap_or(("", ""));
        for path in ruleset_files(dirs, folder, sub)? {
            let file = sources.read(&path)?;
            registry.set_layer(file, layer_of(dirs, &path));
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let in_sub = !sub.is_empty()
                && path
                    .parent()
                    .and_then(Path::file_name)
                    .is_some_and(|p| p == sub)
                && path
                    .parent()
                    .and_then(Path::parent)
                    .and_then(Path::file_name)
                    .is_some_and(|p| p == folder);
            if in_sub || (!entries_name.is_empty() && name == entries_name) {
                entry_files.push(EntryFile {
                    file,
                    in_folder: in_sub,
                });
                continue;
            }
            match names.iter().find(|n| **n == name) {
                None => diagnostics.push(
                    Diagnostic::error("unknown-file", format!("unknown data file `{name}`"))
                        .in_file(file)
                        .with_note(format!(
                            "expected one of {}{}",
                            names.join(", "),
                            if sub.is_empty() {
                                String::new()
                            } else {
                                format!(", or {sub}/*.toml")
                            }
                        )),
                ),
                Some(known) => {
                    if let Some(&(_, first)) = files.iter().find(|(n, _)| n == known) {
                        let mut d = Diagnostic::error(
                            "duplicate-table",
                            format!("{name} is defined in two data directories"),
                        )
                        .in_file(file)
                        .with_related(
                            Span {
                                file: first,
                                range: 0..0,
                            },
                            "first defined here",
                        );
                        if let Some((entries_name, sub)) = entries {
                            d = d.with_note(format!(
                                "a later data directory may add or replace entries ({entries_name}, {sub}/*.toml), not the other tables"
                            ));
                        }
                        diagnostics.push(d);
                    } else {
                        files.push((*known, file));
                    }
                }
            }
        }
        for name in names {
            let found = if *name == entries_name {
                entry_files.iter().any(|e| !e.in_folder)
            } else {
                files.iter().any(|(n, _)| n == name)
            };
            if !found {
                diagnostics.push(missing_table(folder, name, dirs));
            }
        }
        Ok((Self { files, diagnostics }, entry_files))
    }
}

/// A file of entries of a ruleset's folder ([`Tables::read_layers`]): the entries file of a
/// layer (`units.toml`) or one of its sub-folder's (`units/ID.toml`).
#[derive(Debug, Clone, Copy)]
pub struct EntryFile {
    pub file: FileId,
    pub in_folder: bool,
}
