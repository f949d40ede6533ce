//! "Au crépuscule de l'Aigle" v2.02 (ACA), the Napoleonic supplement for Warhammer Ancient
//! Battles (`shared/rulebooks/wab-crepuscule-de-l-aigle.fr.txt`, cited "ACA p.N"): its data
//! model, the loading and checking of its tables and army lists, list costing and rules,
//! views, exact previews and post-battle scoring. Everything that knows ACA is here.

pub mod army;
pub mod checker;
pub mod data;
pub mod database;
pub mod engine;
pub mod lint;
pub mod list;
pub mod model;
pub mod preview;
pub mod score;
pub mod validate;
pub mod views;

pub use database::Database;

use crate::render::templates::Builtin;

/// The built-in templates of `templates/wab-aca/` (a user's `--templates DIR` overrides them file
/// by file). `roster.html` is named so that values are escaped for HTML in it.
pub const TEMPLATES: Builtin = Builtin {
    folder: "wab-aca",
    templates: &[
        (
            "card",
            "card.tera",
            include_str!("../../../templates/wab-aca/card.tera"),
        ),
        (
            "card-back",
            "card-back.tera",
            include_str!("../../../templates/wab-aca/card-back.tera"),
        ),
        (
            "qrs",
            "qrs.tera",
            include_str!("../../../templates/wab-aca/qrs.tera"),
        ),
        (
            "roster",
            "roster.tera",
            include_str!("../../../templates/wab-aca/roster.tera"),
        ),
        (
            "roster.md",
            "roster.md.tera",
            include_str!("../../../templates/wab-aca/roster.md.tera"),
        ),
        (
            "roster.html",
            "roster.html.tera",
            include_str!("../../../templates/wab-aca/roster.html.tera"),
        ),
    ],
    labels: include_str!("../../../templates/wab-aca/labels.toml"),
};

/// The JSON Schemas of ACA's army, list and battle files (`muster schema`), for editors.
pub fn schemas() -> Vec<(&'static str, String)> {
    let render = |schema: schemars::schema::RootSchema| {
        serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
    };
    vec![
        (
            "wab-aca-army.schema.json",
            render(schemars::schema_for!(model::ArmyFile)),
        ),
        (
            "wab-aca-list.schema.json",
            render(schemars::schema_for!(list::ListFile)),
        ),
        (
            "wab-aca-battle.schema.json",
            render(schemars::schema_for!(score::ScoreFile)),
        ),
    ]
}
