//! muster: army lists, unit cards and combat previews for horse-and-musket wargames, each rule
//! system a ruleset behind one boundary (`rulesets`).
//!
//! Dependencies point one way: `core` (generic: sources, diagnostics, dice, catalogues) ←
//! `rulesets::<ruleset>` (model ← data ← rules, previews, views) ← `rulesets` (the boundary:
//! [`rulesets::Engine`]) ← `ops` (the operations the command line and the web app both call) ←
//! `event` (a club event: its file, entries checked, rounds, standings) ← `commands`, `serve` ←
//! [`run`]. `render` typesets what templates produce and
//! knows no ruleset; `cli` is the only module that knows clap.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]
// Diagnostics are data returned by value from cold paths (a malformed file); boxing them
// would buy nothing.
#![allow(clippy::result_large_err)]

pub mod cli;
pub mod commands;
pub mod core;
pub mod event;
pub mod ops;
pub mod render;
pub mod rulesets;
pub mod serve;

use clap::FromArgMatches;

use cli::{Cli, Command, DataCommand, SheetsAction};
use core::error::Error;
use core::source::Sources;
use rulesets::SheetFilter;

/// Parses the arguments, runs the command and returns the process exit code:
/// 0 ok, 1 the input is invalid, 2 usage error or unreadable file.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    // A preview of units of a list or a game is of that list's ruleset. Where --ruleset says
    // another that has not the procedure asked for (clap would say "unrecognized
    // subcommand"), the unit's ruleset is named; where it has it, the preview says whose the
    // list is.
    if cli::names_subcommand(&args, "preview") {
        if let Some((unit, r)) = commands::preview::ruleset_of_units(&args) {
            let has = |r: rulesets::Ruleset| {
                r.meta()
                    .procedures
                    .iter()
                    .any(|p| args.iter().any(|a| a.to_str() == Some(p.name)))
            };
            if !has(r) {
            } else if !cli::has_ruleset_flag(&args) {
                args.splice(1..1, ["--ruleset".into(), r.id().into()]);
            } else if cli::scan_ruleset(&args) != r && !has(cli::scan_ruleset(&args)) {
                eprintln!(
                    "error: {unit} is of {} ({}), and --ruleset says {}: leave --ruleset out (a preview takes the ruleset of its units' list or game; --ruleset is for sheet ids)",
                    r.title(),
                    r.id(),
                    cli::scan_ruleset(&args).id()
                );
                return 2;
            }
        }
    }
    let command = Cli::command_for(cli::scan_ruleset(&args));
    let parsed = command
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            // Through `print!`/`eprint!`: captured with a test's output when run in-process.
            use std::io::IsTerminal;
            let to_err = e.use_stderr();
            let terminal = if to_err {
                std::io::stderr().is_terminal()
            } else {
                std::io::stdout().is_terminal()
            };
            let styled = e.render();
            let text = if terminal && std::env::var_os("NO_COLOR").is_none() {
                styled.ansi().to_string()
            } else {
                styled.to_string()
            };
            if to_err {
                eprint!("{text}");
                return 2;
            }
            print!("{text}");
            return 0;
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
    let flag = cli.ruleset;
    let ruleset = flag.unwrap_or_default();
    let mut sources = Sources::new();
    match cli.command {
        Command::Data {
            command: DataCommand::Check,
        } => commands::data::check(&dirs, flag),
        Command::Rulesets(args) => commands::rulesets::run(args.format),
        Command::Sheets(args) => {
            let engine = commands::load_engine(ruleset, &dirs, &mut sources)?;
            match args.action {
                Some(SheetsAction::Show { id, format, lang }) => {
                    commands::sheets::show(engine.as_ref(), &id, format, lang)
                }
                Some(SheetsAction::New { id, from, edit }) => {
                    commands::sheets::new(engine.as_ref(), &id, &from, edit)
                }
                None => {
                    let filter = SheetFilter {
                        nation: args.nation,
                        coalition: args.coalition,
                        kind: args.kind,
                        arm: args.arm,
                        campaign: args.campaign,
                        army: args.army,
                    };
                    commands::sheets::list(engine.as_ref(), &filter, args.format, args.lang)
                }
            }
        }
        Command::Skills(args) => {
            let engine = commands::load_engine(ruleset, &dirs, &mut sources)?;
            commands::skills::run(engine.as_ref(), args.format, args.lang)
        }
        Command::Check(args) => commands::check::run(
            &dirs,
            flag,
            &args.list,
            args.against.as_deref(),
            args.format,
            args.lang.map(Into::into),
        ),
        Command::List { roster, command } => commands::list::run(&dirs, flag, command, roster),
        Command::Game { command } => commands::game::run(&dirs, command),
        Command::Event { command } => commands::event::run(&dirs, flag, command),
        Command::Career { command } => commands::career::run(&dirs, ruleset, command),
        Command::Preview { command } => commands::preview::run(&dirs, command),
        Command::Cards(args) => commands::print::run_cards(&dirs, flag, &args),
        Command::Qrs(args) => commands::print::run_qrs(&dirs, flag, &args),
        Command::Roster(args) => commands::print::run_roster(&dirs, flag, &args),
        Command::Matchups(args) => commands::matchups::run(&dirs, flag, &args),
        Command::Score(args) => commands::score::run(&dirs, flag, &args),
        Command::Schema(args) => commands::schema::run(&args.out, args.check),
        Command::Serve(args) => serve::run(serve_options(args, dirs)?),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command_for(ruleset), "muster", &mut out);
            commands::print_out(&String::from_utf8_lossy(&out))?;
            Ok(0)
        }
        Command::Manpage { out } => {
            let pages = Cli::manual_pages(ruleset)
                .map_err(|e| Error::Usage(format!("cannot write the manual pages: {e}")))?;
            let files: Vec<_> = pages
                .into_iter()
                .map(|(name, roff)| (out.join(name), roff))
                .collect();
            core::output::write_all_new(&files)?;
            eprintln!("wrote {} manual pages in {}", files.len(), out.display());
            Ok(0)
        }
    }
}

/// `muster serve`'s arguments as the server's options: `--lan` listens on every address
/// (with pairing, as any address but loopback); the names checked.
fn serve_options(
    args: cli::ServeArgs,
    dirs: Vec<std::path::PathBuf>,
) -> Result<serve::Options, Error> {
    let host = match (args.host, args.lan) {
        (Some(h), true) if h.is_loopback() => {
            return Err(Error::Usage(format!(
                "--lan listens on the network, --host {h} on this computer only: give one of them"
            )))
        }
        (Some(h), _) => h,
        (None, true) => std::net::Ipv4Addr::UNSPECIFIED.into(),
        (None, false) => std::net::Ipv4Addr::LOCALHOST.into(),
    };
    for name in &args.names {
        serve::check_name(name)?;
    }
    Ok(serve::Options {
        host,
        port: args.port,
        lists: args.lists,
        games: args.games,
        careers: args.careers,
        dirs,
        open: args.open,
        names: args.names,
        event: args.event,
    })
}
