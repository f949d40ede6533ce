//! One round of close combat (ACA p.5, p.7, p.12 on the WAB core): both sides strike at once
//! with the figures they had when the round began, a lance first (reading simultaneous);
//! to hit by WS against WS, to wound by strength (with the charge's bonus), the save; the
//! result adds ranks, the charge, the flag, outnumbering, supports and last round's push; on
//! a tie a musician wins by one; the loser takes a break test on Ld minus the difference.

use crate::core::words::Phrase;
use std::collections::BTreeMap;

use serde::Serialize;

use super::super::database::Database;
use super::{casualties_with_rerolls, p_d6, p_save, p_test_with_reroll, House};
use crate::core::dice::convolve;

/// Which 1s to hit a side rolls again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rerolls {
    None,
    /// As many as the elite figures fighting (ACA p.7).
    Elite(u32),
    /// Every 1 (heavy cavalry's pistols, ACA p.6).
    All,
}

/// One side of a combat as it strikes and scores.
#[derive(Debug, Clone, Serialize)]
pub struct Side {
    pub name: Phrase,
    /// The unit's figures when the round begins (outnumbering).
    pub figures: u32,
    /// The figures in contact that strike.
    pub fighting: u32,
    pub attacks: u32,
    /// The officer's attack (ACA p.5, option).
    pub extra_attacks: u32,
    pub ws: u32,
    pub strength: u32,
    /// Added to the strength this round (bayonets or sabres charging).
    pub strength_bonus: u32,
    pub toughness: u32,
    pub wounds: u32,
    pub save: Option<u32>,
    pub leadership: u32,
    /// Added to the roll to hit (attacking a defended obstacle: -1, fortifications: -2).
    pub to_hit_modifier: i32,
    pub rerolls: Rerolls,
    /// Heavy cavalry's impact attacks this round (ACA p.6), at WS and S `impact_ws`.
    pub impact_attacks: u32,
    pub impact_ws: u32,
    pub first_strike: bool,
    /// Reformed after a flank or rear charge: strikes last this round (ACA p.12).
    pub strikes_last: bool,
    /// Attacking a flank (+1) or the rear (+2) (reading flank-rear).
    pub position_bonus: u32,
    /// The rank bonus, already within the formation's and the rules' caps.
    pub ranks: u32,
    pub charge_bonus: u32,
    pub flag_bonus: u32,
    pub musician: bool,
    pub support_bonus: u32,
    pub push_bonus: u32,
    pub outnumber_bonus: u32,
    pub stubborn: bool,
    /// The once-a-battle re-roll of a failed test (veterans, elite, guard).
    pub reroll_break: bool,
    /// The house rules turned on (double-six-fails on the break test).
    #[serde(skip)]
    pub house: House,
}

