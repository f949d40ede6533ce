//! The sheet editor in a real browser: a sheet typed with its card drawn live, a WAB entry
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
        set_lang(&c, "fr").await;
        viewport(&c, 390, 844).await;
        fixture.page(&c, "/sheets/edit?ruleset=capitan&from=gb-95th-harper&list=sharpe-patrol.toml").await;
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
        set_lang(&c, "fr").await;
        viewport(&c, 390, 844).await;
        fixture
            .page(
                &c,
                "/sheets/edit?ruleset=wab-aca&from=my-hussars&list=wab-france-1809.toml",
            )
            .await;
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
        set_lang(&c, "fr").await;
        viewport(&c, 390, 844).await;
        fixture
            .page(
                &c,
                "/sheets/edit?ruleset=thucydide&from=peltastes&list=thucydide-perses.toml",
            )
            .await;
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
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
}
