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

/// chromedriver, in a process group of its own with the browsers it starts. Dropped (the
/// test done, passed or failed), the whole group is killed, and every process of it is
/// reaped: the test process is their subreaper ([`adopt_orphans`]), so that no browser is
/// left behind, neither running nor as a zombie of an init that does not reap (the suite
/// left four process trees under PID 1 after each run).
struct Driver(Child);

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
    let mut cmd = Command::new(driver_path);
    cmd.arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let driver = Driver(cmd.spawn().expect("chromedriver starts"));
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

#[test]
fn the_builder_in_a_real_browser() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1200), downloads.path()).await;
        let name = "sharpe-patrol.toml";
        let path = server.list(name);
        let original = std::fs::read_to_string(&path).unwrap();

        // The lists page; the new-list form follows the chosen ruleset.
        c.goto(&server.url("/")).await.unwrap();
        wait_for("the lists", || async {
            text(&c, "#lists").await.contains("Sharpe's patrol")
        })
        .await;
        shot(&c, "serve-lists.png").await;
        c.find(Locator::Css("#nl-ruleset"))
            .await
            .unwrap()
            .select_by_value("capitan")
            .await
            .unwrap();
        wait_for("Capitán's fields", || async {
            c.find(Locator::Css("select#nl-coalition")).await.is_ok()
                && c.find(Locator::Css("select#nl-campaign")).await.is_ok()
        })
        .await;
        assert!(c.find(Locator::Css("#nl-army")).await.is_err());
        assert!(text(&c, "#nl-campaign").await.contains("Peninsular War 1808 - 1814"));
        type_in(&c, "#nl-name", "new-army.toml").await;
        type_in(&c, "#nl-title", "My patrol").await;
        click(&c, "#new-list button[type=submit]").await;
        // Every missing field at once, in the page's words.
        wait_for("the fields' problems", || async {
            text(&c, "[data-field='coalition'] .problem").await == "Required."
                && text(&c, "[data-field='points'] .problem").await == "Required."
        })
        .await;
        assert_eq!(text(&c, "[data-field='campaign'] .problem").await, "Required.");
        assert_eq!(text(&c, "[data-field='rank'] .problem").await, "");
        c.find(Locator::Css("#nl-ruleset"))
            .await
            .unwrap()
            .select_by_value("wab-aca")
            .await
            .unwrap();
        wait_for("WAB's fields", || async {
            c.find(Locator::Css("select#nl-army")).await.is_ok()
        })
        .await;
        assert!(c.find(Locator::Css("#nl-coalition")).await.is_err());
        c.find(Locator::Css("#nl-army"))
            .await
            .unwrap()
            .select_by_value("russia-1812")
            .await
            .unwrap();
        type_in(&c, "#nl-points", "1500").await;
        click(&c, "#new-list button[type=submit]").await;
        wait_for("the new list's builder", || async {
            text(&c, "#total").await == "0 / 1500 pts"
        })
        .await;
        let created = crate::without_records(
            &std::fs::read_to_string(server.dir.path().join("new-army.toml")).unwrap(),
        );
        assert!(created.contains("army = \"russia-1812\"\npoints = 1500"), "{created}");
        // The WAB picker offers the list's army: Russia's, not France's until asked.
        wait_for("Russia's entries", || async {
            c.find(Locator::Css("button.offer[data-offer='ru-musketeers']")).await.is_ok()
        })
        .await;
        assert!(c.find(Locator::Css("button.offer[data-offer='fr-line-fusiliers']")).await.is_err());
        click(&c, "#show-all").await;
        wait_for("every army's entries", || async {
            c.find(Locator::Css("button.offer.foreign[data-offer='fr-line-fusiliers']")).await.is_ok()
        })
        .await;
        click(&c, "#show-all").await;
        // Musketeers with a flag and grenadier platoons: options as boxes, the elite figures
        // counted up to the entry's most.
        click(&c, "button.offer[data-offer='ru-musketeers']").await;
        wait_for("the options", || async {
            c.find(Locator::Css("#add input[data-count='elite']")).await.is_ok()
        })
        .await;
        let elite = c.find(Locator::Css("#add input[data-count='elite']")).await.unwrap();
        assert_eq!(elite.attr("max").await.unwrap().as_deref(), Some("8"));
        elite.clear().await.unwrap();
        elite.send_keys("4").await.unwrap();
        click(&c, "#add input[value='flag']").await;
        let figures = c.find(Locator::Css("#add input[name=figures]")).await.unwrap();
        assert_eq!(figures.prop("value").await.unwrap().as_deref(), Some("16"));
        click(&c, "#add button[data-action=submit]").await;
        wait_for("the musketeers", || async {
            let unit = text(&c, "#units article[data-unit='1']").await;
            unit.contains("Flag") && unit.contains("Elite figures ×4")
        })
        .await;
        let created = crate::without_records(
            &std::fs::read_to_string(server.dir.path().join("new-army.toml")).unwrap(),
        );
        assert!(
            created.ends_with("entry = \"ru-musketeers\"\nfigures = 16\nelite = 4\nflag = true\n"),
            "{created}"
        );

        // Open Sharpe's patrol: the picker shows the allies' sheets for the Peninsula.
        c.goto(&server.url(&format!("/lists/{name}"))).await.unwrap();
        wait_for("the total", || async {
            text(&c, "#total").await == "578 / 600 pts"
        })
        .await;
        assert_eq!(text(&c, "#verdict").await, "valid");
        wait_for("the picker", || async {
            c.find(Locator::Css("button.offer[data-offer='gb-95th-riflemen']")).await.is_ok()
        })
        .await;
        assert!(c.find(Locator::Css("button.offer[data-offer='fr-47e-fusiliers']")).await.is_err());
        assert!(c.find(Locator::Css("button.offer.foreign")).await.is_err());

        // Add riflemen with a skill: the figures start at a section's smallest, the skill
        // costs what the sheet says.
        click(&c, "button.offer[data-offer='gb-95th-riflemen']").await;
        wait_for("the add panel", || async {
            c.find(Locator::Css("#add input[name=figures]")).await.is_ok()
        })
        .await;
        let figures = c.find(Locator::Css("#add input[name=figures]")).await.unwrap();
        assert_eq!(figures.prop("value").await.unwrap().as_deref(), Some("6"));
        assert_eq!(
            text(&c, "#add .field:has(input[name=figures]) .hint").await,
            "4 to 12; usually 6 to 12"
        );
        assert!(text(&c, "#add .extras").await.contains("Expert marksman 15 pts"));
        click(&c, "#add input[value='tireur-expert']").await;
        type_in(&c, "#add input[name=label]", "Recrues").await;
        click(&c, "#add button[data-action=submit]").await;
        wait_for("the new unit", || async {
            text(&c, "#units article[data-unit='4']").await.contains("Recrues")
        })
        .await;
        assert!(text(&c, "#units article[data-unit='4'] .chips").await.contains("Expert marksman"));
        let total = text(&c, "#total").await;
        assert_ne!(total, "578 / 600 pts", "the total changed");
        shot(&c, "serve-builder.png").await;

        // Edit it in place: another skill and fewer figures than a section; the cost and a
        // diagnostic next to the unit follow.
        click(&c, "#units article[data-unit='4'] button[data-action=edit]").await;
        wait_for("the edit panel", || async {
            c.find(Locator::Css("#edit-form input[value='tireur-expert']")).await.is_ok()
        })
        .await;
        let box_checked = c
            .find(Locator::Css("#edit-form input[value='tireur-expert']"))
            .await
            .unwrap()
            .prop("checked")
            .await
            .unwrap();
        assert_eq!(box_checked.as_deref(), Some("true"), "the unit's skill is ticked");
        click(&c, "#edit-form input[value='tireur-expert']").await;
        click(&c, "#edit-form input[value='bon-oeil']").await;
        let f = c.find(Locator::Css("#edit-form input[name=figures]")).await.unwrap();
        f.clear().await.unwrap();
        f.send_keys("4").await.unwrap();
        click(&c, "#edit-form button[data-action=submit]").await;
        wait_for("the edited unit", || async {
            let unit = text(&c, "#units article[data-unit='4']").await;
            unit.contains("Good eye") && !unit.contains("Expert marksman")
        })
        .await;
        let diagnostic = text(&c, "#units [data-for='4'] .diagnostic").await;
        assert!(
            diagnostic.starts_with("unit 4 (95th Rifles / Chosen Men): 4 figures"),
            "a sentence next to the unit: {diagnostic:?}"
        );
        assert!(text(&c, "#verdict").await.contains("warning"));
        // Every edit records what the units without a record are priced with (priced.rs).
        let saved = crate::without_records(&std::fs::read_to_string(&path).unwrap());
        assert!(saved.starts_with(original.trim_end()), "comments kept:\n{saved}");
        assert!(saved.ends_with("sheet = \"gb-95th-riflemen\"\nlabel = \"Recrues\"\nfigures = 4\nskills = [\"bon-oeil\"]\n"), "{saved}");
        // A count that is no whole number is said on the page, the list untouched (the
        // server's refusal said "invalid type: floating point `2.5`, expected u32").
        let input = c.find(Locator::Css("input[data-unit='4']")).await.unwrap();
        let before = std::fs::read(&path).unwrap();
        input.send_keys("\u{e010}\u{e003}2.5\u{e004}").await.unwrap();
        wait_for("the count refused", || async {
            text(&c, "#banner").await
                == "The number of figures is a whole number from 0 to 1000: the list did not change."
        })
        .await;
        assert_eq!(value(&c, "input[data-unit='4']").await, "4");
        assert_eq!(std::fs::read(&path).unwrap(), before);
        // Fix it from the unit's own count box: 8 figures (End, Backspace, 8, Tab).
        let input = c.find(Locator::Css("input[data-unit='4']")).await.unwrap();
        input.send_keys("\u{e010}\u{e003}8\u{e004}").await.unwrap();
        wait_for("the fix", || async {
            c.find(Locator::Css("#units [data-for='4']")).await.is_err()
                && text(&c, "#status").await == "saved"
        })
        .await;
        assert!(std::fs::read_to_string(&path).unwrap().contains("figures = 8"));

        // Reorder: the riflemen move up one place; numbers follow the file.
        click(&c, "#units article[data-unit='4'] button[data-move=up]").await;
        wait_for("the move", || async {
            text(&c, "#units article[data-unit='3']").await.contains("Recrues")
        })
        .await;
        let moved = crate::without_records(&std::fs::read_to_string(&path).unwrap());
        let order: Vec<&str> = moved.lines().filter(|l| l.starts_with("sheet = ")).collect();
        assert_eq!(
            order,
            [
                "sheet = \"gb-95th-sharpe\"",
                "sheet = \"gb-95th-harper\"",
                "sheet = \"gb-95th-riflemen\"",
                "sheet = \"gb-95th-riflemen\""
            ]
        );
        // The comment above the Chosen Men moves with them.
        assert!(
            moved.contains("label = \"Recrues\"\nfigures = 8\nskills = [\"bon-oeil\"]\n\n# The riflemen answer to Harper"),
            "{moved}"
        );

        // A stale page: the command line edits the file; the page's next edit is refused and
        // says so.
        let run = crate::muster_in(
            server.dir.path(),
            &[
                "--data",
                crate::root().join("unit-sheets").to_str().unwrap(),
                "list",
                "remove",
                name,
                "3",
            ],
            &[],
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let before = std::fs::read_to_string(&path).unwrap();
        click(&c, "#units article[data-unit='1'] button[data-action=remove]").await;
        wait_for("the stale banner", || async {
            text(&c, "#banner").await.contains("changed on disk")
        })
        .await;
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
        assert_eq!(crate::without_records(&before), original);

        // Download the cards PDF.
        c.refresh().await.unwrap();
        wait_for("the reload", || async {
            text(&c, "#total").await == "578 / 600 pts"
        })
        .await;
        click(&c, "#cards-link").await;
        let mut pdf = None;
        wait_for("the cards PDF", || {
            let found = std::fs::read_dir(downloads.path())
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .find(|p| p.extension().is_some_and(|x| x == "pdf"));
            if let Some(p) = &found {
                pdf = std::fs::read(p).ok().filter(|b| b.starts_with(b"%PDF"));
            }
            let done = pdf.is_some();
            async move { done }
        })
        .await;
        assert!(pdf.unwrap().len() > 10_000);

        // The matchup table against the opponent's list; a cell opens its duel, whose
        // headline has the cell's number.
        c.find(Locator::Css("#against"))
            .await
            .unwrap()
            .select_by_value("voltigeurs-hussars.toml")
            .await
            .unwrap();
        wait_for("the matchups", || async {
            // Fire each way, the melee, a charge each way.
            c.find_all(Locator::Css("#matchups .matchup")).await.is_ok_and(|v| v.len() == 5)
        })
        .await;
        c.find(Locator::Css("select[data-choice='range']"))
            .await
            .unwrap()
            .select_by_value("medium")
            .await
            .unwrap();
        wait_for("the matchups at medium range", || async {
            text(&c, "#matchups").await.contains("Fire: Sharpe's patrol at Voltigeurs")
        })
        .await;
        let cell = "#matchups .matchup[data-procedure='fire'][data-way='out'] button[data-unit='1'][data-enemy='3']";
        wait_for("the cell", || async { c.find(Locator::Css(cell)).await.is_ok() }).await;
        // Read in the page, in one step: the table may be drawn again meanwhile.
        let mut mean = None;
        for _ in 0..100 {
            let v = c
                .execute(
                    &format!("const e = document.querySelector({cell:?}); return e ? e.getAttribute('data-mean') : null;"),
                    vec![],
                )
                .await
                .unwrap();
            if let Some(m) = v.as_str() {
                mean = Some(m.parse::<f64>().unwrap());
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let mean = mean.expect("the cell's mean");
        c.execute("document.getElementById('versus-card').scrollIntoView();", vec![])
            .await
            .unwrap();
        shot(&c, "serve-matchups.png").await;
        click(&c, cell).await;
        wait_for("the duel", || async {
            text(&c, "#duels .duel h3").await == "Fire: Sharpe at 1er Hussards / Escadron"
        })
        .await;
        let headline = text(&c, "#duels .duel .figure").await;
        assert_eq!(
            headline,
            format!("{}\nExpected casualties", (mean * 100.0).round() / 100.0),
            "the duel says the cell's number"
        );
        let procedures: Vec<String> = {
            let mut v = Vec::new();
            for e in c.find_all(Locator::Css("#duels .duel")).await.unwrap() {
                v.push(e.attr("data-procedure").await.unwrap().unwrap_or_default());
            }
            v
        };
        assert_eq!(procedures, ["fire", "fire", "melee", "charge", "charge"]);
        // A charge is two chances: no chart.
        let drawn = c
            .execute(
                "await Promise.all([...document.querySelectorAll('#duels img')].map((i) => i.decode())); \
                 return [...document.querySelectorAll('#duels img')].map((i) => i.naturalWidth > 0 && i.naturalWidth === i.getBoundingClientRect().width);",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(drawn, serde_json::json!([true, true, true]), "the charts are drawn, at the size they are shown");
        // The CLI's table and command, in a details element, name the lists by file name.
        click(&c, "#duels .duel details summary").await;
        let first = text(&c, "#duels .duel pre").await;
        assert!(
            first.starts_with("Fire: Sharpe (3 figures, unit 1 of sharpe-patrol.toml)")
                && first.contains("difficulty 7 at medium range (Capitán §7.6)"),
            "{first}"
        );
        assert_eq!(
            text(&c, "#duels .duel .command").await,
            "muster preview fire --shooter sharpe-patrol.toml:1 --target voltigeurs-hussars.toml:3 --range medium --cover none"
        );
        c.execute("document.getElementById('duel-card').scrollIntoView();", vec![])
            .await
            .unwrap();
        shot(&c, "serve-previews.png").await;

        // In French: the page's words and the ruleset's.
        c.execute("localStorage.setItem('muster-lang', 'fr');", vec![]).await.unwrap();
        c.refresh().await.unwrap();
        wait_for("the page in French", || async {
            text(&c, "#units-card h2").await == "Unités"
                && text(&c, "#verdict").await == "valide"
                && text(&c, "#duels .duel h3").await.starts_with("Tir : Sharpe sur")
        })
        .await;
        assert!(text(&c, "#subtitle").await.contains("Guerre d'Indépendance espagnole"));

        // At the table on a phone: no sideways scrolling, touch targets of 40 px at least.
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![]).await.unwrap();
        viewport(&c, 390, 844).await;
        c.goto(&server.url(&format!("/lists/{name}"))).await.unwrap();
        wait_for("the phone page", || async {
            text(&c, "#total").await == "578 / 600 pts"
        })
        .await;
        let layout = c
            .execute(
                "const buttons = [...document.querySelectorAll('#units button, button.offer, #units input')]; \
                 return { width: document.documentElement.scrollWidth, \
                          viewport: window.innerWidth, \
                          smallest: Math.min(...buttons.map((b) => b.getBoundingClientRect().height)) };",
                vec![],
            )
            .await
            .unwrap();
        assert!(
            layout["width"].as_f64() <= layout["viewport"].as_f64(),
            "no sideways scrolling: {layout}"
        );
        assert!(layout["smallest"].as_f64().unwrap() >= 40.0, "touch targets: {layout}");
        shot(&c, "serve-phone.png").await;

        // A list priced with other data (its record says 96 points, courage 5): the top of the
        // list says what changed; one button accepts today's data (`muster list update`).
        let stale = server.list("stale-data.toml");
        std::fs::write(
            &stale,
            "[list]\nname = \"Old\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 120\n\n[[units]]\nsheet = \"gb-43rd-light\"\nlabel = \"43rd Light\"\nfigures = 6\npriced = { cost = 96, quality = \"veteran\", initiative = 4, morale = 3, courage = 5, move = \"15/25/30\", fire_die = \"d8\", combat_die = \"d8\", fingerprint = \"00000000\" }\n",
        )
        .unwrap();
        c.goto(&server.url("/lists/stale-data.toml")).await.unwrap();
        wait_for("the data's changes", || async {
            text(&c, "#data-changes li").await == "1. 43rd Light 96 → 114 points; courage 5 → 6"
        })
        .await;
        shot(&c, "serve-data-changed-phone.png").await;
        click(&c, "#accept-data").await;
        wait_for("today's data accepted", || async {
            text(&c, "#banner").await == "Today's data accepted for 1 unit."
        })
        .await;
        assert!(c.find(Locator::Css("#data-changes[hidden]")).await.is_ok());
        assert!(std::fs::read_to_string(&stale)
            .unwrap()
            .contains("priced = { cost = 114, quality = \"veteran\", initiative = 4, morale = 3, courage = 6, "));
        // The sheet changed on disk while the server runs (the player's copy, made by the
        // command line, its cost changed in a text editor): the page says so once reloaded.
        let data = root().join("unit-sheets");
        let made = muster_in(
            server.dir.path(),
            &["--data", data.to_str().unwrap(), "sheets", "new", "gb-43rd-light", "--from", "gb-43rd-light"],
            &[],
        );
        assert_eq!(made.code, 0, "{}", made.stderr);
        let sheet = server.dir.path().join("my-sheets/capitan/sheets/gb-43rd-light.toml");
        let values = std::fs::read_to_string(&sheet).unwrap();
        std::fs::write(&sheet, values.replacen("points = 19", "points = 23", 1)).unwrap();
        c.refresh().await.unwrap();
        wait_for("the change on disk said", || async {
            text(&c, "#data-changes li").await == "1. 43rd Light 114 → 138 points"
        })
        .await;
        c.close().await.unwrap();
    });
}

