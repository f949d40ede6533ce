//! `muster preview fire-duel`: two units firing at each other until one breaks, checked.

use crate::core::words::Phrase;
use serde::Serialize;

use crate::core::bounds::within;
use crate::core::error::Stop;
use crate::rulesets::wab_aca::database::Database;
use crate::rulesets::wab_aca::model::{Arm, Kind, HOUSE_RULES};

use super::limits;
use super::shoot::{shoot, ShootRequest};
use super::unit::{elite_playing, has, house, resolve, HouseApplied};

pub struct DuelRequest {
    /// The unit that fires first, and its volley as `shoot` takes it.
    pub first: ShootRequest,
    /// The first fire is from skirmishers (or an extended line): the unit fired at never
    /// routs (ACA p.4), and its answer is at skirmishers (WAB core: -1 to hit).
    pub skirmishers: bool,
    pub single_line: bool,
    pub answer_to_hit_modifier: i32,
    /// The modifiers of the answer's manoeuvre test, added up.
    pub test_modifier: i32,
    pub firer_reroll: bool,
    pub target_reroll: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct DuelOut {
    /// The house rules played (none: the book's rules).
    pub house_rules: Vec<HouseApplied>,
    pub firer: Phrase,
    pub target: Phrase,
    pub shots: u32,
    /// Who fires the first volley and why (reading who-fights).
    pub shots_reason: Phrase,
    /// Which of the firer's figures re-roll their 1s to hit and why (none without elite).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elite_reason: Option<Phrase>,
    pub test_target: i64,
    #[serde(flatten)]
    pub report: super::super::duel::DuelReport,
}

pub fn fire_duel(db: &Database, r: &DuelRequest) -> Result<DuelOut, Stop> {
    let firer_spec = r
        .first
        .firer
        .as_ref()
        .ok_or("give the unit that fires first: --firer ENTRY[:FIGURES] or LIST.toml:N")?;
    let target_spec =
        r.first.target.as_ref().ok_or(
            "give the unit fired at, which answers: --target ENTRY[:FIGURES] or LIST.toml:N",
        )?;
    let firer = resolve(db, "--firer", firer_spec)?;
    let target = resolve(db, "--target", target_spec)?;
    match target.entry.arm() {
        Some(Arm::Infantry) => {}
        Some(Arm::Cavalry) => {
            return Err(Stop::cannot(
                format!(
                    "--target: {} is cavalry (ACA p.7: \"La cavalerie ne peut répondre par un duel de feu\")",
                    target.name
                ),
                Phrase::new(
                    "cannot-duel-cavalry",
                    "{unit} is cavalry, which does not answer in a fire duel (ACA p.7)",
                )
                .phrase("unit", target.name.clone()),
            ))
        }
        None => {
            return Err(Stop::cannot(
                format!(
                    "--target: {} is a {}; the fire duel is a formed unit's in line (ACA p.4), the artillery duel a battery's (ACA p.8)",
                    target.name, target.entry.kind
                ),
                Phrase::new(
                    "cannot-duel-target",
                    "{unit} does not answer in a fire duel: the fire duel is a formed unit's in line (ACA p.4), the artillery duel a battery's (ACA p.8)",
                )
                .phrase("unit", target.name.clone()),
            ))
        }
    }
    if firer.entry.kind == Kind::Battery || firer.entry.kind == Kind::General {
        return Err(Stop::cannot(
            format!(
                "--firer: {} is a {}; the fire duel answers infantry or cavalry fire (ACA p.4)",
                firer.name, firer.entry.kind
            ),
            Phrase::new(
                "cannot-duel-firer",
                "{unit} opens no fire duel: the fire duel answers infantry or cavalry fire (ACA p.4)",
            )
            .phrase("unit", firer.name.clone()),
        ));
    }
    if has(target.entry, "skirmishers") {
        return Err(Stop::cannot(
            format!(
                "--target: {} always skirmishes; the fire duel is \"une unité formée en ligne ou en double-ligne\" (ACA p.4)",
                target.name
            ),
            Phrase::new(
                "cannot-duel-skirmishers",
                "{unit} always skirmishes; the fire duel is a unit formed in line or double line (ACA p.4)",
            )
            .phrase("unit", target.name.clone()),
        ));
    }
    let first = shoot(db, &r.first)?;
    let weapon = db
        .weapons
        .get(
            target
                .entry
                .firearm
                .as_deref()
                .unwrap_or(&target.entry.weapon),
        )
        .ok_or_else(|| format!("--target: {} has no weapon", target.name))?;

    if weapon.range == 0 {
        return Err(format!(
            "--target: {} carries {}, which does not shoot",
            target.name, weapon.id
        )
        .into());
    }
    let test_modifier = within(
        "--test-modifier",
        r.test_modifier,
        &limits::MODIFIER,
        "engine limit",
    )?;
    let answer_to_hit = within(
        "--answer-to-hit-modifier",
        r.answer_to_hit_modifier,
        &limits::TO_HIT_MODIFIER,
        "engine limit",
    )?;
    for (flag, unit, asked) in [
        ("--firer-reroll", &firer, r.firer_reroll),
        ("--target-reroll", &target, r.target_reroll),
    ] {
        if asked && db.quality(unit.entry).is_none_or(|q| q.rerolls == 0) {
            return Err(Stop::cannot(
                format!(
                    "{flag}: {} is {}, which has no re-roll of a failed test (ACA p.13)",
                    unit.name, unit.entry.quality
                ),
                super::unit::no_reroll_said(db, unit),
            ));
        }
    }
    let (house_on, house_rules) = house(
        db,
        &r.first.house_rules,
        &[Some(&firer), Some(&target)],
        HOUSE_RULES,
    )?;
    let test_target = i64::from(target.entry.profile.ld) + i64::from(test_modifier);
    // The first fire from skirmishers (the flag, a unit that always skirmishes, or a formation
    // that counts as skirmishers under fire: skirmish order, foragers, the extended line, ACA
    // p.3): the unit fired at never routs (ACA p.4), and answers at skirmishers, at -1 to hit
    // (WAB core, core.toml [shooting]).
    let skirmishers = r.skirmishers
        || has(firer.entry, "skirmishers")
        || matches!(
            r.first.formation.as_deref(),
            Some("skirmish" | "foragers" | "extended-line")
        );
    let never_routs = skirmishers || firer.entry.arm() == Some(Arm::Cavalry);
    let answer_to_hit = if skirmishers {
        answer_to_hit + db.core.shooting.at_skirmishers
    } else {
        answer_to_hit
    };
    // The losses' factors of its test, after the volley (ACA p.11, group **).
    let factor = |id: &str| {
        db.rules
            .manoeuvre
            .modifier
            .iter()
            .find(|m| m.id == id)
            .map(|m| i64::from(m.value))
            .ok_or_else(|| format!("rules.toml: the manoeuvre table has no modifier `{id}`"))
    };
    let (losses_25, below_half) = (factor("losses-25")?, factor("below-half")?);
    let report = super::super::duel::duel(
        db,
        &first.report.casualties,
        &super::super::duel::Answer {
            figures: target.figures,
            start: target.start,
            double_line: !r.single_line,
            bs: target.entry.profile.bs,
            strength: weapon.strength,
            to_hit_modifier: answer_to_hit,
            elite: elite_playing("--target", Some(&target), None, house_on)?,
            elite_pro_rata: target.entry.kind == Kind::Infantry,
            test_target,
            losses_25,
            below_half,
            leadership: target.entry.profile.ld,
            reroll: r.target_reroll,
            never_routs,
        },
        &super::super::duel::Firer {
            toughness: firer.entry.profile.t,
            save: firer.entry.profile.sv,
            leadership: firer.entry.profile.ld,
            reroll: r.firer_reroll,
        },
        house_on,
    );
    Ok(DuelOut {
        house_rules,
        firer: firer.name,
        target: target.name,
        shots: first.shots,
        shots_reason: first.shots_reason,
        elite_reason: first.elite_reason,
        test_target,
        report,
    })
}
