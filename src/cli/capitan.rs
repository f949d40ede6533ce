//! Capitán's `muster preview` procedures: their flags, and their conversion into the
//! library's types.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::{PreviewOutput, UnitArg};
use crate::rulesets::capitan::model::Quality;
use crate::rulesets::capitan::preview::artillery::{Ammunition, GunRange};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DieArg {
    #[value(name = "d6")]
    D6,
    #[value(name = "d8")]
    D8,
    #[value(name = "d10")]
    D10,
    #[value(name = "d12")]
    D12,
}

impl From<DieArg> for crate::rulesets::capitan::model::Die {
    fn from(d: DieArg) -> Self {
        use crate::rulesets::capitan::model::Die;
        match d {
            DieArg::D6 => Die::D6,
            DieArg::D8 => Die::D8,
            DieArg::D10 => Die::D10,
            DieArg::D12 => Die::D12,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RangeArg {
    Short,
    Medium,
    Long,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CoverArg {
    None,
    Light,
    Medium,
    Dense,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DodgeRerollArg {
    None,
    HardToKill,
    ToTheDeath,
}

#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum CapitanPreview {
    /// A volley: casualties, reduced units and routs (§7.5–7.6, §5.3)
    Fire(FireArgs),
    /// A melee: one round, N rounds or to the end (§8.9–8.12)
    Melee(MeleeArgs),
    /// A charge: the morale test and a doubled courage (§5.1–5.2)
    Charge(ChargeArgs),
    /// An artillery shot: blank shots and casualties under the template (§12.10–12.13)
    Artillery(ArtilleryArgs),
}

#[derive(Debug, Args)]
pub struct FireArgs {
    /// The shooting unit: a sheet id, optionally with figures (gb-95th-riflemen:8)
    #[arg(long, value_name = "SHEET[:FIGURES]")]
    pub shooter: Option<UnitArg>,
    /// Take the shooter from a list file (with --unit)
    #[arg(long, value_name = "FILE", requires = "unit")]
    pub list: Option<PathBuf>,
    /// 1-based unit number in --list
    #[arg(long, value_name = "N")]
    pub unit: Option<usize>,
    /// The skill the shooter uses (one per activation, §11)
    #[arg(long = "shooter-skill", value_name = "ID")]
    pub shooter_skill: Vec<String>,
    /// The target unit
    #[arg(long, value_name = "SHEET[:FIGURES]")]
    pub target: Option<UnitArg>,
    /// Take the target from a list file (with --target-unit)
    #[arg(long, value_name = "FILE", requires = "target_unit")]
    pub target_list: Option<PathBuf>,
    /// 1-based unit number in --target-list
    #[arg(long, value_name = "N")]
    pub target_unit: Option<usize>,
    /// The skill the target uses (Durs à tuer, Combat à mort)
    #[arg(long = "target-skill", value_name = "ID")]
    pub target_skill: Vec<String>,
    /// Range band
    #[arg(long, value_enum)]
    pub range: Option<RangeArg>,
    /// The target's cover (+1/+2/+4 to its dodge)
    #[arg(long, value_enum)]
    pub cover: Option<CoverArg>,
    /// Aimed fire: did not move nor change target (+1)
    #[arg(long)]
    pub precision: bool,
    /// Regrouped this activation (-1)
    #[arg(long)]
    pub unprepared: bool,
    /// Mounted shooter moved or will move (-1)
    #[arg(long)]
    pub moved: bool,
    /// Fires from hidden movement (+2, §7.4)
    #[arg(long)]
    pub hidden: bool,
    /// Elite: two volleys without moving (§3.1)
    #[arg(long)]
    pub fire_twice: bool,
    /// Ad hoc: number of shots
    #[arg(long)]
    pub shots: Option<u32>,
    /// Ad hoc: fire die
    #[arg(long, value_enum)]
    pub die: Option<DieArg>,
    /// Ad hoc: total fire modifier (replaces the computed one)
    #[arg(long, allow_hyphen_values = true)]
    pub modifier: Option<i32>,
    /// Ad hoc: re-roll missed to-hit dice (escort, §1.3)
    #[arg(long)]
    pub reroll_misses: bool,
    /// Ad hoc: target figures
    #[arg(long)]
    pub target_figures: Option<u32>,
    /// Ad hoc: the target's highest die (its dodge die)
    #[arg(long, value_enum)]
    pub target_die: Option<DieArg>,
    /// Ad hoc: dodge re-roll of the target
    #[arg(long, value_enum)]
    pub dodge_reroll: Option<DodgeRerollArg>,
    /// Compare with the shooter also using this skill
    #[arg(long, value_name = "ID", conflicts_with = "compare_shooter")]
    pub compare_skill: Option<String>,
    /// Compare with another shooter
    #[arg(long, value_name = "SHEET[:FIGURES]")]
    pub compare_shooter: Option<UnitArg>,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Args)]
pub struct MeleeArgs {
    /// Side A: a sheet id, optionally with figures
    #[arg(long = "a", value_name = "SHEET[:FIGURES]")]
    pub a: Option<UnitArg>,
    /// Take side A from a list file (with --a-unit)
    #[arg(long, value_name = "FILE", requires = "a_unit")]
    pub a_list: Option<PathBuf>,
    /// 1-based unit number in --a-list
    #[arg(long, value_name = "N")]
    pub a_unit: Option<usize>,
    /// The skill side A uses
    #[arg(long = "a-skill", value_name = "ID")]
    pub a_skill: Vec<String>,
    /// Side A charges (+2 first round, §8.12)
    #[arg(long)]
    pub a_charges: bool,
    /// Side A's charge is led by a command unit (+1 first round)
    #[arg(long)]
    pub a_led: bool,
    /// Side A's cover (combat factor +1/+2/+3)
    #[arg(long, value_enum)]
    pub a_cover: Option<CoverArg>,
    /// Side A has a standard bearer within 25 cm (+1, §1.3)
    #[arg(long)]
    pub a_standard: bool,
    /// Side A fights from higher ground (+2)
    #[arg(long)]
    pub a_higher: bool,
    /// Ad hoc: A's figures
    #[arg(long)]
    pub a_figures: Option<u32>,
    /// Ad hoc: A's combat die
    #[arg(long, value_enum)]
    pub a_die: Option<DieArg>,
    /// Ad hoc: A's total combat modifier (replaces the computed one)
    #[arg(long, allow_hyphen_values = true)]
    pub a_modifier: Option<i32>,
    /// Ad hoc: A's attacks per figure
    #[arg(long)]
    pub a_attacks: Option<u32>,
    /// Ad hoc: A's dodge die
    #[arg(long, value_enum)]
    pub a_dodge_die: Option<DieArg>,
    /// Side B: a sheet id, optionally with figures
    #[arg(long = "b", value_name = "SHEET[:FIGURES]")]
    pub b: Option<UnitArg>,
    /// Take side B from a list file (with --b-unit)
    #[arg(long, value_name = "FILE", requires = "b_unit")]
    pub b_list: Option<PathBuf>,
    /// 1-based unit number in --b-list
    #[arg(long, value_name = "N")]
    pub b_unit: Option<usize>,
    /// The skill side B uses
    #[arg(long = "b-skill", value_name = "ID")]
    pub b_skill: Vec<String>,
    /// Side B charges (counter-charge, §8.12)
    #[arg(long)]
    pub b_charges: bool,
    /// Side B's charge is led by a command unit
    #[arg(long)]
    pub b_led: bool,
    /// Side B's cover
    #[arg(long, value_enum)]
    pub b_cover: Option<CoverArg>,
    /// Side B has a standard bearer within 25 cm
    #[arg(long)]
    pub b_standard: bool,
    /// Side B fights from higher ground
    #[arg(long)]
    pub b_higher: bool,
    /// Ad hoc: B's figures
    #[arg(long)]
    pub b_figures: Option<u32>,
    /// Ad hoc: B's combat die
    #[arg(long, value_enum)]
    pub b_die: Option<DieArg>,
    /// Ad hoc: B's total combat modifier
    #[arg(long, allow_hyphen_values = true)]
    pub b_modifier: Option<i32>,
    /// Ad hoc: B's attacks per figure
    #[arg(long)]
    pub b_attacks: Option<u32>,
    /// Ad hoc: B's dodge die
    #[arg(long, value_enum)]
    pub b_dodge_die: Option<DieArg>,
    /// Rounds to play (default: until one side is destroyed or routs)
    #[arg(long)]
    pub rounds: Option<u32>,
    /// Compare with side A also using this skill
    #[arg(long, value_name = "ID")]
    pub compare_skill: Option<String>,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Args)]
pub struct ChargeArgs {
    /// The charging unit's sheet
    #[arg(long, value_name = "SHEET")]
    pub charger: Option<String>,
    /// The charged unit's sheet
    #[arg(long, value_name = "SHEET")]
    pub target: Option<String>,
    /// The skill the charger uses (Vieille garde)
    #[arg(long = "charger-skill", value_name = "ID")]
    pub charger_skill: Vec<String>,
    /// Ad hoc: the charger's morale
    #[arg(long, allow_hyphen_values = true)]
    pub morale: Option<i32>,
    /// Ad hoc: the target's courage
    #[arg(long, allow_hyphen_values = true)]
    pub courage: Option<i32>,
    /// Ad hoc: the target's morale (decides whether the test is needed, §5.1)
    #[arg(long, allow_hyphen_values = true)]
    pub target_morale: Option<i32>,
    /// A command unit within 5 cm of the charger (+1 morale)
    #[arg(long)]
    pub charger_command: bool,
    /// A command unit within 5 cm of the target (+1 courage)
    #[arg(long)]
    pub target_command: bool,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Args)]
pub struct ArtilleryArgs {
    /// The gun's sheet (gives gun type, crew quality and skills on offer)
    #[arg(long, value_name = "SHEET")]
    pub gun: Option<String>,
    /// Ad hoc: gun type
    #[arg(long, value_name = "I|II|III|IV")]
    pub gun_type: Option<String>,
    /// Ad hoc: crew quality
    #[arg(long, value_enum)]
    pub crew: Option<QualityArg>,
    /// Ammunition
    #[arg(long, value_enum)]
    pub ammo: AmmoArg,
    /// Range
    #[arg(long, value_enum)]
    pub range: GunRangeArg,
    /// Figures under the impact template
    #[arg(long)]
    pub under: u32,
    /// The target's cover
    #[arg(long, value_enum)]
    pub cover: Option<CoverArg>,
    /// An artillery factor of §12.13 that applies (repeatable), e.g. moved-march
    #[arg(long = "factor", value_name = "ID")]
    pub factors: Vec<String>,
    /// A skill the gun uses (tir-de-precision, grenades-explosives)
    #[arg(long = "skill", value_name = "ID")]
    pub skills: Vec<String>,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum QualityArg {
    Elite,
    Veteran,
    Regular,
    Militia,
}

impl From<QualityArg> for Quality {
    fn from(q: QualityArg) -> Self {
        match q {
            QualityArg::Elite => Quality::Elite,
            QualityArg::Veteran => Quality::Veteran,
            QualityArg::Regular => Quality::Regular,
            QualityArg::Militia => Quality::Militia,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AmmoArg {
    Canister,
    Roundshot,
    Shell,
}

impl From<AmmoArg> for Ammunition {
    fn from(a: AmmoArg) -> Self {
        match a {
            AmmoArg::Canister => Ammunition::Canister,
            AmmoArg::Roundshot => Ammunition::Roundshot,
            AmmoArg::Shell => Ammunition::Shell,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GunRangeArg {
    Effective,
    Long,
}

impl From<GunRangeArg> for GunRange {
    fn from(r: GunRangeArg) -> Self {
        match r {
            GunRangeArg::Effective => GunRange::Effective,
            GunRangeArg::Long => GunRange::Long,
        }
    }
}
