//! `muster game`: a game file between two lists; marks, undo (the file back byte for byte),
//! concurrent marks, refusals naming what exists, previews from a game equal to the same
//! units by hand, WAB's score of a game equal to `muster score` of the battle it describes.

use std::path::{Path, PathBuf};

use super::{json, muster_in, root};

/// A folder with the shipped lists under `lists/` and an empty `games/`.
pub(super) fn table() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("lists")).unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    for e in std::fs::read_dir(root().join("lists")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            std::fs::copy(&p, dir.path().join("lists").join(p.file_name().unwrap())).unwrap();
        }
    }
    dir
}

pub(super) fn run(dir: &Path, args: &[&str]) -> super::Run {
    let data = root().join("unit-sheets");
    let mut all = vec!["--data", data.to_str().unwrap()];
    all.extend_from_slice(args);
    muster_in(dir, &all, &[])
}

pub(super) fn new_game(dir: &Path, name: &str, a: &str, b: &str) -> PathBuf {
    let r = run(
        dir,
        &[
            "game",
            "new",
            &format!("games/{name}"),
            "--list",
            &format!("lists/{a}"),
            "--against",
            &format!("lists/{b}"),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    dir.join("games").join(name)
}

#[test]
fn a_game_file_names_its_lists_and_every_unit() {
    let t = table();
    let path = new_game(
        t.path(),
        "sabugal.toml",
        "sharpe-patrol.toml",
        "voltigeurs-hussars.toml",
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[game]\nruleset = \"capitan\"\na = \"../lists/sharpe-patrol.toml\"\nb = \"../lists/voltigeurs-hussars.toml\"\nturn = 1\n"),
        "{text}"
    );
    assert!(text.contains(
        "a3 = { label = \"Chosen Men\", lost = 0, left = 8, states = [], cost = 216 }\n"
    ));
    // Both armies kept whole: the list files' texts, as they were.
    let kept: toml::Table = toml::from_str(&text).unwrap();
    for (side, l) in [
        ("a", "sharpe-patrol.toml"),
        ("b", "voltigeurs-hussars.toml"),
    ] {
        assert_eq!(
            kept["army"][side].as_str().unwrap(),
            std::fs::read_to_string(root().join("lists").join(l)).unwrap()
        );
    }
    // The lists are never changed.
    for l in ["sharpe-patrol.toml", "voltigeurs-hussars.toml"] {
        assert_eq!(
            std::fs::read(t.path().join("lists").join(l)).unwrap(),
            std::fs::read(root().join("lists").join(l)).unwrap()
        );
    }
    // An existing file is not replaced without --force.
    let r = run(
        t.path(),
        &[
            "game",
            "new",
            "games/sabugal.toml",
            "--list",
            "lists/sharpe-patrol.toml",
            "--against",
            "lists/voltigeurs-hussars.toml",
        ],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: games/sabugal.toml already exists (use --force to replace it)\n"
    );
    // Two rulesets cannot play each other.
    let r = run(
        t.path(),
        &[
            "game",
            "new",
            "games/x.toml",
            "--list",
            "lists/sharpe-patrol.toml",
            "--against",
            "lists/wab-russia-1812.toml",
        ],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: lists/wab-russia-1812.toml is a wab-aca list: it cannot face a capitan list\n"
    );
}

#[test]
fn undo_gives_the_file_back_byte_for_byte_and_comments_stay() {
    let t = table();
    let path = new_game(
        t.path(),
        "g.toml",
        "sharpe-patrol.toml",
        "voltigeurs-hussars.toml",
    );
    // The user's own comments.
    let start = std::fs::read_to_string(&path)
        .unwrap()
        .replace("[units]\n", "# after the first volley\n[units]\n")
        + "# the end\n";
    std::fs::write(&path, &start).unwrap();
    let g = "games/g.toml";
    let marks: &[&[&str]] = &[
        &["a3", "--lost", "3"],
        &["b2", "--state", "activated"],
        &["b2", "--state", "routed"],
        &["b3", "--state", "routed"],
        &["b3", "--state", "activated"],
        &["b2", "--state", "activated", "--off"],
        &["a3", "--back", "1"],
        &["Chosen Men", "--state", "reduced"],
    ];
    let mut snapshots = vec![start.clone()];
    for m in marks {
        let mut args = vec!["game", "mark", g];
        args.extend_from_slice(m);
        let r = run(t.path(), &args);
        assert_eq!(r.code, 0, "{m:?}: {}", r.stderr);
        snapshots.push(std::fs::read_to_string(&path).unwrap());
    }
    let r = run(t.path(), &["game", "mark", g, "--turn"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "turn 2 (1 state of the last turn cleared)\n");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("# after the first volley\n[units]\n"),
        "{text}"
    );
    assert!(text.contains("b3 = { label = \"1er Hussards / Escadron\", lost = 0, left = 6, states = [\"routed\"], cost = 190 }"), "{text}");
    assert!(
        text.contains(
            "a3 = { label = \"Chosen Men\", lost = 2, left = 6, states = [\"reduced\"], cost = 216 }"
        ),
        "{text}"
    );
    // Undo, mark by mark: each time the file as it was.
    assert_eq!(run(t.path(), &["game", "undo", g]).stdout, "undid turn 2\n");
    for expected in snapshots.iter().rev().skip(1) {
        let r = run(t.path(), &["game", "undo", g]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(&std::fs::read_to_string(&path).unwrap(), expected);
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), start);
    let r = run(t.path(), &["game", "undo", g]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: games/g.toml: nothing to undo: the game's log is empty\n"
    );
}

#[test]
fn bad_names_states_and_numbers_say_what_exists() {
    let t = table();
    new_game(
        t.path(),
        "g.toml",
        "sharpe-patrol.toml",
        "voltigeurs-hussars.toml",
    );
    let g = "games/g.toml";
    let cases: &[(&[&str], &str)] = &[
        (
            &["game", "mark", g, "a9", "--lost", "1"],
            "error: games/g.toml: `a9`: side a has 3 units, units are a1 … a3 (Sharpe's patrol) and b1 … b3 (Voltigeurs du 6e Léger et hussards), or their labels\n",
        ),
        (
            &["game", "mark", g, "Rifles", "--lost", "1"],
            "error: games/g.toml: `Rifles` is not a unit of this game: units are a1 … a3 (Sharpe's patrol) and b1 … b3 (Voltigeurs du 6e Léger et hussards), or their labels\n",
        ),
        (
            &["game", "mark", g, "a3", "--state", "routd"],
            "error: games/g.toml: unknown state `routd`; did you mean `routed`?\n",
        ),
        (
            &["game", "mark", g, "a2", "--lost", "3"],
            "error: games/g.toml: a2 (Harper) has 2 left: it cannot lose 3\n",
        ),
        (
            &["game", "mark", g, "a2", "--back", "1"],
            "error: games/g.toml: a2 (Harper) has lost 0: it cannot get 1 back\n",
        ),
        (
            &["game", "mark", g, "a2", "--state", "routed", "--off"],
            "error: games/g.toml: a2 (Harper) is not routed\n",
        ),
        (
            &["game", "mark", g, "a2", "--lost", "0"],
            "error: games/g.toml: --lost 0: from 1 to 1000 (--back gives figures back)\n",
        ),
        (
            &["game", "mark", g, "a", "--value", "eighths=3"],
            "error: games/g.toml: --value eighths=3: Capitán games keep no side values\n",
        ),
        (
            &["game", "mark", g, "a1", "--turn"],
            "error: --turn ends the turn for both sides: give no unit (found `a1`)\n",
        ),
        (
            &["game", "show", "lists/sharpe-patrol.toml"],
            "error: lists/sharpe-patrol.toml is not a game file: it has no [game] ruleset (`muster game new` writes one)\n",
        ),
    ];
    let before = std::fs::read_to_string(t.path().join(g)).unwrap();
    for (args, stderr) in cases {
        let r = run(t.path(), args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr, *stderr, "{args:?}");
        assert_eq!(
            std::fs::read_to_string(t.path().join(g)).unwrap(),
            before,
            "{args:?}"
        );
    }
}

#[test]
fn concurrent_marks_all_land() {
    let t = table();
    let path = new_game(
        t.path(),
        "g.toml",
        "wab-france-1809.toml",
        "wab-russia-1812.toml",
    );
    let dir = t.path().to_path_buf();
    let handles: Vec<_> = (0..16)
        .map(|i| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let unit = if i % 2 == 0 { "a5" } else { "b5" };
                run(&dir, &["game", "mark", "games/g.toml", unit, "--lost", "1"]).code
            })
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), 0);
    }
    let shown = json(&run(
        t.path(),
        &["game", "show", "games/g.toml", "--format", "json"],
    ));
    assert_eq!(shown["a"]["units"][4]["lost"], 8);
    assert_eq!(shown["b"]["units"][4]["lost"], 8);
    assert_eq!(shown["log"].as_array().unwrap().len(), 16);
    assert_eq!(
        std::fs::read_dir(path.parent().unwrap()).unwrap().count(),
        1
    );
}

