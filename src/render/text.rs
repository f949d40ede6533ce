//! A card as plain text, for the terminal (`muster sheets show`): the same blocks the card
//! template gives the PDF, so the text says what the card says, in the card's language.

use super::markup::{Block, Located};

/// The blocks of one card as lines of text; `sep` sets a skill's name from its reminder (the
/// language's ": " or " : ").
pub fn card_text(blocks: &[Located], sep: &str) -> String {
    let mut out = String::new();
    // Rows of one table, aligned together.
    let mut table: Vec<Vec<String>> = Vec::new();
    let flush = |table: &mut Vec<Vec<String>>, out: &mut String| {
        if table.is_empty() {
            return;
        }
        let n = table.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..n)
            .map(|i| {
                table
                    .iter()
                    .filter_map(|r| r.get(i))
                    .map(|c| c.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in table.drain(..) {
            let mut line = String::from("  ");
            for (i, cell) in row.iter().enumerate() {
                line.push_str(cell);
                if i + 1 < row.len() {
                    line.push_str(&" ".repeat(widths[i] - cell.chars().count() + 2));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    };
    for (_, block) in blocks {
        if !matches!(block, Block::Row(_) | Block::Header(_) | Block::Table(_)) {
            flush(&mut table, &mut out);
        }
        match block {
            Block::Title(t) => {
                out.push_str(t);
                out.push('\n');
            }
            Block::Subtitle(t) | Block::Text(t) | Block::Small(t) => {
                out.push_str(t);
                out.push('\n');
            }
            Block::Item(t) => {
                out.push_str(&format!("• {t}\n"));
            }
            Block::Stats(cells) => {
                let parts: Vec<String> = cells.iter().map(|(l, v)| format!("{l} {v}")).collect();
                out.push_str(&parts.join(" · "));
                out.push('\n');
            }
            Block::Row(cells) | Block::Header(cells) => table.push(cells.clone()),
            Block::Skill(name, reminder) => {
                if reminder.is_empty() {
                    out.push_str(&format!("{name}\n"));
                } else {
                    out.push_str(&format!("{name}{sep}{reminder}\n"));
                }
            }
            Block::Boxes(n, label) => {
                out.push_str(&format!("{label} {}\n", "□".repeat(*n as usize)));
            }
            Block::Footer(left, right) => {
                let line = match (left.is_empty(), right.is_empty()) {
                    (false, false) => format!("{left} — {right}"),
                    (true, false) => right.clone(),
                    _ => left.clone(),
                };
                out.push_str(line.trim());
                out.push('\n');
            }
            _ => {}
        }
    }
    flush(&mut table, &mut out);
    out
}
