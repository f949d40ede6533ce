//! `muster serve`: the list builder in the browser, on the same engine as the CLI. A local
//! HTTP server (axum on tokio) that serves pages and assets compiled into the binary and a
//! JSON API over the lists directory; every edit goes through the ruleset's engine and the
//! same locked, atomic writes as `muster list`, with the file's version as its entity tag.
//!
//! Security: names are plain file names inside the lists directory; requests whose Host or
//! Origin does not name this server (loopback, the machine's addresses, the names it was
//! given) are refused (DNS rebinding); bound elsewhere than loopback, every browser pairs
//! first ([`pairing`]); bodies over 1 MiB are refused; errors say what went wrong, never a
//! backtrace. Connections are served by muster's own accept loop ([`connections`]): a client
//! that sends no complete request head within 5 s of connecting (or of its previous answer)
//! is closed, and the connections open at once are bounded by the open-file limit, the one
//! waiting longest for a head closed for a newcomer, so that silent sockets cannot lock the
//! players out.

mod app;
mod catalogue;
mod check;
mod connections;
mod duels;
mod edits;
mod event;
mod event_player;
mod event_state;
mod games;
mod lists;
mod pages;
mod pairing;
mod phone;
mod print;
mod query;
mod reply;
mod share;
mod sheets;
pub mod store;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;

use crate::core::error::Error;
use crate::render::qr::Qr;
use app::{refuse, App};
use pairing::Pairing;
use store::Store;

/// The largest request body accepted (a list file is at most 4 MiB on disk, but the web
/// app's lists are far smaller; 1,000 units fit in well under 1 MiB).
pub const MAX_BODY: usize = 1024 * 1024;
/// The largest picture sent to `POST /api/import/picture`: a phone's photo is 2 to 10 MB (its
/// pixels are bounded again from its header before it is decoded: core::qr_read).
pub const MAX_PICTURE_BODY: usize = 16 * 1024 * 1024;

/// What `muster serve` was asked for.
pub struct Options {
    pub host: IpAddr,
    pub port: u16,
    pub lists: PathBuf,
    /// Where games are kept (made with the first game).
    pub games: PathBuf,
    /// Where careers are kept: with the lists and games folders, the only places a list may
    /// name a file (its career) that the server reads.
    pub careers: PathBuf,
    pub dirs: Vec<PathBuf>,
    pub open: bool,
    /// Names the server may be reached by besides its addresses (`laptop.local`), checked
    /// (letters, digits, `-` and `.`).
    pub names: Vec<String>,
    /// `--event EVENT.toml`: the one event file served (the organiser's page at /event, the
    /// players' pages by their join links).
    pub event: Option<PathBuf>,
}

/// Runs the server until SIGINT or SIGTERM; prints its address first.
pub fn run(options: Options) -> Result<u8, Error> {
    // Serving an event, no list is served: the store is the event's folder, never routed.
    let store = match &options.event {
        Some(path) => {
            let dir = path
                .canonicalize()
                .ok()
                .and_then(|p| p.parent().map(std::path::Path::to_path_buf))
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "--event {}: no such event file (`muster event new` makes one)",
                        path.display()
                    ))
                })?;
            Store::new(&dir)?
        }
        None => Store::new(&options.lists)?,
    };
    // Before the runtime opens its own files: the connections kept open at once follow.
    let open_files = connections::raise_open_files();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::Usage(format!("cannot start the server: {e}")))?;
    let result = runtime.block_on(serve(options, store, connections::bound(open_files)));
    // Work still running on blocking threads is not waited for: its clients are gone.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    result
}

