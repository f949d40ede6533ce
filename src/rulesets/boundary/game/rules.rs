//! What a ruleset declares for its games (`unit-sheets/<id>/game.toml`, [`GameRules`]): the
//! states a unit can be in, with their rules and what they do to the previews, the values a
//! side holds, the states a unit comes into by its losses, where losses go in a preview
//! (their check against the ruleset's procedures is the registry's, which loads them).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::core::i18n::Lang;

/// A ruleset's game rules: `unit-sheets/<id>/game.toml`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameRules {
    /// The states a unit can be in, in the order they are shown.
    #[serde(default)]
    pub state: Vec<StateDecl>,
    /// Values a side holds at the end (eighths of the table held, flags taken).
    #[serde(default)]
    pub value: Vec<ValueDecl>,
    /// Where a unit's losses go in a preview when its count does not carry them (a
    /// casualties-before parameter): each procedure and unit parameter with its own.
    #[serde(default)]
    pub lost_param: Vec<LostParam>,
    /// Whether the ruleset scores a game by its own victory rules (`muster game score`);
    /// otherwise the losses of each side are printed.
    #[serde(default)]
    pub victory: Option<Words>,
    /// States a unit comes into by its losses alone (shown, never marked): shaken when its
    /// casualties reach its stamina.
    #[serde(default)]
    pub threshold: Vec<ThresholdDecl>,
}

/// A state a unit is in once its losses reach one of its values.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ThresholdDecl {
    pub id: String,
    pub name: Words,
    pub rule: String,
    /// The unit's value its losses reach, as the ruleset's engine names it (`stamina`).
    pub value: String,
}

/// A threshold of a unit: the losses it comes at, and whether they are reached.
#[derive(Debug, Clone, Serialize)]
pub struct Reached<'a> {
    pub id: &'a str,
    pub at: u32,
    pub reached: bool,
}

/// Words in the languages of the pages (Spanish when the ruleset has it).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Words {
    pub fr: String,
    pub en: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub es: Option<String>,
}

impl Words {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
            Lang::Es => self.es.as_deref().unwrap_or(&self.fr),
        }
    }
}

/// A state a unit can be in.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StateDecl {
    pub id: String,
    pub name: Words,
    /// The rule that gives it: "§6.6", "ACA p.14".
    pub rule: String,
    /// Cleared when the turn ends (an activation marker).
    #[serde(default)]
    pub ends_with_turn: bool,
    /// Previews it bars the unit from, as the unit of a procedure's parameter.
    #[serde(default)]
    pub forbids: Vec<Use>,
    /// Why, in a sentence (the refusal says it with the rule).
    #[serde(default)]
    pub why: Option<Words>,
    /// Parameters it sets when the unit plays a procedure (a flag, or a value).
    #[serde(default)]
    pub sets: Vec<Sets>,
    /// The unit cannot use what it bought (skills) while in this state.
    #[serde(default)]
    pub drops_extras: bool,
}

/// A procedure and the unit parameter a unit fills in it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Use {
    pub procedure: String,
    pub unit: String,
}

/// A parameter a state sets.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sets {
    pub procedure: String,
    pub unit: String,
    pub param: String,
    /// The value (none: a flag).
    #[serde(default)]
    pub value: Option<String>,
}

/// A value a side holds, from 0 to `max`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValueDecl {
    pub id: String,
    pub name: Words,
    pub rule: String,
    pub max: u32,
}

/// Where a unit's losses go in a procedure.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LostParam {
    pub procedure: String,
    pub unit: String,
    pub param: String,
}

impl GameRules {
    pub fn state(&self, id: &str) -> Option<&StateDecl> {
        self.state.iter().find(|s| s.id == id)
    }
}

/// A state (or threshold) by its names, English saying its id (what `--state` takes).
pub(super) fn state_name(rules: &GameRules, id: &str) -> crate::core::words::Named {
    let words = rules
        .state
        .iter()
        .find(|s| s.id == id)
        .map(|s| &s.name)
        .or_else(|| rules.threshold.iter().find(|t| t.id == id).map(|t| &t.name));
    match words {
        Some(w) => crate::core::words::Named::new(id, Some(w.fr.clone()), w.es.clone()),
        None => crate::core::words::Named::same(id),
    }
}
