//! Algorithms by effect: every sequence up to some length whose effect on the solved
//! cube matches a pattern, shortest first, then cheapest, then in move order.
//!
//! The positions matching the pattern are found by one scan of all 3,674,160; one
//! breadth-first search from all of them gives every position's distance to the
//! nearest, which prunes the enumeration to sequences that can still end there.

use crate::model::cube::{Coord, POSITIONS, STICKERS};
use crate::model::moves::{Alg, Move};
use crate::pocket::census::{UNSEEN, distance_table_from};

/// Searches for algorithms with a fixed effect pattern and move set.
pub struct AlgSearch {
    moves: Vec<Move>,
    /// Distance of every position to the nearest one matching the pattern.
    to_goal: Vec<u8>,
}

impl AlgSearch {
    /// Prepare a search for sequences of `moves` (closed under inverses) whose effect
    /// on the solved cube matches `goal` (a face U L F R B D = 0..6 per sticker, or
    /// `None` for any).
    pub fn new(goal: &[Option<u8>; STICKERS], moves: &[Move]) -> AlgSearch {
        let roots: Vec<u32> = (0..POSITIONS)
            .filter(|&i| {
                let faces = Coord(i).cube().faces();
                goal.iter()
                    .zip(faces)
                    .all(|(g, f)| g.is_none_or(|g| g == f))
            })
            .collect();
        AlgSearch {
            moves: moves.to_vec(),
            to_goal: distance_table_from(moves, &roots),
        }
    }

    /// The length of the shortest algorithm, or `None` if the moves cannot make the
    /// effect at all.
    pub fn shortest(&self) -> Option<usize> {
        let d = self.to_goal[0];
        (d != UNSEEN).then_some(d as usize)
    }

    /// Every algorithm of exactly `length` moves, no face turned twice in a row, in
    /// move order (`R R' R2 U U' U2 F F' F2`).
    pub fn of_length(&self, length: usize) -> Vec<Alg> {
        let mut out = Vec::new();
        let mut path = Alg::new();
        self.walk(Coord::SOLVED, length, None, &mut path, &mut out);
        out
    }

    fn walk(&self, x: Coord, left: usize, last: Option<Move>, path: &mut Alg, out: &mut Vec<Alg>) {
        let d = self.to_goal[x.0 as usize];
        if d == UNSEEN || d as usize > left {
            return;
        }
        if left == 0 {
            out.push(path.clone());
            return;
        }
        for &m in &self.moves {
            if last.is_some_and(|l| l.face() == m.face()) {
                continue;
            }
            path.push(m);
            self.walk(x.apply(m.index()), left - 1, Some(m), path, out);
            path.pop();
        }
    }
}
