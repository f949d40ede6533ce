//! `muster matchups`: the contract of its JSON (every cell's command, run, gives its mean),
//! the text tables, refusals.

use super::{json, muster};

/// Runs each cell's command with `--format json` and compares its `mean` with the cell's.
fn every_cell_gives_its_mean(list: &str, against: &str, first: usize) {
    let m = json(&muster(&[
        "matchups",
        list,
        "--against",
        against,
        "--format",
        "json",
    ]));
    let cells = m["cells"].as_array().unwrap();
    let tables = m["tables"].as_array().unwrap();
    // Where each table's number is in its command's JSON (a charge's is /p_success).
    let at = |c: &serde_json::Value| {
        tables
            .iter()
            .find(|t| t["procedure"] == c["procedure"] && t["way"] == c["way"])
            .and_then(|t| t["at"].as_str())
            .unwrap()
            .to_owned()
    };
    let units = m["units"].as_array().unwrap().len();
    let enemies = m["enemies"].as_array().unwrap().len();
    let per_table = units * enemies;
    assert_eq!(
        cells.len(),
        per_table * m["tables"].as_array().unwrap().len()
    );
    let mut checked = 0;
    for c in cells {
        let (i, j) = (c["unit"].as_u64().unwrap(), c["enemy"].as_u64().unwrap());
        if i as usize > first || j as usize > first {
            continue;
        }
        let mut args: Vec<String> = c["command"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(args[0], "preview", "{c}");
        args.extend(["--format".to_owned(), "json".to_owned()]);
        let words: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = muster(&words);
        match c["mean"].as_f64() {
            Some(mean) => {
                assert_eq!(run.code, 0, "{c}: {}", run.stderr);
                let got = json(&run).pointer(&at(c)).and_then(|v| v.as_f64()).unwrap();
                assert!((got - mean).abs() < 1e-12, "{c}: the command gives {got}");
            }
            None => {
                // A pair the engine refuses: the command is refused with the cell's reason.
                assert_eq!(run.code, 2, "{c}: {}", run.stdout);
                let why = c["why"].as_str().unwrap();
                assert!(run.stderr.contains(why), "{c}: {}", run.stderr);
            }
        }
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn capitan_every_cell_gives_its_mean() {
    every_cell_gives_its_mean(
        "lists/sharpe-patrol.toml",
        "lists/voltigeurs-hussars.toml",
        99,
    );
}

#[test]
fn other_rulesets_cells_give_their_means() {
    every_cell_gives_its_mean(
        "lists/wab-france-1809.toml",
        "lists/wab-russia-1812.toml",
        5,
    );
    every_cell_gives_its_mean(
        "lists/hm-qrs-picton-1815.toml",
        "lists/hm-qrs-donzelot-1815.toml",
        3,
    );
    every_cell_gives_its_mean(
        "lists/thucydide-macedoniens.toml",
        "lists/thucydide-perses.toml",
        4,
    );
}

#[test]
fn the_text_is_a_table_per_procedure_and_way() {
    let run = muster(&[
        "matchups",
        "lists/sharpe-patrol.toml",
        "--against",
        "lists/voltigeurs-hussars.toml",
        "--choice",
        "range=long",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let heads: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("fire:") || l.starts_with("melee:"))
        .collect();
    assert_eq!(
        heads,
        [
            "fire: expected casualties inflicted by lists/sharpe-patrol.toml's units",
            "fire: expected casualties inflicted on lists/sharpe-patrol.toml's units",
            "melee: expected casualties in the first round inflicted by lists/sharpe-patrol.toml's units",
        ]
    );
    assert!(run.stdout.starts_with(
        "lists/sharpe-patrol.toml against lists/voltigeurs-hussars.toml (charge=none, cover=none, range=long)\n"
    ));
    assert!(run
        .stdout
        .contains("  v2 6e Léger / Compagnie de voltigeurs\n"));
}

#[test]
fn refusals_name_what_is_wrong() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "matchups",
                "lists/sharpe-patrol.toml",
                "--against",
                "lists/wab-russia-1812.toml",
            ],
            "error: lists/wab-russia-1812.toml is a wab-aca list: it cannot face a capitan list\n",
        ),
        (
            &[
                "matchups",
                "lists/sharpe-patrol.toml",
                "--against",
                "lists/voltigeurs-hussars.toml",
                "--choice",
                "weather=rain",
            ],
            "error: `weather` is not a choice of these previews; known: range, cover, ammo, charge\n",
        ),
        (
            &[
                "matchups",
                "lists/sharpe-patrol.toml",
                "--against",
                "lists/voltigeurs-hussars.toml",
                "--choice",
                "range=far",
            ],
            "error: range=far: one of short, medium, long\n",
        ),
        (
            &[
                "matchups",
                "lists/sharpe-patrol.toml",
                "--against",
                "lists/voltigeurs-hussars.toml",
                "--choice",
                "range",
            ],
            "error: --choice range: expected NAME=VALUE (range=long, cover=light, …)\n",
        ),
    ];
    for (args, stderr) in cases {
        let run = muster(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stderr, *stderr, "{args:?}");
    }
}

