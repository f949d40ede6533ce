//! What a share code carries of a list ([`shared`]), and how an import fits it into the
//! importer's data ([`plan`]): the player's own sheets it uses travel whole; one the importer
//! has already with the same values is left alone, one whose id the importer's data hold with
//! other values is kept apart under another id (`<id>-from-<list>`), the imported list naming
//! it. The code's format itself is `core::share_code`'s.

use std::path::Path;

use toml_edit::{DocumentMut, Item};

use super::{list_doc, priced, ListCheck, PlayerSheets};
use crate::core::catalog::valid_id;
use crate::core::error::Error;
use crate::core::share_code::{Shared, SharedSheet};
use crate::core::words::Phrase;
use crate::rulesets::Rules;

/// What a code carries of the list in `path` (its `text`, checked as `check`): the list's
/// text, each unit without a record of what it was priced with given the one today's data
/// give it (as any edit records it), and the player's own sheets or entries its units use.
///
/// Neither carries a comment. The list's comments are the sharer's notes (where it came from,
/// a plan for the game), nothing the opponent's muster checks or plays with: the list they
/// import has the same tables, keys and values, so the same units, points and validity, and a
/// comment costs a code about a character for each of its characters. A sheet's leading
/// comment says where the sharer's copy came from, and an import writes its own in its place
/// (its other comments are muster's, the same in every copy, which the dictionary holds).
pub fn shared(engine: &Rules, path: &Path, text: &str, check: &ListCheck) -> Result<Shared, Error> {
    let text = text.trim_start_matches('\u{feff}');
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
    let recorded = priced::record(engine, path, &mut doc)?;
    let written = if recorded > 0 {
        doc.to_string()
    } else {
        text.to_owned()
    };
    let list = uncommented(&mut doc, written);
    let mut sheets: Vec<SharedSheet> = Vec::new();
    for row in &check.units {
        let player = row.json.get("provenance").and_then(|p| p.as_str()) == Some("player");
        if !player || sheets.iter().any(|s| s.id == row.id) {
            continue;
        }
        let file = engine
            .ruleset()
            .need(engine.editor(), "sheets to copy")
            .and_then(|x| x.copy_sheet(&row.id, &row.id))?;
        sheets.push(SharedSheet {
            id: row.id.clone(),
            path: file.path,
            text: without_header(&file.text),
        });
    }
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(Shared {
        ruleset: check.ruleset.id().to_owned(),
        name,
        list,
        sheets,
    })
}

/// What becomes of a sheet a code carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// Unknown here: written under its own id.
    New,
    /// Known here with the same values: left alone.
    Same,
    /// Known here with other values: written under `id`, the list naming it.
    Apart { id: String },
    /// Kept apart by an earlier import of the same list: the copy there has the same values.
    SameApart { id: String },
    /// No unit of the list uses it: not written (a code is no way to fill a folder).
    Unused,
}

/// A sheet of the code and what becomes of it.
#[derive(Debug, Clone)]
pub struct PlannedSheet {
    /// Its id in the code.
    pub id: String,
    pub fate: Fate,
    /// Its file's path inside the ruleset's folder of the player's data, and its text, as it
    /// will be written (for `New` and `Apart`).
    pub path: String,
    pub text: String,
}

/// An import worked out, nothing written yet: the list's text (naming the sheets kept apart
/// by their new ids) and each sheet of the code.
#[derive(Debug, Clone)]
pub struct Plan {
    pub list: String,
    pub sheets: Vec<PlannedSheet>,
}

