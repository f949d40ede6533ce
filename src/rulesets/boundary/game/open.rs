//! Opening a game: its file read with its two armies (those it keeps, or an older game's list
//! files), each unit priced as the game began, the file refused where no mark could have
//! written it, and what changed in its lists since.

use std::path::{Path, PathBuf};

use super::file::{is_game, list_paths, GameFile, MAX_COST, MAX_LOST, MAX_TURN};
use super::rules::GameRules;
use super::state::{parse_key, unit_key, Game, Note, Side};
use super::ListCheck;
use crate::core::error::Error;

/// Whether the file at `path` is a game file (read as text; a file that cannot be read is not).
pub fn file_is_game(path: &Path) -> bool {
    std::fs::metadata(path)
        .is_ok_and(|m| m.is_file() && m.len() <= crate::core::source::MAX_INPUT_BYTES)
        && std::fs::read_to_string(path).is_ok_and(|t| is_game(&t))
}

/// Reads a game file with its two armies (checked by `engine`, whose ruleset the game must be).
pub fn read_game(engine: &crate::rulesets::Rules, path: &Path) -> Result<Game, Error> {
    let text = crate::core::source::read_text(path)?;
    game_of_text(engine, path, &text)
}

/// A game from its file's text (`path`: where it is, for its lists and messages).
pub fn game_of_text(
    engine: &crate::rulesets::Rules,
    path: &Path,
    text: &str,
) -> Result<Game, Error> {
    game_within(engine, path, text, None)
}

/// [`game_of_text`], every file the game's armies name (a career) kept inside `roots` when
/// given (the folders `muster serve` was given).
pub fn game_within(
    engine: &crate::rulesets::Rules,
    path: &Path,
    text: &str,
    roots: Option<&[PathBuf]>,
) -> Result<Game, Error> {
    let mut sources = crate::core::source::Sources::new();
    let id = sources.add(path, text.to_owned());
    let spans = crate::core::source::SpanIndex::of(&sources, id);
    let file: GameFile = crate::core::toml_file::parse(&sources, id, &spans).map_err(|d| {
        crate::core::diagnostic::print_all(&[d], &sources);
        Error::Usage(format!("{} is not a game file", path.display()))
    })?;
    let ruleset = engine.ruleset();
    if file.game.ruleset != ruleset.id() {
        return Err(Error::Usage(format!(
            "{} is a game of `{}`, not of {}",
            path.display(),
            file.game.ruleset.escape_debug(),
            ruleset.title()
        )));
    }
    let (a_path, b_path) = list_paths(path, &file.game);
    if let Some(roots) = roots {
        // A game file may name any path: on the web, a list outside the served folders is
        // never read (a game that keeps its armies does not need it).
        for (side, p) in [("a", &a_path), ("b", &b_path)] {
            if file.army.is_none() && !crate::core::paths::within(p, roots) {
                return Err(Error::Usage(format!(
                    "{}: side {side}'s list ({}) is outside the folders muster serve was given, and the game does not keep its army",
                    path.display(),
                    p.file_name().map(|f| f.to_string_lossy()).unwrap_or_default()
                )));
            }
        }
    }
    let kept = file.army.is_some();
    let (a, b, texts) = match &file.army {
        Some(army) => {
            let a = army_of(engine, path, "a", &a_path, &army.a, roots)?;
            let b = army_of(engine, path, "b", &b_path, &army.b, roots)?;
            (a, b, [army.a.clone(), army.b.clone()])
        }
        None => {
            let a_text = list_text(path, &a_path)?;
            let b_text = list_text(path, &b_path)?;
            let a = super::list_file::read_list_within(engine, &a_path, roots)?;
            let b = super::list_file::read_list_within(engine, &b_path, roots)?;
            (a, b, [a_text, b_text])
        }
    };
    let counts = [
        a.units
            .iter()
            .map(|u| engine.games().map_or(u.figures, |g| g.game_count(u)))
            .collect(),
        b.units
            .iter()
            .map(|u| engine.games().map_or(u.figures, |g| g.game_count(u)))
            .collect(),
    ];
    let mut game = Game {
        path: path.to_path_buf(),
        file,
        a,
        b,
        a_path,
        b_path,
        texts,
        kept,
        counts,
        notes: Vec::new(),
    };
    let repriced = game.price_as_begun();
    let rules = engine
        .games()
        .map(|g| g.game_rules())
        .cloned()
        .unwrap_or_default();
    validate(&game, &rules)?;
    if game.kept {
        game.notes = changes_since(engine, &game, roots);
        game.notes.extend(repriced);
    }
    Ok(game)
}

