//! `muster list set` and `muster list move`: a unit changed where it stands, units reordered;
//! the user's comments kept, the file locked and written atomically, exit 1 for a list made
//! invalid, 2 (nothing written) for an edit that cannot be made.

use std::path::Path;

use super::{json, muster, without_records};

const CAPITAN: &str = r#"# My patrol
[list]
name = "Patrol"
ruleset = "capitan"
coalition = "empire"
campaign = "peninsula"
points = 700
rank = "lieutenant"
free_skill = { unit = 3, skill = "duelliste" }

# the captain leads
[[units]]
sheet = "fr-6e-leger-capitaine"
label = "Dubreton"

[[units]]
sheet = "fr-6e-leger-voltigeurs"
figures = 8  # as painted
skills = ["tireur-expert"]

# the hussars, last
[[units]]
sheet = "fr-1er-hussards"
figures = 6
"#;

/// A list as edited, without the records of what its units are priced with (every edit adds
/// them to the units that have none: tests/cli/priced.rs).
fn read(path: &str) -> String {
    without_records(&std::fs::read_to_string(path).unwrap())
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn set_changes_a_unit_where_it_stands_and_keeps_the_comments() {
    let tmp = tempfile::tempdir().unwrap();
    let f = write(tmp.path(), "l.toml", CAPITAN);
    let run = muster(&[
        "list",
        "set",
        &f,
        "2",
        "--figures",
        "10",
        "--skill",
        "tirailleurs",
        "--skill",
        "esquives",
        "--label",
        "Voltigeurs",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = CAPITAN.replace(
        "sheet = \"fr-6e-leger-voltigeurs\"\nfigures = 8  # as painted\nskills = [\"tireur-expert\"]\n",
        "sheet = \"fr-6e-leger-voltigeurs\"\nfigures = 10  # as painted\nskills = [\"tirailleurs\", \"esquives\"]\nlabel = \"Voltigeurs\"\n",
    );
    assert_eq!(read(&f), expected);
    // The label goes with --label "", the skills with --no-skills.
    let run = muster(&["list", "set", &f, "2", "--label", "", "--no-skills"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = CAPITAN.replace(
        "figures = 8  # as painted\nskills = [\"tireur-expert\"]\n",
        "figures = 10  # as painted\n",
    );
    assert_eq!(read(&f), expected);
}

#[test]
fn set_exits_1_and_writes_a_list_it_makes_invalid() {
    let tmp = tempfile::tempdir().unwrap();
    let f = write(tmp.path(), "l.toml", CAPITAN);
    // Lancers is a skill of the data, but not one the voltigeurs' sheet offers.
    let run = muster(&["list", "set", &f, "2", "--skill", "lanciers"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.contains("INVALID"), "{}", run.stdout);
    let report = json(&muster(&["check", &f, "--format", "json"]));
    assert_eq!(
        report["units"][1]["skills"][0]["id"], "lanciers",
        "{report}"
    );
    assert_eq!(report["valid"], false);
}

#[test]
fn an_edit_that_cannot_be_made_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let f = write(tmp.path(), "l.toml", CAPITAN);
    let cases: &[(&[&str], &str)] = &[
        (&["set", &f, "2", "--skill", "nope"], "unknown skill `nope`"),
        (&["set", &f, "9", "--figures", "4"], "there is no unit 9"),
        (&["set", &f, "2"], "nothing to change"),
        (
            &["move", &f, "1", "--to", "4"],
            "a unit moves to a place from 1 to 3",
        ),
        (&["move", &f, "0", "--to", "1"], "there is no unit 0"),
        (
            &["set", &f, "2", "--option", "flag"],
            "Capitán units buy skills (--skill), not --option or --guns",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["list"];
        all.extend_from_slice(args);
        let run = muster(&all);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert_eq!(std::fs::read_to_string(&f).unwrap(), CAPITAN, "{args:?}");
    }
}

#[test]
fn the_free_skill_follows_its_unit() {
    let tmp = tempfile::tempdir().unwrap();
    let f = write(tmp.path(), "l.toml", CAPITAN);
    let run = muster(&["list", "move", &f, "3", "--to", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&f).unwrap();
    // The hussars come first with the comment above them; the free skill names them still.
    assert!(
        text.contains("free_skill = { unit = 1, skill = \"duelliste\" }\n\n# the hussars, last\n[[units]]\nsheet = \"fr-1er-hussards\""),
        "{text}"
    );
    let names: Vec<String> = json(&muster(&["check", &f, "--format", "json"]))["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["sheet"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        names,
        [
            "fr-1er-hussards",
            "fr-6e-leger-capitaine",
            "fr-6e-leger-voltigeurs"
        ]
    );
    // `set --free-skill` gives the list's one free skill to another unit, and says so.
    let run = muster(&["list", "set", &f, "3", "--free-skill", "esquives"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("note: the free skill (§10.1) was on unit 1; a list has one, now on unit 3"),
        "{}",
        run.stderr
    );
    assert!(std::fs::read_to_string(&f)
        .unwrap()
        .contains("free_skill = { unit = 3, skill = \"esquives\" }"));
    let run = muster(&["list", "set", &f, "3", "--no-free-skill"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!std::fs::read_to_string(&f).unwrap().contains("free_skill"));
}

#[test]
fn concurrent_sets_and_moves_all_land() {
    let tmp = tempfile::tempdir().unwrap();
    let mut text = String::from(
        "[list]\nname = \"Many\"\nruleset = \"capitan\"\ncoalition = \"empire\"\ncampaign = \"peninsula\"\npoints = 9000\n",
    );
    for i in 1..=12 {
        text.push_str(&format!(
            "\n[[units]]\nsheet = \"fr-47e-fusiliers\"\nlabel = \"u{i}\"\nfigures = 6\n"
        ));
    }
    let f = write(tmp.path(), "l.toml", &text);
    // Twelve sets of different units, each of its own figures. (Twelve companies of one sheet
    // are over its N°U: the list is invalid before and after, and each edit exits 1.)
    let sets: Vec<_> = (1..=12)
        .map(|i| {
            let f = f.clone();
            std::thread::spawn(move || {
                muster(&[
                    "list",
                    "set",
                    &f,
                    &i.to_string(),
                    "--figures",
                    &(i % 5 + 4).to_string(),
                ])
                .code
            })
        })
        .collect();
    for h in sets {
        assert_eq!(h.join().unwrap(), 1);
    }
    let units = || -> Vec<(String, i64)> {
        json(&muster(&["check", &f, "--format", "json"]))["units"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| {
                (
                    u["label"].as_str().unwrap().to_owned(),
                    u["figures"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    let expected: Vec<(String, i64)> = (1..=12).map(|i| (format!("u{i}"), i % 5 + 4)).collect();
    assert_eq!(units(), expected);
    // Five moves of the first unit to the end, at once: each rotates the list by one, so
    // whatever their order, the list ends rotated by five.
    let moves: Vec<_> = (0..5)
        .map(|_| {
            let f = f.clone();
            std::thread::spawn(move || muster(&["list", "move", &f, "1", "--to", "12"]).code)
        })
        .collect();
    for h in moves {
        assert_eq!(h.join().unwrap(), 1);
    }
    let mut rotated = expected.clone();
    rotated.rotate_left(5);
    assert_eq!(units(), rotated);
    // No temporary file left behind.
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 1);
}

#[test]
fn set_takes_each_rulesets_own_choices() {
    let tmp = tempfile::tempdir().unwrap();
    // WAB: an option replaces the unit's option of its name, the others stay.
    let wab = write(
        tmp.path(),
        "wab.toml",
        "[list]\nname = \"W\"\nruleset = \"wab-aca\"\narmy = \"france-1809\"\npoints = 2000\n\n[[units]]\ngeneral = \"division\"\n\n[[units]]\nentry = \"fr-line-fusiliers\"\nfigures = 24\nflag = true\nelite = 4\n",
    );
    let run = muster(&[
        "list", "set", &wab, "2", "--option", "elite=6", "--option", "musician",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        read(&wab)
            .ends_with("entry = \"fr-line-fusiliers\"\nfigures = 24\nflag = true\nelite = 6\nmusician = true\n"),
        "{}",
        read(&wab)
    );
    let run = muster(&["list", "set", &wab, "2", "--no-options"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(read(&wab).ends_with("entry = \"fr-line-fusiliers\"\nfigures = 24\n"));
    let run = muster(&["list", "set", &wab, "1", "--figures", "3"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--figures 3: `division` is a general, who has no figures to count"),
        "{}",
        run.stderr
    );
    // Thucydide: elements within the troop type's.
    let th = write(
        tmp.path(),
        "th.toml",
        "[list]\nname = \"T\"\nruleset = \"thucydide\"\n\n[[units]]\nunit = \"hoplites\"\nelements = 3\n",
    );
    let run = muster(&["list", "set", &th, "1", "--figures", "99"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("has 1 to"), "{}", run.stderr);
    let run = muster(&[
        "list",
        "set",
        &th,
        "1",
        "--figures",
        "2",
        "--label",
        "Hoplites",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(read(&th).ends_with("unit = \"hoplites\"\nelements = 2\nlabel = \"Hoplites\"\n"));
    // hm-qrs: a unit moved to a new brigade brings the brigade's table.
    let hm = write(
        tmp.path(),
        "hm.toml",
        "[list]\nname = \"H\"\nruleset = \"hm-qrs\"\n\n[[brigade]]\nid = \"kempt\"\nname = \"Kempt\"\ncommander = \"Sir James Kempt\"\nrating = 8\n\n[[units]]\nunit = \"line-infantry\"\nbrigade = \"kempt\"\n",
    );
    let run = muster(&[
        "list",
        "set",
        &hm,
        "1",
        "--option",
        "brigade=pack",
        "--option",
        "commander=Sir Denis Pack",
        "--option",
        "rating=7",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = read(&hm);
    assert!(
        text.contains("[[brigade]]\nid = \"pack\"\nname = \"pack\"\ncommander = \"Sir Denis Pack\"\nrating = 7\n"),
        "{text}"
    );
    assert!(
        text.ends_with("unit = \"line-infantry\"\nbrigade = \"pack\"\n"),
        "{text}"
    );
}

#[test]
fn inline_units_are_edited_and_moved_too() {
    let tmp = tempfile::tempdir().unwrap();
    let f = write(
        tmp.path(),
        "l.toml",
        "units = [{ sheet = \"fr-6e-leger-capitaine\" }, { sheet = \"fr-47e-fusiliers\", figures = 6 }]\n\n[list]\nname = \"I\"\nruleset = \"capitan\"\ncoalition = \"empire\"\ncampaign = \"peninsula\"\npoints = 600\n",
    );
    assert_eq!(muster(&["list", "move", &f, "2", "--to", "1"]).code, 0);
    assert_eq!(muster(&["list", "set", &f, "1", "--figures", "8"]).code, 0);
    assert!(
        read(&f).starts_with(
            "units = [{ sheet = \"fr-47e-fusiliers\", figures = 8 }, { sheet = \"fr-6e-leger-capitaine\" }]\n"
        ),
        "{}",
        std::fs::read_to_string(&f).unwrap()
    );
}

#[test]
fn list_new_names_every_field_to_fix_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("new.toml");
    let f = f.to_str().unwrap();
    let run = muster(&["list", "new", f, "--name", "X"]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!(
            "error: cannot create {f}: 3 fields to fix\n  \
             --coalition is missing: allies (Allies), empire (Empire)\n  \
             --campaign is missing: peninsula (Peninsular War 1808 - 1814)\n  \
             --points is missing: the limit agreed for the game, e.g. 500\n"
        )
    );
    let run = muster(&[
        "list",
        "new",
        f,
        "--name",
        "X",
        "--coalition",
        "empir",
        "--campaign",
        "peninsula",
        "--army",
        "france-1809",
        "--points",
        "0",
        "--rank",
        "general",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!(
            "error: cannot create {f}: 4 fields to fix\n  \
             --coalition empir: unknown coalition; did you mean `empire`?\n  \
             --army france-1809: Capitán lists have no army (they take --coalition, --campaign, --points, --rank)\n  \
             --points 0: a points limit is from 1 to 100000\n  \
             --rank general: unknown rank; known: ensign (Ensign), second-lieutenant (Second lieutenant), \
             lieutenant (Lieutenant), captain (Captain), major (Major), lieutenant-colonel (Lieutenant colonel), \
             colonel (Colonel)\n"
        )
    );
    assert!(!Path::new(f).exists());
    // Thucydide's armies take a name only; hm-qrs's points are optional.
    let run = muster(&[
        "list",
        "new",
        f,
        "--ruleset",
        "thucydide",
        "--name",
        "X",
        "--points",
        "5",
    ]);
    assert_eq!(
        run.stderr,
        format!("error: cannot create {f}: 1 field to fix\n  --points 5: Thucydide (combat) lists have no points (they take a name only)\n")
    );
    let run = muster(&["list", "new", f, "--ruleset", "hm-qrs", "--name", "X"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// An edit says in one line what changed, the new total and whether the list is valid, and
/// on stderr each error's headline (issue 38: `list add` printed the whole roster and a
/// 7-line warning each time); `--roster` prints the roster and every diagnostic as before.
#[test]
fn an_edit_prints_one_line_and_the_roster_only_when_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let f = write(tmp.path(), "l.toml", CAPITAN);
    let fail = |stream: &str, line: &str| format!("{f}: {line}\n{stream}");
    // 188 + 199 + 180 = 567, and 6 fusiliers at 14.
    let run = muster(&["list", "add", &f, "fr-47e-fusiliers", "--figures", "6"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        fail("", "added unit 4, 47e de Ligne / Fusiliers (6 figures, 84 points); 651 / 700 points; valid (0 errors, 0 warnings)")
    );
    // Only the note of what it recorded (tests/cli/priced.rs).
    assert_eq!(
        run.stderr,
        "note: recorded what 3 other units are priced with (`priced = {…}`): `muster check` now says when the data change\n"
    );
    // Twelve hussars at 30: over the limit's margin, an error said by its headline alone (and
    // counted with a warning: a section of cavalry has 4 to 6).
    let run = muster(&["list", "set", &f, "3", "--figures", "12"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        fail("", "changed unit 3, 1er Hussards / Escadron (12 figures, 360 points); 831 / 700 points; INVALID, written with its errors: fix them before playing (1 error, 1 warning)")
    );
    assert_eq!(
        run.stderr,
        "error[points-over-limit]: the list costs 831 points, 131 over its limit of 700, beyond the 10 % margin (770 at most)\n"
    );
    let run = muster(&["list", "move", &f, "4", "--to", "1"]);
    assert_eq!(
        run.stdout,
        fail("", "moved unit 4 to place 1, 47e de Ligne / Fusiliers (6 figures, 84 points); 831 / 700 points; INVALID, written with its errors: fix them before playing (1 error, 1 warning)")
    );
    let run = muster(&["list", "remove", &f, "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        fail("", "removed unit 1, 47e de Ligne / Fusiliers (6 figures, 84 points); 747 / 700 points; valid (0 errors, 2 warnings)")
    );
    assert_eq!(run.stderr, "");
    // --roster: the roster and every diagnostic, as before.
    let run = muster(&["list", "set", &f, "3", "--figures", "6", "--roster"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("Patrol (empire, peninsula)\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\ntotal 567 / 700 points"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("warning[points-under-limit]"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .ends_with(&format!("wrote {f}: valid (0 errors, 1 warning)\n")),
        "{}",
        run.stderr
    );
}

/// A list's name has at most 100 characters, however the list is made: `list new` refuses a
/// longer one with the field's problem and writes nothing; a hand-written one is an error of
/// the check (tests/fixtures/lists/name-too-long.toml). Before, no bound held.
#[test]
fn a_list_name_over_100_characters_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("long.toml");
    let name = "Brigade ".repeat(13);
    let run = muster(&[
        "list",
        "new",
        f.to_str().unwrap(),
        "--name",
        &name,
        "--ruleset",
        "wab-aca",
        "--army",
        "france-1809",
        "--points",
        "1000",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "error: cannot create {}: 1 field to fix\n  --name: 104 characters; a list's name has at most 100\n",
            f.display()
        )
    );
    assert!(!f.exists());
    // 100 is within it.
    let run = muster(&[
        "list",
        "new",
        f.to_str().unwrap(),
        "--name",
        &"b".repeat(100),
        "--ruleset",
        "wab-aca",
        "--army",
        "france-1809",
        "--points",
        "1000",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A list the check reads is a list its edits read: the TOML 1.1 the checker takes (an
/// inline table over several lines, with a trailing comma) is edited, the table kept as
/// written (toml_edit 0.22 refused the file the check had passed: "expected `}`").
#[test]
fn a_list_written_in_toml_1_1_is_edited_as_it_is_checked() {
    let tmp = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(super::root().join("lists/sharpe-patrol.toml"))
        .unwrap()
        .replace(
            "free_skill = { unit = 1, skill = \"feu-d-attaque\" }",
            "free_skill = {\n  unit = 1,\n  skill = \"feu-d-attaque\",\n}",
        );
    assert!(
        text.contains("skill = \"feu-d-attaque\",\n}"),
        "the header as written"
    );
    let f = write(tmp.path(), "l.toml", &text);
    let run = muster(&["check", &f]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&["list", "set", &f, "2", "--label", "Pat"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let edited = read(&f);
    assert!(edited.contains("skill = \"feu-d-attaque\",\n}"), "{edited}");
    assert!(edited.contains("label = \"Pat\""), "{edited}");
}
