//! The unit-sheet database: shipped data, malformed data fixtures, sheet and skill commands.

use super::{json, muster, muster_in, root};

#[test]
fn shipped_data_checks_clean() {
    let run = muster(&["data", "check"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("error"), "{}", run.stderr);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    assert!(run.stderr.starts_with("ok: "), "{}", run.stderr);
}

#[test]
fn shipped_data_has_25_sheets_and_all_35_skills() {
    let sheets = json(&muster(&["sheets", "--format", "json"]));
    assert!(sheets.as_array().unwrap().len() >= 25);
    let skills = json(&muster(&["skills", "--format", "json"]));
    let skills = skills.as_array().unwrap();
    assert_eq!(skills.len(), 35);
    // The erratum: the second "20 points" tier costs 25 (§11, §10.1).
    let cost = |id: &str| {
        skills.iter().find(|s| s["id"] == id).unwrap()["cost"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(cost("tir-de-reaction"), 20);
    assert_eq!(cost("tir-de-reaction-rapide"), 25);
    assert_eq!(cost("cavaliers-experimentes"), 25);
    assert_eq!(cost("mouvement-furtif"), 30);
    let tiers: Vec<u64> = [10, 15, 20, 25, 30]
        .iter()
        .map(|c| skills.iter().filter(|s| s["cost"] == *c).count() as u64)
        .collect();
    assert_eq!(tiers, vec![7, 7, 7, 7, 7]);
    let restriction =
        |id: &str| skills.iter().find(|s| s["id"] == id).unwrap()["restriction"].clone();
    assert_eq!(restriction("precis"), "artillery");
    assert_eq!(restriction("lanciers"), "cavalry");
    assert_eq!(restriction("carre-de-repli"), "infantry");
    assert!(restriction("bon-oeil").is_null());
}

#[test]
fn sharpe_is_as_printed_in_section_1_1() {
    let s = json(&muster(&[
        "sheets",
        "show",
        "gb-95th-sharpe",
        "--format",
        "json",
    ]));
    assert_eq!(s["initiative"], 6);
    assert_eq!(s["morale"], 5);
    assert_eq!(s["courage"], 10);
    assert_eq!(s["move"]["normal"], 15);
    assert_eq!(s["move"]["march"], 20);
    assert_eq!(s["move"]["charge"], 25);
    assert_eq!(s["fire_die"], "d12");
    assert_eq!(s["combat_die"], "d10");
    assert_eq!(s["command_radius"], 25);
    assert_eq!(s["command_capacity"], 4);
    assert_eq!(s["command"], "independent");
    assert_eq!(s["figures"], 3);
    assert_eq!(s["max_units"], 1);
    assert_eq!(s["points"], 229);
    assert!(s["gun_points"].is_null());
    assert_eq!(s["card_number"], 21207);
    assert_eq!(s["source"], "capitan.fr.txt §1.1");
}

#[test]
fn sheets_json_follows_the_contract() {
    let sheets = json(&muster(&["sheets", "--format", "json"]));
    for s in sheets.as_array().unwrap() {
        for key in [
            "id",
            "name",
            "nation",
            "coalition",
            "kind",
            "arm",
            "quality",
            "figures",
            "max_units",
            "points",
            "gun_points",
            "gun_type",
            "regiment",
            "command",
            "campaigns",
            "skills",
            "source",
        ] {
            assert!(s.get(key).is_some(), "sheet {} lacks {key}", s["id"]);
        }
        let kind = s["kind"].as_str().unwrap();
        assert_eq!(s["figures"].is_null(), kind != "command", "{}", s["id"]);
        assert_eq!(s["gun_type"].is_null(), kind != "artillery", "{}", s["id"]);
        assert_eq!(s["command"].is_null(), kind != "command", "{}", s["id"]);
        for k in s["skills"].as_array().unwrap() {
            assert!(k["id"].is_string() && k["cost"].is_u64());
        }
    }
}

#[test]
fn starter_set_covers_what_players_need() {
    let sheets = json(&muster(&["sheets", "--format", "json"]));
    let sheets = sheets.as_array().unwrap();
    let has = |f: &dyn Fn(&serde_json::Value) -> bool| sheets.iter().any(f);
    for nation in ["great-britain", "france", "spain", "portugal"] {
        assert!(has(&|s| s["nation"] == nation), "{nation}");
    }
    assert!(has(&|s| s["command"] == "subordinate"));
    assert!(has(&|s| s["command"] == "independent"));
    for t in [
        "line-infantry",
        "light-infantry",
        "grenadiers",
        "hussars",
        "dragoons",
        "lancers",
        "cuirassiers",
        "guerrillas",
    ] {
        assert!(has(&|s| s["unit_type"] == t), "{t}");
    }
    for g in ["I", "II", "III", "IV"] {
        assert!(has(&|s| s["gun_type"] == g), "gun type {g}");
    }
    assert!(has(
        &|s| s["unit_type"] == "horse-artillery" && s["limber"] == true
    ));
    assert!(sheets
        .iter()
        .filter(|s| s["id"] != "gb-95th-sharpe")
        .all(|s| s["source"] == "illustrative"));
}

#[test]
fn sheet_filters_combine() {
    let run = muster(&[
        "sheets", "--nation", "france", "--kind", "troop", "--arm", "cavalry", "--format", "json",
    ]);
    let ids: Vec<String> = json(&run)
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        ids,
        ["fr-1er-hussards", "fr-26e-dragons", "fr-13e-cuirassiers"]
    );
    let empire = json(&muster(&[
        "sheets",
        "--coalition",
        "empire",
        "--format",
        "json",
    ]));
    assert!(empire
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["coalition"] == "empire"));
    let run = muster(&["sheets", "--campaign", "peninsula"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("gb-95th-sharpe"));
}

#[test]
fn unknown_ids_on_the_command_line_are_usage_errors_with_suggestions() {
    let run = muster(&["sheets", "show", "gb-95th-sharp"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("unknown sheet `gb-95th-sharp`; did you mean 95th Rifles / Lieutenant Sharpe (`gb-95th-sharpe`)"),
        "{}",
        run.stderr
    );
    let run = muster(&["sheets", "--nation", "frnace"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("did you mean `france`"),
        "{}",
        run.stderr
    );
    let run = muster(&["sheets", "--kind", "horse"]);
    assert_eq!(run.code, 2);
}

/// Every fixture under tests/fixtures/data/ is a data directory with one malformed file whose
/// second line says `# expect: CODE LINE:COL MESSAGE`; the whole stderr of `data check` must
/// equal its expected.stderr (carets, labels and notes included). Every code of the sheet
/// rules (taken from their table) and of the loader has a fixture.
#[test]
fn malformed_data_files_give_located_errors() {
    let dir = root().join("tests/fixtures/data");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    let mut failures = Vec::new();
    let mut covered = Vec::new();
    for case in &cases {
        let bad = find_bad_file(case);
        let text = std::fs::read_to_string(&bad).unwrap();
        let expect = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect: "))
            .expect("expect line");
        let mut parts = expect.splitn(3, ' ');
        let (code, position, message) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        covered.push(code.to_owned());
        let rel_case = case.strip_prefix(root()).unwrap().display().to_string();
        let run = muster(&[
            "--data",
            "unit-sheets",
            "--data",
            &rel_case,
            "--ruleset",
            "capitan",
            "data",
            "check",
        ]);
        let rel = bad.strip_prefix(root()).unwrap().display().to_string();
        let located = format!("{rel}:{position}");
        let ok = run.code == 1
            && run.stderr.contains(&format!("error[{code}]: {message}"))
            && run.stderr.contains(&located);
        if !ok {
            failures.push(format!(
                "{}: expected exit 1, error[{code}]: {message} at {located}\ngot exit {}:\n{}",
                case.display(),
                run.code,
                run.stderr
            ));
        } else if let Err(e) = super::snapshot(&case.join("expected.stderr"), &run.stderr) {
            failures.push(e);
        }
    }
    let mut codes: Vec<&str> = muster::rulesets::capitan::lint::SHEET_RULES
        .iter()
        .map(|(code, _, _)| *code)
        .collect();
    codes.extend([
        "toml-syntax",
        "unknown-field",
        "wrong-type",
        "invalid-value",
        "missing-field",
        "duplicate-id",
    ]);
    for code in codes {
        if !covered.iter().any(|c| c == code) {
            failures.push(format!(
                "no fixture under tests/fixtures/data/ for `{code}`"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn find_bad_file(dir: &std::path::Path) -> std::path::PathBuf {
    for entry in walk(dir) {
        if entry.extension().is_some_and(|e| e == "toml") {
            return entry;
        }
    }
    panic!("no .toml in {}", dir.display());
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out.sort();
    out
}

#[test]
fn all_bad_sheets_of_a_file_are_reported_together() {
    let tmp = tempfile::tempdir().unwrap();
    let sheets = tmp.path().join("capitan/sheets");
    std::fs::create_dir_all(&sheets).unwrap();
    let base =
        std::fs::read_to_string(root().join("tests/fixtures/data/bad-die/capitan/sheets/bad.toml"))
            .unwrap();
    let second = base
        .replace("test-sheet", "test-sheet-2")
        .replace("fire_die = \"d7\"", "fire_die = \"d8\"")
        .replace("courage = 6", "courage = \"x\"");
    std::fs::write(sheets.join("two.toml"), format!("{base}\n{second}")).unwrap();
    let run = muster(&[
        "--data",
        "unit-sheets",
        "--data",
        tmp.path().to_str().unwrap(),
        "data",
        "check",
    ]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("error[invalid-value]"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("error[wrong-type]: courage"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("2 errors"), "{}", run.stderr);
}

#[test]
fn unknown_data_file_and_unreadable_files() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("capitan")).unwrap();
    std::fs::write(tmp.path().join("capitan/extras.toml"), "x = 1\n").unwrap();
    let run = muster(&[
        "--data",
        "unit-sheets",
        "--data",
        tmp.path().to_str().unwrap(),
        "data",
        "check",
    ]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("error[unknown-file]: unknown data file `extras.toml`"),
        "{}",
        run.stderr
    );

    std::fs::remove_file(tmp.path().join("capitan/extras.toml")).unwrap();
    std::fs::create_dir_all(tmp.path().join("capitan/sheets")).unwrap();
    std::fs::write(
        tmp.path().join("capitan/sheets/latin1.toml"),
        b"name = \"Caf\xe9\"\n",
    )
    .unwrap();
    let run = muster(&[
        "--data",
        "unit-sheets",
        "--data",
        tmp.path().to_str().unwrap(),
        "data",
        "check",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("is not UTF-8"), "{}", run.stderr);

    let run = muster(&["--data", "/nonexistent/dir", "data", "check"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("has no capitan/ folder"),
        "{}",
        run.stderr
    );
}

#[test]
fn muster_data_variable_and_later_directories_add_sheets() {
    let tmp = tempfile::tempdir().unwrap();
    let sheets = tmp.path().join("capitan/sheets");
    std::fs::create_dir_all(&sheets).unwrap();
    let bad =
        std::fs::read_to_string(root().join("tests/fixtures/data/bad-die/capitan/sheets/bad.toml"))
            .unwrap();
    std::fs::write(
        sheets.join("mine.toml"),
        bad.replace("\"d7\"", "\"d8\"")
            .replace("test-sheet", "my-sheet"),
    )
    .unwrap();
    let paths =
        std::env::join_paths([root().join("unit-sheets"), tmp.path().to_path_buf()]).unwrap();
    let run = muster_in(
        tmp.path(),
        &["sheets", "show", "my-sheet", "--format", "json"],
        &[("MUSTER_DATA", paths.to_str().unwrap())],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(json(&run)["id"], "my-sheet");
}

#[test]
fn data_errors_stop_other_commands() {
    let run = muster(&[
        "--data",
        "unit-sheets",
        "--data",
        "tests/fixtures/data/bad-die",
        "sheets",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("error[invalid-value]"));
    assert!(run.stdout.is_empty());
}

#[test]
fn schema_files_are_up_to_date() {
    let run = muster(&["schema", "--check"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn help_version_and_completions() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["sheets", "--help"],
        &["data", "check", "--help"],
    ] {
        let run = muster(args);
        assert_eq!(run.code, 0, "{args:?}");
        assert!(!run.stdout.is_empty());
    }
    let run = muster(&["completions", "bash"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("muster"));
    assert_eq!(muster(&["frobnicate"]).code, 2);
}
