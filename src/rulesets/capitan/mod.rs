//! The Capitán ruleset (`shared/rulebooks/capitan.fr.txt`): its data model, the loading and
//! checking of its data, and its rules. Everything that knows Capitán's field names is here.

pub mod army;
pub mod checker;
pub mod data;
pub mod database;
pub mod engine;
pub mod lint;
pub mod list;
pub mod model;
pub mod preview;
pub mod validate;
pub mod views;

pub use database::Database;

/// The JSON Schemas of Capitán's sheet and list files (`muster schema`), for editors.
pub fn schemas() -> Vec<(&'static str, String)> {
    let render = |schema: schemars::schema::RootSchema| {
        serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
    };
    vec![
        (
            "capitan-sheets.schema.json",
            render(schemars::schema_for!(model::SheetsFile)),
        ),
        (
            "capitan-list.schema.json",
            render(schemars::schema_for!(list::ListFile)),
        ),
    ]
}
