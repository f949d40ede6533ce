//! Printed documents, read back: page count and size, fonts embedded, the units' names and
//! points, the quick-reference tables, rosters in three formats, templates and safety.

use std::path::Path;

use super::{muster, root};

pub struct Pdf {
    pub pages: Vec<(f32, f32)>,
    pub text: Vec<String>,
    pub embedded_fonts: usize,
    pub bytes: usize,
}

pub fn read_pdf(path: &Path) -> Pdf {
    let bytes = std::fs::read(path).unwrap();
    let mut warnings = Vec::new();
    let doc =
        printpdf::PdfDocument::parse(&bytes, &printpdf::PdfParseOptions::default(), &mut warnings)
            .unwrap();
    let pages = doc
        .pages
        .iter()
        .map(|p| (p.media_box.width.0, p.media_box.height.0))
        .collect();
    let text = doc
        .extract_text()
        .into_iter()
        .map(|p| p.join(" "))
        .collect();
    let lo = lopdf::Document::load_mem(&bytes).unwrap();
    let embedded_fonts = lo
        .objects
        .values()
        .filter(|o| o.as_dict().is_ok_and(|d| d.has(b"FontFile2")))
        .count();
    Pdf {
        pages,
        text,
        embedded_fonts,
        bytes: bytes.len(),
    }
}

/// Whether `needle` appears in `text`, whitespace ignored: text runs on one baseline come out
/// of the PDF without the spaces between them.
pub fn has(text: &str, needle: &str) -> bool {
    let squash = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    squash(text).contains(&squash(needle))
}

fn assert_size(pdf: &Pdf, w: f32, h: f32) {
    for (pw, ph) in &pdf.pages {
        assert!(
            (pw - w).abs() < 0.6 && (ph - h).abs() < 0.6,
            "page {pw}×{ph}, expected {w}×{h}"
        );
    }
}

