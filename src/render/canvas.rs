//! A page to draw on in millimetres from the top-left corner (PDF's origin is bottom-left),
//! and the document that embeds the bundled fonts and saves the pages. A page may also keep
//! what it drew ([`Drawn`]) for the SVG writer (`render::svg`) to give back: the SVG and the PDF of
//! a page come from the same calls.

use printpdf::{
    Color, FontId, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle,
    PdfPage, PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem,
};

use super::fonts;
use crate::core::error::Error;

/// An sRGB colour, 0–255.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Colour(pub u8, pub u8, pub u8);

impl Colour {
    pub const BLACK: Colour = Colour(0, 0, 0);
    pub const GREY: Colour = Colour(110, 110, 110);
    pub const LIGHT: Colour = Colour(232, 232, 226);
    pub const WHITE: Colour = Colour(255, 255, 255);
    pub const INK: Colour = Colour(40, 40, 60);

    /// `#RRGGBB`.
    pub fn parse(hex: &str) -> Option<Colour> {
        let h = hex.strip_prefix('#')?;
        if h.len() != 6 {
            return None;
        }
        let v = u32::from_str_radix(h, 16).ok()?;
        Some(Colour((v >> 16) as u8, (v >> 8) as u8, v as u8))
    }

    fn pdf(self) -> Color {
        Color::Rgb(Rgb {
            r: f32::from(self.0) / 255.0,
            g: f32::from(self.1) / 255.0,
            b: f32::from(self.2) / 255.0,
            icc_profile: None,
        })
    }
}

/// How text is set: size in points, weight, colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    pub size: f32,
    pub bold: bool,
    pub colour: Colour,
}

impl Style {
    pub fn new(size: f32, bold: bool, colour: Colour) -> Self {
        Self { size, bold, colour }
    }
}

/// How a rectangle is painted: filled, outlined (a colour and a width in points), or both.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paint {
    pub fill: Option<Colour>,
    pub stroke: Option<(Colour, f32)>,
}

impl Paint {
    pub const fn fill(c: Colour) -> Self {
        Paint {
            fill: Some(c),
            stroke: None,
        }
    }

    pub const fn stroke(c: Colour, pt: f32) -> Self {
        Paint {
            fill: None,
            stroke: Some((c, pt)),
        }
    }

    pub const fn both(fill: Colour, stroke: Colour, pt: f32) -> Self {
        Paint {
            fill: Some(fill),
            stroke: Some((stroke, pt)),
        }
    }
}

/// One primitive a page drew, in millimetres from the page's top-left corner, as given to
/// [`Page::text`], `rect` and `line`.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawn {
    /// Text with its baseline starting at (x, y).
    Text {
        x: f32,
        y: f32,
        style: Style,
        text: String,
    },
    /// A rectangle with its top-left corner at (x, y).
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        paint: Paint,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        colour: Colour,
        pt: f32,
    },
}

/// One page being drawn. It keeps the state it has set (open text section, font, colours,
/// line width) and emits only changes: a card sheet is thousands of text runs.
///
/// What a page makes: PDF operations ([`Page::new`]), those and the record of its primitives
/// for SVG ([`Page::recorded`]), or the record alone ([`Page::svg_only`], which needs no
/// document: its fonts are named in the SVG, not embedded).
pub struct Page {
    pub width: f32,
    pub height: f32,
    /// Whether PDF operations are made.
    pdf: bool,
    ops: Vec<Op>,
    /// What was drawn, in the order drawn, when asked for.
    drawn: Option<Vec<Drawn>>,
    /// Inside BT … ET, with the start of the current text line (pt).
    text: Option<(f32, f32)>,
    font: Option<(bool, f32)>,
    fill: Option<Colour>,
    stroke: Option<(Colour, f32)>,
}

pub const PT_PER_MM: f32 = 72.0 / 25.4;

impl Page {
    /// A page drawn as PDF only.
    pub fn new(width: f32, height: f32) -> Self {
        Self::make(width, height, true, false)
    }

    /// A page drawn as PDF that also keeps what it drew, for the SVG writer.
    pub fn recorded(width: f32, height: f32) -> Self {
        Self::make(width, height, true, true)
    }

    /// A page that only keeps what it drew, for the SVG writer: no PDF operations are made
    /// (the fonts given to [`Page::text`] are not used; [`DocFonts::svg_only`] will do).
    pub fn svg_only(width: f32, height: f32) -> Self {
        Self::make(width, height, false, true)
    }

    fn make(width: f32, height: f32, pdf: bool, record: bool) -> Self {
        Self {
            width,
            height,
            pdf,
            ops: Vec::new(),
            drawn: record.then(Vec::new),
            text: None,
            font: None,
            fill: None,
            stroke: None,
        }
    }

