//! Reading the ACA data directories (`unit-sheets/wab-aca/`) into a [`Database`], with a
//! diagnostic for every malformed file, unknown key, bad value or inconsistent entry, all at
//! once.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::database::{Army, Database};
use super::lint::{self, Located};
use super::model::*;
use crate::core::catalog::{ruleset_files, Catalog, HasId, Registry, SpanIndexes};
use crate::core::diagnostic::{Diagnostic, Span};
use crate::core::error::Error;
use crate::core::source::{FileId, Seg, Sources, SpanIndex};
use crate::core::toml_file::{parse, parse_in_parts};

/// The folder of this ruleset inside each data directory.
pub const RULESET_DIR: &str = "wab-aca";

/// The files a data directory may hold, besides `armies/*.toml`.
const KNOWN_FILES: &[&str] = &[
    "rules.toml",
    "core.toml",
    "artillery.toml",
    "special.toml",
    "game.toml",
];

/// The single tables: each defined once across the data directories.
const SINGLES: &[&str] = &["rules.toml", "core.toml", "artillery.toml"];

pub struct Loaded {
    pub database: Option<Database>,
    pub diagnostics: Vec<Diagnostic>,
}

/// One part of an army file: its head (`[army]`) or one `[[entry]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmyPart {
    #[serde(default)]
    army: Option<ArmyHeader>,
    #[serde(default)]
    entry: Vec<Entry>,
}

macro_rules! has_id {
    ($($t:ty),*) => { $(impl HasId for $t { fn id(&self) -> &str { &self.id } })* };
}
has_id!(Entry, Special, Formation, Weapon, Quality, BatteryType);

impl HasId for Army {
    fn id(&self) -> &str {
        &self.header.id
    }
}

#[derive(Default)]
struct Parts {
    rules: Option<(FileId, Rules)>,
    core: Option<(FileId, Core)>,
    artillery: Option<(FileId, Artillery)>,
    specials: Catalog<Special>,
    armies: Catalog<Army>,
    army_files: Vec<(String, FileId)>,
    entries: Catalog<Entry>,
    entry_origins: Vec<crate::core::catalog::Origin>,
    game: crate::rulesets::game::GameRules,
    registry: Registry,
}

