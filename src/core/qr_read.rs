//! QR codes read back from a picture: the PNG `muster list share --qr` draws, a screenshot, or
//! a phone's photo (JPEG) of a printed roster. The picture is decoded to grey (png, and
//! zune-jpeg for JPEG), a large one scaled down for the search, and every QR code found is
//! read (rqrr). Knows no share code: [`super::share_code`] says what the texts are.
//!
//! Every number is bounded before anything is allocated for it: the file's size
//! ([`MAX_IMAGE_BYTES`]), the picture's pixels from its header ([`MAX_PIXELS`]).

/// The largest picture file read: a phone's photo is 2 to 10 MB.
pub const MAX_IMAGE_BYTES: u64 = 32 * 1024 * 1024;
/// The most pixels a picture may have, read from its header before it is decoded (a 50
/// megapixel photo; a PNG bomb of 100,000 × 100,000 is refused there).
pub const MAX_PIXELS: u64 = 50_000_000;
/// The longest side the search works at: a larger picture is scaled down to it first (a QR
/// code of version 25 filling a fifth of a 4,000-pixel photo keeps three pixels a module),
/// then searched at other sizes when nothing was found.
const SEARCH_SIDE: usize = 2_000;

/// What kind of picture `bytes` are, by their first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    Png,
    Jpeg,
}

impl Picture {
    pub fn of(bytes: &[u8]) -> Option<Picture> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Picture::Png)
        } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            Some(Picture::Jpeg)
        } else {
            None
        }
    }
}

/// A picture in grey, one byte a pixel, row after row.
struct Grey {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

/// The texts of every QR code found in the picture `bytes` (empty: none found); why the
/// picture cannot be read otherwise.
pub fn texts(bytes: &[u8]) -> Result<Vec<String>, String> {
    let grey = match Picture::of(bytes) {
        Some(Picture::Png) => png_grey(bytes)?,
        Some(Picture::Jpeg) => jpeg_grey(bytes)?,
        None => return Err("it is neither a PNG nor a JPEG picture".into()),
    };
    // The search at the size it works best at first, then the picture whole, twice as large
    // and at half its size: a code printed at a size where a module is a pixel and a half
    // wide blurs between pixels, and its finder patterns are found only once enlarged.
    let longest = grey.width.max(grey.height);
    let mut sizes: Vec<Size> = Vec::new();
    if longest > SEARCH_SIDE {
        sizes.push(Size::Down(longest.div_ceil(SEARCH_SIDE)));
    }
    sizes.push(Size::Whole);
    if longest <= SEARCH_SIDE {
        sizes.push(Size::Up2);
    }
    if longest >= 400 {
        sizes.push(Size::Down(2));
    }
    for size in sizes {
        let found = match size {
            Size::Whole => read(&grey),
            Size::Down(f) => read(&scaled(&grey, f)),
            Size::Up2 => read(&doubled(&grey)),
        };
        if !found.is_empty() {
            return Ok(found);
        }
    }
    Ok(Vec::new())
}

/// A size the search works at.
#[derive(Debug, Clone, Copy)]
enum Size {
    Whole,
    /// Scaled down this many times.
    Down(usize),
    /// Twice as large.
    Up2,
}

fn too_large(width: u64, height: u64) -> Result<(), String> {
    if width.saturating_mul(height) > MAX_PIXELS || width == 0 || height == 0 {
        return Err(format!(
            "the picture is {width} × {height} pixels: muster reads pictures of 1 to {MAX_PIXELS} pixels"
        ));
    }
    Ok(())
}

fn png_grey(bytes: &[u8]) -> Result<Grey, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    // Four bytes a pixel at most once expanded: the limit follows from the pixels'.
    decoder.set_limits(png::Limits {
        bytes: usize::try_from(MAX_PIXELS * 4).unwrap_or(usize::MAX),
    });
    let damaged = |e: png::DecodingError| format!("the PNG picture cannot be read ({e})");
    let mut reader = decoder.read_info().map_err(damaged)?;
    let (w, h) = {
        let info = reader.info();
        (u64::from(info.width), u64::from(info.height))
    };
    too_large(w, h)?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buf).map_err(damaged)?;
    let (width, height) = (frame.width as usize, frame.height as usize);
    let channels = frame.color_type.samples();
    let stride = frame.line_size;
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        let row = &buf[y * stride..];
        for x in 0..width {
            let p = &row[x * channels..x * channels + channels];
            pixels.push(match p {
                [g] | [g, _] => *g,
                [r, g, b] | [r, g, b, _] => luma(*r, *g, *b),
                _ => 0,
            });
        }
    }
    Ok(Grey {
        width,
        height,
        pixels,
    })
}

