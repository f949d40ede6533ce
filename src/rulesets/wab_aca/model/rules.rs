//! `rules.toml`: the supplement's tables (formations, weapons, qualities, charges, manoeuvres,
//! combat, costs, victory), its readings and muster's house rules.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use validator::Validate;

use super::ids::*;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnStep {
    pub name: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    pub id: String,
    pub arm: Arm,
    pub name: Names,
    #[validate(range(max = 3))]
    pub rank_bonus: u32,
    #[serde(default)]
    #[validate(range(max = 3))]
    pub rank_bonus_light: Option<u32>,
    #[serde(default)]
    #[validate(range(max = 100))]
    pub min_figures: Option<u32>,
    pub fire: Names,
    pub large_target: LargeTarget,
    #[validate(range(min = 1, max = 4))]
    pub march: u32,
    #[serde(default)]
    #[validate(range(min = 1, max = 4))]
    pub road_march: Option<u32>,
    /// A square: its rank bonus is the formation's and it fights with the face charged
    /// (ACA p.3, reading square-face).
    #[serde(default)]
    #[validate(nested)]
    pub square: Option<Square>,
    /// Who strikes beyond the front rank in the turn the unit charges or counter-charges
    /// (ACA p.3 the attack column, p.6 the echelon).
    #[serde(default)]
    #[validate(nested)]
    pub charging: Option<ChargeFighting>,
    /// Who fires a normal fire, without a test, and who a commanded volley (ACA p.4).
    #[serde(default)]
    #[validate(nested)]
    pub shooting: Option<Shooting>,
    /// Its figures stand apart (skirmishers, foragers: up to 2" between them, ACA p.3, p.6):
    /// no frontage to put in contact (reading contact).
    #[serde(default)]
    pub apart: bool,
    pub notes: Names,
}

/// The figures that strike in the turn a formation charges, besides its front rank.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct ChargeFighting {
    /// Figures of each rank behind the front that strike (the attack column's flank figure at
    /// each end: 2).
    #[serde(default)]
    #[validate(range(max = 4))]
    pub flank_per_rank: u32,
    /// Half the figures of the rear ranks strike, rounded up (ACA p.2), impacts included.
    #[serde(default)]
    pub rear_half: bool,
    pub section: String,
    pub quote: String,
}

/// Who fires: a normal fire without a test, and the commanded volley after a passed manoeuvre
/// test.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Shooting {
    /// The ranks the formation stands in when no other depth is given (the line: 2); absent:
    /// its depth must be given (an attack column, an echelon).
    #[serde(default)]
    #[validate(range(min = 1, max = 12))]
    pub depth: Option<u32>,
    /// The ranks that fire a normal fire; 0: every figure (skirmishers).
    #[validate(range(max = 12))]
    pub ranks: u32,
    /// Half the figures fire, rounded up (the extended line).
    #[serde(default)]
    pub half: bool,
    /// The ranks that fire a commanded volley; absent: the formation has none.
    #[serde(default)]
    #[validate(range(min = 1, max = 12))]
    pub volley_ranks: Option<u32>,
    pub section: String,
    pub quote: String,
}

/// How a square stands (ACA p.3: "un carré creux d'un ou deux rangs de profondeur (cela est
/// fonction de leur effectif)"; the solid square, a block).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Square {
    /// The faces the figures share.
    #[validate(range(min = 1, max = 8))]
    pub faces: u32,
    /// A hollow square stands two ranks deep from this many figures, one rank below.
    #[serde(default)]
    #[validate(range(min = 1, max = 200))]
    pub two_ranks_from: Option<u32>,
    /// A solid square: as many figures wide as deep.
    #[serde(default)]
    pub solid: bool,
}

