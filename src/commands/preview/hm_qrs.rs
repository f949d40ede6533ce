//! `muster preview … --ruleset hm-qrs`: the flags become a request, the ruleset computes the
//! test or the combat exactly, and the report is printed as a table or JSON.

use super::emit;
use crate::cli::hm_qrs::{
    ArmArg, BreakArgs, CombatArg, CommandArgs, HmPreview, MeleeArgs, ShootArgs, Side,
};
use crate::cli::PreviewFormat;
use crate::commands::{print_out, to_json};
use crate::core::error::Error;
use crate::rulesets::hm_qrs::data::Database;
use crate::rulesets::hm_qrs::model::{Arm, Combat};
use crate::rulesets::hm_qrs::preview::{
    self, BreakRequest, CommandRequest, Fighter, MeleeSide, ShootRequest,
};
use crate::rulesets::hm_qrs::text;

pub fn run(db: &Database, command: HmPreview) -> Result<u8, Error> {
    match command {
        HmPreview::Command(a) => run_command(db, &a),
        HmPreview::BreakTest(a) => run_break(db, &a),
        HmPreview::Shoot(a) => run_shoot(db, &a),
        HmPreview::Melee(a) => run_melee(db, &a),
    }
}

fn arm(a: ArmArg) -> Arm {
    match a {
        ArmArg::Infantry => Arm::Infantry,
        ArmArg::Cavalry => Arm::Cavalry,
        ArmArg::Artillery => Arm::Artillery,
    }
}

fn one_chance(plot: &Option<std::path::PathBuf>) -> Result<(), Error> {
    match plot {
        Some(_) => Err(Error::Usage(
            "--plot draws distributions; a test is a few chances, printed as text or JSON".into(),
        )),
        None => Ok(()),
    }
}

fn run_command(db: &Database, a: &CommandArgs) -> Result<u8, Error> {
    one_chance(&a.output.plot)?;
    let r = preview::command(
        db,
        &CommandRequest {
            rating: a.rating,
            modifiers: a.modifier.clone(),
            with: a.with.clone(),
            distance_inches: a.distance,
        },
    )
    .map_err(Error::Usage)?;
    match a.output.format {
        PreviewFormat::Json => print_out(&to_json(&r))?,
        PreviewFormat::Text => {
            let mut text =
                String::from("Command test (HM, Commandement): 2D6 at or under the rating\n");
            text.push_str(&format!("  rating {}\n", r.rating));
            for m in &r.modifiers {
                text.push_str(&format!("  {:>+3}  {}\n", m.value, m.name));
            }
            text.push_str(&format!(
                "  = {}\nP(success) {:.4}\n",
                r.target, r.p_success
            ));
            print_out(&text)?;
        }
    }
    Ok(0)
}

fn run_break(db: &Database, a: &BreakArgs) -> Result<u8, Error> {
    one_chance(&a.output.plot)?;
    let r = preview::break_report(
        db,
        &BreakRequest {
            arm: arm(a.arm),
            combat: match a.combat {
                CombatArg::Fire => Combat::Fire,
                CombatArg::Melee => Combat::Melee,
            },
            test: a.test.clone(),
            modifier: a.modifier,
            over_stamina: a.over_stamina,
            disordered: a.disordered,
            artillery_losses: a.artillery_losses,
        },
    )
    .map_err(Error::Usage)?;
    match a.output.format {
        PreviewFormat::Json => print_out(&to_json(&r))?,
        PreviewFormat::Text => {
            let mut text = format!(
                "Break test (HM, Test de Rupture): {}{} after {}, 2D6 {:+}\n",
                r.test
                    .as_ref()
                    .map_or(String::new(), |t| format!("test {t}, ")),
                r.arm.as_str(),
                match r.combat {
                    Combat::Fire => "shooting",
                    Combat::Melee => "hand-to-hand",
                },
                r.modifier
            );
            text::outcome_lines(db, &r.outcomes, &mut text);
            print_out(&text)?;
        }
    }
    Ok(0)
}

fn fighter(s: &Side) -> Fighter {
    Fighter {
        unit: s.unit.clone(),
        value: s.dice,
        size: s.size.clone(),
        formation: s.formation.clone(),
        situations: s.situation.clone(),
        sides: s.sides,
    }
}

fn run_shoot(db: &Database, a: &ShootArgs) -> Result<u8, Error> {
    let r = preview::shoot(
        db,
        &ShootRequest {
            shooter: Fighter {
                unit: a.shooter.clone(),
                value: a.shooter_dice,
                size: a.shooter_size.clone(),
                formation: a.shooter_formation.clone(),
                situations: a.shooter_situation.clone(),
                sides: a.shooter_sides,
            },
            with: a.with.clone(),
            modifier: a.modifier,
            target: a.target.clone(),
            save: a.save,
            save_with: a.save_with.clone(),
            target_arm: a.target_arm.map(arm),
            stamina: a.stamina,
            casualties_before: a.casualties_before,
            disordered: a.disordered,
            artillery: a.artillery,
            close: a.close,
        },
    )
    .map_err(Error::Usage)?;
    let series = text::shoot_series(&r);
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "casualties", json, &series, |out| {
        out.push_str(&text::shoot(db, &r))
    })
}

fn melee_side(s: &Side) -> MeleeSide {
    MeleeSide {
        fighter: fighter(s),
        hit_with: s.hit.clone(),
        result_with: s.result.clone(),
        building: s.building,
        save_with: s.save.clone(),
        stamina: s.stamina,
        casualties_before: s.casualties_before,
        disordered: s.disordered,
    }
}

fn run_melee(db: &Database, a: &MeleeArgs) -> Result<u8, Error> {
    let r = preview::melee(db, &melee_side(&a.side_a()), &melee_side(&a.side_b()))
        .map_err(Error::Usage)?;
    let series = text::melee_series(&r);
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "casualties", json, &series, |out| {
        out.push_str(&text::melee(db, &r))
    })
}
