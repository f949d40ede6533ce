//! Artillery fire (ACA p.8–10). Round shot: a misfire on the artillery die wastes the shot;
//! otherwise every figure on the path from the bounce takes a hit, plus the piece's hits
//! against a large target and one per battery of a grand battery; hits on skirmishers or
//! foragers are halved, rounded up (reading rounding); a unit crossed before the bounce takes
//! a third of them, rounded down, and no bonus hit (p.10). Canister: a misfire wastes it;
//! every figure the half template covers is hit (on a 6 only behind heavy cover, p.9; one in
//! two behind a low wall, hedge, barricade, gabions or in a wood, p.10, reading
//! canister-cover). Each hit wounds by the piece's strength against the figures' toughness,
//! then the save. Round shot at a battery, a limber or a caisson: 1d6 hits (p.9); on a
//! battery 1–4 hit the pieces (T7) and 5–6 the gunners, and each 6 to wound a piece rolled
//! again 6 blows the caissons ("Kaboum", p.8); a caisson explodes the same way (p.10).

use serde::Serialize;

use super::super::database::Database;
use super::shoot::p_kill;
use crate::core::dice::{binomial, convolve};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ammunition {
    Roundshot,
    Canister,
}

/// How the target stands, for the halving of hits (ACA p.3, p.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    Formed,
    /// Skirmishers or an extended line: round shot and canister halved.
    Skirmishers,
    /// Foragers: round shot halved, canister not.
    Foragers,
}

/// What the shot is aimed at (ACA p.9: "Pour bombarder un bâtiment, une batterie, un attelage
/// le nombre de touches est déterminé par 1d6").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum At {
    /// Figures on the path or under the template.
    Figures,
    /// A battery: 1d6 hits, 1–4 on the pieces, 5–6 on the gunners (p.8).
    Battery,
    /// A limber (T5, 4 W, p.10).
    Limber,
    /// A caisson (T6, 4 W; it may explode as a battery's caissons do, p.10).
    Caisson,
}

#[derive(Debug, Clone)]
pub struct Fire<'a> {
    pub battery: &'a str,
    pub ammunition: Ammunition,
    pub at: At,
    /// Figures on the path from the bounce (round shot) or under the template (canister).
    pub figures: u32,
    pub large_target: bool,
    /// Batteries grouped in a grand battery (0: none).
    pub grand_battery: u32,
    pub order: Order,
    /// Canister: the figures are behind heavy cover (hit on 6 only, p.9).
    pub heavy_cover: bool,
    /// Canister: behind a low wall, hedge, barricade, gabions or in a wood: one in 2 hit (p.10).
    pub sheltered: bool,
    /// Round shot: a unit at the battery's height crossed before the bounce: hits ÷ 3 (p.10).
    pub before_bounce: bool,
    /// The gunners' (battery) or the figures' toughness and save.
    pub toughness: u32,
    pub save: Option<u32>,
}

/// Fire at a battery, a limber or a caisson.
#[derive(Debug, Clone, Serialize)]
pub struct Materiel {
    /// The toughness of what is hit: the pieces (a battery), the limber or the caisson.
    pub toughness: u32,
    /// Its wounds (a piece: its minimum crew; a limber or a caisson: 4).
    pub wounds: u32,
    /// The score to wound it; `None`: it cannot be wounded.
    pub to_wound: Option<u32>,
    /// P(k wounds on the pieces, the limber or the caisson), k = 0, 1, …
    pub materiel_wounds: Vec<f64>,
    /// P(the caissons blow up: a 6 to wound a piece or a caisson, then a 6), battery and
    /// caisson.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_kaboum: Option<f64>,
    /// P(a limber or a caisson destroyed): at least its wounds, or (a caisson) its explosion,
    /// which destroys it too (p.10: "risque d'exploser comme les caissons des batterie en cas
    /// de blessure"). It is `p_kaboum` + `p_destroyed_by_wounds`: the two add up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_destroyed: Option<f64>,
    /// P(at least its wounds and no explosion): a limber or a caisson destroyed by its wounds
    /// alone (a limber cannot explode: all of `p_destroyed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_destroyed_by_wounds: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArtilleryReport {
    pub battery: String,
    pub ammunition: Ammunition,
    pub at: At,
    pub strength: u32,
    pub p_misfire: f64,
    /// Hits when the piece fires (no misfire), halving applied; at a battery, a limber or a
    /// caisson the bonus hits on top of the 1d6.
    pub hits: u32,
    pub to_wound: Option<u32>,
    pub save: Option<u32>,
    /// P(k casualties), k = 0, 1, …: figures, or a battery's gunners.
    pub casualties: Vec<f64>,
    pub mean: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub materiel: Option<Materiel>,
}

