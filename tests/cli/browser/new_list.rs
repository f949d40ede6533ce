//! The new-list form in a real browser: every field marked at once, in the page's language,
//! and the list's name making its file's name.

use super::*;

/// The new-list form's fields as the page shows them: each field's key, whether it is marked
/// and its problem's words.
async fn new_list_fields(c: &Client) -> Vec<(String, bool, String)> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#new-list .field[data-field]')].map((f) => \
             [f.dataset.field, f.classList.contains('bad'), f.querySelector('.problem')?.textContent || '']);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// The new-list form with Capitán chosen: its own fields drawn.
async fn new_list_for_capitan(c: &Client) {
    wait_for("the rulesets", || async {
        c.find(Locator::Css("#nl-ruleset option[value='capitan']"))
            .await
            .is_ok()
    })
    .await;
    select(c, "#nl-ruleset", "capitan").await;
    wait_for("Capitán's fields", || async {
        c.find(Locator::Css("select#nl-coalition")).await.is_ok()
    })
    .await;
}

/// On a page with no lists, the new-list form comes first; sent empty, every field is marked
/// at once, in the page's language (English, Spanish, French), never with a backtick; the
/// list's name typed where the file's goes is said to be no file name in Spanish; the list's
/// name makes its file's name (editable), and the list is made with it.
#[test]
fn the_new_list_form_marks_every_field_and_names_the_file() {
    let Some(fixture) = Fixture::start() else {
        return;
    };
    let server = fixture.server();
    for e in std::fs::read_dir(server.dir.path()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            std::fs::remove_file(p).unwrap();
        }
    }
    fixture.run(async {
        let c = fixture.session((1400, 900)).await;
        fixture.page(&c, "/").await;
        wait_for("the empty lists page", || async {
            text(&c, "#lists").await == "No list yet."
        })
        .await;
        // The form first, in view, its list name ready to type in.
        let placed = c
            .execute(
                "const form = document.getElementById('new-list-card'); \
                 return [form.compareDocumentPosition(document.getElementById('lists-card')) === Node.DOCUMENT_POSITION_FOLLOWING, \
                         form.compareDocumentPosition(document.getElementById('import-card')) === Node.DOCUMENT_POSITION_FOLLOWING, \
                         form.getBoundingClientRect().top < 200, document.activeElement.id];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(placed, serde_json::json!([true, true, true, "nl-title"]));
        assert_eq!(text(&c, "label[for=nl-title]").await, "List name");
        new_list_for_capitan(&c).await;
        click(&c, "#new-list button[type=submit]").await;
        let required = |lang_word: &str| {
            ["name", "file", "coalition", "campaign", "points"]
                .iter()
                .map(|k| (k.to_string(), true, lang_word.to_owned()))
                .chain(std::iter::once(("rank".to_owned(), false, String::new())))
                .collect::<Vec<_>>()
        };
        let marked = |fields: Vec<(String, bool, String)>| {
            let mut v: Vec<_> = fields.into_iter().filter(|f| f.0 != "ruleset").collect();
            v.sort();
            v
        };
        let mut want = required("Required.");
        want.sort();
        wait_for("every field marked", || async {
            marked(new_list_fields(&c).await) == want
        })
        .await;
        assert_eq!(text(&c, "#banner").await, "Fix the fields marked below.");
        assert!(!shows_backticks(&c).await);
        shot(&c, "serve-new-list-empty-en.png").await;
        viewport(&c, 390, 844).await;
        shot(&c, "serve-new-list-empty-en-phone.png").await;
        viewport(&c, 1400, 900).await;

        // In Spanish: the same, in Spanish; a list's name where its file's goes.
        set_lang(&c, "es").await;
        c.refresh().await.unwrap();
        wait_for("the page in Spanish", || async {
            text(&c, "label[for=nl-title]").await == "Nombre de la lista"
        })
        .await;
        new_list_for_capitan(&c).await;
        click(&c, "#new-list button[type=submit]").await;
        let mut want = required("Obligatorio.");
        want.sort();
        wait_for("every field marked in Spanish", || async {
            marked(new_list_fields(&c).await) == want
        })
        .await;
        assert_eq!(text(&c, "#banner").await, "Corrige los campos señalados abajo.");
        assert!(!shows_backticks(&c).await);
        shot(&c, "serve-new-list-empty-es.png").await;
        type_in(&c, "#nl-name", "My Light Bobs").await;
        type_in(&c, "#nl-title", "Mis cazadores").await;
        assert_eq!(value(&c, "#nl-name").await, "My Light Bobs", "typed, kept");
        click(&c, "#new-list button[type=submit]").await;
        wait_for("the file name's problem in Spanish", || async {
            text(&c, "[data-field='file'] .problem").await
                == "Un nombre de archivo terminado en .toml, como mis-cazadores.toml, sin / ni \\."
        })
        .await;
        assert_eq!(text(&c, "[data-field='name'] .problem").await, "");
        assert!(!shows_backticks(&c).await);
        viewport(&c, 390, 844).await;
        c.execute(
            "document.querySelector(\"[data-field='file']\").scrollIntoView();",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, "serve-new-list-file-es-phone.png").await;
        viewport(&c, 1400, 900).await;

        // In French, empty.
        set_lang(&c, "fr").await;
        c.refresh().await.unwrap();
        new_list_for_capitan(&c).await;
        click(&c, "#new-list button[type=submit]").await;
        let mut want = required("À remplir.");
        want.sort();
        wait_for("every field marked in French", || async {
            marked(new_list_fields(&c).await) == want
        })
        .await;
        shot(&c, "serve-new-list-empty-fr.png").await;

        // The list's name makes the file's name, and the list is made with both.
        set_lang(&c, "en").await;
        c.refresh().await.unwrap();
        new_list_for_capitan(&c).await;
        type_in(&c, "#nl-title", "My Light Bobs").await;
        assert_eq!(value(&c, "#nl-name").await, "my-light-bobs.toml");
        select(&c, "#nl-coalition", "allies").await;
        select(&c, "#nl-campaign", "peninsula").await;
        type_in(&c, "#nl-points", "400").await;
        shot(&c, "serve-new-list-named-en.png").await;
        click(&c, "#new-list button[type=submit]").await;
        wait_for("the new list's builder", || async {
            text(&c, "#title").await == "My Light Bobs"
        })
        .await;
        assert!(c
            .current_url()
            .await
            .unwrap()
            .as_str()
            .ends_with("/lists/my-light-bobs.toml"));
        let made = std::fs::read_to_string(server.list("my-light-bobs.toml")).unwrap();
        assert!(made.contains("name = \"My Light Bobs\""), "{made}");

        // A second list of the same name gets a file of its own; accents and signs go; a
        // file name the player typed stays theirs.
        fixture.page(&c, "/").await;
        wait_for("the list", || async {
            text(&c, "#lists").await.contains("My Light Bobs")
        })
        .await;
        type_in(&c, "#nl-title", "My Light Bobs").await;
        assert_eq!(value(&c, "#nl-name").await, "my-light-bobs-2.toml");
        let title = c.find(Locator::Css("#nl-title")).await.unwrap();
        title.clear().await.unwrap();
        title.send_keys("6e Léger à Sabugal!").await.unwrap();
        assert_eq!(value(&c, "#nl-name").await, "6e-leger-a-sabugal.toml");
        let file = c.find(Locator::Css("#nl-name")).await.unwrap();
        file.clear().await.unwrap();
        file.send_keys("sabugal.toml").await.unwrap();
        title.send_keys(" 1811").await.unwrap();
        assert_eq!(value(&c, "#nl-name").await, "sabugal.toml");
        c.close().await.unwrap();
    });
}
