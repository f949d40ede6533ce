//! `muster cards`, `muster qrs`, `muster roster`: printable documents from the ruleset's views
//! and its templates (`templates/<ruleset>/`).

use std::path::{Path, PathBuf};

use tera::Context;

use super::check::open_list;
use super::{language, load_engine};
use crate::cli::{CardsArgs, CardsFormat, QrsArgs, RosterArgs};
use crate::core::diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::output::{check_output_path, is_stdout, write_output};
use crate::core::source::Sources;
pub use crate::ops::print::{
    cards_document, cards_svg, layout, list_cards, roster_document, sheet_card_svg,
    sheet_cards_svg, RosterFormat,
};
use crate::render::canvas::Document;
use crate::render::flow;
use crate::render::fonts::Fonts;
use crate::render::sheet::CardSize;
use crate::render::templates::Templates;
use crate::rulesets::cards::CardsOf;
use crate::rulesets::Rules;
use crate::rulesets::{ListCheck, Ruleset, SheetRef};

/// The PDF of `cards` (template contexts) in `lang`, imposed on the paper of `args`.
pub fn cards_pdf(
    args: &CardsArgs,
    lang: Lang,
    size: CardSize,
    cards: &[serde_json::Value],
    templates: &Templates,
) -> Result<Vec<u8>, Error> {
    cards_document(lang, args.paper.into(), args.backs, size, cards, templates)
}

/// What `muster cards` writes: `--format`, else SVG for an output named `.svg`; a format
/// and an extension that disagree are refused.
fn cards_format(args: &CardsArgs) -> Result<CardsFormat, Error> {
    let svg_named = args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let format = match (args.format, svg_named) {
        (Some(CardsFormat::Pdf), true) => {
            return Err(Error::Usage(format!(
                "{}: --format pdf writes a PDF; name it .pdf, or write SVG with --format svg",
                args.output.display()
            )))
        }
        (Some(CardsFormat::Svg), false) if !is_stdout(&args.output) => {
            return Err(Error::Usage(format!(
                "{}: --format svg writes SVG cards; name the output FILE.svg (or - for standard output)",
                args.output.display()
            )))
        }
        (Some(f), _) => f,
        (None, true) => CardsFormat::Svg,
        (None, false) => CardsFormat::Pdf,
    };
    if format == CardsFormat::Svg && args.backs {
        return Err(Error::Usage(
            "--backs: an SVG card has one face; print backs in a PDF".into(),
        ));
    }
    Ok(format)
}

/// `card.svg` → `card-N.svg`.
fn numbered(path: &Path, n: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "svg".into());
    path.with_file_name(format!("{stem}-{n}.{ext}"))
}

/// Writes SVG cards: one to `out` itself, several to `out`'s numbered siblings, each checked
/// as any output before the first is written.
fn write_svg_cards(out: &Path, inputs: &[&Path], svgs: &[String]) -> Result<(), Error> {
    if let [svg] = svgs {
        write_output(out, svg.as_bytes())?;
        eprintln!(
            "wrote {}: 1 card, {} KB",
            out.display(),
            svg.len().div_ceil(1024)
        );
        return Ok(());
    }
    if is_stdout(out) {
        return Err(Error::Usage(format!(
            "{} cards: standard output takes one SVG card; -o FILE.svg writes FILE-1.svg to FILE-{}.svg",
            svgs.len(),
            svgs.len()
        )));
    }
    let paths: Vec<PathBuf> = (1..=svgs.len()).map(|n| numbered(out, n)).collect();
    for p in &paths {
        check_output_path(p, inputs)?;
    }
    for (p, svg) in paths.iter().zip(svgs) {
        write_output(p, svg.as_bytes())?;
    }
    eprintln!(
        "wrote {} … {}: {} cards, {} KB",
        paths[0].display(),
        paths[paths.len() - 1].display(),
        svgs.len(),
        svgs.iter().map(String::len).sum::<usize>().div_ceil(1024)
    );
    Ok(())
}

pub fn run_cards(dirs: &[PathBuf], flag: Option<Ruleset>, args: &CardsArgs) -> Result<u8, Error> {
    let ins: Vec<&Path> = args.list.iter().map(PathBuf::as_path).collect();
    let format = cards_format(args)?;
    check_output_path(&args.output, &ins)?;
    let mut sources = Sources::new();
    let (engine, mut list): (Rules, Option<ListCheck>) = match &args.list {
        Some(path) => {
            let (engine, checked) = open_list(dirs, &mut sources, path, flag)?;
            if !checked.is_valid() && !args.allow_invalid {
                diagnostic::print_all(&checked.diagnostics, &sources);
                return Err(Error::Invalid(format!(
                    "{} is not a legal list; fix it, or print anyway with --allow-invalid",
                    path.display()
                )));
            }
            (engine, Some(checked))
        }
        None => (
            load_engine(flag.unwrap_or_default(), dirs, &mut sources)?,
            None,
        ),
    };
    let names: &[&str] = if args.backs {
        &["card", "card-back"]
    } else {
        &["card"]
    };
    let lang = language(
        engine.ruleset(),
        args.lang,
        list.as_ref().and_then(|l| l.lang),
    )?;
    let templates = Templates::load(
        engine.ruleset().templates(),
        args.templates.as_deref(),
        names,
    )?;
    let labels = templates.labels(lang.id());
    if let Some(list) = &mut list {
        list.in_lang(lang);
    }
    let namer = super::named::Namer::new(engine.as_ref(), Some(lang))?;
    let sheets: Vec<SheetRef> = args
        .sheets
        .iter()
        .map(|s| {
            Ok(SheetRef {
                id: namer.id(crate::core::names::NameKind::Unit, &s.sheet, None)?,
                figures: s.figures,
            })
        })
        .collect::<Result<_, Error>>()?;
    let cards = engine
        .ruleset()
        .need(engine.cards(), "unit cards")
        .and_then(|x| {
            let of = CardsOf {
                list: list.as_ref(),
                sheets: &sheets,
            };
            x.contexts(of, lang, &labels)
        })?;
    if cards.is_empty() {
        return Err(Error::Usage(
            "nothing to print: give a LIST or --sheet ID".into(),
        ));
    }
    let size = args
        .card
        .map(CardSize::from)
        .unwrap_or_else(|| engine.ruleset().card_size());
    if format == CardsFormat::Svg {
        let svgs = cards_svg(lang, size, &cards, &templates)?;
        write_svg_cards(&args.output, &ins, &svgs)?;
        return Ok(0);
    }
    let pdf = cards_pdf(args, lang, size, &cards, &templates)?;
    write_output(&args.output, &pdf)?;
    eprintln!(
        "wrote {}: {} cards, {} KB",
        args.output.display(),
        cards.len(),
        pdf.len().div_ceil(1024)
    );
    Ok(0)
}

