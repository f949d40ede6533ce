//! hm-qrs (the horse-and-musket quick-reference sheet): data lint fixtures, list codes,
//! closed forms of the command and break tests and of shooting, a Monte Carlo simulator of
//! shooting and hand-to-hand written from the sheet, orders of battle edited, printed
//! documents.

use crate::print::{has, read_pdf};
use crate::{json, muster, muster_in, root, snapshot};

#[test]
fn data_is_clean_and_every_lint_code_has_a_fixture() {
    let run = muster(&["--ruleset", "hm-qrs", "data", "check"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "ok: hm-qrs: 10 unit types, 4 break-test rows, 12 ranges, 28 modifiers in unit-sheets\n"
    );
    let codes: Vec<&str> = muster::rulesets::hm_qrs::data::DATA_RULES
        .iter()
        .map(|(c, _)| *c)
        .collect();
    crate::data_fixtures("hm-qrs", &codes);
}

#[test]
fn one_list_fixture_per_code() {
    // The ruleset's rules, and the boundary's: the data changed since a unit was priced.
    let mut rules = muster::rulesets::hm_qrs::check::RULES.to_vec();
    rules.push(&muster::rulesets::priced::DATA_CHANGED);
    crate::list_fixtures("hm-qrs", &rules);
}

#[test]
fn the_sample_orders_of_battle_are_valid() {
    for list in [
        "lists/hm-qrs-picton-1815.toml",
        "lists/hm-qrs-donzelot-1815.toml",
    ] {
        let run = muster(&["check", list, "--format", "json"]);
        assert_eq!(run.code, 0, "{list}: {}", run.stderr);
        let v = json(&run);
        assert_eq!(v["diagnostics"].as_array().unwrap().len(), 0, "{list}: {v}");
    }
}

fn preview(args: &[&str]) -> serde_json::Value {
    let mut full = vec!["preview", "--ruleset", "hm-qrs"];
    full.extend_from_slice(args);
    full.extend(["--format", "json"]);
    let run = muster(&full);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    json(&run)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// P(2D6 = s), counted.
fn two_d6(s: i64) -> f64 {
    (1..=6)
        .flat_map(|a| (1..=6).map(move |b| a + b))
        .filter(|t| *t == s)
        .count() as f64
        / 36.0
}

fn two_d6_between(lo: i64, hi: i64) -> f64 {
    (lo..=hi).map(two_d6).sum()
}

/// The sheet's result table, written out here from the rulebook (HM, Test de Rupture):
/// 4 or less, 5, 6, 7 or more; by arm, after shooting or hand-to-hand.
fn verdict(result: i64, arm: &str, melee: bool) -> &'static str {
    let row = result.clamp(4, 7);
    match (melee, arm, row) {
        (_, _, 4) => "lache",
        (_, "artillery", 5 | 6) => "lache",
        (false, "artillery", _) => "tient",
        (true, "artillery", _) => "lache",
        (_, _, 5) => "recule",
        (false, _, _) => "tient",
        (true, "cavalry", _) => "recule",
        (true, _, 6) => "recule",
        (true, _, _) => "tient",
    }
}

/// The break test's contract and its closed forms: 2D6 + K read on the table.
#[test]
fn break_tests_read_the_sheets_table() {
    let v = preview(&[
        "break-test",
        "--arm",
        "infantry",
        "--combat",
        "fire",
        "--modifier",
        "0",
    ]);
    let o = &v["outcomes"];
    assert_eq!(o.as_object().unwrap().len(), 3, "{v}");
    assert!(close(o["lache"].as_f64().unwrap(), 6.0 / 36.0), "{v}");
    assert!(close(o["recule"].as_f64().unwrap(), 4.0 / 36.0), "{v}");
    assert!(close(o["tient"].as_f64().unwrap(), 26.0 / 36.0), "{v}");
    for arm in ["infantry", "cavalry", "artillery"] {
        for melee in [false, true] {
            for k in -4..=3i64 {
                let combat = if melee { "melee" } else { "fire" };
                let v = preview(&[
                    "break-test",
                    "--arm",
                    arm,
                    "--combat",
                    combat,
                    "--modifier",
                    &k.to_string(),
                ]);
                for outcome in ["lache", "recule", "tient"] {
                    let want: f64 = (2..=12)
                        .filter(|s| verdict(s + k, arm, melee) == outcome)
                        .map(two_d6)
                        .sum();
                    let got = v["outcomes"][outcome].as_f64().unwrap();
                    assert!(
                        (got - want).abs() < 1e-12,
                        "{arm} {combat} {k:+} {outcome}: {got} ≠ {want}"
                    );
                }
            }
        }
    }
    // Test E (supports) reads the melee line; A the fire line. The sheet's own modifiers add.
    let e = preview(&["break-test", "--arm", "cavalry", "--test", "E"]);
    assert_eq!(e["combat"], "melee");
    assert!(close(e["outcomes"]["tient"].as_f64().unwrap(), 0.0));
    let a = preview(&[
        "break-test",
        "--arm",
        "infantry",
        "--test",
        "A",
        "--over-stamina",
        "2",
        "--disordered",
    ]);
    assert_eq!(
        (a["combat"].as_str(), a["modifier"].as_i64()),
        (Some("fire"), Some(-3))
    );
    assert!(close(
        a["outcomes"]["lache"].as_f64().unwrap(),
        two_d6_between(2, 7)
    ));
}

#[test]
fn command_tests_are_2d6_at_or_under_the_rating() {
    let p = |args: &[&str]| {
        let mut full = vec!["command"];
        full.extend_from_slice(args);
        preview(&full)["p_success"].as_f64().unwrap()
    };
    assert!(close(p(&["--rating", "8"]), 26.0 / 36.0));
    assert!(close(p(&["--rating", "2"]), 1.0 / 36.0));
    assert!(close(p(&["--rating", "12"]), 1.0));
    // 13" away is one full 8" (-1); an enemy near (-1): 2D6 ≤ 6.
    assert!(close(
        p(&["--rating", "8", "--distance", "13", "--with", "enemy-near"]),
        15.0 / 36.0
    ));
    // 16" is two full 8"; an attack column +1.
    assert!(close(
        p(&[
            "--rating",
            "7",
            "--distance",
            "16",
            "--with",
            "attack-column"
        ]),
        two_d6_between(2, 6)
    ));
    for (rating, want) in (2..=12).map(|r| (r, two_d6_between(2, r))) {
        assert!(
            close(p(&["--rating", &rating.to_string()]), want),
            "{rating}"
        );
    }
    let run = muster(&[
        "preview",
        "--ruleset",
        "hm-qrs",
        "command",
        "--rating",
        "13",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

fn floats(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

fn choose(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Casualties are binomial: a die hits on 4+ (a natural 6 always, a natural 1 never) and
/// is then saved on the target's value with the same rule.
#[test]
fn shooting_closed_forms() {
    // Line infantry (3 dice) at line infantry (saves 4+): each die a casualty 1/4.
    let v = preview(&[
        "shoot",
        "--shooter",
        "line-infantry",
        "--target",
        "line-infantry",
    ]);
    let c = floats(&v["casualties"]);
    for (k, p) in c.iter().enumerate() {
        let want = choose(3, k as u64) * 0.25f64.powi(k as i32) * 0.75f64.powi(3 - k as i32);
        assert!(close(*p, want), "{k}: {p} ≠ {want}");
    }
    assert!(close(v["mean"].as_f64().unwrap(), 0.75));
    // Modifiers never beat the natural dice: +5 hits on 2+, -5 only on a 6.
    let hit = |k: &str| {
        preview(&["shoot", "--shooter-dice", "1", "--modifier", k])["p_hit"]
            .as_f64()
            .unwrap()
    };
    assert!(close(hit("5"), 5.0 / 6.0));
    assert!(close(hit("-5"), 1.0 / 6.0));
    assert!(close(hit("1"), 4.0 / 6.0));
    // A column's save bonus is not against artillery; the artillery ones only against it.
    for (args, message) in [
        (
            &["--shooter", "foot-artillery", "--save-with", "attack-column"][..],
            "error: --save-with attack-column: not against artillery fire (“Infantry in attack column, except against artillery”)\n",
        ),
        (
            &["--shooter", "line-infantry", "--save-with", "artillery-long"][..],
            "error: --save-with artillery-long: only against artillery fire (“Hit by artillery at long range”); the shooter is not artillery\n",
        ),
    ] {
        let mut full = vec!["preview", "--ruleset", "hm-qrs", "shoot"];
        full.extend_from_slice(args);
        let run = muster(&full);
        assert_eq!((run.code, run.stderr.as_str()), (2, message));
    }
    let v = preview(&[
        "shoot",
        "--shooter",
        "line-infantry",
        "--target",
        "veteran-infantry",
        "--save-with",
        "attack-column",
    ]);
    // Hit 1/2, saved on 2+ (3+ and +1): a casualty 1/2 × 1/6 a die.
    assert!(close(v["p_save"].as_f64().unwrap(), 5.0 / 6.0));
    // No save (7): every hit a casualty.
    let v = preview(&["shoot", "--shooter-dice", "2", "--save", "7"]);
    assert!(close(floats(&v["casualties"])[2], 0.25));
    // A large unit in line shoots 4 dice; in attack column 1.
    let dice = |args: &[&str]| {
        let mut full = vec!["shoot", "--shooter", "line-infantry"];
        full.extend_from_slice(args);
        preview(&full)["dice"].as_u64().unwrap()
    };
    assert_eq!(dice(&["--shooter-size", "large"]), 4);
    assert_eq!(dice(&["--shooter-formation", "attack-column"]), 1);
    assert_eq!(dice(&["--shooter-situation", "infantry-enfilade"]), 6);
    // Stamina 3 with 2 casualties before: any casualty leaves it shaken and testing (B);
    // 2 casualties put it one above stamina (-1), 3 two above (-2).
    let v = preview(&[
        "shoot",
        "--shooter",
        "line-infantry",
        "--target",
        "line-infantry",
        "--casualties-before",
        "2",
    ]);
    let c = floats(&v["casualties"]);
    assert!(close(v["p_test"].as_f64().unwrap(), 1.0 - c[0]));
    let tient =
        c[1] * two_d6_between(6, 12) + c[2] * two_d6_between(7, 12) + c[3] * two_d6_between(8, 12);
    assert!(close(v["outcomes"]["tient"].as_f64().unwrap(), tient));
    assert!(close(v["outcomes"]["untested"].as_f64().unwrap(), c[0]));
}

/// SplitMix64: small, seeded, good enough for dice.
struct Rng(u64);

impl Rng {
    fn d6(&mut self) -> i64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % 6) as i64 + 1
    }

    /// A d6 against `needs` with `modifier`: 6 always, 1 never.
    fn roll(&mut self, needs: i64, modifier: i64) -> bool {
        let r = self.d6();
        r == 6 || (r != 1 && r + modifier >= needs)
    }

    fn break_test(&mut self, arm: &str, melee: bool, modifier: i64) -> &'static str {
        let s = self.d6() + self.d6();
        verdict(s + modifier, arm, melee)
    }
}

fn within(name: &str, exact: f64, hits: u64, n: u64) {
    let observed = hits as f64 / n as f64;
    let se = (exact * (1.0 - exact) / n as f64).sqrt();
    assert!(
        (observed - exact).abs() <= 4.0 * se + 1e-4,
        "{name}: exact {exact:.6}, simulated {observed:.6}"
    );
}

/// One side of a simulated round: dice, to-hit and save modifiers, save, result bonus, arm,
/// stamina, casualties before, disordered.
struct SimSide {
    dice: u32,
    hit: i64,
    save: i64,
    save_mod: i64,
    bonus: i64,
    arm: &'static str,
    stamina: u32,
    before: u32,
    disordered: bool,
}

/// Rolls every die of a round of hand-to-hand as the sheet says; returns, per side, counts
/// of wins, of loss outcomes and of draw (D) outcomes.
fn simulate_melee(a: &SimSide, b: &SimSide, n: u64, rng: &mut Rng) -> [Counts; 2] {
    let mut counts = [Counts::default(), Counts::default()];
    let casualties = |from: &SimSide, to: &SimSide, rng: &mut Rng| {
        (0..from.dice)
            .filter(|_| rng.roll(4, from.hit) && !rng.roll(to.save, to.save_mod))
            .count() as u32
    };
    let test = |side: &SimSide, took: u32, rng: &mut Rng| {
        let over = (side.before + took).saturating_sub(side.stamina) as i64;
        let m = -over - i64::from(side.disordered);
        rng.break_test(side.arm, true, m)
    };
    for _ in 0..n {
        let ca = casualties(a, b, rng);
        let cb = casualties(b, a, rng);
        let (ra, rb) = (i64::from(ca) + a.bonus, i64::from(cb) + b.bonus);
        if ra > rb {
            counts[0].win += 1;
            *counts[1].lost.entry(test(b, ca, rng)).or_default() += 1;
        } else if rb > ra {
            counts[1].win += 1;
            *counts[0].lost.entry(test(a, cb, rng)).or_default() += 1;
        } else {
            counts[0].draw += 1;
            for (i, (side, took)) in [(a, cb), (b, ca)].into_iter().enumerate() {
                if side.before + took >= side.stamina {
                    *counts[i].drawn.entry(test(side, took, rng)).or_default() += 1;
                }
            }
        }
    }
    counts
}

#[derive(Default)]
struct Counts {
    win: u64,
    draw: u64,
    lost: std::collections::HashMap<&'static str, u64>,
    drawn: std::collections::HashMap<&'static str, u64>,
}

#[test]
fn hand_to_hand_agrees_with_simulation() {
    let mut rng = Rng(0x48_4D);
    let n = 200_000u64;
    let side = |dice, arm, stamina, save| SimSide {
        dice,
        hit: 0,
        save,
        save_mod: 0,
        bonus: 0,
        arm,
        stamina,
        before: 0,
        disordered: false,
    };
    let scenarios: Vec<(&[&str], SimSide, SimSide)> = vec![
        (
            &["--a", "line-infantry", "--b", "line-infantry"],
            side(6, "infantry", 3, 4),
            side(6, "infantry", 3, 4),
        ),
        (
            // Cavalry charging a square: 9 dice at +1 against 2 dice; the square +3.
            &[
                "--a",
                "heavy-cavalry",
                "--a-hit",
                "charge",
                "--b",
                "line-infantry",
                "--b-formation",
                "square",
                "--b-casualties-before",
                "2",
            ],
            SimSide {
                hit: 1,
                ..side(9, "cavalry", 3, 4)
            },
            SimSide {
                bonus: 3,
                before: 2,
                ..side(2, "infantry", 3, 4)
            },
        ),
        (
            // A large grenadier battalion (in attack column, its type's: +1 to save, reading
            // formation-states) against disordered militia in light cover, with a flank
            // support; `--b-hit shaken` and the disorder are one -1, not two.
            &[
                "--a",
                "grenadiers",
                "--a-size",
                "large",
                "--a-result",
                "flank-support",
                "--b",
                "militia",
                "--b-disordered",
                "--b-save",
                "light-cover",
                "--b-hit",
                "shaken",
                "--b-casualties-before",
                "3",
            ],
            SimSide {
                bonus: 1,
                save_mod: 1,
                ..side(9, "infantry", 3, 3)
            },
            SimSide {
                hit: -1,
                save_mod: 1,
                before: 3,
                disordered: true,
                ..side(5, "infantry", 3, 5)
            },
        ),
        (
            &["--a", "light-cavalry", "--b", "foot-artillery"],
            side(6, "cavalry", 3, 4),
            side(1, "artillery", 2, 4),
        ),
    ];
    for (args, a, b) in scenarios {
        let mut full = vec!["melee"];
        full.extend_from_slice(args);
        let v = preview(&full);
        let counts = simulate_melee(&a, &b, n, &mut rng);
        let name = args.join(" ");
        within(
            &format!("{name}: A wins"),
            v["a"]["p_win"].as_f64().unwrap(),
            counts[0].win,
            n,
        );
        within(
            &format!("{name}: B wins"),
            v["b"]["p_win"].as_f64().unwrap(),
            counts[1].win,
            n,
        );
        within(
            &format!("{name}: draw"),
            v["p_draw"].as_f64().unwrap(),
            counts[0].draw,
            n,
        );
        for (i, who) in ["a", "b"].into_iter().enumerate() {
            for outcome in ["lache", "recule", "tient"] {
                let lost = v[who]["if_lost"][outcome].as_f64().unwrap_or(0.0);
                let got = counts[i].lost.get(outcome).copied().unwrap_or(0);
                within(&format!("{name}: {who} loses, {outcome}"), lost, got, n);
                let drawn = v[who]["if_draw"][outcome].as_f64().unwrap_or(0.0);
                let got = counts[i].drawn.get(outcome).copied().unwrap_or(0);
                within(&format!("{name}: {who} draws, {outcome}"), drawn, got, n);
            }
        }
    }
}

#[test]
fn shooting_agrees_with_simulation() {
    let mut rng = Rng(0x5_4F);
    let n = 200_000u64;
    // Foot artillery (3 dice, +1 at a column) at close range at a column of veterans
    // (save 3+, -2 against close artillery: 5+), stamina 3 with 1 casualty before:
    // artillery losses count -1 on the test.
    let v = preview(&[
        "shoot",
        "--shooter",
        "foot-artillery",
        "--with",
        "artillery-v-column",
        "--target",
        "veteran-infantry",
        "--save-with",
        "artillery-close",
        "--casualties-before",
        "1",
    ]);
    let exact = floats(&v["casualties"]);
    let mut counts = vec![0u64; exact.len()];
    let mut outcomes = std::collections::HashMap::<&str, u64>::new();
    for _ in 0..n {
        let c = (0..3)
            .filter(|_| rng.roll(4, 1) && !rng.roll(3, -2))
            .count() as u32;
        counts[c as usize] += 1;
        let total = 1 + c;
        let outcome = if c > 0 && total >= 3 {
            let m = -(total.saturating_sub(3) as i64) - 1;
            rng.break_test("infantry", false, m)
        } else {
            "untested"
        };
        *outcomes.entry(outcome).or_default() += 1;
    }
    for (k, p) in exact.iter().enumerate() {
        within(&format!("P({k})"), *p, counts[k], n);
    }
    for o in ["untested", "lache", "recule", "tient"] {
        within(
            o,
            v["outcomes"][o].as_f64().unwrap(),
            outcomes.get(o).copied().unwrap_or(0),
            n,
        );
    }
}

/// Orders of battle edited from the CLI: a brigade is created with its first unit; the
/// mistakes a player makes get one clear message each (whole stderr compared).
#[test]
fn orders_of_battle_are_edited_from_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = root().join("unit-sheets");
    let data = data.to_str().unwrap();
    let run = |args: &[&str]| {
        let mut full = vec!["--data", data];
        full.extend_from_slice(args);
        muster_in(d, &full, &[])
    };
    let r = run(&[
        "list",
        "new",
        "o.toml",
        "--ruleset",
        "hm-qrs",
        "--name",
        "Essai",
        "--points",
        "200",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(&[
        "list",
        "add",
        "o.toml",
        "line-infantry",
        "--label",
        "1/32nd",
        "--option",
        "brigade=kempt",
        "--option",
        "commander=Sir James Kempt",
        "--option",
        "rating=8",
        "--option",
        "brigade-name=8e brigade",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(&[
        "list",
        "add",
        "o.toml",
        "riflemen",
        "--option",
        "brigade=kempt",
        "--option",
        "size=standard",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(d.join("o.toml")).unwrap();
    assert!(
        text.contains(
            "[[brigade]]\nid = \"kempt\"\nname = \"8e brigade\"\ncommander = \"Sir James Kempt\"\nrating = 8\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("[[units]]\nunit = \"riflemen\"\nbrigade = \"kempt\"\nsize = \"standard\"\n"),
        "{text}"
    );
    let mut stderr = String::new();
    for args in [
        &["riflemen"][..],
        &["riflemen", "--option", "brigade=pack"],
        &[
            "riflemen",
            "--option",
            "brigade=pack",
            "--option",
            "commander=Pack",
            "--option",
            "rating=14",
        ],
        &[
            "riflemen",
            "--option",
            "brigade=kempt",
            "--option",
            "rating=9",
        ],
        &["riflemen", "--option", "brigade=Kempt!"],
        &[
            "riflemen",
            "--option",
            "brigade=kempt",
            "--option",
            "size=huge",
        ],
        &[
            "riflemen",
            "--option",
            "brigade=kempt",
            "--option",
            "colour=red",
        ],
        &["riflemen", "--option", "brigade=kempt", "--figures", "8"],
        &["rifleman", "--option", "brigade=kempt"],
    ] {
        let mut full = vec!["list", "add", "o.toml"];
        full.extend_from_slice(args);
        let r = run(&full);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        stderr.push_str(&format!("$ muster {}\n{}", full.join(" "), r.stderr));
    }
    assert_eq!(
        std::fs::read_to_string(d.join("o.toml")).unwrap(),
        text,
        "a refused edit leaves the file as it was"
    );
    snapshot(
        &root().join("tests/fixtures/hm-qrs/add-errors.stderr"),
        &stderr,
    )
    .unwrap();
}

#[test]
fn cards_qrs_and_rosters() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.pdf");
    let o = out.to_str().unwrap();
    let run = muster(&["cards", "lists/hm-qrs-picton-1815.toml", "-o", o]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.starts_with(&format!("wrote {o}: 10 cards, ")),
        "{}",
        run.stderr
    );
    let pdf = read_pdf(&out);
    assert_eq!(pdf.pages.len(), 2);
    let all = pdf.text.join(" ");
    for n in [
        "1/42nd (Black Watch)",
        "Petite unité",
        "8e brigade (Kempt) — Sir James Kempt, 8",
        "Mousquets à âme rayée 16\" (40 cm)",
        "Tir 2 · CàC 4",
        "−1 au test de rupture",
    ] {
        assert!(has(&all, n), "no `{n}` in the cards");
    }
    let run = muster(&[
        "cards",
        "--ruleset",
        "hm-qrs",
        "--sheet",
        "heavy-cavalry",
        "--lang",
        "en",
        "-o",
        o,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let all = read_pdf(&out).text.join(" ");
    assert!(
        has(&all, "Heavy cavalry") && has(&all, "Shoot — · HtH 9"),
        "{all}"
    );
    for (lang, needles) in [
        (
            "fr",
            &[
                "Test de rupture",
                "17/11/72",
                "Carré contre cavalerie",
                "Mousquets à âme lisse",
                "Lecture de la feuille par muster",
                "ébranlée quand ses pertes atteignent sa résistance",
            ][..],
        ),
        (
            "en",
            &[
                "Break test",
                "Square against cavalry",
                "Smoothbore muskets",
                "72 %",
            ][..],
        ),
    ] {
        let q = dir.path().join(format!("q-{lang}.pdf"));
        let run = muster(&[
            "qrs",
            "--ruleset",
            "hm-qrs",
            "--lang",
            lang,
            "-o",
            q.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let pdf = read_pdf(&q);
        assert_eq!(pdf.pages.len(), 2, "{lang}");
        let all = pdf.text.join(" ");
        for n in needles {
            assert!(has(&all, n), "{lang}: no `{n}`");
        }
    }
    let md = dir.path().join("r.md");
    let run = muster(&[
        "roster",
        "lists/hm-qrs-picton-1815.toml",
        "-o",
        md.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&md).unwrap();
    for n in [
        "**444 pts**",
        "## 8e brigade (Kempt) — Sir James Kempt (Valeur 8, ordre sans modificateur 72 %)",
        "| 6 | 1/42nd (Black Watch) | veteran-infantry | Ligne, Petite unité | 6 | 3 | 3+ | 3 | 2/4 |",
        "(Valeur 7, ordre sans modificateur 58 %)",
    ] {
        assert!(text.contains(n), "no `{n}` in\n{text}");
    }
    let html = dir.path().join("r.html");
    let run = muster(&[
        "roster",
        "lists/hm-qrs-donzelot-1815.toml",
        "--lang",
        "en",
        "-o",
        html.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&html).unwrap();
    assert!(text.contains("376 / 600 pts"), "{text}");
    assert!(text.contains("order without modifiers 72 %"), "{text}");
    // An invalid list's units outside its brigades are printed, not dropped.
    let run = muster(&[
        "roster",
        "tests/fixtures/hm-qrs/lists/unknown-brigade.toml",
        "-o",
        md.to_str().unwrap(),
    ]);
    // A roster prints an invalid list too, with its diagnostics.
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(
        text.contains("## Unités hors des brigades de la liste"),
        "{text}"
    );
    assert!(
        text.contains("| 2 | Carabiniers (fusils rayés) | riflemen |"),
        "{text}"
    );
}

/// "-1 Ebranlée ou En désordre" to hit (HM, l. 72) reaches hand-to-hand, once: veteran
/// infantry (6 dice) disordered against a small line battalion (4 dice). A hits on 5+ (1/3)
/// and the line saves on 4+ (1/2 unsaved): 1/6 a die; B hits on 4+ (1/2) and the veterans
/// save on 3+ (1/3 unsaved): 1/6 a die. P(A wins) = Σ P(A = i) P(B < i) = 4329821 / 6^9.
#[test]
fn disorder_reaches_the_roll_to_hit_once() {
    let args = [
        "melee",
        "--a",
        "veteran-infantry",
        "--a-casualties-before",
        "2",
        "--a-disordered",
        "--b",
        "line-infantry",
        "--b-size",
        "small",
    ];
    let v = preview(&args);
    assert!(
        close(v["a"]["p_casualty"].as_f64().unwrap(), 1.0 / 6.0),
        "{v}"
    );
    assert!(
        close(
            v["a"]["p_win"].as_f64().unwrap(),
            4_329_821.0 / 10_077_696.0
        ),
        "{v}"
    );
    // Naming the modifier as well does not take it twice.
    let mut named = args.to_vec();
    named.extend(["--a-hit", "shaken"]);
    let w = preview(&named);
    assert_eq!(w["a"]["p_casualty"], v["a"]["p_casualty"]);
    assert_eq!(w["a"]["p_win"], v["a"]["p_win"]);
    assert_eq!(v["a"]["states"][0]["because"], "disordered");
    assert_eq!(w["a"]["states"], serde_json::json!([]));
}
