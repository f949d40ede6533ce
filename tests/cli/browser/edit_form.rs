//! The builder's edit form in a real browser: opened at the unit of a long list, and a free
//! skill moved from one unit to another said before it moves.

use super::*;

/// A Capitán list of `n` sections of riflemen, Section 1 to Section n.
fn long_list(n: usize) -> String {
    let mut text = "[list]\nname = \"Long\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 2000\n".to_owned();
    for i in 1..=n {
        text.push_str(&format!(
            "\n[[units]]\nsheet = \"gb-95th-riflemen\"\nlabel = \"Section {i}\"\nfigures = 6\n"
        ));
    }
    text
}

/// Where the edit form is against unit `n`: whether it follows the unit, the gap between the
/// unit's bottom and its top, whether the unit is marked, the unit's top and the form's top,
/// and the viewport's height.
async fn editor_at(c: &Client, n: usize) -> serde_json::Value {
    c.execute(
        &format!(
            "const a = document.querySelector(\"#units article[data-unit='{n}']\"), p = document.getElementById('edit-panel'); \
             const ra = a.getBoundingClientRect(), rp = p.getBoundingClientRect(); \
             return {{ follows: p.previousElementSibling === a, gap: rp.top - ra.bottom, marked: a.classList.contains('editing'), \
                       unit_top: ra.top, form_top: rp.top, height: window.innerHeight, shown: !p.hidden }};"
        ),
        vec![],
    )
    .await
    .unwrap()
}

fn assert_at_unit(at: &serde_json::Value) {
    let f = |k: &str| at[k].as_f64().unwrap();
    assert_eq!(at["follows"], true, "the form right under the unit: {at}");
    assert_eq!(at["marked"], true, "{at}");
    assert_eq!(at["shown"], true, "{at}");
    assert!((-1.0..=16.0).contains(&f("gap")), "no gap: {at}");
    assert!(f("unit_top") >= 0.0, "the unit in view: {at}");
    assert!(
        f("form_top") < f("height") - 100.0,
        "the form in view: {at}"
    );
}

