//! Bidirectional search, generic over the puzzle, its moves and the cost of each move.
//!
//! Two balls grow by layers of equal cost: one from the scramble, one from the solved
//! state. Each ball is a hash map from state to exact distance plus the list of states
//! in each cost layer. The ball around the solved state does not depend on the
//! scramble, so a [`Solver`] keeps it between solves and grows it only when that pays
//! off over the solves made so far; the ball around the scramble is cleared (keeping
//! its allocation) for each new one. The side to grow next is the one whose next layer
//! is cheaper, which alternates the half-depths of the two sides.
//!
//! The newest layer of a side is first kept as a plain list (*pending*), each state
//! looked up in the other side's map but not inserted into its own. Only when the
//! search must go on is it committed. The last layer is the largest, and it is never
//! inserted: this made a cold hard solve about twice as fast.
//!
//! Why the answer is optimal: let the forward side be complete to cost `F` and the
//! backward side to cost `B`, and let `c` be the largest move cost. Along an optimal
//! path of cost `d`, the last state whose cost from the start is at most `F` is in the
//! forward side, and its remaining cost is at most `d - F - 1 + c`. So when the best
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

/// A borrowed space is a space: a solver may borrow the puzzle it searches.
impl<P: Space> Space for &P {
    type State = P::State;

    fn moves(&self) -> &[MoveSpec] {
        (**self).moves()
    }

    fn apply(&self, s: Self::State, m: usize) -> Self::State {
        (**self).apply(s, m)
    }

    fn goal(&self) -> Self::State {
        (**self).goal()
    }
}

/// Move indices of a path; inline for anything up to 16 moves.
pub type Moves = SmallVec<[u8; 16]>;

/// A solution: move indices into [`Space::moves`] and their total cost.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Path {
    pub cost: u32,
    pub moves: Moves,
}

/// Face marker of a root, which no move has reached.
const NO_FACE: u8 = u8::MAX;

/// States within some cost of a root, with exact distances, by cost layer.
#[derive(Clone, Debug)]
struct Ball<S> {
    dist: AHashMap<S, u32>,
    /// Each state with the face of the move next to it on its path from the root
    /// (`NO_FACE` for the root): growing skips that face, a third of all moves.
    layers: Vec<Vec<(S, u8)>>,
    /// The next layer, not yet in `dist`; it may hold repeats and states seen before.
    pending: Option<Vec<(S, u8)>>,
    /// Distances of pending states where the sides met, for walking the paths.
    met: AHashMap<S, u32>,
    /// True when the ball grows towards the root (it holds distances *to* the root).
    backward: bool,
}

impl<S: Copy + Eq + Hash> Ball<S> {
    fn new(root: S, backward: bool) -> Ball<S> {
        let mut ball = Ball {
            dist: AHashMap::default(),
            layers: vec![Vec::new()],
            pending: None,
            met: AHashMap::default(),
            backward,
        };
        ball.reset(root);
        ball
    }

    fn reset(&mut self, root: S) {
        self.dist.clear();
        self.dist.insert(root, 0);
        self.layers.truncate(1);
        self.layers[0].clear();
        self.layers[0].push((root, NO_FACE));
        self.pending = None;
        self.met.clear();
    }

