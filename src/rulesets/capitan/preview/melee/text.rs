//! `muster preview melee`'s text and the survivors it draws.

use super::request::*;
use crate::core::table::{distribution_table, Series};
use crate::core::words::{Phrase, Say};
use crate::rulesets::capitan::preview::text::notes;

/// The survivors of B in each melee, as drawn.
pub fn melee_series(reports: &[MeleeReport]) -> Vec<Series> {
    reports
        .iter()
        .map(|r| {
            (
                Phrase::new("series-survivors-of-b", "{melee}: survivors of B")
                    .phrase("melee", r.label.clone()),
                r.b_survivors.clone(),
            )
        })
        .collect()
}

/// `muster preview melee`'s text; `rounds`: as asked (`None`: to the end); said in `say`'s
/// language.
pub fn melee(reports: &[MeleeReport], rounds: Option<u32>, say: Say) -> String {
    let pc = |p: f64| say.pc(p);
    let heading = |label: &Phrase| match rounds {
        Some(n) => Phrase::new(
            "preview-melee-heading-rounds",
            "Melee after {n|# round|# rounds}: {label}",
        )
        .count("n", n)
        .phrase("label", label.clone()),
        None => Phrase::new("preview-melee-heading", "Melee to the end: {label}")
            .phrase("label", label.clone()),
    };
    let side = |letter: &'static str, unit: &Phrase| {
        Phrase::new("preview-side", "{side}: {unit}")
            .text("side", letter)
            .phrase("unit", unit.clone())
            .say(say.lang, say.words)
    };
    let mut text = String::new();
    for r in reports {
        text.push_str(&say.it(&heading(&r.label)));
        text.push('\n');
        text.push_str(&format!("  A = {}\n  B = {}\n", say.it(&r.a), say.it(&r.b)));
        text.push_str(&notes(say, &r.notes));
        text.push_str(&distribution_table(
            &say.word("table-first-round-casualties", "first-round casualties"),
            &[
                (side("A", &r.a), r.a_casualties.clone()),
                (side("B", &r.b), r.b_casualties.clone()),
            ],
            say.lang,
        ));
        text.push_str(
            &say.it(&Phrase::new(
                "preview-melee-outcomes",
                "P(A wins) {a}  P(B wins) {b}  P(both out) {both}  P(still engaged) {engaged}",
            )
            .text("a", pc(r.p_a_wins))
            .text("b", pc(r.p_b_wins))
            .text("both", pc(r.p_both_out))
            .text("engaged", pc(r.p_still_engaged))),
        );
        text.push('\n');
        text.push_str(&say.it(
            &Phrase::new(
                "preview-melee-losses",
                "A destroyed {ad}, routed {ar}; B destroyed {bd}, routed {br}; expected rounds {rounds}",
            )
            .text("ad", pc(r.p_a_destroyed))
            .text("ar", pc(r.p_a_routed))
            .text("bd", pc(r.p_b_destroyed))
            .text("br", pc(r.p_b_routed))
            .text("rounds", say.decimal(r.expected_rounds, 3)),
        ));
        text.push('\n');
        text.push_str(&distribution_table(
            &say.word("table-survivors", "survivors"),
            &[
                (side("A", &r.a), r.a_survivors.clone()),
                (side("B", &r.b), r.b_survivors.clone()),
            ],
            say.lang,
        ));
    }
    text
}
