//! The combat preview's report as people read it: the text `muster preview` prints and the web
//! builder shows, and the distributions both draw. One writer for both.

use super::database::Database;
use super::preview::{CombatReport, PanicReport};
use crate::core::table::{distribution_table, english, Series};
use crate::core::words::Phrase;

/// Hits, morale hits, order letters and the retreat, as drawn.
pub fn combat_series(r: &CombatReport) -> Vec<Series> {
    let mut series: Vec<Series> = vec![
        (Phrase::new("series-hits", "hits"), r.hits.clone()),
        (
            Phrase::new("series-morale-hits", "morale hits"),
            r.morale.clone(),
        ),
        (
            Phrase::new("series-orders", "order letters"),
            r.orders.clone(),
        ),
    ];
    if let Some(retreat) = &r.retreat {
        series.push((
            Phrase::new("series-retreat", "hexes of retreat"),
            retreat.clone(),
        ));
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
    for n in &r.notes {
        text.push_str(&format!("  {n}\n"));
    }
    text.push_str(&distribution_table("count", &english(&series)));
    text.push_str(&format!("mean hits {:.3}\n", r.mean));
    if let Some(c) = &r.consequences {
        text.push_str(&format!(
            "the defender ({} elements): P(destroyed) {:.4}, P(falls back) {:.4}, P(its hex freed: a follow-up) {:.4}",
            c.elements, c.p_destroyed, c.p_falls_back, c.p_hex_freed
        ));
        if let Some(p) = c.p_riposte {
            text.push_str(&format!(", P(it may riposte) {p:.4}"));
        }
        if let Some(p) = c.p_pursuit {
            text.push_str(&format!(", P(the attacker may pursue) {p:.4}"));
        }
        text.push('\n');
    }
    out
}

/// `muster preview panic --ruleset thucydide`'s text.
pub fn panic(db: &Database, r: &PanicReport) -> String {
    let mut text = format!(
        "Panic ({}): {} dice, each a hex of flight with P {:.4}\n",
        db.rules.panic.section, r.dice, r.p_flight_die
    );
    text.push_str(&distribution_table(
        "hexes of flight",
        &[("hexes".to_owned(), r.hexes.clone())],
    ));
    text.push_str(&format!("mean {:.3}\n", r.mean));
    if let Some(p) = r.p_gone {
        text.push_str(&format!("P(reaches its table edge and is gone) {p:.4}\n"));
    }
    text
}
