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
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

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
