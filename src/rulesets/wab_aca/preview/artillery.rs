//! Artillery fire (ACA p.8–10). Round shot: a misfire on the artillery die wastes the shot;
//! otherwise every figure on the path from the bounce takes a hit, plus the piece's hits
//! against a large target and one per battery of a grand battery; hits on skirmishers or
//! foragers are halved, rounded up (reading rounding). Canister: a misfire wastes it; every
//! figure the half template covers is hit (on a 6 only behind heavy cover). Each hit wounds
//! by the piece's strength against the figures' toughness, then the save.

use serde::Serialize;

use super::super::database::Database;
use super::shoot::p_kill;
use crate::core::dice::binomial;

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

#[derive(Debug, Clone)]
pub struct Fire<'a> {
    pub battery: &'a str,
    pub ammunition: Ammunition,
    /// Figures on the path from the bounce (round shot) or under the template (canister).
    pub figures: u32,
    pub large_target: bool,
    /// Batteries grouped in a grand battery (0: none).
    pub grand_battery: u32,
    pub order: Order,
    /// Canister: the figures are behind heavy cover (hit on 6 only).
    pub heavy_cover: bool,
    pub toughness: u32,
    pub save: Option<u32>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArtilleryReport {
    pub battery: String,
    pub ammunition: Ammunition,
    pub strength: u32,
    pub p_misfire: f64,
    /// Hits when the piece fires (no misfire), halving applied.
    pub hits: u32,
    pub to_wound: Option<u32>,
    pub save: Option<u32>,
    /// P(k casualties), k = 0, 1, …
    pub casualties: Vec<f64>,
    pub mean: f64,
}

pub fn fire(db: &Database, f: &Fire) -> Result<ArtilleryReport, String> {
    let t = db
        .batteries
        .get(f.battery)
        .ok_or_else(|| format!("unknown battery type `{}`", f.battery))?;
    let faces = db.artillery.misfire.artillery_die.len() as f64 + 1.0;
    let p_misfire = 1.0 / faces;
    let (strength, hits, p_hit) = match f.ammunition {
        Ammunition::Roundshot => {
            let r = t.roundshot.ok_or_else(|| {
                format!(
                    "a {} piece fires shells with the WAB stone-thrower template, which muster does not preview",
                    t.id
                )
            })?;
            let mut hits = f.figures;
            if f.large_target {
                hits += r.large_target_hits;
            }
            hits += f.grand_battery * db.artillery.grand_battery.hits_per_battery;
            if f.order != Order::Formed {
                hits = hits.div_ceil(2);
            }
            (r.strength, hits, 1.0)
        }
        Ammunition::Canister => {
            let c = t
                .canister
                .ok_or_else(|| format!("a {} piece fires no canister (ACA p.9)", t.id))?;
            let hits = if f.order == Order::Skirmishers {
                f.figures.div_ceil(2)
            } else {
                f.figures
            };
            (
                c.strength,
                hits,
                if f.heavy_cover { 1.0 / 6.0 } else { 1.0 },
            )
        }
    };
    let (p_k, to_wound, save) = p_kill(db, strength, f.toughness, f.save);
    let fired = binomial(hits as usize, p_hit * p_k);
    let mut casualties: Vec<f64> = fired.iter().map(|p| p * (1.0 - p_misfire)).collect();
    casualties[0] += p_misfire;
    Ok(ArtilleryReport {
        battery: t.id.clone(),
        ammunition: f.ammunition,
        strength,
        p_misfire,
        hits,
        to_wound,
        save,
        mean: super::mean(&casualties),
        casualties,
    })
}