fn jpeg_grey(bytes: &[u8]) -> Result<Grey, String> {
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::Luma)
        .set_max_width(1 << 16)
        .set_max_height(1 << 16);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(bytes, options);
    let damaged =
        |e: zune_jpeg::errors::DecodeErrors| format!("the JPEG picture cannot be read ({e})");
    decoder.decode_headers().map_err(damaged)?;
    let (w, h) = decoder
        .dimensions()
        .ok_or("the JPEG picture has no size in its header")?;
    too_large(w as u64, h as u64)?;
    let pixels = decoder.decode().map_err(damaged)?;
    if pixels.len() != w * h {
        return Err("the JPEG picture cannot be read (its pixels do not fill its size)".into());
    }
    Ok(Grey {
        width: w,
        height: h,
        pixels,
    })
}

/// ITU-R BT.601 luma, in whole numbers.
fn luma(r: u8, g: u8, b: u8) -> u8 {
    ((299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000) as u8
}

/// The picture twice as large (each pixel four).
fn doubled(grey: &Grey) -> Grey {
    let (width, height) = (grey.width * 2, grey.height * 2);
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        let row = &grey.pixels[(y / 2) * grey.width..(y / 2 + 1) * grey.width];
        for x in 0..width {
            pixels.push(row[x / 2]);
        }
    }
    Grey {
        width,
        height,
        pixels,
    }
}

/// The picture scaled down `factor` times (each pixel the mean of a square of them).
fn scaled(grey: &Grey, factor: usize) -> Grey {
    let width = grey.width / factor;
    let height = grey.height / factor;
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let mut sum = 0u32;
            for dy in 0..factor {
                let row = (y * factor + dy) * grey.width;
                for dx in 0..factor {
                    sum += u32::from(grey.pixels[row + x * factor + dx]);
                }
            }
            pixels.push((sum / (factor * factor) as u32) as u8);
        }
    }
    Grey {
        width,
        height,
        pixels,
    }
}

fn read(grey: &Grey) -> Vec<String> {
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(grey.width, grey.height, |x, y| {
        grey.pixels[y * grey.width + x]
    });
    img.detect_grids()
        .into_iter()
        .filter_map(|g| g.decode().ok().map(|(_, text)| text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A QR code drawn by muster, as PNG, reads back; a picture bomb is refused from its
    /// header.
    #[test]
    fn a_drawn_code_reads_back() {
        // The code's modules, 4 pixels each, with a quiet zone of 4 modules, as grey PNG.
        let code = qrcode::QrCode::new("MU2:HELLO").unwrap();
        let n = code.width();
        let side = (n + 8) * 4;
        let mut pixels = vec![255u8; side * side];
        for y in 0..n {
            for x in 0..n {
                if code[(x, y)] == qrcode::Color::Dark {
                    for dy in 0..4 {
                        for dx in 0..4 {
                            pixels[((y + 4) * 4 + dy) * side + (x + 4) * 4 + dx] = 0;
                        }
                    }
                }
            }
        }
        let mut png = Vec::new();
        {
            let mut e = png::Encoder::new(&mut png, side as u32, side as u32);
            e.set_color(png::ColorType::Grayscale);
            e.write_header().unwrap().write_image_data(&pixels).unwrap();
        }
        assert_eq!(texts(&png).unwrap(), vec!["MU2:HELLO".to_owned()]);
        assert!(texts(b"GIF89a")
            .unwrap_err()
            .contains("neither a PNG nor a JPEG"));
        // A header claiming 100,000 × 100,000 pixels.
        let mut bomb = Vec::new();
        {
            let mut e = png::Encoder::new(&mut bomb, 1, 1);
            e.set_color(png::ColorType::Grayscale);
            e.write_header().unwrap().write_image_data(&[0]).unwrap();
        }
        // IHDR's width and height are bytes 16..24; its CRC is not what a reader checks first.
        bomb[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        let e = texts(&bomb).unwrap_err();
        assert!(
            e.contains("100000 × 100000") || e.contains("cannot be read"),
            "{e}"
        );
    }
}
