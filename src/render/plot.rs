//! Bar charts of distributions, as SVG, and rasterized to PNG with the bundled font.
//!
//! A chart is drawn for the width it is shown at, in CSS pixels (the web page asks for its
//! column's; the command line's `--plot` is [`WIDTH`] wide): its text is set at [`TEXT_PX`]
//! and [`TITLE_PX`] whatever the width, wrapped to it, never scaled down with the drawing.

use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::render::fonts::Fonts;

/// The width of the command line's charts (`--plot`), and of the web's when the page does not
/// say its own.
pub const WIDTH: u32 = 720;
/// The narrowest and widest chart drawn: a phone's column, a wide screen's.
pub const MIN_WIDTH: u32 = 240;
pub const MAX_WIDTH: u32 = 1200;
/// The size of a chart's labels, legend and axes, in CSS pixels: no smaller than the web
/// pages' small text (app.css `.small`, 0.85rem of 16 px: 13.6 px).
pub const TEXT_PX: f64 = 14.0;
/// The size of its title.
pub const TITLE_PX: f64 = 16.0;

const COLOURS: [&str; 4] = ["#3b5b92", "#c0504d", "#9bbb59", "#8064a2"];
/// The space around the drawing, between its parts and beside a legend's swatch.
const PAD: f64 = 8.0;
const SWATCH: f64 = 12.0;

/// The width of `text` at `px` in a browser's sans-serif: the bundled DejaVu Sans Condensed's
/// advances made wider by the plain face's (about 1/0.9), and a little more for other faces'.
fn text_width(text: &str, px: f64) -> f64 {
    let condensed = Fonts::shared().map_or(0.6 * px * text.chars().count() as f64, |f| {
        f64::from(f.regular.width(text, px as f32))
    });
    condensed * 1.15
}

