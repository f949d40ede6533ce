//! `muster event check` of 200 entries (issue 39: within 40 times one `muster check`
//! process): the in-process part (the data loaded once, each entry checked as `muster check`
//! checks a list, the event's rules), the whole `event check` process, and one `muster check`
//! process of one list, for the ratio.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;

use criterion::{criterion_group, criterion_main, Criterion};
use muster::event::file::{Action, DataPrint, Entry, EventFile, EventRules, Header, Scoring};

const LISTS: [&str; 4] = [
    "sharpe-patrol.toml",
    "guerrilla-band.toml",
    "french-column.toml",
    "voltigeurs-hussars.toml",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// An event of `n` entries, the four Capitán sample lists in turn.
fn event(n: usize) -> EventFile {
    let texts: Vec<String> = LISTS
        .iter()
        .map(|l| std::fs::read_to_string(root().join("lists").join(l)).expect("a sample list"))
        .collect();
    EventFile {
        event: Header {
            name: "Bench open".into(),
            ruleset: "capitan".into(),
            rounds: 0,
            lang: "en".into(),
        },
        data: DataPrint {
            fingerprint: String::new(),
            layers: vec!["<built-in>".into()],
        },
        rules: EventRules {
            points: 600,
            illustrative: true,
            own_sheets: true,
            banned: Vec::new(),
            at_most: Default::default(),
        },
        scoring: Scoring::default(),
        entries: (0..n)
            .map(|i| Entry {
                player: format!("Player {i}"),
                club: Some(format!("Club {}", i % 10)),
                from: LISTS[i % 4].into(),
                list: texts[i % 4].clone(),
                sheets: Vec::new(),
                dropped_after: None,
            })
            .collect(),
        rounds: Vec::new(),
        log: vec![Action::new("new")],
    }
}

fn event_check(c: &mut Criterion) {
    let dirs = vec![muster::core::builtin::root()];
    let file = event(200);
    let mut group = c.benchmark_group("event check");
    group.sample_size(10);
    group.bench_function("200 entries, in process", |b| {
        b.iter(|| {
            let (_, checks, _) = muster::event::check_all(black_box(&file), &dirs).expect("checks");
            assert_eq!(checks.len(), 200);
            assert!(checks.iter().all(|c| c.valid));
            checks
        })
    });
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let path = tmp.path().join("bench.toml");
    muster::event::open::create(&path, &file).expect("the event written");
    let exe = env!("CARGO_BIN_EXE_muster");
    let run = |args: &[&str], dir: &Path| {
        let out = Command::new(exe)
            .args(args)
            .current_dir(dir)
            .env_remove("MUSTER_DATA")
            .output()
            .expect("muster runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    };
    group.bench_function("200 entries, the whole `muster event check` process", |b| {
        b.iter(|| run(&["event", "check", "bench.toml"], tmp.path()))
    });
    let list = root().join("lists/sharpe-patrol.toml");
    let list = list.to_str().expect("a UTF-8 path");
    group.bench_function("one `muster check` process of one list", |b| {
        b.iter(|| run(&["check", list], tmp.path()))
    });
    group.finish();
}

criterion_group!(benches, event_check);
criterion_main!(benches);
