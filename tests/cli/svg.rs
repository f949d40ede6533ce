//! Cards as SVG (`muster cards -o FILE.svg`), read back and set beside the same card's PDF:
//! every word at the PDF's place and size (pdftotext), the same pixels (pdftoppm against
//! resvg with the bundled fonts), escaping through the whole pipeline, and where the files go.

use std::path::{Path, PathBuf};
use std::process::Command;

use muster::render::fonts::Fonts;
use muster::render::sheet::{CardSize, Imposition, Paper};
use muster::render::svg;
use resvg::usvg;

use super::{copy_shipped, muster, muster_in, root, snapshot};

const PT_PER_MM: f32 = 72.0 / 25.4;

/// The sheets of each ruleset that prints cards: one of the most read, and the one whose
/// card draws the most (benches/cards_svg.rs picks it).
const CARDS: [(&str, &str); 8] = [
    ("capitan", "gb-95th-riflemen:8"),
    ("capitan", "es-guerrilleros"),
    ("wab-aca", "gb-95th-rifles:10"),
    ("wab-aca", "fr-conscripts"),
    ("hm-qrs", "line-infantry"),
    ("hm-qrs", "veteran-infantry"),
    ("thucydide", "hoplites"),
    ("thucydide", "frondeurs"),
];

/// A word as set: its text, left edge and baseline in mm from the page's top-left corner,
/// and size in points.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    x: f32,
    baseline: f32,
    size: f32,
}

/// Every text node of a group, however deep.
fn texts(group: &usvg::Group) -> Vec<&usvg::Text> {
    let mut out = Vec::new();
    for node in group.children() {
        match node {
            usvg::Node::Text(t) => out.push(t.as_ref()),
            usvg::Node::Group(g) => out.extend(texts(g)),
            _ => {}
        }
    }
    out
}

/// The words of an SVG card as usvg reads them, each placed from its run's start by the
/// bundled fonts' advances, moved by (dx, dy).
fn svg_words(svg_text: &str, dx: f32, dy: f32) -> Vec<Word> {
    let fonts = Fonts::load().unwrap();
    let tree = svg::tree(svg_text).expect("the SVG parses");
    let mut words = Vec::new();
    for t in texts(tree.root()) {
        for chunk in t.chunks() {
            let span = &chunk.spans()[0];
            let size = span.font_size().get() * PT_PER_MM;
            let bold = span.font().weight() >= 700;
            let run: String = chunk.text().chars().filter(|&c| c != '\u{200c}').collect();
            let (x0, y) = (chunk.x().unwrap(), chunk.y().unwrap());
            let m = fonts.metrics(bold);
            let mut at = 0;
            for word in run.split(' ') {
                if !word.is_empty() {
                    words.push(Word {
                        text: word.to_owned(),
                        x: x0 + dx + m.width(&run[..at], size) / PT_PER_MM,
                        baseline: y + dy,
                        size,
                    });
                }
                at += word.len() + 1;
            }
        }
    }
    words
}

