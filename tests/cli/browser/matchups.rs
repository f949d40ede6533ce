//! The matchup tables in a real browser: every head whole, the units' column fixed on a phone.

use super::*;

/// The matchup's heads that are not seen whole: each `th` of the tables whose text runs past
/// its cell (a cut, an ellipsis, a clipped line) or whose own box scrolls.
async fn heads_cut(c: &Client) -> serde_json::Value {
    c.execute(
        "const cut = []; \
         for (const th of document.querySelectorAll('#matchups .heat th')) { \
           if (!th.textContent) continue; \
           const r = th.getBoundingClientRect(); \
           const range = document.createRange(); range.selectNodeContents(th); \
           const t = range.getBoundingClientRect(); \
           const scrolls = [th, ...th.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1); \
           if (scrolls || t.left < r.left - 1 || t.right > r.right + 1 || t.top < r.top - 1 || t.bottom > r.bottom + 1) \
             cut.push([th.textContent, Math.round(t.width), Math.round(r.width)]); \
         } \
         return cut;",
        vec![],
    )
    .await
    .unwrap()
}

/// The heads of the first matchup table as the page shows them: the enemies', the units'.
async fn heads(c: &Client) -> (Vec<String>, Vec<String>) {
    let v = c
        .execute(
            "const t = document.querySelector('#matchups .heat'); \
             return [[...t.querySelectorAll('thead th[scope=col]')].map((e) => e.textContent), \
                     [...t.querySelectorAll('tbody th[scope=row]')].map((e) => e.textContent)];",
            vec![],
        )
        .await
        .unwrap();
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect()
    };
    (strings(&v[0]), strings(&v[1]))
}