#[test]
fn previews_from_a_game_equal_the_same_units_by_hand() {
    let t = table();
    new_game(
        t.path(),
        "g.toml",
        "sharpe-patrol.toml",
        "voltigeurs-hussars.toml",
    );
    let g = "games/g.toml";
    let preview = |args: &[&str]| {
        let mut all = vec!["preview"];
        all.extend_from_slice(args);
        all.extend(["--format", "json"]);
        json(&run(t.path(), &all))
    };
    let before = preview(&[
        "fire",
        "--shooter",
        "games/g.toml:a3",
        "--target",
        "games/g.toml:b2",
        "--range",
        "medium",
    ]);
    assert_eq!(
        run(t.path(), &["game", "mark", g, "a3", "--lost", "3"]).code,
        0
    );
    assert_eq!(
        run(t.path(), &["game", "mark", g, "b2", "--lost", "2"]).code,
        0
    );
    let after = preview(&[
        "fire",
        "--shooter",
        "games/g.toml:a3",
        "--target",
        "games/g.toml:b2",
        "--range",
        "medium",
    ]);
    assert!(after["mean"].as_f64() < before["mean"].as_f64(), "{after}");
    // By hand: the same lists with 5 Chosen Men and 6 voltigeurs.
    let lists = t.path().join("lists");
    let patched = |file: &str, from: &str, to: &str| {
        let text = std::fs::read_to_string(lists.join(file)).unwrap();
        assert!(text.contains(from));
        std::fs::write(lists.join(format!("hand-{file}")), text.replace(from, to)).unwrap();
    };
    patched(
        "sharpe-patrol.toml",
        "label = \"Chosen Men\"\nfigures = 8",
        "label = \"Chosen Men\"\nfigures = 5",
    );
    patched("voltigeurs-hussars.toml", "figures = 8", "figures = 6");
    let by_hand = preview(&[
        "fire",
        "--shooter",
        "lists/hand-sharpe-patrol.toml:3",
        "--target",
        "lists/hand-voltigeurs-hussars.toml:2",
        "--range",
        "medium",
    ]);
    for key in [
        "casualties",
        "mean",
        "p_hit",
        "p_dodge",
        "p_rout",
        "p_reduced",
    ] {
        assert_eq!(after[key], by_hand[key], "{key}");
    }
    // A state that bars a unit is refused with its rule.
    assert_eq!(
        run(t.path(), &["game", "mark", g, "b2", "--state", "routed"]).code,
        0
    );
    let r = run(
        t.path(),
        &[
            "preview",
            "fire",
            "--shooter",
            "games/g.toml:b2",
            "--target",
            "games/g.toml:a3",
            "--range",
            "short",
        ],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: b2 (6e Léger / Compagnie de voltigeurs) is routed (§5.2, §6.6, §11): a routed unit takes no action until it is rallied: it cannot be the --shooter of `muster preview fire`\n"
    );
    // …but it can be fired at.
    assert_eq!(
        run(
            t.path(),
            &[
                "preview",
                "fire",
                "--shooter",
                "games/g.toml:a3",
                "--target",
                "games/g.toml:b2",
                "--range",
                "short"
            ]
        )
        .code,
        0
    );
    // hm-qrs: losses are the casualties before, as given by hand.
    new_game(
        t.path(),
        "hm.toml",
        "hm-qrs-picton-1815.toml",
        "hm-qrs-donzelot-1815.toml",
    );
    assert_eq!(
        run(
            t.path(),
            &["game", "mark", "games/hm.toml", "a1", "--lost", "2"]
        )
        .code,
        0
    );
    assert_eq!(
        run(
            t.path(),
            &[
                "game",
                "mark",
                "games/hm.toml",
                "a1",
                "--state",
                "disordered"
            ]
        )
        .code,
        0
    );
    let from_game = preview(&[
        "melee",
        "--ruleset",
        "hm-qrs",
        "--a",
        "games/hm.toml:a1",
        "--b",
        "games/hm.toml:b1",
    ]);
    let by_hand = preview(&[
        "melee",
        "--ruleset",
        "hm-qrs",
        "--a",
        "lists/hm-qrs-picton-1815.toml:1",
        "--b",
        "lists/hm-qrs-donzelot-1815.toml:1",
        "--a-casualties-before",
        "2",
        "--a-disordered",
    ]);
    assert_eq!(from_game, by_hand);
}

