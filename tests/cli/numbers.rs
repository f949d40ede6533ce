//! One truth per number, in the rulesets: a modifier counts once, a unit is scored once, a
//! count is bounded where it is read, a list's language is taken one way by check and the
//! documents, and the messages say what was given (issue 24).

use std::path::Path;

use crate::{muster, muster_in, root, Run};

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// The shipped list `name`, with `old` replaced by `new` (found exactly once).
fn shipped_with(name: &str, old: &str, new: &str) -> String {
    let text = std::fs::read_to_string(root().join("lists").join(name)).unwrap();
    assert_eq!(text.matches(old).count(), 1, "`{old}` once in {name}");
    text.replacen(old, new, 1)
}

fn refused(run: &Run, stderr: &str) {
    assert_eq!(
        run.code, 2,
        "stdout:\n{}\nstderr:\n{}",
        run.stdout, run.stderr
    );
    assert_eq!(run.stderr, stderr);
    assert_eq!(run.stdout, "");
}

/// Item 11: a repeated situation flag (a modifier, a condition, a skill, a factor) is refused
/// in every ruleset that takes one, as WAB refused its `--with`: given twice, hm-qrs counted it
/// twice.
#[test]
fn a_situation_id_given_twice_is_refused_in_every_ruleset() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "preview",
                "command",
                "--ruleset",
                "hm-qrs",
                "--rating",
                "8",
                "--with",
                "enemy-near",
                "--with",
                "enemy-near",
            ],
            "--with enemy-near",
        ),
        (
            &[
                "preview",
                "shoot",
                "--ruleset",
                "hm-qrs",
                "--shooter-dice",
                "6",
                "--with",
                "at-skirmishers",
                "--with",
                "at-skirmishers",
                "--save",
                "4",
                "--target-arm",
                "infantry",
                "--stamina",
                "3",
            ],
            "--with at-skirmishers",
        ),
        (
            &[
                "preview",
                "combat",
                "--ruleset",
                "thucydide",
                "--attacker",
                "hoplites",
                "--defender",
                "hoplites",
                "--condition",
                "attacker-supported",
                "--condition",
                "attacker-supported",
            ],
            "--condition attacker-supported",
        ),
        (
            &[
                "preview",
                "melee",
                "--ruleset",
                "capitan",
                "--a",
                "lists/voltigeurs-hussars.toml:1",
                "--b",
                "lists/french-column.toml:1",
                "--a-skill",
                "sanguinaires",
                "--a-skill",
                "sanguinaires",
            ],
            "--a-skill sanguinaires",
        ),
        (
            &[
                "preview",
                "test",
                "--ruleset",
                "wab-aca",
                "--leadership",
                "8",
                "--with",
                "short-range",
                "--with",
                "short-range",
            ],
            "--with short-range",
        ),
    ];
    for (args, flag) in cases {
        let run = muster(args);
        assert_eq!(run.code, 2, "{args:?}:\n{}{}", run.stdout, run.stderr);
        assert_eq!(
            run.stderr,
            format!("error: {flag}: given twice (each counts once)\n"),
            "{args:?}"
        );
    }
    // Once each, the same flags are taken.
    let run = muster(&[
        "preview",
        "command",
        "--ruleset",
        "hm-qrs",
        "--rating",
        "8",
        "--with",
        "enemy-near",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("= 7\n"), "{}", run.stdout);
}

