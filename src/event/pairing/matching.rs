//! The two optimisations a round's pairing is made of: a minimum-cost perfect matching on a
//! complete graph of even order (who plays whom: Edmonds' weighted blossom algorithm, O(n³))
//! and a minimum-cost assignment of a square matrix (which pair sits at which table: the
//! Hungarian method with potentials, O(k³)). Both on integers, so exact: no tolerance.
//!
//! The blossom algorithm is written from its published descriptions: J. Edmonds, "Paths, trees,
//! and flowers" (1965) and "Maximum matching and a polyhedron with 0,1-vertices" (1965) for
//! the blossoms and the linear program; Z. Galil, "Efficient algorithms for finding maximum
//! matching in graphs", ACM Computing Surveys 18(1), 1986, section 4, for the O(n³) primal-dual
//! form (one stage per augmentation, four kinds of dual change, the least-slack edge kept per
//! blossom so that a stage costs O(n²)); and J. van Rantwijk's notes on that form (2008) for
//! the doubled vertex duals that keep every number an integer. It solves the maximum-weight
//! *perfect* matching (weight = largest cost − cost): a vertex's dual is free in sign, so a
//! stage ends only by an augmentation (a complete graph of even order has a perfect matching)
//! and any feasible duals may start it. They start at each vertex's heaviest edge (doubled
//! weights keep the exposed vertices' duals of one parity, so the slack between two S
//! blossoms stays even), with a greedy matching of the edges that are then tight: in a Swiss
//! round most players' cheapest partner is a neighbour who finds them cheapest too, and the
//! stages left are few.
//!
//! Duals: `dual[v]` of a vertex is twice its variable of the linear program, `dual[b]` of a
//! blossom its variable; the slack of an edge between two top-level blossoms is
//! `dual[i] + dual[j] − 2·w(i, j)`, never negative, zero for an edge that may be used.

/// A label in a stage's alternating forest: none, an even (outer, S) or an odd (inner, T)
/// blossom.
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;

/// An edge as its two vertices, in a stated order (`(outside, inside)` for the edge that
/// labelled a blossom, `(in child k, in child k + 1)` along a blossom's cycle).
type Edge = (usize, usize);

/// The partner of each of the `n` vertices (`n` even) in a perfect matching of least total
/// cost on the complete graph whose edge `(i, j)` costs `cost[i * n + j]` (symmetric, ≥ 0).
pub(super) fn min_cost_perfect(n: usize, cost: &[i128]) -> Vec<usize> {
    debug_assert!(n.is_multiple_of(2) && cost.len() == n * n);
    let top = cost.iter().copied().max().unwrap_or(0);
    let weight: Vec<i128> = cost.iter().map(|c| 2 * (top - c)).collect();
    let mut solver = Blossoms::new(n, weight);
    solver.solve();
    let mut mate: Vec<Option<usize>> = solver.mate;
    // Never taken (see the module's comment); were it, the pairing would still be whole.
    let mut single = (0..n).filter(|&v| mate[v].is_none()).collect::<Vec<_>>();
    debug_assert!(
        single.is_empty(),
        "the perfect matching left {single:?} single"
    );
    while let (Some(a), Some(b)) = (single.pop(), single.pop()) {
        mate[a] = Some(b);
        mate[b] = Some(a);
    }
    mate.into_iter().map(|m| m.unwrap_or(0)).collect()
}

/// The state of the blossom algorithm. Ids `0..n` are the vertices (each also a trivial
/// blossom), `n..2n` the non-trivial blossoms, recycled through `unused`.
struct Blossoms {
    n: usize,
    /// `w[i * n + j]`: the weight of edge (i, j), even.
    w: Vec<i128>,
    mate: Vec<Option<usize>>,
    /// Per vertex and blossom: its label this stage. A vertex inside an odd blossom may carry
    /// its own T mark (reached by a tight edge), used when that blossom is expanded.
    label: Vec<u8>,
    /// The edge through which a blossom (or a marked vertex) got its label, `(outside,
    /// inside)`; `None` for a root of the forest.
    labeledge: Vec<Option<Edge>>,
    /// The top-level blossom holding each vertex.
    inblossom: Vec<usize>,
    parent: Vec<Option<usize>>,
    /// A blossom's sub-blossoms around its odd cycle, the one holding its base first; empty
    /// for a vertex or an unused id.
    childs: Vec<Vec<usize>>,
    /// `endps[b][k]`: the edge from `childs[b][k]` to `childs[b][k + 1]` (cyclically).
    endps: Vec<Vec<Edge>>,
    base: Vec<usize>,
    unused: Vec<usize>,
    dual: Vec<i128>,
    /// For an S blossom: its least-slack edge to another S blossom; for a vertex not in an S
    /// blossom: its least-slack edge to an S blossom.
    bestedge: Vec<Option<Edge>>,
    /// For a non-trivial S blossom: its least-slack edge to each neighbouring S blossom.
    bestedges: Vec<Option<Vec<Edge>>>,
    /// S vertices still to scan.
    queue: Vec<usize>,
    /// Blossoms met while tracing back from an edge between two S blossoms.
    mark: Vec<bool>,
}

