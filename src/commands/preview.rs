//! `muster preview PROCEDURE`: the ruleset's engine works out the request (its list units read
//! first), and the result is printed as a text table or JSON, and drawn when `--plot` asks.

use std::path::PathBuf;

use super::{load_engine, print_out, to_json};
use crate::cli::preview::PreviewCommand;
use crate::cli::preview::PreviewFormat;
use crate::core::error::Error;
use crate::core::output::{check_output_path, write_output};
use crate::core::source::Sources;
use crate::render::plot;
use crate::rulesets::naming::resolve_files;
use crate::rulesets::procedure::Chart;

pub fn run(dirs: &[PathBuf], command: PreviewCommand) -> Result<u8, Error> {
    let PreviewCommand {
        mut request,
        format,
        plot,
    } = command;
    let procedure = request.procedure;
    // Refused before any work: a procedure without a distribution has nothing to draw.
    let what = match (procedure.chart, &plot) {
        (Chart::None(why), Some(_)) => {
            return Err(Error::Usage(format!("--plot draws distributions; {why}")))
        }
        (Chart::Of(what), _) => what,
        (Chart::None(_), None) => "",
    };
    let mut sources = Sources::new();
    let engine = load_engine(request.ruleset, dirs, &mut sources)?;
    resolve_files(engine.as_ref(), &mut request)?;
    let preview = engine.preview(&request)?;
    if let Some(path) = &plot {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let svg = plot::svg_bars(what, &preview.series);
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
    match format {
        PreviewFormat::Json => print_out(&to_json(&preview.json))?,
        PreviewFormat::Text => print_out(&preview.text)?,
    }
    Ok(0)
}
