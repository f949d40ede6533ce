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
pub mod procedures;
pub mod validate;
pub mod views;

pub use database::Database;

use crate::core::i18n::Lang;
use crate::render::sheet::CardSize;
use crate::render::templates::Builtin;
use crate::rulesets::{Capabilities, Engine, ListWords, Loaded, Meta};

/// Capitán as the generic commands see it.
pub const META: Meta = Meta {
    id: "capitan",
    title: "Capitán",
    book: "Capitán",
    source: "capitan.fr.txt",
    capabilities: Capabilities {
        data: true,
        lists: true,
        cards: true,
        qrs: true,
        roster: true,
        scoring: false,
    },
    list_words: ListWords {
        id: "sheet",
        figures: Some("figures"),
        extras: "skills",
        extras_bought: true,
        points: true,
        adds: &["skills", "free-skill"],
        options_hint: "",
    },
    card_size: CardSize::Poker,
    languages: &[Lang::Fr, Lang::Es, Lang::En],
    templates: &TEMPLATES,
    load,
    schemas,
    procedures: procedures::PROCEDURES,
    duels: procedures::DUELS,
    duel_choices: procedures::DUEL_CHOICES,
};

fn load(
    dirs: &[std::path::PathBuf],
    sources: &mut crate::core::source::Sources,
) -> Result<Loaded, crate::core::error::Error> {
    let loaded = data::load(dirs, sources)?;
    Ok(Loaded {
        engine: loaded
            .database
            .map(|db| Box::new(engine::CapitanEngine::new(db)) as Box<dyn Engine>),
        diagnostics: loaded.diagnostics,
    })
}

/// The built-in templates of `templates/capitan/` (a user's `--templates DIR` overrides them file
/// by file). `roster.html` is named so that values are escaped for HTML in it.
pub const TEMPLATES: Builtin = Builtin {
    folder: "capitan",
    templates: &[
        (
            "card",
            "card.tera",
            include_str!("../../../templates/capitan/card.tera"),
        ),
        (
            "card-back",
            "card-back.tera",
            include_str!("../../../templates/capitan/card-back.tera"),
        ),
        (
            "qrs",
            "qrs.tera",
            include_str!("../../../templates/capitan/qrs.tera"),
        ),
        (
            "roster",
            "roster.tera",
            include_str!("../../../templates/capitan/roster.tera"),
        ),
        (
            "roster.md",
            "roster.md.tera",
            include_str!("../../../templates/capitan/roster.md.tera"),
        ),
        (
            "roster.html",
            "roster.html.tera",
            include_str!("../../../templates/capitan/roster.html.tera"),
        ),
    ],
    labels: include_str!("../../../templates/capitan/labels.toml"),
};

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