/// The words of a PDF's first page as poppler reads them (`pdftotext -bbox`): the box's left
/// edge, and the size and baseline its height gives with the bundled font's ascent and
/// descent (as the PDF declares them).
fn pdf_words(pdf: &Path) -> Vec<Word> {
    let out = Command::new("pdftotext")
        .args(["-bbox", "-f", "1", "-l", "1"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) runs");
    assert!(out.status.success());
    let html = String::from_utf8(out.stdout).unwrap();
    let face = ttf_parser::Face::parse(muster::render::fonts::REGULAR, 0).unwrap();
    let em = f32::from(face.units_per_em());
    let (asc, desc) = (
        f32::from(face.ascender()) / em,
        f32::from(face.descender()) / em,
    );
    let attr = |line: &str, name: &str| -> f32 {
        let at = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[at..at + line[at..].find('"').unwrap()]
            .parse()
            .unwrap()
    };
    html.lines()
        .filter(|l| l.trim_start().starts_with("<word "))
        .map(|l| {
            let text = &l[l.find('>').unwrap() + 1..l.rfind("</word>").unwrap()];
            let text = text
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
            let (y_min, y_max) = (attr(l, "yMin"), attr(l, "yMax"));
            let size = (y_max - y_min) / (asc - desc);
            Word {
                text,
                x: attr(l, "xMin") / PT_PER_MM,
                baseline: (y_min + asc * size) / PT_PER_MM,
                size,
            }
        })
        .collect()
}

/// The card size whose width and height these are.
fn card_size(w: f32, h: f32) -> CardSize {
    [CardSize::Poker, CardSize::Tarot, CardSize::A6]
        .into_iter()
        .find(|c| {
            let (cw, ch) = c.size();
            (cw - w).abs() < 0.01 && (ch - h).abs() < 0.01
        })
        .unwrap_or_else(|| panic!("no card is {w} × {h} mm"))
}

/// The SVG root's width and height in mm.
fn svg_size(svg_text: &str) -> (f32, f32) {
    let tree = svg::tree(svg_text).unwrap();
    let vb = tree.size();
    // usvg gives the size in CSS pixels (96 a inch).
    (vb.width() * 25.4 / 96.0, vb.height() * 25.4 / 96.0)
}

/// `muster cards --ruleset R --sheet S` as PDF and as SVG into `dir`; the paths and where the
/// card sits on the PDF's page.
fn both(dir: &Path, ruleset: &str, sheet: &str, extra: &[&str]) -> (PathBuf, PathBuf, Imposition) {
    let stem = sheet.replace(':', "-");
    let pdf = dir.join(format!("{ruleset}-{stem}.pdf"));
    let svg_path = dir.join(format!("{ruleset}-{stem}.svg"));
    for out in [&pdf, &svg_path] {
        let mut args = vec!["cards", "--ruleset", ruleset, "--sheet", sheet];
        args.extend_from_slice(extra);
        args.extend(["-o", out.to_str().unwrap()]);
        let run = muster(&args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    }
    let text = std::fs::read_to_string(&svg_path).unwrap();
    let (w, h) = svg_size(&text);
    (pdf, svg_path, Imposition::new(Paper::A4, card_size(w, h)))
}

/// Every word of the SVG card is a word of the PDF's card, at the same place and size
/// (within 0.1 mm and 0.1 pt), and the other way round: the PDF's card has no word the SVG
/// lacks. Whole cards of each ruleset, in two languages.
#[test]
fn svg_cards_set_every_word_where_the_pdf_does() {
    let tmp = tempfile::tempdir().unwrap();
    for (ruleset, sheet) in CARDS {
        for lang in ["fr", "en"] {
            let dir = tmp.path().join(lang);
            std::fs::create_dir_all(&dir).unwrap();
            let (pdf, svg_path, imp) = both(&dir, ruleset, sheet, &["--lang", lang]);
            let svg_text = std::fs::read_to_string(&svg_path).unwrap();
            let slot = imp.slot(0, false);
            let mut from_svg = svg_words(&svg_text, slot.x, slot.y);
            let from_pdf: Vec<Word> = pdf_words(&pdf)
                .into_iter()
                .filter(|w| {
                    w.x >= slot.x - 0.5
                        && w.x <= slot.x + slot.w
                        && w.baseline >= slot.y
                        && w.baseline <= slot.y + slot.h
                })
                .collect();
            assert!(
                from_svg.len() > 20,
                "{ruleset} {lang}: {} words",
                from_svg.len()
            );
            let mut unmatched = Vec::new();
            for p in &from_pdf {
                let found = from_svg.iter().position(|s| {
                    s.text == p.text
                        && (s.x - p.x).abs() < 0.1
                        && (s.baseline - p.baseline).abs() < 0.1
                        && (s.size - p.size).abs() < 0.1
                });
                match found {
                    Some(i) => {
                        from_svg.remove(i);
                    }
                    None => unmatched.push(p.clone()),
                }
            }
            assert!(
                unmatched.is_empty() && from_svg.is_empty(),
                "{ruleset} {lang}: PDF words not in the SVG: {unmatched:#?}\nSVG words not in the PDF: {from_svg:#?}"
            );
        }
    }
}

/// A PGM (P5) image's width, height and grey levels.
fn read_pgm(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..i]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, bytes[i + 1..i + 1 + w * h].to_vec())
}

