//! Paths as the user reads them: without `.` and `x/..` (worked out from the text, never by
//! asking the disk, so links stay as given), and one file seen from another's folder, as a
//! game names its lists and a career its games.

use std::path::{Component, Path, PathBuf};

use crate::core::error::Error;
use crate::core::source::{FileId, Sources};

/// `lists/../careers/a.toml` as `careers/a.toml`.
pub fn lexical(path: &Path) -> PathBuf {
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            Component::ParentDir if matches!(out.last(), Some(Component::RootDir)) => {}
            other => out.push(other),
        }
    }
    if out.is_empty() {
        PathBuf::from(".")
    } else {
        out.iter().collect()
    }
}

/// `path` as seen from the folder `folder` (both taken from the current directory when
/// relative): `../lists/a.toml`, with `/` on every system.
pub fn relative(path: &Path, folder: &Path) -> Result<String, Error> {
    let cwd = std::env::current_dir()
        .map_err(|e| Error::Usage(format!("cannot read the current directory: {e}")))?;
    let abs = |p: &Path| {
        lexical(&if p.is_absolute() {
            p.to_path_buf()
        } else {
            cwd.join(p)
        })
    };
    let (target, base) = (abs(path), abs(folder));
    let t: Vec<Component> = target.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut rel = PathBuf::new();
    for _ in common..b.len() {
        rel.push("..");
    }
    for c in &t[common..] {
        rel.push(c.as_os_str());
    }
    rel.to_str()
        .map(|s| s.replace('\\', "/"))
        .ok_or_else(|| Error::Usage(format!("{}: the path is not UTF-8", path.display())))
}

/// The file a kept file names (a list's `career`), found from the kept file's folder, as the
/// command line finds it. When `sources` are confined (`muster serve`), the file must be inside
/// one of their folders, links followed; a path out of them is refused before the disk is
/// asked about it, and no answer says whether it exists. `Err` is the reason in words, the
/// caller naming the file as its reader wrote it; `what` is what the file is ("career").
pub fn named_by(
    sources: &Sources,
    from: FileId,
    named: &str,
    what: &str,
) -> Result<PathBuf, String> {
    sources.note_named();
    let folder = sources
        .path(from)
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let path = lexical(&folder.join(named));
    let Some(roots) = sources.confined_to() else {
        return Ok(path);
    };
    let inside = |p: &Path| lexically_within(p, roots);
    let outside = || {
        format!("a {what} muster serve reads is a file inside its lists, games or careers folder")
    };
    if !inside(&path) {
        return Err(outside());
    }
    match path.canonicalize() {
        Ok(real) if inside(&real) => Ok(real),
        Ok(_) => Err(outside()),
        Err(_) => Err("no such file".to_owned()),
    }
}

/// Whether `path`, as written, is an absolute path inside one of `roots`.
fn lexically_within(path: &Path, roots: &[PathBuf]) -> bool {
    path.is_absolute() && roots.iter().any(|r| path.starts_with(r))
}

/// Whether `path` is inside one of `roots` (absolute folders), as written and, when it exists,
/// with its links followed.
pub fn within(path: &Path, roots: &[PathBuf]) -> bool {
    lexically_within(path, roots)
        && path
            .canonicalize()
            .map_or(true, |real| lexically_within(&real, roots))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_as_the_user_reads_them() {
        assert_eq!(
            lexical(Path::new("lists/../careers/./a.toml")),
            PathBuf::from("careers/a.toml")
        );
        assert_eq!(lexical(Path::new("../a.toml")), PathBuf::from("../a.toml"));
        assert_eq!(lexical(Path::new("/../a")), PathBuf::from("/a"));
        assert_eq!(
            relative(Path::new("/x/lists/a.toml"), Path::new("/x/games")).unwrap(),
            "../lists/a.toml"
        );
        assert_eq!(
            relative(Path::new("/x/games/a.toml"), Path::new("/x/games")).unwrap(),
            "a.toml"
        );
        assert_eq!(
            relative(Path::new("/x/lists/../a.toml"), Path::new("/x/g/h")).unwrap(),
            "../../a.toml"
        );
    }
}
