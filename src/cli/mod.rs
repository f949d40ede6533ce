//! The command line (clap derive). Each field's doc comment is its help text. Everything here
//! is parsed, then converted into the library's own types: no library type derives clap.
//!
//! `muster preview` has different procedures per ruleset, chosen by `--ruleset` (see
//! [`preview`]): the arguments are scanned for it before clap builds the command.

pub mod event;
pub mod preview;
pub mod serve;
pub mod values;

pub use event::{EventCommand, GameSidesArg, ResultArg};
pub use serve::ServeArgs;
pub use values::{CheckFormat, LangArg, PaperArg};

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::render::sheet::CardSize;
use crate::rulesets::Ruleset;

#[derive(Debug, Parser)]
#[command(
    name = "muster",
    version = crate::core::builtin::VERSION,
    about = "Army lists, unit cards and combat previews for horse-and-musket wargames",
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// Data directory holding one folder per ruleset (named by its id); repeatable, each a
    /// layer: a later one adds sheets or replaces those of the same id. Default: $MUSTER_DATA
    /// (a path list), else ./unit-sheets when it has a ruleset's folder, else the data built
    /// into muster; the player's ./my-sheets/ is read last when present.
    #[arg(long = "data", value_name = "DIR", global = true)]
    pub data: Vec<PathBuf>,

    /// The rule system, for commands that do not read a list (lists say their own); the
    /// first one of `muster rulesets` by default.
    #[arg(long, value_name = "ID", global = true, value_parser = parse_ruleset)]
    pub ruleset: Option<Ruleset>,

    #[command(subcommand)]
    pub command: Command,
}

fn parse_ruleset(s: &str) -> Result<Ruleset, String> {
    s.parse()
}

impl Cli {
    /// The clap command with the `preview` procedures of `ruleset`.
    pub fn command_for(ruleset: Ruleset) -> clap::Command {
        use clap::CommandFactory;
        Cli::command().mut_subcommand("preview", |_| preview::command(ruleset))
    }

    /// The manual pages of muster and of each of its commands, as clap_mangen writes them
    /// (`muster.1`, `muster-list-share.1`, …): file names and roff.
    pub fn manual_pages(ruleset: Ruleset) -> Result<Vec<(String, Vec<u8>)>, std::io::Error> {
        fn pages(
            cmd: clap::Command,
            out: &mut Vec<(String, Vec<u8>)>,
        ) -> Result<(), std::io::Error> {
            for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
                pages(sub.clone(), out)?;
            }
            let man = clap_mangen::Man::new(cmd);
            let mut roff = Vec::new();
            man.render(&mut roff)?;
            out.push((man.get_filename(), roff));
            Ok(())
        }
        let mut cmd = Cli::command_for(ruleset).disable_help_subcommand(true);
        cmd.build();
        let mut out = Vec::new();
        pages(cmd, &mut out)?;
        out.sort();
        Ok(out)
    }
}

/// The value of `--ruleset` in raw arguments (before clap), so that the command can be built
/// with that ruleset's previews. An unknown value is left to clap to report.
pub fn scan_ruleset<T: Into<OsString> + Clone>(args: &[T]) -> Ruleset {
    let args: Vec<OsString> = args.iter().cloned().map(Into::into).collect();
    let mut iter = args.iter().skip(1);
    while let Some(arg) = iter.next() {
        let Some(arg) = arg.to_str() else { continue };
        if arg == "--" {
            break;
        }
        let value = if arg == "--ruleset" {
            iter.next().and_then(|v| v.to_str())
        } else {
            arg.strip_prefix("--ruleset=")
        };
        if let Some(v) = value {
            return v.parse().unwrap_or_default();
        }
    }
    Ruleset::default()
}

/// Whether `--ruleset` is given (before any `--`).
pub fn has_ruleset_flag<T: Into<OsString> + Clone>(args: &[T]) -> bool {
    args.iter()
        .skip(1)
        .map(|a| a.clone().into())
        .take_while(|a| a != "--")
        .any(|a| a == "--ruleset" || a.to_str().is_some_and(|a| a.starts_with("--ruleset=")))
}