#[test]
fn a_wab_game_scores_as_the_battle_it_describes() {
    let t = table();
    new_game(
        t.path(),
        "v.toml",
        "wab-france-1809.toml",
        "wab-russia-1812.toml",
    );
    let g = "games/v.toml";
    let marks: &[&[&str]] = &[
        &["a5", "--lost", "9"],
        &["a9", "--lost", "11"],
        &["a9", "--state", "routed"],
        &["a11", "--lost", "3"],
        &["b5", "--lost", "12"],
        &["b9", "--state", "destroyed"],
        &["b13", "--state", "captured"],
        &["a", "--value", "eighths=3"],
        &["a", "--value", "flags_taken=1"],
        &["a", "--value", "guns_taken=1"],
        &["b", "--value", "eighths=2"],
    ];
    for m in marks {
        let mut args = vec!["game", "mark", g];
        args.extend_from_slice(m);
        assert_eq!(run(t.path(), &args).code, 0, "{m:?}");
    }
    let from_game = json(&run(t.path(), &["game", "score", g, "--format", "json"]));
    // The same battle written by hand, as `muster score` reads it.
    std::fs::write(
        t.path().join("games/v-battle.toml"),
        "[battle]\nname = \"Avant-garde du 4e corps, 1809 — Arrière-garde de Bagration, 1812\"\nruleset = \"wab-aca\"\n\n\
         [[side]]\nname = \"Avant-garde du 4e corps, 1809\"\nlist = \"../lists/wab-france-1809.toml\"\neighths = 3\nflags_taken = 1\nguns_taken = 1\n\
         [[side.unit]]\nunit = 5\nlost = 9\n[[side.unit]]\nunit = 9\nlost = 11\nstatus = \"routed\"\n[[side.unit]]\nunit = 11\nlost = 3\n\n\
         [[side]]\nname = \"Arrière-garde de Bagration, 1812\"\nlist = \"../lists/wab-russia-1812.toml\"\neighths = 2\n\
         [[side.unit]]\nunit = 5\nlost = 12\n[[side.unit]]\nunit = 9\nstatus = \"destroyed\"\n[[side.unit]]\nunit = 13\nstatus = \"captured\"\n",
    )
    .unwrap();
    let by_hand = json(&run(
        t.path(),
        &["score", "games/v-battle.toml", "--format", "json"],
    ));
    assert_eq!(from_game, by_hand);
    assert_eq!(from_game["sides"][0]["score"], 811, "{from_game}");
    // A ruleset without victory rules prints the losses.
    new_game(
        t.path(),
        "c.toml",
        "sharpe-patrol.toml",
        "voltigeurs-hussars.toml",
    );
    assert_eq!(
        run(
            t.path(),
            &["game", "mark", "games/c.toml", "b2", "--lost", "4"]
        )
        .code,
        0
    );
    let r = run(t.path(), &["game", "score", "games/c.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("side b: Voltigeurs du 6e Léger et hussards — 4 lost, worth 99 points\n"),
        "{}",
        r.stdout
    );
}

/// The guide names every state and side value each ruleset's game.toml declares (read from the
/// data, so that a state added there and left out of docs/game.md fails here).
#[test]
fn the_guide_names_every_state_and_value() {
    let guide = std::fs::read_to_string(root().join("docs/game.md")).unwrap();
    let mut missing = Vec::new();
    for e in std::fs::read_dir(root().join("unit-sheets")).unwrap() {
        let path = e.unwrap().path().join("game.toml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let doc: toml::Table = text.parse().unwrap();
        for key in ["state", "value", "threshold"] {
            for item in doc
                .get(key)
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                let id = item["id"].as_str().unwrap();
                if !guide.contains(&format!("`{id}`")) {
                    missing.push(format!("{}: {key} `{id}`", path.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/game.md does not name: {missing:?}"
    );
}

/// A state a unit comes into by its losses (hm-qrs: shaken once its casualties reach its
/// stamina, the unit type's value in the data): shown by `game show`, in the JSON, never marked.
#[test]
fn a_unit_is_shaken_when_its_losses_reach_its_stamina() {
    let t = table();
    new_game(
        t.path(),
        "hm.toml",
        "hm-qrs-picton-1815.toml",
        "hm-qrs-donzelot-1815.toml",
    );
    let show = || {
        json(&run(
            t.path(),
            &["game", "show", "games/hm.toml", "--format", "json"],
        ))
    };
    let a1 = &show()["a"]["units"][0];
    // The stamina of the unit's type, from the data.
    let units = std::fs::read_to_string(root().join("unit-sheets/hm-qrs/units.toml")).unwrap();
    let doc: toml::Table = units.parse().unwrap();
    let stamina = doc["unit"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"].as_str() == a1["id"].as_str())
        .unwrap()["stamina"]
        .as_integer()
        .unwrap();
    assert_eq!(
        a1["thresholds"],
        serde_json::json!([{ "id": "shaken", "at": stamina, "reached": false }])
    );
    let below = (stamina - 1).to_string();
    assert_eq!(
        run(
            t.path(),
            &["game", "mark", "games/hm.toml", "a1", "--lost", &below]
        )
        .code,
        0
    );
    assert_eq!(show()["a"]["units"][0]["thresholds"][0]["reached"], false);
    assert_eq!(
        run(
            t.path(),
            &["game", "mark", "games/hm.toml", "a1", "--lost", "1"]
        )
        .code,
        0
    );
    assert_eq!(show()["a"]["units"][0]["thresholds"][0]["reached"], true);
    let text = run(t.path(), &["game", "show", "games/hm.toml"]).stdout;
    assert!(
        text.contains(&format!("{stamina} lost / stamina {stamina}  shaken\n")),
        "{text}"
    );
    // Not a state to mark.
    let r = run(
        t.path(),
        &["game", "mark", "games/hm.toml", "a1", "--state", "shaken"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: games/hm.toml: `shaken` is not marked: a unit is shaken once its losses reach its stamina (HM, Conditions de test (reading shaken)); mark its losses\n"
    );
}

/// A game's unit answers a fire duel with the losses it had before the volley counted in its
/// test to answer (ACA p.11, "L'unité a subi 25% de pertes": of its starting figures, issue
/// 36): the 24 fusiliers of a5 have lost 5 and reach a quarter with one casualty more.
#[test]
fn a_wab_games_unit_answers_the_fire_duel_with_its_earlier_losses() {
    let t = table();
    new_game(
        t.path(),
        "d.toml",
        "wab-france-1809.toml",
        "wab-russia-1812.toml",
    );
    let marked = run(
        t.path(),
        &["game", "mark", "games/d.toml", "a5", "--lost", "5"],
    );
    assert_eq!(marked.code, 0, "{}", marked.stderr);
    let r = run(
        t.path(),
        &[
            "preview",
            "--ruleset",
            "wab-aca",
            "fire-duel",
            "--firer",
            "ru-musketeers:24",
            "--shots",
            "2",
            "--target",
            "games/d.toml:a5",
            "--format",
            "json",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = json(&r);
    // 2 shots at 1/6 (BS 2: 5+; S3 on T3: 4+; no save); the test on Ld 7, 6 from the first
    // casualty (6 of 24 lost): P(2d6 ≤ 7) = 21/36, P(2d6 ≤ 6) = 15/36.
    let p = 1.0 / 6.0;
    let first = [(1.0 - p) * (1.0 - p), 2.0 * p * (1.0 - p), p * p];
    let answers = first[0] * 21.0 / 36.0 + (first[1] + first[2]) * 15.0 / 36.0;
    let got = v["p_answer"].as_f64().unwrap();
    assert!((got - answers).abs() < 1e-12, "{got} vs {answers}");
    assert_eq!(v["answer_test"], serde_json::json!([7, 6, 6]));
}
