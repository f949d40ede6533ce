//! `muster preview fire|melee|charge|artillery` (Capitán): exact outcome distributions from
//! the sheets, lists and tables, with ad-hoc flags that override any number.

use std::path::Path;

use serde_json::json;

use super::{distribution_table, emit};
use crate::cli::capitan::{
    ArtilleryArgs, CapitanPreview, ChargeArgs, CoverArg, DieArg, DodgeRerollArg, FireArgs,
    MeleeArgs, RangeArg,
};
use crate::cli::{PreviewFormat, UnitArg};
use crate::commands::{print_out, to_json};
use crate::core::error::unknown;
use crate::core::error::Error;
use crate::core::source::Sources;
use crate::rulesets::capitan::army::{base_cost, skill_cost};
use crate::rulesets::capitan::checker;
use crate::rulesets::capitan::model::{
    CoverLevel, Die, DodgeReroll, GunType, Kind, Range, UnitSheet,
};
use crate::rulesets::capitan::preview::{
    artillery, charge, fire, melee, CourageTest, Distribution, Unit,
};
use crate::rulesets::capitan::Database;
use crate::rulesets::{self, Ruleset};

pub fn run(db: &Database, command: CapitanPreview) -> Result<u8, Error> {
    match command {
        CapitanPreview::Fire(args) => run_fire(db, &args),
        CapitanPreview::Melee(args) => run_melee(db, &args),
        CapitanPreview::Charge(args) => run_charge(db, &args),
        CapitanPreview::Artillery(args) => run_artillery(db, &args),
    }
}

fn usage(msg: impl Into<String>) -> Error {
    Error::Usage(msg.into())
}

fn cover(c: Option<CoverArg>) -> Option<CoverLevel> {
    match c? {
        CoverArg::None => None,
        CoverArg::Light => Some(CoverLevel::Light),
        CoverArg::Medium => Some(CoverLevel::Medium),
        CoverArg::Dense => Some(CoverLevel::Dense),
    }
}

fn faces(d: DieArg) -> u32 {
    Die::from(d).faces()
}

/// A unit named on the command line, before its figures are settled.
struct Picked<'a> {
    sheet: &'a UnitSheet,
    figures: Option<u32>,
    skills: Vec<String>,
    /// The list's cost for this unit, when it came from a list.
    list_cost: Option<u32>,
}

impl<'a> Picked<'a> {
    fn unit(&self, db: &Database, figures: Option<u32>, role: &str) -> Result<Unit<'a>, Error> {
        let figures = figures.or(self.figures).ok_or_else(|| {
            usage(format!(
                "give the {role}'s figures: --{role} {}:N",
                self.sheet.id
            ))
        })?;
        let cost = self.list_cost.unwrap_or_else(|| {
            base_cost(self.sheet, figures)
                + self
                    .skills
                    .iter()
                    .map(|k| skill_cost(db, self.sheet, k, false))
                    .sum::<u32>()
        });
        Ok(Unit {
            sheet: self.sheet,
            figures,
            skills: self.skills.clone(),
            cost,
        })
    }
}

