//! A horse-and-musket quick-reference sheet (`shared/rulebooks/horse-and-musket-quick-
//! reference.fr.txt`, cited "HM"), a brigade-level rule of command, break tests and stamina:
//! its tables as data, illustrative unit types, orders of battle, cards, the QRS and exact
//! previews of command, break tests, shooting and hand-to-hand.

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

/// The QRS ruleset as the generic commands see it.
pub const META: Meta = Meta {
    id: "hm-qrs",
    title: "Horse and musket (quick reference)",
    book: "HM",
    source: "horse-and-musket-quick-reference.fr.txt",
    capabilities: Capabilities::LISTS,
    list_words: ListWords {
        id: "type",
        unit: "unit type",
        figures: None,
        extras: "brigade, size",
        extras_bought: false,
        points: true,
        adds: &["options"],
        options_hint: "brigade=ID (new: commander=NAME, rating=N), size=large",
        unit_keys: &["unit", "brigade", "label", "size"],
    },
    card_size: CardSize::Poker,
    languages: &[Lang::Fr, Lang::En],
    templates: &TEMPLATES,
    schemas: &[
        ("hm-qrs-units.schema.json", schema::<model::UnitsFile>),
        ("hm-qrs-list.schema.json", schema::<list::ListFile>),
    ],
    procedures: procedures::PROCEDURES,
    duels: procedures::DUELS,
    duel_choices: procedures::DUEL_CHOICES,
    player_sheets: Some(PlayerSheets::UNITS),
};

/// The built-in templates of `templates/hm-qrs/`.
pub const TEMPLATES: Builtin = builtin_templates!("hm-qrs": "card", "card-back", "qrs", "roster", "roster.md", "roster.html", "roster.txt");

crate::rulesets::loader::loader!(data::load, |ruleset, db| engine::HmEngine { ruleset, db });
