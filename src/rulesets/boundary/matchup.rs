//! The matchup table: every unit of one list against every unit of another, for each duel
//! procedure of their ruleset ([`super::duel`]), each cell the procedure's summing number (its
//! `mean`: what the first unit is expected to inflict) and the `muster preview` command that
//! gives the same number. Pairs the engine refuses (a unit without a firearm cannot fire)
//! are cells without a number, with the engine's reason.
//!
//! The cells are independent previews: they are worked out on every core (std's scoped
//! threads), each by the same engine call as `muster preview`, asked for its numbers alone.

use serde::Serialize;

use super::duel::{self, DuelSide, DuelSituation};
use crate::core::error::Error;
use crate::rulesets::Rules;

/// The most cells one table computes (an engine limit: two lists of 100 units and their
/// ruleset's duels, far above any game; docs/development.md, Limits).
pub const MAX_CELLS: usize = 40_000;

/// One cell: unit `unit` of the list against unit `enemy` of the opponent's (1-based).
#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    pub unit: usize,
    pub enemy: usize,
    /// The table's procedure.
    pub procedure: &'static str,
    /// The preview the cell shows, when it is not the table's own: a gun's `artillery`, a
    /// charging melee; its `variant` says which (its command gives the same number).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shows: Option<&'static str>,
    /// Which way the acting unit acts instead (a key of the ruleset's declarations:
    /// "canister", "roundshot", "charging").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<&'static str>,
    /// `out`: the list's unit acts on the enemy's (fires, attacks); `in`: the enemy's unit acts
    /// on the list's (both-way procedures only).
    pub way: Way,
    /// What the acting unit is expected to inflict; `None` when the pair cannot play it.
    pub mean: Option<f64>,
    /// The `muster preview` arguments (after `muster`) whose `--format json` has this mean.
    pub command: Vec<String>,
    /// Why the pair cannot play it, when it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// Why, in words for players where the rules refuse (a page says it in its language).
    #[serde(skip)]
    pub cannot: Option<crate::core::words::Phrase>,
    /// The house rules its preview played (the ids of its JSON's `house_rules`, where the
    /// ruleset has them: a list turned them on); none by the book.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Way {
    Out,
    In,
}

/// A table of one procedure and way, as the text output and the page draw it.
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    pub procedure: &'static str,
    pub way: Way,
    /// What its numbers are: "casualties", "wounds caused".
    pub measures: &'static str,
    /// Its numbers are chances (a charge goes in), not counts.
    pub chance: bool,
    /// Where a cell's number is in its command's `--format json` (a JSON pointer: "/mean").
    pub at: &'static str,
    /// The marks its cells may carry and what each means: a cell showing another way of
    /// acting than the table's ([`Cell::variant`]).
    pub marks: Vec<(&'static str, &'static str, &'static str)>,
}

/// The whole matchup: the tables, the units of each side by their labels, the cells.
#[derive(Debug, Clone, Serialize)]
pub struct Matchups {
    pub ruleset: &'static str,
    pub tables: Vec<Table>,
    pub units: Vec<String>,
    pub enemies: Vec<String>,
    pub situation: DuelSituation,
    pub cells: Vec<Cell>,
}

