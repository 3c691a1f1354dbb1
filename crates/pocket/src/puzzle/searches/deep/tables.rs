//! The pattern databases as IDA*'s estimate: a node is each table's state (and the
//! stickers, where bars or a perimeter need them), its bound the largest distance.

use crate::engine::ida::Estimated;
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::searches::pattern::{Pattern, UNSEEN};
use crate::puzzle::spaces::perimeter::Perimeter;
use smallvec::SmallVec;

use super::apply;

/// The tables as IDA* uses them, and the state searched from, to tell the goal when
/// the tables do not see every orientation. A puzzle that bars positions, or is
/// bounded by a perimeter too, has its stickers in each node, one a word after the
/// tables' coordinates, so that a move to a barred position is no step and the
/// perimeter can be read.
pub(super) struct Tables<'a> {
    pub(super) patterns: &'a [Pattern],
    pub(super) puzzle: &'a Puzzle,
    pub(super) perimeter: Option<&'a Perimeter>,
    pub(super) start: &'a [u8],
    pub(super) exact: bool,
}

impl Estimated for Tables<'_> {
    type Node = Vec<u64>;

    fn move_count(&self) -> usize {
        self.puzzle.moves.len()
    }

    /// The tables in turn, stopping at the first whose distance passes `within`:
    /// most nodes are cut by the first table. (Moving every table first and taking
    /// the largest distance: 160 ns a node on the master pyraminx.)
    #[inline]
    fn step(&self, from: &Vec<u64>, m: usize, to: &mut Vec<u64>, within: u32) -> Result<u32, u32> {
        let barred = &self.puzzle.barred;
        if !barred.is_empty() && self.bars(from, m) {
            return Err(u32::MAX);
        }
        let mut h = 0;
        for ((p, &x), y) in self.patterns.iter().zip(from).zip(to.iter_mut()) {
            let (moved, d) = p.advance(x, m);
            *y = moved;
            match u32::from(d) {
                d if d == u32::from(UNSEEN) => return Err(u32::MAX),
                d if d > within => return Err(d),
                d => h = h.max(d),
            }
        }
        if !barred.is_empty() || self.perimeter.is_some() {
            let tables = self.patterns.len();
            let perm = &self.puzzle.moves[m].perm;
            for (i, &j) in perm.iter().enumerate() {
                to[tables + i] = from[tables + j as usize];
            }
        }
        if let Some(perimeter) = self.perimeter {
            match self.perimeter_bound(perimeter, to) {
                d if d > within => return Err(d),
                d => h = h.max(d),
            }
        }
        Ok(h)
    }

    fn estimate(&self, node: &Vec<u64>) -> Option<u32> {
        let mut h = 0;
        for (p, &x) in self.patterns.iter().zip(node) {
            match p.distance(x) {
                UNSEEN => return None,
                d => h = h.max(u32::from(d)),
            }
        }
        if let Some(perimeter) = self.perimeter {
            h = h.max(self.perimeter_bound(perimeter, node));
        }
        Some(h)
    }

    fn is_goal(&self, _node: &Vec<u64>, path: &[u8]) -> bool {
        self.exact || apply(self.puzzle, self.start, path) == self.puzzle.solved
    }
}

impl Tables<'_> {
    /// The perimeter's bound on a node, from the stickers it carries.
    #[inline(never)]
    fn perimeter_bound(&self, perimeter: &Perimeter, node: &[u64]) -> u32 {
        let stickers: SmallVec<[u8; 512]> = node[self.patterns.len()..]
            .iter()
            .map(|&c| c as u8)
            .collect();
        perimeter.bound(&stickers)
    }

    /// Whether move `m` takes node `from` to a barred position.
    #[inline(never)]
    fn bars(&self, from: &[u64], m: usize) -> bool {
        let stickers = &from[self.patterns.len()..];
        let perm = &self.puzzle.moves[m].perm;
        let at = |i: usize| stickers[perm[i] as usize] as u8;
        self.puzzle.barred.iter().any(|b| b.holds(at))
    }
}