/// Resolves `--x SHEET[:N]` or `--x-list FILE --x-unit N`, with the skills it uses.
fn pick<'a>(
    db: &'a Database,
    role: &str,
    arg: Option<&UnitArg>,
    list: Option<&Path>,
    index: Option<usize>,
    skills: &[String],
) -> Result<Option<Picked<'a>>, Error> {
    if skills.len() > 1 {
        return Err(usage(format!(
            "the {role} uses {} skills: a unit uses one skill per activation (§11)",
            skills.len()
        )));
    }
    for k in skills {
        if db.skill(k).is_none() {
            return Err(unknown("skill", k, db.skills.ids()));
        }
    }
    if let Some(path) = list {
        let index = index.ok_or_else(|| usage(format!("--{role}-list needs the unit number")))?;
        let mut sources = Sources::new();
        let file = sources.read(path)?;
        match rulesets::peek(&sources, file) {
            Ok(Ruleset::Capitan) => {}
            Err(d) => {
                crate::core::diagnostic::print_all(&[d], &sources);
                return Err(usage(format!("{} is not a Capitán list", path.display())));
            }
        }
        let checked = checker::check_file(db, &sources, file).map_err(|d| {
            crate::core::diagnostic::print_all(&[d], &sources);
            usage(format!("{} is not a valid list file", path.display()))
        })?;
        let n = checked.units.len();
        let row = checked.units.get(index.wrapping_sub(1)).ok_or_else(|| {
            usage(format!(
                "{} has {n} units: there is no unit {index}",
                path.display()
            ))
        })?;
        let sheet = db
            .sheet(&row.id)
            .ok_or_else(|| unknown("sheet", &row.id, db.sheets.ids()))?;
        for k in skills {
            if !row.extras.iter().any(|e| &e.id == k) {
                return Err(usage(format!(
                    "unit {index} of {} did not take skill `{k}`",
                    path.display()
                )));
            }
        }
        return Ok(Some(Picked {
            sheet,
            figures: row.figures,
            skills: skills.to_vec(),
            list_cost: Some(row.cost),
        }));
    }
    let Some(arg) = arg else {
        return Ok(None);
    };
    let sheet = db
        .sheet(&arg.sheet)
        .ok_or_else(|| unknown("sheet", &arg.sheet, db.sheets.ids()))?;
    for k in skills {
        if sheet.offers(k).is_none() {
            return Err(usage(format!(
                "sheet `{}` does not offer skill `{k}`",
                sheet.id
            )));
        }
    }
    let figures = arg.figures.or(if sheet.kind == Kind::Command {
        sheet.figures
    } else {
        None
    });
    Ok(Some(Picked {
        sheet,
        figures,
        skills: skills.to_vec(),
        list_cost: None,
    }))
}

fn range(r: RangeArg) -> Range {
    match r {
        RangeArg::Short => Range::Short,
        RangeArg::Medium => Range::Medium,
        RangeArg::Long => Range::Long,
    }
}

// ── fire ────────────────────────────────────────────────────────────────────────────────────

struct FirePlan {
    label: String,
    setup: fire::FireSetup,
    notes: Vec<String>,
    cost: Option<u32>,
}

fn fire_plan(
    db: &Database,
    a: &FireArgs,
    shooter: Option<&Picked>,
    target: Option<&Picked>,
) -> Result<FirePlan, Error> {
    let situation = fire::Situation {
        range: a.range.map(range),
        cover: cover(a.cover),
        precision: a.precision,
        unprepared: a.unprepared,
        moved: a.moved,
        hidden: a.hidden,
        fire_twice: a.fire_twice,
    };
    let shooter_unit = shooter.map(|p| p.unit(db, None, "shooter")).transpose()?;
    let target_unit = target
        .map(|p| p.unit(db, a.target_figures, "target"))
        .transpose()?;
    let (base, mut notes) = match (&shooter_unit, &target_unit) {
        (Some(s), Some(t)) => {
            let (setup, notes) = fire::from_units(db, s, t, &situation).map_err(usage)?;
            (Some(setup), notes)
        }
        _ => (None, Vec::new()),
    };
    let missing = |flag: &str| usage(format!("give --shooter/--target sheets, or {flag}"));
    let difficulty = match (a.range, &base) {
        (Some(r), None) => db.rules.fire.difficulty.get(range(r)) as i32,
        (_, Some(b)) => b.difficulty,
        (None, None) => return Err(missing("--range")),
    };
    let shots = a
        .shots
        .or(base.as_ref().map(|b| b.shots))
        .or(shooter_unit
            .as_ref()
            .map(|s| s.figures * if a.fire_twice { 2 } else { 1 }))
        .ok_or_else(|| missing("--shots"))?;
    let die = a
        .die
        .map(faces)
        .or(base.as_ref().map(|b| b.die))
        .or(shooter_unit.as_ref().map(|s| s.sheet.fire_die.faces()))
        .ok_or_else(|| missing("--die"))?;
    let target_figures = a
        .target_figures
        .or(target_unit.as_ref().map(|t| t.figures))
        .ok_or_else(|| missing("--target-figures"))?;
    let dodge_die = a
        .target_die
        .map(faces)
        .or(target_unit.as_ref().map(|t| t.sheet.dodge_die().faces()))
        .ok_or_else(|| missing("--target-die"))?;
    let dodge_modifier = match &base {
        Some(b) if a.cover.is_none() => b.dodge_modifier,
        _ => cover(a.cover)
            .and_then(|c| db.rules.cover(c))
            .map(|c| c.dodge)
            .unwrap_or(0),
    };
    let dodge_reroll = match a.dodge_reroll {
        Some(DodgeRerollArg::None) => None,
        Some(DodgeRerollArg::HardToKill) => Some(DodgeReroll::HardToKill),
        Some(DodgeRerollArg::ToTheDeath) => Some(DodgeReroll::ToTheDeath),
        None => base.as_ref().and_then(|b| b.dodge_reroll),
    };
    if let Some(m) = a.modifier {
        notes.push(format!("fire modifier set to {m:+} (--modifier)"));
    }
    let setup = fire::FireSetup {
        shots,
        die,
        difficulty,
        modifier: a
            .modifier
            .or(base.as_ref().map(|b| b.modifier))
            .unwrap_or(0),
        extra: base.as_ref().and_then(|b| b.extra),
        reroll_misses: a.reroll_misses || base.as_ref().is_some_and(|b| b.reroll_misses),
        target_figures,
        dodge_die,
        dodge_modifier,
        dodge_target: db.rules.dodge.target as i32,
        dodge_reroll,
        courage_test: target_unit
            .as_ref()
            .and_then(|t| CourageTest::of(db, t.sheet)),
    };
    let label = match &shooter_unit {
        Some(s) => format!("{} ({} figures)", s.sheet.id, s.figures),
        None => format!("{shots} × d{die}"),
    };
    Ok(FirePlan {
        label,
        setup,
        notes,
        cost: shooter_unit.map(|s| s.cost),
    })
}

