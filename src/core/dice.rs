//! Exact dice arithmetic: success chances of one die against a target, binomial
//! distributions, and the pairing of opposed rolls. Probabilities are f64 (exact to ~1e-15
//! for the sizes of a skirmish game; see shared/notes/exact-dice.md). Knows no rulebook.

/// P(dN + modifier ≥ target) for a fair die with `faces` faces. Computed in i64: no modifier
/// or target an i32 can hold overflows it.
pub fn p_at_least(faces: u32, modifier: i32, target: i32) -> f64 {
    let faces = i64::from(faces.max(1));
    let need = i64::from(target) - i64::from(modifier); // the face needed
    if need <= 1 {
        1.0
    } else if need > faces {
        0.0
    } else {
        (faces - need + 1) as f64 / faces as f64
    }
}

/// A success chance with one re-roll of a failure, the re-roll at `reroll_p`.
pub fn with_reroll(p: f64, reroll_p: f64) -> f64 {
    p + (1.0 - p) * reroll_p
}

/// Binomial distribution of successes in `n` trials of chance `p`: `out[k] = P(k)`.
pub fn binomial(n: usize, p: f64) -> Vec<f64> {
    let mut dist = vec![0.0; n + 1];
    dist[0] = 1.0;
    // Add one trial at a time: stable and exact enough for n in the hundreds.
    for trial in 1..=n {
        for k in (1..=trial).rev() {
            dist[k] = dist[k] * (1.0 - p) + dist[k - 1] * p;
        }
        dist[0] *= 1.0 - p;
    }
    dist
}

/// The distribution of the sum of two independent counts.
pub fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, pa) in a.iter().enumerate() {
        for (j, pb) in b.iter().enumerate() {
            out[i + j] += pa * pb;
        }
    }
    out
}

/// The distribution capped at `max`: everything above lands on `max`.
pub fn cap(dist: &[f64], max: usize) -> Vec<f64> {
    let mut out = vec![0.0; max + 1];
    for (k, p) in dist.iter().enumerate() {
        out[k.min(max)] += p;
    }
    out
}

/// Outcome chances of one opposed roll: (first wins, second wins, tie).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Opposed {
    pub first: f64,
    pub second: f64,
    pub tie: f64,
}

/// Both roll their die plus modifier; the higher total wins. Totals are i64: no modifier
/// overflows them.
pub fn opposed(faces_a: u32, mod_a: i32, faces_b: u32, mod_b: i32) -> Opposed {
    let (mut a, mut b, mut t) = (0.0, 0.0, 0.0);
    let unit = 1.0 / (faces_a as f64 * faces_b as f64);
    for x in 1..=i64::from(faces_a) {
        for y in 1..=i64::from(faces_b) {
            let (ta, tb) = (x + i64::from(mod_a), y + i64::from(mod_b));
            if ta > tb {
                a += unit;
            } else if tb > ta {
                b += unit;
            } else {
                t += unit;
            }
        }
    }
    Opposed {
        first: a,
        second: b,
        tie: t,
    }
}

/// `P(k)` of each outcome count in `n` opposed rolls: `dist[wins_a][wins_b]`, ties the rest.
pub fn multinomial(n: usize, o: Opposed) -> Vec<Vec<f64>> {
    // dist over (wins_a, wins_b) after each roll; ties are n − wins_a − wins_b.
    let mut dist = vec![vec![0.0; n + 1]; n + 1];
    dist[0][0] = 1.0;
    for roll in 0..n {
        for wa in (0..=roll).rev() {
            for wb in (0..=roll - wa).rev() {
                let p = dist[wa][wb];
                if p == 0.0 {
                    continue;
                }
                dist[wa][wb] = p * o.tie;
                dist[wa + 1][wb] += p * o.first;
                dist[wa][wb + 1] += p * o.second;
            }
        }
    }
    dist
}

/// The mean of a distribution over 0, 1, 2, …
pub fn mean(dist: &[f64]) -> f64 {
    dist.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
}

/// `out[k] = P(X ≥ k)`.
pub fn at_least(dist: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; dist.len()];
    let mut acc = 0.0;
    for k in (0..dist.len()).rev() {
        acc += dist[k];
        out[k] = acc.min(1.0);
    }
    out
}

/// Smallest k with P(X ≤ k) ≥ 1/2.
pub fn median(dist: &[f64]) -> usize {
    let mut acc = 0.0;
    for (k, p) in dist.iter().enumerate() {
        acc += p;
        if acc >= 0.5 - 1e-12 {
            return k;
        }
    }
    dist.len().saturating_sub(1)
}

/// The most likely value.
pub fn mode(dist: &[f64]) -> usize {
    dist.iter()
        .enumerate()
        .fold(
            (0, -1.0),
            |best, (k, &p)| if p > best.1 + 1e-15 { (k, p) } else { best },
        )
        .0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_die_against_a_target() {
        assert_eq!(p_at_least(12, 0, 7), 0.5);
        assert_eq!(p_at_least(10, 1, 5), 0.7);
        assert_eq!(p_at_least(6, 0, 9), 0.0);
        assert_eq!(p_at_least(6, 5, 5), 1.0);
        assert_eq!(p_at_least(8, -1, 5), 3.0 / 8.0);
    }

    #[test]
    fn binomial_matches_the_closed_form() {
        // shared/notes/exact-dice.md: n = 12, p = 0.15.
        let d = binomial(12, 0.15);
        assert!((d[0] - 0.142241757136).abs() < 1e-12);
        assert!((d[1] - 0.301217838641).abs() < 1e-12);
        assert!((d[2] - 0.292358490446).abs() < 1e-12);
        assert!((mean(&d) - 1.8).abs() < 1e-12);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn extreme_modifiers_do_not_overflow() {
        assert_eq!(p_at_least(12, i32::MIN, 7), 0.0);
        assert_eq!(p_at_least(12, i32::MAX, i32::MIN), 1.0);
        let o = opposed(6, i32::MAX, 6, 0);
        assert!((o.first - 1.0).abs() < 1e-12 && o.second == 0.0);
        let o = opposed(6, i32::MIN, 6, i32::MAX);
        assert!((o.second - 1.0).abs() < 1e-12 && o.first == 0.0);
    }

    #[test]
    fn opposed_d6_is_symmetric() {
        let o = opposed(6, 0, 6, 0);
        assert!((o.first - 15.0 / 36.0).abs() < 1e-15);
        assert!((o.second - 15.0 / 36.0).abs() < 1e-15);
        assert!((o.tie - 6.0 / 36.0).abs() < 1e-15);
    }

    #[test]
    fn multinomial_sums_to_one() {
        let m = multinomial(10, opposed(10, 1, 8, 0));
        let total: f64 = m.iter().flatten().sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn summaries() {
        let d = [0.1, 0.2, 0.4, 0.3];
        assert_eq!(at_least(&d)[2], 0.7);
        assert_eq!(median(&d), 2);
        assert_eq!(mode(&d), 2);
        let capped = cap(&d, 1);
        assert_eq!(capped.len(), 2);
        assert!((capped[1] - 0.9).abs() < 1e-15);
    }
}
