//! `muster event new|add|check|pair|swap|result|standings|undo`: a club event kept in one
//! TOML file (`crate::event`). A change holds the file's lock from reading to writing and
//! writes it whole and atomically; the lists are checked in one process.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{print_out, to_json};
use crate::cli::{CheckFormat, EventCommand, GameSidesArg, ResultArg};
use crate::core::diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::output::{check_output_path, write_output};
use crate::core::table::text_table;
use crate::core::text::one_line;
use crate::core::words::Phrase;
use crate::event::check::{json_entry, problems, EntryCheck, JsonEntry};
use crate::event::entries::Given;
use crate::event::file::Outcome;
use crate::event::from_game::{result_of_game, Sides};
use crate::event::open::Write;
use crate::event::standings::{standings, Standing};
use crate::event::words::lang_of;
use crate::event::words::{heading, say, yes_no, Heading};
use crate::event::{self, next_round, open, print, rounds};
use crate::render::sheet::Paper;
use crate::rulesets::Ruleset;

pub fn run(dirs: &[PathBuf], flag: Option<Ruleset>, command: EventCommand) -> Result<u8, Error> {
    match command {
        EventCommand::New {
            file,
            name,
            points,
            rounds,
            lang,
            force,
        } => {
            super::refuse_existing(&file, force)?;
            if force && open::read(&file).is_err() && file.exists() {
                return Err(Error::Usage(format!(
                    "{} is not an event file: --force replaces an event, never another file",
                    file.display()
                )));
            }
            let ruleset = flag.ok_or_else(|| {
                Error::Usage(
                    "say the event's ruleset: --ruleset ID (`muster rulesets` lists them)".into(),
                )
            })?;
            let made = event::new_event(
                dirs,
                &event::NewEvent {
                    name: &name,
                    ruleset,
                    points,
                    rounds: rounds.unwrap_or(0),
                    lang: lang.map(Into::into).unwrap_or(Lang::En),
                },
            )?;
            super::make_parent(&file)?;
            open::create(&file, &made)?;
            eprintln!(
                "wrote {}: {} ({}), lists of at most {points} points, data {}",
                file.display(),
                one_line(&name),
                ruleset.title(),
                made.data.fingerprint
            );
            Ok(0)
        }
        EventCommand::Add {
            file,
            player,
            club,
            code,
            list,
        } => {
            let given = match (&code, &list) {
                (Some(c), _) => Given::Code(c),
                (None, Some(l)) => Given::List(l),
                (None, None) => {
                    return Err(Error::Usage(
                        "give the list: --code CODE or --list FILE".into(),
                    ))
                }
            };
            let (replaced, checker, checked) =
                event::add(&file, dirs, &player, club.as_deref(), given)?;
            diagnostic::print_all(&checked.diagnostics, &checker.sources);
            let lang = checker.lang;
            let verdict = if checked.valid {
                Phrase::new("event-valid", "valid")
            } else {
                Phrase::new("event-invalid", "INVALID")
            };
            let (key, en) = if replaced {
                (
                    "event-replaced",
                    "replaced {player}: {list}, {total} / {limit|# point|# points}, {verdict}",
                )
            } else {
                (
                    "event-added",
                    "added {player}: {list}, {total} / {limit|# point|# points}, {verdict}",
                )
            };
            let phrase = Phrase::new(key, en)
                .text("player", one_line(&checked.player))
                .text("list", one_line(&checked.list))
                .count("total", checked.total)
                .count("limit", checked.limit)
                .phrase("verdict", verdict);
            print_out(&format!(
                "{}{}\n",
                say(lang, &phrase),
                said_problems(&checked)
            ))?;
            Ok(0)
        }
        EventCommand::Check { file, format } => check(dirs, &file, format),
        EventCommand::Pair {
            file,
            seed,
            format,
            output,
            paper,
        } => pair(&file, seed, format, output.as_deref(), paper.into()),
        EventCommand::Pairings {
            file,
            round,
            output,
            paper,
        } => {
            check_output_path(&output, &[file.as_path()])?;
            let f = open::read(&file)?;
            let r = print::round_of(&f, round)?.round;
            write_pdf(&f, &output, &print::pairings(&f, r, paper.into())?)
        }
        EventCommand::Booklet {
            file,
            output,
            paper,
        } => {
            check_output_path(&output, &[file.as_path()])?;
            let f = open::read(&file)?;
            write_pdf(&f, &output, &print::booklet(&f, dirs, paper.into())?)
        }
        EventCommand::Drop { file, player } => {
            let said = open::edit(&file, |f| {
                let (said, action) = rounds::drop(f, &player)?;
                Ok((said, Write::Logged(Box::new(action))))
            })?;
            print_out(&format!("{said}\n"))?;
            Ok(0)
        }
        EventCommand::Swap { file, round, a, b } => {
            let (said, broken, lang) = open::edit(&file, |f| {
                let (said, action) = rounds::swap(f, round, &a, &b)?;
                Ok((
                    (said, next_round::broken_now(f, round), lang_of(f)),
                    Write::Logged(Box::new(action)),
                ))
            })?;
            print_out(&format!("{said}\n"))?;
            for b in &broken {
                warn(
                    lang,
                    Phrase::new("event-swap-breaks", "the swap breaks this: {what}")
                        .text("what", b.clone()),
                );
            }
            Ok(0)
        }
        EventCommand::Result {
            file,
            round,
            table,
            result,
            score,
            game,
            game_sides,
        } => {
            let (outcome, score) = match (result, &game) {
                (_, Some(game)) => {
                    let f = open::read(&file)?;
                    let sides = game_sides.map(|s| match s {
                        GameSidesArg::Ab => Sides::Same,
                        GameSidesArg::Ba => Sides::Crossed,
                    });
                    let r = result_of_game(&f, dirs, round, table, game, sides)?;
                    (r.outcome, Some(r.score))
                }
                (Some(result), None) => (
                    match result {
                        ResultArg::A => Outcome::A,
                        ResultArg::B => Outcome::B,
                        ResultArg::Draw => Outcome::Draw,
                    },
                    score.as_deref().map(parse_score).transpose()?,
                ),
                (None, None) => {
                    return Err(Error::Usage(
                        "give --result a|b|draw, or --game GAME.toml".into(),
                    ))
                }
            };
            let said = open::edit(&file, |f| {
                let (said, action) = rounds::result(f, round, table, outcome, score)?;
                Ok((said, Write::Logged(Box::new(action))))
            })?;
            print_out(&format!("{said}\n"))?;
            Ok(0)
        }
        EventCommand::Standings {
            file,
            format,
            output,
            paper,
        } => {
            if let Some(out) = &output {
                check_output_path(out, &[file.as_path()])?;
            }
            let f = open::read(&file)?;
            let rows = standings(&f, f.rounds.len());
            if let Some(out) = &output {
                write_pdf(&f, out, &print::standings(&f, paper.into())?)?;
            }
            match format {
                CheckFormat::Json => {
                    #[derive(Serialize)]
                    struct Out<'a> {
                        standings: &'a [Standing],
                    }
                    print_out(&to_json(&Out { standings: &rows }))?
                }
                CheckFormat::Text => print_out(&standings_text(lang_of(&f), &rows))?,
            }
            Ok(0)
        }
        EventCommand::Undo { file } => {
            let said = open::edit(&file, |f| Ok((rounds::undo(f)?, Write::Unlogged)))?;
            print_out(&format!("{said}\n"))?;
            Ok(0)
        }
    }
}

