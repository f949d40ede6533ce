//! QR codes as muster draws them: a text encoded by the `qrcode` crate (its modules only, no
//! image dependency), drawn here as half blocks for a terminal, as SVG for a page, or as a
//! grey bitmap (for a PNG, or a decoder). Every drawing keeps the four-module quiet zone
//! readers need around the symbol.

use crate::core::error::Error;

/// The light margin around a symbol, in modules (the standard's minimum).
pub const QUIET: usize = 4;

/// A QR symbol: its modules, dark or light, row by row.
pub struct Qr {
    width: usize,
    dark: Vec<bool>,
}

/// A QR code of a text before it is drawn: its data laid out in the smallest version that
/// holds them, error correction M. Its version is known without drawing; drawing it
/// ([`Planned::draw`]) tries the standard's eight masks for the most readable, most of a
/// code's work.
pub struct Planned {
    bits: qrcode::bits::Bits,
}

impl Planned {
    /// The version (1 to 40): 21 modules a side for version 1, four more each version.
    pub fn version(&self) -> usize {
        match self.bits.version() {
            qrcode::Version::Normal(v) | qrcode::Version::Micro(v) => {
                usize::try_from(v).unwrap_or(0)
            }
        }
    }

    /// The symbol, as [`Qr::encode`] draws it.
    pub fn draw(self) -> Result<Qr, Error> {
        let code = qrcode::QrCode::with_bits(self.bits, qrcode::EcLevel::M)
            .map_err(|e| Error::Render(format!("cannot draw a QR code: {e}")))?;
        let width = code.width();
        let dark = code
            .into_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect();
        Ok(Qr { width, dark })
    }
}

impl Qr {
    /// `text` as a QR code of the smallest version that holds it, error correction M (15 %
    /// of the symbol may be damaged or badly lit and it still reads).
    pub fn encode(text: &str) -> Result<Qr, Error> {
        Qr::plan(text)?.draw()
    }

    /// What [`Qr::encode`] would draw of `text`, not drawn yet: whether it fits a QR code, and
    /// in which version, from its length and modes alone.
    pub fn plan(text: &str) -> Result<Planned, Error> {
        let bits = qrcode::bits::encode_auto(text.as_bytes(), qrcode::EcLevel::M).map_err(|e| {
            Error::Render(format!(
                "cannot make a QR code of {} bytes: {e}",
                text.len()
            ))
        })?;
        Ok(Planned { bits })
    }

    /// Modules a side, without the quiet zone.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Whether the module at (`x`, `y`) of the drawing is dark: the quiet zone's are light
    /// (coordinates count from the quiet zone's corner).
    pub fn dark(&self, x: usize, y: usize) -> bool {
        let (Some(x), Some(y)) = (x.checked_sub(QUIET), y.checked_sub(QUIET)) else {
            return false;
        };
        x < self.width && y < self.width && self.dark[y * self.width + x]
    }

    /// The runs of dark modules of row `y`, left to right: each its first column and the
    /// column after its last.
    pub fn dark_runs(&self, y: usize) -> Vec<(usize, usize)> {
        let side = self.side();
        let mut runs = Vec::new();
        let mut x = 0;
        while x < side {
            if self.dark(x, y) {
                let start = x;
                while x < side && self.dark(x, y) {
                    x += 1;
                }
                runs.push((start, x));
            } else {
                x += 1;
            }
        }
        runs
    }

    /// Modules a side of a drawing, quiet zone included.
    pub fn side(&self) -> usize {
        self.width + 2 * QUIET
    }

    /// The symbol for a terminal: two modules a character cell, one above the other, light
    /// modules drawn (`█` both light, `▀` the top one, `▄` the bottom one, a space neither),
    /// so that on a terminal's dark background the code is dark on light, as readers expect.
    /// One line a row of cells, each ending in a newline.
    pub fn half_blocks(&self) -> String {
        let side = self.side();
        let mut out = String::with_capacity((side + 1) * side.div_ceil(2) * 3);
        for y in (0..side).step_by(2) {
            for x in 0..side {
                let top = !self.dark(x, y);
                // Below the last row (an odd side): the terminal's own dark background.
                let bottom = y + 1 < side && !self.dark(x, y + 1);
                out.push(match (top, bottom) {
                    (true, true) => '█',
                    (true, false) => '▀',
                    (false, true) => '▄',
                    (false, false) => ' ',
                });
            }
            out.push('\n');
        }
        out
    }

    /// The symbol as SVG, one user unit a module, quiet zone included: a white square and
    /// one path of the dark modules, to be scaled as the page likes (edges kept crisp).
    pub fn svg(&self) -> String {
        use std::fmt::Write;
        let side = self.side();
        let mut path = String::new();
        for y in 0..side {
            for (start, x) in self.dark_runs(y) {
                let _ = write!(path, "M{start} {y}h{}v1h-{}z", x - start, x - start);
            }
        }
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" shape-rendering=\"crispEdges\"><rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/><path fill=\"#000\" d=\"{path}\"/></svg>"
        )
    }
}

