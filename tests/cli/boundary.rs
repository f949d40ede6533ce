//! The ruleset boundary, held: a ruleset is its module `src/rulesets/<module>/`, its data
//! `unit-sheets/<id>/`, its templates `templates/<id>/` and one line of the registry
//! (`registry!` in `src/rulesets/mod.rs`). No other file of `src/` or `templates/` names a
//! ruleset: not its id, its module, its title, nor the book it cites.

use std::path::{Path, PathBuf};

use crate::{json, muster, root};

/// The names of each ruleset, from `muster rulesets`: (whole-word and case-sensitive?, name).
fn names() -> Vec<(bool, String)> {
    let v = json(&muster(&["rulesets", "--format", "json"]));
    let mut out = Vec::new();
    for r in v.as_array().unwrap() {
        let id = r["id"].as_str().unwrap();
        let title = r["title"].as_str().unwrap();
        out.push((false, id.to_owned()));
        out.push((false, id.replace('-', "_")));
        out.push((false, title.to_owned()));
        // An acronym that opens the title ("WAB: …"), as comments would name it.
        let first: String = title.chars().take_while(|c| c.is_alphanumeric()).collect();
        if first.len() >= 3 && first.chars().all(|c| c.is_ascii_uppercase()) {
            out.push((true, first.clone()));
        }
        // A proper noun that opens the title with an accent ("Capitán").
        if !first.is_ascii() {
            out.push((false, first));
        }
    }
    out.sort();
    out.dedup();
    out
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// Whether `name` stands in `line` as a word (letters, digits, `-` and `_` around it end it).
fn names_it(line: &str, name: &str, case: bool) -> bool {
    let (hay, needle) = if case {
        (line.to_owned(), name.to_owned())
    } else {
        (line.to_lowercase(), name.to_lowercase())
    };
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-');
    let mut from = 0;
    while let Some(i) = hay[from..].find(&needle) {
        let at = from + i;
        let before = hay[..at].chars().next_back();
        let after = hay[at + needle.len()..].chars().next();
        if !word(before) && !word(after) {
            return true;
        }
        from = at + needle.len();
    }
    false
}

#[test]
fn no_ruleset_is_named_outside_its_folders_and_the_registry() {
    let root = root();
    let v = json(&muster(&["rulesets", "--format", "json"]));
    let ids: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    let own: Vec<PathBuf> = ids
        .iter()
        .flat_map(|id| {
            [
                root.join("src/rulesets").join(id.replace('-', "_")),
                root.join("templates").join(id),
            ]
        })
        .collect();
    let names = names();
    let mut found = Vec::new();
    let mut all = Vec::new();
    files(&root.join("src"), &mut all);
    files(&root.join("templates"), &mut all);
    all.sort();
    for path in all {
        if own.iter().any(|o| path.starts_with(o)) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let registry = path.ends_with("src/rulesets/mod.rs");
        let mut in_registry = false;
        for (n, line) in text.lines().enumerate() {
            if registry && line.starts_with("registry! {") {
                in_registry = true;
                continue;
            }
            if in_registry {
                if line.starts_with('}') {
                    in_registry = false;
                }
                continue;
            }
            for (case, name) in &names {
                if names_it(line, name, *case) {
                    found.push(format!(
                        "{}:{}: `{name}`: {}",
                        path.strip_prefix(&root).unwrap().display(),
                        n + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "ruleset names outside their folders and the registry:\n{}",
        found.join("\n")
    );
    // The test sees what it looks for: each ruleset's module names its id.
    for id in &ids {
        let meta = std::fs::read_to_string(
            root.join("src/rulesets")
                .join(id.replace('-', "_"))
                .join("mod.rs"),
        )
        .unwrap();
        assert!(names_it(&meta, id, false), "{id}");
    }
}

#[test]
fn word_matching() {
    assert!(names_it(
        "use crate::rulesets::wab_aca::x;",
        "wab_aca",
        false
    ));
    assert!(names_it("ruleset = \"capitan\"", "capitan", false));
    assert!(names_it("A WAB battalion", "WAB", true));
    assert!(!names_it("a wab battalion", "WAB", true));
    assert!(!names_it("capitanes", "capitan", false));
    assert!(!names_it("hm-qrs-x", "hm-qrs", false));
}
