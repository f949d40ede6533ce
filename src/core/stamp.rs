//! A fingerprint of the files under some folders, as they are on disk now: each file's path,
//! size, modification and change times (and inode on Unix), taken without reading the files.
//! A process that keeps data loaded (`muster serve`) takes one per request and reads the data
//! again only when it differs: a file added, changed or removed, a folder made after start.
//!
//! A file modified in the last two seconds also has its content counted: a file rewritten
//! with the same size within one tick of the clock that stamps it (a few milliseconds) would
//! otherwise look the same (git's "racily clean" files). Once older, the file is counted by
//! its metadata alone: the fingerprint changes once more, and the data is read once more.

use std::hash::{Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::source::MAX_INPUT_BYTES;

/// The most files and folders one fingerprint looks at (the shipped data has about 40); past
/// it, the rest is not seen until the walk is under the bound again.
pub const MAX_ENTRIES: usize = 20_000;
/// The deepest a walk goes below each folder given (data folders are one or two deep).
pub const MAX_DEPTH: usize = 8;
/// How recent a modification is for its file's content to count too.
const RACY: Duration = Duration::from_secs(2);

/// The fingerprint of folders' files (equal when nothing seen changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp(u64);

impl Stamp {
    /// The fingerprint of every file under `folders`, in that order; a folder that is not
    /// there (yet) counts as absent. Unreadable entries count as such, never as an error.
    pub fn of(folders: &[PathBuf]) -> Stamp {
        let mut walk = Walk {
            hasher: std::collections::hash_map::DefaultHasher::new(),
            entries: 0,
            now: SystemTime::now(),
        };
        for folder in folders {
            folder.hash(&mut walk.hasher);
            if super::builtin::is_builtin(folder) {
                // Compiled in: it never changes while the process runs.
                3u8.hash(&mut walk.hasher);
                continue;
            }
            match std::fs::metadata(folder) {
                Ok(meta) if meta.is_dir() => {
                    1u8.hash(&mut walk.hasher);
                    walk.folder(folder, 0);
                }
                Ok(meta) => {
                    2u8.hash(&mut walk.hasher);
                    walk.file(folder, &meta);
                }
                Err(_) => 0u8.hash(&mut walk.hasher),
            }
        }
        walk.entries.hash(&mut walk.hasher);
        Stamp(walk.hasher.finish())
    }
}

struct Walk {
    hasher: std::collections::hash_map::DefaultHasher,
    entries: usize,
    now: SystemTime,
}

impl Walk {
    fn folder(&mut self, dir: &Path, depth: usize) {
        let Ok(read) = std::fs::read_dir(dir) else {
            "unreadable".hash(&mut self.hasher);
            return;
        };
        // In name order: the order of `read_dir` is the file system's.
        let mut names: Vec<_> = read.filter_map(|e| e.ok().map(|e| e.file_name())).collect();
        names.sort();
        for name in names {
            if self.entries >= MAX_ENTRIES {
                return;
            }
            self.entries += 1;
            name.hash(&mut self.hasher);
            let path = dir.join(&name);
            // Links followed, as the data's loaders follow them; the depth bounds a loop.
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => {
                    1u8.hash(&mut self.hasher);
                    if depth < MAX_DEPTH {
                        self.folder(&path, depth + 1);
                    }
                }
                Ok(meta) => {
                    2u8.hash(&mut self.hasher);
                    self.file(&path, &meta);
                }
                Err(_) => 0u8.hash(&mut self.hasher),
            }
        }
    }

    fn file(&mut self, path: &Path, meta: &std::fs::Metadata) {
        meta.len().hash(&mut self.hasher);
        let modified = meta.modified().ok();
        modified.hash(&mut self.hasher);
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            (meta.ino(), meta.ctime(), meta.ctime_nsec()).hash(&mut self.hasher);
        }
        let recent =
            modified.is_none_or(|m| self.now.duration_since(m).map_or(true, |age| age < RACY));
        if recent {
            let mut content = Vec::new();
            let read = std::fs::File::open(path)
                .and_then(|f| f.take(MAX_INPUT_BYTES + 1).read_to_end(&mut content));
            read.is_ok().hash(&mut self.hasher);
            content.hash(&mut self.hasher);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_added_changed_or_removed_changes_the_stamp() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let folders = vec![data.clone()];
        let absent = Stamp::of(&folders);
        std::fs::create_dir_all(data.join("sheets")).unwrap();
        let empty = Stamp::of(&folders);
        assert_ne!(absent, empty, "a folder made");
        assert_eq!(empty, Stamp::of(&folders), "nothing changed");
        let sheet = data.join("sheets/a.toml");
        std::fs::write(&sheet, "points = 216\n").unwrap();
        let one = Stamp::of(&folders);
        assert_ne!(one, empty, "a file added");
        // The same size, at once: its content counts while it is recent.
        std::fs::write(&sheet, "points = 320\n").unwrap();
        let changed = Stamp::of(&folders);
        assert_ne!(changed, one, "a file changed, same size");
        std::fs::remove_file(&sheet).unwrap();
        assert_eq!(Stamp::of(&folders), empty, "a file removed");
    }
}
