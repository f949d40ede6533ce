//! A share code as a QR code a phone reads, read back from a picture, and imported: the list
//! and the player's own sheets it carried written, all of them or none. What a code carries
//! is `rulesets::share`'s, its format `core::share_code`'s.

use std::path::{Path, PathBuf};

use super::{load_engine, player_layer};
use crate::core::diagnostic::{self, Diagnostic};
use crate::core::error::Error;
use crate::core::output::write_all_new;
use crate::core::qr_read;
use crate::core::share_code;
use crate::core::source::{FileId, Sources};
use crate::core::words::Phrase;
use crate::render::qr::{Planned, Qr};
use crate::rulesets::share::{self, Fate};
use crate::rulesets::{self as rs, Rules, Ruleset};

/// The largest QR code muster draws of a share code: version 25 (117 modules a side) holds
/// 1,451 alphanumeric characters at error correction M, and a phone reads it from a printed
/// page 6 cm wide (half a millimetre a module); larger versions, up to 40 (3,391 characters),
/// shrink the modules on a page and phones struggle with them.
pub const MAX_QR_VERSION: usize = 25;

/// The most characters of a code a QR code of [`MAX_QR_VERSION`] holds (alphanumeric mode,
/// error correction M).
pub const MAX_QR_CHARS: usize = 1451;

/// A share code's QR code, when it fits one a phone reads from paper ([`MAX_QR_VERSION`]);
/// otherwise why not, in words.
pub fn code_qr(code: &str) -> Result<Qr, String> {
    code_plan(code)?.draw().map_err(|e| e.to_string())
}

/// Whether a share code fits a QR code a phone reads from paper, and in which version, without
/// drawing it (its version follows from its length and modes; drawing searches the best mask,
/// most of the work): the code to draw when it fits, otherwise why not, in words.
pub fn code_plan(code: &str) -> Result<Planned, String> {
    let too_long = || {
        format!(
            "the code is {} characters: a QR code a phone reads from paper (version {MAX_QR_VERSION}) holds {MAX_QR_CHARS}; share the code as text (a chat takes it whole) or the list file",
            code.len()
        )
    };
    let planned = Qr::plan(code).map_err(|_| too_long())?;
    if planned.version() > MAX_QR_VERSION {
        return Err(too_long());
    }
    Ok(planned)
}

/// The share code in the picture `bytes` (a PNG or a JPEG, as a file or sent to `muster
/// serve`): the first QR code read whose text is a code; otherwise why not and what to do,
/// in words a page says in its language.
pub fn code_of_picture(bytes: &[u8]) -> Result<String, Phrase> {
    if qr_read::Picture::of(bytes).is_none() {
        return Err(Phrase::new(
            "import-not-a-picture",
            "it is neither a PNG nor a JPEG picture: choose a photo of the roster's QR code, or paste the code",
        ));
    }
    let texts = qr_read::texts(bytes).map_err(|why| {
        Phrase::new(
            "import-picture-unread",
            "{why}: take the photo again, or paste the code",
        )
        .text("why", why)
    })?;
    let found = texts.len();
    texts
        .into_iter()
        .find(|t| share_code::clean(t).starts_with("MU"))
        .ok_or_else(|| {
            Phrase::new(
                "import-no-code-in-picture",
                "no QR code of a share code found in the picture ({found|# other QR code|# other QR codes} read); photograph the roster's QR code square and sharp, or paste the code",
            )
            .count("found", found)
        })
}

/// What an import wrote and said.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Imported {
    /// The list file written.
    pub list: PathBuf,
    /// The list's name.
    pub name: String,
    pub ruleset: Ruleset,
    /// Whether the list is legal over the importer's data.
    pub valid: bool,
    /// The sheet files written in the player's data folder.
    pub sheets: Vec<PathBuf>,
    /// What became of each sheet the code carried, and each unit priced otherwise here (said
    /// in English on the command line, in the page's language on a page).
    #[serde(serialize_with = "in_english")]
    pub notes: Vec<Phrase>,
}

/// Phrases as the command line's JSON says them: in English.
fn in_english<S: serde::Serializer>(notes: &[Phrase], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(notes.iter().map(Phrase::english))
}

/// Why an import was refused. Nothing was written.
pub enum ImportError {
    /// The list's file is there already.
    ListExists(PathBuf),
    /// What the code carries does not read over the importer's data: its diagnostics, each
    /// located in a part of the code ("the code's list", "the code's sheet `x`"), never in a
    /// file of this machine.
    Unreadable {
        /// What was refused, in words a page says in its language ("…; nothing written").
        what: Phrase,
        diagnostics: Vec<Diagnostic>,
        sources: Sources,
    },
    /// Anything else: a damaged code, a write that failed.
    Failed(Error),
}

impl From<Error> for ImportError {
    fn from(e: Error) -> Self {
        ImportError::Failed(e)
    }
}

