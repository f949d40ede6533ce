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
        let created = std::fs::read_to_string(server.dir.path().join("new-army.toml")).unwrap();
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
        let created = std::fs::read_to_string(server.dir.path().join("new-army.toml")).unwrap();
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
            diagnostic.starts_with("unit 4: 4 figures"),
            "a sentence next to the unit: {diagnostic:?}"
        );
        assert!(text(&c, "#verdict").await.contains("warning"));
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.starts_with(original.trim_end()), "comments kept:\n{saved}");
        assert!(saved.ends_with("sheet = \"gb-95th-riflemen\"\nlabel = \"Recrues\"\nfigures = 4\nskills = [\"bon-oeil\"]\n"), "{saved}");
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
        let moved = std::fs::read_to_string(&path).unwrap();
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
        assert_eq!(before, original);

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
            c.find_all(Locator::Css("#matchups .matchup")).await.is_ok_and(|v| v.len() == 3)
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
        let mean: f64 = c
            .find(Locator::Css(cell))
            .await
            .unwrap()
            .attr("data-mean")
            .await
            .unwrap()
            .unwrap()
            .parse()
            .unwrap();
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
        c.set_window_size(390, 844).await.unwrap();
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
        c.close().await.unwrap();
    });
}