pub fn qrs_pdf(
    engine: &Rules,
    args: &QrsArgs,
    lang: Lang,
    templates: &Templates,
) -> Result<Vec<u8>, Error> {
    let labels = templates.labels(lang.id());
    let mut ctx = Context::new();
    ctx.insert("q", &engine.qrs(lang, &labels)?);
    ctx.insert("l", &labels);
    let blocks = layout(templates, "qrs", &ctx)?;
    let fonts = Fonts::shared()?;
    // The document's own title, in its language (the ruleset's name when it has none).
    let title = labels
        .get("qrs_title")
        .and_then(|v| v.as_str())
        .unwrap_or(engine.ruleset().title())
        .to_owned();
    let mut doc = Document::new(&title)?;
    for page in flow::render(
        &doc.fonts,
        fonts,
        Into::<crate::render::sheet::Paper>::into(args.paper).size(),
        &format!("muster · {title}"),
        &blocks,
    ) {
        doc.push(page);
    }
    Ok(doc.save())
}

pub fn run_qrs(dirs: &[PathBuf], flag: Option<Ruleset>, args: &QrsArgs) -> Result<u8, Error> {
    check_output_path(&args.output, &[])?;
    let mut sources = Sources::new();
    let engine = load_engine(flag.unwrap_or_default(), dirs, &mut sources)?;
    let lang = language(engine.ruleset(), args.lang, None)?;
    let templates = Templates::load(
        engine.ruleset().templates(),
        args.templates.as_deref(),
        &["qrs"],
    )?;
    let pdf = qrs_pdf(engine.as_ref(), args, lang, &templates)?;
    write_output(&args.output, &pdf)?;
    eprintln!(
        "wrote {}: {} KB",
        args.output.display(),
        pdf.len().div_ceil(1024)
    );
    Ok(0)
}

fn roster_format(path: &Path) -> Result<RosterFormat, Error> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("pdf") => Ok(RosterFormat::Pdf),
        Some("md") | Some("markdown") => Ok(RosterFormat::Markdown),
        Some("html") | Some("htm") => Ok(RosterFormat::Html),
        Some("txt") | Some("text") => Ok(RosterFormat::Text),
        _ => Err(Error::Usage(format!(
            "{}: the roster is written as .pdf, .md, .html or .txt (or give --format)",
            path.display()
        ))),
    }
}

/// A list's roster in `format`, from the ruleset's templates (or those of `overrides`).
impl From<crate::cli::RosterFormatArg> for RosterFormat {
    fn from(f: crate::cli::RosterFormatArg) -> Self {
        match f {
            crate::cli::RosterFormatArg::Pdf => RosterFormat::Pdf,
            crate::cli::RosterFormatArg::Md => RosterFormat::Markdown,
            crate::cli::RosterFormatArg::Html => RosterFormat::Html,
            crate::cli::RosterFormatArg::Text => RosterFormat::Text,
        }
    }
}

pub fn run_roster(dirs: &[PathBuf], flag: Option<Ruleset>, args: &RosterArgs) -> Result<u8, Error> {
    let stdout = PathBuf::from("-");
    let (output, format) = match (&args.output, args.format) {
        (Some(out), Some(f)) => {
            let format = RosterFormat::from(f);
            match roster_format(out) {
                Ok(named) if named != format => {
                    return Err(Error::Usage(format!(
                        "{}: its extension says another format than --format; name it after the format (or leave --format out)",
                        out.display()
                    )))
                }
                _ => (out, format),
            }
        }
        (Some(out), None) => (out, roster_format(out)?),
        (None, Some(f)) => (&stdout, RosterFormat::from(f)),
        (None, None) => {
            return Err(Error::Usage(
                "roster: give -o FILE (.pdf, .md, .html or .txt), or --format text to print it"
                    .into(),
            ))
        }
    };
    check_output_path(output, &[args.list.as_path()])?;
    let mut sources = Sources::new();
    let (engine, checked) = open_list(dirs, &mut sources, &args.list, flag)?;
    let lang = language(engine.ruleset(), args.lang, checked.lang)?;
    let bytes = roster_document(
        engine.as_ref(),
        &checked,
        &sources,
        lang,
        format,
        args.paper.into(),
        args.templates.as_deref(),
    )?;
    write_output(output, &bytes)?;
    if is_stdout(output) {
        return Ok(0);
    }
    eprintln!(
        "wrote {}: {} ({})",
        output.display(),
        if checked.is_valid() {
            "valid"
        } else {
            "invalid"
        },
        diagnostic::summary(&checked.diagnostics)
    );
    Ok(0)
}
