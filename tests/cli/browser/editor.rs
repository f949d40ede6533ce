//! The sheet editor in a real browser: a sheet typed with its card drawn live, a Capitán sheet
//! typed from nothing with every problem said at its field and beside Save, a WAB entry
//! copied and edited, a unit type of HM-QRS and Thucydide copied and edited.

use super::*;

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

/// Clicks an element of the form, first scrolled to the middle of the window (the bar of Save
/// stays at the window's foot, over what is there).
async fn click_in_form(c: &Client, css: &str) {
    c.execute(
        &format!("document.querySelector(\"{css}\")?.scrollIntoView({{ block: 'center' }});"),
        vec![],
    )
    .await
    .unwrap();
    click(c, css).await;
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
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    fixture.run(async {
        let c = fixture.session((1400, 1400)).await;
        // From the builder's picker: a new sheet.
        fixture.page(&c, "/lists/sharpe-patrol.toml").await;
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
            text(&c, "#sheet-form [data-field='campaigns'] .problem").await == "to fill in"
                && text(&c, "#card-view").await
                    == "The card is drawn once every field it needs has a value."
        })
        .await;
        click_in_form(&c, "#sheet-form [data-field='campaigns'] input[value='peninsula']").await;
        n = next_draft(&c, n).await;
        wait_for("the card drawn", || async {
            let card = text(&c, "#card-view").await;
            card.contains("Sergeant Hagman") && card.contains("PT 21")
        })
        .await;
        // A skill, as the sheet offers it.
        click_in_form(&c, "#sheet-form [data-field='skills'] .rows-field > button").await;
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
                == "between 1 and 18, not 40"
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
        set_lang(&c, "fr").await;
        viewport(&c, 390, 844).await;
        fixture.page(&c, "/sheets/edit?ruleset=capitan&from=gb-95th-harper&list=sharpe-patrol.toml").await;
        wait_for("the French editor", || async {
            text(&c, "#subtitle").await.starts_with("Une copie de 95th Rifles / Sergeant Harper :")
                && text(&c, "#card-view").await.contains("Harper")
        })
        .await;
        assert_eq!(
            text(&c, "#sheet-form [data-field='courage'] label").await,
            "Courage C (§5.1)"
        );
        // The way back names the list, not its file (it named sharpe-patrol.toml).
        wait_for("the list named in the way back", || async {
            text(&c, "#crumb").await == "Listes / Sharpe's patrol / Éditeur de fiches"
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
        shot(&c, "sheet-editor-phone-fr.png").await;
        c.close().await.unwrap();
    });
}

/// The text of every element `css` finds.
async fn texts(c: &Client, css: &str) -> Vec<String> {
    let mut out = Vec::new();
    for e in c.find_all(Locator::Css(css)).await.unwrap() {
        out.push(e.text().await.unwrap_or_default());
    }
    out
}

/// Whether Save is disabled.
async fn save_disabled(c: &Client) -> bool {
    let save = c.find(Locator::Css("#save-sheet")).await.unwrap();
    save.attr("disabled").await.unwrap().is_some()
}

/// Whether the field `key` of the form is shown.
async fn shown(c: &Client, key: &str) -> bool {
    c.execute(
        &format!("const f = document.querySelector(\"#sheet-form [data-field='{key}']\"); return !!f && !f.hidden && f.offsetParent !== null;"),
        vec![],
    )
    .await
    .unwrap()
        == serde_json::json!(true)
}

/// Whether the element `css` finds is inside the window as it is scrolled now.
async fn in_view(c: &Client, css: &str) -> bool {
    c.execute(
        &format!("const r = document.querySelector(\"{css}\").getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;"),
        vec![],
    )
    .await
    .unwrap()
        == serde_json::json!(true)
}

