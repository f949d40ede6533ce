//! ACA documents, read back: cards of the sample lists in French, English and Spanish (tarot
//! by default), every entry fitting its card, the 5-page aide de jeu from the data, rosters.

use crate::print::{has, read_pdf};
use crate::{muster, root};

#[test]
fn cards_of_the_sample_lists() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("fr.pdf");
    let run = muster(&[
        "cards",
        "lists/wab-france-1809.toml",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = read_pdf(&out);
    // 15 units, 4 tarot cards to an A4 page.
    assert_eq!(pdf.pages.len(), 4);
    let all = pdf.text.join(" ");
    for needle in [
        "1er bataillon, 46e de ligne",
        "Mousquet",
        "Figurines d'élite",
        "Pertes (officier compris)",
        "218 pts",
        "Pièce ×2",
        "Boulet",
        "Mitraille",
        "liste illustrative",
    ] {
        assert!(has(&all, needle), "no `{needle}` in the French cards");
    }
    let out = dir.path().join("en.pdf");
    let run = muster(&[
        "cards",
        "lists/wab-russia-1812.toml",
        "--lang",
        "en",
        "--card",
        "a6",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = read_pdf(&out);
    assert_eq!(pdf.pages.len(), 8);
    let all = pdf.text.join(" ");
    for needle in [
        "Musketeer battalion",
        "Stubborn",
        "Round shot",
        "Gunners",
        "148 pts",
    ] {
        assert!(has(&all, needle), "no `{needle}` in the English cards");
    }
    // In Spanish (issue 28): the data's Spanish names, the labels' Spanish words.
    let out = dir.path().join("es.pdf");
    let run = muster(&[
        "cards",
        "lists/wab-russia-1812.toml",
        "--lang",
        "es",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let all = read_pdf(&out).text.join(" ");
    for needle in [
        "Batallón de mosqueteros",
        "Tozuda (stubborn)",
        "Bala",
        "Sirvientes",
        "Bajas (oficial incluido)",
        "148 pts",
        "lista ilustrativa",
    ] {
        assert!(has(&all, needle), "no `{needle}` in the Spanish cards");
    }
}

/// Every entry of every army, with its largest unit, every option and a long label, fits a
/// tarot and an A6 card in French, Spanish and English without cutting text; on a poker card it fits,
/// shrunk if need be.
#[test]
fn every_entry_fits_its_card() {
    use muster::core::i18n::Lang;
    use muster::render::{
        canvas::Document, card, fonts::Fonts, markup, sheet, templates::Templates,
    };
    use muster::rulesets::wab_aca::list::ListUnit;
    use muster::rulesets::wab_aca::model::UnitOption;
    use muster::rulesets::wab_aca::views::{self, CardUnit};
    let db = super::database();
    let templates =
        Templates::load(&muster::rulesets::wab_aca::TEMPLATES, None, &["card"]).unwrap();
    let fonts = Fonts::load().unwrap();
    let doc = Document::new("t").unwrap();
    let mut failures = Vec::new();
    for lang in [Lang::Fr, Lang::Es, Lang::En] {
        let labels = templates.labels(lang.id());
        for e in db.entries.iter() {
            let bought = ListUnit {
                entry: Some(e.id.clone()),
                general: None,
                label: None,
                figures: Some(i64::from(e.figures.max)),
                flag: e.offers(UnitOption::Flag),
                musician: e.offers(UnitOption::Musician),
                elite: i64::from(e.max_elite.unwrap_or(0)),
                heavy_armour: e.offers(UnitOption::HeavyArmour),
                guns: e.guns.map(|g| i64::from(g.max)),
                priced: None,
            };
            let view = views::card(
                &db,
                &CardUnit {
                    entry: e,
                    number: Some(15),
                    label: Some("A rather long label for this unit"),
                    bought: Some(&bought),
                    figures: bought.figures,
                    cost: Some(999),
                    // The longer line of an infantry's elite figures.
                    elite_infantry_rerolls: true,
                },
                lang,
                &labels,
            );
            let mut ctx = tera::Context::new();
            ctx.insert("card", &view);
            ctx.insert("l", &labels);
            let blocks = markup::parse(&templates.render("card", &ctx).unwrap()).unwrap();
            for size in [
                sheet::CardSize::Tarot,
                sheet::CardSize::A6,
                sheet::CardSize::Poker,
            ] {
                let slot = sheet::Imposition::new(sheet::Paper::A4, size).slot(0, false);
                let fit = card::fit(&fonts, &doc.fonts, slot, &blocks);
                let ok = match size {
                    sheet::CardSize::Poker => fit.is_some(),
                    _ => matches!(fit, Some((_, false))),
                };
                if !ok {
                    failures.push(format!("{size:?} {lang:?} {}: {fit:?}", e.id));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "cards that do not fit:\n{}",
        failures.join("\n")
    );
}

/// The aide de jeu is five pages in French, English and Spanish (the book's four pages of tables,
/// then muster's readings with their quotes, issue 27), and prints the data's tables.
#[test]
fn the_aide_de_jeu() {
    let dir = tempfile::tempdir().unwrap();
    for (lang, needles) in [
        (
            "fr",
            vec![
                "Tour de jeu",
                "Colonne d'assaut",
                "Le brigadier (ou un aide de camp) est dans l'unité",
                "Retenir son feu",
                "Pièce lourde (10 livres et plus)",
                "F8 · 0–48\"",
                "Tables WAB",
                "Victoire stratégique",
                "Lecture de la règle par muster",
                "Duel de feu (p.4, p.7)",
                "Touches sur une batterie (p.8) : 1D6 par touche, 1 à 4 une pièce",
                "Flanc +1, arrière +2 au résultat",
                "obstacle : -3\" (infanterie), -2\" (cavalerie)",
                "règle de muster : double 1 réussit ;",
                // muster's own rules are house rules, said as such, off unless turned on.
                "Règles maison",
                "Le double 6 échoue (double-six-fails, ACA p.11)",
            ],
        ),
        (
            "en",
            vec![
                "Turn sequence",
                "Attack column",
                "The brigadier (or an ADC) is with the unit",
                "Hold fire",
                "Heavy piece (10-pounder and more)",
                "WAB charts",
                "Strategic victory",
                "How muster reads the rules",
                "Fire duel (p.4, p.7)",
                "Artillery duel (p.8): a medium or heavy battery fired at by a battery answers on a manoeuvre test at -1",
                "Flank +1, rear +2 to the result",
                "the usual attack formation; wheels and forced",
                "muster's rule: a double 1 passes;",
                "House rules",
                "A double 6 fails (double-six-fails, ACA p.11)",
                "Elite infantry re-rolls (elite-infantry-rerolls, ACA p.5, p.7)",
                // The profile's letters in English (they were the French F, E and PV).
                "S8 · 0–48\"",
                "T10 (with openings 9) · 3 W",
            ],
        ),
        (
            "es",
            vec![
                "Secuencia del turno",
                "Columna de ataque",
                "El brigadier (o un ayudante de campo) está en la unidad",
                "Contener el fuego",
                "Pieza pesada (10 libras o más)",
                "F8 · 0–48\"",
                "R10 (con aberturas 9) · 3 H",
                "Tablas de WAB",
                "Victoria estratégica",
                "Cómo lee muster las reglas",
                "Duelo de fuego (p.4, p.7)",
                "Impactos sobre una batería (p.8): 1D6 por impacto, de 1 a 4 una pieza",
                "Flanco +1, retaguardia +2 al resultado",
                "obstáculo: -3\" (infantería), -2\" (caballería)",
                "regla de muster: un doble 1 supera;",
                "Reglas de la casa",
                "El doble 6 falla (double-six-fails, ACA p.11)",
            ],
        ),
    ] {
        let out = dir.path().join(format!("qrs-{lang}.pdf"));
        let run = muster(&[
            "qrs",
            "--ruleset",
            "wab-aca",
            "--lang",
            lang,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let pdf = read_pdf(&out);
        // 26 readings and the house rules run a sixth page in every language.
        let pages = 6;
        assert_eq!(pdf.pages.len(), pages, "{lang}: the aide de jeu is {pages} pages");
        let all = pdf.text.join(" ");
        for n in needles {
            assert!(has(&all, n), "{lang}: no `{n}`");
        }
    }
    // The charts are the data's: a change to core.toml is printed.
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("wab-aca");
    std::fs::create_dir_all(data.join("armies")).unwrap();
    for f in ["rules.toml", "artillery.toml", "special.toml"] {
        std::fs::copy(root().join("unit-sheets/wab-aca").join(f), data.join(f)).unwrap();
    }
    std::fs::copy(
        root().join("unit-sheets/wab-aca/armies/france-1809.toml"),
        data.join("armies/france-1809.toml"),
    )
    .unwrap();
    let core = std::fs::read_to_string(root().join("unit-sheets/wab-aca/core.toml"))
        .unwrap()
        .replacen("7 = 4", "7 = 5", 1);
    std::fs::write(data.join("core.toml"), core).unwrap();
    let out = dir.path().join("changed.pdf");
    let run = muster(&[
        "--data",
        tmp.path().to_str().unwrap(),
        "qrs",
        "--ruleset",
        "wab-aca",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(has(&read_pdf(&out).text.join(" "), "7 → 5+"));
}

#[test]
fn rosters_in_three_formats() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("r.md");
    let run = muster(&[
        "roster",
        "lists/wab-russia-1812.toml",
        "--lang",
        "en",
        "-o",
        md.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(
        text.contains("# Army list: Arrière-garde de Bagration, 1812"),
        "{text}"
    );
    assert!(text.contains("**1915 / 2000 pts**"), "{text}");
    // The language's own punctuation (it was the French " : " and " ; " in every language).
    assert!(
        text.contains(
            "Batteries allowed for these points: 4; grand battery: allowed from 2500 pts"
        ),
        "{text}"
    );
    assert!(
        text.contains("| 12 | 12e compagnie légère | ru-light-company-6 | Artillery | 8 | 148 |"),
        "{text}"
    );
    let html = dir.path().join("r.html");
    let run = muster(&[
        "roster",
        "lists/wab-france-1809.toml",
        "-o",
        html.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&html).unwrap();
    assert!(text.contains("<html lang=\"fr\">") && text.contains("Batterie de 12 de réserve"));
    assert!(
        text.contains("Batterie à pied, 5e d&#x27;artillerie"),
        "HTML escaped"
    );
    let pdf = dir.path().join("r.pdf");
    let run = muster(&[
        "roster",
        "lists/wab-great-britain-1812.toml",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let all = read_pdf(&pdf).text.join(" ");
    for n in [
        "Division légère, Salamanque 1812",
        "1882 / 2000",
        "1/95th Rifles",
        "Carabines rayées",
    ] {
        assert!(has(&all, n), "no `{n}`");
    }
}

/// The roster in Spanish: the army's and the entries' Spanish names, the labels' words.
#[test]
fn a_roster_in_spanish() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("r.md");
    let run = muster(&[
        "roster",
        "lists/wab-russia-1812.toml",
        "--lang",
        "es",
        "-o",
        md.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&md).unwrap();
    for n in [
        "# Lista de ejército: Arrière-garde de Bagration, 1812",
        "Rusia, 1812 · lists/wab-russia-1812.toml",
        "válida (0 errores, 0 avisos)",
        "| 12 | 12e compagnie légère | ru-light-company-6 | Artillería | 8 | 148 |",
        "Baterías permitidas para estos puntos: 4; gran batería: permitida desde 2500 pts",
        "Bandera (+5), Músico (+5), 8 figuras de élite (+40)",
        "Bajas (oficial incluido): ",
    ] {
        assert!(text.contains(n), "no `{n}` in\n{text}");
    }
}