/// `warning: …` on standard error, in the event's language.
fn warn(lang: Lang, what: Phrase) {
    eprintln!(
        "{}",
        say(
            lang,
            &Phrase::new("event-warning", "warning: {what}").phrase("what", what)
        )
    );
}

/// Writes an event's PDF and says so.
fn write_pdf(f: &crate::event::file::EventFile, out: &Path, pdf: &[u8]) -> Result<u8, Error> {
    write_output(out, pdf)?;
    eprintln!(
        "{}",
        say(
            lang_of(f),
            &Phrase::new("event-wrote", "wrote {file}: {kb} KB")
                .text("file", out.display().to_string())
                .count("kb", pdf.len().div_ceil(1024))
        )
    );
    Ok(0)
}

/// `A-B` as two scores.
fn parse_score(text: &str) -> Result<[u32; 2], Error> {
    let bad = || {
        Error::Usage(format!(
            "--score {}: expected the two sides' victory points, A-B (12-5)",
            one_line(text)
        ))
    };
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    Ok([
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ])
}

/// `: problem; problem` for an invalid entry.
fn said_problems(c: &EntryCheck) -> String {
    let p = problems(c);
    if p.is_empty() {
        String::new()
    } else {
        format!(": {}", p.join("; "))
    }
}

/// `muster event check`: every entry checked in one process.
fn check(dirs: &[PathBuf], path: &Path, format: CheckFormat) -> Result<u8, Error> {
    let f = open::read(path)?;
    let (checker, checks, now) = event::check_all(&f, dirs)?;
    let lang = checker.lang;
    if let Some(other) = event::other_data(&f, &now, dirs) {
        warn(lang, other);
    }
    let invalid = checks.iter().filter(|c| !c.valid).count();
    match format {
        CheckFormat::Json => {
            #[derive(Serialize)]
            struct Out {
                entries: Vec<JsonEntry>,
                data: String,
                made_over: String,
            }
            print_out(&to_json(&Out {
                entries: checks
                    .iter()
                    .map(|c| json_entry(c, &checker.sources))
                    .collect(),
                data: now,
                made_over: f.data.fingerprint.clone(),
            }))?
        }
        CheckFormat::Text => {
            let rows: Vec<Vec<String>> = checks
                .iter()
                .map(|c| {
                    vec![
                        one_line(&c.player).into_owned(),
                        c.club
                            .as_deref()
                            .map(one_line)
                            .unwrap_or_default()
                            .into_owned(),
                        one_line(&c.list).into_owned(),
                        format!("{} / {}", c.total, c.limit),
                        yes_no(lang, c.valid),
                        problems(c).join("; "),
                    ]
                })
                .collect();
            let heads = [
                Heading::Player,
                Heading::Club,
                Heading::List,
                Heading::Points,
                Heading::Valid,
                Heading::Problems,
            ]
            .map(|h| heading(lang, h));
            let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
            print_out(&text_table(&heads, &rows))?;
            eprintln!(
                "{}",
                say(
                    lang,
                    &Phrase::new(
                        "event-checked",
                        "{n|# entry|# entries}: {valid} valid, {invalid} invalid"
                    )
                    .count("n", checks.len())
                    .count("valid", checks.len() - invalid)
                    .count("invalid", invalid)
                )
            );
        }
    }
    Ok(if invalid == 0 { 0 } else { 1 })
}

