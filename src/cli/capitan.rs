//! Capitán's `muster preview` procedures: their flags (each number bounded by
//! `rulesets::capitan::preview::request::limits`), and their conversion into the library's
//! types.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::{range_i, range_u, PreviewOutput, UnitArg};
use crate::rulesets::capitan::model::{CoverLevel, Die, DodgeReroll, Quality, Range};
use crate::rulesets::capitan::preview::artillery::{Ammunition, GunRange};
use crate::rulesets::capitan::preview::request::limits;

fn figures() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(range_u(limits::FIGURES))
}

fn modifier() -> clap::builder::RangedI64ValueParser<i32> {
    clap::value_parser!(i32).range(range_i(limits::MODIFIER))
}

fn attacks() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(range_u(limits::ATTACKS))
}

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

impl From<DieArg> for Die {
    fn from(d: DieArg) -> Self {
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

impl From<RangeArg> for Range {
    fn from(r: RangeArg) -> Self {
        match r {
            RangeArg::Short => Range::Short,
            RangeArg::Medium => Range::Medium,
            RangeArg::Long => Range::Long,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CoverArg {
    None,
    Light,
    Medium,
    Dense,
}

impl CoverArg {
    pub fn level(self) -> Option<CoverLevel> {
        match self {
            CoverArg::None => None,
            CoverArg::Light => Some(CoverLevel::Light),
            CoverArg::Medium => Some(CoverLevel::Medium),
            CoverArg::Dense => Some(CoverLevel::Dense),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DodgeRerollArg {
    None,
    HardToKill,
    ToTheDeath,
}

impl DodgeRerollArg {
    pub fn reroll(self) -> Option<DodgeReroll> {
        match self {
            DodgeRerollArg::None => None,
            DodgeRerollArg::HardToKill => Some(DodgeReroll::HardToKill),
            DodgeRerollArg::ToTheDeath => Some(DodgeReroll::ToTheDeath),
        }
    }
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
    /// An artillery shot: blank shots and casualties under the template (§12.10–12.13, §12.18)
    Artillery(ArtilleryArgs),
}

#[derive(Debug, Args)]
pub struct FireArgs {
    /// The shooting unit: a sheet id, optionally with figures (gb-95th-riflemen:8)
    #[arg(long, value_name = "SHEET[:FIGURES]", conflicts_with = "list")]
    pub shooter: Option<UnitArg>,
    /// Take the shooter from a list file (with --unit): it uses the skills bought for it
    #[arg(long, value_name = "FILE", requires = "unit")]
    pub list: Option<PathBuf>,
    /// 1-based unit number in --list
    #[arg(long, value_name = "N")]
    pub unit: Option<usize>,
    /// The skill the shooter uses (one per activation, §11); a list unit uses the first of its
    /// skills that acts on fire unless this names another
    #[arg(long = "shooter-skill", value_name = "ID")]
    pub shooter_skill: Vec<String>,
    /// The target unit
    #[arg(long, value_name = "SHEET[:FIGURES]", conflicts_with = "target_list")]
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
    /// Ad hoc: number of shots (1–100)
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::SHOTS)))]
    pub shots: Option<u32>,
    /// Ad hoc: fire die
    #[arg(long, value_enum)]
    pub die: Option<DieArg>,
    /// Ad hoc: total fire modifier, -20 to 20 (replaces the computed one)
    #[arg(long, allow_hyphen_values = true, value_parser = modifier())]
    pub modifier: Option<i32>,
    /// Ad hoc: re-roll missed to-hit dice (escort, §1.3)
    #[arg(long)]
    pub reroll_misses: bool,
    /// Ad hoc: target figures (1–12)
    #[arg(long, value_parser = figures())]
    pub target_figures: Option<u32>,
    /// Ad hoc: the target's highest die (its dodge die)
    #[arg(long, value_enum)]
    pub target_die: Option<DieArg>,
    /// Ad hoc: dodge re-roll of the target
    #[arg(long, value_enum)]
    pub dodge_reroll: Option<DodgeRerollArg>,
    /// Compare with the shooter using this skill in place of its current one (§11: one per
    /// activation)
    #[arg(long, value_name = "ID", conflicts_with = "compare_shooter")]
    pub compare_skill: Option<String>,
    /// Compare with another shooter
    #[arg(long, value_name = "SHEET[:FIGURES]")]
    pub compare_shooter: Option<UnitArg>,
    #[command(flatten)]
    pub output: PreviewOutput,
}

/// One side of a melee (the flags are `--a-…` or `--b-…`).
#[derive(Debug)]
pub struct SideArgs {
    pub unit: Option<UnitArg>,
    pub list: Option<PathBuf>,
    pub index: Option<usize>,
    pub skill: Vec<String>,
    pub charges: bool,
    pub led: bool,
    pub cover: Option<CoverArg>,
    pub standard: bool,
    pub higher: bool,
    pub captured_flag: bool,
    pub figures: Option<u32>,
    pub die: Option<DieArg>,
    pub modifier: Option<i32>,
    pub attacks: Option<u32>,
    pub dodge_die: Option<DieArg>,
}

#[derive(Debug, Args)]
pub struct MeleeArgs {
    /// Side A: a sheet id, optionally with figures
    #[arg(long = "a", value_name = "SHEET[:FIGURES]", conflicts_with = "a_list")]
    pub a: Option<UnitArg>,
    /// Take side A from a list file (with --a-unit): it uses the skills bought for it
    #[arg(long, value_name = "FILE", requires = "a_unit")]
    pub a_list: Option<PathBuf>,
    /// 1-based unit number in --a-list
    #[arg(long, value_name = "N")]
    pub a_unit: Option<usize>,
    /// The skill side A uses (one per activation, §11)
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
    /// Side A captured a flag (+2, §8.7)
    #[arg(long)]
    pub a_captured_flag: bool,
    /// Ad hoc: A's figures (1–12)
    #[arg(long, value_parser = figures())]
    pub a_figures: Option<u32>,
    /// Ad hoc: A's combat die
    #[arg(long, value_enum)]
    pub a_die: Option<DieArg>,
    /// Ad hoc: A's total combat modifier, -20 to 20 (replaces the computed one)
    #[arg(long, allow_hyphen_values = true, value_parser = modifier())]
    pub a_modifier: Option<i32>,
    /// Ad hoc: A's attacks per figure (1–4)
    #[arg(long, value_parser = attacks())]
    pub a_attacks: Option<u32>,
    /// Ad hoc: A's dodge die
    #[arg(long, value_enum)]
    pub a_dodge_die: Option<DieArg>,
    /// Side B: a sheet id, optionally with figures
    #[arg(long = "b", value_name = "SHEET[:FIGURES]", conflicts_with = "b_list")]
    pub b: Option<UnitArg>,
    /// Take side B from a list file (with --b-unit): it uses the skills bought for it
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
    /// Side B captured a flag (+2, §8.7)
    #[arg(long)]
    pub b_captured_flag: bool,
    /// Ad hoc: B's figures (1–12)
    #[arg(long, value_parser = figures())]
    pub b_figures: Option<u32>,
    /// Ad hoc: B's combat die
    #[arg(long, value_enum)]
    pub b_die: Option<DieArg>,
    /// Ad hoc: B's total combat modifier, -20 to 20
    #[arg(long, allow_hyphen_values = true, value_parser = modifier())]
    pub b_modifier: Option<i32>,
    /// Ad hoc: B's attacks per figure (1–4)
    #[arg(long, value_parser = attacks())]
    pub b_attacks: Option<u32>,
    /// Ad hoc: B's dodge die
    #[arg(long, value_enum)]
    pub b_dodge_die: Option<DieArg>,
    /// Rounds to play, 1–1000 (default: until one side is destroyed or routs)
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::ROUNDS)))]
    pub rounds: Option<u32>,
    /// Compare with side A using this skill in place of its current one (§11: one per
    /// activation)
    #[arg(long, value_name = "ID")]
    pub compare_skill: Option<String>,
    #[command(flatten)]
    pub output: PreviewOutput,
}

