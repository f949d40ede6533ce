//! The `muster preview` procedures of WAB "Au crépuscule de l'Aigle" and their flags (each
//! number bounded by `rulesets::wab_aca::preview::request::limits`).

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::{range_i, range_u, PreviewOutput};
use crate::rulesets::wab_aca::preview::request::limits;

/// A unit: an army entry with its figures (`fr-line-fusiliers:24`), or unit N of a list
/// (`lists/wab-france-1809.toml:3`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WabUnitArg {
    Entry { id: String, figures: Option<u32> },
    Listed { list: PathBuf, unit: usize },
}

impl std::str::FromStr for WabUnitArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (head, tail) = match s.rsplit_once(':') {
            Some((h, t)) => (h, Some(t)),
            None => (s, None),
        };
        if head.ends_with(".toml") {
            let unit = tail
                .and_then(|t| t.parse::<usize>().ok())
                .filter(|n| *n >= 1)
                .ok_or_else(|| {
                    format!("expected LIST.toml:N with N a unit number from 1, found `{s}`")
                })?;
            return Ok(WabUnitArg::Listed {
                list: PathBuf::from(head),
                unit,
            });
        }
        match tail {
            None => Ok(WabUnitArg::Entry {
                id: s.to_owned(),
                figures: None,
            }),
            Some(t) => t
                .parse::<u32>()
                .map(|f| WabUnitArg::Entry {
                    id: head.to_owned(),
                    figures: Some(f),
                })
                .map_err(|_| format!("expected ENTRY, ENTRY:FIGURES or LIST.toml:N, found `{s}`")),
        }
    }
}

#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum WabPreview {
    /// A manoeuvre or morale test: 2d6 at or under Ld + modifiers (ACA p.11)
    Test(TestArgs),
    /// Shooting: casualties of a volley (WAB core; elite re-rolls ACA p.7)
    Shoot(ShootArgs),
    /// One round of close combat: wounds, result, win and break (ACA p.5, p.7, p.12)
    Combat(CombatArgs),
    /// Artillery: round shot or canister against the figures in its path (ACA p.8–9)
    Artillery(ArtilleryArgs),
}

#[derive(Debug, Args)]
pub struct TestArgs {
    /// The unit's Leadership, 2–10
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::LEADERSHIP)))]
    pub leadership: Option<u32>,
    /// Take the Leadership from a unit: ENTRY or LIST.toml:N
    #[arg(long, value_name = "UNIT", conflicts_with = "leadership")]
    pub unit: Option<WabUnitArg>,
    /// A modifier as a number, -20 to 20 (repeatable; all add up)
    #[arg(long, allow_hyphen_values = true, value_name = "K",
          value_parser = clap::value_parser!(i32).range(range_i(limits::MODIFIER)))]
    pub modifier: Vec<i32>,
    /// A modifier of the table by id (repeatable), e.g. brigadier-in-unit, short-range;
    /// factors of one group (*, **, ***) do not add up
    #[arg(long = "with", value_name = "ID")]
    pub with: Vec<String>,
    /// A condition of the *** factors: charged-in-flank (doubled), unscathed-front (none)
    #[arg(long = "condition", value_name = "ID")]
    pub conditions: Vec<String>,
    /// Use the once-a-battle re-roll of a failed test (veterans, elite, guard)
    #[arg(long)]
    pub reroll: bool,
    /// Language of the modifiers' names
    #[arg(long, value_enum, default_value_t)]
    pub lang: super::LangArg,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Args)]
pub struct ShootArgs {
    /// The firing unit (its figures shoot, with its BS and weapon): ENTRY[:FIGURES] or LIST.toml:N
    #[arg(long, value_name = "UNIT")]
    pub firer: Option<WabUnitArg>,
    /// The target (its T and save): ENTRY or LIST.toml:N
    #[arg(long, value_name = "UNIT")]
    pub target: Option<WabUnitArg>,
    /// Shots (one per firing figure), 0–400
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::SHOTS)))]
    pub shots: Option<u32>,
    /// Ballistic Skill, 0–10
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::SKILL)))]
    pub bs: Option<u32>,
    /// Strength of the weapon, 1–10
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::STRENGTH)))]
    pub strength: Option<u32>,
    /// The target's Toughness, 1–10
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::STRENGTH)))]
    pub toughness: Option<u32>,
    /// The target's armour save, 2–7 (7: none)
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::SAVE)))]
    pub save: Option<u32>,
    /// The target has no save
    #[arg(long, conflicts_with = "save")]
    pub no_save: bool,
    /// Added to the roll to hit, -10 to 10: +1 point blank, -1 after moving, -1/-2 cover
    #[arg(long, allow_hyphen_values = true, default_value_t = 0,
          value_parser = clap::value_parser!(i32).range(range_i(limits::TO_HIT_MODIFIER)))]
    pub to_hit_modifier: i32,
    /// Elite figures among the firers: as many 1s to hit re-rolled (ACA p.7)
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::SHOTS)))]
    pub elite: Option<u32>,
    /// Rifles that did not move: 30" and S4 (ACA p.13)
    #[arg(long)]
    pub stationary: bool,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DefendedArg {
    Open,
    /// A defended low wall, hedge or house: -1 to hit, charge bonuses lost
    Obstacle,
    /// Fortifications: -2 to hit
    Fortification,
}

