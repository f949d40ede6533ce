//! Property tests for WAB ACA: whatever list-shaped TOML, preview flags or hostile labels a
//! user gives, muster answers (a result, a diagnostic or a usage error) and never panics; a
//! checked list's total is the sum of its rows.

use std::path::Path;
use std::sync::OnceLock;

use muster::core::source::Sources;
use muster::rulesets::wab_aca::{check, Database};
use proptest::prelude::*;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(super::database)
}

fn check(text: String) {
    let mut sources = Sources::new();
    let file = sources.add(Path::new("prop.toml"), text);
    match muster::rulesets::checking::parse_and_check(&sources, file, |p| {
        check::check_list(
            muster::rulesets::Ruleset::of(&muster::rulesets::wab_aca::META),
            db(),
            p,
        )
    }) {
        Ok(checked) => {
            let sum = checked
                .units
                .iter()
                .map(|r| r.cost)
                .fold(0u64, u64::saturating_add);
            assert_eq!(checked.total, sum);
            for d in &checked.diagnostics {
                let _ = d.render(&sources);
            }
        }
        Err(d) => {
            assert!(d.is_error());
            let _ = d.render(&sources);
        }
    }
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("fr-line-fusiliers".to_owned()),
        Just("fr-foot-battery-12".to_owned()),
        Just("fr-foot-battery-6".to_owned()),
        Just("fr-pioneers".to_owned()),
        Just("ru-musketeers".to_owned()),
        Just("division".to_owned()),
        Just("adc".to_owned()),
        Just("france-1809".to_owned()),
        "[a-z\\-]{0,12}",
        "\\PC{0,8}",
    ]
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        (-2i64..40).prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        Just("9223372036854775807".to_owned()),
        Just("1.5".to_owned()),
        word().prop_map(|w| format!("{w:?}")),
    ]
}

fn unit() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        word(),
        proptest::option::of(number()),
        proptest::option::of(number()),
        proptest::option::of(number()),
        any::<(bool, bool, bool)>(),
    )
        .prop_map(
            |(general, id, figures, guns, elite, (flag, musician, armour))| {
                let key = if general { "general" } else { "entry" };
                let mut s = format!("\n[[units]]\n{key} = {id:?}\n");
                for (k, v) in [("figures", figures), ("guns", guns), ("elite", elite)] {
                    if let Some(v) = v {
                        s.push_str(&format!("{k} = {v}\n"));
                    }
                }
                s.push_str(&format!(
                    "flag = {flag}\nmusician = {musician}\nheavy_armour = {armour}\n"
                ));
                s
            },
        )
}

fn list() -> impl Strategy<Value = String> {
    (
        word(),
        number(),
        any::<bool>(),
        proptest::collection::vec(unit(), 0..30),
    )
        .prop_map(|(army, points, grand, units)| {
            format!(
                "[list]\nname = \"p\"\nruleset = \"wab-aca\"\narmy = {army:?}\npoints = {points}\ngrand_battery = {grand}\n{}",
                units.concat()
            )
        })
}

fn flag_value() -> impl Strategy<Value = String> {
    prop_oneof![
        (0i64..40).prop_map(|n| n.to_string()),
        Just("-1".to_owned()),
        Just("4294967296".to_owned()),
        Just("-2147483648".to_owned()),
        Just("NaN".to_owned()),
        Just("fr-line-fusiliers:24".to_owned()),
        Just("fr-vistula-lancers:12".to_owned()),
        Just("fr-cuirassiers:4294967295".to_owned()),
        Just("ru-musketeers".to_owned()),
        Just("lists/wab-france-1809.toml:5".to_owned()),
        Just("lists/wab-france-1809.toml:0".to_owned()),
        Just("lists/sharpe-patrol.toml:1".to_owned()),
        Just("hollow-square".to_owned()),
        Just("echelon".to_owned()),
        Just("medium".to_owned()),
        Just("howitzer".to_owned()),
        Just("roundshot".to_owned()),
        Just("canister".to_owned()),
        Just("skirmishers".to_owned()),
        Just("brigadier-in-unit".to_owned()),
        Just("charged-in-flank".to_owned()),
        Just("\u{1b}[31m\n#".to_owned()),
        "\\PC{0,6}",
    ]
}

