//! The `muster preview` procedure of the infantry fire table.

use clap::{Args, Subcommand, ValueEnum};

use super::{LangArg, PreviewOutput};

#[derive(Debug, Subcommand)]
pub enum FirePreview {
    /// A volley: the result of N dice and the chance of reaching each range band's score
    Volley(VolleyArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SituationArg {
    /// Ordered volley in close order (or sheltered in a building or behind a barricade)
    Volley,
    /// No ordered volley, not as skirmishers
    Loose,
    /// As skirmishers
    Skirmish,
}

#[derive(Debug, Args)]
pub struct VolleyArgs {
    /// Shooters, one die each, 1–200
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub shooters: u32,
    /// The shooters' class of the table: grenadiers, line, elite-light, light, recruits, guerrillas
    #[arg(long, value_name = "ID")]
    pub class: Option<String>,
    /// How they fire (with --class)
    #[arg(long, value_enum)]
    pub situation: Option<SituationArg>,
    /// The target is skirmishers or single figures
    #[arg(long)]
    pub against_skirmishers: bool,
    /// No officer within earshot (beyond 20 cm)
    #[arg(long)]
    pub no_officer: bool,
    /// One shooter alone, where the table allows it (elite shot or normal fire)
    #[arg(long)]
    pub single_shooter: bool,
    /// Ad hoc: elite shot, +1 to one die after the roll
    #[arg(long)]
    pub elite: bool,
    /// Ad hoc: disorder, several 6s make no 7
    #[arg(long)]
    pub disorder: bool,
    /// Ad hoc: -1 to every die
    #[arg(long)]
    pub minus: bool,
    /// The firearm: musket, musket-class2, carbine, pistol
    #[arg(long, default_value = "musket")]
    pub weapon: String,
    /// Firing on the move (carbine, pistol: -1)
    #[arg(long)]
    pub moving: bool,
    /// The target wears a cuirass (-1 at long range)
    #[arg(long)]
    pub cuirass: bool,
    /// Language of the table's words
    #[arg(long, value_enum, default_value_t)]
    pub lang: LangArg,
    #[command(flatten)]
    pub output: PreviewOutput,
}
