//! `muster preview melee`: a melee between two units, checked: each side from its unit and
//! stance, ad-hoc numbers replacing the computed ones.

use serde::Serialize;

use crate::core::bounds::within;
use crate::core::distribution::Distribution;
use crate::core::error::Stop;
use crate::core::words::Phrase;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::Die;
use crate::rulesets::capitan::preview::melee::{self, MeleeSetup, Stance};
use crate::rulesets::capitan::preview::{CourageTest, Unit};

use crate::rulesets::capitan::preview::request::limits;
use crate::rulesets::capitan::preview::request::unit::{
    chosen_skill, compared_label, compared_note, UnitChoice, Use,
};

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
    pub label: Phrase,
    pub a: Phrase,
    pub b: Phrase,
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
    pub notes: Vec<Phrase>,
}

pub fn melee(db: &Database, req: &MeleeRequest) -> Result<Vec<MeleeReport>, Stop> {
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
            return Err(format!("side A already uses `{k}`").into());
        }
        let (mut r, _) = melee_one(db, req, Some(k), Some(k))?;
        r.label = compared_label(db, &reports[0].a, k, current.as_deref());
        reports.push(r);
    }
    Ok(reports)
}

fn melee_one(
    db: &Database,
    req: &MeleeRequest,
    a_skill: Option<&str>,
    compared: Option<&str>,
) -> Result<(MeleeReport, Option<String>), Stop> {
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
                    notes: &mut Vec<Phrase>|
     -> Result<Option<String>, Stop> {
        match (&side.unit, fig) {
            (Some(u), Some(f)) => {
                chosen_skill(db, u, Some(f), asked, hypothetical, Use::Melee, flag, notes)
            }
            _ => Ok(None),
        }
    };
    if let (Some(k), Some(u), Some(f)) = (compared, &req.a.unit, a_fig) {
        notes.push(compared_note(db, &u.name(f), k));
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
        _ => Phrase::new("preview-figures-die", "{n|# figure|# figures} × d{die}")
            .count("n", s.figures)
            .count("die", s.die),
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
        label: Phrase::new("preview-a-vs-b", "{a} vs {b}")
            .phrase("a", a_name.clone())
            .phrase("b", b_name.clone()),
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
    notes: &mut Vec<Phrase>,
) -> Result<melee::Side, Stop> {
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
            notes.push(
                Phrase::new(
                    "note-combat-modifier-set",
                    "{flag}: combat modifier set to {m} in every round (--{flag}-modifier)",
                )
                .text("flag", flag)
                .text("m", format!("{m:+}")),
            );
            for (set, what) in [
                (stance.charging, "charges"),
                (stance.led_by_command, "led"),
                (stance.cover.is_some(), "cover"),
                (stance.standard_bearer, "standard"),
                (stance.higher, "higher"),
                (stance.captured_flag, "captured-flag"),
            ] {
                if set {
                    notes.push(
                        Phrase::new(
                            "note-combat-flag-ignored",
                            "--{flag}-{what} is ignored: --{flag}-modifier sets the whole combat modifier",
                        )
                        .text("flag", flag)
                        .text("what", what),
                    );
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
