//! Lays out one card's blocks inside its trim box: measured first, shrunk until everything
//! fits (then reminders are dropped, then the rest is clipped), so text never overflows.

use super::canvas::{Colour, DocFonts, Page, Style, PT_PER_MM};
use super::fonts::Fonts;
use super::markup::{Block, Located};

const PAD: f32 = 2.4;
const MIN_SCALE: f32 = 0.55;

/// Where and how big a card is, in mm from the page's top-left corner.
#[derive(Debug, Clone, Copy)]
pub struct Slot {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

struct Pen<'a> {
    fonts: &'a Fonts,
    doc: &'a DocFonts,
    page: Option<&'a mut Page>,
    slot: Slot,
    scale: f32,
    /// Leave out skill reminders (last resort before clipping).
    terse: bool,
    y: f32,
    bottom: f32,
}

fn lh(size: f32) -> f32 {
    size * 1.18 / PT_PER_MM
}

impl Pen<'_> {
    fn inner_w(&self) -> f32 {
        self.slot.w - 2.0 * PAD
    }

    fn left(&self) -> f32 {
        self.slot.x + PAD
    }

    /// Whether `h` more mm fit above the bottom region.
    fn fits(&self, h: f32) -> bool {
        self.y + h <= self.bottom + 0.01
    }

    fn text(&mut self, x: f32, baseline: f32, size: f32, bold: bool, colour: Colour, s: &str) {
        if let Some(page) = self.page.as_deref_mut() {
            page.text(self.doc, x, baseline, Style::new(size, bold, colour), s);
        }
    }

    fn rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Colour>,
        stroke: Option<(Colour, f32)>,
    ) {
        if let Some(page) = self.page.as_deref_mut() {
            page.rect(x, y, w, h, fill, stroke);
        }
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, colour: Colour, pt: f32) {
        if let Some(page) = self.page.as_deref_mut() {
            page.line(x1, y1, x2, y2, colour, pt);
        }
    }

    /// Wrapped lines; returns false when they did not all fit.
    fn paragraph(&mut self, s: &str, size: f32, bold: bool, colour: Colour, indent: f32) -> bool {
        let width = (self.inner_w() - indent) * PT_PER_MM;
        for line in self.fonts.wrap(s, size, bold, width) {
            let h = lh(size);
            if !self.fits(h) {
                return false;
            }
            let baseline = self.y + size * 0.9 / PT_PER_MM;
            let x = self.left() + indent;
            self.text(x, baseline, size, bold, colour, &line);
            self.y += h;
        }
        true
    }

    /// Text centred on `cx`, shrunk (then cut) to stay within `width` mm.
    fn centred(&mut self, cx: f32, baseline: f32, style: Style, s: &str, width: f32) {
        let Style { size, bold, colour } = style;
        let (s, size) = self
            .fonts
            .fit_line(s, size, size * 0.72, bold, width * PT_PER_MM);
        let w = self.fonts.metrics(bold).width(&s, size) / PT_PER_MM;
        self.text(cx - w / 2.0, baseline, size, bold, colour, &s);
    }

    /// Text from `x`, shrunk (then cut) to stay within `width` mm.
    fn left_fit(&mut self, x: f32, baseline: f32, style: Style, s: &str, width: f32) {
        let Style { size, bold, colour } = style;
        let (s, size) = self
            .fonts
            .fit_line(s, size, size * 0.72, bold, width * PT_PER_MM);
        self.text(x, baseline, size, bold, colour, &s);
    }

    /// One block in the flow; false when it did not fit.
    fn block(&mut self, block: &Block) -> bool {
        let s = self.scale;
        match block {
            Block::Band(colours, vertical) => {
                let h = 4.2;
                let colours: Vec<Colour> =
                    colours.iter().filter_map(|c| Colour::parse(c)).collect();
                let n = colours.len().max(1) as f32;
                let (x0, y0, w) = (self.slot.x, self.slot.y, self.slot.w);
                for (i, c) in colours.iter().enumerate() {
                    if *vertical {
                        self.rect(x0 + w * i as f32 / n, y0, w / n, h, Some(*c), None);
                    } else {
                        self.rect(x0, y0 + h * i as f32 / n, w, h / n, Some(*c), None);
                    }
                }
                self.line(x0, y0 + h, x0 + w, y0 + h, Colour::GREY, 0.3);
                self.y = y0 + h + 1.2;
                true
            }
            Block::Title(t) => {
                // Up to two lines: shrink the title on its own before the card shrinks.
                let mut size = 9.0 * s;
                while size > 6.0 * s
                    && self
                        .fonts
                        .wrap(t, size, true, self.inner_w() * PT_PER_MM)
                        .len()
                        > 2
                {
                    size -= 0.25;
                }
                self.paragraph(t, size, true, Colour::BLACK, 0.0)
            }
            Block::Subtitle(t) => self.paragraph(t, 6.0 * s, false, Colour::GREY, 0.0),
            Block::Text(t) => self.paragraph(t, 5.8 * s, false, Colour::BLACK, 0.0),
            Block::Item(t) => self.paragraph(&format!("• {t}"), 5.8 * s, false, Colour::BLACK, 0.0),
            Block::Stats(cells) => {
                let (label, value) = (4.6 * s, 9.5 * s);
                let h = lh(label) + lh(value) + 0.8;
                if !self.fits(h + 0.8) {
                    return false;
                }
                self.y += 0.4;
                let n = cells.len().max(1) as f32;
                let gap = 0.8;
                let cw = (self.inner_w() - gap * (n - 1.0)) / n;
                for (i, (l, v)) in cells.iter().enumerate() {
                    let x = self.left() + i as f32 * (cw + gap);
                    self.rect(x, self.y, cw, h, Some(Colour::LIGHT), None);
                    let cx = x + cw / 2.0;
                    self.centred(
                        cx,
                        self.y + label * 0.95 / PT_PER_MM + 0.3,
                        Style::new(label, false, Colour::GREY),
                        l,
                        cw - 0.6,
                    );
                    self.centred(
                        cx,
                        self.y + lh(label) + value * 0.85 / PT_PER_MM + 0.4,
                        Style::new(value, true, Colour::BLACK),
                        v,
                        cw - 0.6,
                    );
                }
                self.y += h + 0.8;
                true
            }
            Block::Row(cells) => {
                let size = 6.2 * s;
                let h = lh(size) + 0.5;
                if !self.fits(h) || cells.is_empty() {
                    return cells.is_empty();
                }
                let baseline = self.y + size * 0.9 / PT_PER_MM + 0.25;
                let label_w = self.inner_w() * 0.34;
                let Some((first, rest)) = cells.split_first() else {
                    return true;
                };
                self.left_fit(
                    self.left(),
                    baseline,
                    Style::new(size, true, Colour::BLACK),
                    first,
                    label_w - 0.5,
                );
                let n = rest.len().max(1) as f32;
                let vw = (self.inner_w() - label_w) / n;
                for (i, v) in rest.iter().enumerate() {
                    let cx = self.left() + label_w + vw * (i as f32 + 0.5);
                    self.centred(
                        cx,
                        baseline,
                        Style::new(size, false, Colour::BLACK),
                        v,
                        vw - 0.5,
                    );
                }
                self.y += h;
                self.line(
                    self.left(),
                    self.y - 0.2,
                    self.left() + self.inner_w(),
                    self.y - 0.2,
                    Colour::LIGHT,
                    0.4,
                );
                true
            }
            Block::Header(cells) => {
                let size = 4.6 * s;
                let h = lh(size);
                if !self.fits(h + 0.3) || cells.is_empty() {
                    return cells.is_empty();
                }
                let baseline = self.y + size * 0.9 / PT_PER_MM + 0.3;
                let label_w = self.inner_w() * 0.34;
                self.left_fit(
                    self.left(),
                    baseline,
                    Style::new(size, false, Colour::GREY),
                    &cells[0],
                    label_w - 0.5,
                );
                let n = (cells.len() - 1).max(1) as f32;
                let vw = (self.inner_w() - label_w) / n;
                for (i, v) in cells.iter().skip(1).enumerate() {
                    let cx = self.left() + label_w + vw * (i as f32 + 0.5);
                    self.centred(
                        cx,
                        baseline,
                        Style::new(size, false, Colour::GREY),
                        v,
                        vw - 0.5,
                    );
                }
                self.y += h + 0.3;
                true
            }
            Block::Skill(name, reminder) => {
                self.y += 0.3;
                if !self.paragraph(name, 6.0 * s, true, Colour::INK, 0.0) {
                    return false;
                }
                self.terse
                    || reminder.is_empty()
                    || self.paragraph(reminder, 5.3 * s, false, Colour::BLACK, 1.2)
            }
            Block::Boxes(count, label) => {
                let size = 5.5 * s;
                let label_w = if label.is_empty() {
                    0.0
                } else {
                    self.fonts.bold.width(label, size) / PT_PER_MM + 1.2
                };
                let n = (*count).max(1) as f32;
                let gap = 0.7;
                let side =
                    ((self.inner_w() - label_w - gap * (n - 1.0)) / n).min(4.0 * s.max(0.75));
                if !self.fits(side + 1.2) {
                    return false;
                }
                self.y += 0.6;
                self.text(
                    self.left(),
                    self.y + side * 0.75,
                    size,
                    true,
                    Colour::BLACK,
                    label,
                );
                for i in 0..*count {
                    let x = self.left() + label_w + i as f32 * (side + gap);
                    self.rect(
                        x,
                        self.y,
                        side,
                        side,
                        Some(Colour::WHITE),
                        Some((Colour::BLACK, 0.5)),
                    );
                }
                self.y += side + 0.6;
                true
            }
            Block::Rule => {
                self.line(
                    self.left(),
                    self.y + 0.5,
                    self.left() + self.inner_w(),
                    self.y + 0.5,
                    Colour::GREY,
                    0.3,
                );
                self.y += 1.0;
                true
            }
            Block::Gap => {
                self.y += 1.0 * s;
                true
            }
            // Anchored to the bottom, or meaningless on a card.
            _ => true,
        }
    }

    /// Footer and small print, drawn upwards from the bottom edge; returns their height.
    fn bottom_blocks(&mut self, blocks: &[&Block]) -> f32 {
        let s = self.scale;
        let mut heights = Vec::new();
        for b in blocks {
            let h = match b {
                Block::Footer(..) => lh(6.6 * s) + 1.0,
                Block::Small(t) => {
                    let size = 4.6 * s;
                    self.fonts
                        .wrap(t, size, false, self.inner_w() * PT_PER_MM)
                        .len() as f32
                        * lh(size)
                }
                _ => 0.0,
            };
            heights.push(h);
        }
        let total: f32 = heights.iter().sum();
        let mut y = self.slot.y + self.slot.h - PAD - total;
        for (b, h) in blocks.iter().zip(heights) {
            match b {
                Block::Footer(left, right) => {
                    let size = 6.6 * s;
                    self.line(
                        self.left(),
                        y + 0.3,
                        self.left() + self.inner_w(),
                        y + 0.3,
                        Colour::GREY,
                        0.3,
                    );
                    let baseline = y + 1.0 + size * 0.9 / PT_PER_MM;
                    let rw = self.fonts.bold.width(right, size + 0.6) / PT_PER_MM;
                    let mut l = left.clone();
                    while !l.is_empty()
                        && self.fonts.regular.width(&l, size) / PT_PER_MM
                            > self.inner_w() - rw - 1.0
                    {
                        l.pop();
                    }
                    self.text(self.left(), baseline, size, false, Colour::BLACK, &l);
                    self.text(
                        self.left() + self.inner_w() - rw,
                        baseline,
                        size + 0.6,
                        true,
                        Colour::BLACK,
                        right,
                    );
                }
                Block::Small(t) => {
                    let size = 4.6 * s;
                    let mut yy = y;
                    for line in self.fonts.wrap(t, size, false, self.inner_w() * PT_PER_MM) {
                        self.text(
                            self.left(),
                            yy + size * 0.9 / PT_PER_MM,
                            size,
                            false,
                            Colour::GREY,
                            &line,
                        );
                        yy += lh(size);
                    }
                }
                _ => {}
            }
            y += h;
        }
        total
    }
}

