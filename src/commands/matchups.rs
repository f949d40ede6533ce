//! `muster matchups LIST --against LIST2`: the matchup table of two lists (one table per duel
//! procedure and way), or its JSON: every cell with its mean and the `muster preview` command
//! that gives the same mean.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::check::{open_list, open_other};
use super::{print_out, to_json};
use crate::cli::{CheckFormat, MatchupsArgs};
use crate::core::error::Error;
use crate::core::source::Sources;
use crate::core::table::text_table;
use crate::rulesets::duel::duel_situation;
use crate::rulesets::matchup::{self, Matchups, Way};
use crate::rulesets::Ruleset;

pub fn run(dirs: &[PathBuf], flag: Option<Ruleset>, args: &MatchupsArgs) -> Result<u8, Error> {
    let mut given = BTreeMap::new();
    for c in &args.choices {
        let (k, v) = c.split_once('=').ok_or_else(|| {
            Error::Usage(format!(
                "--choice {c}: expected NAME=VALUE (range=long, cover=light, …)"
            ))
        })?;
        if given.insert(k.to_owned(), v.to_owned()).is_some() {
            return Err(Error::Usage(format!(
                "--choice {k}=…: given twice; give each choice once"
            )));
        }
    }
    let mut sources = Sources::new();
    let (engine, mut ours) = open_list(dirs, &mut sources, &args.list, flag)?;
    let mut theirs = open_other(engine.as_ref(), &mut sources, &args.against)?;
    let ruleset = engine.ruleset();
    ours.in_lang(super::named::cli_lang(ruleset));
    theirs.in_lang(super::named::cli_lang(ruleset));
    if ruleset.meta().duels.is_empty() {
        return Err(Error::Usage(format!(
            "{} has no procedures between two units: no matchups",
            ruleset.title()
        )));
    }
    let situation = duel_situation(ruleset.meta().duel_choices, &given)?;
    let (pa, pb) = (
        args.list.display().to_string(),
        args.against.display().to_string(),
    );
    let m = matchup::matchups(
        engine.as_ref(),
        (&ours, &pa),
        (&theirs, &pb),
        &situation,
        &args.house_rules,
    )?;
    match args.format {
        CheckFormat::Json => print_out(&to_json(&m))?,
        CheckFormat::Text => print_out(&text(&m, &pa, &pb))?,
    }
    Ok(0)
}

/// One table per procedure and way: the list's units down, the opponent's across (numbered,
/// named below), each cell the mean, "—" for a pair that cannot play it.
fn text(m: &Matchups, a: &str, b: &str) -> String {
    let mut out = String::new();
    let situation: Vec<String> = m
        .situation
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    out.push_str(&format!(
        "{a} against {b}{}\n",
        if situation.is_empty() {
            String::new()
        } else {
            format!(" ({})", situation.join(", "))
        }
    ));
    // The house rules the lists turned on, as the previews played them (none by the book).
    let mut house: Vec<&str> = Vec::new();
    for id in m.cells.iter().flat_map(|c| &c.house_rules) {
        if !house.contains(&id.as_str()) {
            house.push(id);
        }
    }
    if !house.is_empty() {
        out.push_str(&format!(
            "house rules played (not the book's): {}\n",
            house.join(", ")
        ));
    }
    for t in &m.tables {
        let heading = match (t.way, t.chance) {
            (Way::Out, false) => format!(
                "{}: expected {} inflicted by {a}'s units",
                t.procedure, t.measures
            ),
            (Way::In, false) => format!(
                "{}: expected {} inflicted on {a}'s units",
                t.procedure, t.measures
            ),
            (Way::Out, true) => format!("{}: {}, {a}'s units acting", t.procedure, t.measures),
            (Way::In, true) => format!(
                "{}: {}, the opponent's units acting on {a}'s",
                t.procedure, t.measures
            ),
        };
        out.push_str(&format!("\n{heading}\n"));
        let columns: Vec<String> = (1..=m.enemies.len()).map(|j| format!("v{j}")).collect();
        let mut header: Vec<&str> = vec!["#", "unit"];
        header.extend(columns.iter().map(String::as_str));
        let rows: Vec<Vec<String>> = m
            .units
            .iter()
            .enumerate()
            .map(|(i, label)| {
                let mut row = vec![(i + 1).to_string(), label.clone()];
                row.extend((1..=m.enemies.len()).map(|j| {
                    m.cells
                        .iter()
                        .find(|c| {
                            c.unit == i + 1
                                && c.enemy == j
                                && c.procedure == t.procedure
                                && c.way == t.way
                        })
                        .and_then(|c| Some((c.mean?, c.variant)))
                        .map_or("—".to_owned(), |(v, variant)| {
                            let mark = t
                                .marks
                                .iter()
                                .find(|(key, ..)| Some(*key) == variant)
                                .map_or(String::new(), |(_, mark, _)| format!(" {mark}"));
                            format!("{v:.2}{mark}")
                        })
                }));
                row
            })
            .collect();
        out.push_str(&text_table(&header, &rows));
        let shown: Vec<&str> = m
            .cells
            .iter()
            .filter(|c| c.procedure == t.procedure && c.way == t.way)
            .filter_map(|c| c.variant)
            .collect();
        for (key, mark, said) in &t.marks {
            if shown.contains(key) {
                out.push_str(&format!("  {mark}: {said}\n"));
            }
        }
    }
    out.push_str(&format!("\n{b}:\n"));
    for (j, e) in m.enemies.iter().enumerate() {
        out.push_str(&format!("  v{} {e}\n", j + 1));
    }
    out.push_str("\n— : the pair cannot play it (muster matchups --format json says why)\n");
    out
}
