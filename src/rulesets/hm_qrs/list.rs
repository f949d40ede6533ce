//! An hm-qrs order of battle as its TOML file holds it: brigades with their commanders, and
//! the units of each (checking it: `check.rs`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListHeader {
    pub name: String,
    pub ruleset: String,
    /// The language its documents print in (`fr`, `es`, `en`, those its ruleset offers);
    /// default: the ruleset's first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<crate::core::i18n::Lang>,
    /// Optional: the points limit, when the units have points.
    #[serde(default)]
    pub points: Option<i64>,
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

/// An order of battle: brigades with their commanders, and the units of each.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListFile {
    pub list: ListHeader,
    #[serde(default)]
    pub brigade: Vec<Brigade>,
    #[serde(default)]
    pub units: Vec<ListUnit>,
}

impl crate::rulesets::list_doc::ListDoc for ListFile {
    fn unit_count(&self) -> usize {
        self.units.len()
    }
}
