//! The optimal-path graph of one solve, walked straight off the move tables and the
//! distances: every solution, listed, written or counted.

use super::distances::{Distances, mod3};
use super::near::{NEAR_DEPTH, NEAR_DOWN, Near};
use super::writer::Writer;
use crate::engine::search::Canon;
use crate::model::moves::Move;
use crate::model::pieces::TWISTS;

/// No move yet: the canonical rule's "at the start".
const START: u8 = u8::MAX;

/// The table as a graph of positions, for the walks of one solve. The engine's
/// [`crate::engine::walk::Walk`] walks any space (algorithms by effect, goals);
/// this one, for the optimal solutions of the cube, reads the
/// move tables and the distances directly, with no hashing. Per position 11 moves
/// from solved (callgrind, 2,000 of them, the table's build subtracted), walk / this:
/// first solution 15,000 / 13,000 instructions, count 297,000 / 255,000, all
/// solutions listed and printed 481,000 / 288,000. What is left is the optimal-path
/// graph itself: about 500 positions, each with 9 moves looked up in a 3.7 MB table.
pub(super) struct Graph<'a> {
    pub(super) perm: &'a [[u16; Move::COUNT]],
    pub(super) twist: &'a [[u16; Move::COUNT]],
    pub(super) dist: &'a Distances,
    pub(super) canon: &'a Canon,
    /// The metric's moves: index in [`Move::ALL`], and cost.
    pub(super) moves: &'a [(u8, u8)],
    /// For each move, the first move that the canonical rule treats alike (the same
    /// moves may follow both): paths that differ only there are counted together.
    pub(super) alike: &'a [u8],
}

