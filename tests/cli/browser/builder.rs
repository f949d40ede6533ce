//! The list builder in a real browser: the new-list form for two rulesets, the picker filtered
//! to the list's army, units added, edited, reordered, the cards PDF, the matchups and a duel,
//! a phone-sized page; what each command unit commands; a diagnostic's help and rule; the duel
//! card's formations and contact.

use super::*;

#[test]
fn the_builder_in_a_real_browser() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    fixture.run(async {
        let c = fixture.session((1400, 1200)).await;
        let name = "sharpe-patrol.toml";
        let path = server.list(name);
        let original = std::fs::read_to_string(&path).unwrap();

        // The lists page; the new-list form follows the chosen ruleset.
        fixture.page(&c, "/").await;
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
        fixture.page(&c, &format!("/lists/{name}")).await;
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
        let riflemen_taken = "button.offer[data-offer='gb-95th-riflemen'] .offer-limit";
        let taken = text(&c, riflemen_taken).await;
        assert!(taken == "× 1" || taken.starts_with("1 of"), "one taken: {taken:?}");
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
        // The edit's answer gave the offers' counts only (the page held them): the picker
        // counts the riflemen added.
        wait_for("the riflemen counted", || async {
            let taken = text(&c, riflemen_taken).await;
            taken == "× 2" || taken.starts_with("2 of")
        })
        .await;
        let answer = c
            .execute(
                "return [state.view.offers === null, Array.isArray(state.view.taken), state.offersTag === state.view.offers_tag];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(answer, serde_json::json!([true, true, true]), "counts only");
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
            let found = std::fs::read_dir(fixture.downloads())
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
        // The tables worked out at medium range (those at the default range are there until
        // then, with other numbers: the cell's mean was read from them once, under load).
        wait_for("the matchups at medium range", || async {
            c.execute(
                "return document.getElementById('matchups').dataset.situation || '';",
                vec![],
            )
            .await
            .is_ok_and(|v| v.as_str().is_some_and(|s| s.split('&').any(|p| p == "range=medium")))
                && text(&c, "#matchups").await.contains("Fire: Sharpe's patrol at Voltigeurs")
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
        set_lang(&c, "fr").await;
        c.refresh().await.unwrap();
        wait_for("the page in French", || async {
            text(&c, "#units-card h2").await == "Unités"
                && text(&c, "#verdict").await == "valide"
                && text(&c, "#duels .duel h3").await.starts_with("Tir : Sharpe sur")
        })
        .await;
        assert!(text(&c, "#subtitle").await.contains("Guerre d'Indépendance espagnole"));

        // At the table on a phone: no sideways scrolling, touch targets of 40 px at least.
        set_lang(&c, "en").await;
        viewport(&c, 390, 844).await;
        fixture.page(&c, &format!("/lists/{name}")).await;
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
        fixture.page(&c, "/lists/stale-data.toml").await;
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

/// The picker says what each command unit is and whom it may activate, by names, in the
/// page's language: Capitán's officers (independent: any unit; subordinate: their regiment's
/// or battalion's units, named), WAB's generals (commander-in-chief, brigadier, aide-de-camp);
/// a troop says nothing of the kind.
#[test]
fn the_picker_says_what_each_command_unit_commands() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    fixture.run(async {
        let c = fixture.session((1400, 1000)).await;
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
            fixture.page(&c, "/").await;
            set_lang(&c, lang).await;
            fixture.page(&c, &format!("/lists/{list}")).await;
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
                    fixture.page(&c, "/").await;
                    set_lang(&c, lang).await;
                    fixture.page(&c, &format!("/lists/{list}")).await;
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
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
}

/// A diagnostic's help and rule are seen with its sentence (only its code, line and column
/// folded), quoted, no backtick.
#[test]
fn a_diagnostics_help_and_rule_are_seen_with_it() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    std::fs::write(
        server.list("typo.toml"),
        "[list]\nname = \"Typo\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 600\n\n[[units]]\nsheet = \"gb-95th-riflemen\"\nfigures = 6\nskills = [\"tireur-expret\"]\n",
    )
    .unwrap();
    fixture.run(async {
        let c = fixture.session((1400, 900)).await;
        fixture.page(&c, "/lists/typo.toml").await;
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
            set_lang(&c, lang).await;
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
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
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
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let page =
        "/lists/wab-great-britain-1812.toml?against=wab-france-1809.toml&unit=9&enemy=7&charge=yes";
    fixture.run(async {
        let c = fixture.session((1400, 1000)).await;
        for (lang, size, (width, height)) in [
            ("en", "desktop", (1400, 1000)),
            ("fr", "phone", (390, 844)),
            ("en", "phone", (390, 844)),
            ("fr", "desktop", (1400, 1000)),
        ] {
            viewport(&c, width, height).await;
            fixture.page(&c, "/").await;
            set_lang(&c, lang).await;
            fixture.page(&c, page).await;
            // The duel's text in the page's language, as `muster preview --lang` says it.
            let eleven = if lang == "fr" {
                "11 combattants : le front de l'attaquant, 8 × 25 mm = 200 mm"
            } else {
                "11 fighting: the attacker's frontage of 8 × 25 mm = 200 mm"
            };
            wait_for("the combat duel", || async {
                combat_text(&c).await.contains(eleven)
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
        // Six of the battalion's figures in contact: six fight, and six dragoons face them
        // (the page is the last one of the loop, in French).
        select(&c, "#choices select[data-choice=contact]", "6").await;
        wait_for("six in contact", || async {
            combat_text(&c).await.contains("6 combattants : 6 de son premier rang de 12 au contact, donné par --contact")
        })
        .await;
        assert!(combat_text(&c).await.contains("touche au plus 6 des 8 figurines de 25 mm"));
        // By the book again, the battalion in a hollow square: the face charged, 24 / 8 = 3
        // figures (60 mm), and the 4 dragoons that can meet it.
        select(&c, "#choices select[data-choice=contact]", "book").await;
        select(&c, "#choices select[data-choice=defender_formation]", "hollow-square").await;
        wait_for("the square's face", || async {
            let t = combat_text(&c).await;
            t.contains("3 combattants : le premier rang d'une face du carré creux")
                && t.contains("4 combattants : le front du défenseur, 3 × 20 mm = 60 mm")
        })
        .await;
        // The address keeps the situation.
        let url = c.current_url().await.unwrap();
        assert!(url.as_str().contains("defender_formation=hollow-square"), "{url}");
        c.close().await.unwrap();
    });
}

/// The undo bar's words, once it shows.
async fn undo_words(c: &Client) -> String {
    let shown = c
        .execute(
            "return !document.querySelector('#undo-bar').hidden;",
            vec![],
        )
        .await
        .unwrap();
    if shown.as_bool() == Some(true) {
        text(c, "#undo-words").await
    } else {
        String::new()
    }
}

/// Gives unit `n` the label `label` in its form.
async fn relabel(c: &Client, n: usize, label: &str) {
    click(c, &format!("#units [data-unit='{n}'] [data-action='edit']")).await;
    wait_for("the unit's form", || async {
        c.find(Locator::Css("#edit-form-label")).await.is_ok()
    })
    .await;
    let field = c.find(Locator::Css("#edit-form-label")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(label).await.unwrap();
    click(c, "#edit-form [data-action='submit']").await;
}

/// A unit removed says so at the foot of the window with its undo, no dialog asked; undone,
/// the list is again what it was to the byte, the unit at its place. Five edits in a row
/// (changes, a move, removals) are undone one by one, each said, back to the list as it
/// was. An undo the list's file changed under is refused, and says why; the file is left as
/// it is. In English and French, on a desktop and a phone.
#[test]
fn a_removal_and_changes_are_undone_in_the_builder() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    let file = server.list("sharpe-patrol.toml");
    let original = std::fs::read_to_string(&file).unwrap();
    let now = || std::fs::read_to_string(server.list("sharpe-patrol.toml")).unwrap();
    fixture.run(async {
        let c = fixture.session((1280, 900)).await;
        for (lang, (w, h), suffix) in [
            ("en", (1280, 900), "desktop-en"),
            ("fr", (390, 844), "phone-fr"),
            ("en", (390, 844), "phone-en"),
            ("fr", (1280, 900), "desktop-fr"),
        ] {
            viewport(&c, w, h).await;
            fixture.page(&c, "/").await;
            set_lang(&c, lang).await;
            fixture.page(&c, "/lists/sharpe-patrol.toml").await;
            wait_for("the units", || async {
                text(&c, "#units [data-unit='2'] strong").await == "Harper"
            })
            .await;
            assert_eq!(undo_words(&c).await, "", "nothing to undo yet");
            click(&c, "#units [data-unit='2'] [data-action='remove']").await;
            let removed = if lang == "fr" { "Unité retirée : Harper" } else { "Removed Harper" };
            wait_for("the removal said", || async { undo_words(&c).await == removed }).await;
            assert!(c.get_alert_text().await.is_err(), "no dialog");
            assert_ne!(now(), original);
            shot(&c, &format!("builder-undo-{suffix}.png")).await;
            click(&c, "#undo-button").await;
            wait_for("the removal undone", || async { now() == original }).await;
            wait_for("Harper back at his place", || async {
                text(&c, "#units [data-unit='2'] strong").await == "Harper"
            })
            .await;
            let undone = if lang == "fr" { "Annulé : Unité retirée : Harper" } else { "Undone: Removed Harper" };
            wait_for("the undo said", || async { undo_words(&c).await == undone }).await;
        }

        // Five edits, undone one after the other.
        viewport(&c, 1280, 900).await;
        set_lang(&c, "en").await;
        fixture.page(&c, "/lists/sharpe-patrol.toml").await;
        wait_for("the units", || async {
            text(&c, "#units [data-unit='3'] strong").await == "Chosen Men"
        })
        .await;
        relabel(&c, 1, "Major Sharpe").await;
        wait_for("the change", || async { undo_words(&c).await == "Changed Sharpe" }).await;
        click(&c, "#units [data-unit='3'] [data-move='up']").await;
        wait_for("the move", || async { undo_words(&c).await == "Moved Chosen Men" }).await;
        click(&c, "#units [data-unit='1'] [data-action='remove']").await;
        wait_for("a removal", || async { undo_words(&c).await == "Removed Major Sharpe" }).await;
        click(&c, "#units [data-unit='1'] [data-action='remove']").await;
        wait_for("another", || async { undo_words(&c).await == "Removed Chosen Men" }).await;
        relabel(&c, 1, "Pat").await;
        wait_for("the last change", || async { undo_words(&c).await == "Changed Harper" }).await;
        for (undone, next) in [
            ("Changed Harper", "Removed Chosen Men"),
            ("Removed Chosen Men", "Removed Major Sharpe"),
            ("Removed Major Sharpe", "Moved Chosen Men"),
            ("Moved Chosen Men", "Changed Sharpe"),
        ] {
            click(&c, "#undo-button").await;
            let said = format!("Undone: {undone} · {next}");
            wait_for(&said, || async { undo_words(&c).await == said }).await;
        }
        click(&c, "#undo-button").await;
        wait_for("the first change undone", || async {
            undo_words(&c).await == "Undone: Changed Sharpe"
        })
        .await;
        assert_eq!(now(), original, "the list as it was");
        let labels = c
            .execute("return [...document.querySelectorAll('#units article strong')].map((s) => s.textContent);", vec![])
            .await
            .unwrap();
        assert_eq!(labels, serde_json::json!(["Sharpe", "Harper", "Chosen Men"]));
        assert!(
            !c.find(Locator::Css("#undo-button")).await.unwrap().is_displayed().await.unwrap(),
            "nothing left to undo"
        );

        // The file changed under the page: the undo is refused, and says why.
        click(&c, "#units [data-unit='3'] [data-action='remove']").await;
        wait_for("the removal", || async { undo_words(&c).await == "Removed Chosen Men" }).await;
        let changed = format!("{}# changed by hand\n", now());
        std::fs::write(&file, &changed).unwrap();
        click(&c, "#undo-button").await;
        wait_for("the refusal", || async {
            text(&c, "#banner").await.contains("“Removed Chosen Men” cannot be undone: the list changed on disk since")
        })
        .await;
        assert_eq!(now(), changed, "the file left as it is");
        c.close().await.unwrap();
    });
}

/// A guerrilla's Mouvement furtif (Capitán §1.4, "sans surcoût") in the builder: the add form
/// shows it ticked and fixed with the reason, in the page's language, and a unit added
/// without touching it has it, free, on its chip. Before, the player ticked it by hand and
/// nothing said it was free.
#[test]
fn a_guerrillas_stealthy_movement_is_given_in_the_form() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    fixture.run(async {
        let c = fixture.session((1280, 900)).await;
        fixture.page(&c, "/lists/guerrilla-band.toml").await;
        set_lang(&c, "fr").await;
        fixture.page(&c, "/lists/guerrilla-band.toml").await;
        wait_for("the picker", || async {
            c.find(Locator::Css("button.offer[data-offer='es-guerrilleros']"))
                .await
                .is_ok()
        })
        .await;
        click(&c, "button.offer[data-offer='es-guerrilleros']").await;
        wait_for("the form with the given skill", || async {
            c.find(Locator::Css("#add input[data-given='mouvement-furtif']"))
                .await
                .is_ok()
        })
        .await;
        let given = c
            .execute(
                "const i = document.querySelector(\"#add input[data-given='mouvement-furtif']\"); return [i.checked, i.disabled, i.closest('label').textContent];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(given[0], true);
        assert_eq!(given[1], true);
        assert_eq!(
            given[2],
            "Mouvement furtif offert aux guérillas (Capitán §1.4)"
        );
        // A skill the player buys stays theirs to tick.
        assert!(c
            .find(Locator::Css("#add input[name='extra'][value='sanguinaires']"))
            .await
            .is_ok());
        shot(&c, "builder-given-skill-fr.png").await;
        click(&c, "#add button[type=submit]").await;
        wait_for("the unit added with it free", || async {
            std::fs::read_to_string(server.list("guerrilla-band.toml"))
                .unwrap()
                .matches("sheet = \"es-guerrilleros\"")
                .count()
                == 3
                && text(&c, "#units").await.contains("Mouvement furtif · sans surcoût")
        })
        .await;
        // Not written into the list: the rules give it.
        let text = std::fs::read_to_string(server.list("guerrilla-band.toml")).unwrap();
        let added = text.rsplit("[[units]]").next().unwrap();
        assert!(!added.contains("mouvement-furtif"), "{added}");
    });
}
