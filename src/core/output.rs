//! Writing files safely. Every file muster writes goes through [`write_atomic`]: to a temporary
//! sibling, then renamed over the target, so readers never see a partial file and a failure
//! leaves the previous file untouched. The file the user sees keeps what they expect of it:
//! a symbolic link is followed and its target written; an existing file keeps its mode (and
//! its owner, where permitted); a new file gets the mode the user's umask gives. Only regular
//! files or new paths are written: never a device, a FIFO, a directory, nor a read-only file.
//! Edits that read, change and write a list hold an advisory lock on it ([`EditLock`]).

use std::fs::Metadata;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::core::error::Error;
use crate::core::source::file_kind;

/// The file a path finally names: symbolic links followed, including a dangling one (whose
/// target will be created). At most 40 links, as the kernel allows.
pub fn resolve_target(path: &Path) -> Result<PathBuf, Error> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current).map_err(|source| Error::Write {
                    path: path.to_path_buf(),
                    source,
                })?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(Error::Usage(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Whether a file's permission bits let nobody write it (a 0444 file).
fn read_only(meta: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o222 == 0
    }
    #[cfg(not(unix))]
    {
        meta.permissions().readonly()
    }
}

/// Refuses targets muster must not write: anything but a regular file or a new path, and a
/// read-only file.
pub fn check_writable(path: &Path) -> Result<PathBuf, Error> {
    let target = resolve_target(path)?;
    match std::fs::metadata(&target) {
        Ok(meta) if !meta.is_file() => Err(Error::NotAFile {
            path: path.to_path_buf(),
            kind: file_kind(&meta),
        }),
        Ok(meta) if read_only(&meta) => Err(Error::Usage(format!(
            "{} is read-only: muster does not overwrite it (make it writable first)",
            path.display()
        ))),
        _ => Ok(target),
    }
}

/// Writes `bytes` to `path` via a temporary sibling and a rename (see the module header). No
/// fsync: it would double the time of a card sheet for a durability that a re-run gives back.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let target = check_writable(path)?;
    let err = |source: std::io::Error| Error::Write {
        path: path.to_path_buf(),
        source: without_temporary(source),
    };
    let existing = std::fs::metadata(&target).ok();
    let tmp = written_beside(&target, bytes).map_err(err)?;
    if let Some(meta) = &existing {
        // An existing file keeps its own mode, and its owner where the user may give it.
        tmp.as_file()
            .set_permissions(meta.permissions())
            .map_err(err)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let _ = std::os::unix::fs::fchown(tmp.as_file(), Some(meta.uid()), Some(meta.gid()));
        }
    }
    tmp.persist(&target).map_err(|e| err(e.error))?;
    Ok(())
}

/// `bytes` in a temporary file beside `path` (same folder, so that a rename puts it in place),
/// created with 0666 for the kernel to apply the user's umask, as for any new file.
fn written_beside(path: &Path, bytes: &[u8]) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".muster-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    Ok(tmp)
}

/// An operating system's error without the name of muster's temporary file (tempfile adds
/// " at path …" to its errors): a message names the file the user asked for, never
/// `.muster-XXXX`.
fn without_temporary(source: std::io::Error) -> std::io::Error {
    let text = source.to_string();
    match text.find(" at path ") {
        Some(at) => std::io::Error::new(source.kind(), text[..at].to_owned()),
        None => source,
    }
}

/// Writes a new file at `path`, whole or not at all, never in the place of anything already
/// there (a file, a link, even a dangling one): the folders above it are made as needed.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_all_new(&[(path.to_path_buf(), bytes.to_vec())])
}

/// Writes new files, all of them or none: each is written to a temporary name beside its
/// target (the folders above made as needed), then each is renamed into place, never over
/// anything already there (a file, a link, even a dangling one). On any failure the files
/// already renamed and the folders made are removed again, and the error names the file the
/// user asked for.
pub fn write_all_new(files: &[(PathBuf, Vec<u8>)]) -> Result<(), Error> {
    let exists = |path: &Path| {
        Error::Usage(format!(
            "{} is there already: muster does not write over it",
            path.display()
        ))
    };
    for (i, (path, _)) in files.iter().enumerate() {
        if std::fs::symlink_metadata(path).is_ok() || files[..i].iter().any(|(p, _)| p == path) {
            return Err(exists(path));
        }
    }
    let mut undo = Undo::default();
    let result = (|| {
        let mut written = Vec::with_capacity(files.len());
        for (path, bytes) in files {
            let err = |source: std::io::Error| Error::Write {
                path: path.clone(),
                source: without_temporary(source),
            };
            if let Some(dir) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                undo.make_dirs(dir).map_err(err)?;
            }
            written.push(written_beside(path, bytes).map_err(err)?);
        }
        for ((path, _), tmp) in files.iter().zip(written) {
            tmp.persist_noclobber(path).map_err(|e| {
                if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                    exists(path)
                } else {
                    Error::Write {
                        path: path.clone(),
                        source: without_temporary(e.error),
                    }
                }
            })?;
            undo.files.push(path.clone());
        }
        Ok(())
    })();
    match result {
        Ok(()) => Ok(()),
        Err(e) => {
            undo.run();
            Err(e)
        }
    }
}

