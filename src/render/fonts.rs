//! The bundled fonts (DejaVu Sans Condensed, regular and bold; licence in fonts/) and text
//! measurement from their glyph advances, for wrapping and shrink-to-fit.

use crate::core::error::Error;

pub const REGULAR: &[u8] = include_bytes!("../../fonts/DejaVuSansCondensed.ttf");
pub const BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSansCondensed-Bold.ttf");

/// Advance widths of one face, per character, in font units: a dense table for the
/// characters we print (below U+2600), the width of `n` for anything else.
pub struct Metrics {
    units_per_em: f32,
    advances: Vec<u16>,
    fallback: u16,
}

const TABLE: usize = 0x2600;

impl Metrics {
    pub fn parse(bytes: &[u8]) -> Result<Self, Error> {
        let face = ttf_parser::Face::parse(bytes, 0)
            .map_err(|e| Error::Render(format!("bundled font: {e}")))?;
        let fallback = face
            .glyph_index('n')
            .and_then(|g| face.glyph_hor_advance(g))
            .unwrap_or(1000);
        let mut advances = vec![fallback; TABLE];
        // Latin, Latin-1, Latin Extended-A and B, Greek, Cyrillic, Latin Extended Additional,
        // Greek Extended (a player's own sheets are typed in their own letters), general
        // punctuation, arrows, the mathematical operators (−, ≥) and the box symbols we print.
        let ranges = [
            0x20u32..0x250,
            0x370..0x530,
            0x1E00..0x2070,
            0x2190..0x2300,
            0x2500..0x25A0,
        ];
        for c in ranges.into_iter().flatten().filter_map(char::from_u32) {
            if let Some(g) = face.glyph_index(c) {
                advances[c as usize] = face.glyph_hor_advance(g).unwrap_or(0);
            }
        }
        Ok(Self {
            units_per_em: f32::from(face.units_per_em()),
            advances,
            fallback,
        })
    }

    /// Width of `text` at `size` points, in points.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text
            .chars()
            .map(|c| {
                u32::from(
                    self.advances
                        .get(c as usize)
                        .copied()
                        .unwrap_or(self.fallback),
                )
            })
            .sum();
        units as f32 * size / self.units_per_em
    }
}

/// Regular and bold metrics.
pub struct Fonts {
    pub regular: Metrics,
    pub bold: Metrics,
}

impl Fonts {
    /// Reads the bundled fonts' advances (about 0.5 ms: two tables of 2,200 characters).
    pub fn load() -> Result<Self, Error> {
        Ok(Self {
            regular: Metrics::parse(REGULAR)?,
            bold: Metrics::parse(BOLD)?,
        })
    }

    /// The bundled fonts' metrics, read once a process: a server draws a card a keystroke.
    pub fn shared() -> Result<&'static Self, Error> {
        static SHARED: std::sync::OnceLock<Fonts> = std::sync::OnceLock::new();
        if let Some(f) = SHARED.get() {
            return Ok(f);
        }
        let fonts = Self::load()?;
        Ok(SHARED.get_or_init(|| fonts))
    }

    pub fn metrics(&self, bold: bool) -> &Metrics {
        if bold {
            &self.bold
        } else {
            &self.regular
        }
    }

    /// The largest size, from `size` down to `min`, at which the longest word of `text` fits
    /// in `width` points (so wrapping never has to break a word).
    pub fn fit_words(&self, text: &str, size: f32, min: f32, bold: bool, width: f32) -> f32 {
        let m = self.metrics(bold);
        let longest = text
            .split_whitespace()
            .map(|w| m.width(w, 1.0))
            .fold(0.0, f32::max);
        if longest <= 0.0 {
            return size;
        }
        (width / longest).clamp(min, size)
    }

    /// `text` on one line in `width` points: shrunk down to `min`, then cut with an ellipsis.
    pub fn fit_line(
        &self,
        text: &str,
        size: f32,
        min: f32,
        bold: bool,
        width: f32,
    ) -> (String, f32) {
        let m = self.metrics(bold);
        let full = m.width(text, 1.0);
        if full <= 0.0 || full * size <= width {
            return (text.to_owned(), size);
        }
        let fitted = (width / full).max(min);
        if full * fitted <= width {
            return (text.to_owned(), fitted);
        }
        let mut cut: String = text.to_owned();
        while !cut.is_empty() && m.width(&format!("{cut}…"), min) > width {
            cut.pop();
        }
        (format!("{}…", cut.trim_end()), min)
    }

    /// Splits `text` into lines no wider than `width` points (a word longer than the line is
    /// cut by characters).
    pub fn wrap(&self, text: &str, size: f32, bold: bool, width: f32) -> Vec<String> {
        let m = self.metrics(bold);
        let space = m.width(" ", size);
        let mut lines = Vec::new();
        let mut line = String::new();
        // The width of `line`, kept as words are added (measuring each candidate line whole
        // made wrapping quadratic in its length).
        let mut line_w = 0.0;
        for word in text.split_whitespace() {
            let word_w = m.width(word, size);
            let candidate_w = if line.is_empty() {
                word_w
            } else {
                line_w + space + word_w
            };
            if candidate_w <= width {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
                line_w = candidate_w;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if word_w <= width {
                line = word.to_owned();
                line_w = word_w;
            } else {
                line_w = 0.0;
                let mut buf = [0u8; 4];
                for c in word.chars() {
                    let c_w = m.width(c.encode_utf8(&mut buf), size);
                    if line_w + c_w > width && !line.is_empty() {
                        lines.push(std::mem::take(&mut line));
                        line_w = 0.0;
                    }
                    line.push(c);
                    line_w += c_w;
                }
            }
        }
        if !line.is_empty() || lines.is_empty() {
            lines.push(line);
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_and_wraps() {
        let f = Fonts::load().unwrap();
        let w = f.regular.width("Général", 10.0);
        assert!(w > 25.0 && w < 45.0, "{w}");
        assert!(f.bold.width("Général", 10.0) > w);
        let lines = f.wrap(
            "Le joueur doit indiquer son intention de charger avant d'effectuer un mouvement",
            8.0,
            false,
            100.0,
        );
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(f.regular.width(l, 8.0) <= 100.0);
        }
        let (text, size) = f.fit_line(
            "Carabine d'Inf. lég. / Carabine rayée de cav.",
            6.0,
            4.5,
            true,
            50.0,
        );
        assert!(text.ends_with('…') && size == 4.5 && f.bold.width(&text, size) <= 50.0);
        let (text, size) = f.fit_line("Fusil", 6.0, 4.5, true, 50.0);
        assert_eq!((text.as_str(), size), ("Fusil", 6.0));
        let s = f.fit_words("infranchissable", 8.0, 5.0, false, 40.0);
        assert!(f.regular.width("infranchissable", s) <= 40.0 + 1e-3);
    }
}
