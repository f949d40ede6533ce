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
