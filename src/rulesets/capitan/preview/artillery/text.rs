//! `muster preview artillery`'s text and the casualties it draws.

use super::request::*;
use crate::core::table::{distribution_table, english, Series};
use crate::rulesets::capitan::preview::text::unit_series;

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
