//! The optional infantry fire-capability table (`shared/rulebooks/infantry-fire-capability.fr.txt`,
//! cited "FC"): what each class of infantry does in each situation, the firearms' scores by
//! range, and exact volleys. A table, not an army game: no units, lists or cards.

pub mod data;
pub mod database;
pub mod engine;
pub mod model;
pub mod preview;
pub mod procedures;
pub mod views;

use crate::core::i18n::Lang;
use crate::render::sheet::CardSize;
use crate::render::templates::Builtin;
use crate::rulesets::{schema, Capabilities, ListWords, Meta};

/// The fire table as the generic commands see it: a table and its quick-reference sheet.
pub const META: Meta = Meta {
    id: "fire-classes",
    title: "Infantry fire capability",
    book: "FC",
    source: "infantry-fire-capability.fr.txt",
    capabilities: Capabilities::DATA,
    list_words: ListWords {
        id: "class",
        unit: "class",
        figures: Some("figures"),
        extras: "effects",
        extras_bought: false,
        points: false,
        adds: &[],
        options_hint: "",
        unit_keys: &[],
    },
    card_size: CardSize::Poker,
    languages: &[Lang::Fr, Lang::En],
    templates: &TEMPLATES,
    schemas: &[
        (
            "fire-classes-classes.schema.json",
            schema::<model::ClassesFile>,
        ),
        (
            "fire-classes-weapons.schema.json",
            schema::<model::WeaponsFile>,
        ),
    ],
    procedures: procedures::PROCEDURES,
    duels: procedures::DUELS,
    duel_choices: procedures::DUEL_CHOICES,
    player_sheets: None,
};

crate::rulesets::loader::loader!(data::load, |ruleset, db| engine::FireEngine { db });

/// The quick-reference sheet of `templates/fire-classes/`.
pub const TEMPLATES: Builtin = builtin_templates!("fire-classes": "qrs");
