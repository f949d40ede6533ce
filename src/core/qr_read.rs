//! QR codes read back from a picture: the PNG `muster list share --qr` draws, a screenshot, or
//! a phone's photo (JPEG) of a printed roster. The picture is decoded to grey (png, and
//! zune-jpeg for JPEG), a large one scaled down for the search, and every QR code found is
//! read (rqrr); when rqrr finds none, a search of muster's own for a small code turned or
//! blurred (finder patterns, modules read where the three place them, the grid decoded by
//! rqrr: [`sampled`]). Knows no share code: [`super::share_code`] says what the texts are.
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
    // Last, the search of our own for a small code turned or blurred (a roster's page
    // photographed from afar), at the size the search works best at.
    Ok(if longest > SEARCH_SIDE {
        sampled(&scaled(&grey, longest.div_ceil(SEARCH_SIDE)))
    } else {
        sampled(&grey)
    })
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

/// The sums of a picture's pixels above and left of each point: the mean of any rectangle in
/// four reads.
struct Integral {
    width: usize,
    height: usize,
    sums: Vec<u32>,
}

impl Integral {
    fn of(grey: &Grey) -> Integral {
        let (w, h) = (grey.width, grey.height);
        let mut sums = vec![0u32; (w + 1) * (h + 1)];
        for y in 0..h {
            let mut row = 0u32;
            for x in 0..w {
                row += u32::from(grey.pixels[y * w + x]);
                sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
            }
        }
        Integral {
            width: w,
            height: h,
            sums,
        }
    }

    /// The mean of the square of side `2r + 1` around (x, y), cut at the picture's edges.
    fn mean(&self, x: usize, y: usize, r: usize) -> f32 {
        let w1 = self.width + 1;
        let (x0, y0) = (x.saturating_sub(r), y.saturating_sub(r));
        let (x1, y1) = ((x + r + 1).min(self.width), (y + r + 1).min(self.height));
        let sum = self.sums[y1 * w1 + x1] + self.sums[y0 * w1 + x0]
            - self.sums[y0 * w1 + x1]
            - self.sums[y1 * w1 + x0];
        sum as f32 / ((x1 - x0) * (y1 - y0)) as f32
    }
}

/// A finder pattern (one of the three squares in a QR code's corners) found in a picture: its
/// centre, the width of one module, and how many scans found it.
#[derive(Debug, Clone, Copy)]
struct Finder {
    x: f32,
    y: f32,
    module: f32,
    count: u32,
}

/// The most finder patterns kept from one picture (a page of text has a few false ones).
const MAX_FINDERS: usize = 400;
/// The most grids read from one picture's finder patterns (a grid of version 40 is 31,329
/// modules): a picture of many false patterns costs a bounded time.
const MAX_GRIDS: usize = 100;
/// The finder patterns, by how many scans found them, tried three by three.
const TRIED_FINDERS: usize = 12;

/// Whether five runs are a finder pattern's dark, light, dark, light, dark (1:1:3:1:1 modules).
/// Measured from one run's start to the next run's of the same colour, which a blur or a
/// threshold too dark or too light does not change (it widens every dark run as much as it
/// narrows every light one): 2, 4, 4 and 2 modules.
fn finder_runs(runs: [usize; 5]) -> bool {
    let total: usize = runs.iter().sum();
    if total < 7 {
        return false;
    }
    let m = total as f32 / 7.0;
    let near = |len: usize, modules: f32| (len as f32 - m * modules).abs() < m * 0.75;
    near(runs[0] + runs[1], 2.0)
        && near(runs[1] + runs[2], 4.0)
        && near(runs[2] + runs[3], 4.0)
        && near(runs[3] + runs[4], 2.0)
        && runs[2] as f32 > 1.5 * runs[0].max(runs[4]) as f32
}

/// Twelve modules of a finder pattern's runs: from its first dark run's start to its last's,
/// twice, each the same whatever the threshold (see [`finder_runs`]).
fn pitch(runs: [usize; 5]) -> usize {
    runs[0] + 2 * (runs[1] + runs[2] + runs[3]) + runs[4]
}

