//! ACA previews: the JSON contracts, the supplement's own examples, and hand-computed closed
//! forms; bounds refused before computing.

use super::{close, preview};
use crate::muster;

fn probs(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect()
}

/// P(2d6 ≤ t), a double 1 passing, by counting the 36 rolls (the book's: a double 6 fails
/// only with the house rule double-six-fails, [`p_test_house`]).
fn p_test(t: i64) -> f64 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if (a == 1 && b == 1) || a + b <= t {
                n += 1;
            }
        }
    }
    n as f64 / 36.0
}

fn binomial(n: u64, k: u64, p: f64) -> f64 {
    let mut c = 1.0;
    for i in 0..k {
        c = c * (n - i) as f64 / (i + 1) as f64;
    }
    c * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}

/// The supplement's three worked examples (ACA p.11), with plain modifiers as the contract
/// says, and with the table's factors by id.
#[test]
fn the_supplements_examples() {
    // Example 1: Ld 7, the brigadier in the battalion +2, the division general near +2, at
    // short range -1: a test under 10; the charge, a second order (-2): 8.
    let v = preview(&[
        "test",
        "--leadership",
        "7",
        "--modifier",
        "2",
        "--modifier",
        "2",
        "--modifier",
        "-1",
    ]);
    assert_eq!(v["target"], 10);
    assert!(close(v["p_success"].as_f64().unwrap(), 33.0 / 36.0));
    let v = preview(&[
        "test",
        "--leadership",
        "7",
        "--with",
        "brigadier-in-unit",
        "--with",
        "general-in-range",
        "--with",
        "short-range",
        "--with",
        "second-order",
    ]);
    assert_eq!(v["target"], 8);
    assert!(close(v["p_success"].as_f64().unwrap(), 26.0 / 36.0));
    // Example 2: a British line, 7 of 20 lost, charged by cuirassiers, the brigadier at 5":
    // 7 + 1 - 1 - 2 = 5.
    let v = preview(&[
        "test",
        "--leadership",
        "7",
        "--with",
        "brigadier-near",
        "--with",
        "losses-25",
        "--with",
        "charged-by-heavy-cavalry",
    ]);
    assert_eq!(v["target"], 5);
    assert!(close(v["p_success"].as_f64().unwrap(), 10.0 / 36.0));
}

/// Factors of one group do not add up; conditions double or cancel the *** penalty; the
/// doubles always pass or fail; the re-roll of a failed test.
#[test]
fn test_groups_doubles_and_rerolls() {
    // * group: the brigadier in the unit (+2) and near it (+1): only +2 counts.
    let v = preview(&[
        "test",
        "--leadership",
        "7",
        "--with",
        "brigadier-in-unit",
        "--with",
        "brigadier-near",
    ]);
    assert_eq!(v["target"], 9);
    assert_eq!(v["modifiers"][1]["counted"], false);
    // Two penalties of the * group: only the larger counts; a bonus of it still counts.
    let v = preview(&[
        "test",
        "--leadership",
        "8",
        "--with",
        "charge-in-cover",
        "--with",
        "charge-fortified",
        "--with",
        "brigadier-near",
    ]);
    assert_eq!(v["target"], 8 - 2 + 1);
    // *** doubled from the flank; cancelled for unscathed infantry charged from the front.
    let v = preview(&[
        "test",
        "--leadership",
        "7",
        "--with",
        "charged-by-heavy-cavalry",
        "--condition",
        "charged-in-flank",
    ]);
    assert_eq!(v["target"], 3);
    let v = preview(&[
        "test",
        "--leadership",
        "7",
        "--with",
        "charged-by-heavy-cavalry",
        "--condition",
        "unscathed-front",
    ]);
    assert_eq!(v["target"], 7);
    // Far below 2 only a double 1 passes; from 12 every roll passes (by the book).
    for (ld, k, expect) in [(2, -20, 1.0 / 36.0), (10, 20, 1.0), (7, 0, 21.0 / 36.0)] {
        let k = k.to_string();
        let v = preview(&["test", "--leadership", &ld.to_string(), "--modifier", &k]);
        assert!(close(v["p_success"].as_f64().unwrap(), expect), "{ld} {k}");
    }
    for t in 0..=14 {
        let ld = t.clamp(2, 10);
        let k = (t - ld).to_string();
        let v = preview(&["test", "--leadership", &ld.to_string(), "--modifier", &k]);
        assert!(
            close(v["p_success"].as_f64().unwrap(), p_test(t)),
            "target {t}"
        );
    }
    // Once a battle, a failed test again: p + (1 - p) p.
    let v = preview(&["test", "--unit", "fr-old-guard", "--reroll"]);
    let p = p_test(9);
    assert!(close(v["p_success"].as_f64().unwrap(), p + (1.0 - p) * p));
    let run = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "test",
        "--unit",
        "fr-conscripts",
        "--reroll",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("Conscript battalion is militia, which has no re-roll"),
        "{}",
        run.stderr
    );
}