/// What [`write_all_new`] made so far: undone when a later file fails.
#[derive(Default)]
struct Undo {
    files: Vec<PathBuf>,
    /// The folders made, outermost first.
    dirs: Vec<PathBuf>,
}

impl Undo {
    /// Makes `dir` and the folders above it that are missing, remembering each.
    fn make_dirs(&mut self, dir: &Path) -> std::io::Result<()> {
        let mut missing = Vec::new();
        let mut at = Some(dir);
        while let Some(d) = at.filter(|d| !d.as_os_str().is_empty()) {
            if std::fs::symlink_metadata(d).is_ok() {
                break;
            }
            missing.push(d.to_path_buf());
            at = d.parent();
        }
        for d in missing.into_iter().rev() {
            match std::fs::create_dir(&d) {
                Ok(()) => self.dirs.push(d),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
        // The folder must now be one (not a file of that name).
        if !dir.as_os_str().is_empty() && !dir.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                format!("{} is not a folder", dir.display()),
            ));
        }
        Ok(())
    }

    /// Removes the files written and the folders made (only when empty: never what another
    /// writer put there meanwhile).
    fn run(self) {
        for f in self.files.iter().rev() {
            let _ = std::fs::remove_file(f);
        }
        for d in self.dirs.iter().rev() {
            let _ = std::fs::remove_dir(d);
        }
    }
}

/// What a player's file is, read from its content (a list, a game, a career, a battle): the
/// files a generated document must never replace. `None` for anything else, or what cannot be
/// read as such (not a regular file, larger than muster reads, not TOML).
pub fn players_file(path: &Path) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > crate::core::source::MAX_INPUT_BYTES {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    let doc = text
        .trim_start_matches('\u{feff}')
        .parse::<toml_edit::DocumentMut>()
        .ok()?;
    [
        ("list", "an army list"),
        ("game", "a game"),
        ("career", "a career"),
        ("battle", "a battle file"),
    ]
    .into_iter()
    .find(|(table, _)| doc.get(table).is_some_and(toml_edit::Item::is_table_like))
    .map(|(_, what)| what)
}

/// Refuses to write a generated document over an input, a TOML file or a player's file (a
/// list, game, career or battle, known by its content), or where muster does not write (see
/// [`check_writable`]); a symbolic link is judged by the file it leads to. `-` is standard
/// output.
pub fn check_output_path(out: &Path, inputs: &[&Path]) -> Result<(), Error> {
    if is_stdout(out) {
        return Ok(());
    }
    let target = resolve_target(out)?;
    let through = if target == out {
        String::new()
    } else {
        format!(
            " (the link {} leads to {})",
            out.display(),
            target.display()
        )
    };
    if [out, target.as_path()].iter().any(|p| {
        p.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    }) {
        return Err(Error::Usage(format!(
            "refusing to write {}{through}: output files must not have a .toml extension",
            out.display()
        )));
    }
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if let Some(input) = inputs.iter().find(|i| same(&target, i)) {
        return Err(Error::Usage(format!(
            "refusing to overwrite the input file {}{through}",
            input.display()
        )));
    }
    if let Some(what) = players_file(&target) {
        return Err(Error::Usage(format!(
            "refusing to write {}{through}: it is {what}, and a document never replaces a player's file",
            out.display()
        )));
    }
    check_writable(out)?;
    Ok(())
}

/// Where a document goes: a file, or standard output for `-o -`.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Writes a generated document: to standard output for `-o -`, else atomically to the file.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    if is_stdout(path) {
        let mut out = std::io::stdout().lock();
        return match out.write_all(bytes).and_then(|_| out.flush()) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::Write {
                path: PathBuf::from("<stdout>"),
                source: e,
            }),
            _ => Ok(()),
        };
    }
    write_atomic(path, bytes)
}

/// An advisory lock held on a list file while it is read, changed and written, so that
/// concurrent edits (two terminals, the web app and the CLI) are applied one after the other
/// and none is lost. Writing replaces the file (a rename), so a waiter that gets the lock
/// checks that the path still names the file it locked, and starts again if not.
pub struct EditLock {
    _file: std::fs::File,
    /// The file the path resolves to (symbolic links followed).
    pub target: PathBuf,
}

impl EditLock {
    pub fn acquire(path: &Path) -> Result<Self, Error> {
        let err = |source| Error::Read {
            path: path.to_path_buf(),
            source,
        };
        for _ in 0..1000 {
            let target = resolve_target(path)?;
            // Only a regular file is edited: opening a FIFO would wait for a writer for ever.
            let meta = std::fs::metadata(&target).map_err(err)?;
            if !meta.is_file() {
                return Err(Error::NotAFile {
                    path: path.to_path_buf(),
                    kind: file_kind(&meta),
                });
            }
            let file = std::fs::File::open(&target).map_err(err)?;
            file.lock().map_err(err)?;
            if same_file(&file, &target) {
                return Ok(Self {
                    _file: file,
                    target,
                });
            }
        }
        Err(Error::Usage(format!(
            "{}: the file kept changing while waiting to edit it",
            path.display()
        )))
    }
}

/// Whether the open `file` is still the file at `path`.
fn same_file(file: &std::fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}