/// A list file's text, for a game that does not keep its armies yet.
fn list_text(game: &Path, list: &Path) -> Result<String, Error> {
    crate::core::source::read_text(list).map_err(|e| {
        Error::Usage(format!(
            "{}: the game follows {} (it was written before games kept their armies), which cannot be read: {}",
            game.display(),
            list.display(),
            match e {
                Error::Read { source, .. } => source.to_string(),
                other => other.to_string(),
            }
        ))
    })
}

/// Side `side`'s army as the game keeps it, checked with today's data (the list file it came
/// from, `from`, is where a career or other file it names is found).
fn army_of(
    engine: &crate::rulesets::Rules,
    game: &Path,
    side: &str,
    from: &Path,
    text: &str,
    roots: Option<&[PathBuf]>,
) -> Result<ListCheck, Error> {
    let mut sources = crate::core::source::Sources::new();
    if let Some(r) = roots {
        sources.confine(r.to_vec());
    }
    let id = sources.add(from, text.to_owned());
    let refuse = |why: String| {
        Error::Usage(format!(
            "{}: side {side}'s army (kept in the game, from {}) {why}",
            game.display(),
            from.display()
        ))
    };
    match super::peek(&sources, id) {
        Ok(r) if r == engine.ruleset() => {}
        Ok(other) => return Err(refuse(format!("is a list of {}", other.title()))),
        Err(d) => return Err(refuse(format!("is not a list: {}", d.message))),
    }
    crate::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, id)
        .map_err(|d| refuse(format!("is not a list muster can read: {}", d.message)))
}

impl Game {
    /// Each unit priced as the game began (its cost kept in `[units]`), whatever the data say
    /// now; says which units the data price otherwise today.
    fn price_as_begun(&mut self) -> Vec<Note> {
        let mut notes = Vec::new();
        for side in [Side::A, Side::B] {
            let kept: Vec<Option<u64>> = (1..=self.list(side).units.len())
                .map(|n| self.unit(side, n).cost)
                .collect();
            let list = match side {
                Side::A => &mut self.a,
                Side::B => &mut self.b,
            };
            for (i, (u, cost)) in list.units.iter_mut().zip(kept).enumerate() {
                if let Some(c) = cost {
                    if c != u.cost {
                        notes.push(Note::Repriced {
                            key: unit_key(side, i + 1),
                            label: u.label.clone(),
                            now: u.cost,
                            kept: c,
                        });
                    }
                    u.cost = c;
                }
            }
        }
        notes
    }
}

