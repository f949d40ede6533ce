//! A battle file scored (`muster score FILE`): the file read, each side's list read and
//! costed, the battle scored by `score`, and the result's text.

use std::path::Path;

use super::check;
use super::list::ListFile;
use super::model::Kind;
use super::score::{self, ListedUnit, ScoreFile, SideList};
use super::Database;
use crate::core::diagnostic::{self, Diagnostic};
use crate::core::error::Error;
use crate::core::source::{Sources, SpanIndex};
use crate::core::table::text_table;
use crate::core::text::one_line;
use crate::core::toml_file;
use crate::core::words::{Named, Phrase};
use crate::rulesets::list_doc;
use crate::rulesets::{self, to_value, Battle, Ruleset, Scored};

/// Scores the battle of `battle.file`: its side lists are read relative to the file's folder.
pub fn score_battle(ruleset: Ruleset, db: &Database, battle: Battle) -> Result<Scored, Error> {
    score_sides(ruleset, db, battle, None)
}

/// Scores a battle whose side lists are `given` (a game's armies), or read from the files
/// its sides name.
fn score_sides(
    ruleset: Ruleset,
    db: &Database,
    battle: Battle,
    given: Option<Vec<Option<SideList>>>,
) -> Result<Scored, Error> {
    let Battle {
        sources,
        file,
        path,
        lang,
    } = battle;
    let spans = SpanIndex::parse(sources.text(file));
    let input: ScoreFile = toml_file::parse(sources, file, &spans).map_err(|d| {
        diagnostic::print_all(&[d], sources);
        Error::Usage(format!("{} is not a battle file", path.display()))
    })?;
    let base = path.parent().unwrap_or(Path::new("."));
    let lists = match given {
        Some(lists) => lists,
        None => {
            let mut lists = Vec::new();
            for side in &input.side {
                lists.push(match &side.list {
                    Some(l) => {
                        // Messages name the side's file as the battle file names it.
                        let named = format!(
                            "{}: side {}: list = \"{}\"",
                            path.display(),
                            one_line(&side.name),
                            l.escape_debug()
                        );
                        Some(side_list(ruleset, db, sources, &base.join(l), &named)?)
                    }
                    None => None,
                });
            }
            lists
        }
    };
    let report = match score::score(db, &input, &lists, file, &spans, lang) {
        Ok(r) => r,
        Err(mut found) => {
            diagnostic::sort(&mut found);
            diagnostic::print_all(&found, sources);
            return Err(Error::Invalid(format!(
                "{}: {}",
                path.display(),
                diagnostic::summary(&found)
            )));
        }
    };
    let words = crate::core::words::Layered {
        own: ruleset.words(lang),
        lang,
    };
    let say = |p: Phrase| p.say(lang, &words);
    let mut out = String::new();
    let title = input
        .battle
        .as_ref()
        .and_then(|b| b.name.as_deref())
        .map(|n| one_line(n).into_owned())
        .unwrap_or_else(|| path.display().to_string());
    out.push_str(&say(Phrase::new(
        "wab-score-title",
        "{title} ({points|# point|# points})",
    )
    .text("title", title)
    .count("points", report.points)));
    out.push('\n');
    let head: Vec<String> = std::iter::once(String::new())
        .chain(report.sides.iter().map(|s| one_line(&s.name).into_owned()))
        .collect();
    let row =
        |name: Phrase, f: &dyn Fn(&score::SideScore) -> u64| -> Vec<String> {
            std::iter::once(say(name))
                .chain(report.sides.iter().map(|s| {
                    crate::core::words::number(lang, i64::try_from(f(s)).unwrap_or(i64::MAX))
                }))
                .collect()
        };
    let v = &db.rules.victory;
    let rows = vec![
        row(
            Phrase::new("wab-score-losses", "losses suffered (points)"),
            &|s| s.losses_value,
        ),
        row(Phrase::new("wab-score-eighths", "eighths held"), &|s| {
            s.eighths
        }),
        row(Phrase::new("wab-score-flags", "flags taken"), &|s| {
            s.flags_taken
        }),
        row(Phrase::new("wab-score-guns", "guns taken"), &|s| {
            s.guns_taken
        }),
        row(Phrase::new("wab-score-generals", "generals taken"), &|s| {
            s.generals_taken
        }),
        row(Phrase::new("wab-score-score", "score"), &|s| s.score),
    ];
    let headers: Vec<&str> = head.iter().map(String::as_str).collect();
    out.push_str(&text_table(&headers, &rows));
    out.push_str(&say(Phrase::new(
        "wab-score-rule",
        "score = the enemy's losses + {eighth} an eighth, {flag} a flag, {gun} a gun, {general} a general ({rule})",
    )
    .count("eighth", v.per_eighth)
    .count("flag", v.per_flag)
    .count("gun", v.per_gun)
    .count("general", v.per_general)
    .text("rule", "ACA p.14")));
    out.push('\n');
    for s in &report.sides {
        for l in &s.losses {
            let worth = if l.counted == 0 {
                Phrase::new("wab-score-under", "0 (not above {threshold} %)")
                    .count("threshold", v.loss_threshold_percent)
            } else {
                Phrase::new(
                    "wab-score-counted",
                    "{counted} of its {cost|# point|# points}",
                )
                .count("counted", l.counted)
                .count("cost", l.cost)
            };
            let status = serde_json::to_value(l.status)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let line = match l.status {
                score::Status::Standing => Phrase::new(
                    "wab-score-loss",
                    "{side}: {unit}: {lost} of {figures} lost → {worth}",
                ),
                _ => Phrase::new(
                    "wab-score-loss-status",
                    "{side}: {unit}: {lost} of {figures} lost ({status}) → {worth}",
                )
                .name("status", state_name(db, &status)),
            };
            out.push_str("  ");
            out.push_str(&say(line
                .text("side", one_line(&s.name))
                .text("unit", one_line(&l.label))
                .count("lost", l.lost)
                .count("figures", l.figures)
                .phrase("worth", worth)));
            out.push('\n');
        }
    }
    out.push_str(&match (&report.winner, &report.band) {
        (Some(w), Some(b)) => say(Phrase::new("wab-score-wins", "{side} wins by {n}: {band}")
            .text("side", one_line(w))
            .count("n", report.difference)
            .text("band", b.name.clone())),
        _ => say(Phrase::new("wab-score-draw", "a draw: no difference")),
    });
    out.push('\n');
    let bands: Vec<String> = report
        .bands
        .iter()
        .map(|b| {
            say(Phrase::new("wab-score-band", "{name} from {from}")
                .text("name", b.name.clone())
                .count("from", b.from))
        })
        .collect();
    out.push_str(&say(Phrase::new(
        "wab-score-bands",
        "bands at {points|# point|# points}: {bands}",
    )
    .count("points", report.points)
    .text("bands", bands.join(", "))));
    out.push('\n');
    Ok(Scored {
        json: to_value(&report)?,
        text: out,
    })
}

