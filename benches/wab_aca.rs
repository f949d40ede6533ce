//! Benchmarks of the WAB ACA engine, in-process (criterion). Targets from issue 9: a 40-unit
//! list checks in under 5 ms; a shooting preview under 10 µs; one combat round under 100 µs.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use muster::core::source::Sources;
use muster::rulesets::wab_aca::preview::combat::{self, Rerolls, Side};
use muster::rulesets::wab_aca::preview::shoot::{self, Shot};
use muster::rulesets::wab_aca::{check, Database};

fn shipped() -> Database {
    let mut sources = Sources::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
    muster::rulesets::wab_aca::data::load(&[dir], &mut sources)
        .expect("data loads")
        .database
        .expect("data is complete")
}

/// A 40-unit French list: generals, battalions with options, cavalry, batteries (it breaks
/// rules on purpose, so that every rule has work to do).
fn list_text(units: usize) -> String {
    let mut text = String::from(
        "[list]\nname = \"bench\"\nruleset = \"wab-aca\"\narmy = \"france-1809\"\npoints = 10000\ngrand_battery = true\n",
    );
    let kinds = [
        "general = \"division\"\n",
        "general = \"adc\"\n",
        "entry = \"fr-line-fusiliers\"\nfigures = 24\nflag = true\nmusician = true\nelite = 8\n",
        "entry = \"fr-light-chasseurs\"\nfigures = 20\nflag = true\nelite = 4\n",
        "entry = \"fr-hussars\"\nfigures = 12\nmusician = true\nelite = 2\n",
        "entry = \"fr-cuirassiers\"\nfigures = 8\nflag = true\n",
        "entry = \"fr-foot-battery-6\"\nfigures = 8\nguns = 2\n",
        "entry = \"fr-foot-battery-12\"\nfigures = 5\n",
    ];
    for i in 0..units {
        text.push_str(&format!(
            "\n[[units]]\nlabel = \"unit {i}\"\n{}",
            kinds[i % kinds.len()]
        ));
    }
    text
}

fn list_check(c: &mut Criterion) {
    let db = shipped();
    let text = list_text(40);
    let mut sources = Sources::new();
    let file = sources.add(Path::new("bench.toml"), text);
    c.bench_function(
        "wab-aca: check a 40-unit list (parse + cost + rules)",
        |b| {
            b.iter(|| {
                black_box(
                    muster::rulesets::checking::parse_and_check(&sources, file, |p| {
                        check::check_list(
                            muster::rulesets::Ruleset::of(&muster::rulesets::wab_aca::META),
                            &db,
                            p,
                        )
                    })
                    .expect("a list"),
                )
            })
        },
    );
}

fn previews(c: &mut Criterion) {
    let db = shipped();
    let volley = Shot {
        shots: 24,
        bs: 3,
        strength: 3,
        toughness: 3,
        save: Some(5),
        to_hit_modifier: -1,
        elite: 0,
    };
    c.bench_function("wab-aca: shoot 24 muskets", |b| {
        b.iter(|| black_box(shoot::shoot(&db, black_box(&volley))))
    });
    let elite = Shot { elite: 8, ..volley };
    c.bench_function("wab-aca: shoot 24 muskets, 8 elite re-rolls", |b| {
        b.iter(|| black_box(shoot::shoot(&db, black_box(&elite))))
    });
    let side = |name: &str| Side {
        name: muster::core::words::Phrase::as_is(name),
        figures: 25,
        fighting: 12,
        attacks: 1,
        extra_attacks: 1,
        ws: 3,
        strength: 3,
        strength_bonus: 0,
        toughness: 3,
        wounds: 1,
        save: None,
        leadership: 7,
        to_hit_modifier: 0,
        rerolls: Rerolls::Elite(4),
        impact_attacks: 0,
        impact_ws: 3,
        first_strike: false,
        strikes_last: false,
        position_bonus: 0,
        ranks: 3,
        charge_bonus: 0,
        flag_bonus: 1,
        musician: true,
        support_bonus: 0,
        push_bonus: 0,
        outnumber_bonus: 1,
        stubborn: false,
        reroll_break: false,
        house: Default::default(),
    };
    let (a, d) = (
        Side {
            charge_bonus: 1,
            strength_bonus: 1,
            ..side("a")
        },
        side("d"),
    );
    c.bench_function("wab-aca: one combat round, 12 vs 12", |b| {
        b.iter(|| black_box(combat::round(&db, black_box(&a), black_box(&d))))
    });
    let lancers = Side {
        first_strike: true,
        ..a.clone()
    };
    c.bench_function("wab-aca: one combat round, 12 lancers first vs 12", |b| {
        b.iter(|| black_box(combat::round(&db, black_box(&lancers), black_box(&d))))
    });
}

criterion_group!(benches, list_check, previews);
criterion_main!(benches);
