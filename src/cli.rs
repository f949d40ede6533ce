//! The command line (clap derive). Each field's doc comment is its help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::capitan::model::{Arm, Coalition, Kind, Quality};

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

// Parsed once per run: the size of the variants does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check an army list: legality, cost, what to fix
    Check(CheckArgs),
    /// Create or edit an army list (comments and layout are kept)
    List {
        #[command(subcommand)]
        command: ListCommand,
    },
    /// Exact outcome distributions of fire, melee, charge and artillery
    Preview {
        #[command(subcommand)]
        command: PreviewCommand,
    },
    /// Print unit cards (PDF), 9 poker cards to a page with crop marks
    Cards(CardsArgs),
    /// Print the Capitán quick-reference sheet (PDF)
    Qrs(QrsArgs),
    /// Print a list's roster (PDF, Markdown or HTML by the output's extension)
    Roster(RosterArgs),
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

/// A unit given as `SHEET` or `SHEET:FIGURES`.
#[derive(Debug, Clone)]
pub struct UnitArg {
    pub sheet: String,
    pub figures: Option<u32>,
}

impl std::str::FromStr for UnitArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.split_once(':') {
            None => Ok(UnitArg {
                sheet: s.to_owned(),
                figures: None,
            }),
            Some((sheet, n)) => n
                .parse()
                .map(|f| UnitArg {
                    sheet: sheet.to_owned(),
                    figures: Some(f),
                })
                .map_err(|_| format!("expected SHEET or SHEET:FIGURES, found `{s}`")),
        }
    }
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

impl From<DieArg> for crate::capitan::model::Die {
    fn from(d: DieArg) -> Self {
        use crate::capitan::model::Die;
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum PreviewFormat {
    #[default]
    Text,
    Json,
}

#[derive(Debug, Args)]
pub struct PreviewOutput {
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: PreviewFormat,
    /// Also draw the distribution to an SVG or PNG file
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<PathBuf>,
}

#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum PreviewCommand {
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
    pub crew: Option<crate::cli::QualityArg>,
    /// Ammunition
    #[arg(long, value_enum)]
    pub ammo: crate::capitan::preview::artillery::Ammunition,
    /// Range
    #[arg(long, value_enum)]
    pub range: crate::capitan::preview::artillery::GunRange,
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

value_enum_for!(QualityArg => Quality { Elite, Veteran, Regular, Militia });

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum LangArg {
    #[default]
    Fr,
    Es,
    En,
}

#[derive(Debug, Args)]
pub struct CardsArgs {
    /// The list whose units to print (checked first)
    pub list: Option<PathBuf>,
    /// A sheet to print (repeatable), optionally with figures: gb-95th-riflemen:8
    #[arg(long = "sheet", value_name = "ID[:FIGURES]")]
    pub sheets: Vec<UnitArg>,
    /// The PDF to write
    #[arg(short, long, value_name = "FILE.pdf")]
    pub output: PathBuf,
    /// Paper size
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: crate::render::sheet::Paper,
    /// Card size
    #[arg(long, value_enum, default_value = "poker")]
    pub card: crate::render::sheet::CardSize,
    /// Language of the cards
    #[arg(long, value_enum, default_value_t)]
    pub lang: LangArg,
    /// Add a page of backs after each page of fronts (mirrored for long-edge duplex)
    #[arg(long)]
    pub backs: bool,
    /// Print the cards of a list that has errors
    #[arg(long)]
    pub allow_invalid: bool,
    /// Directory of templates overriding the built-in ones
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct QrsArgs {
    /// The PDF to write
    #[arg(short, long, value_name = "FILE.pdf")]
    pub output: PathBuf,
    /// Paper size
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: crate::render::sheet::Paper,
    /// Language
    #[arg(long, value_enum, default_value_t)]
    pub lang: LangArg,
    /// Directory of templates overriding the built-in ones
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct RosterArgs {
    /// The list file
    pub list: PathBuf,
    /// The file to write: .pdf, .md or .html
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Paper size (PDF)
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: crate::render::sheet::Paper,
    /// Language
    #[arg(long, value_enum, default_value_t)]
    pub lang: LangArg,
    /// Directory of templates overriding the built-in ones
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}
