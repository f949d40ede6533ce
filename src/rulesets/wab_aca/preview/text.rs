//! The previews' reports as people read them: the text `muster preview` prints and the web
//! builder shows, and the distributions both draw. One writer for both.

use super::artillery::{Ammunition, At};
use super::request::{ArtilleryOut, CombatOut, DuelOut, ShootOut, TestOut};
use crate::core::table::{distribution_table, said, Series};
use crate::core::words::{Phrase, Say};

/// A preview's text begun: its `title` line, then the house rules it played, one line each
/// (nothing by the book).
fn headed(say: Say, title: Phrase, rules: &[super::request::HouseApplied]) -> String {
    let mut text = say.it(&title);
    text.push('\n');
    for h in rules {
        text.push_str(
            &say.it(&Phrase::new(
                "preview-house-rule",
                "  house rule {id} (not the book's): {text}",
            )
            .text("id", h.id.clone())
            .text("text", h.text.clone())),
        );
        text.push('\n');
    }
    text
}

/// An armour save as the texts print it: `4+`, or `none`.
fn save(say: Say, save: Option<u32>) -> String {
    save.map(|n| format!("{n}+"))
        .unwrap_or_else(|| say.word("preview-no-save", "none"))
}

/// A wound roll as the texts print it: `4+`, or `impossible`.
fn wound(say: Say, n: Option<u32>) -> String {
    n.map(|n| format!("{n}+"))
        .unwrap_or_else(|| say.word("preview-impossible", "impossible"))
}

/// A line of the text, said and ended.
fn line(say: Say, text: &mut String, phrase: Phrase) {
    text.push_str(&say.it(&phrase));
    text.push('\n');
}

/// The table of a preview's `series`, headed by the word `key` (`en` in English).
fn table(say: Say, key: &'static str, en: &'static str, series: &[Series]) -> String {
    distribution_table(
        &say.word(key, en),
        &said(series, say.lang, say.words),
        say.lang,
    )
}

/// What a volley's or a shot's one series counts.
fn casualties() -> Phrase {
    Phrase::new("series-casualties", "casualties")
}

/// The casualties of a volley, as drawn.
pub fn shoot_series(r: &ShootOut) -> Vec<Series> {
    vec![(casualties(), r.report.casualties.clone())]
}

/// `muster preview shoot`'s text, said in `say`'s language.
pub fn shoot(r: &ShootOut, say: Say) -> String {
    let series = shoot_series(r);
    let mut out = headed(
        say,
        Phrase::new(
            "preview-wab-shoot",
            "Shooting (WAB core, ACA p.4, p.7, p.13)",
        ),
        &r.house_rules,
    );
    let text = &mut out;
    if let Some(f) = &r.firer {
        // The weapon by its name in the language (it said its id).
        let weapon = r
            .weapon_name
            .as_ref()
            .map(|w| w.get(say.lang).to_owned())
            .or_else(|| r.weapon.clone())
            .map(|w| format!(" ({w})"))
            .unwrap_or_default();
        line(
            say,
            text,
            Phrase::new("preview-wab-firer", "  firer: {firer}{weapon}")
                .phrase("firer", f.clone())
                .text("weapon", weapon),
        );
    }
    if let Some(t) = &r.target {
        line(
            say,
            text,
            Phrase::new("preview-wab-target", "  target: {target}").phrase("target", t.clone()),
        );
    }
    text.push_str(&format!("  {}\n", say.it(&r.shots_reason)));
    let to_hit = match r.report.to_hit {
        None => say.word("preview-wab-no-hit", "BS 0: no hit"),
        Some(n) if n <= 6 => format!("{}+", n.max(2)),
        Some(n) => say
            .it(&Phrase::new("preview-wab-six-then", "{n}: a 6, then a second die").count("n", n)),
    };
    let elite = if r.elite > 0 {
        say.it(&Phrase::new(
            "preview-wab-elite-rerolls",
            "; {n|# elite re-roll|# elite re-rolls} of 1s",
        )
        .count("n", r.elite))
    } else {
        String::new()
    };
    line(
        say,
        text,
        Phrase::new(
            "preview-wab-shots",
            "  {shots} shots, BS {bs} ({to_hit}, P {p}), S{s} against T{t}: to wound {wound}, save {save}{elite}",
        )
        .count("shots", r.shots)
        .count("bs", r.bs)
        .text("to_hit", to_hit)
        .text("p", say.pc(r.report.p_hit))
        .count("s", r.strength)
        .count("t", r.toughness)
        .text("wound", wound(say, r.report.to_wound))
        .text("save", save(say, r.report.save))
        .text("elite", elite),
    );
    if let Some(why) = &r.elite_reason {
        text.push_str(&format!("  {}\n", say.it(why)));
    }
    line(
        say,
        text,
        Phrase::new(
            "preview-wab-casualty-per-shot",
            "  P(casualty per shot) {p}",
        )
        .text("p", say.pc(r.report.p_casualty)),
    );
    text.push_str(&table(say, "table-casualties", "casualties", &series));
    line(
        say,
        text,
        Phrase::new("preview-mean-median-mode-mean", "mean {mean}")
            .text("mean", say.decimal(r.report.mean, 3)),
    );
    out
}