/// The runs of dark and light along a column from (x, y), which is dark, up and down: the
/// centre's y and the pattern's height when they are a finder pattern's, each run at most
/// `most` pixels; the pitch of its runs ([`pitch`]).
fn finder_across(
    dark: &[bool],
    width: usize,
    height: usize,
    x: usize,
    y: usize,
    most: usize,
) -> Option<(f32, usize)> {
    let at = |y: usize| dark[y * width + x];
    let mut runs = [0usize; 5];
    // Up: the centre, the light ring, the dark ring.
    let mut i = y as isize;
    for (run, want) in [(2usize, true), (1, false), (0, true)] {
        while i >= 0 && at(i as usize) == want && runs[run] <= most {
            runs[run] += 1;
            i -= 1;
        }
        if runs[run] == 0 || runs[run] > most {
            return None;
        }
    }
    let mut i = y + 1;
    for (run, want) in [(2usize, true), (3, false), (4, true)] {
        let start = runs[run];
        while i < height && at(i) == want && runs[run] <= most {
            runs[run] += 1;
            i += 1;
        }
        if (run != 2 && runs[run] == start) || runs[run] > most {
            return None;
        }
    }
    if !finder_runs(runs) {
        return None;
    }
    let centre = (i - runs[4] - runs[3]) as f32 - runs[2] as f32 / 2.0;
    Some((centre, pitch(runs)))
}

/// The finder patterns of the picture, dark and light told apart by each pixel against the
/// mean around it.
fn finders(grey: &Grey, integral: &Integral) -> Vec<Finder> {
    let (w, h) = (grey.width, grey.height);
    // A window wider than a finder pattern of a code filling a third of the picture.
    let r = (w.max(h) / 40).max(8);
    let dark: Vec<bool> = (0..w * h)
        .map(|i| f32::from(grey.pixels[i]) + 10.0 < integral.mean(i % w, i / w, r))
        .collect();
    let mut found: Vec<Finder> = Vec::new();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for y in 0..h {
        // The row as runs (start, length), the first dark.
        runs.clear();
        let row = &dark[y * w..(y + 1) * w];
        let mut x = 0;
        while x < w && !row[x] {
            x += 1;
        }
        while x < w {
            let start = x;
            let colour = row[x];
            while x < w && row[x] == colour {
                x += 1;
            }
            runs.push((start, x - start));
        }
        for k in (0..runs.len().saturating_sub(4)).step_by(2) {
            let five = [
                runs[k].1,
                runs[k + 1].1,
                runs[k + 2].1,
                runs[k + 3].1,
                runs[k + 4].1,
            ];
            if !finder_runs(five) {
                continue;
            }
            let total: usize = five.iter().sum();
            let wide = pitch(five);
            let cx = runs[k + 2].0 + runs[k + 2].1 / 2;
            let Some((cy, tall)) = finder_across(&dark, w, h, cx, y, total) else {
                continue;
            };
            if tall * 3 < wide * 2 || wide * 3 < tall * 2 {
                continue;
            }
            let module = (wide + tall) as f32 / 24.0;
            let x = runs[k + 2].0 as f32 + runs[k + 2].1 as f32 / 2.0;
            let room = found.len() < MAX_FINDERS;
            match found.iter_mut().find(|f| {
                (f.x - x).abs() < f.module * 2.0
                    && (f.y - cy).abs() < f.module * 2.0
                    && (f.module / module - 1.0).abs() < 0.5
            }) {
                Some(f) => {
                    let n = f.count as f32;
                    f.x = (f.x * n + x) / (n + 1.0);
                    f.y = (f.y * n + cy) / (n + 1.0);
                    f.module = (f.module * n + module) / (n + 1.0);
                    f.count += 1;
                }
                None if room => found.push(Finder {
                    x,
                    y: cy,
                    module,
                    count: 1,
                }),
                None => {}
            }
        }
    }
    found.sort_by_key(|f| std::cmp::Reverse(f.count));
    found.truncate(TRIED_FINDERS);
    for f in &mut found {
        if let Some((x, y)) = centroid(grey, integral, f) {
            f.x = x;
            f.y = y;
        }
    }
    found
}

/// The centre of a finder pattern's dark middle square (3 × 3 modules), where a blur or a
/// threshold shifts it least: the mean of its pixels, found by filling from the pattern's
/// centre as its runs placed it, dark against the pattern's own mean (a third dark
/// modules). None when the fill leaves the pattern (the square is joined to the ring around
/// it).
fn centroid(grey: &Grey, integral: &Integral, f: &Finder) -> Option<(f32, f32)> {
    let (w, h) = (grey.width, grey.height);
    let (x0, y0) = (f.x.round() as usize, f.y.round() as usize);
    let mean = integral.mean(x0, y0, (f.module * 3.5) as usize);
    let dark = |x: usize, y: usize| f32::from(grey.pixels[y * w + x]) < mean;
    if x0 >= w || y0 >= h || !dark(x0, y0) {
        return None;
    }
    let reach = (f.module * 2.5).ceil() as usize;
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![(x0, y0)];
    seen.insert((x0, y0));
    let (mut sx, mut sy) = (0usize, 0usize);
    while let Some((x, y)) = todo.pop() {
        if x.abs_diff(x0) >= reach || y.abs_diff(y0) >= reach {
            return None;
        }
        sx += x;
        sy += y;
        for (nx, ny) in [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ] {
            if nx < w && ny < h && dark(nx, ny) && seen.insert((nx, ny)) {
                todo.push((nx, ny));
            }
        }
    }
    let n = seen.len() as f32;
    Some((sx as f32 / n, sy as f32 / n))
}