/// The standings as a table, in `lang`: a player who left the event marked.
fn standings_text(lang: Lang, rows: &[Standing]) -> String {
    let table: Vec<Vec<String>> = rows
        .iter()
        .map(|s| {
            print::standing_cells(lang, s)
                .iter()
                .map(|c| one_line(c).into_owned())
                .collect()
        })
        .collect();
    let heads = crate::event::words::STANDINGS_COLUMNS.map(|h| heading(lang, h));
    let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
    text_table(&heads, &table)
}

/// `muster event pair`: the next round, said as text or JSON (`{"round", "tables": [{"table",
/// "a", "b"}], "bye"}`); what it could not avoid breaking said as warnings.
fn pair(
    path: &Path,
    seed: Option<u64>,
    format: CheckFormat,
    output: Option<&Path>,
    paper: Paper,
) -> Result<u8, Error> {
    if let Some(out) = output {
        check_output_path(out, &[path])?;
    }
    let seed = match seed {
        Some(s) => s,
        None => next_round::random_seed()?,
    };
    let (round, broken, made) = open::edit(path, |f| {
        let (round, broken, action) = next_round::pair_next(f, seed)?;
        Ok(((round, broken, f.clone()), Write::Logged(Box::new(action))))
    })?;
    let lang = lang_of(&made);
    for b in &broken {
        warn(lang, Phrase::as_is(b.clone()));
    }
    if let Some(out) = output {
        write_pdf(&made, out, &print::pairings(&made, round.round, paper)?)?;
    }
    match format {
        CheckFormat::Json => {
            #[derive(Serialize)]
            struct T<'a> {
                table: u32,
                a: &'a str,
                b: &'a str,
            }
            #[derive(Serialize)]
            struct Out<'a> {
                round: u32,
                seed: u64,
                tables: Vec<T<'a>>,
                bye: Option<&'a str>,
            }
            print_out(&to_json(&Out {
                round: round.round,
                seed: round.seed,
                tables: round
                    .tables
                    .iter()
                    .map(|t| T {
                        table: t.table,
                        a: &t.a,
                        b: &t.b,
                    })
                    .collect(),
                bye: round.bye.as_deref(),
            }))?
        }
        CheckFormat::Text => {
            let rows: Vec<Vec<String>> = round
                .tables
                .iter()
                .map(|t| {
                    vec![
                        t.table.to_string(),
                        one_line(&t.a).into_owned(),
                        one_line(&t.b).into_owned(),
                    ]
                })
                .collect();
            let mut out = format!("{}\n", say(lang, &crate::event::words::round(round.round)));
            out.push_str(&text_table(
                &[&heading(lang, Heading::Table), "a", "b"],
                &rows,
            ));
            if let Some(b) = &round.bye {
                out.push_str(&format!(
                    "{}\n",
                    say(lang, &crate::event::words::bye(&one_line(b)))
                ));
            }
            print_out(&out)?;
        }
    }
    Ok(0)
}
