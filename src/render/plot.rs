//! Bar charts of distributions, as SVG, and rasterized to PNG with the bundled font.

use crate::core::error::Error;

/// A bar chart of the distributions, grouped by k.
pub fn svg_bars(what: &str, series: &[(String, Vec<f64>)]) -> String {
    let colours = ["#3b5b92", "#c0504d", "#9bbb59", "#8064a2"];
    let rows = series
        .iter()
        .map(|(_, p)| p.len())
        .max()
        .unwrap_or(1)
        .max(1);
    // The legend sits under the title, one line per series; the bars below it.
    let legend = 14.0 * series.len() as f64;
    let (w, left, bottom, top) = (720.0, 50.0, 40.0, 36.0 + legend);
    let h = 360.0 + legend;
    let plot_w = w - left - 20.0;
    let plot_h = h - top - bottom;
    let max = series
        .iter()
        .flat_map(|(_, p)| p.iter().copied())
        .fold(0.0, f64::max)
        .max(1e-12);
    let group = plot_w / rows as f64;
    let bar = group * 0.8 / series.len().max(1) as f64;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{left}\" y=\"20\" font-size=\"14\">P({} = k)</text>\n",
        xml_escape(what)
    );
    for i in 0..=4 {
        let v = max * i as f64 / 4.0;
        let y = top + plot_h - plot_h * i as f64 / 4.0;
        s.push_str(&format!("<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v:.2}</text>\n", left + plot_w, left - 4.0, y + 4.0));
    }
    for (j, (label, p)) in series.iter().enumerate() {
        let colour = colours[j % colours.len()];
        for (k, v) in p.iter().enumerate() {
            let bh = plot_h * v / max;
            let x = left + group * k as f64 + group * 0.1 + bar * j as f64;
            s.push_str(&format!("<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{bh:.1}\" fill=\"{colour}\"><title>k={k}: {v:.4}</title></rect>\n", top + plot_h - bh));
        }
        s.push_str(&format!("<rect x=\"{:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{colour}\"/><text x=\"{:.1}\" y=\"{:.1}\">{}</text>\n", left,
            26.0 + 14.0 * j as f64,
            left + 14.0,
            35.0 + 14.0 * j as f64, xml_escape(label)));
    }
    for k in 0..rows {
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{k}</text>\n",
            left + group * (k as f64 + 0.5),
            h - bottom + 16.0
        ));
    }
    s.push_str("</svg>\n");
    s
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
    #[test]
    fn png_labels_use_the_bundled_font() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="30" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/><text x="5" y="20" font-size="16">P(k)</text></svg>"#;
        let png = super::png(svg).unwrap();
        let img = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        let dark = img.pixels().iter().filter(|p| p.red() < 128).count();
        assert!(dark > 20, "the text was not drawn ({dark} dark pixels)");
    }
}