/// Shooting against hand-computed closed forms: the BS table, scores above 6, the natural 1,
/// the wound chart, saves worsened by strength, elite re-rolls.
#[test]
fn shooting_closed_forms() {
    // 10 muskets, BS 3 (4+), S3 on T3 (4+), no save: each shot 1/4, binomial.
    let v = preview(&[
        "shoot",
        "--shots",
        "10",
        "--bs",
        "3",
        "--strength",
        "3",
        "--toughness",
        "3",
        "--save",
        "7",
    ]);
    let c = probs(&v["casualties"]);
    assert_eq!(c.len(), 11);
    for (k, p) in c.iter().enumerate() {
        assert!(close(*p, binomial(10, k as u64, 0.25)), "k = {k}");
    }
    assert!(close(v["mean"].as_f64().unwrap(), 2.5));
    // The to-hit table by BS, and a natural 1 missing at BS 5 +1 (needs 1: still 5/6).
    for (bs, k, p) in [
        (1, 0, 1.0 / 6.0),
        (2, 0, 2.0 / 6.0),
        (4, 0, 4.0 / 6.0),
        (5, 0, 5.0 / 6.0),
        (5, 1, 5.0 / 6.0),
        (7, 0, 5.0 / 6.0),
        // BS 1 at -1: a 7, a 6 then 4+; -2: 8, a 6 then 5+; -3: 9, 6 then 6; -4: none.
        (1, -1, 1.0 / 12.0),
        (1, -2, 1.0 / 18.0),
        (1, -3, 1.0 / 36.0),
        (1, -4, 0.0),
    ] {
        let v = preview(&[
            "shoot",
            "--shots",
            "1",
            "--bs",
            &bs.to_string(),
            "--strength",
            "10",
            "--toughness",
            "1",
            "--no-save",
            "--to-hit-modifier",
            &k.to_string(),
        ]);
        // S10 on T1 wounds on 2+.
        let expect = p * 5.0 / 6.0;
        assert!(
            close(v["p_casualty"].as_f64().unwrap(), expect),
            "BS {bs} {k:+}: {} vs {expect}",
            v["p_casualty"]
        );
    }
    // The wound chart: S − T = 2 → 2+, 1 → 3+, 0 → 4+, −1 → 5+, −2 and −3 → 6+, −4 → none.
    for (s, t, need) in [
        (5, 3, Some(2)),
        (4, 3, Some(3)),
        (3, 3, Some(4)),
        (3, 4, Some(5)),
        (3, 5, Some(6)),
        (3, 6, Some(6)),
        (3, 7, None),
        (10, 1, Some(2)),
    ] {
        let v = preview(&[
            "shoot",
            "--shots",
            "1",
            "--bs",
            "5",
            "--strength",
            &s.to_string(),
            "--toughness",
            &t.to_string(),
            "--no-save",
        ]);
        assert_eq!(v["to_wound"], serde_json::json!(need), "S{s} T{t}");
    }
    // Saves: 4+ against S3 stays 4+; S4 makes it 5+, S5 6+, S6 none; a 1 always fails.
    for (s, save, after) in [
        (3, 4, Some(4)),
        (4, 4, Some(5)),
        (5, 4, Some(6)),
        (6, 4, None),
        (3, 2, Some(2)),
        (1, 2, Some(2)),
    ] {
        let v = preview(&[
            "shoot",
            "--shots",
            "1",
            "--bs",
            "5",
            "--strength",
            &s.to_string(),
            "--toughness",
            "3",
            "--save",
            &save.to_string(),
        ]);
        assert_eq!(v["save"], serde_json::json!(after), "S{s} save {save}+");
    }
    // One elite firer, one shot at 4+ / 4+ / no save: a 1 is rolled again.
    // P = p + 1/6 × p with p = 1/2 × 1/2.
    let v = preview(&[
        "shoot",
        "--shots",
        "1",
        "--bs",
        "3",
        "--strength",
        "3",
        "--toughness",
        "3",
        "--no-save",
        "--elite",
        "1",
    ]);
    let p = 0.25;
    let c = probs(&v["casualties"]);
    assert!(close(c[1], p + p / 6.0), "{c:?}");
    // Two shots, one elite re-roll: P(0) = P(no casualty on both, counting one re-rolled 1).
    let v = preview(&[
        "shoot",
        "--shots",
        "2",
        "--bs",
        "3",
        "--strength",
        "3",
        "--toughness",
        "3",
        "--no-save",
        "--elite",
        "1",
    ]);
    let c = probs(&v["casualties"]);
    let (one, other) = (1.0 / 6.0, 1.0 - p - 1.0 / 6.0);
    // Neither die a casualty: two non-casualty faces; when at least one is a 1, one re-roll.
    let p0 = other * other + 2.0 * one * other * (1.0 - p) + one * one * (1.0 - p);
    assert!(close(c[0], p0), "{} vs {p0}", c[0]);
    // BS 0 cannot hit.
    let v = preview(&[
        "shoot",
        "--shots",
        "8",
        "--bs",
        "0",
        "--strength",
        "3",
        "--toughness",
        "3",
        "--no-save",
    ]);
    assert_eq!(v["p_hit"], 0.0);
    assert_eq!(v["to_hit"], serde_json::Value::Null);
    // Heavy cavalry does not shoot, whatever --strength says (ACA p.6).
    let run = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "shoot",
        "--firer",
        "fr-cuirassiers:8",
        "--target",
        "ru-musketeers",
        "--strength",
        "3",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("Pas de tir possible pour la cavalerie lourde"),
        "{}",
        run.stderr
    );
}

