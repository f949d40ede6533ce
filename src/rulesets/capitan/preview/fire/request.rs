//! `muster preview fire`: a unit's volleys at a target, checked, with the numbers that
//! override the sheets' and the same fire with another skill or another shooter beside it.

use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{Die, DodgeReroll};
use crate::rulesets::capitan::preview::fire::{self, FireSetup, Situation};
use crate::rulesets::capitan::preview::{CourageTest, Unit};

use crate::core::words::Phrase;
use crate::rulesets::capitan::preview::request::limits;
use crate::rulesets::capitan::preview::request::unit::{
    chosen_skill, compared_label, compared_note, UnitChoice, Use,
};

/// Numbers given on the command line that replace the sheets'.
#[derive(Debug, Clone, Default)]
pub struct FireOverrides {
    pub shots: Option<u32>,
    pub die: Option<Die>,
    pub modifier: Option<i32>,
    pub reroll_misses: bool,
    pub target_figures: Option<u32>,
    pub target_die: Option<Die>,
    /// `Some(None)`: no re-roll.
    pub dodge_reroll: Option<Option<DodgeReroll>>,
}

/// Fire with the shooter using another skill, or another shooter.
#[derive(Debug, Clone)]
pub enum FireCompare<'a> {
    Skill(String),
    Shooter(UnitChoice<'a>),
}

#[derive(Debug, Clone)]
pub struct FireRequest<'a> {
    pub shooter: Option<UnitChoice<'a>>,
    pub shooter_skill: Option<String>,
    pub target: Option<UnitChoice<'a>>,
    pub target_skill: Option<String>,
    pub situation: Situation,
    pub overrides: FireOverrides,
    pub compare: Option<FireCompare<'a>>,
}

/// One volley and what it does, as printed and as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct FireReport {
    pub label: Phrase,
    pub shooter: Phrase,
    pub target: Phrase,
    pub casualties: Vec<f64>,
    pub at_least: Vec<f64>,
    pub mean: f64,
    pub median: usize,
    pub mode: usize,
    pub p_hit: f64,
    pub p_dodge: f64,
    pub p_casualty_per_shot: f64,
    /// The target's chance to be reduced, and to rout after its courage test (§5.3).
    pub p_reduced: f64,
    pub p_rout: f64,
    pub p_destroyed: f64,
    pub cost: Option<u64>,
    pub casualties_per_100_points: Option<f64>,
    pub notes: Vec<Phrase>,
    #[serde(skip)]
    pub setup: FireSetup,
}

pub fn fire(db: &Database, req: &FireRequest) -> Result<Vec<FireReport>, Stop> {
    let o = &req.overrides;
    if let Some(s) = o.shots {
        within("--shots", s, &limits::SHOTS, "engine limit")?;
    }
    if let Some(m) = o.modifier {
        within("--modifier", m, &limits::MODIFIER, "engine limit")?;
    }
    if let Some(f) = o.target_figures {
        within("--target-figures", f, &limits::FIGURES, "Capitán §1")?;
    }
    let (first, current) = fire_one(
        db,
        req,
        req.shooter.as_ref(),
        req.shooter_skill.as_deref(),
        None,
    )?;
    let mut reports = vec![first];
    match &req.compare {
        Some(FireCompare::Skill(k)) => {
            let shooter = req
                .shooter
                .as_ref()
                .ok_or("--compare-skill needs --shooter or --list")?;
            if current.as_deref() == Some(k.as_str()) {
                return Err(format!("the shooter already uses `{k}`").into());
            }
            let (mut r, _) = fire_one(db, req, Some(shooter), Some(k), Some(k))?;
            r.label = compared_label(db, &reports[0].shooter, k, current.as_deref());
            reports.push(r);
        }
        Some(FireCompare::Shooter(other)) => {
            reports.push(fire_one(db, req, Some(other), None, None)?.0);
        }
        None => {}
    }
    Ok(reports)
}

