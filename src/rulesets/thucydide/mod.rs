//! The combat of "Thucidide", an ancient and medieval hex rule (`shared/rulebooks/
//! thucydide-combat.fr.txt`, cited "TH"): six-faced symbol dice read against armour colours,
//! the tactical-advantage table, retreats and leaders; troop types (illustrative), armies,
//! cards, the quick-reference sheet and exact combats.

pub mod check;
pub mod data;
pub mod database;
pub mod engine;
pub mod list;
pub mod model;
pub mod preview;
pub mod priced;
pub mod procedures;
pub mod sheet_form;
pub mod text;
pub mod views;

use crate::core::i18n::Lang;
use crate::render::sheet::CardSize;
use crate::render::templates::Builtin;
use crate::rulesets::{schema, Capabilities, ListWords, Meta, PlayerSheets};

/// Thucydide as the generic commands see it: armies without points.
pub const META: Meta = Meta {
    id: "thucydide",
    title: "Thucydide (combat)",
    book: "TH",
    source: "thucydide-combat.fr.txt",
    capabilities: Capabilities::LISTS,
    list_words: ListWords {
        id: "troop",
        unit: "troop type",
        figures: Some("elements"),
        extras: "character",
        extras_bought: false,
        points: false,
        adds: &[],
        options_hint: "",
        unit_keys: &["unit", "label", "elements"],
    },
    card_size: CardSize::Poker,
    languages: &[Lang::Fr, Lang::En],
    templates: &TEMPLATES,
    schemas: &[
        ("thucydide-units.schema.json", schema::<model::UnitsFile>),
        ("thucydide-list.schema.json", schema::<list::ListFile>),
    ],
    procedures: procedures::PROCEDURES,
    duels: procedures::DUELS,
    duel_choices: procedures::DUEL_CHOICES,
    player_sheets: Some(PlayerSheets::UNITS),
};

/// The built-in templates of `templates/thucydide/`.
pub const TEMPLATES: Builtin = builtin_templates!("thucydide": "card", "card-back", "qrs", "roster", "roster.md", "roster.html", "roster.txt");

crate::rulesets::loader::loader!(data::load, |ruleset, db| engine::ThucydideEngine {
    ruleset,
    db
});
