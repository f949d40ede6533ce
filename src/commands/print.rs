//! `muster cards`, `muster qrs`, `muster roster`: printable documents from templates.

use std::path::{Path, PathBuf};

use tera::Context;

use super::check::read_and_check;
use super::sheets::unknown;
use crate::capitan::army::base_cost;
use crate::capitan::model::{Kind, Lang};
use crate::capitan::views::{self, CardView};
use crate::capitan::Database;
use crate::cli::{CardsArgs, LangArg, QrsArgs, RosterArgs};
use crate::diagnostic;
use crate::error::Error;
use crate::output::{check_output_path, write_atomic};
use crate::render::canvas::{Document, Page};
use crate::render::fonts::Fonts;
use crate::render::markup::{self, Located};
use crate::render::sheet::Imposition;
use crate::render::templates::Templates;
use crate::render::{card, flow};
use crate::source::Sources;

fn lang(l: LangArg) -> Lang {
    match l {
        LangArg::Fr => Lang::Fr,
        LangArg::Es => Lang::Es,
        LangArg::En => Lang::En,
    }
}

/// Renders template `name` and parses its output as layout markup.
fn layout(templates: &Templates, name: &str, context: &Context) -> Result<Vec<Located>, Error> {
    let text = templates.render(name, context)?;
    markup::parse(&text)
        .map_err(|e| Error::Render(format!("template {}: {e}", templates.origin(name))))
}

/// The cards to print: from a list (checked first) and/or from sheet ids.
pub fn card_views(
    db: &Database,
    args: &CardsArgs,
    templates: &Templates,
) -> Result<Vec<CardView>, Error> {
    let lang = lang(args.lang);
    let labels = templates.labels(views::lang_id(lang));
    let mut cards = Vec::new();
    if let Some(path) = &args.list {
        let mut sources = Sources::new();
        let checked = read_and_check(db, &mut sources, path)?;
        if !checked.is_valid() && !args.allow_invalid {
            diagnostic::print_all(&checked.diagnostics, &sources);
            return Err(Error::Invalid(format!(
                "{} is not a legal list; fix it, or print anyway with --allow-invalid",
                path.display()
            )));
        }
        for row in &checked.rows {
            let sheet = db
                .sheet(&row.sheet)
                .ok_or_else(|| unknown("sheet", &row.sheet, db.sheets.ids()))?;
            let boxes = row
                .figures
                .unwrap_or_else(|| views::default_boxes(db, sheet));
            cards.push(views::card(
                db,
                sheet,
                Some(&row.label),
                boxes,
                &row.skills,
                Some(row.cost),
                lang,
                &labels,
            ));
        }
    }
    for arg in &args.sheets {
        let sheet = db
            .sheet(&arg.sheet)
            .ok_or_else(|| unknown("sheet", &arg.sheet, db.sheets.ids()))?;
        let boxes = arg
            .figures
            .unwrap_or_else(|| views::default_boxes(db, sheet));
        let offered: Vec<(String, u32)> = sheet
            .skills
            .iter()
            .map(|s| (s.id.clone(), s.cost))
            .collect();
        let cost =
            (arg.figures.is_some() || sheet.kind == Kind::Command).then(|| base_cost(sheet, boxes));
        cards.push(views::card(
            db, sheet, None, boxes, &offered, cost, lang, &labels,
        ));
    }
    if cards.is_empty() {
        return Err(Error::Usage(
            "nothing to print: give a LIST or --sheet ID".into(),
        ));
    }
    Ok(cards)
}

/// The PDF of `cards`, imposed on `args.paper`.
pub fn cards_pdf(
    args: &CardsArgs,
    cards: &[CardView],
    templates: &Templates,
) -> Result<Vec<u8>, Error> {
    let fonts = Fonts::load()?;
    let labels = templates.labels(views::lang_id(lang(args.lang)));
    let imp = Imposition::new(args.paper, args.card);
    let mut doc = Document::new("muster — unit cards")?;
    let ruler = views::label(&labels, "ruler");
    for chunk in cards.chunks(imp.per_page()) {
        let mut fronts = Page::new(imp.page.0, imp.page.1);
        imp.crop_marks(&mut fronts);
        imp.ruler(&mut fronts, &doc.fonts, &ruler);
        let mut backs = args.backs.then(|| {
            let mut p = Page::new(imp.page.0, imp.page.1);
            imp.crop_marks(&mut p);
            p
        });
        for (i, c) in chunk.iter().enumerate() {
            let mut ctx = Context::new();
            ctx.insert("card", c);
            ctx.insert("l", &labels);
            let blocks = layout(templates, "card", &ctx)?;
            card::draw(&mut fronts, &fonts, &doc.fonts, imp.slot(i, false), &blocks);
            if let Some(b) = backs.as_mut() {
                let blocks = layout(templates, "card-back", &ctx)?;
                card::draw(b, &fonts, &doc.fonts, imp.slot(i, true), &blocks);
            }
        }
        doc.push(fronts);
        if let Some(b) = backs {
            doc.push(b);
        }
    }
    Ok(doc.save())
}

