//! A book of sheets read in layers (a ruleset's `units.toml` and `units/*.toml`, the
//! player's over the shipped): its sheets as `muster sheets` shows, copies and finds them,
//! the units of a folder's file read one `[[unit]]` at a time, where each sheet comes from,
//! and a draft sheet read over the data. What is the same for every ruleset that keeps its
//! sheets so; each ruleset gives its catalogue, its noun and its folder.

use std::collections::HashMap;
use std::path::PathBuf;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::engine::{copy_of, Draft, Rules, SheetFile};
use super::printed::to_value;
use super::sheet_form::the_one;
use crate::core::catalog::{
    Catalog, EntryFile, HasId, Origin, Provenance, Registry, Replaced, SpanIndexes, Tables,
};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::{unknown, Error};
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::core::toml_file::{parse, parse_in_parts};

/// Where each sheet comes from (muster's illustrative values, the player's), and the file
/// that defines it.
pub type Provenances = HashMap<String, (Provenance, String)>;

/// A ruleset's words for its sheets: its word for a sheet (`unit type`), its title and that
/// word as a copy's comment says it, and the folder of a layer's sheet files.
#[derive(Debug)]
pub struct BookWords {
    pub noun: &'static str,
    pub what: &'static str,
    pub folder: &'static str,
}

/// A ruleset's sheets as the sheet commands see them: the catalogue (the book derefs to it),
/// where each comes from, what a later layer replaced, and the ruleset's words for a sheet.
#[derive(Debug, Clone)]
pub struct SheetBook<T> {
    pub units: Catalog<T>,
    pub provenance: Provenances,
    pub replaced: Vec<Replaced>,
    pub words: &'static BookWords,
}

impl<T> std::ops::Deref for SheetBook<T> {
    type Target = Catalog<T>;

    fn deref(&self) -> &Catalog<T> {
        &self.units
    }
}

impl<T: HasId> SheetBook<T> {
    /// The book of `units` as `registry` read them (each where it was last defined, a later
    /// layer's in the place of an earlier one), with where each unit was defined.
    pub fn read(
        units: Catalog<T>,
        registry: &Registry,
        sources: &Sources,
        spans: &SpanIndexes,
        words: &'static BookWords,
    ) -> (Self, Vec<Origin>) {
        let (origins, provenance) = origins(&units, registry, sources);
        let book = SheetBook {
            units,
            provenance,
            replaced: registry.replaced(sources, spans),
            words,
        };
        (book, origins)
    }
}

impl<T: Serialize + Clone> SheetBook<T> {
    /// Where the sheet `id` comes from: the shipped ones are illustrative, a later layer's
    /// are the player's.
    pub fn provenance(&self, id: &str) -> Provenance {
        self.provenance
            .get(id)
            .map_or(Provenance::Illustrative, |(p, _)| *p)
    }

    /// The sheet `id` as JSON, with where it comes from.
    pub fn sheet(&self, id: &str) -> Result<serde_json::Value, Error> {
        let u = self
            .units
            .get(id)
            .ok_or_else(|| unknown(self.words.noun, id, self.units.ids()))?;
        let mut v = to_value(&u)?;
        if let Some(o) = v.as_object_mut() {
            o.insert("provenance".into(), to_value(&self.provenance(id))?);
        }
        Ok(v)
    }

    /// The player's copy of the sheet `from` under `new_id` (`set_id` gives it the id).
    pub fn copy_sheet(
        &self,
        from: &str,
        new_id: &str,
        set_id: impl FnOnce(&mut T, String),
    ) -> Result<SheetFile, Error> {
        let mut u = self
            .units
            .get(from)
            .ok_or_else(|| unknown(self.words.noun, from, self.units.ids()))?
            .clone();
        set_id(&mut u, new_id.to_owned());
        copy_of(
            self.words.what,
            self.words.noun,
            "",
            ("unit", self.words.folder),
            (from, new_id),
            &u,
        )
    }

    /// The file that defines the sheet `id`.
    pub fn sheet_file(&self, id: &str) -> Option<PathBuf> {
        self.provenance.get(id).map(|(_, f)| f.into())
    }

