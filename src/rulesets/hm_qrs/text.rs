//! The previews' reports as people read them: the text `muster preview` prints and the web
//! builder shows, and the distributions both draw. One writer for both, in the request's
//! language.

use std::collections::BTreeMap;

use super::database::Database;
use super::model::Combat;
use super::preview::{Applied, BreakReport, CommandReport, MeleeReport, ShootReport};
use crate::core::table::{distribution_table, said, Series};
use crate::core::words::{Phrase, Say};

/// The modifiers applied for the states given, one line each.
fn applied_lines(say: Say, applied: &[Applied], who: &str, text: &mut String) {
    for a in applied {
        let line = if a.table == "save" {
            Phrase::new(
                "preview-applied-save",
                "{who}{value} to save: {name} (applied: {because})",
            )
        } else {
            Phrase::new(
                "preview-applied-hit",
                "{who}{value} to hit: {name} (applied: {because})",
            )
        };
        text.push_str("  ");
        text.push_str(
            &say.it(&line
                .text("who", who)
                .text("value", format!("{:+}", a.value))
                .phrase("name", a.name.clone())
                .phrase("because", a.because.clone())),
        );
        text.push('\n');
    }
}

/// The outcomes of a break test, as the sheet names them, each with its chance and bar.
pub fn outcome_lines(
    say: Say,
    db: &Database,
    outcomes: &BTreeMap<&'static str, f64>,
    text: &mut String,
) {
    for (id, p) in outcomes {
        let name = db
            .rules
            .outcome
            .iter()
            .find(|o| o.id.as_str() == *id)
            .map_or_else(
                || say.word("outcome-no-test", "no test"),
                |o| o.name.get(say.lang).to_owned(),
            );
        let bar = "█".repeat((p * 30.0).round() as usize);
        text.push_str(&format!(
            "  {:<8} {:<11} {:>7}  {bar}\n",
            id,
            name,
            say.decimal(*p, 4)
        ));
    }
}

/// The casualties of a volley, as drawn.
pub fn shoot_series(r: &ShootReport) -> Vec<Series> {
    vec![(
        Phrase::new("series-casualties", "casualties"),
        r.casualties.clone(),
    )]
}

/// `muster preview shoot --ruleset hm-qrs`'s text (its chances as the pages write them).
pub fn shoot(say: Say, db: &Database, r: &ShootReport) -> String {
    let series = shoot_series(r);
    let mut out = String::new();
    let text = &mut out;
    text.push_str(&say.it(
        &Phrase::new(
            "preview-hm-shoot",
            "Shooting (HM, Tirs): {dice} dice, P(hit) {hit}, P(saved) {saved}, mean {mean} casualties",
        )
        .count("dice", r.dice)
        .text("hit", say.pc(r.p_hit))
        .text("saved", say.pc(r.p_save))
        .text("mean", say.decimal(r.mean, 3)),
    ));
    text.push('\n');
    applied_lines(say, &r.applied, "", text);
    text.push_str(&distribution_table(
        &say.word("table-casualties", "casualties"),
        &said(&series, say.lang, say.words),
        say.lang,
    ));
    text.push_str(
        &say.it(
            &Phrase::new("preview-hm-target-tests", "The target tests (A, B): P {p}")
                .text("p", say.pc(r.p_test)),
        ),
    );
    text.push('\n');
    outcome_lines(say, db, &r.outcomes, text);
    out
}

/// The casualties each side causes, as drawn.
pub fn melee_series(r: &MeleeReport) -> Vec<Series> {
    vec![
        (
            Phrase::new("series-caused-by-a", "casualties caused by {a}").text("a", "A"),
            r.a.casualties.clone(),
        ),
        (
            Phrase::new("series-caused-by-b", "casualties caused by {b}").text("b", "B"),
            r.b.casualties.clone(),
        ),
    ]
}

