//! What a player asks of a preview, resolved against the database: units from sheets or from
//! lists (with the skills bought for them), the skill each uses (one per activation, §11),
//! ad-hoc numbers that override the sheets', and every value checked against the rules or a
//! documented engine limit ([`limits`]) before any computation. The results are serializable
//! reports; the command only prints them.

use serde::Serialize;

use crate::core::bounds::within;

use super::artillery::{self, Ammunition, GunRange};
use super::charge::{self, ChargeInput};
use super::fire::{self, FireSetup, Situation};
use super::melee::{self, MeleeSetup, Stance};
use super::{CourageTest, Unit};
use crate::core::distribution::Distribution;
use crate::rulesets::capitan::army::{base_cost, skill_cost};
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{
    CoverLevel, Die, DodgeReroll, GunType, Kind, Quality, Skill, SkillEffects, UnitSheet,
};
use crate::rulesets::UnitRow;

/// Bounds of the numbers a preview accepts: the rules' where they give one, else documented
/// engine limits (docs/development.md, "Limits").
pub mod limits {
    use std::ops::RangeInclusive;

    /// §1: a troop unit has at most 12 figures (command units their N°F, guns at most 12).
    pub const FIGURES: RangeInclusive<u32> = 1..=12;
    /// Engine limit for an ad-hoc volley (a unit fires at most 12 × 2 + a volley gun's 8).
    pub const SHOTS: RangeInclusive<u32> = 1..=100;
    /// Engine limit: beyond ±20 every roll of a d12 succeeds or fails.
    pub const MODIFIER: RangeInclusive<i32> = -20..=20;
    /// As on the sheets (data check): morale 0–12, courage 1–18.
    pub const MORALE: RangeInclusive<i32> = 0..=12;
    pub const COURAGE: RangeInclusive<i32> = 1..=18;
    /// §8.12, §11: 1 attack, 2 for riders against foot, +1 Sanguinaires, +1 Fureur.
    pub const ATTACKS: RangeInclusive<u32> = 1..=4;
    /// Engine limit for `--rounds`; the play-forward stops as soon as nothing is left engaged.
    pub const ROUNDS: RangeInclusive<u32> = 1..=1000;
    /// Engine limit: figures under one artillery template.
    pub const UNDER_TEMPLATE: RangeInclusive<u32> = 0..=100;
}

/// A unit bought in a list.
#[derive(Debug, Clone)]
pub struct FromList {
    /// "unit 3 of lists/sharpe-patrol.toml".
    pub origin: String,
    pub label: String,
    /// Its skills, the §10.1 free one included, with what each cost it.
    pub skills: Vec<(String, u32)>,
    pub cost: u64,
}

/// A unit named on the command line: a sheet (`SHEET[:FIGURES]`) or a unit of a list.
#[derive(Debug, Clone)]
pub struct UnitChoice<'a> {
    pub sheet: &'a UnitSheet,
    pub figures: Option<u32>,
    pub list: Option<FromList>,
}

impl<'a> UnitChoice<'a> {
    /// A unit of a checked list, with its skills and cost there; `origin`: "unit 3 of FILE".
    pub fn listed(db: &'a Database, row: &UnitRow, origin: String) -> Result<Self, String> {
        let sheet = db
            .sheet(&row.id)
            .ok_or_else(|| format!("{origin} is `{}`, a sheet the data does not have", row.id))?;
        Ok(UnitChoice {
            sheet,
            // Beyond u32 the count is refused as out of the rules (at most 12) all the same.
            figures: row.figures.map(|f| f.clamp(0, i64::from(u32::MAX)) as u32),
            list: Some(FromList {
                origin,
                label: row.label.clone(),
                skills: row.extras.iter().map(|e| (e.id.clone(), e.cost)).collect(),
                cost: row.cost,
            }),
        })
    }

    /// How the unit is named where its figures may not be known: a sheet named by its id
    /// alone stands for the unit as the sheet fields it.
    fn named(&self, figures: Option<u32>) -> String {
        match (figures, &self.list) {
            (Some(f), _) => self.name(f),
            (None, Some(l)) => format!("{} ({})", l.label, l.origin),
            (None, None) => self.sheet.name.clone(),
        }
    }