/// Works out where the sheets of `shared` go in the importer's data (`engine`): each in a
/// file of its own in the folder the ruleset reads the player's sheets from (`sheets_at`, the
/// code's own path aside: a code never chooses where a file goes); `taken` says whether a path
/// inside the ruleset's folder of the player's data is already used by a file; `list_name` is
/// the imported list's file name, for the ids of the sheets kept apart. A code carrying one
/// id twice is refused.
pub fn plan(
    engine: &Rules,
    shared: &Shared,
    list_name: &str,
    sheets_at: PlayerSheets,
    taken: &dyn Fn(&str) -> bool,
) -> Result<Plan, Error> {
    let mut doc: DocumentMut =
        shared
            .list
            .trim_start_matches('\u{feff}')
            .parse()
            .map_err(|e: toml_edit::TomlError| {
                Error::Invalid(format!(
                    "the code's list is not TOML: {}",
                    excerpt(e.message())
                ))
            })?;
    for (i, sheet) in shared.sheets.iter().enumerate() {
        if !valid_id(&sheet.id) {
            return Err(Error::Invalid(format!(
                "the code carries a sheet of id `{}`: expected 1 to 64 lowercase letters, digits and hyphens",
                excerpt(&sheet.id).escape_debug()
            )));
        }
        if shared.sheets[..i].iter().any(|s| s.id == sheet.id) {
            return Err(Error::Invalid(format!(
                "the code carries the sheet `{}` twice: a code made by `muster list share` carries each once",
                sheet.id
            )));
        }
    }
    let folder = sheets_at.folder;
    // The sheets or entries the list's units name.
    let used: Vec<String> = match engine.ruleset().list_words().unit_keys.first() {
        Some(key) => (1..=list_doc::unit_count(&doc))
            .filter_map(|i| list_doc::unit_table(&doc, i).ok())
            .filter_map(|u| list_doc::text_of(u, key))
            .collect(),
        None => Vec::new(),
    };
    let mut sheets: Vec<PlannedSheet> = Vec::new();
    let named = crate::core::text::one_line(list_name);
    for sheet in &shared.sheets {
        // Only the one array of the ruleset's sheets: a code never carries an army's header
        // or any other table into the importer's data.
        only_entries(&sheet.text, &sheet.id, sheets_at.table)?;
        let values = entry_values(&sheet.text, &sheet.id)?;
        // The files and ids this import gives already are taken too.
        let planned = |path: &str| taken(path) || sheets.iter().any(|s| s.path == path);
        let ids: Vec<&str> = sheets
            .iter()
            .map(|s| match &s.fate {
                Fate::Apart { id } | Fate::SameApart { id } => id.as_str(),
                _ => s.id.as_str(),
            })
            .chain(shared.sheets.iter().map(|s| s.id.as_str()))
            .collect();
        let fate = if used.contains(&sheet.id) {
            fate(engine, sheet, &values, folder, list_name, &planned, &ids)?
        } else {
            Fate::Unused
        };
        let (path, text) = match &fate {
            Fate::Apart { id } => (
                format!("{folder}/{id}.toml"),
                headed(
                    &renamed(&sheet.text, id)?,
                    &format!(
                        "# `{id}`: the sharer's own `{}`, come with the list {named}\n\
                         # (`muster list import`), kept apart: your own data had this id with other\n\
                         # values. Yours now, to change; `muster data check` checks it.\n",
                        sheet.id
                    ),
                ),
            ),
            _ => (
                format!("{folder}/{}.toml", sheet.id),
                headed(
                    &sheet.text,
                    &format!(
                        "# `{}`: a sheet of the sharer's own, come with the list {named}\n\
                         # (`muster list import`). Yours now, to change; `muster data check` checks it.\n",
                        sheet.id
                    ),
                ),
            ),
        };
        if let Fate::Apart { id } | Fate::SameApart { id } = &fate {
            rename_units(engine, &mut doc, &sheet.id, id)?;
        }
        sheets.push(PlannedSheet {
            id: sheet.id.clone(),
            fate,
            path,
            text,
        });
    }
    let renamed_any = sheets
        .iter()
        .any(|s| matches!(s.fate, Fate::Apart { .. } | Fate::SameApart { .. }));
    Ok(Plan {
        list: if renamed_any {
            doc.to_string()
        } else {
            shared.list.clone()
        },
        sheets,
    })
}

