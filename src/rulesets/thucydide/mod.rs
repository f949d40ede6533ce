//! The combat of "Thucidide", an ancient and medieval hex rule (`shared/rulebooks/
//! thucydide-combat.fr.txt`, cited "TH"): six-faced symbol dice read against armour colours,
//! the tactical-advantage table, retreats and leaders; troop types (illustrative), armies,
//! cards, the quick-reference sheet and exact combats.

pub mod data;
pub mod engine;
pub mod list;
pub mod model;
pub mod preview;
pub mod procedures;
pub mod text;
pub mod views;

use crate::core::i18n::Lang;
use crate::render::sheet::CardSize;
use crate::render::templates::Builtin;
use crate::rulesets::{Capabilities, Engine, ListWords, Loaded, Meta};

/// Thucydide as the generic commands see it: armies without points.
pub const META: Meta = Meta {
    id: "thucydide",
    title: "Thucydide (combat)",
    book: "TH",
    source: "thucydide-combat.fr.txt",
    capabilities: Capabilities {
        data: true,
        lists: true,
        cards: true,
        qrs: true,
        roster: true,
        scoring: false,
    },
    list_words: ListWords {
        id: "troop",
        figures: Some("elements"),
        extras: "character",
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

/// The built-in templates of `templates/thucydide/`.
pub const TEMPLATES: Builtin = Builtin {
    folder: "thucydide",
    templates: &[
        (
            "card",
            "card.tera",
            include_str!("../../../templates/thucydide/card.tera"),
        ),
        (
            "card-back",
            "card-back.tera",
            include_str!("../../../templates/thucydide/card-back.tera"),
        ),
        (
            "qrs",
            "qrs.tera",
            include_str!("../../../templates/thucydide/qrs.tera"),
        ),
        (
            "roster",
            "roster.tera",
            include_str!("../../../templates/thucydide/roster.tera"),
        ),
        (
            "roster.md",
            "roster.md.tera",
            include_str!("../../../templates/thucydide/roster.md.tera"),
        ),
        (
            "roster.html",
            "roster.html.tera",
            include_str!("../../../templates/thucydide/roster.html.tera"),
        ),
    ],
    labels: include_str!("../../../templates/thucydide/labels.toml"),
};

fn load(
    dirs: &[std::path::PathBuf],
    sources: &mut crate::core::source::Sources,
) -> Result<Loaded, crate::core::error::Error> {
    let loaded = data::load(dirs, sources)?;
    Ok(Loaded {
        engine: loaded
            .database
            .map(|db| Box::new(engine::ThucydideEngine { db }) as Box<dyn Engine>),
        diagnostics: loaded.diagnostics,
    })
}

/// The JSON Schemas of its files (`muster schema`).
pub fn schemas() -> Vec<(&'static str, String)> {
    let render = |schema: schemars::schema::RootSchema| {
        serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
    };
    vec![
        (
            "thucydide-units.schema.json",
            render(schemars::schema_for!(model::UnitsFile)),
        ),
        (
            "thucydide-list.schema.json",
            render(schemars::schema_for!(model::ListFile)),
        ),
    ]
}
