//! The infantry fire table (fire-classes): data lint fixtures, the closed forms of the issue,
//! the table read per class and situation, a Monte Carlo simulator, the QRS.

use muster::rulesets::fire_classes::preview::{p_reach, results, Effects};

use crate::print::{has, read_pdf};
use crate::{json, muster};

#[test]
fn data_is_clean_and_every_lint_code_has_a_fixture() {
    let run = muster(&["--ruleset", "fire-classes", "data", "check"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let codes: Vec<&str> = muster::rulesets::fire_classes::data::DATA_RULES
        .iter()
        .map(|(c, _)| *c)
        .collect();
    crate::data_fixtures("fire-classes", &codes);
}

fn volley(args: &[&str]) -> serde_json::Value {
    let mut full = vec!["preview", "--ruleset", "fire-classes", "volley"];
    full.extend_from_slice(args);
    full.extend(["--format", "json"]);
    let run = muster(&full);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    json(&run)
}

fn reach(v: &serde_json::Value, band: usize) -> f64 {
    v["reach"][band]["p"].as_f64().unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The closed forms: one die, normal fire, 0–20 cm musket: 1/3; two dice reaching 7:
/// 1/36; disordered, two dice, 7: 0. And more by hand.
#[test]
fn closed_forms() {
    assert!(close(reach(&volley(&["--shooters", "1"]), 0), 1.0 / 3.0));
    assert!(close(reach(&volley(&["--shooters", "2"]), 2), 1.0 / 36.0));
    assert_eq!(reach(&volley(&["--shooters", "2", "--disorder"]), 2), 0.0);
    // Two dice, 6 or more at 20–40 cm: 1 − (5/6)².
    assert!(close(
        reach(&volley(&["--shooters", "2"]), 1),
        1.0 - 25.0 / 36.0
    ));
    // One die with the elite shot: 7 on a 6; 5+ on a 4, 5 or 6.
    let v = volley(&["--shooters", "1", "--elite"]);
    assert!(close(reach(&v, 0), 0.5) && close(reach(&v, 2), 1.0 / 6.0));
    // -1 to every die: 5+ needs a 6.
    assert!(close(
        reach(&volley(&["--shooters", "1", "--minus"]), 0),
        1.0 / 6.0
    ));
    // Three dice: 8 only with three 6s (reading several-sixes): 1/216 on the class-2 row.
    let v = volley(&["--shooters", "3", "--weapon", "musket-class2"]);
    assert!(close(reach(&v, 2), 1.0 / 216.0));
    // Long range against a cuirass: 7 − 1 needs 8: two dice cannot; three need three 6s.
    assert_eq!(reach(&volley(&["--shooters", "2", "--cuirass"]), 2), 0.0);
    assert!(close(
        reach(&volley(&["--shooters", "3", "--cuirass"]), 2),
        1.0 / 216.0
    ));
    // A carbine on the move: -1; a musket cannot fire on the move.
    assert!(close(
        reach(&volley(&["--weapon", "carbine", "--moving"]), 0),
        1.0 / 6.0
    ));
    let run = muster(&["preview", "--ruleset", "fire-classes", "volley", "--moving"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("fires on foot, stationary"),
        "{}",
        run.stderr
    );
    // Every distribution sums to 1, for many dice too.
    for n in [1u32, 2, 7, 50, 200] {
        for e in [
            Effects::default(),
            Effects {
                elite: true,
                disorder: true,
                minus: true,
            },
        ] {
            let total: f64 = results(n, e).iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-12, "{n} {e:?}: {total}");
        }
    }
}

/// The table read per class and situation: the effects it gives, the choices it offers, what
/// it forbids, and the officer's absence on top.
#[test]
fn the_table_by_class_and_situation() {
    let effects = |args: &[&str]| {
        let mut full = vec!["--shooters", "4"];
        full.extend_from_slice(args);
        let v = volley(&full);
        (
            v["effects"]["elite"] == true,
            v["effects"]["disorder"] == true,
            v["effects"]["minus"] == true,
            v["dice"].as_u64().unwrap(),
        )
    };
    assert_eq!(
        effects(&["--class", "grenadiers", "--situation", "volley"]),
        (true, false, false, 4)
    );
    assert_eq!(
        effects(&["--class", "line", "--situation", "loose"]),
        (false, true, false, 4)
    );
    assert_eq!(
        effects(&[
            "--class",
            "line",
            "--situation",
            "volley",
            "--against-skirmishers"
        ]),
        (false, false, true, 4)
    );
    // Light infantry against skirmishers: normal as skirmishers, else -1.
    assert_eq!(
        effects(&[
            "--class",
            "light",
            "--situation",
            "skirmish",
            "--against-skirmishers"
        ]),
        (false, false, false, 4)
    );
    assert_eq!(
        effects(&[
            "--class",
            "light",
            "--situation",
            "loose",
            "--against-skirmishers"
        ]),
        (false, false, true, 4)
    );
    // Elite light infantry: one shooter's elite shot instead.
    assert_eq!(
        effects(&[
            "--class",
            "elite-light",
            "--situation",
            "loose",
            "--single-shooter"
        ]),
        (true, false, false, 1)
    );
    // Grenadiers against skirmishers: -1, or a single shooter's normal fire.
    assert_eq!(
        effects(&[
            "--class",
            "grenadiers",
            "--situation",
            "loose",
            "--against-skirmishers",
            "--single-shooter"
        ]),
        (false, false, false, 1)
    );
    // No officer: no volley (line troops fire as without one, and are disordered).
    assert_eq!(
        effects(&["--class", "line", "--situation", "volley", "--no-officer"]),
        (false, true, false, 4)
    );
    assert_eq!(
        effects(&[
            "--class",
            "grenadiers",
            "--situation",
            "volley",
            "--no-officer"
        ]),
        (false, false, false, 4)
    );
    for (args, message) in [
        (
            vec![
                "--class",
                "guerrillas",
                "--situation",
                "skirmish",
                "--lang",
                "en",
            ],
            "formation impossible",
        ),
        (
            vec![
                "--class",
                "line",
                "--situation",
                "volley",
                "--single-shooter",
            ],
            "no single-shooter fire here",
        ),
        (
            vec!["--class", "hussars", "--situation", "volley"],
            "unknown class `hussars`",
        ),
        (vec!["--class", "line"], "--class needs --situation"),
        (vec!["--shooters", "201"], "--shooters <SHOOTERS>"),
    ] {
        let mut full = vec!["preview", "--ruleset", "fire-classes", "volley"];
        full.extend(args.iter().copied());
        let run = muster(&full);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}

/// A seeded simulator, rolling the dice and reading them with the rules written out here.
#[test]
fn volleys_agree_with_simulation() {
    struct Rng(u64);
    impl Rng {
        fn d6(&mut self) -> i64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % 6) as i64 + 1
        }
    }
    let mut rng = Rng(0xF1_7E);
    let n = 200_000u64;
    for (dice, e) in [
        (1u32, Effects::default()),
        (3, Effects::default()),
        (
            4,
            Effects {
                elite: true,
                ..Default::default()
            },
        ),
        (
            5,
            Effects {
                disorder: true,
                minus: true,
                ..Default::default()
            },
        ),
        (
            8,
            Effects {
                elite: true,
                minus: true,
                ..Default::default()
            },
        ),
    ] {
        let exact = results(dice, e);
        let mut counts = std::collections::BTreeMap::new();
        for _ in 0..n {
            let rolls: Vec<i64> = (0..dice).map(|_| rng.d6()).collect();
            let sixes = rolls.iter().filter(|r| **r == 6).count() as i64;
            let mut value = *rolls.iter().max().unwrap();
            if sixes >= 2 && !e.disorder {
                value = 5 + sixes;
            }
            value += i64::from(e.elite) - i64::from(e.minus);
            *counts.entry(value).or_insert(0u64) += 1;
        }
        for (v, p) in &exact {
            let observed = *counts.get(v).unwrap_or(&0) as f64 / n as f64;
            let se = (p * (1.0 - p) / n as f64).sqrt();
            assert!(
                (observed - p).abs() <= 4.0 * se + 1e-4,
                "{dice} {e:?} P({v}) exact {p}, simulated {observed}"
            );
        }
        assert!(counts.keys().all(|v| exact.iter().any(|(x, _)| x == v)));
        // The chance of reaching 7 matches too.
        let sim7 = counts
            .iter()
            .filter(|(v, _)| **v >= 7)
            .map(|(_, c)| *c)
            .sum::<u64>() as f64
            / n as f64;
        let p7 = p_reach(&exact, 7, 0);
        assert!((sim7 - p7).abs() <= 4.0 * (p7 * (1.0 - p7) / n as f64).sqrt() + 1e-4);
    }
}

#[test]
fn quick_reference_sheet() {
    let dir = tempfile::tempdir().unwrap();
    for (lang, needles) in [
        (
            "fr",
            [
                "Capacité de tir des unités d'infanterie",
                "Troupes de ligne",
                "tir d'élite (+1 à un seul dé)",
                "7 (-1 sur cuirasse)",
                "Lecture du tableau par muster",
                "Tir contre un groupe : Tir en salve ordonnée",
                "(8) (-1 sur cuirasse)",
                "muster · Capacité de tir des unités d'infanterie",
                "light-loose (FC, table ; École de peloton)",
            ],
        ),
        (
            "en",
            [
                "Infantry fire capability",
                "Line troops",
                "elite shot (+1 to one die)",
                "7 (-1 on a cuirass)",
                "How muster reads the table",
                "Fire at a group: Ordered volley",
                "(8) (-1 on a cuirass)",
                "muster · Infantry fire capability",
                "impossible-first (FC, table)",
            ],
        ),
    ] {
        let out = dir.path().join(format!("q-{lang}.pdf"));
        let run = muster(&[
            "qrs",
            "--ruleset",
            "fire-classes",
            "--lang",
            lang,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let pdf = read_pdf(&out);
        assert_eq!(pdf.pages.len(), 1, "{lang}");
        let all = pdf.text.join(" ");
        for n in needles {
            assert!(has(&all, n), "{lang}: no `{n}`");
        }
    }
    // A table, not an army game: no lists nor cards, said plainly.
    let run = muster(&[
        "cards",
        "--ruleset",
        "fire-classes",
        "--sheet",
        "line",
        "-o",
        dir.path().join("c.pdf").to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("Infantry fire capability has no unit cards"),
        "{}",
        run.stderr
    );
    let list = dir.path().join("l.toml");
    std::fs::write(&list, "[list]\nname = \"x\"\nruleset = \"fire-classes\"\n").unwrap();
    let run = muster(&["check", list.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("error[no-lists]: Infantry fire capability has no army lists"),
        "{}",
        run.stderr
    );
}

/// Guerrillas cannot fire in close order (FC, l. 14), with or without an officer (reading
/// impossible-first); one language rule: a preview offers the ruleset's languages, as the QRS.
#[test]
fn an_impossible_volley_stays_impossible() {
    for extra in [&[][..], &["--no-officer"]] {
        let mut args = vec![
            "preview",
            "--ruleset",
            "fire-classes",
            "volley",
            "--class",
            "guerrillas",
            "--situation",
            "volley",
        ];
        args.extend_from_slice(extra);
        let run = muster(&args);
        assert_eq!(run.code, 2, "{extra:?}");
        assert_eq!(
            run.stderr,
            "error: Guerrillas, rioters: close order impossible, no volley (FC, table)\n"
        );
    }
    let run = muster(&[
        "preview",
        "--ruleset",
        "fire-classes",
        "volley",
        "--lang",
        "es",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("[possible values: fr, en]"),
        "{}",
        run.stderr
    );
    let run = muster(&[
        "qrs",
        "--ruleset",
        "fire-classes",
        "--lang",
        "es",
        "-o",
        "/dev/null",
    ]);
    assert_eq!(run.code, 2);
}
