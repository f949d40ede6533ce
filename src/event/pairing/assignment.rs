//! Which pair sits at which table: a minimum-cost assignment of a square matrix, on integers.

/// The column of each row in an assignment of least total cost of the `k` × `k` matrix
/// `cost[row * k + column]`: the Hungarian method (H. W. Kuhn, "The Hungarian method for the
/// assignment problem", 1955; J. Munkres, 1957) in its O(k³) form, rows added one at a time,
/// each by a shortest augmenting path over reduced costs kept by row and column potentials.
pub(super) fn min_cost_assignment(k: usize, cost: &[i64]) -> Vec<usize> {
    debug_assert_eq!(cost.len(), k * k);
    // 1-based columns, column 0 standing for the row being added; `row_of[c]` is 1-based.
    let mut row_pot = vec![0i64; k + 1];
    let mut col_pot = vec![0i64; k + 1];
    let mut row_of = vec![0usize; k + 1];
    let mut came_from = vec![0usize; k + 1];
    for row in 1..=k {
        row_of[0] = row;
        let mut col = 0;
        let mut least = vec![i64::MAX; k + 1];
        let mut done = vec![false; k + 1];
        loop {
            done[col] = true;
            let r = row_of[col];
            let mut delta = i64::MAX;
            let mut next = 0;
            for c in 1..=k {
                if !done[c] {
                    let reduced = cost[(r - 1) * k + c - 1] - row_pot[r] - col_pot[c];
                    if reduced < least[c] {
                        least[c] = reduced;
                        came_from[c] = col;
                    }
                    if least[c] < delta {
                        delta = least[c];
                        next = c;
                    }
                }
            }
            for c in 0..=k {
                if done[c] {
                    row_pot[row_of[c]] += delta;
                    col_pot[c] -= delta;
                } else {
                    least[c] -= delta;
                }
            }
            col = next;
            if row_of[col] == 0 {
                break;
            }
        }
        while col != 0 {
            let prev = came_from[col];
            row_of[col] = row_of[prev];
            col = prev;
        }
    }
    let mut column = vec![0; k];
    for c in 1..=k {
        column[row_of[c] - 1] = c - 1;
    }
    column
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]
        /// The assignment is a permutation of least total cost (up to 6 × 6: 720).
        #[test]
        fn assignment_is_least(k in 0usize..=6, seed in proptest::collection::vec(0i64..50, 36)) {
            let cost: Vec<i64> = seed[..k * k].to_vec();
            let column = min_cost_assignment(k, &cost);
            let mut seen = vec![false; k];
            for &c in &column {
                prop_assert!(!seen[c]);
                seen[c] = true;
            }
            let got: i64 = (0..k).map(|r| cost[r * k + column[r]]).sum();
            fn perms(k: usize, at: usize, p: &mut Vec<usize>, cost: &[i64], best: &mut i64) {
                if at == k {
                    *best = (*best).min((0..k).map(|r| cost[r * k + p[r]]).sum());
                    return;
                }
                for i in at..k {
                    p.swap(at, i);
                    perms(k, at + 1, p, cost, best);
                    p.swap(at, i);
                }
            }
            let mut best = if k == 0 { 0 } else { i64::MAX };
            perms(k, 0, &mut (0..k).collect(), &cost, &mut best);
            prop_assert_eq!(got, best);
        }
    }
}
