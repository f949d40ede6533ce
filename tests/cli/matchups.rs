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

/// A Capitán gun's dodge number for an ammunition and range, and the blank shots' top roll,
/// from the rules table (§12.11, §12.13).
fn gun_table(gun_type: &str, ammo: &str, range: &str) -> (i64, i64) {
    let text =
        std::fs::read_to_string(super::root().join("unit-sheets/capitan/artillery.toml")).unwrap();
    let t: toml::Table = text.parse().unwrap();
    let gun = t["gun"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["type"].as_str() == Some(gun_type))
        .unwrap();
    let need = gun[ammo][&format!("dodge_{range}")].as_integer().unwrap();
    let blank = t["general"]["blank_shot_max"].as_integer().unwrap();
    (need, blank)
}

/// P(1d6 + factors ≥ need), by counting faces.
fn p_dodge(need: i64, factors: i64) -> f64 {
    (1..=6).filter(|d| d + factors >= need).count() as f64 / 6.0
}

/// The cell of a table (procedure, way) for the list's unit `unit` and the opponent's `enemy`.
fn cell<'a>(
    m: &'a serde_json::Value,
    procedure: &str,
    way: &str,
    unit: u64,
    enemy: u64,
) -> &'a serde_json::Value {
    m["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["procedure"] == procedure
                && c["way"] == way
                && c["unit"] == unit
                && c["enemy"] == enemy
        })
        .unwrap()
}