/// A unit's state (routed, captured, fled, destroyed) by its names in the game's rules,
/// English saying its id (what `game mark --state` takes).
fn state_name(db: &Database, id: &str) -> Named {
    match db.game.state.iter().find(|s| s.id == id) {
        Some(s) => Named::new(id, Some(s.name.fr.clone()), s.name.es.clone()),
        None => Named::same(id),
    }
}

/// A side's list, read and costed: each unit's figures at the start (the officer included),
/// points, flag, guns, and whether it is a general. `named`: the side and its file as the
/// battle file names them, for messages.
fn side_list(
    ruleset: Ruleset,
    db: &Database,
    sources: &mut Sources,
    path: &Path,
    named: &str,
) -> Result<SideList, Error> {
    let file = sources.read(path)?;
    // A TOML file without `[list] ruleset` is no list (the default ruleset is for lists that
    // do not parse, whose parse below says what is wrong).
    let declared = toml::from_str::<toml::Table>(sources.text(file))
        .ok()
        .map(|t| {
            t.get("list")
                .and_then(|l| l.get("ruleset"))
                .is_some_and(toml::Value::is_str)
        });
    if declared == Some(false) {
        return Err(Error::Usage(format!(
            "{named} is not a list file: it has no [list] ruleset"
        )));
    }
    match rulesets::peek(sources, file) {
        Ok(r) if r == ruleset => {}
        Ok(other) if declared == Some(true) => {
            return Err(Error::Usage(format!(
                "{named} is a {} list, not a WAB ACA one",
                other.title()
            )))
        }
        Ok(_) => {}
        Err(d) => {
            diagnostic::print_all(&[d], sources);
            return Err(Error::Usage(format!("{named} is not a WAB ACA list")));
        }
    }
    let (parsed, spans) = list_doc::parse::<ListFile>(sources, file).map_err(|d| {
        diagnostic::print_all(&[d], sources);
        Error::Usage(format!("{named} is not a valid list file"))
    })?;
    let checked = check::check_parsed(ruleset, db, &parsed, spans, file);
    // A score counts the points the list says its units cost: a list with errors (figures
    // out of the sheet's bounds, unknown entries) has no such points to count.
    if checked.diagnostics.iter().any(Diagnostic::is_error) {
        let mut found = checked.diagnostics.clone();
        diagnostic::sort(&mut found);
        diagnostic::print_all(&found, sources);
        return Err(Error::Invalid(format!(
            "{} is invalid ({}): a battle is scored on valid lists; mend it (muster check {})",
            path.display(),
            diagnostic::summary(&found),
            path.display()
        )));
    }
    let units = checked
        .units
        .iter()
        .zip(&parsed.units)
        .map(|(row, u)| listed_unit(db, row, u.flag))
        .collect();
    Ok(SideList {
        limit: checked.limit,
        units,
    })
}