/// Shooting from army entries and lists: the firers' BS and weapon, the target's T and save;
/// rifles at S4 when they did not move; elite figures from the list.
#[test]
fn shooting_from_entries_and_lists() {
    let v = preview(&[
        "shoot",
        "--firer",
        "gb-95th-rifles:8",
        "--target",
        "fr-line-fusiliers",
        "--stationary",
    ]);
    assert_eq!(v["shots"], 8);
    assert_eq!(v["strength"], 4);
    assert_eq!(v["to_hit"], 3);
    let v = preview(&[
        "shoot",
        "--firer",
        "gb-95th-rifles:8",
        "--target",
        "fr-line-fusiliers",
    ]);
    assert_eq!(v["strength"], 3);
    // Unit 5 of the French list: 24 fusiliers with 8 elite figures, on Russian cuirassiers;
    // its commanded volley, two ranks: all 24 (a normal fire is one rank, 12: ACA p.4);
    // infantry, its elite re-roll nothing by the book (the house rule elite-infantry-rerolls,
    // tests/cli/wab_aca/house.rs).
    let v = preview(&[
        "shoot",
        "--firer",
        "lists/wab-france-1809.toml:5",
        "--target",
        "ru-cuirassiers",
        "--volley",
    ]);
    assert_eq!(v["shots"], 24);
    assert_eq!(v["elite"], 0);
    assert_eq!(v["save"], 4);
    let sum: f64 = probs(&v["casualties"]).iter().sum();
    assert!((sum - 1.0).abs() < 1e-12);
    let run = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "shoot",
        "--firer",
        "fr-vistula-lancers:8",
        "--target",
        "ru-musketeers",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("carries lance, a close-combat weapon"),
        "{}",
        run.stderr
    );
}

/// P(attacker's result > defender's) when `a` attacks and `d` attacks wound with `pa` and `pd`
/// each, the results before wounds being `sa` and `sd` (no musician).
fn p_win(a: u64, pa: f64, sa: i64, d: u64, pd: f64, sd: i64) -> f64 {
    let mut p = 0.0;
    for i in 0..=a {
        for j in 0..=d {
            if sa + i as i64 > sd + j as i64 {
                p += binomial(a, i, pa) * binomial(d, j, pd);
            }
        }
    }
    p
}

/// Issue 36, item 1: an attack column charging strikes with its front rank and the flank
/// figure at each end of every rank behind (ACA p.3, « les figurines des flancs peuvent
/// frapper dans le tour où l'unité charge (ou contre-charge) »): 16 fusiliers in 4 ranks of 4.
#[test]
fn attack_column_charging_strikes_with_its_flanks() {
    let args = [
        "combat",
        "--attacker",
        "fr-line-fusiliers:16",
        "--attacker-formation",
        "attack-column",
        "--attacker-ranks",
        "3",
        "--charge",
        "--defender",
        "ru-musketeers:32",
        "--defender-formation",
        "line",
        "--defender-ranks",
        "1",
        "--defender-fighting",
        "8",
    ];
    let v = preview(&args);
    let (figures, behind) = (16u64, 3u64);
    let front = figures.div_ceil(behind + 1);
    let fighting = front + 2 * behind;
    assert_eq!(fighting, 10);
    assert_eq!(v["attacker"]["fighting"], fighting);
    assert_eq!(
        v["attacker"]["fighting_reason"],
        "10 fighting: front rank 4 + 2 flank figures × 3 ranks, charging, ACA p.3"
    );
    assert_eq!(
        v["defender"]["fighting_reason"],
        "8 fighting: given by --defender-fighting (the formation gives 16, 5 of them in contact)"
    );
    // Each attack: WS 3 on WS 3 hits on 4+, S 3 + 1 (bayonets) on T 3 wounds on 3+, no save;
    // the defender's: 4+ and 4+. Results before wounds: ranks 3 + charge 1 against the
    // defender's outnumbering 1 (33 figures with the officer against 17).
    let pa = 0.5 * (4.0 / 6.0);
    let pd = 0.5 * 0.5;
    let expected = p_win(fighting, pa, 4, 8, pd, 1);
    let got = v["attacker"]["p_win"].as_f64().unwrap();
    assert!(close(got, expected), "{got} against {expected}");
    assert!((got - 0.978).abs() < 5e-4, "{got}");
    // The text says the count and why.
    let mut full = vec!["preview", "--ruleset", "wab-aca"];
    full.extend_from_slice(&args);
    let run = muster(&full);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("10 fighting: front rank 4 + 2 flank figures × 3 ranks, charging, ACA p.3"),
        "{}",
        run.stdout
    );
    // Without the charge, the front rank alone.
    let v = preview(
        &args
            .iter()
            .filter(|a| **a != "--charge")
            .copied()
            .collect::<Vec<_>>(),
    );
    assert_eq!(v["attacker"]["fighting"], front);
}

