//! The ACA data: the shipped tables and armies load clean, and every lint rule and loader
//! error has a fixture whose whole diagnostic output is compared.

use std::path::Path;

use crate::{muster, muster_in, root, snapshot};

#[test]
fn shipped_data_is_clean() {
    let run = muster(&["--ruleset", "wab-aca", "data", "check"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "ok: wab-aca: 3 armies, 51 entries, 22 special rules, 11 formations, 4 battery types in unit-sheets\n"
    );
}

/// Copies the shipped `wab-aca/` folder into `dir/data/`.
fn copy_shipped(dir: &Path) {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let p = e.unwrap().path();
            let target = to.join(p.file_name().unwrap());
            if p.is_dir() {
                copy(&p, &target);
            } else {
                std::fs::copy(&p, &target).unwrap();
            }
        }
    }
    copy(
        &root().join("unit-sheets/wab-aca"),
        &dir.join("data/wab-aca"),
    );
}

/// Applies a fixture to a copy of the shipped data: `# file:` names the file under
/// `wab-aca/`; each `# replace: OLD => NEW` (with `\n` for a line break) changes the shipped
/// file, OLD found exactly once; `# delete:` removes it; without either the fixture itself is
/// the file. Returns the expected code.
fn apply(fixture: &Path, data: &Path) -> (String, String) {
    let text = std::fs::read_to_string(fixture).unwrap();
    let header = |key: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(&format!("# {key}: ")))
            .map(|v| v.replace("\\n", "\n"))
            .collect()
    };
    let file = header("file").pop().expect("# file:");
    let code = header("expect").pop().expect("# expect:");
    let target = data.join(&file);
    let replaces = header("replace");
    if !header("delete").is_empty() {
        std::fs::remove_file(&target).unwrap();
    } else if replaces.is_empty() {
        std::fs::write(&target, &text).unwrap();
    } else {
        let mut shipped = std::fs::read_to_string(&target).unwrap();
        for r in replaces {
            let (old, new) = r.split_once(" => ").expect("OLD => NEW");
            assert_eq!(
                shipped.matches(old).count(),
                1,
                "{}: `{old}` must occur once in {file}",
                fixture.display()
            );
            shipped = shipped.replacen(old, new, 1);
        }
        std::fs::write(&target, shipped).unwrap();
    }
    (code, file)
}

/// Every fixture under tests/fixtures/wab-aca/data/ breaks one thing in a copy of the shipped
/// data; `data check` must fail with its code in that file, and its whole stderr must equal
/// the fixture's .stderr. Every code of the lint's rule tables and of the loader has one.
#[test]
fn every_lint_code_has_a_located_fixture() {
    let dir = root().join("tests/fixtures/wab-aca/data");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    cases.sort();
    let mut failures = Vec::new();
    let mut covered = Vec::new();
    for case in &cases {
        let tmp = tempfile::tempdir().unwrap();
        copy_shipped(tmp.path());
        let (code, file) = apply(case, &tmp.path().join("data/wab-aca"));
        covered.push(code.clone());
        let run = muster_in(
            tmp.path(),
            &["--data", "data", "--ruleset", "wab-aca", "data", "check"],
            &[],
        );
        let located = format!("data/wab-aca/{file}");
        let ok = run.code == 1
            && run.stderr.contains(&format!("[{code}]"))
            && (code == "missing-table" || run.stderr.contains(&located));
        if !ok {
            failures.push(format!(
                "{}: expected exit 1 and [{code}] in {located}, got exit {}:\n{}",
                case.display(),
                run.code,
                run.stderr
            ));
            continue;
        }
        if let Err(e) = snapshot(&case.with_extension("stderr"), &run.stderr) {
            failures.push(e);
        }
    }
    use muster::rulesets::wab_aca::lint::{ARMY_RULES, ENTRY_RULES, TABLE_RULES};
    let mut codes: Vec<&str> = ENTRY_RULES.iter().map(|(c, _, _)| *c).collect();
    codes.extend(ARMY_RULES.iter().map(|(c, _, _)| *c));
    codes.extend(TABLE_RULES.iter().map(|(c, _, _)| *c));
    codes.extend([
        "toml-syntax",
        "unknown-field",
        "wrong-type",
        "invalid-value",
        "missing-field",
        "duplicate-id",
        "unknown-file",
        "missing-table",
    ]);
    for code in codes {
        if !covered.iter().any(|c| c == code) {
            failures.push(format!(
                "no fixture under tests/fixtures/wab-aca/data/ for `{code}`"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every malformed entry of a file is reported, each where it is, and the file's good entries
/// still load (and are checked).
#[test]
fn every_error_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    copy_shipped(tmp.path());
    let path = tmp.path().join("data/wab-aca/armies/france-1809.toml");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replacen("cost = 5\n", "cost = \"five\"\n", 1)
        .replacen("weapon = \"lance\"", "weapon = \"lances\"", 1)
        .replacen("max_elite = 4\n", "max_elite = 40\n", 1);
    std::fs::write(&path, text).unwrap();
    let run = muster_in(
        tmp.path(),
        &["--data", "data", "--ruleset", "wab-aca", "data", "check"],
        &[],
    );
    assert_eq!(run.code, 1);
    for code in ["wrong-type", "unknown-reference", "elite-range"] {
        assert!(
            run.stderr.contains(&format!("[{code}]")),
            "{code}:\n{}",
            run.stderr
        );
    }
    assert!(
        run.stderr
            .contains("data check failed: wab-aca: 3 errors, 0 warnings"),
        "{}",
        run.stderr
    );
}
