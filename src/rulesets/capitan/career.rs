//! A player's career (§10, §10.1): the victory points of each game added up, the rank they
//! reach (every `points_per_rank` points one rank up, muster's reading of §10, recorded in
//! ranks.toml), what the rank gives, and the lists that name the career checked against it.
//!
//! The career file (`careers/NAME.toml`, `muster career new|add|show`):
//!
//! ```toml
//! [career]
//! ruleset = "capitan"
//! player = "Jean Dubreton"
//! nation = "france"
//! arm = "infantry"
//!
//! [[game]]
//! points = 450
//! game = "../games/sabugal.toml"
//! title = "Voltigeurs du 6e Léger et hussards against La partida del Empecinado"
//! ```

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml_edit::{value, DocumentMut};

use super::database::Database;
use super::model::{CareerNation, CareerRules, Rank};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::paths::{named_by, relative};
use crate::core::source::{FileId, Sources, SpanIndex};
use crate::core::suggest::nearest;
use crate::core::text::one_line;
use crate::rulesets::label;

/// muster's bound on the games of one career (a file of that many is already a lifetime).
pub const MAX_GAMES: usize = 10_000;

/// A career's arm (§10: "son arme (cavalerie ou infanterie)").
pub use super::model::Arm;

// ── the career file ──────────────────────────────────────────────────────────────────────────

/// A career file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CareerFile {
    pub career: CareerHeader,
    /// The games played, in order.
    #[serde(default)]
    pub game: Vec<CareerGame>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CareerHeader {
    /// The rule system: "capitan".
    pub ruleset: String,
    /// The player's name, as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// A nation of §10 (ranks.toml [[career.nation]]).
    pub nation: String,
    pub arm: Arm,
}

/// One game of a career: its victory points, and the game file it was (when kept by muster).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CareerGame {
    pub points: u32,
    /// The game file, from the career file's folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// What the game was: "A against B".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// Where a career stands: its points, its rank and the next.
pub struct Standing<'a> {
    pub total: u64,
    pub index: usize,
    pub rank: &'a Rank,
    /// The next rank and the points it takes, unless the career is at the highest.
    pub next: Option<(&'a Rank, u64)>,
    pub nation: &'a CareerNation,
    pub arm: Arm,
}

impl Standing<'_> {
    /// The rank's name in the career's army and arm: "Chef d'escadron".
    pub fn title(&self) -> String {
        rank_title(self.rank, &self.nation.ranks, self.arm)
    }
}

/// A rank's name in a nation's army (`key`) and an arm.
pub fn rank_title(rank: &Rank, key: &str, arm: Arm) -> String {
    let by_arm = match arm {
        Arm::Infantry => &rank.infantry,
        Arm::Cavalry => &rank.cavalry,
    };
    if let Some(n) = by_arm.get(key) {
        return n.clone();
    }
    match key {
        "es" => rank.name.es.clone(),
        "fr" => rank.name.fr.clone(),
        "de" => rank.name.de.clone().unwrap_or_else(|| rank.name.en.clone()),
        _ => rank.name.en.clone(),
    }
}

/// The rules of careers, or why this data has none.
pub fn rules(db: &Database) -> Result<&CareerRules, Error> {
    db.career.as_ref().ok_or_else(|| {
        Error::Usage("the data has no careers: ranks.toml has no [career] table (§10)".into())
    })
}