/// A game scored as the battle it describes (ACA p.14): each side's units with their losses
/// and what became of them (destroyed, captured, fled, routed: the first of these states it
/// has), the sides' eighths, flags, guns and generals taken; scored as `muster score` scores
/// a battle file.
pub fn score_game(
    ruleset: Ruleset,
    db: &Database,
    game: &crate::rulesets::game::Game,
    lang: crate::core::i18n::Lang,
) -> Result<Scored, Error> {
    // What the score refuses, said in words (a page shows them; the diagnostics below would
    // go to the server's terminal).
    let problems = game_problems(ruleset, db, game);
    if !problems.is_empty() {
        return Err(Error::Invalid(format!(
            "{}: the game cannot be scored: {}",
            game.path.display(),
            problems.join("; ")
        )));
    }
    score_sides(
        ruleset,
        db,
        battle_of_game(ruleset, game)?.as_battle(lang),
        Some(game_lists(db, game)?),
    )
}

/// What the score would refuse in a game as it stands (ACA p.14: eighths, flags, guns and
/// generals taken within what the battle had), in words; nothing for armies that cannot be
/// scored at all (their errors are `muster check`'s).
pub fn game_problems(
    ruleset: Ruleset,
    db: &Database,
    game: &crate::rulesets::game::Game,
) -> Vec<String> {
    let Ok(lists) = game_lists(db, game) else {
        return Vec::new();
    };
    let Ok(gb) = battle_of_game(ruleset, game) else {
        return Vec::new();
    };
    let spans = SpanIndex::parse(gb.sources.text(gb.file));
    let input: ScoreFile = match toml_file::parse(&gb.sources, gb.file, &spans) {
        Ok(i) => i,
        Err(d) => return vec![d.message],
    };
    match score::score(db, &input, &lists, gb.file, &spans, Default::default()) {
        Ok(_) => Vec::new(),
        Err(found) => found
            .into_iter()
            .filter(Diagnostic::is_error)
            .map(|d| format!("{} ({})", d.message, d.code))
            .collect(),
    }
}

/// Each side's army as the game keeps it, as a score counts it.
fn game_lists(
    db: &Database,
    game: &crate::rulesets::game::Game,
) -> Result<Vec<Option<SideList>>, Error> {
    use crate::rulesets::game::Side;
    // The armies the game plays (kept in the game file), never the list files as they are now.
    let mut lists = Vec::new();
    for side in [Side::A, Side::B] {
        let list = game.list(side);
        if !list.is_valid() {
            return Err(Error::Invalid(format!(
                "{}: side {}'s army ({}) has errors: a battle is scored on valid lists",
                game.path.display(),
                side.letter(),
                one_line(&list.name)
            )));
        }
        let units = list
            .units
            .iter()
            .map(|row| {
                let flag = row.json["options"]
                    .as_array()
                    .is_some_and(|o| o.iter().any(|x| x["id"] == "flag"));
                listed_unit(db, row, flag)
            })
            .collect();
        lists.push(Some(SideList {
            limit: list.limit,
            units,
        }));
    }
    Ok(lists)
}