#[test]
fn cards_of_a_list_and_of_sheets() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("cards.pdf");
    let run = muster(&[
        "cards",
        "lists/french-column.toml",
        "--sheet",
        "gb-95th-sharpe",
        "--sheet",
        "gb-95th-riflemen:8",
        "--sheet",
        "fr-13e-cuirassiers:6",
        "--sheet",
        "pl-vistula-lancers",
        "--sheet",
        "gb-rha-troop:5",
        "--sheet",
        "es-empecinado",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = read_pdf(&out);
    assert_eq!(pdf.pages.len(), 2, "10 cards, 9 to a page");
    assert_size(&pdf, 595.28, 841.89);
    assert!(
        pdf.embedded_fonts >= 2,
        "fonts embedded: {}",
        pdf.embedded_fonts
    );
    let all = pdf.text.join(" ");
    for (name, pt) in [
        ("Capitaine Dubreton", 188),
        ("47e de Ligne / Fusiliers", 14),
        ("47e de Ligne / Grenadiers", 24),
        ("Pièce de 8", 14),
        ("95th Rifles / Lieutenant Sharpe", 229),
        ("95th Rifles / Chosen Men", 27),
        ("13e Cuirassiers", 38),
        ("1er Lanciers de la Vistule", 33),
        ("Royal Horse Artillery", 18),
        ("El Empecinado", 172),
    ] {
        assert!(has(&all, name), "{name} missing");
        // Raw text: "PT 229" is one run on the card (squashed, it would run into the cost).
        assert!(all.contains(&format!("PT {pt}")), "PT {pt} missing");
    }
    // The list's costs are on its cards; Sharpe's ranges in cm and hexes.
    assert!(has(&all, "188 pts") && has(&all, "164 pts"), "{all}");
    assert!(has(&all, "30 (6)") && has(&all, "80 (16)"));
}

#[test]
fn paper_card_sizes_and_backs() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("c.pdf");
    let o = out.to_str().unwrap();
    let run = muster(&[
        "cards",
        "lists/guerrilla-band.toml",
        "--paper",
        "letter",
        "--backs",
        "--lang",
        "en",
        "-o",
        o,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = read_pdf(&out);
    assert_eq!(pdf.pages.len(), 2, "fronts and backs");
    assert_size(&pdf, 612.0, 792.0);
    assert!(
        has(&pdf.text[0], "Losses") && has(&pdf.text[0], "Move"),
        "English labels"
    );
    assert!(has(&pdf.text[1], "El Empecinado"), "backs name the unit");
    let run = muster(&[
        "cards",
        "lists/guerrilla-band.toml",
        "--card",
        "tarot",
        "-o",
        o,
    ]);
    assert_eq!(run.code, 0);
    assert_eq!(read_pdf(&out).pages.len(), 1, "4 tarot cards to a page");
    let run = muster(&[
        "cards",
        "lists/guerrilla-band.toml",
        "--card",
        "a6",
        "--lang",
        "es",
        "-o",
        o,
    ]);
    assert_eq!(run.code, 0);
    let pdf = read_pdf(&out);
    assert_eq!(pdf.pages.len(), 2, "2 A6 cards to a page");
    assert_size(&pdf, 841.89, 595.28);
    assert!(has(&pdf.text[0], "Bajas"));
}

/// Every shipped sheet, with every skill it offers and a long label, fits each card size in
/// each language without cutting any text short (the artillery tables included): with its
/// reminders, except on a poker card, where text never under 6 pt leaves room for the skills'
/// names only when a sheet offers many.
#[test]
fn every_shipped_card_fits_with_all_its_skills() {
    use muster::core::i18n::Lang;
    use muster::render::{
        canvas::Document, card, fonts::Fonts, markup, sheet, templates::Templates,
    };
    use muster::rulesets::capitan::views::{self, CardUnit};
    let mut sources = muster::core::source::Sources::new();
    let db = muster::rulesets::capitan::data::load(&[root().join("unit-sheets")], &mut sources)
        .unwrap()
        .database
        .unwrap();
    let templates =
        Templates::load(&muster::rulesets::capitan::TEMPLATES, None, &["card"]).unwrap();
    let fonts = Fonts::load().unwrap();
    let doc = Document::new("t").unwrap();
    let render = |view: &views::CardView, labels: &toml::Table| {
        let mut ctx = tera::Context::new();
        ctx.insert("card", view);
        ctx.insert("l", labels);
        markup::parse(&templates.render("card", &ctx).unwrap()).unwrap()
    };
    let mut failures = Vec::new();
    for size in [
        sheet::CardSize::Poker,
        sheet::CardSize::Tarot,
        sheet::CardSize::A6,
    ] {
        let slot = sheet::Imposition::new(sheet::Paper::A4, size).slot(0, false);
        for lang in Lang::ALL {
            let labels = templates.labels(lang.id());
            for s in db.sheets.iter() {
                let skills: Vec<(String, u32)> =
                    s.skills.iter().map(|k| (k.id.clone(), k.cost)).collect();
                let view = views::card(
                    &db,
                    &CardUnit {
                        sheet: s,
                        label: Some("A rather long label for this unit"),
                        number: Some(12),
                        boxes: 12,
                        skills: &skills,
                        cost: Some(999),
                    },
                    lang,
                    &labels,
                );
                let fit = card::fit(&fonts, &doc.fonts, slot, &render(&view, &labels));
                // No text under 6 pt: a poker card with every skill its sheet offers may
                // leave the reminders to the QRS (never clipped); larger cards keep them.
                let ok = matches!(
                    (size, fit),
                    (_, Some((_, false))) | (sheet::CardSize::Poker, Some((_, true)))
                );
                if !ok {
                    failures.push(format!("{size:?} {lang:?} {}: {fit:?}", s.id));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "cards that do not fit:\n{}",
        failures.join("\n")
    );
    // The worst case the data allows: a long name and six long skills still fits (shrunk).
    let s = db.sheet("gb-14th-ld-captain").unwrap();
    let labels = templates.labels("fr");
    let skills: Vec<(String, u32)> = [
        "cavaliers-experimentes",
        "carre-de-repli",
        "mouvement-furtif",
        "francs-tireurs",
        "defense-acharnee",
        "charge-brutale",
    ]
    .iter()
    .map(|k| (k.to_string(), 30))
    .collect();
    let long_label = "Very long unit name ".repeat(6);
    let view = views::card(
        &db,
        &CardUnit {
            sheet: s,
            label: Some(&long_label),
            number: None,
            boxes: 12,
            skills: &skills,
            cost: Some(999),
        },
        Lang::Fr,
        &labels,
    );
    let slot = sheet::Imposition::new(sheet::Paper::A4, sheet::CardSize::Poker).slot(0, false);
    assert!(
        card::fit(&fonts, &doc.fonts, slot, &render(&view, &labels)).is_some(),
        "the extreme card must fit, if shrunk"
    );
}

/// Cards scale with their size: the same card is set larger on tarot and A6 than on poker.
#[test]
fn cards_scale_with_the_card_size() {
    let tmp = tempfile::tempdir().unwrap();
    let mut heights = Vec::new();
    for size in ["poker", "tarot", "a6"] {
        let out = tmp.path().join(format!("{size}.pdf"));
        let run = muster(&[
            "cards",
            "--sheet",
            "fr-47e-fusiliers:8",
            "--card",
            size,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        // The size of the title: the largest font of the page's text.
        let bytes = std::fs::read(&out).unwrap();
        let lo = lopdf::Document::load_mem(&bytes).unwrap();
        let page = lo.get_pages().into_values().next().unwrap();
        let content = lo.get_page_content(page);
        let ops = lopdf::content::Content::decode(&content).unwrap();
        let biggest = ops
            .operations
            .iter()
            .filter(|op| op.operator == "Tf")
            .filter_map(|op| op.operands.get(1).and_then(|o| o.as_float().ok()))
            .fold(0.0f32, f32::max);
        heights.push(biggest);
    }
    assert!(
        heights[0] < heights[1] && heights[1] < heights[2],
        "title sizes poker/tarot/A6: {heights:?}"
    );
}

#[test]
fn quick_reference_sheet_from_the_data() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("qrs.pdf");
    let run = muster(&["qrs", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = read_pdf(&out);
    assert!(pdf.pages.len() <= 2, "{} pages", pdf.pages.len());
    assert_size(&pdf, 595.28, 841.89);
    assert!(pdf.embedded_fonts >= 2);
    let all = pdf.text.join(" ");
    assert!(has(&all, "Pistolet 10 (2) 15 (3) 20 (4)"), "pistol ranges");
    assert!(
        has(&all, "Carabine rayée (rifle) 30 (6) 50 (10) 80 (16)"),
        "rifle ranges"
    );
    assert!(has(&all, "Difficulté 5 7 9"));
    for needle in [
        "Séquence de jeu",
        "Tir en rang serré",
        "Bois dense",
        "Mitraille",
        "§8.11–8.12",
        "§12",
    ] {
        assert!(has(&all, needle), "{needle}");
    }
    let run = muster(&[
        "qrs",
        "--lang",
        "en",
        "--paper",
        "letter",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0);
    let pdf = read_pdf(&out);
    assert_size(&pdf, 612.0, 792.0);
    assert!(pdf.pages.len() <= 2);
    assert!(
        has(&pdf.text[0], "quick reference") && has(&pdf.text[0], "Rifle 30 (6) 50 (10) 80 (16)")
    );
}

#[test]
fn rosters_in_pdf_markdown_and_html() {
    let tmp = tempfile::tempdir().unwrap();
    let list = "tests/fixtures/lists/unit-without-command.toml";
    for ext in ["pdf", "md", "html"] {
        let out = tmp.path().join(format!("roster.{ext}"));
        let run = muster(&[
            "--data",
            "unit-sheets",
            "--data",
            "tests/fixtures/list-data",
            "roster",
            list,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let text = if ext == "pdf" {
            let pdf = read_pdf(&out);
            assert_eq!(pdf.pages.len(), 1);
            pdf.text.join(" ")
        } else {
            std::fs::read_to_string(&out).unwrap()
        };
        for needle in [
            "Fixture",
            "420",
            "unit-without-command",
            "Sergent Lagarde",
            "Subordonné",
        ] {
            assert!(has(&text, needle), "{ext}: {needle} missing in\n{text}");
        }
    }
    let html = std::fs::read_to_string(tmp.path().join("roster.html")).unwrap();
    assert!(html.starts_with("<!doctype html>") && html.contains("<table>"));
}

#[test]
fn outputs_are_never_inputs_nor_partial() {
    let tmp = tempfile::tempdir().unwrap();
    let list = tmp.path().join("mine.toml");
    std::fs::copy(root().join("lists/sharpe-patrol.toml"), &list).unwrap();
    let before = std::fs::read(&list).unwrap();
    let l = list.to_str().unwrap();
    let run = muster(&["cards", l, "-o", l]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains(".toml"), "{}", run.stderr);
    let run = muster(&[
        "roster",
        l,
        "-o",
        tmp.path().join("x.docx").to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(std::fs::read(&list).unwrap(), before);

    // A broken template: the error names the file and line, and nothing is written.
    let templates = tmp.path().join("tpl");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(
        templates.join("card.tera"),
        "band #000000\ntitle {{ card.nickname }}\n",
    )
    .unwrap();
    let out = tmp.path().join("cards.pdf");
    let run = muster(&[
        "cards",
        l,
        "--templates",
        templates.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("card.tera:2"), "{}", run.stderr);
    assert!(!out.exists());
    std::fs::write(templates.join("card.tera"), "band #000000\n{% if %}\n").unwrap();
    let run = muster(&[
        "cards",
        l,
        "--templates",
        templates.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("card.tera:2"), "{}", run.stderr);
    std::fs::write(templates.join("card.tera"), "frobnicate {{ card.name }}\n").unwrap();
    let run = muster(&[
        "cards",
        l,
        "--templates",
        templates.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("unknown directive `frobnicate`"),
        "{}",
        run.stderr
    );
    assert!(!out.exists());
    assert_eq!(
        std::fs::read_dir(tmp.path()).unwrap().count(),
        2,
        "no temporary file left"
    );

    // A working override.
    std::fs::write(
        templates.join("card.tera"),
        "title CUSTOM {{ card.name }}\nboxes {{ card.boxes }}\n",
    )
    .unwrap();
    let run = muster(&[
        "cards",
        l,
        "--templates",
        templates.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(has(
        &read_pdf(&out).text[0],
        "CUSTOM 95th Rifles / Lieutenant Sharpe"
    ));
}

#[test]
fn invalid_lists_are_not_printed_unless_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("cards.pdf");
    let args = [
        "--data",
        "unit-sheets",
        "--data",
        "tests/fixtures/list-data",
        "cards",
        "tests/fixtures/lists/points-over-limit.toml",
        "-o",
        out.to_str().unwrap(),
    ];
    let run = muster(&args);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("error[points-over-limit]"),
        "{}",
        run.stderr
    );
    assert!(!out.exists());
    let mut forced = args.to_vec();
    forced.push("--allow-invalid");
    assert_eq!(muster(&forced).code, 0);
    assert!(out.exists());
}

#[test]
fn forty_cards_stay_small() {
    let sheets = super::json(&muster(&["sheets", "--format", "json"]));
    let ids: Vec<String> = sheets
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("forty.pdf");
    let mut args: Vec<String> = vec!["cards".into()];
    for id in ids.iter().cycle().take(40) {
        args.push("--sheet".into());
        args.push(id.clone());
    }
    args.extend(["-o".into(), out.to_str().unwrap().into()]);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = muster(&refs);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = read_pdf(&out);
    assert_eq!(pdf.pages.len(), 5);
    assert!(pdf.bytes < 400 * 1024, "{} bytes", pdf.bytes);
}

/// The text sizes of each page of a PDF, in points, one per glyph shown (from the `Tf` in
/// force at each `Tj`/`TJ` of the page's content).
pub fn glyph_sizes(path: &Path) -> Vec<Vec<f32>> {
    let lo = lopdf::Document::load(path).unwrap();
    lo.get_pages()
        .values()
        .map(|id| {
            let content = lo.get_and_decode_page_content(*id).unwrap();
            let mut size = 0.0f32;
            let mut out = Vec::new();
            for op in content.operations {
                let glyphs = |o: &lopdf::Object| match o {
                    lopdf::Object::String(b, _) => b.len().div_ceil(2),
                    _ => 0,
                };
                match op.operator.as_str() {
                    "Tf" => {
                        size = op
                            .operands
                            .get(1)
                            .and_then(|o| o.as_float().ok())
                            .unwrap_or(0.0)
                    }
                    "Tj" => out.extend(std::iter::repeat_n(
                        size,
                        op.operands.iter().map(glyphs).sum(),
                    )),
                    "TJ" => {
                        let n = match op.operands.first() {
                            Some(lopdf::Object::Array(items)) => items.iter().map(glyphs).sum(),
                            _ => 0,
                        };
                        out.extend(std::iter::repeat_n(size, n));
                    }
                    _ => {}
                }
            }
            out
        })
        .collect()
}

fn median(v: &[f32]) -> f32 {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Every shipped list's deck, at its ruleset's card size and at poker, tarot and A6: no text
/// under 6 pt, and one text size across the deck (the median of each page within ±10 % of the
/// others'): a long card does not set its text smaller than its neighbours'.
#[test]
fn every_deck_prints_evenly() {
    let dir = tempfile::tempdir().unwrap();
    let mut lists: Vec<_> = std::fs::read_dir(crate::root().join("lists"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    lists.sort();
    assert!(lists.len() >= 10);
    let mut wrong = Vec::new();
    for list in &lists {
        for card in [None, Some("poker"), Some("tarot"), Some("a6")] {
            let out = dir.path().join("deck.pdf");
            let mut args = vec!["cards", list.to_str().unwrap(), "-o", out.to_str().unwrap()];
            if let Some(c) = card {
                args.extend(["--card", c]);
            }
            let run = muster(&args);
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            let pages: Vec<Vec<f32>> = glyph_sizes(&out)
                .into_iter()
                .filter(|p| p.len() > 40)
                .collect();
            let name = format!("{} {}", list.display(), card.unwrap_or("(default)"));
            let smallest = pages.iter().flatten().copied().fold(f32::MAX, f32::min);
            if smallest < 6.0 - 1e-3 {
                wrong.push(format!("{name}: text at {smallest:.2} pt"));
            }
            let medians: Vec<f32> = pages.iter().map(|p| median(p)).collect();
            let (lo, hi) = medians
                .iter()
                .fold((f32::MAX, 0.0f32), |(l, h), m| (l.min(*m), h.max(*m)));
            if hi > lo * 1.1 {
                wrong.push(format!("{name}: page medians {medians:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "uneven decks:\n{}", wrong.join("\n"));
}