/// Module colours read back from [`Qr::half_blocks`]'s drawing: `true` for dark, row by
/// row. Any other character than the four drawn is refused.
pub fn read_half_blocks(drawing: &str) -> Result<Vec<Vec<bool>>, String> {
    let mut rows = Vec::new();
    for line in drawing.lines() {
        let mut top = Vec::new();
        let mut bottom = Vec::new();
        for c in line.chars() {
            let (t, b) = match c {
                '█' => (true, true),
                '▀' => (true, false),
                '▄' => (false, true),
                ' ' => (false, false),
                other => return Err(format!("`{other}` is not a half block")),
            };
            top.push(!t);
            bottom.push(!b);
        }
        rows.push(top);
        rows.push(bottom);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes module rows with a real QR decoder (rqrr), each module `scale` pixels.
    fn decode(rows: &[Vec<bool>], scale: usize) -> String {
        let h = rows.len() * scale;
        let w = rows.iter().map(Vec::len).max().unwrap() * scale;
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| {
            let dark = rows[y / scale].get(x / scale).copied().unwrap_or(false);
            if dark {
                0
            } else {
                255
            }
        });
        let grids = img.detect_grids();
        assert_eq!(grids.len(), 1, "one code found");
        grids[0].decode().unwrap().1
    }

    const URL: &str = "http://192.168.100.200:8808/pair?token=0123456789abcdefABCDEF";

    /// The terminal's drawing, read back character by character and decoded, gives the URL.
    #[test]
    fn the_terminal_drawing_decodes_to_the_text() {
        let qr = Qr::encode(URL).unwrap();
        let drawing = qr.half_blocks();
        assert!(drawing.chars().all(|c| "█▀▄ \n".contains(c)));
        // A quiet zone of light all round: the first line and the first column are full
        // blocks (two light modules each).
        let first = drawing.lines().next().unwrap();
        assert_eq!(first.chars().count(), qr.side());
        assert!(first.chars().all(|c| c == '█'));
        let rows = read_half_blocks(&drawing).unwrap();
        assert_eq!(decode(&rows, 4), URL);
        // Terminal cells are about twice as tall as wide: stretched so, it still reads.
        let tall: Vec<Vec<bool>> = rows.iter().flat_map(|r| [r.clone(), r.clone()]).collect();
        assert_eq!(decode(&tall, 3), URL);
    }

    #[test]
    fn the_svg_decodes_to_the_text() {
        let qr = Qr::encode(URL).unwrap();
        let svg = qr.svg();
        let png = crate::render::svg::png_square(&svg, 8 * qr.side() as u32).unwrap();
        let img = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        let (w, h) = (img.width() as usize, img.height() as usize);
        let rows: Vec<Vec<bool>> = (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| img.pixels()[y * w + x].red() < 128)
                    .collect()
            })
            .collect();
        assert_eq!(decode(&rows, 1), URL);
    }

    #[test]
    fn a_pairing_url_is_a_small_code() {
        // The longest IPv4 pairing URL: version 4 (33 modules), 21 terminal lines with the
        // quiet zone.
        let qr = Qr::encode(URL).unwrap();
        assert_eq!(qr.width(), 33);
        assert_eq!(qr.half_blocks().lines().count(), 21);
    }

    /// A code's version is known before it is drawn, and drawn it is the same symbol as
    /// the one-step encoding's, module for module.
    #[test]
    fn a_plan_gives_the_drawn_version() {
        for text in [
            "",
            URL,
            "0123456789",
            &"MUSTER1:ABC".repeat(40),
            &"x".repeat(1000),
            &"9".repeat(3000),
        ] {
            let version = Qr::plan(text).unwrap().version();
            let drawn = Qr::plan(text).unwrap().draw().unwrap();
            assert_eq!(drawn.width(), 17 + 4 * version, "{text}");
            let one_step =
                qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M).unwrap();
            assert_eq!(one_step.width(), drawn.width());
            let dark: Vec<bool> = one_step
                .into_colors()
                .into_iter()
                .map(|c| c == qrcode::Color::Dark)
                .collect();
            assert_eq!(dark, drawn.dark, "{text}");
        }
        assert!(Qr::plan(&"x".repeat(4000)).is_err());
    }

    #[test]
    fn too_long_a_text_is_an_error_not_a_panic() {
        let e = Qr::encode(&"x".repeat(4000)).err().unwrap();
        assert!(
            e.to_string()
                .contains("cannot make a QR code of 4000 bytes"),
            "{e}"
        );
    }
}