/// The `.figure` headline of the first duel card: its first number as the page shows it.
async fn first_figure(c: &Client) -> String {
    text(c, "#odds .duel .figure strong").await
}

/// Runs the command a duel card shows (from the server's working folder, where its paths
/// start) and gives its mean rounded as the page rounds it.
fn command_mean(command: &str, folder: &Path) -> String {
    let words: Vec<&str> = command
        .strip_prefix("muster ")
        .unwrap()
        .split(' ')
        .collect();
    let data = root().join("unit-sheets");
    let mut args = vec!["--data", data.to_str().unwrap()];
    args.extend(&words);
    args.extend(["--format", "json"]);
    let run = muster_in(folder, &args, &[]);
    assert_eq!(run.code, 0, "{command}: {}", run.stderr);
    let mean = json(&run)["mean"].as_f64().unwrap();
    let rounded = (mean * 100.0).round() / 100.0;
    format!("{rounded}")
}

async fn select(c: &Client, css: &str, value: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

#[test]
fn a_game_at_the_table_in_a_real_browser() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let games = server.dir.path().join("games");
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (390, 844), downloads.path()).await;

        // A game started from two lists, on a phone.
        c.goto(&server.url("/")).await.unwrap();
        wait_for("the games", || async {
            text(&c, "#games").await == "No game yet: start one from two lists below."
        })
        .await;
        type_in(&c, "#ng-name", "sabugal").await;
        select(&c, "#ng-a", "sharpe-patrol.toml").await;
        select(&c, "#ng-b", "voltigeurs-hussars.toml").await;
        // Only lists of the first list's ruleset face it.
        let opponents = c
            .execute("return [...document.querySelectorAll('#ng-b option')].map((o) => o.value);", vec![])
            .await
            .unwrap();
        assert_eq!(
            opponents,
            serde_json::json!(["french-column.toml", "guerrilla-band.toml", "voltigeurs-hussars.toml"])
        );
        type_in(&c, "#ng-scenario", "Sabugal, 3 April 1811").await;
        click(&c, "#new-game button[type=submit]").await;
        wait_for("the game page", || async {
            text(&c, "#turn").await == "Turn 1"
                && text(&c, "#title").await == "Sharpe's patrol against Voltigeurs du 6e Léger et hussards"
        })
        .await;
        assert_eq!(text(&c, "#subtitle").await, "Capitán · Sabugal, 3 April 1811");
        assert_eq!(text(&c, "#status").await, "Nothing marked yet.");
        let file = games.join("sabugal.toml");
        assert!(std::fs::read_to_string(&file).unwrap().contains("a = \"../sharpe-patrol.toml\""));

        // The odds between the Chosen Men and the hussars, at full strength.
        // Picked by tapping the units' names.
        click(&c, "[data-unit='a3'] .gunit-name").await;
        click(&c, "[data-unit='b3'] .gunit-name").await;
        wait_for("the odds", || async {
            text(&c, "#odds .duel h3").await == "Fire: Chosen Men at 1er Hussards / Escadron"
        })
        .await;
        let before = first_figure(&c).await;
        // The command sits in the folded details: read as the page holds it.
        let command = c
            .execute("return document.querySelector('#odds .duel .command').textContent;", vec![])
            .await
            .unwrap()
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(
            command,
            "muster preview fire --shooter games/sabugal.toml:a3 --target games/sabugal.toml:b3 --range short --cover none"
        );
        assert_eq!(before, command_mean(&command, server.dir.path()), "the page's number is the command's");

        // Casualties on both sides: three Chosen Men, two hussars.
        for _ in 0..3 {
            let left = text(&c, "[data-unit='a3'] .left").await;
            click(&c, "[data-unit='a3'] .box:not(.lost)").await;
            wait_for("the mark", || async { text(&c, "[data-unit='a3'] .left").await != left }).await;
        }
        for _ in 0..2 {
            let left = text(&c, "[data-unit='b3'] .left").await;
            click(&c, "[data-unit='b3'] .box:not(.lost)").await;
            wait_for("the mark", || async { text(&c, "[data-unit='b3'] .left").await != left }).await;
        }
        assert_eq!(text(&c, "[data-unit='a3'] .left").await, "5 of 8 left");
        assert_eq!(text(&c, "[data-unit='b3'] .left").await, "4 of 6 left");
        assert_eq!(text(&c, "#status").await, "Last: b3 1er Hussards / Escadron: 1 lost");
        wait_for("the odds to follow", || async { first_figure(&c).await != before }).await;
        let after = first_figure(&c).await;
        assert_eq!(after, command_mean(&command, server.dir.path()), "the same command, the game as it stands");
        c.execute("window.scrollTo(0, 0);", vec![]).await.unwrap();
        shot(&c, "serve-game-phone.png").await;
        c.execute("document.getElementById('side-b').scrollIntoView();", vec![])
            .await
            .unwrap();
        shot(&c, "serve-game-side-b-phone.png").await;
        c.execute("document.getElementById('odds-card').scrollIntoView();", vec![])
            .await
            .unwrap();
        shot(&c, "serve-game-odds-phone.png").await;

        // A state with its rule: the routed Chosen Men cannot fire; undo takes it back.
        click(&c, "[data-unit='a3'] .toggle[data-state='routed']").await;
        wait_for("the refusal", || async {
            text(&c, "#odds .duel.refused").await.contains("a3 Chosen Men (routed, §5.2, §6.6, §11): a routed unit takes no action until it is rallied")
        })
        .await;
        click(&c, "#undo").await;
        wait_for("the undo", || async {
            text(&c, "#status").await == "Last: b3 1er Hussards / Escadron: 1 lost"
                && c.find(Locator::Css("[data-unit='a3'] .toggle.on")).await.is_err()
        })
        .await;
        // A tap on a lost box gives the figure back.
        click(&c, "[data-unit='b3'] .box.lost").await;
        wait_for("one given back", || async { text(&c, "[data-unit='b3'] .left").await == "5 of 6 left" }).await;
        click(&c, "#undo").await;
        wait_for("the undo", || async { text(&c, "[data-unit='b3'] .left").await == "4 of 6 left" }).await;

        // Reloaded, the game is as it was left; so is its file.
        c.refresh().await.unwrap();
        wait_for("the game again", || async {
            text(&c, "[data-unit='a3'] .left").await == "5 of 8 left"
                && text(&c, "[data-unit='b3'] .left").await == "4 of 6 left"
                && first_figure(&c).await == after
        })
        .await;
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(saved.contains("a3 = { label = \"Chosen Men\", lost = 3, left = 5, states = [], cost = 216 }"), "{saved}");
        let layout = c
            .execute(
                "const targets = [...document.querySelectorAll('.gunit button, #next-turn, #undo')]; \
                 return { width: document.documentElement.scrollWidth, viewport: window.innerWidth, \
                          smallest: Math.min(...targets.map((b) => b.getBoundingClientRect().height)) };",
                vec![],
            )
            .await
            .unwrap();
        assert!(
            layout["width"].as_f64() <= layout["viewport"].as_f64(),
            "no sideways scrolling: {layout}"
        );
        assert!(layout["smallest"].as_f64().unwrap() >= 40.0, "touch targets: {layout}");

        // Two devices on one game: the second marks first; the first's tap, made on the game as
        // it was, is refused, said, and the page redrawn; tapped again, it lands.
        let d = session(port, (390, 844), downloads.path()).await;
        d.goto(&server.url("/games/sabugal.toml")).await.unwrap();
        wait_for("the second device", || async { text(&d, "[data-unit='b1'] .left").await == "4 of 4 left" }).await;
        // The first device does not look for changes meanwhile (as if the tap came before it did).
        c.execute("clearInterval(game.timer);", vec![]).await.unwrap();
        click(&d, "[data-unit='b1'] .box:not(.lost)").await;
        wait_for("the second device's mark", || async { text(&d, "[data-unit='b1'] .left").await == "3 of 4 left" }).await;
        click(&c, "[data-unit='b2'] .box:not(.lost)").await;
        wait_for("the refusal", || async {
            text(&c, "#banner").await.starts_with("Another device marked this game first: your tap was not saved.")
                && text(&c, "[data-unit='b1'] .left").await == "3 of 4 left"
        })
        .await;
        assert_eq!(text(&c, "[data-unit='b2'] .left").await, "8 of 8 left");
        click(&c, "[data-unit='b2'] .box:not(.lost)").await;
        wait_for("the tap again", || async { text(&c, "[data-unit='b2'] .left").await == "7 of 8 left" }).await;
        // The second device sees it without a tap.
        wait_for("the second device to follow", || async {
            text(&d, "[data-unit='b2'] .left").await == "7 of 8 left"
                && text(&d, "#banner").await == "Another device marked this game: the page shows it as it now stands."
        })
        .await;
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(saved.contains("b1 = { label = \"Capitaine Dubreton\", lost = 1, left = 3"), "{saved}");
        d.close().await.unwrap();

        // The first page of games lists it.
        c.goto(&server.url("/")).await.unwrap();
        wait_for("the game in the list", || async {
            text(&c, "#games .list-title").await == "Sharpe's patrol against Voltigeurs du 6e Léger et hussards"
        })
        .await;
        assert_eq!(text(&c, "#games .muted").await, "Sabugal, 3 April 1811 · Turn 1 · sabugal.toml");

        // In French: the page's words and the ruleset's states.
        c.execute("localStorage.setItem('muster-lang', 'fr');", vec![]).await.unwrap();
        c.goto(&server.url("/games/sabugal.toml")).await.unwrap();
        wait_for("the game in French", || async {
            text(&c, "#turn").await == "Tour 1"
                && text(&c, "[data-unit='a3'] .left").await == "5 sur 8"
                && text(&c, "[data-unit='a3'] .toggle[data-state='routed']").await == "En déroute"
        })
        .await;
        assert_eq!(text(&c, "#next-turn").await, "Tour suivant");
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![]).await.unwrap();

        // A WAB game marked from the command line, its result on the page: the scores of
        // `muster game score`, the winner and the level of the victory.
        let w = games.join("valoutina.toml");
        let data = root().join("unit-sheets");
        let cli = |args: &[&str]| {
            let mut all = vec!["--data", data.to_str().unwrap()];
            all.extend_from_slice(args);
            let run = muster_in(server.dir.path(), &all, &[]);
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            run
        };
        cli(&["game", "new", w.to_str().unwrap(), "--list", "wab-france-1809.toml", "--against", "wab-russia-1812.toml"]);
        for mark in [
            "a5 --lost 9", "a9 --lost 11", "a9 --state routed", "a11 --lost 3", "b5 --lost 12",
            "b9 --state destroyed", "b13 --state captured", "a --value eighths=3",
            "a --value flags_taken=1", "a --value guns_taken=1", "b --value eighths=2",
        ] {
            let mut args = vec!["game", "mark", w.to_str().unwrap()];
            args.extend(mark.split(' '));
            cli(&args);
        }
        let scored = json(&cli(&["game", "score", w.to_str().unwrap(), "--format", "json", "--lang", "en"]));
        c.set_window_size(1400, 1000).await.unwrap();
        viewport(&c, 1400, 1000).await;
        c.goto(&server.url("/games/valoutina.toml#score")).await.unwrap();
        wait_for("the result", || async { !text(&c, "#score .verdict").await.is_empty() }).await;
        assert_eq!(
            text(&c, "#score .verdict").await,
            format!(
                "{} wins by {}: {}",
                scored["winner"].as_str().unwrap(),
                scored["difference"],
                scored["band"]["name"].as_str().unwrap()
            )
        );
        assert_eq!(
            text(&c, "#score tbody").await,
            format!(
                "{} 204 811\n{} 311 404",
                scored["sides"][0]["name"].as_str().unwrap(),
                scored["sides"][1]["name"].as_str().unwrap()
            )
        );
        assert_eq!((scored["sides"][0]["score"].as_u64(), scored["sides"][1]["score"].as_u64()), (Some(811), Some(404)));
        assert_eq!(text(&c, "[data-value='eighths'] .count").await, "3");
        c.execute("document.getElementById('score-card').scrollIntoView({ block: 'end' });", vec![])
            .await
            .unwrap();
        shot(&c, "serve-game-wab-score.png").await;

        // A list of a game deleted: the game goes on with the army it keeps, and says so.
        std::fs::remove_file(server.dir.path().join("sharpe-patrol.toml")).unwrap();
        c.goto(&server.url("/games/sabugal.toml")).await.unwrap();
        wait_for("the game without its list", || async {
            text(&c, "#notes").await
                == "sharpe-patrol.toml is gone: the game keeps side a's army as it was when it began."
                && text(&c, "[data-unit='a3'] .left").await == "5 of 8 left"
        })
        .await;
        assert!(!text(&c, "body").await.contains(server.dir.path().to_str().unwrap()));
        shot(&c, "serve-game-list-gone.png").await;
        let left = text(&c, "[data-unit='a2'] .left").await;
        click(&c, "[data-unit='a2'] .box:not(.lost)").await;
        wait_for("a mark without the list", || async { text(&c, "[data-unit='a2'] .left").await != left }).await;
        c.execute("localStorage.setItem('muster-lang', 'fr');", vec![]).await.unwrap();
        c.set_window_size(390, 844).await.unwrap();
        viewport(&c, 390, 844).await;
        c.goto(&server.url("/games/sabugal.toml")).await.unwrap();
        wait_for("the note in French", || async {
            text(&c, "#notes").await
                == "sharpe-patrol.toml n'existe plus : la partie garde l'armée du camp a telle qu'elle était au début."
        })
        .await;
        shot(&c, "serve-game-list-gone-fr-phone.png").await;
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![]).await.unwrap();
        c.close().await.unwrap();
    });
}

