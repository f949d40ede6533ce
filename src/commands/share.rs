//! `muster list share FILE [--qr FILE.svg|.png]` and `muster list import CODE|FILE|- [-o
//! FILE]`: a list as one line of text (and a QR code of it) for the opponent, and that line
//! back as a list file and the player's own sheets it carried. What a code carries is
//! `rulesets::share`'s, its format `core::share_code`'s.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::check::open_list;
use super::{print_out, PLAYER_DATA};
use crate::core::error::Error;
use crate::core::output::{check_output_path, write_output};
use crate::core::qr_read;
use crate::core::share_code::{self, MAX_CODE_CHARS};
use crate::core::source::Sources;
pub use crate::ops::share::{
    code_of_picture, code_plan, code_qr, import, ImportError, Imported, MAX_QR_CHARS,
    MAX_QR_VERSION,
};
use crate::render::qr::{Planned, Qr};
use crate::rulesets::share;
use crate::rulesets::Ruleset;

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

/// `muster list share FILE [--qr OUT]`: the code on stdout, always (with `--qr` too when the
/// code is too long for a QR code: then no file is written, a warning says why, and it exits
/// 0, as the code, its main output, is whole).
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
    // A code too long for a QR code is printed all the same (it is what the opponent needs;
    // the QR code is another way to carry it), said on stderr, and the command succeeds.
    if let (Some(out), Ok(planned)) = (qr, planned) {
        let drawn = planned.draw()?;
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
        Err(why) => match qr {
            Some(out) => eprintln!(
                "warning: {} not written: {} characters{carried}; no QR code: {why}",
                out.display(),
                code.len()
            ),
            None => eprintln!("{} characters{carried}; no QR code: {why}", code.len()),
        },
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
        if let Some(bytes) = picture(path)? {
            return code_in_picture(path, &bytes);
        }
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

/// The bytes of `path` when it is a picture (PNG or JPEG, by its first bytes), read whole up
/// to [`qr_read::MAX_IMAGE_BYTES`]; `None` for any other file (read as text).
fn picture(path: &Path) -> Result<Option<Vec<u8>>, Error> {
    use std::io::Read as _;
    let err = |source| Error::Read {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(err)?;
    if !meta.is_file() {
        return Ok(None);
    }
    let mut file = std::fs::File::open(path).map_err(err)?;
    let mut head = [0u8; 8];
    let n = file.read(&mut head).map_err(err)?;
    if qr_read::Picture::of(&head[..n]).is_none() {
        return Ok(None);
    }
    if meta.len() > qr_read::MAX_IMAGE_BYTES {
        return Err(Error::TooLarge {
            path: path.to_path_buf(),
            size: meta.len(),
            limit: qr_read::MAX_IMAGE_BYTES,
        });
    }
    let mut bytes = head[..n].to_vec();
    file.take(qr_read::MAX_IMAGE_BYTES)
        .read_to_end(&mut bytes)
        .map_err(err)?;
    Ok(Some(bytes))
}

/// The share code a picture's QR code holds: the first QR code read whose text is a code.
fn code_in_picture(path: &Path, bytes: &[u8]) -> Result<String, Error> {
    code_of_picture(bytes)
        .map_err(|why| Error::Usage(format!("{}: {}", path.display(), why.english())))
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
    )
    .map_err(ImportError::into_error)?;
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