impl Blossoms {
    fn new(n: usize, w: Vec<i128>) -> Self {
        // Each vertex's dual at its heaviest edge: every slack ≥ 0, the heaviest edges tight.
        let mut dual: Vec<i128> = (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| j != i)
                    .map(|j| w[i * n + j])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        dual.extend(std::iter::repeat_n(0, n));
        let mut mate = vec![None; n];
        for i in 0..n {
            for j in i + 1..n {
                if mate[i].is_none() && mate[j].is_none() && dual[i] + dual[j] == 2 * w[i * n + j] {
                    mate[i] = Some(j);
                    mate[j] = Some(i);
                }
            }
        }
        Blossoms {
            n,
            w,
            mate,
            label: vec![FREE; 2 * n],
            labeledge: vec![None; 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..2 * n).collect(),
            unused: (n..2 * n).rev().collect(),
            dual,
            bestedge: vec![None; 2 * n],
            bestedges: vec![None; 2 * n],
            queue: Vec::new(),
            mark: vec![false; 2 * n],
        }
    }

    fn slack(&self, (i, j): Edge) -> i128 {
        self.dual[i] + self.dual[j] - 2 * self.w[i * self.n + j]
    }

    /// Whether `b` is a vertex or a blossom in use.
    fn live(&self, b: usize) -> bool {
        b < self.n || !self.childs[b].is_empty()
    }