/// The wounds each side causes in a round, as drawn.
pub fn combat_series(r: &CombatOut) -> Vec<Series> {
    vec![
        (
            Phrase::new("series-wounds-by-attacker", "wounds by the attacker ({a})")
                .phrase("a", r.attacker.side.name.clone()),
            r.attacker.report.wounds.clone(),
        ),
        (
            Phrase::new("series-wounds-by-defender", "wounds by the defender ({b})")
                .phrase("b", r.defender.side.name.clone()),
            r.defender.report.wounds.clone(),
        ),
    ]
}

/// `muster preview combat`'s text, said in `say`'s language.
pub fn combat(r: &CombatOut, say: Say) -> String {
    let series = combat_series(r);
    let mut out = headed(
        say,
        Phrase::new(
            "preview-wab-combat",
            "Close combat, one round (ACA p.5, p.7, p.12)",
        ),
        &r.house_rules,
    );
    let text = &mut out;
    let attacker = Phrase::new("preview-wab-attacker", "attacker");
    let defender = Phrase::new("preview-wab-defender", "defender");
    for (who, s, why) in [
        (&attacker, &r.attacker.side, &r.attacker.fighting_reason),
        (&defender, &r.defender.side, &r.defender.fighting_reason),
    ] {
        let mut more = String::new();
        if s.first_strike {
            more.push_str(&say.word("preview-wab-strikes-first", " · strikes first"));
        }
        if s.impact_attacks > 0 {
            more.push_str(
                &say.it(&Phrase::new("preview-wab-impact", " · {n} impact attacks")
                    .count("n", s.impact_attacks)),
            );
        }
        if s.ranks > 0 {
            more.push_str(
                &say.it(&Phrase::new("preview-wab-ranks", " · ranks +{n}").count("n", s.ranks)),
            );
        }
        if s.position_bonus > 0 {
            more.push_str(
                &say.it(&Phrase::new("preview-wab-flank", " · flank or rear +{n}")
                    .count("n", s.position_bonus)),
            );
        }
        if s.strikes_last {
            more.push_str(&say.word("preview-wab-strikes-last", " · reformed, strikes last"));
        }
        line(
            say,
            text,
            Phrase::new(
                "preview-wab-side",
                "  {who}: {name}: {fighting} fighting × {attacks|# attack|# attacks}{officer} · WS {ws} S {s}{bonus} T {t} Sv {sv} · Ld {ld}{more}",
            )
            .phrase("who", who.clone())
            .phrase("name", s.name.clone())
            .count("fighting", s.fighting)
            .count("attacks", s.attacks)
            .text(
                "officer",
                if s.extra_attacks > 0 {
                    say.word("preview-wab-officer", " + officer")
                } else {
                    String::new()
                },
            )
            .count("ws", s.ws)
            .count("s", s.strength)
            .text(
                "bonus",
                if s.strength_bonus > 0 {
                    format!("+{}", s.strength_bonus)
                } else {
                    String::new()
                },
            )
            .count("t", s.toughness)
            .text(
                "sv",
                s.save
                    .map(|v| format!("{v}+"))
                    .unwrap_or_else(|| "—".into()),
            )
            .count("ld", s.leadership)
            .text("more", more),
        );
        text.push_str(&format!("    {}\n", say.it(why)));
    }
    text.push_str(&table(say, "table-wounds-caused", "wounds caused", &series));
    line(
        say,
        text,
        Phrase::new(
            "preview-wab-static",
            "result before wounds: attacker {a} (ranks, flank or rear, charge, flag, outnumbering, supports, push), defender {b}",
        )
        .count("a", r.attacker.report.static_score)
        .count("b", r.defender.report.static_score),
    );
    line(
        say,
        text,
        Phrase::new(
            "preview-wab-combat-wins",
            "P(attacker wins) {a}  P(defender wins) {b}  P(draw) {draw}",
        )
        .text("a", say.pc(r.attacker.report.p_win))
        .text("b", say.pc(r.defender.report.p_win))
        .text("draw", say.pc(r.p_draw)),
    );
    line(
        say,
        text,
        Phrase::new(
            "preview-wab-combat-breaks",
            "P(attacker breaks) {a}  P(defender breaks) {b}",
        )
        .text("a", say.pc(r.attacker.report.p_break))
        .text("b", say.pc(r.defender.report.p_break)),
    );
    out
}