/// Every duel of the ruleset between each unit of `a`'s list and each unit of `b`'s, in
/// `situation` (checked by [`duel::duel_situation`]), with the house rules `house_rules`
/// turned on besides those the lists turn on (`muster matchups --house-rule ID`; an id the
/// ruleset does not declare is refused as a preview refuses it).
pub fn matchups(
    engine: &Rules,
    a: (&super::ListCheck, &str),
    b: (&super::ListCheck, &str),
    situation: &DuelSituation,
    house_rules: &[String],
) -> Result<Matchups, Error> {
    let ruleset = engine.ruleset();
    let known = engine.lists().map(|l| l.house_rules()).unwrap_or_default();
    if let Some(id) = house_rules.iter().find(|id| !known.contains(id)) {
        return Err(Error::Usage(super::procedure::unknown_house_rule(
            id, &known,
        )));
    }
    let decls = ruleset.meta().duels;
    let (na, nb) = (a.0.units.len(), b.0.units.len());
    // Each table's cells, each with its variants worked out beside it.
    let ways: usize = decls
        .iter()
        .filter(|d| d.table)
        .map(|d| (1 + usize::from(d.both_ways)) * (1 + d.variants.len()))
        .sum();
    let cells = na.saturating_mul(nb).saturating_mul(ways);
    if cells > MAX_CELLS {
        return Err(Error::Usage(format!(
            "{na} units against {nb} in {ways} previews each is {cells} previews; a matchup table has at most {MAX_CELLS} (an engine limit)"
        )));
    }
    let mut tables = Vec::new();
    let mut jobs = Vec::new();
    for decl in decls.iter().filter(|d| d.table) {
        let mut decl_ways = vec![Way::Out];
        if decl.both_ways {
            decl_ways.push(Way::In);
        }
        for way in decl_ways {
            tables.push(Table {
                procedure: decl.procedure,
                way,
                measures: decl.measures,
                chance: ruleset
                    .procedure(decl.procedure)
                    .is_some_and(|p| p.mean != Some("/mean")),
                at: ruleset
                    .procedure(decl.procedure)
                    .and_then(|p| p.mean)
                    .unwrap_or("/mean"),
                marks: decl
                    .variants
                    .iter()
                    .map(|v| (v.key, v.mark.0, v.mark.1))
                    .collect(),
            });
            for i in 1..=na {
                for j in 1..=nb {
                    jobs.push((decl, way, i, j));
                }
            }
        }
    }
    let work = |&(decl, way, i, j): &(&duel::DuelDecl, Way, usize, usize)| -> Result<Cell, Error> {
        let us = DuelSide {
            list: a.0,
            unit: i,
            path: a.1,
        }
        .unit_ref()?;
        let them = DuelSide {
            list: b.0,
            unit: j,
            path: b.1,
        }
        .unit_ref()?;
        let (x, y, acting) = match way {
            Way::Out => (&us, &them, a.0.units.get(i - 1)),
            Way::In => (&them, &us, b.0.units.get(j - 1)),
        };
        let enemy = match way {
            Way::Out => b.0.units.get(j - 1),
            Way::In => a.0.units.get(i - 1),
        };
        let run = |decl: &duel::DuelDecl| -> Result<duel::Duel, Error> {
            let mut request = duel::duel_request(engine, decl, x, y, situation)?;
            for (name, value) in decl.matchup {
                request.set_text(name, value)?;
            }
            // As `--house-rule ID` on the preview, where the procedure plays house rules.
            if request
                .procedure
                .param(super::procedure::HOUSE_RULE)
                .is_some()
            {
                for id in house_rules {
                    request.set_text(super::procedure::HOUSE_RULE, id)?;
                }
            }
            // A cell is a mean: the preview's text, never printed here, is not worked out.
            request.numbers_only();
            duel::run_duel(engine, String::new(), &request)
        };
        let mut d = run(decl)?;
        let mut shown = None;
        let arm_of = |row: Option<&super::UnitRow>| {
            row.and_then(|r| r.json.get("arm"))
                .and_then(|v| v.as_str())
                .map(str::to_owned)
        };
        let (arm, enemy_arm) = (arm_of(acting), arm_of(enemy));
        let mut by_arm = false;
        for v in decl.variants {
            let applies = v
                .when
                .iter()
                .all(|(k, value)| situation.get(*k).map(String::as_str) == Some(*value))
                && v.arm.is_none_or(|want| arm.as_deref() == Some(want))
                && v.enemy_arm
                    .is_none_or(|want| enemy_arm.as_deref() == Some(want));
            let of_arm = v.arm.is_some() || v.enemy_arm.is_some();
            if !applies || (of_arm && by_arm) {
                continue;
            }
            let other = run(v.decl)?;
            let Some(mean) = other.mean else { continue };
            // An arm's way is its way (cavalry charges, the first such variant that plays);
            // another is taken where it does more (a gun's round shot beside its gunners'
            // muskets).
            if of_arm || d.mean.is_none_or(|m| mean > m) {
                by_arm |= of_arm;
                d = other;
                shown = Some(v);
            }
        }
        let house_rules = d
            .json
            .pointer("/house_rules")
            .and_then(|h| h.as_array())
            .map(|h| {
                h.iter()
                    .filter_map(|x| x["id"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        Ok(Cell {
            house_rules,
            unit: i,
            enemy: j,
            procedure: decl.procedure,
            shows: shown.map(|v| v.decl.procedure),
            variant: shown.map(|v| v.key),
            way,
            mean: d.mean,
            command: d.words,
            why: d.refused,
            cannot: d.cannot,
        })
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(jobs.len().max(1));
    let chunk = jobs.len().div_ceil(threads.max(1)).max(1);
    let results: Vec<Result<Vec<Cell>, Error>> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(work).collect::<Result<Vec<_>, _>>()))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Error::Render("a matchup preview failed".into())))
            })
            .collect()
    });
    let mut out = Vec::with_capacity(jobs.len());
    for r in results {
        out.extend(r?);
    }
    let labels = |list: &super::ListCheck| {
        list.units
            .iter()
            .map(|u| crate::core::text::one_line(&u.label).into_owned())
            .collect()
    };
    Ok(Matchups {
        ruleset: ruleset.id(),
        tables,
        units: labels(a.0),
        enemies: labels(b.0),
        // The choices its tables use (the gun's ammunition is a duel card's: a matchup's gun
        // fires its deadliest).
        situation: situation
            .iter()
            .filter(|(k, _)| {
                let Some(choice) = ruleset.meta().duel_choices.iter().find(|c| c.key == *k) else {
                    return false;
                };
                let names: Vec<&str> = match choice.sets {
                    duel::Sets::Param(n) | duel::Sets::ParamUnless(n, _) => vec![n],
                    duel::Sets::Flags(f) => f.iter().map(|(_, n)| *n).collect(),
                };
                decls.iter().filter(|d| d.table).any(|d| {
                    let mut all: Vec<&duel::DuelDecl> = vec![d];
                    all.extend(d.variants.iter().map(|v| v.decl));
                    all.iter().any(|d| {
                        d.maps.iter().any(|(key, ..)| key == k)
                            || ruleset
                                .procedure(d.procedure)
                                .is_some_and(|p| names.iter().any(|n| p.param(n).is_some()))
                                && !d.sets.iter().any(|(n, _)| names.contains(n))
                    })
                })
            })
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        cells: out,
    })
}