impl ImportError {
    /// As the command line stops with it: the diagnostics printed first.
    pub fn into_error(self) -> Error {
        match self {
            ImportError::ListExists(path) => Error::Usage(format!(
                "{} is there already: muster does not write over it (name another with -o lists/NAME.toml); nothing written",
                path.display()
            )),
            ImportError::Unreadable {
                what,
                diagnostics,
                sources,
            } => {
                diagnostic::print_all(&diagnostics, &sources);
                Error::Invalid(what.english())
            }
            ImportError::Failed(e) => e,
        }
    }
}

/// The refusal of a code whose list does not read as one.
fn not_a_list() -> Phrase {
    Phrase::new(
        "import-not-a-list",
        "the code's list is not a list file; nothing written",
    )
}

/// The name a part of the code goes by in the import's messages.
fn sheet_part(id: &str) -> String {
    format!("the code's sheet `{id}`")
}
const LIST_PART: &str = "the code's list";

/// Imports a share code: the list goes to `out` (else `NAME.toml` in `lists`), the sheets it
/// carried into the player's data folder `player` (`my-sheets/`), each where its ruleset reads
/// the player's sheets. Everything is checked first (the code, its ruleset, its sheets read
/// over the importer's data, its list); then every file is written, all of them or none
/// ([`write_all_new`]), never over a file already there.
pub fn import(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    text: &str,
    out: Option<&Path>,
    lists: &Path,
    player: &Path,
) -> Result<Imported, ImportError> {
    let refuse = |m: String| ImportError::Failed(Error::Invalid(format!("{m}; nothing written")));
    let shared = share_code::decode(text).map_err(refuse)?;
    let ruleset: Ruleset = shared.ruleset.parse().map_err(|e: String| {
        refuse(format!(
            "the code is a list of a ruleset this muster does not know ({e})"
        ))
    })?;
    let mut sources = Sources::new();
    let peeked = sources.add_named(Path::new(LIST_PART), LIST_PART, shared.list.clone());
    match rs::peek(&sources, peeked) {
        Ok(r) if r == ruleset => {}
        Ok(r) => {
            return Err(refuse(format!(
                "the code says ruleset {} but carries a {} list",
                ruleset.id(),
                r.id()
            )))
        }
        Err(d) => {
            return Err(ImportError::Unreadable {
                what: not_a_list(),
                diagnostics: vec![d],
                sources,
            })
        }
    }
    // Not TOML: said as `muster check` says it, located, its line quoted in part.
    if let Err(e) = toml::from_str::<toml::Table>(&shared.list) {
        let index = crate::core::source::SpanIndex::parse(&shared.list);
        let d = crate::core::toml_file::toml_diagnostic(&e, peeked, &shared.list, 0, &index);
        return Err(ImportError::Unreadable {
            what: not_a_list(),
            diagnostics: vec![d],
            sources,
        });
    }
    if let Some(f) = flag.filter(|f| *f != ruleset) {
        return Err(Error::Usage(format!(
            "the code is a {} list, but --ruleset says {}",
            ruleset.id(),
            f.id()
        ))
        .into());
    }
    let out = match out {
        Some(o) => o.to_path_buf(),
        None => lists.join(format!("{}.toml", file_name(&shared.name))),
    };
    if std::fs::symlink_metadata(&out).is_ok() {
        return Err(ImportError::ListExists(out));
    }
    // A list never goes among the player's sheets, where every command would read it as one.
    if inside(&out, player) {
        return Err(Error::Usage(format!(
            "{} is in your sheets' folder {}: a list goes elsewhere (lists/NAME.toml); nothing written",
            out.display(),
            player.display()
        ))
        .into());
    }
    let engine = load_engine(ruleset, dirs, &mut sources)?;
    let sheets_at = match ruleset.player_sheets() {
        Some(s) => s,
        None if shared.sheets.is_empty() => rs::PlayerSheets {
            folder: "sheets",
            table: "sheet",
            noun: "sheets",
        },
        None => {
            return Err(refuse(format!(
                "the code carries sheets, but {} takes none of a player's own",
                ruleset.title()
            )))
        }
    };
    let mine = player_layer::ruleset_dir(player, ruleset);
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let taken = |p: &str| std::fs::symlink_metadata(mine.join(p)).is_ok();
    let plan =
        share::plan(engine.as_ref(), &shared, &stem, sheets_at, &taken).map_err(|e| match e {
            Error::Invalid(m) | Error::Usage(m) => refuse(m),
            other => other.into(),
        })?;
    let to_write: Vec<&share::PlannedSheet> = plan
        .sheets
        .iter()
        .filter(|s| matches!(s.fate, Fate::New | Fate::Apart { .. }))
        .collect();

    // The sheets to write, read over the importer's data one after the other, in memory, as
    // the sheet editor reads a sheet: a sheet that does not read refuses the import, its
    // diagnostics located in the code's part.
    let files: Vec<FileId> = to_write
        .iter()
        .map(|s| sources.add_named(&mine.join(&s.path), &sheet_part(&s.id), s.text.clone()))
        .collect();
    let (drafted, errors) = draft_sheets(&engine, &sources, &files)?;
    let engine = drafted.unwrap_or(engine);
    if !errors.is_empty() {
        return Err(ImportError::Unreadable {
            what: Phrase::new(
                "import-sheets-unread",
                "the sheets the code carries do not read over your data ({errors|# error|# errors}); nothing written",
            )
            .count("errors", errors.len()),
            diagnostics: errors,
            sources,
        });
    }
    let file = sources.add_named(&out, LIST_PART, plan.list.clone());
    let checked =
        match crate::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, file) {
            Ok(c) => c,
            Err(d) => {
                return Err(ImportError::Unreadable {
                    what: not_a_list(),
                    diagnostics: vec![d],
                    sources,
                })
            }
        };

    let mut notes = Vec::new();
    for s in &plan.sheets {
        let path = mine.join(&s.path);
        let said = match &s.fate {
            Fate::New => Phrase::new(
                "import-sheet-new",
                "their own sheet `{id}`: new here, written to {path}",
            )
            .text("path", path.display().to_string()),
            Fate::Same => Phrase::new(
                "import-sheet-same",
                "their own sheet `{id}`: yours has the same values, left alone",
            ),
            Fate::Apart { id } => Phrase::new(
                "import-sheet-apart",
                "their own sheet `{id}` differs from yours: kept apart as `{new}` in {path} (the list names it; yours is untouched)",
            )
            .text("new", id.clone())
            .text("path", path.display().to_string()),
            Fate::SameApart { id } => Phrase::new(
                "import-sheet-same-apart",
                "their own sheet `{id}`: kept apart as `{new}` by an earlier import, the same values, left alone",
            )
            .text("new", id.clone()),
            Fate::Unused => Phrase::new(
                "import-sheet-unused",
                "their own sheet `{id}`: no unit of the list uses it, not written",
            ),
        };
        notes.push(said.text("id", s.id.clone()));
    }
    notes.extend(share::priced_otherwise(engine.as_ref(), &checked));
    // Everything checked: the sheets and the list, all written or none.
    let mut files: Vec<(PathBuf, Vec<u8>)> = to_write
        .iter()
        .map(|s| (mine.join(&s.path), s.text.clone().into_bytes()))
        .collect();
    let written: Vec<PathBuf> = files.iter().map(|(p, _)| p.clone()).collect();
    files.push((out.clone(), plan.list.into_bytes()));
    write_all_new(&files).map_err(|e| match e {
        Error::Usage(m) if m.starts_with(&format!("{} is there already", out.display())) => {
            ImportError::ListExists(out.clone())
        }
        other => ImportError::Failed(other),
    })?;
    Ok(Imported {
        list: out,
        name: checked.name.clone(),
        ruleset,
        valid: checked.is_valid(),
        sheets: written,
        notes,
    })
}

