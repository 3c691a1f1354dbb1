//! Bidirectional search, generic over the puzzle, its moves and the cost of each move.
//!
//! Two balls grow by breadth-first layers of equal cost: one from the scramble, one
//! from the solved state. Each ball is a hash map from state to exact distance plus
//! the list of states in each cost layer. The ball around the solved state does not
//! depend on the scramble, so a [`Solver`] keeps it between solves and grows it only
//! when that pays off over the solves made so far; the ball around the scramble is
//! cleared (keeping its allocation) for each new one.
//!
//! Why the answer is optimal: let the forward ball be complete to cost `F` and the
//! backward ball to cost `B`, and let `c` be the largest move cost. Along an optimal
//! path of cost `d`, the last state whose cost from the start is at most `F` lies in
//! the forward ball, and its remaining cost is at most `d - F - 1 + c`. So when the best
//! meeting `M` found so far satisfies `M <= F + B + 1 - c`, no path is cheaper than `M`.

use std::hash::Hash;

use ahash::AHashMap;
use smallvec::SmallVec;

/// One move of a puzzle as the search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSpec {
    /// Moves of one face are never made twice in a row.
    pub face: u8,
    /// Positive integer cost.
    pub cost: u32,
    /// Index of the move that undoes this one.
    pub inverse: usize,
}

/// A puzzle: states, moves with costs, and the goal.
pub trait Space {
    /// A position; small and cheap to hash.
    type State: Copy + Eq + Hash;
    /// The moves, indexed from 0.
    fn moves(&self) -> &[MoveSpec];
    /// The state after move `m`.
    fn apply(&self, s: Self::State, m: usize) -> Self::State;
    /// The solved state.
    fn goal(&self) -> Self::State;
}

/// Move indices of a path; inline for anything up to 16 moves.
pub type Moves = SmallVec<[u8; 16]>;

/// A solution: move indices into [`Space::moves`] and their total cost.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Path {
    pub cost: u32,
    pub moves: Moves,
}

/// States within some cost of a root, with exact distances, by cost layer.
#[derive(Clone, Debug)]
struct Ball<S> {
    dist: AHashMap<S, u32>,
    layers: Vec<Vec<S>>,
    /// True when the ball grows towards the root (it holds distances *to* the root).
    backward: bool,
}

impl<S: Copy + Eq + Hash> Ball<S> {
    fn new(root: S, backward: bool) -> Ball<S> {
        let mut dist = AHashMap::default();
        dist.insert(root, 0);
        Ball {
            dist,
            layers: vec![vec![root]],
            backward,
        }
    }

    fn reset(&mut self, root: S) {
        self.dist.clear();
        self.dist.insert(root, 0);
        self.layers.truncate(1);
        self.layers[0].clear();
        self.layers[0].push(root);
    }

