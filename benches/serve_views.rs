//! `muster serve`'s view of a list (`GET /api/lists/{name}`: the builder's page) against a
//! check of the same list (`POST /api/check`), each as its handler does it with the ruleset's
//! data kept loaded: the data's fingerprint taken (whether a file changed on disk), the list
//! checked over the data, then the JSON of `muster check --format json` for the check; for
//! the view, that check and the same in the page's words (the labels kept with the data, the
//! picker's offers that name what the units bought, the sentences, what changed since the
//! units were priced). Target: a view costs at most 3 times a check (it cost 15 to 49 times
//! when the labels were read at each request). Shipped lists of three rulesets.
//!
//! A web edit (`POST /api/lists/{name}/edit`, without the HTTP, the lock and the write): one
//! edit (the first unit's label set) made on the list's text, the list checked, and its view,
//! as the handler does it for the page that opened the list (it holds the offers: the view
//! gives their counts only), on the list as its edits find it (each unit's record of what
//! it is priced with written by the first; each edit of the text the last one wrote, as a
//! page makes them); and that first edit, which writes them, of the text as it is on disk. Target
//! (issue 37): an edit at most 3 times a check of the list it edits (`check, recorded` for
//! an edit, `check` for a first edit).

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion};
use muster::commands::to_json;
use muster::core::source::Sources;
use muster::ops::check::report_json;
use muster::ops::ready::{data_stamp, Checked, ListAt, Ready};
use muster::rulesets::{self, Ruleset, UnitChange};

/// What both handlers do first: the ruleset read from the text, the data's fingerprint
/// compared with the one they were read with, the list checked (for a view, its check also
/// kept for the list's next edit).
fn checked(ready: &Ready, dirs: &[PathBuf], path: &Path, text: &str, view: bool) -> Checked {
    let mut probe = Sources::new();
    let id = probe.add_named(path, "l.toml", text.to_owned());
    let ruleset = rulesets::peek(&probe, id).expect("a ruleset");
    assert!(
        ready.is_current(data_stamp(ruleset, dirs)),
        "the data unchanged"
    );
    let checked = if view {
        ready.check_for_edits(&at(path), text.to_owned())
    } else {
        ready.check(&at(path), text.to_owned())
    };
    checked.unwrap_or_else(|_| panic!("a list"))
}

/// Where the benches' lists are read, as the server reads its own: within their folder.
fn at(path: &Path) -> ListAt {
    ListAt {
        roots: Some(vec![path.parent().expect("a folder").to_path_buf()]),
        path: path.to_path_buf(),
        name: "l.toml".to_owned(),
    }
}

fn check(ready: &Ready, dirs: &[PathBuf], path: &Path, text: &str) -> String {
    let c = checked(ready, dirs, path, text, false);
    to_json(&report_json(&c.check, None, &c.sources))
}

fn view(ready: &Ready, dirs: &[PathBuf], path: &Path, text: &str) -> String {
    let mut c = checked(ready, dirs, path, text, true);
    view_of(ready, &mut c, text, None)
}

/// The view of a checked list, as the list's handler builds it, for a page that holds the
/// offers tagged `held` (an edit's page) or none (a page opened).
fn view_of(ready: &Ready, c: &mut Checked, text: &str, held: Option<&str>) -> String {
    let lang = c.check.lang.unwrap_or(c.check.ruleset.languages()[0]);
    let labels = ready.words(lang);
    let asked = muster::ops::view::Asked {
        name: "l.toml",
        version: "1-0",
        text,
        lang,
        held,
    };
    let body = muster::ops::view::list_view(ready, c, None, &asked, &labels);
    muster::ops::to_json_line(&body)
}

/// The tag of the offers a page holds once it has opened the list (its first view).
fn opened(ready: &Ready, dirs: &[PathBuf], path: &Path, text: &str) -> String {
    let view: serde_json::Value =
        serde_json::from_str(&view(ready, dirs, path, text)).expect("a view");
    view["offers_tag"].as_str().expect("offers").to_owned()
}

