//! Card sheets: how many cards of a size fit on a paper (centred, never split), crop marks in
//! the margins, a 50 mm ruler to check "actual size" printing, mirrored backs for duplex.

use super::canvas::{Colour, DocFonts, Page, Style};
use super::card::Slot;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Portrait width and height in mm.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardSize {
    /// 63 × 88 mm, 9 to a page
    Poker,
    /// 70 × 120 mm, 4 to a page
    Tarot,
    /// 105 × 148 mm, 2 to a page
    A6,
}

impl CardSize {
    pub fn size(self) -> (f32, f32) {
        match self {
            CardSize::Poker => (63.0, 88.0),
            CardSize::Tarot => (70.0, 120.0),
            CardSize::A6 => (105.0, 148.0),
        }
    }
}

/// Crop marks start this far outside the trim and are this long (print conventions).
const MARK_GAP: f32 = 2.5;
const MARK_LEN: f32 = 4.0;
const MIN_MARGIN: f32 = MARK_GAP + MARK_LEN;
/// Printers leave about 4.2 mm at each edge unprinted: marks and ruler stay 5 mm inside.
const PRINTABLE: f32 = 5.0;

/// Where the crop marks of a margin go: their gap from the trim and length, shortened to
/// stay in the printable area (Letter's 7.7 mm top margin leaves 2.7 mm for them); `None`
/// when there is no room at all.
fn marks_in(margin: f32) -> Option<(f32, f32)> {
    let room = margin - PRINTABLE;
    if room >= MARK_GAP + MARK_LEN {
        Some((MARK_GAP, MARK_LEN))
    } else if room >= 2.0 {
        let gap = (room - 1.0).clamp(1.0, MARK_GAP);
        Some((gap, (room - gap).min(MARK_LEN)))
    } else {
        None
    }
}

/// Cards laid out on one page.
#[derive(Debug, Clone, Copy)]
pub struct Imposition {
    pub page: (f32, f32),
    pub card: (f32, f32),
    pub cols: u32,
    pub rows: u32,
    pub x0: f32,
    pub y0: f32,
}

impl Imposition {
    /// The orientation that fits the most cards with room for the crop marks, centred.
    pub fn new(paper: Paper, card: CardSize) -> Self {
        let (pw, ph) = paper.size();
        let (cw, ch) = card.size();
        let fit = |w: f32, h: f32| {
            let cols = ((w - 2.0 * MIN_MARGIN) / cw).floor().max(0.0) as u32;
            let rows = ((h - 2.0 * MIN_MARGIN) / ch).floor().max(0.0) as u32;
            (cols, rows)
        };
        let portrait = fit(pw, ph);
        let landscape = fit(ph, pw);
        let (page, (cols, rows)) = if landscape.0 * landscape.1 > portrait.0 * portrait.1 {
            ((ph, pw), landscape)
        } else {
            ((pw, ph), portrait)
        };
        let (cols, rows) = (cols.max(1), rows.max(1));
        Self {
            page,
            card: (cw, ch),
            cols,
            rows,
            x0: (page.0 - cols as f32 * cw) / 2.0,
            y0: (page.1 - rows as f32 * ch) / 2.0,
        }
    }

    pub fn per_page(&self) -> usize {
        (self.cols * self.rows) as usize
    }

    /// The slot of the i-th card of a page; `mirrored` for the backs of long-edge duplex.
    pub fn slot(&self, i: usize, mirrored: bool) -> Slot {
        let (col, row) = ((i as u32) % self.cols, (i as u32) / self.cols);
        let col = if mirrored { self.cols - 1 - col } else { col };
        Slot {
            x: self.x0 + col as f32 * self.card.0,
            y: self.y0 + row as f32 * self.card.1,
            w: self.card.0,
            h: self.card.1,
        }
    }

    /// Hairline crop marks on every cut line, in the margins only, inside the printable area.
    pub fn crop_marks(&self, page: &mut Page) {
        let (x1, y1) = (
            self.x0 + self.cols as f32 * self.card.0,
            self.y0 + self.rows as f32 * self.card.1,
        );
        let ink = Colour::BLACK;
        if let Some((gap, len)) = marks_in(self.y0) {
            for c in 0..=self.cols {
                let x = self.x0 + c as f32 * self.card.0;
                page.line(x, self.y0 - gap, x, self.y0 - gap - len, ink, 0.25);
                page.line(x, y1 + gap, x, y1 + gap + len, ink, 0.25);
            }
        }
        if let Some((gap, len)) = marks_in(self.x0) {
            for r in 0..=self.rows {
                let y = self.y0 + r as f32 * self.card.1;
                page.line(self.x0 - gap, y, self.x0 - gap - len, y, ink, 0.25);
                page.line(x1 + gap, y, x1 + gap + len, y, ink, 0.25);
            }
        }
    }

    /// A 50 mm ruler in the bottom margin, between the first two column marks when it fits.
    pub fn ruler(&self, page: &mut Page, doc: &DocFonts, caption: &str) {
        let y = (self.page.1 - self.y0 / 2.0).min(self.page.1 - PRINTABLE);
        let x = self.x0 + 4.0;
        page.line(x, y, x + 50.0, y, Colour::BLACK, 0.4);
        for mm in (0..=50).step_by(5) {
            let tick = if mm % 10 == 0 { 1.6 } else { 0.8 };
            page.line(
                x + mm as f32,
                y,
                x + mm as f32,
                y - tick,
                Colour::BLACK,
                0.3,
            );
        }
        let size = crate::render::card::MIN_PT;
        page.text(
            doc,
            x + 52.0,
            y,
            Style::new(size, false, Colour::GREY),
            caption,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_poker_cards_with_the_standard_margins() {
        let a4 = Imposition::new(Paper::A4, CardSize::Poker);
        assert_eq!((a4.cols, a4.rows), (3, 3));
        assert!((a4.x0 - 10.5).abs() < 1e-4 && (a4.y0 - 16.5).abs() < 1e-4);
        let letter = Imposition::new(Paper::Letter, CardSize::Poker);
        assert_eq!(letter.per_page(), 9);
        assert!((letter.x0 - 13.45).abs() < 1e-3 && (letter.y0 - 7.7).abs() < 1e-3);
        assert_eq!(Imposition::new(Paper::A4, CardSize::Tarot).per_page(), 4);
        assert_eq!(Imposition::new(Paper::A4, CardSize::A6).per_page(), 2);
    }

    #[test]
    fn marks_stay_printable() {
        // A4: the full marks; Letter's 7.7 mm top margin: shortened, 5 mm off the edge.
        assert_eq!(marks_in(16.5), Some((MARK_GAP, MARK_LEN)));
        let (gap, len) = marks_in(7.7).unwrap();
        assert!(
            7.7 - gap - len >= PRINTABLE - 1e-4 && len >= 1.0,
            "{gap} {len}"
        );
        assert_eq!(marks_in(6.0), None);
    }

    #[test]
    fn backs_mirror_the_columns() {
        let imp = Imposition::new(Paper::A4, CardSize::Poker);
        assert_eq!(imp.slot(0, true).x, imp.slot(2, false).x);
        assert_eq!(imp.slot(4, true).x, imp.slot(4, false).x);
    }
}