#[test]
fn a_capitan_sheet_typed_from_nothing_is_guided_to_its_save() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    fixture.run(async {
        let c = fixture.session((1280, 900)).await;
        fixture.page(&c, "/sheets/edit?ruleset=capitan&list=sharpe-patrol.toml").await;
        wait_for("the editor", || async { drafts(&c).await > 0 }).await;
        // Nothing typed yet: every field the sheet needs is said at its field at once, and
        // listed beside Save, which says why it waits.
        let required = [
            "id", "name", "nation", "coalition", "kind", "arm", "unit_type", "quality", "weapon",
            "regiment", "initiative", "morale", "courage", "move", "fire_die", "combat_die",
            "max_units", "points", "campaigns",
        ];
        for key in required {
            assert_eq!(
                text(&c, &format!("#sheet-form [data-field='{key}'] .problem")).await,
                "to fill in",
                "{key}"
            );
        }
        assert_eq!(texts(&c, "#sheet-form .field.bad").await.len(), required.len());
        assert_eq!(text(&c, "#verdict").await, "19 errors");
        assert_eq!(text(&c, "#save-wait").await, "Saving waits for 19 fixes ↓");
        assert_eq!(text(&c, "#save-why-head").await, "To fix before saving:");
        let listed = texts(&c, "#save-why-list li").await;
        assert_eq!(listed.len(), 19, "{listed:?}");
        assert_eq!(listed[0], "Id (what lists name): to fill in");
        assert!(listed.contains(&"Courage C (§5.1): to fill in".to_owned()), "{listed:?}");
        assert!(save_disabled(&c).await);
        assert!(
            in_view(&c, "#save-sheet").await && in_view(&c, "#save-wait").await,
            "Save and why it waits in view"
        );
        // Help written for players: no file names, no ids' syntax, no null.
        for help in texts(&c, "#sheet-form .hint").await {
            assert!(
                !help.contains(".toml") && !help.contains('`') && !help.contains("null"),
                "{help}"
            );
        }
        // Only the fields a sheet's kind has: a command's once it is a command, no gun's.
        assert!(!shown(&c, "command_capacity").await && !shown(&c, "gun_points").await);
        let mut n = drafts(&c).await;
        sheet_field(&c, "kind", "command").await;
        next_draft(&c, n).await;
        wait_for("the command's fields", || async {
            text(&c, "#sheet-form [data-field='command_capacity'] .problem").await == "to fill in"
        })
        .await;
        assert!(shown(&c, "command_radius").await && !shown(&c, "gun_points").await);
        // A value out of its bounds: said with them, and with the field's name beside Save.
        n = drafts(&c).await;
        sheet_field(&c, "command_capacity", "7").await;
        next_draft(&c, n).await;
        wait_for("the capacity's bounds", || async {
            text(&c, "#sheet-form [data-field='command_capacity'] .problem").await
                == "between 1 and 4, not 7"
        })
        .await;
        assert!(
            texts(&c, "#save-why-list li")
                .await
                .contains(&"Capacity L (§4.2): between 1 and 4, not 7".to_owned())
        );
        shot(&c, "sheet-editor-guides.png").await;
        // In French, with the same problems.
        set_lang(&c, "fr").await;
        c.refresh().await.unwrap();
        wait_for("the French editor", || async {
            text(&c, "#save-wait").await == "L'enregistrement attend 19 corrections ↓"
        })
        .await;
        assert_eq!(
            text(&c, "#sheet-form [data-field='courage'] .problem").await,
            "à remplir"
        );
        assert!(texts(&c, "#save-why-list li").await.contains(&"Courage C (§5.1) : à remplir".to_owned()));
        shot(&c, "sheet-editor-guides-fr.png").await;
        viewport(&c, 390, 844).await;
        shot(&c, "sheet-editor-guides-phone-fr.png").await;
        assert!(in_view(&c, "#save-sheet").await, "Save in view on a phone");
        c.execute("document.querySelector('#save-why').scrollIntoView();", vec![])
            .await
            .unwrap();
        shot(&c, "sheet-editor-guides-phone-fr-list.png").await;
        set_lang(&c, "en").await;
        c.refresh().await.unwrap();
        wait_for("the English editor", || async {
            text(&c, "#save-wait").await == "Saving waits for 19 fixes ↓"
        })
        .await;
        shot(&c, "sheet-editor-guides-phone.png").await;
        viewport(&c, 1280, 900).await;

        // A troop typed field by field: the command's fields go with the kind.
        n = drafts(&c).await;
        let fields = [
            ("id", "my-lancers"),
            ("name", "Lanceros de Castilla"),
            ("nation", "spain"),
            ("coalition", "allies"),
            ("kind", "troop"),
            ("arm", "cavalry"),
            ("unit_type", "lancers"),
            ("quality", "veteran"),
            ("regiment", "Lanceros de Castilla"),
            ("initiative", "3"),
            ("morale", "4"),
            ("courage", "7"),
            ("move.normal", "20"),
            ("move.march", "30"),
            ("move.charge", "35"),
            ("fire_die", "d6"),
            ("combat_die", "d10"),
            ("max_units", "1"),
            ("points", "20"),
        ];
        for (key, value) in fields {
            sheet_field(&c, key, value).await;
            n = next_draft(&c, n).await;
        }
        assert!(!shown(&c, "command_capacity").await);
        // A weapon fills in its ranges, which stay the player's to change.
        sheet_field(&c, "weapon", "cavalry-carbine").await;
        n = next_draft(&c, n).await;
        let ranges = c
            .execute(
                "return ['short','medium','long'].map((k) => document.querySelector(`[data-key='range.${k}']`).value);",
                vec![],
            )
            .await
            .unwrap();
        // The carbine's table: 15 / 30 / 40 cm.
        assert_eq!(ranges, serde_json::json!(["15", "30", "40"]));
        click_in_form(&c, "#sheet-form [data-field='campaigns'] input[value='peninsula']").await;
        n = next_draft(&c, n).await;
        // A skill chosen fills in its cost from the data.
        click_in_form(&c, "#sheet-form [data-field='skills'] .rows-field > button").await;
        n = next_draft(&c, n).await;
        sheet_field(&c, "skills.id", "lanciers").await;
        next_draft(&c, n).await;
        let cost = c
            .find(Locator::Css("#sheet-form [data-key='skills.cost']"))
            .await
            .unwrap()
            .prop("value")
            .await
            .unwrap();
        assert_eq!(cost.as_deref(), Some("15"));
        wait_for("the sheet valid with its skill on the card", || async {
            text(&c, "#verdict").await == "valid"
                && text(&c, "#card-view").await.contains("Lancers (15)")
        })
        .await;
        // The file as it will be written (the page's "TOML file", folded).
        let toml = c
            .execute("return document.querySelector('#sheet-toml').textContent;", vec![])
            .await
            .unwrap();
        assert!(
            toml.as_str().unwrap_or("").contains("{ id = \"lanciers\", cost = 15 }"),
            "{toml}"
        );
        assert!(!save_disabled(&c).await);
        assert!(texts(&c, "#save-why-list li").await.is_empty());
        // Still the player's to change: the sheet's check then says the book's price.
        n = drafts(&c).await;
        sheet_field(&c, "skills.cost", "20").await;
        n = next_draft(&c, n).await;
        wait_for("the cost changed and checked", || async {
            text(&c, "#card-view").await.contains("Lancers (20)")
                && text(&c, "#sheet-form [data-field='skills'] .problem")
                    .await
                    .contains("costs 15 in the skill table, found 20")
        })
        .await;
        assert!(save_disabled(&c).await);
        sheet_field(&c, "skills.cost", "15").await;
        next_draft(&c, n).await;
        wait_for("valid again", || async { text(&c, "#verdict").await == "valid" }).await;
        // Saved: said by the button, in view.
        click(&c, "#save-sheet").await;
        wait_for("the save", || async { text(&c, "#status").await.starts_with("Saved in") }).await;
        assert!(in_view(&c, "#status").await, "“Saved” where the eye is");
        let saved = std::fs::read_to_string(
            server.dir.path().join("my-sheets/capitan/sheets/my-lancers.toml"),
        )
        .unwrap();
        assert!(saved.contains("{ id = \"lanciers\", cost = 15 }"), "{saved}");
        assert!(!saved.contains("command_capacity"), "{saved}");
        c.close().await.unwrap();
    });
}