/// Issue 36, item 2: an echelon charging strikes with its front rank and half the figures of
/// the ranks behind, impacts included (ACA p.6, « la moitié des figurines des rangs arrières
/// peuvent porter leurs attaques (Impacts compris) »): 12 cuirassiers in 3 ranks of 4.
#[test]
fn echelon_charging_strikes_with_half_the_rear_ranks() {
    let v = preview(&[
        "combat",
        "--attacker",
        "fr-cuirassiers:12",
        "--attacker-formation",
        "echelon",
        "--attacker-ranks",
        "2",
        "--charge",
        "--defender",
        "ru-musketeers:24",
        "--defender-ranks",
        "1",
    ]);
    let (figures, behind) = (12u32, 2u32);
    let front = figures.div_ceil(behind + 1);
    let fighting = front + (figures - front).div_ceil(2);
    assert_eq!(fighting, 8);
    assert_eq!(v["attacker"]["fighting"], fighting);
    assert_eq!(v["attacker"]["impact_attacks"], fighting);
    assert_eq!(
        v["attacker"]["fighting_reason"],
        "8 fighting: front rank 4 + half the 8 figures of the ranks behind, charging, ACA p.6"
    );
    // A sabre attack: WS 4 on WS 3 hits on 3+, the pistols re-rolling the 1s (ACA p.6); S 4 + 1
    // on T 3 wounds on 2+; no save. An impact attack: WS and S 3 (reading impact-strength) on
    // WS 3 and T 3, 4+ and 4+.
    let hit = 4.0 / 6.0 + (1.0 / 6.0) * (4.0 / 6.0);
    let sabre = hit * 5.0 / 6.0;
    let impact = 0.5 * 0.5;
    let mean = f64::from(fighting) * sabre + f64::from(fighting) * impact;
    let got = v["attacker"]["mean_wounds"].as_f64().unwrap();
    assert!(close(got, mean), "{got} against {mean}");
    assert!((got - 7.19).abs() < 5e-3, "{got}");
}

/// The most figures of a front rank of `front` bases of `base` mm that a frontage of `other`
/// mm meets along a length, placed where it meets the most: every placement, in tenths of a
/// millimetre.
fn most_met(front: u64, base: u64, other: u64) -> u64 {
    if other >= front * base {
        return front;
    }
    (0..=(front * base - other) * 10)
        .map(|left| {
            let right = left + other * 10;
            (0..front)
                .filter(|i| i * base * 10 < right && (i + 1) * base * 10 > left)
                .count() as u64
        })
        .max()
        .unwrap()
}

/// Issue 36, item 3: who is in contact by default (reading contact: a foot figure takes
/// 20 mm of its rank, a horse 25 mm; the charge placed to bring the most figures into
/// contact, as WAB has it; the figures whose bases meet the other's frontage along a length
/// fight). The 14th Light Dragoons (8 figures, their line of one rank) charge the 57e de
/// ligne (24 figures in its line of two ranks, reading who-fights): their 200 mm meet 11 of
/// its front rank's 12, and those 11 strike back, not all 24.
#[test]
fn who_is_in_contact_by_default() {
    let args = [
        "combat",
        "--attacker",
        "lists/wab-great-britain-1812.toml:9",
        "--defender",
        "lists/wab-france-1809.toml:7",
        "--charge",
    ];
    let v = preview(&args);
    let (horses, horse, foot, base) = (8_u64, 25_u64, 24_u64, 20_u64);
    let front = foot / 2;
    let met = most_met(front, base, horses * horse);
    assert_eq!(met, 11);
    assert_eq!(v["attacker"]["fighting"], horses);
    assert_eq!(v["defender"]["fighting"], met);
    assert_eq!(v["defender"]["frontage"]["front"], front);
    assert_eq!(v["defender"]["frontage"]["base_mm"], base);
    assert_eq!(v["defender"]["frontage"]["in_contact"], met);
    assert_eq!(v["attacker"]["frontage"]["frontage_mm"], horses * horse);
    assert_eq!(
        v["defender"]["fighting_reason"],
        "11 fighting: the attacker's frontage of 8 × 25 mm = 200 mm, placed to meet the most, meets 11 of the 12 figures of 20 mm of its front rank (reading contact, ACA p.5, p.7)"
    );
    // A dragoon's attack: WS 3 on WS 3 hits on 4+, S 3 + 1 (sabres charging) on T 3 wounds on
    // 3+, no save; a fusilier's: 4+, 4+, the dragoons' 6+ save failing 5 times in 6. Results
    // before wounds: charge 1 + flag 1 against flag 1 + outnumbering 1 (25 with the officer
    // against 9); a tie goes to the battalion's musician.
    let pa = 0.5 * (4.0 / 6.0);
    let pd = 0.5 * 0.5 * (5.0 / 6.0);
    let expected = p_win(horses, pa, 2, met, pd, 2);
    let got = v["attacker"]["p_win"].as_f64().unwrap();
    assert!(close(got, expected), "{got} against {expected}");
    assert!((got - 0.4781).abs() < 5e-5, "{got}");
    // The same as the battalion's 11 given by hand.
    let mut given = args.to_vec();
    given.extend(["--defender-fighting", "11"]);
    let g = preview(&given);
    assert!(close(f64_of(&g["attacker"]["p_win"]), got));
    // Given numbers still win, and say what the book would have taken.
    let mut over = args.to_vec();
    over.extend(["--defender-fighting", "24", "--attacker-fighting", "6"]);
    let o = preview(&over);
    assert_eq!(o["defender"]["fighting"], 24);
    assert_eq!(o["attacker"]["fighting"], 6);
    assert_eq!(
        o["defender"]["fighting_reason"],
        "24 fighting: given by --defender-fighting (the formation gives 12, 11 of them in contact)"
    );
    assert_eq!(
        o["attacker"]["fighting_reason"],
        "6 fighting: given by --attacker-fighting (the formation gives 8)"
    );
    let all24 = p_win(6, pa, 2, 24, pd, 2);
    assert!(close(f64_of(&o["attacker"]["p_win"]), all24));
    // --contact N gives the battalion's figures in contact; the dragoons' follow, placed to
    // meet the most: 6 × 20 mm = 120 mm across 25 mm bases meets 6 of them.
    let mut six = args.to_vec();
    six.extend(["--contact", "6"]);
    let c = preview(&six);
    let facing = most_met(horses, horse, 6 * base);
    assert_eq!(facing, 6);
    assert_eq!(c["defender"]["fighting"], 6);
    assert_eq!(c["attacker"]["fighting"], facing);
    // A defender wider than its front rank allows is refused, as is --contact from a flank.
    let mut wide = args.to_vec();
    wide.extend(["--contact", "13"]);
    let mut full = vec!["preview", "--ruleset", "wab-aca"];
    full.extend_from_slice(&wide);
    let run = muster(&full);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("--contact 13: the defender's front rank has 12 figures"),
        "{}",
        run.stderr
    );
    // The text says the count and why.
    let mut full = vec!["preview", "--ruleset", "wab-aca"];
    full.extend_from_slice(&args);
    let run = muster(&full);
    assert!(
        run.stdout.contains("meets 11 of the 12 figures of 20 mm"),
        "{}",
        run.stdout
    );
}