/// The flags of one side of a combat.
macro_rules! side_args {
    ($name:ident, $who:literal) => {
        #[derive(Debug, Args)]
        pub struct $name {
            #[arg(help = concat!("The ", $who, ": ENTRY[:FIGURES] or LIST.toml:N"), long = $who, id = $who, value_name = "UNIT")]
            pub unit: Option<WabUnitArg>,
            #[arg(help = concat!("Figures of the ", $who, " that strike (default: the front rank, figures ÷ (ranks + 1))"), long = concat!($who, "-fighting"), id = concat!($who, "-fighting"), value_name = "N",
                  value_parser = clap::value_parser!(u32).range(range_u(limits::FIGHTING)))]
            pub fighting: Option<u32>,
            #[arg(help = concat!("Full ranks behind the ", $who, "'s front (the rank bonus, within its formation's and 3)"), long = concat!($who, "-ranks"), id = concat!($who, "-ranks"), value_name = "N", default_value_t = 0,
                  value_parser = clap::value_parser!(u32).range(0..=10))]
            pub ranks: u32,
            #[arg(help = concat!("The ", $who, "'s formation (e.g. attack-column, hollow-square, echelon)"), long = concat!($who, "-formation"), id = concat!($who, "-formation"), value_name = "ID")]
            pub formation: Option<String>,
            #[arg(help = concat!("The ", $who, " has a flag (+1)"), long = concat!($who, "-flag"), id = concat!($who, "-flag"))]
            pub flag: bool,
            #[arg(help = concat!("The ", $who, " has a musician (wins a tie)"), long = concat!($who, "-musician"), id = concat!($who, "-musician"))]
            pub musician: bool,
            #[arg(help = concat!("Count the ", $who, "'s officer's attack (ACA p.5, option)"), long = concat!($who, "-officer"), id = concat!($who, "-officer"))]
            pub officer: bool,
            #[arg(help = concat!("Elite figures of the ", $who, ": as many 1s to hit re-rolled"), long = concat!($who, "-elite"), id = concat!($who, "-elite"), value_name = "N",
                  value_parser = clap::value_parser!(u32).range(range_u(limits::FIGURES)))]
            pub elite: Option<u32>,
            #[arg(help = concat!("Units supporting the ", $who, " (+1 each, ACA p.12)"), long = concat!($who, "-supports"), id = concat!($who, "-supports"), value_name = "N", default_value_t = 0,
                  value_parser = clap::value_parser!(u32).range(range_u(limits::SUPPORTS)))]
            pub supports: u32,
            #[arg(help = concat!("The ", $who, " won the previous round (push, +1)"), long = concat!($who, "-won-last-round"), id = concat!($who, "-won-last-round"))]
            pub won_last_round: bool,
            #[arg(help = concat!("The ", $who, " uses its once-a-battle re-roll on the break test"), long = concat!($who, "-reroll"), id = concat!($who, "-reroll"))]
            pub reroll: bool,
        }
    };
}

side_args!(AttackerArgs, "attacker");
side_args!(DefenderArgs, "defender");

#[derive(Debug, Args)]
pub struct CombatArgs {
    #[command(flatten)]
    pub attacker: AttackerArgs,
    #[command(flatten)]
    pub defender: DefenderArgs,
    /// The attacker charged this turn (+1 to the result, bayonets or sabres +1 S, impact)
    #[arg(long)]
    pub charge: bool,
    /// The defender counter-charged (its charge bonuses; the attacker keeps its +1)
    #[arg(long)]
    pub counter_charge: bool,
    /// What the defender holds
    #[arg(long, value_enum, default_value_t = DefendedArg::Open)]
    pub defended: DefendedArg,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ShotArg {
    Roundshot,
    Canister,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    Formed,
    /// Skirmishers or an extended line: hits halved
    Skirmishers,
    /// Foragers: round shot halved, canister not
    Foragers,
}

#[derive(Debug, Args)]
pub struct ArtilleryArgs {
    /// The battery: a type (light, medium, heavy) or a battery entry
    #[arg(long, value_name = "TYPE|ENTRY")]
    pub battery: String,
    /// Round shot or canister
    #[arg(long, value_enum)]
    pub ammo: ShotArg,
    /// Figures on the path from the bounce (round shot) or under the template (canister), 0–100
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(range_u(limits::IN_PATH)))]
    pub figures: u32,
    /// The target is a large target (march column, square; attack column for artillery)
    #[arg(long)]
    pub large_target: bool,
    /// Batteries grouped in a grand battery, 2–10 (+1 hit each, ACA p.8)
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(range_u(limits::GRAND_BATTERY)))]
    pub grand_battery: Option<u32>,
    /// How the target stands
    #[arg(long, value_enum, default_value_t = OrderArg::Formed)]
    pub order: OrderArg,
    /// Canister: the figures are behind heavy cover (hit on 6+ only)
    #[arg(long)]
    pub heavy_cover: bool,
    /// The target (its T and save): ENTRY or LIST.toml:N
    #[arg(long, value_name = "UNIT")]
    pub target: Option<WabUnitArg>,
    /// The target's Toughness, 1–10
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::STRENGTH)))]
    pub toughness: Option<u32>,
    /// The target's armour save, 2–7 (7: none)
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::SAVE)))]
    pub save: Option<u32>,
    /// The target has no save
    #[arg(long, conflicts_with = "save")]
    pub no_save: bool,
    #[command(flatten)]
    pub output: PreviewOutput,
}
