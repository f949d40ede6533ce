//! The optional infantry fire-capability table (`shared/rulebooks/infantry-fire-capability.fr.txt`,
//! cited "FC"): what each class of infantry does in each situation, the firearms' scores by
//! range, and exact volleys. A table, not an army game: no units, lists or cards.

pub mod data;
pub mod engine;
pub mod model;
pub mod preview;
pub mod procedures;
pub mod views;

use crate::core::i18n::Lang;
use crate::render::sheet::CardSize;
use crate::render::templates::Builtin;
use crate::rulesets::{Capabilities, Engine, ListWords, Loaded, Meta};

/// The fire table as the generic commands see it: a table and its quick-reference sheet.
pub const META: Meta = Meta {
    id: "fire-classes",
    title: "Infantry fire capability",
    book: "FC",
    source: "infantry-fire-capability.fr.txt",
    capabilities: Capabilities {
        data: true,
        lists: false,
        cards: false,
        qrs: true,
        roster: false,
        scoring: false,
    },
    list_words: ListWords {
        id: "class",
        figures: Some("figures"),
        extras: "effects",
        extras_bought: false,
        points: false,
        adds: &[],
        options_hint: "",
    },
    card_size: CardSize::Poker,
    languages: &[Lang::Fr, Lang::En],
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
            .map(|db| Box::new(engine::FireEngine { db }) as Box<dyn Engine>),
        diagnostics: loaded.diagnostics,
    })
}

/// The quick-reference sheet of `templates/fire-classes/`.
pub const TEMPLATES: Builtin = Builtin {
    folder: "fire-classes",
    templates: &[(
        "qrs",
        "qrs.tera",
        include_str!("../../../templates/fire-classes/qrs.tera"),
    )],
    labels: include_str!("../../../templates/fire-classes/labels.toml"),
};

/// The JSON Schemas of its data files (`muster schema`).
pub fn schemas() -> Vec<(&'static str, String)> {
    let render = |schema: schemars::schema::RootSchema| {
        serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
    };
    vec![
        (
            "fire-classes-classes.schema.json",
            render(schemars::schema_for!(model::ClassesFile)),
        ),
        (
            "fire-classes-weapons.schema.json",
            render(schemars::schema_for!(model::WeaponsFile)),
        ),
    ]
}
