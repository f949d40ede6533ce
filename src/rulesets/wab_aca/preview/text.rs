//! The previews' reports as people read them: the text `muster preview` prints and the web
//! builder shows, and the distributions both draw. One writer for both.

use super::artillery::{Ammunition, At};
use super::request::{ArtilleryOut, CombatOut, DuelOut, ShootOut, TestOut};
use crate::core::table::{distribution_table, english, Series};
use crate::core::words::Phrase;

/// A preview's text begun: its `title` line, then the house rules it played, one line each
/// (nothing by the book).
fn headed(title: &str, rules: &[super::request::HouseApplied]) -> String {
    let mut text = String::from(title);
    for h in rules {
        text.push_str(&format!(
            "  house rule {} (not the book's): {}\n",
            h.id, h.text
        ));
    }
    text
}

/// An armour save as the texts print it: `4+`, or `none`.
fn save(save: Option<u32>) -> String {
    save.map(|n| format!("{n}+"))
        .unwrap_or_else(|| "none".into())
}

/// A chance as the pages write it (41.7%).
fn pct(p: f64) -> String {
    crate::core::words::percent(crate::core::i18n::Lang::En, p)
}

/// What a volley's or a shot's one series counts.
fn casualties() -> Phrase {
    Phrase::new("series-casualties", "casualties")
}

/// The casualties of a volley, as drawn.
pub fn shoot_series(r: &ShootOut) -> Vec<Series> {
    vec![(casualties(), r.report.casualties.clone())]
}