    /// The primitives drawn, in order (none on a page made with [`Page::new`]).
    pub fn drawn(&self) -> &[Drawn] {
        self.drawn.as_deref().unwrap_or(&[])
    }

    fn point(&self, x: f32, y: f32) -> Point {
        Point::new(Mm(x), Mm(self.height - y))
    }

    fn set_fill(&mut self, c: Colour) {
        if self.fill != Some(c) {
            self.ops.push(Op::SetFillColor { col: c.pdf() });
            self.fill = Some(c);
        }
    }

    fn end_text(&mut self) {
        if self.text.take().is_some() {
            self.ops.push(Op::EndTextSection);
        }
    }

    /// Text with its baseline at (x, y).
    pub fn text(&mut self, fonts: &DocFonts, x: f32, y: f32, style: Style, text: &str) {
        if text.is_empty() {
            return;
        }
        if let Some(drawn) = &mut self.drawn {
            drawn.push(Drawn::Text {
                x,
                y,
                style,
                text: text.to_owned(),
            });
        }
        if !self.pdf {
            return;
        }
        let Style { size, bold, colour } = style;
        let (px, py) = (x * PT_PER_MM, (self.height - y) * PT_PER_MM);
        let (lx, ly) = match self.text {
            Some(start) => start,
            None => {
                self.ops.push(Op::StartTextSection);
                (0.0, 0.0)
            }
        };
        if self.font != Some((bold, size)) {
            self.ops.push(Op::SetFont {
                font: PdfFontHandle::External(fonts.id(bold)),
                size: Pt(size),
            });
            self.font = Some((bold, size));
        }
        self.set_fill(colour);
        // Td moves from the start of the current line: give the difference.
        self.ops.push(Op::SetTextCursor {
            pos: Point {
                x: Pt(px - lx),
                y: Pt(py - ly),
            },
        });
        self.ops.push(Op::ShowText {
            items: vec![TextItem::Text(text.to_owned())],
        });
        self.text = Some((px, py));
    }

    fn set_stroke(&mut self, c: Colour, pt: f32) {
        match self.stroke {
            Some((sc, spt)) if sc == c && spt == pt => {}
            Some((sc, _)) if sc == c => self.ops.push(Op::SetOutlineThickness { pt: Pt(pt) }),
            _ => {
                self.ops.push(Op::SetOutlineColor { col: c.pdf() });
                self.ops.push(Op::SetOutlineThickness { pt: Pt(pt) });
            }
        }
        self.stroke = Some((c, pt));
    }

    /// A rectangle with its top-left corner at (x, y).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, paint: Paint) {
        if let Some(drawn) = &mut self.drawn {
            drawn.push(Drawn::Rect { x, y, w, h, paint });
        }
        let Paint { fill, stroke } = paint;
        if !self.pdf {
            return;
        }
        self.end_text();
        let mut rect = Rect::from_xywh(
            Mm(x).into(),
            Mm(self.height - y - h).into(),
            Mm(w).into(),
            Mm(h).into(),
        );
        if let Some(c) = fill {
            self.set_fill(c);
        }
        if let Some((c, pt)) = stroke {
            self.set_stroke(c, pt);
        }
        rect.mode = Some(match (fill.is_some(), stroke.is_some()) {
            (true, true) => PaintMode::FillStroke,
            (true, false) => PaintMode::Fill,
            _ => PaintMode::Stroke,
        });
        self.ops.push(Op::DrawRectangle { rectangle: rect });
    }

    /// A straight line, `pt` thick.
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, colour: Colour, pt: f32) {
        if let Some(drawn) = &mut self.drawn {
            drawn.push(Drawn::Line {
                x1,
                y1,
                x2,
                y2,
                colour,
                pt,
            });
        }
        if !self.pdf {
            return;
        }
        self.end_text();
        let line = Line {
            points: vec![
                LinePoint {
                    p: self.point(x1, y1),
                    bezier: false,
                },
                LinePoint {
                    p: self.point(x2, y2),
                    bezier: false,
                },
            ],
            is_closed: false,
        };
        self.set_stroke(colour, pt);
        self.ops.push(Op::DrawLine { line });
    }

    fn into_pdf(mut self) -> PdfPage {
        self.end_text();
        PdfPage::new(Mm(self.width), Mm(self.height), self.ops)
    }
}

/// The fonts registered in a document.
pub struct DocFonts {
    regular: FontId,
    bold: FontId,
}

impl DocFonts {
    /// Fonts for pages drawn only as SVG ([`Page::svg_only`]), which name their fonts rather
    /// than embed them: no document holds these, and a PDF page must not be drawn with them.
    pub fn svg_only() -> Self {
        Self {
            regular: FontId(String::new()),
            bold: FontId(String::new()),
        }
    }

