//! `muster preview fire`'s text and the casualties it draws.

use super::request::*;
use crate::core::table::{distribution_table, english, Series};
use crate::rulesets::capitan::preview::text::unit_series;

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
