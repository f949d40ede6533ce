//! `armies/*.toml`: an army's header and its entries, the unit types it may field.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use validator::Validate;

use super::ids::*;

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