/// Item 12: a battle file naming one unit twice scored its losses twice (297 points lost
/// from a 218-point unit); it is refused, naming both places.
#[test]
fn a_unit_scored_twice_is_refused_naming_both_places() {
    let t = tempfile::tempdir().unwrap();
    std::fs::copy(
        root().join("lists/wab-france-1809.toml"),
        t.path().join("fr.toml"),
    )
    .unwrap();
    std::fs::copy(
        root().join("lists/wab-russia-1812.toml"),
        t.path().join("ru.toml"),
    )
    .unwrap();
    write(
        t.path(),
        "battle.toml",
        "[battle]\nruleset = \"wab-aca\"\npoints = 2000\n\n\
         [[side]]\nname = \"France\"\nlist = \"fr.toml\"\neighths = 3\n\n\
         [[side.unit]]\nunit = 5\nlost = 9\n\n\
         [[side.unit]]\nunit = 5\nlost = 20\n\n\
         [[side]]\nname = \"Russie\"\nlist = \"ru.toml\"\neighths = 2\n",
    );
    let run = muster_in(t.path(), &["score", "battle.toml"], &[]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "error[score-unit]: unit 5 of France's list (1er bataillon, 46e de ligne) is scored twice: each unit once, with all it lost
   ┌─ battle.toml:15:8
   │
11 │ unit = 5
   │        - first here
   ·
15 │ unit = 5
   │        ^ again here
   │
   = rule: each unit is a unit of the side's list (`unit = N`), or has its cost and figures (ACA p.14)

error: battle.toml: 1 error, 0 warnings
"
    );
}

/// Item 17: a list asking for a language its ruleset does not print in (hm-qrs has no
/// Spanish; WAB, which this test used, has it now): check warns, naming the languages
/// offered, and the cards and the roster print in the ruleset's first language, saying so,
/// where they refused.
#[test]
fn a_list_language_the_ruleset_does_not_offer_is_a_warning_and_documents_fall_back() {
    let t = tempfile::tempdir().unwrap();
    let list = shipped_with(
        "hm-qrs-donzelot-1815.toml",
        "ruleset = \"hm-qrs\"\n",
        "ruleset = \"hm-qrs\"\nlang = \"es\"\n",
    );
    write(t.path(), "es.toml", &list);
    let run = muster_in(t.path(), &["check", "es.toml"], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "warning[lang-not-offered]: lang = \"es\": Horse and musket (quick reference) is printed in French, English; its documents print in French
  ┌─ es.toml:6:8
  │
6 │ lang = \"es\"
  │        ^^^^ fr | en
  │
  = rule: a list asks for a language its ruleset is printed in (muster)

es.toml: valid (0 errors, 1 warning)
"
    );
    let note = "warning: the list's lang es: Horse and musket (quick reference) is printed in fr, en; printing in fr\n";
    let run = muster_in(t.path(), &["cards", "es.toml", "-o", "cards.pdf"], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.starts_with(note), "{}", run.stderr);
    let run = muster_in(t.path(), &["roster", "es.toml", "-o", "roster.html"], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.starts_with(note), "{}", run.stderr);
    let html = std::fs::read_to_string(t.path().join("roster.html")).unwrap();
    assert!(html.contains("lang=\"fr\""), "{html}");
}

/// Item 17: WAB's artillery preview takes its battery as every preview takes a unit,
/// `FILE:N`, where it said "unknown battery".
#[test]
fn the_wab_artillery_preview_takes_a_battery_of_a_list() {
    let listed = muster(&[
        "preview",
        "artillery",
        "--ruleset",
        "wab-aca",
        "--battery",
        "lists/wab-france-1809.toml:13",
        "--ammo",
        "roundshot",
        "--figures",
        "5",
        "--toughness",
        "3",
        "--save",
        "7",
    ]);
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    let entry = muster(&[
        "preview",
        "artillery",
        "--ruleset",
        "wab-aca",
        "--battery",
        "fr-foot-battery-6",
        "--ammo",
        "roundshot",
        "--figures",
        "5",
        "--toughness",
        "3",
        "--save",
        "7",
    ]);
    assert_eq!(entry.code, 0, "{}", entry.stderr);
    assert_eq!(listed.stdout, entry.stdout);
    // Unit 1 of that list is a general, not a battery.
    let run = muster(&[
        "preview",
        "artillery",
        "--ruleset",
        "wab-aca",
        "--battery",
        "lists/wab-france-1809.toml:1",
        "--ammo",
        "roundshot",
        "--figures",
        "5",
        "--toughness",
        "3",
        "--save",
        "7",
    ]);
    refused(
        &run,
        "error: --battery: unit 1 of lists/wab-france-1809.toml (Général Saint-Hilaire) is a general, not a battery\n",
    );
}

