//! The game page in a real browser: a game at the table, its odds and marks, and a result
//! without victory rules.

use super::*;

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

#[test]
fn a_game_at_the_table_in_a_real_browser() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    let games = server.dir.path().join("games");
    fixture.run(async {
        let c = fixture.session((390, 844)).await;

        // A game started from two lists, on a phone.
        fixture.page(&c, "/").await;
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
        let d = fixture.session((390, 844)).await;
        fixture.page(&d, "/games/sabugal.toml").await;
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
        fixture.page(&c, "/").await;
        wait_for("the game in the list", || async {
            text(&c, "#games .list-title").await == "Sharpe's patrol against Voltigeurs du 6e Léger et hussards"
        })
        .await;
        assert_eq!(text(&c, "#games .muted").await, "Sabugal, 3 April 1811 · Turn 1 · sabugal.toml");

        // In French: the page's words and the ruleset's states.
        set_lang(&c, "fr").await;
        fixture.page(&c, "/games/sabugal.toml").await;
        wait_for("the game in French", || async {
            text(&c, "#turn").await == "Tour 1"
                && text(&c, "[data-unit='a3'] .left").await == "5 sur 8"
                && text(&c, "[data-unit='a3'] .toggle[data-state='routed']").await == "En déroute"
        })
        .await;
        assert_eq!(text(&c, "#next-turn").await, "Tour suivant");
        set_lang(&c, "en").await;

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
        fixture.page(&c, "/games/valoutina.toml#score").await;
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
        fixture.page(&c, "/games/sabugal.toml").await;
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
        set_lang(&c, "fr").await;
        c.set_window_size(390, 844).await.unwrap();
        viewport(&c, 390, 844).await;
        fixture.page(&c, "/games/sabugal.toml").await;
        wait_for("the note in French", || async {
            text(&c, "#notes").await
                == "sharpe-patrol.toml n'existe plus : la partie garde l'armée du camp a telle qu'elle était au début."
        })
        .await;
        shot(&c, "serve-game-list-gone-fr-phone.png").await;
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
}

/// A ruleset without victory rules (Capitán): the game's result says so as information, in
/// the page's language, not as an error.
#[test]
fn a_result_without_victory_rules_is_information_not_an_error() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
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
    fixture.run(async {
        let c = fixture.session((1400, 1000)).await;
        for (size, (width, height)) in [("desktop", (1400, 1000)), ("phone", (390, 844))] {
            viewport(&c, width, height).await;
            for lang in ["en", "fr", "es"] {
                fixture.page(&c, "/").await;
                set_lang(&c, lang).await;
                fixture.page(&c, "/games/sabugal.toml#score").await;
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
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
}

/// The texts of a menu's options.
async fn option_texts(c: &Client, css: &str) -> Vec<String> {
    let v = c
        .execute(
            &format!(
                "return [...document.querySelectorAll({:?})].map((o) => o.textContent);",
                format!("{css} option")
            ),
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// The labels of a side's units as its odds menu offers them ("b1. 1er Hussards" → "1er
/// Hussards").
async fn unit_names(c: &Client, side: &str) -> Vec<String> {
    option_texts(c, &format!("#odds-{side}"))
        .await
        .into_iter()
        .skip(1)
        .map(|o| o.split_once(". ").unwrap().1.to_owned())
        .collect()
}

/// The odds' menus name the units chosen: after side b's unit is switched, "Who charges into
/// the melee" names the new one, not the one before, and keeps the side chosen; the duels'
/// headings follow. The same after side a's. A link to the odds opens them with its charge.
#[test]
fn the_odds_menus_follow_the_units_chosen() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    let r = server.send(
        "POST",
        "/api/games",
        &[("Content-Type", "application/json")],
        br#"{"name": "sabugal.toml", "a": "sharpe-patrol.toml", "b": "voltigeurs-hussars.toml", "scenario": "", "lang": "en"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    fixture.run(async {
        let c = fixture.session((1280, 900)).await;
        fixture.page(&c, "/games/sabugal.toml?a=a3&b=b3").await;
        let charge = "#odds-choices select[data-choice='charge']";
        wait_for("the charge menu", || async {
            option_texts(&c, charge).await.len() == 3
        })
        .await;
        let (a, b) = (unit_names(&c, "a").await, unit_names(&c, "b").await);
        assert_eq!(
            option_texts(&c, charge).await,
            ["nobody", a[2].as_str(), b[2].as_str()]
        );
        select(&c, charge, "b").await;
        wait_for("the charge in the address", || async {
            c.current_url().await.unwrap().as_str().contains("charge=b")
        })
        .await;
        // Side b's unit switched: the menu names the new one, the side still chosen.
        select(&c, "#odds-b", "b1").await;
        wait_for("the charge menu to follow b", || async {
            option_texts(&c, charge).await == ["nobody", a[2].as_str(), b[0].as_str()]
        })
        .await;
        assert_eq!(value(&c, charge).await, "b");
        wait_for("the duels to follow", || async {
            text(&c, "#odds .duel h3").await.contains(b[0].as_str())
        })
        .await;
        // And side a's.
        select(&c, "#odds-a", "a1").await;
        wait_for("the charge menu to follow a", || async {
            option_texts(&c, charge).await == ["nobody", a[0].as_str(), b[0].as_str()]
        })
        .await;
        assert_eq!(value(&c, charge).await, "b");
        // The page's address opened again: the same units and the same charge (the address
        // followed the odds before the menus read what it asked).
        let url = c.current_url().await.unwrap();
        assert!(url.as_str().contains("charge=b"), "{url}");
        c.goto(url.as_str()).await.unwrap();
        wait_for("the charge menu", || async {
            option_texts(&c, charge).await == ["nobody", a[0].as_str(), b[0].as_str()]
        })
        .await;
        assert_eq!(value(&c, charge).await, "b", "the link's charge");
        c.execute(
            "document.getElementById('odds-card').scrollIntoView();",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, "game-odds-menus-follow.png").await;
        c.close().await.unwrap();
    });
}
