//! Pages as SVG. A [`Page`](super::canvas::Page) that records keeps its three primitives as
//! drawn ([`Drawn`]); [`document`] writes them as one SVG whose user unit is the millimetre
//! (`viewBox` at the page size), text at the same baselines and sizes as in the PDF.
//!
//! Fonts are named, not embedded: every text run inherits the root's `font-family`, first
//! [`FAMILY`] (declare it with [`font_face_css`], the bundled DejaVu Sans Condensed regular
//! and bold, for the text to set exactly as printed), then the font's own name and
//! `sans-serif`. Kerning and ligatures are off, as in the PDF (whose glyphs advance by their
//! widths alone), so that a line measures in the SVG what it measured when laid out.
//! [`png`] rasterises an SVG with the bundled fonts only (resvg).

use std::fmt::Write;

use super::canvas::{Colour, Drawn, Page, Paint, Style, PT_PER_MM};
use super::fonts;
use crate::core::error::Error;

/// The font family the SVG's text asks for first.
pub const FAMILY: &str = "muster-card";

/// A page as an SVG document, its `viewBox` in millimetres. A page made with
/// [`Page::new`](super::canvas::Page::new) kept nothing: its SVG is blank.
pub fn page(page: &Page) -> String {
    document(page.width, page.height, page.drawn())
}

/// The `@font-face` rules a web page declares for the SVG's text to use the bundled fonts:
/// `regular` and `bold` are the URLs the page serves `fonts/DejaVuSansCondensed.ttf` and
/// `fonts/DejaVuSansCondensed-Bold.ttf` at ([`fonts::REGULAR`], [`fonts::BOLD`]).
pub fn font_face_css(regular: &str, bold: &str) -> String {
    format!(
        "@font-face {{ font-family: \"{FAMILY}\"; font-weight: 400; src: url(\"{regular}\") format(\"truetype\"); }}\n\
         @font-face {{ font-family: \"{FAMILY}\"; font-weight: 700; src: url(\"{bold}\") format(\"truetype\"); }}\n"
    )
}

/// A number in millimetres to a thousandth, without trailing zeros.
fn num(out: &mut String, v: f32) {
    let start = out.len();
    // Writing to a String cannot fail.
    let _ = write!(out, "{v:.3}");
    while out.ends_with('0') {
        out.pop();
    }
    if out.ends_with('.') {
        out.pop();
    }
    if &out[start..] == "-0" {
        out.truncate(start);
        out.push('0');
    }
}

fn colour(out: &mut String, c: Colour) {
    let _ = write!(out, "#{:02x}{:02x}{:02x}", c.0, c.1, c.2);
}

/// Text content, escaped for XML; characters XML cannot carry (control characters other
/// than tab and line ends, U+FFFE, U+FFFF) become U+FFFD.
fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
}

/// The attribute `name="v"` with `v` in mm.
fn attr(out: &mut String, name: &str, v: f32) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    num(out, v);
    out.push('"');
}

fn stroke(out: &mut String, c: Colour, pt: f32) {
    out.push_str(" stroke=\"");
    colour(out, c);
    out.push('"');
    attr(out, "stroke-width", pt / PT_PER_MM);
}

