//! `muster sheets` and `muster sheets show ID`.

use super::{print_out, to_json};
use tera::Context;

use super::print::layout;
use crate::cli::{Format, LangArg};
use crate::core::error::Error;
use crate::core::table::text_table;
use crate::render::templates::Templates;
use crate::render::text::card_text;
use crate::rulesets::Rules;
use crate::rulesets::{Listing, SheetFilter, SheetRef};

pub fn list(engine: &Rules, filter: &SheetFilter, format: Format) -> Result<u8, Error> {
    print_listing(
        &engine
            .ruleset()
            .need(engine.sheets(), "unit sheets to list")
            .and_then(|x| x.listing(filter))?,
        format,
    )?;
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
        for card in cards.contexts(None, &[sheet], lang, &labels)? {
            let mut ctx = Context::new();
            ctx.insert("card", &card);
            ctx.insert("l", &labels);
            let sep = crate::rulesets::label(&labels, "sep");
            text.push_str(&card_text(&layout(&templates, "card", &ctx)?, &sep));
        }
        text.push_str(&whose(engine, id, &json));
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
    super::player_layer::refuse_defined(engine, player, id)?;
    let file = engine
        .ruleset()
        .need(engine.editor(), "sheets to copy")
        .and_then(|x| x.copy_sheet(from, id))?;
    let path = super::player_layer::ruleset_dir(player, engine.ruleset()).join(&file.path);
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
    if edit {
        let editor = std::env::var_os("VISUAL")
            .or_else(|| std::env::var_os("EDITOR"))
            .ok_or_else(|| Error::Usage("--edit: neither $VISUAL nor $EDITOR is set".into()))?;
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

/// Whose a sheet is, as `sheets show` says under its card: the book's, muster's illustrative
/// values, or the player's own (its file, and the sheet it replaces).
fn whose(engine: &Rules, id: &str, json: &serde_json::Value) -> String {
    let replaced = engine
        .editor()
        .map(|e| e.replaced())
        .unwrap_or_default()
        .into_iter()
        .find(|r| r.id == id);
    match json.get("provenance").and_then(|p| p.as_str()) {
        Some("official") => "source: the rulebook (official)\n".to_owned(),
        Some("illustrative") => {
            "source: illustrative values written for muster, not an official sheet\n".to_owned()
        }
        Some("player") => match replaced {
            Some(r) => format!("source: yours ({}), in the place of {}\n", r.by, r.first),
            None => "source: yours (your data folder)\n".to_owned(),
        },
        _ => String::new(),
    }
}

/// A listing as JSON, or as a table with a count under it.
pub fn print_listing(listing: &Listing, format: Format) -> Result<(), Error> {
    match format {
        Format::Json => print_out(&to_json(&listing.json)),
        Format::Table => {
            let mut out = text_table(&listing.header, &listing.rows);
            out.push_str(&format!("{} {}\n", listing.rows.len(), listing.noun));
            print_out(&out)
        }
    }
}

/// A sheet typed in the editor, read over the data: its text (the form's values as the
/// entry's TOML, named as the player's file would be), the sources it was read into, and the
/// draft (its engine, id and diagnostics).
pub struct Typed {
    pub text: String,
    pub sources: crate::core::source::Sources,
    pub draft: crate::rulesets::Draft,
}

/// The most values a typed sheet may have (top-level keys); a sheet type has a few dozen.
pub const MAX_KEYS: usize = 200;

/// Reads the form's `values` as the player's sheet over `engine`'s data.
pub fn typed(
    engine: &Rules,
    form: &crate::rulesets::SheetForm,
    values: &serde_json::Map<String, serde_json::Value>,
) -> Result<Typed, Error> {
    if values.len() > MAX_KEYS {
        return Err(Error::Usage(format!(
            "a sheet has at most {MAX_KEYS} values, found {}",
            values.len()
        )));
    }
    let text = crate::rulesets::sheet_form::draft_text(form, values);
    let id = values.get("id").and_then(|v| v.as_str()).unwrap_or("");
    let name = if crate::core::catalog::valid_id(id) {
        format!("{id}.toml")
    } else {
        "sheet.toml".to_owned()
    };
    let path = std::path::Path::new(super::PLAYER_DATA)
        .join(engine.ruleset().id())
        .join(form.folder)
        .join(name);
    let mut sources = crate::core::source::Sources::new();
    let file = sources.add(&path, text.clone());
    let draft = engine
        .ruleset()
        .need(engine.editor(), "sheet editor")
        .and_then(|x| x.draft(&sources, file))?;
    Ok(Typed {
        text,
        sources,
        draft,
    })
}

/// The player's sheet file with a typed sheet saved in it: a new file is the typed text
/// under a line that says what it is; in a file already there (the one that defines it,
/// [`super::player_layer::place`]), the sheet of the same id takes the typed values key by key, its comments and the rest of the file
/// kept, and a key the sheet did not have goes to its place in the form's order.
pub fn saved_text(
    form: &crate::rulesets::SheetForm,
    current: Option<&str>,
    typed: &str,
    id: &str,
    was: Option<&serde_json::Value>,
) -> Result<String, Error> {
    use toml_edit::{DocumentMut, Item};
    let Some(current) = current else {
        return Ok(format!(
            "# Your own sheet `{id}`, written by muster's sheet editor; yours to change.\n{typed}"
        ));
    };
    let shape = super::list::Shape::of(current);
    let mut doc: DocumentMut = current
        .trim_start_matches('\u{feff}')
        .parse()
        .map_err(|e| Error::Invalid(format!("the sheet file is not TOML: {e}")))?;
    let new: DocumentMut = typed
        .parse()
        .map_err(|e| Error::Render(format!("the typed sheet: {e}")))?;
    let new = new
        .get(form.table)
        .and_then(Item::as_array_of_tables)
        .and_then(|a| a.get(0))
        .ok_or_else(|| Error::Render("the typed sheet has no table".into()))?;
    let tables = doc
        .get_mut(form.table)
        .and_then(Item::as_array_of_tables_mut)
        .ok_or_else(|| {
            Error::Invalid(format!(
                "the sheet file has no [[{}]] to save into",
                form.table
            ))
        })?;
    let count = tables.len();
    let at = tables
        .iter()
        .position(|t| t.get("id").and_then(Item::as_str) == Some(id))
        .ok_or_else(|| {
            Error::Invalid(format!(
                "the sheet file holds {count} sheets, none with the id `{id}`"
            ))
        })?;
    let Some(table) = tables.get_mut(at) else {
        return Err(Error::Render("the sheet file changed while read".into()));
    };
    let gone: Vec<String> = table
        .iter()
        .map(|(k, _)| k.to_owned())
        .filter(|k| !new.contains_key(k))
        .collect();
    for k in gone {
        table.remove(&k);
    }
    let mut added = false;
    for (k, item) in new.iter() {
        // A key the file leaves out is written only when it says something: `false`, `[]`
        // and `{}` are what its absence means (every field of a sheet type defaults so).
        if !table.contains_key(k)
            && (says_nothing(item) || same_as_read(item, was.and_then(|w| w.get(k))))
        {
            continue;
        }
        added |= !table.contains_key(k);
        crate::rulesets::list_doc::set_item(table, k, item.clone());
    }
    if added {
        let place = |k: &str| {
            form.fields
                .iter()
                .position(|f| f.key == k)
                .unwrap_or(usize::MAX)
        };
        table.sort_values_by(|a, _, b, _| place(a.get()).cmp(&place(b.get())));
    }
    Ok(shape.apply(doc.to_string()))
}

/// Whether a typed value is what the sheet already had for that key as the data read it
/// (an entry's army, said once by its file's `[army]`): a key the file leaves out stays out.
fn same_as_read(item: &toml_edit::Item, was: Option<&serde_json::Value>) -> bool {
    let (Some(value), Some(was)) = (item.as_value(), was) else {
        return false;
    };
    let typed: Option<serde_json::Value> = format!("v = {value}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|t| t.get("v").cloned())
        .and_then(|v| serde_json::to_value(v).ok());
    typed.as_ref() == Some(was)
}

/// Whether a value is what a sheet's key means when left out: `false`, an empty array or
/// table (the sheet types' fields default so: `#[serde(default)]`).
fn says_nothing(item: &toml_edit::Item) -> bool {
    use toml_edit::Value;
    match item.as_value() {
        Some(Value::Boolean(b)) => !*b.value(),
        Some(Value::Array(a)) => a.is_empty(),
        Some(Value::InlineTable(t)) => t.is_empty(),
        _ => item.as_table().is_some_and(toml_edit::Table::is_empty),
    }
}
