//! The phone paired at the club (`muster serve --lan --open`) in a real browser.

use super::*;

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
    let Some(mut fixture) = Fixture::browser() else {
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
    fixture.serve(Server::launch(
        &["--lan", "--name", "phone.test", "--open"],
        &[("PATH", path)],
    ));
    let server = fixture.server();
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
    let phone_url = |path: &str| format!("http://phone.test:{}{path}", server.port);
    let map_phone = "--host-resolver-rules=MAP phone.test 127.0.0.1";
    fixture.run(async {
        // The desktop: the codes for the phones, the token in no address nor page.
        let c = fixture.session((1400, 1000)).await;
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
            set_lang(&c, lang).await;
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
            let p = fixture.session_with((390, 844), &[map_phone], languages).await;
            p.goto(&phone_url("/games/club.toml")).await.unwrap();
            wait_for("the refusal", || async { text(&p, "h1").await == title }).await;
            shot(&p, &format!("serve-lan-unpaired-{lang}-phone.png")).await;
            p.close().await.unwrap();
        }

        // Paired: the token URL, then the games, the token gone from the address.
        let p = fixture.session_with((390, 844), &[map_phone], "en-GB,en").await;
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
            set_lang(&p, lang).await;
            p.refresh().await.unwrap();
            wait_for("the games' title", || async { text(&p, "#games-card h2").await == games }).await;
            shot(&p, &format!("serve-lan-games-{lang}-phone.png")).await;
        }
        p.close().await.unwrap();
    });
    let (code, _, err) = fixture
        .server
        .take()
        .expect("the fixture serves")
        .stop_all();
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains(&token), "{err}");
}
