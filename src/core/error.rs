//! Failures that stop a command (as opposed to diagnostics about the user's data, which are
//! collected and reported together, see `diagnostic`).

use std::path::PathBuf;

/// What went wrong, with the exit code it maps to.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A path to read or write is not a regular file.
    #[error("{} is {kind}: muster reads and writes only regular files", path.display())]
    NotAFile { path: PathBuf, kind: &'static str },
    /// A file is larger than muster reads.
    #[error("{} is {size} bytes: muster reads files of at most {limit} bytes", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    /// A file is not UTF-8 text.
    #[error("{} is not UTF-8 text (invalid byte at offset {offset})", path.display())]
    NotUtf8 { path: PathBuf, offset: usize },
    /// A file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The command line asks for something impossible (unknown id, bad option combination).
    #[error("{0}")]
    Usage(String),
    /// The input was read but is invalid; its diagnostics were already printed.
    #[error("{0}")]
    Invalid(String),
    /// Rendering a document failed.
    #[error("{0}")]
    Render(String),
}

impl Error {
    /// 1: the input is invalid. 2: usage error or unreadable file.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Invalid(_) | Error::Render(_) => 1,
            Error::Read { .. }
            | Error::NotUtf8 { .. }
            | Error::NotAFile { .. }
            | Error::TooLarge { .. }
            | Error::Write { .. }
            | Error::Usage(_) => 2,
        }
    }
}

/// An operating system's error in words, without its code: "permission denied", "no such
/// file" (for pages, which show no `(os error 13)`).
pub fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_owned(),
        kind => kind.to_string(),
    }
}

impl Error {
    /// What went wrong with the file, without naming where it is (the caller names it as its
    /// reader knows it): "it is not UTF-8 text (invalid byte at offset 0)".
    pub fn reason(&self) -> String {
        match self {
            Error::Read { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
                "no such file".to_owned()
            }
            Error::Read { source, .. } => format!("it cannot be read: {}", io_words(source)),
            Error::Write { source, .. } => format!("it cannot be written: {}", io_words(source)),
            Error::NotAFile { kind, .. } => {
                format!("it is {kind}: muster reads and writes only regular files")
            }
            Error::TooLarge { size, limit, .. } => {
                format!("it is {size} bytes, over the {limit} muster reads")
            }
            Error::NotUtf8 { offset, .. } => {
                format!("it is not UTF-8 text (invalid byte at offset {offset})")
            }
            Error::Usage(m) | Error::Invalid(m) | Error::Render(m) => m.clone(),
        }
    }
}

/// `unknown sheet `x`; did you mean `y`?` (or the known ids when none is close).
pub fn unknown<'a>(what: &str, id: &str, known: impl Iterator<Item = &'a str>) -> Error {
    let mut known: Vec<&str> = known.collect();
    known.sort_unstable();
    let hint = match crate::core::suggest::nearest(id, known.iter().copied()) {
        Some(n) => format!("did you mean {n}?"),
        None => format!("known: {}", known.join(", ")),
    };
    Error::Usage(format!("unknown {what} `{id}`; {hint}"))
}
