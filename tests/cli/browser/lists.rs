//! The lists page in a real browser: a list duplicated or imported is named in the page, and
//! two lists of one name are told apart by their files wherever they are offered.

use super::*;

/// The `[list] name` of a list file.
fn list_name(path: &Path) -> String {
    let doc: toml::Table = std::fs::read_to_string(path).unwrap().parse().unwrap();
    doc["list"]["name"].as_str().unwrap().to_owned()
}

/// The texts of a menu's options.
async fn options(c: &Client, css: &str) -> Vec<String> {
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

/// Duplicate asks for the copy's name under the list's row (the original's, marked as a
/// copy, to change), its file made from it and editable, never in a browser prompt; the copy
/// gets that name, the rest of the list as it was. Import asks for the list's name too (the
/// sharer's would not tell two imports apart) and refuses to go without one. Two lists of one
/// name show their files beside it on the lists page, in the Opponent menu and in the new
/// game's pickers. In English and French, on a desktop and a phone.
#[test]
fn duplicate_and_import_are_named_in_the_page() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    let code = muster_in(&root(), &["list", "share", "lists/sharpe-patrol.toml"], &[])
        .stdout
        .trim_end()
        .to_owned();
    let original = std::fs::read_to_string(server.list("sharpe-patrol.toml")).unwrap();
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
            fixture.page(&c, "/").await;
            wait_for("the lists", || async {
                c.find(Locator::Css("[data-list='sharpe-patrol.toml'] .list-actions button:first-child"))
                    .await
                    .is_ok()
            })
            .await;

            // Duplicate: the form under the row, no prompt.
            click(&c, "[data-list='sharpe-patrol.toml'] .list-actions button:first-child").await;
            wait_for("the copy's form", || async {
                c.find(Locator::Css("#dup-form #dup-title")).await.is_ok()
            })
            .await;
            assert!(c.get_alert_text().await.is_err(), "no browser prompt");
            let copy = if lang == "fr" { "copie" } else { "copy" };
            assert_eq!(value(&c, "#dup-title").await, format!("Sharpe's patrol ({copy})"));
            assert_eq!(value(&c, "#dup-name").await, format!("sharpe-s-patrol-{copy}.toml"));
            // A name of the player's own, its file following it.
            c.find(Locator::Css("#dup-title")).await.unwrap().clear().await.unwrap();
            let title = format!("Sharpe at Sabugal {suffix}");
            type_in(&c, "#dup-title", &title).await;
            let file = format!("sharpe-at-sabugal-{suffix}.toml");
            assert_eq!(value(&c, "#dup-name").await, file);
            c.execute("document.querySelector('#dup-form').scrollIntoView({ block: 'center' });", vec![])
                .await
                .unwrap();
            shot(&c, &format!("lists-duplicate-{suffix}.png")).await;
            click(&c, "#dup-form [data-action='make-copy']").await;
            wait_for("the copy's builder", || async { text(&c, "#title").await == title }).await;
            assert_eq!(list_name(&server.list(&file)), title);
            // Byte for byte but for its name.
            assert_eq!(
                std::fs::read_to_string(server.list(&file)).unwrap(),
                original.replace("name = \"Sharpe's patrol\"", &format!("name = \"{title}\""))
            );

            // Import: without a name, refused at the field; with one, the list takes it.
            fixture.page(&c, "/").await;
            wait_for("the lists", || async { !text(&c, "#lists").await.is_empty() }).await;
            c.execute(
                "document.querySelector('#im-code').value = arguments[0];",
                vec![serde_json::json!(code)],
            )
            .await
            .unwrap();
            click(&c, "#import button[type=submit]").await;
            wait_for("the name asked for", || async {
                !text(&c, "#import [data-field='title'] .problem").await.is_empty()
            })
            .await;
            assert!(text(&c, "#import-result").await.is_empty(), "nothing imported");
            let title = format!("Paul's Sharpe {suffix}");
            type_in(&c, "#im-title", &title).await;
            let file = format!("paul-s-sharpe-{suffix}.toml");
            assert_eq!(value(&c, "#im-name").await, file);
            c.execute("document.querySelector('#import-card').scrollIntoView();", vec![])
                .await
                .unwrap();
            shot(&c, &format!("lists-import-named-{suffix}.png")).await;
            click(&c, "#import button[type=submit]").await;
            wait_for("the import", || async { text(&c, "#import-result").await.contains(&file) }).await;
            assert!(text(&c, "#import-result").await.contains(&title));
            assert_eq!(list_name(&server.list(&file)), title);
        }

        // Two lists of one name: a copy made byte for byte (as the command line or an older
        // page makes it).
        let r = server.send(
            "POST",
            "/api/lists/sharpe-patrol.toml/duplicate",
            &[("Content-Type", "application/json")],
            br#"{"to": "sharpe-patrol-2.toml"}"#,
        );
        assert_eq!(r.status, 201, "{}", r.text());
        for (lang, (w, h), suffix) in [
            ("en", (1280, 900), "desktop-en"),
            ("fr", (390, 844), "phone-fr"),
            ("en", (390, 844), "phone-en"),
            ("fr", (1280, 900), "desktop-fr"),
        ] {
            viewport(&c, w, h).await;
            set_lang(&c, lang).await;
            fixture.page(&c, "/").await;
            wait_for("the twins", || async {
                text(&c, "[data-list='sharpe-patrol-2.toml'] .list-title").await == "Sharpe's patrol (sharpe-patrol-2.toml)"
            })
            .await;
            assert_eq!(
                text(&c, "[data-list='sharpe-patrol.toml'] .list-title").await,
                "Sharpe's patrol (sharpe-patrol.toml)"
            );
            // A name no other list has is shown alone.
            assert_eq!(
                text(&c, "[data-list='guerrilla-band.toml'] .list-title").await,
                "La partida del Empecinado"
            );
            c.execute("document.querySelector(\"[data-list='sharpe-patrol-2.toml']\").scrollIntoView({ block: 'center' });", vec![])
                .await
                .unwrap();
            shot(&c, &format!("lists-same-name-{suffix}.png")).await;
        }
        set_lang(&c, "en").await;
        fixture.page(&c, "/").await;
        wait_for("the new game's pickers", || async {
            options(&c, "#ng-a").await.iter().any(|o| o.starts_with("Sharpe's patrol (sharpe-patrol-2.toml)"))
        })
        .await;
        assert!(options(&c, "#ng-a")
            .await
            .iter()
            .any(|o| o.starts_with("Sharpe's patrol (sharpe-patrol.toml)")));
        fixture.page(&c, "/lists/voltigeurs-hussars.toml").await;
        wait_for("the Opponent menu", || async {
            options(&c, "#against").await.len() > 1
        })
        .await;
        let against = options(&c, "#against").await;
        for twin in ["Sharpe's patrol (sharpe-patrol-2.toml)", "Sharpe's patrol (sharpe-patrol.toml)"] {
            assert!(against.iter().any(|o| o == twin), "{against:?}");
        }
        assert!(against.iter().any(|o| o == "La partida del Empecinado"), "{against:?}");
        c.close().await.unwrap();
    });
}