/// The matchup table asks each preview for its numbers alone (`Request::numbers_only`: no
/// text, most of the work): for every duel between the units of each ruleset's shipped lists,
/// those numbers are the whole preview's, its JSON and its series, or its refusal the same.
#[test]
fn a_preview_of_numbers_only_has_the_whole_previews_numbers() {
    use muster::commands::check::{open_list, open_other};
    use muster::core::source::Sources;
    use muster::rulesets::duel::{duel_request, duel_situation, DuelSide};
    let dirs = [super::root().join("unit-sheets")];
    let mut compared = 0;
    for (a, b) in [
        ("sharpe-patrol", "voltigeurs-hussars"),
        ("french-column", "guerrilla-band"),
        ("wab-france-1809", "wab-russia-1812"),
        ("wab-great-britain-1812", "wab-france-1809"),
        ("hm-qrs-picton-1815", "hm-qrs-donzelot-1815"),
        ("thucydide-macedoniens", "thucydide-perses"),
    ] {
        let (pa, pb) = (
            super::root().join(format!("lists/{a}.toml")),
            super::root().join(format!("lists/{b}.toml")),
        );
        let mut sources = Sources::new();
        let (engine, la) = open_list(&dirs, &mut sources, &pa, None).unwrap();
        let lb = open_other(engine.as_ref(), &mut sources, &pb).unwrap();
        let meta = engine.ruleset().meta();
        let situation = duel_situation(meta.duel_choices, &Default::default()).unwrap();
        for decl in meta.duels {
            for i in 1..=la.units.len() {
                for j in 1..=lb.units.len() {
                    let side = |list, unit, path| DuelSide { list, unit, path }.unit_ref().unwrap();
                    let (x, y) = (side(&la, i, a), side(&lb, j, b));
                    let mut whole =
                        duel_request(engine.as_ref(), decl, &x, &y, &situation).unwrap();
                    for (name, value) in decl.matchup {
                        whole.set_text(name, value).unwrap();
                    }
                    let mut numbers = whole.clone();
                    numbers.numbers_only();
                    let what = format!("{a} {i} against {b} {j}: {}", decl.procedure);
                    match (engine.preview(&whole), engine.preview(&numbers)) {
                        (Ok(w), Ok(n)) => {
                            assert!(!w.text.is_empty(), "{what}");
                            assert_eq!(n.text, "", "{what}");
                            assert_eq!(n.json, w.json, "{what}");
                            let values =
                                |p: &muster::rulesets::procedure::Preview| -> Vec<Vec<f64>> {
                                    p.series.iter().map(|(_, v)| v.clone()).collect()
                                };
                            assert_eq!(values(&n), values(&w), "{what}");
                        }
                        (Err(w), Err(n)) => assert_eq!(n.to_string(), w.to_string(), "{what}"),
                        (w, n) => panic!("{what}: {:?} but {:?}", w.err(), n.err()),
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 300, "{compared}");
}
