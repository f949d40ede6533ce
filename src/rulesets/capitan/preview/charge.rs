//! Charge (§5.1–5.2): a charger whose morale is lower than the target's must roll 1d6 + morale
//! above the target's courage (+1 each with a command unit within 5 cm); the roll is made
//! anyway to see whether it doubles the courage (≥ 2 × courage: the target routs).

use crate::core::dice;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::UnitSheet;

#[derive(Debug, Clone, PartialEq)]
pub struct ChargeSetup {
    pub die: u32,
    pub morale: i32,
    pub courage: i32,
    /// Whether the test is required (charger's morale below the target's, §5.1).
    pub test_required: bool,
    /// Bonus to the roll when checking for a doubled courage (Vieille garde, §11).
    pub double_bonus: i32,
    pub double_factor: i32,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct ChargeOutcome {
    pub test_required: bool,
    /// P(the charge goes in): 1 when no test is needed.
    pub p_success: f64,
    /// P(1d6 + morale ≥ 2 × courage): the target routs.
    pub p_double: f64,
    /// P(the roll beats the courage), whether or not the test was needed.
    pub p_roll_beats_courage: f64,
}

pub fn resolve(s: &ChargeSetup) -> ChargeOutcome {
    let beats = dice::p_at_least(s.die, s.morale, s.courage + 1);
    let double = dice::p_at_least(
        s.die,
        s.morale + s.double_bonus,
        s.double_factor * s.courage,
    );
    ChargeOutcome {
        test_required: s.test_required,
        p_success: if s.test_required { beats } else { 1.0 },
        p_double: double,
        p_roll_beats_courage: beats,
    }
}

/// A charge from two sheets; `charger_command` / `target_command`: a command unit within 5 cm.
pub fn from_sheets(
    db: &Database,
    charger: &UnitSheet,
    charger_skills: &[String],
    target: &UnitSheet,
    charger_command: bool,
    target_command: bool,
    notes: &mut Vec<String>,
) -> ChargeSetup {
    let c = &db.rules.charge;
    let mut morale = charger.morale;
    let mut courage = target.courage;
    if charger_command {
        morale += c.command_bonus;
        notes.push(format!(
            "{:+} morale: command unit within {} cm (§5.1)",
            c.command_bonus, c.command_distance_cm
        ));
    }
    if target_command {
        courage += c.command_bonus;
        notes.push(format!(
            "{:+} courage: target's command unit within {} cm (§5.1)",
            c.command_bonus, c.command_distance_cm
        ));
    }
    let skills: Vec<_> = charger_skills.iter().filter_map(|k| db.skill(k)).collect();
    let skip = skills.iter().any(|k| k.effects.skip_charge_test);
    let double_bonus = skills.iter().map(|k| k.effects.double_courage_bonus).sum();
    let test_required = charger.morale < target.morale && !skip;
    notes.push(if test_required {
        format!(
            "morale {} < target's {}: the charger must test (§5.1)",
            charger.morale, target.morale
        )
    } else if skip {
        "Vieille garde: no test before charging (§11)".into()
    } else {
        format!(
            "morale {} ≥ target's {}: no test, the roll only checks for a doubled courage (§5.2)",
            charger.morale, target.morale
        )
    });
    ChargeSetup {
        die: c.die.faces(),
        morale,
        courage,
        test_required,
        double_bonus,
        double_factor: c.double_factor,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // 1d6 + 4 > 7 needs 4+: 1/2; ≥ 14 impossible.
        let out = resolve(&ChargeSetup {
            die: 6,
            morale: 4,
            courage: 7,
            test_required: true,
            double_bonus: 0,
            double_factor: 2,
        });
        assert_eq!(out.p_success, 0.5);
        assert_eq!(out.p_double, 0.0);
        // 1d6 + 5 ≥ 2 × 4 = 8 needs 3+: 4/6.
        let out = resolve(&ChargeSetup {
            die: 6,
            morale: 5,
            courage: 4,
            test_required: false,
            double_bonus: 0,
            double_factor: 2,
        });
        assert_eq!(out.p_success, 1.0);
        assert!((out.p_double - 4.0 / 6.0).abs() < 1e-15);
    }
}
