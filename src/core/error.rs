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
    /// What the rules do not allow of a request: the command line's words (naming its
    /// options) and the player's (said in each language, on the pages).
    #[error("{cli}")]
    Cannot {
        cli: String,
        said: Box<crate::core::words::Phrase>,
    },
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
            | Error::Usage(_)
            | Error::Cannot { .. } => 2,
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
            Error::Cannot { cli, .. } => cli.clone(),
        }
    }
}

impl Error {
    /// What the rules do not allow: `cli` on the command line, `said` on a page.
    pub fn cannot(cli: impl Into<String>, said: crate::core::words::Phrase) -> Self {
        Error::Cannot {
            cli: cli.into(),
            said: Box::new(said),
        }
    }
}

/// Why an engine's work stops before it starts: a request the command line got wrong (its
/// words), or one the rules do not allow (said to players too). Engines whose checks speak
/// in strings return it, `?` taking their strings as usage errors.
#[derive(Debug)]
pub enum Stop {
    Usage(String),
    Cannot(Error),
}

impl Stop {
    /// The rules refuse: `cli` on the command line, `said` on a page.
    pub fn cannot(cli: impl Into<String>, said: crate::core::words::Phrase) -> Self {
        Stop::Cannot(Error::cannot(cli, said))
    }
}

impl From<String> for Stop {
    fn from(m: String) -> Self {
        Stop::Usage(m)
    }
}

impl From<&str> for Stop {
    fn from(m: &str) -> Self {
        Stop::Usage(m.to_owned())
    }
}

impl From<Stop> for Error {
    fn from(s: Stop) -> Self {
        match s {
            Stop::Usage(m) => Error::Usage(m),
            Stop::Cannot(e) => e,
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