    /// How the unit is named in every line of a preview.
    pub fn name(&self, figures: u32) -> String {
        match &self.list {
            Some(l) => format!("{} ({figures} figures, {})", l.label, l.origin),
            None => format!("{} ({figures} figures)", self.sheet.name),
        }
    }

    /// Figures for this preview: `given` (an ad-hoc flag), else the unit's; checked against
    /// the rules (troops and guns 1–12 on the table, command units at most their N°F).
    fn figures(&self, given: Option<u32>, role: &str, flag: &str) -> Result<u32, String> {
        let n = given.or(self.figures).ok_or_else(|| {
            format!(
                "give the {role}'s figures: --{flag} {}:N (a troop unit has 4 to 12 figures, §1)",
                self.sheet.id
            )
        })?;
        let max = match self.sheet.kind {
            Kind::Command => self.sheet.figures.unwrap_or(1),
            _ => *limits::FIGURES.end(),
        };
        if n == 0 || n > max {
            return Err(match self.sheet.kind {
                Kind::Command => format!(
                    "{role} `{}`: {n} figures; a command unit has at most its N°F, {max} (Capitán §1)",
                    self.sheet.id
                ),
                Kind::Troop => format!(
                    "{role} `{}`: {n} figures; troops have at most {max} (1–{max} on the table, 4–12 when bought, Capitán §1)",
                    self.sheet.id
                ),
                Kind::Artillery => format!(
                    "{role} `{}`: {n} gunners; a gun has at most {max} (Capitán §1, §12.15)",
                    self.sheet.id
                ),
            });
        }
        Ok(n)
    }

    /// What the unit costs: the list's (plus `skill` if it was not bought: a comparison),
    /// else the sheet's for these figures and skill.
    fn cost(&self, db: &Database, figures: u32, skill: Option<&str>) -> u64 {
        let price = |k: &str| u64::from(skill_cost(db, self.sheet, k, false));
        match &self.list {
            Some(l) => {
                let extra = skill
                    .filter(|k| !l.skills.iter().any(|(id, _)| id == k))
                    .map(price)
                    .unwrap_or(0);
                l.cost + extra
            }
            None => base_cost(self.sheet, figures) + skill.map(price).unwrap_or(0),
        }
    }
}

/// Which procedure a skill is chosen for (what its effects touch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    Firing,
    FiredUpon,
    Melee,
    Charging,
    Gun,
}

fn acts(e: &SkillEffects, skill: &Skill, u: Use) -> bool {
    match u {
        Use::Firing => {
            e.fire_modifier != 0
                || e.fire_modifier_vs_infantry != 0
                || e.fire_modifier_vs_cavalry != 0
                || e.fire_modifier_pistol != 0
                || e.range_shift > 0
                || e.volley_gun_shots > 0
        }
        Use::FiredUpon => e.dodge_reroll.is_some(),
        Use::Melee => {
            e.combat_modifier != 0
                || e.charge_combat_modifier != 0
                || e.extra_attacks > 0
                || e.wins_ties
                || e.ignore_dodge
                || e.lance
                || e.dodge_reroll.is_some()
                || e.melee_dodge_modifier != 0
        }
        Use::Charging => e.skip_charge_test || e.double_courage_bonus != 0,
        Use::Gun => matches!(
            skill.id.as_str(),
            "tir-de-precision" | "grenades-explosives"
        ),
    }
}