/// A unit of a side's list as a score counts it: its figures as its card's casualty boxes
/// (the officer included: one count for the card, the game and the score), points, flag,
/// guns, and whether it is a general.
fn listed_unit(db: &Database, row: &crate::rulesets::UnitRow, flag: bool) -> ListedUnit {
    let entry = db.entry(&row.id);
    ListedUnit {
        label: row.label.clone(),
        figures: entry.map_or(row.figures.unwrap_or(0).max(1) as u64, |e| {
            u64::from(e.casualty_boxes(row.figures).max(1))
        }),
        cost: row.cost,
        flag,
        guns: row.json.get("guns").and_then(|g| g.as_u64()).unwrap_or(0),
        general: entry.map(|e| e.kind) == Some(Kind::General),
    }
}

/// The battle file a game describes, with the sources it is read from.
pub struct GameBattle {
    sources: Sources,
    file: crate::core::source::FileId,
    path: std::path::PathBuf,
}

impl GameBattle {
    fn as_battle(&mut self, lang: crate::core::i18n::Lang) -> Battle<'_> {
        Battle {
            sources: &mut self.sources,
            file: self.file,
            path: &self.path,
            lang,
        }
    }
}

/// The text of the battle file a game describes.
pub fn battle_text(ruleset: Ruleset, game: &crate::rulesets::game::Game) -> String {
    use crate::rulesets::game::{unit_key, Side};
    use toml_edit::{value, ArrayOfTables, DocumentMut, Item, Table};
    let mut doc = DocumentMut::new();
    let mut head = Table::new();
    head["name"] = value(format!(
        "{} — {}",
        one_line(&game.a.name),
        one_line(&game.b.name)
    ));
    head["ruleset"] = value(ruleset.id());
    doc["battle"] = Item::Table(head);
    let mut sides = ArrayOfTables::new();
    for (side, list_path) in [(Side::A, &game.file.game.a), (Side::B, &game.file.game.b)] {
        let mut t = Table::new();
        t["name"] = value(one_line(&game.list(side).name).into_owned());
        t["list"] = value(list_path.as_str());
        if let Some(values) = game.file.values.get(side.letter()) {
            for key in ["eighths", "flags_taken", "guns_taken", "generals_taken"] {
                if let Some(v) = values.get(key) {
                    t[key] = value(i64::from(*v));
                }
            }
        }
        let mut units = ArrayOfTables::new();
        for (i, _) in game.list(side).units.iter().enumerate() {
            let s = game.unit(side, i + 1);
            let status = ["destroyed", "captured", "fled", "routed"]
                .into_iter()
                .find(|st| s.states.iter().any(|x| x == st));
            if s.lost == 0 && status.is_none() {
                continue;
            }
            let mut u = Table::new();
            u["unit"] = value(i64::try_from(i + 1).unwrap_or(i64::MAX));
            if s.lost > 0 {
                u["lost"] = value(i64::from(s.lost));
            }
            if let Some(st) = status {
                u["status"] = value(st);
            }
            u.decor_mut()
                .set_prefix(format!("# {}\n", unit_key(side, i + 1)));
            units.push(u);
        }
        if !units.is_empty() {
            t["unit"] = Item::ArrayOfTables(units);
        }
        sides.push(t);
    }
    doc["side"] = Item::ArrayOfTables(sides);
    doc.to_string()
}

fn battle_of_game(
    ruleset: Ruleset,
    game: &crate::rulesets::game::Game,
) -> Result<GameBattle, Error> {
    let mut sources = Sources::new();
    let file = sources.add(&game.path, battle_text(ruleset, game));
    Ok(GameBattle {
        sources,
        file,
        path: game.path.clone(),
    })
}