    /// The sheets a later data layer replaced.
    pub fn replaced(&self) -> Vec<Replaced> {
        self.replaced.clone()
    }
}

/// A layer's `units.toml`, read whole: its units, and what else it holds (a ruleset's traits,
/// say; nothing for a file of the `units/` folder, or one that could not be read).
pub trait UnitsToml: DeserializeOwned {
    type Unit: DeserializeOwned + HasId;
    type Rest: Default;
    /// The file's units, and the rest.
    fn split(self) -> (Vec<Self::Unit>, Self::Rest);
}

/// A ruleset's data read in layers, its sheets a book: the single tables, where each thing
/// was defined, the span indexes and the diagnostics so far, and the files of units of every
/// layer (`units.toml`, `units/*.toml`) still to read.
pub struct Layers {
    registry: Registry,
    tables: Tables,
    diagnostics: Vec<Diagnostic>,
    spans: SpanIndexes,
    entry_files: Vec<EntryFile>,
}

impl Layers {
    /// Reads the folder `folder` of each data directory of `dirs`: the tables `files` and the
    /// files of units (`units.toml` and the book's folder of sheet files).
    pub fn read(
        dirs: &[PathBuf],
        folder: &str,
        files: &[&'static str],
        words: &BookWords,
        sources: &mut Sources,
    ) -> Result<Self, Error> {
        let mut registry = Registry::default();
        let (tables, entry_files) = Tables::read_layers(
            dirs,
            folder,
            files,
            Some(("units.toml", words.folder)),
            sources,
            &mut registry,
        )?;
        Ok(Layers {
            registry,
            diagnostics: tables.diagnostics.clone(),
            spans: tables.span_indexes(sources),
            tables,
            entry_files,
        })
    }

    /// The table `name`, parsed ([`Tables::parse`]; its diagnostic, if any, kept).
    pub fn parse<T: DeserializeOwned>(&mut self, name: &str, sources: &Sources) -> Option<T> {
        self.tables.parse(name, sources, &mut self.diagnostics)
    }

    /// What was read: where each thing was defined, the single tables, the diagnostics so
    /// far and the span indexes.
    pub fn into_parts(self) -> (Registry, Tables, Vec<Diagnostic>, SpanIndexes) {
        (self.registry, self.tables, self.diagnostics, self.spans)
    }

    /// The units of every layer's files of units, in order, each where it was last defined;
    /// what else a `units.toml` holds goes to `rest`, with the registry and the file.
    pub fn units<F: UnitsToml>(
        &mut self,
        sources: &Sources,
        mut rest: impl FnMut(&mut Registry, FileId, F::Rest),
    ) -> Catalog<F::Unit> {
        let mut units = Catalog::default();
        for e in std::mem::take(&mut self.entry_files) {
            let index = SpanIndex::of(sources, e.file);
            let (read, more) =
                read_units::<F>(sources, e.file, &index, e.in_folder, &mut self.diagnostics);
            self.registry.add_at(&mut units, e.file, "unit", read);
            rest(&mut self.registry, e.file, more);
            self.spans.add(e.file, index);
        }
        units
    }
}

/// The units of a layer's `units.toml` (read whole, as the shipped file, with what else it
/// holds), or of a file of its `units/` folder ([`read_parts`]), each with its index in the
/// file's `[[unit]]` array.
fn read_units<F: UnitsToml>(
    sources: &Sources,
    file: FileId,
    index: &SpanIndex,
    in_folder: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<(usize, F::Unit)>, F::Rest) {
    if in_folder {
        return (
            read_parts(sources, file, index, diagnostics),
            F::Rest::default(),
        );
    }
    match parse::<F>(sources, file, index) {
        Ok(f) => {
            let (units, rest) = f.split();
            (units.into_iter().enumerate().collect(), rest)
        }
        Err(d) => {
            diagnostics.push(d);
            (Vec::new(), F::Rest::default())
        }
    }
}

/// A file of the `units/` folder: `[[unit]]` tables only.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitPart<T> {
    #[serde(default = "Vec::new")]
    unit: Vec<T>,
}