    /// The cost to which the committed layers are complete.
    fn radius(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// The cost to which the ball is complete, counting the pending layer.
    fn reach(&self) -> u32 {
        self.radius() + self.pending.is_some() as u32
    }

    /// Distance of a state, committed or met in the pending layer.
    fn get(&self, s: &S) -> Option<u32> {
        self.dist.get(s).or_else(|| self.met.get(s)).copied()
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
            && self.pending.as_ref().is_none_or(Vec::is_empty)
    }

    /// Compute the next layer as a pending list. Each new state is looked up in
    /// `other`; meetings go to `meets` as (state, cost from the start, total cost).
    ///
    /// Skipping the face just turned loses no state at its exact distance as long as
    /// two turns of one face never cost less than one turn doing the same, which
    /// [`Solver::with_config`] checks.
    fn expand<P: Space<State = S>>(
        &mut self,
        space: &P,
        other: Option<&Ball<S>>,
        meets: &mut Vec<(S, u32, u32)>,
    ) {
        debug_assert!(self.pending.is_none());
        let k = self.layers.len() as u32;
        let mut layer = Vec::with_capacity(self.next_work(space.moves()));
        for (m, spec) in space.moves().iter().enumerate() {
            if spec.cost > k {
                continue;
            }
            let step = if self.backward { spec.inverse } else { m };
            for &(x, face) in &self.layers[(k - spec.cost) as usize] {
                if face == spec.face {
                    continue;
                }
                let y = space.apply(x, step);
                // No lookup in our own map: a state seen before only repeats, or makes
                // a dearer meeting, which the totals drop; `commit` removes it. Saving
                // that lookup took a cold hard solve (whole process, hyperfine medians of
                // 80 interleaved runs) from 4.41 to 3.64 ms in HTM, 9.17 to 6.95 ms in QTM.
                layer.push((y, spec.face));
                if let Some(&d) = other.and_then(|o| o.dist.get(&y)) {
                    let (from_start, total) = if self.backward {
                        (d, k + d)
                    } else {
                        (k, k + d)
                    };
                    meets.push((y, from_start, total));
                    self.met.insert(y, k);
                }
            }
        }
        self.pending = Some(layer);
    }

    /// Move the pending layer into the map, dropping repeats.
    fn commit(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let k = self.layers.len() as u32;
        // The pending list holds repeats: reserving for all of them pushed the QTM
        // cache to the next power of two (10,000 states: peak 64.6 MB, 0.69 s); half
        // gave 46 MB and 0.36 s.
        self.dist.reserve(pending.len() / 2);
        let mut layer = Vec::with_capacity(pending.len());
        for (y, face) in pending {
            if let std::collections::hash_map::Entry::Vacant(e) = self.dist.entry(y) {
                e.insert(k);
                layer.push((y, face));
            }
        }
        self.layers.push(layer);
        self.met.clear();
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
                .map(|m| space.apply(x, if self.backward { m } else { moves[m].inverse }))
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

    /// Every cheapest path between the root and `x`, in the order walked from the root,
    /// whose move next to `x` is not of face `avoid` and costs at least `min_cost`. `f`
    /// sees each; returning `false` stops the walk. Returns `false` if stopped.
    ///
    /// With a memo, each state's steps are found once (all paths share them); without,
    /// each step is looked up only when reached, which is cheapest for one path.
    #[allow(clippy::too_many_arguments)]
    fn paths<P: Space<State = S>>(
        &self,
        space: &P,
        x: S,
        avoid: Option<u8>,
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
                    if Some(spec.face) == avoid || spec.cost > d || spec.cost < min_cost {
                        continue;
                    }
                    let y = space.apply(x, if self.backward { m } else { spec.inverse });
                    if self.dist.get(&y) == Some(&(d - spec.cost)) {
                        suffix.push(m as u8);
                        let go_on = self.paths(space, y, Some(spec.face), 0, suffix, memo, f);
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
            if Some(spec.face) == avoid || spec.cost < min_cost {
                continue;
            }
            suffix.push(m);
            let go_on = self.paths(space, y, Some(spec.face), 0, suffix, memo, f);
            suffix.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
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

/// Tuning of the cached ball around the solved state.
#[derive(Clone, Copy, Debug)]
pub struct SolverConfig {
    /// The solved-side ball stops growing once it would pass about this many states.
    pub max_cached_states: usize,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        // 2M states keep the ball under about 40 MB: depth 8 in HTM (1,160,000
        // states), depth 10 in QTM (1,450,210). A cap of 400,000 made 100,000 random
        // QTM states take 3.4 s instead of 1.5 s, and HTM no faster.
        SolverConfig {
            max_cached_states: 2_000_000,
        }
    }
}

/// Whether a space suits the search: positive costs, and no turn dearer than two turns
/// of its face that make it (so skipping the face just turned loses nothing). Checked
/// on the goal, which suffices for puzzles whose moves act the same everywhere.
pub fn check_moves<P: Space>(space: &P) -> Result<(), String> {
    let goal = space.goal();
    let moves = space.moves();
    if moves.iter().any(|m| m.cost == 0) {
        return Err("move costs must be positive".into());
    }
    for (i, a) in moves.iter().enumerate() {
        for (j, b) in moves.iter().enumerate().filter(|(_, b)| b.face == a.face) {
            let ab = space.apply(space.apply(goal, i), j);
            let single =
                (0..moves.len()).find(|&k| moves[k].face == a.face && space.apply(goal, k) == ab);
            if let Some(k) = single.filter(|&k| moves[k].cost > a.cost + b.cost) {
                return Err(format!(
                    "move {k} costs more than moves {i} and {j}, which make it together"
                ));
            }
        }
    }
    Ok(())
}

/// An optimal solver for one puzzle and metric, reusable across many states.
pub struct Solver<P: Space> {
    space: P,
    solved: Ball<P::State>,
    forward: Ball<P::State>,
    /// Meetings of the current solve: (state, cost from the start, total cost).
    meets: Vec<(P::State, u32, u32)>,
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
    ///
    /// Panics if a move cost is zero, or if two turns of one face cost less than the
    /// single move with the same effect (the search assumes they never do).
    pub fn with_config(space: P, config: SolverConfig) -> Solver<P> {
        if let Err(e) = check_moves(&space) {
            panic!("{e}");
        }
        let goal = space.goal();
        let moves = space.moves();
        let max_cost = moves.iter().map(|m| m.cost).max().unwrap_or(1);
        Solver {
            solved: Ball::new(goal, true),
            forward: Ball::new(goal, false),
            meets: Vec::new(),
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
        self.solved.commit();
        let mut unused = Vec::new();
        while self.solved.radius() < radius && self.may_grow_solved() {
            self.solved.expand(&self.space, None, &mut unused);
            self.solved.commit();
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
        self.meets.clear();
        self.forward.reset(start);
        // A layer left pending by the previous solve joins the cache now.
        self.solved.commit();
        let mut best = self.solved.dist.get(&start).copied();
        if let Some(d) = best {
            self.meets.push((start, 0, d));
            if d == 0 {
                return best;
            }
        }
        loop {
            let reach = self.forward.reach() + self.solved.reach() + 1;
            if let Some(m) = best {
                if m + self.max_cost <= reach {
                    return Some(m);
                }
            }
            self.forward.commit();
            self.solved.commit();
            let fwd_done = self.forward.exhausted(self.max_cost);
            let fwd_work = self.forward.next_work(self.space.moves());
            let grow_solved = self.may_grow_solved() && {
                // Solved-side layers are kept for later solves: charge each solve so far a share.
                let bwd_work =
                    self.solved.next_work(self.space.moves()) * INSERT_WEIGHT / self.solves;
                fwd_done || bwd_work < fwd_work
            };
            let found = self.meets.len();
            if grow_solved {
                self.solved
                    .expand(&self.space, Some(&self.forward), &mut self.meets);
            } else if !fwd_done {
                self.forward
                    .expand(&self.space, Some(&self.solved), &mut self.meets);
            } else {
                // Neither side can grow further: the best meeting is the answer.
                return best;
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

    /// Walk every pair of cheapest half paths through `x` that join without turning
    /// one face twice, the second half starting with a move costing at least
    /// `min_next`; `f` gets both halves and may stop the walk.
    fn join(
        &self,
        x: P::State,
        min_next: u32,
        memos: &mut Memos<P::State>,
        f: &mut dyn FnMut(&Moves, &Moves) -> bool,
    ) {
        let (space, solved) = (&self.space, &self.solved);
        let (fwd_memo, bwd_memo) = memos;
        let mut back = Moves::new();
        self.forward
            .paths(space, x, None, 0, &mut back, fwd_memo, &mut |fwd| {
                let last_face = fwd.first().map(|&m| space.moves()[m as usize].face);
                let mut tail = Moves::new();
                solved.paths(
                    space,
                    x,
                    last_face,
                    min_next,
                    &mut tail,
                    bwd_memo,
                    &mut |bwd| f(fwd, bwd),
                )
            });
    }

    /// One cheapest solution from `start`, or `None` if the goal is unreachable.
    pub fn solve(&mut self, start: P::State) -> Option<Path> {
        let d = self.meet(start)?;
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
        found
    }

    /// Every cheapest solution from `start` in which no two consecutive moves share a
    /// face, sorted by move indices. Empty if the goal is unreachable.
    pub fn solve_all(&mut self, start: P::State) -> Vec<Path> {
        let Some(d) = self.meet(start) else {
            return Vec::new();
        };
        // Count each path once: at its last state within cost f of the start. That
        // state x, at cost k, is followed by a move costing more than f - k.
        let f = self.forward.reach();
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
        all
    }
}
