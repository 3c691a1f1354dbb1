//! Bidirectional search, generic over the puzzle, its moves and the cost of each move.
//!
//! Two balls grow by layers of equal cost: one from the scramble, one from the solved
//! state. Each ball is a hash map from state to exact distance plus the list of states
//! in each cost layer that occurs (costs that no path has take no room, so a move
//! costing a million times another costs nothing extra). The ball around the solved
//! state does not depend on the scramble, so a [`Solver`] keeps it between solves and
//! grows it only when that pays off over the solves made so far; the ball around the
//! scramble is cleared (keeping its allocation) for each new one. The side to grow next
//! is the one whose next layer is cheaper, which alternates the half-depths of the two
//! sides.
//!
//! The newest layer of a side is first kept as a plain list (*pending*), each state
//! looked up in the other side's map but not inserted into its own. Only when the
//! search must go on is it committed. The last layer is the largest, and it is never
//! inserted: this made a cold hard solve about twice as fast.
//!
//! Canonical sequences: a move `b` never follows a move `a` when `a b` is no move at
//! all or a single move costing no more ([`Canon`]); on the cube that is "never one face
//! twice in a row". Each state keeps the move that first reached it, and the states it
//! would miss are reached from its predecessor by the single move, at no greater cost.
//!
//! Why the answer is optimal: let the forward side be complete to cost `F` and the
//! backward side to cost `B`, and let `c` be the largest move cost. Along an optimal
//! path of cost `d`, the last state whose cost from the start is at most `F` is in the
//! forward side, and its remaining cost is at most `d - F - 1 + c`. So when the best
//! meeting `M` found so far satisfies `M <= F + B + 1 - c`, no path is cheaper than `M`.

use crate::model::{Error, Kind};
use std::fmt;
use std::hash::Hash;

use ahash::AHashMap;
use smallvec::SmallVec;

/// Moves a space may have at most: a move index is a byte, and one value marks "none".
pub const MAX_MOVES: usize = 255;

/// One move of a puzzle as the search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSpec {
    /// The face the move turns; moves of one face are powers of one another.
    pub face: u8,
    /// Positive integer cost.
    pub cost: u32,
}

/// What two moves make one after the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// Nothing: the second undoes the first.
    Identity,
    /// The same as this single move.
    Move(usize),
    /// Anything else.
    Other,
}

/// A puzzle: states, moves with costs, and the goal.
pub trait Space {
    /// A position; small and cheap to hash.
    type State: Copy + Eq + Hash;
    /// The moves, indexed from 0; at most [`MAX_MOVES`].
    fn moves(&self) -> &[MoveSpec];
    /// The state after move `m`.
    fn apply(&self, s: Self::State, m: usize) -> Self::State;
    /// The state before move `m`: `apply_inverse(apply(s, m), m) == s`. The undoing
    /// move need not be one of the moves (clockwise quarter turns alone are a space).
    fn apply_inverse(&self, s: Self::State, m: usize) -> Self::State;
    /// The solved state.
    fn goal(&self) -> Self::State;
    /// Move `a` then move `b`, as a permutation of the whole puzzle (not just of the
    /// solved state, which may look alike after different moves).
    fn product(&self, a: usize, b: usize) -> Product;
    /// Whether move `a` then move `b` is the same as `b` then `a` (for moves of
    /// different faces; used to list each product of commuting moves once).
    fn commutes(&self, _a: usize, _b: usize) -> bool {
        false
    }
}

/// A borrowed space is a space: a solver may borrow the puzzle it searches.
impl<P: Space> Space for &P {
    type State = P::State;

    fn moves(&self) -> &[MoveSpec] {
        (**self).moves()
    }

    fn apply(&self, s: Self::State, m: usize) -> Self::State {
        (**self).apply(s, m)
    }

    fn apply_inverse(&self, s: Self::State, m: usize) -> Self::State {
        (**self).apply_inverse(s, m)
    }

    fn goal(&self) -> Self::State {
        (**self).goal()
    }

    fn product(&self, a: usize, b: usize) -> Product {
        (**self).product(a, b)
    }

    fn commutes(&self, a: usize, b: usize) -> bool {
        (**self).commutes(a, b)
    }
}