/// Loads and checks every directory in order; later directories add armies and special rules.
pub fn load(dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    let files = ruleset_files(dirs, RULESET_DIR, "armies")?;
    let mut diagnostics = Vec::new();
    let mut spans = SpanIndexes::default();
    let mut parts = Parts::default();
    for path in files {
        let file = sources.read(&path)?;
        let index = SpanIndex::parse(sources.text(file));
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let in_armies = path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|p| p == "armies");
        if in_armies {
            diagnostics.extend(parts.add_army(sources, file, &index));
        } else {
            let result = match name {
                "rules.toml" => parse::<Rules>(sources, file, &index)
                    .map(|r| set_single(&mut parts.rules, file, name, r)),
                "core.toml" => parse::<Core>(sources, file, &index)
                    .map(|c| set_single(&mut parts.core, file, name, c)),
                "artillery.toml" => parse::<Artillery>(sources, file, &index)
                    .map(|a| set_single(&mut parts.artillery, file, name, a)),
                "game.toml" => parse::<crate::rulesets::game::GameRules>(sources, file, &index)
                    .map(|g| {
                        parts.game = g;
                        Vec::new()
                    }),
                "special.toml" => parse::<SpecialFile>(sources, file, &index).map(|f| {
                    parts
                        .registry
                        .add(&mut parts.specials, file, "special", f.special);
                    Vec::new()
                }),
                _ => Err(
                    Diagnostic::error("unknown-file", format!("unknown data file `{name}`"))
                        .in_file(file)
                        .with_note(format!(
                            "expected one of {}, or army lists under armies/",
                            KNOWN_FILES.join(", ")
                        )),
                ),
            };
            match result {
                Ok(found) => diagnostics.extend(found),
                Err(d) => diagnostics.push(d),
            }
        }
        spans.add(file, index);
    }

    let present = [
        parts.rules.is_some(),
        parts.core.is_some(),
        parts.artillery.is_some(),
    ];
    let (Some((rules_file, rules)), Some((core_file, core)), Some((artillery_file, artillery))) = (
        parts.rules.take(),
        parts.core.take(),
        parts.artillery.take(),
    ) else {
        for (missing, present) in SINGLES.iter().zip(present) {
            let reported = diagnostics
                .iter()
                .any(|d| d.file.is_some_and(|f| sources.name(f).ends_with(missing)));
            if !present && !reported {
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
        diagnostics.extend(parts.registry.diagnostics(&spans));
        return Ok(Loaded {
            database: None,
            diagnostics,
        });
    };
    // The tables' own catalogues, for duplicate ids and look-ups.
    let mut formations = Catalog::default();
    let mut weapons = Catalog::default();
    let mut qualities = Catalog::default();
    let mut batteries = Catalog::default();
    let registry = &mut parts.registry;
    registry.add(
        &mut formations,
        rules_file,
        "formation",
        rules.formation.clone(),
    );
    registry.add(&mut weapons, rules_file, "weapon", rules.weapon.clone());
    registry.add(&mut qualities, rules_file, "quality", rules.quality.clone());
    registry.add(
        &mut batteries,
        artillery_file,
        "battery",
        artillery.battery.clone(),
    );
    diagnostics.extend(parts.registry.diagnostics(&spans));

    let database = Database {
        game: std::mem::take(&mut parts.game),
        rules,
        core,
        artillery,
        specials: parts.specials,
        armies: parts.armies,
        entries: parts.entries,
        formations,
        weapons,
        qualities,
        batteries,
    };
    diagnostics.extend(lint::lint(
        &database,
        &Located {
            rules: rules_file,
            core: core_file,
            artillery: artillery_file,
            armies: &parts.army_files,
            entries: &parts.entry_origins,
            spans: &spans,
        },
    ));
    Ok(Loaded {
        database: Some(database),
        diagnostics,
    })
}

fn set_single<T>(
    slot: &mut Option<(FileId, T)>,
    file: FileId,
    name: &str,
    value: T,
) -> Vec<Diagnostic> {
    match slot {
        Some((first, _)) => vec![Diagnostic::error(
            "duplicate-table",
            format!("{name} is defined in two data directories"),
        )
        .in_file(file)
        .with_related(
            Span {
                file: *first,
                range: 0..0,
            },
            "first defined here",
        )
        .with_note("only armies and special rules can be added by a later --data directory")],
        empty => {
            *empty = Some((file, value));
            Vec::new()
        }
    }
}

impl Parts {
    /// Reads one army file part by part: every malformed entry is reported, the others load.
    fn add_army(&mut self, sources: &Sources, file: FileId, index: &SpanIndex) -> Vec<Diagnostic> {
        let (parsed, mut found) = parse_in_parts::<ArmyPart>(sources, file, index, "entry");
        let mut header = None;
        let mut entries = Vec::new();
        for (number, part) in parsed {
            if let Some(h) = part.army {
                header = Some(h);
            }
            if number == usize::MAX {
                // The whole file parsed at once.
                entries.extend(part.entry.into_iter().enumerate());
            } else if number > 0 {
                entries.extend(part.entry.into_iter().map(|e| (number - 1, e)));
            }
        }
        let Some(header) = header else {
            if found.is_empty() {
                found.push(
                    Diagnostic::error("missing-field", "missing field `army`")
                        .at(file, Some(0..0))
                        .with_label("an army file starts with an [army] table")
                        .with_note("see unit-sheets/wab-aca/armies/france-1809.toml"),
                );
            }
            return found;
        };
        let army_id = header.id.clone();
        for (_, e) in entries.iter_mut() {
            e.army = army_id.clone();
        }
        let ids: Vec<String> = entries.iter().map(|(_, e)| e.id.clone()).collect();
        let origins = self
            .registry
            .add_at(&mut self.entries, file, "entry", entries);
        self.entry_origins.extend(origins);
        let army = Army {
            header,
            entries: ids,
        };
        if let Some(&(_, first)) = self.army_files.iter().find(|(id, _)| *id == army_id) {
            let span = |f: FileId| {
                SpanIndex::parse(sources.text(f)).span(&[Seg::Key("army"), Seg::Key("id")])
            };
            let mut d = Diagnostic::error("duplicate-id", format!("duplicate army id `{army_id}`"))
                .at(file, index.span(&[Seg::Key("army"), Seg::Key("id")]))
                .with_label("defined again here")
                .with_note("ids must be unique across all data directories");
            if let Some(range) = span(first) {
                d = d.with_related(Span { file: first, range }, "first defined here");
            }
            found.push(d);
            return found;
        }
        self.army_files.push((army_id.clone(), file));
        self.armies.insert(&army_id, army);
        found
    }
}