fn preview_args() -> impl Strategy<Value = Vec<String>> {
    let flags = prop_oneof![
        Just("--leadership"),
        Just("--modifier"),
        Just("--with"),
        Just("--condition"),
        Just("--unit"),
        Just("--shots"),
        Just("--bs"),
        Just("--strength"),
        Just("--toughness"),
        Just("--save"),
        Just("--to-hit-modifier"),
        Just("--elite"),
        Just("--firer"),
        Just("--target"),
        Just("--attacker"),
        Just("--defender"),
        Just("--attacker-fighting"),
        Just("--defender-fighting"),
        Just("--attacker-ranks"),
        Just("--defender-formation"),
        Just("--attacker-elite"),
        Just("--defender-supports"),
        Just("--battery"),
        Just("--ammo"),
        Just("--figures"),
        Just("--grand-battery"),
        Just("--order"),
    ];
    let switches = prop_oneof![
        Just("--reroll"),
        Just("--no-save"),
        Just("--stationary"),
        Just("--charge"),
        Just("--counter-charge"),
        Just("--attacker-officer"),
        Just("--defender-musician"),
        Just("--large-target"),
        Just("--heavy-cover"),
    ];
    (
        prop_oneof![
            Just("test"),
            Just("shoot"),
            Just("combat"),
            Just("artillery")
        ],
        proptest::collection::vec((flags, flag_value()), 0..8),
        proptest::collection::vec(switches, 0..3),
    )
        .prop_map(|(proc_, pairs, switches)| {
            let mut args = vec![
                "muster".to_owned(),
                "--ruleset".into(),
                "wab-aca".into(),
                "preview".into(),
                proc_.into(),
            ];
            for (f, v) in pairs {
                args.push(format!("{f}={v}"));
            }
            args.extend(switches.into_iter().map(String::from));
            args.push("--format=json".into());
            args
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(300), ..ProptestConfig::default() })]

    #[test]
    fn valid_looking_lists_never_panic(text in list()) {
        check(text);
    }

    #[test]
    fn mutilated_sample_lists_never_panic(cut in 0usize..4000, insert in "\\PC{0,5}") {
        let text = std::fs::read_to_string(crate::root().join("lists/wab-france-1809.toml")).unwrap();
        let at = text.char_indices().map(|(i, _)| i).nth(cut % text.chars().count()).unwrap_or(0);
        check(format!("{}{}{}", &text[..at], insert, &text[at..]));
    }

    /// Whatever flags: an answer or a usage error, never a panic (the test process would die).
    #[test]
    fn random_preview_flags_never_panic(args in preview_args()) {
        let code = muster::run(args);
        prop_assert!(code <= 2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(30), ..ProptestConfig::default() })]

    /// Cards, rosters, scores and edits of a hostile list never panic nor leave a temporary
    /// file.
    #[test]
    fn hostile_lists_print_and_edit(text in list(), label in flag_value()) {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("l.toml");
        std::fs::write(&file, &text).unwrap();
        let f = file.to_str().unwrap().to_owned();
        let battle = tmp.path().join("b.toml");
        std::fs::write(
            &battle,
            format!("[[side]]\nname = \"a\"\nlist = \"l.toml\"\n[[side.unit]]\nunit = 1\nlost = 3\n[[side]]\nname = {label:?}\nlist = \"l.toml\"\n"),
        )
        .unwrap();
        let data = crate::root().join("unit-sheets");
        let d = data.to_str().unwrap().to_owned();
        let out = |name: &str| tmp.path().join(name).to_str().unwrap().to_owned();
        let runs: Vec<Vec<String>> = vec![
            vec!["check".into(), f.clone()],
            vec!["cards".into(), f.clone(), "--allow-invalid".into(), "-o".into(), out("c.pdf")],
            vec!["roster".into(), f.clone(), "-o".into(), out("r.md")],
            vec!["roster".into(), f.clone(), "-o".into(), out("r.pdf")],
            vec!["score".into(), battle.to_str().unwrap().into()],
            vec!["list".into(), "add".into(), f.clone(), "fr-hussars".into(), "--figures".into(), "6".into(), "--label".into(), label.clone()],
        ];
        for run in runs {
            let mut args = vec!["muster".to_owned(), "--data".into(), d.clone()];
            args.extend(run);
            let code = muster::run(args);
            prop_assert!(code <= 2);
        }
        for entry in std::fs::read_dir(tmp.path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            prop_assert!(!name.starts_with(".muster-"), "temporary file left: {}", name);
        }
    }
}