/// P(one d6 to wound succeeds) and P(it shows a 6 that wounds), strength against toughness.
fn wound_and_six(db: &Database, strength: u32, toughness: u32) -> (f64, f64) {
    match db.to_wound(i64::from(strength), i64::from(toughness)) {
        Some(n) => (super::p_d6(i64::from(n)), 1.0 / 6.0),
        None => (0.0, 0.0),
    }
}

/// A mixture of 1d6 + `bonus` hits, each making an event with `p`: P(k events).
fn d6_hits(bonus: u32, p: f64) -> Vec<f64> {
    let bonus = bonus as usize;
    let mut out = vec![0.0; 7 + bonus];
    for die in 1..=6 {
        for (k, q) in binomial(die + bonus, p).iter().enumerate() {
            out[k] += q / 6.0;
        }
    }
    out
}

/// 1d6 + `bonus` hits, each making an event with `p`, one with `q` that ends the count, or
/// nothing: P(k events and none that ends it). The sum falls short of 1 by P(one ended it).
fn d6_hits_or_none(bonus: u32, p: f64, q: f64) -> Vec<f64> {
    let bonus = bonus as usize;
    let mut out = vec![0.0; 7 + bonus];
    for die in 1..=6 {
        // Given that no hit ended it, each hit made the event with p / (1 − q).
        let go_on = (1.0 - q).powi((die + bonus) as i32);
        for (k, r) in binomial(die + bonus, p / (1.0 - q)).iter().enumerate() {
            out[k] += go_on * r / 6.0;
        }
    }
    out
}

/// Weighs a distribution of the shot that fired by the misfire.
fn with_misfire(fired: &[f64], p_misfire: f64) -> Vec<f64> {
    let mut out: Vec<f64> = fired.iter().map(|p| p * (1.0 - p_misfire)).collect();
    if out.is_empty() {
        out.push(0.0);
    }
    out[0] += p_misfire;
    out
}

pub fn fire(db: &Database, f: &Fire) -> Result<ArtilleryReport, String> {
    let t = db
        .batteries
        .get(f.battery)
        .ok_or_else(|| format!("unknown battery type `{}`", f.battery))?;
    let faces = db.artillery.misfire.artillery_die.len() as f64 + 1.0;
    let p_misfire = 1.0 / faces;
    let bonus = f.grand_battery * db.artillery.grand_battery.hits_per_battery;
    if f.at != At::Figures {
        let r = t.roundshot.ok_or_else(|| {
            format!(
                "a {} piece fires shells with the WAB stone-thrower template, which muster does not preview",
                t.id
            )
        })?;
        return Ok(at_materiel(db, f, t, r.strength, bonus, p_misfire));
    }
    // (strength, figures hit on a roll of p_hit, hits that land without a roll)
    let (strength, rolled, landed, p_hit) = match f.ammunition {
        Ammunition::Roundshot => {
            let r = t.roundshot.ok_or_else(|| {
                format!(
                    "a {} piece fires shells with the WAB stone-thrower template, which muster does not preview",
                    t.id
                )
            })?;
            let mut hits = if f.before_bounce {
                // "les touches sont divisées par 3 (arrondies à l'inférieur)" (p.10)
                f.figures / db.artillery.terrain.before_bounce.max(1)
            } else {
                f.figures
            };
            if f.large_target {
                hits += r.large_target_hits;
            }
            hits += bonus;
            if f.order != Order::Formed {
                hits = hits.div_ceil(2);
            }
            (r.strength, 0, hits, 1.0)
        }
        Ammunition::Canister => {
            let c = t
                .canister
                .ok_or_else(|| format!("a {} piece fires no canister (ACA p.9)", t.id))?;
            // Behind a wall, a hedge or in a wood one covered figure in two is hit (p.10);
            // the grand battery's hits are hits (reading grand-battery-canister): heavy
            // cover's 6+ is for the figures covered.
            let (mut figures, mut bonus) = (f.figures, bonus);
            if f.sheltered {
                figures = figures.div_ceil(db.artillery.terrain.sheltered.max(1));
            }
            if f.order == Order::Skirmishers {
                figures = figures.div_ceil(2);
                bonus = bonus.div_ceil(2);
            }
            if f.heavy_cover {
                (c.strength, figures, bonus, 1.0 / 6.0)
            } else {
                (c.strength, 0, figures + bonus, 1.0)
            }
        }
    };
    let hits = rolled + landed;
    let (p_k, to_wound, save) = p_kill(db, strength, f.toughness, f.save);
    let fired = convolve(
        &binomial(rolled as usize, p_hit * p_k),
        &binomial(landed as usize, p_k),
    );
    let casualties = with_misfire(&fired, p_misfire);
    Ok(ArtilleryReport {
        battery: t.id.clone(),
        ammunition: f.ammunition,
        at: f.at,
        strength,
        p_misfire,
        hits,
        to_wound,
        save,
        mean: super::mean(&casualties),
        casualties,
        materiel: None,
    })
}