/// Whether the command line's first word that is no flag (nor a global flag's value) is
/// `name`: `muster --data D preview …`.
pub fn names_subcommand<T: Into<OsString> + Clone>(args: &[T], name: &str) -> bool {
    let args: Vec<OsString> = args.iter().cloned().map(Into::into).collect();
    let mut iter = args.iter().skip(1);
    while let Some(a) = iter.next() {
        let Some(a) = a.to_str() else { return false };
        if matches!(a, "--data" | "--ruleset") {
            iter.next();
            continue;
        }
        if a.starts_with('-') {
            continue;
        }
        return a == name;
    }
    false
}

// Parsed once per run: the size of the variants does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check an army list: legality, cost, what to fix
    Check(CheckArgs),
    /// Create or edit an army list (comments and layout are kept)
    List {
        /// After an edit, print the whole roster and every diagnostic as `muster check`
        /// does (by default an edit prints one line: what changed, the total, whether the
        /// list is valid, and its errors)
        #[arg(long, global = true)]
        roster: bool,
        #[command(subcommand)]
        command: ListCommand,
    },
    /// A game at the table: casualties and states tracked, undone, shown and scored
    Game {
        #[command(subcommand)]
        command: GameCommand,
    },
    /// A club event in one file: entries checked, Swiss rounds, results, standings
    Event {
        #[command(subcommand)]
        command: EventCommand,
    },
    /// A player's career: victory points game after game, the rank they earn (rulesets with
    /// careers)
    Career {
        #[command(subcommand)]
        command: CareerCommand,
    },
    /// Exact outcome distributions (the procedures depend on --ruleset)
    Preview {
        #[command(subcommand)]
        command: preview::PreviewCommand,
    },
    /// Print unit cards (PDF), 9 poker cards to a page with crop marks; or each card as SVG
    Cards(CardsArgs),
    /// Print a ruleset's quick-reference sheet (PDF)
    Qrs(QrsArgs),
    /// Print a list's roster (PDF, Markdown or HTML by the output's extension)
    Roster(RosterArgs),
    /// Each unit of a list against each unit of another, for every duel of their ruleset:
    /// what each is expected to inflict, and the preview that gives it
    Matchups(MatchupsArgs),
    /// Score a finished battle from its post-battle file (rulesets with scoring)
    Score(ScoreArgs),
    /// List unit sheets, or show one
    Sheets(SheetsArgs),
    /// List the skills or special rules units may buy
    Skills(SkillsArgs),
    /// The rule systems muster knows and what it does for each
    Rulesets(FormatArgs),
    /// Check the data directories
    Data {
        #[command(subcommand)]
        command: DataCommand,
    },
    /// Write the JSON Schemas of the sheet and list formats (for editors)
    Schema(SchemaArgs),
    /// The list builder in a browser: a local web app on http://127.0.0.1:8808
    Serve(ServeArgs),
    /// Print a shell completion script
    Completions {
        /// The shell to complete for
        shell: clap_complete::Shell,
    },
    /// Write muster's manual pages (muster.1 and one per command; scripts/package installs them)
    #[command(hide = true)]
    Manpage {
        /// The folder to write them in (made when missing; no page already there is replaced)
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The list file (TOML)
    pub list: PathBuf,
    /// The opposing list: also check the ±10% balance between the two
    #[arg(long, value_name = "OTHER")]
    pub against: Option<PathBuf>,
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: CheckFormat,
    /// The language of the diagnostics and the roster (default: the list's `lang`, else English)
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
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
        /// The points limit (rulesets whose lists have points)
        #[arg(long)]
        points: Option<u32>,
        /// The army's side, for rulesets whose lists have one (allies, empire)
        #[arg(long)]
        coalition: Option<String>,
        /// The campaign id, for rulesets whose lists have one (e.g. peninsula)
        #[arg(long)]
        campaign: Option<String>,
        /// The player's rank, for rulesets whose lists have one (e.g. lieutenant)
        #[arg(long)]
        rank: Option<String>,
        /// The army of the data the list is drawn from (rulesets with army lists)
        #[arg(long)]
        army: Option<String>,
        /// Overwrite the file if it exists
        #[arg(long)]
        force: bool,
    },
    /// Add a unit at the end of a list
    Add {
        /// The list file
        file: PathBuf,
        /// Sheet (or entry): its id, or its name in any language of the ruleset (case and
        /// accents aside)
        #[arg(value_name = "ID|NAME")]
        id: String,
        /// Figures (troops, a gun's crew, a battery's gunners; command units and generals
        /// need none): `muster sheets show ID` gives the legal range
        #[arg(long)]
        figures: Option<u32>,
        /// A skill to take, by id or name (repeatable; rulesets whose units buy skills)
        #[arg(long = "skill", value_name = "ID|NAME")]
        skills: Vec<String>,
        /// An option (repeatable; rulesets whose units buy options or join a brigade): one
        /// to buy (flag, musician, elite=N, heavy-armour), or brigade=ID, with commander=NAME
        /// and rating=N (2–12) for a new brigade, brigade-name=NAME; size=small|standard|large.
        /// An option or a size may be given by its name in any language of the ruleset
        #[arg(long = "option", value_name = "OPTION")]
        options: Vec<String>,
        /// A battery's guns (rulesets whose batteries buy guns)
        #[arg(long, value_name = "N")]
        guns: Option<u32>,
        /// A label for the unit
        #[arg(long)]
        label: Option<String>,
        /// The rank's free skill (rulesets with ranks), for the unit being added (SKILL) or
        /// for unit UNIT of the list (UNIT:SKILL)
        #[arg(long, value_name = "[UNIT:]SKILL")]
        free_skill: Option<FreeSkillArg>,
        /// Language of what it prints (default: the list's `lang`, else English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Change unit N where it stands (its number, its comments and the rest of the list
    /// stay): its figures, label, skills or options, checked as `list add` checks a new unit
    Set {
        /// The list file
        file: PathBuf,
        /// 1-based unit number, as `muster check` numbers them
        #[arg(value_name = "N")]
        index: usize,
        /// Figures (troops, a gun's crew, a battery's gunners; elements)
        #[arg(long)]
        figures: Option<u32>,
        /// A new label (`--label ""` removes it)
        #[arg(long)]
        label: Option<String>,
        /// The unit's skills become these, by id or name (repeatable; rulesets whose units buy
        /// skills)
        #[arg(long = "skill", value_name = "ID|NAME", conflicts_with = "no_skills")]
        skills: Vec<String>,
        /// The unit takes no skill
        #[arg(long)]
        no_skills: bool,
        /// An option to give or change (repeatable; replaces the unit's option of that name:
        /// elite=4, brigade=ID, size=large; flag, musician)
        #[arg(long = "option", value_name = "OPTION")]
        options: Vec<String>,
        /// The unit's options are removed (before the --option given, if any)
        #[arg(long)]
        no_options: bool,
        /// A battery's guns
        #[arg(long, value_name = "N")]
        guns: Option<u32>,
        /// The rank's free skill goes to this unit (rulesets with ranks; a list has one)
        #[arg(long, value_name = "SKILL", conflicts_with = "no_free_skill")]
        free_skill: Option<String>,
        /// The rank's free skill leaves this unit
        #[arg(long)]
        no_free_skill: bool,
        /// Language of what it prints (default: the list's `lang`, else English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Move unit N to place M; the units between shift by one
    Move {
        /// The list file
        file: PathBuf,
        /// 1-based unit number, as `muster check` numbers them
        #[arg(value_name = "N")]
        index: usize,
        /// Its new place (1 is the first)
        #[arg(long, value_name = "M")]
        to: usize,
        /// Language of what it prints (default: the list's `lang`, else English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Remove the unit at INDEX (1-based, as `muster check` numbers them)
    Remove {
        /// The list file
        file: PathBuf,
        /// 1-based unit number
        index: usize,
        /// Language of what it prints (default: the list's `lang`, else English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// One line of text carrying the list, the player's own sheets it uses and what each unit
    /// was priced with, for the opponent (a chat, a forum, a QR code): `muster list import`
    /// reads it
    Share {
        /// The list file
        file: PathBuf,
        /// Also draw the code as a QR code (FILE.svg or FILE.png)
        #[arg(long, value_name = "FILE")]
        qr: Option<PathBuf>,
    },
    /// Write the list a share code carries (and the sheets it carried, into my-sheets/),
    /// never over a file already there
    Import {
        /// The code (MU3:…, or an earlier MU2:… or MU1:…), a file holding it, or - for standard input
        #[arg(value_name = "CODE|FILE|-")]
        code: String,
        /// The list file to write (default: lists/NAME.toml, NAME the sharer's)
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Accept today's data: record again what each unit is priced with (its points, the values
    /// of its sheet or entry), after `muster check` said the data changed. Only the records
    /// change; nothing is written when they already say today's data
    Update {
        /// The list file
        file: PathBuf,
        /// Language of what it prints (default: the list's `lang`, else English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
}

#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// Start a game between two lists: a game file naming them, every unit at full strength
    New {
        /// The game file to create (games/NAME.toml)
        file: PathBuf,
        /// Side a's list
        #[arg(long, value_name = "LIST")]
        list: PathBuf,
        /// Side b's list (of the same ruleset)
        #[arg(long, value_name = "LIST")]
        against: PathBuf,
        /// What is being played: a scenario, a place, a date
        #[arg(long, value_name = "TEXT")]
        scenario: Option<String>,
        /// Overwrite the file if it exists
        #[arg(long)]
        force: bool,
    },
    /// Mark what happened to a unit (or a side, or the turn); each mark is logged and can be
    /// undone
    #[command(group(clap::ArgGroup::new("change").required(true).args(["lost", "back", "state", "value", "turn"])))]
    Mark {
        /// The game file
        file: PathBuf,
        /// The unit: a3 (side a, its third unit), b1, or its label; a or b for --value
        unit: Option<String>,
        /// Figures (elements, casualties) it lost
        #[arg(long, value_name = "K")]
        lost: Option<u32>,
        /// Figures given back (a correction)
        #[arg(long, value_name = "K")]
        back: Option<u32>,
        /// A state it is now in (its ruleset's: `muster game show` lists them), or with
        /// --off no longer in
        #[arg(long, value_name = "STATE")]
        state: Option<String>,
        /// With --state: the unit leaves the state
        #[arg(long, requires = "state")]
        off: bool,
        /// A side's value (a or b as the unit): eighths=3, flags_taken=1 (rulesets that score
        /// them)
        #[arg(long, value_name = "ID=N")]
        value: Option<String>,
        /// The turn ends: the next begins (states of the turn cleared)
        #[arg(long)]
        turn: bool,
        /// Language of what it prints (default: side a's list's `lang`, else English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Undo the last mark (the file comes back as it was)
    Undo {
        /// The game file
        file: PathBuf,
        /// Language of what it prints (default: side a's list's `lang`, else English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Show the game: each unit's figures left and states, the sides' values, the last marks
    Show {
        /// The game file
        file: PathBuf,
        /// Output format
        #[arg(long, value_enum, default_value_t)]
        format: CheckFormat,
        /// Language of what it prints (default: side a's list's `lang`, else English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Score the game by its ruleset's victory rules (or print each side's losses)
    Score {
        /// The game file
        file: PathBuf,
        /// Output format
        #[arg(long, value_enum, default_value_t)]
        format: CheckFormat,
        /// Language of the result's words and names (default: English, the command line's,
        /// where the ruleset has it)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
}

#[derive(Debug, Subcommand)]
pub enum CareerCommand {
    /// Start a career (of --ruleset): the player's nation and arm, no victory points yet
    New {
        /// The career file to create (careers/NAME.toml)
        file: PathBuf,
        /// The nation served (`muster career new FILE --nation x` lists them)
        #[arg(long, value_name = "NATION")]
        nation: String,
        /// infantry or cavalry
        #[arg(long, value_name = "ARM")]
        arm: String,
        /// The player's name, as printed on rosters
        #[arg(long, value_name = "NAME")]
        player: Option<String>,
        /// Overwrite the file if it exists
        #[arg(long)]
        force: bool,
    },
    /// Add a game's victory points (the rank follows)
    Add {
        /// The career file
        file: PathBuf,
        /// The victory points the game gave
        #[arg(long, value_name = "N")]
        points: u32,
        /// The game file it was (`muster game new`): named in the career, never added twice
        #[arg(long, value_name = "GAME")]
        game: Option<PathBuf>,
    },
    /// Show the career: its victory points, its rank and what it gives, the next rank
    Show {
        /// The career file
        file: PathBuf,
        /// Output format
        #[arg(long, value_enum, default_value_t)]
        format: CheckFormat,
        /// Language of the advantages' words (default: English, the command line's, where the
        /// ruleset has it)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
}

#[derive(Debug, Subcommand)]
pub enum DataCommand {
    /// Load every data file and report every problem (exit 1 on any error); every ruleset
    /// found in the data directories, or only --ruleset
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
    /// Only sheets of this coalition (allies, empire)
    #[arg(long)]
    pub coalition: Option<String>,
    /// Only sheets of this kind (command, troop, artillery)
    #[arg(long)]
    pub kind: Option<String>,
    /// Only sheets of this arm (infantry, cavalry)
    #[arg(long)]
    pub arm: Option<String>,
    /// Only sheets valid for this campaign (id, e.g. peninsula)
    #[arg(long)]
    pub campaign: Option<String>,
    /// Only entries of this army (rulesets with army lists)
    #[arg(long)]
    pub army: Option<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Language of the table's heads, names and rules (default: English)
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

#[derive(Debug, Args)]
pub struct SkillsArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Language of the table's heads, names and rules (default: English)
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

#[derive(Debug, Subcommand)]
pub enum SheetsAction {
    /// Copy a sheet into your own data folder (./my-sheets/), under a new id or the same one
    /// (yours then takes its place), to change with your editor or in `muster serve`'s editor
    New {
        /// The new sheet's id (lowercase letters, digits and hyphens)
        id: String,
        /// The sheet to copy, by id or name
        #[arg(long, value_name = "ID|NAME")]
        from: String,
        /// Open it in $VISUAL or $EDITOR once written
        #[arg(long)]
        edit: bool,
    },
    /// Show one sheet: as its card says it (text), or every field (JSON)
    Show {
        /// The sheet: its id, or its name in any language of the ruleset
        #[arg(value_name = "ID|NAME")]
        id: String,
        /// Output format
        #[arg(long, value_enum, default_value_t)]
        format: Format,
        /// Language of the text (default: the ruleset's first)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
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

/// `SKILL` or `UNIT:SKILL`.
#[derive(Debug, Clone)]
pub struct FreeSkillArg {
    pub unit: Option<usize>,
    pub skill: String,
}

impl std::str::FromStr for FreeSkillArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.split_once(':') {
            None => Ok(Self {
                unit: None,
                skill: s.to_owned(),
            }),
            Some((unit, skill)) => match unit.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(Self {
                    unit: Some(n),
                    skill: skill.to_owned(),
                }),
                _ => Err(format!(
                    "expected SKILL or UNIT:SKILL with UNIT a unit number from 1, found `{s}`"
                )),
            },
        }
    }
}

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum CardArg {
    /// 63 × 88 mm, 9 to a page
    #[default]
    Poker,
    /// 70 × 120 mm, 4 to a page
    Tarot,
    /// 105 × 148 mm, 2 to a page
    A6,
}

impl From<CardArg> for CardSize {
    fn from(c: CardArg) -> Self {
        match c {
            CardArg::Poker => CardSize::Poker,
            CardArg::Tarot => CardSize::Tarot,
            CardArg::A6 => CardSize::A6,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CardsFormat {
    /// Cards imposed on paper, with crop marks
    Pdf,
    /// One card, card-sized, as the printed card draws it
    Svg,
}

#[derive(Debug, Args)]
pub struct CardsArgs {
    /// The list whose units to print (checked first)
    pub list: Option<PathBuf>,
    /// A sheet to print, by id or name (repeatable), optionally with figures: gb-95th-riflemen:8
    #[arg(long = "sheet", value_name = "ID[:FIGURES]")]
    pub sheets: Vec<UnitArg>,
    /// The PDF (or SVG) to write; - for standard output
    #[arg(short, long, value_name = "FILE.pdf")]
    pub output: PathBuf,
    /// What to write (default: SVG for an output named .svg, else PDF). SVG: each card a
    /// card-sized document of its own, without paper, crop marks, ruler or backs; several
    /// cards are written to FILE-1.svg, FILE-2.svg, … (standard output takes one card)
    #[arg(long, value_enum)]
    pub format: Option<CardsFormat>,
    /// Paper size (PDF)
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperArg,
    /// Card size (default: the ruleset's, `muster rulesets` says which)
    #[arg(long, value_enum)]
    pub card: Option<CardArg>,
    /// Language of the cards (default: the list's `lang`, else the ruleset's first)
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
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
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperArg,
    /// Language (default: the list's `lang`, else the ruleset's first)
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Directory of templates overriding the built-in ones
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct MatchupsArgs {
    /// This side's list file
    pub list: PathBuf,
    /// The opponent's list file (of the same ruleset)
    #[arg(long, value_name = "LIST2")]
    pub against: PathBuf,
    /// A part of the situation, as the builder's previews offer it (repeatable), e.g.
    /// range=long; an unknown name is refused with the names the list's ruleset knows
    #[arg(long = "choice", value_name = "NAME=VALUE")]
    pub choices: Vec<String>,
    /// Play a house rule of the ruleset in every cell, as `muster preview --house-rule ID`
    /// does (repeatable); the lists' own house rules are played without it
    #[arg(long = "house-rule", value_name = "ID")]
    pub house_rules: Vec<String>,
    /// Output format: a table per procedure, or JSON for tools
    #[arg(long, value_enum, default_value_t)]
    pub format: CheckFormat,
    /// Language of the tables' words and the units' names (default: the list's `lang`, else
    /// English)
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The post-battle file (TOML): each side's losses, eighths held, flags, guns and
    /// generals taken
    pub file: PathBuf,
    /// Output format
    #[arg(long, value_enum, default_value_t)]
    pub format: CheckFormat,
    /// Language of the band's name (default: English, the command line's, where the ruleset
    /// has it)
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

/// `muster roster --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RosterFormatArg {
    Pdf,
    Md,
    Html,
    Text,
}

#[derive(Debug, Args)]
pub struct RosterArgs {
    /// The list file
    pub list: PathBuf,
    /// The file to write: .pdf, .md, .html or .txt (- for standard output)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// What to write (default: by the output's extension); `--format text` without -o prints
    /// the list as players post it in a chat or a forum
    #[arg(long, value_enum)]
    pub format: Option<RosterFormatArg>,
    /// Paper size (PDF)
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperArg,
    /// Language (default: the list's `lang`, else the ruleset's first)
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Directory of templates overriding the built-in ones
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own checks (unique ids and flags, valid defaults) on the command of every
    /// ruleset: each builds its `preview` procedures differently.
    #[test]
    fn every_rulesets_command_is_well_formed() {
        for ruleset in Ruleset::ALL {
            // `build` checks every subcommand, nested ones included.
            Cli::command_for(*ruleset).build();
        }
    }
}
