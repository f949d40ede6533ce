//! The layout markup the templates produce: one directive per line (`title …`, `row a | b`,
//! `table 3 1 1`, …). Templates decide what is printed and in which order; the card and flow
//! layouts decide where, measuring the text.
//!
//! Values reach the markup escaped ([`escape`], applied by the templates to every `{{ }}`):
//! a backslash before `\`, `|`, `:` and `=`, and `\n` for a line break, so that no value can
//! add a directive, a cell, or a label. Numbers are checked against the bounds a page can show.

/// One directive of the markup.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// Flag stripes: colours, and whether they run vertically.
    Band(Vec<String>, bool),
    Title(String),
    Subtitle(String),
    /// Boxed cells: (label, value).
    Stats(Vec<(String, String)>),
    /// A label and values in equal columns.
    Row(Vec<String>),
    Text(String),
    Item(String),
    /// A skill's name and its reminder.
    Skill(String, String),
    /// Casualty boxes, with a label.
    Boxes(u32, String),
    /// A QR code of a text (a list's share code), with a caption beside it.
    Qr(String, String),
    /// Left and right parts of the footer line.
    Footer(String, String),
    Small(String),
    Section(String),
    Columns(u32),
    FontSize(f32),
    /// A table: relative column widths; then a header and rows until `end`.
    Table(Vec<f32>),
    Header(Vec<String>),
    End,
    Rule,
    Gap,
    /// What marks a section heading repeated where the section continues: `(suite)`.
    Continued(String),
    /// A new page (flowing documents): what follows starts at the top of the next page.
    Page,
}

/// A block with the line of the template output it came from (for messages).
pub type Located = (usize, Block);

/// The most casualty boxes a card draws (a battalion of the largest armies has up to 36 figures).
pub const MAX_BOXES: u32 = 100;
/// Font sizes a flowing document accepts, in points.
pub const FONT_SIZES: std::ops::RangeInclusive<f32> = 3.0..=24.0;
/// The most columns a flowing document or a table has.
pub const MAX_COLUMNS: u32 = 4;
pub const MAX_TABLE_COLUMNS: usize = 16;

/// Escapes a value for the markup (the templates' escape function).
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '|' | ':' | '=' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' | '\t' => out.push(' '),
            c if crate::core::text::is_unsafe(c) => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Removes the escapes of [`escape`].
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push(' '),
                Some(next) => out.push(next),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out.trim().to_owned()
}

/// Splits on each unescaped occurrence of `sep`.
fn split_unescaped<'a>(s: &'a str, sep: &str) -> Vec<&'a str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '\\' {
            chars.next();
        } else if i >= start && s[i..].starts_with(sep) {
            parts.push(&s[start..i]);
            start = i + sep.len();
        }
    }
    parts.push(s.get(start..).unwrap_or(""));
    parts
}

fn cells(s: &str) -> Vec<String> {
    split_unescaped(s, "|").into_iter().map(unescape).collect()
}

fn pair(s: &str) -> (String, String) {
    let mut parts = split_unescaped(s, "::").into_iter();
    let first = parts.next().map(unescape).unwrap_or_default();
    let rest: Vec<&str> = parts.collect();
    (first, unescape(&rest.join("::")))
}