/// The grey at a point, between the four pixels around it.
fn grey_at(grey: &Grey, x: f32, y: f32) -> Option<f32> {
    if x < 0.0 || y < 0.0 {
        return None;
    }
    let (x0, y0) = (x as usize, y as usize);
    if x0 + 1 >= grey.width || y0 + 1 >= grey.height {
        return None;
    }
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let p = |x: usize, y: usize| f32::from(grey.pixels[y * grey.width + x]);
    Some(
        p(x0, y0) * (1.0 - fx) * (1.0 - fy)
            + p(x0 + 1, y0) * fx * (1.0 - fy)
            + p(x0, y0 + 1) * (1.0 - fx) * fy
            + p(x0 + 1, y0 + 1) * fx * fy,
    )
}

/// The search for a small, blurred or turned code that rqrr's own does not find (a roster
/// photographed at 150 dpi, three pixels a module): three finder patterns at the corners of a
/// square, the code's size from their distance, each module read at its centre against the
/// mean around it, the grid decoded by rqrr. The grid is taken as the three corners place it
/// (rotated, scaled, sheared): a photo taken square enough.
fn sampled(grey: &Grey) -> Vec<String> {
    let integral = Integral::of(grey);
    let finders = finders(grey, &integral);
    let mut texts: Vec<String> = Vec::new();
    let mut grids = 0;
    let n = finders.len();
    for i in 0..n {
        for j in 0..n {
            for k in j + 1..n {
                if i == j || i == k {
                    continue;
                }
                // A, the corner; B and C, the ends of its two sides.
                let (a, mut b, mut c) = (finders[i], finders[j], finders[k]);
                let (abx, aby, acx, acy) = (b.x - a.x, b.y - a.y, c.x - a.x, c.y - a.y);
                let (ab, ac) = (abx.hypot(aby), acx.hypot(acy));
                let module = (a.module + b.module + c.module) / 3.0;
                if ab < module * 10.0 || ac < module * 10.0 || !(0.8..1.25).contains(&(ab / ac)) {
                    continue;
                }
                if (abx * acx + aby * acy).abs() / (ab * ac) > 0.2 {
                    continue;
                }
                if [a, b, c]
                    .iter()
                    .any(|f| (f.module / module - 1.0).abs() > 0.4)
                {
                    continue;
                }
                // B to the right of A, C below it, as the code is read.
                if abx * acy - aby * acx < 0.0 {
                    std::mem::swap(&mut b, &mut c);
                }
                let modules = ((ab + ac) / 2.0 / module + 7.0 - 17.0) / 4.0;
                let version = modules.round() as i64;
                for v in [version, version - 1, version + 1, version - 2, version + 2] {
                    if !(1..=40).contains(&v) {
                        continue;
                    }
                    grids += 1;
                    if grids > MAX_GRIDS {
                        return texts;
                    }
                    if let Some(text) = read_grid(grey, &integral, a, b, c, 17 + 4 * v as usize) {
                        if !texts.contains(&text) {
                            texts.push(text);
                        }
                        break;
                    }
                }
            }
        }
    }
    texts
}

/// The code of `size` modules a side whose finder patterns are centred at a, b and c, read.
fn read_grid(
    grey: &Grey,
    integral: &Integral,
    a: Finder,
    b: Finder,
    c: Finder,
    size: usize,
) -> Option<String> {
    let span = (size - 7) as f32;
    let (ux, uy) = ((b.x - a.x) / span, (b.y - a.y) / span);
    let (vx, vy) = ((c.x - a.x) / span, (c.y - a.y) / span);
    let module = ux.hypot(uy).max(vx.hypot(vy));
    let r = (module * 4.0).ceil() as usize;
    let mut values = Vec::with_capacity(size * size);
    for row in 0..size {
        for col in 0..size {
            let (du, dv) = (col as f32 - 3.0, row as f32 - 3.0);
            let x = a.x + du * ux + dv * vx;
            let y = a.y + du * uy + dv * vy;
            let value = grey_at(grey, x, y)?;
            let mean = integral.mean(x as usize, y as usize, r);
            values.push(value < mean);
        }
    }
    let grid = rqrr::SimpleGrid::from_func(size, |x, y| values[y * size + x]);
    rqrr::Grid::new(grid).decode().ok().map(|(_, text)| text)
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