/// `muster preview shoot`'s text.
pub fn shoot(r: &ShootOut) -> String {
    let series = shoot_series(r);
    let mut out = headed("Shooting (WAB core, ACA p.4, p.7, p.13)\n", &r.house_rules);
    let text = &mut out;
    if let Some(f) = &r.firer {
        text.push_str(&format!(
            "  firer: {f}{}\n",
            r.weapon
                .as_ref()
                .map(|w| format!(" ({w})"))
                .unwrap_or_default()
        ));
    }
    if let Some(t) = &r.target {
        text.push_str(&format!("  target: {t}\n"));
    }
    text.push_str(&format!("  {}\n", r.shots_reason));
    let to_hit = match r.report.to_hit {
        None => "BS 0: no hit".to_owned(),
        Some(n) if n <= 6 => format!("{}+", n.max(2)),
        Some(n) => format!("{n}: a 6, then a second die"),
    };
    text.push_str(&format!(
        "  {} shots, BS {} ({to_hit}, P {:.4}), S{} against T{}: to wound {}, save {}{}\n",
        r.shots,
        r.bs,
        r.report.p_hit,
        r.strength,
        r.toughness,
        r.report
            .to_wound
            .map(|n| format!("{n}+"))
            .unwrap_or_else(|| "impossible".into()),
        save(r.report.save),
        if r.elite > 0 {
            format!(
                "; {} elite re-roll{} of 1s",
                r.elite,
                if r.elite == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        }
    ));
    if let Some(why) = &r.elite_reason {
        text.push_str(&format!("  {why}\n"));
    }
    text.push_str(&format!(
        "  P(casualty per shot) {:.4}\n",
        r.report.p_casualty
    ));
    text.push_str(&distribution_table("casualties", &english(&series), crate::core::i18n::Lang::En));
    text.push_str(&format!("mean {:.3}\n", r.report.mean));
    out
}

/// The wounds each side causes in a round, as drawn.
pub fn combat_series(r: &CombatOut) -> Vec<Series> {
    vec![
        (
            Phrase::new("series-wounds-by-attacker", "wounds by the attacker ({a})")
                .text("a", r.attacker.side.name.clone()),
            r.attacker.report.wounds.clone(),
        ),
        (
            Phrase::new("series-wounds-by-defender", "wounds by the defender ({b})")
                .text("b", r.defender.side.name.clone()),
            r.defender.report.wounds.clone(),
        ),
    ]
}

/// `muster preview combat`'s text.
pub fn combat(r: &CombatOut) -> String {
    let series = combat_series(r);
    let mut out = headed(
        "Close combat, one round (ACA p.5, p.7, p.12)\n",
        &r.house_rules,
    );
    let text = &mut out;
    for (who, s, why) in [
        ("attacker", &r.attacker.side, &r.attacker.fighting_reason),
        ("defender", &r.defender.side, &r.defender.fighting_reason),
    ] {
        text.push_str(&format!(
            "  {who}: {}: {} fighting × {} attack{}{} · WS {} S {}{} T {} Sv {} · Ld {}{}{}{}{}{}\n",
            s.name,
            s.fighting,
            s.attacks,
            if s.attacks == 1 { "" } else { "s" },
            if s.extra_attacks > 0 {
                " + officer"
            } else {
                ""
            },
            s.ws,
            s.strength,
            if s.strength_bonus > 0 {
                format!("+{}", s.strength_bonus)
            } else {
                String::new()
            },
            s.toughness,
            s.save
                .map(|v| format!("{v}+"))
                .unwrap_or_else(|| "—".into()),
            s.leadership,
            if s.first_strike {
                " · strikes first"
            } else {
                ""
            },
            if s.impact_attacks > 0 {
                format!(" · {} impact attacks", s.impact_attacks)
            } else {
                String::new()
            },
            if s.ranks > 0 {
                format!(" · ranks +{}", s.ranks)
            } else {
                String::new()
            },
            if s.position_bonus > 0 {
                format!(" · flank or rear +{}", s.position_bonus)
            } else {
                String::new()
            },
            if s.strikes_last {
                " · reformed, strikes last"
            } else {
                ""
            }
        ));
        text.push_str(&format!("    {why}\n"));
    }
    text.push_str(&distribution_table("wounds caused", &english(&series), crate::core::i18n::Lang::En));
    text.push_str(&format!(
        "result before wounds: attacker {} (ranks, flank or rear, charge, flag, outnumbering, supports, push), defender {}\n",
        r.attacker.report.static_score, r.defender.report.static_score
    ));
    text.push_str(&format!(
        "P(attacker wins) {}  P(defender wins) {}  P(draw) {}\n",
        pct(r.attacker.report.p_win),
        pct(r.defender.report.p_win),
        pct(r.p_draw)
    ));
    text.push_str(&format!(
        "P(attacker breaks) {}  P(defender breaks) {}\n",
        pct(r.attacker.report.p_break),
        pct(r.defender.report.p_break)
    ));
    out
}

/// `muster preview test`'s text.
pub fn test(r: &TestOut) -> String {
    let mut text = headed(
        "Test (ACA p.11): 2d6 at or under the value\n",
        &r.house_rules,
    );
    if let Some(u) = &r.unit {
        text.push_str(&format!("  {u}\n"));
    }
    text.push_str(&format!("  Ld {}\n", r.report.leadership));
    for m in &r.report.modifiers {
        text.push_str(&format!(
            "  {:>+3}  {}{}\n",
            m.value,
            m.name,
            if m.counted {
                ""
            } else {
                " (not counted: a stronger factor of its group applies)"
            }
        ));
    }
    text.push_str(&format!(
        "  = {}\nP(success) {}{}\n",
        r.report.target,
        pct(r.report.p_success),
        if r.report.reroll {
            " (with the once-a-battle re-roll)"
        } else {
            ""
        }
    ));
    text
}

/// The casualties of an artillery shot, as drawn.
pub fn artillery_series(r: &ArtilleryOut) -> Vec<Series> {
    vec![(casualties(), r.report.casualties.clone())]
}

/// `muster preview artillery`'s text.
pub fn artillery(r: &ArtilleryOut) -> String {
    let ammo = match r.report.ammunition {
        Ammunition::Roundshot => "round shot",
        Ammunition::Canister => "canister",
    };
    let mut text = match &r.report.materiel {
        None => format!(
            "Artillery (ACA p.8–10): {} piece, {ammo}, {} figures {}\n",
            r.report.battery,
            r.figures,
            match r.report.ammunition {
                Ammunition::Roundshot => "on the path from the bounce",
                Ammunition::Canister => "under the template",
            }
        ),
        Some(_) => format!(
            "Artillery (ACA p.8–10): {} piece, {ammo} at {}: 1d6{} hits (ACA p.9)\n",
            r.report.battery,
            match r.report.at {
                At::Battery => "a battery (1–4 the pieces, 5–6 the gunners, ACA p.8)",
                At::Limber => "a limber",
                _ => "a caisson",
            },
            if r.report.hits > 0 {
                format!(" + {}", r.report.hits)
            } else {
                String::new()
            }
        ),
    };
    if let Some(t) = &r.target {
        text.push_str(&format!("  target: {t}\n"));
    }
    if let Some(c) = &r.covered {
        text.push_str(&format!("  {}\n", c.why));
    }
    let wound = |n: Option<u32>| {
        n.map(|n| format!("{n}+"))
            .unwrap_or_else(|| "impossible".into())
    };
    match &r.report.materiel {
        Some(m) => {
            text.push_str(&format!(
                "  P(misfire) {:.4}; S{} against {} T{} ({} W): to wound {}\n",
                r.report.p_misfire,
                r.report.strength,
                match r.report.at {
                    At::Battery => "the pieces,",
                    At::Limber => "the limber,",
                    _ => "the caisson,",
                },
                m.toughness,
                m.wounds,
                wound(m.to_wound),
            ));
            if let Some(k) = m.p_kaboum {
                text.push_str(&format!(
                    "  P(Kaboum: a 6 to wound, then a 6, the caissons explode) {:.4}\n",
                    k
                ));
            }
            match (m.p_destroyed, m.p_destroyed_by_wounds, m.p_kaboum) {
                // A caisson: its explosion destroys it too (ACA p.10); the two parts add up.
                (Some(d), Some(w), Some(k)) => text.push_str(&format!(
                    "  P(destroyed) {d:.4} = Kaboum {k:.4} + {} wounds or more without an explosion {w:.4} (ACA p.10)\n",
                    m.wounds
                )),
                (Some(d), _, _) => text.push_str(&format!(
                    "  P(destroyed: {} wounds or more) {d:.4}\n",
                    m.wounds
                )),
                _ => {}
            }
            text.push_str(&distribution_table(
                "wounds",
                &[("wounds on the materiel".into(), m.materiel_wounds.clone())], crate::core::i18n::Lang::En));
        }
        None => text.push_str(&format!(
            "  P(misfire) {:.4}; {} hits at S{} against T{}: to wound {}, save {}\n",
            r.report.p_misfire,
            r.report.hits,
            r.report.strength,
            r.toughness,
            wound(r.report.to_wound),
            save(r.report.save),
        )),
    }
    if r.report.at == At::Battery {
        text.push_str(&format!(
            "  gunners (T{}): to wound {}, save {}\n",
            r.toughness,
            wound(r.report.to_wound),
            save(r.report.save),
        ));
    }
    if matches!(r.report.at, At::Figures | At::Battery) {
        text.push_str(&distribution_table(
            "casualties",
            &english(&artillery_series(r)), crate::core::i18n::Lang::En));
        text.push_str(&format!("mean {:.3}\n", r.report.mean));
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
            .text("a", r.firer.clone()),
            r.report.first.clone(),
        ),
        (
            Phrase::new("series-answer", "casualties by the answer ({b})")
                .text("b", r.target.clone()),
            r.report.answer.clone(),
        ),
    ]
}