/// The skill a unit uses in this activation (§11: one per activation), with a note saying
/// which and how to pick another. `asked`: the one the player names, refused when the unit
/// cannot use it (never dropped). A compared skill (`--compare-skill`) need not have been
/// bought, only be on the unit's sheet. `figures`: `None` for a sheet named by its id alone
/// where the procedure takes no figures: the unit as the sheet fields it, not reduced.
#[allow(clippy::too_many_arguments)]
fn chosen_skill(
    db: &Database,
    unit: &UnitChoice,
    figures: Option<u32>,
    asked: Option<&str>,
    compared: bool,
    purpose: Use,
    flag: &str,
    notes: &mut Vec<String>,
) -> Result<Option<String>, String> {
    let name = unit.named(figures);
    let reduced = unit.sheet.kind != Kind::Command
        && figures.is_some_and(|f| f <= db.rules.reduced.figures);
    if let Some(k) = asked {
        let skill = db
            .skill(k)
            .ok_or_else(|| format!("unknown skill `{k}` (muster skills lists them)"))?;
        match &unit.list {
            Some(l) if !compared && !l.skills.iter().any(|(id, _)| id == k) => {
                let bought: Vec<&str> = l.skills.iter().map(|(id, _)| id.as_str()).collect();
                return Err(format!(
                    "{} did not take skill `{k}`; it has: {}",
                    l.origin,
                    if bought.is_empty() {
                        "no skills".to_owned()
                    } else {
                        bought.join(", ")
                    }
                ));
            }
            _ if (compared || unit.list.is_none()) && unit.sheet.offers(k).is_none() => {
                return Err(format!(
                    "sheet `{}` does not offer skill `{k}`",
                    unit.sheet.id
                ))
            }
            _ => {}
        }
        // « Les unités réduites, fuyant ou désorganisées ne peuvent pas utiliser leurs HE »
        // (§11): a skill asked for that the unit cannot use is refused, not left out.
        if reduced {
            return Err(format!(
                "--{flag} {k}: {name} is reduced (2 figures or fewer, Capitán §5.3): it cannot use {} (« Les unités réduites […] ne peuvent pas utiliser leurs HE », Capitán §11)",
                skill.name.get(super::TEXT)
            ));
        }
        if !compared {
            notes.push(format!(
                "{name} uses {} (--{flag}, Capitán §11)",
                skill.name.get(super::TEXT)
            ));
        }
        return Ok(Some(k.to_owned()));
    }
    let Some(list) = &unit.list else {
        return Ok(None);
    };
    let useful: Vec<&Skill> = list
        .skills
        .iter()
        .filter_map(|(id, _)| db.skill(id))
        .filter(|s| acts(&s.effects, s, purpose))
        .collect();
    match useful.split_first() {
        None if !list.skills.is_empty() => {
            let names: Vec<&str> = list
                .skills
                .iter()
                .map(|(id, _)| db.skill(id).map_or(id.as_str(), |s| s.name.get(super::TEXT)))
                .collect();
            notes.push(format!(
                "{name}: its skills ({}) do not change this roll",
                names.join(", ")
            ));
            Ok(None)
        }
        None => Ok(None),
        Some(_) if reduced => {
            notes.push(format!(
                "{name} is reduced: it cannot use its skills (Capitán §11)"
            ));
            Ok(None)
        }
        Some((first, others)) => {
            let mut note = format!(
                "{name} uses {}, bought in the list (one skill per activation, Capitán §11)",
                first.name.get(super::TEXT)
            );
            if !others.is_empty() {
                let ids: Vec<&str> = others.iter().map(|s| s.id.as_str()).collect();
                note.push_str(&format!(
                    "; --{flag} {} to use {} instead",
                    ids[0],
                    if ids.len() == 1 {
                        "it".to_owned()
                    } else {
                        format!("another ({})", ids.join(", "))
                    }
                ));
            }
            notes.push(note);
            Ok(Some(first.id.clone()))
        }
    }
}

// ── fire ────────────────────────────────────────────────────────────────────────────────────

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
    pub label: String,
    pub shooter: String,
    pub target: String,
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
    pub notes: Vec<String>,
    #[serde(skip)]
    pub setup: FireSetup,
}

pub fn fire(db: &Database, req: &FireRequest) -> Result<Vec<FireReport>, String> {
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
                return Err(format!("the shooter already uses `{k}`"));
            }
            let (mut r, _) = fire_one(db, req, Some(shooter), Some(k), Some(k))?;
            r.label = compared_label(&reports[0].shooter, k, current.as_deref());
            reports.push(r);
        }
        Some(FireCompare::Shooter(other)) => {
            reports.push(fire_one(db, req, Some(other), None, None)?.0);
        }
        None => {}
    }
    Ok(reports)
}

/// "X with bon-oeil instead of tireur-expert".
fn compared_label(unit: &str, skill: &str, current: Option<&str>) -> String {
    match current {
        Some(cur) => format!("{unit} with {skill} instead of {cur}"),
        None => format!("{unit} with {skill}"),
    }
}

