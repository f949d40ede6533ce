//! An event's pages in a real browser (`muster serve --event`, issue 39): a player's phone
//! opens their join link, sends a list by share code and sees its check at once, sees their
//! table and opponent, and reports the result, which the organiser's page (open on the
//! laptop, asking the file's version every two seconds) then shows. With MUSTER_SCREENSHOTS
//! the organiser's and the player's pages are saved in French, English and Spanish, at
//! 1280×900 and 390×844.

use super::*;
use crate::event_web::{event_of, phones, report, serve};

/// Seven players (one list invalid), round 1 paired: one table reported by a phone in the
/// browser, one disputed, one agreed (both from the API), the organiser's page following.
#[test]
fn a_players_phone_sends_a_list_and_a_result_the_organiser_sees() {
    let Some(mut fixture) = Fixture::browser() else {
        return;
    };
    let (_tmp, file) = event_of(
        &[
            ("Ann Shaw", "Bath"),
            ("Bo Diaz", "Leeds"),
            ("Cy Moss", "York"),
            ("Di Lund", "Lyon"),
            ("Ed Ruiz", "Bath"),
            ("Flo Nant", "Leeds"),
        ],
        false,
    );
    // A seventh player, whose list is over its own points (the round has a bye).
    let over = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml"))
        .unwrap()
        .replace("points = 600", "points = 400");
    let dir = file.parent().unwrap();
    std::fs::write(dir.join("over.toml"), over).unwrap();
    let f = file.to_str().unwrap();
    for args in [
        &[
            "event",
            "add",
            f,
            "--player",
            "Gil Roca",
            "--club",
            "York",
            "--list",
            "over.toml",
        ][..],
        &["event", "pair", f, "--seed", "11"],
    ] {
        let r = muster_in(dir, args, &[]);
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
    fixture.serve(serve(&file));
    let s = fixture.server();
    let phone = phones(s);
    let state = s.get("/api/event").json();
    let tables = state["rounds"][0]["tables"].as_array().unwrap().clone();
    let seat = |t: &serde_json::Value| {
        (
            t["table"].as_u64().unwrap() as u32,
            t["a"].as_str().unwrap().to_owned(),
            t["b"].as_str().unwrap().to_owned(),
        )
    };
    let (mine, opponent_of_mine) = (seat(&tables[0]), seat(&tables[0]).2);
    let (disputed, agreed) = (seat(&tables[1]), seat(&tables[2]));
    let join = state["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["player"] == mine.1.as_str())
        .unwrap()["join"]
        .as_str()
        .unwrap()
        .to_owned();
    let code = muster_in(
        &root(),
        &["list", "share", "lists/guerrilla-band.toml"],
        &[],
    )
    .stdout
    .trim_end()
    .to_owned();
    // The other tables: one disputed, one agreed.
    for (who, table, result, score) in [
        (&disputed.1, disputed.0, "win", [10, 6]),
        (&disputed.2, disputed.0, "win", [9, 7]),
        (&agreed.1, agreed.0, "draw", [8, 8]),
        (&agreed.2, agreed.0, "draw", [8, 8]),
    ] {
        let r = report(s, &phone[who], table, result, Some(score));
        assert_eq!(r.status, 200, "{}", r.text());
    }
    fixture.run(async {
        let org = fixture.session((1280, 900)).await;
        let tel = fixture.session((390, 844)).await;
        fixture.page(&org, "/event").await;
        wait_for("the entries", || async {
            text(&org, "#entries").await.contains(&mine.1)
        })
        .await;

        // The phone opens the join link: its table, its opponent; the token leaves the address.
        fixture.page(&tel, &join).await;
        wait_for("the player's table", || async {
            text(&tel, "#table").await.contains(&opponent_of_mine)
        })
        .await;
        assert_eq!(
            tel.current_url().await.unwrap().path(),
            "/player",
            "the token stays out of the address bar"
        );
        // A list sent by code, its check shown at once.
        click(&tel, "#submit-fold summary").await;
        tel.execute(
            "document.querySelector('#code').value = arguments[0];",
            vec![serde_json::json!(code)],
        )
        .await
        .unwrap();
        click(&tel, "#submit button[type=submit]").await;
        wait_for("the list's check", || async {
            text(&tel, "#entry")
                .await
                .contains("La partida del Empecinado")
        })
        .await;
        assert!(text(&tel, "#entry").await.contains("560 / 600"));
        // The result from the player's side: won, 12 to 5.
        click(&tel, "#report input[value=win]").await;
        type_in(&tel, "#score-mine", "12").await;
        type_in(&tel, "#score-theirs", "5").await;
        click(&tel, "#send-result").await;
        wait_for("the report sent", || async {
            text(&tel, "#table").await.contains(&mine.2)
                && text(&tel, "#table").await.contains("Waiting")
        })
        .await;
        // The organiser's page shows it without being reloaded, and the new list.
        let want = format!("{} reports: {} wins (12–5)", mine.1, mine.1);
        wait_for("the report on the organiser's page", || async {
            text(&org, &format!(".ev-table[data-table='{}']", mine.0))
                .await
                .contains(&want)
        })
        .await;
        wait_for("the new list on the organiser's page", || async {
            text(&org, "#entries")
                .await
                .contains("La partida del Empecinado")
        })
        .await;
        assert!(
            text(&org, &format!(".ev-table[data-table='{}']", disputed.0))
                .await
                .contains("disputed")
        );

        for lang in ["fr", "en", "es"] {
            set_lang(&org, lang).await;
            set_lang(&tel, lang).await;
            for (w, h) in [(1280, 900), (390, 844)] {
                for (c, page, name) in [(&org, "/event", "organiser"), (&tel, "/player", "player")]
                {
                    viewport(c, w, h).await;
                    fixture.page(c, page).await;
                    let ready = if name == "organiser" {
                        "#standings tbody tr"
                    } else {
                        "#entry strong"
                    };
                    wait_for("the page drawn", || async {
                        c.find(Locator::Css(ready)).await.is_ok()
                    })
                    .await;
                    // Nothing wider than the page.
                    let wide = c
                        .execute(
                            "return document.documentElement.scrollWidth > window.innerWidth;",
                            vec![],
                        )
                        .await
                        .unwrap();
                    assert_eq!(
                        wide,
                        serde_json::json!(false),
                        "{name} {lang} {w}×{h} overflows"
                    );
                    shot(c, &format!("event-{name}-{lang}-{w}x{h}.png")).await;
                    if name == "organiser" {
                        // The printed documents, each linked in the page's words.
                        let links = c
                            .execute(
                                "const box = document.querySelector('#pdfs-card'); \
                                 box.scrollIntoView(); \
                                 return [...box.querySelectorAll('a')].map(a => a.textContent);",
                                vec![],
                            )
                            .await
                            .unwrap();
                        let links: Vec<String> = serde_json::from_value(links).unwrap();
                        assert_eq!(links.len(), 3, "{lang}: {links:?}");
                        assert!(
                            links.iter().all(|l| !l.contains("ev_pdf") && !l.is_empty()),
                            "{lang}: {links:?}"
                        );
                        shot(c, &format!("event-organiser-printed-{lang}-{w}x{h}.png")).await;
                    }
                }
            }
        }
        // A code the event cannot take is refused on the phone in the page's language.
        for (lang, want) in [
            ("fr", "Ce n’est pas un code de partage que muster sait lire"),
            (
                "es",
                "Esto no es un código para compartir que muster sepa leer",
            ),
        ] {
            set_lang(&tel, lang).await;
            viewport(&tel, 390, 844).await;
            fixture.page(&tel, "/player").await;
            wait_for("the page drawn", || async {
                tel.find(Locator::Css("#entry strong")).await.is_ok()
            })
            .await;
            click(&tel, "#submit-fold summary").await;
            type_in(&tel, "#code", "MU3:not a code").await;
            click(&tel, "#submit button[type=submit]").await;
            wait_for("the refusal", || async {
                text(&tel, "#banner").await.contains(want)
            })
            .await;
            // In sight where the player pressed Send, at the bottom of the page (it was at
            // the page's top, out of sight).
            let seen = tel
                .execute(
                    "const r = document.querySelector('#banner').getBoundingClientRect(); \
                     return r.top >= 0 && r.bottom <= window.innerHeight;",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(
                seen,
                serde_json::json!(true),
                "{lang}: the refusal in sight"
            );
            shot(&tel, &format!("event-player-refused-{lang}-390x844.png")).await;
        }
        org.close().await.unwrap();
        tel.close().await.unwrap();
    });
}
