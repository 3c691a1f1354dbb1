//! What every search of one `pocket.search` call shares: the puzzle's moves, its
//! solved row, and the moves not worth making after another; and what every kind
//! of search does alike: compare rows, and find the way back from a node.
//!
//! Move b after move a is not worth making when the two together are one move c, or
//! none: the child is then a sibling of its parent, or its grandparent, both met at
//! no greater cost when the grandparent was expanded (every child of an expanded
//! node is generated, and a node's cost only falls). Skipping them changes no
//! answer and saves each expansion three probes of the 3x3x3's eighteen, probes
//! that always hit and so cost the most: a match reads the node and regenerates its
//! row.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// How many steps of a round's loop pass between looks at [`Space::stopped_at`].
const CHECK_EVERY: usize = 1024;

use crate::gather::Gathers;
use crate::search_slots::Node;

pub(crate) struct Space<'a> {
    pub moves: &'a Gathers,
    pub solved: &'a [u8],
    /// `in_vain[a * m + b]`: b after a is one move or none.
    in_vain: Vec<bool>,
    /// Set when Ctrl-C came during a round run apart: the round stops where it is,
    /// and its searches are dropped.
    stop: AtomicBool,
}

impl<'a> Space<'a> {
    pub fn new(moves: &'a Gathers, solved: &'a [u8]) -> Space<'a> {
        let m = moves.moves();
        let single: HashSet<&[u16]> = (0..m).map(|c| moves.perm(c)).collect();
        let identity: Vec<u16> = (0..moves.width as u16).collect();
        let mut in_vain = vec![false; m * m];
        let mut both = vec![0u16; moves.width];
        for a in 0..m {
            for b in 0..m {
                // A row after a, then b: new[i] = old[a[b[i]]].
                for (out, &from) in both.iter_mut().zip(moves.perm(b)) {
                    *out = moves.perm(a)[from as usize];
                }
                in_vain[a * m + b] = both == identity || single.contains(&both[..]);
            }
        }
        Space {
            moves,
            solved,
            in_vain,
            stop: AtomicBool::new(false),
        }
    }

    /// Whether the round must stop (see `stop`), looked at on every
    /// [`CHECK_EVERY`]th `step` of a loop: a relaxed load a thousand steps costs
    /// nothing measurable.
    pub fn stopped_at(&self, step: usize) -> bool {
        step.is_multiple_of(CHECK_EVERY) && self.stop.load(Ordering::Relaxed)
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether move `b` right after move `a` is one move or none.
    pub fn in_vain(&self, a: u16, b: usize) -> bool {
        self.in_vain[a as usize * self.moves.moves() + b]
    }
}

/// Whether two rows of one width are equal, eight bytes at a time: inlined, where
/// `==` on slices calls memcmp (20% of a 2x2x2 search's time).
#[inline]
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    let (a8, a_tail) = a.as_chunks::<8>();
    let (b8, b_tail) = b.as_chunks::<8>();
    a8.iter()
        .zip(b8)
        .all(|(x, y)| u64::from_ne_bytes(*x) == u64::from_ne_bytes(*y))
        && a_tail == b_tail
}

/// The moves from the root (node 0) to node `n` of a search, where `origin(k)` is
/// node k's parent and the move from it.
pub(crate) fn path_back(mut n: Node, origin: impl Fn(Node) -> (Node, u16)) -> Vec<u16> {
    let mut moves = Vec::new();
    while n != 0 {
        let (parent, via) = origin(n);
        moves.push(via);
        n = parent;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two quarter turns of one face (as 4-cycles of 4 stickers) and a disjoint one.
    #[test]
    fn a_face_s_turns_follow_each_other_in_vain_and_other_faces_do_not() {
        let (r, r2, r3) = (
            vec![1, 2, 3, 0, 4],
            vec![2, 3, 0, 1, 4],
            vec![3, 0, 1, 2, 4],
        );
        let moves = Gathers::new(5, &[r, r2, r3]);
        let solved = [0u8; 5];
        let space = Space::new(&moves, &solved);
        for a in 0..3 {
            for b in 0..3 {
                assert!(space.in_vain(a, b as usize));
            }
        }
        let quarter_only = Gathers::new(5, &[vec![1, 2, 3, 0, 4]]);
        let space = Space::new(&quarter_only, &solved);
        // R R is R2, not a move here: worth making.
        assert!(!space.in_vain(0, 0));
    }
}