impl MeleeArgs {
    pub fn side_a(&self) -> SideArgs {
        SideArgs {
            unit: self.a.clone(),
            list: self.a_list.clone(),
            index: self.a_unit,
            skill: self.a_skill.clone(),
            charges: self.a_charges,
            led: self.a_led,
            cover: self.a_cover,
            standard: self.a_standard,
            higher: self.a_higher,
            captured_flag: self.a_captured_flag,
            figures: self.a_figures,
            die: self.a_die,
            modifier: self.a_modifier,
            attacks: self.a_attacks,
            dodge_die: self.a_dodge_die,
        }
    }

    pub fn side_b(&self) -> SideArgs {
        SideArgs {
            unit: self.b.clone(),
            list: self.b_list.clone(),
            index: self.b_unit,
            skill: self.b_skill.clone(),
            charges: self.b_charges,
            led: self.b_led,
            cover: self.b_cover,
            standard: self.b_standard,
            higher: self.b_higher,
            captured_flag: self.b_captured_flag,
            figures: self.b_figures,
            die: self.b_die,
            modifier: self.b_modifier,
            attacks: self.b_attacks,
            dodge_die: self.b_dodge_die,
        }
    }
}

#[derive(Debug, Args)]
pub struct ChargeArgs {
    /// The charging unit's sheet
    #[arg(long, value_name = "SHEET", conflicts_with = "list")]
    pub charger: Option<String>,
    /// Take the charger from a list file (with --unit): it uses the skills bought for it
    #[arg(long, value_name = "FILE", requires = "unit")]
    pub list: Option<PathBuf>,
    /// 1-based unit number in --list
    #[arg(long, value_name = "N")]
    pub unit: Option<usize>,
    /// The charged unit's sheet
    #[arg(long, value_name = "SHEET")]
    pub target: Option<String>,
    /// The skill the charger uses (Vieille garde)
    #[arg(long = "charger-skill", value_name = "ID")]
    pub charger_skill: Vec<String>,
    /// Ad hoc: the charger's morale, 0–12
    #[arg(long, allow_hyphen_values = true,
          value_parser = clap::value_parser!(i32).range(range_i(limits::MORALE)))]
    pub morale: Option<i32>,
    /// Ad hoc: the target's courage, 1–18
    #[arg(long, allow_hyphen_values = true,
          value_parser = clap::value_parser!(i32).range(range_i(limits::COURAGE)))]
    pub courage: Option<i32>,
    /// A command unit within 5 cm of the charger (+1 morale)
    #[arg(long)]
    pub charger_command: bool,
    /// A command unit within 5 cm of the target (+1 courage)
    #[arg(long)]
    pub target_command: bool,
    /// The charger captured a flag (+2 morale, §8.7)
    #[arg(long)]
    pub captured_flag: bool,
    #[command(flatten)]
    pub output: PreviewOutput,
}

