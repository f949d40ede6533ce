//! Reading the Capitán data directories (`unit-sheets/capitan/`) into a [`Database`], with a
//! diagnostic for every malformed file, unknown key, bad value or inconsistent sheet.

use std::path::PathBuf;

use super::database::Database;
use super::lint;
use super::model::*;
use crate::core::catalog::{
    layer_files, missing_table, Catalog, HasId, Origin, Provenance, Registry, SpanIndexes,
};
use crate::core::diagnostic::{Diagnostic, Span};
use crate::core::error::Error;
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::core::toml_file::{parse, parse_in_parts};
use crate::rulesets::game::GameRules;

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
    "game.toml",
];

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
    let mut parts = Parts::default();
    let files = layer_files(dirs, RULESET_DIR, "sheets", sources, &mut parts.registry)?;
    let mut diagnostics = Vec::new();
    let mut spans = SpanIndexes::default();
    for (file, index, name, in_sub) in files {
        let result = if in_sub {
            let (sheets, mut found) = parse_sheets(sources, file, &index);
            found.extend(parts.add_sheets(file, sheets));
            Ok(found)
        } else {
            match name.as_str() {
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
                "ranks.toml" => parse::<RanksFile>(sources, file, &index).map(|f| {
                    let mut d = parts.add_entries(file, "rank", f.rank, |p| &mut p.ranks);
                    if let Some(c) = f.career {
                        d.extend(
                            super::model::check_career_rules(&c)
                                .into_iter()
                                .map(|m| Diagnostic::error("career-rules", m).in_file(file)),
                        );
                        d.extend(
                            parts.set_single(file, "ranks.toml [career]", c, |p| &mut p.career),
                        );
                    }
                    d
                }),
                "game.toml" => parse::<GameRules>(sources, file, &index).map(|g| {
                    parts.game = g;
                    Vec::new()
                }),
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
    diagnostics.extend(parts.registry.diagnostics(&spans));
    // Each sheet where it was last defined (a later layer's in the place of an earlier one).
    parts.sheet_origins = parts
        .sheets
        .iter()
        .filter_map(|s| parts.registry.origin("sheet", &s.id).cloned())
        .collect();
    let provenance = parts
        .sheets
        .iter()
        .zip(&parts.sheet_origins)
        .map(|(s, o)| {
            let layer = parts.registry.layer(o.file);
            let p = Provenance::of(layer, s.source.as_deref());
            (s.id.clone(), (p, sources.name(o.file)))
        })
        .collect();
    let replaced = parts.registry.replaced(sources, &spans);

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
                diagnostics.push(missing_table(RULESET_DIR, missing, dirs));
            }
        }
        return Ok(Loaded {
            database: None,
            diagnostics,
            sheet_origins: parts.sheet_origins,
        });
    };
    let database = Database {
        game: std::mem::take(&mut parts.game),
        rules,
        artillery,
        terrain: parts.terrain,
        ranks: parts.ranks,
        career: parts.career.take().map(|(_, c)| c),
        skills: parts.skills,
        weapons: parts.weapons,
        nations: parts.nations,
        campaigns: parts.campaigns,
        unit_types: parts.unit_types,
        sheets: parts.sheets,
        errata: parts.errata,
        provenance,
        replaced,
    };
    diagnostics.extend(lint::lint_tables(&database));
    diagnostics.extend(lint::lint_sheets(&database, &parts.sheet_origins, &spans));
    Ok(Loaded {
        database: Some(database),
        diagnostics,
        sheet_origins: parts.sheet_origins,
    })
}

/// Parses a sheets file one `[[sheet]]` at a time, so that every malformed sheet is reported
/// and the good ones are still loaded.
pub(super) fn parse_sheets(
    sources: &Sources,
    file: FileId,
    index: &SpanIndex,
) -> (SheetsFile, Vec<Diagnostic>) {
    let (parts, found) = parse_in_parts::<SheetsFile>(sources, file, index, "sheet");
    let sheet = parts.into_iter().flat_map(|(_, f)| f.sheet).collect();
    (SheetsFile { sheet }, found)
}

/// Tables collected file by file before they form a database.
#[derive(Default)]
struct Parts {
    rules: Option<(FileId, Rules)>,
    artillery: Option<(FileId, Artillery)>,
    terrain: Vec<Terrain>,
    ranks: Catalog<Rank>,
    career: Option<(FileId, super::model::CareerRules)>,
    skills: Catalog<Skill>,
    weapons: Catalog<Weapon>,
    nations: Catalog<Nation>,
    campaigns: Catalog<Campaign>,
    unit_types: Catalog<UnitType>,
    sheets: Catalog<UnitSheet>,
    errata: Vec<Erratum>,
    game: GameRules,
    registry: Registry,
    sheet_origins: Vec<Origin>,
}

crate::core::catalog::has_id!(Rank, Skill, Weapon, Nation, Campaign, UnitType, UnitSheet);

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
        let mut target = std::mem::take(catalog(self));
        let added = self.registry.add(&mut target, file, table, entries);
        *catalog(self) = target;
        if table == "sheet" {
            self.sheet_origins.extend(added);
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
