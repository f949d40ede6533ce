//! One way to name a unit in every preview of every ruleset: a sheet or entry id (with
//! `:FIGURES` where the procedure takes figures), `FILE:N` or `FILE:LABEL` for a unit of a list.
//! The same unit named either way gives the same preview; a value that looks like a list's
//! unit but is not gets an error that says how to name one.

use crate::muster;

/// stdout of `muster ARGS`, which must succeed.
fn ok(args: &[&str]) -> String {
    let run = muster(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run.stdout
}

/// A list's unit by its number, by its label and (for the units that have one) by the type
/// and size it stands for: the same preview, JSON to the last digit.
#[test]
fn a_list_unit_by_number_by_label_and_by_its_type() {
    for (same, what) in [
        (
            vec![
                vec![
                    "preview",
                    "charge",
                    "--charger",
                    "lists/voltigeurs-hussars.toml:3",
                    "--target",
                    "gb-45th-line",
                ],
                vec![
                    "preview",
                    "charge",
                    "--charger",
                    "lists/voltigeurs-hussars.toml:1er Hussards / Escadron",
                    "--target",
                    "gb-45th-line",
                ],
                // The earlier spelling, kept.
                vec![
                    "preview",
                    "charge",
                    "--list",
                    "lists/voltigeurs-hussars.toml",
                    "--unit",
                    "3",
                    "--target",
                    "gb-45th-line",
                ],
            ],
            "Capitán charge",
        ),
        (
            vec![
                vec![
                    "preview",
                    "fire",
                    "--shooter",
                    "lists/sharpe-patrol.toml:3",
                    "--target",
                    "lists/voltigeurs-hussars.toml:2",
                    "--range",
                    "medium",
                ],
                vec![
                    "preview",
                    "fire",
                    "--shooter",
                    "lists/sharpe-patrol.toml:chosen men",
                    "--target",
                    "lists/voltigeurs-hussars.toml:6e Léger / Compagnie de voltigeurs",
                    "--range",
                    "medium",
                ],
                vec![
                    "preview",
                    "fire",
                    "--list",
                    "lists/sharpe-patrol.toml",
                    "--unit",
                    "3",
                    "--target-list",
                    "lists/voltigeurs-hussars.toml",
                    "--target-unit",
                    "2",
                    "--range",
                    "medium",
                ],
            ],
            "Capitán fire",
        ),
        (
            vec![
                vec![
                    "preview",
                    "melee",
                    "--a",
                    "lists/voltigeurs-hussars.toml:3",
                    "--b",
                    "lists/sharpe-patrol.toml:Chosen Men",
                    "--a-charges",
                    "--rounds",
                    "1",
                ],
                vec![
                    "preview",
                    "melee",
                    "--a-list",
                    "lists/voltigeurs-hussars.toml",
                    "--a-unit",
                    "3",
                    "--b-list",
                    "lists/sharpe-patrol.toml",
                    "--b-unit",
                    "3",
                    "--a-charges",
                    "--rounds",
                    "1",
                ],
            ],
            "Capitán melee",
        ),
        (
            vec![vec![
                "preview",
                "--ruleset",
                "wab-aca",
                "shoot",
                "--firer",
                "lists/wab-france-1809.toml:5",
                "--target",
                "lists/wab-russia-1812.toml:5",
            ]],
            "WAB shoot",
        ),
        (
            vec![
                vec![
                    "preview",
                    "--ruleset",
                    "hm-qrs",
                    "shoot",
                    "--shooter",
                    "lists/hm-qrs-donzelot-1815.toml:3",
                    "--target",
                    "lists/hm-qrs-picton-1815.toml:1",
                ],
                vec![
                    "preview",
                    "--ruleset",
                    "hm-qrs",
                    "shoot",
                    "--shooter",
                    "lists/hm-qrs-donzelot-1815.toml:17e de ligne",
                    "--target",
                    "lists/hm-qrs-picton-1815.toml:1/28th (North Gloucestershire)",
                ],
                vec![
                    "preview",
                    "--ruleset",
                    "hm-qrs",
                    "shoot",
                    "--shooter",
                    "line-infantry",
                    "--shooter-size",
                    "large",
                    "--target",
                    "veteran-infantry",
                ],
            ],
            "hm-qrs shoot",
        ),
        (
            vec![
                vec![
                    "preview",
                    "--ruleset",
                    "hm-qrs",
                    "melee",
                    "--a",
                    "lists/hm-qrs-donzelot-1815.toml:7",
                    "--b",
                    "lists/hm-qrs-picton-1815.toml:2",
                ],
                vec![
                    "preview",
                    "--ruleset",
                    "hm-qrs",
                    "melee",
                    "--a",
                    "heavy-cavalry",
                    "--b",
                    "line-infantry",
                ],
            ],
            "hm-qrs melee",
        ),
        (
            vec![
                vec![
                    "preview",
                    "--ruleset",
                    "thucydide",
                    "combat",
                    "--attacker",
                    "lists/thucydide-macedoniens.toml:3",
                    "--defender",
                    "lists/thucydide-perses.toml:Kardakes",
                ],
                vec![
                    "preview",
                    "--ruleset",
                    "thucydide",
                    "combat",
                    "--attacker",
                    "hoplites",
                    "--defender",
                    "peltastes",
                ],
            ],
            "Thucydide combat",
        ),
    ] {
        let outputs: Vec<String> = same
            .iter()
            .map(|args| {
                let mut a = args.clone();
                a.extend(["--format", "json"]);
                ok(&a)
            })
            .collect();
        for (args, out) in same.iter().zip(&outputs).skip(1) {
            assert_eq!(out, &outputs[0], "{what}: {args:?}");
        }
    }
    // The WAB list unit is the entry as the list bought it (its figures, elite, flag).
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "shoot",
        "--firer",
        "lists/wab-france-1809.toml:5",
        "--target",
        "lists/wab-russia-1812.toml:5",
        "--format",
        "json",
    ]))
    .unwrap();
    assert!(
        v["firer"]
            .as_str()
            .unwrap()
            .contains("unit 5 of lists/wab-france-1809.toml"),
        "{v}"
    );
}

