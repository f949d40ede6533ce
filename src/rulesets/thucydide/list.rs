//! A Thucydide army as its TOML file holds it: its units, each a troop type of the data with
//! its elements and character (checking it: `check.rs`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::model::Character;

crate::rulesets::list_shape::list_header! {
    pub struct ListHeader {
        ruleset;
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListUnit {
    /// A troop type of `units.toml`.
    pub unit: String,
    #[serde(default)]
    pub label: Option<String>,
    /// Its elements (default: the type's).
    #[serde(default)]
    pub elements: Option<i64>,
    /// A character with it.
    #[serde(default)]
    pub character: Option<Character>,
    /// What the unit was priced with (written by muster: `muster list update`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priced: Option<crate::rulesets::priced::Priced>,
}

crate::rulesets::list_shape::list_file! {
    /// A Thucydide army: its units, no points.
    pub struct ListFile {}
}