/// Editing a unit of a long list opens its form at the unit (right under it, the unit
/// marked, both scrolled into view), on a desktop and a phone; saved, the form closes and the
/// edit is in the file.
#[test]
fn the_edit_form_opens_at_the_unit() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    std::fs::write(server.list("long.toml"), long_list(14)).unwrap();
    fixture.run(async {
        let c = fixture.session((1400, 900)).await;
        fixture.page(&c, "/lists/long.toml").await;
        wait_for("the units and the picker", || async {
            text(&c, "#units article[data-unit='14']")
                .await
                .contains("Section 14")
                && c.find(Locator::Css("button.offer")).await.is_ok()
        })
        .await;
        for n in [2, 12] {
            click(
                &c,
                &format!("#units article[data-unit='{n}'] button[data-action=edit]"),
            )
            .await;
            wait_for("the edit form", || async {
                c.find(Locator::Css("#edit-form input[name=figures]"))
                    .await
                    .is_ok()
                    && text(&c, "#edit-title").await == format!("Unit {n}: Section {n}")
            })
            .await;
            assert_at_unit(&editor_at(&c, n).await);
            if n == 12 {
                shot(&c, "serve-edit-at-unit.png").await;
            }
        }
        // Only one unit is marked: the one edited.
        let marked = c
            .find_all(Locator::Css("#units article.editing"))
            .await
            .unwrap()
            .len();
        assert_eq!(marked, 1);
        let f = c
            .find(Locator::Css("#edit-form input[name=figures]"))
            .await
            .unwrap();
        f.clear().await.unwrap();
        f.send_keys("8").await.unwrap();
        click(&c, "#edit-form button[data-action=submit]").await;
        wait_for("the edit saved", || async {
            c.find(Locator::Css("#edit-panel[hidden]")).await.is_ok()
                && value(&c, "input[data-unit='12']").await == "8"
        })
        .await;
        let home = c
            .execute(
                "return document.getElementById('edit-panel').previousElementSibling.id;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(home, "units", "closed, the form is back in its place");
        let saved =
            crate::without_records(&std::fs::read_to_string(server.list("long.toml")).unwrap());
        assert!(
            saved.contains("label = \"Section 12\"\nfigures = 8\n"),
            "{saved}"
        );

        // On a phone, in Spanish.
        set_lang(&c, "es").await;
        viewport(&c, 390, 844).await;
        c.refresh().await.unwrap();
        wait_for("the units", || async {
            text(&c, "#units article[data-unit='14']")
                .await
                .contains("Section 14")
                && c.find(Locator::Css("button.offer")).await.is_ok()
        })
        .await;
        click(&c, "#units article[data-unit='6'] button[data-action=edit]").await;
        wait_for("the edit form", || async {
            c.find(Locator::Css("#edit-form input[name=figures]"))
                .await
                .is_ok()
        })
        .await;
        assert_at_unit(&editor_at(&c, 6).await);
        shot(&c, "serve-edit-at-unit-es-phone.png").await;
        // On a desktop, in French.
        set_lang(&c, "fr").await;
        viewport(&c, 1400, 900).await;
        c.refresh().await.unwrap();
        wait_for("the units in French", || async {
            text(&c, "#units-card h2").await == "Unités"
                && c.find(Locator::Css("button.offer")).await.is_ok()
        })
        .await;
        click(&c, "#units article[data-unit='9'] button[data-action=edit]").await;
        wait_for("the edit form", || async {
            text(&c, "#edit-title").await == "Unité 9 : Section 9"
        })
        .await;
        assert_at_unit(&editor_at(&c, 9).await);
        shot(&c, "serve-edit-at-unit-fr.png").await;
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
}

/// The first free skill the form `form` offers (its select's first value).
async fn first_free_skill(c: &Client, form: &str) -> String {
    c.execute(
        &format!("return document.getElementById('{form}-free').options[1].value;"),
        vec![],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap()
    .to_owned()
}

/// Capitán's one free skill of a list (§10.1), given to another unit: the form says first that
/// it leaves the unit that has it for this one, by the units' names, in the page's language;
/// kept, nothing changes; confirmed, it moves. Adding a unit with it says the same.
#[test]
fn a_free_skill_moved_is_said_before_it_moves() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    let path = server.list("sharpe-patrol.toml");
    fixture.run(async {
        let c = fixture.session((1400, 1000)).await;
        fixture.page(&c, "/lists/sharpe-patrol.toml").await;
        wait_for("the list and the picker", || async {
            text(&c, "#total").await == "578 / 600 pts"
                && c.find(Locator::Css("button.offer")).await.is_ok()
        })
        .await;
        let had = text(&c, "#units article[data-unit='1'] .chip.free").await;
        assert!(had.ends_with(" · free (rank)"), "{had}");
        let old = had.trim_end_matches(" · free (rank)").to_owned();
        let before = std::fs::read(&path).unwrap();

        click(&c, "#units article[data-unit='3'] button[data-action=edit]").await;
        wait_for("the free skill's choice", || async {
            c.find(Locator::Css("#edit-form-free")).await.is_ok()
        })
        .await;
        let skill = first_free_skill(&c, "edit-form").await;
        select(&c, "#edit-form-free", &skill).await;
        let skill_name = c
            .execute(
                "const s = document.getElementById('edit-form-free'); return s.options[s.selectedIndex].textContent;",
                vec![],
            )
            .await
            .unwrap()
            .as_str()
            .unwrap()
            .to_owned();
        let skill_name = skill_name.rsplit_once(" (").unwrap().0.to_owned();
        click(&c, "#edit-form button[data-action=submit]").await;
        let said = format!(
            "A list has one free skill: it leaves Sharpe ({old}) for Chosen Men ({skill_name})."
        );
        wait_for("the move said", || async {
            text(&c, "#edit-form .confirm-move p").await == said
        })
        .await;
        assert_eq!(
            text(&c, "#edit-form button[data-action=keep-free]").await,
            "Leave it with Sharpe"
        );
        shot(&c, "serve-free-skill-move.png").await;
        // Kept: nothing sent, nothing changed.
        click(&c, "#edit-form button[data-action=keep-free]").await;
        wait_for("the question gone", || async {
            c.find(Locator::Css("#edit-form .confirm-move")).await.is_err()
        })
        .await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(std::fs::read(&path).unwrap(), before, "kept: the list unchanged");
        assert_eq!(text(&c, "#units article[data-unit='1'] .chip.free").await, had);
        // Confirmed: it moves.
        click(&c, "#edit-form button[data-action=submit]").await;
        wait_for("the move said again", || async {
            text(&c, "#edit-form .confirm-move p").await == said
        })
        .await;
        click(&c, "#edit-form button[data-action=confirm-move]").await;
        wait_for("the free skill on the Chosen Men", || async {
            c.find(Locator::Css("#units article[data-unit='3'] .chip.free")).await.is_ok()
                && c.find(Locator::Css("#units article[data-unit='1'] .chip.free")).await.is_err()
        })
        .await;
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(
            saved.contains(&format!("free_skill = {{ unit = 3, skill = \"{skill}\" }}")),
            "{saved}"
        );
        assert!(saved.contains("# §10.1: a lieutenant gives one skill"), "comments kept");
        // The unit that has it: no question.
        click(&c, "#units article[data-unit='3'] button[data-action=edit]").await;
        wait_for("the edit form", || async {
            c.find(Locator::Css("#edit-form-free")).await.is_ok()
        })
        .await;
        type_in(&c, "#edit-form input[name=label]", " of the 95th").await;
        click(&c, "#edit-form button[data-action=submit]").await;
        wait_for("the edit made", || async {
            text(&c, "#units article[data-unit='3']").await.contains("Chosen Men of the 95th")
        })
        .await;

        // In Spanish, a unit added with it: said the same way; kept, no unit is added.
        set_lang(&c, "es").await;
        c.refresh().await.unwrap();
        wait_for("the picker in Spanish", || async {
            c.find(Locator::Css("button.offer[data-offer='gb-95th-riflemen']")).await.is_ok()
                && text(&c, "#units-card h2").await == "Unidades"
        })
        .await;
        let now = std::fs::read(&path).unwrap();
        click(&c, "button.offer[data-offer='gb-95th-riflemen']").await;
        wait_for("the add form", || async {
            c.find(Locator::Css("#add-free")).await.is_ok()
        })
        .await;
        let skill = first_free_skill(&c, "add").await;
        select(&c, "#add-free", &skill).await;
        type_in(&c, "#add input[name=label]", "Recrues").await;
        click(&c, "#add button[data-action=submit]").await;
        wait_for("the move said in Spanish", || async {
            let t = text(&c, "#add .confirm-move p").await;
            t.starts_with("Una lista tiene una sola habilidad gratis: pasa de Chosen Men of the 95th (")
                && t.contains(") a Recrues (")
        })
        .await;
        assert_eq!(text(&c, "#add button[data-action=confirm-move]").await, "Moverla");
        assert_eq!(
            text(&c, "#add button[data-action=keep-free]").await,
            "Dejarla en Chosen Men of the 95th"
        );
        c.execute(
            "document.querySelector('#add .confirm-move').scrollIntoView({block: 'center'});",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, "serve-free-skill-move-es.png").await;
        viewport(&c, 390, 844).await;
        c.execute(
            "document.querySelector('#add .confirm-move').scrollIntoView({block: 'center'});",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, "serve-free-skill-move-es-phone.png").await;
        click(&c, "#add button[data-action=keep-free]").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(std::fs::read(&path).unwrap(), now, "kept: no unit added");
        set_lang(&c, "en").await;
        c.close().await.unwrap();
    });
}