fn run_fire(db: &Database, a: &FireArgs) -> Result<u8, Error> {
    let shooter = pick(
        db,
        "shooter",
        a.shooter.as_ref(),
        a.list.as_deref(),
        a.unit,
        &a.shooter_skill,
    )?;
    let target = pick(
        db,
        "target",
        a.target.as_ref(),
        a.target_list.as_deref(),
        a.target_unit,
        &a.target_skill,
    )?;
    let mut plans = vec![fire_plan(db, a, shooter.as_ref(), target.as_ref())?];
    if let Some(skill) = &a.compare_skill {
        let s = shooter
            .as_ref()
            .ok_or_else(|| usage("--compare-skill needs --shooter or --list"))?;
        if s.skills.iter().any(|k| k == skill) {
            return Err(usage(format!("the shooter already uses `{skill}`")));
        }
        let other = pick(
            db,
            "shooter",
            Some(&UnitArg {
                sheet: s.sheet.id.clone(),
                figures: s.figures,
            }),
            None,
            None,
            std::slice::from_ref(skill),
        )?;
        let mut plan = fire_plan(db, a, other.as_ref(), target.as_ref())?;
        plan.label = format!("{} with {skill}", plan.label);
        if let (Some(c), Some(l)) = (plan.cost.as_mut(), s.list_cost) {
            *c = l + other
                .as_ref()
                .map(|o| skill_cost(db, o.sheet, skill, false))
                .unwrap_or(0);
        }
        plans.push(plan);
    }
    if let Some(other) = &a.compare_shooter {
        let o = pick(db, "shooter", Some(other), None, None, &[])?;
        plans.push(fire_plan(db, a, o.as_ref(), target.as_ref())?);
    }
    let outcomes: Vec<fire::FireOutcome> = plans.iter().map(|p| fire::resolve(&p.setup)).collect();
    let per_100 = |p: &FirePlan, o: &fire::FireOutcome| {
        p.cost
            .filter(|c| *c > 0)
            .map(|c| o.casualties.mean * 100.0 / c as f64)
    };
    let mut outputs = Vec::new();
    for (p, o) in plans.iter().zip(&outcomes) {
        outputs.push(json!({
            "label": p.label,
            "casualties": o.casualties.p,
            "at_least": o.casualties.at_least,
            "mean": o.casualties.mean,
            "median": o.casualties.median,
            "mode": o.casualties.mode,
            "p_hit": o.p_hit,
            "p_dodge": o.p_dodge,
            "p_casualty_per_shot": o.p_casualty_per_shot,
            "p_reduced": o.p_reduced,
            "p_rout": o.p_rout,
            "p_destroyed": o.p_destroyed,
            "cost": p.cost,
            "casualties_per_100_points": per_100(p, o),
            "notes": p.notes,
        }));
    }
    let series: Vec<(String, Vec<f64>)> = plans
        .iter()
        .zip(&outcomes)
        .map(|(p, o)| (p.label.clone(), o.casualties.p.clone()))
        .collect();
    emit(&a.output, "casualties", outputs, &series, |out| {
        let mut text = String::new();
        for (p, o) in plans.iter().zip(&outcomes) {
            text.push_str(&format!("Fire: {}\n", p.label));
            for n in &p.notes {
                text.push_str(&format!("  {n}\n"));
            }
            text.push_str(&format!(
                "  {} shots on d{} ≥ {} with {:+}: P(hit) {:.4}, P(dodge) {:.4}, P(casualty per shot) {:.4}\n",
                p.setup.shots, p.setup.die, p.setup.difficulty, p.setup.modifier, o.p_hit, o.p_dodge, o.p_casualty_per_shot
            ));
        }
        text.push_str(&distribution_table("casualties", &series));
        for (p, o) in plans.iter().zip(&outcomes) {
            text.push_str(&format!(
                "{}: mean {:.3}, median {}, mode {}; P(reduced) {:.4}, P(rout) {:.4}, P(all fall) {:.4}",
                p.label, o.casualties.mean, o.casualties.median, o.casualties.mode, o.p_reduced, o.p_rout, o.p_destroyed
            ));
            if let (Some(c), Some(e)) = (p.cost, per_100(p, o)) {
                text.push_str(&format!("; {e:.3} casualties per 100 points ({c} points)"));
            }
            text.push('\n');
        }
        out.push_str(&text);
    })
}

