//! The list builder in a real browser: headless Chromium driven over WebDriver (Debian's
//! `chromium` and `chromium-driver`; `scripts/test` installs them when missing). The new-list
//! form for two rulesets; the picker filtered to the list's army (Capitán, WAB) until asked;
//! a unit added with a skill and its figures pre-filled; edited in place, the cost and
//! diagnostics following; reordered; a stale page refused; the cards PDF; the matchup table
//! and a cell opening its duel with the same number; French; a phone-sized page. With
//! MUSTER_SCREENSHOTS=DIR the pages are saved there as PNG (the docs' screenshots).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

use crate::serve::Server;
use crate::{json, muster_in, root};

mod builder;
mod edit_form;
mod editor;
mod event;
mod game;
mod lists;
mod matchups;
mod new_list;
mod pairing;
mod share;
mod words;

/// chromedriver, in a process group of its own with the browsers it starts. Dropped (the
/// test done, passed or failed), the whole group is killed, and every process of it is
/// reaped: the test process is their subreaper ([`adopt_orphans`]), so that no browser is
/// left behind, neither running nor as a zombie of an init that does not reap (the suite
/// left four process trees under PID 1 after each run). The browsers write their scratch
/// folders (`org.chromium.Chromium.scoped_dir.*`, kept when a browser is killed) in a
/// temporary folder of the driver's own (its TMPDIR), removed with it: the suite left about
/// fifty of them, 7 MB each, in the machine's /tmp at each run.
struct Driver(Child, #[allow(dead_code)] tempfile::TempDir);

impl Drop for Driver {
    fn drop(&mut self) {
        let pid = self.0.id();
        #[cfg(target_os = "linux")]
        let theirs = descendants(pid);
        // The group's id is chromedriver's pid (process_group(0)).
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .stderr(Stdio::null())
            .status();
        let _ = self.0.kill();
        let _ = self.0.wait();
        #[cfg(target_os = "linux")]
        {
            // Reparented to this process, which reaps each ended browser process it has (and
            // the crash handlers the browsers started apart, which end with them), until
            // those of this driver are gone.
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(5) {
                reap_browsers();
                if theirs.iter().all(|p| !p.exists()) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

/// One process, known by its pid and its start time (a pid is reused once its process is
/// gone: the suite starts thousands).
#[cfg(target_os = "linux")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Proc {
    pid: u32,
    start: u64,
}

#[cfg(target_os = "linux")]
impl Proc {
    /// Whether the process is still there, running or a zombie.
    fn exists(&self) -> bool {
        procs().iter().any(|p| p.0 == *self)
    }
}

/// Reaps this process's children that are browsers' (chromium, its crash handler) and have
/// ended: never another test's child (a `muster` it runs), whose end its own wait reads.
#[cfg(target_os = "linux")]
fn reap_browsers() {
    let me = std::process::id();
    for (p, ppid, comm) in procs() {
        if ppid == me && (comm.contains("chrom") || comm.contains("crashpad")) {
            let mut status = 0;
            // SAFETY: waitpid on one pid, WNOHANG: never blocking.
            unsafe { libc::waitpid(p.pid as libc::pid_t, &mut status, libc::WNOHANG) };
        }
    }
}

/// Makes this test process the subreaper of its descendants (Linux): a browser whose
/// chromedriver is gone becomes its child, to be reaped, instead of init's.
#[cfg(target_os = "linux")]
fn adopt_orphans() {
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes one integer argument.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Every process: itself, its parent's pid and its command's name, read from /proc.
#[cfg(target_os = "linux")]
fn procs() -> Vec<(Proc, u32, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(p) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        // `pid (comm) state ppid … starttime (the 22nd field)`: the command may hold spaces
        // and parentheses.
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{p}/stat")) else {
            continue;
        };
        let Some((head, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let comm = head.split_once(" (").map_or("", |(_, c)| c).to_owned();
        let fields: Vec<&str> = rest.split(' ').collect();
        let (Some(ppid), Some(start)) = (
            fields.get(1).and_then(|x| x.parse().ok()),
            fields.get(19).and_then(|x| x.parse().ok()),
        ) else {
            continue;
        };
        out.push((Proc { pid: p, start }, ppid, comm));
    }
    out
}

/// Every process under `pid` (its children, theirs…).
#[cfg(target_os = "linux")]
fn descendants(pid: u32) -> Vec<Proc> {
    let all = procs();
    let mut found: Vec<Proc> = Vec::new();
    let mut parents = vec![pid];
    let mut i = 0;
    while i < parents.len() {
        let at = parents[i];
        for (p, pp, _) in &all {
            if *pp == at {
                found.push(*p);
                parents.push(p.pid);
            }
        }
        i += 1;
    }
    found
}

fn chromedriver() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MUSTER_CHROMEDRIVER") {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("chromedriver"))
            .find(|p| p.is_file())
    })
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn wait_for<F, Fut>(what: &str, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let start = Instant::now();
    while !f().await {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn text(c: &Client, css: &str) -> String {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// Clicks the element `css` finds, again if the page redrew it in between.
async fn click(c: &Client, css: &str) {
    let start = Instant::now();
    loop {
        let done = match c.find(Locator::Css(css)).await {
            Ok(e) => e.click().await.is_ok(),
            Err(_) => false,
        };
        if done {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "cannot click {css}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Types into the element `css` finds.
async fn type_in(c: &Client, css: &str, keys: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .send_keys(keys)
        .await
        .unwrap();
}

async fn shot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("MUSTER_SCREENSHOTS") {
        let png = c.screenshot().await.unwrap();
        std::fs::write(Path::new(&dir).join(name), png).unwrap();
    }
}

/// A chromedriver on a free port, or `None` when there is none and MUSTER_SKIP_BROWSER says
/// that is fine.
fn driver() -> Option<(Driver, u16)> {
    let Some(driver_path) = chromedriver() else {
        if std::env::var_os("MUSTER_SKIP_BROWSER").is_some() {
            eprintln!("skipped: no chromedriver (MUSTER_SKIP_BROWSER is set)");
            return None;
        }
        panic!(
            "no chromedriver on PATH: install Debian's chromium and chromium-driver (scripts/test does), or set MUSTER_SKIP_BROWSER=1"
        );
    };
    let port = free_port();
    #[cfg(target_os = "linux")]
    adopt_orphans();
    let scratch = tempfile::tempdir().expect("a temporary folder for the browsers");
    let mut cmd = Command::new(driver_path);
    cmd.arg(format!("--port={port}"))
        .env("TMPDIR", scratch.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let driver = Driver(cmd.spawn().expect("chromedriver starts"), scratch);
    Some((driver, port))
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A headless browser session of `width`×`height`, downloading into `downloads`.
async fn session(port: u16, size: (u32, u32), downloads: &Path) -> Client {
    session_with(port, size, downloads, &[], "en-US,en").await
}

/// [`session`] with more browser arguments and the languages it asks pages in.
async fn session_with(
    port: u16,
    (width, height): (u32, u32),
    downloads: &Path,
    args: &[&str],
    languages: &str,
) -> Client {
    let mut caps = serde_json::Map::new();
    let mut all = vec![
        "--headless=new".to_owned(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-dev-shm-usage".into(),
        format!("--window-size={width},{height}"),
        format!("--accept-lang={languages}"),
    ];
    all.extend(args.iter().map(|a| a.to_string()));
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "args": all,
            "prefs": {
                "download.default_directory": downloads,
                "download.prompt_for_download": false,
                "plugins.always_open_pdf_externally": true,
                "intl.accept_languages": languages
            }
        }),
    );
    let start = Instant::now();
    loop {
        let mut b = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
        match b
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => {
                viewport(&c, width, height).await;
                return c;
            }
            Err(e) => {
                assert!(
                    start.elapsed() < Duration::from_secs(20),
                    "cannot start a browser session: {e}"
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// One browser test's set-up: a chromedriver on a free port, the server (most tests start one
/// at once; the pairing test launches its own, [`Fixture::serve`]), a folder the browser
/// downloads into and the runtime the test's steps run on. Dropped, the test done, passed or
/// failed, its fields end in this order: the runtime, the downloads, the server, then the
/// driver, whose group ends with it every browser session it started ([`Driver`]).
struct Fixture {
    rt: tokio::runtime::Runtime,
    downloads: tempfile::TempDir,
    server: Option<Server>,
    /// Held to be dropped last: its group holds the browsers.
    _driver: Driver,
    port: u16,
}

impl Fixture {
    /// A driver, then a server of the test lists ([`Server::start`]); `None` when there is no
    /// chromedriver and MUSTER_SKIP_BROWSER says that is fine.
    fn start() -> Option<Self> {
        let mut f = Self::browser()?;
        f.serve(Server::start());
        Some(f)
    }

    /// A driver and no server yet.
    fn browser() -> Option<Self> {
        let (driver, port) = driver()?;
        Some(Fixture {
            rt: runtime(),
            downloads: tempfile::tempdir().unwrap(),
            server: None,
            _driver: driver,
            port,
        })
    }

    /// The server the pages come from, ended with the fixture.
    fn serve(&mut self, server: Server) {
        self.server = Some(server);
    }

    fn server(&self) -> &Server {
        self.server.as_ref().expect("the fixture serves")
    }

    /// Runs the test's steps to their end.
    fn run<F: std::future::Future>(&self, steps: F) -> F::Output {
        self.rt.block_on(steps)
    }

    /// Where the browser downloads.
    fn downloads(&self) -> &Path {
        self.downloads.path()
    }

    /// Opens the server's page `path` in the browser `c`.
    async fn page(&self, c: &Client, path: &str) {
        c.goto(&self.server().url(path)).await.unwrap();
    }

    /// A headless browser session of `width`×`height` in English ([`session`]).
    async fn session(&self, size: (u32, u32)) -> Client {
        session(self.port, size, self.downloads()).await
    }

    /// A session with more browser arguments and the languages it asks pages in
    /// ([`session_with`]).
    async fn session_with(&self, size: (u32, u32), args: &[&str], languages: &str) -> Client {
        session_with(self.port, size, self.downloads(), args, languages).await
    }
}

/// Sets the language the pages of `c` are shown in (as the language menu keeps it), from the
/// next page on.
async fn set_lang(c: &Client, lang: &str) {
    c.execute(
        &format!("localStorage.setItem('muster-lang', '{lang}');"),
        vec![],
    )
    .await
    .unwrap();
}

/// Sizes the window so that the page itself (its viewport) is `width`×`height`: a phone's
/// 390×844 is the page's size, not the window's with its frame.
async fn viewport(c: &Client, width: u32, height: u32) {
    c.set_window_size(width, height).await.unwrap();
    let inner = c
        .execute("return [window.innerWidth, window.innerHeight];", vec![])
        .await
        .unwrap();
    let frame =
        |i: usize, want: u32| want + want.saturating_sub(inner[i].as_u64().unwrap_or(0) as u32);
    c.set_window_size(frame(0, width), frame(1, height))
        .await
        .unwrap();
}

async fn select(c: &Client, css: &str, value: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

/// The value of a form field.
async fn value(c: &Client, css: &str) -> String {
    c.execute(
        &format!("const e = document.querySelector({css:?}); return e ? e.value : '';"),
        vec![],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap_or_default()
    .to_owned()
}

/// Whether any text of the page shows a backtick.
async fn shows_backticks(c: &Client) -> bool {
    c.execute("return document.body.innerText.includes('`');", vec![])
        .await
        .unwrap()
        .as_bool()
        .unwrap()
}

/// A test that ends without closing its browser (a failed assertion) leaves no browser
/// running: the driver's guard ends chromedriver and every browser it started (they were
/// left, reparented to init, after each run of the suite).
#[test]
#[cfg(target_os = "linux")]
fn a_browser_left_open_ends_with_its_test() {
    let Some((driver, port)) = driver() else {
        return;
    };
    let downloads = tempfile::tempdir().unwrap();
    let rt = runtime();
    let c = rt.block_on(session(port, (800, 600), downloads.path()));
    let browsers = descendants(driver.0.id());
    assert!(!browsers.is_empty(), "chromedriver started a browser");
    // The test ends here without `c.close()`, as a failed assertion would.
    drop(c);
    drop(driver);
    // Gone: neither running nor a zombie anywhere.
    let left: Vec<Proc> = browsers.iter().copied().filter(Proc::exists).collect();
    assert!(left.is_empty(), "browser processes left: {left:?}");
}
