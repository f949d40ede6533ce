//! `muster list share FILE [--qr FILE.svg|.png]` and `muster list import CODE|FILE|- [-o
//! FILE]`: a list as one line of text (and a QR code of it) for the opponent, and that line
//! back as a list file and the player's own sheets it carried. What a code carries is
//! `rulesets::share`'s, its format `core::share_code`'s.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::check::open_list;
use super::{load_engine, print_out, PLAYER_DATA};
use crate::core::diagnostic::{self, Diagnostic};
use crate::core::error::Error;
use crate::core::output::{check_output_path, write_new, write_output};
use crate::core::share_code::{self, MAX_CODE_CHARS};
use crate::core::source::Sources;
use crate::core::words::Phrase;
use crate::render::qr::{Planned, Qr};
use crate::rulesets::share::{self, Fate};
use crate::rulesets::{self as rs, Ruleset};

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

/// A QR code's version, from its width (21 modules for version 1, four more each version).
pub fn version(qr: &Qr) -> usize {
    qr.width().saturating_sub(17) / 4
}

/// The share code of the list in `file`, and the list's check (for words about it).
pub fn code_of(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    file: &Path,
) -> Result<(String, usize), Error> {
    let mut sources = Sources::new();
    let (engine, checked) = open_list(dirs, &mut sources, file, flag)?;
    let text = sources.text(checked.file).to_owned();
    let shared = share::shared(engine.as_ref(), file, &text, &checked)?;
    let code = share_code::encode(&shared).map_err(Error::Render)?;
    Ok((code, shared.sheets.len()))
}

/// `muster list share FILE [--qr OUT]`.
pub fn run_share(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    file: &Path,
    qr: Option<&Path>,
) -> Result<u8, Error> {
    if let Some(out) = qr {
        check_output_path(out, &[file])?;
        qr_format(out)?;
    }
    let (code, sheets) = code_of(dirs, flag, file)?;
    // Whether it fits, and its version, without drawing it: drawn only for --qr.
    let planned = code_plan(&code);
    let fits = planned.as_ref().map(Planned::version).map_err(Clone::clone);
    if let Some(out) = qr {
        let drawn = planned
            .map_err(|why| Error::Usage(format!("--qr {}: {why}", out.display())))?
            .draw()?;
        let svg = drawn.svg();
        let bytes = match qr_format(out)? {
            QrFormat::Svg => svg.into_bytes(),
            QrFormat::Png => crate::render::svg::png_square(
                &svg,
                u32::try_from(drawn.side() * 8).unwrap_or(1024),
            )?,
        };
        write_output(out, &bytes)?;
        eprintln!(
            "wrote {}: a QR code of version {} ({} modules a side)",
            out.display(),
            version(&drawn),
            drawn.width()
        );
    }
    print_out(&format!("{code}\n"))?;
    let carried = match sheets {
        0 => String::new(),
        1 => ", with 1 of your own sheets".to_owned(),
        n => format!(", with {n} of your own sheets"),
    };
    match &fits {
        Ok(version) => eprintln!(
            "{} characters{carried}; one QR code of version {version} holds it (`--qr FILE.png` draws it); `muster list import CODE` reads it",
            code.len(),
        ),
        Err(why) => eprintln!("{} characters{carried}; no QR code: {why}", code.len()),
    }
    Ok(0)
}

enum QrFormat {
    Svg,
    Png,
}

fn qr_format(out: &Path) -> Result<QrFormat, Error> {
    match out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => Ok(QrFormat::Svg),
        Some("png") => Ok(QrFormat::Png),
        _ => Err(Error::Usage(format!(
            "--qr {}: the QR code is written as FILE.svg or FILE.png",
            out.display()
        ))),
    }
}

