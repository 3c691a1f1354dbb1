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

use smallvec::SmallVec;

mod ball;
mod canon;
mod first_path;
mod meet;

use ball::{Ball, Memo};
use first_path::{First, Marks};

pub use canon::Canon;

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
