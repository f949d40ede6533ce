//! `special.toml`: the special rules an army entry may name, one line each as a card prints it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ids::Names;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Special {
    pub id: String,
    pub section: String,
    pub name: Names,
    /// One line, as a card prints it.
    pub rule: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialFile {
    pub special: Vec<Special>,
}
