//! One side of the bidirectional search: a ball of states around a root by cost
//! layer, grown a pending layer at a time, and walked back along cheapest paths.

use std::hash::Hash;

use ahash::AHashMap;
use smallvec::SmallVec;

use super::{Canon, MoveSpec, Moves, SearchError, Space};

/// A ball that cannot grow is complete to any cost; this stands for "any".
const EVERYTHING: u32 = u32::MAX / 4;

/// States within some cost of a root, with exact distances, by cost layer.
#[derive(Clone, Debug)]
pub(super) struct Ball<S> {
    pub(super) dist: AHashMap<S, u32>,
    /// The non-empty layers, cheapest first: their cost, and each state with the move
    /// next to it on its path from the root (`n`, the number of moves, for the root).
    pub(super) layers: Vec<(u32, Vec<(S, u8)>)>,
    /// The cost to which the committed layers are complete.
    pub(super) done: u32,
    /// The next layer and its cost, not yet in `dist`; it may hold repeats and states
    /// seen before.
    pending: Option<(u32, Vec<(S, u8)>)>,
    /// Distances of pending states where the sides met, for walking the paths.
    met: AHashMap<S, u32>,
    /// True when the ball grows towards the root (it holds distances *to* the root).
    backward: bool,
    /// The pending layer was cut short because the search was sure to end with it;
    /// it must not be committed.
    partial: bool,
    /// The expansion itself stopped at its first meeting: the meetings of the layer
    /// are not all known.
    pub(super) stopped: bool,
}

impl<S: Copy + Eq + Hash> Ball<S> {
    pub(super) fn new(root: S, backward: bool, n: usize) -> Ball<S> {
        let mut ball = Ball {
            dist: AHashMap::default(),
            layers: Vec::new(),
            done: 0,
            pending: None,
            met: AHashMap::default(),
            backward,
            partial: false,
            stopped: false,
        };
        ball.reset(root, n);
        ball
    }

    pub(super) fn reset(&mut self, root: S, n: usize) {
        self.dist.clear();
        self.dist.insert(root, 0);
        self.layers.truncate(1);
        match self.layers.first_mut() {
            Some((cost, layer)) => {
                *cost = 0;
                layer.clear();
                layer.push((root, n as u8));
            }
            None => self.layers.push((0, vec![(root, n as u8)])),
        }
        self.done = 0;
        self.pending = None;
        self.partial = false;
        self.stopped = false;
        self.met.clear();
    }

    /// The cost of the next layer: the cheapest a move can add to a layer past `done`.
    /// `costs` are the distinct move costs, ascending.
    fn next_cost(&self, costs: &[u32]) -> Option<u32> {
        let top = costs.last().copied().unwrap_or(1);
        let mut best: Option<u32> = None;
        for &(c, _) in self.layers.iter().rev() {
            if c + top <= self.done {
                break; // this layer and all before it are spent
            }
            if let Some(&m) = costs.iter().find(|&&m| c + m > self.done) {
                best = Some(best.map_or(c + m, |b| b.min(c + m)));
            }
        }
        best
    }

    /// The cost to which the ball is complete, counting the pending layer.
    pub(super) fn reach(&self, costs: &[u32]) -> u32 {
        match &self.pending {
            Some((k, _)) => *k,
            None => self.next_cost(costs).map_or(EVERYTHING, |k| k - 1),
        }
    }

    /// Distance of a state, committed or met in the pending layer.
    pub(super) fn get(&self, s: &S) -> Option<u32> {
        self.dist.get(s).or_else(|| self.met.get(s)).copied()
    }

    /// The layer of exactly this cost, if it has states.
    fn layer(&self, cost: u32) -> Option<&[(S, u8)]> {
        layer_of(&self.layers, cost)
    }
    /// States that growing to cost `k` would expand, times their moves.
    fn work_at(&self, k: u32, moves: &[MoveSpec]) -> usize {
        moves
            .iter()
            .filter(|m| m.cost <= k)
            .filter_map(|m| self.layer(k - m.cost))
            .map(<[_]>::len)
            .sum()
    }

    /// States that growing by one layer would expand, times their moves.
    pub(super) fn next_work(&self, moves: &[MoveSpec], costs: &[u32]) -> usize {
        self.next_cost(costs).map_or(0, |k| self.work_at(k, moves))
    }

    /// Whether the ball has stopped growing: no move leads past what it holds.
    pub(super) fn exhausted(&self, costs: &[u32]) -> bool {
        self.pending.as_ref().is_none_or(|(_, l)| l.is_empty()) && self.next_cost(costs).is_none()
    }

