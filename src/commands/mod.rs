//! The commands: each turns checked settings into work on the engine and prints the result.

pub mod check;
pub mod data;
pub mod list;
pub mod preview;
pub mod print;
pub mod schema;
pub mod sheets;
pub mod skills;

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::capitan::data::{self as capitan_data, Loaded};
use crate::capitan::Database;
use crate::diagnostic::{self, Diagnostic};
use crate::error::Error;
use crate::source::Sources;

/// The data directories: --data, else $MUSTER_DATA, else ./unit-sheets, else the
/// unit-sheets folder muster was built from.
pub fn data_dirs(flags: &[PathBuf]) -> Vec<PathBuf> {
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
    if local.join(capitan_data::RULESET_DIR).is_dir() {
        return vec![local.to_path_buf()];
    }
    vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets")]
}

/// Loads the database; any error in the data stops the command after printing them all.
pub fn load_database(dirs: &[PathBuf], sources: &mut Sources) -> Result<Database, Error> {
    let Loaded {
        database,
        mut diagnostics,
        ..
    } = capitan_data::load(dirs, sources)?;
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    match database {
        Some(db) if errors == 0 => Ok(db),
        _ => {
            diagnostic::sort(&mut diagnostics);
            let errors_only: Vec<Diagnostic> =
                diagnostics.into_iter().filter(|d| d.is_error()).collect();
            diagnostic::print_all(&errors_only, sources);
            Err(Error::Invalid(format!(
                "the unit-sheet data has {errors} error{}; fix it first (`muster data check` lists them)",
                if errors == 1 { "" } else { "s" }
            )))
        }
    }
}

/// Prints to stdout; a closed pipe (`muster sheets | head`) is not an error.
pub fn print_out(text: &str) -> Result<(), Error> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::Write {
            path: PathBuf::from("<stdout>"),
            source: e,
        }),
        _ => Ok(()),
    }
}

/// JSON with a trailing newline.
pub fn to_json<T: serde::Serialize>(value: &T) -> String {
    let mut s =
        serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}

/// Left-aligned text table with a header row and a rule under it.
pub fn text_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let mut s = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i + 1 == cells.len() {
                s.push_str(cell);
            } else {
                s.push_str(cell);
                s.push_str(&" ".repeat(widths[i] - cell.chars().count() + 2));
            }
        }
        s.trim_end().to_owned() + "\n"
    };
    let mut out = line(header.to_vec());
    out.push_str(&line(
        widths
            .iter()
            .map(|w| "─".repeat(*w))
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect(),
    ));
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}
