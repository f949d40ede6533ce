//! `muster game new|mark|undo|show|score`: a game between two lists kept in a TOML file. An
//! edit holds the file's lock from reading to writing and writes atomically (as list edits
//! do), keeping the user's comments; the lists are only read.

use std::path::{Path, PathBuf};

use toml_edit::DocumentMut;

use super::check::{open_list, open_other};
use super::{load_engine, print_out, to_json};
use crate::cli::{CheckFormat, GameCommand};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::output::{write_atomic, EditLock};
use crate::core::paths::relative;
use crate::core::source::{read_text, Sources};
use crate::core::table::text_table;
use crate::core::text::one_line;
use crate::core::words::Phrase;
use crate::ops::edit::Shape;
use crate::ops::game::game_view;
use crate::rulesets::game::{self, Change, Game, GameRules, Side};
use crate::rulesets::Rules;

pub fn run(dirs: &[PathBuf], command: GameCommand) -> Result<u8, Error> {
    match command {
        GameCommand::New {
            file,
            list,
            against,
            scenario,
            force,
        } => new(dirs, &file, &list, &against, scenario.as_deref(), force),
        GameCommand::Mark {
            file,
            unit,
            lost,
            back,
            state,
            off,
            value,
            turn,
            lang,
        } => {
            let change = if turn {
                Change::Turn
            } else if let Some(k) = lost {
                Change::Lost(i64::from(k))
            } else if let Some(k) = back {
                Change::Lost(-i64::from(k))
            } else if let Some(s) = state {
                Change::State { id: s, on: !off }
            } else if let Some(v) = value {
                let (id, n) = v.split_once('=').ok_or_else(|| {
                    Error::Usage(format!("--value {v}: expected ID=N, e.g. eighths=3"))
                })?;
                let set = n.parse::<u32>().map_err(|_| {
                    Error::Usage(format!("--value {v}: {n} is not a number from 0 up"))
                })?;
                Change::Value {
                    id: id.to_owned(),
                    set,
                }
            } else {
                return Err(Error::Usage(
                    "say what happened: --lost K, --back K, --state S [--off], --value ID=N or --turn"
                        .into(),
                ));
            };
            let key = match (&change, unit) {
                (Change::Turn, None) => String::new(),
                (Change::Turn, Some(u)) => {
                    return Err(Error::Usage(format!(
                        "--turn ends the turn for both sides: give no unit (found `{}`)",
                        u.escape_debug()
                    )))
                }
                (_, Some(u)) => u,
                (_, None) => {
                    return Err(Error::Usage(
                        "name the unit: a3 (side a, its third unit), b1, or its label".into(),
                    ))
                }
            };
            edit(dirs, &file, lang, |doc, game, rules| {
                game::mark(doc, game, rules, &key, &change)
            })
        }
        GameCommand::Undo { file, lang } => edit(dirs, &file, lang, game::undo),
        GameCommand::Show { file, format, lang } => {
            let (engine, mut g) = open(dirs, &file)?;
            let lang = super::said_lang(engine.ruleset(), lang, g.a.lang)?;
            g.in_lang(lang);
            let rules = engine
                .games()
                .map(|g| g.game_rules())
                .cloned()
                .unwrap_or_default();
            match format {
                CheckFormat::Json => print_out(&to_json(&game_view(engine.as_ref(), &g, &rules)))?,
                CheckFormat::Text => print_out(&show(engine.as_ref(), &g, &rules, lang))?,
            }
            Ok(0)
        }
        GameCommand::Score { file, format, lang } => {
            let (engine, mut g) = open(dirs, &file)?;
            // The result's words: --lang, else side a's list's, else the command line's.
            let lang = super::said_lang(engine.ruleset(), lang, g.a.lang)?;
            g.in_lang(lang);
            let scored = engine
                .ruleset()
                .need(engine.games(), "games")
                .and_then(|x| x.score_game(&g, lang))?;
            match format {
                CheckFormat::Json => print_out(&to_json(&scored.json))?,
                CheckFormat::Text => print_out(&scored.text)?,
            }
            Ok(0)
        }
    }
}

