//! The commands: each turns checked settings into work on the engine and prints the result.
//! Generic commands see a ruleset only through `rulesets::Engine`.

pub mod career;
pub mod check;
pub mod data;
pub mod event;
pub mod game;
pub mod list;
pub mod matchups;
pub mod named;
pub mod preview;
pub mod print;
pub mod rulesets;
pub mod schema;
pub mod score;
pub mod share;
pub mod sheets;
pub mod skills;

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::source::Sources;
pub use crate::ops::{data_failure, load_engine, to_json, PLAYER_DATA};
use crate::rulesets::{self as rs, Ruleset};

/// The data directories, each a layer over the ones before: --data, else $MUSTER_DATA, else
/// ./unit-sheets, else the data built into muster (`core::builtin`); then the player's
/// `./my-sheets/` when it is a folder and not given already.
pub fn data_dirs(flags: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = shipped_dirs(flags);
    let mine = Path::new(PLAYER_DATA);
    if mine.is_dir() && !dirs.iter().any(|d| d == mine || d.ends_with(PLAYER_DATA)) {
        dirs.push(mine.to_path_buf());
    }
    dirs
}

fn shipped_dirs(flags: &[PathBuf]) -> Vec<PathBuf> {
    if !flags.is_empty() {
        return flags.to_vec();
    }
    if let Some(list) = std::env::var_os("MUSTER_DATA") {
        let dirs: Vec<PathBuf> = std::env::split_paths(&list)
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        if !dirs.is_empty() {
            return dirs;
        }
    }
    let local = Path::new("unit-sheets");
    if Ruleset::ALL.iter().any(|r| local.join(r.id()).is_dir()) {
        return vec![local.to_path_buf()];
    }
    vec![crate::core::builtin::root()]
}

/// A ruleset's typed database, for the commands that are the ruleset's own (previews): any
/// error in the data stops the command after printing them all.
pub fn require<D>(
    ruleset: Ruleset,
    database: Option<D>,
    diagnostics: Vec<Diagnostic>,
    sources: &Sources,
) -> Result<D, Error> {
    let errors = diagnostics.iter().any(Diagnostic::is_error);
    match database {
        Some(db) if !errors => Ok(db),
        _ => Err(data_failure(ruleset, diagnostics, sources)),
    }
}

/// The language of a document: `--lang`, else the list's `lang`, else the ruleset's first; one
/// the ruleset is printed in. A list's `lang` the ruleset does not offer falls back to its
/// first, said on stderr (`muster check` warns of it; the web does the same).
pub fn language(
    ruleset: Ruleset,
    flag: Option<crate::cli::LangArg>,
    list: Option<crate::core::i18n::Lang>,
) -> Result<crate::core::i18n::Lang, Error> {
    let offered = ruleset.languages();
    let known = || {
        offered
            .iter()
            .map(|l| l.id())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (lang, from) = match (flag, list) {
        (Some(f), _) => (crate::core::i18n::Lang::from(f), "--lang"),
        (None, Some(l)) => (l, "the list's lang"),
        (None, None) => return Ok(offered.first().copied().unwrap_or_default()),
    };
    let first = offered.first().copied().unwrap_or_default();
    if offered.contains(&lang) {
        Ok(lang)
    } else if flag.is_none() {
        eprintln!(
            "warning: {from} {}: {} is printed in {}; printing in {}",
            lang.id(),
            ruleset.title(),
            known(),
            first.id()
        );
        Ok(first)
    } else {
        Err(Error::Usage(format!(
            "{from} {}: {} is printed in {}",
            lang.id(),
            ruleset.title(),
            known()
        )))
    }
}

/// The language of what a command prints around the data (`game show`, `matchups`, `list
/// add`, …): `--lang`, else the list's `lang`, else the command line's (English where the
/// ruleset has it). A `--lang` the ruleset is not printed in is refused; a list's `lang` it
/// does not offer is passed over for the command line's.
pub fn said_lang(
    ruleset: Ruleset,
    flag: Option<crate::cli::LangArg>,
    list: Option<crate::core::i18n::Lang>,
) -> Result<crate::core::i18n::Lang, Error> {
    match (flag, list) {
        (Some(_), _) => language(ruleset, flag, None),
        (None, Some(l)) if ruleset.languages().contains(&l) => Ok(l),
        _ => Ok(named::cli_lang(ruleset)),
    }
}

/// The words a command says its sentences with in `lang`: the ruleset's labels and messages,
/// then the words every ruleset shares (`templates/messages.toml`).
pub fn said_words(
    ruleset: Ruleset,
    lang: crate::core::i18n::Lang,
) -> crate::core::words::Layered<'static> {
    crate::core::words::Layered {
        own: ruleset.words(lang),
        lang,
    }
}

/// Prints to stdout; a closed pipe (`muster sheets | head`) is not an error. Text from lists
/// and data (labels in previews and scores) may hold characters that steer a terminal: they
/// are shown as escapes.
pub fn print_out(text: &str) -> Result<(), Error> {
    let text = crate::core::text::printable(text);
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::Write {
            path: PathBuf::from("<stdout>"),
            source: e,
        }),
        _ => Ok(()),
    }
}

/// A new list, game or career is not written over a file that exists unless --force says so.
pub fn refuse_existing(file: &Path, force: bool) -> Result<(), Error> {
    if !force && std::fs::symlink_metadata(file).is_ok() {
        return Err(Error::Usage(format!(
            "{} already exists (use --force to replace it)",
            file.display()
        )));
    }
    Ok(())
}

/// Makes the folder a new game or career goes in (`games/`, `careers/`) when it does not exist
/// yet, as a player starting their first one expects.
pub fn make_parent(file: &Path) -> Result<(), Error> {
    match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.exists() => std::fs::create_dir_all(dir)
            .map_err(|source| Error::Write {
                path: dir.to_path_buf(),
                source,
            }),
        _ => Ok(()),
    }
}

/// The ruleset of a game or career file (`what`: "game", "career"), from its `[what] ruleset`.
pub fn ruleset_of_file(path: &Path, text: &str, what: &str) -> Result<Ruleset, Error> {
    match rs::named_ruleset(text, what) {
        Ok(Some(r)) => Ok(r),
        Ok(None) => Err(Error::Usage(format!(
            "{} is not a {what} file: it has no [{what}] ruleset (`muster {what} new` writes one)",
            path.display()
        ))),
        Err(e) => Err(Error::Usage(format!("{}: {e}", path.display()))),
    }
}
