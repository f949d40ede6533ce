//! The player's own data layer (`my-sheets/<ruleset>/`): where each of their sheets or
//! entries is defined, and where a new one goes. `muster sheets new`, the sheet editor and
//! `muster list import` ask here, so that an id is defined once in the layer: a sheet is saved
//! in the file that holds it (one file may hold several entries), a new one
//! gets a file of its own in the folder the ruleset reads ([`crate::rulesets::PlayerSheets`]),
//! and an id the layer holds already is never written a second time elsewhere.

use std::path::{Path, PathBuf};

use crate::core::error::Error;
use crate::rulesets::Rules;
use crate::rulesets::{PlayerSheets, Ruleset};

/// The folder of the player's layer a ruleset reads (`my-sheets/<ruleset id>`), under `player`.
pub fn ruleset_dir(player: &Path, ruleset: Ruleset) -> PathBuf {
    player.join(ruleset.id())
}

/// Where a ruleset reads and writes the player's own sheets, or why it has none.
pub fn sheets_of(ruleset: Ruleset) -> Result<PlayerSheets, Error> {
    ruleset
        .player_sheets()
        .ok_or_else(|| crate::rulesets::unsupported(ruleset, "sheets of your own"))
}

/// The file of the player's layer (under `player`) that defines `id` in `engine`'s data,
/// when it is there: `None` when the id is not defined, or defined in another layer (the
/// shipped data, a `--data` folder).
pub fn defined_in(engine: &Rules, player: &Path, id: &str) -> Option<PathBuf> {
    let file = engine.editor().and_then(|e| e.sheet_file(id))?;
    let root = ruleset_dir(player, engine.ruleset());
    // As the data were read (a file or a folder that is a link is still the layer's), else
    // where both really are.
    let lexical = |p: &Path| {
        p.components()
            .filter(|c| *c != std::path::Component::CurDir)
            .collect::<PathBuf>()
    };
    if lexical(&file).starts_with(lexical(&root)) {
        return Some(file);
    }
    let root = root.canonicalize().ok()?;
    let real = file.canonicalize().ok()?;
    real.starts_with(&root).then_some(file)
}

/// Whether the ruleset's data still read with `text` in the place of the file at `path` (an
/// edit of the player's file, before it is written): `Err` says the first errors it would
/// cause, in words.
pub fn file_reads(
    ruleset: Ruleset,
    dirs: &[PathBuf],
    path: &Path,
    text: &str,
) -> Result<(), String> {
    let mut sources = crate::core::source::Sources::new();
    sources
        .overlay(path, text.to_owned())
        .map_err(|e| e.to_string())?;
    let loaded = crate::rulesets::load(ruleset, dirs, &mut sources).map_err(|e| e.to_string())?;
    let errors: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect();
    if errors.is_empty() && loaded.engine.is_some() {
        return Ok(());
    }
    Err(format!(
        "saved so, your data would not read ({}): nothing written",
        errors
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ")
    ))
}

/// Where a sheet or entry `id` is saved in the player's layer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// In the file that defines it already (its entry of that id changed in place).
    Defined(PathBuf),
    /// In a new file of its own (`<folder>/<id>.toml`), nothing there yet.
    New(PathBuf),
}

impl Place {
    pub fn path(&self) -> &Path {
        match self {
            Place::Defined(p) | Place::New(p) => p,
        }
    }
}

/// Where the sheet or entry `id` goes in the player's layer under `player`: the file that
/// defines it there, else a new file of its own; refused when that file's name is taken by a
/// file holding other sheets (writing there would lose or duplicate them).
pub fn place(engine: &Rules, player: &Path, id: &str) -> Result<Place, Error> {
    if let Some(file) = defined_in(engine, player, id) {
        return Ok(Place::Defined(file));
    }
    let sheets = sheets_of(engine.ruleset())?;
    let path = new_file(player, engine.ruleset(), sheets, id);
    if std::fs::symlink_metadata(&path).is_ok() {
        return Err(Error::Usage(format!(
            "{} is there already and does not hold `{id}`: muster does not write over it (give the sheet another id, or move that file)",
            path.display()
        )));
    }
    Ok(Place::New(path))
}

/// The file a new sheet or entry `id` of the player's gets: `<folder>/<id>.toml`.
pub fn new_file(player: &Path, ruleset: Ruleset, sheets: PlayerSheets, id: &str) -> PathBuf {
    ruleset_dir(player, ruleset)
        .join(sheets.folder)
        .join(format!("{id}.toml"))
}

/// Refuses a new sheet of id `id` when the player's layer defines it already (`muster sheets
/// new`): changing it is done in its file, or with the editor.
pub fn refuse_defined(engine: &Rules, player: &Path, id: &str) -> Result<(), Error> {
    match defined_in(engine, player, id) {
        Some(file) => Err(Error::Usage(format!(
            "`{id}` is one of your own {} already, in {}: change it there (or in the builder's sheet editor), or give the new one another id; nothing written",
            engine.ruleset().player_sheets().map_or("sheets", |s| s.noun),
            file.display()
        ))),
        None => Ok(()),
    }
}
