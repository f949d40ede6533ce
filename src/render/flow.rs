//! Lays out flowing documents (quick-reference sheet, roster): a title across the page, then
//! blocks down one or more columns and onto new pages. Table headers repeat after a break, a
//! section heading is repeated (marked as continued) at the top of a column it runs into and
//! never left alone at the foot of one, and when the last page would be mostly empty the
//! document is set slightly smaller so that it fits on one page fewer.

use super::canvas::{Colour, DocFonts, Page, Paint, Style, PT_PER_MM};
use super::fonts::Fonts;
use super::markup::{Block, Located};

const MARGIN: f32 = 11.0;
const GUTTER: f32 = 6.0;
/// A QR code's module on paper, in mm: half a millimetre reads well with a phone.
const QR_MODULE: f32 = 0.5;
/// The base sizes tried when the last page would be nearly empty.
const TIGHTER: [f32; 5] = [0.97, 0.94, 0.91, 0.88, 0.85];

struct Flow<'a> {
    fonts: &'a Fonts,
    doc: &'a DocFonts,
    footer: String,
    size: (f32, f32),
    page: Page,
    done: Vec<Page>,
    columns: u32,
    column: u32,
    /// Factor on every `fontsize` of the document.
    scale: f32,
    base: f32,
    top: f32,
    y: f32,
    table: Option<(Vec<f32>, Option<Vec<String>>)>,
    started: bool,
    /// The section being laid out, repeated at the top of a column it continues into.
    section: Option<String>,
    /// What marks a repeated heading (`continued` directive).
    continued: String,
    /// Where each table row went, for the tests.
    rows: Vec<Placed>,
}

/// Where a table row went: its page, its column, whether it is a header.
type Placed = (usize, u32, bool);

/// A row's cells fitted: the columns' widths, each cell's lines and size, the row's height.
type FittedRow = (Vec<f32>, Vec<(Vec<String>, f32)>, f32);

fn lh(size: f32) -> f32 {
    size * 1.2 / PT_PER_MM
}