    /// The vertices of blossom `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend(self.childs[x].iter().copied());
            }
        }
        out
    }

    fn solve(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.iter_mut().for_each(|l| *l = FREE);
            self.bestedge.iter_mut().for_each(|e| *e = None);
            self.bestedges.iter_mut().for_each(|e| *e = None);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v].is_none() && self.label[self.inblossom[v]] == FREE {
                    self.assign_label(v, S, None);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if self.scan(v) {
                        augmented = true;
                        break;
                    }
                }
                if augmented || !self.change_duals() {
                    break;
                }
            }
            // S blossoms whose dual came down to zero are undone before the next stage.
            for b in n..2 * n {
                if self.parent[b].is_none()
                    && self.live(b)
                    && self.label[b] == S
                    && self.dual[b] == 0
                {
                    self.expand(b, true);
                }
            }
            if !augmented {
                break;
            }
        }
    }

    /// Scans the edges of S vertex `v`: labels, makes blossoms; true when it augmented.
    fn scan(&mut self, v: usize) -> bool {
        for w in 0..self.n {
            let bv = self.inblossom[v];
            let bw = self.inblossom[w];
            if w == v || bv == bw {
                continue;
            }
            let slack = self.slack((v, w));
            if slack == 0 {
                if self.label[bw] == FREE {
                    self.assign_label(w, T, Some((v, w)));
                } else if self.label[bw] == S {
                    match self.trace(v, w) {
                        Some(base) => self.add_blossom(base, v, w),
                        None => {
                            self.augment(v, w);
                            return true;
                        }
                    }
                } else if self.label[w] == FREE {
                    self.label[w] = T;
                    self.labeledge[w] = Some((v, w));
                }
            } else if self.label[bw] == S {
                if self.bestedge[bv].is_none_or(|e| slack < self.slack(e)) {
                    self.bestedge[bv] = Some((v, w));
                }
            } else if self.label[w] == FREE
                && self.bestedge[w].is_none_or(|e| slack < self.slack(e))
            {
                self.bestedge[w] = Some((v, w));
            }
        }
        false
    }

    /// Labels the top-level blossom of `w`, reached by `via`; an odd blossom's base's partner
    /// becomes even in turn.
    fn assign_label(&mut self, w: usize, t: u8, via: Option<Edge>) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labeledge[w] = via;
        self.labeledge[b] = via;
        self.bestedge[w] = None;
        self.bestedge[b] = None;
        if t == S {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.base[b];
            if let Some(m) = self.mate[base] {
                self.assign_label(m, S, Some((base, m)));
            }
        }
    }

    /// Traces back from the tight edge (v, w) between two S blossoms towards the forest's
    /// roots, both sides in turn: the base of the blossom they close, or `None` when the
    /// roots differ (an augmenting path).
    fn trace(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut found = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while let Some(x) = v {
            let b = self.inblossom[x];
            if self.mark[b] {
                found = Some(self.base[b]);
                break;
            }
            path.push(b);
            self.mark[b] = true;
            v = self.labeledge[b].and_then(|(t, _)| self.labeledge[self.inblossom[t]].map(|e| e.0));
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.mark[b] = false;
        }
        found
    }

    /// Makes a blossom of the cycle closed by tight edge (v, w) with base `base`.
    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let n = self.n;
        let bb = self.inblossom[base];
        let (mut bv, mut bw) = (self.inblossom[v], self.inblossom[w]);
        let Some(b) = self.unused.pop() else {
            debug_assert!(false, "more than n blossoms");
            return;
        };
        self.base[b] = base;
        self.parent[b] = None;
        self.parent[bb] = Some(b);
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = Some(b);
            path.push(bv);
            let Some(e) = self.labeledge[bv] else { break };
            endps.push(e);
            bv = self.inblossom[e.0];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push((v, w));
        while bw != bb {
            self.parent[bw] = Some(b);
            path.push(bw);
            let Some(e) = self.labeledge[bw] else { break };
            endps.push((e.1, e.0));
            bw = self.inblossom[e.0];
        }
        self.label[b] = S;
        self.labeledge[b] = self.labeledge[bb];
        self.dual[b] = 0;
        self.childs[b] = path.clone();
        self.endps[b] = endps;
        for leaf in self.leaves(b) {
            if self.label[self.inblossom[leaf]] == T {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        // The least-slack edge to each other S blossom, from the sub-blossoms' own lists (or
        // all their edges, for a vertex or a blossom that was odd this stage).
        let mut best: Vec<Option<Edge>> = vec![None; 2 * n];
        for sub in path {
            let list = match self.bestedges[sub].take() {
                Some(list) => list,
                None => self
                    .leaves(sub)
                    .into_iter()
                    .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
                    .collect(),
            };
            for (i, j) in list {
                let bj = self.inblossom[j];
                if bj != b
                    && self.label[bj] == S
                    && best[bj].is_none_or(|e| self.slack((i, j)) < self.slack(e))
                {
                    best[bj] = Some((i, j));
                }
            }
            self.bestedge[sub] = None;
        }
        let list: Vec<Edge> = best.into_iter().flatten().collect();
        self.bestedge[b] = list.iter().copied().min_by_key(|&e| self.slack(e));
        self.bestedges[b] = Some(list);
    }

    /// Undoes blossom `b`: its sub-blossoms become top-level. During a stage (an odd blossom
    /// whose dual reached zero) the part of its cycle on the alternating path keeps labels.
    fn expand(&mut self, b: usize, endstage: bool) {
        let childs = std::mem::take(&mut self.childs[b]);
        let endps = std::mem::take(&mut self.endps[b]);
        for &s in &childs {
            self.parent[s] = None;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s] == 0 {
                self.expand(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == T {
            if let Some(entered) = self.labeledge[b] {
                self.relabel(&childs, &endps, entered);
            }
        }
        self.label[b] = FREE;
        self.labeledge[b] = None;
        self.bestedge[b] = None;
        self.bestedges[b] = None;
        self.unused.push(b);
    }

    /// After expanding an odd blossom entered by edge `entered`: its sub-blossoms from the
    /// entry to the base, along the even side of the cycle, labelled T and S in turn; the
    /// others free, unless one of their vertices was reached by a tight edge.
    fn relabel(&mut self, childs: &[usize], endps: &[Edge], entered: Edge) {
        let len = childs.len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let entry = self.inblossom[entered.1];
        let Some(pos) = childs.iter().position(|&c| c == entry) else {
            return;
        };
        let pos = pos as isize;
        let (mut j, step) = if pos % 2 == 1 {
            (pos - len, 1)
        } else {
            (pos, -1)
        };
        let mut via = entered;
        while j != 0 {
            let next_in = if step == 1 {
                endps[at(j)].1
            } else {
                endps[at(j - 1)].0
            };
            self.label[via.1] = FREE;
            self.label[next_in] = FREE;
            self.assign_label(via.1, T, Some(via));
            j += step;
            via = if step == 1 {
                endps[at(j)]
            } else {
                let (a, c) = endps[at(j - 1)];
                (c, a)
            };
            j += step;
        }
        let bv = childs[at(j)];
        self.label[via.1] = T;
        self.label[bv] = T;
        self.labeledge[via.1] = Some(via);
        self.labeledge[bv] = Some(via);
        self.bestedge[bv] = None;
        j += step;
        while childs[at(j)] != entry {
            let bv = childs[at(j)];
            j += step;
            if self.label[bv] == S {
                continue;
            }
            let reached = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE);
            if let Some(v) = reached {
                self.label[v] = FREE;
                if let Some(m) = self.mate[self.base[bv]] {
                    self.label[m] = FREE;
                }
                let via = self.labeledge[v];
                self.assign_label(v, T, via);
            }
        }
    }

    /// Swaps matched and unmatched edges inside blossom `b` along the even path from vertex
    /// `v` to its base, so that `v` becomes the base.
    fn rotate(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != Some(b) {
            match self.parent[t] {
                Some(p) => t = p,
                None => return,
            }
        }
        if t >= self.n {
            self.rotate(t, v);
        }
        let len = self.childs[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let Some(i) = self.childs[b].iter().position(|&c| c == t) else {
            return;
        };
        let (mut j, step) = if i % 2 == 1 {
            (i as isize - len, 1)
        } else {
            (i as isize, -1)
        };
        while j != 0 {
            j += step;
            let (a, c) = if step == 1 {
                self.endps[b][at(j)]
            } else {
                self.endps[b][at(j - 1)]
            };
            // (a, c): a in the child before c along the cycle's order.
            let (first, second) = if step == 1 { (a, c) } else { (c, a) };
            let child = self.childs[b][at(j)];
            if child >= self.n {
                self.rotate(child, first);
            }
            j += step;
            let child = self.childs[b][at(j)];
            if child >= self.n {
                self.rotate(child, second);
            }
            self.mate[a] = Some(c);
            self.mate[c] = Some(a);
        }
        self.childs[b].rotate_left(i);
        self.endps[b].rotate_left(i);
        self.base[b] = self.base[self.childs[b][0]];
    }

    /// Augments along the path through tight edge (v, w) between two trees' S blossoms.
    fn augment(&mut self, v: usize, w: usize) {
        for (mut s, mut j) in [(v, w), (w, v)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.rotate(bs, s);
                }
                self.mate[s] = Some(j);
                let Some((t, _)) = self.labeledge[bs] else {
                    break;
                };
                let bt = self.inblossom[t];
                let Some((s2, j2)) = self.labeledge[bt] else {
                    break;
                };
                if bt >= self.n {
                    self.rotate(bt, j2);
                }
                self.mate[j2] = Some(s2);
                s = s2;
                j = j2;
            }
        }
    }

    /// Changes the duals by the largest step that keeps them feasible, then acts on what
    /// limited it; false when nothing does (never, with an exposed vertex on a complete
    /// graph: two exposed vertices are two S blossoms joined by an edge).
    fn change_duals(&mut self) -> bool {
        let n = self.n;
        enum Limit {
            FreeEdge(Edge),
            EvenEdge(Edge),
            OddBlossom(usize),
        }
        let mut delta = i128::MAX;
        let mut limit = None;
        for v in 0..n {
            if self.label[self.inblossom[v]] == FREE {
                if let Some(e) = self.bestedge[v] {
                    let d = self.slack(e);
                    if d < delta {
                        delta = d;
                        limit = Some(Limit::FreeEdge(e));
                    }
                }
            }
        }
        for b in 0..2 * n {
            if self.parent[b].is_none() && self.live(b) && self.label[b] == S {
                if let Some(e) = self.bestedge[b] {
                    let slack = self.slack(e);
                    debug_assert!(slack % 2 == 0, "odd slack between two S blossoms");
                    if slack / 2 < delta {
                        delta = slack / 2;
                        limit = Some(Limit::EvenEdge(e));
                    }
                }
            }
        }
        for b in n..2 * n {
            if self.parent[b].is_none()
                && self.live(b)
                && self.label[b] == T
                && self.dual[b] < delta
            {
                delta = self.dual[b];
                limit = Some(Limit::OddBlossom(b));
            }
        }
        let Some(limit) = limit else {
            return false;
        };
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                S => self.dual[v] -= delta,
                T => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.parent[b].is_none() && self.live(b) {
                match self.label[b] {
                    S => self.dual[b] += delta,
                    T => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
        match limit {
            Limit::FreeEdge((i, j)) => {
                let s = if self.label[self.inblossom[i]] == FREE {
                    j
                } else {
                    i
                };
                self.queue.push(s);
            }
            Limit::EvenEdge((i, _)) => self.queue.push(i),
            Limit::OddBlossom(b) => self.expand(b, false),
        }
        true
    }
}

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

    /// The least total cost over all perfect matchings of `0..n`, by enumeration.
    fn brute_matching(n: usize, cost: &[i128]) -> i128 {
        fn go(left: &mut Vec<usize>, n: usize, cost: &[i128]) -> i128 {
            let Some(a) = left.pop() else { return 0 };
            let mut best = i128::MAX;
            for k in 0..left.len() {
                let b = left.remove(k);
                best = best.min(cost[a * n + b] + go(left, n, cost));
                left.insert(k, b);
            }
            left.push(a);
            best
        }
        go(&mut (0..n).collect(), n, cost)
    }

    fn total(n: usize, cost: &[i128], mate: &[usize]) -> i128 {
        (0..n)
            .filter(|&v| v < mate[v])
            .map(|v| cost[v * n + mate[v]])
            .sum()
    }

    fn symmetric(n: usize, upper: Vec<i128>) -> Vec<i128> {
        let mut cost = vec![0; n * n];
        let mut k = 0;
        for i in 0..n {
            for j in i + 1..n {
                cost[i * n + j] = upper[k];
                cost[j * n + i] = upper[k];
                k += 1;
            }
        }
        cost
    }

    fn matrix() -> impl Strategy<Value = (usize, Vec<i128>)> {
        (0usize..=6)
            .prop_flat_map(|half| {
                let n = 2 * half;
                let edges = n * n.saturating_sub(1) / 2;
                // Few distinct costs (many ties and blossoms) or a wide range.
                prop_oneof![
                    proptest::collection::vec(0i128..4, edges),
                    proptest::collection::vec(0i128..1_000_000, edges),
                ]
                .prop_map(move |upper| (n, upper))
            })
            .prop_map(|(n, upper)| (n, symmetric(n, upper)))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]
        /// The blossom algorithm's matching is perfect and costs what the cheapest of all
        /// perfect matchings costs (up to 12 vertices: 10,395 matchings).
        #[test]
        fn matching_is_perfect_and_least((n, cost) in matrix()) {
            let mate = min_cost_perfect(n, &cost);
            for v in 0..n {
                prop_assert!(mate[v] != v && mate[mate[v]] == v, "{mate:?}");
            }
            prop_assert_eq!(total(n, &cost, &mate), brute_matching(n, &cost));
        }

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

    /// Larger graphs than brute force reaches: a perfect matching no dearer than the one
    /// pairing neighbours, on costs made to form many blossoms (odd cycles of cheap edges).
    #[test]
    fn large_graphs_are_matched_perfectly() {
        let mut state = 7u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as i128
        };
        for n in [40usize, 100, 256] {
            let mut cost = vec![0; n * n];
            for i in 0..n {
                for j in i + 1..n {
                    let c = if (i + j) % 3 == 0 {
                        next() % 3
                    } else {
                        next() % 1000
                    };
                    cost[i * n + j] = c;
                    cost[j * n + i] = c;
                }
            }
            let mate = min_cost_perfect(n, &cost);
            for v in 0..n {
                assert!(mate[v] != v && mate[mate[v]] == v);
            }
            let neighbours: i128 = (0..n / 2).map(|k| cost[2 * k * n + 2 * k + 1]).sum();
            assert!(total(n, &cost, &mate) <= neighbours);
        }
    }
}
