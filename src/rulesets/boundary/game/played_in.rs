//! The games a list is played in: the game files of some folders that name it.

use std::path::{Path, PathBuf};

/// The most files of a folder looked at for games naming a list (an engine limit).
const MAX_GAMES_LOOKED_AT: usize = 1000;

/// The games of `folders` that name the list file `list` (as `[game] a` or `b`, from the game's
/// folder), each with whether it keeps its armies (an older game follows the list until its
/// next mark). Unreadable files and folders are passed over.
pub fn games_naming(list: &Path, folders: &[PathBuf]) -> Vec<(PathBuf, bool)> {
    let Ok(list) = list.canonicalize() else {
        return Vec::new();
    };
    let mut seen = Vec::new();
    let mut found = Vec::new();
    for folder in folders {
        let Ok(real) = folder.canonicalize() else {
            continue;
        };
        if seen.contains(&real) {
            continue;
        }
        seen.push(real);
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .take(MAX_GAMES_LOOKED_AT)
            .collect();
        paths.sort();
        for path in paths {
            let Ok(text) = crate::core::source::read_text(&path) else {
                continue;
            };
            let Ok(doc) = text.parse::<toml::Table>() else {
                continue;
            };
            let Some(header) = doc.get("game").and_then(|g| g.as_table()) else {
                continue;
            };
            let base = path.parent().unwrap_or(Path::new(""));
            let names = ["a", "b"].iter().any(|side| {
                header
                    .get(*side)
                    .and_then(|v| v.as_str())
                    .and_then(|n| base.join(n).canonicalize().ok())
                    .is_some_and(|p| p == list)
            });
            if names {
                found.push((path, doc.contains_key("army")));
            }
        }
    }
    found
}