// ── melee ───────────────────────────────────────────────────────────────────────────────────

struct SideFlags<'a> {
    figures: Option<u32>,
    die: Option<DieArg>,
    modifier: Option<i32>,
    attacks: Option<u32>,
    dodge_die: Option<DieArg>,
    stance: melee::Stance,
    name: &'a str,
}

fn melee_side(
    db: &Database,
    unit: Option<&Unit>,
    enemy: Option<&Unit>,
    f: &SideFlags,
    notes: &mut Vec<String>,
) -> Result<melee::Side, Error> {
    let base = match (unit, enemy) {
        (Some(u), Some(e)) => Some(melee::side_from_unit(db, u, &f.stance, e, notes)),
        _ => None,
    };
    let missing = |flag: &str| {
        usage(format!(
            "give --{} SHEET[:FIGURES], or --{}-{flag}",
            f.name, f.name
        ))
    };
    let cover_factor = cover(None)
        .or(f.stance.cover)
        .and_then(|c| db.rules.cover(c))
        .map(|c| c.combat)
        .unwrap_or(0);
    let die = f
        .die
        .map(faces)
        .or(base.as_ref().map(|b| b.die))
        .ok_or_else(|| missing("die"))?;
    Ok(melee::Side {
        figures: f
            .figures
            .or(unit.map(|u| u.figures))
            .ok_or_else(|| missing("figures"))?,
        attacks_per_figure: f
            .attacks
            .or(base.as_ref().map(|b| b.attacks_per_figure))
            .unwrap_or(1),
        die,
        modifier: f
            .modifier
            .or(base.as_ref().map(|b| b.modifier))
            .unwrap_or(cover_factor),
        first_round_modifier: if f.modifier.is_some() {
            0
        } else {
            base.as_ref().map(|b| b.first_round_modifier).unwrap_or(0)
        },
        dodge_die: f
            .dodge_die
            .map(faces)
            .or(base.as_ref().map(|b| b.dodge_die))
            .unwrap_or(die),
        dodge_modifier: base.as_ref().map(|b| b.dodge_modifier).unwrap_or(0),
        dodge_reroll: base.as_ref().and_then(|b| b.dodge_reroll),
        wins_ties: base.as_ref().is_some_and(|b| b.wins_ties),
        ignore_dodge: base.as_ref().is_some_and(|b| b.ignore_dodge),
        courage_test: unit.and_then(|u| CourageTest::of(db, u.sheet)),
    })
}