/// What the edit handler does: the list's ruleset read from its text, the edit (the first
/// unit's label set to `label`) made on it and the new text checked (the original's check
/// and document kept from the page's view or last edit: `ops::edit::edit`), then the view of
/// that check for the page that holds the offers tagged `held` (their counts only, as they
/// stay the same). The new text and the view.
fn edit(
    ready: &Ready,
    dirs: &[PathBuf],
    path: &Path,
    text: &str,
    label: &str,
    held: &str,
) -> (String, String) {
    let mut probe = Sources::new();
    let id = probe.add_named(path, "l.toml", text.to_owned());
    let ruleset = rulesets::peek(&probe, id).expect("a ruleset");
    assert!(
        ready.is_current(data_stamp(ruleset, dirs)),
        "the data unchanged"
    );
    let change = UnitChange {
        label: Some(label.to_owned()),
        ..UnitChange::default()
    };
    let mut edited = muster::ops::edit::edit(ready, &at(path), text, |engine, doc| {
        engine
            .ruleset()
            .need(engine.lists(), "army lists")
            .and_then(|lists| lists.set_unit(doc, 1, &change))
    })
    .expect("an edit");
    assert_ne!(edited.text, text, "the edit changes the list");
    let view = view_of(ready, &mut edited.checked, &edited.text, Some(held));
    (edited.text, view)
}

/// `text` with what each unit is priced with recorded (`priced = {…}`), as its first edit
/// (or `muster list update`) writes it.
fn recorded(ready: &Ready, path: &Path, text: &str) -> String {
    let mut doc: toml_edit::DocumentMut = text.parse().expect("a list");
    rulesets::priced::update(&ready.engine, path, &mut doc).expect("recorded");
    let recorded = doc.to_string();
    assert!(recorded.contains("priced"), "records written");
    recorded
}

fn views(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = vec![root.join("unit-sheets")];
    let mut group = c.benchmark_group("serve list view and edit vs check");
    for list in [
        "sharpe-patrol.toml",
        "wab-france-1809.toml",
        "hm-qrs-picton-1815.toml",
    ] {
        let path: PathBuf = root.join("lists").join(list);
        let text = std::fs::read_to_string(&path).expect("the list");
        let mut probe = Sources::new();
        let id = probe.add(&path, text.clone());
        let ruleset: Ruleset = rulesets::peek(&probe, id).expect("a ruleset");
        let ready = Ready::load(ruleset, &dirs, data_stamp(ruleset, &dirs)).expect("the data");
        group.bench_function(format!("{list}: check"), |b| {
            b.iter(|| black_box(check(&ready, &dirs, &path, &text)))
        });
        group.bench_function(format!("{list}: list view"), |b| {
            b.iter(|| black_box(view(&ready, &dirs, &path, &text)))
        });
        // The list as every edit after its first finds it: each unit's record written.
        let recorded = recorded(&ready, &path, &text);
        let held = opened(&ready, &dirs, &path, &recorded);
        group.bench_function(format!("{list}: check, recorded"), |b| {
            b.iter(|| black_box(check(&ready, &dirs, &path, &recorded)))
        });
        // Edits one after the other, as a page makes them: each of the text the last wrote.
        let mut current = recorded.clone();
        let mut labels = ["Bench", "Bench 2"].into_iter().cycle();
        group.bench_function(format!("{list}: edit"), |b| {
            b.iter(|| {
                let label = labels.next().expect("a label");
                let (text, view) = edit(&ready, &dirs, &path, &current, label, &held);
                current = text;
                black_box(view)
            })
        });
        // Its first edit: the records written for every unit.
        let held = opened(&ready, &dirs, &path, &text);
        group.bench_function(format!("{list}: first edit"), |b| {
            b.iter(|| black_box(edit(&ready, &dirs, &path, &text, "Bench", &held)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .measurement_time(std::time::Duration::from_secs(2))
        .warm_up_time(std::time::Duration::from_millis(500));
    targets = views
}
criterion_main!(benches);
