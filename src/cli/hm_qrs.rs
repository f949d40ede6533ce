//! The `muster preview` procedures of the horse-and-musket quick-reference sheet.

use clap::{Args, Subcommand, ValueEnum};

use super::{range_i, range_u, PreviewOutput};
use crate::rulesets::hm_qrs::preview::limits;

fn modifier() -> clap::builder::RangedI64ValueParser<i32> {
    clap::value_parser!(i32).range(range_i(limits::MODIFIER))
}

fn count() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(range_u(limits::CASUALTIES))
}

fn value() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(range_u(limits::VALUE))
}

fn sides() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(range_u(limits::SIDES))
}

#[derive(Debug, Subcommand)]
pub enum HmPreview {
    /// A command test: 2D6 at or under the commander's rating with the sheet's modifiers
    Command(CommandArgs),
    /// A break test: 2D6 + modifiers read on the table by arm and combat type
    BreakTest(BreakArgs),
    /// Shooting: casualties (hits on 4+, then saves) and the target's break test
    Shoot(ShootArgs),
    /// A round of hand-to-hand: casualties both ways, who wins, and the loser's break test
    Melee(MeleeArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ArmArg {
    Infantry,
    Cavalry,
    Artillery,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum CombatArg {
    /// Shooting (tests A and B)
    #[default]
    Fire,
    /// Hand-to-hand (tests C, D and E)
    Melee,
}

#[derive(Debug, Args)]
pub struct CommandArgs {
    /// The commander's rating, 2–12
    #[arg(long, value_parser = clap::value_parser!(i32).range(range_i(limits::RATING)))]
    pub rating: i32,
    /// Inches between the commander and the unit (-1 per full 8")
    #[arg(long, default_value_t = 0, value_name = "INCHES",
          value_parser = clap::value_parser!(u32).range(range_u(limits::DISTANCE)))]
    pub distance: u32,
    /// A modifier of the sheet by id (repeatable): enemy-near, attack-column, march-off-road,
    /// march-on-road
    #[arg(long = "with", value_name = "ID")]
    pub with: Vec<String>,
    /// A modifier as a number, -20 to 20 (repeatable; all add up)
    #[arg(long, allow_hyphen_values = true, value_name = "K", value_parser = modifier())]
    pub modifier: Vec<i32>,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Args)]
pub struct BreakArgs {
    /// The unit's arm (the table's column)
    #[arg(long, value_enum)]
    pub arm: ArmArg,
    /// The combat the test follows (the table's line)
    #[arg(long, value_enum, default_value_t)]
    pub combat: CombatArg,
    /// The test's condition instead, A to E: its line is the one of its combat (E, the
    /// supports' test, reads the melee line)
    #[arg(long, value_name = "A-E", conflicts_with = "combat")]
    pub test: Option<String>,
    /// Casualties above the unit's stamina (-1 each)
    #[arg(long, default_value_t = 0, value_parser = count())]
    pub over_stamina: u32,
    /// The unit is disordered (-1)
    #[arg(long)]
    pub disordered: bool,
    /// The unit took losses from artillery (-1)
    #[arg(long)]
    pub artillery_losses: bool,
    /// Any other modifier, -20 to 20
    #[arg(long, allow_hyphen_values = true, default_value_t = 0, value_parser = modifier())]
    pub modifier: i32,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Args)]
pub struct ShootArgs {
    /// The shooting unit's type (its shooting value, size, formation, arm)
    #[arg(long, value_name = "UNIT")]
    pub shooter: Option<String>,
    /// The shooting value, 0–12 (replaces the type's)
    #[arg(long, value_parser = value())]
    pub shooter_dice: Option<u32>,
    /// Its size: standard, large, small, reduced
    #[arg(long, value_name = "ID")]
    pub shooter_size: Option<String>,
    /// Its formation: line, attack-column, mixed, square, march-column, limbered
    #[arg(long, value_name = "ID")]
    pub shooter_formation: Option<String>,
    /// Its tactical situation (repeatable): infantry-enfilade, artillery-enfilade, building
    #[arg(long, value_name = "ID")]
    pub shooter_situation: Vec<String>,
    /// Sides of a square or faces of a building that shoot, 1–4
    #[arg(long, default_value_t = 1, value_parser = sides())]
    pub shooter_sides: u32,
    /// The shooter is artillery (when not given by --shooter)
    #[arg(long)]
    pub artillery: bool,
    /// A shooting modifier by id (repeatable): close, at-skirmishers, shaken, artillery-long, …
    #[arg(long = "with", value_name = "ID")]
    pub with: Vec<String>,
    /// Another modifier to hit, -20 to 20
    #[arg(long, allow_hyphen_values = true, default_value_t = 0, value_parser = modifier())]
    pub modifier: i32,
    /// The target's type (its save, stamina and arm)
    #[arg(long, value_name = "UNIT")]
    pub target: Option<String>,
    /// The target's save, 2–7 (7: no save; default the type's, else 4)
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::SAVE)))]
    pub save: Option<u32>,
    /// A save modifier by id (repeatable): light-cover, heavy-cover, attack-column, …
    #[arg(long = "save-with", value_name = "ID")]
    pub save_with: Vec<String>,
    /// The target's arm (when not given by --target)
    #[arg(long, value_enum)]
    pub target_arm: Option<ArmArg>,
    /// The target's stamina (default the type's)
    #[arg(long, value_parser = count())]
    pub stamina: Option<u32>,
    /// Casualties the target had before this volley
    #[arg(long, default_value_t = 0, value_parser = count())]
    pub casualties_before: u32,
    /// The target is disordered
    #[arg(long)]
    pub disordered: bool,
    /// Artillery at point blank: any casualty makes the target test (B)
    #[arg(long)]
    pub close: bool,
    #[command(flatten)]
    pub output: PreviewOutput,
}

