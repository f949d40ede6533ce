//! The previews' reports as people read them: the text `muster preview` prints and the web
//! builder shows, and the distributions both draw. One writer for both.

use super::request::{ArtilleryReport, ChargeReport, FireReport, MeleeReport};
use crate::core::table::{distribution_table, english, Series};
use crate::core::words::Phrase;

/// A series named by its unit's label (the page around a chart of one names it itself).
fn unit_series(label: &str) -> Phrase {
    Phrase::new("series-unit", "{unit}").text("unit", label)
}

/// The casualties of each volley, as drawn.
pub fn fire_series(reports: &[FireReport]) -> Vec<Series> {
    reports
        .iter()
        .map(|r| (unit_series(&r.label), r.casualties.clone()))
        .collect()
}

/// `muster preview fire`'s text.
pub fn fire(reports: &[FireReport]) -> String {
    let mut text = String::new();
    for r in reports {
        text.push_str(&format!("Fire: {} at {}\n", r.shooter, r.target));
        for n in &r.notes {
            text.push_str(&format!("  {n}\n"));
        }
        let s = &r.setup;
        text.push_str(&format!(
            "  {} shots on d{} {:+} ≥ {}: P(hit) {:.4}, P(dodge) {:.4}, P(casualty per shot) {:.4}\n",
            s.shots, s.die, s.modifier, s.difficulty, r.p_hit, r.p_dodge, r.p_casualty_per_shot
        ));
    }
    text.push_str(&distribution_table(
        "casualties",
        &english(&fire_series(reports)),
    ));
    for r in reports {
        text.push_str(&format!(
            "{}: mean {:.3}, median {}, mode {}",
            r.label, r.mean, r.median, r.mode
        ));
        if let (Some(c), Some(e)) = (r.cost, r.casualties_per_100_points) {
            text.push_str(&format!("; {e:.3} casualties per 100 points ({c} points)"));
        }
        text.push_str(&format!(
            "\n  {}: P(reduced) {:.4}, P(routs) {:.4}, P(destroyed) {:.4}\n",
            r.target, r.p_reduced, r.p_rout, r.p_destroyed
        ));
    }
    text
}

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

/// `muster preview charge`'s text.
pub fn charge(r: &ChargeReport) -> String {
    let mut text = format!("Charge: {} charges {}\n", r.charger, r.target);
    for n in &r.notes {
        text.push_str(&format!("  {n}\n"));
    }
    text.push_str(&format!(
        "  1d{} + morale {} against courage {} (modified values)\n",
        r.die, r.morale, r.courage
    ));
    text.push_str(&format!(
        "P(the charge goes in) {:.4}{}\nP(courage doubled: {} routs, Capitán §5.2) {:.4}\n",
        r.p_success,
        if r.test_required {
            format!(" (1d{} + {} > {})", r.die, r.morale, r.courage)
        } else {
            " (no test needed)".to_owned()
        },
        r.target,
        r.p_double
    ));
    text
}

/// The casualties of an artillery shot, as drawn.
pub fn artillery_series(r: &ArtilleryReport) -> Vec<Series> {
    vec![(unit_series(&r.label), r.casualties.clone())]
}

/// `muster preview artillery`'s text; `under`: the figures under the template.
pub fn artillery(r: &ArtilleryReport) -> String {
    let mut text = match &r.target {
        Some(t) => format!(
            "Artillery: {} at {t}, {} figures under the template\n",
            r.label, r.under
        ),
        None => format!(
            "Artillery: {}, {} figures under the template\n",
            r.label, r.under
        ),
    };
    for n in &r.notes {
        text.push_str(&format!("  {n}\n"));
    }
    text.push_str(&format!(
        "P(blank shot) {:.4}  P(dodge) {:.4}\n",
        r.p_blank, r.p_dodge
    ));
    text.push_str(&distribution_table(
        "casualties",
        &english(&artillery_series(r)),
    ));
    text.push_str(&format!(
        "mean {:.3}, median {}, mode {}\n",
        r.mean, r.median, r.mode
    ));
    text
}
