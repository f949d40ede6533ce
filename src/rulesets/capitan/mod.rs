//! The Capitán ruleset (`shared/rulebooks/capitan.fr.txt`): its data model, the loading and
//! checking of its data, and its rules. Everything that knows Capitán's field names is here.

pub mod army;
pub mod career;
pub mod check;
pub mod data;
pub mod database;
pub mod engine;
pub mod lint;
pub mod list;
pub mod model;
pub mod name;
pub mod offers;
pub mod preview;
pub mod priced;
pub mod procedures;
pub mod roster;
pub mod sheet_form;
pub mod validate;
pub mod views;

pub use database::Database;

use crate::core::i18n::Lang;
use crate::render::sheet::CardSize;
use crate::render::templates::Builtin;
use crate::rulesets::{schema, Capabilities, ListWords, Meta, PlayerSheets};

/// Capitán as the generic commands see it.
pub const META: Meta = Meta {
    id: name::ID,
    title: name::TITLE,
    book: "Capitán",
    source: "capitan.fr.txt",
    capabilities: Capabilities {
        careers: true,
        ..Capabilities::LISTS
    },
    list_words: ListWords {
        id: "sheet",
        unit: "sheet",
        figures: Some("figures"),
        extras: "skills",
        extras_bought: true,
        points: true,
        adds: &["skills", "free-skill"],
        options_hint: "",
        unit_keys: &["sheet", "label", "figures", "skills"],
    },
    card_size: CardSize::Poker,
    languages: &[Lang::Fr, Lang::Es, Lang::En],
    templates: &TEMPLATES,
    schemas: &[
        ("capitan-sheets.schema.json", schema::<model::SheetsFile>),
        ("capitan-list.schema.json", schema::<list::ListFile>),
        ("capitan-career.schema.json", schema::<career::CareerFile>),
    ],
    procedures: procedures::PROCEDURES,
    duels: procedures::DUELS,
    duel_choices: procedures::DUEL_CHOICES,
    player_sheets: Some(PlayerSheets {
        folder: "sheets",
        table: "sheet",
        noun: "sheets",
    }),
};

crate::rulesets::loader::loader!(data::load, |ruleset, db| engine::CapitanEngine::new(
    ruleset, db
));

/// The built-in templates of `templates/capitan/` (a user's `--templates DIR` overrides them file
/// by file). `roster.html` is named so that values are escaped for HTML in it.
pub const TEMPLATES: Builtin = builtin_templates!("capitan": "card", "card-back", "qrs", "roster", "roster.md", "roster.html", "roster.txt");
