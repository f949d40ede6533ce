//! The list builder in a real browser: headless Chromium driven over WebDriver (Debian's
//! `chromium` and `chromium-driver`; `scripts/test` installs them when missing). Open a list,
//! add a unit, see the total change and a diagnostic appear next to the unit, fix it, find
//! the change in the TOML file with its comments, download the cards PDF. With
//! MUSTER_SCREENSHOTS=DIR the main pages are saved there as PNG (the README's screenshots).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

use crate::serve::Server;

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
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

async fn shot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("MUSTER_SCREENSHOTS") {
        let png = c.screenshot().await.unwrap();
        std::fs::write(Path::new(&dir).join(name), png).unwrap();
    }
}

#[test]
fn the_builder_in_a_real_browser() {
    let Some(driver_path) = chromedriver() else {
        if std::env::var_os("MUSTER_SKIP_BROWSER").is_some() {
            eprintln!("skipped: no chromedriver (MUSTER_SKIP_BROWSER is set)");
            return;
        }
        panic!(
            "no chromedriver on PATH: install Debian's chromium and chromium-driver (scripts/test does), or set MUSTER_SKIP_BROWSER=1"
        );
    };
    let server = Server::start();
    let port = free_port();
    let _driver = Driver(
        Command::new(driver_path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let downloads = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1400,1200"],
                "prefs": {
                    "download.default_directory": downloads.path(),
                    "download.prompt_for_download": false,
                    "plugins.always_open_pdf_externally": true
                }
            }),
        );
        let mut client = None;
        let start = Instant::now();
        while client.is_none() {
            let mut b =
                ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
            match b
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(c) => client = Some(c),
                Err(e) => {
                    assert!(
                        start.elapsed() < Duration::from_secs(20),
                        "cannot start a browser session: {e}"
                    );
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
        let c = client.unwrap();
        let name = "sharpe-patrol.toml";
        let path = server.list(name);
        let original = std::fs::read_to_string(&path).unwrap();

        // The lists page.
        c.goto(&server.url("/")).await.unwrap();
        wait_for("the lists", || async {
            text(&c, "#lists tbody").await.contains(name)
        })
        .await;
        shot(&c, "serve-lists.png").await;

        // Open the list.
        c.find(Locator::LinkText(name))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        wait_for("the total", || async {
            text(&c, "#total").await == "578 / 600 pts"
        })
        .await;
        assert_eq!(text(&c, "#verdict").await, "valid");

        // Find the riflemen in the sheet browser and add 3 of them: below the rule.
        c.find(Locator::Css("#search"))
            .await
            .unwrap()
            .send_keys("95th-rifle")
            .await
            .unwrap();
        click(&c, "tr[data-sheet='gb-95th-riflemen']").await;
        let id = c.find(Locator::Css("#add-id")).await.unwrap();
        assert_eq!(
            id.prop("value").await.unwrap().as_deref(),
            Some("gb-95th-riflemen")
        );
        c.find(Locator::Css("#add input[name=figures]"))
            .await
            .unwrap()
            .send_keys("3")
            .await
            .unwrap();
        c.find(Locator::Css("#add input[name=label]"))
            .await
            .unwrap()
            .send_keys("Recrues")
            .await
            .unwrap();
        c.find(Locator::Css("#add-button"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        wait_for("the new unit", || async {
            c.find(Locator::Css("#units tr[data-unit='4']"))
                .await
                .is_ok()
        })
        .await;
        let total = text(&c, "#total").await;
        assert_ne!(total, "578 / 600 pts", "the total changed");
        let diagnostic = text(&c, "#units tr[data-for='4'] .diagnostic").await;
        assert!(
            diagnostic.contains("figures-out-of-range") && diagnostic.contains("unit 4"),
            "a diagnostic next to the unit: {diagnostic:?}"
        );
        assert!(text(&c, "#verdict").await.contains("error"));
        shot(&c, "serve-builder.png").await;

        // Fix it: 8 figures.
        let input = c.find(Locator::Css("input[data-unit='4']")).await.unwrap();
        // End, Backspace, 8, Tab: the change event fires once, on leaving the field.
        input.send_keys("\u{e010}\u{e003}8\u{e004}").await.unwrap();
        wait_for("the fix", || async {
            c.find(Locator::Css("#units tr[data-for='4']"))
                .await
                .is_err()
                && !text(&c, "#units").await.contains("figures-out-of-range")
                && text(&c, "#status").await.starts_with("saved")
        })
        .await;
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(
            saved.starts_with(original.trim_end()),
            "comments kept:\n{saved}"
        );
        assert!(
            saved.contains("sheet = \"gb-95th-riflemen\"") && saved.contains("figures = 8"),
            "{saved}"
        );
        assert!(saved.contains("label = \"Recrues\""), "{saved}");

        // A stale page: the CLI edits the file; the page's next edit is refused and says so.
        let run = crate::muster_in(
            server.dir.path(),
            &[
                "--data",
                crate::root().join("unit-sheets").to_str().unwrap(),
                "list",
                "remove",
                name,
                "4",
            ],
            &[],
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        click(&c, "#units tr[data-unit='1'] button").await;
        wait_for("the stale banner", || async {
            text(&c, "#banner").await.contains("changed on disk")
        })
        .await;
        assert_eq!(std::fs::read_to_string(&path).unwrap(), original);

        // Download the cards PDF.
        c.refresh().await.unwrap();
        wait_for("the reload", || async {
            text(&c, "#total").await == "578 / 600 pts"
        })
        .await;
        c.find(Locator::Css("#cards-link"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
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

        // Previews against the opponent's list: Sharpe (unit 1) and the hussars (unit 3) at
        // medium range; each procedure drawn (the chart loads as an image) with its text.
        c.find(Locator::Css("#against"))
            .await
            .unwrap()
            .select_by_value("voltigeurs-hussars.toml")
            .await
            .unwrap();
        wait_for("the opponent's units", || async {
            text(&c, "#duel-enemy").await.contains("3. 1er Hussards")
        })
        .await;
        c.find(Locator::Css("#duel-enemy"))
            .await
            .unwrap()
            .select_by_value("3")
            .await
            .unwrap();
        c.find(Locator::Css("select[data-choice='range']"))
            .await
            .unwrap()
            .select_by_value("medium")
            .await
            .unwrap();
        wait_for("the previews", || async {
            text(&c, "#duels").await.contains("1er Hussards / Escadron (unit 3) at Sharpe")
                && text(&c, "#duels").await.contains("at medium range")
        })
        .await;
        let procedures: Vec<String> = {
            let mut v = Vec::new();
            for e in c.find_all(Locator::Css("#duels .duel")).await.unwrap() {
                v.push(e.attr("data-procedure").await.unwrap().unwrap_or_default());
            }
            v
        };
        assert_eq!(procedures, ["fire", "fire", "melee"]);
        let drawn = c
            .execute(
                "await Promise.all([...document.querySelectorAll('#duels img')].map((i) => i.decode())); \
                 return [...document.querySelectorAll('#duels img')].map((i) => i.naturalWidth);",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(drawn, serde_json::json!([720, 720, 720]), "the charts are drawn");
        let first = text(&c, "#duels .duel pre").await;
        assert!(
            first.starts_with("Fire: Sharpe (3 figures, unit 1 of ")
                && first.contains("difficulty 7 at medium range (Capitán §7.6)"),
            "{first}"
        );
        c.execute(
            "document.getElementById('duel-card').scrollIntoView();",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, "serve-previews.png").await;

        // An edit of the unit redraws its previews.
        c.find(Locator::Css("#duel-unit"))
            .await
            .unwrap()
            .select_by_value("3")
            .await
            .unwrap();
        wait_for("the Chosen Men's previews", || async {
            text(&c, "#duels pre").await.starts_with("Fire: Chosen Men (8 figures")
        })
        .await;
        let input = c.find(Locator::Css("input[data-unit='3']")).await.unwrap();
        input.send_keys("\u{e010}\u{e003}6\u{e004}").await.unwrap();
        wait_for("the previews of the edited unit", || async {
            text(&c, "#duels pre").await.starts_with("Fire: Chosen Men (6 figures")
        })
        .await;
        c.close().await.unwrap();
    });
}