/// Every head of the matchup tables whole, at the desktop and on a phone, Capitán's and WAB's,
/// in the three languages; on the phone one table that scrolls sideways under the units'
/// column, which stays where it is; the duels' charts shown at the size they were drawn (their
/// text at the size the server set). The screenshots are the docs'.
#[test]
fn matchup_heads_whole_and_the_unit_column_fixed_on_a_phone() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    fixture.run(async {
        let c = fixture.session((1400, 1000)).await;
        for (size, (width, height)) in [("desktop", (1400, 1000)), ("phone", (390, 844))] {
            viewport(&c, width, height).await;
            for (ruleset, list, against) in [
                ("capitan", "sharpe-patrol.toml", "voltigeurs-hussars.toml"),
                ("wab-aca", "wab-france-1809.toml", "wab-russia-1812.toml"),
            ] {
                for lang in ["en", "fr", "es"] {
                    fixture.page(&c, "/").await;
                    set_lang(&c, lang).await;
                    fixture.page(&c, &format!("/lists/{list}?against={against}")).await;
                    wait_for("the matchups", || async {
                        c.find(Locator::Css("#matchups .matchup .heat button.cell")).await.is_ok()
                    })
                    .await;
                    // The names the server gives, each head numbered as the lists are.
                    let m = server
                        .get(&format!("/api/lists/{list}/matchups?against={against}&lang={lang}"))
                        .json();
                    let names = |key: &str| -> Vec<String> {
                        m[key]
                            .as_array()
                            .unwrap()
                            .iter()
                            .enumerate()
                            .map(|(i, n)| format!("{}. {}", i + 1, n.as_str().unwrap()))
                            .collect()
                    };
                    assert_eq!(heads(&c).await, (names("enemies"), names("units")), "{ruleset} {lang} {size}");
                    let cut = heads_cut(&c).await;
                    assert_eq!(cut, serde_json::json!([]), "heads cut, {ruleset} {lang} {size}");
                    c.execute("document.getElementById('versus-card').scrollIntoView();", vec![])
                        .await
                        .unwrap();
                    shot(&c, &format!("matchups-{ruleset}-{lang}-{size}.png")).await;
                }
            }
        }

        // On the phone: the table scrolls sideways inside its box (the page does not), the
        // units' column stays where it is and the enemies' columns pass under it; more than one
        // enemy is seen at a time.
        fixture.page(&c, "/").await;
        set_lang(&c, "en").await;
        fixture.page(&c, "/lists/wab-france-1809.toml?against=wab-russia-1812.toml").await;
        wait_for("the matchups", || async {
            c.find(Locator::Css("#matchups .matchup .heat button.cell")).await.is_ok()
        })
        .await;
        let scrolled = c
            .execute(
                "const s = document.querySelector('#matchups .heat-scroll'); \
                 const row = s.querySelector('tbody tr'); row.scrollIntoView({ block: 'center' }); s.scrollLeft = 0; \
                 const head = row.querySelector('th'), cells = [...row.querySelectorAll('td')]; \
                 const box = s.getBoundingClientRect(); \
                 const seen = () => cells.filter((td) => { const r = td.getBoundingClientRect(); \
                   return r.left >= head.getBoundingClientRect().right - 1 && r.right <= box.right + 1; }).length; \
                 const before = { head: head.getBoundingClientRect().left, cell: cells[1].getBoundingClientRect().left, seen: seen() }; \
                 s.scrollLeft = 150; \
                 const after = { head: head.getBoundingClientRect().left, cell: cells[1].getBoundingClientRect().left, seen: seen() }; \
                 const top = document.elementFromPoint(head.getBoundingClientRect().left + 5, head.getBoundingClientRect().top + 5); \
                 return { scrollable: s.scrollWidth > s.clientWidth, scrolled: s.scrollLeft, \
                          head_moved: after.head - before.head, cell_moved: before.cell - after.cell, \
                          head_in_box: after.head >= box.left - 1, head_on_top: head.contains(top), \
                          seen: before.seen, enemies: cells.length, \
                          page: document.documentElement.scrollWidth, viewport: window.innerWidth };",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(scrolled["scrollable"], true, "{scrolled}");
        assert_eq!(scrolled["scrolled"], 150, "{scrolled}");
        assert!(scrolled["head_moved"].as_f64().unwrap().abs() < 1.0, "the units' column is fixed: {scrolled}");
        assert!((scrolled["cell_moved"].as_f64().unwrap() - 150.0).abs() < 1.0, "the enemies' columns scroll: {scrolled}");
        assert_eq!(scrolled["head_in_box"], true, "{scrolled}");
        assert_eq!(scrolled["head_on_top"], true, "the enemies' cells pass under the units' column: {scrolled}");
        assert!(scrolled["seen"].as_u64().unwrap() >= 3, "several enemies at a time: {scrolled}");
        assert!(
            scrolled["page"].as_f64() <= scrolled["viewport"].as_f64(),
            "the page does not scroll sideways: {scrolled}"
        );
        shot(&c, "matchups-wab-aca-en-phone-scrolled.png").await;

        // A duel's charts, at the desktop and on the phone: shown at the size they were drawn,
        // so their text is at the size the server set (no smaller than the page's small text).
        for (size, (width, height)) in [("phone", (390, 844)), ("desktop", (1400, 1000))] {
            viewport(&c, width, height).await;
            fixture
                .page(
                    &c,
                    "/lists/sharpe-patrol.toml?against=voltigeurs-hussars.toml&unit=3&enemy=3",
                )
                .await;
            wait_for("the duels", || async {
                c.find_all(Locator::Css("#duels .duel img")).await.is_ok_and(|v| v.len() == 3)
            })
            .await;
            let charts = c
                .execute(
                    "const imgs = [...document.querySelectorAll('#duels img')]; \
                     await Promise.all(imgs.map((i) => i.decode())); \
                     return imgs.map((i) => [i.naturalWidth, i.getBoundingClientRect().width, i.closest('.duel').getBoundingClientRect().right <= document.documentElement.clientWidth]);",
                    vec![],
                )
                .await
                .unwrap();
            for chart in charts.as_array().unwrap() {
                let (natural, shown) = (chart[0].as_f64().unwrap(), chart[1].as_f64().unwrap());
                assert!(natural > 200.0, "{size}: {charts}");
                assert!((natural - shown).abs() <= 1.0, "{size}: a chart shown at the size it was drawn: {charts}");
                assert_eq!(chart[2], true, "{size}: within the page: {charts}");
            }
            // Every line of a chart's text within the drawing, as this browser sets it (the
            // chart put in the page to measure it).
            let extents = c
                .execute(
                    "return [...document.querySelectorAll('#duels img')].map((img) => { \
                       const text = decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1)); \
                       const box = document.createElement('div'); \
                       box.style.cssText = 'position: absolute; left: -5000px; top: 0'; \
                       box.append(document.importNode(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement, true)); \
                       document.body.append(box); \
                       const svg = box.querySelector('svg'); \
                       const boxes = [...svg.querySelectorAll('text')].map((t) => t.getBBox()); \
                       box.remove(); \
                       return [Number(svg.getAttribute('width')), Math.min(...boxes.map((b) => b.x)), Math.max(...boxes.map((b) => b.x + b.width))]; \
                     });",
                    vec![],
                )
                .await
                .unwrap();
            for e in extents.as_array().unwrap() {
                let (w, left, right) = (e[0].as_f64().unwrap(), e[1].as_f64().unwrap(), e[2].as_f64().unwrap());
                assert!(left >= 0.0 && right <= w, "{size}: a chart's text beyond its width: {extents}");
            }
            c.execute("document.getElementById('duel-card').scrollIntoView();", vec![])
                .await
                .unwrap();
            shot(&c, &format!("duels-capitan-en-{size}.png")).await;
        }
        c.close().await.unwrap();
    });
}

/// The builder's situation names the two lists: another opponent chosen, "Who charges into
/// the melee" names it, not the one before, and keeps the side chosen.
#[test]
fn the_choices_follow_the_opponent() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    fixture.run(async {
        let c = fixture.session((1280, 900)).await;
        fixture
            .page(
                &c,
                "/lists/sharpe-patrol.toml?against=voltigeurs-hussars.toml&charge=b",
            )
            .await;
        let charge = "#choices select[data-choice='charge'] option[value='b']";
        wait_for("the charge menu", || async {
            text(&c, charge).await == "Voltigeurs du 6e Léger et hussards"
        })
        .await;
        select(&c, "#against", "french-column.toml").await;
        wait_for("the charge menu to follow", || async {
            text(&c, charge).await == "Colonne du 47e de Ligne"
        })
        .await;
        assert_eq!(
            value(&c, "#choices select[data-choice='charge']").await,
            "b"
        );
        c.close().await.unwrap();
    });
}
