//! Reading the ACA data directories (`unit-sheets/wab-aca/`) into a [`Database`], with a
//! diagnostic for every malformed file, unknown key, bad value or inconsistent entry, all at
//! once.

use std::path::PathBuf;

use serde::Deserialize;

use super::database::{Army, Database};
use super::lint::{self, Located};
use super::model::*;
use crate::core::catalog::{
    layer_files, missing_table, Catalog, HasId, Origin, Provenance, Registry, SpanIndexes,
};
use crate::core::diagnostic::{Diagnostic, Span};
use crate::core::error::Error;
use crate::core::source::{FileId, Seg, Sources, SpanIndex};
use crate::core::suggest::nearest;
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

crate::core::catalog::has_id!(
    Entry,
    Special,
    Formation,
    Weapon,
    Quality,
    BatteryType,
    HouseRule
);

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
    /// Files of entries without an `[army]` (a player's own), joined to the armies they name
    /// once every army is read.
    pending: Vec<(FileId, Vec<(usize, Entry)>)>,
    /// Armies a later data layer replaced (their headers).
    replaced_armies: Vec<crate::core::catalog::Replaced>,
    /// Each army's source as first read (its entries' provenance when a later layer replaces
    /// its header).
    first_sources: std::collections::HashMap<String, ArmySource>,
    game: crate::rulesets::game::GameRules,
    registry: Registry,
}

/// Loads and checks every directory in order; later directories add armies and special rules.
pub fn load(dirs: &[PathBuf], sources: &mut Sources) -> Result<Loaded, Error> {
    let mut parts = Parts::default();
    let files = layer_files(dirs, RULESET_DIR, "armies", sources, &mut parts.registry)?;
    let mut diagnostics = Vec::new();
    let mut spans = SpanIndexes::default();
    for (file, index, name, in_sub) in files {
        if in_sub {
            diagnostics.extend(parts.add_army(sources, file, &index));
        } else {
            let result = match name.as_str() {
                "rules.toml" => parse::<Rules>(sources, file, &index)
                    .map(|r| set_single(&mut parts.rules, file, &name, r)),
                "core.toml" => parse::<Core>(sources, file, &index)
                    .map(|c| set_single(&mut parts.core, file, &name, c)),
                "artillery.toml" => parse::<Artillery>(sources, file, &index)
                    .map(|a| set_single(&mut parts.artillery, file, &name, a)),
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
    for (file, entries) in std::mem::take(&mut parts.pending) {
        diagnostics.extend(parts.join(file, entries, &spans));
    }
    // Each entry where it was last defined (a later layer's in the place of an earlier one),
    // and whose it is: a later layer's is the player's, else its army's source says.
    let entry_origins: Vec<Origin> = parts
        .entries
        .iter()
        .filter_map(|e| parts.registry.origin("entry", &e.id).cloned())
        .collect();
    let provenance = parts
        .entries
        .iter()
        .zip(&entry_origins)
        .map(|(e, o)| {
            // An entry of the shipped layer keeps its shipped army's source, whoever's header
            // the army has now.
            let layer = parts.registry.layer(o.file);
            let source = parts.first_sources.get(&e.army).map(|s| s.to_string());
            let p = Provenance::of(layer, source.as_deref());
            (e.id.clone(), (p, sources.name(o.file)))
        })
        .collect();
    let mut replaced = std::mem::take(&mut parts.replaced_armies);
    replaced.extend(parts.registry.replaced(sources, &spans));

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
                diagnostics.push(missing_table(RULESET_DIR, missing, dirs));
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
    // Checked for duplicate ids only: the database reads them from `rules`.
    registry.add(
        &mut Catalog::default(),
        rules_file,
        "house_rule",
        rules.house_rule.clone(),
    );
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
        provenance,
        replaced,
    };
    diagnostics.extend(lint::lint(
        &database,
        &Located {
            rules: rules_file,
            core: core_file,
            artillery: artillery_file,
            armies: &parts.army_files,
            entries: &entry_origins,
            spans: &spans,
        },
    ));
    Ok(Loaded {
        database: Some(database),
        diagnostics,
    })
}

/// The entries of a file of entries alone (a player's own, or the sheet editor's draft):
/// each malformed one reported, the others read. An `[army]` in it is refused: a draft is
/// one entry.
pub fn parse_entries(
    sources: &Sources,
    file: FileId,
    index: &SpanIndex,
) -> (Vec<Entry>, Vec<Diagnostic>) {
    let (parsed, found) = parse_in_parts::<ArmyPart>(sources, file, index, "entry");
    let mut entries = Vec::new();
    for (number, part) in parsed {
        if number == usize::MAX || number > 0 {
            entries.extend(part.entry);
        }
    }
    (entries, found)
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
        .with_note("only armies, their entries and special rules can be added or replaced by a later data directory")],
        empty => {
            *empty = Some((file, value));
            Vec::new()
        }
    }
}