/// Sets a field of the sheet editor: a text or number typed whole, a choice picked.
async fn sheet_field(c: &Client, key: &str, value: &str) {
    let css = format!("#sheet-form [data-key='{key}']");
    let e = c.find(Locator::Css(&css)).await.unwrap();
    if e.tag_name().await.unwrap() == "select" {
        e.select_by_value(value).await.unwrap();
    } else {
        e.clear().await.unwrap();
        e.send_keys(value).await.unwrap();
    }
}

/// Waits for the card drawn after the last change (the page counts the drafts it showed).
async fn next_draft(c: &Client, before: u64) -> u64 {
    wait_for("the card redrawn", || async { drafts(c).await > before }).await;
    drafts(c).await
}

async fn drafts(c: &Client) -> u64 {
    c.execute("return Number(document.body.dataset.drafts || 0);", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap_or(0)
}

#[test]
fn a_sheet_typed_in_the_editor_with_its_card_drawn_live() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1400), downloads.path()).await;
        // From the builder's picker: a new sheet.
        c.goto(&server.url("/lists/sharpe-patrol.toml")).await.unwrap();
        click(&c, "#new-sheet a").await;
        wait_for("the editor", || async {
            text(&c, "#subtitle").await.starts_with("A new sheet of your own")
        })
        .await;
        // Typed from nothing, field by field: the card follows each value.
        let mut n = drafts(&c).await;
        let fields = [
            ("id", "my-sergeant"),
            ("name", "Sergeant Hagman"),
            ("nation", "great-britain"),
            ("coalition", "allies"),
            ("kind", "troop"),
            ("arm", "infantry"),
            ("unit_type", "light-infantry"),
            ("quality", "veteran"),
            ("weapon", "rifle"),
            ("regiment", "95th Rifles"),
            ("initiative", "4"),
            ("morale", "3"),
            ("courage", "7"),
            ("move.normal", "15"),
            ("move.march", "25"),
            ("move.charge", "30"),
            ("fire_die", "d10"),
            ("combat_die", "d8"),
            ("max_units", "1"),
            ("points", "21"),
        ];
        for (key, value) in fields {
            sheet_field(&c, key, value).await;
            n = next_draft(&c, n).await;
        }
        // No campaign yet: the page says so at the field; the card waits for it. (A field
        // cleared then typed sends drafts in a burst: wait for the page to show the last.)
        wait_for("the campaigns problem and the card waiting", || async {
            text(&c, "#sheet-form [data-field='campaigns'] .problem").await
                == "missing field “campaigns”"
                && text(&c, "#card-view").await
                    == "The card is drawn once every field it needs has a value."
        })
        .await;
        click(&c, "#sheet-form [data-field='campaigns'] input[value='peninsula']").await;
        n = next_draft(&c, n).await;
        wait_for("the card drawn", || async {
            let card = text(&c, "#card-view").await;
            card.contains("Sergeant Hagman") && card.contains("PT 21")
        })
        .await;
        // A skill, as the sheet offers it.
        click(&c, "#sheet-form [data-field='skills'] .rows-field > button").await;
        n = next_draft(&c, n).await;
        sheet_field(&c, "skills.id", "tireur-expert").await;
        n = next_draft(&c, n).await;
        sheet_field(&c, "skills.cost", "15").await;
        n = next_draft(&c, n).await;
        wait_for("the skill on the card", || async {
            text(&c, "#card-view").await.contains("Expert marksman (15)")
        })
        .await;
        assert_eq!(text(&c, "#verdict").await, "valid");
        // A wrong value: the diagnostic follows it to its field, and goes with it.
        sheet_field(&c, "courage", "40").await;
        n = next_draft(&c, n).await;
        wait_for("the courage problem", || async {
            text(&c, "#sheet-form [data-field='courage'] .problem").await
                == "courage must be between 1 and 18, found 40"
        })
        .await;
        assert_eq!(text(&c, "#verdict").await, "1 error");
        shot(&c, "sheet-editor-error.png").await;
        sheet_field(&c, "courage", "7").await;
        next_draft(&c, n).await;
        wait_for("the sheet valid again", || async { text(&c, "#verdict").await == "valid" }).await;
        shot(&c, "sheet-editor.png").await;
        // Saved into the player's folder; in the picker at once, marked as theirs.
        click(&c, "#save-sheet").await;
        wait_for("the save", || async { text(&c, "#status").await.starts_with("Saved in") }).await;
        let file = server.dir.path().join("my-sheets/capitan/sheets/my-sergeant.toml");
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(saved.contains("name = \"Sergeant Hagman\"\n"), "{saved}");
        assert!(saved.contains("skills = [\n  { id = \"tireur-expert\", cost = 15 },\n]"), "{saved}");
        // The browser's round trips, keystroke to card (the page measures them).
        let timings = c
            .execute("return window.sheetTimings();", vec![])
            .await
            .unwrap();
        eprintln!("sheet editor: draft round trips (ms, debug build): {timings}");
        click(&c, "#back").await;
        wait_for("the picker with the new sheet", || async {
            text(&c, "[data-offer='my-sergeant']").await.contains("yours")
        })
        .await;
        click(&c, "[data-offer='my-sergeant']").await;
        click(&c, "#add button[type=submit]").await;
        wait_for("the sheet in the list", || async {
            text(&c, "#units").await.contains("Sergeant Hagman")
        })
        .await;
        let list = std::fs::read_to_string(server.list("sharpe-patrol.toml")).unwrap();
        assert!(list.contains("sheet = \"my-sergeant\""), "{list}");

        // "Copy and edit", in French, on a phone.
        c.execute("localStorage.setItem('muster-lang', 'fr');", vec![])
            .await
            .unwrap();
        viewport(&c, 390, 844).await;
        c.goto(&server.url("/sheets/edit?ruleset=capitan&from=gb-95th-harper&list=sharpe-patrol.toml"))
            .await
            .unwrap();
        wait_for("the French editor", || async {
            text(&c, "#subtitle").await.starts_with("Une copie de gb-95th-harper")
                && text(&c, "#card-view").await.contains("Harper")
        })
        .await;
        assert_eq!(
            text(&c, "#sheet-form [data-field='courage'] label").await,
            "Courage C (§5.1)"
        );
        let fits = c
            .execute(
                "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(fits, serde_json::json!(true), "the editor fits the phone's width");
        shot(&c, "sheet-editor-phone-fr.png").await;
        c.close().await.unwrap();
    });
}

#[test]
fn copy_and_edit_of_a_wab_entry_in_the_editor() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1400), downloads.path()).await;
        // From the builder's picker of a WAB list: "copy and edit" on the hussars.
        c.goto(&server.url("/lists/wab-france-1809.toml")).await.unwrap();
        wait_for("the picker", || async {
            text(&c, "[data-offer='fr-hussars']").await.contains("Hussar regiment")
        })
        .await;
        click(&c, "li:has([data-offer='fr-hussars']) a.copy-edit").await;
        wait_for("the editor with the entry's card", || async {
            text(&c, "#subtitle").await.starts_with("A copy of fr-hussars")
                && text(&c, "#card-view").await.contains("Hussar regiment")
        })
        .await;
        assert_eq!(
            text(&c, "#sheet-form [data-field='army'] label").await,
            "Army (the entry joins it)"
        );
        // Its own id and name, another cost and leadership: the card follows each.
        let mut n = drafts(&c).await;
        for (key, value) in [
            ("id", "my-hussars"),
            ("name.en", "My 7th Hussars"),
            ("cost", "19"),
            ("profile.ld", "8"),
        ] {
            sheet_field(&c, key, value).await;
            n = next_draft(&c, n).await;
        }
        wait_for("the card redrawn", || async {
            let card = text(&c, "#card-view").await;
            // The card's stats are one text a cell: its text without spaces.
            let packed: String = card.split_whitespace().collect();
            card.contains("My 7th Hussars") && card.contains("19 / fig.") && packed.contains("Ld8")
        })
        .await;
        // A formation of the infantry: the diagnostic at its field, then gone with it.
        click(&c, "#sheet-form [data-field='formations'] input[value='line']").await;
        n = next_draft(&c, n).await;
        wait_for("the formation problem", || async {
            text(&c, "#sheet-form [data-field='formations'] .problem")
                .await
                .contains("lists the formation “line”: a formation of the infantry")
        })
        .await;
        assert_eq!(text(&c, "#verdict").await, "1 error");
        shot(&c, "wab-editor-error.png").await;
        click(&c, "#sheet-form [data-field='formations'] input[value='line']").await;
        next_draft(&c, n).await;
        wait_for("the entry valid again", || async { text(&c, "#verdict").await == "valid" }).await;
        shot(&c, "wab-editor.png").await;
        let timings = c
            .execute("return window.sheetTimings();", vec![])
            .await
            .unwrap();
        eprintln!("WAB entry editor: draft round trips (ms, debug build): {timings}");
        // Saved into the player's folder as a file of entries alone, naming its army.
        click(&c, "#save-sheet").await;
        wait_for("the save", || async { text(&c, "#status").await.starts_with("Saved in") }).await;
        let file = server.dir.path().join("my-sheets/wab-aca/armies/my-hussars.toml");
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(saved.contains("[[entry]]\nid = \"my-hussars\"\n"), "{saved}");
        assert!(saved.contains("army = \"france-1809\"\n"), "{saved}");
        assert!(saved.contains("cost = 19\n"), "{saved}");
        assert!(!saved.contains("[army]"), "{saved}");
        // In the picker at once, marked as the player's; added to the list.
        click(&c, "#back").await;
        wait_for("the picker with the new entry", || async {
            text(&c, "[data-offer='my-hussars']").await.contains("yours")
        })
        .await;
        click(&c, "[data-offer='my-hussars']").await;
        click(&c, "#add button[type=submit]").await;
        wait_for("the entry in the list's file", || async {
            std::fs::read_to_string(server.list("wab-france-1809.toml"))
                .unwrap()
                .contains("entry = \"my-hussars\"")
        })
        .await;

        // The same, in French, on a phone.
        c.execute("localStorage.setItem('muster-lang', 'fr');", vec![])
            .await
            .unwrap();
        viewport(&c, 390, 844).await;
        c.goto(&server.url(
            "/sheets/edit?ruleset=wab-aca&from=my-hussars&list=wab-france-1809.toml",
        ))
        .await
        .unwrap();
        wait_for("the French editor", || async {
            text(&c, "#subtitle").await.contains("my-hussars")
                && text(&c, "#card-view")
                    .await
                    .split_whitespace()
                    .collect::<String>()
                    .contains("Cd8")
        })
        .await;
        assert_eq!(
            text(&c, "#sheet-form [data-field='formations'] label").await,
            "Formations (facultatif)"
        );
        assert_eq!(
            text(&c, "#sheet-form [data-field='army'] label").await,
            "Armée (où l'entrée s'ajoute)"
        );
        let fits = c
            .execute(
                "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(fits, serde_json::json!(true), "the editor fits the phone's width");
        shot(&c, "wab-editor-phone-fr.png").await;
        c.close().await.unwrap();
    });
}

/// The text of the one QR code in a PNG, read by a real decoder (rqrr).
fn decode_qr(png_bytes: &[u8]) -> String {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let mut img =
        rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| buf[(y * w + x) * channels]);
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "one code in the picture");
    grids[0].decode().unwrap().1
}