/// The canonical-sequence rule of a space: which move may follow which. Move `b` may
/// not follow `a` when `a b` undoes itself or equals a single move that costs no more
/// than both; every state is still reached at its exact cost, by fewer moves. That is
/// the rule of every search and walk. Listing sequences rather than states (the
/// magic-move search) also puts commuting moves of different faces in face order
/// ([`Canon::allows_sorted`]), so each product is listed once.
#[derive(Clone, Debug)]
pub struct Canon {
    n: usize,
    /// `after[b][a]`: whether `b` may follow `a` (`a == n`: at the start). Rows of
    /// 256 so a move byte indexes them without a bounds check: with rows of `n + 1`,
    /// 1,000 random states took 6% more instructions than the face test before it.
    after: Vec<[bool; 256]>,
    /// `before[a][b]`: the same, indexed for walking backwards.
    before: Vec<[bool; 256]>,
    /// `sorted[a * n + b]`: `after` and, for commuting moves, faces in order.
    sorted: Vec<bool>,
    /// `swaps[a * n + b]`: moves of different faces that commute.
    swaps: Vec<bool>,
}

impl Canon {
    /// The rule of `space`.
    pub fn new<P: Space>(space: &P) -> Canon {
        Canon::from_relations(
            space.moves(),
            |a, b| space.product(a, b),
            |a, b| space.commutes(a, b),
        )
    }

    /// The rule of moves with these costs, products and commuting pairs.
    pub fn from_relations(
        moves: &[MoveSpec],
        product: impl Fn(usize, usize) -> Product,
        commutes: impl Fn(usize, usize) -> bool,
    ) -> Canon {
        let n = moves.len();
        let mut after = vec![[true; 256]; n];
        let mut before = vec![[true; 256]; n];
        let mut sorted = vec![true; n * n];
        let mut swaps = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                let redundant = match product(a, b) {
                    Product::Identity => true,
                    Product::Move(c) => moves[c].cost <= moves[a].cost + moves[b].cost,
                    Product::Other => false,
                };
                after[b][a] = !redundant;
                before[a][b] = !redundant;
                let swap = moves[b].face != moves[a].face && commutes(a, b);
                swaps[a * n + b] = swap;
                let unsorted = moves[b].face < moves[a].face && swap;
                sorted[a * n + b] = !redundant && !unsorted;
            }
        }
        Canon {
            n,
            after,
            before,
            sorted,
            swaps,
        }
    }

    /// Whether moves `a` and `b`, of different faces, commute.
    pub fn commute(&self, a: usize, b: usize) -> bool {
        self.swaps[a * self.n + b]
    }

    /// Whether `next` may follow `prev` (`None`: at the start of a sequence).
    pub fn allows(&self, prev: Option<usize>, next: usize) -> bool {
        self.after[next][prev.unwrap_or(self.n)]
    }

    /// Whether `next` may follow `prev` in a listing of sequences: [`Canon::allows`],
    /// and commuting moves of different faces only in increasing face order.
    pub fn allows_sorted(&self, prev: Option<usize>, next: usize) -> bool {
        prev.is_none_or(|p| self.sorted[p * self.n + next])
    }

    /// Indexed by the previous move (`n` for none): may `next` follow it?
    #[inline]
    fn after_row(&self, next: usize) -> &[bool; 256] {
        &self.after[next]
    }

    /// Indexed by the next move (`n` for none): may it follow `prev`?
    #[inline]
    fn before_row(&self, prev: usize) -> &[bool; 256] {
        &self.before[prev]
    }
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The search would hold more than this many positions.
    TooManyPositions(usize),
    /// Memory for the positions could not be had.
    OutOfMemory(usize),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::TooManyPositions(n) => write!(
                f,
                "gave up: the search would hold more than {} positions",
                crate::io::group(*n as u64)
            ),
            SearchError::OutOfMemory(n) => write!(
                f,
                "gave up: out of memory after {} positions",
                crate::io::group(*n as u64)
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// Move indices of a path; inline for anything up to 16 moves.
pub type Moves = SmallVec<[u8; 16]>;

/// A solution: move indices into [`Space::moves`] and their total cost.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Path {
    pub cost: u32,
    pub moves: Moves,
}