/// A gun's fire cell is its deadliest shot (issue 36): the 8-pounder (type III, veteran
/// gunners: a d8 deviation die) of lists/french-column.toml at the 8 voltigeurs. At short
/// range (the gun's effective range, reading gun-range-bands) canister needs a dodge the die
/// cannot reach; behind medium cover canister does nothing (§12.13) and round shot is taken,
/// its dodge +2. It counted the gunners' muskets alone before (0.80).
#[test]
fn a_guns_cell_is_its_deadliest_shot() {
    let figures = 8.0; // the voltigeurs of lists/voltigeurs-hussars.toml
    let d8 = 8.0; // veteran gunners' deviation die (§12.11)
    for (cover, ammo, factors) in [("none", "canister", 0), ("medium", "roundshot", 2)] {
        let m = json(&muster(&[
            "matchups",
            "lists/french-column.toml",
            "--against",
            "lists/voltigeurs-hussars.toml",
            "--choice",
            &format!("cover={cover}"),
            "--format",
            "json",
        ]));
        let c = cell(&m, "fire", "out", 4, 2);
        let (need, blank) = gun_table("III", ammo, "effective");
        let expected = figures * (1.0 - blank as f64 / d8) * (1.0 - p_dodge(need, factors));
        assert_eq!(c["shows"], "artillery", "{c}");
        assert_eq!(c["variant"], ammo, "{c}");
        let mean = c["mean"].as_f64().unwrap();
        assert!(
            (mean - expected).abs() < 1e-12,
            "{cover}: {mean} vs {expected}"
        );
        let words: Vec<&str> = command(c);
        assert_eq!(
            words,
            [
                "preview",
                "artillery",
                "--gun",
                "lists/french-column.toml:4",
                "--target",
                "lists/voltigeurs-hussars.toml:2",
                "--cover",
                cover,
                "--ammo",
                ammo,
                "--range",
                "effective"
            ]
        );
        // The same cell the other way: the voltigeurs fire at the gun with their muskets.
        let back = cell(&m, "fire", "in", 4, 2);
        assert!(back.get("variant").is_none(), "{back}");
    }
    // The text marks the cell and says what the mark means.
    let run = muster(&[
        "matchups",
        "lists/french-column.toml",
        "--against",
        "lists/voltigeurs-hussars.toml",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("4  Pièce de 8                 2.50 c  5.00 c  3.75 c\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("\n  c: the gun's canister, all the target under the template: at most (muster preview artillery)\n"),
        "{}",
        run.stdout
    );
}

/// A cavalry unit's melee cell is its charge (issue 36), and the enemy's cavalry charges
/// into the list's units: the hussars of lists/voltigeurs-hussars.toml, each way, while no
/// one is said to charge; said to, the cell plays what it is told.
#[test]
fn cavalry_charges_in_its_melee_cells() {
    let m = json(&muster(&[
        "matchups",
        "lists/voltigeurs-hussars.toml",
        "--against",
        "lists/french-column.toml",
        "--format",
        "json",
    ]));
    for enemy in 1..=4 {
        let c = cell(&m, "melee", "out", 3, enemy);
        assert_eq!(c["variant"], "charging", "{c}");
        assert!(
            c["command"]
                .as_array()
                .unwrap()
                .iter()
                .any(|w| w == "--a-charges"),
            "{c}"
        );
        // The voltigeurs on foot fight as they stand.
        assert!(cell(&m, "melee", "out", 2, enemy).get("variant").is_none());
    }
    let m = json(&muster(&[
        "matchups",
        "lists/french-column.toml",
        "--against",
        "lists/voltigeurs-hussars.toml",
        "--format",
        "json",
    ]));
    let c = cell(&m, "melee", "out", 2, 3);
    assert_eq!(c["variant"], "charged", "{c}");
    assert!(
        c["command"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w == "--b-charges"),
        "{c}"
    );
    let m = json(&muster(&[
        "matchups",
        "lists/voltigeurs-hussars.toml",
        "--against",
        "lists/french-column.toml",
        "--choice",
        "charge=b",
        "--format",
        "json",
    ]));
    let c = cell(&m, "melee", "out", 3, 2);
    assert!(c.get("variant").is_none(), "{c}");
    assert!(
        c["command"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w == "--b-charges"),
        "{c}"
    );
}

/// The builder's duels preview a charge each way and a gun's shot (issue 36): between the
/// 8-pounder and the voltigeurs, the gun's canister (the page's choice of ammunition) at all 8
/// of them; between two units without a gun, no artillery card at all.
#[test]
fn the_builders_duels_preview_charges_and_guns() {
    let s = super::serve::Server::start();
    let r = s.get(
        "/api/lists/french-column.toml/duel?against=voltigeurs-hussars.toml&unit=4&enemy=2&lang=en",
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let body = r.json();
    let duels = body["duels"].as_array().unwrap();
    let procedures: Vec<&str> = duels
        .iter()
        .map(|d| d["procedure"].as_str().unwrap())
        .collect();
    assert_eq!(
        procedures,
        ["fire", "fire", "melee", "charge", "charge", "artillery"]
    );
    let gun = &duels[5];
    assert_eq!(
        gun["title"],
        "Artillery: Pièce de 8 at 6e Léger / Compagnie de voltigeurs (canister)"
    );
    let (need, blank) = gun_table("III", "canister", "effective");
    let expected = 8.0 * (1.0 - blank as f64 / 8.0) * (1.0 - p_dodge(need, 0));
    assert!(
        (gun["headline"][0]["value"].as_f64().unwrap() - expected).abs() < 1e-12,
        "{gun}"
    );
    assert!(gun["svg"].as_str().is_some_and(|s| s.starts_with("<svg")));
    // A charge is two chances (it goes in, §5.1; the courage doubled, §5.2), without a chart.
    assert!(duels[3].get("svg").is_none());
    assert_eq!(
        duels[3]["headline"][0]["label"],
        "The charge goes in (§5.1)"
    );
    let r = s.get(
        "/api/lists/french-column.toml/duel?against=voltigeurs-hussars.toml&unit=2&enemy=2&lang=fr",
    );
    let body = r.json();
    let procedures: Vec<&str> = duel_procedures(&body);
    assert_eq!(procedures, ["fire", "fire", "melee", "charge", "charge"]);
    let choices: Vec<&str> = body["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    assert!(
        choices.contains(&"Munition du canon (artillerie, §12.12)"),
        "{choices:?}"
    );
}

/// WAB's cavalry attacks charging in its combat cells (ACA p.5), and the cell's command gives
/// its number; infantry attacks as it stands.
#[test]
fn wab_cavalry_charges_in_its_combat_cells() {
    let m = json(&muster(&[
        "matchups",
        "lists/wab-great-britain-1812.toml",
        "--against",
        "lists/wab-france-1809.toml",
        "--format",
        "json",
    ]));
    let c = cell(&m, "combat", "out", 9, 5);
    assert_eq!(c["variant"], "charging", "{c}");
    let mut words: Vec<&str> = command(c);
    assert!(words.contains(&"--charge"), "{c}");
    words.extend(["--format", "json"]);
    let run = muster(&words);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!((json(&run)["mean"].as_f64().unwrap() - c["mean"].as_f64().unwrap()).abs() < 1e-12);
    assert!(cell(&m, "combat", "out", 6, 5).get("variant").is_none());
}

/// A WAB battery's shooting cell is its deadliest shot (issue 36): the French foot battery
/// of 6 (lists/wab-france-1809.toml unit 13) at the first battalion of Smolensk (28
/// musketeers, lists/wab-russia-1812.toml unit 5) fires canister at the figures its half
/// template covers (reading gun-path), worked out here from the data; its command gives the
/// same number. At a general its gunners' carbines do more than canister at one figure; the
/// battalion fires back with its muskets. It counted the gunners' carbines alone before (1.33).
#[test]
fn a_wab_batterys_cell_is_its_deadliest_shot() {
    let m = json(&muster(&[
        "matchups",
        "lists/wab-france-1809.toml",
        "--against",
        "lists/wab-russia-1812.toml",
        "--format",
        "json",
    ]));
    let c = cell(&m, "shoot", "out", 13, 5);
    assert_eq!(c["shows"], "artillery", "{c}");
    assert_eq!(c["variant"], "canister", "{c}");
    let (_, canister) =
        super::wab_aca::battery_shot("fr-foot-battery-6", "canister", "ru-musketeers", 28, 2);
    let (_, roundshot) =
        super::wab_aca::battery_shot("fr-foot-battery-6", "roundshot", "ru-musketeers", 28, 2);
    assert!(canister > roundshot);
    let mean = c["mean"].as_f64().unwrap();
    assert!((mean - canister).abs() < 1e-12, "{mean} vs {canister}");
    let mut words: Vec<&str> = command(c);
    assert_eq!(
        words,
        [
            "preview",
            "artillery",
            "--ruleset",
            "wab-aca",
            "--battery",
            "lists/wab-france-1809.toml:13",
            "--target",
            "lists/wab-russia-1812.toml:5",
            "--ammo",
            "canister"
        ]
    );
    words.extend(["--format", "json"]);
    let run = muster(&words);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!((json(&run)["mean"].as_f64().unwrap() - mean).abs() < 1e-12);
    assert!(cell(&m, "shoot", "out", 13, 1).get("variant").is_none());
    assert!(cell(&m, "shoot", "in", 13, 5).get("variant").is_none());
    // The Russian light company's canister at the French line, the other way.
    assert_eq!(cell(&m, "shoot", "in", 5, 12)["variant"], "canister");
    // The text marks the cell and says what the mark means.
    let run = muster(&[
        "matchups",
        "lists/wab-france-1809.toml",
        "--against",
        "lists/wab-russia-1812.toml",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let row = run
        .stdout
        .lines()
        .find(|l| l.starts_with("13  Batterie à pied"))
        .unwrap();
    assert!(row.contains(&format!("{canister:.2} c")), "{row}");
    assert!(
        run.stdout
            .contains("\n  c: the battery's canister (muster preview artillery)\n"),
        "{}",
        run.stdout
    );
}

/// The builder's duels preview a WAB battery's shot (issue 36): between the French foot
/// battery of 6 and the first battalion of Smolensk, the battery's canister (the page's
/// choice of ammunition; round shot when chosen) at the figures its template covers; the
/// battalion cannot fire artillery, so there is no card the other way; between two
/// battalions, no artillery card at all.
#[test]
fn the_builders_duels_preview_a_wab_batterys_shot() {
    let s = super::serve::Server::start();
    for (ammo, said) in [("canister", "canister"), ("roundshot", "round shot")] {
        let r = s.get(&format!(
            "/api/lists/wab-france-1809.toml/duel?against=wab-russia-1812.toml&unit=13&enemy=5&lang=en&ammo={ammo}"
        ));
        assert_eq!(r.status, 200, "{}", r.text());
        let body = r.json();
        let duels = body["duels"].as_array().unwrap();
        let procedures: Vec<&str> = duels
            .iter()
            .map(|d| d["procedure"].as_str().unwrap())
            .collect();
        assert_eq!(procedures, ["shoot", "shoot", "combat", "artillery"]);
        let gun = &duels[3];
        assert_eq!(
            gun["title"],
            format!("Artillery: Batterie à pied, 5e d'artillerie at Régiment de Smolensk, 1er bataillon ({said})")
        );
        let (_, expected) =
            super::wab_aca::battery_shot("fr-foot-battery-6", ammo, "ru-musketeers", 28, 2);
        assert!(
            (gun["headline"][0]["value"].as_f64().unwrap() - expected).abs() < 1e-12,
            "{gun}"
        );
        assert_eq!(gun["headline"][1]["label"], "Misfire");
        assert!(gun["svg"].as_str().is_some_and(|s| s.starts_with("<svg")));
        assert!(
            gun["text"].as_str().unwrap().contains("reading gun-path"),
            "{gun}"
        );
    }
    let r = s.get(
        "/api/lists/wab-france-1809.toml/duel?against=wab-russia-1812.toml&unit=5&enemy=5&lang=fr",
    );
    let body = r.json();
    let procedures: Vec<&str> = duel_procedures(&body);
    assert_eq!(procedures, ["shoot", "shoot", "combat"]);
    let choices: Vec<&str> = body["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    assert!(
        choices.contains(&"Artillerie : munition de la batterie"),
        "{choices:?}"
    );
}

/// A cell's command, its words.
fn command(c: &serde_json::Value) -> Vec<&str> {
    c["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect()
}

/// The procedures of a duel reply's duels, in order.
fn duel_procedures(body: &serde_json::Value) -> Vec<&str> {
    body["duels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["procedure"].as_str().unwrap())
        .collect()
}

/// A melee's headline says the second unit's destruction without an adjective that agrees
/// with its name (issue 38: "Capitaine Dubreton destruida", a man's name in the feminine
/// of "unidad"): in Spanish and French, the command unit's figure names the unit.
#[test]
fn a_melees_headline_agrees_with_no_units_name() {
    let s = super::serve::Server::start();
    for (lang, wrong, right) in [
        (
            "es",
            "Capitaine Dubreton destruida",
            "Capitaine Dubreton: unidad destruida",
        ),
        (
            "fr",
            "Capitaine Dubreton détruite",
            "Capitaine Dubreton : unité détruite",
        ),
    ] {
        let r = s.get(&format!(
            "/api/lists/french-column.toml/duel?against=voltigeurs-hussars.toml&unit=2&enemy=1&lang={lang}"
        ));
        assert_eq!(r.status, 200, "{}", r.text());
        let body = r.json();
        let labels: Vec<&str> = body["duels"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["procedure"] == "melee")
            .flat_map(|d| d["headline"].as_array().unwrap())
            .map(|h| h["label"].as_str().unwrap())
            .collect();
        assert!(labels.iter().all(|l| !l.contains(wrong)), "{labels:?}");
        assert!(labels.contains(&right), "{labels:?}");
    }
}

/// A duel that says one side's chance to win says the other's (issue 38: "< 0.1 % Fusiliers
/// wins the melee", never that the guerrillas win 99.9 %): Capitán's melee, WAB's combat and
/// hm-qrs's hand-to-hand, each side's chance its procedure's own.
#[test]
fn a_duels_headline_gives_both_sides_chances() {
    let s = super::serve::Server::start();
    for (list, other, unit, enemy) in [
        ("french-column.toml", "guerrilla-band.toml", 2, 1),
        ("wab-france-1809.toml", "wab-great-britain-1812.toml", 5, 5),
        ("hm-qrs-donzelot-1815.toml", "hm-qrs-picton-1815.toml", 1, 1),
    ] {
        let r = s.get(&format!(
            "/api/lists/{list}/duel?against={other}&unit={unit}&enemy={enemy}&lang=en"
        ));
        assert_eq!(r.status, 200, "{}", r.text());
        let body = r.json();
        let (a, b) = (
            body["a"]["label"].as_str().unwrap(),
            body["b"]["label"].as_str().unwrap(),
        );
        let mut wins = 0;
        for d in body["duels"].as_array().unwrap() {
            let labels: Vec<(&str, f64)> = d["headline"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|h| (h["label"].as_str().unwrap(), h["value"].as_f64().unwrap()))
                .filter(|(l, _)| l.contains(" wins"))
                .collect();
            if labels.is_empty() {
                continue;
            }
            wins += 1;
            let first = labels
                .iter()
                .find(|(l, _)| l.starts_with(&format!("{a} wins")));
            let second = labels
                .iter()
                .find(|(l, _)| l.starts_with(&format!("{b} wins")));
            let (Some((_, pa)), Some((_, pb))) = (first, second) else {
                panic!("{list}: {labels:?}");
            };
            assert!(
                pa + pb <= 1.0 + 1e-9 && *pa >= 0.0 && *pb >= 0.0,
                "{labels:?}"
            );
        }
        assert!(wins > 0, "{list}: no duel says who wins: {body}");
    }
}