/// Refuses a game file whose numbers no mark could have written (a hand edit, a damaged file):
/// units the armies do not have, losses beyond a unit's count, marks beyond their bounds, side
/// values beyond their rule.
fn validate(game: &Game, rules: &GameRules) -> Result<(), Error> {
    let path = game.path.display();
    let turn = game.file.game.turn;
    if !(1..=MAX_TURN).contains(&turn) {
        return Err(Error::Usage(format!(
            "{path}: turn = {turn}: a game counts turns from 1 to {MAX_TURN}"
        )));
    }
    let declared = |s: &str| rules.state(s).is_some();
    for (k, u) in &game.file.units {
        let Some((side, n)) = parse_key(k) else {
            return Err(Error::Usage(format!(
                "{path}: [units] names `{}`, which is not a unit key (a1, b3)",
                k.escape_debug()
            )));
        };
        let count = game.list(side).units.len();
        if n > count && game.kept {
            return Err(Error::Usage(format!(
                "{path}: [units] names {k}, but side {}'s army has {count} unit{}",
                side.letter(),
                if count == 1 { "" } else { "s" }
            )));
        }
        let most = match game.count(side, n) {
            Some(c) => u32::try_from(c.max(0)).unwrap_or(u32::MAX),
            None => game.lost_limit(rules),
        };
        if u.lost > most && n <= count {
            return Err(Error::Usage(format!(
                "{path}: {k} has lost {}, more than the {most} it has",
                u.lost
            )));
        }
        if let (Some(left), Some(c), true) = (u.left, game.count(side, n), game.kept) {
            if i64::from(left) != c.saturating_sub(i64::from(u.lost)) && n <= count {
                return Err(Error::Usage(format!(
                    "{path}: {k} has left = {left}, but it has lost {} of {c}",
                    u.lost
                )));
            }
        }
        if u.cost.is_some_and(|c| c > MAX_COST) {
            return Err(Error::Usage(format!(
                "{path}: {k} has cost = {}: a unit costs at most {MAX_COST} points",
                u.cost.unwrap_or(0)
            )));
        }
        for (i, st) in u.states.iter().enumerate() {
            if !declared(st) {
                return Err(Error::Usage(format!(
                    "{path}: {k} is `{}`, a state this game does not know ({})",
                    st.escape_debug(),
                    rules
                        .state
                        .iter()
                        .map(|s| s.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            if u.states[..i].contains(st) {
                return Err(Error::Usage(format!("{path}: {k} is {st} twice")));
            }
        }
    }
    for (i, m) in game.file.log.iter().enumerate() {
        for (what, n) in [("lost", m.lost), ("back", m.back)] {
            if n.is_some_and(|n| n == 0 || n > MAX_LOST) {
                return Err(Error::Usage(format!(
                    "{path}: mark {} of the log has {what} = {}: from 1 to {MAX_LOST}",
                    i + 1,
                    n.unwrap_or(0)
                )));
            }
        }
        let bad = |why: String| Error::Usage(format!("{path}: mark {} of the log {why}", i + 1));
        if m.lost.is_some() && m.back.is_some() {
            return Err(bad("says both lost and back: a mark says one thing".into()));
        }
        if let Some(st) = &m.state {
            if !declared(st) {
                return Err(bad(format!(
                    "names the state `{}`, which this game does not know",
                    st.escape_debug()
                )));
            }
        }
        if let Some(v) = &m.value {
            if !rules.value.iter().any(|d| d.id == *v) {
                return Err(bad(format!(
                    "names the side value `{}`, which this game does not know",
                    v.escape_debug()
                )));
            }
            if !matches!(m.unit.as_deref(), Some("a" | "b")) {
                return Err(bad("sets a side value without its side (a or b)".into()));
            }
        }
        if let Some(k) = &m.unit {
            match parse_key(k) {
                _ if matches!(k.as_str(), "a" | "b") && m.value.is_some() => {}
                Some((side, n)) if n <= game.list(side).units.len() => {}
                Some((side, _)) => {
                    return Err(bad(format!(
                        "names {k}, but side {}'s army has {} units",
                        side.letter(),
                        game.list(side).units.len()
                    )))
                }
                None => {
                    return Err(bad(format!(
                        "names `{}`, which is not a unit key",
                        k.escape_debug()
                    )))
                }
            }
        }
    }
    for (side, values) in &game.file.values {
        if !matches!(side.as_str(), "a" | "b") {
            return Err(Error::Usage(format!(
                "{path}: [values] names the side `{}`: the sides are a and b",
                side.escape_debug()
            )));
        }
        for (id, v) in values {
            match rules.value.iter().find(|d| d.id == *id) {
                Some(decl) if *v > decl.max => {
                    return Err(Error::Usage(format!(
                        "{path}: side {side}'s {id} is {v}: from 0 to {} ({})",
                        decl.max, decl.rule
                    )));
                }
                Some(_) => {}
                None => {
                    return Err(Error::Usage(format!(
                        "{path}: side {side} has `{}`, a value this game does not keep",
                        id.escape_debug()
                    )))
                }
            }
        }
    }
    Ok(())
}

/// What changed since the game began, in words: a list file edited or gone.
fn changes_since(
    engine: &crate::rulesets::Rules,
    game: &Game,
    roots: Option<&[PathBuf]>,
) -> Vec<Note> {
    let mut notes = Vec::new();
    for (side, path) in [(Side::A, &game.a_path), (Side::B, &game.b_path)] {
        let kept = game.list(side);
        let list = path.clone();
        if roots.is_some_and(|r| !crate::core::paths::within(path, r)) {
            notes.push(Note::ListGone { side, list });
            continue;
        }
        match quiet_list(engine, path, roots) {
            None if !path.exists() => notes.push(Note::ListGone { side, list }),
            None => notes.push(Note::ListUnreadable { side, list }),
            Some(now) => {
                let same = now.name == kept.name
                    && now.units.len() == kept.units.len()
                    && now.units.iter().zip(&kept.units).all(|(x, y)| {
                        x.id == y.id
                            && x.label == y.label
                            && x.figures == y.figures
                            && x.extras == y.extras
                    });
                if !same {
                    notes.push(Note::ListChanged { side, list });
                }
            }
        }
    }
    notes
}

/// A list file checked without a word on standard error; `None` when it is not a list of the
/// engine's ruleset that can be read.
fn quiet_list(
    engine: &crate::rulesets::Rules,
    path: &Path,
    roots: Option<&[PathBuf]>,
) -> Option<ListCheck> {
    let mut sources = crate::core::source::Sources::new();
    if let Some(r) = roots {
        sources.confine(r.to_vec());
    }
    let id = sources.read(path).ok()?;
    match super::peek(&sources, id) {
        Ok(r) if r == engine.ruleset() => {
            crate::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, id).ok()
        }
        _ => None,
    }
}
