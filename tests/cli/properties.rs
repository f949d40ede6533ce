//! Property tests: whatever bytes or list-shaped TOML a user feeds `check`, it answers with a
//! result and never panics; its totals and verdict agree with its own rows and diagnostics.

use std::path::Path;
use std::sync::OnceLock;

use muster::core::source::Sources;
use muster::rulesets::capitan::checker;
use muster::rulesets::capitan::Database;
use proptest::prelude::*;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| {
        let mut sources = Sources::new();
        let loaded = muster::rulesets::capitan::data::load(
            &[super::root().join("unit-sheets")],
            &mut sources,
        )
        .unwrap();
        loaded.database.unwrap()
    })
}

fn check(text: String) {
    let db = db();
    let mut sources = Sources::new();
    let file = sources.add(Path::new("prop.toml"), text);
    match checker::check_file(db, &sources, file) {
        Ok(checked) => {
            let sum = checked
                .units
                .iter()
                .map(|r| r.cost)
                .fold(0u64, u64::saturating_add);
            assert_eq!(checked.total, sum);
            assert_eq!(
                checked.is_valid(),
                !checked.diagnostics.iter().any(|d| d.is_error())
            );
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
        Just("gb-95th-sharpe".to_owned()),
        Just("fr-47e-fusiliers".to_owned()),
        Just("fr-foot-battery-12".to_owned()),
        Just("es-guerrilleros".to_owned()),
        Just("tireur-expert".to_owned()),
        Just("mouvement-furtif".to_owned()),
        Just("lanciers".to_owned()),
        Just("peninsula".to_owned()),
        Just("captain".to_owned()),
        "[a-z\\-]{0,12}",
        "\\PC{0,8}",
    ]
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        (0i64..20).prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        Just("4294967296".to_owned()),
        Just("1.5".to_owned()),
        word().prop_map(|w| format!("{w:?}")),
    ]
}

fn unit() -> impl Strategy<Value = String> {
    (
        word(),
        proptest::option::of(number()),
        proptest::collection::vec(word(), 0..4),
    )
        .prop_map(|(sheet, figures, skills)| {
            let mut s = format!("\n[[units]]\nsheet = {sheet:?}\n");
            if let Some(f) = figures {
                s.push_str(&format!("figures = {f}\n"));
            }
            s.push_str(&format!("skills = {skills:?}\n"));
            s
        })
}

fn list() -> impl Strategy<Value = String> {
    (
        word(),
        prop_oneof![Just("allies"), Just("empire"), Just("neutral")],
        word(),
        number(),
        proptest::option::of(word()),
        proptest::option::of((number(), word())),
        proptest::collection::vec(unit(), 0..25),
    )
        .prop_map(|(ruleset, coalition, campaign, points, rank, free, units)| {
            let mut s = format!("[list]\nname = \"p\"\nruleset = {ruleset:?}\ncoalition = \"{coalition}\"\ncampaign = {campaign:?}\npoints = {points}\n");
            if let Some(r) = rank {
                s.push_str(&format!("rank = {r:?}\n"));
            }
            if let Some((u, k)) = free {
                s.push_str(&format!("free_skill = {{ unit = {u}, skill = {k:?} }}\n"));
            }
            s + &units.concat()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(400), ..ProptestConfig::default() })]

    #[test]
    fn garbage_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check(String::from_utf8_lossy(&bytes).into_owned());
    }

    #[test]
    fn valid_looking_lists_never_panic(text in list()) {
        check(text);
    }

    #[test]
    fn mutilated_sample_lists_never_panic(cut in 0usize..2000, insert in "\\PC{0,5}") {
        let text = std::fs::read_to_string(super::root().join("lists/sharpe-patrol.toml")).unwrap();
        let at = text.char_indices().map(|(i, _)| i).nth(cut % text.chars().count()).unwrap_or(0);
        check(format!("{}{}{}", &text[..at], insert, &text[at..]));
    }
}

// ── previews, cards and list edits ──────────────────────────────────────────────────────────

