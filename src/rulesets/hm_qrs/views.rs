//! View structs for the hm-qrs templates: a unit card, the quick-reference sheet (with the
//! break test's odds computed from its table), an order of battle.

use serde::Serialize;

use crate::rulesets::card_view::CardHead;
use crate::rulesets::named_rows::rows;
use crate::rulesets::views_common::reading_rows;
pub use crate::rulesets::views_common::Row2;

use crate::rulesets::label;

use super::database::Database;
use super::list::{Brigade, ListFile, ListUnit};
use super::model::*;
use super::preview::{break_test, dice, p_command};
use crate::render::markup::MAX_BOXES;
use crate::rulesets::roster_of::RosterOf;

/// A probability as a whole percentage, the way the sheets print odds.
fn pct(p: f64) -> String {
    format!("{:.0}", p * 100.0)
}

fn op_text(op: Option<DiceOp>, labels: &toml::Table) -> String {
    match op {
        None | Some(DiceOp::Add(0)) => "—".into(),
        Some(DiceOp::None) => label(labels, "op_none"),
        Some(DiceOp::Add(k)) => format!("{k:+} {}", label(labels, "dice")),
        Some(DiceOp::Set(k)) => format!("{k} {}", label(labels, "dice")),
        Some(DiceOp::Times(k)) => format!("{} ×{k}", label(labels, "dice")),
        Some(DiceOp::PerSide(k)) => format!("{k} {}", label(labels, "per_side")),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    #[serde(flatten)]
    pub head: CardHead,
    pub arm: String,
    pub formation: String,
    pub size: String,
    pub hand_to_hand: u32,
    pub shooting: u32,
    pub morale: u32,
    pub stamina: u32,
    /// Dice as fielded: shooting and hand-to-hand after size and formation.
    pub shoot_dice: String,
    pub melee_dice: String,
    pub weapon: Option<String>,
    pub brigade: Option<String>,
    pub points: Option<u32>,
    /// Casualty boxes: stamina, then as many again (each beyond stamina is -1 to its tests).
    pub boxes: u32,
    /// Whose values these are: muster's illustrative type, or the player's own.
    pub provenance: crate::core::catalog::Provenance,
}

pub struct CardUnit<'a> {
    pub unit: &'a Unit,
    pub number: Option<usize>,
    pub label: Option<&'a str>,
    pub size: Option<&'a str>,
    pub brigade: Option<String>,
}