/// Item 17: an elite count at u32::MAX reached a printed cost ("elite ×4294967295
/// (4294967295)"); the count is bounded by the entry's maximum where it is read.
#[test]
fn an_elite_count_is_bounded_by_its_entry_before_it_is_costed() {
    let t = tempfile::tempdir().unwrap();
    let list = shipped_with(
        "wab-france-1809.toml",
        "flag = true\nelite = 4\n",
        "flag = true\nelite = 4294967295\n",
    );
    write(t.path(), "elite.toml", &list);
    let run = muster_in(t.path(), &["check", "elite.toml"], &[]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(!run.stdout.contains("4294967295"), "{}", run.stdout);
    assert!(
        run.stdout.contains("elite ×8 (40)"),
        "the entry's 8 at most: {}",
        run.stdout
    );
    assert!(
        run.stdout.contains("total 1962 / 2000 points"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains(
            "unit 6 (Line battalion): 4,294,967,295 elite figures; its entry allows 8 at most"
        ),
        "{}",
        run.stderr
    );
}

/// Item 18: Thucydide's fire of a unit without a fire factor named `--dice` though no
/// `--dice` was given.
#[test]
fn thucydide_fire_of_a_unit_without_fire_names_the_unit() {
    let run = muster(&[
        "preview",
        "combat",
        "--ruleset",
        "thucydide",
        "--attacker",
        "hoplites",
        "--attack",
        "fire",
        "--armour",
        "green",
    ]);
    refused(
        &run,
        "error: --attack fire: Hoplites (hoplites) has no fire factor; it fights by assault or melee\n",
    );
}

/// Item 18: a battle side pointing at a file that is not a WAB list is named as the battle
/// file names it; a file that is no list at all is not called a Capitán list.
#[test]
fn a_battle_side_list_is_named_as_the_battle_file_names_it() {
    let t = tempfile::tempdir().unwrap();
    let sub = t.path().join("battles");
    std::fs::create_dir(&sub).unwrap();
    std::fs::copy(
        root().join("lists/french-column.toml"),
        t.path().join("cap.toml"),
    )
    .unwrap();
    std::fs::copy(
        root().join("lists/wab-russia-1812.toml"),
        t.path().join("ru.toml"),
    )
    .unwrap();
    write(t.path(), "notes.toml", "title = \"not a list\"\n");
    let battle = |list: &str| {
        format!(
            "[battle]\nruleset = \"wab-aca\"\npoints = 2000\n\n\
             [[side]]\nname = \"France\"\nlist = \"{list}\"\n\n\
             [[side]]\nname = \"Russie\"\nlist = \"../ru.toml\"\n"
        )
    };
    write(&sub, "b.toml", &battle("../cap.toml"));
    let run = muster_in(t.path(), &["score", "battles/b.toml"], &[]);
    refused(
        &run,
        "error: battles/b.toml: side France: list = \"../cap.toml\" is a Capitán list, not a WAB ACA one\n",
    );
    write(&sub, "b.toml", &battle("../notes.toml"));
    let run = muster_in(t.path(), &["score", "battles/b.toml"], &[]);
    refused(
        &run,
        "error: battles/b.toml: side France: list = \"../notes.toml\" is not a list file: it has no [list] ruleset\n",
    );
}

/// Item 18: "t (1 units)": a one-unit list's count is singular.
#[test]
fn a_one_unit_list_says_one_unit() {
    let t = tempfile::tempdir().unwrap();
    write(
        t.path(),
        "t.toml",
        "[list]\nname = \"t\"\nruleset = \"thucydide\"\n\n[[units]]\nunit = \"hoplites\"\n",
    );
    let run = muster_in(t.path(), &["check", "t.toml"], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("t (1 unit)\n"), "{}", run.stdout);
}
