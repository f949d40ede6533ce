//! The shipped data, compiled into the binary (`build.rs` lists `unit-sheets/`): a `muster`
//! copied or installed anywhere reads its data from itself, and no path of the machine it was
//! built on is compiled in or printed.
//!
//! The built-in data is a data folder like any other, named [`ROOT`] (`<built-in>`): a
//! command's data folders are `--data`, else `$MUSTER_DATA`, else `./unit-sheets`, else this
//! one (`commands::data_dirs`), and the player's `my-sheets/` is a layer over whichever is
//! read. The few functions that look at a data folder (listing its files, reading one, its
//! fingerprint) ask [`text`], [`is_dir`] and [`files_in`] first; a path under `<built-in>` is
//! never looked for on disk. Diagnostics name a built-in file `<built-in>/RULESET/rules.toml`.

use std::path::{Component, Path, PathBuf};

mod generated {
    include!(concat!(env!("OUT_DIR"), "/builtin_data.rs"));
}

/// The name of the built-in data folder, as paths and messages show it.
pub const ROOT: &str = "<built-in>";

/// The built-in data folder, as a data folder's path.
pub fn root() -> PathBuf {
    PathBuf::from(ROOT)
}

/// The built-in data's version: a short fingerprint of its files (`muster --version`).
pub fn fingerprint() -> &'static str {
    generated::FINGERPRINT
}

/// muster's version and its built-in data's: `0.1.0 (data ebe12d6ffcba)`.
pub const VERSION: &str = generated::VERSION;

/// The path inside the built-in data of `path` (`RULESET/rules.toml`; `""` for the folder
/// itself), or `None` when `path` is not under `<built-in>`.
fn inside(path: &Path) -> Option<String> {
    let mut parts = path.components();
    if parts.next() != Some(Component::Normal(ROOT.as_ref())) {
        return None;
    }
    let mut names = Vec::new();
    for part in parts {
        match part {
            Component::Normal(name) => names.push(name.to_str()?),
            Component::CurDir => {}
            // `..` and roots have no meaning inside: nothing is there.
            _ => return Some("\0".to_owned()),
        }
    }
    Some(names.join("/"))
}

/// Whether `path` names something in the built-in data folder (there or not).
pub fn is_builtin(path: &Path) -> bool {
    inside(path).is_some()
}

/// The text of a built-in data file, or `None` when `path` is not one.
pub fn text(path: &Path) -> Option<&'static str> {
    let name = inside(path)?;
    generated::FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// Whether `path` is a folder: a built-in one, or one on disk.
pub fn is_dir(path: &Path) -> bool {
    match inside(path) {
        Some(name) if name.is_empty() => true,
        Some(name) => {
            let prefix = format!("{name}/");
            generated::FILES.iter().any(|(n, _)| n.starts_with(&prefix))
        }
        None => path.is_dir(),
    }
}

/// The built-in files directly in the folder `dir`, in name order, or `None` when `dir` is
/// not under `<built-in>`.
pub fn files_in(dir: &Path) -> Option<Vec<PathBuf>> {
    let name = inside(dir)?;
    let prefix = if name.is_empty() {
        String::new()
    } else {
        format!("{name}/")
    };
    let mut files: Vec<PathBuf> = generated::FILES
        .iter()
        .filter_map(|(n, _)| n.strip_prefix(&prefix))
        .filter(|rest| !rest.contains('/'))
        .map(|rest| dir.join(rest))
        .collect();
    files.sort();
    Some(files)
}

/// Every built-in file: its path inside the data folder and its text.
pub fn files() -> &'static [(&'static str, &'static str)] {
    generated::FILES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_data_is_built_in() {
        // Every file of the folder, and nothing else, each as it is on disk.
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
        let mut on_disk = Vec::new();
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(&p, out)
                } else if p.extension().is_some_and(|x| x == "toml") {
                    out.push(p)
                }
            }
        }
        walk(&shipped, &mut on_disk);
        assert_eq!(on_disk.len(), files().len());
        for file in &on_disk {
            let inside = file.strip_prefix(&shipped).unwrap();
            let text = text(&root().join(inside)).unwrap();
            assert_eq!(text, std::fs::read_to_string(file).unwrap());
        }
        // Folders and their files, as a data folder on disk answers.
        let (name, _) = files()
            .iter()
            .find(|(n, _)| n.matches('/').count() == 2)
            .unwrap();
        let (ruleset, rest) = name.split_once('/').unwrap();
        let (sub, _) = rest.split_once('/').unwrap();
        assert!(is_dir(&root()));
        assert!(is_dir(&root().join(ruleset)));
        assert!(is_dir(&root().join(ruleset).join(sub)));
        assert!(!is_dir(&root().join(name)));
        assert!(!is_dir(&root().join("nowhere")));
        let top = files_in(&root().join(ruleset)).unwrap();
        assert!(!top.is_empty());
        assert!(top
            .iter()
            .all(|p| p.parent() == Some(&root().join(ruleset))));
        assert!(files_in(&root().join(ruleset).join(sub))
            .unwrap()
            .contains(&root().join(name)));
        // Nothing is reached by `..`, nor by a path that only looks like the folder's.
        let dotted = root().join(ruleset).join("..").join(name);
        assert_eq!(text(&dotted), None);
        assert_eq!(text(&Path::new(".").join(ROOT).join(name)), None);
        assert!(files_in(&shipped).is_none());
        assert_eq!(fingerprint().len(), 12);
    }
}
