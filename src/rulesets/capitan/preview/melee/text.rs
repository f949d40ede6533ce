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
    let pc = |p: f64| crate::core::words::percent(crate::core::i18n::Lang::En, p);
    let rounds_text = match rounds {
        Some(n) => format!(
            "after {}",
            crate::core::text::count(n as usize, "round", "rounds")
        ),
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
            "P(A wins) {}  P(B wins) {}  P(both out) {}  P(still engaged) {}\n",
            pc(r.p_a_wins),
            pc(r.p_b_wins),
            pc(r.p_both_out),
            pc(r.p_still_engaged)
        ));
        text.push_str(&format!(
            "A destroyed {}, routed {}; B destroyed {}, routed {}; expected rounds {:.3}\n",
            pc(r.p_a_destroyed),
            pc(r.p_a_routed),
            pc(r.p_b_destroyed),
            pc(r.p_b_routed),
            r.expected_rounds
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
