//! `muster event`'s arguments: the event file's commands (entries, rounds, results,
//! standings, the printed documents).

use std::path::PathBuf;

use clap::Subcommand;

use super::values::{CheckFormat, LangArg, PaperArg};

/// `muster event`: a club event in one file (entries, rounds, results, standings).
#[derive(Debug, Subcommand)]
pub enum EventCommand {
    /// Make a new event file: its name, ruleset (--ruleset), points, rounds and language;
    /// the data's fingerprint is recorded
    New {
        /// The event file to create (EVENT.toml)
        file: PathBuf,
        /// The event's name
        #[arg(long)]
        name: String,
        /// The most points a list may cost
        #[arg(long, value_name = "N")]
        points: u64,
        /// The rounds planned (default: as many as are paired)
        #[arg(long, value_name = "N")]
        rounds: Option<u32>,
        /// The language of the event's diagnostics (default: English)
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
        /// Replace an event file already there
        #[arg(long)]
        force: bool,
    },
    /// Add a player's entry (a share code or a list file), checked at once; adding again
    /// for the same player replaces their entry
    #[command(group(clap::ArgGroup::new("given").required(true).args(["code", "list"])))]
    Add {
        /// The event file
        file: PathBuf,
        /// The player's name
        #[arg(long)]
        player: String,
        /// The player's club (players of a club are kept apart in round 1)
        #[arg(long)]
        club: Option<String>,
        /// The list as a share code (`muster list share`)
        #[arg(long, value_name = "CODE")]
        code: Option<String>,
        /// The list as a file
        #[arg(long, value_name = "FILE")]
        list: Option<PathBuf>,
    },
    /// Check every entry against the event's data and rules: a table, or JSON
    Check {
        /// The event file
        file: PathBuf,
        #[arg(long, value_enum, default_value_t)]
        format: CheckFormat,
    },
    /// Pair the next round (round 1 at random with clubs apart, later rounds by standing)
    Pair {
        /// The event file
        file: PathBuf,
        /// The seed of the draw (default: drawn at random; recorded either way)
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        #[arg(long, value_enum, default_value_t)]
        format: CheckFormat,
        /// Also write the round's pairings as a PDF to pin on a wall
        #[arg(short, long, value_name = "FILE.pdf")]
        output: Option<PathBuf>,
        /// Paper size of the PDF
        #[arg(long, value_enum, default_value_t)]
        paper: PaperArg,
    },
    /// A round's pairings as a PDF to pin on a wall (tables, players, clubs, the bye)
    Pairings {
        /// The event file
        file: PathBuf,
        /// The round (default: the last one paired)
        #[arg(long, value_name = "N")]
        round: Option<u32>,
        /// The PDF to write
        #[arg(short, long, value_name = "FILE.pdf")]
        output: PathBuf,
        /// Paper size
        #[arg(long, value_enum, default_value_t)]
        paper: PaperArg,
    },
    /// Every entry's roster in one PDF, after a title page with the event and its players
    Booklet {
        /// The event file
        file: PathBuf,
        /// The PDF to write
        #[arg(short, long, value_name = "FILE.pdf")]
        output: PathBuf,
        /// Paper size
        #[arg(long, value_enum, default_value_t)]
        paper: PaperArg,
    },
    /// A player leaves the event: no later round pairs them; the standings keep them, marked
    Drop {
        /// The event file
        file: PathBuf,
        /// The player's name
        #[arg(long)]
        player: String,
    },
    /// Swap two players of the last round before it starts (a warning says what it breaks)
    Swap {
        /// The event file
        file: PathBuf,
        /// The round (the last one paired)
        #[arg(long, value_name = "N")]
        round: u32,
        /// The first player
        a: String,
        /// The second player
        b: String,
    },
    /// Enter a table's result (again, to correct it)
    Result {
        /// The event file
        file: PathBuf,
        #[arg(long, value_name = "N")]
        round: u32,
        #[arg(long, value_name = "T")]
        table: u32,
        /// Who won: a (the table's first player), b, or draw
        #[arg(long, value_enum, required_unless_present = "game")]
        result: Option<ResultArg>,
        /// Victory points of a and b, for the tie-breakers: 12-5
        #[arg(long, value_name = "A-B", conflicts_with = "game")]
        score: Option<String>,
        /// The result and both scores from a game the companion kept (`muster game`), scored
        /// by its ruleset's victory rules; its sides matched to the players by their lists
        #[arg(long, value_name = "GAME.toml", conflicts_with = "result")]
        game: Option<PathBuf>,
        /// Which side of --game is whose when their lists do not say: ab (the game's side a is
        /// the table's first player) or ba
        #[arg(long, value_enum, requires = "game")]
        game_sides: Option<GameSidesArg>,
    },
    /// The standings: tournament points, strength of schedule, score difference
    Standings {
        /// The event file
        file: PathBuf,
        #[arg(long, value_enum, default_value_t)]
        format: CheckFormat,
        /// Also write the standings as a PDF
        #[arg(short, long, value_name = "FILE.pdf")]
        output: Option<PathBuf>,
        /// Paper size of the PDF
        #[arg(long, value_enum, default_value_t)]
        paper: PaperArg,
    },
    /// Take the last action back (an entry, a pairing, a swap, a result, a drop)
    Undo {
        /// The event file
        file: PathBuf,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameSidesArg {
    Ab,
    Ba,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ResultArg {
    A,
    B,
    Draw,
}