#[test]
fn copy_and_edit_of_a_wab_entry_in_the_editor() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    fixture.run(async {
        let c = fixture.session((1400, 1400)).await;
        // From the builder's picker of a WAB list: "copy and edit" on the hussars.
        fixture.page(&c, "/lists/wab-france-1809.toml").await;
        wait_for("the picker", || async {
            text(&c, "[data-offer='fr-hussars']").await.contains("Hussar regiment")
        })
        .await;
        click(&c, "li:has([data-offer='fr-hussars']) a.copy-edit").await;
        wait_for("the editor with the entry's card", || async {
            text(&c, "#subtitle").await.starts_with("A copy of Hussar regiment:")
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
        click_in_form(&c, "#sheet-form [data-field='formations'] input[value='line']").await;
        n = next_draft(&c, n).await;
        wait_for("the formation problem", || async {
            text(&c, "#sheet-form [data-field='formations'] .problem")
                .await
                .contains("lists the formation “Line”: a formation of the infantry")
        })
        .await;
        assert_eq!(text(&c, "#verdict").await, "1 error");
        shot(&c, "wab-editor-error.png").await;
        click_in_form(&c, "#sheet-form [data-field='formations'] input[value='line']").await;
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
        set_lang(&c, "fr").await;
        viewport(&c, 390, 844).await;
        fixture
            .page(
                &c,
                "/sheets/edit?ruleset=wab-aca&from=my-hussars&list=wab-france-1809.toml",
            )
            .await;
        wait_for("the French editor", || async {
            // Named, not by its id: the French name it kept from the copy.
            text(&c, "#subtitle").await == "Votre fiche Régiment de hussards"
                && text(&c, "#card-view")
                    .await
                    .split_whitespace()
                    .collect::<String>()
                    .contains("Cd8")
        })
        .await;
        // Required of troops (the kind's fields), the formations; the special rules are not.
        assert_eq!(
            text(&c, "#sheet-form [data-field='formations'] label").await,
            "Formations"
        );
        assert_eq!(
            text(&c, "#sheet-form [data-field='special'] label").await,
            "Règles spéciales (facultatif)"
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

#[test]
fn a_unit_type_copied_and_edited_in_hm_qrs_and_thucydide() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    fixture.run(async {
        let c = fixture.session((1400, 1200)).await;
        // hm-qrs: "copy and edit" under a unit type of an order of battle's picker.
        fixture.page(&c, "/lists/hm-qrs-picton-1815.toml").await;
        wait_for("the illustrative unit type and its copy link", || async {
            text(&c, "[data-offer='veteran-infantry']").await.contains("illustrative")
                && c.find(Locator::Css("li:has(> [data-offer='veteran-infantry']) a.copy-edit"))
                    .await
                    .is_ok()
        })
        .await;
        click(&c, "li:has(> [data-offer='veteran-infantry']) a.copy-edit").await;
        wait_for("the editor with the card", || async {
            text(&c, "#subtitle").await.starts_with("A copy of Veteran infantry:")
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
                == "between 2 and 6, not 9"
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
        set_lang(&c, "fr").await;
        viewport(&c, 390, 844).await;
        fixture
            .page(
                &c,
                "/sheets/edit?ruleset=thucydide&from=peltastes&list=thucydide-perses.toml",
            )
            .await;
        wait_for("the French editor", || async {
            text(&c, "#subtitle").await.starts_with("Une copie de Peltastes :")
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
        click_in_form(&c, "#sheet-form [data-field='traits'] input[value='elite']").await;
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
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
}
