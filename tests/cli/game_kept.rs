//! A game keeps what was played: its armies as they began, whatever becomes of the list files
//! or the data's prices; one count of figures for `game show`, `game score` and the previews;
//! marks and game files bounded by the rules the score and the previews apply.

use std::path::Path;

use super::game::{new_game, run, table};
use super::{json, muster_in, root};

fn ok(dir: &Path, args: &[&str]) -> super::Run {
    let r = run(dir, args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r
}

/// `game show --format json`'s units of a side: (key, label, left, figures).
fn units(dir: &Path, game: &str, side: &str) -> Vec<(String, String, i64, i64)> {
    let v = json(&ok(dir, &["game", "show", game, "--format", "json"]));
    v[side]["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["key"].as_str().unwrap().to_owned(),
                u["label"].as_str().unwrap().to_owned(),
                u["left"].as_i64().unwrap_or(-1),
                u["figures"].as_i64().unwrap_or(-1),
            )
        })
        .collect()
}

#[test]
fn a_list_edited_or_deleted_never_changes_a_game() {
    let t = table();
    let d = t.path();
    // A list of one's own, so that it can be edited and deleted.
    std::fs::copy(d.join("lists/sharpe-patrol.toml"), d.join("lists/sp.toml")).unwrap();
    new_game(d, "g.toml", "sp.toml", "voltigeurs-hussars.toml");
    let g = "games/g.toml";
    ok(d, &["game", "mark", g, "a3", "--lost", "6"]);
    ok(d, &["game", "mark", g, "a2", "--lost", "1"]);
    let before = units(d, g, "a");
    let score_before = ok(d, &["game", "score", g]).stdout;
    // The case: unit 1 of the list removed, a figure count changed.
    ok(d, &["list", "remove", "lists/sp.toml", "1"]);
    let r = ok(d, &["list", "set", "lists/sp.toml", "2", "--figures", "6"]);
    assert!(
        r.stderr.contains(
            "note: games/g.toml plays this list as it was when the game began: the game does not change\n"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(units(d, g, "a"), before);
    assert_eq!(
        before,
        vec![
            ("a1".into(), "Sharpe".into(), 3, 3),
            ("a2".into(), "Harper".into(), 1, 2),
            ("a3".into(), "Chosen Men".into(), 2, 8),
        ]
    );
    assert_eq!(ok(d, &["game", "score", g]).stdout, score_before);
    let show = ok(d, &["game", "show", g]).stdout;
    assert!(
        show.contains(
            "note: lists/sp.toml changed since the game began: the game keeps the army as it was\n"
        ),
        "{show}"
    );
    // Undo takes Harper's loss back, on Harper.
    assert_eq!(ok(d, &["game", "undo", g]).stdout, "undid a2's lost 1\n");
    assert_eq!(units(d, g, "a")[1], ("a2".into(), "Harper".into(), 2, 2));
    assert_eq!(
        units(d, g, "a")[2],
        ("a3".into(), "Chosen Men".into(), 2, 8)
    );
    // The list deleted: the game goes on, and says so.
    std::fs::remove_file(d.join("lists/sp.toml")).unwrap();
    let show = ok(d, &["game", "show", g]).stdout;
    assert!(
        show.contains(
            "note: lists/sp.toml is gone: the game keeps the army as it was when it began\n"
        ),
        "{show}"
    );
    ok(d, &["game", "mark", g, "a1", "--lost", "1"]);
    ok(d, &["game", "mark", g, "--turn"]);
    let r = ok(
        d,
        &[
            "preview",
            "fire",
            "--shooter",
            "games/g.toml:a3",
            "--target",
            "games/g.toml:b2",
            "--range",
            "short",
        ],
    );
    assert!(
        r.stdout
            .starts_with("Fire: Chosen Men (2 figures, a3 of games/g.toml)"),
        "{}",
        r.stdout
    );
    ok(d, &["game", "score", g]);
}

#[test]
fn a_game_written_before_armies_were_kept_follows_its_lists_until_its_next_mark() {
    let t = table();
    let d = t.path();
    std::fs::copy(d.join("lists/sharpe-patrol.toml"), d.join("lists/sp.toml")).unwrap();
    let path = new_game(d, "old.toml", "sp.toml", "voltigeurs-hussars.toml");
    // The file as muster wrote it before: no [army], no costs.
    let text = std::fs::read_to_string(&path).unwrap();
    let old: String = text[..text.find("\n# The armies as they stood").unwrap()]
        .lines()
        .map(|l| {
            let l = match l.find(", cost = ") {
                Some(i) => format!("{} }}", &l[..i]),
                None => l.to_owned(),
            };
            l + "\n"
        })
        .collect();
    assert!(!old.contains("cost") && !old.contains("[army]"), "{old}");
    std::fs::write(&path, &old).unwrap();
    assert_eq!(units(d, "games/old.toml", "a")[2].3, 8);
    // It follows the list until its next mark…
    ok(d, &["list", "set", "lists/sp.toml", "3", "--figures", "10"]);
    assert_eq!(units(d, "games/old.toml", "a")[2].3, 10);
    ok(d, &["game", "mark", "games/old.toml", "a3", "--lost", "1"]);
    // …which keeps the army as the list was then.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[army]\n"), "{text}");
    assert!(text.contains("cost = 244 }"), "{text}");
    ok(d, &["list", "set", "lists/sp.toml", "3", "--figures", "6"]);
    assert_eq!(
        units(d, "games/old.toml", "a")[2],
        ("a3".into(), "Chosen Men".into(), 9, 10)
    );
}

#[test]
fn a_game_keeps_the_prices_it_began_with() {
    let t = table();
    let d = t.path();
    // The data copied, so that a sheet's cost can change.
    let data = d.join("data");
    copy_dir(&root().join("unit-sheets"), &data);
    let with = |args: &[&str]| {
        let mut all = vec!["--data", data.to_str().unwrap()];
        all.extend_from_slice(args);
        muster_in(d, &all, &[])
    };
    let r = with(&[
        "game",
        "new",
        "games/g.toml",
        "--list",
        "lists/sharpe-patrol.toml",
        "--against",
        "lists/voltigeurs-hussars.toml",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        with(&["game", "mark", "games/g.toml", "a3", "--lost", "4"]).code,
        0
    );
    let before = with(&["game", "score", "games/g.toml"]).stdout;
    assert!(before.contains("a3  Chosen Men  4     108"), "{before}");
    // The riflemen's cost per figure raised in the data.
    let sheets = data.join("capitan/sheets");
    let mut changed = false;
    for e in std::fs::read_dir(&sheets).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        if let Some(at) = text.find("id = \"gb-95th-riflemen\"") {
            let rest = &text[at..];
            let cost_at = at + rest.find("\npoints = ").unwrap() + 1;
            let end = cost_at + text[cost_at..].find('\n').unwrap();
            let new = format!("{}points = 40{}", &text[..cost_at], &text[end..]);
            std::fs::write(&p, new).unwrap();
            changed = true;
        }
    }
    assert!(changed, "no riflemen sheet in {}", sheets.display());
    let after = with(&["game", "score", "games/g.toml"]);
    assert_eq!(after.code, 0, "{}", after.stderr);
    assert_eq!(after.stdout, before);
    let show = with(&["game", "show", "games/g.toml"]).stdout;
    assert!(
        show.contains(
            "note: a3 Chosen Men: the data price it 320 points now; the game keeps 216\n"
        ),
        "{show}"
    );
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let dest = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_dir(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).unwrap();
        }
    }
}