pub fn card(db: &Database, u: &CardUnit, lang: Lang, labels: &toml::Table) -> CardView {
    let t = u.unit;
    let size_id = u.size.unwrap_or(&t.size);
    let size = db.size(size_id);
    let formation = db.formation(&t.formation);
    let ops = |shooting: bool| -> Vec<DiceOp> {
        [size, formation]
            .into_iter()
            .flatten()
            .filter_map(|r| if shooting { r.shoot } else { r.combat })
            .collect()
    };
    let fmt = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_else(|| "—".into());
    CardView {
        head: CardHead::new(u.number, u.label, &t.id, t.name.get(lang)),
        arm: label(labels, &format!("arm_{}", t.arm.as_str())),
        formation: formation
            .map(|f| f.name.get(lang).to_owned())
            .unwrap_or_default(),
        size: size
            .map(|s| s.name.get(lang).to_owned())
            .unwrap_or_default(),
        hand_to_hand: t.hand_to_hand,
        shooting: t.shooting,
        morale: t.morale,
        stamina: t.stamina,
        shoot_dice: if t.shooting == 0 {
            "—".into()
        } else {
            fmt(dice(t.shooting, &ops(true), 1))
        },
        melee_dice: fmt(dice(t.hand_to_hand, &ops(false), 1)),
        weapon: t
            .weapon
            .as_deref()
            .and_then(|w| db.range(w))
            .map(|r| format!("{} {}\" ({} cm)", r.name.get(lang), r.inches, r.cm)),
        brigade: u.brigade.clone(),
        points: t.points,
        boxes: t.stamina.saturating_mul(2).min(MAX_BOXES),
        provenance: db.units.provenance(&t.id),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct QrsView {
    pub phases: Vec<Row2>,
    pub command: Vec<Row2>,
    pub command_distance: Row2,
    /// P(2D6 ≤ rating) for ratings 5 to 10.
    pub command_odds: Vec<Row2>,
    pub moves: Vec<Vec<String>>,
    pub move_modifiers: Vec<Row2>,
    pub save_default: u32,
    pub saves: Vec<Row2>,
    pub break_modifiers: Vec<Row2>,
    /// rows: result and combat, then infantry, cavalry, artillery (the sheet's layout).
    pub break_table: Vec<Vec<String>>,
    /// rows: combat × arm; cells: "L/R/T" percentages by modifier.
    pub break_odds: Vec<Vec<String>>,
    pub break_odds_modifiers: Vec<String>,
    pub conditions: Vec<Row2>,
    pub outcomes: Vec<Row2>,
    pub hit_needs: u32,
    pub hits: Vec<Row2>,
    pub results: Vec<Row2>,
    pub ranges: Vec<Vec<String>>,
    pub shooting: Vec<Row2>,
    pub sizes: Vec<Vec<String>>,
    pub formations: Vec<Vec<String>>,
    pub situations: Vec<Vec<String>>,
    pub readings: Vec<Row2>,
}

fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn mods(list: &[Modifier], lang: Lang) -> Vec<Row2> {
    rows(list, |m| {
        let name = match m.up_to {
            Some(u) => format!("{} – {}", signed(m.value), signed(u)),
            None => signed(m.value),
        };
        (name, m.name.get(lang))
    })
}

/// Rows of sizes, formations or situations: each one's name, what it does to the shooting
/// dice and to the hand-to-hand dice.
fn dice_rows(rows: &[DiceRow], lang: Lang, labels: &toml::Table) -> Vec<Vec<String>> {
    rows.iter()
        .map(|x| {
            vec![
                x.name.get(lang).to_owned(),
                op_text(x.shoot, labels),
                op_text(x.combat, labels),
            ]
        })
        .collect()
}

/// The break-test modifiers the QRS gives the odds for.
const BREAK_ODDS_MODIFIERS: [i64; 5] = [0, -1, -2, -3, -4];

pub fn qrs(db: &Database, lang: Lang, labels: &toml::Table) -> QrsView {
    let r = &db.rules;
    let verdict = |v: Verdict| label(labels, &format!("verdict_{}", v.as_str()));
    QrsView {
        phases: rows(&r.phase, |p| (p.name.get(lang), p.text.get(lang))),
        command: mods(&r.command.modifier, lang),
        command_distance: Row2 {
            name: signed(r.command.per_distance),
            value: format!(
                "{}\" ({} cm)",
                r.command.distance_inches, r.command.distance_cm
            ),
        },
        command_odds: rows(5..=10, |rating| {
            (rating.to_string(), format!("{} %", pct(p_command(rating))))
        }),
        moves: r
            .moves
            .iter()
            .map(|m| {
                vec![
                    m.name.get(lang).to_owned(),
                    format!("{}\"", m.inches),
                    format!("{} cm", m.cm),
                ]
            })
            .collect(),
        move_modifiers: rows(&r.move_modifier, |m| (m.name.get(lang), m.effect.get(lang))),
        save_default: r.save.default,
        saves: mods(&r.save.modifier, lang),
        break_modifiers: mods(&r.break_test.modifier, lang),
        break_table: r
            .break_test
            .row
            .iter()
            .flat_map(|row| {
                [("fire", &row.fire), ("melee", &row.melee)]
                    .into_iter()
                    .enumerate()
                    .map(|(i, (combat, cells))| {
                        let result = if i == 0 {
                            row.name.get(lang).to_owned()
                        } else {
                            String::new()
                        };
                        [result, label(labels, combat)]
                            .into_iter()
                            .chain(Arm::ALL.iter().map(|a| verdict(cells.of(*a))))
                            .collect::<Vec<String>>()
                    })
                    .collect::<Vec<_>>()
            })
            .collect(),
        break_odds: [Combat::Fire, Combat::Melee]
            .iter()
            .flat_map(|c| Arm::ALL.iter().map(move |a| (*a, *c)))
            .map(|(a, c)| {
                let combat = label(labels, if c == Combat::Fire { "fire" } else { "melee" });
                let arm = label(labels, &format!("arm_{}", a.as_str()));
                std::iter::once(format!("{combat} · {arm}"))
                    .chain(BREAK_ODDS_MODIFIERS.map(|modifier| {
                        let o = break_test(db, a, c, modifier);
                        let g = |v| o.get(&v).copied().unwrap_or(0.0);
                        format!(
                            "{}/{}/{}",
                            pct(g(Verdict::Lache)),
                            pct(g(Verdict::Recule)),
                            pct(g(Verdict::Tient))
                        )
                    }))
                    .collect()
            })
            .collect(),
        break_odds_modifiers: BREAK_ODDS_MODIFIERS.iter().map(|m| m.to_string()).collect(),
        conditions: rows(&r.condition, |c| (c.id.clone(), c.name.get(lang))),
        outcomes: rows(&r.outcome, |o| (o.name.get(lang), o.rule.get(lang))),
        hit_needs: r.hit.needs,
        hits: mods(&r.hit.modifier, lang),
        results: mods(&r.result_modifier, lang),
        ranges: r
            .range
            .iter()
            .map(|x| {
                vec![
                    x.name.get(lang).to_owned(),
                    format!("{}\"", x.inches),
                    format!("{} cm", x.cm),
                ]
            })
            .collect(),
        shooting: mods(&r.shoot_modifier, lang),
        sizes: dice_rows(&r.size, lang, labels),
        formations: dice_rows(&r.formation, lang, labels),
        situations: dice_rows(&r.situation, lang, labels),
        readings: reading_rows(&r.reading, lang),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct RosterUnit {
    pub number: usize,
    pub label: String,
    pub unit: String,
    pub cost: u64,
    pub card: Option<CardView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RosterBrigade {
    pub id: String,
    pub name: String,
    pub commander: String,
    pub rating: i64,
    pub order_chance: String,
    pub units: Vec<RosterUnit>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RosterView {
    #[serde(flatten)]
    pub head: crate::rulesets::RosterHead,
    pub brigades: Vec<RosterBrigade>,
    /// Units whose brigade is not in the list (an invalid list).
    pub unassigned: Vec<RosterUnit>,
}

pub fn roster(db: &Database, list: &ListFile, of: RosterOf) -> RosterView {
    let (checked, lang, labels) = (of.checked, of.lang, of.labels);
    let unit_view = |i: usize, u: &ListUnit, brigade: Option<&Brigade>| {
        let row = &checked.units[i];
        RosterUnit {
            number: i + 1,
            label: row.label.clone(),
            unit: u.unit.clone(),
            cost: row.cost,
            card: db.units.get(&u.unit).map(|t| {
                card(
                    db,
                    &CardUnit {
                        unit: t,
                        number: Some(i + 1),
                        label: Some(&row.label),
                        size: u.size.as_deref(),
                        brigade: brigade
                            .map(|b| format!("{} ({} {})", b.name, b.commander, b.rating)),
                    },
                    lang,
                    labels,
                )
            }),
        }
    };
    let brigades = list
        .brigade
        .iter()
        .map(|b| RosterBrigade {
            id: b.id.clone(),
            name: b.name.clone(),
            commander: b.commander.clone(),
            rating: b.rating,
            // The chance of an order without modifiers, from the command preview's maths.
            order_chance: format!("{} %", pct(p_command(b.rating))),
            units: list
                .units
                .iter()
                .enumerate()
                .filter(|(_, u)| u.brigade == b.id)
                .map(|(i, u)| unit_view(i, u, Some(b)))
                .collect(),
        })
        .collect();
    // Units of an invalid list whose brigade is not in it are printed too, never dropped.
    let unassigned = list
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| !list.brigade.iter().any(|b| b.id == u.brigade))
        .map(|(i, u)| unit_view(i, u, None))
        .collect();
    RosterView {
        head: of.head(),
        brigades,
        unassigned,
    }
}