fn inputs(paths: &[Option<&PathBuf>]) -> Vec<PathBuf> {
    paths.iter().flatten().map(|p| p.to_path_buf()).collect()
}

pub fn run_cards(db: &Database, args: &CardsArgs) -> Result<u8, Error> {
    let ins = inputs(&[args.list.as_ref()]);
    check_output_path(
        &args.output,
        &ins.iter().map(PathBuf::as_path).collect::<Vec<_>>(),
    )?;
    let names: &[&str] = if args.backs {
        &["card", "card-back"]
    } else {
        &["card"]
    };
    let templates = Templates::load(args.templates.as_deref(), names)?;
    let cards = card_views(db, args, &templates)?;
    let pdf = cards_pdf(args, &cards, &templates)?;
    write_atomic(&args.output, &pdf)?;
    eprintln!(
        "wrote {}: {} cards, {} KB",
        args.output.display(),
        cards.len(),
        pdf.len().div_ceil(1024)
    );
    Ok(0)
}

pub fn qrs_pdf(db: &Database, args: &QrsArgs, templates: &Templates) -> Result<Vec<u8>, Error> {
    let lang = lang(args.lang);
    let labels = templates.labels(views::lang_id(lang));
    let mut ctx = Context::new();
    ctx.insert("q", &views::qrs(db, lang, &labels));
    ctx.insert("l", &labels);
    let blocks = layout(templates, "qrs", &ctx)?;
    let fonts = Fonts::load()?;
    let mut doc = Document::new("Capitán — quick reference")?;
    flow::render(
        &mut doc,
        &fonts,
        args.paper.size(),
        "muster · Capitán",
        &blocks,
    );
    Ok(doc.save())
}

pub fn run_qrs(db: &Database, args: &QrsArgs) -> Result<u8, Error> {
    check_output_path(&args.output, &[])?;
    let templates = Templates::load(args.templates.as_deref(), &["qrs"])?;
    let pdf = qrs_pdf(db, args, &templates)?;
    write_atomic(&args.output, &pdf)?;
    eprintln!(
        "wrote {}: {} KB",
        args.output.display(),
        pdf.len().div_ceil(1024)
    );
    Ok(0)
}

/// What `roster -o FILE` writes, from the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RosterFormat {
    Pdf,
    Markdown,
    Html,
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
        _ => Err(Error::Usage(format!(
            "{}: the roster is written as .pdf, .md or .html",
            path.display()
        ))),
    }
}

pub fn run_roster(db: &Database, args: &RosterArgs) -> Result<u8, Error> {
    check_output_path(&args.output, &[args.list.as_path()])?;
    let format = roster_format(&args.output)?;
    let name = match format {
        RosterFormat::Pdf => "roster",
        RosterFormat::Markdown => "roster.md",
        RosterFormat::Html => "roster.html",
    };
    let templates = Templates::load(args.templates.as_deref(), &[name])?;
    let lang = lang(args.lang);
    let labels = templates.labels(views::lang_id(lang));
    let mut sources = Sources::new();
    let checked = read_and_check(db, &mut sources, &args.list)?;
    let mut ctx = Context::new();
    ctx.insert("r", &views::roster(db, &checked, &sources, lang, &labels));
    ctx.insert("l", &labels);
    ctx.insert("lang", views::lang_id(lang));
    let bytes = match format {
        RosterFormat::Markdown => templates.render("roster.md", &ctx)?.into_bytes(),
        RosterFormat::Html => templates.render("roster.html", &ctx)?.into_bytes(),
        RosterFormat::Pdf => {
            let blocks = layout(&templates, "roster", &ctx)?;
            let fonts = Fonts::load()?;
            let mut doc = Document::new(&format!("muster — {}", checked.list.list.name))?;
            flow::render(
                &mut doc,
                &fonts,
                args.paper.size(),
                &format!("muster · {}", checked.list.list.name),
                &blocks,
            );
            doc.save()
        }
    };
    write_atomic(&args.output, &bytes)?;
    eprintln!(
        "wrote {}: {} ({})",
        args.output.display(),
        if checked.is_valid() {
            "valid"
        } else {
            "invalid"
        },
        diagnostic::summary(&checked.diagnostics)
    );
    Ok(0)
}
