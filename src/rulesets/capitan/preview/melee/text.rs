//! `muster preview melee`'s text and the survivors it draws.

use super::request::*;
use crate::core::table::{distribution_table, Series};
use crate::core::words::Phrase;

/// The survivors of B in each melee, as drawn.
pub fn melee_series(reports: &[MeleeReport]) -> Vec<Series> {
    reports
        .iter()
        .map(|r| {
            (
                Phrase::new("series-survivors-of-b", "{melee}: survivors of B")
                    .text("melee", r.label.clone()),
                r.b_survivors.clone(),
            )
        })
        .collect()
}

/// `muster preview melee`'s text; `rounds`: as asked (`None`: to the end).
pub fn melee(reports: &[MeleeReport], rounds: Option<u32>) -> String {
    let rounds_text = match rounds {
        Some(n) => format!("after {n} round{}", if n == 1 { "" } else { "s" }),
        None => "to the end".into(),
    };
    let mut text = String::new();
    for r in reports {
        text.push_str(&format!("Melee {rounds_text}: {}\n", r.label));
        text.push_str(&format!("  A = {}\n  B = {}\n", r.a, r.b));
        for n in &r.notes {
            text.push_str(&format!("  {n}\n"));
        }
        text.push_str(&distribution_table(
            "first-round casualties",
            &[
                (format!("A: {}", r.a), r.a_casualties.clone()),
                (format!("B: {}", r.b), r.b_casualties.clone()),
            ],
        ));
        text.push_str(&format!(
            "P(A wins) {:.4}  P(B wins) {:.4}  P(both out) {:.4}  P(still engaged) {:.4}\n",
            r.p_a_wins, r.p_b_wins, r.p_both_out, r.p_still_engaged
        ));
        text.push_str(&format!(
            "A destroyed {:.4}, routed {:.4}; B destroyed {:.4}, routed {:.4}; expected rounds {:.3}\n",
            r.p_a_destroyed, r.p_a_routed, r.p_b_destroyed, r.p_b_routed, r.expected_rounds
        ));
        text.push_str(&distribution_table(
            "survivors",
            &[
                (format!("A: {}", r.a), r.a_survivors.clone()),
                (format!("B: {}", r.b), r.b_survivors.clone()),
            ],
        ));
    }
    text
}