#[test]
fn game_new_refuses_to_replace_one_of_its_own_lists() {
    let t = table();
    let d = t.path();
    let list = std::fs::read(d.join("lists/sharpe-patrol.toml")).unwrap();
    let r = run(
        d,
        &[
            "game",
            "new",
            "lists/sharpe-patrol.toml",
            "--list",
            "lists/sharpe-patrol.toml",
            "--against",
            "lists/voltigeurs-hussars.toml",
            "--force",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        std::fs::read(d.join("lists/sharpe-patrol.toml")).unwrap(),
        list
    );
}

#[test]
fn a_damaged_log_is_refused_not_a_panic() {
    let t = table();
    let d = t.path();
    let path = new_game(d, "g.toml", "sharpe-patrol.toml", "voltigeurs-hussars.toml");
    ok(d, &["game", "mark", "games/g.toml", "a3", "--lost", "2"]);
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("lost = 2\n", "back = 4294967295\n");
    std::fs::write(&path, &text).unwrap();
    let r = run(d, &["game", "undo", "games/g.toml"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: games/g.toml: mark 1 of the log has back = 4294967295: from 1 to 1000\n"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn one_count_of_figures_for_show_score_and_the_card() {
    let t = table();
    let d = t.path();
    new_game(d, "w.toml", "wab-france-1809.toml", "wab-russia-1812.toml");
    let g = "games/w.toml";
    let a = units(d, g, "a");
    // The card's boxes: a battalion's rank and file and its officer (ACA p.5).
    let list = json(&run(
        d,
        &["check", "lists/wab-france-1809.toml", "--format", "json"],
    ));
    let (n, row) = list["units"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .find(|(_, u)| u["figures"].as_i64().is_some_and(|f| f > 20))
        .unwrap();
    let (key, label, _, count) = a[n].clone();
    assert_eq!(count, row["figures"].as_i64().unwrap() + 1);
    ok(d, &["game", "mark", g, &key, "--lost", "8"]);
    let show = ok(d, &["game", "show", g]).stdout;
    assert!(
        show.contains(&format!("{}  / {count}", count - 8).replace("  /", " /")),
        "{show}"
    );
    let score = ok(d, &["game", "score", g]).stdout;
    assert!(
        score.contains(&format!("{label}: 8 of {count} lost")),
        "{score}"
    );
}

#[test]
fn a_worn_unit_is_previewed_with_what_it_has_left() {
    let t = table();
    let d = t.path();
    new_game(d, "w.toml", "wab-france-1809.toml", "wab-russia-1812.toml");
    let g = "games/w.toml";
    let a = units(d, g, "a");
    let (key, _, _, count) = a.iter().find(|u| u.3 > 20).unwrap().clone();
    let lost = (count - 4).to_string();
    ok(d, &["game", "mark", g, &key, "--lost", &lost]);
    let unit = format!("{g}:{key}");
    let b = units(d, g, "b");
    let enemy = format!("{g}:{}", b.iter().find(|u| u.3 > 20).unwrap().0);
    for args in [
        vec!["--ruleset", "wab-aca", "test", "--unit", &unit],
        vec![
            "--ruleset",
            "wab-aca",
            "shoot",
            "--firer",
            &unit,
            "--target",
            &enemy,
        ],
        vec![
            "--ruleset",
            "wab-aca",
            "combat",
            "--attacker",
            &unit,
            "--defender",
            &enemy,
        ],
    ] {
        let mut all = vec!["preview"];
        all.extend(args);
        let r = run(d, &all);
        assert_eq!(r.code, 0, "{all:?}: {}", r.stderr);
    }
    // Its last figures lost: refused by its name in the game.
    ok(d, &["game", "mark", g, &key, "--lost", "4"]);
    let r = run(
        d,
        &[
            "preview",
            "--ruleset",
            "wab-aca",
            "shoot",
            "--firer",
            &unit,
            "--target",
            &enemy,
        ],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!(
            "error: {key} {} has no figure left: it takes no part in a preview\n",
            a.iter().find(|u| u.0 == key).unwrap().1
        )
    );
}

#[test]
fn a_destroyed_unit_is_refused_in_every_ruleset() {
    let t = table();
    let d = t.path();
    for (name, a, b, ruleset, proc_args) in [
        (
            "c.toml",
            "sharpe-patrol.toml",
            "voltigeurs-hussars.toml",
            "capitan",
            vec![
                "fire",
                "--shooter",
                "games/c.toml:a3",
                "--target",
                "games/c.toml:b2",
                "--range",
                "short",
            ],
        ),
        (
            "t.toml",
            "thucydide-macedoniens.toml",
            "thucydide-perses.toml",
            "thucydide",
            vec![
                "combat",
                "--attacker",
                "games/t.toml:a3",
                "--defender",
                "games/t.toml:b2",
            ],
        ),
    ] {
        new_game(d, name, a, b);
        let g = format!("games/{name}");
        let (key, label, left, _) = units(d, &g, "a")[2].clone();
        ok(d, &["game", "mark", &g, &key, "--lost", &left.to_string()]);
        let mut all = vec!["preview", "--ruleset", ruleset];
        all.extend(proc_args.iter().copied());
        let r = run(d, &all);
        assert_eq!(r.code, 2, "{ruleset}: {}", r.stdout);
        assert_eq!(
            r.stderr,
            format!("error: {key} {label} has no figure left: it takes no part in a preview\n")
        );
    }
}

#[test]
fn marks_are_bounded_by_the_rules_the_score_and_the_previews_apply() {
    let t = table();
    let d = t.path();
    let w = new_game(d, "w.toml", "wab-france-1809.toml", "wab-russia-1812.toml");
    ok(
        d,
        &["game", "mark", "games/w.toml", "a", "--value", "eighths=5"],
    );
    let text = std::fs::read_to_string(&w).unwrap();
    let r = run(
        d,
        &["game", "mark", "games/w.toml", "b", "--value", "eighths=5"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: games/w.toml: refused: the two sides hold 10 eighths; the table has 8 (score-taken)\n"
    );
    let r = run(
        d,
        &[
            "game",
            "mark",
            "games/w.toml",
            "b",
            "--value",
            "flags_taken=99",
        ],
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .starts_with("error: games/w.toml: refused: flags_taken must be from 0 to "),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&w).unwrap(), text);
    ok(d, &["game", "score", "games/w.toml"]);
    // A hand-written value the score refuses: the score says why.
    std::fs::write(&w, text.replacen("flags_taken = 0", "flags_taken = 100", 1)).unwrap();
    let r = run(d, &["game", "score", "games/w.toml"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with(
            "error: games/w.toml: the game cannot be scored: flags_taken must be from 0 to "
        ),
        "{}",
        r.stderr
    );
    std::fs::write(&w, &text).unwrap();
    // hm-qrs: no count of figures; losses bounded by what the previews take.
    let h = new_game(
        d,
        "h.toml",
        "hm-qrs-donzelot-1815.toml",
        "hm-qrs-picton-1815.toml",
    );
    let text = std::fs::read_to_string(&h).unwrap();
    let r = run(d, &["game", "mark", "games/h.toml", "a1", "--lost", "1000"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.ends_with(
            "has lost 0: a unit loses at most 60 in a game (the most its previews take)\n"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&h).unwrap(), text);
    ok(d, &["game", "mark", "games/h.toml", "a1", "--lost", "60"]);
    let b = units(d, "games/h.toml", "b")[0].0.clone();
    ok(
        d,
        &[
            "preview",
            "--ruleset",
            "hm-qrs",
            "shoot",
            "--shooter",
            "games/h.toml:a1",
            "--target",
            &format!("games/h.toml:{b}"),
        ],
    );
}

#[test]
fn a_game_names_its_lists_without_dot_dot() {
    let t = table();
    let d = t.path();
    std::fs::copy(d.join("lists/sharpe-patrol.toml"), d.join("lists/sp.toml")).unwrap();
    let path = new_game(d, "g.toml", "sp.toml", "voltigeurs-hussars.toml");
    std::fs::remove_file(d.join("lists/sp.toml")).unwrap();
    let show = ok(d, &["game", "show", "games/g.toml"]).stdout;
    assert!(show.contains("note: lists/sp.toml is gone"), "{show}");
    assert!(!show.contains(".."), "{show}");
    // A game written before games kept their armies, whose list is gone: refused, named so.
    let text = std::fs::read_to_string(&path).unwrap();
    let old = &text[..text.find("\n# The armies as they stood").unwrap()];
    std::fs::write(&path, old).unwrap();
    let r = run(d, &["game", "show", "games/g.toml"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: games/g.toml: the game follows lists/sp.toml (it was written before games kept their armies), which cannot be read: No such file or directory (os error 2)\n"
    );
}

mod property {
    //! Random games: marks, undos and turns, with the lists edited, cut down and deleted between
    //! them; after each step `game show`, `game score` and the previews agree with a model of
    //! the losses on every unit's figures.

    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::{json, ok, run, table};

    #[derive(Debug, Clone)]
    enum Step {
        Lost(bool, usize, u32),
        Back(bool, usize, u32),
        Undo,
        Turn,
        /// List a's unit set to other figures.
        EditList(usize, u32),
        /// List a's unit removed.
        CutList(usize),
        DeleteList,
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            4 => (any::<bool>(), 1usize..=3, 1u32..=4).prop_map(|(s, u, k)| Step::Lost(s, u, k)),
            2 => (any::<bool>(), 1usize..=3, 1u32..=3).prop_map(|(s, u, k)| Step::Back(s, u, k)),
            2 => Just(Step::Undo),
            1 => Just(Step::Turn),
            1 => (1usize..=3, 4u32..=12).prop_map(|(u, f)| Step::EditList(u, f)),
            1 => (1usize..=3).prop_map(Step::CutList),
            1 => Just(Step::DeleteList),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: crate::cases(6),
            failure_persistence: None,
            .. ProptestConfig::default()
        })]
        #[test]
        fn show_score_and_previews_agree_whatever_happens_to_the_lists(steps in prop::collection::vec(step(), 1..10)) {
            let t = table();
            let d = t.path();
            std::fs::copy(d.join("lists/sharpe-patrol.toml"), d.join("lists/sp.toml")).unwrap();
            super::new_game(d, "g.toml", "sp.toml", "voltigeurs-hussars.toml");
            let g = "games/g.toml";
            let start = super::units(d, g, "a").into_iter().chain(super::units(d, g, "b"));
            let count: BTreeMap<String, i64> = start.map(|u| (u.0, u.3)).collect();
            let mut lost: BTreeMap<String, i64> = count.keys().map(|k| (k.clone(), 0)).collect();
            // The log as the model sees it: each mark's unit and change (None for a turn).
            let mut log: Vec<Option<(String, i64)>> = Vec::new();
            for s in &steps {
                match s {
                    Step::Lost(side, u, k) | Step::Back(side, u, k) => {
                        let key = format!("{}{u}", if *side { "a" } else { "b" });
                        let delta = if matches!(s, Step::Lost(..)) { i64::from(*k) } else { -i64::from(*k) };
                        let flag = if delta > 0 { "--lost" } else { "--back" };
                        let before = std::fs::read(d.join(g)).unwrap();
                        let r = run(d, &["game", "mark", g, &key, flag, &k.to_string()]);
                        let now = lost[&key] + delta;
                        if now < 0 || now > count[&key] {
                            prop_assert_eq!(r.code, 2, "{:?}: {}", s, r.stdout);
                            prop_assert_eq!(std::fs::read(d.join(g)).unwrap(), before);
                        } else {
                            prop_assert_eq!(r.code, 0, "{:?}: {}", s, r.stderr);
                            lost.insert(key.clone(), now);
                            log.push(Some((key, delta)));
                        }
                    }
                    Step::Undo => {
                        let r = run(d, &["game", "undo", g]);
                        match log.pop() {
                            None => prop_assert_eq!(r.code, 2),
                            Some(entry) => {
                                prop_assert_eq!(r.code, 0, "{}", r.stderr);
                                if let Some((key, delta)) = entry {
                                    *lost.get_mut(&key).unwrap() -= delta;
                                }
                            }
                        }
                    }
                    Step::Turn => {
                        ok(d, &["game", "mark", g, "--turn"]);
                        log.push(None);
                    }
                    Step::EditList(u, f) => {
                        if d.join("lists/sp.toml").exists() {
                            let _ = run(d, &["list", "set", "lists/sp.toml", &u.to_string(), "--figures", &f.to_string()]);
                        }
                    }
                    Step::CutList(u) => {
                        if d.join("lists/sp.toml").exists() {
                            let _ = run(d, &["list", "remove", "lists/sp.toml", &u.to_string()]);
                        }
                    }
                    Step::DeleteList => {
                        let _ = std::fs::remove_file(d.join("lists/sp.toml"));
                    }
                }
                // game show: every unit's figures left, as the model has them.
                for side in ["a", "b"] {
                    for (key, _, left, figures) in super::units(d, g, side) {
                        prop_assert_eq!(figures, count[&key], "{}", key);
                        prop_assert_eq!(left, count[&key] - lost[&key], "{} after {:?}", key, s);
                    }
                }
                // game score: each side's losses.
                let scored = json(&ok(d, &["game", "score", g, "--format", "json"]));
                for (i, side) in ["a", "b"].into_iter().enumerate() {
                    let model: i64 = lost.iter().filter(|(k, _)| k.starts_with(side)).map(|(_, v)| v).sum();
                    prop_assert_eq!(scored["sides"][i]["lost"].as_i64().unwrap(), model);
                }
                // The previews: the Chosen Men fire with the figures they have left, or are
                // refused once they have none, or once their target, b2, has none.
                let left = count["a3"] - lost["a3"];
                let target_left = count["b2"] - lost["b2"];
                let r = run(d, &["preview", "fire", "--shooter", "games/g.toml:a3", "--target", "games/g.toml:b2", "--range", "short", "--format", "json"]);
                if left == 0 {
                    prop_assert_eq!(r.code, 2);
                    prop_assert_eq!(r.stderr, "error: a3 Chosen Men has no figure left: it takes no part in a preview\n");
                } else if target_left == 0 {
                    let b2 = super::units(d, g, "b").into_iter().find(|u| u.0 == "b2").map(|u| u.1).unwrap_or_default();
                    prop_assert_eq!(r.code, 2);
                    prop_assert_eq!(r.stderr, format!("error: b2 {b2} has no figure left: it takes no part in a preview\n"));
                } else {
                    prop_assert_eq!(r.code, 0, "{}", r.stderr);
                    let p = json(&r);
                    let shooter = p["shooter"].as_str().unwrap_or_default();
                    prop_assert!(shooter.starts_with(&format!("Chosen Men ({left} figure")), "{}", shooter);
                }
            }
        }
    }
}

#[test]
fn a_hand_edited_game_is_refused_naming_what_no_mark_could_write() {
    let t = table();
    let d = t.path();
    let path = new_game(d, "g.toml", "sharpe-patrol.toml", "voltigeurs-hussars.toml");
    ok(d, &["game", "mark", "games/g.toml", "a3", "--lost", "2"]);
    let good = std::fs::read_to_string(&path).unwrap();
    for (from, to, said) in [
        ("turn = 1\n", "turn = 100000\n", "turn = 100000: a game counts turns from 1 to 1000"),
        ("turn = 1\n", "turn = 0\n", "turn = 0: a game counts turns from 1 to 1000"),
        ("lost = 2, left = 6", "lost = 2, left = 8", "a3 has left = 8, but it has lost 2 of 8"),
        ("cost = 216", "cost = 9223372036854775807", "a3 has cost = 9223372036854775807: a unit costs at most 1000000000 points"),
        ("a1 = { label = \"Sharpe\", lost = 0, left = 3, states = []", "a1 = { label = \"Sharpe\", lost = 0, left = 3, states = [\"nonsense\"]", "a1 is `nonsense`, a state this game does not know (activated, routed, reduced, captured-flag)"),
        ("a1 = { label = \"Sharpe\", lost = 0, left = 3, states = []", "a1 = { label = \"Sharpe\", lost = 0, left = 3, states = [\"routed\", \"routed\"]", "a1 is routed twice"),
        ("unit = \"a3\"\nlost = 2\n", "unit = \"a9\"\nlost = 2\n", "mark 1 of the log names a9, but side a's army has 3 units"),
        ("unit = \"a3\"\nlost = 2\n", "unit = \"a3\"\nlost = 2\nback = 1\n", "mark 1 of the log says both lost and back: a mark says one thing"),
        ("unit = \"a3\"\nlost = 2\n", "unit = \"a3\"\nstate = \"bogus\"\non = true\n", "mark 1 of the log names the state `bogus`, which this game does not know"),
    ] {
        assert!(good.contains(from), "{from:?} in {good}");
        std::fs::write(&path, good.replacen(from, to, 1)).unwrap();
        let r = run(d, &["game", "show", "games/g.toml"]);
        assert_eq!(r.code, 2, "{to:?}: {}", r.stdout);
        assert_eq!(r.stderr, format!("error: games/g.toml: {said}\n"));
    }
}

#[test]
fn a_unit_priced_beyond_any_game_is_refused_at_the_start() {
    let t = table();
    let d = t.path();
    let huge = std::fs::read_to_string(d.join("lists/sharpe-patrol.toml"))
        .unwrap()
        .replace("figures = 8\n", "figures = 9223372036854775807\n");
    std::fs::write(d.join("lists/huge.toml"), huge).unwrap();
    let r = run(
        d,
        &[
            "game",
            "new",
            "games/h.toml",
            "--list",
            "lists/huge.toml",
            "--against",
            "lists/voltigeurs-hussars.toml",
        ],
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.ends_with(
            "error: side a's unit 3 (Chosen Men) costs 115964116965 points: a game keeps units of at most 1000000000\n"
        ),
        "{}",
        r.stderr
    );
    assert!(!d.join("games/h.toml").exists());
}