/// At most 200 characters of a text the code carries, on one line, for a message (a code's
/// list may be one line of 200 KB).
fn excerpt(text: &str) -> String {
    const MAX: usize = 200;
    let one = crate::core::text::one_line(text);
    if one.chars().count() <= MAX {
        return one.into_owned();
    }
    let mut cut: String = one.chars().take(MAX).collect();
    cut.push('…');
    cut
}

/// The values of the one entry of a sheet file (its only array of tables holding one table,
/// of id `id`), for comparing with the importer's.
fn entry_values(text: &str, id: &str) -> Result<toml::Table, Error> {
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        Error::Invalid(format!(
            "the code's sheet `{id}` is not TOML: {}",
            excerpt(e.message())
        ))
    })?;
    let entries: Vec<&toml::Value> = table
        .values()
        .filter_map(|v| v.as_array())
        .flatten()
        .collect();
    match entries.as_slice() {
        [toml::Value::Table(t)] if t.get("id").and_then(|v| v.as_str()) == Some(id) => {
            Ok(t.clone())
        }
        _ => Err(Error::Invalid(format!(
            "the code's sheet `{id}`: expected one entry of id `{id}`, found {} entr{}",
            entries.len(),
            if entries.len() == 1 {
                "y of another id"
            } else {
                "ies"
            }
        ))),
    }
}

/// Refuses a carried sheet's file holding anything but its array `[[table]]`.
fn only_entries(text: &str, id: &str, table: &str) -> Result<(), Error> {
    let parsed: toml::Table = toml::from_str(text).map_err(|e| {
        Error::Invalid(format!(
            "the code's sheet `{id}` is not TOML: {}",
            excerpt(e.message())
        ))
    })?;
    match parsed.keys().find(|k| k.as_str() != table) {
        Some(other) => Err(Error::Invalid(format!(
            "the code's sheet `{id}` holds `{}` besides its `[[{table}]]`: a carried sheet is one `[[{table}]]` alone",
            excerpt(other)
        ))),
        None => Ok(()),
    }
}

/// Whether the importer's data hold sheet `id` with these values (`Some(true)`), with others
/// (`Some(false)`), or not at all (`None`).
fn known_as(engine: &Rules, id: &str, values: &toml::Table) -> Result<Option<bool>, Error> {
    if engine
        .ruleset()
        .need(engine.sheets(), "unit sheets to show")
        .and_then(|x| x.sheet(id))
        .is_err()
    {
        return Ok(None);
    }
    let mine = engine
        .ruleset()
        .need(engine.editor(), "sheets to copy")
        .and_then(|x| x.copy_sheet(id, id))?;
    Ok(Some(entry_values(&mine.text, id)? == *values))
}

fn fate(
    engine: &Rules,
    sheet: &SharedSheet,
    values: &toml::Table,
    folder: &str,
    list_name: &str,
    taken: &dyn Fn(&str) -> bool,
    planned_ids: &[&str],
) -> Result<Fate, Error> {
    match known_as(engine, &sheet.id, values)? {
        Some(true) => return Ok(Fate::Same),
        None if !taken(&format!("{folder}/{}.toml", sheet.id)) => return Ok(Fate::New),
        _ => {}
    }
    // Kept apart: `<id>-from-<list>`, then `-2`, `-3`… until one is free or holds these very
    // values (the same list imported again); never an id another sheet of the code has.
    let from: String = list_name
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .filter(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
        .collect();
    let from = from.trim_matches('-');
    let from = if from.is_empty() { "import" } else { from };
    for n in 1..100 {
        let suffix = if n == 1 {
            format!("-from-{from}")
        } else {
            format!("-from-{from}-{n}")
        };
        let keep = 64usize.saturating_sub(suffix.len());
        let stem: String = sheet.id.chars().take(keep).collect();
        let id = format!("{}{suffix}", stem.trim_end_matches('-'));
        if !valid_id(&id) || planned_ids.contains(&id.as_str()) {
            continue;
        }
        let mut apart = values.clone();
        apart.insert("id".into(), toml::Value::String(id.clone()));
        match known_as(engine, &id, &apart)? {
            Some(true) => return Ok(Fate::SameApart { id }),
            None if !taken(&format!("{folder}/{id}.toml")) => return Ok(Fate::Apart { id }),
            _ => {}
        }
    }
    Err(Error::Usage(format!(
        "sheet `{}`: no free id to keep it apart from yours (tried {}-from-{from}…-99)",
        sheet.id, sheet.id
    )))
}

/// A sheet file's text under `header` in the place of its leading comment (the sharer's
/// words about where it came from).
fn headed(text: &str, header: &str) -> String {
    format!("{header}{}", without_header(text))
}

/// A sheet file's text without its leading comment, ending in a line break.
pub fn without_header(text: &str) -> String {
    let body: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim_start().starts_with('#'))
        .collect();
    format!("{}\n", body.join("\n"))
}

