//! Lays out a deck of cards, each inside its trim box. Sizes are relative to a poker card and
//! scale with the card (a tarot or A6 card is not a poker card with blank space). A deck has
//! one scale: the largest at which every card fits ([`deck_scale`]), so that cards side by
//! side print their text at one size. No text is set under [`MIN_PT`]: table cells and labels
//! wrap onto more lines before anything shrinks, and a row of stats shrinks its numbers
//! together; a card that does not fit at the deck's scale drops its skill reminders, then is
//! clipped. Text that would have to be cut short counts as not fitting.

use super::canvas::{Colour, DocFonts, Page, Paint, Style, PT_PER_MM};
use super::fonts::Fonts;
use super::markup::{Block, Located};

const PAD: f32 = 2.4;
/// No text on a card is set smaller than this, in points: legible at arm's length.
pub const MIN_PT: f32 = 6.0;
/// Scales tried, relative to the card's own size (1.0: the design size).
const MIN_SCALE: f32 = 0.55;
const MAX_SCALE: f32 = 1.9;
/// The smallest casualty box, in mm: below it boxes wrap onto more rows.
const MIN_BOX: f32 = 2.8;
/// The card the design sizes are for (poker, 63 × 88 mm).
const DESIGN: (f32, f32) = (63.0, 88.0);
/// Stat labels: dark enough to read in greyscale on their light boxes.
const LABEL: Colour = Colour(64, 64, 64);

/// Where and how big a card is, in mm from the page's top-left corner.
#[derive(Debug, Clone, Copy)]
pub struct Slot {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Slot {
    /// How much larger than a poker card this card is (its limiting dimension).
    fn size_factor(&self) -> f32 {
        (self.w / DESIGN.0).min(self.h / DESIGN.1).max(0.5)
    }
}

struct Pen<'a> {
    fonts: &'a Fonts,
    doc: &'a DocFonts,
    page: Option<&'a mut Page>,
    slot: Slot,
    /// Size factor of the card × the scale being tried.
    scale: f32,
    /// Leave out skill reminders (last resort before clipping).
    terse: bool,
    y: f32,
    bottom: f32,
    /// Relative widths of the current table's columns (`table` directive).
    widths: Option<Vec<f32>>,
    /// Some text had to be cut short.
    truncated: bool,
    /// Extra space after each block, to spread a short card over its height.
    spread: f32,
}

fn lh(size: f32) -> f32 {
    size * 1.18 / PT_PER_MM
}

