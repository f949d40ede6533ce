//! Reading the Capitán data directories (`unit-sheets/capitan/`) into a [`Database`], with a
//! diagnostic for every malformed file, unknown key, bad value or inconsistent sheet.

use std::path::{Path, PathBuf};

use super::database::{Catalog, Database};
use super::lint;
use super::model::*;
use crate::diagnostic::{Diagnostic, Span};
use crate::error::Error;
use crate::source::{FileId, Seg, Sources, SpanIndex};
use crate::toml_file::{parse, toml_diagnostic};

/// The folder of this ruleset inside each data directory.
pub const RULESET_DIR: &str = "capitan";

/// The files a data directory may hold, besides `sheets/*.toml`.
const KNOWN_FILES: &[&str] = &[
    "rules.toml",
    "skills.toml",
    "weapons.toml",
    "catalogue.toml",
    "terrain.toml",
    "ranks.toml",
    "artillery.toml",
];

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
    fn add(&mut self, file: FileId, index: SpanIndex) {
        self.by_file.push((file, index));
    }

    fn get(&self, file: FileId) -> Option<&SpanIndex> {
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

/// The outcome of loading: the database when the core tables could be read, and every
/// diagnostic found on the way.
pub struct Loaded {
    pub database: Option<Database>,
    pub diagnostics: Vec<Diagnostic>,
    pub sheet_origins: Vec<Origin>,
}

impl Loaded {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Loads and checks every directory in order; later directories add entries.
pub fn load(dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    let mut files = Vec::new();
    for dir in dirs {
        files.extend(data_files(dir)?);
    }
    let mut diagnostics = Vec::new();
    let mut spans = SpanIndexes::default();
    let mut parts = Parts::default();
    for path in files {
        let file = sources.read(&path)?;
        let index = SpanIndex::parse(sources.text(file));
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let in_sheets = path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|p| p == "sheets");
        let result = if in_sheets {
            let (sheets, mut found) = parse_sheets(sources, file, &index);
            found.extend(parts.add_sheets(file, sheets));
            Ok(found)
        } else {
            match name {
                "rules.toml" => parse::<Rules>(sources, file, &index)
                    .map(|r| parts.set_single(file, "rules.toml", r, |p| &mut p.rules)),
                "artillery.toml" => parse::<Artillery>(sources, file, &index)
                    .map(|a| parts.set_single(file, "artillery.toml", a, |p| &mut p.artillery)),
                "skills.toml" => {
                    parse::<SkillsFile>(sources, file, &index).map(|f| parts.add_skills(file, f))
                }
                "weapons.toml" => parse::<WeaponsFile>(sources, file, &index)
                    .map(|f| parts.add_entries(file, "weapon", f.weapon, |p| &mut p.weapons)),
                "catalogue.toml" => parse::<CatalogueFile>(sources, file, &index).map(|f| {
                    let mut d = parts.add_entries(file, "nation", f.nation, |p| &mut p.nations);
                    d.extend(parts.add_entries(file, "campaign", f.campaign, |p| &mut p.campaigns));
                    d.extend(
                        parts.add_entries(file, "unit_type", f.unit_type, |p| &mut p.unit_types),
                    );
                    d
                }),
                "terrain.toml" => parse::<TerrainFile>(sources, file, &index).map(|f| {
                    parts.terrain.extend(f.terrain);
                    Vec::new()
                }),
                "ranks.toml" => parse::<RanksFile>(sources, file, &index)
                    .map(|f| parts.add_entries(file, "rank", f.rank, |p| &mut p.ranks)),
                _ => Err(
                    Diagnostic::error("unknown-file", format!("unknown data file `{name}`"))
                        .in_file(file)
                        .with_note(format!(
                            "expected one of {}, or unit sheets under sheets/",
                            KNOWN_FILES.join(", ")
                        )),
                ),
            }
        };
        match result {
            Ok(found) => diagnostics.extend(found),
            Err(d) => diagnostics.push(d),
        }
        spans.add(file, index);
    }
    diagnostics.extend(
        parts
            .duplicates
            .drain(..)
            .map(|dup| dup.into_diagnostic(&spans)),
    );

    let (Some((_, rules)), Some((_, artillery))) = (parts.rules.take(), parts.artillery.take())
    else {
        for (missing, present) in [
            ("rules.toml", parts.rules.is_some()),
            ("artillery.toml", parts.artillery.is_some()),
        ] {
            if !present
                && !diagnostics
                    .iter()
                    .any(|d| d.file.is_some_and(|f| sources.name(f).ends_with(missing)))
            {
                diagnostics.push(
                    Diagnostic::error(
                        "missing-table",
                        format!("no data directory has {RULESET_DIR}/{missing}"),
                    )
                    .with_note(format!(
                        "searched: {}",
                        dirs.iter()
                            .map(|d| d.display().to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                );
            }
        }
        return Ok(Loaded {
            database: None,
            diagnostics,
            sheet_origins: parts.sheet_origins,
        });
    };
    let database = Database {
        rules,
        artillery,
        terrain: parts.terrain,
        ranks: parts.ranks,
        skills: parts.skills,
        weapons: parts.weapons,
        nations: parts.nations,
        campaigns: parts.campaigns,
        unit_types: parts.unit_types,
        sheets: parts.sheets,
        errata: parts.errata,
    };
    diagnostics.extend(lint::lint_tables(&database));
    diagnostics.extend(lint::lint_sheets(&database, &parts.sheet_origins, &spans));
    Ok(Loaded {
        database: Some(database),
        diagnostics,
        sheet_origins: parts.sheet_origins,
    })
}

/// The TOML files of one data directory, in a stable order: tables first, then sheets.
fn data_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let root = dir.join(RULESET_DIR);
    if !root.is_dir() {
        return Err(Error::Usage(format!(
            "data directory {} has no {RULESET_DIR}/ folder (expected {}/{RULESET_DIR}/sheets/*.toml)",
            dir.display(),
            dir.display()
        )));
    }
    let mut files = toml_files(&root)?;
    let sheets = root.join("sheets");
    if sheets.is_dir() {
        files.extend(toml_files(&sheets)?);
    }
    Ok(files)
}

fn toml_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
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

/// Parses a sheets file one `[[sheet]]` at a time, so that every malformed sheet is reported
/// and the good ones are still loaded.
fn parse_sheets(
    sources: &Sources,
    file: FileId,
    index: &SpanIndex,
) -> (SheetsFile, Vec<Diagnostic>) {
    let text = sources.text(file);
    let whole = match toml::from_str::<SheetsFile>(text) {
        Ok(f) => return (f, Vec::new()),
        Err(e) => e,
    };
    let starts = index.array_table_starts("sheet");
    if starts.is_empty() || toml_edit::ImDocument::parse(text.to_owned()).is_err() {
        return (
            SheetsFile { sheet: Vec::new() },
            vec![toml_diagnostic(&whole, file, text, 0, index)],
        );
    }
    let mut bounds = vec![0];
    bounds.extend(&starts);
    bounds.push(text.len());
    let mut sheets = Vec::new();
    let mut found = Vec::new();
    for pair in bounds.windows(2) {
        let (start, end) = (pair[0], pair[1]);
        let part = &text[start..end];
        match toml::from_str::<SheetsFile>(part) {
            Ok(f) => sheets.extend(f.sheet),
            Err(e) => found.push(toml_diagnostic(
                &e,
                file,
                part,
                start,
                &SpanIndex::parse(part),
            )),
        }
    }
    (SheetsFile { sheet: sheets }, found)
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
        .with_note("ids must be unique across all data directories");
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

/// Tables collected file by file before they form a database.
#[derive(Default)]
struct Parts {
    rules: Option<(FileId, Rules)>,
    artillery: Option<(FileId, Artillery)>,
    terrain: Vec<Terrain>,
    ranks: Catalog<Rank>,
    skills: Catalog<Skill>,
    weapons: Catalog<Weapon>,
    nations: Catalog<Nation>,
    campaigns: Catalog<Campaign>,
    unit_types: Catalog<UnitType>,
    sheets: Catalog<UnitSheet>,
    errata: Vec<Erratum>,
    origins: std::collections::HashMap<(&'static str, String), Origin>,
    sheet_origins: Vec<Origin>,
    duplicates: Vec<Duplicate>,
}

/// Entries that carry an id.
trait HasId {
    fn id(&self) -> &str;
}

macro_rules! has_id {
    ($($t:ty),*) => { $(impl HasId for $t { fn id(&self) -> &str { &self.id } })* };
}
has_id!(Rank, Skill, Weapon, Nation, Campaign, UnitType, UnitSheet);

impl Parts {
    fn set_single<T>(
        &mut self,
        file: FileId,
        name: &str,
        value: T,
        slot: impl Fn(&mut Self) -> &mut Option<(FileId, T)>,
    ) -> Vec<Diagnostic> {
        match slot(self) {
            Some((first, _)) => {
                let first = *first;
                vec![Diagnostic::error(
                    "duplicate-table",
                    format!("{name} is defined in two data directories"),
                )
                .in_file(file)
                .with_related(Span { file: first, range: 0..0 }, "first defined here")
                .with_note("only unit sheets, skills, weapons, ranks and catalogue entries can be added by a later --data directory")]
            }
            empty => {
                *empty = Some((file, value));
                Vec::new()
            }
        }
    }

    fn add_entries<T: HasId>(
        &mut self,
        file: FileId,
        table: &'static str,
        entries: Vec<T>,
        catalog: impl Fn(&mut Self) -> &mut Catalog<T>,
    ) -> Vec<Diagnostic> {
        for (index, entry) in entries.into_iter().enumerate() {
            let origin = Origin { file, table, index };
            let id = entry.id().to_owned();
            if catalog(self).insert(&id, entry) {
                if table == "sheet" {
                    self.sheet_origins.push(origin.clone());
                }
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
        Vec::new()
    }

    fn add_skills(&mut self, file: FileId, f: SkillsFile) -> Vec<Diagnostic> {
        self.errata.extend(f.erratum);
        self.add_entries(file, "skill", f.skill, |p| &mut p.skills)
    }

    fn add_sheets(&mut self, file: FileId, f: SheetsFile) -> Vec<Diagnostic> {
        self.add_entries(file, "sheet", f.sheet, |p| &mut p.sheets)
    }
}
