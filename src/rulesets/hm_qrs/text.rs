//! The previews' reports as people read them: the text `muster preview` prints and the web
//! builder shows, and the distributions both draw. One writer for both.

use std::collections::BTreeMap;

use super::database::Database;
use super::model::Combat;
use super::preview::{Applied, BreakReport, CommandReport, MeleeReport, ShootReport};

/// The modifiers applied for the states given, one line each.
fn applied_lines(applied: &[Applied], who: &str, text: &mut String) {
    for a in applied {
        text.push_str(&format!(
            "  {who}{:+} {}: {} (applied: {})\n",
            a.value,
            if a.table == "save" {
                "to save"
            } else {
                "to hit"
            },
            a.name,
            a.because
        ));
    }
}
use crate::core::table::{distribution_table, english, Series};
use crate::core::words::Phrase;

/// The outcomes of a break test, as the sheet names them, each with its chance and bar.
pub fn outcome_lines(db: &Database, outcomes: &BTreeMap<&'static str, f64>, text: &mut String) {
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

/// The casualties of a volley, as drawn.
pub fn shoot_series(r: &ShootReport) -> Vec<Series> {
    vec![(
        Phrase::new("series-casualties", "casualties"),
        r.casualties.clone(),
    )]
}

/// `muster preview shoot --ruleset hm-qrs`'s text.
pub fn shoot(db: &Database, r: &ShootReport) -> String {
    let series = shoot_series(r);
    let mut out = String::new();
    let text = &mut out;
    text.push_str(&format!(
        "Shooting (HM, Tirs): {} dice, P(hit) {:.4}, P(saved) {:.4}, mean {:.3} casualties\n",
        r.dice, r.p_hit, r.p_save, r.mean
    ));
    applied_lines(&r.applied, "", text);
    text.push_str(&distribution_table("casualties", &english(&series)));
    text.push_str(&format!("The target tests (A, B): P {:.4}\n", r.p_test));
    outcome_lines(db, &r.outcomes, text);
    out
}

/// The casualties each side causes, as drawn.
pub fn melee_series(r: &MeleeReport) -> Vec<Series> {
    vec![
        (
            Phrase::new("series-caused-by-a", "casualties caused by {a}").text("a", "A"),
            r.a.casualties.clone(),
        ),
        (
            Phrase::new("series-caused-by-b", "casualties caused by {b}").text("b", "B"),
            r.b.casualties.clone(),
        ),
    ]
}

/// `muster preview melee --ruleset hm-qrs`'s text.
pub fn melee(db: &Database, r: &MeleeReport) -> String {
    let series = melee_series(r);
    let mut out = String::new();
    let text = &mut out;
    text.push_str("Hand-to-hand, one round (HM, Combat au corps à corps)\n");
    for (who, s) in [("A", &r.a), ("B", &r.b)] {
        text.push_str(&format!(
            "  {who}: {} dice, P(casualty a die) {:.4}, result {:+}\n",
            s.dice, s.p_casualty, s.result_bonus
        ));
        applied_lines(&s.states, "   ", text);
        for id in &s.applied {
            if let Some(m) = db.rules.result_modifier.iter().find(|m| &m.id == id) {
                text.push_str(&format!(
                    "     {:+}  {} (applied: {who}'s formation and the enemy's arm)\n",
                    m.value, m.name.en
                ));
            }
        }
    }
    text.push_str(&distribution_table("casualties", &english(&series)));
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
    out
}

/// `muster preview command --ruleset hm-qrs`'s text.
pub fn command(r: &CommandReport) -> String {
    let mut text = String::from("Command test (HM, Commandement): 2D6 at or under the rating\n");
    text.push_str(&format!("  rating {}\n", r.rating));
    for m in &r.modifiers {
        text.push_str(&format!("  {:>+3}  {}\n", m.value, m.name));
    }
    text.push_str(&format!(
        "  = {}\nP(success) {:.4}\n",
        r.target, r.p_success
    ));
    text
}

/// `muster preview break-test --ruleset hm-qrs`'s text.
pub fn break_test(db: &Database, r: &BreakReport) -> String {
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
    text
}