impl Pen<'_> {
    /// A design size (points on a poker card at scale 1) at this card's scale, never under
    /// [`MIN_PT`].
    fn pt(&self, design: f32) -> f32 {
        (design * self.scale).max(MIN_PT)
    }

    /// The largest size up to `size` (and not under [`MIN_PT`]) at which each of `texts`
    /// fits on one line of `width` mm.
    fn one_size(&self, texts: &[&str], size: f32, bold: bool, width: f32) -> f32 {
        let m = self.fonts.metrics(bold);
        let widest = texts.iter().map(|t| m.width(t, 1.0)).fold(0.0, f32::max);
        if widest <= 0.0 {
            return size;
        }
        (width * PT_PER_MM / widest).min(size).max(MIN_PT.min(size))
    }

    fn inner_w(&self) -> f32 {
        self.slot.w - 2.0 * PAD * self.scale.min(1.6)
    }

    fn left(&self) -> f32 {
        self.slot.x + PAD * self.scale.min(1.6)
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

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, paint: Paint) {
        if let Some(page) = self.page.as_deref_mut() {
            page.rect(x, y, w, h, paint);
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
            if self.fonts.metrics(bold).width(&line, size) > width + 0.01 {
                self.truncated = true; // a word wider than the card
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
        let min = (size * 0.72).max(MIN_PT).min(size);
        let (s, size) = self.fonts.fit_line(s, size, min, bold, width * PT_PER_MM);
        self.truncated |= s.ends_with('…');
        let w = self.fonts.metrics(bold).width(&s, size) / PT_PER_MM;
        self.text(cx - w / 2.0, baseline, size, bold, colour, &s);
    }

    /// Text from `x`, shrunk (then cut) to stay within `width` mm.
    fn left_fit(&mut self, x: f32, baseline: f32, style: Style, s: &str, width: f32) {
        let Style { size, bold, colour } = style;
        let min = (size * 0.72).max(MIN_PT).min(size);
        let (s, size) = self.fonts.fit_line(s, size, min, bold, width * PT_PER_MM);
        self.truncated |= s.ends_with('…');
        self.text(x, baseline, size, bold, colour, &s);
    }

    /// Column left edges and widths for a row of `n` cells: the table's widths when one is
    /// set, else a label column of a third and equal value columns.
    fn columns(&self, n: usize) -> Vec<(f32, f32)> {
        let w = self.inner_w();
        let rel: Vec<f32> = match &self.widths {
            Some(widths) if widths.len() == n => widths.clone(),
            _ => {
                let mut v = vec![0.34 * (n.max(2) - 1) as f32 / 0.66];
                v.extend(std::iter::repeat_n(1.0, n.saturating_sub(1)));
                v
            }
        };
        let total: f32 = rel.iter().sum::<f32>().max(1e-3);
        let mut x = self.left();
        rel.iter()
            .map(|r| {
                let cw = r / total * w;
                let col = (x, cw);
                x += cw;
                col
            })
            .collect()
    }

    /// One block in the flow; false when it did not fit.
    fn block(&mut self, block: &Block) -> bool {
        let s = self.scale;
        match block {
            Block::Band(colours, vertical) => {
                let h = 4.2 * s.min(1.4);
                let colours: Vec<Colour> =
                    colours.iter().filter_map(|c| Colour::parse(c)).collect();
                let n = colours.len().max(1) as f32;
                let (x0, y0, w) = (self.slot.x, self.slot.y, self.slot.w);
                for (i, c) in colours.iter().enumerate() {
                    if *vertical {
                        self.rect(x0 + w * i as f32 / n, y0, w / n, h, Paint::fill(*c));
                    } else {
                        self.rect(x0, y0 + h * i as f32 / n, w, h / n, Paint::fill(*c));
                    }
                }
                self.line(x0, y0 + h, x0 + w, y0 + h, Colour::GREY, 0.3);
                self.y = y0 + h + 1.2;
                true
            }
            Block::Title(t) => {
                // Up to two lines: shrink the title on its own before the card shrinks.
                let mut size = self.pt(9.5);
                while size > self.pt(7.0)
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
            Block::Subtitle(t) => self.paragraph(t, self.pt(6.2), false, LABEL, 0.0),
            Block::Text(t) => self.paragraph(t, self.pt(6.0), false, Colour::BLACK, 0.0),
            Block::Item(t) => {
                self.paragraph(&format!("• {t}"), self.pt(6.0), false, Colour::BLACK, 0.0)
            }
            Block::Stats(cells) => {
                let n = cells.len().max(1) as f32;
                let gap = 0.8;
                let cw = (self.inner_w() - gap * (n - 1.0)) / n;
                // One size for the row's labels and one for its numbers: a row of ten stats
                // sets its numbers smaller, together, rather than shrink the card.
                let labels: Vec<&str> = cells.iter().map(|(l, _)| l.as_str()).collect();
                let values: Vec<&str> = cells.iter().map(|(_, v)| v.as_str()).collect();
                let label = self.one_size(&labels, self.pt(5.4), true, cw - 0.6);
                let value = self.one_size(&values, self.pt(12.0), true, cw - 0.6);
                let h = lh(label) + lh(value) + 0.8 * s;
                if !self.fits(h + 0.8) {
                    return false;
                }
                self.y += 0.4;
                for (i, (l, v)) in cells.iter().enumerate() {
                    let x = self.left() + i as f32 * (cw + gap);
                    self.rect(x, self.y, cw, h, Paint::both(Colour::LIGHT, LABEL, 0.3));
                    let cx = x + cw / 2.0;
                    self.centred(
                        cx,
                        self.y + label * 0.95 / PT_PER_MM + 0.3,
                        Style::new(label, true, LABEL),
                        l,
                        cw - 0.6,
                    );
                    self.centred(
                        cx,
                        self.y + lh(label) + value * 0.85 / PT_PER_MM + 0.4 * s,
                        Style::new(value, true, Colour::BLACK),
                        v,
                        cw - 0.6,
                    );
                }
                self.y += h + 0.8;
                true
            }
            Block::Table(widths) => {
                self.widths = Some(widths.clone());
                true
            }
            Block::End => {
                self.widths = None;
                self.y += 0.6 * s;
                true
            }
            Block::Row(cells) | Block::Header(cells) => {
                let header = matches!(block, Block::Header(_));
                let size = if header { self.pt(5.0) } else { self.pt(6.6) };
                if cells.is_empty() {
                    return true;
                }
                // Each cell wraps to its column (a long weapon's name takes two lines); the
                // row is as tall as its tallest cell. Only a word wider than its column
                // shrinks, and not under the floor.
                let columns = self.columns(cells.len());
                let laid: Vec<(Vec<String>, f32)> = cells
                    .iter()
                    .zip(&columns)
                    .enumerate()
                    .map(|(i, (cell, (_, cw)))| {
                        let bold = i == 0 && !header;
                        let width = (cw - 0.5) * PT_PER_MM;
                        let fitted =
                            self.fonts
                                .fit_words(cell, size, MIN_PT.min(size), bold, width);
                        (self.fonts.wrap(cell, fitted, bold, width), fitted)
                    })
                    .collect();
                let lines = laid.iter().map(|(l, _)| l.len()).max().unwrap_or(1).max(1);
                let h = lines as f32 * lh(size) + if header { 0.3 } else { 0.5 };
                if !self.fits(h) {
                    return false;
                }
                let colour = if header { LABEL } else { Colour::BLACK };
                for (i, ((cell, fitted), (x, cw))) in laid.iter().zip(&columns).enumerate() {
                    let bold = i == 0 && !header;
                    let m = self.fonts.metrics(bold);
                    if cells[i]
                        .split_whitespace()
                        .any(|w| m.width(w, *fitted) / PT_PER_MM > cw - 0.5 + 0.01)
                    {
                        self.truncated = true; // a word wider than its column, even at the floor
                    }
                    for (j, line) in cell.iter().enumerate() {
                        let width = m.width(line, *fitted) / PT_PER_MM;
                        let baseline = self.y + j as f32 * lh(size) + size * 0.9 / PT_PER_MM + 0.25;
                        let x = if i == 0 { *x } else { x + (cw - width) / 2.0 };
                        self.text(x, baseline, *fitted, bold, colour, line);
                    }
                }
                self.y += h;
                if !header {
                    self.line(
                        self.left(),
                        self.y - 0.2,
                        self.left() + self.inner_w(),
                        self.y - 0.2,
                        Colour::LIGHT,
                        0.4,
                    );
                }
                true
            }
            Block::Skill(name, reminder) => {
                self.y += 0.3;
                if !self.paragraph(name, self.pt(6.4), true, Colour::INK, 0.0) {
                    return false;
                }
                self.terse
                    || reminder.is_empty()
                    || self.paragraph(reminder, self.pt(5.8), false, Colour::BLACK, 1.2)
            }
            Block::Boxes(count, label) => {
                let size = self.pt(6.0);
                let label_w = if label.is_empty() {
                    0.0
                } else {
                    self.fonts.bold.width(label, size) / PT_PER_MM + 1.2
                };
                let n = (*count).max(1) as f32;
                let gap = 0.7;
                // One row beside the label while the boxes stay large enough to tick; else
                // the label above rows of boxes across the card (a battalion of the largest armies has 30).
                let one_row = (self.inner_w() - label_w - gap * (n - 1.0)) / n;
                // Above the boxes, a long label wraps over as many lines as it needs.
                let above = if one_row >= MIN_BOX || label.is_empty() {
                    Vec::new()
                } else {
                    self.fonts
                        .wrap(label, size, true, self.inner_w() * PT_PER_MM)
                };
                let (side, per_row, label_h) = if one_row >= MIN_BOX {
                    (one_row.min(4.5 * s), *count, 0.0)
                } else {
                    let side = (3.4 * s).min(4.5 * s).max(MIN_BOX);
                    let per_row = (((self.inner_w() + gap) / (side + gap)).floor() as u32).max(1);
                    (
                        side,
                        per_row,
                        above.len().max(1) as f32 * size * 1.25 / PT_PER_MM,
                    )
                };
                let rows = count.div_ceil(per_row.max(1)).max(1);
                let height = label_h + rows as f32 * (side + gap) - gap;
                if !self.fits(height + 1.2) {
                    return false;
                }
                self.y += 0.6;
                let (left, top) = if label_h > 0.0 {
                    for (i, line) in above.iter().enumerate() {
                        if self.fonts.metrics(true).width(line, size)
                            > self.inner_w() * PT_PER_MM + 0.01
                        {
                            self.truncated = true; // a word wider than the card
                        }
                        self.text(
                            self.left(),
                            self.y + (i as f32 * 1.25 + 0.9) * size / PT_PER_MM,
                            size,
                            true,
                            Colour::BLACK,
                            line,
                        );
                    }
                    (self.left(), self.y + label_h)
                } else {
                    self.text(
                        self.left(),
                        self.y + side * 0.75,
                        size,
                        true,
                        Colour::BLACK,
                        label,
                    );
                    (self.left() + label_w, self.y)
                };
                for i in 0..*count {
                    let (row, col) = (i / per_row.max(1), i % per_row.max(1));
                    self.rect(
                        left + col as f32 * (side + gap),
                        top + row as f32 * (side + gap),
                        side,
                        side,
                        Paint::both(Colour::WHITE, Colour::BLACK, 0.5),
                    );
                }
                self.y += height + 0.6;
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

    /// Footer and small print, stacked at the bottom edge in their order; returns their
    /// height.
    fn bottom_blocks(&mut self, blocks: &[&Block]) -> f32 {
        let (foot, small) = (self.pt(6.8), self.pt(5.0));
        let width = self.inner_w() * PT_PER_MM;
        let heights: Vec<f32> = blocks
            .iter()
            .map(|b| match b {
                Block::Footer(..) => lh(foot) + 1.0,
                Block::Small(t) => self.fonts.wrap(t, small, false, width).len() as f32 * lh(small),
                _ => 0.0,
            })
            .collect();
        let total: f32 = heights.iter().sum();
        let mut y = self.slot.y + self.slot.h - PAD - total;
        for (b, h) in blocks.iter().zip(heights) {
            match b {
                Block::Footer(left, right) => {
                    self.line(
                        self.left(),
                        y + 0.3,
                        self.left() + self.inner_w(),
                        y + 0.3,
                        Colour::GREY,
                        0.3,
                    );
                    let baseline = y + 1.0 + foot * 0.9 / PT_PER_MM;
                    let rw = self.fonts.bold.width(right, foot + 0.8) / PT_PER_MM;
                    self.left_fit(
                        self.left(),
                        baseline,
                        Style::new(foot, false, Colour::BLACK),
                        left,
                        self.inner_w() - rw - 1.0,
                    );
                    self.text(
                        self.left() + self.inner_w() - rw,
                        baseline,
                        foot + 0.8,
                        true,
                        Colour::BLACK,
                        right,
                    );
                }
                Block::Small(t) => {
                    let mut yy = y;
                    for line in self.fonts.wrap(t, small, false, width) {
                        self.text(
                            self.left(),
                            yy + small * 0.9 / PT_PER_MM,
                            small,
                            false,
                            LABEL,
                            &line,
                        );
                        yy += lh(small);
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

/// Lays the blocks out at `scale` (drawing when `page` is given), with `spread` mm after each
/// block; the room left at the bottom, or `None` when the blocks overflow or had to be cut
/// short (drawing then stops at the last block that fits).
fn lay_out(
    fonts: &Fonts,
    doc: &DocFonts,
    page: Option<&mut Page>,
    slot: Slot,
    (scale, terse, spread): (f32, bool, f32),
    blocks: &[Located],
) -> Option<f32> {
    let (flow, anchored) = split(blocks);
    let mut pen = Pen {
        fonts,
        doc,
        page,
        slot,
        scale: scale * slot.size_factor(),
        terse,
        y: slot.y + PAD,
        bottom: 0.0,
        widths: None,
        truncated: false,
        spread,
    };
    let foot = pen.bottom_blocks(&anchored);
    pen.bottom = slot.y + slot.h - PAD - foot - 0.8;
    let fitted = flow.iter().all(|b| {
        let ok = pen.block(b);
        if ok && !matches!(b, Block::Band(..) | Block::Table(_) | Block::Header(_)) {
            pen.y += pen.spread;
        }
        ok
    });
    (fitted && !pen.truncated).then(|| (pen.bottom - pen.y).max(0.0))
}

/// Blocks that a spread adds space after.
fn spreadable(blocks: &[Located]) -> usize {
    blocks
        .iter()
        .filter(|(_, b)| {
            !matches!(
                b,
                Block::Band(..)
                    | Block::Table(_)
                    | Block::Header(_)
                    | Block::Footer(..)
                    | Block::Small(_)
            )
        })
        .count()
        .max(1)
}

/// Draws `blocks` into `slot` of `page` at the deck's `scale`: the trim line, then the content,
/// its reminders left out when it does not fit at that scale, clipped when even then it does
/// not.
pub fn draw(
    page: &mut Page,
    fonts: &Fonts,
    doc: &DocFonts,
    slot: Slot,
    blocks: &[Located],
    scale: f32,
) {
    let terse = lay_out(fonts, doc, None, slot, (scale, false, 0.0), blocks).is_none();
    // Whatever height is left is shared between the blocks, a little each.
    let left = lay_out(fonts, doc, None, slot, (scale, terse, 0.0), blocks).unwrap_or(0.0);
    let spread = (left / spreadable(blocks) as f32).min(2.5 * slot.size_factor());
    page.rect(
        slot.x,
        slot.y,
        slot.w,
        slot.h,
        Paint::both(Colour::WHITE, Colour(190, 190, 190), 0.4),
    );
    lay_out(fonts, doc, Some(page), slot, (scale, terse, spread), blocks);
}

/// The scale of a deck: the largest at which every card fits in `slot` with its reminders
/// (a card that fits only without them, or not at all, does not pull the others down).
///
/// When no card fits with its reminders, the deck takes the scale at which they fit without
/// them (a lone sheet's card with every skill it offers: drawn terse, never at the largest
/// scale and clipped); when none fits at all, the smallest scale.
pub fn deck_scale(fonts: &Fonts, doc: &DocFonts, slot: Slot, cards: &[Vec<Located>]) -> f32 {
    let fits: Vec<Option<(f32, bool)>> = cards
        .iter()
        .map(|blocks| fit(fonts, doc, slot, blocks))
        .collect();
    let full = fits.iter().filter_map(|f| match f {
        Some((scale, false)) => Some(*scale),
        _ => None,
    });
    if fits.iter().any(|f| matches!(f, Some((_, false)))) {
        return full.fold(MAX_SCALE, f32::min);
    }
    let terse: Vec<f32> = fits.iter().filter_map(|f| f.map(|(s, _)| s)).collect();
    if terse.is_empty() {
        return MIN_SCALE;
    }
    terse.into_iter().fold(MAX_SCALE, f32::min)
}

/// The largest scale at which `blocks` fit in `slot` (1.0 = design size for this card size),
/// and whether the skill reminders had to be left out: found by bisection, since a larger
/// scale never takes less room.
pub fn fit(fonts: &Fonts, doc: &DocFonts, slot: Slot, blocks: &[Located]) -> Option<(f32, bool)> {
    let fits = |scale: f32, terse: bool| {
        lay_out(fonts, doc, None, slot, (scale, terse, 0.0), blocks).is_some()
    };
    for terse in [false, true] {
        if !fits(MIN_SCALE, terse) {
            continue;
        }
        if fits(MAX_SCALE, terse) {
            return Some((MAX_SCALE, terse));
        }
        let (mut lo, mut hi) = (MIN_SCALE, MAX_SCALE);
        while hi - lo > 0.02 {
            let mid = (lo + hi) / 2.0;
            if fits(mid, terse) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Some((lo, terse));
    }
    None
}
