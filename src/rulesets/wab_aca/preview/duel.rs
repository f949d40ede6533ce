//! The fire duel (ACA p.4, p.7): a formed unit in line or double line that receives fire may,
//! on a passed manoeuvre test, fire back on one rank with the figures that survived the first
//! volley (failed: it falls back 1d6"); only the losses count, the side with more loses and
//! takes a morale test, a draw is possible, and a formed unit never routs after a duel with
//! skirmishers or the fire of cavalry. Exact, over every number of first casualties: the
//! test to answer is taken after the volley, with its losses (-1 from 25 %, -2 below half its
//! starting strength, not cumulative, ACA p.11), so its chance is summed over them too.

use serde::Serialize;

use super::super::database::Database;
use super::shoot::{self, Shot};
use super::{p_test, p_test_with_reroll, House};

/// The unit that answers the fire: how it returns it.
#[derive(Debug, Clone, Copy)]
pub struct Answer {
    /// Its figures before the first volley.
    pub figures: u32,
    /// Its figures at the start of the battle (a game's unit may have lost some already): the
    /// losses' factors of its test count from these.
    pub start: u32,
    /// A double line returns the fire with its front rank: half its survivors, rounded up (the
    /// losses come off the flanks, ACA p.12); a single line with all of them.
    pub double_line: bool,
    pub bs: u32,
    pub strength: u32,
    pub to_hit_modifier: i32,
    /// Its elite figures that re-roll their 1s to hit (none for infantry by the book).
    pub elite: u32,
    /// Only those of its firers re-roll, pro rata (infantry, house rule elite-infantry-rerolls:
    /// [`super::elite_firing`]); else every one of them, up to the shots (cavalry's, ACA p.7).
    pub elite_pro_rata: bool,
    /// Its manoeuvre test: Ld with the modifiers given, before its losses' factor.
    pub test_target: i64,
    /// The manoeuvre table's factors for losses (group **, not cumulative, ACA p.11):
    /// `losses-25` and `below-half`.
    pub losses_25: i64,
    pub below_half: i64,
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
    /// P(the unit fired at passes its manoeuvre test and answers), over the first volley's
    /// casualties.
    pub p_answer: f64,
    /// Its test's value after k first casualties, k = 0, 1, … (the losses' factor counted).
    pub answer_test: Vec<i64>,
    /// P(it fails and falls back 1d6").
    pub p_fall_back: f64,
    /// P(k casualties by the first volley).
    pub first: Vec<f64>,
    /// P(k casualties by the answer), when it answers (given that it does).
    pub answer: Vec<f64>,
    /// When it answers (given that it does): P(the firer loses more), P(the unit fired at loses more), P(a draw).
    pub p_firer_wins: f64,
    pub p_answer_wins: f64,
    pub p_draw: f64,
    /// P(the firer, the unit fired at, loses the duel and fails its morale test), over all
    /// (the test to answer included).
    pub p_firer_routs: f64,
    pub p_answer_routs: f64,
    /// The answer's shots after k first casualties, k = 0, 1, …
    pub answer_shots: Vec<u32>,
    /// The elite figures among those shots, who re-roll their 1s to hit, after k first
    /// casualties.
    pub answer_elite: Vec<u32>,
    pub mean: f64,
}

/// The losses' factor of the answer's test after `lost` of `start` figures (ACA p.11, group
/// **, not cumulative): below half its starting strength, else from 25 % lost, else none.
pub fn losses_factor(a: &Answer, lost: u32) -> i64 {
    let left = a.start.saturating_sub(lost);
    if 2 * left < a.start {
        a.below_half
    } else if 4 * lost >= a.start && lost > 0 {
        a.losses_25
    } else {
        0
    }
}

/// `house`: the house rules turned on (double-six-fails on both tests).
pub fn duel(db: &Database, first: &[f64], a: &Answer, f: &Firer, house: House) -> DuelReport {
    // The once-a-battle re-roll is of a failed morale test (ACA p.13), not of a manoeuvre test.
    // The test is taken after the volley: P(answer) = Σ_k P(k casualties) P(pass | k).
    let before = a.start.saturating_sub(a.figures);
    let mut p_answer = 0.0;
    let mut answer_test = Vec::new();
    let mut answer = Vec::new();
    let mut shots_after = Vec::new();
    let mut elite_after = Vec::new();
    // Joint with answering: P(k, it answers, j casualties back).
    let (mut firer_wins, mut answer_wins, mut draw) = (0.0, 0.0, 0.0);
    for (k, p) in first.iter().enumerate() {
        let left = a.figures.saturating_sub(k as u32);
        let shots = if a.double_line {
            left.div_ceil(2)
        } else {
            left
        };
        shots_after.push(shots);
        let elite = super::elite_firing(a.elite, shots, a.start, a.elite_pro_rata);
        elite_after.push(elite);
        let target = a.test_target + losses_factor(a, before + k as u32);
        answer_test.push(target);
        let p = p * p_test(target, house);
        if p == 0.0 {
            continue;
        }
        p_answer += p;
        let back = shoot::shoot(
            db,
            &Shot {
                shots,
                bs: a.bs,
                strength: a.strength,
                toughness: f.toughness,
                save: f.save,
                to_hit_modifier: a.to_hit_modifier,
                elite,
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
        firer_wins * fails(a.leadership, a.reroll)
    };
    let p_firer_routs = answer_wins * fails(f.leadership, f.reroll);
    // What happens when it answers, given that it does.
    let given = |x: f64| if p_answer > 0.0 { x / p_answer } else { 0.0 };
    DuelReport {
        p_answer,
        answer_test,
        p_fall_back: 1.0 - p_answer,
        mean: super::mean(first),
        first: first.to_vec(),
        answer: answer.iter().map(|x| given(*x)).collect(),
        p_firer_wins: given(firer_wins),
        p_answer_wins: given(answer_wins),
        p_draw: given(draw),
        p_firer_routs,
        p_answer_routs,
        answer_shots: shots_after,
        answer_elite: elite_after,
    }
}
