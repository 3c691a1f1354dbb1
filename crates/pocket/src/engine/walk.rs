//! Walks down a distance table: the canonical move sequences from a state to a root
//! that keep within a cost budget, the table pruning every move that cannot. With
//! the budget equal to the state's distance these are its optimal solutions; with a
//! larger one, every sequence of that cost (algorithms by effect, scrambles of a
//! fixed length).
//!
//! The table gives each state's distance *to* the nearest root, and a move `m` from
//! `x` to `y` is taken only when `y`'s distance fits in what is left of the budget.
//! Sequences come move by move in the order of [`Space::moves`], or in the order a
//! caller shuffles them into.

use smallvec::SmallVec;

use super::search::{Canon, Moves, Space};

/// A distance table seen through a space: what a walk needs.
pub struct Walk<'a, P: Space, D> {
    space: &'a P,
    canon: &'a Canon,
    /// Distance of a state to the nearest root, `None` if it cannot reach one.
    distance: D,
}

/// Reorders the moves tried at each step (a scrambler's shuffle).
pub type Order<'o> = &'o mut dyn FnMut(&mut [u8]);

impl<'a, P: Space, D: Fn(P::State) -> Option<u32>> Walk<'a, P, D> {
    /// A walk over `space` following `canon`, pruned by `distance`.
    pub fn new(space: &'a P, canon: &'a Canon, distance: D) -> Walk<'a, P, D> {
        Walk {
            space,
            canon,
            distance,
        }
    }

    /// Visit every canonical sequence from `x` to a root costing exactly `budget`,
    /// in move order unless `order` reorders each step's moves; `f` returns `false` to
    /// stop. Returns `false` if stopped.
    pub fn each(
        &self,
        x: P::State,
        budget: u32,
        mut order: Option<Order<'_>>,
        f: &mut dyn FnMut(&Moves) -> bool,
    ) -> bool {
        if (self.distance)(x).is_none_or(|d| d > budget) {
            return true;
        }
        let mut path = Moves::new();
        self.step(x, budget, None, &mut path, &mut order, f)
    }

    /// From `x`, which the table allows within `left`.
    fn step(
        &self,
        x: P::State,
        left: u32,
        last: Option<usize>,
        path: &mut Moves,
        order: &mut Option<Order<'_>>,
        f: &mut dyn FnMut(&Moves) -> bool,
    ) -> bool {
        if left == 0 {
            return f(path);
        }
        let n = self.space.moves().len();
        if let Some(shuffle) = order {
            let mut tries: SmallVec<[u8; 32]> = (0..n as u8).collect();
            shuffle(&mut tries);
            for m in tries {
                if !self.try_move(x, m as usize, left, last, path, order, f) {
                    return false;
                }
            }
        } else {
            for m in 0..n {
                if !self.try_move(x, m, left, last, path, order, f) {
                    return false;
                }
            }
        }
        true
    }

    /// Take move `m` from `x` if the rule and the table allow it, and walk on.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn try_move(
        &self,
        x: P::State,
        m: usize,
        left: u32,
        last: Option<usize>,
        path: &mut Moves,
        order: &mut Option<Order<'_>>,
        f: &mut dyn FnMut(&Moves) -> bool,
    ) -> bool {
        let cost = self.space.moves()[m].cost;
        if cost > left || !self.canon.allows(last, m) {
            return true;
        }
        let y = self.space.apply(x, m);
        if (self.distance)(y).is_none_or(|d| d > left - cost) {
            return true;
        }
        path.push(m as u8);
        let go_on = self.step(y, left - cost, Some(m), path, order, f);
        path.pop();
        go_on
    }
}