fn f64_of(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap()
}

/// Issue 36, item 4: a normal fire without a test is one rank (ACA p.4, « le tir normal sans
/// test s'effectue sur un rang avec toutes les figurines et avec la moitié en ligne étendue »);
/// the commanded volley, two ranks, is a choice with its test; the fire duel opens the same.
#[test]
fn normal_fire_is_one_rank() {
    let shoot = |more: &[&str]| {
        let mut args = vec![
            "shoot",
            "--firer",
            "fr-line-fusiliers:24",
            "--target",
            "ru-musketeers",
        ];
        args.extend_from_slice(more);
        preview(&args)
    };
    // BS 3: 4+; S 3 on T 3: 4+; no save.
    let p = 0.5 * 0.5;
    let figures = 24u64;
    let check = |v: &serde_json::Value, shots: u64| {
        assert_eq!(v["shots"], shots);
        let got = probs(&v["casualties"]);
        assert_eq!(got.len() as u64, shots + 1);
        for (k, g) in got.iter().enumerate() {
            assert!(close(*g, binomial(shots, k as u64, p)), "k = {k}: {g}");
        }
    };
    // In its line of two ranks: one rank fires.
    let v = shoot(&[]);
    check(&v, figures / 2);
    assert_eq!(
        v["shots_reason"],
        "12 firing: one rank of 12 (24 figures in 2 ranks), a normal fire in line, ACA p.4"
    );
    assert!(v.get("volley_test").is_none());
    // A single line: every figure; an extended line: half of them.
    check(&shoot(&["--firer-ranks", "1"]), figures);
    check(
        &shoot(&["--firer-formation", "extended-line"]),
        figures.div_ceil(2),
    );
    // The commanded volley: two ranks, after a manoeuvre test on Ld 7.
    let v = shoot(&["--volley"]);
    check(&v, figures);
    assert_eq!(v["volley_test"]["leadership"], 7);
    assert!(close(
        v["volley_test"]["p_pass"].as_f64().unwrap(),
        p_test(7)
    ));
    assert!(
        v["shots_reason"]
            .as_str()
            .unwrap()
            .starts_with("24 firing: the commanded volley, 2 ranks of 12 (24 figures in 2 ranks), after a passed manoeuvre test on Ld 7"),
        "{}",
        v["shots_reason"]
    );
    // An attack column of 4 ranks: its volley is its first 2 ranks of 6.
    check(
        &shoot(&[
            "--firer-formation",
            "attack-column",
            "--firer-ranks",
            "4",
            "--volley",
        ]),
        2 * figures.div_ceil(4),
    );
    // A number given says so.
    let v = shoot(&["--shots", "20"]);
    assert_eq!(
        v["shots_reason"],
        "20 firing: given by --shots (the formation gives 12)"
    );
    // The fire duel's first volley is the same normal fire.
    let v = preview(&[
        "fire-duel",
        "--firer",
        "fr-line-fusiliers:24",
        "--target",
        "ru-musketeers:24",
    ]);
    assert_eq!(v["shots"], figures / 2);
    let first = probs(&v["first"]);
    assert_eq!(first.len() as u64, figures / 2 + 1);
    for (k, g) in first.iter().enumerate() {
        assert!(
            close(*g, binomial(figures / 2, k as u64, p)),
            "k = {k}: {g}"
        );
    }
    // A square's fire is not counted: refused, asking for the shots.
    let run = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "shoot",
        "--firer",
        "fr-line-fusiliers:24",
        "--target",
        "ru-musketeers",
        "--firer-formation",
        "hollow-square",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("give --shots N"), "{}", run.stderr);
    // A formation asked for with --shots is still checked.
    let run = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "shoot",
        "--firer",
        "fr-line-fusiliers:24",
        "--target",
        "ru-musketeers",
        "--shots",
        "20",
        "--firer-formation",
        "echelon",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("Line battalion does not take the formation echelon"),
        "{}",
        run.stderr
    );
}

