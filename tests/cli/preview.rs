//! `muster preview`: the JSON contracts, closed forms through the CLI, sheets and lists.

use super::{json, muster};

fn close(a: &serde_json::Value, b: f64) -> bool {
    (a.as_f64().unwrap() - b).abs() < 1e-12
}

#[test]
fn ad_hoc_fire_contract_and_closed_form() {
    // 12 d12 shots at medium range against a d10 target in light cover: binomial(12, 0.5 × 0.3).
    let out = json(&muster(&[
        "preview",
        "fire",
        "--shots",
        "12",
        "--die",
        "d12",
        "--range",
        "medium",
        "--target-figures",
        "12",
        "--target-die",
        "d10",
        "--cover",
        "light",
        "--format",
        "json",
    ]));
    let p = out["casualties"].as_array().unwrap();
    assert_eq!(p.len(), 13);
    assert!(
        close(&p[0], 0.142241757136_f64) || (p[0].as_f64().unwrap() - 0.142241757136).abs() < 1e-12
    );
    assert!((p[1].as_f64().unwrap() - 0.301217838641).abs() < 1e-12);
    assert!((p[2].as_f64().unwrap() - 0.292358490446).abs() < 1e-12);
    assert!((out["mean"].as_f64().unwrap() - 1.8).abs() < 1e-12);
    let total: f64 = p.iter().map(|x| x.as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

#[test]
fn fire_modifiers_and_rerolls_through_the_cli() {
    // d10 + 2 ≥ 7 → 0.6; with re-rolled misses 0.84; dodge d8 ≥ 5 → 0.5, hard-to-kill 0.5 + 0.5 × 3/8.
    let out = json(&muster(&[
        "preview",
        "fire",
        "--shots",
        "1",
        "--die",
        "d10",
        "--range",
        "medium",
        "--modifier",
        "2",
        "--reroll-misses",
        "--target-figures",
        "4",
        "--target-die",
        "d8",
        "--dodge-reroll",
        "hard-to-kill",
        "--format",
        "json",
    ]));
    let expected = 0.84 * (1.0 - (0.5 + 0.5 * 3.0 / 8.0));
    assert!(
        (out["casualties"][1].as_f64().unwrap() - expected).abs() < 1e-12,
        "{out}"
    );
}

#[test]
fn fire_from_sheets_applies_the_rules() {
    let run = muster(&[
        "preview",
        "fire",
        "--shooter",
        "gb-95th-sharpe",
        "--shooter-skill",
        "tireur-expert",
        "--target",
        "fr-6e-leger-voltigeurs:8",
        "--range",
        "long",
        "--cover",
        "medium",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = json(&run);
    // Sharpe: 3 figures, d12, long range 9, Tireur expert +2, escort re-rolls misses:
    // hit 6/12 → 1 − (1/2)² = 0.75; voltigeurs dodge d10 + 2 ≥ 5: 0.8.
    assert!(close(&out["p_hit"], 0.75), "{out}");
    assert!(close(&out["p_dodge"], 0.8), "{out}");
    let notes = out["notes"].to_string();
    assert!(
        notes.contains("Expert marksman") && notes.contains("escort"),
        "{notes}"
    );
    // Casualties per 100 points: Sharpe 229 + 15.
    assert_eq!(out["cost"], 244);
}

#[test]
fn fire_from_a_list_unit_and_comparisons() {
    let out = json(&muster(&[
        "preview",
        "fire",
        "--list",
        "lists/sharpe-patrol.toml",
        "--unit",
        "3",
        "--target",
        "fr-47e-fusiliers:10",
        "--range",
        "medium",
        "--compare-skill",
        "bon-oeil",
        "--format",
        "json",
    ]));
    let both = out.as_array().unwrap();
    assert_eq!(both.len(), 2);
    assert_eq!(both[0]["cost"], 216);
    assert!(both[1]["label"].as_str().unwrap().contains("Good eye"));
    // Bon œil: medium counts as short: 5 instead of 7 on a d10.
    assert!(close(&both[0]["p_hit"], 0.4));
    assert!(close(&both[1]["p_hit"], 0.6));
}

#[test]
fn preview_usage_errors() {
    let run = muster(&[
        "preview",
        "fire",
        "--shooter",
        "gb-95th-riflemen",
        "--target",
        "fr-47e-fusiliers:10",
        "--range",
        "short",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("give the shooter's figures"),
        "{}",
        run.stderr
    );
    let run = muster(&[
        "preview",
        "fire",
        "--shooter",
        "gb-18th-hussars:6",
        "--target",
        "fr-47e-fusiliers:10",
        "--range",
        "long",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("§7.2"), "{}", run.stderr);
    let run = muster(&[
        "preview",
        "fire",
        "--shooter",
        "gb-45th-line:8",
        "--shooter-skill",
        "tir-en-rang-serre",
        "--shooter-skill",
        "formation-serree",
        "--target",
        "fr-47e-fusiliers:8",
        "--range",
        "short",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("one skill per activation"),
        "{}",
        run.stderr
    );
    let run = muster(&[
        "preview",
        "fire",
        "--shooter",
        "gb-45th-line:8",
        "--fire-twice",
        "--target",
        "fr-47e-fusiliers:8",
        "--range",
        "short",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("§3.1"));
    let run = muster(&["preview", "fire", "--shots", "3", "--die", "d7"]);
    assert_eq!(run.code, 2);
    let run = muster(&[
        "preview",
        "fire",
        "--shots",
        "3",
        "--die",
        "d6",
        "--range",
        "short",
        "--target-figures",
        "4",
        "--target-die",
        "d6",
        "--plot",
        "out.toml",
    ]);
    assert_eq!(run.code, 2);
}

#[test]
fn ad_hoc_melee_round_contract() {
    let out = json(&muster(&[
        "preview",
        "melee",
        "--a-figures",
        "4",
        "--a-die",
        "d8",
        "--a-modifier",
        "1",
        "--a-attacks",
        "2",
        "--a-dodge-die",
        "d10",
        "--b-figures",
        "6",
        "--b-die",
        "d8",
        "--b-dodge-die",
        "d8",
        "--b-cover",
        "light",
        "--rounds",
        "1",
        "--format",
        "json",
    ]));
    let a = out["a_casualties"].as_array().unwrap();
    let b = out["b_casualties"].as_array().unwrap();
    assert_eq!(a.len(), 5);
    assert_eq!(b.len(), 7);
    let joint = out["joint"].as_array().unwrap();
    assert_eq!(joint.len(), 5);
    assert_eq!(joint[0].as_array().unwrap().len(), 7);
    let total: f64 = joint
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .map(|x| x.as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9);
    for (i, row) in joint.iter().enumerate() {
        let s: f64 = row
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .sum();
        assert!((s - a[i].as_f64().unwrap()).abs() < 1e-12);
    }
    assert!(out["p_a_destroyed"].is_f64() && out["p_b_destroyed"].is_f64());
}

#[test]
fn melee_to_the_end_from_sheets() {
    let out = json(&muster(&[
        "preview",
        "melee",
        "--a",
        "fr-1er-hussards:6",
        "--a-charges",
        "--b",
        "gb-45th-line:10",
        "--format",
        "json",
    ]));
    let sum = ["p_a_wins", "p_b_wins", "p_both_out", "p_still_engaged"]
        .iter()
        .map(|k| out[k].as_f64().unwrap())
        .sum::<f64>();
    assert!((sum - 1.0).abs() < 1e-9);
    assert!(out["p_a_wins"].as_f64().unwrap() > 0.5);
    assert!(out["expected_rounds"].as_f64().unwrap() >= 1.0);
    let notes = out["notes"].to_string();
    assert!(
        notes.contains("2 attacks per figure") && notes.contains("charging"),
        "{notes}"
    );
}

#[test]
fn charge_contract() {
    let out = json(&muster(&[
        "preview",
        "charge",
        "--morale",
        "4",
        "--courage",
        "7",
        "--format",
        "json",
    ]));
    assert!(close(&out["p_success"], 0.5));
    assert!(close(&out["p_double"], 0.0));
    // A command unit by the charger: 1d6 + 5 > 7 → 4/6; by both, the bonuses cancel.
    let out = json(&muster(&[
        "preview",
        "charge",
        "--morale",
        "4",
        "--courage",
        "7",
        "--charger-command",
        "--format",
        "json",
    ]));
    assert!((out["p_success"].as_f64().unwrap() - 4.0 / 6.0).abs() < 1e-12);
    let out = json(&muster(&[
        "preview",
        "charge",
        "--morale",
        "4",
        "--courage",
        "7",
        "--charger-command",
        "--target-command",
        "--format",
        "json",
    ]));
    assert!(close(&out["p_success"], 0.5));
    // §5.1–5.2 (reading charge-test): fusiliers M3 charging a line unit of courage 6 must
    // test, 1d6 + 3 > 6: 1/2 (not "no test" because the target's morale is also 3).
    let out = json(&muster(&[
        "preview",
        "charge",
        "--charger",
        "fr-47e-fusiliers",
        "--target",
        "gb-45th-line",
        "--format",
        "json",
    ]));
    assert_eq!(out["test_required"], true);
    assert!(close(&out["p_success"], 0.5), "{out}");
    // No test only when morale is above courage: Sharpe M5 (+1 command) against courage 4.
    let out = json(&muster(&[
        "preview",
        "charge",
        "--morale",
        "4",
        "--courage",
        "4",
        "--charger-command",
        "--format",
        "json",
    ]));
    assert_eq!(out["test_required"], false);
    assert!(close(&out["p_success"], 1.0));
    // 1d6 + 5 ≥ 2 × 4 = 8: 3+ → 4/6.
    assert!((out["p_double"].as_f64().unwrap() - 4.0 / 6.0).abs() < 1e-12);
    assert_eq!(
        (out["morale"].as_i64(), out["courage"].as_i64()),
        (Some(5), Some(4))
    );
}

#[test]
fn artillery_from_a_sheet() {
    let out = json(&muster(&[
        "preview",
        "artillery",
        "--gun",
        "es-regimental-gun",
        "--ammo",
        "roundshot",
        "--range",
        "effective",
        "--under",
        "4",
        "--cover",
        "light",
        "--format",
        "json",
    ]));
    // Regular crew: d10, blank 3/10; type I roundshot effective: 6+ with +1 → 2/6.
    assert!(close(&out["p_blank"], 0.3));
    assert!((out["p_dodge"].as_f64().unwrap() - 2.0 / 6.0).abs() < 1e-12);
    let run = muster(&[
        "preview",
        "artillery",
        "--gun",
        "es-regimental-gun",
        "--ammo",
        "shell",
        "--range",
        "long",
        "--under",
        "4",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("fire no shells"), "{}", run.stderr);
}

#[test]
fn plots_are_svg() {
    let tmp = tempfile::tempdir().unwrap();
    let svg = tmp.path().join("fire.svg");
    let run = muster(&[
        "preview",
        "fire",
        "--shots",
        "12",
        "--die",
        "d12",
        "--range",
        "medium",
        "--target-figures",
        "12",
        "--target-die",
        "d10",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("<rect"));
    let png = tmp.path().join("melee.png");
    let run = muster(&[
        "preview",
        "melee",
        "--a",
        "fr-1er-hussards:6",
        "--a-charges",
        "--b",
        "gb-45th-line:10",
        "--plot",
        png.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width and height, big-endian, twice the SVG's 720 × 417 (the title, the legend's
    // two lines at 14 px: the units by their names, 300 px of bars, their k).
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 1440);
    assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 834);
}

#[test]
fn list_units_use_the_skills_bought_for_them() {
    let tmp = tempfile::tempdir().unwrap();
    let list = tmp.path().join("l.toml");
    std::fs::write(
        &list,
        "[list]\nname = \"T\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 600\n\n[[units]]\nsheet = \"gb-95th-sharpe\"\n\n[[units]]\nsheet = \"gb-95th-riflemen\"\nfigures = 8\nskills = [\"tireur-expert\", \"bon-oeil\"]\n",
    )
    .unwrap();
    let l = list.to_str().unwrap();
    let fire = |extra: &[&str]| {
        let mut args = vec![
            "preview",
            "fire",
            "--list",
            l,
            "--unit",
            "2",
            "--target",
            "fr-47e-fusiliers:10",
            "--range",
            "medium",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let run = muster(&args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        json(&run)
    };
    // The first of its skills that acts on fire: Tireur expert, +2 against infantry:
    // d10 + 2 ≥ 7 → 0.6, exactly as --shooter-skill tireur-expert on the sheet.
    let out = fire(&[]);
    assert!(close(&out["p_hit"], 0.6), "{out}");
    let notes = out["notes"].to_string();
    assert!(
        notes.contains("uses Expert marksman, bought in the list")
            && notes.contains("--shooter-skill bon-oeil"),
        "{notes}"
    );
    let sheet = json(&muster(&[
        "preview",
        "fire",
        "--shooter",
        "gb-95th-riflemen:8",
        "--shooter-skill",
        "tireur-expert",
        "--target",
        "fr-47e-fusiliers:10",
        "--range",
        "medium",
        "--format",
        "json",
    ]));
    assert_eq!(out["casualties"], sheet["casualties"]);
    // Picking the other: Bon œil, medium counts as short → 5 on a d10: 0.6 too, but noted.
    let out = fire(&["--shooter-skill", "bon-oeil"]);
    assert!(out["notes"].to_string().contains("uses Good eye"), "{out}");
    // A skill it did not buy is refused, naming what it has.
    let run = muster(&[
        "preview",
        "fire",
        "--list",
        l,
        "--unit",
        "2",
        "--shooter-skill",
        "tirailleurs",
        "--target",
        "fr-47e-fusiliers:10",
        "--range",
        "medium",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("did not take skill `tirailleurs`; it has: tireur-expert, bon-oeil"),
        "{}",
        run.stderr
    );
    // --compare-skill replaces the current skill, and says so.
    let both = fire(&["--compare-skill", "francs-tireurs"]);
    let label = both[1]["label"].as_str().unwrap();
    assert!(
        label.contains("with Sharpshooters instead of Expert marksman"),
        "{label}"
    );
}

#[test]
fn artillery_factors_of_the_target_are_labelled_so() {
    let out = json(&muster(&[
        "preview",
        "artillery",
        "--gun",
        "es-regimental-gun",
        "--ammo",
        "roundshot",
        "--range",
        "effective",
        "--under",
        "4",
        "--factor",
        "moved-march",
        "--format",
        "json",
    ]));
    let notes = out["notes"].to_string();
    assert!(
        notes.contains("+1 the target moved at march speed this activation"),
        "{notes}"
    );
    // Congreve rockets: type IV shells, regular crew deviation d12, save 4+ at short range.
    let out = json(&muster(&[
        "preview",
        "artillery",
        "--rockets",
        "--crew",
        "regular",
        "--ammo",
        "shell",
        "--range",
        "effective",
        "--under",
        "3",
        "--format",
        "json",
    ]));
    assert!(close(&out["p_blank"], 3.0 / 12.0), "{out}");
    assert!(close(&out["p_dodge"], 3.0 / 6.0), "{out}");
}

#[test]
fn blunderbusses_take_one_off_the_dodge() {
    let out = json(&muster(&[
        "preview",
        "fire",
        "--shooter",
        "es-trabucaires:10",
        "--target",
        "fr-47e-fusiliers:10",
        "--range",
        "short",
        "--format",
        "json",
    ]));
    // Fusiliers dodge on a d8 ≥ 5, -1 for blunderbusses: 3/8.
    assert!(close(&out["p_dodge"], 3.0 / 8.0), "{out}");
    assert!(out["notes"].to_string().contains("blunderbusses"));
}

/// A preview of units of lists (or a game) is of their ruleset without `--ruleset`: the WAB
/// combat of two sample lists' units (it said "unrecognized subcommand 'combat'", Capitán's
/// previews being the default's).
#[test]
fn a_preview_takes_the_ruleset_of_the_lists_its_units_come_from() {
    let r = muster(&[
        "preview",
        "combat",
        "--attacker",
        "lists/wab-great-britain-1812.toml:6",
        "--defender",
        "lists/wab-france-1809.toml:7",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let with_flag = muster(&[
        "--ruleset",
        "wab-aca",
        "preview",
        "combat",
        "--attacker",
        "lists/wab-great-britain-1812.toml:6",
        "--defender",
        "lists/wab-france-1809.toml:7",
    ]);
    assert_eq!(r.stdout, with_flag.stdout);
    // With `=` and after a global flag too; a flag given wins.
    let r = muster(&[
        "--data",
        "unit-sheets",
        "preview",
        "shoot",
        "--shooter=lists/hm-qrs-donzelot-1815.toml:3",
        "--target",
        "lists/hm-qrs-picton-1815.toml:1",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = muster(&[
        "--ruleset",
        "capitan",
        "preview",
        "combat",
        "--attacker",
        "lists/wab-great-britain-1812.toml:6",
    ]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: lists/wab-great-britain-1812.toml:6 is of WAB: Au crépuscule de l'Aigle (wab-aca), and --ruleset says capitan: leave --ruleset out (a preview takes the ruleset of its units' list or game; --ruleset is for sheet ids)\n"
    );
    // Thucydide's combat of two sample lists' units, without --ruleset.
    let r = muster(&[
        "preview",
        "combat",
        "--attacker",
        "lists/thucydide-perses.toml:1",
        "--defender",
        "lists/thucydide-macedoniens.toml:1",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let with_flag = muster(&[
        "--ruleset",
        "thucydide",
        "preview",
        "combat",
        "--attacker",
        "lists/thucydide-perses.toml:1",
        "--defender",
        "lists/thucydide-macedoniens.toml:1",
    ]);
    assert_eq!(r.stdout, with_flag.stdout);
}

/// Issue 36, item 6 (Capitán §5.3): « L'unité réduite doit réaliser automatiquement un test de
/// courage avec le dé le plus élevé dont elle dispose » — also when it has just destroyed its
/// enemy in the same round (§8.11; reading reduced-unit-always of rules.toml: failing, it
/// routs and both units are out). muster skipped the test when the enemy was destroyed.
#[test]
fn a_reduced_unit_tests_its_courage_even_when_it_destroyed_its_enemy() {
    // 3 figures of the 45th (regular: ±0 on the test, §5.3; courage 6; its highest die a d8)
    // against 1 figure, both with 1 attack on a d6 and no factor, dodging on a d6 (§2.4: 5+).
    let out = json(&muster(&[
        "preview",
        "melee",
        "--a",
        "gb-45th-line:3",
        "--a-die",
        "d6",
        "--a-modifier",
        "0",
        "--a-attacks",
        "1",
        "--a-dodge-die",
        "d6",
        "--b",
        "gb-45th-line:1",
        "--b-die",
        "d6",
        "--b-modifier",
        "0",
        "--b-attacks",
        "1",
        "--b-dodge-die",
        "d6",
        "--rounds",
        "1",
        "--format",
        "json",
    ]));
    // One pair of attacks (§8.12): A rolls higher 15/36, a tie 6/36 (an impact each), B higher
    // 15/36; A's two other attacks are direct impacts on B.
    let (a_higher, tie, b_higher) = (15.0 / 36.0, 6.0 / 36.0, 15.0 / 36.0);
    let dodge: f64 = 2.0 / 6.0;
    // A, hit once (tie or B higher) and not dodging, is down to 2 figures: reduced; it passes
    // its test on d8 ≥ 6 (§5.3).
    let fails = 1.0 - 3.0 / 8.0;
    // B's single figure is killed unless it dodges every impact: 3 (A higher or a tie) or 2.
    let b_killed = |impacts: i32| 1.0 - dodge.powi(impacts);
    let a_hit = (tie + b_higher) * (1.0 - dodge);
    assert!(close(&out["p_a_routed"], a_hit * fails), "{out}");
    // Routed after destroying B: both out (B destroyed, A routed).
    let both_out = (tie * b_killed(3) + b_higher * b_killed(2)) * (1.0 - dodge) * fails;
    assert!(close(&out["p_both_out"], both_out), "{out}");
    // B is destroyed when its figure is killed, or by the 3:1 ratio (§8.11) when A kept its 3
    // figures; A wins unless it failed its test.
    let a_unhurt = a_higher + (tie + b_higher) * dodge;
    let b_killed_a_hit = (tie * b_killed(3) + b_higher * b_killed(2)) * (1.0 - dodge);
    assert!(
        close(&out["p_b_destroyed"], a_unhurt + b_killed_a_hit),
        "{out}"
    );
    assert!(
        close(&out["p_a_wins"], a_unhurt + b_killed_a_hit * (1.0 - fails)),
        "{out}"
    );
    let sum: f64 = ["p_a_wins", "p_b_wins", "p_both_out", "p_still_engaged"]
        .iter()
        .map(|k| out[k].as_f64().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-12, "{out}");
}

/// Issue 36, item 7 (Capitán §11, Vieille garde: « Il n'est pas nécessaire de tester le moral
/// avant de charger. Si un lancer de dés est réalisé pour voir si le courage de l'adversaire
/// est doublé, on ajoute alors +1 au résultat obtenu »). A sheet named by its id is the unit
/// as the sheet fields it, not a reduced unit of 1 figure: its skill holds. Its figures may
/// be given (`ID:N`); a reduced unit (§5.3) asked to use a skill is refused, « Les unités
/// réduites […] ne peuvent pas utiliser leurs HE » (§11), never left out in silence.
#[test]
fn the_old_guard_charges_from_a_sheet_id() {
    // The Coldstream grenadiers: morale 4; the guerrilleros: courage 5 (their sheets).
    let (morale, courage) = (4, 5);
    // No test: the charge always goes in; doubled on 1d6 + morale + 1 ≥ 2 × courage (§5.2).
    let doubled = (1..=6).filter(|d| d + morale + 1 >= 2 * courage).count() as f64 / 6.0;
    for charger in ["gb-coldstream-grenadiers", "gb-coldstream-grenadiers:10"] {
        let out = json(&muster(&[
            "preview",
            "charge",
            "--charger",
            charger,
            "--charger-skill",
            "vieille-garde",
            "--target",
            "es-guerrilleros",
            "--format",
            "json",
        ]));
        assert_eq!(out["test_required"], false, "{charger}: {out}");
        assert!(close(&out["p_success"], 1.0), "{charger}: {out}");
        assert!(close(&out["p_double"], doubled), "{charger}: {out}");
    }
    let run = muster(&[
        "preview",
        "charge",
        "--charger",
        "gb-coldstream-grenadiers:2",
        "--charger-skill",
        "vieille-garde",
        "--target",
        "es-guerrilleros",
    ]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("is reduced") && run.stderr.contains("Capitán §11"),
        "{}",
        run.stderr
    );
}