/// The text of `muster list import`'s argument: the code itself, a file holding it, or `-`
/// for standard input (read at most to a code's longest).
pub fn code_text(arg: &str) -> Result<String, Error> {
    if arg == "-" {
        let mut text = String::new();
        let limit = (MAX_CODE_CHARS + 64) as u64;
        std::io::stdin()
            .take(limit)
            .read_to_string(&mut text)
            .map_err(|source| Error::Read {
                path: PathBuf::from("<stdin>"),
                source,
            })?;
        return Ok(text);
    }
    // A code (of this format or another: the decoder says which); else a file of that name.
    let cleaned = share_code::clean(arg);
    let path = Path::new(arg);
    if cleaned.starts_with("MU") && cleaned.contains(':') {
        return Ok(arg.to_owned());
    }
    if std::fs::symlink_metadata(path).is_ok() {
        return crate::core::source::read_text(path);
    }
    if cleaned.starts_with("MU") {
        return Ok(arg.to_owned());
    }
    Err(Error::Usage(format!(
        "expected a share code ({}…, as `muster list share` prints it), a file holding one, or - for standard input; found `{}`",
        share_code::PREFIX,
        arg.chars().take(40).collect::<String>().escape_debug()
    )))
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

/// Imports a share code: the list goes to `out` (else `NAME.toml` in `lists`), the sheets it
/// carried into the player's data folder `player` (`my-sheets/`). Everything is checked first (the code,
/// its ruleset, its sheets over the importer's data, its list); nothing is written unless
/// all of it can be, and never over a file already there.
pub fn import(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    text: &str,
    out: Option<&Path>,
    lists: &Path,
    player: &Path,
) -> Result<Imported, Error> {
    let refuse = |m: String| Error::Invalid(format!("{m}; nothing written"));
    let shared = share_code::decode(text).map_err(refuse)?;
    let ruleset: Ruleset = shared.ruleset.parse().map_err(|e: String| {
        refuse(format!(
            "the code is a list of a ruleset this muster does not know ({e})"
        ))
    })?;
    let mut sources = Sources::new();
    let peeked = sources.add(Path::new("<code>"), shared.list.clone());
    match rs::peek(&sources, peeked) {
        Ok(r) if r == ruleset => {}
        Ok(r) => {
            return Err(refuse(format!(
                "the code says ruleset {} but carries a {} list",
                ruleset.id(),
                r.id()
            )))
        }
        Err(d) => return Err(refuse(format!("the code's list: {}", d.message))),
    }
    if let Some(f) = flag.filter(|f| *f != ruleset) {
        return Err(Error::Usage(format!(
            "the code is a {} list, but --ruleset says {}",
            ruleset.id(),
            f.id()
        )));
    }
    let out = match out {
        Some(o) => o.to_path_buf(),
        None => lists.join(format!("{}.toml", file_name(&shared.name))),
    };
    if std::fs::symlink_metadata(&out).is_ok() {
        return Err(Error::Usage(format!(
            "{} is there already: muster does not write over it (name another with -o lists/NAME.toml); nothing written",
            out.display()
        )));
    }
    let engine = load_engine(ruleset, dirs, &mut sources)?;
    let mine = player.join(ruleset.id());
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let taken = |p: &str| std::fs::symlink_metadata(mine.join(p)).is_ok();
    let plan = share::plan(engine.as_ref(), &shared, &stem, &taken)?;
    let to_write: Vec<&share::PlannedSheet> = plan
        .sheets
        .iter()
        .filter(|s| matches!(s.fate, Fate::New | Fate::Apart { .. }))
        .collect();

    // The sheets to write, read over the importer's data as a layer of their own, before any
    // is written: a sheet that does not read, or a list that is not one, refuses the import.
    let layer = tempfile::tempdir().map_err(|source| Error::Write {
        path: std::env::temp_dir(),
        source,
    })?;
    for s in &to_write {
        let path = layer.path().join(ruleset.id()).join(&s.path);
        write_new(&path, s.text.as_bytes())?;
    }
    let mut over: Vec<PathBuf> = dirs.to_vec();
    over.push(layer.path().to_path_buf());
    let mut read = Sources::new();
    let loaded = rs::load(ruleset, &over, &mut read)?;
    let errors: Vec<Diagnostic> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .cloned()
        .collect();
    let engine = match loaded.engine {
        Some(e) if errors.is_empty() => e,
        _ => {
            diagnostic::print_all(&errors, &read);
            return Err(refuse(format!(
                "the sheets the code carries do not read over your data ({} error{})",
                errors.len(),
                if errors.len() == 1 { "" } else { "s" }
            )));
        }
    };
    let file = read.add(&out, plan.list.clone());
    let checked = engine.check_list(&read, file).map_err(|d| {
        diagnostic::print_all(&[d], &read);
        refuse("the code's list is not a list file".to_owned())
    })?;

    let mut notes = Vec::new();
    let mut written = Vec::new();
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
        };
        notes.push(said.text("id", s.id.clone()));
    }
    notes.extend(share::priced_otherwise(engine.as_ref(), &checked));
    // Everything checked: the sheets, then the list, each a new file written whole.
    for s in &to_write {
        let path = mine.join(&s.path);
        write_new(&path, s.text.as_bytes())?;
        written.push(path);
    }
    super::make_parent(&out)?;
    write_new(&out, plan.list.as_bytes())?;
    Ok(Imported {
        list: out,
        name: checked.name.clone(),
        ruleset,
        valid: checked.is_valid(),
        sheets: written,
        notes,
    })
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

/// `muster list import CODE|FILE|- [-o FILE]`.
pub fn run_import(
    dirs: &[PathBuf],
    flag: Option<Ruleset>,
    arg: &str,
    out: Option<&Path>,
) -> Result<u8, Error> {
    let text = code_text(arg)?;
    let done = import(
        dirs,
        flag,
        &text,
        out,
        Path::new("lists"),
        Path::new(PLAYER_DATA),
    )?;
    for n in &done.notes {
        eprintln!("note: {}", n.english());
    }
    eprintln!(
        "wrote {}: {} ({}), {}",
        done.list.display(),
        crate::core::text::one_line(&done.name),
        done.ruleset.title(),
        if done.valid {
            "valid over your data"
        } else {
            "INVALID over your data: `muster check` says why"
        }
    );
    Ok(if done.valid { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The most characters of a code a version-25 QR code holds (error correction M,
    /// alphanumeric mode), as the message says.
    #[test]
    fn the_largest_code_a_phone_reads_from_paper() {
        let qr = code_qr(&"A".repeat(MAX_QR_CHARS)).unwrap();
        assert_eq!(version(&qr), MAX_QR_VERSION);
        let Err(why) = code_qr(&"A".repeat(MAX_QR_CHARS + 1)) else {
            panic!("a code one character longer fits");
        };
        assert!(why.contains(&format!("holds {MAX_QR_CHARS}")), "{why}");
    }
}
