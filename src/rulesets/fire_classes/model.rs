//! The data model of the infantry fire-capability table (`infantry-fire-capability.fr.txt`,
//! cited "FC"): classes and what they do in each situation, weapons and their scores by
//! range, the effects and readings. Plain serde types without I/O.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::core::i18n::{FrEn, Lang};
pub use crate::core::rule::Reading;

/// What a situation does to a fire (FC, table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    Normal,
    /// +1 to one die after the roll.
    Elite,
    /// Several 6s make no 7.
    Disorder,
    /// -1 to every die.
    Minus,
}

/// The other choice a cell leaves the player: one shooter alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    SingleElite,
    SingleNormal,
}

impl Choice {
    pub fn as_str(self) -> &'static str {
        match self {
            Choice::SingleElite => "single-elite",
            Choice::SingleNormal => "single-normal",
        }
    }
}

/// One cell of the table.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    pub effects: Vec<Effect>,
    #[serde(default, rename = "or", skip_serializing_if = "Option::is_none")]
    pub or: Option<Choice>,
    /// The effects when the firers are themselves skirmishers (against skirmishers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skirmishing: Option<Vec<Effect>>,
    #[serde(default)]
    pub impossible: bool,
    pub text: FrEn,
}

/// The "no officer within earshot" column.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoOfficer {
    pub no_volley: bool,
    pub adds: Vec<Effect>,
    pub text: FrEn,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Class {
    pub id: String,
    /// The class (2 to 4); elite light infantry is "3 or 4".
    pub class: Vec<u32>,
    pub name: FrEn,
    pub volley: Cell,
    pub loose: Cell,
    pub skirmish: Cell,
    pub vs_skirmishers: Cell,
    pub no_officer: NoOfficer,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassesFile {
    pub class: Vec<Class>,
}

/// A range band of a weapon, in cm.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Band {
    pub from: u32,
    pub to: u32,
    /// The result to reach.
    pub needs: u32,
    /// Added to the result against a cuirass (-1 at long range).
    #[serde(default)]
    pub cuirass: i32,
    /// The book prints the score in brackets ("(8)").
    #[serde(default)]
    pub bracketed: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub id: String,
    pub name: FrEn,
    pub fires: FrEn,
    pub reload: FrEn,
    /// The row for class-2 shooters: their -1 is in its scores.
    #[serde(default)]
    pub class2: bool,
    /// Added to the result when firing on the move; absent: only stationary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moving: Option<i32>,
    pub bands: Vec<Band>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponsFile {
    pub weapon: Vec<Weapon>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectRow {
    pub id: String,
    pub name: FrEn,
    pub rule: FrEn,
    pub section: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Situation {
    pub id: String,
    pub name: FrEn,
    /// The heading the book puts over several columns ("tir contre un groupe").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<FrEn>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleTest {
    pub rule: FrEn,
    pub section: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub effect: Vec<EffectRow>,
    pub situation: Vec<Situation>,
    pub morale_test: MoraleTest,
    #[serde(default)]
    pub reading: Vec<Reading>,
}
