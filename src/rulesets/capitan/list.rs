//! The army-list file format (`lists/*.toml`), a contract other tools write to.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::model::Coalition;

crate::rulesets::list_shape::list_file! {
    /// A whole list file.
    pub struct ListFile {}
}

crate::rulesets::list_shape::list_header! {
    /// `[list]`: what the army is and what it may spend.
    pub struct ListHeader {
        /// The rule system; "capitan".
        ruleset;
        pub coalition: Coalition,
        /// A campaign id of the database.
        pub campaign: String,
        /// The points limit (§9.1).
        pub points: u32,
        /// The player's rank, §10.1 (campaign play).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub rank: Option<String>,
        /// The player's career (§10), from the list's folder: `careers/NAME.toml`. The rank is
        /// then the career's (a `rank` above it is refused).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub career: Option<String>,
        /// §10.1: one skill given free to one unit (1-based index into `units`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub free_skill: Option<FreeSkill>,
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FreeSkill {
    /// 1-based index of the unit in `[[units]]`.
    pub unit: usize,
    pub skill: String,
}

/// `[[units]]`: one unit of the army.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListUnit {
    /// Sheet id.
    pub sheet: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Troops: 4–12; command: the sheet's N°F (may be omitted); artillery: the crew. Read as
    /// any integer, so that a wrong count is reported against the rules (§1), not the type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figures: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<String>,
    /// What the unit was priced with (written by muster: `muster list update`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priced: Option<crate::rulesets::priced::Priced>,
}
