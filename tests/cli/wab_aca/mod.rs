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
