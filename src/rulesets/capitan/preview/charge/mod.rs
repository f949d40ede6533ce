//! Charge (§5.1–5.2, reading `charge-test` of rules.toml): a charger whose morale is not above
//! the target's courage (each +1 with a command unit within 5 cm) must roll 1d6 + morale above
//! that courage; the roll is made anyway to see whether it doubles the courage (≥ 2 × courage:
//! the target routs).

pub mod declared;
pub mod request;
pub mod text;

use crate::core::dice;
use crate::core::words::{Named, Phrase};
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::Charge;

/// A charge as numbers: the charger's morale and the target's courage are the modified ones.
#[derive(Debug, Clone, PartialEq)]
pub struct ChargeSetup {
    pub die: u32,
    pub morale: i32,
    pub courage: i32,
    /// Whether the test is required: morale not above courage (§5.1–5.2), unless a skill
    /// says otherwise (Vieille garde).
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
    let beats = dice::p_at_least(s.die, s.morale, s.courage.saturating_add(1));
    let double = dice::p_at_least(
        s.die,
        s.morale.saturating_add(s.double_bonus),
        s.double_factor.saturating_mul(s.courage),
    );
    ChargeOutcome {
        test_required: s.test_required,
        p_success: if s.test_required { beats } else { 1.0 },
        p_double: double,
        p_roll_beats_courage: beats,
    }
}

/// What the player says about a charge: the unmodified morale and courage, whether a command
/// unit stands within 5 cm of either, and the charger's skill effects.
#[derive(Debug, Clone, Default)]
pub struct ChargeInput {
    pub morale: i32,
    pub courage: i32,
    pub charger_command: bool,
    pub target_command: bool,
    /// The charger holds a captured flag (§8.7): +2 morale.
    pub captured_flag: bool,
    /// Vieille garde (§11).
    pub skip_test: bool,
    pub double_bonus: i32,
    /// The name of the skill that skips the test or adds to the doubling roll, in the
    /// previews' language.
    pub skill: Named,
}

/// The note of a command unit within reach (§5.1): of the charger, its bonus to morale, or of
/// the target, to courage.
fn command_note(c: &Charge, charger: bool) -> Phrase {
    let (key, en) = if charger {
        (
            "note-charger-command",
            "{bonus} morale: a command unit within {cm} cm of the charger (Capitán §5.1)",
        )
    } else {
        (
            "note-target-command",
            "{bonus} courage: a command unit within {cm} cm of the target (Capitán §5.1)",
        )
    };
    Phrase::new(key, en)
        .text("bonus", format!("{:+}", c.command_bonus))
        .count("cm", c.command_distance_cm)
}

/// The setup of a charge, with a note for every modifier and for the test decision.
pub fn setup(db: &Database, input: &ChargeInput, notes: &mut Vec<Phrase>) -> ChargeSetup {
    let c = &db.rules.charge;
    let mut morale = input.morale;
    let mut courage = input.courage;
    if input.charger_command {
        morale += c.command_bonus;
        notes.push(command_note(c, true));
    }
    if input.captured_flag {
        morale += db.rules.captured_flag.morale;
        notes.push(
            Phrase::new(
                "note-charger-flag",
                "{bonus} morale: the charger captured a flag (Capitán §8.7)",
            )
            .text("bonus", format!("{:+}", db.rules.captured_flag.morale)),
        );
    }
    if input.target_command {
        courage += c.command_bonus;
        notes.push(command_note(c, false));
    }
    let test_required = morale <= courage && !input.skip_test;
    notes.push(if input.skip_test {
        Phrase::new("note-no-charge-test", "{skill}: no test before charging (Capitán §11)")
            .name("skill", input.skill.clone())
    } else if test_required {
        Phrase::new(
            "note-charge-test",
            "morale {morale} is not above the target's courage {courage}: the charger tests, needing 1d{die} + {morale} > {courage} (Capitán §5.1)",
        )
        .count("morale", morale)
        .count("courage", courage)
        .count("die", c.die.faces())
    } else {
        Phrase::new(
            "note-charge-no-test",
            "morale {morale} is above the target's courage {courage}: no test; the roll only checks for a doubled courage (Capitán §5.2)",
        )
        .count("morale", morale)
        .count("courage", courage)
    });
    ChargeSetup {
        die: c.die.faces(),
        morale,
        courage,
        test_required,
        double_bonus: input.double_bonus,
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

    #[test]
    fn huge_courage_never_doubles() {
        let out = resolve(&ChargeSetup {
            die: 6,
            morale: 3,
            courage: 1_073_741_824,
            test_required: true,
            double_bonus: 0,
            double_factor: 2,
        });
        assert_eq!((out.p_success, out.p_double), (0.0, 0.0));
    }
}
