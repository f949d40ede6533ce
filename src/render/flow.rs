//! Lays out flowing documents (quick-reference sheet, roster): a title across the page, then
//! blocks down one or more columns and onto new pages; table headers repeat after a break and
//! a section heading is never left alone at the foot of a column.

use super::canvas::{Colour, Document, Page, Style, PT_PER_MM};
use super::fonts::Fonts;
use super::markup::{Block, Located};

const MARGIN: f32 = 11.0;
const GUTTER: f32 = 6.0;

struct Flow<'a> {
    fonts: &'a Fonts,
    doc: &'a mut Document,
    footer: String,
    size: (f32, f32),
    page: Page,
    pages: usize,
    columns: u32,
    column: u32,
    base: f32,
    top: f32,
    y: f32,
    table: Option<(Vec<f32>, Option<Vec<String>>)>,
    started: bool,
}

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
        self.pages += 1;
        let label = format!("{} · {}", self.footer, self.pages);
        let size = 6.5;
        let w = self.fonts.regular.width(&label, size) / PT_PER_MM;
        let (pw, ph) = self.size;
        self.page.text(
            &self.doc.fonts,
            pw - MARGIN - w,
            ph - MARGIN + 1.0,
            Style::new(size, false, Colour::GREY),
            &label,
        );
        let done = std::mem::replace(&mut self.page, Page::new(pw, ph));
        self.doc.push(done);
    }

    /// Makes room for `h` mm, moving to the next column or page when needed.
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
                &self.doc.fonts,
                x,
                self.y + size * 0.9 / PT_PER_MM,
                Style::new(size, bold, colour),
                &line,
            );
            self.y += lh(size);
        }
    }

    fn row(&mut self, widths: &[f32], cells: &[String], header: bool) {
        let size = self.base;
        let total: f32 = widths.iter().sum::<f32>().max(1e-3);
        let cw: Vec<f32> = widths.iter().map(|w| w / total * self.col_w()).collect();
        // Each cell at the size where its longest word fits: words are never broken.
        let fitted: Vec<(Vec<String>, f32)> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let width = (cw.get(i).copied().unwrap_or(10.0) - 1.2) * PT_PER_MM;
                let s = self.fonts.fit_words(c, size, size * 0.7, header, width);
                (self.fonts.wrap(c, s, header, width), s)
            })
            .collect();
        let h = fitted
            .iter()
            .map(|(l, s)| l.len() as f32 * lh(*s))
            .fold(lh(size), f32::max)
            + 0.8;
        self.room(h);
        if header {
            self.page.rect(
                self.x(),
                self.y,
                self.col_w(),
                h,
                Some(Colour(214, 220, 232)),
                None,
            );
        }
        let mut x = self.x();
        for (i, (cell, s)) in fitted.iter().enumerate() {
            for (j, line) in cell.iter().enumerate() {
                let baseline = self.y + 0.4 + j as f32 * lh(*s) + s * 0.9 / PT_PER_MM;
                self.page.text(
                    &self.doc.fonts,
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

    fn block(&mut self, block: &Block) {
        let base = self.base;
        match block {
            Block::Columns(n) => self.columns = (*n).clamp(1, 4),
            Block::FontSize(s) => self.base = s.clamp(4.0, 16.0),
            Block::Title(t) if !self.started => self.across(t, base * 2.0, true, Colour::BLACK),
            Block::Subtitle(t) if !self.started => self.across(t, base * 1.1, false, Colour::GREY),
            Block::Title(t) => {
                self.paragraph(t, base * 1.5, true, Colour::BLACK, 0.0, self.col_w())
            }
            Block::Subtitle(t) => {
                self.paragraph(t, base * 1.05, false, Colour::GREY, 0.0, self.col_w())
            }
            Block::Section(t) => {
                if !self.started {
                    self.begin_columns();
                }
                let size = base * 1.2;
                // Keep the heading with a table header and a few rows of what follows.
                self.room(lh(size) + 1.6 + 6.0 * lh(base));
                if self.y > self.top + 0.01 {
                    self.y += 1.2;
                }
                self.page.rect(
                    self.x(),
                    self.y,
                    self.col_w(),
                    lh(size) + 0.6,
                    Some(Colour(40, 52, 80)),
                    None,
                );
                let x = self.x() + 1.0;
                self.page.text(
                    &self.doc.fonts,
                    x,
                    self.y + 0.3 + size * 0.9 / PT_PER_MM,
                    Style::new(size, true, Colour::WHITE),
                    t,
                );
                self.y += lh(size) + 1.2;
            }
            Block::Text(t) => {
                self.begin_columns();
                let w = self.col_w();
                self.paragraph(t, base, false, Colour::BLACK, 0.0, w);
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
                let widths = self
                    .table
                    .as_ref()
                    .map(|t| t.0.clone())
                    .unwrap_or_else(|| vec![1.0; cells.len()]);
                self.room(2.0 * lh(base) + 2.0);
                self.row(&widths, cells, true);
                self.table = Some((widths, Some(cells.clone())));
            }
            Block::Row(cells) => {
                self.begin_columns();
                let widths = self
                    .table
                    .as_ref()
                    .map(|t| t.0.clone())
                    .unwrap_or_else(|| vec![1.0; cells.len()]);
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
            other => {
                // Card-only directives print as text so nothing is silently lost.
                self.begin_columns();
                let w = self.col_w();
                self.paragraph(&format!("{other:?}"), base, false, Colour::GREY, 0.0, w);
            }
        }
    }

    /// A heading across the whole page, above the columns.
    fn across(&mut self, text: &str, size: f32, bold: bool, colour: Colour) {
        let full = self.size.0 - 2.0 * MARGIN;
        for line in self.fonts.wrap(text, size, bold, full * PT_PER_MM) {
            let baseline = self.y + size * 0.9 / PT_PER_MM;
            self.page.text(
                &self.doc.fonts,
                MARGIN,
                baseline,
                Style::new(size, bold, colour),
                &line,
            );
            self.y += lh(size);
        }
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

/// Renders `blocks` on pages of `size` (mm) into `doc`; `footer` is printed with the page
/// number on every page.
pub fn render(
    doc: &mut Document,
    fonts: &Fonts,
    size: (f32, f32),
    footer: &str,
    blocks: &[Located],
) {
    let mut flow = Flow {
        fonts,
        doc,
        footer: footer.to_owned(),
        size,
        page: Page::new(size.0, size.1),
        pages: 0,
        columns: 1,
        column: 0,
        base: 8.0,
        top: MARGIN,
        y: MARGIN,
        table: None,
        started: false,
    };
    for (_, b) in blocks {
        flow.block(b);
    }
    flow.finish_page();
}