/// An SVG document of `width` × `height` mm with `drawn` in order: text at its baseline in
/// its size (points to mm), weight and colour; rectangles and lines with their strokes.
pub fn document(width: f32, height: f32, drawn: &[Drawn]) -> String {
    let mut out = String::with_capacity(400 + drawn.len() * 110);
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
    num(&mut out, width);
    out.push_str("mm\" height=\"");
    num(&mut out, height);
    out.push_str("mm\" viewBox=\"0 0 ");
    num(&mut out, width);
    out.push(' ');
    num(&mut out, height);
    let _ = writeln!(
        out,
        "\" font-family=\"{FAMILY}, 'DejaVu Sans Condensed', sans-serif\" \
         text-rendering=\"geometricPrecision\" xml:space=\"preserve\" \
         style=\"font-kerning:none;font-variant-ligatures:none\">"
    );
    for d in drawn {
        match d {
            Drawn::Text { x, y, style, text } => {
                let Style {
                    size,
                    bold,
                    colour: c,
                } = *style;
                out.push_str("<text");
                attr(&mut out, "x", *x);
                attr(&mut out, "y", *y);
                attr(&mut out, "font-size", size / PT_PER_MM);
                if bold {
                    out.push_str(" font-weight=\"bold\"");
                }
                out.push_str(" fill=\"");
                colour(&mut out, c);
                out.push_str("\">");
                escape(&mut out, text);
                out.push_str("</text>\n");
            }
            Drawn::Rect {
                x,
                y,
                w,
                h,
                paint: Paint { fill, stroke: s },
            } => {
                out.push_str("<rect");
                attr(&mut out, "x", *x);
                attr(&mut out, "y", *y);
                attr(&mut out, "width", *w);
                attr(&mut out, "height", *h);
                out.push_str(" fill=\"");
                match fill {
                    Some(c) => colour(&mut out, *c),
                    None => out.push_str("none"),
                }
                out.push('"');
                if let Some((c, pt)) = s {
                    stroke(&mut out, *c, *pt);
                }
                out.push_str("/>\n");
            }
            Drawn::Line {
                x1,
                y1,
                x2,
                y2,
                colour: c,
                pt,
            } => {
                out.push_str("<line");
                attr(&mut out, "x1", *x1);
                attr(&mut out, "y1", *y1);
                attr(&mut out, "x2", *x2);
                attr(&mut out, "y2", *y2);
                stroke(&mut out, *c, *pt);
                out.push_str("/>\n");
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A font database of the bundled faces alone, each also under [`FAMILY`] (fontdb knows them
/// by their typographic family, "DejaVu Sans", semi-condensed).
pub fn font_database() -> resvg::usvg::fontdb::Database {
    use resvg::usvg::fontdb::{Database, Language, Source, ID};
    let mut db = Database::new();
    for bytes in [fonts::REGULAR, fonts::BOLD] {
        let source = Source::Binary(std::sync::Arc::new(bytes));
        for id in db.load_font_source(source) {
            if let Some(mut face) = db.face(id).cloned() {
                db.remove_face(id);
                face.id = ID::dummy();
                face.families
                    .insert(0, (FAMILY.to_owned(), Language::English_UnitedStates));
                face.families.push((
                    "DejaVu Sans Condensed".to_owned(),
                    Language::English_UnitedStates,
                ));
                db.push_face_info(face);
            }
        }
    }
    db.set_sans_serif_family(FAMILY);
    db
}

/// `svg` with a zero-width non-joiner (U+200C) between the letters the bundled fonts would
/// join (f before f, i, l) in the content of its `<text>` elements: usvg ligates them (it has
/// no `font-variant-ligatures`), the PDF and a browser told `font-variant-ligatures:none` do
/// not, and a ligature is narrower than its letters.
fn unligated(svg: &str) -> std::borrow::Cow<'_, str> {
    if !svg.contains("f") {
        return svg.into();
    }
    let mut out = String::with_capacity(svg.len() + 64);
    let mut rest = svg;
    while let Some(start) = rest.find("<text") {
        let Some(open) = rest[start..].find('>') else {
            break;
        };
        let content_at = start + open + 1;
        out.push_str(&rest[..content_at]);
        let content_end = rest[content_at..]
            .find('<')
            .map_or(rest.len(), |e| content_at + e);
        let mut chars = rest[content_at..content_end].chars().peekable();
        while let Some(c) = chars.next() {
            out.push(c);
            if c == 'f' && matches!(chars.peek(), Some('f' | 'i' | 'l')) {
                out.push('\u{200c}');
            }
        }
        rest = &rest[content_end..];
    }
    out.push_str(rest);
    out.into()
}

/// Parses `svg` with the bundled fonts (and no others), letters never ligated (as printed).
pub fn tree(svg: &str) -> Result<resvg::usvg::Tree, Error> {
    let mut options = resvg::usvg::Options::default();
    *options.fontdb_mut() = font_database();
    resvg::usvg::Tree::from_str(&unligated(svg), &options)
        .map_err(|e| Error::Render(format!("SVG: {e}")))
}

/// `svg` rasterised at `px_per_mm` pixels a millimetre (a user unit of [`document`]) on
/// white, with the bundled fonts; the PNG's bytes.
pub fn png(svg: &str, px_per_mm: f32) -> Result<Vec<u8>, Error> {
    use resvg::tiny_skia::Pixmap;
    let tree = tree(svg)?;
    // usvg sizes in CSS pixels, 96 an inch.
    let scale = px_per_mm * 25.4 / 96.0;
    let size = tree.size();
    let (w, h) = (size.width() * scale, size.height() * scale);
    if !(w >= 1.0 && h >= 1.0 && w <= 20_000.0 && h <= 20_000.0) {
        return Err(Error::Render(format!(
            "SVG: {w:.0} × {h:.0} pixels is not an image size (1 to 20,000 a side)"
        )));
    }
    let pixmap = Pixmap::new(w.ceil() as u32, h.ceil() as u32)
        .ok_or_else(|| Error::Render("SVG: empty image".into()))?;
    on_white(&tree, pixmap, scale)
}

/// A square SVG (an icon, a QR code) rasterised `px` pixels a side on white; the PNG's bytes.
pub fn png_square(svg: &str, px: u32) -> Result<Vec<u8>, Error> {
    use resvg::tiny_skia::Pixmap;
    let tree = tree(svg)?;
    let size = tree.size();
    if !(1..=4096).contains(&px) || size.width() <= 0.0 {
        return Err(Error::Render(format!(
            "SVG: {px} pixels a side is not an icon size (1 to 4,096)"
        )));
    }
    let pixmap = Pixmap::new(px, px).ok_or_else(|| Error::Render("SVG: empty image".into()))?;
    let scale = px as f32 / size.width();
    on_white(&tree, pixmap, scale)
}

/// `tree` drawn at `scale` on `pixmap` filled white; the PNG's bytes.
fn on_white(
    tree: &resvg::usvg::Tree,
    mut pixmap: resvg::tiny_skia::Pixmap,
    scale: f32,
) -> Result<Vec<u8>, Error> {
    use resvg::tiny_skia::{Color, Transform};
    pixmap.fill(Color::WHITE);
    resvg::render(
        tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| Error::Render(format!("SVG: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::{DocFonts, Page};
    use crate::render::fonts::Fonts;
    use resvg::usvg;

    /// Every text node of a group, in order, however deep.
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

    #[test]
    fn numbers_are_short_and_exact_to_a_micrometre() {
        let mut s = String::new();
        for v in [0.0, 1.5, 2.0, -0.0001, 12.3456, 0.352_778] {
            num(&mut s, v);
            s.push(' ');
        }
        assert_eq!(s, "0 1.5 2 0 12.346 0.353 ");
    }

    #[test]
    fn text_is_escaped_whole() {
        let doc = DocFonts::svg_only();
        let mut page = Page::svg_only(63.0, 88.0);
        let style = Style::new(10.0, true, Colour(40, 40, 60));
        page.text(
            &doc,
            2.4,
            10.0,
            style,
            "<b>Fish & \"Chips\"</b> 'x' Ἀθηναῖοι Ж\u{1}",
        );
        page.rect(1.0, 2.0, 3.0, 4.0, Paint::stroke(Colour::BLACK, 0.5));
        page.line(0.0, 5.0, 63.0, 5.0, Colour::GREY, 0.3);
        assert_eq!(
            super::page(&page),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"63mm\" height=\"88mm\" viewBox=\"0 0 63 88\" \
             font-family=\"muster-card, 'DejaVu Sans Condensed', sans-serif\" text-rendering=\"geometricPrecision\" \
             xml:space=\"preserve\" style=\"font-kerning:none;font-variant-ligatures:none\">\n\
             <text x=\"2.4\" y=\"10\" font-size=\"3.528\" font-weight=\"bold\" fill=\"#28283c\">\
             &lt;b&gt;Fish &amp; \"Chips\"&lt;/b&gt; 'x' Ἀθηναῖοι Ж\u{fffd}</text>\n\
             <rect x=\"1\" y=\"2\" width=\"3\" height=\"4\" fill=\"none\" stroke=\"#000000\" stroke-width=\"0.176\"/>\n\
             <line x1=\"0\" y1=\"5\" x2=\"63\" y2=\"5\" stroke=\"#6e6e6e\" stroke-width=\"0.106\"/>\n\
             </svg>\n"
        );
        // It parses, and the text reads back as drawn.
        let tree = tree(&super::page(&page)).unwrap();
        let read: Vec<&str> = texts(tree.root())
            .iter()
            .map(|t| t.chunks()[0].text())
            .collect();
        assert_eq!(read, ["<b>Fish & \"Chips\"</b> 'x' Ἀθηναῖοι Ж\u{fffd}"]);
    }

    #[test]
    fn only_text_content_is_unligated() {
        let svg = "<svg fill=\"x\"><text fill=\"#000\">fifl off</text><rect fill=\"#fff\"/>\n<text>if</text></svg>";
        assert_eq!(
            unligated(svg),
            "<svg fill=\"x\"><text fill=\"#000\">f\u{200c}if\u{200c}l of\u{200c}f</text><rect fill=\"#fff\"/>\n<text>if</text></svg>"
        );
    }

    #[test]
    fn pdf_pages_record_nothing_unless_asked() {
        let doc = DocFonts::svg_only();
        let mut page = Page::svg_only(10.0, 10.0);
        page.text(&doc, 1.0, 1.0, Style::new(6.0, false, Colour::BLACK), "");
        assert!(page.drawn().is_empty(), "empty text draws nothing");
        let mut pdf = Page::new(10.0, 10.0);
        pdf.line(0.0, 0.0, 1.0, 1.0, Colour::BLACK, 1.0);
        assert!(pdf.drawn().is_empty());
    }

    /// The SVG's text, laid out by usvg (shaping as a browser does, kerning and ligatures
    /// off), starts where it was drawn and is as wide as the PDF's metrics measured it.
    #[test]
    fn text_sets_as_wide_as_it_was_measured() {
        let fonts = Fonts::load().unwrap();
        let doc = DocFonts::svg_only();
        let mut page = Page::svg_only(100.0, 60.0);
        let runs = [
            ("Fifth Battalion, 60th Foot — Royal Americans", false, 6.0),
            (
                "AVATAR Tây; fi fl ffi « Voltigeurs » 1er Régiment",
                true,
                9.5,
            ),
            ("Ἀθηναῖοι ὁπλῖται; Λακεδαιμόνιοι", false, 7.2),
            ("WAVE To Ty Yo 7/4+ 12\" 30 cm −1 ≥ 4+ Жуков", true, 12.0),
        ];
        for (i, (text, bold, size)) in runs.iter().enumerate() {
            page.text(
                &doc,
                3.0,
                10.0 + 12.0 * i as f32,
                Style::new(*size, *bold, Colour::BLACK),
                text,
            );
        }
        let tree = tree(&super::page(&page)).unwrap();
        let boxes: Vec<_> = texts(tree.root())
            .iter()
            .map(|t| t.bounding_box())
            .collect();
        assert_eq!(boxes.len(), runs.len());
        for ((text, bold, size), b) in runs.iter().zip(&boxes) {
            let measured = fonts.metrics(*bold).width(text, *size) / PT_PER_MM;
            assert!(
                (b.left() - 3.0).abs() < 0.1 && (b.width() - measured).abs() < 0.1,
                "{text}: set from {} over {} mm, measured {measured} mm",
                b.left(),
                b.width()
            );
        }
    }
}