impl Side {
    /// The fixed part of the combat result: everything but the wounds caused.
    pub fn static_score(&self, other: &Side) -> u32 {
        let outnumber = if self.figures > other.figures {
            self.outnumber_bonus
        } else {
            0
        };
        self.ranks
            + self.position_bonus
            + self.charge_bonus
            + self.flag_bonus
            + self.support_bonus
            + self.push_bonus
            + outnumber
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct SideReport {
    /// P(k wounds caused), k = 0, 1, …
    pub wounds: Vec<f64>,
    pub mean_wounds: f64,
    /// The result before wounds: ranks, flank or rear, charge, flag, outnumbering, supports,
    /// push.
    pub static_score: u32,
    pub p_win: f64,
    /// P(it loses and fails its break test).
    pub p_break: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct CombatReport {
    pub attacker: SideReport,
    pub defender: SideReport,
    pub p_draw: f64,
    /// The wounds the attacker is expected to cause (the matchup table's number).
    pub mean: f64,
    /// P(attacker's result − defender's = d), the musician's tie-break included.
    pub difference: BTreeMap<i64, f64>,
}

/// P(one attack of `from` on `to` makes a wound that is not saved), and the same for impact
/// attacks.
fn p_wound(db: &Database, from: &Side, to: &Side, ws: u32, strength: u32) -> f64 {
    let to_hit = i64::from(db.to_hit_melee(ws, to.ws)) - i64::from(from.to_hit_modifier);
    let hit = p_d6(to_hit);
    let wound = db
        .to_wound(i64::from(strength), i64::from(to.toughness))
        .map_or(0.0, |n| p_d6(i64::from(n)));
    let saved = p_save(db.save_against(to.save, i64::from(strength)));
    hit * wound * (1.0 - saved)
}

/// The distribution of wounds `from` causes `to` when `fighting` of its figures strike.
pub fn wounds(db: &Database, from: &Side, to: &Side, fighting: u32) -> Vec<f64> {
    let attacks = fighting
        .saturating_mul(from.attacks)
        .saturating_add(if fighting > 0 { from.extra_attacks } else { 0 })
        as usize;
    let strength = from.strength + from.strength_bonus;
    let p = p_wound(db, from, to, from.ws, strength);
    let rerolls = match from.rerolls {
        Rerolls::None => 0,
        Rerolls::Elite(n) => n as usize,
        Rerolls::All => attacks,
    };
    let main = casualties_with_rerolls(attacks, p, 1.0 / 6.0, rerolls.min(attacks));
    let impact = from.impact_attacks.min(fighting) as usize;
    if impact == 0 {
        return main;
    }
    let p_impact = p_wound(db, from, to, from.impact_ws, from.impact_ws);
    convolve(&main, &crate::core::dice::binomial(impact, p_impact))
}

/// One round between `a` (the attacker) and `d`.
pub fn round(db: &Database, a: &Side, d: &Side) -> CombatReport {
    // Who strikes first: a unit that reformed strikes last (ACA p.12), even against a lance;
    // otherwise a lance alone strikes first (reading simultaneous).
    let first = match (a.strikes_last, d.strikes_last) {
        (true, false) => Some(false),
        (false, true) => Some(true),
        _ => match (a.first_strike, d.first_strike) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        },
    };
    // joint[(wa, wd)] = P(a causes wa wounds, d causes wd).
    let mut joint: Vec<(usize, usize, f64)> = Vec::new();
    match first {
        None => {
            let wa = wounds(db, a, d, a.fighting);
            let wd = wounds(db, d, a, d.fighting);
            for (i, p) in wa.iter().enumerate() {
                for (j, q) in wd.iter().enumerate() {
                    joint.push((i, j, p * q));
                }
            }
        }
        Some(a_first) => {
            let (striker, struck) = if a_first { (a, d) } else { (d, a) };
            let first_wounds = wounds(db, striker, struck, striker.fighting);
            let mut cache: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
            for (i, p) in first_wounds.iter().enumerate() {
                let killed = (i as u32) / struck.wounds.max(1);
                let left = struck.fighting.saturating_sub(killed);
                let back = cache
                    .entry(left)
                    .or_insert_with(|| wounds(db, struck, striker, left));
                for (j, q) in back.iter().enumerate() {
                    let (wa, wd) = if a_first { (i, j) } else { (j, i) };
                    joint.push((wa, wd, p * q));
                }
            }
        }
    }
    let sa = i64::from(a.static_score(d));
    let sd = i64::from(d.static_score(a));
    let mut difference: BTreeMap<i64, f64> = BTreeMap::new();
    let (mut a_wins, mut d_wins, mut draw) = (0.0, 0.0, 0.0);
    let (mut a_breaks, mut d_breaks) = (0.0, 0.0);
    let break_p = |side: &Side, by: i64| {
        let target = if side.stubborn {
            i64::from(side.leadership)
        } else {
            i64::from(side.leadership) - by
        };
        1.0 - p_test_with_reroll(target, side.reroll_break, side.house)
    };
    let mut wa_dist = Vec::new();
    let mut wd_dist = Vec::new();
    for (wa, wd, p) in joint {
        if p == 0.0 {
            continue;
        }
        if wa_dist.len() <= wa {
            wa_dist.resize(wa + 1, 0.0);
        }
        if wd_dist.len() <= wd {
            wd_dist.resize(wd + 1, 0.0);
        }
        wa_dist[wa] += p;
        wd_dist[wd] += p;
        let mut diff = (sa + wa as i64) - (sd + wd as i64);
        if diff == 0 && a.musician != d.musician {
            diff = if a.musician { 1 } else { -1 };
        }
        *difference.entry(diff).or_insert(0.0) += p;
        match diff.signum() {
            1 => {
                a_wins += p;
                d_breaks += p * break_p(d, diff);
            }
            -1 => {
                d_wins += p;
                a_breaks += p * break_p(a, -diff);
            }
            _ => draw += p,
        }
    }
    CombatReport {
        mean: super::mean(&wa_dist),
        attacker: SideReport {
            mean_wounds: super::mean(&wa_dist),
            wounds: wa_dist,
            static_score: sa as u32,
            p_win: a_wins,
            p_break: a_breaks,
        },
        defender: SideReport {
            mean_wounds: super::mean(&wd_dist),
            wounds: wd_dist,
            static_score: sd as u32,
            p_win: d_wins,
            p_break: d_breaks,
        },
        p_draw: draw,
        difference,
    }
}