fn fire_one(
    db: &Database,
    req: &FireRequest,
    shooter: Option<&UnitChoice>,
    asked: Option<&str>,
    compared: Option<&str>,
) -> Result<(FireReport, Option<String>), Stop> {
    let o = &req.overrides;
    let mut notes = Vec::new();
    let shooter_figures = shooter
        .map(|s| s.figures(None, "shooter", "shooter"))
        .transpose()?;
    let target_figures = req
        .target
        .as_ref()
        .map(|t| t.figures(o.target_figures, "target", "target"))
        .transpose()?;
    let shooter_skill = match (shooter, shooter_figures) {
        (Some(s), Some(f)) => {
            if let Some(k) = compared {
                notes.push(compared_note(db, &s.name(f), k));
            }
            chosen_skill(
                db,
                s,
                Some(f),
                asked,
                compared.is_some(),
                Use::Firing,
                "shooter-skill",
                &mut notes,
            )?
        }
        _ => None,
    };
    let target_skill = match (&req.target, target_figures) {
        (Some(t), Some(f)) => chosen_skill(
            db,
            t,
            Some(f),
            req.target_skill.as_deref(),
            false,
            Use::FiredUpon,
            "target-skill",
            &mut notes,
        )?,
        _ => None,
    };
    let base = match (shooter, shooter_figures, &req.target, target_figures) {
        (Some(s), Some(sf), Some(t), Some(tf)) => {
            let su = Unit {
                sheet: s.sheet,
                figures: sf,
                skills: shooter_skill.iter().cloned().collect(),
                cost: 0,
            };
            let tu = Unit {
                sheet: t.sheet,
                figures: tf,
                skills: target_skill.iter().cloned().collect(),
                cost: 0,
            };
            let (setup, n) = fire::from_units(db, &su, &tu, &req.situation)?;
            notes.extend(n);
            Some(setup)
        }
        _ => None,
    };
    let missing = |flag: &str| format!("give --shooter/--target sheets, or {flag}");
    let difficulty = match (req.situation.range, &base) {
        (_, Some(b)) => b.difficulty,
        (Some(r), None) => db.rules.fire.difficulty.get(r) as i32,
        (None, None) => return Err(missing("--range").into()),
    };
    let shots = o
        .shots
        .or(base.as_ref().map(|b| b.shots))
        .or(shooter_figures.map(|f| f * if req.situation.fire_twice { 2 } else { 1 }))
        .ok_or_else(|| missing("--shots"))?;
    let die = o
        .die
        .map(Die::faces)
        .or(base.as_ref().map(|b| b.die))
        .or(shooter.map(|s| s.sheet.fire_die.faces()))
        .ok_or_else(|| missing("--die"))?;
    let target_figures = o
        .target_figures
        .or(target_figures)
        .ok_or_else(|| missing("--target-figures"))?;
    let dodge_die = o
        .target_die
        .map(Die::faces)
        .or(req.target.as_ref().map(|t| t.sheet.dodge_die().faces()))
        .ok_or_else(|| missing("--target-die"))?;
    let cover = req.situation.cover.and_then(|c| db.rules.cover(c));
    let dodge_modifier = match &base {
        Some(b) => b.dodge_modifier,
        None => {
            if let Some(c) = cover {
                notes.push(fire::cover_note(c.id, c.dodge));
            }
            cover.map(|c| c.dodge).unwrap_or(0)
        }
    };
    let dodge_reroll = match o.dodge_reroll {
        Some(r) => r,
        None => base.as_ref().and_then(|b| b.dodge_reroll),
    };
    let modifier = match o.modifier {
        Some(m) => {
            notes.push(
                Phrase::new("note-modifier-set", "fire modifier set to {m} (--modifier)")
                    .text("m", format!("{m:+}")),
            );
            let s = &req.situation;
            for (set, flag) in [
                (s.precision, "--precision"),
                (s.unprepared, "--unprepared"),
                (s.moved, "--moved"),
                (s.hidden, "--hidden"),
            ] {
                if set {
                    notes.push(
                        Phrase::new(
                            "note-flag-ignored",
                            "{flag} is ignored: --modifier sets the whole fire modifier",
                        )
                        .text("flag", flag),
                    );
                }
            }
            if base.as_ref().is_some_and(|b| b.modifier != 0) {
                notes.push(
                    Phrase::new(
                        "note-modifier-replaces",
                        "--modifier replaces the {m} the sheets and skills gave",
                    )
                    .text(
                        "m",
                        format!("{:+}", base.as_ref().map(|b| b.modifier).unwrap_or(0)),
                    ),
                );
            }
            m
        }
        None => base.as_ref().map(|b| b.modifier).unwrap_or(0),
    };
    let setup = FireSetup {
        shots,
        die,
        difficulty,
        modifier,
        extra: base.as_ref().and_then(|b| b.extra),
        reroll_misses: o.reroll_misses || base.as_ref().is_some_and(|b| b.reroll_misses),
        target_figures,
        dodge_die,
        dodge_modifier,
        dodge_target: db.rules.dodge.target as i32,
        dodge_reroll,
        courage_test: req
            .target
            .as_ref()
            .and_then(|t| CourageTest::of(db, t.sheet)),
    };
    let out = fire::resolve(&setup);
    let shooter_name = match (shooter, shooter_figures) {
        (Some(s), Some(f)) => s.name(f),
        _ => Phrase::new("preview-shots", "{shots} shots × d{die}")
            .count("shots", shots)
            .count("die", die),
    };
    let target_name = match &req.target {
        Some(t) => t.name(target_figures),
        None => Phrase::new(
            "preview-figures-dodging",
            "{n|# figure|# figures} dodging on d{die}",
        )
        .count("n", target_figures)
        .count("die", dodge_die),
    };
    let cost = match (shooter, shooter_figures) {
        (Some(s), Some(f)) => Some(s.cost(db, f, shooter_skill.as_deref())),
        _ => None,
    };
    let per_100 = cost
        .filter(|c| *c > 0)
        .map(|c| out.casualties.mean * 100.0 / c as f64);
    let report = FireReport {
        label: shooter_name.clone(),
        shooter: shooter_name,
        target: target_name,
        casualties: out.casualties.p.clone(),
        at_least: out.casualties.at_least.clone(),
        mean: out.casualties.mean,
        median: out.casualties.median,
        mode: out.casualties.mode,
        p_hit: out.p_hit,
        p_dodge: out.p_dodge,
        p_casualty_per_shot: out.p_casualty_per_shot,
        p_reduced: out.p_reduced,
        p_rout: out.p_rout,
        p_destroyed: out.p_destroyed,
        cost,
        casualties_per_100_points: per_100,
        notes,
        setup,
    };
    Ok((report, shooter_skill))
}