/// The card's pixels as poppler renders the PDF (cropped to the card) and as resvg renders the
/// SVG with the bundled fonts, at 10 pixels a mm, in grey levels.
fn pixels(pdf: &Path, svg_text: &str, imp: &Imposition) -> (usize, usize, Vec<u8>, Vec<u8>) {
    const PX_PER_MM: f32 = 10.0;
    let slot = imp.slot(0, false);
    let (w, h) = (
        (slot.w * PX_PER_MM).round() as usize,
        (slot.h * PX_PER_MM).round() as usize,
    );
    let out = Command::new("pdftoppm")
        .args(["-gray", "-r", "254", "-f", "1", "-l", "1"])
        .args(["-x", &((slot.x * PX_PER_MM).round() as usize).to_string()])
        .args(["-y", &((slot.y * PX_PER_MM).round() as usize).to_string()])
        .args(["-W", &w.to_string(), "-H", &h.to_string()])
        .arg(pdf)
        .output()
        .expect("pdftoppm (poppler-utils) runs");
    assert!(out.status.success());
    let (pw, ph, from_pdf) = read_pgm(&out.stdout);
    assert_eq!((pw, ph), (w, h));
    let png = svg::png(svg_text, PX_PER_MM).unwrap();
    let img = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!((img.width() as usize, img.height() as usize), (w, h));
    // Grey as poppler makes it from RGB.
    let from_svg = img
        .pixels()
        .iter()
        .map(|p| {
            ((u32::from(p.red()) * 77 + u32::from(p.green()) * 151 + u32::from(p.blue()) * 28) >> 8)
                as u8
        })
        .collect();
    if let Some(dir) = std::env::var_os("MUSTER_KEEP_PNG") {
        // To look at: the SVG as resvg draws it, the PDF's card as poppler does, and where
        // they differ by more than half (red: darker in the SVG, blue: in the PDF).
        let name = pdf.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = Path::new(&dir);
        std::fs::write(dir.join(format!("{name}-svg.png")), &png).unwrap();
        let mut grey = resvg::tiny_skia::Pixmap::new(w as u32, h as u32).unwrap();
        let mut diff = grey.clone();
        for (i, (&a, &b)) in from_pdf.iter().zip(&from_svg).enumerate() {
            grey.pixels_mut()[i] = resvg::tiny_skia::ColorU8::from_rgba(a, a, a, 255).premultiply();
            let c = match (a.abs_diff(b) > 128, b < a) {
                (false, _) => [255, 255, 255],
                (true, true) => [220, 0, 0],
                (true, false) => [0, 0, 220],
            };
            diff.pixels_mut()[i] =
                resvg::tiny_skia::ColorU8::from_rgba(c[0], c[1], c[2], 255).premultiply();
        }
        grey.save_png(dir.join(format!("{name}-pdf.png"))).unwrap();
        diff.save_png(dir.join(format!("{name}-diff.png"))).unwrap();
    }
    (w, h, from_pdf, from_svg)
}

