//! Benchmarks of the engine, in-process (criterion). Targets from the issues:
//! checking a 100-unit list against a 1,000-sheet database: under 5 ms; fire 12 vs 12 under
//! 10 µs; one melee round 12 vs 12 under 100 µs; a melee to the end 12 vs 12 under 2 ms.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use muster::core::source::{Sources, SpanIndex};
use muster::rulesets::capitan::check;
use muster::rulesets::capitan::model::Kind;
use muster::rulesets::capitan::Database;

fn shipped() -> Database {
    let mut sources = Sources::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
    muster::rulesets::capitan::data::load(&[dir], &mut sources)
        .expect("data loads")
        .database
        .expect("data is complete")
}

/// The shipped database grown to `n` sheets by copying the shipped ones under new ids.
fn database_of(n: usize) -> Database {
    let mut db = shipped();
    let originals: Vec<_> = db.sheets.iter().cloned().collect();
    let mut i = 0;
    while db.sheets.len() < n {
        let mut s = originals[i % originals.len()].clone();
        s.id = format!("{}-{i}", s.id);
        s.max_units = 3;
        let id = s.id.clone();
        db.sheets.insert(&id, s);
        i += 1;
    }
    db
}

/// A list of `units` units drawn from the database, with figures and skills.
fn list_text(db: &Database, units: usize) -> String {
    coalition_list(db, "empire", units)
}

/// A list of `units` units of a coalition's sheets, with figures and skills.
fn coalition_list(db: &Database, coalition: &str, units: usize) -> String {
    let sheets: Vec<_> = db
        .sheets
        .iter()
        .filter(|s| s.coalition.as_str() == coalition)
        .collect();
    let mut text = format!(
        "[list]\nname = \"bench\"\nruleset = \"capitan\"\ncoalition = \"{coalition}\"\ncampaign = \"peninsula\"\npoints = 20000\nrank = \"captain\"\nfree_skill = {{ unit = 2, skill = \"bon-oeil\" }}\n",
    );
    for i in 0..units {
        let s = sheets[(i * 7) % sheets.len()];
        text.push_str(&format!("\n[[units]]\nsheet = \"{}\"\n", s.id));
        match s.kind {
            Kind::Troop => text.push_str(&format!("figures = {}\n", 4 + i % 9)),
            Kind::Artillery => text.push_str("figures = 4\n"),
            Kind::Command => {}
        }
        if let Some(k) = s.skills.first() {
            text.push_str(&format!("skills = [\"{}\"]\n", k.id));
        }
    }
    text
}

fn list_check(c: &mut Criterion) {
    let db = database_of(1000);
    let text = list_text(&db, 100);
    let mut sources = Sources::new();
    let file = sources.add(Path::new("bench.toml"), text.clone());
    let parsed: muster::rulesets::capitan::list::ListFile =
        toml::from_str(&text).expect("bench list parses");
    c.bench_function("check 100-unit list, 1000 sheets (parse + rules)", |b| {
        b.iter(|| {
            black_box(
                muster::rulesets::checking::parse_and_check(&sources, file, |p| {
                    check::check_list(
                        muster::rulesets::Ruleset::of(&muster::rulesets::capitan::META),
                        &db,
                        &sources,
                        p,
                    )
                })
                .expect("a list"),
            )
        })
    });
    c.bench_function("check 100-unit list, 1000 sheets (rules only)", |b| {
        b.iter(|| {
            black_box(check::check_parsed(
                muster::rulesets::Ruleset::of(&muster::rulesets::capitan::META),
                &db,
                &parsed,
                SpanIndex::parse(&text),
                file,
                None,
            ))
        })
    });
}

/// What `muster serve` does for `POST /api/check` with a 100-unit list (shipped data): the
/// ruleset's engine loaded once, then per request the ruleset read from the text, the list
/// checked, and the JSON of `muster check --format json` written. The goal behind it: p99
/// under 20 ms with 50 clients on loopback (the load test in tests/cli/serve.rs).
fn web_check(c: &mut Criterion) {
    use muster::commands::to_json;
    use muster::ops::check::report_json;
    use muster::rulesets::{self, Ruleset};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
    let mut data = Sources::new();
    let engine = muster::commands::load_engine(
        Ruleset::of(&muster::rulesets::capitan::META),
        &[dir],
        &mut data,
    )
    .expect("the shipped data loads");
    let shipped = shipped();
    let text = list_text(&shipped, 100);
    c.bench_function("web check: the ruleset read from a 100-unit list", |b| {
        b.iter(|| {
            let mut probe = Sources::new();
            let id = probe.add(Path::new("l.toml"), text.clone());
            black_box(rulesets::peek(&probe, id).expect("a ruleset"))
        })
    });
    c.bench_function("web check: the data's sources copied", |b| {
        b.iter(|| black_box(data.clone()))
    });
    c.bench_function("web check: 100-unit list, whole (peek, check, JSON)", |b| {
        b.iter(|| {
            let mut sources = data.clone();
            let id = sources.add(Path::new("l.toml"), text.clone());
            let ruleset = rulesets::peek(&sources, id).expect("a ruleset");
            assert_eq!(ruleset, Ruleset::of(&muster::rulesets::capitan::META));
            let checked =
                muster::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, id)
                    .expect("a list");
            black_box(to_json(&report_json(&checked, None, &sources)))
        })
    });
}