    /// Compute the next layer as a pending list. Each new state is looked up in
    /// `other`; meetings go to `meets` as (state, cost from the start, total cost).
    ///
    /// With an [`Ending`], a meeting that is sure to end the search (see the module
    /// docs) stops the list: nothing will expand or commit it, and the rest of the
    /// layer is only probed, or not walked at all when the ending says the first
    /// meeting is enough. On a cold hard solve the last list would hold 60,000 states
    /// (720 KB of fresh pages).
    pub(super) fn expand<P: Space<State = S>>(
        &mut self,
        space: &P,
        canon: &Canon,
        costs: &[u32],
        other: Option<&Ball<S>>,
        ending: Option<Ending>,
        meets: &mut Vec<(S, u32, u32)>,
    ) {
        debug_assert!(self.pending.is_none());
        let Some(k) = self.next_cost(costs) else {
            self.pending = Some((self.done, Vec::new()));
            return;
        };
        let mut layer = Vec::with_capacity(self.work_at(k, space.moves()));
        // The search ends after this layer once a meeting's total plus the largest
        // move cost is within the new reach of both sides.
        let end_at =
            ending.map(|e| (k as u64 + e.other_reach as u64 + 1).saturating_sub(e.max_cost as u64));
        let stop = ending.is_some_and(|e| e.at_first);
        let mut keep = true;
        for (m, spec) in space.moves().iter().enumerate() {
            if spec.cost > k {
                continue;
            }
            let Some(from) = layer_of(&self.layers, k - spec.cost) else {
                continue;
            };
            // Forward, m comes after the move next to x; backward, before it.
            let allowed = if self.backward {
                canon.before_row(m)
            } else {
                canon.after_row(m)
            };
            let backward = self.backward;
            for &(x, last) in from {
                if !allowed[last as usize] {
                    continue;
                }
                let y = if backward {
                    space.apply_inverse(x, m)
                } else {
                    space.apply(x, m)
                };
                // No lookup in our own map: a state seen before only repeats, or makes
                // a dearer meeting, which the totals drop; `commit` removes it. Saving
                // that lookup took a cold hard solve (whole process, hyperfine medians of
                // 80 interleaved runs) from 4.41 to 3.64 ms in HTM, 9.17 to 6.95 ms in QTM.
                if keep {
                    layer.push((y, m as u8));
                }
                if let Some(&d) = other.and_then(|o| o.dist.get(&y)) {
                    let (from_start, total) = if self.backward {
                        (d, k + d)
                    } else {
                        (k, k + d)
                    };
                    meets.push((y, from_start, total));
                    self.met.insert(y, k);
                    if end_at.is_some_and(|e| total as u64 <= e) {
                        keep = false;
                        if stop {
                            self.partial = true;
                            self.stopped = true;
                            self.pending = Some((k, layer));
                            return;
                        }
                    }
                }
            }
        }
        self.partial = !keep;
        self.pending = Some((k, layer));
    }

