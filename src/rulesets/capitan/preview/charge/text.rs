//! `muster preview charge`'s text.

use super::request::*;
use crate::core::words::{Phrase, Say};
use crate::rulesets::capitan::preview::text::notes;

/// `muster preview charge`'s text, said in `say`'s language.
pub fn charge(r: &ChargeReport, say: Say) -> String {
    let mut text = say.it(&Phrase::new(
        "preview-charge-heading",
        "Charge: {charger} charges {target}",
    )
    .phrase("charger", r.charger.clone())
    .phrase("target", r.target.clone()));
    text.push('\n');
    text.push_str(&notes(say, &r.notes));
    text.push_str(
        &say.it(&Phrase::new(
            "preview-charge-roll",
            "  1d{die} + morale {morale} against courage {courage} (modified values)",
        )
        .count("die", r.die)
        .count("morale", r.morale)
        .count("courage", r.courage)),
    );
    text.push('\n');
    let test = if r.test_required {
        Phrase::new("preview-charge-test", " (1d{die} + {morale} > {courage})")
            .count("die", r.die)
            .count("morale", r.morale)
            .count("courage", r.courage)
    } else {
        Phrase::new("preview-charge-no-test", " (no test needed)")
    };
    text.push_str(&say.it(
        &Phrase::new(
            "preview-charge-chances",
            "P(the charge goes in) {p}{test}\nP(courage doubled: {target} routs, Capitán §5.2) {double}",
        )
        .text("p", say.pc(r.p_success))
        .phrase("test", test)
        .phrase("target", r.target.clone())
        .text("double", say.pc(r.p_double)),
    ));
    text.push('\n');
    text
}
