//! Algorithms by effect: every sequence up to some length whose effect on the solved
//! cube matches a pattern, shortest first, then cheapest, then in move order.
//!
//! The positions matching the pattern are found by one scan of all 3,674,160; one
//! breadth-first search from all of them gives every position's distance to the
//! nearest, which prunes the enumeration to sequences that can still end there.

use crate::cube::census::distance_table_from;
use crate::cube::solver::PocketSpace;
use crate::engine::layers::UNSEEN;
use crate::engine::search::Canon;
use crate::engine::walk::Walk;
use crate::model::goal::matches;
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, POSITIONS, STICKERS};

/// Searches for algorithms with a fixed effect pattern and move set.
pub struct AlgSearch {
    space: PocketSpace,
    canon: Canon,
    /// Distance of every position to the nearest one matching the pattern.
    to_goal: Vec<u8>,
}

impl AlgSearch {
    /// Prepare a search for sequences of `moves` (closed under inverses, one step
    /// each) whose effect on the solved cube matches `goal` (a face U L F R B D = 0..6
    /// per sticker, or `None` for any).
    pub fn new(goal: &[Option<u8>; STICKERS], moves: &[Move]) -> AlgSearch {
        let roots: Vec<u32> = (0..POSITIONS)
            .filter(|&i| matches(goal, &Coord(i).cube()))
            .collect();
        let costed: Vec<(Move, u32)> = moves.iter().map(|&m| (m, 1)).collect();
        let space = PocketSpace::with_moves(&costed).expect("distinct moves of cost 1");
        AlgSearch {
            canon: Canon::new(&space),
            space,
            to_goal: distance_table_from(moves, &roots),
        }
    }

    /// The length of the shortest algorithm, or `None` if the moves cannot make the
    /// effect at all.
    pub fn shortest(&self) -> Option<usize> {
        let d = self.to_goal[0];
        (d != UNSEEN).then_some(d as usize)
    }

    /// Every algorithm of exactly `length` moves in canonical form (no face turned
    /// twice in a row where one move does the same), in move order (`R R' R2 U U' U2
    /// F F' F2`).
    pub fn of_length(&self, length: usize) -> Vec<Alg> {
        let distance = |c: Coord| {
            let d = self.to_goal[c.index() as usize];
            (d != UNSEEN).then_some(d as u32)
        };
        let walk = Walk::new(&self.space, &self.canon, distance);
        let mut out = Vec::new();
        walk.each(Coord::SOLVED, length as u32, None, &mut |p| {
            out.push(p.iter().map(|&i| self.space.move_at(i as usize)).collect());
            true
        });
        out
    }
}