/// Where `file` stands, or what is wrong with it (the nation unknown, a game's points over
/// muster's bound, too many games).
pub fn standing<'a>(db: &'a Database, file: &CareerFile) -> Result<Standing<'a>, String> {
    let rules = db
        .career
        .as_ref()
        .ok_or("the data has no careers: ranks.toml has no [career] table (§10)")?;
    let nation = rules
        .nation
        .iter()
        .find(|n| n.id == file.career.nation)
        .ok_or_else(|| {
            let ids: Vec<&str> = rules.nation.iter().map(|n| n.id.as_str()).collect();
            let hint = nearest(&file.career.nation, ids.iter().copied())
                .map(|s| format!("; did you mean {s}?"))
                .unwrap_or_default();
            format!(
                "unknown nation `{}` (§10 knows {}){hint}",
                file.career.nation.escape_debug(),
                ids.join(", ")
            )
        })?;
    if file.game.len() > MAX_GAMES {
        return Err(format!(
            "{} games: muster keeps at most {MAX_GAMES} in a career",
            file.game.len()
        ));
    }
    if let Some((i, g)) = file
        .game
        .iter()
        .enumerate()
        .find(|(_, g)| g.points > rules.max_game_points)
    {
        return Err(format!(
            "game {}: {} victory points; muster takes at most {} from one game",
            i + 1,
            g.points,
            rules.max_game_points
        ));
    }
    let total: u64 = file.game.iter().map(|g| u64::from(g.points)).sum();
    let ranks: Vec<&Rank> = db.ranks.iter().collect();
    let step = u64::from(rules.points_per_rank.max(1));
    let last = ranks.len().saturating_sub(1);
    let index = usize::try_from(total / step)
        .unwrap_or(usize::MAX)
        .min(last);
    let rank = ranks
        .get(index)
        .copied()
        .ok_or("the data has no ranks (§10.1)")?;
    let next = ranks
        .get(index + 1)
        .map(|r| (*r, step * (index as u64 + 1)));
    Ok(Standing {
        total,
        index,
        rank,
        next,
        nation,
        arm: file.career.arm,
    })
}

// ── reading and writing a career ─────────────────────────────────────────────────────────────

/// Reads a career file: `Err` with a message naming the file, line and column when it is not
/// one.
pub fn read(path: &Path) -> Result<CareerFile, String> {
    let mut sources = Sources::new();
    let id = sources.read(path).map_err(|e| e.to_string())?;
    parse(&sources, id).map_err(|why| why.of(&sources.name(id)))
}

/// A career file as a list names it: `Err` is why it is not one, without its path (the list
/// names it): "no such file", "line 5, column 7: …".
fn read_named(path: &Path) -> Result<CareerFile, String> {
    let mut sources = Sources::new();
    let id = sources.read(path).map_err(|e| e.reason())?;
    parse(&sources, id).map_err(|why| match why {
        Unfit::At(line, column, m) => format!("line {line}, column {column}: {m}"),
        Unfit::Whole(m) => m,
    })
}

/// Why a text is not a career: at a line and column, or as a whole.
enum Unfit {
    At(usize, usize, String),
    Whole(String),
}

impl Unfit {
    /// Said of the file `name`: `careers/me.toml:5:7: …`.
    fn of(self, name: &str) -> String {
        match self {
            Unfit::At(line, column, m) => format!("{name}:{line}:{column}: {m}"),
            Unfit::Whole(m) => format!("{name}: {m}"),
        }
    }
}

fn parse(sources: &Sources, id: FileId) -> Result<CareerFile, Unfit> {
    let spans = SpanIndex::of(sources, id);
    let file: CareerFile = crate::core::toml_file::parse(sources, id, &spans).map_err(|d| {
        let (line, column) = d
            .span
            .as_ref()
            .map_or((1, 1), |s| sources.line_column(id, s.start));
        Unfit::At(line, column, d.message)
    })?;
    if file.career.ruleset != super::name::ID {
        return Err(Unfit::Whole(format!(
            "a career of `{}`, not of {}",
            file.career.ruleset.escape_debug(),
            super::name::TITLE
        )));
    }
    Ok(file)
}

/// A new career's text.
pub fn new_career(
    db: &Database,
    nation: &str,
    arm: &str,
    player: Option<&str>,
) -> Result<String, Error> {
    rules(db)?;
    let Some(arm) = Arm::ALL.iter().copied().find(|a| a.as_str() == arm) else {
        return Err(Error::Usage(format!(
            "--arm {}: expected infantry or cavalry (§10)",
            arm.escape_debug()
        )));
    };
    let file = CareerFile {
        career: CareerHeader {
            ruleset: super::name::ID.to_owned(),
            player: player.map(str::to_owned),
            nation: nation.to_owned(),
            arm,
        },
        game: Vec::new(),
    };
    let standing = standing(db, &file).map_err(|e| Error::Usage(format!("--nation: {e}")))?;
    let mut doc = DocumentMut::new();
    let mut head = toml_edit::Table::new();
    head.decor_mut().set_prefix(format!(
        "# A career of {} (§10) kept by muster: {}, {}. Add a game's victory points with\n# `muster career add FILE --points N [--game GAME]`; `muster career show FILE` gives the rank.\n",
        super::name::TITLE,
        standing.nation.name.en,
        arm.as_str()
    ));
    head["ruleset"] = value(super::name::ID);
    if let Some(p) = player {
        head["player"] = value(one_line(p).into_owned());
    }
    head["nation"] = value(nation);
    head["arm"] = value(arm.as_str());
    doc["career"] = toml_edit::Item::Table(head);
    Ok(doc.to_string())
}

