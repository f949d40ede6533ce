//! The lists directory as the web app sees it: plain file names inside it, versions of a
//! file's bytes, reads, atomic writes under the edit lock, deletion to `.trash/`.

use std::path::{Path, PathBuf};

use crate::core::error::Error;
use crate::core::output::{write_atomic, EditLock};
use crate::core::source::read_text;

/// Why a name or a file was refused, as an HTTP status says it.
#[derive(Debug)]
pub enum StoreError {
    /// 400: not a plain `.toml` file name.
    BadName(String),
    /// 404: no such list (or a link out of the directory).
    NotFound(String),
    /// 409: a list of that name already exists.
    Exists(String),
    /// 412: the file changed since the version the edit was made on.
    Stale { current: String, noun: &'static str },
    /// 428: an edit without the version it was made on.
    NoVersion,
    /// 422: the edit or the text is refused (the message says why).
    Refused(String),
    /// 422: the file cannot be opened as a text (not UTF-8, too large, not a regular file).
    Unreadable(String),
    /// 500: reading or writing failed.
    Io(String),
}

impl From<Error> for StoreError {
    /// An error of an edit's own work (no file named: see [`Store::failed`] for the files).
    fn from(e: Error) -> Self {
        match e {
            Error::Usage(m) | Error::Invalid(m) | Error::Cannot { cli: m, .. } => {
                StoreError::Refused(m)
            }
            other => StoreError::Io(other.reason()),
        }
    }
}

impl StoreError {
    /// The message alone, as a list's row says why it cannot be shown.
    pub fn words(self) -> String {
        match self {
            StoreError::BadName(m)
            | StoreError::NotFound(m)
            | StoreError::Exists(m)
            | StoreError::Refused(m)
            | StoreError::Unreadable(m)
            | StoreError::Io(m) => m,
            StoreError::Stale { noun, .. } => format!("the {noun} changed on disk"),
            StoreError::NoVersion => "an edit without its version".to_owned(),
        }
    }
}

/// The longest list file name accepted.
pub const MAX_NAME: usize = 100;

/// A version of a file's bytes: FNV-1a 64 and the length, quoted as an HTTP entity tag.
pub fn version(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("\"{:016x}-{}\"", h, bytes.len())
}

pub struct Store {
    /// The lists directory, canonical.
    pub dir: PathBuf,
    /// The directory as the user gave it, for the commands the pages show.
    given: PathBuf,
    /// What its files are, in messages: "list", "game".
    pub noun: &'static str,
}

impl Store {
    /// The lists directory.
    pub fn new(given: &Path) -> Result<Self, Error> {
        Self::of(given, "list")
    }

