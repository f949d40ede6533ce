//! muster: army lists, unit cards and combat previews for horse-and-musket wargames, starting
//! with the Napoleonic skirmish rules Capitán.
//!
//! Dependencies point one way: `capitan::model` (plain data) ← `capitan::data` (reading TOML
//! with spans) ← `capitan` rules ← `commands` ← `run`. Generic pieces (`source`,
//! `diagnostic`, `output`, `suggest`) know nothing of Capitán.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]
// Diagnostics are data returned by value from cold paths (a malformed file); boxing them
// would buy nothing.
#![allow(clippy::result_large_err)]

pub mod capitan;
pub mod cli;
pub mod commands;
pub mod diagnostic;
pub mod dice;
pub mod error;
pub mod output;
pub mod render;
pub mod ruleset;
pub mod source;
pub mod suggest;
pub mod toml_file;

use clap::{CommandFactory, Parser};

use cli::{Cli, Command, DataCommand, SheetsAction};
use error::Error;
use source::Sources;

/// Parses the arguments, runs the command and returns the process exit code:
/// 0 ok, 1 the input is invalid, 2 usage error or unreadable file.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}

fn dispatch(cli: Cli) -> Result<u8, Error> {
    let dirs = commands::data_dirs(&cli.data);
    let mut sources = Sources::new();
    match cli.command {
        Command::Data {
            command: DataCommand::Check,
        } => commands::data::check(&dirs),
        Command::Sheets(args) => {
            let db = commands::load_database(&dirs, &mut sources)?;
            match args.action {
                Some(SheetsAction::Show { id, format }) => commands::sheets::show(&db, &id, format),
                None => {
                    let filter = commands::sheets::Filter {
                        nation: args.nation,
                        coalition: args.coalition.map(Into::into),
                        kind: args.kind.map(Into::into),
                        arm: args.arm.map(Into::into),
                        campaign: args.campaign,
                    };
                    commands::sheets::list(&db, &filter, args.format)
                }
            }
        }
        Command::Check(args) => {
            let db = commands::load_database(&dirs, &mut sources)?;
            commands::check::run(&db, &args.list, args.against.as_deref(), args.format)
        }
        Command::List { command } => {
            let db = commands::load_database(&dirs, &mut sources)?;
            commands::list::run(&db, command)
        }
        Command::Preview { command } => {
            let db = commands::load_database(&dirs, &mut sources)?;
            commands::preview::run(&db, command)
        }
        Command::Cards(args) => {
            let db = commands::load_database(&dirs, &mut sources)?;
            commands::print::run_cards(&db, &args)
        }
        Command::Qrs(args) => {
            let db = commands::load_database(&dirs, &mut sources)?;
            commands::print::run_qrs(&db, &args)
        }
        Command::Roster(args) => {
            let db = commands::load_database(&dirs, &mut sources)?;
            commands::print::run_roster(&db, &args)
        }
        Command::Skills(args) => {
            let db = commands::load_database(&dirs, &mut sources)?;
            commands::skills::run(&db, args.format)
        }
        Command::Schema(args) => commands::schema::run(&args.out, args.check),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "muster", &mut out);
            commands::print_out(&String::from_utf8_lossy(&out))?;
            Ok(0)
        }
    }
}