/// `muster preview melee --ruleset hm-qrs`'s text.
pub fn melee(say: Say, db: &Database, r: &MeleeReport) -> String {
    let series = melee_series(r);
    let mut out = String::new();
    let text = &mut out;
    text.push_str(&say.word(
        "preview-hm-melee",
        "Hand-to-hand, one round (HM, Combat au corps à corps)",
    ));
    text.push('\n');
    for (who, s) in [("A", &r.a), ("B", &r.b)] {
        text.push_str(
            &say.it(&Phrase::new(
                "preview-hm-melee-side",
                "  {who}: {dice} dice, P(casualty a die) {p}, result {bonus}",
            )
            .text("who", who)
            .count("dice", s.dice)
            .text("p", say.pc(s.p_casualty))
            .text("bonus", format!("{:+}", s.result_bonus))),
        );
        text.push('\n');
        applied_lines(say, &s.states, "   ", text);
        for id in &s.applied {
            if let Some(m) = db.rules.result_modifier.iter().find(|m| &m.id == id) {
                text.push_str(
                    &say.it(&Phrase::new(
                        "preview-hm-result-modifier",
                        "     {value}  {name} (applied: {who}'s formation and the enemy's arm)",
                    )
                    .text("value", format!("{:+}", m.value))
                    .text("name", m.name.get(say.lang))
                    .text("who", who)),
                );
                text.push('\n');
            }
        }
    }
    text.push_str(&distribution_table(
        &say.word("table-casualties", "casualties"),
        &said(&series, say.lang, say.words),
        say.lang,
    ));
    text.push_str(
        &say.it(&Phrase::new(
            "preview-hm-melee-odds",
            "A wins {a} · B wins {b} · draw {draw}",
        )
        .text("a", say.pc(r.a.p_win))
        .text("b", say.pc(r.b.p_win))
        .text("draw", say.pc(r.p_draw))),
    );
    text.push('\n');
    for (who, s) in [("A", &r.a), ("B", &r.b)] {
        text.push_str(&say.it(
            &Phrase::new("preview-hm-loses-tests", "{who} loses and tests (C):").text("who", who),
        ));
        text.push('\n');
        outcome_lines(say, db, &s.if_lost, text);
        if !s.if_draw.is_empty() {
            text.push_str(
                &say.it(
                    &Phrase::new("preview-hm-draw-tests", "{who} shaken by a draw tests (D):")
                        .text("who", who),
                ),
            );
            text.push('\n');
            outcome_lines(say, db, &s.if_draw, text);
        }
    }
    out
}

/// `muster preview command --ruleset hm-qrs`'s text.
pub fn command(say: Say, r: &CommandReport) -> String {
    let mut text = say.word(
        "preview-hm-command",
        "Command test (HM, Commandement): 2D6 at or under the rating",
    );
    text.push('\n');
    text.push_str(
        &say.it(&Phrase::new("preview-hm-rating", "  rating {rating}").count("rating", r.rating)),
    );
    text.push('\n');
    for m in &r.modifiers {
        text.push_str(&format!("  {:>+3}  {}\n", m.value, say.it(&m.name)));
    }
    text.push_str(
        &say.it(
            &Phrase::new("preview-hm-command-target", "  = {target}\nP(success) {p}")
                .count("target", r.target)
                .text("p", say.pc(r.p_success)),
        ),
    );
    text.push('\n');
    text
}

/// `muster preview break-test --ruleset hm-qrs`'s text.
pub fn break_test(say: Say, db: &Database, r: &BreakReport) -> String {
    let test = r
        .test
        .as_ref()
        .map_or(Phrase::new("preview-hm-no-letter", ""), |t| {
            Phrase::new("preview-hm-test-letter", "test {t}, ").text("t", t.clone())
        });
    let combat = match r.combat {
        Combat::Fire => Phrase::new("preview-hm-after-shooting", "shooting"),
        Combat::Melee => Phrase::new("preview-hm-after-melee", "hand-to-hand"),
    };
    let mut text = say.it(&Phrase::new(
        "preview-hm-break",
        "Break test (HM, Test de Rupture): {test}{arm} after {combat}, 2D6 {modifier}",
    )
    .phrase("test", test)
    .label("arm", format!("arm_{}", r.arm.as_str()), r.arm.as_str())
    .phrase("combat", combat)
    .text("modifier", format!("{:+}", r.modifier)));
    text.push('\n');
    outcome_lines(say, db, &r.outcomes, &mut text);
    text
}
