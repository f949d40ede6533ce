//! Thucydide: data lint fixtures, list codes, the dice against each armour by hand, the
//! tactical advantage on the rule's own examples, a Monte Carlo simulator, printed documents.

use muster::rulesets::thucydide::model::Outcome;
use muster::rulesets::thucydide::preview::{joint, per_die, PerDie};

use crate::print::{has, read_pdf};
use crate::{json, muster, root};

fn db() -> muster::rulesets::thucydide::database::Database {
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
    // The ruleset's rules, and the boundary's: the data changed since a unit was priced.
    let mut rules = muster::rulesets::thucydide::check::RULES.to_vec();
    rules.push(&muster::rulesets::priced::DATA_CHANGED);
    crate::list_fixtures("thucydide", &rules);
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

/// A die against each armour, by counting faces: yellow 3 faces, and the advantage when the
/// table makes it a hit (its "very light" row, unless a miss is compulsory: reading
/// yellow-advantage), green 3, blue 2, red 1, black 1 confirmed on 3 faces in 6: 1/12;
/// inverted armour reads black as yellow and red as green, and an inverted black unit is not
/// very light troops (reading inverted-very-light).
#[test]
fn a_die_against_each_armour() {
    let db = db();
    let p = |armour: &str, outcome| per_die(&db, db.armours.get(armour).unwrap(), outcome).hit;
    assert!(close(p("yellow", Outcome::Miss), 3.0 / 6.0));
    assert!(close(p("yellow", Outcome::Hit), 4.0 / 6.0));
    assert!(close(p("green", Outcome::Miss), 3.0 / 6.0));
    assert!(close(p("blue", Outcome::Miss), 2.0 / 6.0));
    assert!(close(p("red", Outcome::Miss), 1.0 / 6.0));
    assert!(close(p("black", Outcome::Miss), 1.0 / 12.0));
    assert!(close(p("red", Outcome::Hit), 2.0 / 6.0));
    assert!(close(p("black", Outcome::Hit), 2.0 / 12.0));
    for (armour, inverted, expect) in [
        ("black", true, 3.0 / 6.0),
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
                    let hit = advantage == Outcome::Hit;
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
    assert_eq!(pdf.pages.len(), 2);
    let all = pdf.text.join(" ");
    for n in [
        "Le dé de combat",
        "Noir (très lourde)",
        "8 % / 17 %",
        "50 % / 67 %",
        "Riposte",
        "Ne peuvent pas combattre",
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

fn per_die_of(v: &serde_json::Value) -> (f64, f64) {
    (
        v["per_die"]["hit"].as_f64().unwrap(),
        v["per_die"]["morale"].as_f64().unwrap(),
    )
}

/// The book's answers where muster once read it wrong (issue 19), each counted by hand.
#[test]
fn the_advantage_against_very_light_troops_yields_to_a_compulsory_miss() {
    // l. 194: "sauf si coup manqué obligatoire"; an advantage given as a miss stays one.
    let v = combat(&["--dice", "1", "--armour", "yellow", "--advantage", "miss"]);
    assert_eq!(v["advantage"]["outcome"], "miss");
    assert!(close(per_die_of(&v).0, 3.0 / 6.0), "{v}");
    // Very light troops: the advantage hits (l. 157), 4 faces in 6 (l. 210).
    let v = combat(&["--dice", "1", "--armour", "yellow"]);
    assert_eq!(v["advantage"]["outcome"], "hit");
    assert!(close(per_die_of(&v).0, 4.0 / 6.0), "{v}");
    // A mounted attacker in rough terrain: a compulsory miss beats the very-light hit.
    let v = combat(&[
        "--attacker",
        "cavalerie-thessalienne",
        "--defender",
        "frondeurs",
        "--condition",
        "mounted-rough-terrain",
    ]);
    assert_eq!(v["advantage"]["outcome"], "miss");
    assert!(close(per_die_of(&v).0, 3.0 / 6.0), "{v}");
    // Black armour inverted reads as yellow, but the unit is not very light troops.
    let v = combat(&["--dice", "1", "--armour", "black", "--inverted"]);
    assert_eq!(v["armour"], "yellow");
    assert_eq!(v["advantage"]["outcome"], "miss");
    assert!(close(per_die_of(&v).0, 3.0 / 6.0), "{v}");
    // A yellow unit whose armour counts inverted keeps the very-light hit: black faces (1
    // red face confirmed 1 in 2) and the advantage confirmed: 2/12.
    let v = combat(&["--dice", "1", "--armour", "yellow", "--inverted"]);
    assert_eq!(v["advantage"]["outcome"], "hit");
    assert!(close(per_die_of(&v).0, 2.0 / 12.0), "{v}");
    // Slingers are very light and elusive: a hit first (l. 194), as the card says.
    let v = combat(&["--attacker", "hoplites", "--defender", "frondeurs"]);
    assert_eq!(v["advantage"]["outcome"], "hit");
    // Fanatic counts only against mounted defenders (l. 181): Gallic infantry is not hit.
    let v = combat(&["--attacker", "hoplites", "--defender", "gaulois"]);
    assert_eq!(v["advantage"]["outcome"], "miss");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.pdf");
    let o = out.to_str().unwrap();
    let run = muster(&[
        "cards",
        "--ruleset",
        "thucydide",
        "--sheet",
        "gaulois",
        "--sheet",
        "frondeurs",
        "--lang",
        "en",
        "-o",
        o,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let all = read_pdf(&out).text.join(" ");
    assert!(
        has(&all, "when mounted, infantry attacking it hits"),
        "{all}"
    );
    assert!(has(&all, "unless the table first makes it a hit"), "{all}");
}

/// What a combat leaves, counted on one die against blue (hits 2 faces, the flag 1, the
/// advantage a miss for infantry against infantry without support): the riposte, the
/// follow-up and the pursuit (l. 270–328).
#[test]
fn destroyed_falls_back_ripostes_pursues() {
    let v = combat(&[
        "--dice",
        "1",
        "--attacker-type",
        "infantry",
        "--defender",
        "gaulois",
        "--defender-elements",
        "1",
    ]);
    let c = &v["consequences"];
    assert!(close(c["p_destroyed"].as_f64().unwrap(), 2.0 / 6.0), "{v}");
    assert!(close(c["p_falls_back"].as_f64().unwrap(), 1.0 / 6.0), "{v}");
    assert!(close(c["p_hex_freed"].as_f64().unwrap(), 3.0 / 6.0), "{v}");
    assert!(close(c["p_riposte"].as_f64().unwrap(), 3.0 / 6.0), "{v}");
    assert!(c["p_pursuit"].is_null(), "infantry does not pursue: {v}");
    // Mounted troops pursue once the hex is freed; shooting gives no riposte.
    let v = combat(&[
        "--attacker",
        "archers-cretois",
        "--attack",
        "fire",
        "--defender",
        "hoplites",
    ]);
    let c = &v["consequences"];
    assert!(c["p_riposte"].is_null(), "shooting gives no riposte: {v}");
    assert!(c["p_pursuit"].is_null(), "{v}");
    let v = combat(&[
        "--attacker",
        "cavalerie-thessalienne",
        "--defender",
        "hoplites",
    ]);
    let c = &v["consequences"];
    assert_eq!(c["p_pursuit"], c["p_hex_freed"], "{v}");
    // A riposte rolls the melee factor, refuses an assault, and allows no pursuit.
    let riposte = combat(&[
        "--attacker",
        "hoplites",
        "--riposte",
        "--defender",
        "gaulois",
    ]);
    let melee = combat(&[
        "--attacker",
        "hoplites",
        "--attack",
        "melee",
        "--defender",
        "gaulois",
    ]);
    assert_eq!(riposte["dice"], melee["dice"]);
    assert!(riposte["consequences"]["p_riposte"].is_null());
    let run = muster(&[
        "preview",
        "--ruleset",
        "thucydide",
        "combat",
        "--attacker",
        "hoplites",
        "--attack",
        "assault",
        "--riposte",
        "--defender",
        "gaulois",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: --riposte rolls the melee factor, never assault (TH, Riposte, l. 322–328): leave out --attack\n"
    );
}

/// A supported defender cancels a flag (the example of l. 263), besides a leader's.
#[test]
fn support_and_a_leader_each_cancel_a_morale_hit() {
    // Two dice against blue, the advantage a morale hit: P(2 morale hits) = (2/6)².
    let base = ["--dice", "2", "--armour", "blue", "--advantage", "morale"];
    let m = |extra: &[&str]| -> Vec<f64> {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        combat(&a)["morale"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect()
    };
    let none = m(&[]);
    assert!(close(none[2], 1.0 / 9.0));
    let one = m(&["--condition", "defender-supported"]);
    assert!(close(one[1], 1.0 / 9.0), "{one:?}");
    assert!(close(one[0], 1.0 - 1.0 / 9.0), "{one:?}");
    let two = m(&["--condition", "defender-supported", "--leader"]);
    assert!(close(two[0], 1.0), "{two:?}");
}

/// Units that cannot fight (l. 104–107) are refused with the rule.
#[test]
fn a_unit_barred_from_fighting_is_refused() {
    let run = muster(&[
        "preview",
        "--ruleset",
        "thucydide",
        "combat",
        "--attacker",
        "hoplites",
        "--defender",
        "gaulois",
        "--attacker-state",
        "road-march",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: the attacker cannot fight: A unit that has just made a road march (+1 hex) cannot fight. (TH, Rappel des interdictions, l. 106)\n"
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
        "--attacker-state",
        "tired",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(
            "unknown state `tired`; known: artillery-road-in-rough, mounted-move, road-march"
        ),
        "{}",
        run.stderr
    );
}

/// A panicking elephant flees one hex per flag or advantage of 3 dice (l. 339):
/// binomial(3, 1/3) = 8, 12, 6, 1 in 27; two hexes from its edge it is gone with 7/27.
#[test]
fn a_panicking_elephant_flees() {
    let run = muster(&[
        "preview",
        "--ruleset",
        "thucydide",
        "panic",
        "--to-edge",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v = json(&run);
    let hexes: Vec<f64> = v["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    for (k, want) in [8.0, 12.0, 6.0, 1.0].iter().enumerate() {
        assert!(close(hexes[k], want / 27.0), "{hexes:?}");
    }
    assert!(close(v["p_gone"].as_f64().unwrap(), 7.0 / 27.0));
}
