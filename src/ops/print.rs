//! Printable documents from the ruleset's views and its templates (`templates/<ruleset>/`):
//! unit cards as a PDF or as SVG cards, a list's roster (PDF, Markdown, HTML, text), a
//! valid list's cards.

use std::path::{Path, PathBuf};

use tera::Context;

use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::Sources;
use crate::render::canvas::{DocFonts, Document, Page};
use crate::render::card::{self, Slot};
use crate::render::flow;
use crate::render::fonts::Fonts;
use crate::render::markup::{self, Located};
use crate::render::sheet::{CardSize, Imposition, Paper};
use crate::render::templates::Templates;
use crate::rulesets::cards::CardsOf;
use crate::rulesets::{ListCheck, Rules, SheetRef};

/// Renders template `name` and parses its output as layout markup.
pub fn layout(templates: &Templates, name: &str, context: &Context) -> Result<Vec<Located>, Error> {
    let text = templates.render(name, context)?;
    markup::parse(&text)
        .map_err(|e| Error::Render(format!("template {}: {e}", templates.origin(name))))
}

/// The PDF of `cards` imposed on `paper`, with a page of backs after each page of fronts when
/// `backs`.
pub fn cards_document(
    lang: Lang,
    paper: Paper,
    backs: bool,
    size: CardSize,
    cards: &[serde_json::Value],
    templates: &Templates,
) -> Result<Vec<u8>, Error> {
    let fonts = Fonts::shared()?;
    let labels = templates.labels(lang.id());
    let imp = Imposition::new(paper, size);
    let mut doc = Document::new("muster — unit cards")?;
    let ruler = labels
        .get("ruler")
        .and_then(|v| v.as_str())
        .unwrap_or("50 mm")
        .to_owned();
    // Every card's blocks first: the deck's scale is the largest that fits them all.
    let fronts_blocks = card_blocks(templates, &labels, cards, "card")?;
    let backs_blocks = if backs {
        card_blocks(templates, &labels, cards, "card-back")?
    } else {
        Vec::new()
    };
    let slot = imp.slot(0, false);
    let front_scale = card::deck_scale(fonts, &doc.fonts, slot, &fronts_blocks);
    let back_scale = card::deck_scale(fonts, &doc.fonts, slot, &backs_blocks);
    let per_page = imp.per_page();
    for (p, chunk) in fronts_blocks.chunks(per_page).enumerate() {
        let mut fronts = Page::new(imp.page.0, imp.page.1);
        imp.crop_marks(&mut fronts);
        imp.ruler(&mut fronts, &doc.fonts, &ruler);
        for (i, blocks) in chunk.iter().enumerate() {
            card::draw(
                &mut fronts,
                fonts,
                &doc.fonts,
                imp.slot(i, false),
                blocks,
                front_scale,
            );
        }
        doc.push(fronts);
        if backs {
            let mut page = Page::new(imp.page.0, imp.page.1);
            imp.crop_marks(&mut page);
            let start = p * per_page;
            for (i, blocks) in backs_blocks[start..start + chunk.len()].iter().enumerate() {
                card::draw(
                    &mut page,
                    fonts,
                    &doc.fonts,
                    imp.slot(i, true),
                    blocks,
                    back_scale,
                );
            }
            doc.push(page);
        }
    }
    Ok(doc.save())
}

/// The layout of each of `cards` by template `name` ("card", "card-back").
fn card_blocks(
    templates: &Templates,
    labels: &toml::Table,
    cards: &[serde_json::Value],
    name: &str,
) -> Result<Vec<Vec<Located>>, Error> {
    cards
        .iter()
        .map(|c| {
            let mut ctx = Context::new();
            ctx.insert("card", c);
            ctx.insert("l", labels);
            layout(templates, name, &ctx)
        })
        .collect()
}