fn previews(c: &mut Criterion) {
    use muster::rulesets::capitan::preview::{fire, melee, CourageTest};
    let test = Some(CourageTest {
        threshold: 2,
        die: 10,
        modifier: 1,
        courage: 7,
    });
    let volley = fire::FireSetup {
        shots: 12,
        die: 12,
        difficulty: 7,
        modifier: 0,
        extra: None,
        reroll_misses: false,
        target_figures: 12,
        dodge_die: 10,
        dodge_modifier: 1,
        dodge_target: 5,
        dodge_reroll: None,
        courage_test: test,
    };
    c.bench_function("fire 12 shots vs 12 figures", |b| {
        b.iter(|| black_box(fire::resolve(black_box(&volley))))
    });
    let side = |attacks| melee::Side {
        figures: 12,
        attacks_per_figure: attacks,
        die: 10,
        modifier: 1,
        first_round_modifier: 2,
        dodge_die: 10,
        dodge_modifier: 0,
        dodge_reroll: None,
        wins_ties: false,
        ignore_dodge: false,
        courage_test: test,
    };
    let setup = melee::MeleeSetup {
        a: side(1),
        b: side(1),
        dodge_target: 5,
        destruction_ratio: 3,
    };
    c.bench_function("melee one round 12 vs 12", |b| {
        b.iter(|| black_box(melee::round(black_box(&setup), 12, 12, true)))
    });
    c.bench_function("melee to the end 12 vs 12", |b| {
        b.iter(|| black_box(melee::to_the_end(black_box(&setup))))
    });
    let cavalry = melee::MeleeSetup {
        a: side(2),
        ..setup.clone()
    };
    c.bench_function("melee to the end 12 cavalry vs 12 infantry", |b| {
        b.iter(|| black_box(melee::to_the_end(black_box(&cavalry))))
    });
}

/// Card sheets in-process (data already loaded): templates, layout, PDF with subset fonts.
fn card_sheets(c: &mut Criterion) {
    use muster::cli::{CardArg, CardsArgs, LangArg, PaperArg, UnitArg};
    use muster::commands::print;
    use muster::core::i18n::Lang;
    use muster::render::templates::Templates;
    use muster::rulesets::capitan::engine::CapitanEngine;
    use muster::rulesets::SheetRef;
    let ruleset = muster::rulesets::Ruleset::default();
    let capitan = CapitanEngine::new(ruleset, shipped());
    let ids: Vec<String> = capitan.db.sheets.iter().map(|s| s.id.clone()).collect();
    let engine = muster::rulesets::Rules {
        ruleset,
        engine: Box::new(capitan),
    };
    let args = |n: usize| CardsArgs {
        list: None,
        sheets: ids
            .iter()
            .cycle()
            .take(n)
            .map(|id| UnitArg {
                sheet: id.clone(),
                figures: None,
            })
            .collect(),
        output: "unused.pdf".into(),
        format: None,
        paper: PaperArg::A4,
        card: Some(CardArg::Poker),
        lang: Some(LangArg::Fr),
        backs: false,
        allow_invalid: false,
        templates: None,
    };
    for n in [9, 40] {
        let a = args(n);
        c.bench_function(&format!("{n} cards, in-process"), |b| {
            b.iter(|| {
                let templates =
                    Templates::load(&muster::rulesets::capitan::TEMPLATES, None, &["card"])
                        .expect("templates");
                let labels = templates.labels("fr");
                let sheets: Vec<SheetRef> = a
                    .sheets
                    .iter()
                    .map(|s| SheetRef {
                        id: s.sheet.clone(),
                        figures: s.figures,
                    })
                    .collect();
                let cards = engine
                    .ruleset()
                    .need(engine.cards(), "unit cards")
                    .and_then(|x| {
                        x.contexts(
                            muster::rulesets::cards::CardsOf {
                                list: None,
                                sheets: &sheets,
                            },
                            Lang::Fr,
                            &labels,
                        )
                    })
                    .expect("cards");
                black_box(
                    print::cards_pdf(
                        &a,
                        Lang::Fr,
                        muster::render::sheet::CardSize::Poker,
                        &cards,
                        &templates,
                    )
                    .expect("pdf"),
                )
            })
        });
    }
}

/// The matchup table of two 20-unit lists (empire against allies): every unit against every
/// unit, fire both ways and melee to the end, in-process. Target (issue 17): under 50 ms.
fn matchups(c: &mut Criterion) {
    use muster::rulesets::capitan::engine::CapitanEngine;
    use muster::rulesets::duel::duel_situation;
    use muster::rulesets::matchup;
    let db = shipped();
    let mut sources = Sources::new();
    let a = sources.add(Path::new("a.toml"), coalition_list(&db, "empire", 20));
    let b = sources.add(Path::new("b.toml"), coalition_list(&db, "allies", 20));
    let ruleset = muster::rulesets::Ruleset::default();
    let engine = muster::rulesets::Rules {
        ruleset,
        engine: Box::new(CapitanEngine::new(ruleset, db)),
    };
    let la = muster::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, a)
        .expect("a list");
    let lb = muster::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, b)
        .expect("a list");
    let situation = duel_situation(engine.ruleset().meta().duel_choices, &Default::default())
        .expect("defaults");
    c.bench_function(
        "matchups 20 x 20 (Capitán: fire both ways, melee to the end)",
        |bench| {
            bench.iter(|| {
                black_box(
                    matchup::matchups(&engine, (&la, "a.toml"), (&lb, "b.toml"), &situation, &[])
                        .expect("matchups"),
                )
            })
        },
    );
}

criterion_group!(
    benches,
    list_check,
    web_check,
    previews,
    card_sheets,
    matchups
);
criterion_main!(benches);