impl Parts {
    /// Reads one army file part by part: every malformed entry is reported, the others load.
    /// A file with an `[army]` is that army (a later data layer's in the place of an earlier
    /// one's header, the entries of both kept); a file of entries alone (a player's own)
    /// joins each entry to the army it names, once every army is read.
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
            // An `[army]` that did not parse was reported: its entries wait for it to be fixed.
            let has_army = index.span(&[Seg::Key("army")]).is_some();
            if !entries.is_empty() && !has_army {
                self.pending.push((file, entries));
            } else if found.is_empty() {
                found.push(
                    Diagnostic::error("missing-field", "missing field `army`")
                        .at(file, Some(0..0))
                        .with_label("an army file starts with an [army] table")
                        .with_note("see unit-sheets/wab-aca/armies/france-1809.toml; a file of your own entries (no [army]) names each entry's army: army = \"france-1809\""),
                );
            }
            return found;
        };
        let army_id = header.id.clone();
        let mut kept = Vec::new();
        for (n, mut e) in entries {
            if !e.army.is_empty() && e.army != army_id {
                found.push(
                    Diagnostic::error(
                        "entry-army",
                        format!(
                            "entry `{}` names army `{}` in the file of army `{army_id}`",
                            e.id, e.army
                        ),
                    )
                    .at(
                        file,
                        index.span(&[Seg::Key("entry"), Seg::Index(n), Seg::Key("army")]),
                    )
                    .with_label(format!("an entry of this file is of `{army_id}`"))
                    .with_note("leave `army` out in an army's file; a file of entries alone (no [army]) names each entry's army"),
                );
                continue;
            }
            e.army = army_id.clone();
            kept.push((n, e));
        }
        let army_span =
            |f: FileId| SpanIndex::parse(sources.text(f)).span(&[Seg::Key("army"), Seg::Key("id")]);
        if let Some(at) = self.army_files.iter().position(|(id, _)| *id == army_id) {
            let first = self.army_files[at].1;
            if self.registry.layer(file) > self.registry.layer(first) {
                // A later layer's army: its header in the place of the earlier one's.
                let place = |f: FileId| match army_span(f) {
                    Some(s) => format!("{}:{}", sources.name(f), sources.line_column(f, s.start).0),
                    None => sources.name(f).to_owned(),
                };
                self.replaced_armies.push(crate::core::catalog::Replaced {
                    what: "army",
                    id: army_id.clone(),
                    first: place(first),
                    by: place(file),
                });
                if let Some(a) = self.armies.get_mut(&army_id) {
                    a.header = header;
                }
                self.army_files[at].1 = file;
            } else {
                let mut d =
                    Diagnostic::error("duplicate-id", format!("duplicate army id `{army_id}`"))
                        .at(file, index.span(&[Seg::Key("army"), Seg::Key("id")]))
                        .with_label("defined again here")
                        .with_note("ids are unique inside a data directory (a later one, given by --data or the player's my-sheets/, may replace an army of an earlier one)");
                if let Some(range) = army_span(first) {
                    d = d.with_related(Span { file: first, range }, "first defined here");
                }
                found.push(d);
                return found;
            }
        } else {
            self.army_files.push((army_id.clone(), file));
            self.first_sources.insert(army_id.clone(), header.source);
            self.armies.insert(
                &army_id,
                Army {
                    header,
                    entries: Vec::new(),
                },
            );
        }
        self.add_entries(file, kept);
        found
    }

    /// Entries of a file without an `[army]`: each names the army it joins.
    fn join(
        &mut self,
        file: FileId,
        entries: Vec<(usize, Entry)>,
        spans: &SpanIndexes,
    ) -> Vec<Diagnostic> {
        let mut found = Vec::new();
        let mut kept = Vec::new();
        for (n, e) in entries {
            // The army named, or the entry's id when it names none.
            let key = if e.army.is_empty() { "id" } else { "army" };
            let at = spans
                .get(file)
                .and_then(|s| s.span(&[Seg::Key("entry"), Seg::Index(n), Seg::Key(key)]));
            if self.armies.contains(&e.army) {
                kept.push((n, e));
                continue;
            }
            let d = if e.army.is_empty() {
                Diagnostic::error(
                    "missing-field",
                    format!("entry `{}` names no army: missing field `army`", e.id),
                )
                .at(file, at)
                .with_label("a file without [army] names each entry's army")
            } else {
                Diagnostic::error("unknown-reference", format!("unknown army `{}`", e.army))
                    .at(file, at)
                    .with_label("not an army of the data")
                    .with_suggestion(nearest(&e.army, self.armies.ids()))
            };
            let armies: Vec<String> = self
                .armies
                .iter()
                .map(|a| format!("{} ({})", a.header.id, a.header.name.en))
                .collect();
            found.push(d.with_note(format!("armies: {}", armies.join(", "))));
        }
        self.add_entries(file, kept);
        found
    }

    /// Adds entries of `file` (each with its army set) to the catalogue and to their armies'
    /// lists; an entry of a later layer replaces the one of the same id, in its army or
    /// another.
    fn add_entries(&mut self, file: FileId, entries: Vec<(usize, Entry)>) {
        let placed: Vec<(String, String)> = entries
            .iter()
            .map(|(_, e)| (e.id.clone(), e.army.clone()))
            .collect();
        self.registry
            .add_at(&mut self.entries, file, "entry", entries);
        for (id, army) in placed {
            // The catalogue holds this file's entry (added or in the place of an earlier one):
            // it is in its army's list only.
            let here = self
                .registry
                .origin("entry", &id)
                .is_some_and(|o| o.file == file);
            if !here {
                continue;
            }
            let others: Vec<String> = self
                .armies
                .iter()
                .filter(|a| a.header.id != army && a.entries.contains(&id))
                .map(|a| a.header.id.clone())
                .collect();
            for other in others {
                if let Some(a) = self.armies.get_mut(&other) {
                    a.entries.retain(|e| *e != id);
                }
            }
            if let Some(a) = self.armies.get_mut(&army) {
                if !a.entries.contains(&id) {
                    a.entries.push(id);
                }
            }
        }
    }
}