/// Each of `cards` (template contexts) as an SVG document of its own, a card of `size` in
/// millimetres with nothing around it (no paper, crop marks nor ruler), drawn by the same
/// calls as [`cards_document`] draws it on paper: the same deck scale (the largest at which
/// all of `cards` fit), every primitive at its place in the card.
pub fn cards_svg(
    lang: Lang,
    size: CardSize,
    cards: &[serde_json::Value],
    templates: &Templates,
) -> Result<Vec<String>, Error> {
    let fonts = Fonts::shared()?;
    let doc = DocFonts::svg_only();
    let labels = templates.labels(lang.id());
    let blocks = card_blocks(templates, &labels, cards, "card")?;
    let (w, h) = size.size();
    let slot = Slot {
        x: 0.0,
        y: 0.0,
        w,
        h,
    };
    let scale = card::deck_scale(fonts, &doc, slot, &blocks);
    Ok(blocks
        .iter()
        .map(|b| {
            let mut page = Page::svg_only(w, h);
            card::draw(&mut page, fonts, &doc, slot, b, scale);
            crate::render::svg::page(&page)
        })
        .collect())
}

/// The cards of `sheets` (as `muster cards --sheet ID[:FIGURES]` prints them, from the data
/// alone) in `lang`, one SVG document per card, in the ruleset's card size (see
/// [`cards_svg`]). `templates` holds the ruleset's "card" template:
/// `Templates::load(engine.ruleset().templates(), None, &["card"])`. An unknown sheet is the
/// engine's error (with its did-you-mean); no sheet at all is a usage error.
pub fn sheet_cards_svg(
    engine: &Rules,
    templates: &Templates,
    lang: Lang,
    sheets: &[SheetRef],
) -> Result<Vec<String>, Error> {
    let labels = templates.labels(lang.id());
    let cards = engine
        .ruleset()
        .need(engine.cards(), "unit cards")
        .and_then(|x| x.contexts(CardsOf { list: None, sheets }, lang, &labels))?;
    if cards.is_empty() {
        return Err(Error::Usage("no sheet to draw a card of".into()));
    }
    cards_svg(lang, engine.ruleset().card_size(), &cards, templates)
}

/// The card of one sheet (`figures` as `--sheet ID:FIGURES`, `None` for the sheet's own
/// default) as an SVG document: [`sheet_cards_svg`] of one sheet.
pub fn sheet_card_svg(
    engine: &Rules,
    templates: &Templates,
    lang: Lang,
    sheet: &str,
    figures: Option<u32>,
) -> Result<String, Error> {
    let sheets = [SheetRef {
        id: sheet.to_owned(),
        figures,
    }];
    let mut svgs = sheet_cards_svg(engine, templates, lang, &sheets)?;
    match svgs.len() {
        1 => Ok(svgs.remove(0)),
        n => Err(Error::Render(format!(
            "sheet {sheet} gave {n} cards where one was expected"
        ))),
    }
}

/// What `roster -o FILE` writes, from the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RosterFormat {
    Pdf,
    Markdown,
    Html,
    /// Plain text as players post a list in a chat or a forum.
    Text,
}

pub fn roster_document(
    engine: &Rules,
    checked: &ListCheck,
    sources: &Sources,
    lang: Lang,
    format: RosterFormat,
    paper: Paper,
    overrides: Option<&Path>,
) -> Result<Vec<u8>, Error> {
    let name = match format {
        RosterFormat::Pdf => "roster",
        RosterFormat::Markdown => "roster.md",
        RosterFormat::Html => "roster.html",
        RosterFormat::Text => "roster.txt",
    };
    let templates = Templates::load(engine.ruleset().templates(), overrides, &[name])?;
    let checked = &checked.named_in(lang);
    let ctx = roster_context(engine, checked, sources, lang, format, &templates)?;
    Ok(match format {
        RosterFormat::Markdown => templates.render("roster.md", &ctx)?.into_bytes(),
        RosterFormat::Text => {
            // A template's leading comment leaves a blank line: a chat's message starts with
            // its title.
            let mut text = templates
                .render("roster.txt", &ctx)?
                .trim_start_matches(['\n', '\r'])
                .to_owned();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.into_bytes()
        }
        RosterFormat::Html => templates.render("roster.html", &ctx)?.into_bytes(),
        RosterFormat::Pdf => {
            let mut doc = Document::new(&format!("muster — {}", checked.name))?;
            for page in roster_laid_out(&doc.fonts, &templates, checked, &ctx, paper)? {
                doc.push(page);
            }
            doc.save()
        }
    })
}