fn run_melee(db: &Database, a: &MeleeArgs) -> Result<u8, Error> {
    let pa = pick(
        db,
        "a",
        a.a.as_ref(),
        a.a_list.as_deref(),
        a.a_unit,
        &a.a_skill,
    )?;
    let pb = pick(
        db,
        "b",
        a.b.as_ref(),
        a.b_list.as_deref(),
        a.b_unit,
        &a.b_skill,
    )?;
    let ua = pa
        .as_ref()
        .map(|p| p.unit(db, a.a_figures, "a"))
        .transpose()?;
    let ub = pb
        .as_ref()
        .map(|p| p.unit(db, a.b_figures, "b"))
        .transpose()?;
    let flags_a = SideFlags {
        figures: a.a_figures,
        die: a.a_die,
        modifier: a.a_modifier,
        attacks: a.a_attacks,
        dodge_die: a.a_dodge_die,
        stance: melee::Stance {
            charging: a.a_charges,
            led_by_command: a.a_led,
            cover: cover(a.a_cover),
            standard_bearer: a.a_standard,
            higher: a.a_higher,
            in_woods: false,
        },
        name: "a",
    };
    let flags_b = SideFlags {
        figures: a.b_figures,
        die: a.b_die,
        modifier: a.b_modifier,
        attacks: a.b_attacks,
        dodge_die: a.b_dodge_die,
        stance: melee::Stance {
            charging: a.b_charges,
            led_by_command: a.b_led,
            cover: cover(a.b_cover),
            standard_bearer: a.b_standard,
            higher: a.b_higher,
            in_woods: false,
        },
        name: "b",
    };
    let mut cases = Vec::new();
    let mut notes = Vec::new();
    let side_a = melee_side(db, ua.as_ref(), ub.as_ref(), &flags_a, &mut notes)?;
    let side_b = melee_side(db, ub.as_ref(), ua.as_ref(), &flags_b, &mut notes)?;
    let label = |u: &Option<Unit>, s: &melee::Side| match u {
        Some(u) => format!("{} ({})", u.sheet.id, s.figures),
        None => format!("{} × d{}", s.figures, s.die),
    };
    let side_names = (label(&ua, &side_a), label(&ub, &side_b));
    let title = format!("{} vs {}", side_names.0, side_names.1);
    let setup = melee::MeleeSetup {
        a: side_a,
        b: side_b,
        dodge_target: db.rules.dodge.target as i32,
        destruction_ratio: db.rules.melee.destruction_ratio,
    };
    cases.push((title, setup, notes, ua.as_ref().map(|u| u.cost)));
    if let Some(skill) = &a.compare_skill {
        let p = pa
            .as_ref()
            .ok_or_else(|| usage("--compare-skill needs --a or --a-list"))?;
        let other = pick(
            db,
            "a",
            Some(&UnitArg {
                sheet: p.sheet.id.clone(),
                figures: p.figures,
            }),
            None,
            None,
            std::slice::from_ref(skill),
        )?;
        let uo = other
            .as_ref()
            .map(|o| o.unit(db, a.a_figures, "a"))
            .transpose()?;
        let mut notes = Vec::new();
        let sa = melee_side(db, uo.as_ref(), ub.as_ref(), &flags_a, &mut notes)?;
        let sb = melee_side(db, ub.as_ref(), uo.as_ref(), &flags_b, &mut notes)?;
        let setup = melee::MeleeSetup {
            a: sa,
            b: sb,
            dodge_target: db.rules.dodge.target as i32,
            destruction_ratio: db.rules.melee.destruction_ratio,
        };
        cases.push((
            format!("with {skill}"),
            setup,
            notes,
            uo.as_ref().map(|u| u.cost),
        ));
    }
    let mut outputs = Vec::new();
    let mut results = Vec::new();
    for (title, setup, notes, cost) in &cases {
        let first = melee::round(setup, setup.a.figures, setup.b.figures, true);
        let a_cas: Vec<f64> = first.iter().map(|r| r.iter().sum()).collect();
        let mut b_cas = vec![0.0; setup.b.figures as usize + 1];
        for row in &first {
            for (cb, p) in row.iter().enumerate() {
                b_cas[cb] += p;
            }
        }
        let out = match a.rounds {
            Some(n) => melee::rounds(setup, n),
            None => melee::to_the_end(setup),
        };
        let mean_b = Distribution::new(b_cas.clone()).mean;
        outputs.push(json!({
            "label": title,
            "rounds": a.rounds,
            "a_casualties": a_cas,
            "b_casualties": b_cas,
            "joint": first,
            "p_a_destroyed": out.p_a_destroyed,
            "p_b_destroyed": out.p_b_destroyed,
            "p_a_routed": out.p_a_routed,
            "p_b_routed": out.p_b_routed,
            "p_a_wins": out.p_a_wins,
            "p_b_wins": out.p_b_wins,
            "p_both_out": out.p_both_out,
            "p_still_engaged": out.p_still_engaged,
            "expected_rounds": out.expected_rounds,
            "a_survivors": out.a_survivors.p,
            "b_survivors": out.b_survivors.p,
            "a_cost": cost,
            "b_casualties_first_round_per_100_points": cost.filter(|c| *c > 0).map(|c| mean_b * 100.0 / c as f64),
            "notes": notes,
        }));
        results.push((title.clone(), out, a_cas, b_cas, notes.clone()));
    }
    let series: Vec<(String, Vec<f64>)> = results
        .iter()
        .map(|r| (format!("{}: B survivors", r.0), r.1.b_survivors.p.clone()))
        .collect();
    let rounds_text = match a.rounds {
        Some(n) => format!("after {n} round{}", if n == 1 { "" } else { "s" }),
        None => "to the end".into(),
    };
    emit(&a.output, "survivors of B", outputs, &series, |text| {
        for (title, out, a_cas, b_cas, notes) in &results {
            text.push_str(&format!("Melee: {title}, {rounds_text}\n"));
            for n in notes {
                text.push_str(&format!("  {n}\n"));
            }
            text.push_str(&distribution_table(
                "first-round casualties",
                &[
                    (format!("A: {}", side_names.0), a_cas.clone()),
                    (format!("B: {}", side_names.1), b_cas.clone()),
                ],
            ));
            text.push_str(&format!(
                "P(A wins) {:.4}  P(B wins) {:.4}  P(both out) {:.4}  P(still engaged) {:.4}\n",
                out.p_a_wins, out.p_b_wins, out.p_both_out, out.p_still_engaged
            ));
            text.push_str(&format!(
                "A destroyed {:.4}, routed {:.4}; B destroyed {:.4}, routed {:.4}; expected rounds {:.3}\n",
                out.p_a_destroyed, out.p_a_routed, out.p_b_destroyed, out.p_b_routed, out.expected_rounds
            ));
            text.push_str(&distribution_table(
                "survivors",
                &[
                    (format!("A: {}", side_names.0), out.a_survivors.p.clone()),
                    (format!("B: {}", side_names.1), out.b_survivors.p.clone()),
                ],
            ));
        }
    })
}