/// The phone at the club (issue 26): `muster serve --lan --open`. The desktop's browser
/// opens the page `--open` leads it to (a private file holding the pairing link, never the
/// link on a command line) and shows the codes to scan, in the page's language; a phone not
/// paired (its name mapped to loopback: no traffic leaves the machine) is asked to scan them
/// in its browser's language; paired with the token URL, it lands on the games without the
/// token in its address or history, starts a game and marks a casualty.
#[test]
fn a_phone_paired_at_the_club_in_a_real_browser() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    // `--open` runs xdg-open: here a script that writes down what it was asked to open.
    let bin = tempfile::tempdir().unwrap();
    let opened = bin.path().join("opened");
    let opener = bin.path().join("xdg-open");
    std::fs::write(
        &opener,
        format!("#!/bin/sh\nprintf '%s' \"$1\" > '{}'\n", opened.display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let server = Server::launch(
        &["--lan", "--name", "phone.test", "--open"],
        &[("PATH", path)],
    );
    let token = server.token();
    let start = Instant::now();
    while !opened.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "--open opened nothing"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let page = std::fs::read_to_string(&opened).unwrap();
    assert!(
        !page.contains(&token),
        "the token on a command line: {page}"
    );
    assert!(std::fs::read_to_string(&page).unwrap().contains(&token));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&page).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "the page is its user's only: {mode:o}");
    }
    let downloads = tempfile::tempdir().unwrap();
    let phone_url = |path: &str| format!("http://phone.test:{}{path}", server.port);
    let map_phone = "--host-resolver-rules=MAP phone.test 127.0.0.1";
    runtime().block_on(async {
        // The desktop: the codes for the phones, the token in no address nor page.
        let c = session(port, (1400, 1000), downloads.path()).await;
        c.goto(&format!("file://{page}")).await.unwrap();
        wait_for("the codes", || async {
            c.find(Locator::Css("#phone-card:not([hidden]) .phone-code img, #phone-card:not([hidden]) .problem"))
                .await
                .is_ok()
        })
        .await;
        assert_eq!(c.current_url().await.unwrap().as_str(), server.url("/"));
        assert!(!c.source().await.unwrap().contains(&token));
        assert_eq!(text(&c, "#phone-card h2").await, "Open on your phone");
        let shown = c
            .execute("return [...document.querySelectorAll('.phone-code img')].map((i) => i.naturalWidth > 0);", vec![])
            .await
            .unwrap();
        assert!(shown.as_array().unwrap().iter().all(|v| v == true), "{shown}");
        // Each code, as the screen shows it, reads back to the pairing link of its address.
        for figure in c.find_all(Locator::Css(".phone-code")).await.unwrap() {
            let origin = figure.find(Locator::Css("figcaption")).await.unwrap().text().await.unwrap();
            let png = figure.find(Locator::Css("img")).await.unwrap().screenshot().await.unwrap();
            assert_eq!(decode_qr(&png), format!("{origin}/pair?token={token}"));
        }
        wait_for("the lists", || async { text(&c, "#lists").await.contains("Sharpe's patrol") }).await;
        shot(&c, "serve-lan-desktop.png").await;
        for (lang, title) in [("fr", "Ouvrir sur votre téléphone"), ("es", "Abrir en tu teléfono")] {
            c.execute(&format!("localStorage.setItem('muster-lang', '{lang}');"), vec![])
                .await
                .unwrap();
            c.refresh().await.unwrap();
            wait_for("the codes' title", || async { text(&c, "#phone-card h2").await == title }).await;
            shot(&c, &format!("serve-lan-desktop-{lang}.png")).await;
        }
        c.close().await.unwrap();

        // A phone not paired: the page says to scan the code, in its browser's language.
        for (languages, lang, title) in [
            ("en-GB,en", "en", "Scan the code shown on the laptop"),
            ("fr-FR,fr", "fr", "Scannez le code affiché sur l'ordinateur"),
            ("es-ES,es", "es", "Escanea el código que muestra el ordenador"),
        ] {
            let p = session_with(port, (390, 844), downloads.path(), &[map_phone], languages).await;
            p.goto(&phone_url("/games/club.toml")).await.unwrap();
            wait_for("the refusal", || async { text(&p, "h1").await == title }).await;
            shot(&p, &format!("serve-lan-unpaired-{lang}-phone.png")).await;
            p.close().await.unwrap();
        }

        // Paired: the token URL, then the games, the token gone from the address.
        let p = session_with(port, (390, 844), downloads.path(), &[map_phone], "en-GB,en").await;
        p.goto(&phone_url(&format!("/pair?token={token}"))).await.unwrap();
        wait_for("the games", || async {
            text(&p, "#games").await == "No game yet: start one from two lists below."
        })
        .await;
        assert_eq!(p.current_url().await.unwrap().as_str(), phone_url("/"));
        assert!(p.find(Locator::Css("#phone-card[hidden]")).await.is_ok(), "no codes on a phone");
        // A game started and a casualty marked, as at the table.
        type_in(&p, "#ng-name", "club").await;
        select(&p, "#ng-a", "sharpe-patrol.toml").await;
        select(&p, "#ng-b", "voltigeurs-hussars.toml").await;
        click(&p, "#new-game button[type=submit]").await;
        wait_for("the game page", || async { text(&p, "#turn").await == "Turn 1" }).await;
        click(&p, "[data-unit='a3'] .box:not(.lost)").await;
        wait_for("the mark", || async { text(&p, "[data-unit='a3'] .left").await == "7 of 8 left" }).await;
        let saved = std::fs::read_to_string(server.dir.path().join("games/club.toml")).unwrap();
        assert!(saved.contains("a3 = { label = \"Chosen Men\", lost = 1, left = 7"), "{saved}");
        assert!(!p.source().await.unwrap().contains(&token));
        shot(&p, "serve-lan-game-phone.png").await;
        // Back: the games page, not the pairing link (the redirect replaced it).
        p.back().await.unwrap();
        assert_eq!(p.current_url().await.unwrap().as_str(), phone_url("/"));
        let history = p.execute("return history.length;", vec![]).await.unwrap();
        assert_eq!(history, 3, "the blank page, the games, the game: no pairing link");
        p.refresh().await.unwrap();
        wait_for("the games again", || async {
            text(&p, "#games .list-title").await == "Sharpe's patrol against Voltigeurs du 6e Léger et hussards"
        })
        .await;
        shot(&p, "serve-lan-games-en-phone.png").await;
        for (lang, games) in [("fr", "Parties"), ("es", "Partidas")] {
            p.execute(&format!("localStorage.setItem('muster-lang', '{lang}');"), vec![])
                .await
                .unwrap();
            p.refresh().await.unwrap();
            wait_for("the games' title", || async { text(&p, "#games-card h2").await == games }).await;
            shot(&p, &format!("serve-lan-games-{lang}-phone.png")).await;
        }
        p.close().await.unwrap();
    });
    let (code, _, err) = server.stop_all();
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains(&token), "{err}");
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

/// The builder's Share button (the code, its QR code, the text for a chat) and the Import box
/// of the first page (a code pasted, or a photo of its QR code chosen, the list written, then
/// offered as the opponent; a file that is no picture refused in the page's words), on a
/// desktop and a phone, in English, French and Spanish.
#[test]
fn share_and_import_in_the_builder() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1200), downloads.path()).await;
        let cli_code = muster_in(&root(), &["list", "share", "lists/sharpe-patrol.toml"], &[])
            .stdout
            .trim_end()
            .to_owned();
        // The QR code's PNG, as `list share --qr` draws it, and a file that is no picture.
        let qr = downloads.path().join("code.png");
        let r = muster_in(
            &root(),
            &["list", "share", "lists/sharpe-patrol.toml", "--qr", qr.to_str().unwrap()],
            &[],
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let notes = downloads.path().join("notes.txt");
        std::fs::write(&notes, "not a photo").unwrap();
        for (lang, (w, h), suffix) in [
            ("en", (1400, 1200), "desktop-en"),
            ("fr", (390, 844), "phone-fr"),
            ("en", (390, 844), "phone-en"),
            ("fr", (1400, 1200), "desktop-fr"),
            ("es", (1400, 1200), "desktop-es"),
            ("es", (390, 844), "phone-es"),
        ] {
            viewport(&c, w, h).await;
            c.goto(&server.url("/")).await.unwrap();
            c.execute(
                &format!("localStorage.setItem('muster-lang', '{lang}');"),
                vec![],
            )
            .await
            .unwrap();
            c.goto(&server.url("/lists/sharpe-patrol.toml"))
                .await
                .unwrap();
            // Pressed at once, the list and its picker still loading: the button answers (it
            // did nothing until the picker had loaded, and this test failed under load).
            click(&c, "#share-button").await;
            wait_for("the share code", || async {
                value(&c, "#share-code").await.starts_with("MU3:")
            })
            .await;
            // The page's code is the command line's.
            assert_eq!(value(&c, "#share-code").await, cli_code);
            let shown = value(&c, "#share-text").await;
            assert!(shown.starts_with("Sharpe's patrol — "), "{shown}");
            assert!(c.find(Locator::Css("#share-qr img")).await.is_ok());
            c.execute(
                "document.querySelector('#share-panel').scrollIntoView();",
                vec![],
            )
            .await
            .unwrap();
            shot(&c, &format!("share-{suffix}.png")).await;

            // The first page: the code pasted, the list written under the name asked.
            c.goto(&server.url("/")).await.unwrap();
            wait_for("the lists", || async {
                !text(&c, "#lists").await.is_empty()
            })
            .await;
            let file = format!("opponent-{suffix}.toml");
            c.execute(
                "document.querySelector('#im-code').value = arguments[0];",
                vec![serde_json::json!(cli_code)],
            )
            .await
            .unwrap();
            type_in(&c, "#im-name", &file).await;
            click(&c, "#import button[type=submit]").await;
            wait_for("the import", || async {
                !text(&c, "#import-result").await.is_empty()
            })
            .await;
            let said = text(&c, "#import-result").await;
            assert!(said.contains(&file), "{said}");
            assert!(!said.contains("null"), "{said}");
            assert!(server.list(&file).is_file());
            c.execute(
                "document.querySelector('#import-card').scrollIntoView();",
                vec![],
            )
            .await
            .unwrap();
            shot(&c, &format!("import-{suffix}.png")).await;
            // A file that is no picture, chosen as the photo: refused in the page's words.
            c.find(Locator::Css("#im-photo"))
                .await
                .unwrap()
                .send_keys(notes.to_str().unwrap())
                .await
                .unwrap();
            click(&c, "#import button[type=submit]").await;
            // Said in the Import box, where the player looks.
            wait_for("the refusal", || async {
                c.find(Locator::Css("#import-result .banner")).await.is_ok()
            })
            .await;
            let refused = text(&c, "#import-result .banner").await;
            let expected = match lang {
                "fr" => "ce n'est ni une image PNG ni une image JPEG : choisissez une photo du code QR de la feuille d'armée, ou collez le code",
                "es" => "no es una imagen PNG ni JPEG: elija una foto del código QR de la hoja de ejército, o pegue el código",
                _ => "it is neither a PNG nor a JPEG picture: choose a photo of the roster's QR code, or paste the code",
            };
            assert_eq!(refused, expected);
            shot(&c, &format!("import-refused-{suffix}.png")).await;
            // The photo of the QR code: the list written under the name asked.
            c.execute("document.querySelector('#im-photo').value = '';", vec![])
                .await
                .unwrap();
            c.find(Locator::Css("#im-photo"))
                .await
                .unwrap()
                .send_keys(qr.to_str().unwrap())
                .await
                .unwrap();
            let photo_file = format!("photo-{suffix}.toml");
            type_in(&c, "#im-name", &photo_file).await;
            click(&c, "#import button[type=submit]").await;
            wait_for("the photo's import", || async {
                text(&c, "#import-result").await.contains(&photo_file)
            })
            .await;
            assert!(server.list(&photo_file).is_file());
            assert_eq!(
                std::fs::read_to_string(server.list(&photo_file)).unwrap(),
                std::fs::read_to_string(server.list(&file)).unwrap()
            );
            c.execute(
                "document.querySelector('#import-card').scrollIntoView();",
                vec![],
            )
            .await
            .unwrap();
            shot(&c, &format!("import-photo-{suffix}.png")).await;
            // The imported list is offered as the opponent in the matchups.
            c.goto(&server.url("/lists/sharpe-patrol.toml"))
                .await
                .unwrap();
            wait_for("the opponent offered", || async {
                c.find(Locator::Css(&format!("#against option[value='{file}']")))
                    .await
                    .is_ok()
            })
            .await;
        }
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![])
            .await
            .unwrap();
        c.close().await.unwrap();
    });
}

#[test]
fn a_unit_type_copied_and_edited_in_hm_qrs_and_thucydide() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1200), downloads.path()).await;
        // hm-qrs: "copy and edit" under a unit type of an order of battle's picker.
        c.goto(&server.url("/lists/hm-qrs-picton-1815.toml")).await.unwrap();
        wait_for("the illustrative unit type and its copy link", || async {
            text(&c, "[data-offer='veteran-infantry']").await.contains("illustrative")
                && c.find(Locator::Css("li:has(> [data-offer='veteran-infantry']) a.copy-edit"))
                    .await
                    .is_ok()
        })
        .await;
        click(&c, "li:has(> [data-offer='veteran-infantry']) a.copy-edit").await;
        wait_for("the editor with the card", || async {
            text(&c, "#subtitle").await.starts_with("A copy of veteran-infantry")
                && text(&c, "#card-view").await.contains("Veteran infantry")
        })
        .await;
        assert_eq!(
            text(&c, "#sheet-form [data-field='hand_to_hand'] label").await,
            "Hand-to-hand (HtH) (dice)"
        );
        // The card follows each value; a wrong one is said at its field.
        let mut n = drafts(&c).await;
        sheet_field(&c, "points", "60").await;
        n = next_draft(&c, n).await;
        wait_for("the points on the card", || async {
            text(&c, "#card-view").await.contains("60 pts")
        })
        .await;
        sheet_field(&c, "morale", "9").await;
        n = next_draft(&c, n).await;
        wait_for("the morale problem", || async {
            text(&c, "#sheet-form [data-field='morale'] .problem").await
                == "morale must be between 2 and 6 (a save on a d6), found 9"
        })
        .await;
        assert_eq!(text(&c, "#verdict").await, "1 error");
        shot(&c, "sheet-editor-hm-qrs-error.png").await;
        sheet_field(&c, "morale", "2").await;
        next_draft(&c, n).await;
        wait_for("valid again", || async {
            text(&c, "#verdict").await == "valid" && text(&c, "#card-view").await.contains("2+")
        })
        .await;
        shot(&c, "sheet-editor-hm-qrs.png").await;
        // Saved into the player's units folder; in the picker at once, marked as theirs.
        click(&c, "#save-sheet").await;
        wait_for("the save", || async { text(&c, "#status").await.starts_with("Saved in") })
            .await;
        let saved = std::fs::read_to_string(
            server.dir.path().join("my-sheets/hm-qrs/units/veteran-infantry.toml"),
        )
        .unwrap();
        assert!(saved.contains("\nmorale = 2\n") && saved.contains("\npoints = 60\n"), "{saved}");
        click(&c, "#back").await;
        wait_for("the player's unit type in the picker", || async {
            let offer = text(&c, "[data-offer='veteran-infantry']").await;
            offer.contains("yours") && !offer.contains("illustrative")
        })
        .await;

        // Thucydide, in French, on a phone: a troop type's traits by name, the card follows.
        c.execute("localStorage.setItem('muster-lang', 'fr');", vec![])
            .await
            .unwrap();
        viewport(&c, 390, 844).await;
        c.goto(&server.url(
            "/sheets/edit?ruleset=thucydide&from=peltastes&list=thucydide-perses.toml",
        ))
        .await
        .unwrap();
        wait_for("the French editor", || async {
            text(&c, "#subtitle").await.starts_with("Une copie de peltastes")
                && text(&c, "#card-view").await.contains("Insaisissable")
        })
        .await;
        assert_eq!(
            text(&c, "#sheet-form [data-field='armour'] label").await,
            "Armure (couleur)"
        );
        assert_eq!(
            text(&c, "#sheet-form [data-field='range'] label").await,
            "Portée du tir (cases) (facultatif)"
        );
        let n = drafts(&c).await;
        click(&c, "#sheet-form [data-field='traits'] input[value='elite']").await;
        next_draft(&c, n).await;
        wait_for("the trait on the card", || async {
            text(&c, "#card-view").await.contains("Élite")
        })
        .await;
        let fits = c
            .execute(
                "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(fits, serde_json::json!(true), "the editor fits the phone's width");
        // The card first, as the phone shows it above the form.
        c.execute("window.scrollTo(0, 0);", vec![]).await.unwrap();
        shot(&c, "sheet-editor-thucydide-phone-fr.png").await;
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![])
            .await
            .unwrap();
        c.close().await.unwrap();
    });
}

