//! A page to draw on in millimetres from the top-left corner (PDF's origin is bottom-left),
//! and the document that embeds the bundled fonts and saves the pages.

use printpdf::{
    Color, FontId, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle,
    PdfPage, PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem,
};

use super::fonts;
use crate::error::Error;

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

/// One page being drawn.
pub struct Page {
    pub width: f32,
    pub height: f32,
    ops: Vec<Op>,
}

pub const PT_PER_MM: f32 = 72.0 / 25.4;

impl Page {
    pub fn new(width: f32, height: f32) -> Self {
        Self {
            width,
            height,
            ops: Vec::new(),
        }
    }

    fn point(&self, x: f32, y: f32) -> Point {
        Point::new(Mm(x), Mm(self.height - y))
    }

    /// Text with its baseline at (x, y).
    pub fn text(&mut self, fonts: &DocFonts, x: f32, y: f32, style: Style, text: &str) {
        if text.is_empty() {
            return;
        }
        let Style { size, bold, colour } = style;
        let pos = self.point(x, y);
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFillColor { col: colour.pdf() },
            Op::SetTextCursor { pos },
            Op::SetFont {
                font: PdfFontHandle::External(fonts.id(bold)),
                size: Pt(size),
            },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_owned())],
            },
            Op::EndTextSection,
        ]);
    }

    /// A rectangle with its top-left corner at (x, y).
    pub fn rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Colour>,
        stroke: Option<(Colour, f32)>,
    ) {
        let mut rect = Rect::from_xywh(
            Mm(x).into(),
            Mm(self.height - y - h).into(),
            Mm(w).into(),
            Mm(h).into(),
        );
        if let Some(c) = fill {
            self.ops.push(Op::SetFillColor { col: c.pdf() });
        }
        if let Some((c, pt)) = stroke {
            self.ops.push(Op::SetOutlineColor { col: c.pdf() });
            self.ops.push(Op::SetOutlineThickness { pt: Pt(pt) });
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
        self.ops.extend([
            Op::SetOutlineColor { col: colour.pdf() },
            Op::SetOutlineThickness { pt: Pt(pt) },
            Op::DrawLine { line },
        ]);
    }

    fn into_pdf(self) -> PdfPage {
        PdfPage::new(Mm(self.width), Mm(self.height), self.ops)
    }
}

/// The fonts registered in a document.
pub struct DocFonts {
    regular: FontId,
    bold: FontId,
}

impl DocFonts {
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

    /// The PDF bytes: streams compressed, fonts subset and embedded.
    pub fn save(mut self) -> Vec<u8> {
        let mut warnings = Vec::new();
        let pages = std::mem::take(&mut self.pages);
        self.doc
            .with_pages(pages)
            .save(&PdfSaveOptions::default(), &mut warnings)
    }
}
