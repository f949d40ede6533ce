//! The combat preview's report as people read it: the text `muster preview` prints and the web
//! builder shows, and the distributions both draw. One writer for both, in the request's
//! language.

use super::database::Database;
use super::preview::{CombatReport, PanicReport};
use crate::core::table::{distribution_table, said, Series};
use crate::core::words::{Named, Phrase, Say};

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
pub fn combat(say: Say, db: &Database, r: &CombatReport) -> String {
    let series = combat_series(r);
    let mut out = String::new();
    let text = &mut out;
    // The armour by its name in the language (English says its id, as it did).
    let armour = db
        .armours
        .get(&r.armour)
        .map_or(Named::same(&r.armour), |a| {
            Named::new(r.armour.clone(), Some(a.name.fr.clone()), None)
        });
    let outcome = r.advantage.outcome.as_str();
    text.push_str(&say.it(
        &Phrase::new(
            "preview-th-combat",
            "Combat (TH): {dice} dice against {armour} armour; the tactical advantage: {outcome} ({because})",
        )
        .count("dice", r.dice)
        .name("armour", armour)
        .label("outcome", format!("advantage_{outcome}"), outcome)
        .phrase("because", r.advantage.because.clone()),
    ));
    text.push('\n');
    text.push_str(
        &say.it(&Phrase::new(
            "preview-th-per-die",
            "  a die: P(hit) {hit}, P(morale hit) {morale}, P(order letter) {order}",
        )
        .text("hit", say.pc(r.per_die.hit))
        .text("morale", say.pc(r.per_die.morale))
        .text("order", say.pc(r.per_die.order))),
    );
    text.push('\n');
    for n in &r.notes {
        text.push_str(&format!("  {}\n", say.it(n)));
    }
    text.push_str(&distribution_table(
        &say.word("table-count", "count"),
        &said(&series, say.lang, say.words),
        say.lang,
    ));
    text.push_str(
        &say.it(&Phrase::new("preview-th-mean-hits", "mean hits {mean}")
            .text("mean", say.decimal(r.mean, 3))),
    );
    text.push('\n');
    if let Some(c) = &r.consequences {
        text.push_str(&say.it(
            &Phrase::new(
                "preview-th-defender",
                "the defender ({elements|# element|# elements}): P(destroyed) {destroyed}, P(falls back) {back}, P(its hex freed: a follow-up) {freed}",
            )
            .count("elements", c.elements)
            .text("destroyed", say.pc(c.p_destroyed))
            .text("back", say.pc(c.p_falls_back))
            .text("freed", say.pc(c.p_hex_freed)),
        ));
        if let Some(p) = c.p_riposte {
            text.push_str(&say.it(
                &Phrase::new("preview-th-riposte", ", P(it may riposte) {p}").text("p", say.pc(p)),
            ));
        }
        if let Some(p) = c.p_pursuit {
            text.push_str(
                &say.it(
                    &Phrase::new("preview-th-pursuit", ", P(the attacker may pursue) {p}")
                        .text("p", say.pc(p)),
                ),
            );
        }
        text.push('\n');
    }
    out
}

/// `muster preview panic --ruleset thucydide`'s text.
pub fn panic(say: Say, db: &Database, r: &PanicReport) -> String {
    let mut text = say.it(&Phrase::new(
        "preview-th-panic",
        "Panic ({section}): {dice} dice, each a hex of flight with P {p}",
    )
    .text("section", db.rules.panic.section.clone())
    .count("dice", r.dice)
    .text("p", say.pc(r.p_flight_die)));
    text.push('\n');
    text.push_str(&distribution_table(
        &say.word("table-hexes-of-flight", "hexes of flight"),
        &[(say.word("series-hexes", "hexes"), r.hexes.clone())],
        say.lang,
    ));
    text.push_str(
        &say.it(&Phrase::new("preview-mean-median-mode-mean", "mean {mean}")
            .text("mean", say.decimal(r.mean, 3))),
    );
    text.push('\n');
    if let Some(p) = r.p_gone {
        text.push_str(
            &say.it(&Phrase::new(
                "preview-th-gone",
                "P(reaches its table edge and is gone) {p}",
            )
            .text("p", say.pc(p))),
        );
        text.push('\n');
    }
    text
}