/// The blocks that flow from the top, and those anchored to the bottom edge.
fn split(blocks: &[Located]) -> (Vec<&Block>, Vec<&Block>) {
    blocks
        .iter()
        .map(|(_, b)| b)
        .partition(|b| !matches!(b, Block::Footer(..) | Block::Small(_)))
}

/// Lays the blocks out at `scale` (drawing when `page` is given); false when they overflow,
/// in which case drawing stops at the last block that fits.
fn lay_out(
    fonts: &Fonts,
    doc: &DocFonts,
    page: Option<&mut Page>,
    slot: Slot,
    (scale, terse): (f32, bool),
    blocks: &[Located],
) -> bool {
    let (flow, anchored) = split(blocks);
    let mut pen = Pen {
        fonts,
        doc,
        page,
        slot,
        scale,
        terse,
        y: slot.y + PAD,
        bottom: 0.0,
    };
    let foot = pen.bottom_blocks(&anchored);
    pen.bottom = slot.y + slot.h - PAD - foot - 0.8;
    flow.iter().all(|b| pen.block(b))
}

/// Draws `blocks` into `slot` of `page`: the trim line, then the content at the largest scale
/// that fits (clipped at the smallest when nothing fits).
pub fn draw(page: &mut Page, fonts: &Fonts, doc: &DocFonts, slot: Slot, blocks: &[Located]) {
    let choice = fit(fonts, doc, slot, blocks).unwrap_or((MIN_SCALE, true));
    page.rect(
        slot.x,
        slot.y,
        slot.w,
        slot.h,
        Some(Colour::WHITE),
        Some((Colour(190, 190, 190), 0.4)),
    );
    lay_out(fonts, doc, Some(page), slot, choice, blocks);
}

/// The largest scale at which `blocks` fit in `slot` (1.0 = design size), and whether the
/// skill reminders had to be left out: for tests of the longest cards.
pub fn fit(fonts: &Fonts, doc: &DocFonts, slot: Slot, blocks: &[Located]) -> Option<(f32, bool)> {
    for terse in [false, true] {
        let mut scale = 1.0;
        while scale >= MIN_SCALE - 1e-6 {
            if lay_out(fonts, doc, None, slot, (scale, terse), blocks) {
                return Some((scale, terse));
            }
            scale -= 0.04;
        }
    }
    None
}