fn fire_one(
    db: &Database,
    req: &FireRequest,
    shooter: Option<&UnitChoice>,
    asked: Option<&str>,
    compared: Option<&str>,
) -> Result<(FireReport, Option<String>), String> {
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
                notes.push(format!(
                    "compared: {} uses {k} in place of its current skill (Capitán §11)",
                    s.name(f)
                ));
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
        (None, None) => return Err(missing("--range")),
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
                notes.push(format!(
                    "target in {} cover: {:+} to the dodge (Capitán §7.6)",
                    c.id, c.dodge
                ));
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
            notes.push(format!("fire modifier set to {m:+} (--modifier)"));
            let s = &req.situation;
            for (set, flag) in [
                (s.precision, "--precision"),
                (s.unprepared, "--unprepared"),
                (s.moved, "--moved"),
                (s.hidden, "--hidden"),
            ] {
                if set {
                    notes.push(format!(
                        "{flag} is ignored: --modifier sets the whole fire modifier"
                    ));
                }
            }
            if base.as_ref().is_some_and(|b| b.modifier != 0) {
                notes.push(format!(
                    "--modifier replaces the {:+} the sheets and skills gave",
                    base.as_ref().map(|b| b.modifier).unwrap_or(0)
                ));
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
        _ => format!("{shots} shots × d{die}"),
    };
    let target_name = match &req.target {
        Some(t) => t.name(target_figures),
        None => format!("{target_figures} figures dodging on d{dodge_die}"),
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

// ── melee ───────────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Default)]
pub struct SideOverrides {
    pub figures: Option<u32>,
    pub die: Option<Die>,
    pub modifier: Option<i32>,
    pub attacks: Option<u32>,
    pub dodge_die: Option<Die>,
}

#[derive(Debug, Clone)]
pub struct SideRequest<'a> {
    pub unit: Option<UnitChoice<'a>>,
    pub skill: Option<String>,
    pub stance: Stance,
    pub overrides: SideOverrides,
}

#[derive(Debug, Clone)]
pub struct MeleeRequest<'a> {
    pub a: SideRequest<'a>,
    pub b: SideRequest<'a>,
    /// Rounds to play; `None`: to the end.
    pub rounds: Option<u32>,
    /// A's skill replaced by this one, as a second case.
    pub compare_skill: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MeleeReport {
    pub label: String,
    pub a: String,
    pub b: String,
    pub rounds: Option<u32>,
    pub a_casualties: Vec<f64>,
    pub b_casualties: Vec<f64>,
    pub joint: Vec<Vec<f64>>,
    pub p_a_destroyed: f64,
    pub p_b_destroyed: f64,
    pub p_a_routed: f64,
    pub p_b_routed: f64,
    pub p_a_wins: f64,
    pub p_b_wins: f64,
    pub p_both_out: f64,
    pub p_still_engaged: f64,
    /// The figures B is expected to lose (the matchup table's number).
    pub mean: f64,
    pub expected_rounds: f64,
    pub a_survivors: Vec<f64>,
    pub b_survivors: Vec<f64>,
    pub a_cost: Option<u64>,
    pub b_casualties_first_round_per_100_points: Option<f64>,
    pub notes: Vec<String>,
}

pub fn melee(db: &Database, req: &MeleeRequest) -> Result<Vec<MeleeReport>, String> {
    if let Some(r) = req.rounds {
        within("--rounds", r, &limits::ROUNDS, "engine limit")?;
    }
    for (side, flag) in [(&req.a, "a"), (&req.b, "b")] {
        let o = &side.overrides;
        if let Some(f) = o.figures {
            within(
                &format!("--{flag}-figures"),
                f,
                &limits::FIGURES,
                "Capitán §1",
            )?;
        }
        if let Some(m) = o.modifier {
            within(
                &format!("--{flag}-modifier"),
                m,
                &limits::MODIFIER,
                "engine limit",
            )?;
        }
        if let Some(n) = o.attacks {
            within(
                &format!("--{flag}-attacks"),
                n,
                &limits::ATTACKS,
                "Capitán §8.12, §11",
            )?;
        }
    }
    let (first, current) = melee_one(db, req, req.a.skill.as_deref(), None)?;
    let mut reports = vec![first];
    if let Some(k) = &req.compare_skill {
        if req.a.unit.is_none() {
            return Err("--compare-skill needs --a or --a-list".into());
        }
        if current.as_deref() == Some(k.as_str()) {
            return Err(format!("side A already uses `{k}`"));
        }
        let (mut r, _) = melee_one(db, req, Some(k), Some(k))?;
        r.label = compared_label(&reports[0].a, k, current.as_deref());
        reports.push(r);
    }
    Ok(reports)
}

fn melee_one(
    db: &Database,
    req: &MeleeRequest,
    a_skill: Option<&str>,
    compared: Option<&str>,
) -> Result<(MeleeReport, Option<String>), String> {
    let mut notes = Vec::new();
    let a_fig = req
        .a
        .unit
        .as_ref()
        .map(|u| u.figures(req.a.overrides.figures, "side A", "a"))
        .transpose()?;
    let b_fig = req
        .b
        .unit
        .as_ref()
        .map(|u| u.figures(req.b.overrides.figures, "side B", "b"))
        .transpose()?;
    let skill_of = |side: &SideRequest,
                    fig: Option<u32>,
                    asked: Option<&str>,
                    hypothetical: bool,
                    flag: &str,
                    notes: &mut Vec<String>|
     -> Result<Option<String>, String> {
        match (&side.unit, fig) {
            (Some(u), Some(f)) => {
                chosen_skill(db, u, Some(f), asked, hypothetical, Use::Melee, flag, notes)
            }
            _ => Ok(None),
        }
    };
    if let (Some(k), Some(u), Some(f)) = (compared, &req.a.unit, a_fig) {
        notes.push(format!(
            "compared: {} uses {k} in place of its current skill (Capitán §11)",
            u.name(f)
        ));
    }
    let a_skill = skill_of(
        &req.a,
        a_fig,
        a_skill,
        compared.is_some(),
        "a-skill",
        &mut notes,
    )?;
    let b_skill = skill_of(
        &req.b,
        b_fig,
        req.b.skill.as_deref(),
        false,
        "b-skill",
        &mut notes,
    )?;
    let ua = unit_of(&req.a, a_fig, &a_skill);
    let ub = unit_of(&req.b, b_fig, &b_skill);
    let side_a = melee_side(db, &req.a, ua.as_ref(), ub.as_ref(), "a", &mut notes)?;
    let side_b = melee_side(db, &req.b, ub.as_ref(), ua.as_ref(), "b", &mut notes)?;
    let name = |side: &SideRequest, s: &melee::Side| match (&side.unit, side.unit.is_some()) {
        (Some(u), true) => u.name(s.figures),
        _ => format!("{} figures × d{}", s.figures, s.die),
    };
    let (a_name, b_name) = (name(&req.a, &side_a), name(&req.b, &side_b));
    let setup = MeleeSetup {
        a: side_a,
        b: side_b,
        dodge_target: db.rules.dodge.target as i32,
        destruction_ratio: db.rules.melee.destruction_ratio,
    };
    let first = melee::round(&setup, setup.a.figures, setup.b.figures, true);
    let a_cas: Vec<f64> = first.iter().map(|r| r.iter().sum()).collect();
    let mut b_cas = vec![0.0; setup.b.figures as usize + 1];
    for row in &first {
        for (cb, p) in row.iter().enumerate() {
            b_cas[cb] += p;
        }
    }
    let out = match req.rounds {
        Some(n) => melee::rounds(&setup, n),
        None => melee::to_the_end(&setup),
    };
    let a_cost = req
        .a
        .unit
        .as_ref()
        .zip(a_fig)
        .map(|(u, f)| u.cost(db, f, a_skill.as_deref()));
    let mean_b = Distribution::new(b_cas.clone()).mean;
    let report = MeleeReport {
        label: format!("{a_name} vs {b_name}"),
        a: a_name,
        b: b_name,
        rounds: req.rounds,
        a_casualties: a_cas,
        b_casualties: b_cas,
        joint: first,
        p_a_destroyed: out.p_a_destroyed,
        p_b_destroyed: out.p_b_destroyed,
        p_a_routed: out.p_a_routed,
        p_b_routed: out.p_b_routed,
        p_a_wins: out.p_a_wins,
        p_b_wins: out.p_b_wins,
        p_both_out: out.p_both_out,
        p_still_engaged: out.p_still_engaged,
        mean: mean_b,
        expected_rounds: out.expected_rounds,
        a_survivors: out.a_survivors.p,
        b_survivors: out.b_survivors.p,
        a_cost,
        b_casualties_first_round_per_100_points: a_cost
            .filter(|c| *c > 0)
            .map(|c| mean_b * 100.0 / c as f64),
        notes,
    };
    Ok((report, a_skill))
}

fn unit_of<'a>(
    side: &SideRequest<'a>,
    fig: Option<u32>,
    skill: &Option<String>,
) -> Option<Unit<'a>> {
    side.unit.as_ref().zip(fig).map(|(u, f)| Unit {
        sheet: u.sheet,
        figures: f,
        skills: skill.iter().cloned().collect(),
        cost: 0,
    })
}