/// The new-list form's fields as the page shows them: each field's key, whether it is marked
/// and its problem's words.
async fn new_list_fields(c: &Client) -> Vec<(String, bool, String)> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#new-list .field[data-field]')].map((f) => \
             [f.dataset.field, f.classList.contains('bad'), f.querySelector('.problem')?.textContent || '']);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// Whether any text of the page shows a backtick.
async fn shows_backticks(c: &Client) -> bool {
    c.execute("return document.body.innerText.includes('`');", vec![])
        .await
        .unwrap()
        .as_bool()
        .unwrap()
}

/// The new-list form with Capitán chosen: its own fields drawn.
async fn new_list_for_capitan(c: &Client) {
    wait_for("the rulesets", || async {
        c.find(Locator::Css("#nl-ruleset option[value='capitan']"))
            .await
            .is_ok()
    })
    .await;
    select(c, "#nl-ruleset", "capitan").await;
    wait_for("Capitán's fields", || async {
        c.find(Locator::Css("select#nl-coalition")).await.is_ok()
    })
    .await;
}

/// On a page with no lists, the new-list form comes first; sent empty, every field is marked
/// at once, in the page's language (English, Spanish, French), never with a backtick; the
/// list's name typed where the file's goes is said to be no file name in Spanish; the list's
/// name makes its file's name (editable), and the list is made with it.
#[test]
fn the_new_list_form_marks_every_field_and_names_the_file() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    for e in std::fs::read_dir(server.dir.path()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            std::fs::remove_file(p).unwrap();
        }
    }
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 900), downloads.path()).await;
        c.goto(&server.url("/")).await.unwrap();
        wait_for("the empty lists page", || async {
            text(&c, "#lists").await == "No list yet."
        })
        .await;
        // The form first, in view, its list name ready to type in.
        let placed = c
            .execute(
                "const form = document.getElementById('new-list-card'); \
                 return [form.compareDocumentPosition(document.getElementById('lists-card')) === Node.DOCUMENT_POSITION_FOLLOWING, \
                         form.compareDocumentPosition(document.getElementById('import-card')) === Node.DOCUMENT_POSITION_FOLLOWING, \
                         form.getBoundingClientRect().top < 200, document.activeElement.id];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(placed, serde_json::json!([true, true, true, "nl-title"]));
        assert_eq!(text(&c, "label[for=nl-title]").await, "List name");
        new_list_for_capitan(&c).await;
        click(&c, "#new-list button[type=submit]").await;
        let required = |lang_word: &str| {
            ["name", "file", "coalition", "campaign", "points"]
                .iter()
                .map(|k| (k.to_string(), true, lang_word.to_owned()))
                .chain(std::iter::once(("rank".to_owned(), false, String::new())))
                .collect::<Vec<_>>()
        };
        let marked = |fields: Vec<(String, bool, String)>| {
            let mut v: Vec<_> = fields.into_iter().filter(|f| f.0 != "ruleset").collect();
            v.sort();
            v
        };
        let mut want = required("Required.");
        want.sort();
        wait_for("every field marked", || async {
            marked(new_list_fields(&c).await) == want
        })
        .await;
        assert_eq!(text(&c, "#banner").await, "Fix the fields marked below.");
        assert!(!shows_backticks(&c).await);
        shot(&c, "serve-new-list-empty-en.png").await;
        viewport(&c, 390, 844).await;
        shot(&c, "serve-new-list-empty-en-phone.png").await;
        viewport(&c, 1400, 900).await;

        // In Spanish: the same, in Spanish; a list's name where its file's goes.
        c.execute("localStorage.setItem('muster-lang', 'es');", vec![])
            .await
            .unwrap();
        c.refresh().await.unwrap();
        wait_for("the page in Spanish", || async {
            text(&c, "label[for=nl-title]").await == "Nombre de la lista"
        })
        .await;
        new_list_for_capitan(&c).await;
        click(&c, "#new-list button[type=submit]").await;
        let mut want = required("Obligatorio.");
        want.sort();
        wait_for("every field marked in Spanish", || async {
            marked(new_list_fields(&c).await) == want
        })
        .await;
        assert_eq!(text(&c, "#banner").await, "Corrige los campos señalados abajo.");
        assert!(!shows_backticks(&c).await);
        shot(&c, "serve-new-list-empty-es.png").await;
        type_in(&c, "#nl-name", "My Light Bobs").await;
        type_in(&c, "#nl-title", "Mis cazadores").await;
        assert_eq!(value(&c, "#nl-name").await, "My Light Bobs", "typed, kept");
        click(&c, "#new-list button[type=submit]").await;
        wait_for("the file name's problem in Spanish", || async {
            text(&c, "[data-field='file'] .problem").await
                == "Un nombre de archivo terminado en .toml, como mis-cazadores.toml, sin / ni \\."
        })
        .await;
        assert_eq!(text(&c, "[data-field='name'] .problem").await, "");
        assert!(!shows_backticks(&c).await);
        viewport(&c, 390, 844).await;
        c.execute(
            "document.querySelector(\"[data-field='file']\").scrollIntoView();",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, "serve-new-list-file-es-phone.png").await;
        viewport(&c, 1400, 900).await;

        // In French, empty.
        c.execute("localStorage.setItem('muster-lang', 'fr');", vec![])
            .await
            .unwrap();
        c.refresh().await.unwrap();
        new_list_for_capitan(&c).await;
        click(&c, "#new-list button[type=submit]").await;
        let mut want = required("À remplir.");
        want.sort();
        wait_for("every field marked in French", || async {
            marked(new_list_fields(&c).await) == want
        })
        .await;
        shot(&c, "serve-new-list-empty-fr.png").await;

        // The list's name makes the file's name, and the list is made with both.
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![])
            .await
            .unwrap();
        c.refresh().await.unwrap();
        new_list_for_capitan(&c).await;
        type_in(&c, "#nl-title", "My Light Bobs").await;
        assert_eq!(value(&c, "#nl-name").await, "my-light-bobs.toml");
        select(&c, "#nl-coalition", "allies").await;
        select(&c, "#nl-campaign", "peninsula").await;
        type_in(&c, "#nl-points", "400").await;
        shot(&c, "serve-new-list-named-en.png").await;
        click(&c, "#new-list button[type=submit]").await;
        wait_for("the new list's builder", || async {
            text(&c, "#title").await == "My Light Bobs"
        })
        .await;
        assert!(c
            .current_url()
            .await
            .unwrap()
            .as_str()
            .ends_with("/lists/my-light-bobs.toml"));
        let made = std::fs::read_to_string(server.list("my-light-bobs.toml")).unwrap();
        assert!(made.contains("name = \"My Light Bobs\""), "{made}");

        // A second list of the same name gets a file of its own; accents and signs go; a
        // file name the player typed stays theirs.
        c.goto(&server.url("/")).await.unwrap();
        wait_for("the list", || async {
            text(&c, "#lists").await.contains("My Light Bobs")
        })
        .await;
        type_in(&c, "#nl-title", "My Light Bobs").await;
        assert_eq!(value(&c, "#nl-name").await, "my-light-bobs-2.toml");
        let title = c.find(Locator::Css("#nl-title")).await.unwrap();
        title.clear().await.unwrap();
        title.send_keys("6e Léger à Sabugal!").await.unwrap();
        assert_eq!(value(&c, "#nl-name").await, "6e-leger-a-sabugal.toml");
        let file = c.find(Locator::Css("#nl-name")).await.unwrap();
        file.clear().await.unwrap();
        file.send_keys("sabugal.toml").await.unwrap();
        title.send_keys(" 1811").await.unwrap();
        assert_eq!(value(&c, "#nl-name").await, "sabugal.toml");
        c.close().await.unwrap();
    });
}

/// A Capitán list of `n` sections of riflemen, Section 1 to Section n.
fn long_list(n: usize) -> String {
    let mut text = "[list]\nname = \"Long\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 2000\n".to_owned();
    for i in 1..=n {
        text.push_str(&format!(
            "\n[[units]]\nsheet = \"gb-95th-riflemen\"\nlabel = \"Section {i}\"\nfigures = 6\n"
        ));
    }
    text
}

/// Where the edit form is against unit `n`: whether it follows the unit, the gap between the
/// unit's bottom and its top, whether the unit is marked, the unit's top and the form's top,
/// and the viewport's height.
async fn editor_at(c: &Client, n: usize) -> serde_json::Value {
    c.execute(
        &format!(
            "const a = document.querySelector(\"#units article[data-unit='{n}']\"), p = document.getElementById('edit-panel'); \
             const ra = a.getBoundingClientRect(), rp = p.getBoundingClientRect(); \
             return {{ follows: p.previousElementSibling === a, gap: rp.top - ra.bottom, marked: a.classList.contains('editing'), \
                       unit_top: ra.top, form_top: rp.top, height: window.innerHeight, shown: !p.hidden }};"
        ),
        vec![],
    )
    .await
    .unwrap()
}

fn assert_at_unit(at: &serde_json::Value) {
    let f = |k: &str| at[k].as_f64().unwrap();
    assert_eq!(at["follows"], true, "the form right under the unit: {at}");
    assert_eq!(at["marked"], true, "{at}");
    assert_eq!(at["shown"], true, "{at}");
    assert!((-1.0..=16.0).contains(&f("gap")), "no gap: {at}");
    assert!(f("unit_top") >= 0.0, "the unit in view: {at}");
    assert!(
        f("form_top") < f("height") - 100.0,
        "the form in view: {at}"
    );
}

/// Editing a unit of a long list opens its form at the unit (right under it, the unit
/// marked, both scrolled into view), on a desktop and a phone; saved, the form closes and the
/// edit is in the file.
#[test]
fn the_edit_form_opens_at_the_unit() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    std::fs::write(server.list("long.toml"), long_list(14)).unwrap();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 900), downloads.path()).await;
        c.goto(&server.url("/lists/long.toml")).await.unwrap();
        wait_for("the units and the picker", || async {
            text(&c, "#units article[data-unit='14']")
                .await
                .contains("Section 14")
                && c.find(Locator::Css("button.offer")).await.is_ok()
        })
        .await;
        for n in [2, 12] {
            click(
                &c,
                &format!("#units article[data-unit='{n}'] button[data-action=edit]"),
            )
            .await;
            wait_for("the edit form", || async {
                c.find(Locator::Css("#edit-form input[name=figures]"))
                    .await
                    .is_ok()
                    && text(&c, "#edit-title").await == format!("Unit {n}: Section {n}")
            })
            .await;
            assert_at_unit(&editor_at(&c, n).await);
            if n == 12 {
                shot(&c, "serve-edit-at-unit.png").await;
            }
        }
        // Only one unit is marked: the one edited.
        let marked = c
            .find_all(Locator::Css("#units article.editing"))
            .await
            .unwrap()
            .len();
        assert_eq!(marked, 1);
        let f = c
            .find(Locator::Css("#edit-form input[name=figures]"))
            .await
            .unwrap();
        f.clear().await.unwrap();
        f.send_keys("8").await.unwrap();
        click(&c, "#edit-form button[data-action=submit]").await;
        wait_for("the edit saved", || async {
            c.find(Locator::Css("#edit-panel[hidden]")).await.is_ok()
                && value(&c, "input[data-unit='12']").await == "8"
        })
        .await;
        let home = c
            .execute(
                "return document.getElementById('edit-panel').previousElementSibling.id;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(home, "units", "closed, the form is back in its place");
        let saved =
            crate::without_records(&std::fs::read_to_string(server.list("long.toml")).unwrap());
        assert!(
            saved.contains("label = \"Section 12\"\nfigures = 8\n"),
            "{saved}"
        );

        // On a phone, in Spanish.
        c.execute("localStorage.setItem('muster-lang', 'es');", vec![])
            .await
            .unwrap();
        viewport(&c, 390, 844).await;
        c.refresh().await.unwrap();
        wait_for("the units", || async {
            text(&c, "#units article[data-unit='14']")
                .await
                .contains("Section 14")
                && c.find(Locator::Css("button.offer")).await.is_ok()
        })
        .await;
        click(&c, "#units article[data-unit='6'] button[data-action=edit]").await;
        wait_for("the edit form", || async {
            c.find(Locator::Css("#edit-form input[name=figures]"))
                .await
                .is_ok()
        })
        .await;
        assert_at_unit(&editor_at(&c, 6).await);
        shot(&c, "serve-edit-at-unit-es-phone.png").await;
        // On a desktop, in French.
        c.execute("localStorage.setItem('muster-lang', 'fr');", vec![])
            .await
            .unwrap();
        viewport(&c, 1400, 900).await;
        c.refresh().await.unwrap();
        wait_for("the units in French", || async {
            text(&c, "#units-card h2").await == "Unités"
                && c.find(Locator::Css("button.offer")).await.is_ok()
        })
        .await;
        click(&c, "#units article[data-unit='9'] button[data-action=edit]").await;
        wait_for("the edit form", || async {
            text(&c, "#edit-title").await == "Unité 9 : Section 9"
        })
        .await;
        assert_at_unit(&editor_at(&c, 9).await);
        shot(&c, "serve-edit-at-unit-fr.png").await;
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![])
            .await
            .unwrap();
        c.close().await.unwrap();
    });
}

