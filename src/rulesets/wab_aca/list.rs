//! A WAB ACA army list as written by the user (`lists/*.toml`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::rulesets::list_shape::list_header! {
    pub struct ListHeader {
        /// Always `wab-aca` for these lists.
        ruleset;
        /// An army of the data (`muster sheets --ruleset wab-aca` lists their entries).
        pub army: String,
        /// The points limit.
        pub points: i64,
        /// The batteries are grouped into a grand battery (ACA p.8).
        #[serde(default)]
        pub grand_battery: bool,
        #[serde(default)]
        pub description: Option<String>,
        /// muster's house rules this list is played with (ids of `[[house_rule]]` in rules.toml);
        /// none: the book's rules.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub house_rules: Vec<String>,
    }
}

/// One unit: an entry of the army (`entry`), or a general by rank or role (`general`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListUnit {
    #[serde(default)]
    pub entry: Option<String>,
    /// `corps`, `division`, `brigade` (the commander-in-chief), `brigadier` or `adc`.
    #[serde(default)]
    pub general: Option<String>,
    #[serde(default)]
    pub label: Option<String>,
    /// Rank and file (the free officer comes on top, ACA p.5); a battery's crew.
    #[serde(default)]
    pub figures: Option<i64>,
    #[serde(default)]
    pub flag: bool,
    #[serde(default)]
    pub musician: bool,
    /// Elite-company figures among `figures`, +5 pts each.
    #[serde(default)]
    pub elite: i64,
    /// Pioneers' heavy armour, +2 pts a figure (ACA p.13).
    #[serde(default)]
    pub heavy_armour: bool,
    /// A battery's guns.
    #[serde(default)]
    pub guns: Option<i64>,
    /// What the unit was priced with (written by muster: `muster list update`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priced: Option<crate::rulesets::priced::Priced>,
}

crate::rulesets::list_shape::list_file! {
    pub struct ListFile {}
}
