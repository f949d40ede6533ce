//! The data model of "Au crépuscule de l'Aigle" (ACA): the supplement's tables
//! (`rules.toml`, `artillery.toml`, `special.toml`), the WAB core tables it assumes
//! (`core.toml`) and the army lists (`armies/*.toml`), as plain serde types without I/O.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use validator::Validate;

pub use crate::core::i18n::Lang;

/// A label in the three languages the supplement's cards, rosters and aide de jeu are printed
/// in: each is required, so the data check refuses a name a language lacks.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Names {
    pub fr: String,
    pub es: String,
    pub en: String,
}

impl Names {
    /// The name in each language muster prints the ruleset in.
    pub fn by_lang(&self) -> crate::core::names::Names {
        crate::core::names::Names::new([
            (Lang::Fr, self.fr.clone()),
            (Lang::Es, self.es.clone()),
            (Lang::En, self.en.clone()),
        ])
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::Es => &self.es,
            Lang::En => &self.en,
        }
    }
}

macro_rules! id_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $id:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
        pub enum $name { $(#[serde(rename = $id)] $variant),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $id),+ }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

id_enum!(
    /// What an army entry is.
    Kind { General = "general", Infantry = "infantry", Cavalry = "cavalry", Battery = "battery" }
);
id_enum!(
    /// A general's place in the chain of command (ACA p.2).
    Role { Commander = "commander", Brigadier = "brigadier", Adc = "adc" }
);
id_enum!(
    /// The commander-in-chief's rank (ACA p.2).
    GeneralRank { Brigade = "brigade", Division = "division", Corps = "corps" }
);
id_enum!(
    /// Infantry and cavalry classes (ACA p.3, p.6, p.13).
    Class {
        LineInfantry = "line-infantry",
        LightInfantry = "light-infantry",
        Engineers = "engineers",
        LightCavalry = "light-cavalry",
        LineCavalry = "line-cavalry",
        HeavyCavalry = "heavy-cavalry",
    }
);
id_enum!(
    /// What a unit may buy (ACA p.5, p.7, p.13).
    UnitOption { Flag = "flag", Musician = "musician", Elite = "elite", HeavyArmour = "heavy-armour" }
);
id_enum!(
    /// Which arm a formation or a charge reaction is for.
    Arm { Infantry = "infantry", Cavalry = "cavalry" }
);
id_enum!(
    /// Whether a formation is a large target (ACA p.3).
    LargeTarget { Yes = "yes", Artillery = "artillery", No = "no" }
);
id_enum!(
    /// Where an army list comes from.
    ArmySource { Illustrative = "illustrative", Booklet = "booklet" }
);
id_enum!(
    /// What a manoeuvre condition does to its group of modifiers (ACA p.11, "***").
    ConditionEffect { Double = "double", Cancel = "cancel" }
);

impl Class {
    pub fn arm(self) -> Arm {
        match self {
            Class::LineInfantry | Class::LightInfantry | Class::Engineers => Arm::Infantry,
            Class::LightCavalry | Class::LineCavalry | Class::HeavyCavalry => Arm::Cavalry,
        }
    }
}

// ── rules.toml ──────────────────────────────────────────────────────────────────────────────

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

// ── core.toml ───────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToHitRow {
    pub bs: u32,
    pub needs: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BeyondSix {
    /// The second die a needed 7 takes, and so on.
    #[serde(rename = "7")]
    pub seven: u32,
    #[serde(rename = "8")]
    pub eight: u32,
    #[serde(rename = "9")]
    pub nine: u32,
    pub impossible_from: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToHitMelee {
    pub higher: u32,
    pub otherwise: u32,
    pub double: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToWoundRow {
    pub difference: i32,
    pub needs: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveRule {
    pub free_strength: u32,
    pub per_point: u32,
    pub impossible_from: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TestRule {
    pub dice: u32,
}

/// `core.toml`: the WAB core tables the supplement assumes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Core {
    pub source: String,
    pub to_hit_shooting: Vec<ToHitRow>,
    pub beyond_six: BeyondSix,
    pub to_hit_melee: ToHitMelee,
    pub to_wound: Vec<ToWoundRow>,
    pub save: SaveRule,
    pub test: TestRule,
    pub flank: Flank,
    pub shooting: ShootingRule,
    pub contact: Contact,
}

/// Who is in contact from the front (reading contact): the width a figure takes in its rank
/// (WAB core's bases; the supplement leaves them to WAB) and whether figures touching the
/// enemy's frontage at a corner only fight.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    /// Millimetres a foot figure takes in its rank.
    #[validate(range(min = 1, max = 200))]
    pub infantry: u32,
    /// Millimetres a mounted figure takes in its rank.
    #[validate(range(min = 1, max = 200))]
    pub cavalry: u32,
    /// A figure whose base touches the enemy's frontage at a corner only is in contact.
    pub corners: bool,
}

impl Contact {
    /// The figures of a front rank of `front` figures, `base` mm each, that another frontage
    /// of `other` mm, centred on it, meets: along a length, or also at a corner with
    /// `corners`. Exact in whole millimetres (the centring is counted in half millimetres).
    pub fn in_contact(&self, front: u32, base: u32, other: u32) -> u32 {
        let width = u64::from(front) * u64::from(base);
        if u64::from(other) >= width {
            return front;
        }
        // Centred: the other frontage from width − other to width + other, in half
        // millimetres.
        self.met_from(front, base, other, width - u64::from(other))
    }

    /// The most figures of a front rank of `front` figures, `base` mm each, that another
    /// frontage of `other` mm can meet, placed along it where it meets the most (a charge
    /// brings as many figures as it can into contact, reading contact).
    pub fn most_in_contact(&self, front: u32, base: u32, other: u32) -> u32 {
        let width = u64::from(front) * u64::from(base);
        let other_mm = u64::from(other);
        if other_mm >= width {
            return front;
        }
        if other == 0 {
            return 0;
        }
        // The count repeats with each base: one base's worth of placements, in half
        // millimetres, within the front.
        let last = 2 * (width - other_mm);
        (0..=last.min(2 * u64::from(base)))
            .map(|from| self.met_from(front, base, other, from))
            .max()
            .unwrap_or(0)
    }

    /// The figures met by a frontage of `other` mm starting `from` half millimetres along
    /// this front rank.
    fn met_from(&self, front: u32, base: u32, other: u32, from: u64) -> u32 {
        let to = from + 2 * u64::from(other);
        let base = 2 * u64::from(base);
        (0..u64::from(front))
            .filter(|&i| {
                let (left, right) = (i * base, (i + 1) * base);
                if self.corners {
                    left <= to && right >= from
                } else {
                    left < to && right > from
                }
            })
            .count() as u32
    }
}

/// Modifiers to hit when shooting that WAB core gives and the supplement assumes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShootingRule {
    /// Added to the roll to hit a unit in skirmish order (or one that counts as such under
    /// fire: the extended line, ACA p.3).
    pub at_skirmishers: i32,
}

/// Attacking a flank or the rear (reading flank-rear: the supplement names "le malus de prise
/// de flanc ou de dos", ACA p.12, and leaves its numbers to WAB).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Flank {
    /// Added to the result of a unit attacking a flank.
    #[validate(range(max = 5))]
    pub flank_bonus: u32,
    /// Added to the result of a unit attacking the rear.
    #[validate(range(max = 5))]
    pub rear_bonus: u32,
    /// An attacker of at least this many figures in a flank or the rear cancels the rank bonus.
    #[validate(range(min = 1, max = 100))]
    pub cancels_ranks_from: u32,
}

// ── artillery.toml ──────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    pub toughness: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Limber {
    pub toughness: u32,
    pub wounds: u32,
    pub move_foot: u32,
    pub move_horse: u32,
    pub road_foot: u32,
    pub road_horse: u32,
    pub fall_back_foot: String,
    pub fall_back_horse: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Caisson {
    pub toughness: u32,
    pub wounds: u32,
    #[serde(rename = "move")]
    pub movement: u32,
    pub explosion_radius: String,
    pub explosion_strength: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Misfire {
    /// The faces of the artillery die besides the misfire.
    pub artillery_die: Vec<u32>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GrandBattery {
    pub min_points: u32,
    pub hits_per_battery: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ammunition {
    pub roundshot: u32,
    pub canister: u32,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundShot {
    pub strength: u32,
    pub estimate: u32,
    pub large_target_hits: u32,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Canister {
    pub estimate: u32,
    pub strength: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Howitzer {
    pub range: u32,
    pub strength: u32,
    pub centre: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BatteryType {
    pub id: String,
    pub name: Names,
    /// The gunners a piece needs; also its wounds (ACA p.9, N.B.).
    pub crew: u32,
    #[serde(default)]
    pub heavy: bool,
    #[serde(default)]
    pub roundshot: Option<RoundShot>,
    #[serde(default)]
    pub canister: Option<Canister>,
    #[serde(default)]
    pub howitzer: Option<Howitzer>,
    pub prolonge: u32,
    pub reorient: Names,
}

/// Hits on a battery (ACA p.8): 1 to `pieces` on a d6 hit a piece, the rest the gunners.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct BatteryHits {
    #[validate(range(min = 0, max = 6))]
    pub pieces: u32,
    #[validate(range(max = 100))]
    pub kaboum_gunners_percent: u32,
}

/// The artillery duel (ACA p.8).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryDuel {
    pub test_modifier: i32,
}

/// Artillery, terrain and obstacles (ACA p.10).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    /// Canister behind a wall, a hedge or in a wood: one covered figure in this many is hit.
    #[validate(range(min = 1, max = 6))]
    pub sheltered: u32,
    /// A unit crossed before the bounce: hits divided by this, rounded down.
    #[validate(range(min = 1, max = 6))]
    pub before_bounce: u32,
    pub wall_heavy: i32,
    pub wall_light: i32,
    #[validate(range(min = 1, max = 7))]
    pub wall_bursts_from: u32,
}

/// The half template of canister (ACA p.9: WAB's blast template cut in two along its diameter;
/// reading gun-path).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Millimetres across the half template, its diameter: the width it covers as it moves
    /// straight at the target's front.
    #[validate(range(min = 1, max = 500))]
    pub width_mm: u32,
    /// Where the width comes from, as the preview says it.
    pub source: String,
}

/// Captured guns (ACA p.10).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Captured {
    #[validate(range(min = 1, max = 6))]
    pub losses_divisor: u32,
}

/// `artillery.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Artillery {
    pub piece: Piece,
    pub limber: Limber,
    pub caisson: Caisson,
    pub misfire: Misfire,
    pub grand_battery: GrandBattery,
    pub ammunition: Ammunition,
    pub battery_hits: BatteryHits,
    pub duel: ArtilleryDuel,
    pub terrain: Terrain,
    pub template: Template,
    pub captured: Captured,
    pub battery: Vec<BatteryType>,
}

// ── special.toml ────────────────────────────────────────────────────────────────────────────

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

// ── armies/*.toml ───────────────────────────────────────────────────────────────────────────

/// The most figures an entry may allow: a large WAB battalion is about 36.
pub const MAX_FIGURES: u32 = 200;

/// WAB characteristics (ACA p.1: "Il faut posséder le livret WAB").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    #[validate(range(max = 10))]
    pub m: u32,
    #[validate(range(max = 10))]
    pub ws: u32,
    #[validate(range(max = 10))]
    pub bs: u32,
    #[validate(range(min = 1, max = 10))]
    pub s: u32,
    #[validate(range(min = 1, max = 10))]
    pub t: u32,
    #[validate(range(min = 1, max = 10))]
    pub w: u32,
    #[validate(range(max = 10))]
    pub i: u32,
    #[validate(range(min = 1, max = 10))]
    pub a: u32,
    #[validate(range(min = 2, max = 10))]
    pub ld: u32,
    /// The armour save (2+ to 6+); none when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(range(min = 2, max = 6))]
    pub sv: Option<u32>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Span {
    #[validate(range(min = 1, max = 200))]
    pub min: u32,
    #[validate(range(min = 1, max = 200))]
    pub max: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The band covers lists up to this many points; the last band may be open.
    #[serde(default)]
    pub up_to: Option<u32>,
    pub batteries: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmyArtillery {
    /// Whether the army may group batteries (ACA p.8, "gross' batterie").
    pub grand_battery: bool,
    pub bands: Vec<Band>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct ArmyHeader {
    pub id: String,
    pub name: Names,
    pub nation: Names,
    pub period: String,
    pub source: ArmySource,
    /// The band of colour on its cards: 1 to 3 `#RRGGBB`.
    #[validate(length(min = 1, max = 3))]
    pub colours: Vec<String>,
    #[serde(default)]
    pub vertical: bool,
    /// Aides-de-camp the commander-in-chief may have (ACA p.2).
    #[validate(range(max = 20))]
    pub adcs: u32,
    pub artillery: ArmyArtillery,
}

/// One entry of an army list: a unit type the army may field.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub id: String,
    pub name: Names,
    /// The army the entry belongs to: left out in an army's file (its header says it); in a
    /// file of one's own entries, the army each joins.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub army: String,
    pub kind: Kind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Role>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<GeneralRank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<Class>,
    /// Engineers: the fusilier entry they are costed from (ACA p.13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// Batteries: the type of piece (artillery.toml).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battery: Option<String>,
    #[serde(default)]
    pub horse: bool,
    pub quality: String,
    #[validate(nested)]
    pub profile: Profile,
    /// Points per figure (a general: his cost).
    #[validate(range(max = 1000))]
    pub cost: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(range(max = 1000))]
    pub gun_cost: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(nested)]
    pub guns: Option<Span>,
    #[validate(nested)]
    pub figures: Span,
    #[serde(default)]
    pub options: Vec<UnitOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_elite: Option<u32>,
    pub weapon: String,
    /// The firearm a unit armed for close combat shoots with: light cavalry and dragoons'
    /// carbines (ACA p.6–7, p.13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub firearm: Option<String>,
    #[serde(default)]
    pub formations: Vec<String>,
    #[serde(default)]
    pub special: Vec<String>,
    /// The most units of this entry in one army.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(range(min = 1, max = 100))]
    pub max_units: Option<u32>,
}

impl Entry {
    /// Infantry or cavalry; a battery or a general is neither.
    pub fn arm(&self) -> Option<Arm> {
        match self.kind {
            Kind::Infantry => Some(Arm::Infantry),
            Kind::Cavalry => Some(Arm::Cavalry),
            Kind::Battery | Kind::General => None,
        }
    }

    pub fn offers(&self, option: UnitOption) -> bool {
        self.options.contains(&option)
    }

    /// The figures a unit of this entry counts in play, its card's casualty boxes: rank and
    /// file with the free officer on top (ACA p.5), a battery's gunners, a general's wounds.
    /// One count for the card, the game and the score.
    pub fn casualty_boxes(&self, figures: Option<i64>) -> u32 {
        let figures = u32::try_from(figures.unwrap_or(i64::from(self.figures.max)).max(0))
            .unwrap_or(u32::MAX);
        match self.kind {
            Kind::General => self.profile.w,
            Kind::Battery => figures,
            _ => figures.saturating_add(1),
        }
    }
}

/// `armies/<id>.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmyFile {
    pub army: ArmyHeader,
    pub entry: Vec<Entry>,
}

#[cfg(test)]
mod tests {
    use super::Contact;

    /// WAB's bases, as core.toml gives them.
    fn rule(corners: bool) -> Contact {
        Contact {
            infantry: 20,
            cavalry: 25,
            corners,
        }
    }

    /// A charge placed to meet the most (reading contact): a frontage of a whole number of
    /// bases meets one more, half a base over at each end; any other, the bases it spans
    /// whole and one at each end; never more than the front rank; touching at the corners,
    /// one more again where the ends fall on the bases' edges.
    #[test]
    fn a_charge_meets_the_most_figures_it_can() {
        let c = rule(false);
        assert_eq!(c.most_in_contact(12, 20, 8 * 25), 11);
        assert_eq!(c.most_in_contact(24, 20, 100), 6);
        assert_eq!(c.most_in_contact(24, 20, 25), 3);
        assert_eq!(c.most_in_contact(24, 20, 20), 2);
        assert_eq!(c.most_in_contact(24, 20, 30), 3);
        assert_eq!(c.most_in_contact(10, 20, 199), 10);
        assert_eq!(c.most_in_contact(8, 25, 12 * 20), 8);
        assert_eq!(c.most_in_contact(24, 20, 0), 0);
        assert_eq!(rule(true).most_in_contact(24, 20, 200), 12);
        for other in 1..=300 {
            let most = c.most_in_contact(24, 20, other);
            // Across a base's edge: the bases it spans whole, and one at each end.
            let bases = if other % 20 == 0 {
                other / 20 + 1
            } else {
                other / 20 + 2
            };
            assert_eq!(most, bases.min(24), "{other} mm");
            assert!(most >= c.in_contact(24, 20, other), "{other} mm");
        }
    }

    #[test]
    fn a_frontage_centred_covers_the_figures_it_meets() {
        let c = rule(false);
        // 8 horses (200 mm) on 24 foot (480 mm): from 140 to 340 mm, bases 7 to 16 of 20 mm.
        assert_eq!(c.in_contact(24, 20, 8 * 25), 10);
        // And the 24 foot, wider, on the 8 horses: all 8 meet them.
        assert_eq!(c.in_contact(8, 25, 24 * 20), 8);
        // 4 horses (100 mm) on 24 foot: from 190 to 290 mm, half a base at each end: 6.
        assert_eq!(c.in_contact(24, 20, 100), 6);
        // 24 foot (480 mm) on a face of 4 (80 mm): from 200 to 280 mm, bases 10 to 13.
        assert_eq!(c.in_contact(24, 20, 80), 4);
        // 8 horses on a face of 80 mm: from 60 to 140 mm, bases 2 to 5 of 25 mm.
        assert_eq!(c.in_contact(8, 25, 80), 4);
        // Nothing in contact, nobody.
        assert_eq!(c.in_contact(24, 20, 0), 0);
    }

    #[test]
    fn corners_count_only_when_the_rule_says_so() {
        // 200 mm on 480 mm ends on base edges: the figure beyond each end touches at a corner.
        assert_eq!(rule(false).in_contact(24, 20, 200), 10);
        assert_eq!(rule(true).in_contact(24, 20, 200), 12);
        // Ending within a base, a corner adds nobody.
        assert_eq!(rule(true).in_contact(24, 20, 100), 6);
        // Never more than the front rank.
        assert_eq!(rule(true).in_contact(10, 20, 199), 10);
    }
}