// ── charge ──────────────────────────────────────────────────────────────────────────────────

fn run_charge(db: &Database, a: &ChargeArgs) -> Result<u8, Error> {
    let mut notes = Vec::new();
    let setup = match (&a.charger, &a.target) {
        (Some(c), Some(t)) => {
            let charger = db
                .sheet(c)
                .ok_or_else(|| unknown("sheet", c, db.sheets.ids()))?;
            let target = db
                .sheet(t)
                .ok_or_else(|| unknown("sheet", t, db.sheets.ids()))?;
            pick(
                db,
                "charger",
                Some(&UnitArg {
                    sheet: c.clone(),
                    figures: Some(1),
                }),
                None,
                None,
                &a.charger_skill,
            )?;
            let mut s = charge::from_sheets(
                db,
                charger,
                &a.charger_skill,
                target,
                a.charger_command,
                a.target_command,
                &mut notes,
            );
            if let Some(m) = a.morale {
                s.morale = m + if a.charger_command {
                    db.rules.charge.command_bonus
                } else {
                    0
                };
            }
            if let Some(c) = a.courage {
                s.courage = c + if a.target_command {
                    db.rules.charge.command_bonus
                } else {
                    0
                };
            }
            s
        }
        (None, None) => {
            let (Some(m), Some(c)) = (a.morale, a.courage) else {
                return Err(usage(
                    "give --charger and --target sheets, or --morale and --courage",
                ));
            };
            let bonus = db.rules.charge.command_bonus;
            charge::ChargeSetup {
                die: db.rules.charge.die.faces(),
                morale: m + if a.charger_command { bonus } else { 0 },
                courage: c + if a.target_command { bonus } else { 0 },
                test_required: a.target_morale.is_none_or(|tm| m < tm),
                double_bonus: 0,
                double_factor: db.rules.charge.double_factor,
            }
        }
        _ => return Err(usage("give both --charger and --target, or neither")),
    };
    let out = charge::resolve(&setup);
    let value = json!({
        "p_success": out.p_success,
        "p_double": out.p_double,
        "test_required": out.test_required,
        "p_roll_beats_courage": out.p_roll_beats_courage,
        "morale": setup.morale,
        "courage": setup.courage,
        "notes": notes,
    });
    if a.output.plot.is_some() {
        return Err(usage("--plot draws distributions: fire, melee and artillery have one, a charge has two numbers"));
    }
    match a.output.format {
        PreviewFormat::Json => print_out(&to_json(&value))?,
        PreviewFormat::Text => {
            let mut text = format!(
                "Charge: 1d{} + morale {} against courage {}\n",
                setup.die, setup.morale, setup.courage
            );
            for n in &notes {
                text.push_str(&format!("  {n}\n"));
            }
            text.push_str(&format!(
                "P(charge goes in) {:.4}{}\nP(courage doubled: the target routs, §5.2) {:.4}\n",
                out.p_success,
                if out.test_required {
                    ""
                } else {
                    " (no test needed)"
                },
                out.p_double
            ));
            print_out(&text)?;
        }
    }
    Ok(0)
}