/// Every refusal says what is wrong and how a list's unit is named; whole stderr compared.
#[test]
fn a_value_that_looks_like_a_list_unit_but_is_not() {
    let naming = "a unit of a list file is named FILE:N (its number, as `muster check` numbers them) or FILE:LABEL (its label), e.g. lists/army.toml:3; a unit of a game GAME:a3";
    for (args, stderr) in [
        (
            vec!["preview", "charge", "--charger", "mine.toml:3", "--target", "gb-45th-line"],
            format!("error: cannot read mine.toml: No such file or directory (os error 2); {naming}\n"),
        ),
        (
            vec!["preview", "charge", "--charger", "lists/voltigeurs-hussars.toml", "--target", "gb-45th-line"],
            format!("error: invalid value 'lists/voltigeurs-hussars.toml' for '--charger <UNIT>': `lists/voltigeurs-hussars.toml` names a file: {naming}\n\nFor more information, try '--help'.\n"),
        ),
        (
            vec!["preview", "charge", "--charger", "lists/voltigeurs-hussars.toml:0", "--target", "gb-45th-line"],
            "error: invalid value 'lists/voltigeurs-hussars.toml:0' for '--charger <UNIT>': `lists/voltigeurs-hussars.toml:0`: units are numbered from 1 (as `muster check` prints them)\n\nFor more information, try '--help'.\n".to_owned(),
        ),
        (
            vec!["preview", "charge", "--charger", "lists/voltigeurs-hussars.toml:Hussars", "--target", "gb-45th-line"],
            "error: lists/voltigeurs-hussars.toml has no unit labelled `Hussars`; its units: 1 Capitaine Dubreton, 2 6e Léger / Compagnie de voltigeurs, 3 1er Hussards / Escadron\n".to_owned(),
        ),
        (
            vec!["preview", "charge", "--charger", "lists/voltigeurs-hussars.toml:4", "--target", "gb-45th-line"],
            "error: lists/voltigeurs-hussars.toml has 3 units: there is no unit 4\n".to_owned(),
        ),
        (
            vec!["preview", "charge", "--charger", "lists/wab-france-1809.toml:1", "--target", "gb-45th-line"],
            "error: lists/wab-france-1809.toml is a list for WAB: Au crépuscule de l'Aigle, not for Capitán\n".to_owned(),
        ),
        (
            vec!["preview", "charge", "--charger", "gb-45th-line:8", "--target", "gb-45th-line:8"],
            format!("error: invalid value 'gb-45th-line:8' for '--target <UNIT>': `gb-45th-line:8`: expected an id (this unit takes no figures); {naming}\n\nFor more information, try '--help'.\n"),
        ),
        (
            vec!["preview", "charge", "--charger", "gb-45th-lin.e", "--target", "gb-45th-line"],
            format!("error: unknown sheet `gb-45th-lin.e`; did you mean 45th (Nottinghamshire) Regiment of Foot (`gb-45th-line`)? ({naming})\n"),
        ),
        (
            vec!["preview", "--ruleset", "hm-qrs", "shoot", "--shooter", "lists/sharpe-patrol.toml:1", "--target", "line-infantry"],
            "error: lists/sharpe-patrol.toml is a list for Capitán, not for Horse and musket (quick reference)\n".to_owned(),
        ),
    ] {
        let run = muster(&args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stderr, stderr, "{args:?}");
        assert!(run.stdout.is_empty());
    }
    // Two units of one label: name one by its number.
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("twins.toml");
    std::fs::write(
        &list,
        "[list]\nname = \"Twins\"\nruleset = \"thucydide\"\n\n[[units]]\nunit = \"hoplites\"\nlabel = \"Phalange\"\n\n[[units]]\nunit = \"hoplites\"\nlabel = \"Phalange\"\n",
    )
    .unwrap();
    let arg = format!("{}:Phalange", list.display());
    let run = muster(&[
        "preview",
        "--ruleset",
        "thucydide",
        "combat",
        "--attacker",
        &arg,
        "--defender",
        "peltastes",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!(
            "error: {0} has 2 units labelled `Phalange` (units 1, 2): name one by its number, {0}:N\n",
            list.display()
        )
    );
}

/// Help says how a unit is named, in every procedure that takes one.
#[test]
fn help_says_how_units_are_named() {
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["rulesets", "--format", "json"])).unwrap();
    for r in v.as_array().unwrap() {
        let id = r["id"].as_str().unwrap();
        for p in r["supports"]["previews"].as_array().unwrap() {
            let p = p.as_str().unwrap();
            let help = ok(&["preview", "--ruleset", id, p, "--help"]);
            let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
            if help.contains("<UNIT>") {
                assert!(
                    help.contains("or a unit of a list file: FILE:N (its number, as `muster check` numbers them) or FILE:LABEL (its label)"),
                    "{id} {p}:\n{help}"
                );
            }
        }
    }
}