/// One side of a hand-to-hand combat, its flags prefixed `--a-` or `--b-`.
#[derive(Debug, Clone, Default)]
pub struct Side {
    pub unit: Option<String>,
    pub dice: Option<u32>,
    pub size: Option<String>,
    pub formation: Option<String>,
    pub situation: Vec<String>,
    pub sides: u32,
    pub hit: Vec<String>,
    pub result: Vec<String>,
    pub building: u32,
    pub save: Vec<String>,
    pub stamina: Option<u32>,
    pub casualties_before: u32,
    pub disordered: bool,
}

#[derive(Debug, Args)]
pub struct MeleeArgs {
    /// Side A's unit type
    #[arg(long = "a", value_name = "UNIT")]
    pub a: Option<String>,
    /// Side A's hand-to-hand value, 0–12 (replaces the type's)
    #[arg(long, value_parser = value())]
    pub a_dice: Option<u32>,
    /// Side A's size
    #[arg(long, value_name = "ID")]
    pub a_size: Option<String>,
    /// Side A's formation
    #[arg(long, value_name = "ID")]
    pub a_formation: Option<String>,
    /// Side A's situation (repeatable): building
    #[arg(long, value_name = "ID")]
    pub a_situation: Vec<String>,
    /// Sides of A's square or building engaged, 1–4
    #[arg(long, default_value_t = 1, value_parser = sides())]
    pub a_sides: u32,
    /// A to-hit modifier of A by id (repeatable): charge, won-last, shaken, skirmishers, flank
    #[arg(long, value_name = "ID")]
    pub a_hit: Vec<String>,
    /// A result modifier of A by id (repeatable): rear-support, flank-support, square-v-cavalry
    #[arg(long, value_name = "ID")]
    pub a_result: Vec<String>,
    /// A holds a building: +1 to +3 by its size
    #[arg(long, default_value_t = 0, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=3))]
    pub a_building: u32,
    /// A save modifier of A by id (repeatable): light-cover, heavy-cover, …
    #[arg(long, value_name = "ID")]
    pub a_save: Vec<String>,
    /// A's stamina (default the type's)
    #[arg(long, value_parser = count())]
    pub a_stamina: Option<u32>,
    /// A's casualties before this round
    #[arg(long, default_value_t = 0, value_parser = count())]
    pub a_casualties_before: u32,
    /// A is disordered
    #[arg(long)]
    pub a_disordered: bool,

    /// Side B's unit type
    #[arg(long = "b", value_name = "UNIT")]
    pub b: Option<String>,
    /// Side B's hand-to-hand value, 0–12
    #[arg(long, value_parser = value())]
    pub b_dice: Option<u32>,
    /// Side B's size
    #[arg(long, value_name = "ID")]
    pub b_size: Option<String>,
    /// Side B's formation
    #[arg(long, value_name = "ID")]
    pub b_formation: Option<String>,
    /// Side B's situation (repeatable)
    #[arg(long, value_name = "ID")]
    pub b_situation: Vec<String>,
    /// Sides of B's square or building engaged, 1–4
    #[arg(long, default_value_t = 1, value_parser = sides())]
    pub b_sides: u32,
    /// A to-hit modifier of B by id (repeatable)
    #[arg(long, value_name = "ID")]
    pub b_hit: Vec<String>,
    /// A result modifier of B by id (repeatable)
    #[arg(long, value_name = "ID")]
    pub b_result: Vec<String>,
    /// B holds a building: +1 to +3
    #[arg(long, default_value_t = 0, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=3))]
    pub b_building: u32,
    /// A save modifier of B by id (repeatable)
    #[arg(long, value_name = "ID")]
    pub b_save: Vec<String>,
    /// B's stamina
    #[arg(long, value_parser = count())]
    pub b_stamina: Option<u32>,
    /// B's casualties before this round
    #[arg(long, default_value_t = 0, value_parser = count())]
    pub b_casualties_before: u32,
    /// B is disordered
    #[arg(long)]
    pub b_disordered: bool,

    #[command(flatten)]
    pub output: PreviewOutput,
}

impl MeleeArgs {
    pub fn side_a(&self) -> Side {
        Side {
            unit: self.a.clone(),
            dice: self.a_dice,
            size: self.a_size.clone(),
            formation: self.a_formation.clone(),
            situation: self.a_situation.clone(),
            sides: self.a_sides,
            hit: self.a_hit.clone(),
            result: self.a_result.clone(),
            building: self.a_building,
            save: self.a_save.clone(),
            stamina: self.a_stamina,
            casualties_before: self.a_casualties_before,
            disordered: self.a_disordered,
        }
    }

    pub fn side_b(&self) -> Side {
        Side {
            unit: self.b.clone(),
            dice: self.b_dice,
            size: self.b_size.clone(),
            formation: self.b_formation.clone(),
            situation: self.b_situation.clone(),
            sides: self.b_sides,
            hit: self.b_hit.clone(),
            result: self.b_result.clone(),
            building: self.b_building,
            save: self.b_save.clone(),
            stamina: self.b_stamina,
            casualties_before: self.b_casualties_before,
            disordered: self.b_disordered,
        }
    }
}