/// The list `doc` (whose text is `written`) without its comments, its layout kept otherwise;
/// `written` itself if that would not read as the same tables, keys and values (never seen:
/// a comment is no value, but a list travels as its sharer had it rather than changed).
fn uncommented(doc: &mut DocumentMut, written: String) -> String {
    toml_edit::visit_mut::VisitMut::visit_document_mut(&mut Uncomment, doc);
    let bare = doc.to_string().trim_start_matches(['\n', '\r']).to_owned();
    let values = |t: &str| toml::from_str::<toml::Table>(t).ok();
    match (values(&bare), values(&written)) {
        (Some(a), Some(b)) if a == b => bare,
        _ => written,
    }
}

/// Takes every comment out of a document's decor: its lines whole, a comment after a value
/// with the blanks before it.
struct Uncomment;

/// `raw` (blanks, line breaks and comments: a decor) without its comments: each line of a
/// comment goes whole, but a decor that begins after a value on its line (`mid_line`: in an
/// array) keeps the line break ending its first comment.
fn without_comments(raw: &toml_edit::RawString, mid_line: bool) -> Option<String> {
    let text = raw.as_str()?;
    if !text.contains('#') {
        return None;
    }
    Some(
        text.split_inclusive('\n')
            .enumerate()
            .map(|(i, piece)| match piece.contains('#') {
                false => piece,
                true if i == 0 && mid_line && piece.ends_with('\n') => "\n",
                true => "",
            })
            .collect(),
    )
}

fn uncomment_decor(decor: &mut toml_edit::Decor, mid_line: bool) {
    if let Some(p) = decor.prefix().and_then(|p| without_comments(p, mid_line)) {
        decor.set_prefix(p);
    }
    if let Some(s) = decor.suffix().and_then(|s| without_comments(s, true)) {
        decor.set_suffix(s);
    }
}

impl toml_edit::visit_mut::VisitMut for Uncomment {
    fn visit_document_mut(&mut self, node: &mut DocumentMut) {
        if let Some(t) = without_comments(node.trailing(), false) {
            node.set_trailing(t);
        }
        toml_edit::visit_mut::visit_document_mut(self, node);
    }

    fn visit_table_mut(&mut self, node: &mut toml_edit::Table) {
        uncomment_decor(node.decor_mut(), false);
        toml_edit::visit_mut::visit_table_mut(self, node);
    }

    fn visit_table_like_kv_mut(&mut self, mut key: toml_edit::KeyMut<'_>, node: &mut Item) {
        uncomment_decor(key.leaf_decor_mut(), false);
        uncomment_decor(key.dotted_decor_mut(), false);
        toml_edit::visit_mut::visit_table_like_kv_mut(self, key, node);
    }

    fn visit_value_mut(&mut self, node: &mut toml_edit::Value) {
        uncomment_decor(node.decor_mut(), true);
        toml_edit::visit_mut::visit_value_mut(self, node);
    }