/// The units of a file of a layer's `units/` folder, one `[[unit]]` at a time (each
/// malformed one reported, the others read), each with its index in the file's `[[unit]]`
/// array.
pub fn read_parts<T: DeserializeOwned>(
    sources: &Sources,
    file: FileId,
    index: &SpanIndex,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<(usize, T)> {
    let (parts, found) = parse_in_parts::<UnitPart<T>>(sources, file, index, "unit");
    diagnostics.extend(found);
    parts
        .into_iter()
        .flat_map(|(number, part)| {
            // The whole file at once (`usize::MAX`), else the part after the n-th `[[unit]]`.
            let first = if number == usize::MAX {
                0
            } else {
                number.saturating_sub(1)
            };
            part.unit
                .into_iter()
                .enumerate()
                .map(move |(i, u)| (first + i, u))
        })
        .collect()
}

/// Each unit where it was last defined (a later layer's in the place of an earlier one), and
/// where each comes from.
fn origins<T: HasId>(
    units: &Catalog<T>,
    registry: &Registry,
    sources: &Sources,
) -> (Vec<Origin>, Provenances) {
    let origins: Vec<Origin> = units
        .iter()
        .filter_map(|u| registry.origin("unit", u.id()).cloned())
        .collect();
    let provenance = origins
        .iter()
        .zip(units.iter())
        .map(|(o, u)| {
            let p = Provenance::of(registry.layer(o.file), None);
            (u.id().to_owned(), (p, sources.name(o.file)))
        })
        .collect();
    (origins, provenance)
}

/// A sheet typed in the editor, read over the data: the data with it, its id (empty when it
/// could not be read), and what `data check` says of it.
pub struct Typed<D> {
    pub db: D,
    pub id: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl<D> Typed<D> {
    /// The draft the sheet editor shows, over the engine `engine` makes of the data.
    pub fn into_draft(self, engine: impl FnOnce(D) -> Rules) -> Draft {
        Draft {
            engine: engine(self.db),
            id: self.id,
            diagnostics: self.diagnostics,
        }
    }
}

/// What a draft needs of a ruleset's data: its sheets (to put the draft in) and how `data
/// check` checks one. A draft's file is read as a file of the player's folder, one `[[unit]]`
/// at a time ([`read_parts`]).
pub trait DraftData: Clone {
    type Unit: Clone + HasId + DeserializeOwned;
    /// The sheets, to put the draft among.
    fn book_mut(&mut self) -> &mut SheetBook<Self::Unit>;
    /// What `data check` says of a unit.
    fn lint(&self, unit: &Self::Unit, origin: &Origin, spans: &SpanIndexes) -> Vec<Diagnostic>;
}

/// A sheet typed in the editor: `file` holds one `[[unit]]` (`noun`: the ruleset's word for
/// it); it is read as the player's own, over `data` (in the place of a sheet of the same id),
/// and checked as `data check` checks a unit of the player's folder.
pub fn draft<D: DraftData>(
    data: &D,
    noun: &str,
    sources: &Sources,
    file: FileId,
) -> Result<Typed<D>, Error> {
    let index = SpanIndex::parse(sources.text(file));
    let mut diagnostics = Vec::new();
    let units = read_parts::<D::Unit>(sources, file, &index, &mut diagnostics);
    let Some((at, unit)) = the_one(units, noun, &diagnostics)? else {
        return Ok(Typed {
            db: data.clone(),
            id: String::new(),
            diagnostics,
        });
    };
    let mut db = data.clone();
    let id = unit.id().to_owned();
    let book = db.book_mut();
    book.units.put(&id, unit.clone());
    book.provenance
        .insert(id.clone(), (Provenance::Player, sources.name(file)));
    let origin = Origin {
        file,
        table: "unit",
        index: at,
    };
    let mut spans = SpanIndexes::default();
    spans.add(file, index);
    diagnostics.extend(db.lint(&unit, &origin, &spans));
    Ok(Typed {
        db,
        id,
        diagnostics,
    })
}