/// Round shot at a battery, a limber or a caisson: 1d6 hits, and the grand battery's.
fn at_materiel(
    db: &Database,
    f: &Fire,
    t: &super::super::model::BatteryType,
    strength: u32,
    bonus: u32,
    p_misfire: f64,
) -> ArtilleryReport {
    let a = &db.artillery;
    let (toughness, wounds) = match f.at {
        At::Battery => (a.piece.toughness, t.crew),
        At::Limber => (a.limber.toughness, a.limber.wounds),
        _ => (a.caisson.toughness, a.caisson.wounds),
    };
    let (p_wound, p_six) = wound_and_six(db, strength, toughness);
    // On a battery, 1–4 hit the pieces and 5–6 the gunners (p.8).
    let p_piece = if f.at == At::Battery {
        f64::from(a.battery_hits.pieces.min(6)) / 6.0
    } else {
        1.0
    };
    let materiel_wounds = with_misfire(&d6_hits(bonus, p_piece * p_wound), p_misfire);
    let (p_gunner, to_wound, save) = p_kill(db, strength, f.toughness, f.save);
    let casualties = if f.at == At::Battery {
        with_misfire(&d6_hits(bonus, (1.0 - p_piece) * p_gunner), p_misfire)
    } else {
        vec![1.0]
    };
    // A piece or a caisson wounded on a 6, then a 6 again: the caissons explode.
    let kaboum = p_piece * p_six / 6.0;
    let p_kaboum = (f.at != At::Limber).then(|| {
        let none: f64 = (1..=6u32)
            .map(|h| (1.0 - kaboum).powi((h + bonus) as i32) / 6.0)
            .sum();
        (1.0 - p_misfire) * (1.0 - none)
    });
    // A limber or a caisson is destroyed by its wounds or by the explosion (p.10), which may
    // come with fewer wounds: the two are counted apart so that they add up. Without an
    // explosion each hit wounds without a Kaboum (p_wound − kaboum) or does not wound at all,
    // the caisson's chance of a Kaboum being 0 for a limber.
    let (p_destroyed, p_destroyed_by_wounds) = if f.at == At::Battery {
        (None, None)
    } else {
        let kaboum = if f.at == At::Caisson { kaboum } else { 0.0 };
        let quiet = with_misfire(&d6_hits_or_none(bonus, p_wound - kaboum, kaboum), p_misfire);
        let by_wounds: f64 = quiet.iter().skip(wounds as usize).sum();
        (Some(p_kaboum.unwrap_or(0.0) + by_wounds), Some(by_wounds))
    };
    ArtilleryReport {
        battery: t.id.clone(),
        ammunition: f.ammunition,
        at: f.at,
        strength,
        p_misfire,
        hits: bonus,
        to_wound: (f.at == At::Battery).then_some(to_wound).flatten(),
        save: if f.at == At::Battery { save } else { None },
        mean: super::mean(&casualties),
        casualties,
        materiel: Some(Materiel {
            toughness,
            wounds,
            to_wound: db.to_wound(i64::from(strength), i64::from(toughness)),
            materiel_wounds,
            p_kaboum,
            p_destroyed,
            p_destroyed_by_wounds,
        }),
    }
}
