//! The ACA data: the shipped tables and armies load clean, and every lint rule and loader
//! error has a fixture whose whole diagnostic output is compared.

use crate::{muster, muster_in};

#[test]
fn shipped_data_is_clean() {
    let run = muster(&["--ruleset", "wab-aca", "data", "check"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "ok: wab-aca: 3 armies, 51 entries, 22 special rules, 11 formations, 4 battery types in unit-sheets\n"
    );
}

/// Every fixture under tests/fixtures/wab-aca/data/ breaks one thing in a copy of the shipped
/// data; `data check` must fail with its code in that file, and its whole stderr must equal
/// the fixture's .stderr. Every code of the lint's rule tables and of the loader has one.
#[test]
fn every_lint_code_has_a_located_fixture() {
    use muster::rulesets::wab_aca::lint::{ARMY_RULES, ENTRY_RULES, TABLE_RULES};
    let mut codes: Vec<&str> = ENTRY_RULES.iter().map(|(c, _, _)| *c).collect();
    codes.extend(ARMY_RULES.iter().map(|(c, _, _)| *c));
    codes.extend(TABLE_RULES.iter().map(|(c, _, _)| *c));
    crate::data_fixtures("wab-aca", &codes);
}

/// Every malformed entry of a file is reported, each where it is, and the file's good entries
/// still load (and are checked).
#[test]
fn every_error_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    crate::copy_shipped("wab-aca", tmp.path());
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
