//! Where the two balls meet: which side grows next, when the cost is proven, and the
//! half paths through each meeting point joined.

use super::ball::{Ending, Memos};
use super::{Moves, SearchError, Solver, Space};

/// An insertion into the large cached map costs a probe, a write and its share of
/// rehashing. Weights 1, 4 and 16 gave the same batch times within noise (10,000 and
/// 100,000 random states, HTM and QTM, medians of 7 runs).
const INSERT_WEIGHT: usize = 4;

impl<P: Space> Solver<P> {
    /// Run the search from `start` until the cheapest cost is proven. Returns it, or
    /// `None` if the goal cannot be reached.
    ///
    /// With `first_only`, a forward layer may stop at its first meeting when that
    /// proves the cost ([`Ending`]): the meetings are then not all known, and
    /// [`Solver::first_path`] finds the path without them.
    pub(super) fn meet(
        &mut self,
        start: P::State,
        first_only: bool,
    ) -> Result<Option<u32>, SearchError> {
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
    pub(super) fn meeting_points(&self, d: u32) -> Vec<(P::State, u32)> {
        let mut seen = ahash::AHashSet::new();
        self.meets
            .iter()
            .filter(|&&(x, _, total)| total == d && seen.insert(x))
            .map(|&(x, k, _)| (x, k))
            .collect()
    }

    /// Walk every pair of cheapest half paths through `x` that join into a canonical
    /// sequence, the second half starting with a move costing at least `min_next`;
    /// `f` gets both halves and may stop the walk.
    pub(super) fn join(
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
}
