//! `muster sheets` and `muster sheets show ID`.

use super::{print_out, to_json};
use tera::Context;

use crate::cli::{Format, LangArg};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::table::text_table;
use crate::core::words::Phrase;
use crate::ops::print::layout;
use crate::render::templates::Templates;
use crate::render::text::card_text;
use crate::rulesets::cards::CardsOf;
use crate::rulesets::Rules;
use crate::rulesets::{Listing, SheetFilter, SheetRef};

/// `muster sheets`: the sheets (or entries, classes) in `lang` (the command line's without
/// `--lang`).
pub fn list(
    engine: &Rules,
    filter: &SheetFilter,
    format: Format,
    lang: Option<LangArg>,
) -> Result<u8, Error> {
    let ruleset = engine.ruleset();
    let lang = super::said_lang(ruleset, lang, None)?;
    let listing = ruleset
        .need(engine.sheets(), "unit sheets to list")
        .and_then(|x| x.listing(filter, lang))?;
    print_listing(&listing, format, ruleset, lang)?;
    Ok(0)
}

/// One sheet: its JSON, or as text what its card says, in `lang` (the card's template read as
/// text; a ruleset without cards gives its own text).
pub fn show(engine: &Rules, id: &str, format: Format, lang: Option<LangArg>) -> Result<u8, Error> {
    let id = &super::named::Namer::new(engine, lang.map(Into::into))?.id(
        crate::core::names::NameKind::Unit,
        id,
        None,
    )?;
    let ruleset = engine.ruleset();
    let sheets = ruleset.need(engine.sheets(), "unit sheets to show")?;
    let json = sheets.sheet(id)?;
    if format == Format::Json {
        print_out(&to_json(&json))?;
        return Ok(0);
    }
    let lang = super::language(ruleset, lang, None)?;
    let text = if let Some(cards) = engine.cards() {
        let templates = Templates::load(ruleset.templates(), None, &["card"])?;
        let labels = templates.labels(lang.id());
        let sheet = SheetRef {
            id: id.to_owned(),
            figures: None,
        };
        let mut text = String::new();
        for card in cards.contexts(
            CardsOf {
                list: None,
                sheets: &[sheet],
            },
            lang,
            &labels,
        )? {
            let mut ctx = Context::new();
            ctx.insert("card", &card);
            ctx.insert("l", &labels);
            let sep = crate::rulesets::label(&labels, "sep");
            text.push_str(&card_text(&layout(&templates, "card", &ctx)?, &sep));
        }
        text.push_str(&whose(engine, id, &json, lang));
        text
    } else {
        let templates = Templates::load(ruleset.templates(), None, &[])?;
        let text = sheets.sheet_text(id, lang, &templates.labels(lang.id()));
        ruleset.need(text, "unit sheets to show")??
    };
    print_out(&text)?;
    Ok(0)
}

/// `muster sheets new NEW-ID --from ID`: a copy of a sheet in the player's data folder, never
/// over a file already there; with `edit`, opened in the player's editor.
pub fn new(engine: &Rules, id: &str, from: &str, edit: bool) -> Result<u8, Error> {
    let from = &super::named::Namer::new(engine, None)?.id(
        crate::core::names::NameKind::Unit,
        from,
        None,
    )?;
    let player = std::path::Path::new(super::PLAYER_DATA);
    // An id the player's layer defines already is changed where it is, never defined twice.
    crate::ops::player_layer::refuse_defined(engine, player, id)?;
    // The editor is found before anything is written: no copy left behind by a refusal.
    let editor = if edit { Some(text_editor()?) } else { None };
    let file = engine
        .ruleset()
        .need(engine.editor(), "sheets to copy")
        .and_then(|x| x.copy_sheet(from, id))?;
    let path = crate::ops::player_layer::ruleset_dir(player, engine.ruleset()).join(&file.path);
    crate::core::output::write_new(&path, file.text.as_bytes())?;
    let replaces = if id == from
        || engine
            .ruleset()
            .need(engine.sheets(), "unit sheets to show")
            .and_then(|x| x.sheet(id))
            .is_ok()
    {
        format!(" (yours takes the place of `{id}` of the data)")
    } else {
        String::new()
    };
    eprintln!(
        "wrote {}: a copy of `{from}`{replaces}; change it, then `muster data check`",
        path.display()
    );
    if let Some(editor) = editor {
        let status = std::process::Command::new(&editor)
            .arg(&path)
            .status()
            .map_err(|e| {
                Error::Usage(format!(
                    "--edit: cannot run {}: {e}",
                    editor.to_string_lossy()
                ))
            })?;
        if !status.success() {
            return Ok(1);
        }
    }
    Ok(0)
}

/// The player's text editor, as git finds one: `$VISUAL`, else `$EDITOR` (an empty one is
/// unset), else the first of the system's usual editors on the `PATH` (`editor`, `nano`,
/// `vi`; Notepad on Windows). None: a usage error that says how to name one.
fn text_editor() -> Result<std::ffi::OsString, Error> {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(e) = set("VISUAL").or_else(|| set("EDITOR")) {
        return Ok(e);
    }
    let usual: &[&str] = if cfg!(windows) {
        &["notepad.exe"]
    } else {
        &["editor", "nano", "vi"]
    };
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in usual {
        if std::env::split_paths(&path).any(|dir| dir.join(name).is_file()) {
            return Ok(name.into());
        }
    }
    Err(Error::Usage(format!(
        "--edit: no text editor found: neither $VISUAL nor $EDITOR is set, and none of {} is on the PATH; nothing written (set EDITOR, e.g. `EDITOR=nano muster sheets new …`, or leave out --edit and open the file yourself)",
        usual.join(", ")
    )))
}

/// Whose a sheet is, as `sheets show` says under its card: the book's, muster's illustrative
/// values, or the player's own (its file, and the sheet it replaces).
fn whose(engine: &Rules, id: &str, json: &serde_json::Value, lang: Lang) -> String {
    let replaced = engine
        .editor()
        .map(|e| e.replaced())
        .unwrap_or_default()
        .into_iter()
        .find(|r| r.id == id);
    let said = match json.get("provenance").and_then(|p| p.as_str()) {
        Some("official") => Phrase::new("source-official", "source: the rulebook (official)"),
        Some("illustrative") => Phrase::new(
            "source-illustrative",
            "source: illustrative values written for muster, not an official sheet",
        ),
        Some("player") => match replaced {
            Some(r) => Phrase::new(
                "source-yours-replacing",
                "source: yours ({file}), in the place of {first}",
            )
            .text("file", r.by.to_string())
            .text("first", r.first.to_string()),
            None => Phrase::new("source-yours", "source: yours (your data folder)"),
        },
        _ => return String::new(),
    };
    format!(
        "{}\n",
        said.say(lang, &super::said_words(engine.ruleset(), lang))
    )
}

/// A listing as JSON, or as a table with a count under it.
pub fn print_listing(
    listing: &Listing,
    format: Format,
    ruleset: crate::rulesets::Ruleset,
    lang: crate::core::i18n::Lang,
) -> Result<(), Error> {
    match format {
        Format::Json => print_out(&to_json(&listing.json)),
        Format::Table => {
            let words = super::said_words(ruleset, lang);
            let header: Vec<String> = listing.header.iter().map(|h| h.say(lang, &words)).collect();
            let header: Vec<&str> = header.iter().map(String::as_str).collect();
            let mut out = text_table(&header, &listing.rows);
            out.push_str(&listing.noun.say(lang, &words));
            out.push('\n');
            print_out(&out)
        }
    }
}