/// The pages of a list's roster, as `muster roster -o FILE.pdf` lays them out, for a
/// document of `fonts` (a booklet of many rosters puts them one after another).
pub fn roster_pages(
    fonts: &DocFonts,
    engine: &Rules,
    checked: &ListCheck,
    sources: &Sources,
    lang: Lang,
    paper: Paper,
) -> Result<Vec<Page>, Error> {
    let templates = Templates::load(engine.ruleset().templates(), None, &["roster"])?;
    let checked = &checked.named_in(lang);
    let ctx = roster_context(
        engine,
        checked,
        sources,
        lang,
        RosterFormat::Pdf,
        &templates,
    )?;
    roster_laid_out(fonts, &templates, checked, &ctx, paper)
}

/// The context of a roster's templates: the roster (`r`), the labels (`l`), the language
/// and, in a PDF, the share code its QR code carries.
fn roster_context(
    engine: &Rules,
    checked: &ListCheck,
    sources: &Sources,
    lang: Lang,
    format: RosterFormat,
    templates: &Templates,
) -> Result<Context, Error> {
    let labels = templates.labels(lang.id());
    let mut ctx = Context::new();
    ctx.insert(
        "r",
        &engine
            .ruleset()
            .need(engine.lists(), "rosters")
            .and_then(|x| x.roster(checked, sources, lang, &labels))?,
    );
    ctx.insert("l", &labels);
    ctx.insert("lang", lang.id());
    // The PDF carries the list's share code as a QR code when one a phone reads holds it.
    let (share, long) = match format {
        RosterFormat::Pdf => share_qr(engine, checked, sources),
        _ => (String::new(), false),
    };
    ctx.insert("share", &share);
    ctx.insert("share_long", &long);
    Ok(ctx)
}

/// The roster template's pages.
fn roster_laid_out(
    fonts: &DocFonts,
    templates: &Templates,
    checked: &ListCheck,
    ctx: &Context,
    paper: Paper,
) -> Result<Vec<Page>, Error> {
    let blocks = layout(templates, "roster", ctx)?;
    Ok(flow::render(
        fonts,
        Fonts::shared()?,
        paper.size(),
        &format!("muster · {}", checked.name),
        &blocks,
    ))
}

/// The share code of a checked list for its roster's QR code, or `true` when the code is too
/// long for one (the roster says so in a line). A list muster cannot share (its sheet files
/// unreadable) has no QR code and no line.
fn share_qr(engine: &Rules, checked: &ListCheck, sources: &Sources) -> (String, bool) {
    let path = PathBuf::from(sources.name(checked.file));
    let code = crate::rulesets::share::shared(engine, &path, sources.text(checked.file), checked)
        .ok()
        .and_then(|s| crate::core::share_code::encode(&s).ok());
    match code {
        // Whether it fits, not drawn here: the page's layout draws it.
        Some(code) if super::share::code_plan(&code).is_ok() => (code, false),
        Some(_) => (String::new(), true),
        None => (String::new(), false),
    }
}

/// A valid list's unit cards, in the ruleset's default card size on `paper`.
pub fn list_cards(
    engine: &Rules,
    checked: &ListCheck,
    lang: Lang,
    paper: Paper,
) -> Result<Vec<u8>, Error> {
    let templates = Templates::load(engine.ruleset().templates(), None, &["card"])?;
    let labels = templates.labels(lang.id());
    let cards = engine
        .ruleset()
        .need(engine.cards(), "unit cards")
        .and_then(|x| {
            let list = checked.named_in(lang);
            let of = CardsOf {
                list: Some(&list),
                sheets: &[],
            };
            x.contexts(of, lang, &labels)
        })?;
    if cards.is_empty() {
        return Err(Error::Usage("the list has no units to print".into()));
    }
    cards_document(
        lang,
        paper,
        false,
        engine.ruleset().card_size(),
        &cards,
        &templates,
    )
}