impl Square {
    /// The figures in the front rank of one face (rounded up, ACA p.2).
    pub fn face(&self, figures: u32) -> u32 {
        if self.solid {
            let mut side = 0u32;
            while side.saturating_mul(side) < figures {
                side += 1;
            }
            side
        } else {
            let depth = match self.two_ranks_from {
                Some(n) if figures >= n => 2,
                _ => 1,
            };
            figures.div_ceil(self.faces.max(1) * depth)
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Fire {
    #[validate(range(max = 120))]
    pub range: u32,
    #[validate(range(min = 1, max = 10))]
    pub strength: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub id: String,
    pub name: Names,
    /// 0: a close-combat weapon.
    #[validate(range(max = 120))]
    pub range: u32,
    #[validate(range(min = 1, max = 10))]
    pub strength: u32,
    pub move_and_fire: bool,
    #[serde(default)]
    pub mounted_move_and_fire: Option<bool>,
    /// Range and strength when the unit has not moved (rifles).
    #[serde(default)]
    #[validate(nested)]
    pub stationary: Option<Fire>,
    #[serde(default)]
    #[validate(range(max = 3))]
    pub charge_strength_bonus: u32,
    #[serde(default)]
    pub strikes_first: bool,
    pub notes: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Quality {
    pub id: String,
    pub name: Names,
    /// Failed morale tests re-rolled once a battle.
    #[serde(default)]
    pub rerolls: u32,
    #[serde(default)]
    pub immune_to_lower: bool,
    #[serde(default)]
    pub drilled: bool,
    #[serde(default)]
    pub stubborn: bool,
    pub rules: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManoeuvreModifier {
    pub id: String,
    pub value: i32,
    /// The supplement's asterisks: factors of one group do not add up.
    #[serde(default)]
    pub group: Option<String>,
    pub name: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManoeuvreCondition {
    pub id: String,
    pub group: String,
    pub effect: ConditionEffect,
    /// The only arm the condition is for (the *** exception: "une unité d'infanterie").
    #[serde(default)]
    pub arm: Option<Arm>,
    /// Modifiers and conditions it cannot go with, the rule in `quote` excluding them.
    #[serde(default)]
    pub excludes: Vec<String>,
    /// The sentence of the supplement that sets `arm` and `excludes`.
    #[serde(default)]
    pub quote: Option<String>,
    pub name: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Manoeuvre {
    pub reorder_penalty: i32,
    pub orders_per_unit: u32,
    pub fall_back_infantry: String,
    pub fall_back_cavalry: String,
    pub modifier: Vec<ManoeuvreModifier>,
    #[serde(default)]
    pub condition: Vec<ManoeuvreCondition>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reaction {
    pub id: String,
    pub arm: Arm,
    /// Whether the reaction needs a manoeuvre test.
    pub test: bool,
    /// Only against this arm (the infantry's counter-charge, ACA p.5: "uniquement face à de
    /// l'infanterie").
    #[serde(default)]
    pub only_against: Option<Arm>,
    pub name: Names,
    pub effect: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Combat {
    #[validate(range(max = 5))]
    pub charge_bonus: u32,
    #[validate(range(max = 5))]
    pub push_bonus: u32,
    #[validate(range(max = 5))]
    pub flag_bonus: u32,
    #[validate(range(max = 5))]
    pub outnumber_bonus: u32,
    #[validate(range(max = 5))]
    pub support_bonus: u32,
    #[validate(range(max = 5))]
    pub max_rank_bonus: u32,
    #[validate(range(max = 3))]
    pub bayonet_charge_strength: u32,
    #[validate(range(max = 3))]
    pub sabre_charge_strength: u32,
    #[validate(range(min = -5, max = 0))]
    pub obstacle_to_hit: i32,
    #[validate(range(min = -5, max = 0))]
    pub fortification_to_hit: i32,
    #[validate(range(min = 1, max = 10))]
    pub heavy_impact_ws: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Obstacle {
    pub id: String,
    pub target: u32,
    pub name: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Engineers {
    /// Points per figure over the nation's base fusilier (ACA p.13).
    pub surcharge: u32,
    pub heavy_armour_save: u32,
    pub bonus_per_turn: u32,
    pub gabions_per: u32,
    pub axe_hits: u32,
    pub axe_strength: u32,
    pub obstacle: Vec<Obstacle>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Building {
    pub id: String,
    pub toughness: u32,
    #[serde(default)]
    pub toughness_open: Option<u32>,
    pub wounds: u32,
    pub name: Names,
}

/// Charge distances (ACA p.4, p.6).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct ChargeMove {
    #[validate(range(min = 1, max = 4))]
    pub multiplier: u32,
    #[validate(range(min = 1, max = 4))]
    pub difficult_infantry: u32,
    #[validate(range(min = 1, max = 4))]
    pub difficult_cavalry: u32,
    #[validate(range(max = 12))]
    pub obstacle_infantry: u32,
    #[validate(range(max = 12))]
    pub obstacle_cavalry: u32,
}

/// One result of the d6 for a damage on a building (ACA p.12).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildingDamage {
    pub roll: String,
    pub effect: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cover {
    pub hard: i32,
    pub soft: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Costs {
    #[validate(range(max = 100))]
    pub flag: u32,
    #[validate(range(max = 100))]
    pub musician: u32,
    /// Per elite-company figure.
    #[validate(range(max = 100))]
    pub elite: u32,
    /// Per figure.
    #[validate(range(max = 100))]
    pub heavy_armour: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryBand {
    pub id: String,
    /// The band starts at this difference (at `base_points`).
    pub from: u32,
    pub name: Names,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    #[validate(range(max = 100))]
    pub loss_threshold_percent: u32,
    #[validate(range(max = 10000))]
    pub per_eighth: u32,
    #[validate(range(max = 10000))]
    pub per_flag: u32,
    #[validate(range(max = 10000))]
    pub per_gun: u32,
    #[validate(range(max = 10000))]
    pub per_general: u32,
    #[validate(range(min = 100, max = 100000))]
    pub base_points: u32,
    pub band: Vec<VictoryBand>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Balance {
    #[validate(range(max = 100))]
    pub tolerance_percent: u32,
    #[validate(range(max = 100))]
    pub under_percent: u32,
}

/// One of the three ways to test morale (ACA p.14).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TestKind {
    pub id: String,
    pub name: Names,
    pub rule: Names,
}

/// Smoke (ACA p.14, optional rule).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Smoke {
    pub figures: u32,
    pub skirmishers: u32,
    pub name: Names,
    pub rule: Names,
}

/// Support (ACA p.12).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Support {
    pub distance: u32,
    pub rule: Names,
}

/// A reading of an ambiguous sentence, recorded with its quote (printed on the aide de jeu
/// and in docs/wab-aca.md).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub id: String,
    pub section: String,
    pub quote: String,
    /// A rule muster adds where the book is silent: printed as muster's, never the book's.
    #[serde(default)]
    pub own: bool,
    pub decision: Names,
}

/// A house rule: a rule of muster's own that the book does not give, played only where a list
/// (`house_rules` in `[list]`) or a preview (`--house-rule ID`) turns it on.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HouseRule {
    pub id: String,
    pub section: String,
    /// The book's sentence the rule goes beyond.
    pub quote: String,
    /// Why muster offers it.
    pub reason: Names,
    pub name: Names,
    /// The rule as it is played when turned on.
    pub text: Names,
}

/// The house rules muster's previews know how to play: each must be declared in `rules.toml`.
pub const HOUSE_RULES: &[&str] = &[HOUSE_ELITE_INFANTRY, HOUSE_DOUBLE_SIX];
/// Elite infantry re-rolls its 1s to hit as the cavalry's elite figures do (ACA p.7).
pub const HOUSE_ELITE_INFANTRY: &str = "elite-infantry-rerolls";
/// A test fails on a double 6 whatever its value.
pub const HOUSE_DOUBLE_SIX: &str = "double-six-fails";

/// `rules.toml`: the supplement's tables.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub turn_step: Vec<TurnStep>,
    #[validate(nested)]
    pub formation: Vec<Formation>,
    #[validate(nested)]
    pub weapon: Vec<Weapon>,
    pub quality: Vec<Quality>,
    #[validate(nested)]
    pub charge: ChargeMove,
    pub manoeuvre: Manoeuvre,
    pub test_kind: Vec<TestKind>,
    pub smoke: Smoke,
    pub support: Support,
    pub reaction: Vec<Reaction>,
    #[validate(nested)]
    pub combat: Combat,
    pub engineers: Engineers,
    pub building: Vec<Building>,
    pub building_damage: Vec<BuildingDamage>,
    pub cover: Cover,
    #[validate(nested)]
    pub costs: Costs,
    #[validate(nested)]
    pub victory: Victory,
    #[validate(nested)]
    pub balance: Balance,
    #[serde(default)]
    pub reading: Vec<Reading>,
    /// muster's own rules, off unless turned on.
    #[serde(default)]
    pub house_rule: Vec<HouseRule>,
}