/// A ball that cannot grow is complete to any cost; this stands for "any".
const EVERYTHING: u32 = u32::MAX / 4;

/// States within some cost of a root, with exact distances, by cost layer.
#[derive(Clone, Debug)]
struct Ball<S> {
    dist: AHashMap<S, u32>,
    /// The non-empty layers, cheapest first: their cost, and each state with the move
    /// next to it on its path from the root (`n`, the number of moves, for the root).
    layers: Vec<(u32, Vec<(S, u8)>)>,
    /// The cost to which the committed layers are complete.
    done: u32,
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
    stopped: bool,
}

impl<S: Copy + Eq + Hash> Ball<S> {
    fn new(root: S, backward: bool, n: usize) -> Ball<S> {
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

    fn reset(&mut self, root: S, n: usize) {
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
    fn reach(&self, costs: &[u32]) -> u32 {
        match &self.pending {
            Some((k, _)) => *k,
            None => self.next_cost(costs).map_or(EVERYTHING, |k| k - 1),
        }
    }

    /// Distance of a state, committed or met in the pending layer.
    fn get(&self, s: &S) -> Option<u32> {
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
    fn next_work(&self, moves: &[MoveSpec], costs: &[u32]) -> usize {
        self.next_cost(costs).map_or(0, |k| self.work_at(k, moves))
    }

    /// Whether the ball has stopped growing: no move leads past what it holds.
    fn exhausted(&self, costs: &[u32]) -> bool {
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
    fn expand<P: Space<State = S>>(
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
    fn commit(&mut self) -> Result<(), SearchError> {
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
    fn paths<P: Space<State = S>>(
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
struct Ending {
    other_reach: u32,
    max_cost: u32,
    at_first: bool,
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
struct Steps<S> {
    at_root: bool,
    next: SmallVec<[(u8, S); 6]>,
}

/// Memo of cheapest steps per state, for walking many paths.
type Memo<S> = AHashMap<S, Steps<S>>;

/// Memos of the forward and the solved side; `None` walks without one.
type Memos<S> = (Option<Memo<S>>, Option<Memo<S>>);

/// An insertion into the large cached map costs a probe, a write and its share of
/// rehashing. Weights 1, 4 and 16 gave the same batch times within noise (10,000 and
/// 100,000 random states, HTM and QTM, medians of 7 runs).
const INSERT_WEIGHT: usize = 4;

/// Tuning of the cached ball around the solved state, and the search's budget.
#[derive(Clone, Copy, Debug)]
pub struct SolverConfig {
    /// The solved-side ball stops growing once it would pass about this many states.
    pub max_cached_states: usize,
    /// A search that would hold more positions than this (both sides, with the next
    /// layer) gives up with [`SearchError::TooManyPositions`].
    pub max_states: usize,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        // 2M states keep the ball under about 40 MB: depth 8 in HTM (1,160,000
        // states), depth 10 in QTM (1,450,210). A cap of 400,000 made 100,000 random
        // QTM states take 3.4 s instead of 1.5 s, and HTM no faster.
        SolverConfig {
            max_cached_states: 2_000_000,
            max_states: usize::MAX,
        }
    }
}

/// Whether a space suits the search: at most [`MAX_MOVES`] moves, each with a positive
/// cost.
pub fn check_moves<P: Space>(space: &P) -> Result<(), Error> {
    let moves = space.moves();
    if moves.len() > MAX_MOVES {
        return Err(Error::invalid(
            Kind::Moves,
            format!(
                "{} moves: the search takes at most {MAX_MOVES}",
                moves.len()
            ),
        ));
    }
    if let Some(i) = moves.iter().position(|m| m.cost == 0) {
        return Err(Error::invalid(
            Kind::Moves,
            format!("move {i} has cost 0: costs must be positive"),
        ));
    }
    Ok(())
}

/// An optimal solver for one puzzle and metric, reusable across many states.
pub struct Solver<P: Space> {
    space: P,
    canon: Canon,
    /// The distinct move costs, ascending.
    costs: Vec<u32>,
    solved: Ball<P::State>,
    forward: Ball<P::State>,
    /// Meetings of the current solve: (state, cost from the start, total cost).
    meets: Vec<(P::State, u32, u32)>,
    max_cost: u32,
    solves: usize,
    config: SolverConfig,
    /// Buffers of [`Solver::first_path`], kept between solves: 1,000 random states
    /// took 155.8 million instructions with a fresh map a solve, 153.2 with these.
    marks: Marks<P::State>,
}

/// Marked states with their cost from the start, a stack of states to visit, and the
/// dead ends of a walk through a forward side cut short ([`FirstWalk`]).
type Marks<S> = (AHashMap<S, u32>, Vec<(S, u32)>, ahash::AHashSet<(S, u8)>);

/// What the walk for the first path may step on, and (for a forward side cut short)
/// the states known to lead nowhere after a move, up to the forward side's reach.
struct FirstWalk<'a, S> {
    on_path: &'a dyn Fn(&S, u32) -> bool,
    dead: Option<(&'a mut ahash::AHashSet<(S, u8)>, u32)>,
    /// Steps left.
    budget: usize,
}

/// What [`Solver::first_path`] found.
enum First {
    Path(Path),
    /// No path: not reached when the search's bounds hold.
    Missing,
    /// The walk through a forward side cut short gave up.
    OverBudget,
}

impl<P: Space> Solver<P> {
    /// A solver with the default configuration.
    ///
    /// Panics if the space breaks `check_moves`.
    pub fn new(space: P) -> Solver<P> {
        Solver::with_config(space, SolverConfig::default())
    }

    /// A solver with an explicit configuration.
    ///
    /// Panics if the space breaks `check_moves`.
    pub fn with_config(space: P, config: SolverConfig) -> Solver<P> {
        if let Err(e) = check_moves(&space) {
            panic!("{e}");
        }
        let goal = space.goal();
        let moves = space.moves();
        let n = moves.len();
        let mut costs: Vec<u32> = moves.iter().map(|m| m.cost).collect();
        costs.sort_unstable();
        costs.dedup();
        let max_cost = costs.last().copied().unwrap_or(1);
        Solver {
            canon: Canon::new(&space),
            costs,
            solved: Ball::new(goal, true, n),
            forward: Ball::new(goal, false, n),
            meets: Vec::new(),
            space,
            max_cost,
            solves: 0,
            config,
            marks: Default::default(),
        }
    }

    /// The puzzle.
    pub fn space(&self) -> &P {
        &self.space
    }

    /// The canonical-sequence rule the solutions follow.
    pub fn canon(&self) -> &Canon {
        &self.canon
    }

    /// Radius of the cached ball around the solved state.
    pub fn cached_radius(&self) -> u32 {
        self.solved.done
    }

    /// Grow the cached solved-side ball to `radius` now (or until the size cap).
    pub fn prepare(&mut self, radius: u32) {
        let mut unused = Vec::new();
        while self.solved.commit().is_ok() && self.solved.done < radius && self.may_grow_solved() {
            self.solved.expand(
                &self.space,
                &self.canon,
                &self.costs,
                None,
                None,
                &mut unused,
            );
        }
    }

    /// Whether the cached ball has stopped at its size cap: it could grow, but its
    /// next layer would pass [`SolverConfig::max_cached_states`].
    pub fn cache_full(&self) -> bool {
        !self.solved.exhausted(&self.costs) && !self.may_grow_solved()
    }

    /// Drop the cached ball around the solved state, and its memory.
    pub fn drop_cache(&mut self) {
        let n = self.space.moves().len();
        self.solved = Ball::new(self.space.goal(), true, n);
        self.marks = Default::default();
    }

    fn may_grow_solved(&self) -> bool {
        let sizes: SmallVec<[usize; 2]> = self
            .solved
            .layers
            .iter()
            .rev()
            .take(2)
            .map(|(_, l)| l.len())
            .collect();
        let last = sizes.first().copied().unwrap_or(1);
        let prev = sizes.get(1).copied().unwrap_or(1).max(1);
        // Next layer estimated from the growth ratio of the last two.
        let next = last.saturating_mul(last) / prev;
        !self.solved.exhausted(&self.costs)
            && self.solved.dist.len().saturating_add(next) <= self.config.max_cached_states
    }

    /// Run the search from `start` until the cheapest cost is proven. Returns it, or
    /// `None` if the goal cannot be reached.
    ///
    /// With `first_only`, a forward layer may stop at its first meeting when that
    /// proves the cost ([`Ending`]): the meetings are then not all known, and
    /// [`Solver::first_path`] finds the path without them.
    fn meet(&mut self, start: P::State, first_only: bool) -> Result<Option<u32>, SearchError> {
        let n = self.space.moves().len();
        self.solves += 1;
        self.meets.clear();
        self.forward.reset(start, n);
        // A layer left pending by the previous solve joins the cache now.
        self.solved.commit()?;
        let mut best = self.solved.dist.get(&start).copied();
        if let Some(d) = best {
            self.meets.push((start, 0, d));
            if d == 0 {
                return Ok(best);
            }
        }
        let costs = &self.costs;
        loop {
            let reach = self.forward.reach(costs) as u64 + self.solved.reach(costs) as u64 + 1;
            if let Some(m) = best {
                if (m + self.max_cost) as u64 <= reach {
                    return Ok(Some(m));
                }
            }
            self.forward.commit()?;
            self.solved.commit()?;
            let fwd_done = self.forward.exhausted(costs);
            let fwd_work = self.forward.next_work(self.space.moves(), costs);
            let bwd_work = self.solved.next_work(self.space.moves(), costs);
            let grow_solved = self.may_grow_solved() && {
                // Solved-side layers are kept for later solves: charge each solve so far a share.
                fwd_done || bwd_work * INSERT_WEIGHT / self.solves < fwd_work
            };
            let held = self.forward.dist.len() + self.solved.dist.len();
            let work = if grow_solved { bwd_work } else { fwd_work };
            if held.saturating_add(work) > self.config.max_states {
                return Err(SearchError::TooManyPositions(self.config.max_states));
            }
            let found = self.meets.len();
            if grow_solved {
                // The solved side's layer is kept for later solves: never cut short.
                self.solved.expand(
                    &self.space,
                    &self.canon,
                    costs,
                    Some(&self.forward),
                    None,
                    &mut self.meets,
                );
            } else if !fwd_done {
                // With every move costing 1, every meeting of the layer that ends the
                // search has the same total (the module docs' bound is exact: no path
                // costs F + B or less, and each meeting costs F + 1 + B), so one
                // meeting proves the cost; the first path is then found depth-first.
                // (With other costs the bound is not exact, and the layer is probed
                // to its end.)
                let ending = Ending {
                    other_reach: self.solved.reach(costs),
                    max_cost: self.max_cost,
                    at_first: first_only && costs[..] == [1],
                };
                self.forward.expand(
                    &self.space,
                    &self.canon,
                    costs,
                    Some(&self.solved),
                    Some(ending),
                    &mut self.meets,
                );
            } else {
                // Neither side can grow further: the best meeting is the answer.
                return Ok(best);
            }
            for &(_, _, total) in &self.meets[found..] {
                best = Some(best.map_or(total, |b| b.min(total)));
            }
        }
    }

    /// The states where the two sides meet on cheapest paths of cost `d`, each with
    /// its cost from the start, without repeats, in the order they were found.
    fn meeting_points(&self, d: u32) -> Vec<(P::State, u32)> {
        let mut seen = ahash::AHashSet::new();
        self.meets
            .iter()
            .filter(|&&(x, _, total)| total == d && seen.insert(x))
            .map(|&(x, k, _)| (x, k))
            .collect()
    }

    /// The first cheapest canonical path in move order (the first of
    /// [`Solver::solve_all`]), after [`Solver::meet`] proved the cost `d`.
    ///
    /// A state `y` at cost `k` from the start lies on a cheapest path exactly when it
    /// is `d - k` from the goal. Every cheapest path passes a meeting point; before it
    /// the states are marked by walking back from the meeting points through the
    /// forward side, after it they are in the solved side with their exact distances.
    /// So a depth-first walk from the start, moves in order, through such states only,
    /// finds the first path at once (it backtracks only where the canonical rule
    /// forbids a move).
    fn first_path(&self, start: P::State, d: u32, buffers: &mut Marks<P::State>) -> First {
        let space = &self.space;
        let moves = space.moves();
        if self.forward.stopped {
            // The last forward layer stopped at its first meeting, so the meetings are
            // not all known (moves costing 1: see `meet`). A state at cost k <= F
            // (the forward side's committed reach) on a cheapest path is exactly k
            // from the start; past F it is exactly d - k from the goal, in the solved
            // side. The walk in move order tries the states that pass the first test,
            // and stops at the first path.
            // Within F many sequences reach the same state (moves that commute), so
            // a state found to lead nowhere after a move is remembered: without that,
            // a puzzle file of independent cycles took 4 s instead of 0.02 s, or
            // minutes (found in review).
            let f = self.forward.done;
            let on_path = |y: &P::State, k: u32| {
                if k <= f {
                    self.forward.dist.get(y) == Some(&k)
                } else {
                    self.solved.get(y) == Some(d - k)
                }
            };
            let (_, _, dead) = buffers;
            dead.clear();
            let mut path = Moves::new();
            // Where many states within F lead nowhere, the walk could cost more than
            // the rest of the layer: past as many steps as the forward side has
            // states, it gives up and the caller finishes the layer instead.
            let mut walk = FirstWalk {
                on_path: &on_path,
                dead: Some((dead, f)),
                budget: self.forward.dist.len(),
            };
            return match self.first_from(start, 0, None, d, &mut walk, &mut path) {
                Some(true) => First::Path(Path {
                    cost: d,
                    moves: path,
                }),
                Some(false) => First::Missing,
                None => First::OverBudget,
            };
        }
        // Forward states on cheapest paths, with their cost from the start; the
        // buffers are the solver's, kept between solves.
        let (marked, stack, _) = buffers;
        marked.clear();
        stack.clear();
        for &(x, k, total) in &self.meets {
            if total == d && marked.insert(x, k).is_none() {
                stack.push((x, k));
            }
        }
        while let Some((z, j)) = stack.pop() {
            for (m, spec) in moves.iter().enumerate() {
                if spec.cost > j {
                    continue;
                }
                let p = space.apply_inverse(z, m);
                if self.forward.get(&p) == Some(j - spec.cost) && !marked.contains_key(&p) {
                    marked.insert(p, j - spec.cost);
                    stack.push((p, j - spec.cost));
                }
            }
        }
        let on_path =
            |y: &P::State, k: u32| marked.get(y) == Some(&k) || self.solved.get(y) == Some(d - k);
        let mut path = Moves::new();
        let mut walk = FirstWalk {
            on_path: &on_path,
            dead: None,
            budget: usize::MAX,
        };
        match self.first_from(start, 0, None, d, &mut walk, &mut path) {
            Some(true) => First::Path(Path {
                cost: d,
                moves: path,
            }),
            _ => First::Missing,
        }
    }

    /// Depth-first in move order from `y` at cost `k`, through states on cheapest
    /// paths; true when `path` holds a whole one, `None` when the walk's budget ran
    /// out.
    fn first_from(
        &self,
        y: P::State,
        k: u32,
        last: Option<usize>,
        d: u32,
        walk: &mut FirstWalk<'_, P::State>,
        path: &mut Moves,
    ) -> Option<bool> {
        if k == d {
            return Some(true);
        }
        for (m, spec) in self.space.moves().iter().enumerate() {
            let j = k + spec.cost;
            if j > d || !self.canon.allows(last, m) {
                continue;
            }
            walk.budget = walk.budget.checked_sub(1)?;
            let z = self.space.apply(y, m);
            if !(walk.on_path)(&z, j) {
                continue;
            }
            // Remembered only within the forward side: past it, the solved side's
            // exact distances leave no dead ends but the canonical rule's.
            let remember = matches!(&walk.dead, Some((_, f)) if j <= *f);
            if remember
                && walk
                    .dead
                    .as_ref()
                    .is_some_and(|(dead, _)| dead.contains(&(z, m as u8)))
            {
                continue; // known to lead nowhere
            }
            path.push(m as u8);
            if self.first_from(z, j, Some(m), d, walk, path)? {
                return Some(true);
            }
            path.pop();
            if let Some((dead, _)) = walk.dead.as_mut().filter(|_| remember) {
                dead.insert((z, m as u8));
            }
        }
        Some(false)
    }

    /// Walk every pair of cheapest half paths through `x` that join into a canonical
    /// sequence, the second half starting with a move costing at least `min_next`;
    /// `f` gets both halves and may stop the walk.
    fn join(
        &self,
        x: P::State,
        min_next: u32,
        memos: &mut Memos<P::State>,
        f: &mut dyn FnMut(&Moves, &Moves) -> bool,
    ) {
        let (space, canon, solved) = (&self.space, &self.canon, &self.solved);
        let (fwd_memo, bwd_memo) = memos;
        let mut back = Moves::new();
        self.forward
            .paths(space, canon, x, None, 0, &mut back, fwd_memo, &mut |fwd| {
                let mut tail = Moves::new();
                solved.paths(
                    space,
                    canon,
                    x,
                    fwd.first().copied(),
                    min_next,
                    &mut tail,
                    bwd_memo,
                    &mut |bwd| f(fwd, bwd),
                )
            });
    }

    /// One cheapest solution from `start`, or `None` if the goal is unreachable.
    ///
    /// Panics if the search gives up (only with a finite [`SolverConfig::max_states`]:
    /// use [`Solver::try_solve`] then).
    pub fn solve(&mut self, start: P::State) -> Option<Path> {
        self.try_solve(start).unwrap_or_else(|e| panic!("{e}"))
    }

    /// One cheapest solution from `start`, `None` if the goal is unreachable, or why
    /// the search gave up.
    pub fn try_solve(&mut self, start: P::State) -> Result<Option<Path>, SearchError> {
        let Some(mut d) = self.meet(start, true)? else {
            return Ok(None);
        };
        let mut marks = std::mem::take(&mut self.marks);
        let mut first = self.first_path(start, d, &mut marks);
        if let First::OverBudget = first {
            // Search again, finishing the last layer: every meeting is then known.
            // At most about twice the work of that layer, where the walk alone took
            // minutes on a puzzle file of independent cycles.
            match self.meet(start, false) {
                Ok(Some(again)) => d = again,
                other => {
                    self.marks = marks;
                    return other.map(|_| None);
                }
            }
            first = self.first_path(start, d, &mut marks);
        }
        self.marks = marks;
        if let First::Path(first) = first {
            return Ok(Some(first));
        }
        // Not reached when the search's bounds hold (debug builds, the tests, check
        // it); any cheapest canonical path is still right.
        debug_assert!(false, "no first path through the meeting points");
        let mut found = None;
        let mut memos = (None, None);
        for (x, _) in self.meeting_points(d) {
            self.join(x, 0, &mut memos, &mut |fwd, bwd| {
                let mut moves: Moves = fwd.iter().rev().copied().collect();
                moves.extend(bwd.iter().copied());
                found = Some(Path { cost: d, moves });
                false
            });
            if found.is_some() {
                break;
            }
        }
        Ok(found)
    }

    /// Every cheapest canonical solution from `start`, sorted by move indices. Empty if
    /// the goal is unreachable.
    ///
    /// Panics if the search gives up (see [`Solver::solve`]).
    pub fn solve_all(&mut self, start: P::State) -> Vec<Path> {
        self.try_solve_all(start).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Every cheapest canonical solution from `start`, or why the search gave up.
    pub fn try_solve_all(&mut self, start: P::State) -> Result<Vec<Path>, SearchError> {
        let Some(d) = self.meet(start, false)? else {
            return Ok(Vec::new());
        };
        // Count each path once: at its last state within cost f of the start. That
        // state x, at cost k, is followed by a move costing more than f - k.
        let f = self.forward.reach(&self.costs).min(d);
        let mut all = Vec::new();
        let mut memos = (Some(Memo::default()), Some(Memo::default()));
        for (x, k) in self.meeting_points(d) {
            if k + self.max_cost <= f && k != d {
                continue;
            }
            self.join(x, f + 1 - k.min(f), &mut memos, &mut |fwd, bwd| {
                let mut moves: Moves = fwd.iter().rev().copied().collect();
                moves.extend(bwd.iter().copied());
                all.push(Path { cost: d, moves });
                true
            });
        }
        all.sort();
        all.dedup();
        Ok(all)
    }
}