/// One round of close combat, 1 against 1, by hand: each wounds with 1/2 × 1/2 = 1/4 (WS 3 on
/// WS 3 hits on 4+, S3 on T3 wounds on 4+, no save). Win/lose/draw and the loser's break test.
#[test]
fn combat_closed_form() {
    let v = preview(&[
        "combat",
        "--attacker",
        "fr-line-fusiliers:12",
        "--attacker-fighting",
        "1",
        "--defender",
        "ru-jagers:12",
        "--defender-fighting",
        "1",
    ]);
    let q = 0.25;
    let a = probs(&v["attacker"]["wounds"]);
    assert!(close(a[1], q) && close(a[0], 1.0 - q));
    // Equal figures, no bonus: the attacker wins when it wounds and the defender does not.
    let win = q * (1.0 - q);
    assert!(close(v["attacker"]["p_win"].as_f64().unwrap(), win));
    assert!(close(v["defender"]["p_win"].as_f64().unwrap(), win));
    assert!(close(v["p_draw"].as_f64().unwrap(), 1.0 - 2.0 * win));
    // The loser (by 1) tests on Ld 7 − 1 = 6: it breaks with 1 − 15/36.
    assert!(close(
        v["defender"]["p_break"].as_f64().unwrap(),
        win * (1.0 - p_test(6))
    ));
    // A charge: +1 to the attacker's result and +1 S (bayonets: S4 on T3 wounds on 3+).
    let v = preview(&[
        "combat",
        "--attacker",
        "fr-line-fusiliers:12",
        "--attacker-fighting",
        "1",
        "--defender",
        "ru-jagers:12",
        "--defender-fighting",
        "1",
        "--charge",
    ]);
    let qa = 0.5 * (4.0 / 6.0);
    assert!(close(probs(&v["attacker"]["wounds"])[1], qa));
    // The attacker loses only if it wounds nothing and the defender wounds twice: impossible
    // with one attack each; a draw when the defender wounds and the attacker does not.
    assert!(close(v["defender"]["p_win"].as_f64().unwrap(), 0.0));
    assert!(close(v["p_draw"].as_f64().unwrap(), (1.0 - qa) * q));
    // A musician wins a draw by one.
    let v = preview(&[
        "combat",
        "--attacker",
        "fr-line-fusiliers:12",
        "--attacker-fighting",
        "1",
        "--defender",
        "ru-jagers:12",
        "--defender-fighting",
        "1",
        "--defender-musician",
    ]);
    assert!(close(v["p_draw"].as_f64().unwrap(), 0.0));
    assert!(close(v["defender"]["p_win"].as_f64().unwrap(), 1.0 - win));
}

/// Lances strike first and kill before the enemy strikes back; heavy cavalry's impact hits
/// foot, never a square; ranks count within the formation's bonus.
#[test]
fn combat_special_rules() {
    // Two Vistula lancers (WS 4 S3+1) charge two conscripts (WS 2 T3, no save): the lance
    // hits on 3+, wounds on 3+: 4/9 each. A conscript killed first does not strike.
    let v = preview(&[
        "combat",
        "--attacker",
        "fr-vistula-lancers:4",
        "--attacker-fighting",
        "2",
        "--defender",
        "fr-conscripts:16",
        "--defender-fighting",
        "2",
        "--charge",
    ]);
    assert_eq!(v["attacker"]["first_strike"], true);
    let p: f64 = 4.0 / 9.0;
    // The conscripts (WS 2 against WS 4: 4+; S3 on T3: 4+; the lancers' save 5+ holds on 5-6):
    // one attack wounds with 1/2 × 1/2 × 2/3 = 1/6.
    let r = 1.0 / 6.0;
    // Expected wounds by the conscripts: Σ over lancer kills of (survivors × 1/6).
    let expect = (1.0 - p).powi(2) * 2.0 * r + 2.0 * p * (1.0 - p) * r;
    assert!(
        (v["defender"]["mean_wounds"].as_f64().unwrap() - expect).abs() < 1e-12,
        "{} vs {expect}",
        v["defender"]["mean_wounds"]
    );
    // Cuirassiers charging foot: one impact attack per fighting figure; none against a square.
    let v = preview(&[
        "combat",
        "--attacker",
        "fr-cuirassiers:8",
        "--defender",
        "ru-musketeers:28",
        "--charge",
    ]);
    assert_eq!(v["attacker"]["impact_attacks"], 8);
    assert_eq!(v["attacker"]["strength_bonus"], 1);
    let v = preview(&[
        "combat",
        "--attacker",
        "fr-cuirassiers:8",
        "--defender",
        "ru-musketeers:28",
        "--charge",
        "--defender-formation",
        "hollow-square",
    ]);
    assert_eq!(v["attacker"]["impact_attacks"], 0);
    assert_eq!(v["attacker"]["strength_bonus"], 0);
    assert_eq!(v["attacker"]["charge_bonus"], 0);
    assert_eq!(v["defender"]["ranks"], 3);
    // A line gives no rank bonus, whatever the ranks; light infantry in square +2 (a square's
    // ranks are its formation's: no --defender-ranks, ACA p.3).
    let v = preview(&[
        "combat",
        "--attacker",
        "fr-line-fusiliers:24",
        "--attacker-ranks",
        "1",
        "--attacker-formation",
        "line",
        "--defender",
        "gb-light-infantry:24",
        "--defender-formation",
        "hollow-square",
    ]);
    assert_eq!(v["attacker"]["ranks"], 0);
    assert_eq!(v["defender"]["ranks"], 2);
    let run = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "combat",
        "--attacker",
        "fr-hussars:8",
        "--attacker-formation",
        "echelon",
        "--defender",
        "ru-hussars:8",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("Hussar regiment does not take the formation echelon"),
        "{}",
        run.stderr
    );
}