/// Parses template output. Blank lines and lines starting with `//` are skipped.
pub fn parse(text: &str) -> Result<Vec<Located>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let n = i + 1;
        let number = |what: &str| -> Result<f32, String> {
            rest.parse::<f32>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("output line {n}: `{word}` needs {what}, found `{rest}`"))
        };
        let bounded = |v: f32, range: std::ops::RangeInclusive<f32>, what: &str| {
            if range.contains(&v) {
                Ok(v)
            } else {
                Err(format!(
                    "output line {n}: `{word}` {what} must be between {} and {}, found {v}",
                    range.start(),
                    range.end()
                ))
            }
        };
        let block = match word {
            "band" => {
                let mut colours: Vec<String> = rest.split_whitespace().map(str::to_owned).collect();
                let vertical = colours.last().is_some_and(|c| c == "vertical");
                if vertical {
                    colours.pop();
                }
                colours.truncate(16);
                Block::Band(colours, vertical)
            }
            "title" => Block::Title(unescape(rest)),
            "subtitle" => Block::Subtitle(unescape(rest)),
            "stats" => Block::Stats(
                split_unescaped(rest, "|")
                    .into_iter()
                    .map(|c| {
                        let parts = split_unescaped(c, "=");
                        if parts.len() >= 2 {
                            (unescape(parts[0]), unescape(&parts[1..].join("=")))
                        } else {
                            (String::new(), unescape(c))
                        }
                    })
                    .collect(),
            ),
            "row" => Block::Row(cells(rest)),
            "text" => Block::Text(unescape(rest)),
            "item" => Block::Item(unescape(rest)),
            "skill" => {
                let (a, b) = pair(rest);
                Block::Skill(a, b)
            }
            "boxes" => {
                let (count, label) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let count: u32 = count.parse().map_err(|_| {
                    format!("output line {n}: `boxes` needs a number, found `{count}`")
                })?;
                if count > MAX_BOXES {
                    return Err(format!(
                        "output line {n}: `boxes` draws at most {MAX_BOXES} boxes, found {count}"
                    ));
                }
                Block::Boxes(count, unescape(label))
            }
            "qr" => {
                let (caption, text) = pair(rest);
                Block::Qr(caption, text)
            }
            "footer" => {
                let (a, b) = pair(rest);
                Block::Footer(a, b)
            }
            "small" => Block::Small(unescape(rest)),
            "section" => Block::Section(unescape(rest)),
            "columns" => {
                let c = bounded(
                    number("a number of columns")?,
                    1.0..=MAX_COLUMNS as f32,
                    "columns",
                )?;
                Block::Columns(c as u32)
            }
            "fontsize" => {
                Block::FontSize(bounded(number("a size in points")?, FONT_SIZES, "size")?)
            }
            "table" => {
                let widths: Vec<f32> = rest
                    .split_whitespace()
                    .map(|w| w.parse::<f32>().ok().filter(|v| v.is_finite() && *v > 0.0 && *v <= 100.0))
                    .collect::<Option<_>>()
                    .ok_or_else(|| {
                        format!("output line {n}: `table` needs relative column widths (numbers above 0, at most 100), found `{rest}`")
                    })?;
                if widths.is_empty() || widths.len() > MAX_TABLE_COLUMNS {
                    return Err(format!(
                        "output line {n}: `table` has 1 to {MAX_TABLE_COLUMNS} columns, found {}",
                        widths.len()
                    ));
                }
                Block::Table(widths)
            }
            "header" => Block::Header(cells(rest)),
            "end" => Block::End,
            "rule" => Block::Rule,
            "gap" => Block::Gap,
            "continued" => Block::Continued(unescape(rest)),
            "page" => Block::Page,
            other => return Err(format!("output line {n}: unknown directive `{other}`")),
        };
        out.push((n, block));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_directives() {
        let blocks = parse("band #FFFFFF #000000 vertical\n\ntitle A / B\nstats I=6 | M=5\nskill Bon œil (15) :: range shifts\nboxes 3 Pertes\n").unwrap();
        assert_eq!(
            blocks[0].1,
            Block::Band(vec!["#FFFFFF".into(), "#000000".into()], true)
        );
        assert_eq!(blocks[1], (3, Block::Title("A / B".into())));
        assert_eq!(
            blocks[2].1,
            Block::Stats(vec![("I".into(), "6".into()), ("M".into(), "5".into())])
        );
        assert_eq!(
            blocks[3].1,
            Block::Skill("Bon œil (15)".into(), "range shifts".into())
        );
        assert_eq!(blocks[4].1, Block::Boxes(3, "Pertes".into()));
        assert!(parse("frobnicate x")
            .unwrap_err()
            .contains("unknown directive `frobnicate`"));
    }

    #[test]
    fn escaped_values_stay_values() {
        let hostile = "x\nboxes 4294967295 x | y :: z = w \\";
        let text = format!(
            "title {}\nrow {} | 2\nskill {} :: {}\n",
            escape(hostile),
            escape(hostile),
            escape(hostile),
            escape("a::b")
        );
        let blocks = parse(&text).unwrap();
        assert_eq!(blocks.len(), 3);
        let flat = "x boxes 4294967295 x | y :: z = w \\";
        assert_eq!(blocks[0].1, Block::Title(flat.into()));
        assert_eq!(blocks[1].1, Block::Row(vec![flat.into(), "2".into()]));
        assert_eq!(blocks[2].1, Block::Skill(flat.into(), "a::b".into()));
    }

    #[test]
    fn numbers_are_bounded() {
        for bad in [
            "fontsize NaN",
            "fontsize inf",
            "fontsize 1e9",
            "columns 0",
            "columns 99",
            "boxes 4294967295 x",
            "boxes 101 x",
            "table 1 NaN",
            "table 0 1",
            "table",
        ] {
            assert!(parse(bad).is_err(), "{bad} accepted");
        }
    }
}