/// `text` in lines no wider than `width` at `px`: broken between words, a word wider than a
/// line between its letters.
fn wrap(text: &str, px: f64, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if text_width(&joined, px) <= width {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word alone, cut between letters where it is wider than a line.
        for c in word.chars() {
            let longer = format!("{line}{c}");
            if !line.is_empty() && text_width(&longer, px) > width {
                lines.push(std::mem::take(&mut line));
                line.push(c);
            } else {
                line = longer;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A chart to draw: its title, each series' name and distribution (P(= k) for k = 0, 1, …),
/// and the language its numbers are written in.
pub struct Bars<'a> {
    /// Whole, in its language: "Chance of each number of casualties".
    pub title: &'a str,
    pub series: &'a [(String, Vec<f64>)],
    /// A legend line per series; without it, the page around the chart names its one series.
    pub legend: bool,
    pub lang: Lang,
}

/// A chance on the probabilities' axis as `lang` writes a percentage (`Intl.NumberFormat`'s
/// forms, as the pages write their other chances): 12.5%, 12,5 %, 12,5 %.
fn percent(lang: Lang, p: f64, decimals: usize) -> String {
    let n = format!("{:.decimals$}", p * 100.0);
    match lang {
        Lang::En => format!("{n}%"),
        Lang::Fr => format!("{}\u{202f}%", n.replace('.', ",")),
        Lang::Es => format!("{}\u{a0}%", n.replace('.', ",")),
    }
}

/// The step between the probabilities' axis lines for a highest bar `max` (a chance), and the
/// decimals its percentages need: the smallest round step that draws at most five lines.
fn axis_step(max: f64) -> (f64, usize) {
    let mut power = 1e-5;
    loop {
        for (m, decimals) in [(1.0, 0), (2.0, 0), (2.5, 1), (5.0, 0)] {
            let step = m * power;
            if max / step <= 5.0 + 1e-9 || power >= 1.0 {
                // Percent: a step of 10^-5 is 0.001 %, three decimals; 2.5 one more.
                let places = (-(power * 100.0).log10().round()).max(0.0) as usize;
                return (step, places + decimals);
            }
        }
        power *= 10.0;
    }
}

/// A bar chart of the distributions, grouped by k, `width` CSS pixels wide (within
/// [`MIN_WIDTH`] and [`MAX_WIDTH`]): the title and a legend line per series above the bars,
/// wrapped to the width; the axes' numbers no closer than they can be read.
pub fn svg(bars: &Bars, width: u32) -> String {
    let Bars {
        title,
        series,
        legend,
        lang,
    } = *bars;
    let w = f64::from(width.clamp(MIN_WIDTH, MAX_WIDTH));
    let rows = series
        .iter()
        .map(|(_, p)| p.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let max = series
        .iter()
        .flat_map(|(_, p)| p.iter().copied())
        .fold(0.0, f64::max)
        .max(1e-12);
    let (text_line, title_line) = (TEXT_PX * 1.3, TITLE_PX * 1.3);
    let mut s = String::new();
    // The title, then each series' swatch and name, wrapped.
    let mut y = PAD;
    for line in wrap(title, TITLE_PX, w - 2.0 * PAD) {
        y += title_line;
        s.push_str(&format!(
            "<text x=\"{PAD}\" y=\"{:.1}\" font-size=\"{TITLE_PX}\">{}</text>\n",
            y - 0.3 * TITLE_PX,
            xml_escape(&line)
        ));
    }
    y += PAD / 2.0;
    for (j, (label, _)) in series.iter().enumerate().filter(|_| legend) {
        let colour = COLOURS[j % COLOURS.len()];
        let x = PAD + SWATCH + 6.0;
        s.push_str(&format!(
            "<rect x=\"{PAD}\" y=\"{:.1}\" width=\"{SWATCH}\" height=\"{SWATCH}\" fill=\"{colour}\"/>\n",
            y + (text_line - SWATCH) / 2.0
        ));
        for line in wrap(label, TEXT_PX, w - x - PAD) {
            y += text_line;
            s.push_str(&format!(
                "<text x=\"{x}\" y=\"{:.1}\" font-size=\"{TEXT_PX}\">{}</text>\n",
                y - 0.3 * TEXT_PX,
                xml_escape(&line)
            ));
        }
        y += 2.0;
    }
    // The plot: the probabilities' axis in round steps of percent (1, 2, 2.5 or 5 times a
    // power of ten), at most five above zero, the top line at or above the highest bar.
    let (step, decimals) = axis_step(max);
    let lines = ((max / step) - 1e-9).ceil().max(1.0) as u32;
    let scale = step * f64::from(lines);
    let ticks: Vec<String> = (0..=lines)
        .map(|i| percent(lang, step * f64::from(i), decimals))
        .collect();
    let widest = ticks
        .iter()
        .map(|t| text_width(t, TEXT_PX))
        .fold(0.0, f64::max);
    let left = PAD + widest + 6.0;
    let top = y + PAD + TEXT_PX / 2.0;
    let plot_w = w - left - PAD;
    let plot_h = (w * 0.42).clamp(150.0, 300.0);
    let h = (top + plot_h + TEXT_PX * 1.6 + PAD).ceil();
    for (i, tick) in ticks.iter().enumerate() {
        let ty = top + plot_h - plot_h * i as f64 / f64::from(lines);
        s.push_str(&format!(
            "<line x1=\"{left:.1}\" y1=\"{ty:.1}\" x2=\"{:.1}\" y2=\"{ty:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{TEXT_PX}\" text-anchor=\"end\">{tick}</text>\n",
            left + plot_w,
            left - 6.0,
            ty + 0.35 * TEXT_PX
        ));
    }
    let group = plot_w / rows as f64;
    let bar = group * 0.8 / series.len().max(1) as f64;
    for (j, (_, p)) in series.iter().enumerate() {
        let colour = COLOURS[j % COLOURS.len()];
        for (k, v) in p.iter().enumerate() {
            let bh = plot_h * v / scale;
            let x = left + group * k as f64 + group * 0.1 + bar * j as f64;
            s.push_str(&format!("<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{bh:.1}\" fill=\"{colour}\"><title>k={k}: {v:.4}</title></rect>\n", top + plot_h - bh));
        }
    }
    // k under its bars: every one where they fit, else every second, fifth… one.
    let k_width = text_width(&(rows - 1).to_string(), TEXT_PX) + 6.0;
    let step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|&n| group * n as f64 >= k_width)
        .unwrap_or(rows);
    for k in (0..rows).step_by(step) {
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{TEXT_PX}\" text-anchor=\"middle\">{k}</text>\n",
            left + group * (k as f64 + 0.5),
            top + plot_h + TEXT_PX * 1.3
        ));
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"{TEXT_PX}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{s}</svg>\n"
    )
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The SVG as a PNG, at twice its size, with the bundled font for its labels.
pub fn png(svg: &str) -> Result<Vec<u8>, Error> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    let db = options.fontdb_mut();
    db.load_font_data(super::fonts::REGULAR.to_vec());
    // The bundled face: family "DejaVu Sans", semi-condensed.
    db.set_sans_serif_family("DejaVu Sans");
    let tree =
        usvg::Tree::from_str(svg, &options).map_err(|e| Error::Render(format!("plot: {e}")))?;
    let scale = 2.0;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or_else(|| Error::Render("plot: empty image".into()))?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| Error::Render("plot: empty image".into()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| Error::Render(format!("plot: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each `<text>`'s font size and words.
    fn texts(svg: &str) -> Vec<(f64, String)> {
        svg.split("<text ")
            .skip(1)
            .map(|t| {
                let size = t.split("font-size=\"").nth(1).unwrap();
                let size = size.split('"').next().unwrap().parse().unwrap();
                let words = t.split('>').nth(1).unwrap().split('<').next().unwrap();
                (size, words.to_owned())
            })
            .collect()
    }

    #[test]
    fn text_keeps_its_size_and_wraps_to_the_width() {
        let long = "Chosen Men (8 figures, unit 3 of sharpe-patrol.toml) vs 1er Hussards / Escadron (6 figures, unit 3 of voltigeurs-hussars.toml): survivors of B".to_owned();
        let series = vec![(long.clone(), vec![0.1; 30])];
        for width in [MIN_WIDTH, 300, WIDTH, MAX_WIDTH] {
            let svg = drawn("Chance of each number of survivors of B", &series, width);
            let w = f64::from(width);
            assert!(svg.starts_with(&format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" "
            )));
            let all = texts(&svg);
            assert!(all.iter().all(|(px, _)| *px >= TEXT_PX), "{width}: {all:?}");
            // Every line within the drawing, the legend's words all there.
            for (px, words) in &all {
                assert!(PAD + text_width(words, *px) <= w, "{width}: {words:?}");
            }
            let legend: Vec<&str> = all
                .iter()
                .filter(|(px, _)| *px == TEXT_PX)
                .map(|(_, t)| t.as_str())
                .collect();
            assert!(legend.join(" ").starts_with(&long), "{width}: {legend:?}");
            // k under the bars, as many as can be read: all 30 from the widest, fewer below.
            let ks = all
                .iter()
                .filter(|(_, t)| t.parse::<usize>().is_ok())
                .count();
            assert_eq!(ks == 30, width == MAX_WIDTH, "{width}: {ks} numbers of k");
        }
        // Narrower or wider than a chart is drawn: the nearest width.
        assert!(drawn("k", &series, 10).contains(" width=\"240\" "));
    }

    fn drawn(title: &str, series: &[(String, Vec<f64>)], width: u32) -> String {
        svg(
            &Bars {
                title,
                series,
                legend: true,
                lang: Lang::En,
            },
            width,
        )
    }

    #[test]
    fn the_chances_axis_is_in_the_languages_percent_and_a_legend_only_when_asked() {
        let series = vec![("casualties".to_owned(), vec![0.2, 0.44, 0.3, 0.06])];
        let axis = |lang: Lang, series: &[(String, Vec<f64>)]| -> Vec<String> {
            let svg = svg(
                &Bars {
                    title: "t",
                    series,
                    legend: false,
                    lang,
                },
                WIDTH,
            );
            assert!(!svg.contains(">casualties<"), "{svg}");
            texts(&svg)
                .into_iter()
                .map(|(_, t)| t)
                .filter(|t| t.contains('%'))
                .collect()
        };
        // Round steps, the top line above the highest bar (44 %).
        assert_eq!(
            axis(Lang::En, &series),
            ["0%", "10%", "20%", "30%", "40%", "50%"]
        );
        assert_eq!(
            axis(Lang::Fr, &series),
            [
                "0\u{202f}%",
                "10\u{202f}%",
                "20\u{202f}%",
                "30\u{202f}%",
                "40\u{202f}%",
                "50\u{202f}%"
            ]
        );
        let quarter = vec![("x".to_owned(), vec![0.75, 0.25])];
        assert_eq!(axis(Lang::En, &quarter), ["0%", "20%", "40%", "60%", "80%"]);
        let certain = vec![("x".to_owned(), vec![0.0, 1.0])];
        assert_eq!(axis(Lang::En, &certain).last().unwrap(), "100%");
        // Small chances keep the decimals that tell the lines apart.
        let small = vec![("x".to_owned(), vec![0.01, 0.02])];
        assert_eq!(
            axis(Lang::Es, &small)[1..],
            ["0,5\u{a0}%", "1,0\u{a0}%", "1,5\u{a0}%", "2,0\u{a0}%"]
        );
    }

    #[test]
    fn a_word_wider_than_a_line_is_cut_between_letters() {
        let lines = wrap(
            "a-very-long-file-name-without-any-space.toml and more",
            TEXT_PX,
            120.0,
        );
        assert!(lines.len() > 2, "{lines:?}");
        assert!(
            lines.iter().all(|l| text_width(l, TEXT_PX) <= 120.0),
            "{lines:?}"
        );
        assert_eq!(
            lines.concat().replace(' ', ""),
            "a-very-long-file-name-without-any-space.tomlandmore"
        );
    }
    #[test]
    fn png_labels_use_the_bundled_font() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="30" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/><text x="5" y="20" font-size="16">P(k)</text></svg>"#;
        let png = super::png(svg).unwrap();
        let img = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        let dark = img.pixels().iter().filter(|p| p.red() < 128).count();
        assert!(dark > 20, "the text was not drawn ({dark} dark pixels)");
    }
}