/// The first free skill the form `form` offers (its select's first value).
async fn first_free_skill(c: &Client, form: &str) -> String {
    c.execute(
        &format!("return document.getElementById('{form}-free').options[1].value;"),
        vec![],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap()
    .to_owned()
}

/// Capitán's one free skill of a list (§10.1), given to another unit: the form says first that
/// it leaves the unit that has it for this one, by the units' names, in the page's language;
/// kept, nothing changes; confirmed, it moves. Adding a unit with it says the same.
#[test]
fn a_free_skill_moved_is_said_before_it_moves() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let path = server.list("sharpe-patrol.toml");
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1000), downloads.path()).await;
        c.goto(&server.url("/lists/sharpe-patrol.toml")).await.unwrap();
        wait_for("the list and the picker", || async {
            text(&c, "#total").await == "578 / 600 pts"
                && c.find(Locator::Css("button.offer")).await.is_ok()
        })
        .await;
        let had = text(&c, "#units article[data-unit='1'] .chip.free").await;
        assert!(had.ends_with(" · free (rank)"), "{had}");
        let old = had.trim_end_matches(" · free (rank)").to_owned();
        let before = std::fs::read(&path).unwrap();

        click(&c, "#units article[data-unit='3'] button[data-action=edit]").await;
        wait_for("the free skill's choice", || async {
            c.find(Locator::Css("#edit-form-free")).await.is_ok()
        })
        .await;
        let skill = first_free_skill(&c, "edit-form").await;
        select(&c, "#edit-form-free", &skill).await;
        let skill_name = c
            .execute(
                "const s = document.getElementById('edit-form-free'); return s.options[s.selectedIndex].textContent;",
                vec![],
            )
            .await
            .unwrap()
            .as_str()
            .unwrap()
            .to_owned();
        let skill_name = skill_name.rsplit_once(" (").unwrap().0.to_owned();
        click(&c, "#edit-form button[data-action=submit]").await;
        let said = format!(
            "A list has one free skill: it leaves Sharpe ({old}) for Chosen Men ({skill_name})."
        );
        wait_for("the move said", || async {
            text(&c, "#edit-form .confirm-move p").await == said
        })
        .await;
        assert_eq!(
            text(&c, "#edit-form button[data-action=keep-free]").await,
            "Leave it with Sharpe"
        );
        shot(&c, "serve-free-skill-move.png").await;
        // Kept: nothing sent, nothing changed.
        click(&c, "#edit-form button[data-action=keep-free]").await;
        wait_for("the question gone", || async {
            c.find(Locator::Css("#edit-form .confirm-move")).await.is_err()
        })
        .await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(std::fs::read(&path).unwrap(), before, "kept: the list unchanged");
        assert_eq!(text(&c, "#units article[data-unit='1'] .chip.free").await, had);
        // Confirmed: it moves.
        click(&c, "#edit-form button[data-action=submit]").await;
        wait_for("the move said again", || async {
            text(&c, "#edit-form .confirm-move p").await == said
        })
        .await;
        click(&c, "#edit-form button[data-action=confirm-move]").await;
        wait_for("the free skill on the Chosen Men", || async {
            c.find(Locator::Css("#units article[data-unit='3'] .chip.free")).await.is_ok()
                && c.find(Locator::Css("#units article[data-unit='1'] .chip.free")).await.is_err()
        })
        .await;
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(
            saved.contains(&format!("free_skill = {{ unit = 3, skill = \"{skill}\" }}")),
            "{saved}"
        );
        assert!(saved.contains("# §10.1: a lieutenant gives one skill"), "comments kept");
        // The unit that has it: no question.
        click(&c, "#units article[data-unit='3'] button[data-action=edit]").await;
        wait_for("the edit form", || async {
            c.find(Locator::Css("#edit-form-free")).await.is_ok()
        })
        .await;
        type_in(&c, "#edit-form input[name=label]", " of the 95th").await;
        click(&c, "#edit-form button[data-action=submit]").await;
        wait_for("the edit made", || async {
            text(&c, "#units article[data-unit='3']").await.contains("Chosen Men of the 95th")
        })
        .await;

        // In Spanish, a unit added with it: said the same way; kept, no unit is added.
        c.execute("localStorage.setItem('muster-lang', 'es');", vec![])
            .await
            .unwrap();
        c.refresh().await.unwrap();
        wait_for("the picker in Spanish", || async {
            c.find(Locator::Css("button.offer[data-offer='gb-95th-riflemen']")).await.is_ok()
                && text(&c, "#units-card h2").await == "Unidades"
        })
        .await;
        let now = std::fs::read(&path).unwrap();
        click(&c, "button.offer[data-offer='gb-95th-riflemen']").await;
        wait_for("the add form", || async {
            c.find(Locator::Css("#add-free")).await.is_ok()
        })
        .await;
        let skill = first_free_skill(&c, "add").await;
        select(&c, "#add-free", &skill).await;
        type_in(&c, "#add input[name=label]", "Recrues").await;
        click(&c, "#add button[data-action=submit]").await;
        wait_for("the move said in Spanish", || async {
            let t = text(&c, "#add .confirm-move p").await;
            t.starts_with("Una lista tiene una sola habilidad gratis: pasa de Chosen Men of the 95th (")
                && t.contains(") a Recrues (")
        })
        .await;
        assert_eq!(text(&c, "#add button[data-action=confirm-move]").await, "Moverla");
        assert_eq!(
            text(&c, "#add button[data-action=keep-free]").await,
            "Dejarla en Chosen Men of the 95th"
        );
        c.execute(
            "document.querySelector('#add .confirm-move').scrollIntoView({block: 'center'});",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, "serve-free-skill-move-es.png").await;
        viewport(&c, 390, 844).await;
        c.execute(
            "document.querySelector('#add .confirm-move').scrollIntoView({block: 'center'});",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, "serve-free-skill-move-es-phone.png").await;
        click(&c, "#add button[data-action=keep-free]").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(std::fs::read(&path).unwrap(), now, "kept: no unit added");
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![])
            .await
            .unwrap();
        c.close().await.unwrap();
    });
}

/// A diagnostic's help and rule are seen with its sentence (only its code, line and column
/// folded), quoted, no backtick.
#[test]
fn a_diagnostics_help_and_rule_are_seen_with_it() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    std::fs::write(
        server.list("typo.toml"),
        "[list]\nname = \"Typo\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 600\n\n[[units]]\nsheet = \"gb-95th-riflemen\"\nfigures = 6\nskills = [\"tireur-expret\"]\n",
    )
    .unwrap();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 900), downloads.path()).await;
        c.goto(&server.url("/lists/typo.toml")).await.unwrap();
        let skill = "#units [data-for='1'] .diagnostic[data-code='unknown-skill']";
        wait_for("the diagnostic", || async {
            c.find(Locator::Css(skill)).await.is_ok()
        })
        .await;
        let help = c
            .find(Locator::Css(&format!("{skill} .help")))
            .await
            .unwrap();
        assert!(help.is_displayed().await.unwrap());
        assert_eq!(help.text().await.unwrap(), "did you mean “tireur-expert”?");
        let rule = c
            .find(Locator::Css(&format!("{skill} .rule")))
            .await
            .unwrap();
        assert!(rule.is_displayed().await.unwrap());
        assert_eq!(
            rule.text().await.unwrap(),
            "Rule: skills are those of §11 (Capitán §11)"
        );
        assert_eq!(
            text(
                &c,
                "#list-diagnostics .diagnostic[data-code='no-command'] .rule"
            )
            .await,
            "Rule: command units activate the troops under their orders (Capitán §3.2-5, §4)"
        );
        assert!(!shows_backticks(&c).await);
        shot(&c, "serve-diagnostic-help-rule.png").await;
        viewport(&c, 390, 844).await;
        shot(&c, "serve-diagnostic-help-rule-phone.png").await;
        // In French and Spanish, the rule is named in the page's words.
        for (lang, word, name) in [("fr", "Règle :", "fr"), ("es", "Regla:", "es-phone")] {
            c.execute(
                &format!("localStorage.setItem('muster-lang', '{lang}');"),
                vec![],
            )
            .await
            .unwrap();
            viewport(
                &c,
                if lang == "fr" { 1400 } else { 390 },
                if lang == "fr" { 900 } else { 844 },
            )
            .await;
            c.refresh().await.unwrap();
            wait_for("the rule's word", || async {
                text(&c, &format!("{skill} .rule-word")).await == word
            })
            .await;
            assert!(!shows_backticks(&c).await);
            // The fold says the code, line and column; not the command line's English
            // message (it did).
            c.execute(
                "document.querySelectorAll('.diagnostic details').forEach((d) => { d.open = true; });",
                vec![],
            )
            .await
            .unwrap();
            let fold = text(&c, &format!("{skill} details")).await;
            assert!(fold.contains("unknown-skill"), "{lang}: {fold}");
            assert!(!fold.contains("unknown skill"), "{lang}: {fold}");
            shot(&c, &format!("serve-diagnostic-help-rule-{name}.png")).await;
        }
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![])
            .await
            .unwrap();
        c.close().await.unwrap();
    });
}

/// The matchup's heads that are not seen whole: each `th` of the tables whose text runs past
/// its cell (a cut, an ellipsis, a clipped line) or whose own box scrolls.
async fn heads_cut(c: &Client) -> serde_json::Value {
    c.execute(
        "const cut = []; \
         for (const th of document.querySelectorAll('#matchups .heat th')) { \
           if (!th.textContent) continue; \
           const r = th.getBoundingClientRect(); \
           const range = document.createRange(); range.selectNodeContents(th); \
           const t = range.getBoundingClientRect(); \
           const scrolls = [th, ...th.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1); \
           if (scrolls || t.left < r.left - 1 || t.right > r.right + 1 || t.top < r.top - 1 || t.bottom > r.bottom + 1) \
             cut.push([th.textContent, Math.round(t.width), Math.round(r.width)]); \
         } \
         return cut;",
        vec![],
    )
    .await
    .unwrap()
}

/// The heads of the first matchup table as the page shows them: the enemies', the units'.
async fn heads(c: &Client) -> (Vec<String>, Vec<String>) {
    let v = c
        .execute(
            "const t = document.querySelector('#matchups .heat'); \
             return [[...t.querySelectorAll('thead th[scope=col]')].map((e) => e.textContent), \
                     [...t.querySelectorAll('tbody th[scope=row]')].map((e) => e.textContent)];",
            vec![],
        )
        .await
        .unwrap();
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect()
    };
    (strings(&v[0]), strings(&v[1]))
}

/// Every head of the matchup tables whole, at the desktop and on a phone, Capitán's and WAB's,
/// in the three languages; on the phone one table that scrolls sideways under the units'
/// column, which stays where it is; the duels' charts shown at the size they were drawn (their
/// text at the size the server set). The screenshots are the docs'.
#[test]
fn matchup_heads_whole_and_the_unit_column_fixed_on_a_phone() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1000), downloads.path()).await;
        for (size, (width, height)) in [("desktop", (1400, 1000)), ("phone", (390, 844))] {
            viewport(&c, width, height).await;
            for (ruleset, list, against) in [
                ("capitan", "sharpe-patrol.toml", "voltigeurs-hussars.toml"),
                ("wab-aca", "wab-france-1809.toml", "wab-russia-1812.toml"),
            ] {
                for lang in ["en", "fr", "es"] {
                    c.goto(&server.url("/")).await.unwrap();
                    c.execute(&format!("localStorage.setItem('muster-lang', '{lang}');"), vec![])
                        .await
                        .unwrap();
                    c.goto(&server.url(&format!("/lists/{list}?against={against}")))
                        .await
                        .unwrap();
                    wait_for("the matchups", || async {
                        c.find(Locator::Css("#matchups .matchup .heat button.cell")).await.is_ok()
                    })
                    .await;
                    // The names the server gives, each head numbered as the lists are.
                    let m = server
                        .get(&format!("/api/lists/{list}/matchups?against={against}&lang={lang}"))
                        .json();
                    let names = |key: &str| -> Vec<String> {
                        m[key]
                            .as_array()
                            .unwrap()
                            .iter()
                            .enumerate()
                            .map(|(i, n)| format!("{}. {}", i + 1, n.as_str().unwrap()))
                            .collect()
                    };
                    assert_eq!(heads(&c).await, (names("enemies"), names("units")), "{ruleset} {lang} {size}");
                    let cut = heads_cut(&c).await;
                    assert_eq!(cut, serde_json::json!([]), "heads cut, {ruleset} {lang} {size}");
                    c.execute("document.getElementById('versus-card').scrollIntoView();", vec![])
                        .await
                        .unwrap();
                    shot(&c, &format!("matchups-{ruleset}-{lang}-{size}.png")).await;
                }
            }
        }

        // On the phone: the table scrolls sideways inside its box (the page does not), the
        // units' column stays where it is and the enemies' columns pass under it; more than one
        // enemy is seen at a time.
        c.goto(&server.url("/")).await.unwrap();
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![]).await.unwrap();
        c.goto(&server.url("/lists/wab-france-1809.toml?against=wab-russia-1812.toml"))
            .await
            .unwrap();
        wait_for("the matchups", || async {
            c.find(Locator::Css("#matchups .matchup .heat button.cell")).await.is_ok()
        })
        .await;
        let scrolled = c
            .execute(
                "const s = document.querySelector('#matchups .heat-scroll'); \
                 const row = s.querySelector('tbody tr'); row.scrollIntoView({ block: 'center' }); s.scrollLeft = 0; \
                 const head = row.querySelector('th'), cells = [...row.querySelectorAll('td')]; \
                 const box = s.getBoundingClientRect(); \
                 const seen = () => cells.filter((td) => { const r = td.getBoundingClientRect(); \
                   return r.left >= head.getBoundingClientRect().right - 1 && r.right <= box.right + 1; }).length; \
                 const before = { head: head.getBoundingClientRect().left, cell: cells[1].getBoundingClientRect().left, seen: seen() }; \
                 s.scrollLeft = 150; \
                 const after = { head: head.getBoundingClientRect().left, cell: cells[1].getBoundingClientRect().left, seen: seen() }; \
                 const top = document.elementFromPoint(head.getBoundingClientRect().left + 5, head.getBoundingClientRect().top + 5); \
                 return { scrollable: s.scrollWidth > s.clientWidth, scrolled: s.scrollLeft, \
                          head_moved: after.head - before.head, cell_moved: before.cell - after.cell, \
                          head_in_box: after.head >= box.left - 1, head_on_top: head.contains(top), \
                          seen: before.seen, enemies: cells.length, \
                          page: document.documentElement.scrollWidth, viewport: window.innerWidth };",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(scrolled["scrollable"], true, "{scrolled}");
        assert_eq!(scrolled["scrolled"], 150, "{scrolled}");
        assert!(scrolled["head_moved"].as_f64().unwrap().abs() < 1.0, "the units' column is fixed: {scrolled}");
        assert!((scrolled["cell_moved"].as_f64().unwrap() - 150.0).abs() < 1.0, "the enemies' columns scroll: {scrolled}");
        assert_eq!(scrolled["head_in_box"], true, "{scrolled}");
        assert_eq!(scrolled["head_on_top"], true, "the enemies' cells pass under the units' column: {scrolled}");
        assert!(scrolled["seen"].as_u64().unwrap() >= 3, "several enemies at a time: {scrolled}");
        assert!(
            scrolled["page"].as_f64() <= scrolled["viewport"].as_f64(),
            "the page does not scroll sideways: {scrolled}"
        );
        shot(&c, "matchups-wab-aca-en-phone-scrolled.png").await;

        // A duel's charts, at the desktop and on the phone: shown at the size they were drawn,
        // so their text is at the size the server set (no smaller than the page's small text).
        for (size, (width, height)) in [("phone", (390, 844)), ("desktop", (1400, 1000))] {
            viewport(&c, width, height).await;
            c.goto(&server.url(
                "/lists/sharpe-patrol.toml?against=voltigeurs-hussars.toml&unit=3&enemy=3",
            ))
            .await
            .unwrap();
            wait_for("the duels", || async {
                c.find_all(Locator::Css("#duels .duel img")).await.is_ok_and(|v| v.len() == 3)
            })
            .await;
            let charts = c
                .execute(
                    "const imgs = [...document.querySelectorAll('#duels img')]; \
                     await Promise.all(imgs.map((i) => i.decode())); \
                     return imgs.map((i) => [i.naturalWidth, i.getBoundingClientRect().width, i.closest('.duel').getBoundingClientRect().right <= document.documentElement.clientWidth]);",
                    vec![],
                )
                .await
                .unwrap();
            for chart in charts.as_array().unwrap() {
                let (natural, shown) = (chart[0].as_f64().unwrap(), chart[1].as_f64().unwrap());
                assert!(natural > 200.0, "{size}: {charts}");
                assert!((natural - shown).abs() <= 1.0, "{size}: a chart shown at the size it was drawn: {charts}");
                assert_eq!(chart[2], true, "{size}: within the page: {charts}");
            }
            // Every line of a chart's text within the drawing, as this browser sets it (the
            // chart put in the page to measure it).
            let extents = c
                .execute(
                    "return [...document.querySelectorAll('#duels img')].map((img) => { \
                       const text = decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1)); \
                       const box = document.createElement('div'); \
                       box.style.cssText = 'position: absolute; left: -5000px; top: 0'; \
                       box.append(document.importNode(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement, true)); \
                       document.body.append(box); \
                       const svg = box.querySelector('svg'); \
                       const boxes = [...svg.querySelectorAll('text')].map((t) => t.getBBox()); \
                       box.remove(); \
                       return [Number(svg.getAttribute('width')), Math.min(...boxes.map((b) => b.x)), Math.max(...boxes.map((b) => b.x + b.width))]; \
                     });",
                    vec![],
                )
                .await
                .unwrap();
            for e in extents.as_array().unwrap() {
                let (w, left, right) = (e[0].as_f64().unwrap(), e[1].as_f64().unwrap(), e[2].as_f64().unwrap());
                assert!(left >= 0.0 && right <= w, "{size}: a chart's text beyond its width: {extents}");
            }
            c.execute("document.getElementById('duel-card').scrollIntoView();", vec![])
                .await
                .unwrap();
            shot(&c, &format!("duels-capitan-en-{size}.png")).await;
        }
        c.close().await.unwrap();
    });
}