fn new(
    dirs: &[PathBuf],
    file: &Path,
    list: &Path,
    against: &Path,
    scenario: Option<&str>,
    force: bool,
) -> Result<u8, Error> {
    super::refuse_existing(file, force)?;
    // --force replaces a game, never one of its lists nor any file that is not a game.
    let target = crate::core::output::resolve_target(file)?;
    if target.exists() {
        let same = |p: &Path| matches!((p.canonicalize(), target.canonicalize()), (Ok(a), Ok(b)) if a == b);
        if same(list) || same(against) || !game::file_is_game(&target) {
            return Err(Error::Usage(format!(
                "{} is not a game file: --force replaces a game, never a list or another file",
                file.display()
            )));
        }
    }
    let mut sources = Sources::new();
    let (engine, a) = open_list(dirs, &mut sources, list, None)?;
    let b = open_other(engine.as_ref(), &mut sources, against)?;
    let Some(rules) = engine.games().map(|g| g.game_rules()) else {
        return Err(Error::Usage(format!(
            "{} has no army lists to play",
            engine.ruleset().title()
        )));
    };
    for (l, path) in [(&a, list), (&b, against)] {
        if !l.is_valid() {
            eprintln!(
                "warning: {} has errors (`muster check {}` says which): the game is kept all the same",
                path.display(),
                path.display()
            );
        }
        if l.units.len() > game::MAX_UNITS {
            return Err(Error::Usage(format!(
                "{} has {} units: a side has at most {} (an engine limit)",
                path.display(),
                l.units.len(),
                game::MAX_UNITS
            )));
        }
    }
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let a_rel = relative(list, folder)?;
    let b_rel = relative(against, folder)?;
    let mut doc = game::new_game(
        engine.as_ref(),
        game::Begin {
            path: &a_rel,
            text: sources.text(a.file),
            list: &a,
        },
        game::Begin {
            path: &b_rel,
            text: sources.text(b.file),
            list: &b,
        },
        scenario,
    )?;
    if let Some(header) = doc.get_mut("game").and_then(|g| g.as_table_mut()) {
        header.decor_mut().set_prefix(format!(
            "# {} against {}: a game of {} kept by muster.\n# Mark it with `muster game mark {} a1 --lost 1`; `muster game undo` takes a mark back.\n",
            one_line(&a.name),
            one_line(&b.name),
            engine.ruleset().title(),
            one_line(&file.display().to_string())
        ));
    }
    super::make_parent(file)?;
    write_atomic(file, doc.to_string().as_bytes())?;
    // Read back as the game it now is: the file is a game file.
    let (_, mut g) = open(dirs, file)?;
    let lang = super::said_lang(engine.ruleset(), None, g.a.lang)?;
    g.in_lang(lang);
    print_out(&show(engine.as_ref(), &g, rules, lang))?;
    eprintln!(
        "wrote {}: a game of {} units against {}",
        file.display(),
        a.units.len(),
        b.units.len()
    );
    Ok(0)
}

/// Reads a game with its ruleset's engine.
fn open(dirs: &[PathBuf], path: &Path) -> Result<(Rules, Game), Error> {
    let text = read_text(path)?;
    let ruleset = super::ruleset_of_file(path, &text, "game")?;
    let mut sources = Sources::new();
    let engine = load_engine(ruleset, dirs, &mut sources)?;
    let g = game::read_game(engine.as_ref(), path)?;
    Ok((engine, g))
}

/// Locks the game file, reads it with its lists, applies `change`, writes it back.
fn edit(
    dirs: &[PathBuf],
    path: &Path,
    lang: Option<crate::cli::LangArg>,
    change: impl FnOnce(&mut DocumentMut, &Game, &GameRules) -> Result<Phrase, Error>,
) -> Result<u8, Error> {
    let lock = EditLock::acquire(path)?;
    let original = read_text(&lock.target)?;
    let shape = Shape::of(&original);
    let ruleset = super::ruleset_of_file(path, &original, "game")?;
    let mut sources = Sources::new();
    let engine = load_engine(ruleset, dirs, &mut sources)?;
    let list_lang = game::read_game(engine.as_ref(), path)
        .ok()
        .and_then(|g| g.a.lang);
    let lang = super::said_lang(ruleset, lang, list_lang)?;
    let (text, said) = game::edit_text(engine.as_ref(), path, &original, None, lang, change)
        .map_err(|e| match e {
            Error::Usage(m) if !m.starts_with(&path.display().to_string()) => {
                Error::Usage(format!("{}: {m}", path.display()))
            }
            other => other,
        })?;
    write_atomic(&lock.target, shape.apply(text).as_bytes())?;
    drop(lock);
    print_out(&format!("{said}\n"))?;
    Ok(0)
}

