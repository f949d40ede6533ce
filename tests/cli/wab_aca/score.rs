//! `muster score`: a finished battle, worked out by hand here, and malformed battle files.

use crate::{json, muster, root, snapshot};

/// The sample battle, by hand (ACA p.14). France lost: the 1er bataillon du 46e 9 of its 25
/// figures (24 and the officer): 36 % > 25 %, counted at purchase value, 218 × 9 / 25 = 78.48,
/// rounded up (ACA p.2) 79; the conscripts routed: all their 125 points; the hussars 3 of 13:
/// 23 %, not counted. 204 in all. Russia lost: Smolensk 12 of 29 (41 %): 218 × 12 / 29 =
/// 90.2 → 91; the Cossacks destroyed: 130; a 12-pounder company captured: 90. 311 in all.
/// France scores 311 + 3 eighths, a flag and a gun at 100: 811; Russia 204 + 2 eighths: 404.
/// The difference, 407, is above 300 and under 501: a decisive victory at 2000 points.
#[test]
fn the_sample_battle_by_hand() {
    let run = muster(&[
        "score",
        "lists/battles/wab-valoutina.toml",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v = json(&run);
    assert_eq!(v["points"], 2000);
    let (fr, ru) = (&v["sides"][0], &v["sides"][1]);
    let counted = |side: &serde_json::Value| -> Vec<u64> {
        side["losses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["counted"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(counted(fr), vec![79, 125, 0]);
    assert_eq!(fr["losses_value"], 204);
    assert_eq!(counted(ru), vec![91, 130, 90]);
    assert_eq!(ru["losses_value"], 311);
    assert_eq!(fr["score"], 311 + 300 + 100 + 100);
    assert_eq!(ru["score"], 204 + 200);
    assert_eq!(v["difference"], 407);
    assert_eq!(v["winner"], "France");
    assert_eq!(v["band"]["id"], "decisive");
    let run = muster(&["score", "lists/battles/wab-valoutina.toml", "--lang", "en"]);
    assert!(
        run.stdout.contains("France wins by 407: Decisive victory"),
        "{}",
        run.stdout
    );
}

/// The bands scale with the game's size: at 1000 points a victory from 50, decisive from 151.
#[test]
fn bands_scale_with_the_points() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.toml");
    let write = |points: u32, eighths: u32| {
        std::fs::write(
            &file,
            format!(
                "[battle]\npoints = {points}\n\n[[side]]\nname = \"A\"\neighths = {eighths}\n\n[[side]]\nname = \"B\"\n\n[[side.unit]]\nlabel = \"x\"\ncost = 100\nfigures = 20\nlost = 5\n"
            ),
        )
        .unwrap();
    };
    // 5 of 20 is 25 %, not above: only the eighths count.
    for (points, eighths, band) in [
        (1000, 0, serde_json::Value::Null),
        (1000, 1, serde_json::json!("victory")),
        (2000, 1, serde_json::json!("victory")),
        (1000, 2, serde_json::json!("decisive")),
        (2000, 2, serde_json::json!("victory")),
        (3000, 1, serde_json::json!("tactical")),
    ] {
        write(points, eighths);
        let run = muster(&["score", file.to_str().unwrap(), "--format", "json"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let v = json(&run);
        assert_eq!(
            v["band"]["id"], band,
            "{points} points, {eighths} eighths: {v}"
        );
    }
}

/// Malformed battle files: every problem, located, in one run (exit 1); a file that is not a
/// battle file at all (exit 2).
#[test]
fn malformed_battles() {
    let run = muster(&["score", "tests/fixtures/wab-aca/battle-errors.toml"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    if let Err(e) = snapshot(
        &root().join("tests/fixtures/wab-aca/battle-errors.stderr"),
        &run.stderr,
    ) {
        panic!("{e}");
    }
    use muster::rulesets::wab_aca::score::RULES;
    for rule in RULES {
        if rule.code == "score-sides" {
            continue;
        }
        assert!(
            run.stderr.contains(&format!("[{}]", rule.code)),
            "{}:\n{}",
            rule.code,
            run.stderr
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.toml");
    std::fs::write(&file, "[[side]]\nname = \"alone\"\n").unwrap();
    let run = muster(&["score", file.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("error[score-sides]: 1 [[side]] tables; a battle has two"),
        "{}",
        run.stderr
    );
    std::fs::write(&file, "[[side]]\nname = 3\n").unwrap();
    let run = muster(&["score", file.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("is not a battle file"),
        "{}",
        run.stderr
    );
    let run = muster(&[
        "--ruleset",
        "capitan",
        "score",
        "lists/battles/wab-valoutina.toml",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("is a wab-aca battle, but --ruleset says capitan"),
        "{}",
        run.stderr
    );
}

/// A side's list with errors is not scored: its figures and points are not the rules' (CI
/// found `figures = 9223372036854775807` overflowing the loss share before this refusal).
#[test]
fn a_battle_on_an_invalid_list_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.toml");
    std::fs::write(
        &list,
        "[list]\nname = \"p\"\nruleset = \"wab-aca\"\narmy = \"france-1809\"\npoints = 1000\n\n[[units]]\nentry = \"fr-line-fusiliers\"\nfigures = 9223372036854775807\n",
    )
    .unwrap();
    let battle = dir.path().join("b.toml");
    std::fs::write(
        &battle,
        "[[side]]\nname = \"a\"\nlist = \"l.toml\"\n[[side.unit]]\nunit = 1\nlost = 3\n[[side]]\nname = \"b\"\nlist = \"l.toml\"\n",
    )
    .unwrap();
    let run = muster(&["score", battle.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let stderr = run.stderr.replace(dir.path().to_str().unwrap(), "DIR");
    if let Err(e) = snapshot(
        &root().join("tests/fixtures/wab-aca/battle-invalid-list.stderr"),
        &stderr,
    ) {
        panic!("{e}");
    }
    assert!(run.stdout.is_empty());
}
