//! The layout markup the templates produce: one directive per line (`title …`, `row a | b`,
//! `table 3 1 1`, …). Templates decide what is printed and in which order; the card and flow
//! layouts decide where, measuring the text.

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
}

/// A block with the line of the template output it came from (for messages).
pub type Located = (usize, Block);

fn cells(s: &str) -> Vec<String> {
    s.split('|').map(|c| c.trim().to_owned()).collect()
}

fn pair(s: &str) -> (String, String) {
    match s.split_once("::") {
        Some((a, b)) => (a.trim().to_owned(), b.trim().to_owned()),
        None => (s.trim().to_owned(), String::new()),
    }
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
                .map_err(|_| format!("output line {n}: `{word}` needs {what}, found `{rest}`"))
        };
        let block = match word {
            "band" => {
                let mut colours: Vec<String> = rest.split_whitespace().map(str::to_owned).collect();
                let vertical = colours.last().is_some_and(|c| c == "vertical");
                if vertical {
                    colours.pop();
                }
                Block::Band(colours, vertical)
            }
            "title" => Block::Title(rest.to_owned()),
            "subtitle" => Block::Subtitle(rest.to_owned()),
            "stats" => Block::Stats(
                cells(rest)
                    .into_iter()
                    .map(|c| match c.split_once('=') {
                        Some((l, v)) => (l.trim().to_owned(), v.trim().to_owned()),
                        None => (String::new(), c),
                    })
                    .collect(),
            ),
            "row" => Block::Row(cells(rest)),
            "text" => Block::Text(rest.to_owned()),
            "item" => Block::Item(rest.to_owned()),
            "skill" => {
                let (a, b) = pair(rest);
                Block::Skill(a, b)
            }
            "boxes" => {
                let (count, label) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let count = count.parse().map_err(|_| {
                    format!("output line {n}: `boxes` needs a number, found `{count}`")
                })?;
                Block::Boxes(count, label.trim().to_owned())
            }
            "footer" => {
                let (a, b) = pair(rest);
                Block::Footer(a, b)
            }
            "small" => Block::Small(rest.to_owned()),
            "section" => Block::Section(rest.to_owned()),
            "columns" => Block::Columns(number("a number of columns")? as u32),
            "fontsize" => Block::FontSize(number("a size in points")?),
            "table" => {
                let widths: Result<Vec<f32>, _> =
                    rest.split_whitespace().map(str::parse::<f32>).collect();
                Block::Table(widths.map_err(|_| {
                    format!("output line {n}: `table` needs relative column widths, found `{rest}`")
                })?)
            }
            "header" => Block::Header(cells(rest)),
            "end" => Block::End,
            "rule" => Block::Rule,
            "gap" => Block::Gap,
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
}