/// Adds a game's victory points to the career in `doc` (read from `path`); says what changed.
pub fn add_game(
    db: &Database,
    engine: &crate::rulesets::Rules,
    doc: &mut DocumentMut,
    path: &Path,
    game: Option<&Path>,
    points: u32,
) -> Result<String, Error> {
    let rules = rules(db)?;
    if points > rules.max_game_points {
        return Err(Error::Usage(format!(
            "--points {points}: muster takes at most {} victory points from one game",
            rules.max_game_points
        )));
    }
    let mut sources = Sources::new();
    let id = sources.add(path, doc.to_string());
    let file = parse(&sources, id).map_err(|why| Error::Usage(why.of(&sources.name(id))))?;
    let before = standing(db, &file).map_err(Error::Usage)?;
    if file.game.len() >= MAX_GAMES {
        return Err(Error::Usage(format!(
            "the career has {MAX_GAMES} games, the most muster keeps"
        )));
    }
    let mut entry = toml_edit::Table::new();
    entry["points"] = value(i64::from(points));
    let mut title = None;
    if let Some(g) = game {
        let played = crate::rulesets::game::read_game(engine, g)?;
        let folder = path.parent().unwrap_or(Path::new("."));
        let rel = relative(g, folder)?;
        let same = |other: &str| {
            let o = folder.join(other);
            o.canonicalize().ok() == g.canonicalize().ok()
        };
        if let Some(n) = file
            .game
            .iter()
            .position(|e| e.game.as_deref().is_some_and(same))
        {
            return Err(Error::Usage(format!(
                "{} is already game {} of the career",
                g.display(),
                n + 1
            )));
        }
        let t = format!(
            "{} against {}",
            one_line(&played.a.name),
            one_line(&played.b.name)
        );
        entry["game"] = value(rel);
        entry["title"] = value(t.clone());
        title = Some(t);
    }
    let games = doc
        .entry("game")
        .or_insert(toml_edit::Item::ArrayOfTables(
            toml_edit::ArrayOfTables::new(),
        ))
        .as_array_of_tables_mut()
        .ok_or_else(|| Error::Usage("`game` is not an array of tables ([[game]])".into()))?;
    games.push(entry);
    let mut file = file;
    file.game.push(CareerGame {
        points,
        game: None,
        title: title.clone(),
    });
    let after = standing(db, &file).map_err(Error::Usage)?;
    let mut said = format!(
        "added {points} victory points{}: {} in all, {}",
        title.map(|t| format!(" ({t})")).unwrap_or_default(),
        after.total,
        after.title()
    );
    if after.index > before.index {
        said.push_str(&format!(" — promoted from {} (§10)", before.title()));
    }
    if let Some((next, at)) = after.next {
        said.push_str(&format!(
            "; {} more to {}",
            at - after.total,
            rank_title(next, &after.nation.ranks, after.arm)
        ));
    }
    Ok(said)
}