async fn serve(options: Options, store: Store, connections: usize) -> Result<u8, Error> {
    let addr = SocketAddr::new(options.host, options.port);
    let listener = connections::listen(addr)
        .map_err(|e| Error::Usage(format!("cannot listen on {addr}: {e}")))?;
    let bound = listener
        .local_addr()
        .map_err(|e| Error::Usage(format!("cannot listen on {addr}: {e}")))?;
    let port = bound.port();
    let machine = pairing::machine_addresses();
    let own: Vec<IpAddr> = machine.iter().map(|a| a.ip.to_canonical()).collect();
    let with_port = |name: &str| {
        let mut v = vec![format!("{name}:{port}")];
        if port == 80 {
            v.push(name.to_owned());
        }
        v
    };
    let mut desktop_hosts: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .flat_map(|h| with_port(h))
        .collect();
    let mut hosts = desktop_hosts.clone();
    // 127.0.0.1 and ::1 are named above; another address (127.0.0.2 among them) is named by
    // itself, and the desktop's page opens there.
    let usual_loopback = options.host == IpAddr::from(std::net::Ipv4Addr::LOCALHOST)
        || options.host == IpAddr::from(std::net::Ipv6Addr::LOCALHOST);
    if !options.host.is_unspecified() && !usual_loopback {
        let bound_host = pairing::authority(options.host, port);
        desktop_hosts.push(bound_host.clone());
        hosts.push(bound_host);
    }
    if options.host.is_unspecified() {
        // Bound to every address: each of the machine's names this server.
        for a in &machine {
            hosts.extend(with_port(&pairing::host_of(a.ip)));
        }
    }
    for name in &options.names {
        hosts.extend(with_port(&name.to_ascii_lowercase()));
    }
    hosts.dedup();
    // Where the desktop opens the page: loopback, unless bound to one other address.
    let desktop = if options.host.is_unspecified() || usual_loopback {
        let lo: IpAddr = if options.host.is_ipv6() {
            std::net::Ipv6Addr::LOCALHOST.into()
        } else {
            std::net::Ipv4Addr::LOCALHOST.into()
        };
        pairing::authority(lo, port)
    } else {
        pairing::authority(options.host, port)
    };
    let pairing = if options.host.is_loopback() {
        None
    } else {
        Some(Pairing::new(port)?)
    };
    let event = options
        .event
        .as_deref()
        .map(|p| event_state::EventServe::open(p, port))
        .transpose()?;
    let mut phone_urls = Vec::new();
    let mut phone_codes = Vec::new();
    if let Some(p) = &pairing {
        for ip in pairing::lan_addresses(&machine, options.host) {
            let url = p.url(&pairing::authority(ip, port));
            let qr = Qr::encode(&url)?;
            phone_codes.push((format!("http://{}", pairing::authority(ip, port)), qr.svg()));
            phone_urls.push((url, qr));
        }
    }
    let url = match &pairing {
        Some(p) => p.url(&desktop),
        None if event.is_some() => format!("http://{desktop}/event"),
        None => format!("http://{desktop}/"),
    };
    let games = std::sync::OnceLock::new();
    if options.games.is_dir() {
        let _ = games.set(Store::of(&options.games, "game")?);
    }
    // The player's own sheets are read last, whether or not the folder is there yet (the sheet
    // editor makes it).
    let player_dir = PathBuf::from(crate::ops::PLAYER_DATA);
    let mut dirs = options.dirs;
    if !dirs.iter().any(|d| d.ends_with(crate::ops::PLAYER_DATA)) {
        dirs.push(player_dir.clone());
    }
    let app = Arc::new(App {
        store,
        games_dir: options.games.clone(),
        games,
        careers_dir: options.careers.clone(),
        dirs,
        player_dir,
        engines: Mutex::new(HashMap::new()),
        hosts,
        desktop_hosts,
        own,
        pairing,
        phone_codes,
        event,
    });
    // With --event the server serves that event only: its pages and API, no lists, games
    // or sheets.
    let router = if app.event.is_some() {
        Router::new()
            .route(
                "/",
                get(|| async { axum::response::Redirect::to("/event") }),
            )
            .route("/event", get(event::page))
            .route("/api/event", get(event::state))
            .route("/api/event/version", get(event::version))
            .route("/api/event/entries", post(event::add))
            .route("/api/event/pair", post(event::pair))
            .route("/api/event/swap", post(event::swap))
            .route("/api/event/result", post(event::result))
            .route("/api/event/undo", post(event::undo))
            .route("/event/booklet.pdf", get(event::booklet_pdf))
            .route("/event/pairings.pdf", get(event::pairings_pdf))
            .route("/event/standings.pdf", get(event::standings_pdf))
            .route("/api/event/join", get(event::join_code))
            .route("/join/{token}", get(event_player::join))
            .route("/player", get(event_player::page))
            .route("/api/event/me", get(event_player::state))
            .route("/api/event/me/version", get(event::version))
            .route("/api/event/me/code", post(event_player::code))
            .route("/api/event/me/result", post(event_player::report))
            .route(
                "/api/event/me/picture",
                post(event_player::picture).layer(DefaultBodyLimit::max(MAX_PICTURE_BODY)),
            )
    } else {
        Router::new()
            .route("/", get(pages::index_page))
            .route("/lists/{name}", get(pages::builder_page))
            .route("/games/{name}", get(pages::game_page))
            .route("/api/games", get(games::list).post(games::create))
            .route("/api/games/{name}", get(games::get))
            .route("/api/games/{name}/mark", post(games::mark))
            .route("/api/games/{name}/undo", post(games::undo))
            .route("/api/games/{name}/odds", get(games::odds))
            .route("/api/games/{name}/score", get(games::score))
            .route("/lists/{name}/cards.pdf", get(print::cards))
            .route("/lists/{name}/roster.pdf", get(print::roster_pdf))
            .route("/lists/{name}/roster.html", get(print::roster_html))
            .route("/api/check", post(check::check))
            .route("/api/sheets", get(catalogue::sheets))
            .route("/sheets/edit", get(sheets::page))
            .route("/api/sheets/form", get(sheets::form))
            .route("/api/sheets/draft", post(sheets::draft))
            .route("/api/sheets/save", post(sheets::save))
            .route("/api/rulesets", get(catalogue::rulesets))
            .route("/api/rulesets/{id}/fields", get(catalogue::fields))
            .route("/api/lists", get(lists::lists).post(lists::create))
            .route(
                "/api/lists/{name}",
                get(lists::list).put(lists::put).delete(lists::delete),
            )
            .route("/api/lists/{name}/edit", post(edits::edit))
            .route("/api/lists/{name}/update", post(edits::update))
            .route("/api/lists/{name}/duplicate", post(lists::duplicate))
            .route("/api/lists/{name}/duel", get(duels::duel))
            .route("/api/lists/{name}/offers", get(lists::offers))
            .route("/api/lists/{name}/matchups", get(duels::matchups))
            .route("/api/lists/{name}/share", get(share::share))
            .route("/api/import", post(share::import))
            .route(
                "/api/import/picture",
                post(share::import_picture).layer(DefaultBodyLimit::max(MAX_PICTURE_BODY)),
            )
    };
    let router = router
        .route("/assets/{file}", get(asset))
        .route("/pair", get(phone::pair))
        .route("/api/pairing", get(phone::codes))
        .route("/manifest.webmanifest", get(phone::manifest))
        .fallback(pages::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app.clone());
    {
        // Written, not printed: a closed stdout (`| head -1`) is no reason to stop serving.
        use std::io::{IsTerminal, Write};
        let mut out = std::io::stdout().lock();
        let mut text = match &app.event {
            Some(ev) => format!("muster serve: {url} (the event {})\n", ev.name),
            None => format!(
                "muster serve: {url} (lists in {}, games in {})\n",
                options.lists.display(),
                options.games.display()
            ),
        };
        if app.pairing.is_some() {
            let colour = out.is_terminal() && std::env::var_os("NO_COLOR").is_none();
            text.push_str(&phone::start_lines(&phone_urls, colour));
        }
        let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    }
    // With a token, the browser opens a file of this user's only that leads to it: the
    // token stays out of the command lines other users of the machine can list.
    let _opener = if options.open {
        match &app.pairing {
            Some(_) => match phone::redirect_file(&url) {
                Ok(file) => {
                    open_browser(&file.path().display().to_string());
                    Some(file)
                }
                Err(e) => {
                    eprintln!("note: {e}; open the first address above in a browser");
                    None
                }
            },
            None => {
                open_browser(&url);
                None
            }
        }
    } else {
        None
    };
    // On SIGINT or SIGTERM: no new connection, a moment for answers being written, then the
    // process ends without waiting for work whose answer would come too late.
    let (stop, stopping) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown().await;
        let _ = stop.send(true);
    });
    let served = connections::serve(
        listener,
        router,
        Arc::new(connections::Connections::new(connections)),
        stopping.clone(),
    );
    let mut stopping = stopping;
    let grace = async move {
        let _ = stopping.wait_for(|s| *s).await;
        tokio::time::sleep(GRACE).await;
    };
    tokio::select! {
        () = served => {},
        () = grace => {},
    }
    eprintln!("muster serve: stopped");
    Ok(0)
}