// ── artillery ───────────────────────────────────────────────────────────────────────────────

fn run_artillery(db: &Database, a: &ArtilleryArgs) -> Result<u8, Error> {
    let sheet = a
        .gun
        .as_ref()
        .map(|g| {
            db.sheet(g)
                .ok_or_else(|| unknown("sheet", g, db.sheets.ids()))
        })
        .transpose()?;
    if let Some(s) = sheet {
        if s.kind != Kind::Artillery {
            return Err(usage(format!("`{}` is not an artillery sheet", s.id)));
        }
        for k in &a.skills {
            if s.offers(k).is_none() {
                return Err(usage(format!(
                    "sheet `{}` does not offer skill `{k}`",
                    s.id
                )));
            }
        }
    }
    let gun = match (&a.gun_type, sheet.and_then(|s| s.gun_type)) {
        (Some(t), _) => GunType::ALL
            .iter()
            .copied()
            .find(|g| g.as_str() == t)
            .ok_or_else(|| {
                usage(format!(
                    "--gun-type must be one of I, II, III, IV, found `{t}`"
                ))
            })?,
        (None, Some(g)) => g,
        (None, None) => return Err(usage("give --gun SHEET or --gun-type")),
    };
    let crew = a
        .crew
        .map(Into::into)
        .or(sheet.map(|s| s.quality))
        .ok_or_else(|| usage("give --gun SHEET or --crew"))?;
    let shot = artillery::Shot {
        gun,
        crew,
        ammunition: a.ammo.into(),
        range: a.range.into(),
        under_template: a.under,
        cover: cover(a.cover),
        factors: a.factors.clone(),
        skills: a.skills.clone(),
    };
    let mut notes = Vec::new();
    let setup = artillery::setup(db, &shot, &mut notes).map_err(usage)?;
    let out = artillery::resolve(&setup);
    let value = json!({
        "casualties": out.casualties.p,
        "at_least": out.casualties.at_least,
        "mean": out.casualties.mean,
        "p_blank": out.p_blank,
        "p_dodge": out.p_dodge,
        "notes": notes,
    });
    let series = vec![(
        format!("type {gun} {:?}", shot.ammunition),
        out.casualties.p.clone(),
    )];
    emit(&a.output, "casualties", vec![value], &series, |text| {
        text.push_str(&format!(
            "Artillery: type {gun}, {crew} crew, {} figures under the template\n",
            a.under
        ));
        for n in &notes {
            text.push_str(&format!("  {n}\n"));
        }
        text.push_str(&format!(
            "P(blank shot) {:.4}  P(dodge) {:.4}\n",
            out.p_blank, out.p_dodge
        ));
        text.push_str(&distribution_table("casualties", &series));
        text.push_str(&format!(
            "mean {:.3}, median {}, mode {}\n",
            out.casualties.mean, out.casualties.median, out.casualties.mode
        ));
    })
}