/// A ruleset without victory rules (Capitán): the game's result says so as information, in
/// the page's language, not as an error.
#[test]
fn a_result_without_victory_rules_is_information_not_an_error() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    let data = root().join("unit-sheets");
    let run = muster_in(
        server.dir.path(),
        &[
            "--data",
            data.to_str().unwrap(),
            "game",
            "new",
            "games/sabugal.toml",
            "--list",
            "sharpe-patrol.toml",
            "--against",
            "voltigeurs-hussars.toml",
        ],
        &[],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The games folder, made after the server started, is found by its first look at the games
    // (as the lists page's).
    assert_eq!(server.get("/api/games").status, 200);
    let words: toml::Table =
        toml::from_str(&std::fs::read_to_string(root().join("templates/web/labels.toml")).unwrap())
            .unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1000), downloads.path()).await;
        for (size, (width, height)) in [("desktop", (1400, 1000)), ("phone", (390, 844))] {
            viewport(&c, width, height).await;
            for lang in ["en", "fr", "es"] {
                c.goto(&server.url("/")).await.unwrap();
                c.execute(&format!("localStorage.setItem('muster-lang', '{lang}');"), vec![])
                    .await
                    .unwrap();
                c.goto(&server.url("/games/sabugal.toml#score")).await.unwrap();
                let said = words[lang]["no_victory_rules"].as_str().unwrap();
                wait_for("the result", || async { text(&c, "#score").await.contains(said) }).await;
                let style = c
                    .execute(
                        "const p = [...document.querySelectorAll('#score *')].find((e) => e.children.length === 0 && e.textContent.startsWith(arguments[0].slice(0, 20))); \
                         const s = getComputedStyle(p), body = getComputedStyle(document.body); \
                         const probe = document.createElement('span'); probe.className = 'problem'; document.body.append(probe); \
                         const err = getComputedStyle(probe).color; probe.remove(); \
                         return { text: p.textContent, weight: Number(s.fontWeight), color: s.color, err, ink: body.color, \
                                  muted: getComputedStyle(document.querySelector('.muted')).color, \
                                  background: s.backgroundColor, border: s.borderLeftColor, borderWidth: s.borderLeftWidth };",
                        vec![serde_json::json!(said)],
                    )
                    .await
                    .unwrap();
                assert_eq!(style["text"], said, "{lang}: {style}");
                assert!(style["weight"].as_f64().unwrap() <= 400.0, "{lang} {size}: not bold: {style}");
                assert!(
                    style["color"] == style["ink"] || style["color"] == style["muted"],
                    "{lang} {size}: the page's ink, not an error's red: {style}"
                );
                assert_ne!(style["color"], style["err"], "{style}");
                c.execute("document.getElementById('score-card').scrollIntoView();", vec![])
                    .await
                    .unwrap();
                shot(&c, &format!("game-capitan-score-{lang}-{size}.png")).await;
            }
        }
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![]).await.unwrap();
        c.close().await.unwrap();
    });
}

/// The picker says what each command unit is and whom it may activate, by names, in the
/// page's language: Capitán's officers (independent: any unit; subordinate: their regiment's
/// or battalion's units, named), WAB's generals (commander-in-chief, brigadier, aide-de-camp);
/// a troop says nothing of the kind.
#[test]
fn the_picker_says_what_each_command_unit_commands() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session(port, (1400, 1000), downloads.path()).await;
        let command = |offer: &str| format!("#offers button.offer[data-offer='{offer}'] .offer-command");
        // The page's language, the list; each offer with the kind it says and words of whom.
        type Said<'a> = &'a [(&'a str, &'a str, &'a [&'a str])];
        let cases: [(&str, &str, Said); 4] = [
            ("en", "sharpe-patrol.toml", &[
                ("gb-95th-sharpe", "Independent command", &["may activate any unit", "4 at a time", "within 25 cm"]),
                ("gb-95th-harper", "Subordinate command", &["may activate the units of 95th Rifles, 1st Battalion: 95th Rifles / Chosen Men"]),
            ]),
            ("fr", "sharpe-patrol.toml", &[
                ("gb-95th-sharpe", "Commandement indépendant", &["peut activer n'importe quelle unité", "4 à la fois", "à 25 cm"]),
                ("gb-95th-harper", "Commandement subordonné", &["peut activer les unités de 95th Rifles, 1st Battalion : 95th Rifles / Chosen Men"]),
            ]),
            ("en", "wab-france-1809.toml", &[
                ("brigadier", "Brigadier", &["+1 to the manoeuvre tests of a unit within 6\", +2 when with the unit."]),
                ("division", "Commander-in-chief", &["+2 to the manoeuvre tests of units in command range"]),
                ("adc", "Aide-de-camp", &["As a brigadier for manoeuvre tests"]),
            ]),
            ("fr", "wab-france-1809.toml", &[
                ("brigadier", "Brigadier", &["+1 aux tests de manœuvre d'une unité à moins de 6\", +2 s'il est dans l'unité."]),
                ("division", "Général en chef", &["+2 aux tests de manœuvre des unités à portée de commandement"]),
            ]),
        ];
        for (lang, list, offers) in cases {
            c.goto(&server.url("/")).await.unwrap();
            c.execute(&format!("localStorage.setItem('muster-lang', '{lang}');"), vec![])
                .await
                .unwrap();
            c.goto(&server.url(&format!("/lists/{list}"))).await.unwrap();
            wait_for("the picker", || async {
                c.find(Locator::Css("#offers button.offer")).await.is_ok()
            })
            .await;
            for (offer, kind, whom) in offers {
                let said = text(&c, &command(offer)).await;
                assert!(said.starts_with(kind), "{lang} {offer}: {said:?}");
                for w in *whom {
                    assert!(said.contains(w), "{lang} {offer}: {w:?} in {said:?}");
                }
                assert!(!said.contains(&format!("{offer}`")) && !said.contains("gb-95th-riflemen"), "names, not ids: {said:?}");
            }
            // A troop commands no one.
            let troops = if list.starts_with("wab") { "fr-line-fusiliers" } else { "gb-95th-riflemen" };
            assert!(c.find(Locator::Css(&command(troops))).await.is_err(), "{lang} {troops}");
        }
        // The screenshots: the picker at the desktop and on a phone, in the three languages.
        for (size, (width, height)) in [("desktop", (1400, 1000)), ("phone", (390, 844))] {
            viewport(&c, width, height).await;
            for (ruleset, list) in [("capitan", "sharpe-patrol.toml"), ("wab-aca", "wab-france-1809.toml")] {
                for lang in ["en", "fr", "es"] {
                    c.goto(&server.url("/")).await.unwrap();
                    c.execute(&format!("localStorage.setItem('muster-lang', '{lang}');"), vec![])
                        .await
                        .unwrap();
                    c.goto(&server.url(&format!("/lists/{list}"))).await.unwrap();
                    wait_for("the picker", || async {
                        c.find(Locator::Css("#offers .offer-command")).await.is_ok()
                    })
                    .await;
                    c.execute("document.getElementById('picker-card').scrollIntoView();", vec![])
                        .await
                        .unwrap();
                    shot(&c, &format!("picker-{ruleset}-{lang}-{size}.png")).await;
                }
            }
        }
        c.execute("localStorage.setItem('muster-lang', 'en');", vec![]).await.unwrap();
        c.close().await.unwrap();
    });
}

/// Issue 28: a WAB list and a WAB entry in Spanish, in a browser that asks for Spanish: the
/// builder's picker named from the data's Spanish, the sheet editor's fields in Spanish with
/// a Spanish name to type and the entry's card in Spanish.
#[test]
fn a_wab_list_and_entry_in_spanish() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let c = session_with(port, (1400, 1000), downloads.path(), &[], "es-ES,es").await;
        c.goto(&server.url("/lists/wab-france-1809.toml"))
            .await
            .unwrap();
        wait_for("the picker in Spanish", || async {
            text(&c, "[data-offer='fr-hussars']")
                .await
                .contains("Regimiento de húsares")
        })
        .await;
        shot(&c, "wab-builder-es.png").await;
        c.goto(
            &server.url("/sheets/edit?ruleset=wab-aca&from=fr-hussars&list=wab-france-1809.toml"),
        )
        .await
        .unwrap();
        wait_for("the editor in Spanish", || async {
            let card = text(&c, "#card-view").await;
            card.contains("Regimiento de húsares") && card.contains("Bajas (oficial incluido)")
        })
        .await;
        assert_eq!(
            text(&c, "#sheet-form [data-field='army'] label").await,
            "Ejército (al que se añade la entrada)"
        );
        let spanish_name = c
            .find(Locator::Css("#sheet-form [data-key='name.es']"))
            .await
            .unwrap();
        assert_eq!(
            spanish_name.prop("value").await.unwrap().as_deref(),
            Some("Regimiento de húsares")
        );
        shot(&c, "wab-editor-es.png").await;
        c.close().await.unwrap();
    });
}

/// Every text a player sees on the page now (text nodes shown, the options of the selects
/// shown, the values of the text fields shown), each with where it stands (its element's
/// closest id or class).
async fn seen_texts(c: &Client) -> Vec<(String, String)> {
    let found = c
        .execute(
            r#"const out = [];
            const shown = (e) => !!e && e.checkVisibility({ visibilityProperty: true, opacityProperty: true })
              && e.getClientRects().length > 0;
            const place = (e) => { const p = e.closest('[id]'); return (p ? '#' + p.id : '') + ' ' + (e.className || e.tagName); };
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) {
              const n = walker.currentNode, p = n.parentElement, t = n.textContent.trim();
              if (t && p && !p.closest('script, style, option') && shown(p)) out.push([t, place(p)]);
            }
            for (const s of document.querySelectorAll('select')) if (shown(s))
              for (const o of s.options) if (o.textContent.trim()) out.push([o.textContent.trim(), place(s)]);
            for (const i of document.querySelectorAll('input:not([type]), input[type=text], input[type=search]'))
              if (shown(i) && i.value.trim()) out.push([i.value.trim(), place(i)]);
            return out;"#,
            vec![],
        )
        .await
        .unwrap();
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap_or_default().to_owned(),
                p[1].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// What a page of a ruleset must not show a player in a language: the ids of its data (sheets
/// or entries, skills, options) and the words of other languages its labels list for it.
struct Forbidden {
    ids: Vec<String>,
    foreign: Vec<String>,
}

impl Forbidden {
    fn of(ruleset: &str, lang: &str) -> Self {
        let r: muster::rulesets::Ruleset = ruleset.parse().unwrap();
        let ids_of = |args: &[&str]| -> Vec<String> {
            let v = json(&crate::muster(args));
            let items: Vec<serde_json::Value> = match v {
                serde_json::Value::Array(a) => a,
                serde_json::Value::Object(o) => o
                    .values()
                    .flat_map(|v| v.as_array().cloned().unwrap_or_default())
                    .collect(),
                _ => Vec::new(),
            };
            let mut ids: Vec<String> = Vec::new();
            for x in &items {
                ids.extend(x["id"].as_str().map(str::to_owned));
                // The options an entry offers, as `list add --option` takes them.
                for o in x["options"].as_array().into_iter().flatten() {
                    if let Some(o) = o.as_str().filter(|o| !ids.iter().any(|i| i == o)) {
                        ids.push(o.to_owned());
                    }
                }
            }
            ids
        };
        let mut ids = ids_of(&["--ruleset", ruleset, "sheets", "--format", "json"]);
        ids.extend(ids_of(&[
            "--ruleset",
            ruleset,
            "skills",
            "--format",
            "json",
        ]));
        // The language the ruleset prints the page's words in: its own, else its first.
        let lang = r
            .languages()
            .iter()
            .find(|l| l.id() == lang)
            .copied()
            .unwrap_or(r.languages()[0]);
        let labels = muster::render::templates::Templates::load(r.templates(), None, &[])
            .unwrap()
            .labels(lang.id());
        let foreign = crate::words::foreign_words(&labels);
        Forbidden { ids, foreign }
    }