    /// Move the pending layer into the map, dropping repeats.
    pub(super) fn commit(&mut self) -> Result<(), SearchError> {
        let Some((k, mut layer)) = self.pending.take() else {
            return Ok(());
        };
        assert!(!self.partial, "a layer cut short is never committed");
        // The pending list holds repeats: reserving for all of them pushed the QTM
        // cache to the next power of two (10,000 states: peak 64.6 MB, 0.69 s); half
        // gave 46 MB and 0.36 s. A small map reserves for all: a cold hard solve
        // rehashed less (5.72 to 5.55 million instructions).
        let want = if self.dist.len() < 1 << 14 {
            layer.len()
        } else {
            layer.len() / 2
        };
        if self.dist.try_reserve(want).is_err() {
            return Err(SearchError::OutOfMemory(self.dist.len()));
        }
        // In place: a second list of the same size was 44 more fresh pages on a cold
        // hard solve.
        let dist = &mut self.dist;
        layer.retain(|&(y, _)| match dist.entry(y) {
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(k);
                true
            }
            std::collections::hash_map::Entry::Occupied(_) => false,
        });
        // The repeats' room goes back: kept, it made a large puzzle's batch peak at
        // 161 MB instead of 105 (found in review).
        layer.shrink_to_fit();
        if !layer.is_empty() {
            self.layers.push((k, layer));
        }
        self.done = self.done.max(k);
        self.met.clear();
        Ok(())
    }

    /// The moves from `x` one step closer to the root on a cheapest path, with the
    /// state each leads to. Memoised: the paths of `solve_all` share most steps.
    fn steps<'m, P: Space<State = S>>(
        &self,
        space: &P,
        x: S,
        memo: &'m mut Memo<S>,
    ) -> &'m Steps<S> {
        memo.entry(x).or_insert_with(|| {
            let mut out = Steps {
                at_root: false,
                next: SmallVec::new(),
            };
            let Some(d) = self.get(&x) else {
                return out;
            };
            out.at_root = d == 0;
            // All neighbours first, then all probes: independent cache misses overlap.
            let moves = space.moves();
            let next: SmallVec<[S; 16]> = (0..moves.len())
                .map(|m| {
                    if self.backward {
                        space.apply(x, m)
                    } else {
                        space.apply_inverse(x, m)
                    }
                })
                .collect();
            for (m, (spec, y)) in moves.iter().zip(next).enumerate() {
                // Forward: x = y * m, so y = x * m'. Backward: y = x * m.
                if spec.cost <= d && self.dist.get(&y) == Some(&(d - spec.cost)) {
                    out.next.push((m as u8, y));
                }
            }
            out
        })
    }

    /// Whether move `m` may stand next to `x` on a path whose next move beyond `x`
    /// (away from the root) is `adjacent`.
    fn fits(&self, canon: &Canon, m: usize, adjacent: Option<u8>) -> bool {
        match adjacent {
            None => true,
            // Forward, m is followed by the adjacent move; backward, it follows it.
            Some(a) if self.backward => canon.allows(Some(a as usize), m),
            Some(a) => canon.allows(Some(m), a as usize),
        }
    }

    /// Every cheapest canonical path between the root and `x`, in the order walked
    /// from the root, that fits beside the move `adjacent` beyond `x` and whose move
    /// next to `x` costs at least `min_cost`. `f` sees each; returning `false` stops
    /// the walk. Returns `false` if stopped.
    ///
    /// With a memo, each state's steps are found once (all paths share them); without,
    /// each step is looked up only when reached, which is cheapest for one path.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn paths<P: Space<State = S>>(
        &self,
        space: &P,
        canon: &Canon,
        x: S,
        adjacent: Option<u8>,
        min_cost: u32,
        suffix: &mut Moves,
        memo: &mut Option<Memo<S>>,
        f: &mut dyn FnMut(&Moves) -> bool,
    ) -> bool {
        let next: SmallVec<[(u8, S); 6]> = match memo {
            Some(memo) => {
                let steps = self.steps(space, x, memo);
                if steps.at_root {
                    return f(suffix);
                }
                steps.next.clone()
            }
            None => {
                let Some(d) = self.get(&x) else {
                    return true;
                };
                if d == 0 {
                    return f(suffix);
                }
                for (m, spec) in space.moves().iter().enumerate() {
                    if spec.cost > d || spec.cost < min_cost || !self.fits(canon, m, adjacent) {
                        continue;
                    }
                    let y = if self.backward {
                        space.apply(x, m)
                    } else {
                        space.apply_inverse(x, m)
                    };
                    if self.dist.get(&y) == Some(&(d - spec.cost)) {
                        suffix.push(m as u8);
                        let go_on = self.paths(space, canon, y, Some(m as u8), 0, suffix, memo, f);
                        suffix.pop();
                        if !go_on {
                            return false;
                        }
                    }
                }
                return true;
            }
        };
        for (m, y) in next {
            let spec = space.moves()[m as usize];
            if spec.cost < min_cost || !self.fits(canon, m as usize, adjacent) {
                continue;
            }
            suffix.push(m);
            let go_on = self.paths(space, canon, y, Some(m), 0, suffix, memo, f);
            suffix.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// How a forward layer may end the search: the solved side's reach and the largest
/// move cost, and whether the first meeting that ends the search may stop the layer.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ending {
    pub(super) other_reach: u32,
    pub(super) max_cost: u32,
    pub(super) at_first: bool,
}

/// The layer of exactly this cost, if it has states. The layers a move reaches back
/// to are the last few: the search runs from the end.
fn layer_of<S>(layers: &[(u32, Vec<(S, u8)>)], cost: u32) -> Option<&[(S, u8)]> {
    layers
        .iter()
        .rev()
        .take_while(|(c, _)| *c >= cost)
        .find(|(c, _)| *c == cost)
        .map(|(_, l)| l.as_slice())
}

/// Cheapest steps from one state towards the root of a ball.
#[derive(Clone, Debug)]
pub(super) struct Steps<S> {
    at_root: bool,
    next: SmallVec<[(u8, S); 6]>,
}

/// Memo of cheapest steps per state, for walking many paths.
pub(super) type Memo<S> = AHashMap<S, Steps<S>>;

/// Memos of the forward and the solved side; `None` walks without one.
pub(super) type Memos<S> = (Option<Memo<S>>, Option<Memo<S>>);