    fn visit_array_mut(&mut self, node: &mut toml_edit::Array) {
        if let Some(t) = without_comments(node.trailing(), true) {
            node.set_trailing(t);
        }
        toml_edit::visit_mut::visit_array_mut(self, node);
    }

    fn visit_inline_table_mut(&mut self, node: &mut toml_edit::InlineTable) {
        if let Some(p) = without_comments(node.trailing(), true) {
            node.set_trailing(p);
        }
        toml_edit::visit_mut::visit_inline_table_mut(self, node);
    }
}

/// A sheet file's text with its entry's id changed, its comments and layout kept.
fn renamed(text: &str, id: &str) -> Result<String, Error> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| Error::Invalid(format!("the code's sheet is not TOML: {e}")))?;
    for (_, item) in doc.iter_mut() {
        if let Item::ArrayOfTables(a) = item {
            for t in a.iter_mut() {
                t["id"] = toml_edit::value(id);
            }
        }
    }
    Ok(doc.to_string())
}

/// Each unit of the list naming sheet `from` names `to` instead.
fn rename_units(engine: &Rules, doc: &mut DocumentMut, from: &str, to: &str) -> Result<(), Error> {
    let Some(key) = engine.ruleset().list_words().unit_keys.first().copied() else {
        return Ok(());
    };
    for i in 1..=list_doc::unit_count(doc) {
        let unit = list_doc::unit_table_mut(doc, i)?;
        if list_doc::text_of(unit, key).as_deref() == Some(from) {
            list_doc::set_item(unit, key, toml_edit::value(to));
        }
    }
    Ok(())
}

/// A unit the importer's data price otherwise than the sharer's did, in words: "unit 2
/// (43rd Light): 114 points for them, 138 here", or the values that differ.
pub fn priced_otherwise(engine: &Rules, check: &ListCheck) -> Vec<Phrase> {
    engine
        .lists()
        .map(|lists| priced::changes(lists, check))
        .unwrap_or_default()
        .into_iter()
        .map(|c| {
            let phrase = match c.cost {
                Some((was, now)) => Phrase::new(
                    "import-priced-otherwise",
                    "unit {unit} ({name}): {was|# point|# points} for them, {now} here",
                )
                .count("was", was)
                .count("now", now),
                None => Phrase::new(
                    "import-values-differ",
                    "unit {unit} ({name}): their {noun} and yours differ ({what})",
                )
                .label("noun", format!("priced_noun_{}", c.noun), c.noun)
                .name(
                    "what",
                    priced::change_named(engine.ruleset(), engine.lists(), &c),
                ),
            };
            phrase
                .count("unit", c.unit)
                .name("name", priced::unit_name(check, &c))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every comment goes: whole lines, after a value, inside arrays and before the end; a
    /// `#` inside a string stays, and so does every value.
    #[test]
    fn a_list_travels_without_its_comments() {
        let text = "# My list: a plan for Saturday.\n\
            [list]\n\
            name = \"No #1 company\" # the best\n\
            points = 600\n\
            \n\
            # The riflemen screen the line.\n\
            [[units]]\n\
            sheet = \"a\"\n\
            skills = [\n  \"x\", # free\n  # paid\n  \"y\",\n  # none more\n]\n\
            free = { unit = 1, skill = \"x\" } # §10.1\n\
            note = '''\n# not a comment\n'''\n\
            # the end\n";
        let mut doc: DocumentMut = text.parse().unwrap();
        let bare = uncommented(&mut doc, text.to_owned());
        assert_eq!(
            bare,
            "[list]\n\
            name = \"No #1 company\"\n\
            points = 600\n\
            \n\
            [[units]]\n\
            sheet = \"a\"\n\
            skills = [\n  \"x\",\n  \"y\",\n]\n\
            free = { unit = 1, skill = \"x\" }\n\
            note = '''\n# not a comment\n'''\n"
        );
        assert_eq!(
            toml::from_str::<toml::Table>(&bare).unwrap(),
            toml::from_str::<toml::Table>(text).unwrap()
        );
    }
}