    fn id(&self, bold: bool) -> FontId {
        if bold {
            self.bold.clone()
        } else {
            self.regular.clone()
        }
    }
}

/// A PDF being made.
pub struct Document {
    doc: PdfDocument,
    pub fonts: DocFonts,
    pages: Vec<PdfPage>,
}

impl Document {
    pub fn new(title: &str) -> Result<Self, Error> {
        let mut doc = PdfDocument::new(title);
        let mut warnings = Vec::new();
        let parse = |bytes: &[u8], w: &mut Vec<_>| {
            ParsedFont::from_bytes(bytes, 0, w)
                .ok_or_else(|| Error::Render("cannot read the bundled font".into()))
        };
        let regular = doc.add_font(&parse(fonts::REGULAR, &mut warnings)?);
        let bold = doc.add_font(&parse(fonts::BOLD, &mut warnings)?);
        Ok(Self {
            doc,
            fonts: DocFonts { regular, bold },
            pages: Vec::new(),
        })
    }

    pub fn push(&mut self, page: Page) {
        self.pages.push(page.into_pdf());
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// The PDF bytes: fonts subset and embedded, streams compressed.
    ///
    /// printpdf's own `optimize` compresses with lopdf at `Compression::best()`: a third of
    /// the time of a card sheet. The fast level compresses the same 116 KB of streams (two
    /// subset fonts, the content) in a quarter of the time, to 48 KB instead of 33 KB.
    pub fn save(mut self) -> Vec<u8> {
        use std::io::Write;
        let mut warnings = Vec::new();
        let pages = std::mem::take(&mut self.pages);
        self.doc.with_pages(pages);
        let options = PdfSaveOptions {
            optimize: false,
            ..PdfSaveOptions::default()
        };
        let mut pdf = printpdf::serialize::to_lopdf_doc(&self.doc, &options, &mut warnings);
        for object in pdf.objects.values_mut() {
            let lopdf::Object::Stream(stream) = object else {
                continue;
            };
            if !stream.allows_compression || stream.dict.get(b"Filter").is_ok() {
                continue;
            }
            let mut encoder =
                flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
            let compressed = encoder
                .write_all(&stream.content)
                .and_then(|_| encoder.finish());
            if let Ok(bytes) = compressed {
                if bytes.len() + 19 < stream.content.len() {
                    stream.dict.set("Filter", "FlateDecode");
                    stream.set_content(bytes);
                }
            }
        }
        let mut out = Vec::new();
        // Writing to memory cannot fail.
        let _ = pdf.save_to(&mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::card::{self, Slot};
    use crate::render::fonts::Fonts;
    use crate::render::markup;

    /// Keeping what a page draws changes nothing in its PDF; a page drawn for SVG alone
    /// makes no PDF operation and keeps the same primitives.
    #[test]
    fn recording_leaves_the_pdf_as_it_was() {
        let doc = Document::new("t").unwrap();
        let fonts = Fonts::load().unwrap();
        let blocks = markup::parse(
            "band #FFFFFF #000000 vertical\ntitle A / B\nstats I=6 | M=5\nrow Fusil | 30 | 60\nskill Bon œil (15) :: range shifts\nboxes 3 Pertes\nfooter Fiche 1 :: 40 pts\n",
        )
        .unwrap();
        let slot = Slot {
            x: 10.5,
            y: 16.5,
            w: 63.0,
            h: 88.0,
        };
        let draw = |mut page: Page, doc: &DocFonts| {
            card::draw(&mut page, &fonts, doc, slot, &blocks, 1.0);
            page
        };
        let plain = draw(Page::new(210.0, 297.0), &doc.fonts);
        let recorded = draw(Page::recorded(210.0, 297.0), &doc.fonts);
        let svg_only = draw(Page::svg_only(210.0, 297.0), &DocFonts::svg_only());
        assert!(plain.ops.len() > 20 && plain.drawn().is_empty());
        // printpdf's own equality of lengths rounds to a thousandth and says no for some
        // equal values: compare the ops as serialised, every field exact.
        let json = |p: &Page| serde_json::to_string(&p.ops).unwrap();
        assert_eq!(json(&plain), json(&recorded));
        assert!(svg_only.ops.is_empty());
        assert_eq!(recorded.drawn(), svg_only.drawn());
        let texts = recorded
            .drawn()
            .iter()
            .filter(|d| matches!(d, Drawn::Text { .. }))
            .count();
        let shown = plain
            .ops
            .iter()
            .filter(|o| matches!(o, Op::ShowText { .. }))
            .count();
        assert_eq!(texts, shown, "one text run a ShowText");
        assert_eq!(
            crate::render::svg::page(&recorded).matches("<text").count(),
            texts
        );
    }
}