/// Artillery: a misfire on 1 face in 6 of the artillery die wastes the shot; every figure on
/// the path and the large-target and grand-battery hits each wound; skirmishers halve the
/// hits, rounded up; canister behind heavy cover hits on 6 only.
#[test]
fn artillery_closed_forms() {
    // A medium piece, 3 figures on the path of a large target (+2), grand battery of 2 (+2):
    // 7 hits at S7 on T3 (2+), no save.
    let v = preview(&[
        "artillery",
        "--battery",
        "medium",
        "--ammo",
        "roundshot",
        "--figures",
        "3",
        "--large-target",
        "--grand-battery",
        "2",
        "--toughness",
        "3",
        "--no-save",
    ]);
    assert_eq!(v["hits"], 7);
    let c = probs(&v["casualties"]);
    let (m, w): (f64, f64) = (1.0 / 6.0, 5.0 / 6.0);
    assert!(close(c[0], m + (1.0 - m) * (1.0 - w).powi(7)));
    assert!(close(c[7], (1.0 - m) * w.powi(7)));
    // Skirmishers: 5 figures → 3 hits (rounded up).
    let v = preview(&[
        "artillery",
        "--battery",
        "light",
        "--ammo",
        "roundshot",
        "--figures",
        "5",
        "--order",
        "skirmishers",
        "--toughness",
        "3",
        "--no-save",
    ]);
    assert_eq!(v["hits"], 3);
    // Canister of a heavy piece (S4) on 6 figures behind heavy cover: each 1/6 × (S4 on T3: 3+).
    let v = preview(&[
        "artillery",
        "--battery",
        "heavy",
        "--ammo",
        "canister",
        "--figures",
        "6",
        "--heavy-cover",
        "--toughness",
        "3",
        "--no-save",
    ]);
    let q: f64 = (1.0 / 6.0) * (4.0 / 6.0);
    let c = probs(&v["casualties"]);
    assert!(close(c[6], (1.0 - m) * q.powi(6)));
    // Foragers halve round shot, not canister.
    let v = preview(&[
        "artillery",
        "--battery",
        "light",
        "--ammo",
        "canister",
        "--figures",
        "5",
        "--order",
        "foragers",
        "--toughness",
        "3",
        "--no-save",
    ]);
    assert_eq!(v["hits"], 5);
    let run = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "artillery",
        "--battery",
        "howitzer",
        "--ammo",
        "roundshot",
        "--figures",
        "3",
        "--toughness",
        "3",
        "--no-save",
    ]);
    assert_eq!(run.code, 2);
    assert!(run
        .stderr
        .contains("stone-thrower template, which muster does not preview"));
}