/// One side: from its unit and stance, with ad-hoc numbers replacing the computed ones (and
/// a note for every flag an override makes moot).
fn melee_side(
    db: &Database,
    side: &SideRequest,
    unit: Option<&Unit>,
    enemy: Option<&Unit>,
    flag: &str,
    notes: &mut Vec<String>,
) -> Result<melee::Side, String> {
    let o = &side.overrides;
    let base = match (unit, enemy) {
        (Some(u), Some(e)) => Some(melee::side_from_unit(
            db,
            u,
            &side.stance,
            e,
            &flag.to_uppercase(),
            notes,
        )),
        _ => None,
    };
    let missing = |what: &str| format!("give --{flag} SHEET[:FIGURES], or --{flag}-{what}");
    let die = o
        .die
        .map(Die::faces)
        .or(base.as_ref().map(|b| b.die))
        .ok_or_else(|| missing("die"))?;
    let stance = &side.stance;
    // Without a unit, the stance factors that need no sheet still count.
    let ad_hoc_factor = || {
        let cover = stance
            .cover
            .and_then(|c| db.rules.cover(c))
            .map(|c| c.combat)
            .unwrap_or(0);
        let mut every = cover;
        let mut first = 0;
        let factor = |id: &str| db.rules.melee_factor(id).map(|f| f.value).unwrap_or(0);
        if stance.standard_bearer {
            every += factor("standard-bearer");
        }
        if stance.higher {
            every += factor("higher-ground");
        }
        if stance.captured_flag {
            every += db.rules.captured_flag.combat;
        }
        if stance.charging {
            first += factor("charge");
        }
        if stance.led_by_command {
            first += factor("led-by-command");
        }
        (every, first)
    };
    let (modifier, first_round_modifier) = match o.modifier {
        Some(m) => {
            notes.push(format!(
                "{flag}: combat modifier set to {m:+} in every round (--{flag}-modifier)"
            ));
            for (set, what) in [
                (stance.charging, "charges"),
                (stance.led_by_command, "led"),
                (stance.cover.is_some(), "cover"),
                (stance.standard_bearer, "standard"),
                (stance.higher, "higher"),
                (stance.captured_flag, "captured-flag"),
            ] {
                if set {
                    notes.push(format!(
                        "--{flag}-{what} is ignored: --{flag}-modifier sets the whole combat modifier"
                    ));
                }
            }
            (m, 0)
        }
        None => match &base {
            Some(b) => (b.modifier, b.first_round_modifier),
            None => ad_hoc_factor(),
        },
    };
    let figures = o
        .figures
        .or(unit.map(|u| u.figures))
        .ok_or_else(|| missing("figures"))?;
    Ok(melee::Side {
        figures,
        attacks_per_figure: o
            .attacks
            .or(base.as_ref().map(|b| b.attacks_per_figure))
            .unwrap_or(1),
        die,
        modifier,
        first_round_modifier,
        dodge_die: o
            .dodge_die
            .map(Die::faces)
            .or(base.as_ref().map(|b| b.dodge_die))
            .unwrap_or(die),
        dodge_modifier: base.as_ref().map(|b| b.dodge_modifier).unwrap_or(0),
        dodge_reroll: base.as_ref().and_then(|b| b.dodge_reroll),
        wins_ties: base.as_ref().is_some_and(|b| b.wins_ties),
        ignore_dodge: base.as_ref().is_some_and(|b| b.ignore_dodge),
        courage_test: unit.and_then(|u| CourageTest::of(db, u.sheet)),
    })
}

