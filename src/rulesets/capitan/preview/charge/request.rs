//! `muster preview charge`: a charge at a unit, checked: the courage tests before contact.

use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::preview::charge::{self, ChargeInput};

use crate::core::words::Phrase;
use crate::rulesets::capitan::preview::request::limits;
use crate::rulesets::capitan::preview::request::unit::{
    chosen_skill, skill_named, UnitChoice, Use,
};

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
    pub charger: Phrase,
    pub target: Phrase,
    pub die: u32,
    /// Modified: the charger's morale and the target's courage as the roll uses them.
    pub morale: i32,
    pub courage: i32,
    pub test_required: bool,
    pub p_success: f64,
    pub p_double: f64,
    pub p_roll_beats_courage: f64,
    pub notes: Vec<Phrase>,
}

pub fn charge(db: &Database, req: &ChargeRequest) -> Result<ChargeReport, Stop> {
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
        .map(skill_named)
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
        notes.push(
            Phrase::new("note-morale-set", "morale set to {n} (--morale)").count("n", morale),
        );
    }
    if req.courage.is_some() && req.target.is_some() {
        notes.push(
            Phrase::new("note-courage-set", "courage set to {n} (--courage)").count("n", courage),
        );
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
        notes.push(
            Phrase::new(
                "note-double-courage-bonus",
                "{bonus} to the roll for a doubled courage ({skill}, Capitán §11)",
            )
            .text("bonus", format!("{:+}", effects.double_courage_bonus))
            .name("skill", skill_name.clone()),
        );
    }
    let out = charge::resolve(&setup);
    let name = |u: &Option<UnitChoice>, what: Phrase| match u {
        Some(u) => u.named(None),
        None => what,
    };
    Ok(ChargeReport {
        charger: name(
            &req.charger,
            Phrase::new("preview-unit-of-morale", "a unit of morale {n}").count("n", morale),
        ),
        target: name(
            &req.target,
            Phrase::new("preview-unit-of-courage", "a unit of courage {n}").count("n", courage),
        ),
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
