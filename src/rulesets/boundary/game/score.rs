//! A game's result when its ruleset has no victory rules of its own: each side's losses.

use super::rules::{state_name, GameRules};
use super::state::{unit_key, Game, Side};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::words::{Layered, Phrase};

/// Each side's losses (a ruleset without victory rules): figures lost, and the points they
/// were worth — a unit's cost shared among its figures (muster's reading, said in the output);
/// the units' states by their names in `lang`.
pub fn losses(game: &Game, rules: &GameRules, lang: Lang) -> Result<super::Scored, Error> {
    let ruleset = game.a.ruleset;
    let words = Layered {
        own: ruleset.words(lang),
        lang,
    };
    let say = |p: Phrase| p.say(lang, &words);
    let column = |w: &str| say(Phrase::new("column", "{w}").label("w", format!("column_{w}"), w));
    let mut sides = Vec::new();
    let mut text = format!(
        "{}\n",
        say(
            Phrase::new("score-heading", "{a} against {b} — after turn {turn}")
                .text("a", crate::core::text::one_line(&game.a.name))
                .text("b", crate::core::text::one_line(&game.b.name))
                .count("turn", game.file.game.turn)
        )
    );
    for side in [Side::A, Side::B] {
        let list = game.list(side);
        let mut rows = Vec::new();
        let mut figures = 0u64;
        let mut points = 0u64;
        let mut units = Vec::new();
        for (i, u) in list.units.iter().enumerate() {
            let s = game.unit(side, i + 1);
            if s.lost == 0 && s.states.is_empty() {
                continue;
            }
            let worth = match game.count(side, i + 1) {
                Some(f) if f > 0 => {
                    u.cost.saturating_mul(u64::from(s.lost).min(f as u64)) / f as u64
                }
                _ => 0,
            };
            figures = figures.saturating_add(u64::from(s.lost));
            points = points.saturating_add(worth);
            rows.push(vec![
                unit_key(side, i + 1),
                crate::core::text::one_line(&u.label).into_owned(),
                s.lost.to_string(),
                worth.to_string(),
                s.states
                    .iter()
                    .map(|id| state_name(rules, id).get(lang).to_owned())
                    .collect::<Vec<_>>()
                    .join(", "),
            ]);
            units.push(serde_json::json!({
                "key": unit_key(side, i + 1), "label": u.label, "lost": s.lost,
                "points": worth, "states": s.states,
            }));
        }
        text.push_str(&format!(
            "\n{}\n",
            say(Phrase::new(
                "score-side",
                "side {side}: {name} — {figures} lost, worth {points|# point|# points}"
            )
            .text("side", side.letter())
            .text("name", crate::core::text::one_line(&list.name))
            .count("figures", figures)
            .count("points", points))
        ));
        if !rows.is_empty() {
            let heads = [
                String::new(),
                column("unit"),
                column("lost"),
                column("points"),
                column("states"),
            ];
            let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
            text.push_str(&crate::core::table::text_table(&heads, &rows));
        }
        sides.push(serde_json::json!({
            "side": side.letter(), "name": list.name, "lost": figures, "points": points, "units": units,
        }));
    }
    text.push_str(&format!(
        "\n{}\n",
        say(Phrase::new(
            "score-losses-only",
            "{ruleset} has no victory rules muster knows: these are the losses. A unit's points lost are its cost shared among its figures (muster's reading)."
        )
        .text("ruleset", ruleset.title_in(lang)))
    ));
    Ok(super::Scored {
        json: serde_json::json!({ "ruleset": game.a.ruleset.id(), "turn": game.file.game.turn, "sides": sides }),
        text,
    })
}
