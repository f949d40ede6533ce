//! The data model of the horse-and-musket quick-reference sheet
//! (`horse-and-musket-quick-reference.fr.txt`, cited "HM"): its tables and unit types
//! (orders of battle: `list.rs`). Plain serde types without I/O.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::core::i18n::{FrEn, Lang};
pub use crate::core::rule::Reading;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Arm {
    Infantry,
    Cavalry,
    Artillery,
}

impl Arm {
    pub const ALL: [Arm; 3] = [Arm::Infantry, Arm::Cavalry, Arm::Artillery];
    pub fn as_str(self) -> &'static str {
        match self {
            Arm::Infantry => "infantry",
            Arm::Cavalry => "cavalry",
            Arm::Artillery => "artillery",
        }
    }
}

/// Shooting or hand-to-hand, the two lines of the break-test table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Combat {
    Fire,
    Melee,
}

/// A break test's outcome (HM, Test de Rupture), with the sheet's French words as ids.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Lache,
    Recule,
    Tient,
}

impl Verdict {
    pub const ALL: [Verdict; 3] = [Verdict::Lache, Verdict::Recule, Verdict::Tient];
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Lache => "lache",
            Verdict::Recule => "recule",
            Verdict::Tient => "tient",
        }
    }
}

/// What a size, formation or situation does to a unit's dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiceOp {
    /// No fire, or no combat.
    None,
    Add(i32),
    Set(u32),
    Times(u32),
    /// N dice a side engaged.
    PerSide(u32),
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    pub name: FrEn,
    pub text: FrEn,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    pub id: String,
    pub value: i32,
    pub name: FrEn,
    /// Applied once per casualty above stamina (break tests).
    #[serde(default)]
    pub per: bool,
    /// The largest value it takes (buildings: 1 to 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to: Option<i32>,
    /// Save modifiers: `true` only against artillery fire, `false` never against it
    /// (« sauf si tir d'artillerie »).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artillery: Option<bool>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommandRules {
    pub per_distance: i32,
    pub distance_inches: u32,
    pub distance_cm: u32,
    pub modifier: Vec<Modifier>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub name: FrEn,
    pub inches: u32,
    pub cm: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveModifier {
    pub name: FrEn,
    pub effect: FrEn,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveRules {
    pub default: u32,
    pub modifier: Vec<Modifier>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ByArm {
    pub infantry: Verdict,
    pub cavalry: Verdict,
    pub artillery: Verdict,
}

impl ByArm {
    pub fn of(&self, arm: Arm) -> Verdict {
        match arm {
            Arm::Infantry => self.infantry,
            Arm::Cavalry => self.cavalry,
            Arm::Artillery => self.artillery,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BreakRow {
    /// The highest result of the row; the last row is open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to: Option<i64>,
    pub name: FrEn,
    pub fire: ByArm,
    pub melee: ByArm,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BreakTest {
    pub dice: u32,
    pub modifier: Vec<Modifier>,
    pub row: Vec<BreakRow>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutcomeRow {
    pub id: Verdict,
    pub name: FrEn,
    pub rule: FrEn,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    pub id: String,
    pub name: FrEn,
    pub combat: Combat,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HitRules {
    pub needs: u32,
    pub modifier: Vec<Modifier>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Range {
    pub id: String,
    pub name: FrEn,
    pub inches: u32,
    pub cm: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiceRow {
    pub id: String,
    pub name: FrEn,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoot: Option<DiceOp>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<DiceOp>,
}

/// `rules.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub phase: Vec<Phase>,
    pub command: CommandRules,
    #[serde(rename = "move")]
    pub moves: Vec<Move>,
    pub move_modifier: Vec<MoveModifier>,
    pub save: SaveRules,
    pub break_test: BreakTest,
    pub outcome: Vec<OutcomeRow>,
    pub condition: Vec<Condition>,
    pub hit: HitRules,
    pub result_modifier: Vec<Modifier>,
    pub shoot_modifier: Vec<Modifier>,
    pub range: Vec<Range>,
    pub size: Vec<DiceRow>,
    pub formation: Vec<DiceRow>,
    pub situation: Vec<DiceRow>,
    #[serde(default)]
    pub reading: Vec<Reading>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// The id lists name it by.
    pub id: String,
    pub name: FrEn,
    pub arm: Arm,
    /// Its formation (rules.toml's formations).
    pub formation: String,
    /// Hand-to-hand dice, before size and formation.
    #[validate(range(min = 0, max = 12))]
    pub hand_to_hand: u32,
    /// Shooting dice, before size and formation (0: it does not shoot).
    #[validate(range(min = 0, max = 12))]
    pub shooting: u32,
    /// The morale save: a d6 at or above it.
    #[validate(range(min = 2, max = 6))]
    pub morale: u32,
    /// Its stamina: each casualty above it is -1 to its break tests.
    #[validate(range(min = 1, max = 12))]
    pub stamina: u32,
    /// Its size (rules.toml's sizes).
    pub size: String,
    /// Its weapon's range (rules.toml's ranges), when it shoots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    /// Its points, when the orders of battle count points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitsFile {
    pub unit: Vec<Unit>,
}
