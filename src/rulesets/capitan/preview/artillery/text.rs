//! `muster preview artillery`'s text and the casualties it draws.

use super::request::*;
use crate::core::table::{distribution_table, said, Series};
use crate::core::words::{Phrase, Say};
use crate::rulesets::capitan::preview::text::{notes, unit_series};

/// The casualties of an artillery shot, as drawn.
pub fn artillery_series(r: &ArtilleryReport) -> Vec<Series> {
    vec![(unit_series(&r.label), r.casualties.clone())]
}

/// `muster preview artillery`'s text, said in `say`'s language.
pub fn artillery(r: &ArtilleryReport, say: Say) -> String {
    let heading = match &r.target {
        Some(t) => Phrase::new(
            "preview-artillery-heading-target",
            "Artillery: {gun} at {target}, {n|# figure|# figures} under the template",
        )
        .phrase("target", t.clone()),
        None => Phrase::new(
            "preview-artillery-heading",
            "Artillery: {gun}, {n|# figure|# figures} under the template",
        ),
    };
    let mut text = say.it(&heading.phrase("gun", r.label.clone()).count("n", r.under));
    text.push('\n');
    text.push_str(&notes(say, &r.notes));
    text.push_str(
        &say.it(&Phrase::new(
            "preview-artillery-chances",
            "P(blank shot) {blank}  P(dodge) {dodge}",
        )
        .text("blank", say.pc(r.p_blank))
        .text("dodge", say.pc(r.p_dodge))),
    );
    text.push('\n');
    text.push_str(&distribution_table(
        &say.word("table-casualties", "casualties"),
        &said(&artillery_series(r), say.lang, say.words),
        say.lang,
    ));
    text.push_str(
        &say.it(&Phrase::new(
            "preview-mean-median-mode-alone",
            "mean {mean}, median {median}, mode {mode}",
        )
        .text("mean", say.decimal(r.mean, 3))
        .count("median", r.median)
        .count("mode", r.mode)),
    );
    text.push('\n');
    text
}
