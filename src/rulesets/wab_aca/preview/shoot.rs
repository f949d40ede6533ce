//! Shooting (WAB core as ACA p.4, p.7 and p.13 play it): to hit by BS and modifiers, a
//! natural 1 always missing and needed scores above 6 taking a second die; elite figures
//! re-rolling as many 1s (ACA p.7); to wound by strength against toughness; the armour save
//! worsened by strength. One wound kills.

use serde::Serialize;

use super::super::database::Database;
use super::{casualties_with_rerolls, p_hit_shooting, p_save};

#[derive(Debug, Clone, Copy)]
pub struct Shot {
    pub shots: u32,
    pub bs: u32,
    pub strength: u32,
    pub toughness: u32,
    /// The target's armour save (`None`: none).
    pub save: Option<u32>,
    /// Added to the roll (`+1` point blank, `-1` moved, `-2` hard cover).
    pub to_hit_modifier: i32,
    /// Elite figures among the firers: as many 1s re-rolled.
    pub elite: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShootReport {
    /// P(k casualties), k = 0..=shots.
    pub casualties: Vec<f64>,
    pub mean: f64,
    /// The score needed to hit after modifiers (7–9: a 6, then a second die); `None`: BS 0.
    pub to_hit: Option<i64>,
    pub p_hit: f64,
    /// The score needed to wound; `None`: cannot wound.
    pub to_wound: Option<u32>,
    /// The save after the strength; `None`: no save.
    pub save: Option<u32>,
    /// P(one shot makes a casualty), before elite re-rolls.
    pub p_casualty: f64,
}

/// P(a hit of `strength` on toughness `toughness`, save `save`, kills).
pub fn p_kill(
    db: &Database,
    strength: u32,
    toughness: u32,
    save: Option<u32>,
) -> (f64, Option<u32>, Option<u32>) {
    let wound = db.to_wound(i64::from(strength), i64::from(toughness));
    let p_wound = wound.map_or(0.0, |n| super::p_d6(i64::from(n)));
    let after = db.save_against(save, i64::from(strength));
    (p_wound * (1.0 - p_save(after)), wound, after)
}

pub fn shoot(db: &Database, s: &Shot) -> ShootReport {
    let to_hit = db
        .to_hit_shooting(s.bs)
        .map(|n| i64::from(n) - i64::from(s.to_hit_modifier));
    let p_hit = to_hit.map_or(0.0, |n| p_hit_shooting(db, n));
    let (p_k, to_wound, save) = p_kill(db, s.strength, s.toughness, s.save);
    let p_casualty = p_hit * p_k;
    let casualties = casualties_with_rerolls(
        s.shots as usize,
        p_casualty,
        1.0 / 6.0,
        s.elite.min(s.shots) as usize,
    );
    ShootReport {
        mean: super::mean(&casualties),
        casualties,
        to_hit,
        p_hit,
        to_wound,
        save,
        p_casualty,
    }
}
