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
use crate::core::table::said;
use crate::render::plot;
use crate::rulesets::naming::resolve_files;
use crate::rulesets::procedure::{Chart, UnitRef, UNIT_NAMING};

pub fn run(dirs: &[PathBuf], command: PreviewCommand) -> Result<u8, Error> {
    let PreviewCommand {
        mut request,
        format,
        plot,
        lang: asked,
    } = command;
    let procedure = request.procedure;
    // Refused before any work: a procedure without a distribution has nothing to draw.
    if let (Chart::None(why), Some(_)) = (procedure.chart, &plot) {
        return Err(Error::Usage(format!("--plot draws distributions; {why}")));
    }
    let mut sources = Sources::new();
    let engine = load_engine(request.ruleset, dirs, &mut sources)?;
    // The text's language: --lang, else the first list's (or game's side a's) `lang`, else
    // the command line's.
    let listed = first_list_lang(engine.as_ref(), &request);
    let asked = asked.map(|l| match l {
        Lang::Fr => crate::cli::LangArg::Fr,
        Lang::Es => crate::cli::LangArg::Es,
        Lang::En => crate::cli::LangArg::En,
    });
    let lang = super::said_lang(engine.ruleset(), asked, listed)?;
    request.in_lang(lang);
    resolve_files(engine.as_ref(), &mut request)?;
    // Sheets and skills given by their names; a list's units named in the command line's
    // language.
    let namer = super::named::Namer::new(engine.as_ref(), None)?;
    for (kind, text) in request.named_mut() {
        *text = namer.id(kind, text, None)?;
    }
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
    // What the rules refuse is said in the asked language (the command line's own mistakes,
    // which name its options, stay in English as clap's do).
    let preview = engine.preview(&request).map_err(|e| match e {
        Error::Cannot { said, .. } if lang != Lang::En => Error::Cannot {
            cli: said.say(lang, &request.said()),
            said,
        },
        e => e,
    })?;
    if let Some(path) = &plot {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let words = request.said();
        let title = procedure
            .chart
            .title()
            .map(|t| t.say(lang, &words))
            .unwrap_or_default();
        let svg = plot::svg(
            &plot::Bars {
                title: &title,
                series: &said(&preview.series, lang, &words),
                legend: true,
                lang,
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

/// The `lang` of the list (or, for a game, of side a's list) the request's first unit of a
/// file comes from; `None` when no unit comes from a file or the file does not read (its
/// errors are said when its units are read).
fn first_list_lang(
    engine: &crate::rulesets::Rules,
    request: &crate::rulesets::procedure::Request,
) -> Option<Lang> {
    let path = request.units().find_map(|u| match u {
        UnitRef::File { path, .. } => Some(path.clone()),
        _ => None,
    })?;
    if crate::rulesets::game::file_is_game(&path) {
        return crate::rulesets::game::read_game(engine, &path).ok()?.a.lang;
    }
    let text = crate::core::source::read_text(&path).ok()?;
    let doc: toml::Table = toml::from_str(&text).ok()?;
    let id = doc.get("list")?.get("lang")?.as_str()?;
    Lang::ALL.into_iter().find(|l| l.id() == id)
}
