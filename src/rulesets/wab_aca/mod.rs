//! "Au crépuscule de l'Aigle" v2.02 (ACA), the Napoleonic supplement for Warhammer Ancient
//! Battles (`shared/rulebooks/wab-crepuscule-de-l-aigle.fr.txt`, cited "ACA p.N"): its data
//! model, the loading and checking of its tables and army lists, list costing and rules,
//! views, exact previews and post-battle scoring. Everything that knows ACA is here.

pub mod army;
pub mod battle;
pub mod check;
pub mod data;
pub mod database;
pub mod engine;
pub mod lint;
pub mod list;
pub mod model;
pub mod offers;
pub mod preview;
pub mod priced;
pub mod procedures;
pub mod score;
pub mod sheet_form;
pub mod validate;
pub mod views;

pub use database::Database;

use crate::core::i18n::Lang;
use crate::render::sheet::CardSize;
use crate::render::templates::Builtin;
use crate::rulesets::{schema, Capabilities, ListWords, Meta, PlayerSheets};

/// WAB ACA as the generic commands see it. Its units, with a profile and up to 30 casualty
/// boxes, print on tarot cards.
pub const META: Meta = Meta {
    id: "wab-aca",
    title: "WAB: Au crépuscule de l'Aigle",
    book: "ACA",
    source: "wab-crepuscule-de-l-aigle.fr.txt",
    capabilities: Capabilities {
        scoring: true,
        ..Capabilities::LISTS
    },
    list_words: ListWords {
        id: "entry",
        unit: "entry",
        figures: Some("figures"),
        extras: "options",
        extras_bought: true,
        points: true,
        adds: &["options", "guns"],
        options_hint: "flag, musician, elite=4, heavy-armour",
        unit_keys: &[
            "entry",
            "general",
            "label",
            "figures",
            "flag",
            "musician",
            "elite",
            "heavy_armour",
            "guns",
        ],
    },
    card_size: CardSize::Tarot,
    languages: &[Lang::Fr, Lang::Es, Lang::En],
    templates: &TEMPLATES,
    schemas: &[
        ("wab-aca-army.schema.json", schema::<model::ArmyFile>),
        ("wab-aca-list.schema.json", schema::<list::ListFile>),
        ("wab-aca-battle.schema.json", schema::<score::ScoreFile>),
    ],
    procedures: procedures::PROCEDURES,
    duels: procedures::DUELS,
    duel_choices: procedures::DUEL_CHOICES,
    player_sheets: Some(PlayerSheets {
        folder: "armies",
        table: "entry",
        noun: "entries",
    }),
};

crate::rulesets::loader::loader!(data::load, |ruleset, db| engine::WabEngine::new(
    ruleset, db
));

/// The built-in templates of `templates/wab-aca/` (a user's `--templates DIR` overrides them file
/// by file). `roster.html` is named so that values are escaped for HTML in it.
pub const TEMPLATES: Builtin = builtin_templates!("wab-aca": "card", "card-back", "qrs", "roster", "roster.md", "roster.html", "roster.txt");
