//! `muster preview PROCEDURE`: the ruleset's engine works out the request (its list units read
//! first), and the result is printed as a text table or JSON, and drawn when `--plot` asks.

use std::path::PathBuf;

use super::{load_engine, print_out, to_json};
use crate::cli::preview::PreviewCommand;
use crate::cli::preview::PreviewFormat;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::names::NameKind;
use crate::core::output::{check_output_path, write_output};
use crate::core::source::Sources;
use crate::core::table::english;
use crate::render::plot;
use crate::rulesets::naming::resolve_files;
use crate::rulesets::procedure::{Chart, UnitRef, UNIT_NAMING};

pub fn run(dirs: &[PathBuf], command: PreviewCommand) -> Result<u8, Error> {
    let PreviewCommand {
        mut request,
        format,
        plot,
    } = command;
    let procedure = request.procedure;
    // Refused before any work: a procedure without a distribution has nothing to draw.
    if let (Chart::None(why), Some(_)) = (procedure.chart, &plot) {
        return Err(Error::Usage(format!("--plot draws distributions; {why}")));
    }
    let mut sources = Sources::new();
    let engine = load_engine(request.ruleset, dirs, &mut sources)?;
    resolve_files(engine.as_ref(), &mut request)?;
    // Sheets and skills given by their names; a list's units named in the command line's
    // language.
    let namer = super::named::Namer::new(engine.as_ref(), None)?;
    for (kind, text) in request.named_mut() {
        *text = namer.id(kind, text, None)?;
    }
    let lang = super::named::cli_lang(engine.ruleset());
    for unit in request.units_mut() {
        match unit {
            UnitRef::Sheet { id, .. } => {
                let named = namer.id(NameKind::Unit, id, None).map_err(|e| match e {
                    // What looks like a file may have been meant as one.
                    Error::Usage(m) if id.contains('.') => {
                        Error::Usage(format!("{m} ({UNIT_NAMING})"))
                    }
                    e => e,
                })?;
                *id = named;
            }
            UnitRef::Listed(l) => l.row.in_lang(lang),
            UnitRef::File { .. } => {}
        }
    }
    let preview = engine.preview(&request)?;
    if let Some(path) = &plot {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let title = procedure
            .chart
            .title()
            .map(|t| t.english())
            .unwrap_or_default();
        let svg = plot::svg(
            &plot::Bars {
                title: &title,
                series: &english(&preview.series),
                legend: true,
                lang: Lang::En,
            },
            plot::WIDTH,
        );
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

/// The ruleset of the list or game files a `muster preview` command line names its units by
/// (`FILE:N`, `FILE:LABEL`, `GAME:a3`, or a legacy `--…-list FILE`), when no `--ruleset` is
/// given: the first such file whose ruleset reads (`[list] ruleset`, `[game] ruleset`), with
/// the argument that names it. The ruleset a command line of units of one list previews with
/// is that list's.
pub fn ruleset_of_units(args: &[std::ffi::OsString]) -> Option<(String, crate::rulesets::Ruleset)> {
    args.iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .find_map(|arg| {
            let value = arg
                .strip_prefix("--")
                .and_then(|a| a.split_once('='))
                .map_or(arg, |(_, v)| v);
            // `FILE:UNIT`, the file ending in .toml; or the file alone (a legacy flag's value).
            let path = match value.rsplit_once(".toml:") {
                Some((stem, _)) => format!("{stem}.toml"),
                None if value.ends_with(".toml") => value.to_owned(),
                None => return None,
            };
            let path = std::path::Path::new(&path);
            if !path.is_file() {
                return None;
            }
            let text = crate::core::source::read_text(path).ok()?;
            ["list", "game"]
                .iter()
                .find_map(|table| crate::rulesets::named_ruleset(&text, table).ok().flatten())
                .map(|r| (value.to_owned(), r))
        })
}
