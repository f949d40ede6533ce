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

pub use crate::core::table::{distribution_table, Series};
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