impl Graph<'_> {
    /// The position after move `m` (an index in [`Move::ALL`]).
    #[inline]
    fn step(&self, x: u32, m: u8) -> u32 {
        let (p, t) = ((x / TWISTS) as usize, (x % TWISTS) as usize);
        u32::from(self.perm[p][m as usize]) * TWISTS + u32::from(self.twist[t][m as usize])
    }

    /// Visit every optimal solution of `x` in move order (as indices of the metric's
    /// moves); `f` returns false to stop.
    pub(super) fn each(&self, x: u32, f: &mut dyn FnMut(&[u8]) -> bool) {
        let mut path = smallvec::SmallVec::<[u8; 32]>::new();
        if let Distances::Mod3(table) = self.dist {
            self.down_htm(table, x, mod3(table, x), &mut path, f);
            return;
        }
        let left = self.dist.at(x);
        self.down(x, left, START, &mut path, f);
    }

    /// [`Graph::down`] for the built-in HTM table: the move one closer is the one a
    /// step less mod 3, and solved ends the walk, so the distance is never walked
    /// down first; no optimal path turns a face twice in a row, so the canonical
    /// rule, which forbids only that in HTM, is not asked. All solutions of 2,000
    /// hard states (`solve --all`, one interleaved run): 57.5 ms of CPU for the build
    /// before issue 27, 50.9 ms with this walk.
    fn down_htm(
        &self,
        table: &[u8],
        x: u32,
        here: u8,
        path: &mut smallvec::SmallVec<[u8; 32]>,
        f: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        if x == 0 {
            return f(path);
        }
        let below = (here + 2) % 3;
        let (perm, twist) = (
            &self.perm[(x / TWISTS) as usize],
            &self.twist[(x % TWISTS) as usize],
        );
        for (i, &(m, _)) in self.moves.iter().enumerate() {
            let y = u32::from(perm[m as usize]) * TWISTS + u32::from(twist[m as usize]);
            if mod3(table, y) != below {
                continue;
            }
            path.push(i as u8);
            let go_on = self.down_htm(table, y, below, path, f);
            path.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// [`Graph::down_htm`] writing each solution's text as it walks: below the
    /// positions of `near` the moves one closer are read from it, not found among the
    /// nine neighbours.
    pub(super) fn write_htm(
        &self,
        table: &[u8],
        near: Option<&Near>,
        x: u32,
        left: u8,
        w: &mut Writer,
    ) {
        if x == 0 {
            w.solved();
            return;
        }
        let (perm, twist) = (
            &self.perm[(x / TWISTS) as usize],
            &self.twist[(x % TWISTS) as usize],
        );
        let below = (left + 2) % 3;
        let held = near.filter(|_| left <= NEAR_DEPTH);
        if let Some((held, v)) = held.and_then(|n| n.get(x).map(|v| (n, v))) {
            if let Some((suffixes, len)) = held.listed(v) {
                for suffix in suffixes.chunks_exact(len) {
                    w.solved_with(suffix);
                }
                return;
            }
            let mut down = v >> NEAR_DOWN & 0x1FF;
            while down != 0 {
                let m = down.trailing_zeros() as usize;
                down &= down - 1;
                let y = u32::from(perm[m]) * TWISTS + u32::from(twist[m]);
                let back = w.push(m);
                self.write_htm(table, near, y, left - 1, w);
                w.pop(back);
            }
            return;
        }
        for &(m, _) in self.moves {
            let y = u32::from(perm[m as usize]) * TWISTS + u32::from(twist[m as usize]);
            if mod3(table, y) != below {
                continue;
            }
            let back = w.push(m as usize);
            self.write_htm(table, near, y, left - 1, w);
            w.pop(back);
        }
    }

    fn down(
        &self,
        x: u32,
        left: u8,
        last: u8,
        path: &mut smallvec::SmallVec<[u8; 32]>,
        f: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        if left == 0 {
            return f(path);
        }
        let prev = (last != START).then_some(last as usize);
        for (i, &(m, cost)) in self.moves.iter().enumerate() {
            if cost > left || !self.canon.allows(prev, i) {
                continue;
            }
            let y = self.step(x, m);
            // Exact distances: a move that keeps within the budget is on an optimal
            // path, and every such path reaches solved.
            if !self.dist.is(y, left - cost) {
                continue;
            }
            path.push(i as u8);
            let go_on = self.down(y, left - cost, i as u8, path, f);
            path.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// How many optimal solutions `x` has: the paths counted level by level, the
    /// positions of a level merged (with the last move, up to what the rule allows
    /// after it) so that shared parts of the paths are walked once.
    pub(super) fn count(&self, x: u32) -> u64 {
        let d = self.dist.at(x) as usize;
        // by_cost[c]: (position, last move, paths reaching it) with cost c left.
        let mut by_cost: Vec<Vec<(u32, u8, u64)>> = vec![Vec::new(); d + 1];
        by_cost[d].push((x, START, 1));
        for left in (1..=d).rev() {
            let mut level = std::mem::take(&mut by_cost[left]);
            level.sort_unstable_by_key(|&(s, last, _)| (s, last));
            let mut merged: Option<(u32, u8, u64)> = None;
            let expand = |(s, last, n): (u32, u8, u64), by_cost: &mut Vec<Vec<(u32, u8, u64)>>| {
                let prev = (last != START).then_some(last as usize);
                for (i, &(m, cost)) in self.moves.iter().enumerate() {
                    let cost = cost as usize;
                    if cost > left || !self.canon.allows(prev, i) {
                        continue;
                    }
                    let y = self.step(s, m);
                    if self.dist.is(y, (left - cost) as u8) {
                        by_cost[left - cost].push((y, self.alike[i], n));
                    }
                }
            };
            for e in level {
                match merged {
                    Some((s, last, n)) if (s, last) == (e.0, e.1) => {
                        merged = Some((s, last, n + e.2))
                    }
                    Some(done) => {
                        expand(done, &mut by_cost);
                        merged = Some(e);
                    }
                    None => merged = Some(e),
                }
            }
            if let Some(done) = merged {
                expand(done, &mut by_cost);
            }
        }
        by_cost[0].iter().map(|e| e.2).sum()
    }
}