/// How long answers under way may take to finish once the server is asked to stop.
const GRACE: std::time::Duration = std::time::Duration::from_millis(500);

/// Refuses requests whose Host or Origin does not name this server (DNS rebinding, other
/// sites' pages), bound elsewhere than loopback those of a browser not paired, and bodies
/// announced over the limit. It reads the request's head only: the body of a request it
/// refuses, an unpaired browser's among them, is never read (the connection is then closed,
/// or waits for its next head under the same time limit).
async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !app.names_us(host) {
        return refuse(
            StatusCode::FORBIDDEN,
            &format!(
                "Host `{}` is not this server's address: muster serve answers only to {}",
                host.escape_debug(),
                app.hosts[0]
            ),
        );
    }
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|h| h.to_str().ok()) {
        let ok = origin
            .strip_prefix("http://")
            .is_some_and(|o| app.names_us(o));
        if !ok {
            return refuse(
                StatusCode::FORBIDDEN,
                &format!(
                    "requests from pages of `{}` are refused: only muster's own pages may call it",
                    origin.escape_debug()
                ),
            );
        }
    }
    if let Some(p) = &app.pairing {
        let path = request.uri().path();
        // A player's phone, by their join link's cookie, reaches their own page only.
        let player = app
            .event
            .as_ref()
            .is_some_and(|ev| event_state::player_path(path) && ev.player_of(headers).is_some());
        if !phone::is_public(path) && !p.has_session(headers) && !player {
            return phone::unpaired(headers, path, false);
        }
    }
    let most = if matches!(
        request.uri().path(),
        "/api/import/picture" | "/api/event/me/picture"
    ) {
        MAX_PICTURE_BODY
    } else {
        MAX_BODY
    };
    if content_length(headers).is_some_and(|n| n > most as u64) {
        return refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the request body is over {} KiB", most / 1024),
        );
    }
    next.run(request).await
}

fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// `/assets/FILE`: the home screen's icons (drawn once from the SVG), else the pages' files.
async fn asset(path: axum::extract::Path<String>) -> Response {
    match path.as_str() {
        "icon.svg" | "icon-192.png" | "icon-512.png" => phone::icon(&path),
        _ => pages::asset(path).await,
    }
}

async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}

/// Opens the page in the desktop's browser, when there is one to ask.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .is_err()
    {
        eprintln!("note: could not start `{opener}`; open {url} in a browser");
    }
}

/// Checks a name given with `--name`: a host name (letters, digits, `-` and `.`, at most 253
/// characters), without a port or a scheme.
pub fn check_name(name: &str) -> Result<(), Error> {
    let ok = !name.is_empty()
        && name.len() <= 253
        && !name.starts_with(['.', '-'])
        && !name.ends_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    if ok {
        Ok(())
    } else {
        Err(Error::Usage(format!(
            "--name `{}`: a host name is letters, digits, `-` and `.` (laptop.local), without a port or http://",
            name.escape_debug()
        )))
    }
}