impl Flow<'_> {
    fn col_w(&self) -> f32 {
        let inner = self.size.0 - 2.0 * MARGIN;
        (inner - GUTTER * (self.columns as f32 - 1.0)) / self.columns as f32
    }

    fn x(&self) -> f32 {
        MARGIN + self.column as f32 * (self.col_w() + GUTTER)
    }

    fn bottom(&self) -> f32 {
        self.size.1 - MARGIN - 4.0
    }

    fn finish_page(&mut self) {
        let number = self.done.len() + 1;
        let label = format!("{} · {number}", self.footer);
        let size = 6.5;
        let w = self.fonts.regular.width(&label, size) / PT_PER_MM;
        let (pw, ph) = self.size;
        self.page.text(
            self.doc,
            pw - MARGIN - w,
            ph - MARGIN + 1.0,
            Style::new(size, false, Colour::GREY),
            &label,
        );
        let done = std::mem::replace(&mut self.page, Page::new(pw, ph));
        self.done.push(done);
    }

    /// How full the last page is, 0 to 1 (its columns, then the current one).
    fn last_fill(&self) -> f32 {
        let height = (self.bottom() - self.top).max(1.0);
        let current = ((self.y - self.top) / height).clamp(0.0, 1.0);
        (self.column as f32 + current) / self.columns.max(1) as f32
    }

    /// A QR code of `text`, modules of [`QR_MODULE`] mm (a phone reads them from paper), the
    /// caption beside it. A text too long for a QR code is a line of text saying so instead.
    fn qr(&mut self, caption: &str, text: &str, base: f32) {
        self.begin_columns();
        let Ok(qr) = crate::render::qr::Qr::encode(text) else {
            let w = self.col_w();
            self.paragraph(caption, base, false, Colour::GREY, 0.0, w);
            return;
        };
        let modules = qr.side();
        let side = (modules as f32 * QR_MODULE).min(self.col_w());
        let module = side / modules as f32;
        self.room(side + 1.0);
        let (x0, y0) = (self.x(), self.y);
        self.page
            .rect(x0, y0, side, side, Paint::fill(Colour::WHITE));
        for y in 0..modules {
            for (start, x) in qr.dark_runs(y) {
                self.page.rect(
                    x0 + start as f32 * module,
                    y0 + y as f32 * module,
                    (x - start) as f32 * module,
                    module,
                    Paint::fill(Colour::BLACK),
                );
            }
        }
        let w = self.col_w() - side - 3.0;
        if w > 20.0 {
            // Beside the code, centred on it: it never needs more room than the code's.
            let lines = self.fonts.wrap(caption, base, true, w * PT_PER_MM);
            let mut y = y0 + (side - lh(base) * lines.len() as f32).max(0.0) / 2.0;
            for line in lines {
                self.page.text(
                    self.doc,
                    x0 + side + 3.0,
                    y + base * 0.9 / PT_PER_MM,
                    Style::new(base, true, Colour::INK),
                    &line,
                );
                y += lh(base);
            }
        }
        self.y = y0 + side + 1.0;
    }

    /// Makes room for `h` mm, moving to the next column or page when needed; a section that
    /// continues there gets its heading again.
    fn room(&mut self, h: f32) {
        if self.y + h <= self.bottom() || self.y <= self.top + 0.01 {
            return;
        }
        if self.column + 1 < self.columns {
            self.column += 1;
        } else {
            self.finish_page();
            self.column = 0;
            self.top = MARGIN;
        }
        self.y = self.top;
        if let Some(title) = self.section.clone() {
            let text = format!("{title} {}", self.continued);
            self.heading(text.trim_end());
        }
        if let Some((widths, Some(header))) = self.table.clone() {
            self.row(&widths, &header, true);
        }
    }

    fn paragraph(
        &mut self,
        text: &str,
        size: f32,
        bold: bool,
        colour: Colour,
        indent: f32,
        width: f32,
    ) {
        for line in self
            .fonts
            .wrap(text, size, bold, (width - indent) * PT_PER_MM)
        {
            self.room(lh(size));
            let x = self.x() + indent;
            self.page.text(
                self.doc,
                x,
                self.y + size * 0.9 / PT_PER_MM,
                Style::new(size, bold, colour),
                &line,
            );
            self.y += lh(size);
        }
    }

    /// A row's cells as wrapped lines with their sizes, and its height (mm).
    fn fit_row(&self, widths: &[f32], cells: &[String], header: bool) -> FittedRow {
        let size = self.base;
        let total: f32 = widths.iter().sum::<f32>().max(1e-3);
        let cw: Vec<f32> = widths.iter().map(|w| w / total * self.col_w()).collect();
        // Each cell at the size where its longest word fits: words are never broken.
        let fitted: Vec<(Vec<String>, f32)> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let width = (cw.get(i).copied().unwrap_or(10.0) - 1.2).max(1.0) * PT_PER_MM;
                let s = self.fonts.fit_words(c, size, size * 0.7, header, width);
                (self.fonts.wrap(c, s, header, width), s)
            })
            .collect();
        let h = fitted
            .iter()
            .map(|(l, s)| l.len() as f32 * lh(*s))
            .fold(lh(size), f32::max)
            + 0.8;
        (cw, fitted, h)
    }

    fn row(&mut self, widths: &[f32], cells: &[String], header: bool) {
        let (cw, fitted, h) = self.fit_row(widths, cells, header);
        self.room(h);
        self.rows.push((self.done.len(), self.column, header));
        if header {
            self.page.rect(
                self.x(),
                self.y,
                self.col_w(),
                h,
                Paint::fill(Colour(214, 220, 232)),
            );
        }
        let mut x = self.x();
        for (i, (cell, s)) in fitted.iter().enumerate() {
            for (j, line) in cell.iter().enumerate() {
                let baseline = self.y + 0.4 + j as f32 * lh(*s) + s * 0.9 / PT_PER_MM;
                self.page.text(
                    self.doc,
                    x + 0.6,
                    baseline,
                    Style::new(*s, header, Colour::BLACK),
                    line,
                );
            }
            x += cw.get(i).copied().unwrap_or(0.0);
        }
        self.y += h;
        let right = self.x() + self.col_w();
        self.page
            .line(self.x(), self.y, right, self.y, Colour(205, 205, 205), 0.3);
    }

    /// A section's heading bar at the current place.
    fn heading(&mut self, text: &str) {
        let size = self.base * 1.2;
        self.page.rect(
            self.x(),
            self.y,
            self.col_w(),
            lh(size) + 0.6,
            Paint::fill(Colour(40, 52, 80)),
        );
        let x = self.x() + 1.0;
        self.page.text(
            self.doc,
            x,
            self.y + 0.3 + size * 0.9 / PT_PER_MM,
            Style::new(size, true, Colour::WHITE),
            text,
        );
        self.y += lh(size) + 1.2;
    }

    /// Lays out `block`; `next` is the block after it (a header keeps its first row).
    fn block(&mut self, block: &Block, next: Option<&Block>) {
        let base = self.base;
        match block {
            Block::Columns(n) => {
                let n = (*n).clamp(1, 4);
                if self.started && n != self.columns {
                    // New columns start below what is already on the page; from a column
                    // other than the first (whose bottom is unknown), on a new page.
                    if self.column > 0 {
                        self.finish_page();
                        self.top = MARGIN;
                        self.y = MARGIN;
                    } else if self.y > self.top + 0.01 {
                        self.y += 1.5;
                        self.top = self.y;
                    }
                    self.column = 0;
                }
                self.columns = n;
            }
            Block::FontSize(s) => self.base = (s * self.scale).clamp(3.0, 24.0),
            Block::Title(t) if !self.started => self.across(t, base * 2.0, true, Colour::BLACK),
            Block::Subtitle(t) if !self.started => self.across(t, base * 1.1, false, Colour::GREY),
            Block::Title(t) => {
                self.begin_columns();
                let w = self.col_w();
                self.paragraph(t, base * 1.5, true, Colour::BLACK, 0.0, w)
            }
            Block::Subtitle(t) => {
                self.begin_columns();
                let w = self.col_w();
                self.paragraph(t, base * 1.05, false, Colour::GREY, 0.0, w)
            }
            Block::Section(t) => {
                self.begin_columns();
                self.section = None;
                let size = base * 1.2;
                // Keep the heading with a table header and a few rows of what follows.
                self.room(lh(size) + 1.6 + 6.0 * lh(base));
                if self.y > self.top + 0.01 {
                    self.y += 1.2;
                }
                self.heading(t);
                self.section = Some(t.clone());
            }
            Block::Text(t) => {
                self.begin_columns();
                let w = self.col_w();
                self.paragraph(t, base, false, Colour::BLACK, 0.0, w);
            }
            Block::Small(t) => {
                self.begin_columns();
                let w = self.col_w();
                self.paragraph(t, base * 0.85, false, Colour::GREY, 0.0, w);
            }
            Block::Item(t) => {
                self.begin_columns();
                let w = self.col_w();
                self.paragraph(&format!("• {t}"), base, false, Colour::BLACK, 0.0, w);
            }
            Block::Table(widths) => {
                self.begin_columns();
                self.table = Some((widths.clone(), None));
            }
            Block::Header(cells) => {
                self.begin_columns();
                let widths = self.table_widths(cells.len());
                // A header is never left alone at the foot of a column: room for it and its
                // first row, each as tall as its wrapped cells make it.
                let (_, _, header_h) = self.fit_row(&widths, cells, true);
                let first_h = match next {
                    Some(Block::Row(first)) => self.fit_row(&widths, first, false).2,
                    _ => 0.0,
                };
                self.room(header_h + first_h);
                self.row(&widths, cells, true);
                self.table = Some((widths, Some(cells.clone())));
            }
            Block::Row(cells) => {
                self.begin_columns();
                let widths = self.table_widths(cells.len());
                self.row(&widths, cells, false);
            }
            Block::End => {
                self.table = None;
                self.y += 1.0;
            }
            Block::Rule => {
                let (x, w) = (self.x(), self.col_w());
                self.page
                    .line(x, self.y + 0.6, x + w, self.y + 0.6, Colour::GREY, 0.4);
                self.y += 1.2;
            }
            Block::Gap => self.y += lh(base) * 0.6,
            Block::Skill(name, text) => {
                self.begin_columns();
                let w = self.col_w();
                self.paragraph(name, base, true, Colour::INK, 0.0, w);
                self.paragraph(text, base, false, Colour::BLACK, 2.0, w);
            }
            Block::Stats(cells) => {
                self.begin_columns();
                let line = cells
                    .iter()
                    .map(|(l, v)| {
                        if l.is_empty() {
                            v.clone()
                        } else {
                            format!("{l} {v}")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("   ");
                let w = self.col_w();
                self.paragraph(&line, base, true, Colour::BLACK, 0.0, w);
            }
            Block::Qr(caption, text) => self.qr(caption, text, base),
            Block::Boxes(count, label) => {
                self.begin_columns();
                let side = lh(base).min(4.0);
                self.room(side + 1.0);
                let label_w = self.fonts.bold.width(label, base) / PT_PER_MM + 1.5;
                let x0 = self.x();
                self.page.text(
                    self.doc,
                    x0,
                    self.y + side * 0.8,
                    Style::new(base, true, Colour::BLACK),
                    label,
                );
                let per_row = (((self.col_w() - label_w) / (side + 0.8)).floor() as u32).max(1);
                for i in 0..*count {
                    if i > 0 && i % per_row == 0 {
                        self.y += side + 0.8;
                        self.room(side + 1.0);
                    }
                    let x = x0 + label_w + (i % per_row) as f32 * (side + 0.8);
                    self.page.rect(
                        x,
                        self.y,
                        side,
                        side,
                        Paint::both(Colour::WHITE, Colour::BLACK, 0.4),
                    );
                }
                self.y += side + 1.0;
            }
            Block::Continued(t) => self.continued = t.clone(),
            Block::Page => {
                // A section does not continue across a page the template asked for.
                self.section = None;
                self.table = None;
                if self.started && (self.y > self.top + 0.01 || self.column > 0) {
                    self.finish_page();
                    self.column = 0;
                    self.top = MARGIN;
                    self.y = MARGIN;
                }
            }
            Block::Band(..) | Block::Footer(..) => {}
        }
    }

    /// A heading across the whole page, above the columns.
    fn across(&mut self, text: &str, size: f32, bold: bool, colour: Colour) {
        let full = self.size.0 - 2.0 * MARGIN;
        for line in self.fonts.wrap(text, size, bold, full * PT_PER_MM) {
            let baseline = self.y + size * 0.9 / PT_PER_MM;
            self.page.text(
                self.doc,
                MARGIN,
                baseline,
                Style::new(size, bold, colour),
                &line,
            );
            self.y += lh(size);
        }
    }

    /// The open table's column widths, or `cells` equal columns outside a table.
    fn table_widths(&self, cells: usize) -> Vec<f32> {
        self.table
            .as_ref()
            .map(|t| t.0.clone())
            .unwrap_or_else(|| vec![1.0; cells])
    }

    fn begin_columns(&mut self) {
        if !self.started {
            self.started = true;
            if self.y > MARGIN + 0.01 {
                self.y += 2.0;
            }
            self.top = self.y;
        }
    }
}

/// The flow of `blocks` at `scale`, its pages finished.
struct Flowed {
    done: Vec<Page>,
    fill: f32,
    #[cfg_attr(not(test), allow(dead_code))]
    rows: Vec<Placed>,
}

fn flowed(
    fonts: &Fonts,
    doc: &DocFonts,
    size: (f32, f32),
    footer: &str,
    blocks: &[Located],
    scale: f32,
) -> Flowed {
    let mut flow = Flow {
        fonts,
        doc,
        footer: footer.to_owned(),
        size,
        page: Page::new(size.0, size.1),
        done: Vec::new(),
        columns: 1,
        column: 0,
        scale,
        base: 8.0 * scale,
        top: MARGIN,
        y: MARGIN,
        table: None,
        started: false,
        section: None,
        continued: String::new(),
        rows: Vec::new(),
    };
    for (i, (_, b)) in blocks.iter().enumerate() {
        flow.block(b, blocks.get(i + 1).map(|(_, n)| n));
    }
    let fill = flow.last_fill();
    flow.finish_page();
    Flowed {
        done: flow.done,
        fill,
        rows: flow.rows,
    }
}

/// The pages of `blocks` on paper of `size` (mm); `footer` is printed with the page number on
/// every page. When the last page would be less than half full, slightly smaller type is
/// tried (down to 85 %) and kept if the document loses that page.
pub fn render(
    doc: &DocFonts,
    fonts: &Fonts,
    size: (f32, f32),
    footer: &str,
    blocks: &[Located],
) -> Vec<Page> {
    // Lays `blocks` out at `scale`: the pages, and how full the last one is.
    let lay_out = |scale: f32| {
        let flow = flowed(fonts, doc, size, footer, blocks, scale);
        (flow.done, flow.fill)
    };
    let (pages, fill) = lay_out(1.0);
    if pages.len() < 2 || fill >= 0.5 {
        return pages;
    }
    for scale in TIGHTER {
        let (tighter, _) = lay_out(scale);
        if tighter.len() < pages.len() {
            return tighter;
        }
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::Document;

    /// A table whose header would fit at the foot of a column but whose first row would not:
    /// both go to the next column (a quick-reference sheet's advantage table did this).
    #[test]
    fn a_table_header_keeps_its_first_row() {
        let fonts = Fonts::load().unwrap();
        let document = Document::new("test").unwrap();
        let tall = "word ".repeat(60);
        for filler in 40..100 {
            let mut blocks: Vec<Located> = vec![(0, Block::Columns(2))];
            for _ in 0..filler {
                blocks.push((0, Block::Text("A line of text.".into())));
            }
            blocks.push((0, Block::Table(vec![1.0, 1.0])));
            blocks.push((0, Block::Header(vec!["Attacker".into(), "Defender".into()])));
            blocks.push((0, Block::Row(vec![tall.clone(), "x".into()])));
            blocks.push((0, Block::End));
            let f = flowed(&fonts, &document.fonts, (210.0, 297.0), "t", &blocks, 1.0);
            let header = f.rows.iter().find(|r| r.2).unwrap();
            let first = f.rows.iter().find(|r| !r.2).unwrap();
            assert_eq!(
                (header.0, header.1),
                (first.0, first.1),
                "{filler} lines before: the header at {header:?}, its first row at {first:?}"
            );
        }
    }
}
