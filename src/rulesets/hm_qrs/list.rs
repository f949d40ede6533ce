//! An hm-qrs order of battle as its TOML file holds it: brigades with their commanders, and
//! the units of each (checking it: `check.rs`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::rulesets::list_shape::list_header! {
    pub struct ListHeader {
        ruleset;
        /// Optional: the points limit, when the units have points.
        #[serde(default)]
        pub points: Option<i64>,
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Brigade {
    pub id: String,
    pub name: String,
    pub commander: String,
    /// The commander's rating: an order passes on 2D6 at or under it.
    pub rating: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListUnit {
    pub unit: String,
    pub brigade: String,
    #[serde(default)]
    pub label: Option<String>,
    /// The unit's size, if not its type's.
    #[serde(default)]
    pub size: Option<String>,
    /// What the unit was priced with (written by muster: `muster list update`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priced: Option<crate::rulesets::priced::Priced>,
}

crate::rulesets::list_shape::list_file! {
    /// An order of battle: brigades with their commanders, and the units of each.
    pub struct ListFile {
        #[serde(default)]
        pub brigade: Vec<Brigade>,
    }
}
