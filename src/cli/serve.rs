//! `muster serve`'s arguments: where it listens, what it reads, whom it lets in.

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed on start)
    #[arg(long, default_value_t = 8808)]
    pub port: u16,
    /// The address to listen on (default 127.0.0.1, this computer only); any other address
    /// makes every browser pair first, as --lan does
    #[arg(long, value_name = "ADDRESS")]
    pub host: Option<std::net::IpAddr>,
    /// Listen on the network (every address, 0.0.0.0) for the phones at the table: prints a
    /// pairing link and its QR code for each of this computer's addresses; a browser opens it
    /// once, then keeps a session, and every other request is refused
    #[arg(long)]
    pub lan: bool,
    /// A name the server may be reached by besides its addresses (laptop.local); repeatable.
    /// Requests naming another host are refused (DNS rebinding)
    #[arg(long = "name", value_name = "NAME")]
    pub names: Vec<String>,
    /// The directory of the lists to open and edit
    #[arg(long, default_value = "lists", value_name = "DIR")]
    pub lists: PathBuf,
    /// The directory of the games played (created with the first game)
    #[arg(long, default_value = "games", value_name = "DIR")]
    pub games: PathBuf,
    /// The directory of the players' careers (a list's career is read only from the lists,
    /// games and careers directories)
    #[arg(long, default_value = "careers", value_name = "DIR")]
    pub careers: PathBuf,
    /// Serve one club event (`muster event new`): the organiser's page at /event (entries
    /// checked as they arrive, pairings, results, standings, each player's join link) and,
    /// by those links, each player's page on their phone (their list, table, result)
    #[arg(long, value_name = "EVENT.toml")]
    pub event: Option<PathBuf>,
    /// Open the page in the desktop's browser
    #[arg(long)]
    pub open: bool,
}
