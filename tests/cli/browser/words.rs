//! The pages' words in a real browser: a WAB list and entry in Spanish, and every text a
//! player sees in the page's language, no id of the data among them.

use super::*;

/// Issue 28: a WAB list and a WAB entry in Spanish, in a browser that asks for Spanish: the
/// builder's picker named from the data's Spanish, the sheet editor's fields in Spanish with
/// a Spanish name to type and the entry's card in Spanish.
#[test]
fn a_wab_list_and_entry_in_spanish() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    fixture.run(async {
        let c = fixture.session_with((1400, 1000), &[], "es-ES,es").await;
        fixture.page(&c, "/lists/wab-france-1809.toml").await;
        wait_for("the picker in Spanish", || async {
            text(&c, "[data-offer='fr-hussars']")
                .await
                .contains("Regimiento de húsares")
        })
        .await;
        shot(&c, "wab-builder-es.png").await;
        fixture
            .page(
                &c,
                "/sheets/edit?ruleset=wab-aca&from=fr-hussars&list=wab-france-1809.toml",
            )
            .await;
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
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
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
    let mut wrong = Vec::new();
    fixture.run(async {
        let c = fixture.session_with((1400, 1200), &[], accept).await;
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
            fixture.page(&c, "/").await;
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
            fixture.page(&c, "/").await;
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
