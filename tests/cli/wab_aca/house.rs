//! muster's house rules (issue 36, items 9 and 10): the book by default; elite infantry
//! re-rolling its 1s and a double 6 failing every test are played only where a list
//! (`house_rules` in `[list]`) or a preview (`--house-rule ID`) turns them on, and every output
//! that plays one says so. Expected values are worked out here from the dice.

use std::path::Path;

use super::{close, preview};
use crate::game::{new_game, run, table};
use crate::{json, muster};

/// The ids of the house rules a preview's JSON says it played.
fn played(v: &serde_json::Value) -> Vec<String> {
    v["house_rules"]
        .as_array()
        .unwrap_or_else(|| panic!("no house_rules in {v}"))
        .iter()
        .map(|h| h["id"].as_str().unwrap().to_owned())
        .collect()
}

/// C(n, k) p^k (1 - p)^(n - k).
fn binomial(n: u64, k: u64, p: f64) -> f64 {
    let mut c = 1.0;
    for i in 0..k {
        c = c * (n - i) as f64 / (i + 1) as f64;
    }
    c * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}

/// P(2d6 test passes) on `target`, counting the 36 rolls: a double 1 passes; a double 6
/// fails only when `double_six_fails`.
fn p_test(target: i64, double_six_fails: bool) -> f64 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            let six = a == 6 && b == 6 && double_six_fails;
            if (a == 1 && b == 1) || (!six && a + b <= target) {
                n += 1;
            }
        }
    }
    f64::from(n) / 36.0
}

/// The case: the 1er bataillon of the 46e (unit 5 of lists/wab-france-1809.toml, 24
/// figures with 8 elite) fires at line infantry with a save of 5+. Each shot hits on 4+ (BS 3),
/// wounds on 4+ (S3 against T3) and gets past the save on 1–4: 1/2 × 1/2 × 2/3 = 1/6 a shot,
/// 24/6 = 4 by the book (ACA p.7 gives the re-roll of 1s to the cavalry's elite figures only).
/// With the house rule, as many 1s as elite figures are rolled again, each again a casualty
/// with 1/6: mean 4 + E[min(ones, 8)] / 6, the ones of 24 dice Binomial(24, 1/6).
#[test]
fn elite_infantry_rerolls_only_as_a_house_rule() {
    // Its commanded volley: both ranks, all 24 (a normal fire is one rank, ACA p.4).
    let firer = [
        "shoot",
        "--firer",
        "lists/wab-france-1809.toml:5",
        "--volley",
    ];
    let target = ["--target", "fr-line-fusiliers", "--save", "5"];
    let per_shot = 0.5 * 0.5 * (4.0 / 6.0);
    let book = preview(&[&firer[..], &target[..]].concat());
    assert_eq!(book["shots"], 24);
    assert_eq!(
        book["elite"], 0,
        "by the book the infantry's elite re-roll nothing"
    );
    assert!(played(&book).is_empty());
    assert!(close(book["mean"].as_f64().unwrap(), 24.0 * per_shot));
    assert!(close(book["mean"].as_f64().unwrap(), 4.0));

    let rerolled: f64 = (0..=24u64)
        .map(|ones| binomial(24, ones, 1.0 / 6.0) * ones.min(8) as f64)
        .sum();
    let house_mean = 24.0 * per_shot + rerolled * per_shot;
    let on = ["--house-rule", "elite-infantry-rerolls"];
    let house = preview(&[&firer[..], &target[..], &on[..]].concat());
    assert_eq!(house["elite"], 8);
    assert_eq!(played(&house), ["elite-infantry-rerolls"]);
    assert!(
        close(house["mean"].as_f64().unwrap(), house_mean),
        "{} against {house_mean}",
        house["mean"]
    );
    assert!((house_mean - 4.66).abs() < 0.01, "{house_mean}");

    // The text says which house rule it played; the book's says none.
    let text = |extra: &[&str]| {
        let mut args = vec!["preview", "--ruleset", "wab-aca"];
        args.extend_from_slice(&firer);
        args.extend_from_slice(&target);
        args.extend_from_slice(extra);
        let r = muster(&args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
    };
    assert!(!text(&[]).contains("house rule"));
    assert!(text(&on).contains(
        "  house rule elite-infantry-rerolls (not the book's): The infantry's elite figures re-roll as many 1s to hit"
    ));

    // Asking for elite re-rolls of infantry by the book is refused, saying how to turn the
    // house rule on; the cavalry's elite re-roll by the book.
    let r = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "shoot",
        "--firer",
        "fr-line-fusiliers:24",
        "--elite",
        "8",
        "--target",
        "fr-line-fusiliers",
    ]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("--elite: Line battalion is infantry, whose elite figures re-roll no 1s by the book (ACA p.7 gives the re-roll to the cavalry's); the house rule elite-infantry-rerolls gives it to them: --house-rule elite-infantry-rerolls"),
        "{}",
        r.stderr
    );
    let hussars = preview(&[
        "shoot",
        "--firer",
        "lists/wab-france-1809.toml:11",
        "--target",
        "fr-line-fusiliers",
    ]);
    assert_eq!(hussars["elite"], 2);
    assert!(played(&hussars).is_empty());
}

