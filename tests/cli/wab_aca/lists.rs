//! ACA army lists: a fixture per diagnostic code (generated from the rule tables), the sample
//! lists, the JSON contract, and list edits.

use crate::{json, muster, root, snapshot};

fn all_codes() -> Vec<&'static str> {
    use muster::rulesets::wab_aca::validate::{PAIR_RULES, RULES};
    let mut codes: Vec<&str> = RULES.iter().map(|(r, _)| r.code).collect();
    codes.extend(PAIR_RULES.iter().map(|r| r.code));
    codes.dedup();
    codes.push(muster::rulesets::priced::DATA_CHANGED.code);
    codes.extend(["missing-field", "unknown-field", "wrong-type"]);
    codes
}

/// Each tests/fixtures/wab-aca/lists/<code>.toml says `# expect: exit N` (and may name an
/// opponent with `# against: FILE`); the whole stderr of `muster check` on it must equal
/// <code>.stderr.
#[test]
fn one_fixture_per_diagnostic_code() {
    let dir = root().join("tests/fixtures/wab-aca/lists");
    let mut failures = Vec::new();
    for code in all_codes() {
        let rel = format!("tests/fixtures/wab-aca/lists/{code}.toml");
        let Ok(text) = std::fs::read_to_string(root().join(&rel)) else {
            failures.push(format!("no fixture {rel}"));
            continue;
        };
        let exit: i32 = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect: exit "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("{rel}: no `# expect: exit N` line"));
        let mut args = vec!["check", rel.as_str()];
        let against = text
            .lines()
            .find_map(|l| l.strip_prefix("# against: "))
            .map(str::to_owned);
        if let Some(a) = &against {
            args.extend(["--against", a]);
        }
        let run = muster(&args);
        if run.code != exit {
            failures.push(format!(
                "{rel}: expected exit {exit}, got {}:\n{}",
                run.code, run.stderr
            ));
            continue;
        }
        if !run.stderr.contains(&format!("[{code}]")) {
            failures.push(format!("{rel}: no {code} diagnostic:\n{}", run.stderr));
            continue;
        }
        if let Err(e) = snapshot(&dir.join(format!("{code}.stderr")), &run.stderr) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The two sample armies are legal and within 10 % of each other; the British one is legal.
#[test]
fn sample_lists_are_valid_and_balanced() {
    for (a, b) in [
        ("lists/wab-france-1809.toml", "lists/wab-russia-1812.toml"),
        ("lists/wab-russia-1812.toml", "lists/wab-france-1809.toml"),
    ] {
        let run = muster(&["check", a, "--against", b]);
        assert_eq!(run.code, 0, "{a} against {b}:\n{}", run.stderr);
        assert!(
            run.stderr.contains("valid (0 errors, 0 warnings)"),
            "{}",
            run.stderr
        );
    }
    let run = muster(&["check", "lists/wab-great-britain-1812.toml"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// The JSON contract is the same as Capitán's: valid, total, limit, units, diagnostics; each
/// unit has its entry, figures, cost and options with their points.
#[test]
fn json_contract() {
    let run = muster(&["check", "lists/wab-russia-1812.toml", "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v = json(&run);
    assert_eq!(v["valid"], true);
    assert_eq!(v["total"], 1915);
    assert_eq!(v["limit"], 2000);
    assert_eq!(v["diagnostics"].as_array().unwrap().len(), 0);
    let units = v["units"].as_array().unwrap();
    assert_eq!(units.len(), 15);
    // 28 musketeers at 6, a flag and a musician at 5 each, 8 elite figures at 5 each.
    let u = &units[4];
    assert_eq!(u["entry"], "ru-musketeers");
    assert_eq!(u["figures"], 28);
    assert_eq!(u["cost"], 6 * 28 + 5 + 5 + 8 * 5);
    assert_eq!(u["options"][2]["id"], "elite");
    assert_eq!(u["options"][2]["cost"], 40);
    // A battery: 2 guns at 50 and 8 gunners at 6.
    let b = &units[11];
    assert_eq!(b["entry"], "ru-light-company-6");
    assert_eq!(b["guns"], 2);
    assert_eq!(b["cost"], 2 * 50 + 8 * 6);
    // Generals by rank: the commander-in-chief is one figure at his cost.
    assert_eq!(units[0]["entry"], "ru-general-division");
    assert_eq!(units[0]["cost"], 95);
    let sum: u64 = units.iter().map(|u| u["cost"].as_u64().unwrap()).sum();
    assert_eq!(sum, 1915);
}

/// Building a list from the command line, as docs/wab-aca.md shows: generals by rank, options,
/// guns; refusals name what is allowed and leave the file as it was.
#[test]
fn list_edits() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("army.toml");
    let f = file.to_str().unwrap();
    let run = muster(&[
        "list",
        "new",
        f,
        "--ruleset",
        "wab-aca",
        "--name",
        "Essai",
        "--army",
        "russia-1812",
        "--points",
        "1000",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&["list", "add", f, "division"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&[
        "list",
        "add",
        f,
        "ru-jagers",
        "--figures",
        "20",
        "--option",
        "flag",
        "--option",
        "elite=4",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&[
        "list",
        "add",
        f,
        "ru-light-company-6",
        "--figures",
        "8",
        "--guns",
        "2",
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("general = \"division\""), "{text}");
    assert!(text.contains("elite = 4"), "{text}");
    assert!(text.contains("guns = 2"), "{text}");
    // 95 + (20×7 + 5 + 20) + (2×50 + 8×6) = 408: under 90 % of 1000, a warning only.
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("; 408 / 1,000 points;"),
        "{}",
        run.stdout
    );
    let before = std::fs::read_to_string(&file).unwrap();
    for (args, message) in [
        (
            vec!["ru-opolchenie", "--figures", "20", "--option", "elite=2"],
            "--option elite=2: Opolchenie (militia) offers flag",
        ),
        (
            vec!["ru-jagers", "--figures", "20", "--option", "banner"],
            "unknown option `banner`",
        ),
        (
            vec!["ru-jagers", "--figures", "20", "--skill", "bon-oeil"],
            "WAB ACA units have no skills",
        ),
        (
            vec!["fr-line-fusiliers", "--figures", "20"],
            "`fr-line-fusiliers` is an entry of france-1809, and this list is of russia-1812",
        ),
        (
            vec!["ru-jagers"],
            "`ru-jagers` needs its figures with --figures (12 to 24)",
        ),
        (
            vec!["ru-jagers", "--figures", "20", "--guns", "2"],
            "--guns: `ru-jagers` is not a battery",
        ),
    ] {
        let mut full = vec!["list", "add", f];
        full.extend(args.iter().copied());
        let run = muster(&full);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), before, "{args:?}");
    }
    let run = muster(&["list", "remove", f, "3"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!std::fs::read_to_string(&file).unwrap().contains("guns"));
    // A Capitán list takes no --option.
    let run = muster(&[
        "list",
        "add",
        "lists/sharpe-patrol.toml",
        "gb-95th-riflemen",
        "--figures",
        "6",
        "--option",
        "flag",
    ]);
    assert_eq!(run.code, 2);
    assert!(run
        .stderr
        .contains("Capitán units buy skills (--skill), not --option or --guns"));
    // A WAB list needs its army.
    let run = muster(&[
        "list",
        "new",
        f,
        "--ruleset",
        "wab-aca",
        "--name",
        "x",
        "--points",
        "100",
        "--force",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!("error: cannot create {f}: 1 field to fix\n  --army is missing: france-1809 (France, 1809), great-britain-1812 (Great Britain, 1812), russia-1812 (Russia, 1812)\n")
    );
}

/// `muster rulesets` says what each ruleset supports; `muster sheets` lists the entries.
#[test]
fn rulesets_and_entries() {
    let run = muster(&["rulesets", "--format", "json"]);
    let v = json(&run);
    let wab = v
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "wab-aca")
        .expect("wab-aca");
    assert_eq!(wab["rulebook"], "wab-crepuscule-de-l-aigle.fr.txt");
    assert_eq!(wab["supports"]["scoring"], true);
    assert_eq!(
        wab["supports"]["previews"],
        serde_json::json!(["test", "shoot", "fire-duel", "combat", "artillery"])
    );
    let run = muster(&[
        "--ruleset",
        "wab-aca",
        "sheets",
        "--army",
        "great-britain-1812",
        "--kind",
        "battery",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("gb-rha-6") && run.stdout.ends_with("3 entries\n"),
        "{}",
        run.stdout
    );
    let run = muster(&["--ruleset", "wab-aca", "sheets", "--campaign", "peninsula"]);
    assert_eq!(run.code, 2);
    assert!(run
        .stderr
        .contains("WAB ACA entries are filtered by --army, --nation or --kind"));
    // Shown as its card says it, in the ruleset's first language or the one asked for.
    let run = muster(&["--ruleset", "wab-aca", "sheets", "show", "gb-95th-rifles"]);
    assert!(
        run.stdout.contains("Arme : Carabine rayée, 18\" / 30\""),
        "{}",
        run.stdout
    );
    let run = muster(&[
        "--ruleset",
        "wab-aca",
        "sheets",
        "show",
        "gb-95th-rifles",
        "--lang",
        "en",
    ]);
    assert!(
        run.stdout.contains("Weapon: Rifle, 18\" / 30\""),
        "{}",
        run.stdout
    );
}

#[test]
fn readme_lists_every_code() {
    let readme = crate::documentation();
    let mut codes = all_codes();
    codes.extend(
        muster::rulesets::wab_aca::score::RULES
            .iter()
            .map(|r| r.code),
    );
    for code in codes {
        assert!(
            readme.contains(&format!("`{code}`")),
            "the README and docs/ do not list `{code}`"
        );
    }
}

/// Labels from a list never reach the terminal raw, in checks, previews or scores.
#[test]
fn control_characters_in_labels() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("esc.toml");
    std::fs::write(
        &list,
        "[list]\nname = \"x\"\nruleset = \"wab-aca\"\narmy = \"france-1809\"\npoints = 300\n\n[[units]]\ngeneral = \"brigade\"\nlabel = \"\\u001b[31mred\\r\\u202e\"\n\n[[units]]\nentry = \"fr-line-fusiliers\"\nfigures = 24\nlabel = \"\\u001b]0;title\\u0007\"\n",
    )
    .unwrap();
    let l = list.to_str().unwrap();
    let unit = format!("{l}:2");
    for args in [
        vec!["check", l],
        vec![
            "preview",
            "--ruleset",
            "wab-aca",
            "shoot",
            "--firer",
            &unit,
            "--target",
            "ru-jagers",
        ],
        vec![
            "preview",
            "--ruleset",
            "wab-aca",
            "combat",
            "--attacker",
            &unit,
            "--defender",
            "ru-jagers",
        ],
    ] {
        let run = muster(&args);
        assert!(run.code <= 1, "{args:?}: {}", run.stderr);
        for c in ['\u{1b}', '\r', '\u{202e}', '\u{7}'] {
            assert!(!run.stdout.contains(c), "{args:?}: {c:?} in {}", run.stdout);
            assert!(!run.stderr.contains(c), "{args:?}: {c:?} in {}", run.stderr);
        }
    }
}
