//! The `muster preview` procedure of Thucydide.

use clap::{Args, Subcommand, ValueEnum};

use super::PreviewOutput;

#[derive(Debug, Subcommand)]
pub enum ThucydidePreview {
    /// One combat: hits, morale hits and order letters of N dice against an armour (TH)
    Combat(CombatArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AdvantageArg {
    Hit,
    Morale,
    Miss,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AttackArg {
    Fire,
    Assault,
    Melee,
}

#[derive(Debug, Args)]
pub struct CombatArgs {
    /// Combat dice, 1–60
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub dice: Option<u32>,
    /// The attacking troop type (its dice, type)
    #[arg(long, value_name = "UNIT")]
    pub attacker: Option<String>,
    /// Which factor of --attacker rolls (default assault)
    #[arg(long, value_enum)]
    pub attack: Option<AttackArg>,
    /// The defending troop type (its armour, type and traits)
    #[arg(long, value_name = "UNIT")]
    pub defender: Option<String>,
    /// The armour colour the dice are read against: yellow, green, blue, red, black
    #[arg(long)]
    pub armour: Option<String>,
    /// Inverted armour (black ↔ yellow, red ↔ green)
    #[arg(long)]
    pub inverted: bool,
    /// What the tactical advantage gives (default: resolved from the table)
    #[arg(long, value_enum)]
    pub advantage: Option<AdvantageArg>,
    /// A leader with the defending unit cancels one morale hit
    #[arg(long)]
    pub leader: bool,
    /// The attacker's type when --attacker is not given
    #[arg(long, value_name = "TYPE")]
    pub attacker_type: Option<String>,
    /// The defender's type when --defender is not given
    #[arg(long, value_name = "TYPE")]
    pub defender_type: Option<String>,
    /// A condition of the advantage table that holds (repeatable): attacker-supported,
    /// defender-supported, defender-next-to-mounted, within-2-hexes, …
    #[arg(long = "condition", value_name = "ID")]
    pub conditions: Vec<String>,
    #[command(flatten)]
    pub output: PreviewOutput,
}