/// The game as text: the turn, each side's units with what they have left and their states,
/// the sides' values, the last marks; its sentences in `lang`, the states by their names.
fn show(engine: &Rules, g: &Game, rules: &GameRules, lang: Lang) -> String {
    let words = super::said_words(engine.ruleset(), lang);
    let say = |p: Phrase| p.say(lang, &words);
    // A state by its name in the language (English keeps the id the commands take).
    let state_name = |id: &str| -> String {
        let name = rules
            .state
            .iter()
            .find(|s| s.id == id)
            .map(|s| &s.name)
            .or_else(|| rules.threshold.iter().find(|t| t.id == id).map(|t| &t.name));
        match name {
            Some(n) if lang != Lang::En => n.get(lang).to_owned(),
            _ => id.to_owned(),
        }
    };
    let head = Phrase::new("game-heading", "{a} against {b} — turn {turn}")
        .text("a", one_line(&g.a.name))
        .text("b", one_line(&g.b.name))
        .count("turn", g.file.game.turn);
    let mut out = format!(
        "{}{}\n",
        say(head),
        g.file
            .game
            .scenario
            .as_deref()
            .map(|s| format!(" — {}", one_line(s)))
            .unwrap_or_default()
    );
    let column = |w: &str| {
        Phrase::new("column", "{w}")
            .label("w", format!("column_{w}"), w)
            .say(lang, &words)
    };
    for side in [Side::A, Side::B] {
        let list = g.list(side);
        out.push_str(&format!(
            "\n{}\n",
            say(Phrase::new("game-side", "side {side}: {name}")
                .text("side", side.letter())
                .text("name", one_line(&list.name)))
        ));
        // The house rules its list turned on, kept with its army whatever the list becomes.
        let house = engine
            .lists()
            .map(|l| l.list_house_rules(list))
            .unwrap_or_default();
        if !house.is_empty() {
            out.push_str(&format!(
                "  {}\n",
                say(Phrase::new(
                    "game-house-rules",
                    "house rules (not the book's), kept from its list: {rules}"
                )
                .text("rules", house.join(", ")))
            ));
        }
        let rows: Vec<Vec<String>> = list
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let s = g.unit(side, i + 1);
                let thresholds = g.thresholds(engine, rules, side, i + 1);
                // A threshold's value beside the losses ("2 lost / stamina 3"), the state once
                // reached.
                let toward: Vec<String> = thresholds
                    .iter()
                    .filter_map(|t| {
                        let decl = rules.threshold.iter().find(|d| d.id == t.id)?;
                        Some(format!("{} {}", decl.value, t.at))
                    })
                    .collect();
                let mut states: Vec<String> = s.states.iter().map(|x| state_name(x)).collect();
                states.extend(
                    thresholds
                        .iter()
                        .filter(|t| t.reached)
                        .map(|t| state_name(t.id)),
                );
                let lost = say(Phrase::new("game-lost", "{lost} lost").count("lost", s.lost));
                vec![
                    game::unit_key(side, i + 1),
                    one_line(&u.label).into_owned(),
                    match (g.count(side, i + 1), g.left(side, i + 1)) {
                        (Some(f), Some(left)) => format!("{left} / {f}"),
                        _ if toward.is_empty() => lost,
                        _ => format!("{lost} / {}", toward.join(", ")),
                    },
                    states.join(", "),
                ]
            })
            .collect();
        let heads = [
            String::new(),
            column("unit"),
            column("left"),
            column("states"),
        ];
        let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
        out.push_str(&text_table(&heads, &rows));
        if let Some(values) = g.file.values.get(side.letter()) {
            let said: Vec<String> = rules
                .value
                .iter()
                .map(|v| {
                    let name = if lang == Lang::En {
                        v.id.as_str()
                    } else {
                        v.name.get(lang)
                    };
                    format!("{name} {}", values.get(&v.id).copied().unwrap_or(0))
                })
                .collect();
            if !said.is_empty() {
                out.push_str(&format!("  {}\n", said.join(" · ")));
            }
        }
    }
    if !rules.state.is_empty() {
        let states: Vec<String> = rules
            .state
            .iter()
            .map(|s| format!("{} ({})", state_name(&s.id), s.rule))
            .collect();
        out.push_str(&format!(
            "\n{}\n",
            say(Phrase::new("game-states", "states: {states}").text("states", states.join(", ")))
        ));
    }
    for t in &rules.threshold {
        out.push_str(&format!(
            "{}\n",
            say(Phrase::new(
                "game-threshold",
                "{state}: once its losses reach its {value} ({rule})"
            )
            .text("state", state_name(&t.id))
            .text("value", &t.value)
            .text("rule", &t.rule))
        ));
    }
    for note in &g.notes {
        out.push_str(&format!("note: {}\n", note.words()));
    }
    let n = g.file.log.len();
    let logged = if n == 0 {
        Phrase::new("game-no-mark", "0 marks logged")
    } else {
        Phrase::new(
            "game-marks",
            "{n|# mark|# marks} logged; `muster game undo` takes the last back",
        )
        .count("n", n)
    };
    out.push_str(&format!("{}\n", say(logged)));
    out
}