#[derive(Debug, Args)]
pub struct ArtilleryArgs {
    /// The gun's sheet (gives gun type, crew quality and skills on offer)
    #[arg(long, value_name = "SHEET", conflicts_with = "list")]
    pub gun: Option<String>,
    /// Take the gun from a list file (with --unit): it uses the skills bought for it
    #[arg(long, value_name = "FILE", requires = "unit")]
    pub list: Option<PathBuf>,
    /// 1-based unit number in --list
    #[arg(long, value_name = "N")]
    pub unit: Option<usize>,
    /// Ad hoc: gun type
    #[arg(long, value_name = "I|II|III|IV")]
    pub gun_type: Option<String>,
    /// Ad hoc: crew quality
    #[arg(long, value_enum)]
    pub crew: Option<QualityArg>,
    /// Congreve rockets (§12.18): a medium howitzer's shells with their own deviation and save
    #[arg(long, conflicts_with_all = ["gun", "gun_type"])]
    pub rockets: bool,
    /// Ammunition
    #[arg(long, value_enum)]
    pub ammo: AmmoArg,
    /// Range
    #[arg(long, value_enum)]
    pub range: GunRangeArg,
    /// Figures under the impact template, 0–100
    #[arg(long, value_parser = clap::value_parser!(u32).range(range_u(limits::UNDER_TEMPLATE)))]
    pub under: u32,
    /// The target's cover
    #[arg(long, value_enum)]
    pub cover: Option<CoverArg>,
    /// An artillery factor of §12.13 that applies (repeatable, each once), e.g. moved-march
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