    /// What is wrong with each text seen: an id of the data, or a foreign word.
    fn check(&self, page: &str, seen: &[(String, String)], wrong: &mut Vec<String>) {
        for (t, place) in seen {
            for id in &self.ids {
                // An id alone, or a hyphenated one inside a sentence.
                if t == id || id.contains('-') && crate::words::contains_word(t, id) {
                    wrong.push(format!("{page}: the id `{id}` in {t:?} ({place})"));
                }
            }
            for w in &self.foreign {
                if crate::words::contains_word(t, w) {
                    wrong.push(format!("{page}: the foreign word `{w}` in {t:?} ({place})"));
                }
            }
        }
    }
}

/// One language's walk through the builder (a new list from the form, the picker, units
/// added with a skill or an option, the list on a phone, a unit's edit form, saved without a
/// label), the matchups against another list and a cell's duel, and a game between the two
/// with a unit's odds, for Capitán and WAB: every text a player sees there is in the page's
/// language, and none is an id of the data (ids from `muster sheets|skills --format json`,
/// the foreign words from the ruleset's labels in the language it prints the page in).
fn every_word_seen_is_the_pages(lang: &str, accept: &str) {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    // The lists of the walk only: a list's own names (the player's) are not the page's.
    for e in std::fs::read_dir(server.dir.path()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            std::fs::remove_file(p).unwrap();
        }
    }
    let dir = server.dir.path().to_path_buf();
    // Written, valid or not (an army without its commander yet).
    let cli = |args: &[&str]| {
        let run = muster_in(&dir, args, &[]);
        assert!(run.code <= 1, "{args:?}: {}", run.stderr);
    };
    // The opponents, without labels: their units named by the data.
    cli(&[
        "list",
        "new",
        "other-capitan.toml",
        "--name",
        "Opponent",
        "--coalition",
        "empire",
        "--campaign",
        "peninsula",
        "--points",
        "600",
    ]);
    cli(&[
        "list",
        "add",
        "other-capitan.toml",
        "fr-6e-leger-voltigeurs",
        "--figures",
        "8",
        "--skill",
        "tirailleurs",
    ]);
    cli(&[
        "list",
        "add",
        "other-capitan.toml",
        "fr-1er-hussards",
        "--figures",
        "6",
    ]);
    cli(&[
        "list",
        "new",
        "other-wab.toml",
        "--ruleset",
        "wab-aca",
        "--name",
        "Opponent",
        "--army",
        "great-britain-1812",
        "--points",
        "2000",
    ]);
    cli(&[
        "list",
        "add",
        "other-wab.toml",
        "gb-line-foot",
        "--figures",
        "20",
        "--option",
        "flag",
    ]);
    cli(&["list", "add", "other-wab.toml", "gb-brigadier"]);
    cli(&["list", "add", "other-wab.toml", "gb-general-division"]);
    let downloads = tempfile::tempdir().unwrap();
    let mut wrong = Vec::new();
    runtime().block_on(async {
        let c = session_with(port, (1400, 1200), downloads.path(), &[], accept).await;
        for (ruleset, fields, other) in [
            (
                "capitan",
                &[("coalition", "allies"), ("campaign", "peninsula")][..],
                "other-capitan.toml",
            ),
            ("wab-aca", &[("army", "france-1809")][..], "other-wab.toml"),
        ] {
            let forbidden = Forbidden::of(ruleset, lang);
            let mut look = |page: String, seen: Vec<(String, String)>| {
                forbidden.check(&page, &seen, &mut wrong);
            };
            let file = format!("walk-{ruleset}.toml");
            // A new list from the form.
            c.goto(&server.url("/")).await.unwrap();
            // The forms, folded away once there are lists and games.
            wait_for("the lists and games", || async {
                !text(&c, "#games").await.is_empty() && text(&c, "#lists").await.contains("Opponent")
            })
            .await;
            c.execute("for (const d of document.querySelectorAll('details.fold')) d.open = true;", vec![])
                .await
                .unwrap();
            wait_for("the lists", || async {
                text(&c, "#lists").await.contains("Opponent")
            })
            .await;
            select(&c, "#nl-ruleset", ruleset).await;
            let first = fields[0].0;
            wait_for("the ruleset's fields", || async {
                c.find(Locator::Css(&format!("select#nl-{first}")))
                    .await
                    .is_ok()
            })
            .await;
            look(
                format!("{lang} {ruleset} the new-list form"),
                seen_texts(&c).await,
            );
            for (key, value) in fields {
                select(&c, &format!("#nl-{key}"), value).await;
            }
            type_in(&c, "#nl-name", &file).await;
            type_in(&c, "#nl-title", "Walk").await;
            type_in(
                &c,
                "#nl-points",
                if ruleset == "capitan" { "600" } else { "2000" },
            )
            .await;
            click(&c, "#new-list button[type=submit]").await;
            wait_for("the new list's builder", || async {
                c.find(Locator::Css("button.offer")).await.is_ok()
            })
            .await;
            look(
                format!("{lang} {ruleset} the builder and its picker"),
                seen_texts(&c).await,
            );
            // Three units from the picker, the first with its first skill or option.
            for n in 1..=3 {
                // Read in one step: the picker may be drawn again meanwhile.
                let offers = c
                    .execute(
                        "return [...document.querySelectorAll('button.offer:not(.foreign)')].map((b) => b.dataset.offer);",
                        vec![],
                    )
                    .await
                    .unwrap();
                let offers: Vec<String> = serde_json::from_value(offers).unwrap();
                // The first, one in the middle and the last: kinds of every sort.
                let offer = &offers[match n {
                    1 => 0,
                    2 => offers.len() / 2,
                    _ => offers.len() - 1,
                }];
                click(&c, &format!("button.offer[data-offer='{offer}']")).await;
                wait_for("the add panel", || async {
                    c.find(Locator::Css("#add button[data-action=submit]"))
                        .await
                        .is_ok()
                })
                .await;
                if n == 1 {
                    if let Ok(x) = c.find(Locator::Css("#add input[name=extra]")).await {
                        x.click().await.unwrap();
                    }
                }
                look(
                    format!("{lang} {ruleset} adding {offer}"),
                    seen_texts(&c).await,
                );
                click(&c, "#add button[data-action=submit]").await;
                wait_for("the unit", || async {
                    c.find(Locator::Css(&format!("#units article[data-unit='{n}']")))
                        .await
                        .is_ok()
                })
                .await;
            }
            look(
                format!("{lang} {ruleset} the builder with its units"),
                seen_texts(&c).await,
            );
            shot(&c, &format!("names-{lang}-{ruleset}-builder.png")).await;
            viewport(&c, 390, 844).await;
            look(
                format!("{lang} {ruleset} the builder on a phone"),
                seen_texts(&c).await,
            );
            shot(&c, &format!("names-{lang}-{ruleset}-builder-phone.png")).await;
            viewport(&c, 1400, 1200).await;
            click(&c, "#units article[data-unit='1'] button[data-action=edit]").await;
            wait_for("the edit panel", || async {
                c.find(Locator::Css("#edit-form button[data-action=submit]"))
                    .await
                    .is_ok()
            })
            .await;
            look(
                format!("{lang} {ruleset} a unit's edit form"),
                seen_texts(&c).await,
            );
            // Saved as it is: no label is written for a unit the data name.
            click(&c, "#edit-form button[data-action=submit]").await;
            wait_for("the edit saved", || async {
                c.find(Locator::Css("#edit-panel[hidden]")).await.is_ok()
            })
            .await;
            let saved = std::fs::read_to_string(dir.join(&file)).unwrap();
            assert!(
                !saved.contains("label ="),
                "{lang} {ruleset}: a label was written:\n{saved}"
            );
            // The matchups against the opponent, and a cell's duel.
            select(&c, "#against", other).await;
            wait_for("the matchups", || async {
                c.find(Locator::Css("#matchups .matchup button[data-unit]"))
                    .await
                    .is_ok()
            })
            .await;
            click(&c, "#matchups .matchup button[data-unit]").await;
            wait_for("the duels", || async {
                c.find(Locator::Css("#duels .duel")).await.is_ok()
            })
            .await;
            look(
                format!("{lang} {ruleset} the matchups and a duel"),
                seen_texts(&c).await,
            );
            shot(&c, &format!("names-{lang}-{ruleset}-matchups.png")).await;
            // A game between the two lists, and the odds of a unit of each side.
            c.goto(&server.url("/")).await.unwrap();
            // The forms, folded away once there are lists and games.
            wait_for("the lists and games", || async {
                !text(&c, "#games").await.is_empty() && text(&c, "#lists").await.contains("Opponent")
            })
            .await;
            c.execute("for (const d of document.querySelectorAll('details.fold')) d.open = true;", vec![])
                .await
                .unwrap();
            wait_for("the games", || async {
                c.find(Locator::Css("#ng-a")).await.is_ok()
            })
            .await;
            type_in(&c, "#ng-name", &format!("walk-{ruleset}")).await;
            select(&c, "#ng-a", &file).await;
            select(&c, "#ng-b", other).await;
            click(&c, "#new-game button[type=submit]").await;
            wait_for("the game page", || async {
                c.find(Locator::Css("[data-unit='a1'] .gunit-name"))
                    .await
                    .is_ok()
            })
            .await;
            click(&c, "[data-unit='a1'] .gunit-name").await;
            click(&c, "[data-unit='b1'] .gunit-name").await;
            wait_for("the odds", || async {
                c.find(Locator::Css("#odds .duel")).await.is_ok()
            })
            .await;
            look(
                format!("{lang} {ruleset} a game and its odds"),
                seen_texts(&c).await,
            );
            shot(&c, &format!("names-{lang}-{ruleset}-game.png")).await;
        }
    });
    assert!(
        wrong.is_empty(),
        "ids or words of another language on the pages:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_word_seen_is_english_on_english_pages() {
    every_word_seen_is_the_pages("en", "en-GB,en");
}

#[test]
fn every_word_seen_is_french_on_french_pages() {
    every_word_seen_is_the_pages("fr", "fr-FR,fr");
}

#[test]
fn every_word_seen_is_spanish_on_spanish_pages() {
    every_word_seen_is_the_pages("es", "es-ES,es");
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

/// The text of the combat duel's preview (in its folded details), or "" while it is drawn.
async fn combat_text(c: &Client) -> String {
    c.execute(
        "const pre = document.querySelector('#duels .duel[data-procedure=combat] pre'); \
         return pre ? pre.textContent : '';",
        vec![],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap_or("")
    .to_owned()
}

/// Issue 36, item 3: the builder's duel offers each side's formation and ranks and the
/// defender's figures in contact, in the page's language; choosing them changes who fights.
/// The 14th Light Dragoons (unit 9) charge the 57e de ligne (unit 7 of the French list).
#[test]
fn formation_and_contact_chosen_on_the_duel_card() {
    let Some((_driver, port)) = driver() else {
        return;
    };
    let server = Server::start();
    let downloads = tempfile::tempdir().unwrap();
    let page =
        "/lists/wab-great-britain-1812.toml?against=wab-france-1809.toml&unit=9&enemy=7&charge=yes";
    runtime().block_on(async {
        let c = session(port, (1400, 1000), downloads.path()).await;
        for (lang, size, (width, height)) in [
            ("en", "desktop", (1400, 1000)),
            ("fr", "phone", (390, 844)),
            ("en", "phone", (390, 844)),
            ("fr", "desktop", (1400, 1000)),
        ] {
            viewport(&c, width, height).await;
            c.goto(&server.url("/")).await.unwrap();
            c.execute(&format!("localStorage.setItem('muster-lang', '{lang}');"), vec![])
                .await
                .unwrap();
            c.goto(&server.url(page)).await.unwrap();
            wait_for("the combat duel", || async {
                combat_text(&c).await.contains("11 fighting: the attacker's frontage of 8 × 25 mm = 200 mm")
            })
            .await;
            // The choices in the page's words, as the ruleset's labels say them.
            let labels = c
                .execute(
                    "return ['attacker_formation', 'defender_formation', 'attacker_ranks', 'contact'].map((k) => { \
                       const s = document.querySelector(`#choices select[data-choice=${k}]`); \
                       return s ? [s.previousElementSibling.textContent, s.selectedOptions[0].textContent] : null; });",
                    vec![],
                )
                .await
                .unwrap();
            let (contact, book) = if lang == "fr" {
                ("Corps à corps : figurines du défenseur au contact", "selon le livre (le plus possible)")
            } else {
                ("Combat: the defender's figures in contact", "by the book (as many as can)")
            };
            assert_eq!(labels[3], serde_json::json!([contact, book]), "{lang}: {labels}");
            assert!(labels.as_array().unwrap().iter().all(|l| !l.is_null()), "{lang}: {labels}");
            let wide = c
                .execute("return document.documentElement.scrollWidth <= window.innerWidth;", vec![])
                .await
                .unwrap();
            assert_eq!(wide, true, "{lang} {size}: the page does not scroll sideways");
            // The controls and the duel they set (MUSTER_SCREENSHOTS).
            c.execute("document.getElementById('choices').scrollIntoView();", vec![])
                .await
                .unwrap();
            shot(&c, &format!("contact-choices-{lang}-{size}.png")).await;
            c.execute(
                "const d = document.querySelector('#duels .duel[data-procedure=combat]');                  d.querySelector('details').open = true; d.scrollIntoView();",
                vec![],
            )
            .await
            .unwrap();
            shot(&c, &format!("contact-duel-{lang}-{size}.png")).await;
        }
        // Six of the battalion's figures in contact: six fight, and six dragoons face them.
        select(&c, "#choices select[data-choice=contact]", "6").await;
        wait_for("six in contact", || async {
            combat_text(&c).await.contains("6 fighting: 6 of its front rank of 12 in contact, given by --contact")
        })
        .await;
        assert!(combat_text(&c).await.contains("meets 6 at most of the 8 figures of 25 mm"));
        // By the book again, the battalion in a hollow square: the face charged, 24 / 8 = 3
        // figures (60 mm), and the 4 dragoons that can meet it.
        select(&c, "#choices select[data-choice=contact]", "book").await;
        select(&c, "#choices select[data-choice=defender_formation]", "hollow-square").await;
        wait_for("the square's face", || async {
            let t = combat_text(&c).await;
            t.contains("3 fighting: the front rank of a face of the hollow square")
                && t.contains("4 fighting: the defender's frontage of 3 × 20 mm = 60 mm")
        })
        .await;
        // The address keeps the situation.
        let url = c.current_url().await.unwrap();
        assert!(url.as_str().contains("defender_formation=hollow-square"), "{url}");
        c.close().await.unwrap();
    });
}
