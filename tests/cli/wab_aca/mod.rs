//! WAB "Au crépuscule de l'Aigle": data and its lint, lists and their rules, previews against
//! closed forms and a Monte Carlo simulator, scoring, printed documents.

mod book;
mod citations;
mod data;
mod house;
mod lists;
mod monte_carlo;
mod my_entries;
mod preview;
mod print;
mod properties;
mod score;

/// A WAB preview's JSON (`muster preview --ruleset wab-aca ARGS --format json`), which must
/// succeed.
pub fn preview(args: &[&str]) -> serde_json::Value {
    let mut full = vec!["preview", "--ruleset", "wab-aca"];
    full.extend_from_slice(args);
    full.extend(["--format", "json"]);
    let run = crate::muster(&full);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    crate::json(&run)
}

/// Two probabilities equal but for rounding.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The ACA database of the shipped data.
pub fn database() -> muster::rulesets::wab_aca::Database {
    let mut sources = muster::core::source::Sources::new();
    let loaded =
        muster::rulesets::wab_aca::data::load(&[super::root().join("unit-sheets")], &mut sources)
            .expect("loads");
    assert!(
        !loaded.diagnostics.iter().any(|d| d.is_error()),
        "shipped WAB data has errors"
    );
    loaded.database.expect("database")
}