/// A 2d6 test of 12: by the book every roll passes (P 1); with double-six-fails the double 6
/// fails (35/36). In a combat, a break test of 12 the same.
#[test]
fn a_test_of_twelve_fails_on_a_double_six_only_as_a_house_rule() {
    let book = preview(&["test", "--leadership", "10", "--modifier", "2"]);
    assert_eq!(book["target"], 12);
    assert!(close(
        book["p_success"].as_f64().unwrap(),
        p_test(12, false)
    ));
    assert!(close(book["p_success"].as_f64().unwrap(), 1.0));
    assert!(played(&book).is_empty());
    let house = preview(&[
        "test",
        "--leadership",
        "10",
        "--modifier",
        "2",
        "--house-rule",
        "double-six-fails",
    ]);
    assert!(close(
        house["p_success"].as_f64().unwrap(),
        p_test(12, true)
    ));
    assert!(close(house["p_success"].as_f64().unwrap(), 35.0 / 36.0));
    assert_eq!(played(&house), ["double-six-fails"]);
    // Below 12 the house rule changes nothing (a double 6 fails anyway): 35/36 both ways.
    let eleven = preview(&[
        "test",
        "--leadership",
        "10",
        "--modifier",
        "1",
        "--house-rule",
        "double-six-fails",
    ]);
    assert!(close(
        eleven["p_success"].as_f64().unwrap(),
        p_test(11, false)
    ));
    assert!(close(p_test(11, false), 35.0 / 36.0));

    // An id the data do not declare is refused with the known ones.
    let r = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "test",
        "--leadership",
        "7",
        "--house-rule",
        "double-6-fails",
    ]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("--house-rule: unknown house rule `double-6-fails`; known: elite-infantry-rerolls, double-six-fails"),
        "{}",
        r.stderr
    );
}

/// Writes `list` (a copy of a shipped list) with `house_rules = [ids]` in its `[list]`.
fn with_house_rules(from: &Path, to: &Path, ids: &str) {
    let text = std::fs::read_to_string(from).unwrap();
    let text = text.replacen(
        "\npoints = ",
        &format!("\nhouse_rules = [{ids}]\npoints = "),
        1,
    );
    std::fs::write(to, text).unwrap();
}

