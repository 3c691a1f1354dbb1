//! The first cheapest path in move order, found depth-first through the states on
//! cheapest paths once the cost is proven, without listing every path.

use ahash::AHashMap;

use super::{Moves, Path, Solver, Space};

/// Marked states with their cost from the start, a stack of states to visit, and the
/// dead ends of a walk through a forward side cut short ([`FirstWalk`]).
pub(super) type Marks<S> = (AHashMap<S, u32>, Vec<(S, u32)>, ahash::AHashSet<(S, u8)>);

/// What the walk for the first path may step on, and (for a forward side cut short)
/// the states known to lead nowhere after a move, up to the forward side's reach.
struct FirstWalk<'a, S> {
    on_path: &'a dyn Fn(&S, u32) -> bool,
    dead: Option<(&'a mut ahash::AHashSet<(S, u8)>, u32)>,
    /// Steps left.
    budget: usize,
}

/// What [`Solver::first_path`] found.
pub(super) enum First {
    Path(Path),
    /// No path: not reached when the search's bounds hold.
    Missing,
    /// The walk through a forward side cut short gave up.
    OverBudget,
}

impl<P: Space> Solver<P> {
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
    pub(super) fn first_path(
        &self,
        start: P::State,
        d: u32,
        buffers: &mut Marks<P::State>,
    ) -> First {
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
}