/// `muster preview test`'s text, said in `say`'s language.
pub fn test(r: &TestOut, say: Say) -> String {
    let mut text = headed(
        say,
        Phrase::new(
            "preview-wab-test",
            "Test (ACA p.11): 2d6 at or under the value",
        ),
        &r.house_rules,
    );
    if let Some(u) = &r.unit {
        text.push_str(&format!("  {}\n", say.it(u)));
    }
    text.push_str(&format!(
        "  {}\n",
        say.it(&Phrase::new("wab-test-ld", "Ld {ld}").count("ld", r.report.leadership))
    ));
    for m in &r.report.modifiers {
        text.push_str(&format!(
            "  {:>+3}  {}{}\n",
            m.value,
            m.name,
            if m.counted {
                String::new()
            } else {
                say.word(
                    "preview-wab-not-counted",
                    " (not counted: a stronger factor of its group applies)",
                )
            }
        ));
    }
    let reroll = if r.report.reroll {
        say.word("preview-wab-reroll", " (with the once-a-battle re-roll)")
    } else {
        String::new()
    };
    line(
        say,
        &mut text,
        Phrase::new(
            "preview-wab-test-target",
            "  = {target}\nP(success) {p}{reroll}",
        )
        .count("target", r.report.target)
        .text("p", say.pc(r.report.p_success))
        .text("reroll", reroll),
    );
    text
}

/// The casualties of an artillery shot, as drawn.
pub fn artillery_series(r: &ArtilleryOut) -> Vec<Series> {
    vec![(casualties(), r.report.casualties.clone())]
}