    /// A directory of `noun`s ("game"): the same rules, its own words.
    pub fn of(given: &Path, noun: &'static str) -> Result<Self, Error> {
        let dir = given.canonicalize().map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => Error::Usage(format!(
                "--{noun}s {}: no such folder; make it (`mkdir {}`) or give the folder of your {noun}s",
                given.display(),
                given.display()
            )),
            _ => Error::Read {
                path: given.to_path_buf(),
                source,
            },
        })?;
        if !dir.is_dir() {
            return Err(Error::Usage(format!(
                "--{noun}s {}: not a directory",
                dir.display()
            )));
        }
        Ok(Self {
            dir,
            given: given.to_path_buf(),
            noun,
        })
    }

    /// A file's failure in the pages' words: the file by its name in the folder, never where
    /// the folder is, the system's error without its code.
    pub fn failed(&self, name: &str, e: Error) -> StoreError {
        let noun = self.noun;
        match e {
            Error::NotUtf8 { .. } | Error::TooLarge { .. } | Error::NotAFile { .. } => {
                StoreError::Unreadable(format!(
                    "the {noun} `{name}` cannot be opened: {}",
                    e.reason()
                ))
            }
            Error::Read { .. } | Error::Write { .. } => {
                StoreError::Io(format!("the {noun} `{name}`: {}", e.reason()))
            }
            Error::Usage(m)
            | Error::Invalid(m)
            | Error::Render(m)
            | Error::Cannot { cli: m, .. } => StoreError::Refused(self.unplaced(&m)),
        }
    }

    /// A message with the folder's place on this machine taken out (files by their names).
    pub fn unplaced(&self, message: &str) -> String {
        let at = format!("{}{}", self.dir.display(), std::path::MAIN_SEPARATOR);
        let given = format!("{}{}", self.given.display(), std::path::MAIN_SEPARATOR);
        let m = message.replace(&at, "");
        if self.given.is_absolute() {
            m.replace(&given, "")
        } else {
            m
        }
    }

    /// The version of a file as it is on disk, whether or not it can be opened as a list (so
    /// that an unreadable one can still be trashed): [`version`] of its bytes, of its first
    /// 4 MiB and its length when it is larger.
    pub fn file_version(&self, name: &str) -> Result<String, StoreError> {
        use std::io::Read;
        let path = self.existing(name)?;
        let io = |e: std::io::Error| {
            StoreError::Io(format!(
                "the {} `{name}` cannot be read: {}",
                self.noun,
                crate::core::error::io_words(&e)
            ))
        };
        let file = std::fs::File::open(&path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let limit = crate::core::source::MAX_INPUT_BYTES;
        let mut bytes = Vec::new();
        file.take(limit).read_to_end(&mut bytes).map_err(io)?;
        if len <= limit {
            return Ok(version(&bytes));
        }
        let v = version(&bytes);
        Ok(format!("{}-{len}\"", &v[..v.len() - 1]))
    }

    /// Whether the commands the pages show name lists by file name alone (to run in the lists
    /// folder), the lists being outside the folder muster serve was started from.
    pub fn commands_in_lists(&self) -> bool {
        !self.shown("x.toml").contains(std::path::MAIN_SEPARATOR)
    }

    /// A list's path as the user would type it: from where `muster serve` was started when the
    /// lists are under it (`lists/a.toml`), else its name in the lists folder (`a.toml`, a
    /// command to run there): never an absolute path of somewhere else.
    pub fn shown(&self, name: &str) -> String {
        let relative = if self.given.is_absolute() {
            std::env::current_dir().ok().and_then(|cwd| {
                self.dir
                    .strip_prefix(cwd.canonicalize().ok()?)
                    .ok()
                    .map(Path::to_path_buf)
            })
        } else {
            Some(self.given.clone())
        };
        match relative {
            Some(r) if !r.as_os_str().is_empty() => r.join(name).display().to_string(),
            _ => name.to_owned(),
        }
    }

    /// Checks a list name: a plain file name ending in `.toml`, printable, not hidden.
    pub fn check_name(name: &str) -> Result<(), StoreError> {
        Self::check_name_of("list", name)
    }

    /// Checks the name of a `noun`'s file (see [`Store::check_name`]).
    pub fn check_name_of(noun: &str, name: &str) -> Result<(), StoreError> {
        let bad = |why: &str| {
            Err(StoreError::BadName(format!(
                "{noun} name `{}`: {why}",
                name.escape_debug()
            )))
        };
        if name.is_empty() || name.len() > MAX_NAME {
            return bad(&format!("1 to {MAX_NAME} bytes"));
        }
        if name.contains(['/', '\\']) || name == ".." || name.contains("..") {
            return bad(&format!(
                "a plain file name inside the {noun}s directory (no `/`, `\\` or `..`)"
            ));
        }
        if name.starts_with('.') {
            return bad("a name that does not start with `.`");
        }
        if name.chars().any(char::is_control) {
            return bad("no control characters");
        }
        if !name.ends_with(".toml") || name.len() == ".toml".len() {
            return bad("a `.toml` file name, such as `my-army.toml`");
        }
        Ok(())
    }

    /// The path of an existing list: a regular file in the directory, or a link to one that
    /// stays inside it.
    pub fn existing(&self, name: &str) -> Result<PathBuf, StoreError> {
        Self::check_name_of(self.noun, name)?;
        let path = self.dir.join(name);
        let noun = self.noun;
        let not_found =
            || StoreError::NotFound(format!("no {noun} `{name}` in the {noun}s directory"));
        let meta = std::fs::symlink_metadata(&path).map_err(|_| not_found())?;
        if meta.file_type().is_symlink() {
            let target = path.canonicalize().map_err(|_| not_found())?;
            if !target.starts_with(&self.dir) || !target.is_file() {
                return Err(not_found());
            }
        } else if !meta.is_file() {
            return Err(not_found());
        }
        Ok(path)
    }

    /// The path for a new list, which must not exist yet.
    pub fn fresh(&self, name: &str) -> Result<PathBuf, StoreError> {
        Self::check_name_of(self.noun, name)?;
        let path = self.dir.join(name);
        if std::fs::symlink_metadata(&path).is_ok() {
            return Err(StoreError::Exists(format!(
                "a {} `{name}` already exists",
                self.noun
            )));
        }
        Ok(path)
    }

    /// The list files of the directory, sorted (hidden files and `.trash/` left out).
    pub fn names(&self) -> Result<Vec<String>, StoreError> {
        let mut names = Vec::new();
        let entries = std::fs::read_dir(&self.dir).map_err(|e| {
            StoreError::Io(format!(
                "the {}s folder cannot be read: {}",
                self.noun,
                crate::core::error::io_words(&e)
            ))
        })?;
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if Self::check_name(&name).is_ok() && self.existing(&name).is_ok() {
                names.push(name);
            }
        }
        names.sort();
        Ok(names)
    }

    pub fn read(&self, name: &str) -> Result<(PathBuf, String), StoreError> {
        let path = self.existing(name)?;
        let text = read_text(&path).map_err(|e| self.failed(name, e))?;
        Ok((path, text))
    }

    /// Replaces a list's text if it is still at version `expected`: under the edit lock
    /// (shared with the CLI), so a stale edit never overwrites a newer one. `change` gets
    /// the current text and returns the new one. Returns the new text and version.
    pub fn update(
        &self,
        name: &str,
        expected: Option<&str>,
        change: impl FnOnce(&Path, &str) -> Result<String, StoreError>,
    ) -> Result<(String, String), StoreError> {
        let path = self.existing(name)?;
        let expected = expected.ok_or(StoreError::NoVersion)?;
        let lock = EditLock::acquire(&path).map_err(|e| self.failed(name, e))?;
        let current = read_text(&lock.target).map_err(|e| self.failed(name, e))?;
        let now = version(current.as_bytes());
        self.still_at(expected, now)?;
        let text = change(&path, &current).map_err(|e| match e {
            StoreError::Refused(m) => StoreError::Refused(self.unplaced(&m)),
            StoreError::Io(m) => StoreError::Io(self.unplaced(&m)),
            other => other,
        })?;
        // An edit that changes nothing writes nothing.
        if text != current {
            write_atomic(&path, text.as_bytes()).map_err(|e| self.failed(name, e))?;
        }
        drop(lock);
        let v = version(text.as_bytes());
        Ok((text, v))
    }

    /// The file is still at a version `expected` names (versions separated by commas, `*`
    /// any), else stale: it changed since the page read it.
    fn still_at(&self, expected: &str, now: String) -> Result<(), StoreError> {
        if expected
            .split(',')
            .any(|v| v.trim() == now || v.trim() == "*")
        {
            Ok(())
        } else {
            Err(StoreError::Stale {
                current: now,
                noun: self.noun,
            })
        }
    }

    /// Writes a new list (which must not exist).
    pub fn create(&self, name: &str, text: &str) -> Result<String, StoreError> {
        let path = self.fresh(name)?;
        // create_new: two creations of one name cannot both succeed.
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::AlreadyExists => {
                    StoreError::Exists(format!("a {} `{name}` already exists", self.noun))
                }
                _ => StoreError::Io(format!(
                    "the {} `{name}` cannot be written: {}",
                    self.noun,
                    crate::core::error::io_words(&e)
                )),
            })?;
        f.write_all(text.as_bytes())
            .and_then(|()| f.sync_all())
            .map_err(|e| {
                StoreError::Io(format!(
                    "the {} `{name}` cannot be written: {}",
                    self.noun,
                    crate::core::error::io_words(&e)
                ))
            })?;
        Ok(version(text.as_bytes()))
    }

    /// Moves a list to `.trash/` (a numbered name when the trash has one already), if it is
    /// still at version `expected` (its [`Store::file_version`]: a list that cannot be opened
    /// can still be trashed).
    pub fn trash(&self, name: &str, expected: Option<&str>) -> Result<String, StoreError> {
        let path = self.existing(name)?;
        let expected = expected.ok_or(StoreError::NoVersion)?;
        let lock = EditLock::acquire(&path).map_err(|e| self.failed(name, e))?;
        let now = self.file_version(name)?;
        self.still_at(expected, now)?;
        let trash = self.dir.join(".trash");
        let io = |e: std::io::Error| {
            StoreError::Io(format!(
                "the {} `{name}` cannot be moved to the trash: {}",
                self.noun,
                crate::core::error::io_words(&e)
            ))
        };
        std::fs::create_dir_all(&trash).map_err(io)?;
        let stem = name.trim_end_matches(".toml");
        let mut target = trash.join(name);
        let mut n = 1;
        while std::fs::symlink_metadata(&target).is_ok() {
            n += 1;
            target = trash.join(format!("{stem}.{n}.toml"));
        }
        std::fs::rename(&path, &target).map_err(io)?;
        drop(lock);
        Ok(format!(
            ".trash/{}",
            target.file_name().unwrap_or_default().to_string_lossy()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_plain_toml_file_names() {
        for ok in ["a.toml", "sharpe-patrol.toml", "Ma liste 2.toml"] {
            assert!(Store::check_name(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            ".toml",
            "../x.toml",
            "a/b.toml",
            "/etc/passwd",
            ".hidden.toml",
            "a.txt",
            "a\u{7}.toml",
            "a\\b.toml",
            "x..toml",
        ] {
            assert!(Store::check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn versions_change_with_any_byte() {
        assert_ne!(version(b"points = 600"), version(b"points = 601"));
        assert_eq!(version(b"x"), version(b"x"));
    }
}
