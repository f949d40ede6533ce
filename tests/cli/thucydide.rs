//! Thucydide: data lint fixtures, list codes, the dice against each armour by hand, the
//! tactical advantage on the rule's own examples, a Monte Carlo simulator, printed documents.

use muster::rulesets::thucydide::model::Outcome;
use muster::rulesets::thucydide::preview::{joint, per_die, PerDie};

use crate::print::{has, read_pdf};
use crate::{json, muster, root};

fn db() -> muster::rulesets::thucydide::data::Database {
    let mut sources = muster::core::source::Sources::new();
    muster::rulesets::thucydide::data::load(&[root().join("unit-sheets")], &mut sources)
        .unwrap()
        .database
        .unwrap()
}

#[test]
fn data_is_clean_and_every_lint_code_has_a_fixture() {
    let run = muster(&["--ruleset", "thucydide", "data", "check"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let codes: Vec<&str> = muster::rulesets::thucydide::data::DATA_RULES
        .iter()
        .map(|(c, _)| *c)
        .collect();
    crate::data_fixtures("thucydide", &codes);
}

#[test]
fn one_list_fixture_per_code() {
    crate::list_fixtures("thucydide", muster::rulesets::thucydide::list::RULES);
}

fn combat(args: &[&str]) -> serde_json::Value {
    let mut full = vec!["preview", "--ruleset", "thucydide", "combat"];
    full.extend_from_slice(args);
    full.extend(["--format", "json"]);
    let run = muster(&full);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    json(&run)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// A die against each armour, by counting faces: yellow 4 faces (3 hits and the advantage),
/// green 3, blue 2, red 1, black 1 confirmed on 3 faces in 6: 1/12; inverted armour reads
/// black as yellow and red as green.
#[test]
fn a_die_against_each_armour() {
    let db = db();
    let p = |armour: &str, outcome| per_die(&db, db.armours.get(armour).unwrap(), outcome).hit;
    assert!(close(p("yellow", Outcome::Miss), 4.0 / 6.0));
    assert!(close(p("green", Outcome::Miss), 3.0 / 6.0));
    assert!(close(p("blue", Outcome::Miss), 2.0 / 6.0));
    assert!(close(p("red", Outcome::Miss), 1.0 / 6.0));
    assert!(close(p("black", Outcome::Miss), 1.0 / 12.0));
    assert!(close(p("red", Outcome::Hit), 2.0 / 6.0));
    assert!(close(p("black", Outcome::Hit), 2.0 / 12.0));
    for (armour, inverted, expect) in [
        ("black", true, 4.0 / 6.0),
        ("red", true, 3.0 / 6.0),
        ("yellow", true, 1.0 / 12.0),
        ("blue", true, 2.0 / 6.0),
    ] {
        let mut args = vec!["--dice", "1", "--armour", armour, "--advantage", "miss"];
        if inverted {
            args.push("--inverted");
        }
        let v = combat(&args);
        assert!(
            close(v["per_die"]["hit"].as_f64().unwrap(), expect),
            "{armour}: {v}"
        );
    }
    // Hits over 3 dice against blue: binomial(3, 1/3); the flag one face in six; the order
    // letter one face in six.
    let v = combat(&["--dice", "3", "--armour", "blue", "--advantage", "miss"]);
    let hits: Vec<f64> = v["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(close(hits[0], 8.0 / 27.0) && close(hits[3], 1.0 / 27.0));
    let morale: Vec<f64> = v["morale"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(close(morale[0], (5.0f64 / 6.0).powi(3)));
    // The advantage as a morale hit: 2 faces of 6 give morale hits.
    let v = combat(&["--dice", "2", "--armour", "red", "--advantage", "morale"]);
    assert!(close(
        v["morale"][0].as_f64().unwrap(),
        (4.0f64 / 6.0).powi(2)
    ));
    // A leader cancels one morale hit: P(0) = P(0 or 1 flags).
    let v = combat(&[
        "--dice",
        "2",
        "--armour",
        "red",
        "--advantage",
        "miss",
        "--leader",
    ]);
    assert!(close(v["morale"][0].as_f64().unwrap(), 1.0 - 1.0 / 36.0));
    // The joint table sums to 1 and gives the marginals back.
    let total: f64 = v["joint"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["p"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Retreat: two hexes a morale hit for mounted troops.
    let v = combat(&[
        "--dice",
        "1",
        "--defender",
        "compagnons",
        "--advantage",
        "miss",
    ]);
    let retreat = v["retreat"].as_array().unwrap();
    assert!(close(retreat[2].as_f64().unwrap(), 1.0 / 6.0));
}

/// The rule's own examples of tactical advantages (TH, Avantages tactiques).
#[test]
fn the_rules_examples_of_advantages() {
    let outcome = |args: &[&str]| {
        let mut full = vec!["--dice", "1", "--armour", "blue"];
        full.extend_from_slice(args);
        combat(&full)["advantage"]["outcome"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let inf = ["--attacker-type", "infantry", "--defender-type", "infantry"];
    // A: nobody supported: no loss. B: the attacker supported, not the defender: a loss.
    assert_eq!(outcome(&inf), "miss");
    assert_eq!(
        outcome(&[&inf[..], &["--condition", "attacker-supported"]].concat()),
        "hit"
    );
    // C: the defender supported too (buildings): no loss, a morale hit (the shooting example A).
    assert_eq!(
        outcome(
            &[
                &inf[..],
                &[
                    "--condition",
                    "attacker-supported",
                    "--condition",
                    "defender-supported"
                ]
            ]
            .concat()
        ),
        "morale"
    );
    // D: mounted troops attacking rough terrain: a miss, whatever else holds.
    assert_eq!(
        outcome(&[
            "--attacker-type",
            "mounted",
            "--defender-type",
            "infantry",
            "--condition",
            "attacker-supported",
            "--condition",
            "mounted-rough-terrain"
        ]),
        "miss"
    );
    // Cavalry supported: a loss even if the defender is supported.
    assert_eq!(
        outcome(&[
            "--attacker-type",
            "mounted",
            "--defender-type",
            "infantry",
            "--condition",
            "attacker-supported",
            "--condition",
            "defender-supported"
        ]),
        "hit"
    );
    // Powder artillery at 2 hexes; an elephant always; shooting at a house, never.
    assert_eq!(
        outcome(&[
            "--attacker-type",
            "powder-artillery",
            "--defender-type",
            "infantry",
            "--condition",
            "within-2-hexes"
        ]),
        "hit"
    );
    assert_eq!(
        outcome(&[
            "--attacker-type",
            "powder-artillery",
            "--defender-type",
            "infantry"
        ]),
        "miss"
    );
    assert_eq!(
        outcome(&[
            "--attacker",
            "elephants-de-guerre",
            "--defender",
            "hoplites"
        ]),
        "hit"
    );
    assert_eq!(
        outcome(&[
            "--attacker-type",
            "infantry",
            "--defender-type",
            "infantry",
            "--condition",
            "attacker-supported",
            "--condition",
            "shooting-at-cover"
        ]),
        "miss"
    );
    // Very light defenders are hit; elusive ones take a morale hit (from their traits).
    assert_eq!(
        combat(&[
            "--dice",
            "1",
            "--attacker",
            "hoplites",
            "--defender",
            "archers-cretois"
        ])["advantage"]["outcome"],
        "hit"
    );
    assert_eq!(
        combat(&[
            "--dice",
            "1",
            "--attacker",
            "hoplites",
            "--defender",
            "peltastes"
        ])["advantage"]["outcome"],
        "morale"
    );
    // Infantry against mounted troops hits only fanatics; a miss otherwise.
    assert_eq!(
        outcome(&["--attacker-type", "infantry", "--defender-type", "mounted"]),
        "miss"
    );
    let run = muster(&[
        "preview",
        "--ruleset",
        "thucydide",
        "combat",
        "--dice",
        "2",
        "--armour",
        "blue",
        "--condition",
        "defender-very-light",
    ]);
    assert_eq!(run.code, 2, "a derived condition is not given");
    assert!(
        run.stderr
            .contains("unknown condition `defender-very-light`"),
        "{}",
        run.stderr
    );
}

/// A seeded simulator that rolls the faces and reads them with the rules written out here.
#[test]
fn combats_agree_with_simulation() {
    let db = db();
    struct Rng(u64);
    impl Rng {
        fn face(&mut self) -> usize {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % 6) as usize
        }
    }
    // Faces 0..6: green hit, flag, blue hit, order, red hit, advantage.
    let hits_of = |armour: &str| -> Vec<usize> {
        match armour {
            "yellow" | "green" => vec![0, 2, 4],
            "blue" => vec![2, 4],
            _ => vec![4],
        }
    };
    let mut rng = Rng(0x7_4C);
    let n = 150_000u64;
    for (armour, dice, advantage) in [
        ("yellow", 3usize, Outcome::Miss),
        ("blue", 4, Outcome::Morale),
        ("red", 5, Outcome::Hit),
        ("black", 4, Outcome::Hit),
    ] {
        let d: PerDie = per_die(&db, db.armours.get(armour).unwrap(), advantage);
        let exact = joint(dice, d);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..n {
            let (mut h, mut m, mut o) = (0usize, 0usize, 0usize);
            for _ in 0..dice {
                let f = rng.face();
                let confirm = |rng: &mut Rng| armour != "black" || [0, 2, 4].contains(&rng.face());
                if hits_of(armour).contains(&f) {
                    if confirm(&mut rng) {
                        h += 1;
                    }
                } else if f == 1 {
                    m += 1;
                } else if f == 3 {
                    o += 1;
                } else if f == 5 {
                    let hit = armour == "yellow" || advantage == Outcome::Hit;
                    if hit {
                        if confirm(&mut rng) {
                            h += 1;
                        }
                    } else if advantage == Outcome::Morale {
                        m += 1;
                    }
                }
            }
            *counts.entry((h, m, o)).or_insert(0u64) += 1;
        }
        for (h, plane) in exact.iter().enumerate() {
            for (m, line) in plane.iter().enumerate() {
                for (o, p) in line.iter().enumerate() {
                    let c = *counts.get(&(h, m, o)).unwrap_or(&0) as f64 / n as f64;
                    let se = (p * (1.0 - p) / n as f64).sqrt();
                    assert!(
                        (c - p).abs() <= 4.0 * se + 1e-4,
                        "{armour} {dice} ({h},{m},{o}): exact {p}, simulated {c}"
                    );
                }
            }
        }
    }
}

/// Two armies without points face each other: the line about the opponent counts its units.
#[test]
fn armies_without_points_against_each_other() {
    let run = muster(&[
        "check",
        "lists/thucydide-perses.toml",
        "--against",
        "lists/thucydide-macedoniens.toml",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .ends_with("7 units\n\nagainst lists/thucydide-macedoniens.toml: 8 units\n"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stderr,
        "lists/thucydide-perses.toml: valid (0 errors, 0 warnings)\n"
    );
}

#[test]
fn cards_qrs_and_roster() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.pdf");
    let run = muster(&[
        "cards",
        "lists/thucydide-macedoniens.toml",
        "--lang",
        "en",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let all = read_pdf(&out).text.join(" ");
    for n in [
        "Escadron royal",
        "Companions",
        "Blue (medium)",
        "General-in-chief",
        "Elusive",
        "Elements",
    ] {
        assert!(has(&all, n), "no `{n}`");
    }
    let out = dir.path().join("q.pdf");
    let run = muster(&["qrs", "--ruleset", "thucydide", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = read_pdf(&out);
    assert_eq!(pdf.pages.len(), 1);
    let all = pdf.text.join(" ");
    for n in [
        "Le dé de combat",
        "Noir (très lourde)",
        "8 % / 17 %",
        "Avantages tactiques",
        "Lecture de la règle par muster",
    ] {
        assert!(has(&all, n), "no `{n}`");
    }
    let md = dir.path().join("r.md");
    let run = muster(&[
        "roster",
        "lists/thucydide-macedoniens.toml",
        "-o",
        md.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(
        text.contains("| 4 | Phalange, taxis de Perdiccas | hoplites | 3 |"),
        "{text}"
    );
    // Lists are edited like any other.
    let list = dir.path().join("l.toml");
    let l = list.to_str().unwrap();
    assert_eq!(
        muster(&[
            "list",
            "new",
            l,
            "--ruleset",
            "thucydide",
            "--name",
            "Essai"
        ])
        .code,
        0
    );
    let run = muster(&[
        "list",
        "add",
        l,
        "gaulois",
        "--figures",
        "3",
        "--label",
        "Arvernes",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("1 unit"), "{}", run.stdout);
    let run = muster(&["list", "add", l, "gaulois", "--figures", "9"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("`gaulois` has 1 to 4 elements"),
        "{}",
        run.stderr
    );
}