    /// The cost to which the ball is complete.
    fn radius(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// States that growing by one layer would expand, times their moves.
    fn next_work(&self, moves: &[MoveSpec]) -> usize {
        let k = self.layers.len();
        moves
            .iter()
            .filter(|m| m.cost as usize <= k)
            .map(|m| self.layers[k - m.cost as usize].len())
            .sum()
    }

    /// Whether the ball has stopped growing: its last `max_cost` layers are empty.
    fn exhausted(&self, max_cost: u32) -> bool {
        let n = self.layers.len();
        n > max_cost as usize
            && self.layers[n - max_cost as usize..]
                .iter()
                .all(Vec::is_empty)
    }

    /// Add the next cost layer. Each new state is looked up in `other`; the cheapest
    /// meeting is folded into `best`.
    fn grow<P: Space<State = S>>(
        &mut self,
        space: &P,
        other: Option<&Ball<S>>,
        best: &mut Option<u32>,
    ) {
        let k = self.layers.len() as u32;
        let mut layer = Vec::new();
        for (m, spec) in space.moves().iter().enumerate() {
            if spec.cost > k {
                continue;
            }
            let step = if self.backward { spec.inverse } else { m };
            for &x in &self.layers[(k - spec.cost) as usize] {
                let y = space.apply(x, step);
                if let std::collections::hash_map::Entry::Vacant(e) = self.dist.entry(y) {
                    e.insert(k);
                    layer.push(y);
                    if let Some(&d) = other.and_then(|o| o.dist.get(&y)) {
                        *best = Some(best.map_or(k + d, |b| b.min(k + d)));
                    }
                }
            }
        }
        self.layers.push(layer);
    }

    /// Every cheapest path between the root and `x`, in the order walked from the root,
    /// whose move next to `x` is not of face `avoid`. `f` sees each; returning `false`
    /// stops the walk. Returns `false` if stopped.
    fn paths<P: Space<State = S>>(
        &self,
        space: &P,
        x: S,
        avoid: Option<u8>,
        suffix: &mut Moves,
        f: &mut dyn FnMut(&Moves) -> bool,
    ) -> bool {
        let d = self.dist[&x];
        if d == 0 {
            return f(suffix);
        }
        for (m, spec) in space.moves().iter().enumerate() {
            if Some(spec.face) == avoid || spec.cost > d {
                continue;
            }
            // Forward: x = y * m, so y = x * m'. Backward: y = x * m.
            let y = space.apply(x, if self.backward { m } else { spec.inverse });
            if self.dist.get(&y) == Some(&(d - spec.cost)) {
                suffix.push(m as u8);
                let go_on = self.paths(space, y, Some(spec.face), suffix, f);
                suffix.pop();
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
}

/// Tuning of the cached ball around the solved state.
#[derive(Clone, Copy, Debug)]
pub struct SolverConfig {
    /// The solved-side ball stops growing once it would pass about this many states.
    pub max_cached_states: usize,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        // 2M states keep the ball under about 40 MB: depth 8 in HTM (1,160,000
        // states), depth 10 in QTM (1,450,210).
        SolverConfig {
            max_cached_states: 2_000_000,
        }
    }
}

/// An optimal solver for one puzzle and metric, reusable across many states.
pub struct Solver<P: Space> {
    space: P,
    solved: Ball<P::State>,
    forward: Ball<P::State>,
    max_cost: u32,
    solves: usize,
    config: SolverConfig,
}

impl<P: Space> Solver<P> {
    /// A solver with the default configuration.
    pub fn new(space: P) -> Solver<P> {
        Solver::with_config(space, SolverConfig::default())
    }

    /// A solver with an explicit configuration.
    pub fn with_config(space: P, config: SolverConfig) -> Solver<P> {
        let goal = space.goal();
        let max_cost = space.moves().iter().map(|m| m.cost).max().unwrap_or(1);
        assert!(
            space.moves().iter().all(|m| m.cost > 0),
            "move costs must be positive"
        );
        Solver {
            solved: Ball::new(goal, true),
            forward: Ball::new(goal, false),
            space,
            max_cost,
            solves: 0,
            config,
        }
    }

    /// The puzzle.
    pub fn space(&self) -> &P {
        &self.space
    }

    /// Radius of the cached ball around the solved state.
    pub fn cached_radius(&self) -> u32 {
        self.solved.radius()
    }

    /// Grow the cached solved-side ball to `radius` now (or until the size cap).
    pub fn prepare(&mut self, radius: u32) {
        let mut unused = None;
        while self.solved.radius() < radius && self.may_grow_solved() {
            self.solved.grow(&self.space, None, &mut unused);
        }
    }

    fn may_grow_solved(&self) -> bool {
        let n = self.solved.layers.len();
        let last = self.solved.layers[n - 1].len();
        let prev = if n >= 2 {
            self.solved.layers[n - 2].len().max(1)
        } else {
            1
        };
        // Next layer estimated from the growth ratio of the last two.
        let next = last.saturating_mul(last) / prev;
        !self.solved.exhausted(self.max_cost)
            && self.solved.dist.len().saturating_add(next) <= self.config.max_cached_states
    }

    /// Run the search from `start` until the cheapest cost is proven. Returns it, or
    /// `None` if the goal cannot be reached.
    fn meet(&mut self, start: P::State) -> Option<u32> {
        self.solves += 1;
        self.forward.reset(start);
        let mut best = self.solved.dist.get(&start).copied();
        if best == Some(0) {
            return best;
        }
        loop {
            let reach = self.forward.radius() + self.solved.radius() + 1;
            if let Some(m) = best {
                if m + self.max_cost <= reach {
                    return Some(m);
                }
            }
            let fwd_done = self.forward.exhausted(self.max_cost);
            if fwd_done && best.is_none() {
                return None; // everything reachable from the start was seen
            }
            let fwd_work = self.forward.next_work(self.space.moves());
            let grow_solved = self.may_grow_solved() && {
                // Solved-side layers are kept for later solves: charge each solve so far a share.
                let bwd_work = self.solved.next_work(self.space.moves()) / self.solves;
                fwd_done || bwd_work < fwd_work
            };
            if grow_solved {
                self.solved
                    .grow(&self.space, Some(&self.forward), &mut best);
            } else if !fwd_done {
                self.forward
                    .grow(&self.space, Some(&self.solved), &mut best);
            } else {
                // Neither side can grow further: the best meeting is the answer.
                return best;
            }
        }
    }

    /// The states where the two balls meet on cheapest paths of cost `d`, each with
    /// the cost on its forward side, in a deterministic order.
    fn meeting_points(&self, d: u32) -> Vec<(P::State, u32)> {
        let mut points = Vec::new();
        for (k, layer) in self.forward.layers.iter().enumerate() {
            let k = k as u32;
            for &x in layer {
                if self.solved.dist.get(&x).is_some_and(|&b| k + b == d) {
                    points.push((x, k));
                }
            }
        }
        points
    }

    /// One cheapest solution from `start`, or `None` if the goal is unreachable.
    pub fn solve(&mut self, start: P::State) -> Option<Path> {
        let d = self.meet(start)?;
        let mut found = None;
        for (x, _) in self.meeting_points(d) {
            let mut back = Moves::new();
            // Forward half, walked from x back to the start, then reversed.
            let solved = &self.solved;
            let space = &self.space;
            self.forward.paths(space, x, None, &mut back, &mut |fwd| {
                let last_face = fwd.first().map(|&m| space.moves()[m as usize].face);
                let mut tail = Moves::new();
                solved.paths(space, x, last_face, &mut tail, &mut |bwd| {
                    let mut moves: Moves = fwd.iter().rev().copied().collect();
                    moves.extend(bwd.iter().copied());
                    found = Some(Path { cost: d, moves });
                    false
                });
                found.is_none()
            });
            if found.is_some() {
                break;
            }
        }
        found
    }

    /// Every cheapest solution from `start` in which no two consecutive moves share a
    /// face, sorted by move indices. Empty if the goal is unreachable.
    pub fn solve_all(&mut self, start: P::State) -> Vec<Path> {
        let Some(d) = self.meet(start) else {
            return Vec::new();
        };
        let f = self.forward.radius();
        let mut all = Vec::new();
        for (x, k) in self.meeting_points(d) {
            let solved = &self.solved;
            let space = &self.space;
            let mut back = Moves::new();
            self.forward.paths(space, x, None, &mut back, &mut |fwd| {
                let last_face = fwd.first().map(|&m| space.moves()[m as usize].face);
                let mut tail = Moves::new();
                solved.paths(space, x, last_face, &mut tail, &mut |bwd| {
                    // Count each path once: at the last state within the forward radius.
                    let next_cost = bwd
                        .first()
                        .map_or(u32::MAX, |&m| space.moves()[m as usize].cost);
                    if k.saturating_add(next_cost) > f || bwd.is_empty() {
                        let mut moves: Moves = fwd.iter().rev().copied().collect();
                        moves.extend(bwd.iter().copied());
                        all.push(Path { cost: d, moves });
                    }
                    true
                });
                true
            });
        }
        all.sort();
        all.dedup();
        all
    }
}
