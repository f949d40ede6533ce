//! Exact previews of ACA procedures: manoeuvre and morale tests (2d6), shooting, one round of
//! close combat and artillery fire, from the same tables (`core.toml`, `rules.toml`,
//! `artillery.toml`) and army entries that validate lists and print cards. Pure maths over
//! `crate::core::dice`; no I/O. `request` turns what a player asks into checked inputs.

pub mod artillery;
pub mod combat;
pub mod duel;
pub mod request;
pub mod shoot;
pub mod test;
pub mod text;

use super::database::Database;

/// P(one d6 roll hits) when the score needed is `needed` after modifiers (WAB core): a natural
/// 1 always misses; a needed 7, 8 or 9 is a 6 followed by the second die of `beyond_six`;
/// from `impossible_from` on, no hit.
pub fn p_hit_shooting(db: &Database, needed: i64) -> f64 {
    let b = &db.core.beyond_six;
    match needed {
        n if n <= 2 => 5.0 / 6.0,
        n if n <= 6 => (7 - n) as f64 / 6.0,
        n if n >= i64::from(b.impossible_from) => 0.0,
        n => {
            let second = match n {
                7 => b.seven,
                8 => b.eight,
                _ => b.nine,
            };
            (1.0 / 6.0) * f64::from(7 - second.clamp(1, 7)) / 6.0
        }
    }
}

/// P(d6 ≥ needed) where a 1 always fails and a 6 always succeeds (to hit in close combat,
/// to wound): the needed score is taken between 2 and 6.
pub fn p_d6(needed: i64) -> f64 {
    (7 - needed.clamp(2, 6)) as f64 / 6.0
}

/// P(a saving throw succeeds) for a save needing `needed` (`None`: no save).
pub fn p_save(needed: Option<u32>) -> f64 {
    needed.map_or(0.0, |n| p_d6(i64::from(n)))
}

/// The house rules a preview plays (`[[house_rule]]` of rules.toml, turned on by a list or by
/// `--house-rule`); the default is the book's rules, none of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct House {
    /// elite-infantry-rerolls: the infantry's elite figures re-roll their 1s to hit.
    pub elite_infantry_rerolls: bool,
    /// double-six-fails: a test fails on a double 6 whatever its value.
    pub double_six_fails: bool,
}

impl House {
    /// The house rules of these ids (ids checked by the caller against the data).
    pub fn of<'a>(ids: impl IntoIterator<Item = &'a str>) -> House {
        let mut h = House::default();
        for id in ids {
            match id {
                super::model::HOUSE_ELITE_INFANTRY => h.elite_infantry_rerolls = true,
                super::model::HOUSE_DOUBLE_SIX => h.double_six_fails = true,
                _ => {}
            }
        }
        h
    }
}

/// The elite figures among a volley's `firing` figures that re-roll their 1s to hit. The
/// cavalry's by the book: "autant de 1 au jet pour toucher qu'il y a de figurines d'élite
/// présentes dans l'unité" (ACA p.7), every one of its `elite`, up to the shots. The
/// infantry's, with the house rule elite-infantry-rerolls: only those of the figures that fire
/// (`pro_rata`). Its elite companies stand in the line's ranks as the centre companies do,
/// and its losses are taken pro rata of its composition (ACA p.5), so the firers hold
/// `elite × firing ÷ start` of them (`start`: its figures at the start of the battle, of whom
/// `elite` were elite), a part rounded up as a rank's figures are (a rank fills from the
/// front): 8 elite of 24 in a line of two ranks, 12 firing, re-roll 4.
pub fn elite_firing(elite: u32, firing: u32, start: u32, pro_rata: bool) -> u32 {
    if !pro_rata {
        return elite.min(firing);
    }
    if start == 0 {
        return 0;
    }
    let among = (u64::from(elite) * u64::from(firing)).div_ceil(u64::from(start));
    u32::try_from(among)
        .unwrap_or(u32::MAX)
        .min(elite)
        .min(firing)
}

/// P(a 2d6 test passes) against `target`: at or under the target, a double 1 always passes
/// (muster's reading test-doubles); a double 6 always fails only with the house rule
/// double-six-fails (by the book, a test of 12 or more always passes).
pub fn p_test(target: i64, house: House) -> f64 {
    let mut pass = 0u32;
    for a in 1..=6i64 {
        for b in 1..=6i64 {
            let double_six = a == 6 && b == 6 && house.double_six_fails;
            let ok = (a == 1 && b == 1) || (!double_six && a + b <= target);
            pass += u32::from(ok);
        }
    }
    f64::from(pass) / 36.0
}

/// With a re-roll of a failed test (veterans, elite and guard once a battle, ACA p.13).
pub fn p_test_with_reroll(target: i64, reroll: bool, house: House) -> f64 {
    let p = p_test(target, house);
    if reroll {
        p + (1.0 - p) * p
    } else {
        p
    }
}

/// The distribution of casualties of `dice` independent rolls that each make a casualty with
/// `p_casualty` and show a re-rollable 1 with `p_one` (a 1 can also never be a casualty),
/// when at most `rerolls` of the 1s are rolled again (each again a casualty with
/// `p_casualty`). `out[k] = P(k casualties)`, k = 0..=dice.
pub fn casualties_with_rerolls(
    dice: usize,
    p_casualty: f64,
    p_one: f64,
    rerolls: usize,
) -> Vec<f64> {
    use crate::core::dice::binomial;
    if rerolls == 0 || p_one == 0.0 {
        return binomial(dice, p_casualty);
    }
    if rerolls >= dice {
        // Every 1 is rolled again: each die on its own.
        return binomial(dice, p_casualty + p_one * p_casualty);
    }
    let p_other = (1.0 - p_casualty - p_one).max(0.0);
    // state[c * w + o]: c casualties and o ones among the dice rolled so far, updated in
    // place from the highest counts down so that every term reads the previous roll's value.
    let w = dice + 1;
    let mut state = vec![0.0; w * w];
    state[0] = 1.0;
    for rolled in 1..=dice {
        for c in (0..=rolled).rev() {
            for o in (0..=rolled - c).rev() {
                let mut p = if c + o < rolled {
                    state[c * w + o] * p_other
                } else {
                    0.0
                };
                if c > 0 {
                    p += state[(c - 1) * w + o] * p_casualty;
                }
                if o > 0 {
                    p += state[c * w + o - 1] * p_one;
                }
                state[c * w + o] = p;
            }
        }
    }
    // The 1s rolled again: at most `rerolls` of them, each again a casualty on its own.
    let again: Vec<Vec<f64>> = (0..=rerolls).map(|k| binomial(k, p_casualty)).collect();
    let mut out = vec![0.0; dice + 1];
    for c in 0..=dice {
        for o in 0..=dice - c {
            let p = state[c * w + o];
            if p == 0.0 {
                continue;
            }
            for (k, q) in again[o.min(rerolls)].iter().enumerate() {
                out[c + k] += p * q;
            }
        }
    }
    out
}

pub fn mean(dist: &[f64]) -> f64 {
    crate::core::dice::mean(dist)
}