/// Whether `path` is inside the folder `dir`, as written or where both really are (the
/// nearest folder of `path` that exists, links followed).
fn inside(path: &Path, dir: &Path) -> bool {
    let lexical = |p: &Path| {
        p.components()
            .filter(|c| *c != std::path::Component::CurDir)
            .collect::<PathBuf>()
    };
    if lexical(path).starts_with(lexical(dir)) {
        return true;
    }
    let Ok(dir) = dir.canonicalize() else {
        return false;
    };
    path.ancestors()
        .skip(1)
        .find_map(|a| {
            let a = if a.as_os_str().is_empty() {
                Path::new(".")
            } else {
                a
            };
            a.canonicalize().ok()
        })
        .is_some_and(|real| real.starts_with(&dir))
}

/// A list's name as a file name: lowercase letters, digits, hyphens and underscores.
fn file_name(name: &str) -> String {
    let s: String = name
        .chars()
        .filter_map(|c| {
            let c = c.to_ascii_lowercase();
            (c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_').then_some(c)
        })
        .take(64)
        .collect();
    let s = s.trim_matches('-').to_owned();
    if s.is_empty() {
        "imported".to_owned()
    } else {
        s
    }
}

/// Reads the sheets of `files` (each a sheet's text in `sources`) over `engine` one after the
/// other, as the sheet editor reads a sheet: one that reads without an error joins the data
/// the next are read over. Returns the data with them (`None`: none joined) and the errors of
/// those that did not read.
pub fn draft_sheets(
    engine: &Rules,
    sources: &Sources,
    files: &[FileId],
) -> Result<(Option<Rules>, Vec<Diagnostic>), Error> {
    let mut over: Option<Rules> = None;
    let mut errors = Vec::new();
    for &file in files {
        let e = over.as_ref().unwrap_or(engine);
        let draft = e
            .ruleset()
            .need(e.editor(), "sheet editor")
            .and_then(|x| x.draft(sources, file))?;
        let wrong: Vec<Diagnostic> = draft
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        if wrong.is_empty() {
            over = Some(draft.engine);
        }
        errors.extend(wrong);
    }
    Ok((over, errors))
}
