//! The data model of "Thucidide"'s combat (`thucydide-combat.fr.txt`, cited "TH"): the die's
//! faces, the armour colours they hit, the tactical-advantage table, troop types and traits,
//! and the rules around them. Plain serde types without I/O.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::core::i18n::{FrEn, Lang};
pub use crate::core::rule::Reading;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Face {
    pub id: String,
    pub name: FrEn,
    pub effect: FrEn,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DieFile {
    pub face: Vec<Face>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    pub id: String,
    pub name: FrEn,
    /// `#RRGGBB`, the band of its cards.
    pub colour: String,
    /// The faces that hit it (the tactical advantage is the table's: a very light defender's
    /// is a hit by an override of `advantage.toml`, unless a miss is compulsory).
    pub hits: Vec<String>,
    /// Each hit is confirmed by a second die showing one of `confirm_faces`.
    #[serde(default)]
    pub confirm: bool,
    #[serde(default)]
    pub confirm_faces: Vec<String>,
    /// The colour it counts as when armour is inverted.
    pub inverted: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmourFile {
    pub armour: Vec<Armour>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TroopType {
    pub id: String,
    pub name: FrEn,
    /// Hexes a morale hit makes it fall back (TH, Repli).
    pub retreat: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    pub id: String,
    pub name: FrEn,
    /// Derived from the units rather than given: `defender-armour:yellow`,
    /// `attacker-type:elephant`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
}

/// What a tactical advantage becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Hit,
    Morale,
    Miss,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Hit => "hit",
            Outcome::Morale => "morale",
            Outcome::Miss => "miss",
        }
    }
}

/// Alternatives (any) of conditions (all); a condition `not-X` holds when X does not.
pub type When = Vec<Vec<String>>;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Override {
    pub result: Outcome,
    pub when: When,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    pub attacker: String,
    pub defender: String,
    #[serde(default)]
    pub hit: When,
    #[serde(default)]
    pub morale: When,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AdvantageFile {
    #[serde(rename = "type")]
    pub types: Vec<TroopType>,
    pub condition: Vec<Condition>,
    #[serde(rename = "override")]
    pub overrides: Vec<Override>,
    pub cell: Vec<Cell>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub text: FrEn,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    pub cancels: u32,
    pub rule: FrEn,
    pub section: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleText {
    pub rule: FrEn,
    pub section: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Follow {
    pub troops: FrEn,
    pub must: FrEn,
    pub may: FrEn,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    pub id: String,
    pub name: FrEn,
    pub rule: FrEn,
}

/// Troop types that may pursue after a follow-up (TH, Poursuite).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pursuit {
    pub types: Vec<String>,
    pub rule: FrEn,
    pub section: String,
}

/// A panicking elephant's flight (TH, Éléphant en panique): dice rolled each turn, and the
/// faces that count as a hex of flight.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Panic {
    pub dice: u32,
    pub faces: Vec<String>,
    pub rule: FrEn,
    pub section: String,
}

/// A state in which a unit may not fight (TH, Rappel des interdictions).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ban {
    pub id: String,
    pub name: FrEn,
    pub rule: FrEn,
    pub section: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub step: Vec<Step>,
    pub leader: Leader,
    /// A supported defender cancels morale hits (the example of TH, Repli).
    pub support: Leader,
    pub retreat: RuleText,
    pub follow: Vec<Follow>,
    pub riposte: RuleText,
    pub pursuit: Pursuit,
    pub panic: Panic,
    pub ban: Vec<Ban>,
    pub effect: Vec<Effect>,
    #[serde(default)]
    pub reading: Vec<Reading>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// The id lists name it by.
    pub id: String,
    pub name: FrEn,
    /// Its troop type (advantage.toml's types).
    #[serde(rename = "type")]
    pub kind: String,
    /// Its armour colour (armour.toml).
    pub armour: String,
    /// Shooting dice, at its range (0: it does not shoot).
    #[validate(range(min = 0, max = 10))]
    pub fire: u32,
    /// Hexes it shoots at, when it has a fire factor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(range(min = 2, max = 20))]
    pub range: Option<u32>,
    /// Dice attacking in melee.
    #[validate(range(min = 0, max = 10))]
    pub assault: u32,
    /// Dice riposting in melee.
    #[validate(range(min = 0, max = 10))]
    pub melee: u32,
    /// Its elements (bases): lists may field fewer.
    #[validate(range(min = 1, max = 12))]
    pub elements: u32,
    /// Its traits (units.toml's traits).
    #[serde(default)]
    pub traits: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Trait {
    pub id: String,
    pub name: FrEn,
    pub rule: FrEn,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitsFile {
    #[serde(default)]
    pub unit: Vec<Unit>,
    /// A later data layer's units.toml may hold troop types only.
    #[serde(default, rename = "trait")]
    pub traits: Vec<Trait>,
}

// ── lists ───────────────────────────────────────────────────────────────────────────────────

/// A character with a unit (TH, Personnages sur le champ de bataille).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Character {
    /// The general-in-chief.
    General,
    SubGeneral,
    /// A senior officer.
    Officer,
}

impl Character {
    pub fn as_str(self) -> &'static str {
        match self {
            Character::General => "general",
            Character::SubGeneral => "sub-general",
            Character::Officer => "officer",
        }
    }
}