/// `muster preview artillery`'s text, said in `say`'s language.
pub fn artillery(r: &ArtilleryOut, say: Say) -> String {
    let ammo = match r.report.ammunition {
        Ammunition::Roundshot => say.word("preview-wab-roundshot", "round shot"),
        Ammunition::Canister => say.word("preview-wab-canister", "canister"),
    };
    let heading = match &r.report.materiel {
        None => Phrase::new(
            "preview-wab-artillery",
            "Artillery (ACA p.8–10): {battery} piece, {ammo}, {figures} figures {where}",
        )
        .text("battery", r.report.battery.to_string())
        .text("ammo", ammo)
        .count("figures", r.figures)
        .phrase(
            "where",
            match r.report.ammunition {
                Ammunition::Roundshot => {
                    Phrase::new("preview-wab-on-the-path", "on the path from the bounce")
                }
                Ammunition::Canister => {
                    Phrase::new("preview-wab-under-template", "under the template")
                }
            },
        ),
        Some(_) => Phrase::new(
            "preview-wab-artillery-at",
            "Artillery (ACA p.8–10): {battery} piece, {ammo} at {at}: 1d6{more} hits (ACA p.9)",
        )
        .text("battery", r.report.battery.to_string())
        .text("ammo", ammo)
        .phrase(
            "at",
            match r.report.at {
                At::Battery => Phrase::new(
                    "preview-wab-at-battery",
                    "a battery (1–4 the pieces, 5–6 the gunners, ACA p.8)",
                ),
                At::Limber => Phrase::new("preview-wab-at-limber", "a limber"),
                _ => Phrase::new("preview-wab-at-caisson", "a caisson"),
            },
        )
        .text(
            "more",
            if r.report.hits > 0 {
                format!(" + {}", r.report.hits)
            } else {
                String::new()
            },
        ),
    };
    let mut text = say.it(&heading);
    text.push('\n');
    if let Some(t) = &r.target {
        line(
            say,
            &mut text,
            Phrase::new("preview-wab-target", "  target: {target}").phrase("target", t.clone()),
        );
    }
    if let Some(c) = &r.covered {
        text.push_str(&format!("  {}\n", say.it(&c.why)));
    }
    match &r.report.materiel {
        Some(m) => {
            let what = match r.report.at {
                At::Battery => Phrase::new("preview-wab-the-pieces", "the pieces,"),
                At::Limber => Phrase::new("preview-wab-the-limber", "the limber,"),
                _ => Phrase::new("preview-wab-the-caisson", "the caisson,"),
            };
            line(
                say,
                &mut text,
                Phrase::new(
                    "preview-wab-materiel",
                    "  P(misfire) {misfire}; S{s} against {what} T{t} ({w} W): to wound {wound}",
                )
                .text("misfire", say.pc(r.report.p_misfire))
                .count("s", r.report.strength)
                .phrase("what", what)
                .count("t", m.toughness)
                .count("w", m.wounds)
                .text("wound", wound(say, m.to_wound)),
            );
            if let Some(k) = m.p_kaboum {
                line(
                    say,
                    &mut text,
                    Phrase::new(
                        "preview-wab-kaboum",
                        "  P(Kaboum: a 6 to wound, then a 6, the caissons explode) {p}",
                    )
                    .text("p", say.pc(k)),
                );
            }
            match (m.p_destroyed, m.p_destroyed_by_wounds, m.p_kaboum) {
                // A caisson: its explosion destroys it too (ACA p.10); the two parts add up.
                (Some(d), Some(w), Some(k)) => line(
                    say,
                    &mut text,
                    Phrase::new(
                        "preview-wab-destroyed-parts",
                        "  P(destroyed) {d} = Kaboum {k} + {wounds} wounds or more without an explosion {w} (ACA p.10)",
                    )
                    .text("d", say.pc(d))
                    .text("k", say.pc(k))
                    .count("wounds", m.wounds)
                    .text("w", say.pc(w)),
                ),
                (Some(d), _, _) => line(
                    say,
                    &mut text,
                    Phrase::new(
                        "preview-wab-destroyed",
                        "  P(destroyed: {wounds} wounds or more) {d}",
                    )
                    .count("wounds", m.wounds)
                    .text("d", say.pc(d)),
                ),
                _ => {}
            }
            text.push_str(&distribution_table(
                &say.word("table-wounds", "wounds"),
                &[(
                    say.word("series-wounds-on-materiel", "wounds on the materiel"),
                    m.materiel_wounds.clone(),
                )],
                say.lang,
            ));
        }
        None => line(
            say,
            &mut text,
            Phrase::new(
                "preview-wab-gun-hits",
                "  P(misfire) {misfire}; {hits} hits at S{s} against T{t}: to wound {wound}, save {save}",
            )
            .text("misfire", say.pc(r.report.p_misfire))
            .count("hits", r.report.hits)
            .count("s", r.report.strength)
            .count("t", r.toughness)
            .text("wound", wound(say, r.report.to_wound))
            .text("save", save(say, r.report.save)),
        ),
    }
    if r.report.at == At::Battery {
        line(
            say,
            &mut text,
            Phrase::new(
                "preview-wab-gunners",
                "  gunners (T{t}): to wound {wound}, save {save}",
            )
            .count("t", r.toughness)
            .text("wound", wound(say, r.report.to_wound))
            .text("save", save(say, r.report.save)),
        );
    }
    if matches!(r.report.at, At::Figures | At::Battery) {
        text.push_str(&table(
            say,
            "table-casualties",
            "casualties",
            &artillery_series(r),
        ));
        line(
            say,
            &mut text,
            Phrase::new("preview-mean-median-mode-mean", "mean {mean}")
                .text("mean", say.decimal(r.report.mean, 3)),
        );
    }
    text
}

/// The casualties of a fire duel, each way, as drawn.
pub fn duel_series(r: &DuelOut) -> Vec<Series> {
    vec![
        (
            Phrase::new(
                "series-first-volley",
                "casualties by the first volley ({a})",
            )
            .phrase("a", r.firer.clone()),
            r.report.first.clone(),
        ),
        (
            Phrase::new("series-answer", "casualties by the answer ({b})")
                .phrase("b", r.target.clone()),
            r.report.answer.clone(),
        ),
    ]
}

