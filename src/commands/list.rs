//! `muster list new|add|remove`: edit a list file without losing the user's comments and
//! layout (toml_edit), written atomically, then show the new total and diagnostics.

use std::path::Path;

use toml_edit::{value, Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

use super::check::roster_text;
use super::print_out;
use super::sheets::unknown;
use crate::capitan::checker;
use crate::capitan::model::Coalition;
use crate::capitan::Database;
use crate::cli::ListCommand;
use crate::diagnostic;
use crate::error::Error;
use crate::output::write_atomic;
use crate::source::Sources;

pub fn run(db: &Database, command: ListCommand) -> Result<u8, Error> {
    match command {
        ListCommand::New {
            file,
            name,
            coalition,
            campaign,
            points,
            rank,
            force,
        } => new(
            db,
            &file,
            &name,
            coalition.into(),
            &campaign,
            points,
            rank.as_deref(),
            force,
        ),
        ListCommand::Add {
            file,
            sheet,
            figures,
            skills,
            label,
        } => add(db, &file, &sheet, figures, &skills, label.as_deref()),
        ListCommand::Remove { file, index } => remove(db, &file, index),
    }
}

#[allow(clippy::too_many_arguments)]
fn new(
    db: &Database,
    file: &Path,
    name: &str,
    coalition: Coalition,
    campaign: &str,
    points: u32,
    rank: Option<&str>,
    force: bool,
) -> Result<u8, Error> {
    if file.exists() && !force {
        return Err(Error::Usage(format!(
            "{} already exists (use --force to replace it)",
            file.display()
        )));
    }
    if !db.campaigns.contains(campaign) {
        return Err(unknown("campaign", campaign, db.campaigns.ids()));
    }
    if let Some(r) = rank {
        if !db.ranks.contains(r) {
            return Err(unknown("rank", r, db.ranks.ids()));
        }
    }
    let mut doc = DocumentMut::new();
    let mut header = Table::new();
    header.decor_mut().set_prefix(format!(
        "# {name}: an army list for muster (Capitán).\n# Check it with `muster check {}`.\n",
        file.display()
    ));
    header["name"] = value(name);
    header["ruleset"] = value("capitan");
    header["coalition"] = value(coalition.as_str());
    header["campaign"] = value(campaign);
    header["points"] = value(i64::from(points));
    if let Some(r) = rank {
        header["rank"] = value(r);
    }
    doc["list"] = Item::Table(header);
    save(db, file, &doc)
}

fn add(
    db: &Database,
    file: &Path,
    sheet: &str,
    figures: Option<u32>,
    skills: &[String],
    label: Option<&str>,
) -> Result<u8, Error> {
    if db.sheet(sheet).is_none() {
        return Err(unknown("sheet", sheet, db.sheets.ids()));
    }
    for s in skills {
        if !db.skills.contains(s) {
            return Err(unknown("skill", s, db.skills.ids()));
        }
    }
    let mut doc = open(db, file)?;
    let mut unit = Table::new();
    unit["sheet"] = value(sheet);
    if let Some(l) = label {
        unit["label"] = value(l);
    }
    if let Some(f) = figures {
        unit["figures"] = value(i64::from(f));
    }
    if !skills.is_empty() {
        unit["skills"] = value(skills.iter().map(String::as_str).collect::<Array>());
    }
    match doc.get_mut("units") {
        None => {
            let mut units = ArrayOfTables::new();
            units.push(unit);
            doc["units"] = Item::ArrayOfTables(units);
        }
        Some(Item::ArrayOfTables(units)) => units.push(unit),
        Some(Item::Value(Value::Array(units))) => {
            let mut inline = InlineTable::new();
            for (k, v) in unit.iter() {
                if let Some(v) = v.as_value() {
                    inline.insert(k, v.clone());
                }
            }
            units.push(inline);
        }
        Some(_) => {
            return Err(Error::Usage(format!(
                "{}: `units` is not an array of tables",
                file.display()
            )))
        }
    }
    save(db, file, &doc)
}

fn remove(db: &Database, file: &Path, index: usize) -> Result<u8, Error> {
    let mut doc = open(db, file)?;
    let count = match doc.get("units") {
        Some(Item::ArrayOfTables(a)) => a.len(),
        Some(Item::Value(Value::Array(a))) => a.len(),
        _ => 0,
    };
    if index == 0 || index > count {
        return Err(Error::Usage(format!(
            "{} has {count} unit{}: there is no unit {index}",
            file.display(),
            if count == 1 { "" } else { "s" }
        )));
    }
    match doc.get_mut("units") {
        Some(Item::ArrayOfTables(a)) => a.remove(index - 1),
        Some(Item::Value(Value::Array(a))) => {
            a.remove(index - 1);
        }
        _ => {}
    }
    // Keep §10.1's free skill pointing at the same unit.
    if let Some(free) = doc.get_mut("list").and_then(|l| l.get_mut("free_skill")) {
        let unit = free.get("unit").and_then(|u| u.as_integer()).unwrap_or(0) as usize;
        if unit == index {
            if let Some(list) = doc.get_mut("list").and_then(Item::as_table_like_mut) {
                list.remove("free_skill");
            }
            eprintln!("note: the free skill (§10.1) was on unit {index}; it was removed with it");
        } else if unit > index {
            free["unit"] = value((unit - 1) as i64);
        }
    }
    save(db, file, &doc)
}

/// Reads a list for editing: it must already be a valid list file (exit 2 otherwise).
fn open(db: &Database, file: &Path) -> Result<DocumentMut, Error> {
    let mut sources = Sources::new();
    super::check::read_and_check(db, &mut sources, file)?;
    let text = sources.text(0);
    text.parse::<DocumentMut>()
        .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))
}

/// Writes the document atomically, then checks it and prints the total and diagnostics.
fn save(db: &Database, file: &Path, doc: &DocumentMut) -> Result<u8, Error> {
    let text = doc.to_string();
    let mut sources = Sources::new();
    let id = sources.add(file, text.clone());
    // Never write something that is no longer a list file.
    let checked = checker::check_file(db, &sources, id).map_err(|d| {
        diagnostic::print_all(&[d], &sources);
        Error::Usage(format!(
            "{} would not be a valid list file; nothing written",
            file.display()
        ))
    })?;
    write_atomic(file, text.as_bytes())?;
    print_out(&roster_text(db, &checked))?;
    diagnostic::print_all(&checked.diagnostics, &sources);
    eprintln!(
        "wrote {}: {} ({})",
        file.display(),
        if checked.is_valid() {
            "valid"
        } else {
            "invalid"
        },
        diagnostic::summary(&checked.diagnostics)
    );
    Ok(0)
}