/// The SVG card rasterised by resvg with the bundled fonts is the PDF's card as poppler
/// draws it: as much ink, and no inked pixel of one without ink in the other within 0.1 mm
/// (the rasterisers round edges and glyph origins each their own way). Another font, a
/// baseline or a glyph 0.2 mm off, a missing line would ink thousands.
#[test]
fn svg_cards_rasterise_as_the_pdf_prints() {
    let tmp = tempfile::tempdir().unwrap();
    for (ruleset, sheet) in CARDS {
        let (pdf, svg_path, imp) = both(tmp.path(), ruleset, sheet, &[]);
        let svg_text = std::fs::read_to_string(&svg_path).unwrap();
        let (w, h, from_pdf, from_svg) = pixels(&pdf, &svg_text, &imp);
        let dark = |v: &[u8]| v.iter().filter(|&&g| g < 128).count();
        let (ink_pdf, ink_svg) = (dark(&from_pdf), dark(&from_svg));
        assert!(
            ink_pdf > w * h / 50,
            "{ruleset}: the PDF card is nearly blank"
        );
        assert!(
            ink_svg.abs_diff(ink_pdf) * 10 < ink_pdf,
            "{ruleset}: {ink_svg} dark pixels in the SVG, {ink_pdf} in the PDF"
        );
        // Ink in one with no ink in the other within a pixel (0.1 mm) around: the two
        // rasterisers round edges and glyph origins each their own way, never by more.
        let unexplained = |a: &[u8], b: &[u8]| {
            (0..w * h)
                .filter(|&i| {
                    let (x, y) = (i % w, i / w);
                    a[i] < 96
                        && (y.saturating_sub(1)..(y + 2).min(h)).all(|yy| {
                            (x.saturating_sub(1)..(x + 2).min(w)).all(|xx| b[yy * w + xx] > 160)
                        })
                })
                .count()
        };
        let (only_svg, only_pdf) = (
            unexplained(&from_svg, &from_pdf),
            unexplained(&from_pdf, &from_svg),
        );
        eprintln!("{ruleset}: {only_svg} / {only_pdf} of {}", w * h);
        assert!(
            only_svg + only_pdf < 300,
            "{ruleset}: {only_svg} pixels inked in the SVG only, {only_pdf} in the PDF only (ink {ink_svg} in the SVG, {ink_pdf} in the PDF)"
        );
    }
}