/// A list that turns a house rule on: its roster says so (the text and Markdown rosters),
/// its units' previews and its matchup table play it without a flag and say so, and a game
/// keeps it once the list file no longer has it (a game keeps its armies whole).
#[test]
fn a_list_turns_house_rules_on_and_its_roster_and_game_keep_them() {
    let t = table();
    let d = t.path();
    with_house_rules(
        &d.join("lists/wab-france-1809.toml"),
        &d.join("lists/fr.toml"),
        "\"elite-infantry-rerolls\"",
    );
    let ok = |args: &[&str]| {
        let r = run(d, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        r
    };
    ok(&["check", "lists/fr.toml"]);
    ok(&["roster", "lists/fr.toml", "-o", "r.txt"]);
    let roster = std::fs::read_to_string(d.join("r.txt")).unwrap();
    assert!(
        roster.contains("\nRègles maison (pas celles du livre) : Relance de l'infanterie d'élite (elite-infantry-rerolls) : Les figurines d'élite de l'infanterie relancent autant de 1 au jet pour toucher"),
        "{roster}"
    );
    ok(&["roster", "lists/fr.toml", "-o", "r.md", "--lang", "en"]);
    let md = std::fs::read_to_string(d.join("r.md")).unwrap();
    assert!(
        md.contains("**House rules (not the book's)**: Elite infantry re-rolls (elite-infantry-rerolls): The infantry's elite figures re-roll"),
        "{md}"
    );
    // The shipped list, by the book, says nothing of house rules.
    ok(&["roster", "lists/wab-france-1809.toml", "-o", "book.txt"]);
    let book = std::fs::read_to_string(d.join("book.txt")).unwrap();
    assert!(!book.contains("Règles maison"), "{book}");

    let shoot = |firer: &str| {
        let r = ok(&[
            "preview",
            "shoot",
            "--firer",
            firer,
            "--target",
            "fr-line-fusiliers",
            "--save",
            "5",
            "--format",
            "json",
        ]);
        json(&r)
    };
    let listed = shoot("lists/fr.toml:5");
    assert_eq!(played(&listed), ["elite-infantry-rerolls"]);
    // Its normal fire, one rank of two: the firing rank's 8 × 12 ÷ 24 elite re-roll.
    assert_eq!(listed["elite"], 4);

    // The matchup table plays the list's house rules, and says so; by the book it says none.
    let m = ok(&[
        "matchups",
        "lists/fr.toml",
        "--against",
        "lists/wab-russia-1812.toml",
    ]);
    assert!(
        m.stdout
            .contains("\nhouse rules played (not the book's): elite-infantry-rerolls\n"),
        "{}",
        m.stdout
    );
    let m = ok(&[
        "matchups",
        "lists/wab-france-1809.toml",
        "--against",
        "lists/wab-russia-1812.toml",
    ]);
    assert!(!m.stdout.contains("house rules"), "{}", m.stdout);

    new_game(d, "g.toml", "fr.toml", "wab-russia-1812.toml");
    // The list loses its house rule: the game goes on with the one it began with.
    std::fs::copy(
        d.join("lists/wab-france-1809.toml"),
        d.join("lists/fr.toml"),
    )
    .unwrap();
    let game = shoot("games/g.toml:a5");
    assert_eq!(played(&game), ["elite-infantry-rerolls"]);
    assert_eq!(game["elite"], 4);
    let now = shoot("lists/fr.toml:5");
    assert!(played(&now).is_empty());
    assert_eq!(now["elite"], 0);
}

/// The house rules are data checked like the rest: one the previews play must be declared in
/// rules.toml, and two of one id are refused.
#[test]
fn data_check_checks_the_house_rules() {
    for (to, code, said) in [
        (
            "double-6-fails",
            "table-consistency",
            "rules.toml declares no [[house_rule]] `double-six-fails`, which the previews play when turned on",
        ),
        ("elite-infantry-rerolls", "duplicate-id", "elite-infantry-rerolls"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        crate::copy_shipped("wab-aca", tmp.path());
        let path = tmp.path().join("data/wab-aca/rules.toml");
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replacen("id = \"double-six-fails\"", &format!("id = \"{to}\""), 1);
        std::fs::write(&path, text).unwrap();
        let run = crate::muster_in(
            tmp.path(),
            &["--data", "data", "--ruleset", "wab-aca", "data", "check"],
            &[],
        );
        assert_eq!(run.code, 1, "{to}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("error[{code}]")), "{to}: {}", run.stderr);
        assert!(run.stderr.contains(said), "{to}: {}", run.stderr);
    }
}

/// E[min(ones, cap)], the ones of `dice` dice (each 1/6): the 1s that `cap` elite figures
/// roll again.
fn rerolled_ones(dice: u64, cap: u64) -> f64 {
    (0..=dice)
        .map(|ones| binomial(dice, ones, 1.0 / 6.0) * ones.min(cap) as f64)
        .sum()
}

/// `muster matchups --house-rule ID` plays the house rule in every cell as `preview
/// --house-rule ID` does, each cell's command carrying it; an unknown id is refused with the
/// preview's message. The 46e's 1st battalion (24 figures, 8 elite) fires its normal fire
/// (one rank of two: 12 shots) at Smolensk's 1st battalion (T3, no save): 1/2 × 1/2 a shot,
/// 12/4 = 3 by the book; with the house rule its firing rank's 4 elite (8 × 12 ÷ 24) roll
/// their 1s again: 3 + E[min(ones of 12, 4)] / 4.
#[test]
fn matchups_play_a_house_rule_given_in_every_cell() {
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "matchups",
            "lists/wab-france-1809.toml",
            "--against",
            "lists/wab-russia-1812.toml",
        ];
        a.extend_from_slice(extra);
        a
    };
    let cell = |v: &serde_json::Value| {
        v["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| {
                c["unit"] == 5 && c["enemy"] == 5 && c["procedure"] == "shoot" && c["way"] == "out"
            })
            .cloned()
            .unwrap_or_else(|| panic!("no cell 5 against 5 in {v}"))
    };
    let run = |a: &[&str]| {
        let r = muster(a);
        assert_eq!(r.code, 0, "{a:?}: {}", r.stderr);
        r
    };
    let book = cell(&json(&run(&args(&["--format", "json"]))));
    assert!(close(book["mean"].as_f64().unwrap(), 3.0), "{book}");
    assert!(book.get("house_rules").is_none(), "{book}");

    let on = ["--house-rule", "elite-infantry-rerolls"];
    let house = cell(&json(&run(&args(
        &[&on[..], &["--format", "json"]].concat(),
    ))));
    let expected = 12.0 / 4.0 + rerolled_ones(12, 4) / 4.0;
    assert!(
        close(house["mean"].as_f64().unwrap(), expected),
        "{} against {expected}",
        house["mean"]
    );
    assert_eq!(
        house["house_rules"],
        serde_json::json!(["elite-infantry-rerolls"])
    );
    // Its command gives the same mean, the house rule in it.
    let words: Vec<&str> = house["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert!(words.windows(2).any(|w| w == on), "{words:?}");
    let mut again = words.clone();
    again.extend(["--format", "json"]);
    let preview = json(&run(&again));
    assert!(close(preview["mean"].as_f64().unwrap(), expected));
    assert_eq!(preview["elite"], 4);

    // The text names it.
    let text = run(&args(&on)).stdout;
    assert!(
        text.contains("\nhouse rules played (not the book's): elite-infantry-rerolls\n"),
        "{text}"
    );

    // An unknown id: the preview's message; a ruleset without house rules knows none.
    let r = muster(&args(&["--house-rule", "double-6-fails"]));
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("--house-rule: unknown house rule `double-6-fails`; known: elite-infantry-rerolls, double-six-fails"),
        "{}",
        r.stderr
    );
    let r = muster(&[
        "matchups",
        "lists/sharpe-patrol.toml",
        "--against",
        "lists/voltigeurs-hussars.toml",
        "--house-rule",
        "elite-infantry-rerolls",
    ]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("--house-rule: unknown house rule `elite-infantry-rerolls`; known: none"),
        "{}",
        r.stderr
    );
}

