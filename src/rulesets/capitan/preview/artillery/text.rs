//! `muster preview artillery`'s text and the casualties it draws.

use super::request::*;
use crate::core::table::{distribution_table, english, Series};
use crate::rulesets::capitan::preview::text::unit_series;

/// The casualties of an artillery shot, as drawn.
pub fn artillery_series(r: &ArtilleryReport) -> Vec<Series> {
    vec![(unit_series(&r.label), r.casualties.clone())]
}

use crate::core::i18n::Lang;
use crate::core::words::percent;

/// `muster preview artillery`'s text; `under`: the figures under the template.
pub fn artillery(r: &ArtilleryReport) -> String {
    let mut text = match &r.target {
        Some(t) => format!(
            "Artillery: {} at {t}, {} under the template\n",
            r.label,
            crate::core::text::count(r.under as usize, "figure", "figures")
        ),
        None => format!(
            "Artillery: {}, {} under the template\n",
            r.label,
            crate::core::text::count(r.under as usize, "figure", "figures")
        ),
    };
    for n in &r.notes {
        text.push_str(&format!("  {n}\n"));
    }
    text.push_str(&format!(
        "P(blank shot) {}  P(dodge) {}\n",
        percent(Lang::En, r.p_blank),
        percent(Lang::En, r.p_dodge)
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
