//! The command line (clap derive). Each field's doc comment is its help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::capitan::model::{Arm, Coalition, Kind};

#[derive(Debug, Parser)]
#[command(
    name = "muster",
    version,
    about = "Army lists, unit cards and combat previews for Capitán and other horse-and-musket rules",
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// Data directory holding `capitan/` (repeatable: later directories add sheets).
    /// Default: $MUSTER_DATA (a path list), else ./unit-sheets.
    #[arg(long = "data", value_name = "DIR", global = true)]
    pub data: Vec<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check an army list: legality, cost, what to fix
    Check(CheckArgs),
    /// Create or edit an army list (comments and layout are kept)
    List {
        #[command(subcommand)]
        command: ListCommand,
    },
    /// List unit sheets, or show one
    Sheets(SheetsArgs),
    /// List the specific skills (§11)
    Skills(FormatArgs),
    /// Check the data directories
    Data {
        #[command(subcommand)]
        command: DataCommand,
    },
    /// Write the JSON Schemas of the sheet and list formats (for editors)
    Schema(SchemaArgs),
    /// Print a shell completion script
    Completions {
        /// The shell to complete for
        shell: clap_complete::Shell,
    },
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The list file (TOML)
    pub list: PathBuf,
    /// The opposing list: also check the ±10% balance between the two (§9.1)
    #[arg(long, value_name = "OTHER")]
    pub against: Option<PathBuf>,
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: crate::commands::check::CheckFormat,
}

#[derive(Debug, Subcommand)]
pub enum ListCommand {
    /// Create a new, empty list file
    New {
        /// The file to create
        file: PathBuf,
        /// The army's name
        #[arg(long)]
        name: String,
        /// The army's side
        #[arg(long, value_enum)]
        coalition: CoalitionArg,
        /// Campaign id (e.g. peninsula)
        #[arg(long)]
        campaign: String,
        /// The points limit
        #[arg(long)]
        points: u32,
        /// The player's rank (§10.1), e.g. lieutenant
        #[arg(long)]
        rank: Option<String>,
        /// Overwrite the file if it exists
        #[arg(long)]
        force: bool,
    },
    /// Add a unit at the end of a list
    Add {
        /// The list file
        file: PathBuf,
        /// Sheet id
        sheet: String,
        /// Figures (troops 4–12, artillery crew; command units default to their N°F)
        #[arg(long)]
        figures: Option<u32>,
        /// A skill to take (repeatable)
        #[arg(long = "skill", value_name = "ID")]
        skills: Vec<String>,
        /// A label for the unit
        #[arg(long)]
        label: Option<String>,
    },
    /// Remove the unit at INDEX (1-based, as `muster check` numbers them)
    Remove {
        /// The list file
        file: PathBuf,
        /// 1-based unit number
        index: usize,
    },
}

#[derive(Debug, Subcommand)]
pub enum DataCommand {
    /// Load every data file and report every problem (exit 1 on any error)
    Check,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Format {
    /// Aligned text for people
    #[default]
    Table,
    /// JSON for tools
    Json,
}

#[derive(Debug, Args)]
pub struct FormatArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct SheetsArgs {
    #[command(subcommand)]
    pub action: Option<SheetsAction>,
    /// Only sheets of this nation (id, e.g. france)
    #[arg(long)]
    pub nation: Option<String>,
    /// Only sheets of this coalition
    #[arg(long, value_enum)]
    pub coalition: Option<CoalitionArg>,
    /// Only sheets of this kind
    #[arg(long, value_enum)]
    pub kind: Option<KindArg>,
    /// Only sheets of this arm
    #[arg(long, value_enum)]
    pub arm: Option<ArmArg>,
    /// Only sheets valid for this campaign (id, e.g. peninsula)
    #[arg(long)]
    pub campaign: Option<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Debug, Subcommand)]
pub enum SheetsAction {
    /// Show every field of one sheet
    Show {
        /// Sheet id
        id: String,
        /// Output format
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Directory to write the schema files to
    #[arg(long, default_value = "schema")]
    pub out: PathBuf,
    /// Do not write: exit 1 if the files in --out differ from the current formats
    #[arg(long)]
    pub check: bool,
}

macro_rules! value_enum_for {
    ($arg:ident => $model:ident { $($v:ident),+ }) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
        pub enum $arg { $($v),+ }
        impl From<$arg> for $model {
            fn from(a: $arg) -> Self { match a { $($arg::$v => $model::$v),+ } }
        }
    };
}
value_enum_for!(CoalitionArg => Coalition { Allies, Empire });
value_enum_for!(KindArg => Kind { Command, Troop, Artillery });
value_enum_for!(ArmArg => Arm { Infantry, Cavalry });
