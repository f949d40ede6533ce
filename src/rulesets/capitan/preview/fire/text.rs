//! `muster preview fire`'s text and the casualties it draws.

use super::request::*;
use crate::core::table::{distribution_table, said, Series};
use crate::core::words::{Phrase, Say};
use crate::rulesets::capitan::preview::text::{notes, unit_series};

/// The casualties of each volley, as drawn.
pub fn fire_series(reports: &[FireReport]) -> Vec<Series> {
    reports
        .iter()
        .map(|r| (unit_series(&r.label), r.casualties.clone()))
        .collect()
}

/// `muster preview fire`'s text, said in `say`'s language.
pub fn fire(reports: &[FireReport], say: Say) -> String {
    let mut text = String::new();
    let pc = |p: f64| say.pc(p);
    for r in reports {
        text.push_str(
            &say.it(
                &Phrase::new("preview-fire-heading", "Fire: {shooter} at {target}")
                    .phrase("shooter", r.shooter.clone())
                    .phrase("target", r.target.clone()),
            ),
        );
        text.push('\n');
        text.push_str(&notes(say, &r.notes));
        let s = &r.setup;
        text.push_str(&say.it(
            &Phrase::new(
                "preview-fire-shots",
                "  {shots|# shot|# shots} on d{die} {modifier} ≥ {difficulty}: P(hit) {hit}, P(dodge) {dodge}, P(casualty per shot) {casualty}",
            )
            .count("shots", s.shots)
            .count("die", s.die)
            .text("modifier", format!("{:+}", s.modifier))
            .count("difficulty", s.difficulty)
            .text("hit", pc(r.p_hit))
            .text("dodge", pc(r.p_dodge))
            .text("casualty", pc(r.p_casualty_per_shot)),
        ));
        text.push('\n');
    }
    text.push_str(&distribution_table(
        &say.word("table-casualties", "casualties"),
        &said(&fire_series(reports), say.lang, say.words),
        say.lang,
    ));
    for r in reports {
        text.push_str(
            &say.it(&Phrase::new(
                "preview-mean-median-mode",
                "{label}: mean {mean}, median {median}, mode {mode}",
            )
            .phrase("label", r.label.clone())
            .text("mean", say.decimal(r.mean, 3))
            .count("median", r.median)
            .count("mode", r.mode)),
        );
        if let (Some(c), Some(e)) = (r.cost, r.casualties_per_100_points) {
            text.push_str(
                &say.it(&Phrase::new(
                    "preview-per-100-points",
                    "; {per} casualties per 100 points ({cost|# point|# points})",
                )
                .text("per", say.decimal(e, 3))
                .count("cost", c)),
            );
        }
        text.push('\n');
        text.push_str(
            &say.it(&Phrase::new(
                "preview-fire-target",
                "  {target}: P(reduced) {reduced}, P(routs) {routs}, P(destroyed) {destroyed}",
            )
            .phrase("target", r.target.clone())
            .text("reduced", pc(r.p_reduced))
            .text("routs", pc(r.p_rout))
            .text("destroyed", pc(r.p_destroyed))),
        );
        text.push('\n');
    }
    text
}
