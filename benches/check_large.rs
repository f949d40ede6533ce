//! `muster check` of the largest lists muster accepts (3 MB, under the 4 MiB it reads): a list
//! whose units repeat one skill thousands of times, and one of 1,000 units (the engine's
//! limit) with hundreds each. The work must stay linear: target under a second each, the
//! whole check (parse, rules, diagnostics folded per line, the JSON of `--format json`).
//! Also 1,000 units whose records of what they were priced with are stale (the data price
//! each otherwise: a data-changed warning each) against the same units recorded with today's
//! data: a stale unit must cost about what a current one does.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use muster::commands::check::check_read;
use muster::commands::to_json;
use muster::core::source::Sources;
use muster::ops::check::report_json;
use muster::rulesets::Ruleset;

/// A Capitán list of `units` voltigeur units, each choosing `tireur-expert` `skills` times.
fn repeated_skills(units: usize, skills: usize) -> String {
    let mut text = String::from(
        "[list]\nname = \"bench\"\nruleset = \"capitan\"\ncoalition = \"empire\"\ncampaign = \"peninsula\"\npoints = 600\n",
    );
    let line = format!(
        "skills = [{}]\n",
        vec!["\"tireur-expert\""; skills].join(", ")
    );
    for _ in 0..units {
        text.push_str("\n[[units]]\nsheet = \"fr-6e-leger-voltigeurs\"\nfigures = 8\n");
        text.push_str(&line);
    }
    text
}

fn large_checks(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
    let mut data = Sources::new();
    let engine = muster::commands::load_engine(
        Ruleset::of(&muster::rulesets::capitan::META),
        &[dir],
        &mut data,
    )
    .expect("the shipped data loads");
    let mut group = c.benchmark_group("check a 3 MB list");
    group.sample_size(10);
    for (what, units, skills) in [
        ("100 units of 1,900 duplicate skills", 100, 1_900),
        ("1,000 units of 190 duplicate skills", 1_000, 190),
    ] {
        let text = repeated_skills(units, skills);
        assert!(
            text.len() > 3_000_000 && text.len() < 4 * 1024 * 1024,
            "{}",
            text.len()
        );
        group.bench_function(what, |b| {
            b.iter(|| {
                let mut sources = data.clone();
                let file = sources.add(Path::new("bench.toml"), text.clone());
                let checked = check_read(engine.as_ref(), &sources, file, Path::new("bench.toml"))
                    .expect("a list");
                assert_eq!(
                    checked
                        .diagnostics
                        .iter()
                        .filter(|d| d.code == "duplicate-skill")
                        .count(),
                    units,
                    "one duplicate-skill a line"
                );
                black_box(to_json(&report_json(&checked, None, &sources)))
            })
        });
    }
    group.finish();
}

/// A Capitán list of `units` voltigeur units (no skills), each recorded with today's data
/// (`priced::record`, as an edit records them).
fn recorded_units(engine: &muster::rulesets::Rules, units: usize) -> String {
    let mut text = repeated_skills(units, 0).replace("skills = []\n", "");
    assert!(!text.contains("priced"));
    let mut doc: toml_edit::DocumentMut = text.parse().expect("a TOML document");
    let recorded = muster::rulesets::priced::record(engine, Path::new("bench.toml"), &mut doc)
        .expect("the records written");
    assert_eq!(recorded, units);
    text = doc.to_string();
    text
}

/// Every record of `text` stale: its points and fingerprint are not today's.
fn stale(text: &str) -> String {
    let text = text.replace("priced = { cost = ", "priced = { cost = 1");
    let mut out = String::new();
    for (i, part) in text.split("fingerprint = \"").enumerate() {
        if i > 0 {
            out.push_str("fingerprint = \"00000000");
            out.push_str(&part[8..]);
        } else {
            out.push_str(part);
        }
    }
    out
}

fn priced_checks(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
    let mut data = Sources::new();
    let engine = muster::commands::load_engine(
        Ruleset::of(&muster::rulesets::capitan::META),
        &[dir],
        &mut data,
    )
    .expect("the shipped data loads");
    let current = recorded_units(engine.as_ref(), 1_000);
    let stale = stale(&current);
    let mut group = c.benchmark_group("check 1,000 priced units");
    group.sample_size(10);
    for (what, text, warned) in [
        ("records current", &current, 0),
        ("records stale", &stale, 1_000),
    ] {
        group.bench_function(what, |b| {
            b.iter(|| {
                let mut sources = data.clone();
                let file = sources.add(Path::new("bench.toml"), text.clone());
                let checked = check_read(engine.as_ref(), &sources, file, Path::new("bench.toml"))
                    .expect("a list");
                assert_eq!(
                    checked
                        .diagnostics
                        .iter()
                        .filter(|d| d.code == "data-changed")
                        .count(),
                    warned,
                    "one data-changed a stale unit"
                );
                black_box(to_json(&report_json(&checked, None, &sources)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, large_checks, priced_checks);
criterion_main!(benches);
