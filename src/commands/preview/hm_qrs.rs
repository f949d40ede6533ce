//! `muster preview … --ruleset hm-qrs`: the flags become a request, the ruleset computes the
//! test or the combat exactly, and the report is printed as a table or JSON.

use std::collections::BTreeMap;

use super::{distribution_table, emit, Series};
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

/// The outcomes of a break test, as the sheet names them, each with its chance and bar.
fn outcome_lines(db: &Database, outcomes: &BTreeMap<&'static str, f64>, text: &mut String) {
    for (id, p) in outcomes {
        let name = db
            .rules
            .outcome
            .iter()
            .find(|o| o.id.as_str() == *id)
            .map_or_else(|| "no test".to_owned(), |o| o.name.en.clone());
        let bar = "█".repeat((p * 30.0).round() as usize);
        text.push_str(&format!("  {:<8} {:<11} {p:>7.4}  {bar}\n", id, name));
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
            outcome_lines(db, &r.outcomes, &mut text);
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
    let series: Vec<Series> = vec![("casualties".into(), r.casualties.clone())];
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "casualties", json, &series, |text| {
        text.push_str(&format!(
            "Shooting (HM, Tirs): {} dice, P(hit) {:.4}, P(saved) {:.4}, mean {:.3} casualties\n",
            r.dice, r.p_hit, r.p_save, r.mean
        ));
        text.push_str(&distribution_table("casualties", &series));
        text.push_str(&format!("The target tests (A, B): P {:.4}\n", r.p_test));
        outcome_lines(db, &r.outcomes, text);
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
    let series: Vec<Series> = vec![
        ("casualties caused by A".into(), r.a.casualties.clone()),
        ("casualties caused by B".into(), r.b.casualties.clone()),
    ];
    let json = vec![serde_json::to_value(&r).unwrap_or_default()];
    emit(&a.output, "casualties", json, &series, |text| {
        text.push_str("Hand-to-hand, one round (HM, Combat au corps à corps)\n");
        for (who, s) in [("A", &r.a), ("B", &r.b)] {
            text.push_str(&format!(
                "  {who}: {} dice, P(casualty a die) {:.4}, result {:+}\n",
                s.dice, s.p_casualty, s.result_bonus
            ));
            for id in &s.applied {
                if let Some(m) = db.rules.result_modifier.iter().find(|m| &m.id == id) {
                    text.push_str(&format!(
                        "     {:+}  {} (applied: {who}'s formation and the enemy's arm)\n",
                        m.value, m.name.en
                    ));
                }
            }
        }
        text.push_str(&distribution_table("casualties", &series));
        text.push_str(&format!(
            "A wins {:.4} · B wins {:.4} · draw {:.4}\n",
            r.a.p_win, r.b.p_win, r.p_draw
        ));
        for (who, s) in [("A", &r.a), ("B", &r.b)] {
            text.push_str(&format!("{who} loses and tests (C):\n"));
            outcome_lines(db, &s.if_lost, text);
            if !s.if_draw.is_empty() {
                text.push_str(&format!("{who} shaken by a draw tests (D):\n"));
                outcome_lines(db, &s.if_draw, text);
            }
        }
    })
}
