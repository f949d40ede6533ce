//! The fire duel (ACA p.4, p.7): a formed unit in line or double line that receives fire may,
//! on a passed manoeuvre test, fire back on one rank with the figures that survived the first
//! volley (failed: it falls back 1d6"); only the losses count, the side with more loses and
//! takes a morale test, a draw is possible, and a formed unit never routs after a duel with
//! skirmishers or the fire of cavalry. Exact, over every number of first casualties.

use serde::Serialize;

use super::super::database::Database;
use super::shoot::{self, Shot};
use super::{p_test, p_test_with_reroll, House};


/// The unit that answers the fire: how it returns it.
#[derive(Debug, Clone, Copy)]
pub struct Answer {
    /// Its figures before the first volley.
    pub figures: u32,
    /// A double line returns the fire with its front rank: half its survivors, rounded up (the
    /// losses come off the flanks, ACA p.12); a single line with all of them.
    pub double_line: bool,
    pub bs: u32,
    pub strength: u32,
    pub to_hit_modifier: i32,
    pub elite: u32,
    /// Its manoeuvre test: Ld with the modifiers.
    pub test_target: i64,
    pub leadership: u32,
    /// Its once-a-battle re-roll of a failed morale test (veterans, elite, guard).
    pub reroll: bool,
    /// The first fire was from skirmishers or cavalry: it never routs (ACA p.4).
    pub never_routs: bool,
}

/// The unit that fired first: what the answer hits.
#[derive(Debug, Clone, Copy)]
pub struct Firer {
    pub toughness: u32,
    pub save: Option<u32>,
    pub leadership: u32,
    pub reroll: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct DuelReport {
    /// P(the unit fired at passes its manoeuvre test and answers).
    pub p_answer: f64,
    /// P(it fails and falls back 1d6").
    pub p_fall_back: f64,
    /// P(k casualties by the first volley).
    pub first: Vec<f64>,
    /// P(k casualties by the answer), when it answers.
    pub answer: Vec<f64>,
    /// When it answers: P(the firer loses more), P(the unit fired at loses more), P(a draw).
    pub p_firer_wins: f64,
    pub p_answer_wins: f64,
    pub p_draw: f64,
    /// P(the firer, the unit fired at, loses the duel and fails its morale test), over all
    /// (the test to answer included).
    pub p_firer_routs: f64,
    pub p_answer_routs: f64,
    /// The answer's shots after k first casualties, k = 0, 1, …
    pub answer_shots: Vec<u32>,
    pub mean: f64,
}

/// `house`: the house rules turned on (double-six-fails on both tests).
pub fn duel(db: &Database, first: &[f64], a: &Answer, f: &Firer, house: House) -> DuelReport {
    // The once-a-battle re-roll is of a failed morale test (ACA p.13), not of a manoeuvre test.
    let p_answer = p_test(a.test_target, house);
    let mut answer = Vec::new();
    let mut shots_after = Vec::new();
    let (mut firer_wins, mut answer_wins, mut draw) = (0.0, 0.0, 0.0);
    for (k, p) in first.iter().enumerate() {
        let left = a.figures.saturating_sub(k as u32);
        let shots = if a.double_line {
            left.div_ceil(2)
        } else {
            left
        };
        shots_after.push(shots);
        if *p == 0.0 {
            continue;
        }
        let back = shoot::shoot(
            db,
            &Shot {
                shots,
                bs: a.bs,
                strength: a.strength,
                toughness: f.toughness,
                save: f.save,
                to_hit_modifier: a.to_hit_modifier,
                elite: a.elite.min(shots),
            },
        );
        for (j, q) in back.casualties.iter().enumerate() {
            if answer.len() <= j {
                answer.resize(j + 1, 0.0);
            }
            answer[j] += p * q;
            match (k as i64 - j as i64).signum() {
                1 => firer_wins += p * q,
                -1 => answer_wins += p * q,
                _ => draw += p * q,
            }
        }
    }
    let fails = |ld: u32, reroll: bool| 1.0 - p_test_with_reroll(i64::from(ld), reroll, house);
    let p_answer_routs = if a.never_routs {
        0.0
    } else {
        p_answer * firer_wins * fails(a.leadership, a.reroll)
    };
    let p_firer_routs = p_answer * answer_wins * fails(f.leadership, f.reroll);
    DuelReport {
        p_answer,
        p_fall_back: 1.0 - p_answer,
        mean: super::mean(first),
        first: first.to_vec(),
        answer,
        p_firer_wins: firer_wins,
        p_answer_wins: answer_wins,
        p_draw: draw,
        p_firer_routs,
        p_answer_routs,
        answer_shots: shots_after,
    }
}