/// `muster preview fire-duel`'s text.
pub fn fire_duel(r: &DuelOut) -> String {
    let d = &r.report;
    let mut text = headed("Fire duel (ACA p.4, p.7)\n", &r.house_rules);
    text.push_str(&format!("  firer: {}, {} shots\n", r.firer, r.shots));
    text.push_str(&format!("    {}\n", r.shots_reason));
    if let Some(why) = &r.elite_reason {
        text.push_str(&format!("    {why}\n"));
    }
    // Its test after the volley: lower from 25 % lost, lower again below half (ACA p.11).
    let base = d.answer_test.first().copied().unwrap_or(r.test_target);
    let steps: Vec<String> = d
        .answer_test
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w[1] != w[0])
        .map(|(k, w)| format!("{} after {} casualties", w[1], k + 1))
        .collect();
    let after = if steps.is_empty() {
        String::new()
    } else {
        format!(" ({}: its losses, ACA p.11)", steps.join(", "))
    };
    text.push_str(&format!(
        "  answers: {} on a manoeuvre test under {}{after}: P {} (failed: falls back 1d6\", P {})\n",
        r.target,
        base,
        pct(d.p_answer),
        pct(d.p_fall_back)
    ));
    text.push_str(&format!(
        "  its front rank answers: {} shots after 0 casualties, {} after {}\n",
        d.answer_shots.first().copied().unwrap_or(0),
        d.answer_shots.last().copied().unwrap_or(0),
        d.answer_shots.len().saturating_sub(1)
    ));
    // Its elite figures among those shots (the infantry's pro rata, house rule
    // elite-infantry-rerolls; the cavalry's all of them).
    if let Some(&first) = d.answer_elite.first() {
        let last = d.answer_elite.last().copied().unwrap_or(first);
        if first > 0 {
            let verb = if first == 1 { "re-rolls" } else { "re-roll" };
            let after = if last == first {
                String::new()
            } else {
                format!(", {last} after {}", d.answer_elite.len().saturating_sub(1))
            };
            text.push_str(&format!(
                "  its elite among them: {first} {verb} their 1s to hit after 0 casualties{after}{}\n",
                if r.house_rules.iter().any(|h| h.id == crate::rulesets::wab_aca::model::HOUSE_ELITE_INFANTRY) {
                    " (pro rata of its firers: house rule elite-infantry-rerolls, ACA p.5)"
                } else {
                    ""
                }
            ));
        }
    }
    text.push_str(&distribution_table("casualties", &english(&duel_series(r)), crate::core::i18n::Lang::En));
    text.push_str(&format!(
        "when it answers: P(the firer wins) {}  P(the unit fired at wins) {}  P(draw) {}\n",
        pct(d.p_firer_wins),
        pct(d.p_answer_wins),
        pct(d.p_draw)
    ));
    text.push_str(&format!(
        "P(the firer loses and fails its morale test) {}  P(the unit fired at does) {}\n",
        pct(d.p_firer_routs),
        pct(d.p_answer_routs)
    ));
    text
}
