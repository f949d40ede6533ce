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
    let pc = |p: f64| crate::core::words::percent(crate::core::i18n::Lang::En, p);
    for r in reports {
        text.push_str(&format!("Fire: {} at {}\n", r.shooter, r.target));
        for n in &r.notes {
            text.push_str(&format!("  {n}\n"));
        }
        let s = &r.setup;
        text.push_str(&format!(
            "  {} shots on d{} {:+} ≥ {}: P(hit) {}, P(dodge) {}, P(casualty per shot) {}\n",
            s.shots,
            s.die,
            s.modifier,
            s.difficulty,
            pc(r.p_hit),
            pc(r.p_dodge),
            pc(r.p_casualty_per_shot)
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
            "\n  {}: P(reduced) {}, P(routs) {}, P(destroyed) {}\n",
            r.target,
            pc(r.p_reduced),
            pc(r.p_rout),
            pc(r.p_destroyed)
        ));
    }
    text
}