// ── charge ──────────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Default)]
pub struct ChargeRequest<'a> {
    pub charger: Option<UnitChoice<'a>>,
    pub charger_skill: Option<String>,
    pub target: Option<UnitChoice<'a>>,
    /// Ad hoc: the charger's morale and the target's courage, unmodified.
    pub morale: Option<i32>,
    pub courage: Option<i32>,
    pub charger_command: bool,
    pub target_command: bool,
    pub captured_flag: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct ChargeReport {
    pub charger: String,
    pub target: String,
    pub die: u32,
    /// Modified: the charger's morale and the target's courage as the roll uses them.
    pub morale: i32,
    pub courage: i32,
    pub test_required: bool,
    pub p_success: f64,
    pub p_double: f64,
    pub p_roll_beats_courage: f64,
    pub notes: Vec<String>,
}

pub fn charge(db: &Database, req: &ChargeRequest) -> Result<ChargeReport, String> {
    if let Some(m) = req.morale {
        within("--morale", m, &limits::MORALE, "as on the sheets")?;
    }
    if let Some(c) = req.courage {
        within("--courage", c, &limits::COURAGE, "as on the sheets")?;
    }
    let mut notes = Vec::new();
    // A sheet id gives its figures where the sheet has them (a command unit's N°F) or with
    // `ID:N`; a troop sheet named alone is the unit as fielded, not reduced (§5.3), so that
    // its skills hold.
    let charger_figures = match &req.charger {
        Some(u) if u.figures.is_some() => Some(u.figures(None, "charger", "charger")?),
        _ => None,
    };
    let charger_skill = match &req.charger {
        Some(u) => chosen_skill(
            db,
            u,
            charger_figures,
            req.charger_skill.as_deref(),
            false,
            Use::Charging,
            "charger-skill",
            &mut notes,
        )?,
        None => None,
    };
    let effects = charger_skill
        .as_deref()
        .and_then(|k| db.skill(k))
        .map(|s| s.effects.clone())
        .unwrap_or_default();
    let skill_name = charger_skill
        .as_deref()
        .and_then(|k| db.skill(k))
        .map(|s| s.name.get(super::TEXT).to_owned())
        .unwrap_or_default();
    let morale = req
        .morale
        .or(req.charger.as_ref().map(|u| u.sheet.morale))
        .ok_or("give --charger SHEET, or --morale")?;
    let courage = req
        .courage
        .or(req.target.as_ref().map(|u| u.sheet.courage))
        .ok_or("give --target SHEET, or --courage")?;
    if req.morale.is_some() && req.charger.is_some() {
        notes.push(format!("morale set to {morale} (--morale)"));
    }
    if req.courage.is_some() && req.target.is_some() {
        notes.push(format!("courage set to {courage} (--courage)"));
    }
    let setup = charge::setup(
        db,
        &ChargeInput {
            morale,
            courage,
            charger_command: req.charger_command,
            target_command: req.target_command,
            captured_flag: req.captured_flag,
            skip_test: effects.skip_charge_test,
            double_bonus: effects.double_courage_bonus,
            skill: skill_name.clone(),
        },
        &mut notes,
    );
    if effects.double_courage_bonus != 0 {
        notes.push(format!(
            "{:+} to the roll for a doubled courage ({skill_name}, Capitán §11)",
            effects.double_courage_bonus
        ));
    }
    let out = charge::resolve(&setup);
    let name = |u: &Option<UnitChoice>, what: &str| match u {
        Some(u) => match &u.list {
            Some(l) => format!("{} ({})", l.label, l.origin),
            None => u.sheet.name.clone(),
        },
        None => what.to_owned(),
    };
    Ok(ChargeReport {
        charger: name(&req.charger, &format!("a unit of morale {morale}")),
        target: name(&req.target, &format!("a unit of courage {courage}")),
        die: setup.die,
        morale: setup.morale,
        courage: setup.courage,
        test_required: out.test_required,
        p_success: out.p_success,
        p_double: out.p_double,
        p_roll_beats_courage: out.p_roll_beats_courage,
        notes,
    })
}