/// A value a hostile user could type: extreme numbers, hostile strings, ids, nothing.
fn flag_value() -> impl Strategy<Value = String> {
    prop_oneof![
        (0i64..30).prop_map(|n| n.to_string()),
        Just("4294967295".to_owned()),
        Just("4294967296".to_owned()),
        Just("-2147483648".to_owned()),
        Just("2147483647".to_owned()),
        Just("1e9".to_owned()),
        Just("NaN".to_owned()),
        Just("d6".to_owned()),
        Just("d12".to_owned()),
        Just("short".to_owned()),
        Just("long".to_owned()),
        Just("light".to_owned()),
        Just("effective".to_owned()),
        Just("canister".to_owned()),
        Just("shell".to_owned()),
        Just("gb-95th-sharpe".to_owned()),
        Just("fr-47e-fusiliers:12".to_owned()),
        Just("gb-45th-line:4294967295".to_owned()),
        Just("tireur-expert".to_owned()),
        Just("\u{1b}[31m\n#".to_owned()),
        "\\PC{0,6}",
    ]
}

fn preview_args() -> impl Strategy<Value = Vec<String>> {
    let flags = prop_oneof![
        Just("--shots"),
        Just("--die"),
        Just("--range"),
        Just("--modifier"),
        Just("--target-figures"),
        Just("--target-die"),
        Just("--cover"),
        Just("--shooter"),
        Just("--target"),
        Just("--shooter-skill"),
        Just("--compare-skill"),
        Just("--a-figures"),
        Just("--a-die"),
        Just("--a-modifier"),
        Just("--a-attacks"),
        Just("--b-figures"),
        Just("--b-die"),
        Just("--b-modifier"),
        Just("--rounds"),
        Just("--a"),
        Just("--b"),
        Just("--morale"),
        Just("--courage"),
        Just("--charger"),
        Just("--gun"),
        Just("--gun-type"),
        Just("--crew"),
        Just("--ammo"),
        Just("--under"),
        Just("--factor"),
    ];
    (
        prop_oneof![
            Just("fire"),
            Just("melee"),
            Just("charge"),
            Just("artillery")
        ],
        proptest::collection::vec((flags, flag_value()), 0..8),
        any::<bool>(),
    )
        .prop_map(|(proc_, pairs, charges)| {
            let mut args = vec!["muster".to_owned(), "preview".into(), proc_.into()];
            for (f, v) in pairs {
                args.push(format!("{f}={v}"));
            }
            if charges {
                args.push("--a-charges".into());
            }
            args.push("--format=json".into());
            args
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(300), ..ProptestConfig::default() })]

    /// Whatever flags: an answer or a usage error, never a panic or an abort (the test
    /// process would die), and every distribution printed sums to 1.
    #[test]
    fn random_preview_flags_never_panic(args in preview_args()) {
        let code = muster::run(args);
        prop_assert!(code <= 2);
    }
}

/// A list with hostile labels and extreme figures, printed and edited.
fn hostile_list() -> impl Strategy<Value = (String, String)> {
    (
        flag_value(),
        proptest::collection::vec(
            (
                prop_oneof![
                    Just("gb-95th-sharpe"),
                    Just("gb-95th-riflemen"),
                    Just("gb-rha-troop"),
                    Just("gb-18th-hussars"),
                ],
                flag_value(),
                prop_oneof![
                    Just("0"), Just("4"), Just("12"), Just("13"), Just("-1"),
                    Just("4294967295"), Just("9223372036854775807"),
                ],
            ),
            0..6,
        ),
        flag_value(),
    )
        .prop_map(|(name, units, label)| {
            let mut s = format!(
                "[list]\nname = {name:?}\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 600\n"
            );
            for (sheet, l, figures) in units {
                s.push_str(&format!(
                    "\n[[units]]\nsheet = \"{sheet}\"\nlabel = {l:?}\nfigures = {figures}\n"
                ));
            }
            (s.replace("\\u{", "\\u00").replace('}', ""), label)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(40), ..ProptestConfig::default() })]

    /// Cards, rosters and edits of a hostile list never panic nor write partial files.
    #[test]
    fn hostile_lists_print_and_edit(list in hostile_list()) {
        let (text, label) = list;
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("l.toml");
        std::fs::write(&file, &text).unwrap();
        let f = file.to_str().unwrap().to_owned();
        let data = super::root().join("unit-sheets");
        let d = data.to_str().unwrap().to_owned();
        let out = |name: &str| tmp.path().join(name).to_str().unwrap().to_owned();
        let runs: Vec<Vec<String>> = vec![
            vec!["check".into(), f.clone()],
            vec!["cards".into(), f.clone(), "--allow-invalid".into(), "-o".into(), out("c.pdf")],
            vec!["roster".into(), f.clone(), "-o".into(), out("r.md")],
            vec!["roster".into(), f.clone(), "-o".into(), out("r.pdf")],
            vec!["list".into(), "add".into(), f.clone(), "gb-45th-line".into(), "--figures".into(), "6".into(), "--label".into(), label.clone()],
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