/// `muster preview fire-duel`'s text, said in `say`'s language.
pub fn fire_duel(r: &DuelOut, say: Say) -> String {
    let d = &r.report;
    let mut text = headed(
        say,
        Phrase::new("preview-wab-duel", "Fire duel (ACA p.4, p.7)"),
        &r.house_rules,
    );
    line(
        say,
        &mut text,
        Phrase::new("preview-wab-duel-firer", "  firer: {firer}, {shots} shots")
            .phrase("firer", r.firer.clone())
            .count("shots", r.shots),
    );
    text.push_str(&format!("    {}\n", say.it(&r.shots_reason)));
    if let Some(why) = &r.elite_reason {
        text.push_str(&format!("    {}\n", say.it(why)));
    }
    // Its test after the volley: lower from 25 % lost, lower again below half (ACA p.11).
    let base = d.answer_test.first().copied().unwrap_or(r.test_target);
    let steps: Vec<String> = d
        .answer_test
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w[1] != w[0])
        .map(|(k, w)| {
            say.it(
                &Phrase::new("preview-wab-after-casualties", "{v} after {n} casualties")
                    .count("v", w[1])
                    .count("n", k + 1),
            )
        })
        .collect();
    let after = if steps.is_empty() {
        String::new()
    } else {
        say.it(
            &Phrase::new("preview-wab-its-losses", " ({steps}: its losses, ACA p.11)")
                .text("steps", steps.join(", ")),
        )
    };
    line(
        say,
        &mut text,
        Phrase::new(
            "preview-wab-answers",
            "  answers: {target} on a manoeuvre test under {base}{after}: P {p} (failed: falls back 1d6\", P {back})",
        )
        .phrase("target", r.target.clone())
        .count("base", base)
        .text("after", after)
        .text("p", say.pc(d.p_answer))
        .text("back", say.pc(d.p_fall_back)),
    );
    line(
        say,
        &mut text,
        Phrase::new(
            "preview-wab-front-rank",
            "  its front rank answers: {first} shots after 0 casualties, {last} after {n}",
        )
        .count("first", d.answer_shots.first().copied().unwrap_or(0))
        .count("last", d.answer_shots.last().copied().unwrap_or(0))
        .count("n", d.answer_shots.len().saturating_sub(1)),
    );
    // Its elite figures among those shots (the infantry's pro rata, house rule
    // elite-infantry-rerolls; the cavalry's all of them).
    if let Some(&first) = d.answer_elite.first() {
        let last = d.answer_elite.last().copied().unwrap_or(first);
        if first > 0 {
            let after = if last == first {
                String::new()
            } else {
                say.it(
                    &Phrase::new("preview-wab-elite-after", ", {last} after {n}")
                        .count("last", last)
                        .count("n", d.answer_elite.len().saturating_sub(1)),
                )
            };
            let pro_rata = if r
                .house_rules
                .iter()
                .any(|h| h.id == crate::rulesets::wab_aca::model::HOUSE_ELITE_INFANTRY)
            {
                say.word(
                    "preview-wab-pro-rata",
                    " (pro rata of its firers: house rule elite-infantry-rerolls, ACA p.5)",
                )
            } else {
                String::new()
            };
            line(
                say,
                &mut text,
                Phrase::new(
                    "preview-wab-its-elite",
                    "  its elite among them: {first|# re-rolls|# re-roll} their 1s to hit after 0 casualties{after}{pro_rata}",
                )
                .count("first", first)
                .text("after", after)
                .text("pro_rata", pro_rata),
            );
        }
    }
    text.push_str(&table(
        say,
        "table-casualties",
        "casualties",
        &duel_series(r),
    ));
    line(
        say,
        &mut text,
        Phrase::new(
            "preview-wab-duel-wins",
            "when it answers: P(the firer wins) {a}  P(the unit fired at wins) {b}  P(draw) {draw}",
        )
        .text("a", say.pc(d.p_firer_wins))
        .text("b", say.pc(d.p_answer_wins))
        .text("draw", say.pc(d.p_draw)),
    );
    line(
        say,
        &mut text,
        Phrase::new(
            "preview-wab-duel-routs",
            "P(the firer loses and fails its morale test) {a}  P(the unit fired at does) {b}",
        )
        .text("a", say.pc(d.p_firer_routs))
        .text("b", say.pc(d.p_answer_routs)),
    );
    text
}