/// A battery fires at a unit without `--figures` (issue 36): the figures hit are counted from
/// the target by reading gun-path, the battery facing it. The French foot battery of 6
/// (lists/wab-france-1809.toml unit 13, a medium piece) at the 28 musketeers of
/// lists/wab-russia-1812.toml unit 5 in one rank: canister covers 76 mm of 20 mm bases; round
/// shot crosses its ranks, one figure each; a unit in 2 ranks, cavalry's wider bases. The
/// expected numbers are worked out from the data in the test (`battery_shot`). Before,
/// `--target` without `--figures` was refused.
#[test]
fn a_battery_counts_the_figures_it_hits_from_its_target() {
    use super::battery_shot;
    let listed = [
        "--battery",
        "lists/wab-france-1809.toml:13",
        "--target",
        "lists/wab-russia-1812.toml:5",
    ];
    for (ammo, ranks, target, figures, entry) in [
        ("canister", None, &listed[2..], 28, "ru-musketeers"),
        ("roundshot", None, &listed[2..], 28, "ru-musketeers"),
        (
            "canister",
            Some("2"),
            &["--target", "ru-musketeers:27"][..],
            27,
            "ru-musketeers",
        ),
        (
            "roundshot",
            Some("3"),
            &["--target", "ru-musketeers:27"][..],
            27,
            "ru-musketeers",
        ),
        (
            "canister",
            None,
            &["--target", "ru-dragoons:12"][..],
            12,
            "ru-dragoons",
        ),
    ] {
        let mut args = vec!["artillery", "--battery", listed[1], "--ammo", ammo];
        args.extend_from_slice(target);
        if let Some(n) = ranks {
            args.extend(["--target-ranks", n]);
        }
        let v = preview(&args);
        // Given, else its own formation's: the line of two ranks on foot, one mounted
        // (reading who-fights).
        let own = if entry == "ru-dragoons" { 1 } else { 2 };
        let ranks_n: u32 = ranks.map_or(own, |n| n.parse().unwrap());
        let (hit, mean) = battery_shot("fr-foot-battery-6", ammo, entry, figures, ranks_n);
        assert_eq!(v["figures"], hit, "{args:?}: {v}");
        assert_eq!(v["covered"]["figures"], hit, "{args:?}");
        assert_eq!(v["covered"]["ranks"], ranks_n, "{args:?}");
        assert!(
            close(v["mean"].as_f64().unwrap(), mean),
            "{args:?}: {v} vs {mean}"
        );
        let why = v["covered"]["why"].as_str().unwrap();
        let said = if ammo == "canister" {
            format!("{hit} figures under the template: 76 mm wide")
        } else {
            format!("{hit} figure")
        };
        assert!(why.starts_with(&said), "{why}");
        assert!(why.ends_with("reading gun-path, ACA p.9)"), "{why}");
    }
    // The numbers themselves, for the pair in its line of two ranks of 14: 4 figures
    // under the template in each (bases of 20 mm, the template's 76 mm centred on them), 2 on
    // the path.
    assert_eq!(
        battery_shot("fr-foot-battery-6", "canister", "ru-musketeers", 28, 2).0,
        8
    );
    assert_eq!(
        battery_shot("fr-foot-battery-6", "roundshot", "ru-musketeers", 28, 2).0,
        2
    );
    // The text says it.
    let mut words = vec![
        "preview",
        "--ruleset",
        "wab-aca",
        "artillery",
        "--ammo",
        "canister",
    ];
    words.extend(listed);
    let run = muster(&words);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("\n  8 figures under the template: 76 mm wide (WAB's blast template, 3\" across, halved along its diameter) over 20 mm bases, centred on each rank crossed (28 figures in 2 ranks of 14; reading gun-path, ACA p.9)\n"),
        "{}",
        run.stdout
    );
    // What it cannot count is refused, saying what to give.
    for (args, said) in [
        (
            vec!["--battery", "medium", "--ammo", "canister", "--target", "lists/wab-russia-1812.toml:13"],
            "is a battery, whose pieces' bases are not given (reading contact): give --figures N",
        ),
        (
            vec!["--battery", "medium", "--ammo", "canister", "--toughness", "3", "--no-save"],
            "give --figures N (the figures on the path, round shot, or under the template, canister) or --target UNIT",
        ),
        (
            vec!["--battery", "medium", "--ammo", "roundshot", "--at", "caisson", "--target", "ru-musketeers", "--target-ranks", "2"],
            "--target-ranks 2: the ranks count the figures hit from --target",
        ),
    ] {
        let mut words = vec!["preview", "--ruleset", "wab-aca", "artillery"];
        words.extend(args.iter().copied());
        let run = muster(&words);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
    }
}

/// Numbers out of their bounds are refused, naming the flag and the bound, before anything is
/// computed; unknown ids get a suggestion.
#[test]
fn bounds_and_unknown_ids() {
    for (args, message) in [
        (vec!["test", "--leadership", "11"], "--leadership <LEADERSHIP>"),
        (vec!["test", "--leadership", "7", "--modifier", "99999999999"], "--modifier <K>"),
        (vec!["test", "--leadership", "7", "--with", "brigadier-inside"], "unknown modifier `brigadier-inside`; did you mean `brigadier-near` or `brigadier-in-unit`?"),
        (vec!["shoot", "--shots", "401", "--bs", "3", "--strength", "3", "--toughness", "3", "--save", "7"], "--shots <SHOTS>"),
        (vec!["shoot", "--shots", "4", "--bs", "3", "--strength", "3", "--toughness", "3", "--save", "7", "--elite", "5"], "--elite: 5 elite figures among 4 shots"),
        (vec!["shoot", "--shots", "4", "--bs", "3", "--strength", "3", "--toughness", "3"], "give --save SV (7: none), --no-save or --target ENTRY"),
        (vec!["combat", "--attacker", "fr-line-fusiliers:50", "--defender", "ru-jagers"], "--attacker: 50 is out of range; 12 to 30"),
        (vec!["combat", "--attacker", "fr-line-fusilers", "--defender", "ru-jagers"], "unknown entry `fr-line-fusilers`; did you mean Line battalion (`fr-line-fusiliers`, France, 1809)?"),
        (vec!["combat", "--attacker", "lists/wab-france-1809.toml:99", "--defender", "ru-jagers"], "has 15 units: there is no unit 99"),
        (vec!["combat", "--attacker", "lists/sharpe-patrol.toml:1", "--defender", "ru-jagers"], "lists/sharpe-patrol.toml is a list for Capitán, not for WAB: Au crépuscule de l'Aigle"),
        (vec!["combat", "--attacker", "fr-line-fusiliers", "--attacker-fighting", "31", "--defender", "ru-jagers"], "31 figures fighting, but the unit has 30"),
        (vec!["artillery", "--battery", "medium", "--ammo", "roundshot", "--figures", "101", "--toughness", "3"], "--figures <N>"),
        (vec!["artillery", "--battery", "medium", "--ammo", "canister", "--figures", "3", "--toughness", "3", "--no-save", "--large-target"], "--large-target: it adds hits to round shot only (ACA p.9"),
    ] {
        let mut full = vec!["preview", "--ruleset", "wab-aca"];
        full.extend(args.iter().copied());
        let run = muster(&full);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}
