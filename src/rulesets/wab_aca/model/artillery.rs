//! `artillery.toml`: the supplement's artillery (pieces, limbers, caissons, misfires, grand
//! batteries, ammunition, hits, duels, terrain, templates, captured guns, battery types).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use validator::Validate;

use super::ids::Names;

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