/// With elite-infantry-rerolls, the elite figures that re-roll are those of the figures that
/// fire, pro rata (the elite companies stand in every rank, losses pro rata, ACA p.5), a part
/// rounded up; the preview says which. The 46e's 1st battalion, 24 figures with 8 elite, at
/// line infantry with a save of 5+ (1/6 a shot): its normal fire, one rank of two, is 12
/// shots with 8 × 12 ÷ 24 = 4 elite, mean 12/6 + E[min(ones of 12, 4)]/6 (2.326; all 8 would
/// give 2.333); 10 shots given hold 80 ÷ 24 = 3.33, 4 elite. In the fire duel its answer,
/// its front rank after k casualties, ⌈(24 − k)/2⌉ shots, holds ⌈8 × shots ÷ 24⌉ of them.
#[test]
fn elite_infantry_re_roll_from_the_rank_that_fires() {
    let per_shot = 0.5 * 0.5 * (4.0 / 6.0);
    let on = ["--house-rule", "elite-infantry-rerolls"];
    let shoot = |extra: &[&str]| {
        let mut a = vec![
            "shoot",
            "--firer",
            "lists/wab-france-1809.toml:5",
            "--target",
            "fr-line-fusiliers",
            "--save",
            "5",
        ];
        a.extend_from_slice(&on);
        a.extend_from_slice(extra);
        preview(&a)
    };
    let normal = shoot(&[]);
    assert_eq!(normal["shots"], 12);
    assert_eq!(normal["elite"], 4);
    let expected = 12.0 * per_shot + rerolled_ones(12, 4) * per_shot;
    assert!(
        close(normal["mean"].as_f64().unwrap(), expected),
        "{} against {expected}",
        normal["mean"]
    );
    assert!((expected - 2.326).abs() < 0.0005, "{expected}");
    assert_eq!(
        normal["elite_reason"],
        "4 elite re-roll their 1s to hit: 8 elite of its 24 figures, pro rata of the 12 firing (house rule elite-infantry-rerolls: its elite companies stand in every rank, its losses pro rata, ACA p.5)"
    );
    let given = shoot(&["--shots", "10"]);
    assert_eq!(given["elite"], (8u32 * 10).div_ceil(24));
    assert!(close(
        given["mean"].as_f64().unwrap(),
        10.0 * per_shot + rerolled_ones(10, 4) * per_shot
    ));
    assert!(
        given["elite_reason"]
            .as_str()
            .unwrap()
            .contains("pro rata of the 10 firing, rounded up"),
        "{given}"
    );
    // The text says which figures re-roll.
    let mut args = vec![
        "preview",
        "--ruleset",
        "wab-aca",
        "shoot",
        "--firer",
        "lists/wab-france-1809.toml:5",
        "--target",
        "fr-line-fusiliers",
    ];
    args.extend_from_slice(&on);
    let r = muster(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("\n  4 elite re-roll their 1s to hit: 8 elite of its 24 figures, pro rata of the 12 firing"),
        "{}",
        r.stdout
    );

    // The fire duel's answer: its front rank's elite after each number of first casualties.
    let duel = preview(&[
        "fire-duel",
        "--firer",
        "ru-musketeers:24",
        "--target",
        "lists/wab-france-1809.toml:5",
        "--house-rule",
        "elite-infantry-rerolls",
    ]);
    let shots: Vec<u64> = duel["answer_shots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let elite: Vec<u64> = duel["answer_elite"]
        .as_array()
        .unwrap_or_else(|| panic!("no answer_elite in {duel}"))
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(shots.len(), elite.len());
    for (k, (s, e)) in shots.iter().zip(&elite).enumerate() {
        assert_eq!(*s, (24 - k as u64).div_ceil(2), "k = {k}");
        assert_eq!(*e, (8 * s).div_ceil(24), "k = {k}: {s} shots");
    }
    assert_eq!(elite[0], 4);
    // By the book its infantry's elite re-roll nothing.
    let book = preview(&[
        "fire-duel",
        "--firer",
        "ru-musketeers:24",
        "--target",
        "lists/wab-france-1809.toml:5",
    ]);
    assert!(book["answer_elite"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e == 0));
}

/// A game begun with a list that turns a house rule on says so, side by side (`game show`,
/// its JSON), and keeps saying so when the list file no longer has it; a game by the book
/// says nothing.
#[test]
fn a_game_says_the_house_rules_it_keeps() {
    let t = table();
    let d = t.path();
    with_house_rules(
        &d.join("lists/wab-france-1809.toml"),
        &d.join("lists/fr.toml"),
        "\"elite-infantry-rerolls\"",
    );
    let ok = |args: &[&str]| {
        let r = run(d, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        r
    };
    let line = "\n  house rules (not the book's), kept from its list: elite-infantry-rerolls\n";
    let began = ok(&[
        "game",
        "new",
        "games/g.toml",
        "--list",
        "lists/fr.toml",
        "--against",
        "lists/wab-russia-1812.toml",
    ]);
    assert!(
        began
            .stdout
            .contains(&format!("side a: Avant-garde du 4e corps, 1809{line}")),
        "{}",
        began.stdout
    );
    assert_eq!(began.stdout.matches(line).count(), 1, "{}", began.stdout);
    std::fs::copy(
        d.join("lists/wab-france-1809.toml"),
        d.join("lists/fr.toml"),
    )
    .unwrap();
    let shown = ok(&["game", "show", "games/g.toml"]);
    assert!(shown.stdout.contains(line), "{}", shown.stdout);
    let v = json(&ok(&["game", "show", "games/g.toml", "--format", "json"]));
    assert_eq!(
        v["a"]["house_rules"],
        serde_json::json!(["elite-infantry-rerolls"])
    );
    assert_eq!(v["b"]["house_rules"], serde_json::json!([]));

    new_game(
        d,
        "book.toml",
        "wab-france-1809.toml",
        "wab-russia-1812.toml",
    );
    let book = ok(&["game", "show", "games/book.toml"]);
    assert!(!book.stdout.contains("house rules"), "{}", book.stdout);
}

/// The `<text>`s of a card's SVG, one line: a rule's wrapped lines joined again.
fn card_text(svg: &str) -> String {
    svg.split("<text ")
        .skip(1)
        .filter_map(|t| t.split_once('>').map(|(_, rest)| rest))
        .map(|t| t.split('<').next().unwrap_or_default())
        .map(|t| {
            t.replace("&apos;", "'")
                .replace("&#39;", "'")
                .replace("&amp;", "&")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The printed outputs of a list that turns elite-infantry-rerolls on say which elite figures
/// re-roll: the card of its battalion with elite figures (those of the rank that fires, in
/// shooting) and its HTML roster (the house rule's text); the book's list's card says its
/// infantry's elite re-roll nothing.
#[test]
fn a_lists_cards_and_roster_say_its_house_rule() {
    let t = table();
    let d = t.path();
    with_house_rules(
        &d.join("lists/wab-france-1809.toml"),
        &d.join("lists/fr.toml"),
        "\"elite-infantry-rerolls\"",
    );
    let ok = |args: &[&str]| {
        let r = run(d, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        r
    };
    ok(&["cards", "lists/fr.toml", "--lang", "en", "-o", "house.svg"]);
    let card = card_text(&std::fs::read_to_string(d.join("house-5.svg")).unwrap());
    assert!(
        card.contains("Elite figures Re-roll as many 1s to hit as elite figures remain; in shooting, those of the firing rank, pro rata (house rule elite-infantry-rerolls: p.7 gives it to the cavalry)."),
        "{card}"
    );
    ok(&[
        "cards",
        "lists/wab-france-1809.toml",
        "--lang",
        "en",
        "-o",
        "book.svg",
    ]);
    let card = card_text(&std::fs::read_to_string(d.join("book-5.svg")).unwrap());
    assert!(
        card.contains("Elite figures No re-roll by the book: p.7 gives it to the cavalry"),
        "{card}"
    );
    ok(&["roster", "lists/fr.toml", "--lang", "en", "-o", "r.html"]);
    let html = std::fs::read_to_string(d.join("r.html")).unwrap();
    assert!(html.contains("House rules (not the book"), "{html}");
    assert!(
        html.contains("in shooting those of the figures that fire, pro rata (its elite companies stand in every rank, p.5), rounded up."),
        "{html}"
    );
}
