//! `muster matchups LIST --against LIST2`: the matchup table of two lists (one table per duel
//! procedure and way), or its JSON: every cell with its mean and the `muster preview` command
//! that gives the same mean.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::check::{open_list, open_other};
use super::{print_out, to_json};
use crate::cli::{CheckFormat, MatchupsArgs};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::Sources;
use crate::core::table::text_table;
use crate::core::words::{Phrase, Words};
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
    let lang = super::said_lang(ruleset, args.lang, ours.lang)?;
    ours.in_lang(lang);
    theirs.in_lang(lang);
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
        CheckFormat::Text => {
            print_out(&text(&m, &pa, &pb, lang, &super::said_words(ruleset, lang)))?
        }
    }
    Ok(0)
}

/// One table per procedure and way: the list's units down, the opponent's across (numbered,
/// named below), each cell the mean, "—" for a pair that cannot play it; its words in `lang`.
fn text(m: &Matchups, a: &str, b: &str, lang: Lang, words: &dyn Words) -> String {
    let say = |p: Phrase| p.say(lang, words);
    let mut out = String::new();
    let situation: Vec<String> = m
        .situation
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let head = if situation.is_empty() {
        Phrase::new("matchups-heading", "{a} against {b}")
    } else {
        Phrase::new(
            "matchups-heading-situation",
            "{a} against {b} ({situation})",
        )
        .text("situation", situation.join(", "))
    };
    out.push_str(&format!("{}\n", say(head.text("a", a).text("b", b))));
    // The house rules the lists turned on, as the previews played them (none by the book).
    let mut house: Vec<&str> = Vec::new();
    for id in m.cells.iter().flat_map(|c| &c.house_rules) {
        if !house.contains(&id.as_str()) {
            house.push(id);
        }
    }
    if !house.is_empty() {
        out.push_str(&format!(
            "{}\n",
            say(Phrase::new(
                "matchups-house-rules",
                "house rules played (not the book's): {rules}"
            )
            .text("rules", house.join(", ")))
        ));
    }
    let column = |w: &str| say(Phrase::new("column", "{w}").label("w", format!("column_{w}"), w));
    for t in &m.tables {
        let heading = match (t.way, t.chance) {
            (Way::Out, false) => Phrase::new(
                "matchups-out",
                "{procedure}: expected {measures} inflicted by {a}'s units",
            ),
            (Way::In, false) => Phrase::new(
                "matchups-in",
                "{procedure}: expected {measures} inflicted on {a}'s units",
            ),
            (Way::Out, true) => Phrase::new(
                "matchups-out-chance",
                "{procedure}: {measures}, {a}'s units acting",
            ),
            (Way::In, true) => Phrase::new(
                "matchups-in-chance",
                "{procedure}: {measures}, the opponent's units acting on {a}'s",
            ),
        }
        .text("procedure", procedure_name(t.procedure, lang, words))
        .label("measures", format!("measure_{}", t.measures), t.measures)
        .text("a", a);
        out.push_str(&format!("\n{}\n", say(heading)));
        let columns: Vec<String> = (1..=m.enemies.len()).map(|j| format!("v{j}")).collect();
        let (hash, unit) = ("#".to_owned(), column("unit"));
        let mut header: Vec<&str> = vec![&hash, &unit];
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
                            format!("{}{mark}", decimal(lang, v))
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
                let said =
                    say(Phrase::new("column", "{w}").label("w", format!("variant_{key}"), *said));
                out.push_str(&format!("  {mark}: {said}\n"));
            }
        }
    }
    out.push_str(&format!("\n{b}:\n"));
    for (j, e) in m.enemies.iter().enumerate() {
        out.push_str(&format!("  v{} {e}\n", j + 1));
    }
    out.push_str(&format!(
        "\n— : {}\n",
        say(Phrase::new(
            "matchups-cannot",
            "the pair cannot play it (muster matchups --format json says why)"
        ))
    ));
    out
}

/// A mean with two decimals, as `lang` writes them (0.54 in English, 0,54 in French and
/// Spanish).
fn decimal(lang: Lang, v: f64) -> String {
    let s = format!("{v:.2}");
    if lang == Lang::En {
        s
    } else {
        s.replace('.', ",")
    }
}

/// A procedure by its name in `lang`: the head of its duel's title in the ruleset's words
/// ("Tir" of `duel_fire = "Tir : {first} sur {second}"`); in English its id, what `muster
/// preview` takes.
fn procedure_name(procedure: &str, lang: Lang, words: &dyn Words) -> String {
    if lang == Lang::En {
        return procedure.to_owned();
    }
    words
        .word(&format!("duel_{procedure}"))
        .and_then(|t| t.split([':', '(']).next())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or(procedure)
        .to_owned()
}