/// A player's sheet named with markup characters, quotes and Greek: the SVG carries them
/// escaped and reads back as typed, the PDF prints the same name; the whole card is the
/// snapshot `tests/fixtures/svg/escaped-card.svg`.
#[test]
fn svg_cards_escape_what_a_player_types() {
    let tmp = tempfile::tempdir().unwrap();
    copy_shipped("capitan", tmp.path());
    let file = tmp.path().join("data/capitan/sheets/great-britain.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let name = "<b>Fish & \"Chips\"</b> 'Ἀθηναῖοι' Жуков";
    let changed = text.replacen(
        "name = \"95th Rifles / Chosen Men\"",
        &format!("name = {}", toml::Value::String(name.into())),
        1,
    );
    assert_ne!(changed, text);
    std::fs::write(&file, changed).unwrap();
    let data = tmp.path().join("data");
    let out = tmp.path().join("card.svg");
    let run = muster_in(
        tmp.path(),
        &[
            "--data",
            data.to_str().unwrap(),
            "cards",
            "--sheet",
            "gb-95th-riflemen:8",
            "--lang",
            "en",
            "-o",
            "card.svg",
        ],
        &[],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stderr, "wrote card.svg: 1 card, 7 KB\n");
    let svg_text = std::fs::read_to_string(&out).unwrap();
    assert!(
        svg_text.contains("&lt;b&gt;Fish &amp; \"Chips\"&lt;/b&gt;"),
        "{svg_text}"
    );
    // The sheet's card offers every skill: it fits without their reminders, whole (it was
    // drawn at the largest scale and clipped, its losses and ranges cut, before).
    for whole in ["Sharpshooters (30)", "Losses", "80 (16)"] {
        assert!(svg_text.contains(whole), "{whole} in\n{svg_text}");
    }
    let tree = svg::tree(&svg_text).unwrap();
    let all: String = texts(tree.root())
        .iter()
        .flat_map(|t| t.chunks())
        .map(|c| c.text().replace('\u{200c}', ""))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(all.contains("<b>Fish & \"Chips\"</b>"), "{all}");
    assert!(all.contains("'Ἀθηναῖοι'"), "{all}");
    assert!(all.contains("Жуков"), "{all}");
    let pdf = tmp.path().join("card.pdf");
    let run = muster_in(
        tmp.path(),
        &[
            "--data",
            data.to_str().unwrap(),
            "cards",
            "--sheet",
            "gb-95th-riflemen:8",
            "--lang",
            "en",
            "-o",
            "card.pdf",
        ],
        &[],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let words: Vec<String> = pdf_words(&pdf).into_iter().map(|w| w.text).collect();
    for w in ["<b>Fish", "&", "\"Chips\"</b>", "'Ἀθηναῖοι'", "Жуков"] {
        assert!(words.iter().any(|x| x == w), "{w} not in {words:?}");
    }
    snapshot(
        &root().join("tests/fixtures/svg/escaped-card.svg"),
        &svg_text,
    )
    .unwrap();
}

/// Where SVG cards go: one card to the file named, several to numbered files (each checked
/// before any is written), one to standard output; a format and a name that disagree, backs,
/// and a player's file in the way are refused with what to do.
#[test]
fn svg_card_files() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let run = muster_in(
        dir,
        &[
            "cards",
            "--sheet",
            "gb-95th-riflemen:8",
            "--sheet",
            "fr-1er-hussards",
            "--sheet",
            "pl-vistula-lancers",
            "-o",
            "deck.svg",
        ],
        &[],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("wrote deck-1.svg … deck-3.svg: 3 cards, "),
        "{}",
        run.stderr
    );
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["deck-1.svg", "deck-2.svg", "deck-3.svg"]);
    let second = std::fs::read_to_string(dir.join("deck-2.svg")).unwrap();
    assert!(second.starts_with(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"63mm\" height=\"88mm\" viewBox=\"0 0 63 88\""
    ));
    assert!(second.contains(">1er Hussards"), "{second}");

    // One card to standard output, the same bytes as to a file.
    let run = muster_in(
        dir,
        &[
            "cards",
            "--sheet",
            "fr-1er-hussards",
            "--format",
            "svg",
            "-o",
            "-",
        ],
        &[],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let alone = muster_in(
        dir,
        &["cards", "--sheet", "fr-1er-hussards", "-o", "one.svg"],
        &[],
    );
    assert_eq!(alone.code, 0, "{}", alone.stderr);
    assert_eq!(
        run.stdout,
        std::fs::read_to_string(dir.join("one.svg")).unwrap()
    );

    let refused = |args: &[&str], words: &str| {
        let run = muster_in(dir, args, &[]);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"));
    };
    refused(
        &["cards", "--sheet", "fr-1er-hussards", "--sheet", "gb-95th-riflemen", "--format", "svg", "-o", "-"],
        "error: 2 cards: standard output takes one SVG card; -o FILE.svg writes FILE-1.svg to FILE-2.svg",
    );
    refused(
        &[
            "cards",
            "--sheet",
            "fr-1er-hussards",
            "--format",
            "svg",
            "-o",
            "x.pdf",
        ],
        "x.pdf: --format svg writes SVG cards; name the output FILE.svg",
    );
    refused(
        &[
            "cards",
            "--sheet",
            "fr-1er-hussards",
            "--format",
            "pdf",
            "-o",
            "x.svg",
        ],
        "x.svg: --format pdf writes a PDF; name it .pdf",
    );
    refused(
        &[
            "cards",
            "--sheet",
            "fr-1er-hussards",
            "--backs",
            "-o",
            "x.svg",
        ],
        "--backs: an SVG card has one face; print backs in a PDF",
    );
    refused(
        &["cards", "--sheet", "no-such-sheet", "-o", "x.svg"],
        "unknown sheet `no-such-sheet`",
    );
    // A list where the second numbered card would go: nothing is written at all.
    std::fs::copy(
        root().join("lists/sharpe-patrol.toml"),
        dir.join("new-2.svg"),
    )
    .unwrap();
    let before = std::fs::read(dir.join("new-2.svg")).unwrap();
    refused(
        &[
            "cards",
            "--sheet",
            "fr-1er-hussards",
            "--sheet",
            "gb-95th-riflemen",
            "-o",
            "new.svg",
        ],
        "refusing to write new-2.svg: it is an army list",
    );
    assert_eq!(std::fs::read(dir.join("new-2.svg")).unwrap(), before);
    assert!(!dir.join("new-1.svg").exists());
}
