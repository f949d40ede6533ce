//! Scoring a finished battle (ACA p.14, readings losses and victory-difference): each side
//! scores the enemy's losses at purchase value (a unit's losses count once above 25 % of its
//! starting figures; routed, captured, fled or destroyed units count whole), 100 points per
//! eighth of the table held, flag, gun and general taken; the difference names the winner and
//! the band of the victory, the thresholds scaled to the game's points.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::database::Database;
use super::model::Lang;
use crate::core::diagnostic::{Diagnostic, Severity, Span};
use crate::core::rule::Rule;
use crate::core::source::{FileId, Seg, SpanIndex};

/// What became of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Still fighting: only its figures lost count.
    Standing,
    Routed,
    Captured,
    Fled,
    Destroyed,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Battle {
    #[serde(default)]
    pub name: Option<String>,
    /// `wab-aca` (the only ruleset with scoring so far).
    #[serde(default)]
    pub ruleset: Option<String>,
    /// The game's size; default: the larger limit of the two lists.
    #[serde(default)]
    pub points: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitResult {
    /// The unit's number in the side's list (1-based).
    #[serde(default)]
    pub unit: Option<i64>,
    /// Without a list: a name, the unit's points and starting figures.
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub cost: Option<i64>,
    #[serde(default)]
    pub figures: Option<i64>,
    /// Figures lost.
    #[serde(default)]
    pub lost: i64,
    #[serde(default = "standing")]
    pub status: Status,
}

fn standing() -> Status {
    Status::Standing
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideResult {
    pub name: String,
    /// The side's list (its units' points and figures), relative to this file.
    #[serde(default)]
    pub list: Option<String>,
    /// Eighths of the table held by formed infantry at the end.
    #[serde(default)]
    pub eighths: i64,
    #[serde(default)]
    pub flags_taken: i64,
    #[serde(default)]
    pub guns_taken: i64,
    #[serde(default)]
    pub generals_taken: i64,
    /// The side's units that lost figures or left the field.
    #[serde(default)]
    pub unit: Vec<UnitResult>,
}

/// `muster score`'s input: a finished battle.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreFile {
    #[serde(default)]
    pub battle: Option<Battle>,
    pub side: Vec<SideResult>,
}

/// A unit of a side's list as scoring needs it.
#[derive(Debug, Clone)]
pub struct ListedUnit {
    pub label: String,
    pub figures: u64,
    pub cost: u64,
    pub flag: bool,
    pub guns: u64,
    pub general: bool,
}

/// A side's list, read and costed by the command.
#[derive(Debug, Clone)]
pub struct SideList {
    pub limit: u64,
    pub units: Vec<ListedUnit>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Loss {
    pub label: String,
    pub figures: u64,
    pub lost: u64,
    pub status: Status,
    pub cost: u64,
    /// What the loss is worth to the enemy (0 when under the threshold).
    pub counted: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct SideScore {
    pub name: String,
    pub losses: Vec<Loss>,
    /// This side's losses as the enemy scores them.
    pub losses_value: u64,
    pub eighths: u64,
    pub flags_taken: u64,
    pub guns_taken: u64,
    pub generals_taken: u64,
    /// The enemy's losses + eighths, flags, guns and generals × their points.
    pub score: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Band {
    pub id: String,
    pub name: String,
    /// The difference it starts at, for this game's size.
    pub from: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct ScoreReport {
    pub points: u64,
    pub sides: Vec<SideScore>,
    pub difference: u64,
    /// `None`: a draw.
    pub winner: Option<String>,
    pub band: Option<Band>,
    /// Every band at this game's size.
    pub bands: Vec<Band>,
}

const fn rule(code: &'static str, summary: &'static str) -> Rule {
    Rule {
        code,
        severity: Severity::Error,
        section: "p.14",
        summary,
    }
}

pub const SIDES: Rule = rule("score-sides", "a battle has two sides");
pub const UNIT: Rule = rule(
    "score-unit",
    "each unit is a unit of the side's list (`unit = N`), or has its cost and figures",
);
pub const LOST: Rule = rule(
    "score-lost",
    "a unit loses between 0 and its starting figures",
);
pub const TAKEN: Rule = rule(
    "score-taken",
    "eighths (8 in all), flags, guns and generals taken are within what the battle had",
);
pub const POINTS: Rule = rule(
    "score-points",
    "the game's size is a positive number of points",
);

/// Every rule of a score file.
pub const RULES: &[&Rule] = &[&SIDES, &UNIT, &LOST, &TAKEN, &POINTS];

/// Engine limit: points of one game.
pub const MAX_POINTS: u64 = 100_000;

struct Cx<'a> {
    file: FileId,
    spans: &'a SpanIndex,
    found: Vec<Diagnostic>,
}

impl Cx<'_> {
    fn report(&mut self, rule: &Rule, path: &[Seg], message: String) {
        let span = self.spans.span(path);
        self.found
            .push(rule.diagnostic("ACA", message).at(self.file, span));
    }
}

/// Scores `file` (its sides' lists read by the command into `lists`); `Err` with every
/// problem found, each located.
pub fn score(
    db: &Database,
    input: &ScoreFile,
    lists: &[Option<SideList>],
    file: FileId,
    spans: &SpanIndex,
    lang: Lang,
) -> Result<ScoreReport, Vec<Diagnostic>> {
    let mut cx = Cx {
        file,
        spans,
        found: Vec::new(),
    };
    if input.side.len() != 2 {
        cx.report(
            &SIDES,
            &[Seg::Key("side")],
            format!("{} [[side]] tables; a battle has two", input.side.len()),
        );
        return Err(cx.found);
    }
    let victory = &db.rules.victory;
    let points = match input.battle.as_ref().and_then(|b| b.points) {
        Some(p) if p > 0 && (p as u64) <= MAX_POINTS => p as u64,
        Some(p) => {
            cx.report(
                &POINTS,
                &[Seg::Key("battle"), Seg::Key("points")],
                format!("points must be from 1 to {MAX_POINTS}, found {p}"),
            );
            0
        }
        None => {
            let from_lists = lists.iter().flatten().map(|l| l.limit).max().unwrap_or(0);
            if from_lists == 0 {
                cx.report(
                    &POINTS,
                    &[Seg::Key("side")],
                    "the game's size is unknown: give [battle] points = N, or each side's list"
                        .into(),
                );
            }
            from_lists.min(MAX_POINTS)
        }
    };
    let eighths_total: i64 = input.side.iter().map(|s| s.eighths).sum();
    let mut sides = Vec::new();
    for (i, side) in input.side.iter().enumerate() {
        let list = lists.get(i).and_then(Option::as_ref);
        let enemy = lists.get(1 - i).and_then(Option::as_ref);
        let at = |field: &'static str| vec![Seg::Key("side"), Seg::Index(i), Seg::Key(field)];
        let bound =
            |cx: &mut Cx, field: &'static str, v: i64, max: Option<u64>, what: &str| -> u64 {
                let max = max.unwrap_or(1000);
                if v < 0 || v as u64 > max {
                    cx.report(
                        &TAKEN,
                        &at(field),
                        format!("{field} must be from 0 to {max} ({what}), found {v}"),
                    );
                    0
                } else {
                    v as u64
                }
            };
        let eighths = bound(
            &mut cx,
            "eighths",
            side.eighths,
            Some(8),
            "the table has 8 eighths",
        );
        if eighths_total > 8 && i == 1 {
            cx.report(
                &TAKEN,
                &at("eighths"),
                format!("the two sides hold {eighths_total} eighths; the table has 8"),
            );
        }
        let flags = bound(
            &mut cx,
            "flags_taken",
            side.flags_taken,
            enemy.map(|l| l.units.iter().filter(|u| u.flag).count() as u64),
            "the flags the enemy's list bought",
        );
        let guns = bound(
            &mut cx,
            "guns_taken",
            side.guns_taken,
            enemy.map(|l| l.units.iter().map(|u| u.guns).fold(0, u64::saturating_add)),
            "the guns of the enemy's list",
        );
        let generals = bound(
            &mut cx,
            "generals_taken",
            side.generals_taken,
            enemy.map(|l| l.units.iter().filter(|u| u.general).count() as u64),
            "the generals of the enemy's list",
        );
        let mut losses = Vec::new();
        // The units of the list already scored, with the [[side.unit]] that named them: a
        // unit named twice would have its losses counted twice.
        let mut named: Vec<(i64, usize)> = Vec::new();
        for (j, u) in side.unit.iter().enumerate() {
            let path = |field: &'static str| {
                vec![
                    Seg::Key("side"),
                    Seg::Index(i),
                    Seg::Key("unit"),
                    Seg::Index(j),
                    Seg::Key(field),
                ]
            };
            let whole = vec![
                Seg::Key("side"),
                Seg::Index(i),
                Seg::Key("unit"),
                Seg::Index(j),
            ];
            let listed = match (u.unit, list) {
                (Some(n), Some(l)) => match l.units.get((n.max(1) - 1) as usize) {
                    Some(x) if n >= 1 => Some(x.clone()),
                    _ => {
                        cx.report(
                            &UNIT,
                            &path("unit"),
                            format!(
                                "unit = {n}, but {}'s list has {} unit{}",
                                side.name,
                                l.units.len(),
                                if l.units.len() == 1 { "" } else { "s" }
                            ),
                        );
                        continue;
                    }
                },
                (Some(_), None) => {
                    cx.report(
                        &UNIT,
                        &path("unit"),
                        format!(
                            "unit = N needs the side's list (list = \"…\" in side {})",
                            i + 1
                        ),
                    );
                    continue;
                }
                (None, _) => match (u.cost, u.figures) {
                    (Some(c), Some(f))
                        if (0..=1_000_000).contains(&c) && (1..=10_000).contains(&f) =>
                    {
                        Some(ListedUnit {
                            label: u.label.clone().unwrap_or_else(|| format!("unit {}", j + 1)),
                            figures: f as u64,
                            cost: c as u64,
                            flag: false,
                            guns: 0,
                            general: false,
                        })
                    }
                    _ => {
                        cx.report(
                            &UNIT,
                            &whole,
                            "a unit without `unit = N` needs cost (0 to 1000000) and figures (1 to 10000)".into(),
                        );
                        continue;
                    }
                },
            };
            let Some(x) = listed else { continue };
            if let Some(n) = u.unit {
                if let Some(&(_, first)) = named.iter().find(|(m, _)| *m == n) {
                    let at = |k: usize| {
                        cx.spans.span(&[
                            Seg::Key("side"),
                            Seg::Index(i),
                            Seg::Key("unit"),
                            Seg::Index(k),
                            Seg::Key("unit"),
                        ])
                    };
                    let mut d = UNIT
                        .diagnostic(
                            "ACA",
                            format!(
                                "unit {n} of {}'s list ({}) is scored twice: each unit once, with all it lost",
                                side.name, x.label
                            ),
                        )
                        .at(cx.file, at(j))
                        .with_label("again here");
                    if let Some(range) = at(first) {
                        d = d.with_related(
                            Span {
                                file: cx.file,
                                range,
                            },
                            "first here",
                        );
                    }
                    cx.found.push(d);
                    continue;
                }
                named.push((n, j));
            }
            if u.lost < 0 || u.lost as u64 > x.figures {
                cx.report(
                    &LOST,
                    &path("lost"),
                    format!(
                        "{} started with {} figures; lost must be from 0 to {}, found {}",
                        x.label, x.figures, x.figures, u.lost
                    ),
                );
                continue;
            }
            let lost = u.lost as u64;
            let whole_unit = u.status != Status::Standing || lost == x.figures;
            // In u128: figures and costs come from a file; no product of two u64 overflows it.
            let over = u128::from(lost) * 100
                > u128::from(x.figures) * u128::from(victory.loss_threshold_percent);
            let counted = if whole_unit {
                x.cost
            } else if over {
                let share =
                    (u128::from(x.cost) * u128::from(lost)).div_ceil(u128::from(x.figures.max(1)));
                u64::try_from(share).unwrap_or(u64::MAX)
            } else {
                0
            };
            losses.push(Loss {
                label: x.label.clone(),
                figures: x.figures,
                lost: if whole_unit { x.figures } else { lost },
                status: u.status,
                cost: x.cost,
                counted,
            });
        }
        let losses_value = losses
            .iter()
            .map(|l| l.counted)
            .fold(0, u64::saturating_add);
        sides.push(SideScore {
            name: side.name.clone(),
            losses,
            losses_value,
            eighths,
            flags_taken: flags,
            guns_taken: guns,
            generals_taken: generals,
            score: 0,
        });
    }
    if !cx.found.is_empty() {
        return Err(cx.found);
    }
    let bonus = |s: &SideScore| {
        s.eighths * u64::from(victory.per_eighth)
            + s.flags_taken * u64::from(victory.per_flag)
            + s.guns_taken * u64::from(victory.per_gun)
            + s.generals_taken * u64::from(victory.per_general)
    };
    let (l0, l1) = (sides[0].losses_value, sides[1].losses_value);
    sides[0].score = l1.saturating_add(bonus(&sides[0]));
    sides[1].score = l0.saturating_add(bonus(&sides[1]));
    let (s0, s1) = (sides[0].score, sides[1].score);
    let difference = s0.abs_diff(s1);
    let base = u64::from(victory.base_points.max(1));
    let bands: Vec<Band> = victory
        .band
        .iter()
        .map(|b| Band {
            id: b.id.clone(),
            name: b.name.get(lang).to_owned(),
            from: (u64::from(b.from) * points).div_ceil(base).max(1),
        })
        .collect();
    let band = bands.iter().rev().find(|b| difference >= b.from).cloned();
    let winner = match s0.cmp(&s1) {
        std::cmp::Ordering::Greater => Some(sides[0].name.clone()),
        std::cmp::Ordering::Less => Some(sides[1].name.clone()),
        std::cmp::Ordering::Equal => None,
    };
    Ok(ScoreReport {
        points,
        sides,
        difference,
        band: winner.as_ref().and(band),
        winner,
        bands,
    })
}