/// `muster career show`: the career's JSON and text, the advantages in `lang`.
pub fn show(
    db: &Database,
    path: &Path,
    labels: &toml::Table,
    lang: Lang,
) -> Result<crate::rulesets::Scored, Error> {
    let file = read(path).map_err(Error::Usage)?;
    let s = standing(db, &file).map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
    let rules = rules(db)?;
    let advantages = rank_advantages(s.rank, labels);
    let nation = s.nation.name.get(lang);
    let mut text = format!(
        "{}{} — {}, {} ({} {})\n",
        file.career
            .player
            .as_deref()
            .map(|p| format!("{}: ", one_line(p)))
            .unwrap_or_default(),
        s.title(),
        nation,
        s.arm.as_str(),
        super::name::TITLE,
        rules.rule
    );
    text.push_str(&format!(
        "{} victory points in {} game{}",
        s.total,
        file.game.len(),
        if file.game.len() == 1 { "" } else { "s" }
    ));
    match s.next {
        Some((next, at)) => text.push_str(&format!(
            "; {} from {at} ({} more)\n",
            rank_title(next, &s.nation.ranks, s.arm),
            at - s.total
        )),
        None => text.push_str("; the highest rank\n"),
    }
    text.push_str(&format!("what the rank gives (§10.1): {advantages}\n"));
    if !file.game.is_empty() {
        let rows: Vec<Vec<String>> = file
            .game
            .iter()
            .enumerate()
            .map(|(i, g)| {
                vec![
                    (i + 1).to_string(),
                    g.points.to_string(),
                    one_line(g.title.as_deref().or(g.game.as_deref()).unwrap_or("")).into_owned(),
                ]
            })
            .collect();
        text.push('\n');
        text.push_str(&crate::core::table::text_table(
            &["game", "points", "what"],
            &rows,
        ));
    }
    let reading = db
        .rules
        .reading("promotion")
        .map(|r| r.decision.get(lang).to_owned())
        .unwrap_or_default();
    text.push_str(&format!(
        "\nranks: muster's reading of {}: {reading}\n",
        rules.rule
    ));
    let json = serde_json::json!({
        "ruleset": super::name::ID,
        "player": file.career.player,
        "nation": { "id": s.nation.id, "name": nation },
        "arm": s.arm.as_str(),
        "points": s.total,
        "games": file.game,
        "rank": {
            "id": s.rank.id,
            "name": s.title(),
            "free_skill_max": s.rank.free_skill_max,
            "initiative_bonus": s.rank.initiative_bonus,
            "initiative_rerolls": s.rank.initiative_rerolls,
            "rerolls": s.rank.rerolls,
            "advantages": advantages,
        },
        "next": s.next.map(|(r, at)| serde_json::json!({
            "id": r.id,
            "name": rank_title(r, &s.nation.ranks, s.arm),
            "from": at,
            "more": at - s.total,
        })),
        "reading": reading,
    });
    Ok(crate::rulesets::Scored { json, text })
}

// ── a list that names its career ─────────────────────────────────────────────────────────────

/// The career a list names (`career = "…"`, from the list's folder; on the web, inside the
/// folders served): where it stands, or why it cannot be read (the caller names the career as
/// the list does: the reason never repeats its path).
pub fn of_list<'a>(
    db: &'a Database,
    sources: &Sources,
    list: FileId,
    career: &str,
) -> Result<(Standing<'a>, CareerFile), String> {
    let path = named_by(sources, list, career, "career")?;
    let file = read_named(&path)?;
    let standing = standing(db, &file)?;
    Ok((standing, file))
}

/// The player's rank for a list: its `rank`, else its career's (None when neither is known).
pub fn rank_of_list<'a>(
    db: &'a Database,
    sources: &Sources,
    list: FileId,
    header: &super::list::ListHeader,
) -> Option<&'a Rank> {
    match (&header.rank, &header.career) {
        (Some(r), _) => db.ranks.get(r),
        (None, Some(c)) => of_list(db, sources, list, c).ok().map(|(s, _)| s.rank),
        (None, None) => None,
    }
}

/// §10.1: what a rank gives, in words of the labels.
pub(crate) fn rank_advantages(r: &Rank, labels: &toml::Table) -> String {
    let mut parts = Vec::new();
    if r.initiative_rerolls > 0 {
        parts.push(label(labels, "rank_initiative_reroll"));
    }
    if r.initiative_bonus != 0 {
        parts.push(
            label(labels, "rank_initiative_bonus")
                .replace("{n}", &format!("{:+}", r.initiative_bonus)),
        );
    }
    for roll in &r.rerolls {
        parts.push(label(labels, &format!("rank_reroll_{roll}")));
    }
    if r.free_skill_max > 0 {
        parts.push(label(labels, "rank_free_skill").replace("{n}", &r.free_skill_max.to_string()));
    }
    parts.join(&label(labels, "list_sep"))
}