// ── artillery ───────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone)]
pub struct ArtilleryRequest<'a> {
    pub gun: Option<UnitChoice<'a>>,
    pub gun_type: Option<GunType>,
    pub crew: Option<Quality>,
    /// Congreve rockets (§12.18).
    pub rockets: bool,
    pub ammunition: Ammunition,
    pub range: GunRange,
    /// The unit fired at: its figures are those under the template when `under_template`
    /// does not say (reading whole-unit-under-template).
    pub target: Option<UnitChoice<'a>>,
    pub under_template: Option<u32>,
    pub cover: Option<CoverLevel>,
    pub factors: Vec<String>,
    pub skills: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArtilleryReport {
    pub label: String,
    /// The unit fired at, when one was named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// The figures under the template.
    pub under: u32,
    pub casualties: Vec<f64>,
    pub at_least: Vec<f64>,
    pub mean: f64,
    pub median: usize,
    pub mode: usize,
    pub p_blank: f64,
    pub p_dodge: f64,
    pub notes: Vec<String>,
}

pub fn artillery(db: &Database, req: &ArtilleryRequest) -> Result<ArtilleryReport, String> {
    let mut notes = Vec::new();
    let under = match (req.under_template, &req.target) {
        (Some(n), _) => n,
        (None, Some(t)) => {
            let n = t.figures(None, "target", "target")?;
            notes.push(format!(
                "{n} figures under the template: all of {}, the most the shot can do where it lands on them (reading whole-unit-under-template, Capitán §12.11, §12.13)",
                t.name(n)
            ));
            n
        }
        (None, None) => {
            return Err(
                "give --under N (the figures under the impact template) or --target UNIT".into(),
            )
        }
    };
    within("--under", under, &limits::UNDER_TEMPLATE, "engine limit")?;
    let mut seen = std::collections::HashSet::new();
    for f in &req.factors {
        if !seen.insert(f) {
            return Err(format!(
                "--factor {f} is given twice: each factor of §12.13 counts once"
            ));
        }
    }
    if req.cover.is_some() && req.factors.iter().any(|f| f.starts_with("cover-")) {
        return Err(
            "give the target's cover once: --cover, or a --factor cover-…, not both".into(),
        );
    }
    if req.skills.len() > 1 {
        return Err(format!(
            "the gun uses {} skills: a unit uses one skill per activation (Capitán §11)",
            req.skills.len()
        ));
    }
    let sheet = req.gun.as_ref().map(|g| g.sheet);
    if let Some(s) = sheet {
        if s.kind != Kind::Artillery {
            return Err(format!("`{}` is not an artillery sheet", s.id));
        }
        for k in &req.skills {
            let listed = req
                .gun
                .as_ref()
                .and_then(|g| g.list.as_ref())
                .map(|l| l.skills.iter().any(|(id, _)| id == k));
            if listed == Some(false) || (listed.is_none() && s.offers(k).is_none()) {
                return Err(format!("`{}` does not have skill `{k}`", s.id));
            }
        }
    }
    let gun = req
        .gun_type
        .or(sheet.and_then(|s| s.gun_type))
        .or(req.rockets.then_some(db.artillery.congreve.gun_type))
        .ok_or("give --gun SHEET or --gun-type")?;
    let crew = req
        .crew
        .or(sheet.map(|s| s.quality))
        .ok_or("give --gun SHEET or --crew")?;
    let shot = artillery::Shot {
        gun,
        crew,
        rockets: req.rockets,
        ammunition: req.ammunition,
        range: req.range,
        under_template: under,
        cover: req.cover,
        factors: req.factors.clone(),
        skills: req.skills.clone(),
    };
    let setup = artillery::setup(db, &shot, &mut notes)?;
    let out = artillery::resolve(&setup);
    let label = match (req.rockets, sheet) {
        (true, _) => "Congreve rockets".to_owned(),
        (false, Some(s)) => format!("{} (type {gun})", s.name),
        (false, None) => format!("type {gun} gun"),
    };
    Ok(ArtilleryReport {
        label,
        target: req.target.as_ref().map(|t| t.named(t.figures)),
        under,
        casualties: out.casualties.p.clone(),
        at_least: out.casualties.at_least.clone(),
        mean: out.casualties.mean,
        median: out.casualties.median,
        mode: out.casualties.mode,
        p_blank: out.p_blank,
        p_dodge: out.p_dodge,
        notes,
    })
}
