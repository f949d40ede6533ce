//! The combat preview's report as people read it: the text `muster preview` prints and the web
//! builder shows, and the distributions both draw. One writer for both.

use super::preview::CombatReport;
use crate::core::table::{distribution_table, Series};

/// Hits, morale hits, order letters and the retreat, as drawn.
pub fn combat_series(r: &CombatReport) -> Vec<Series> {
    let mut series: Vec<Series> = vec![
        ("hits".into(), r.hits.clone()),
        ("morale hits".into(), r.morale.clone()),
        ("order letters".into(), r.orders.clone()),
    ];
    if let Some(retreat) = &r.retreat {
        series.push(("hexes of retreat".into(), retreat.clone()));
    }
    series
}

/// `muster preview combat --ruleset thucydide`'s text.
pub fn combat(r: &CombatReport) -> String {
    let series = combat_series(r);
    let mut out = String::new();
    let text = &mut out;
    text.push_str(&format!(
        "Combat (TH): {} dice against {} armour; the tactical advantage: {} ({})\n",
        r.dice,
        r.armour,
        r.advantage.outcome.as_str(),
        r.advantage.because
    ));
    text.push_str(&format!(
        "  a die: P(hit) {:.4}, P(morale hit) {:.4}, P(order letter) {:.4}\n",
        r.per_die.hit, r.per_die.morale, r.per_die.order
    ));
    text.push_str(&distribution_table("count", &series));
    out
}
