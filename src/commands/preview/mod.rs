//! `muster preview`: each ruleset's procedures, and the output they share (text tables with
//! bars, JSON, plots).

pub mod capitan;
pub mod fire_classes;
pub mod hm_qrs;
pub mod thucydide;
pub mod wab_aca;

use std::path::PathBuf;

use super::{print_out, require, to_json};
use crate::cli::preview::PreviewCommand;
use crate::cli::{PreviewFormat, PreviewOutput};
use crate::core::error::Error;
use crate::core::output::{check_output_path, write_output};
use crate::core::source::Sources;
use crate::render::plot;
use crate::rulesets::Ruleset;

pub fn run(dirs: &[PathBuf], command: PreviewCommand) -> Result<u8, Error> {
    match command {
        PreviewCommand::Capitan(c) => {
            let mut sources = Sources::new();
            let loaded = crate::rulesets::capitan::data::load(dirs, &mut sources)?;
            let db = require(
                Ruleset::Capitan,
                loaded.database,
                loaded.diagnostics,
                &sources,
            )?;
            capitan::run(&db, c)
        }
        PreviewCommand::WabAca(c) => {
            let mut sources = Sources::new();
            let loaded = crate::rulesets::wab_aca::data::load(dirs, &mut sources)?;
            let db = require(
                Ruleset::WabAca,
                loaded.database,
                loaded.diagnostics,
                &sources,
            )?;
            wab_aca::run(&db, c)
        }
        PreviewCommand::FireClasses(c) => {
            let mut sources = Sources::new();
            let loaded = crate::rulesets::fire_classes::data::load(dirs, &mut sources)?;
            let db = require(
                Ruleset::FireClasses,
                loaded.database,
                loaded.diagnostics,
                &sources,
            )?;
            fire_classes::run(&db, c)
        }
        PreviewCommand::Thucydide(c) => {
            let mut sources = Sources::new();
            let loaded = crate::rulesets::thucydide::data::load(dirs, &mut sources)?;
            let db = require(
                Ruleset::Thucydide,
                loaded.database,
                loaded.diagnostics,
                &sources,
            )?;
            thucydide::run(&db, c)
        }
        PreviewCommand::HmQrs(c) => {
            let mut sources = Sources::new();
            let loaded = crate::rulesets::hm_qrs::data::load(dirs, &mut sources)?;
            let db = require(
                Ruleset::HmQrs,
                loaded.database,
                loaded.diagnostics,
                &sources,
            )?;
            hm_qrs::run(&db, c)
        }
    }
}

// ── output ──────────────────────────────────────────────────────────────────────────────────

/// Prints JSON (one object, or an array when comparing) or text, and draws the plot.
pub fn emit(
    output: &PreviewOutput,
    what: &str,
    mut values: Vec<serde_json::Value>,
    series: &[Series],
    text: impl FnOnce(&mut String),
) -> Result<u8, Error> {
    if let Some(path) = &output.plot {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let svg = plot::svg_bars(what, series);
        let bytes = match ext.as_deref() {
            Some("svg") => svg.into_bytes(),
            Some("png") => plot::png(&svg)?,
            _ => {
                return Err(Error::Usage(format!(
                    "--plot draws .svg or .png files, found {}",
                    path.display()
                )))
            }
        };
        check_output_path(path, &[])?;
        write_output(path, &bytes)?;
    }
    match output.format {
        PreviewFormat::Json => {
            let value = if values.len() == 1 {
                values.remove(0)
            } else {
                serde_json::Value::Array(values)
            };
            print_out(&to_json(&value))?;
        }
        PreviewFormat::Text => {
            let mut s = String::new();
            text(&mut s);
            print_out(&s)?;
        }
    }
    Ok(0)
}

/// A labelled distribution: P(= k) for k = 0, 1, …
pub type Series = (String, Vec<f64>);

/// P(=k) and P(≥k) for each series side by side, each with its bar (on one scale, so that
/// the bars of a comparison compare).
pub fn distribution_table(what: &str, series: &[Series]) -> String {
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
                        "  {pk:>10.4}  {:>10.4}  {:<w$}",
                        ge.min(1.0),
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
