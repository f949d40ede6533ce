//! Plain-text tables for the terminal.

use crate::core::i18n::Lang;
use crate::core::words::{English, Phrase, Words};

/// Left-aligned text table with a header row and a rule under it.
pub fn text_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let mut s = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i + 1 == cells.len() {
                s.push_str(cell);
            } else {
                s.push_str(cell);
                s.push_str(&" ".repeat(widths[i] - cell.chars().count() + 2));
            }
        }
        s.trim_end().to_owned() + "\n"
    };
    let mut out = line(header.to_vec());
    out.push_str(&line(
        widths
            .iter()
            .map(|w| "─".repeat(*w))
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect(),
    ));
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

/// A distribution named in words: P(= k) for k = 0, 1, …, and what it counts (said in the
/// language of the page or document that shows it).
pub type Series = (Phrase, Vec<f64>);

/// The series named in `lang`.
pub fn said(series: &[Series], lang: Lang, words: &dyn Words) -> Vec<(String, Vec<f64>)> {
    series
        .iter()
        .map(|(name, p)| (name.say(lang, words), p.clone()))
        .collect()
}

/// The series named in English (the command line's).
pub fn english(series: &[Series]) -> Vec<(String, Vec<f64>)> {
    said(series, Lang::En, &English)
}

/// P(=k) and P(≥k) for each series side by side, each with its bar (on one scale, so that
/// the bars of a comparison compare); the numbers as `lang` writes them (0,6096 in French).
pub fn distribution_table(what: &str, series: &[(String, Vec<f64>)], lang: Lang) -> String {
    let rows = series.iter().map(|(_, p)| p.len()).max().unwrap_or(0);
    let width = if series.len() > 1 { 14 } else { 30 };
    let mut out = String::new();
    if series.len() > 1 {
        for (i, (label, _)) in series.iter().enumerate() {
            out.push_str(&format!("  [{}] {label}\n", i + 1));
        }
    }
    out.push_str(&format!("  {what}\n"));
    if series.len() > 1 {
        out.push_str(&format!("  {:<8}", ""));
        for i in 0..series.len() {
            out.push_str(&format!("  {:<w$}", format!("[{}]", i + 1), w = 24 + width));
        }
        out.push('\n');
    }
    out.push_str(&format!("  {:<8}", "k"));
    for _ in series {
        out.push_str(&format!(
            "  {:>10}  {:>10}  {:w$}",
            "P(=k)",
            "P(≥k)",
            "",
            w = width
        ));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    let top = series
        .iter()
        .flat_map(|(_, p)| p.iter().copied())
        .fold(0.0, f64::max)
        .max(1e-12);
    for k in 0..rows {
        let mut line = format!("  {k:<8}");
        for (_, p) in series {
            match p.get(k) {
                Some(pk) => {
                    let ge: f64 = p.iter().skip(k).sum();
                    let bar = (pk / top * width as f64).round() as usize;
                    line.push_str(&format!(
                        "  {:>10}  {:>10}  {:<w$}",
                        crate::core::words::decimal(lang, *pk, 4),
                        crate::core::words::decimal(lang, ge.min(1.0), 4),
                        "█".repeat(bar),
                        w = width
                    ));
                }
                None => line.push_str(&format!("  {:>10}  {:>10}  {:w$}", "", "", "", w = width)),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
