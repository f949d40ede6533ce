//! The builder's Share button and the first page's Import box in a real browser.

use super::*;

/// The builder's Share button (the code, its QR code, the text for a chat) and the Import box
/// of the first page (a code pasted, or a photo of its QR code chosen, the list written, then
/// offered as the opponent; a file that is no picture refused in the page's words), on a
/// desktop and a phone, in English, French and Spanish.
#[test]
fn share_and_import_in_the_builder() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    fixture.run(async {
        let c = fixture.session((1400, 1200)).await;
        let cli_code = muster_in(&root(), &["list", "share", "lists/sharpe-patrol.toml"], &[])
            .stdout
            .trim_end()
            .to_owned();
        // The QR code's PNG, as `list share --qr` draws it, and a file that is no picture.
        let qr = fixture.downloads().join("code.png");
        let r = muster_in(
            &root(),
            &["list", "share", "lists/sharpe-patrol.toml", "--qr", qr.to_str().unwrap()],
            &[],
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let notes = fixture.downloads().join("notes.txt");
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
            fixture.page(&c, "/").await;
            set_lang(&c, lang).await;
            fixture.page(&c, "/lists/sharpe-patrol.toml").await;
            // Pressed at once, the list and its picker still loading: the button answers (it
            // did nothing until the picker had loaded, and this test failed under load). The
            // press is the element's own click, not a pointer at its place: the units drawn
            // above it move the button while WebDriver aims, and a pointer press could land on
            // what took its place (the test timed out once so on a loaded machine).
            c.execute("document.querySelector('#share-button').click();", vec![])
                .await
                .unwrap();
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
            fixture.page(&c, "/").await;
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
            // Named by the player (the sharer's name would not tell two imports apart).
            type_in(&c, "#im-title", "Opponent").await;
            c.find(Locator::Css("#im-name")).await.unwrap().clear().await.unwrap();
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
            type_in(&c, "#im-title", "Opponent").await;
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
            c.find(Locator::Css("#im-name")).await.unwrap().clear().await.unwrap();
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
            fixture.page(&c, "/lists/sharpe-patrol.toml").await;
            wait_for("the opponent offered", || async {
                c.find(Locator::Css(&format!("#against option[value='{file}']")))
                    .await
                    .is_ok()
            })
            .await;
        }
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
}
