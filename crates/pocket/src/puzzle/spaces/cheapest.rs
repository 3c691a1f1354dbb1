//! A census with costs that is a census of the cheapest moves: when every dearer move
//! is the product of at most two of the cheapest and costs at least as much as they
//! do together, a cheapest path never needs it, so a position's cost is the cheapest
//! moves' count of it times their cost. Half turns costing two quarter turns are the
//! common case: the quarter-turn census of any puzzle.
//!
//! The census then runs in two bits a position ([`crate::engine::packed`]) instead of
//! a 16-bit distance: the 2x2x2 with no fixed corner, half turns costing 2, took 53 s
//! of CPU on the flat array and takes about as long as its plain census.
//!
//! The dearer moves still decide local maxima (no move at all leads further); two at
//! most of the cheapest to each is what lets the census tell them from its two bits
//! (`Blocks::layer_moves`).

use crate::engine::layers::Blocks;
use crate::engine::search::Product;
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::spaces::coords::Coords;

/// The moves of a census of the cheapest: their order, the cheapest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::puzzle) struct Cheapest {
    /// Move numbers, the cheapest first.
    pub order: Vec<usize>,
    /// How many are the cheapest.
    pub layers: usize,
    /// What a cheapest move costs, in thousandths.
    pub cost: u64,
}

impl Cheapest {
    /// The cheapest moves of `puzzle` when they make its census with costs, as this
    /// file says; `products[a * n + b]` is the move `a` then `b` make.
    pub(in crate::puzzle) fn find(puzzle: &Puzzle, products: &[Product]) -> Option<Cheapest> {
        let moves = &puzzle.moves;
        let n = moves.len();
        let cost = moves.iter().map(|m| m.cost).min()?;
        let (cheap, dear): (Vec<usize>, Vec<usize>) = (0..n).partition(|&m| moves[m].cost == cost);
        if dear.is_empty() {
            return None;
        }
        // The layers need every cheapest move's inverse among them.
        let undone = |a: usize| {
            cheap
                .iter()
                .any(|&b| products[a * n + b] == Product::Identity)
        };
        if !cheap.iter().all(|&a| undone(a)) {
            return None;
        }
        let same = |m: usize, c: usize| moves[m].perm == moves[c].perm;
        let is_identity = |m: usize| {
            moves[m]
                .perm
                .iter()
                .enumerate()
                .all(|(i, &v)| v as usize == i)
        };
        // The fewest cheapest moves that make move m, if at most two do.
        let spelling = |m: usize| -> Option<u64> {
            if is_identity(m) {
                return Some(0);
            }
            if cheap.iter().any(|&c| same(m, c)) {
                return Some(1);
            }
            let two = cheap.iter().any(|&a| {
                cheap
                    .iter()
                    .any(|&b| matches!(products[a * n + b], Product::Move(c) if same(m, c)))
            });
            two.then_some(2)
        };
        let spelled = dear
            .iter()
            .all(|&m| spelling(m).is_some_and(|k| moves[m].cost >= k * cost));
        spelled.then(|| Cheapest {
            layers: cheap.len(),
            order: cheap.into_iter().chain(dear).collect(),
            cost,
        })
    }
}

/// A coordinate's moves in the order of a [`Cheapest`]: the census's layers come
/// from the first.
pub(in crate::puzzle) struct CheapestFirst<'a> {
    pub coords: &'a Coords,
    pub cheapest: &'a Cheapest,
}

impl Blocks for CheapestFirst<'_> {
    fn blocks(&self) -> usize {
        self.coords.blocks()
    }

    fn width(&self) -> usize {
        self.coords.width()
    }

    fn move_count(&self) -> usize {
        self.cheapest.order.len()
    }

    fn layer_moves(&self) -> usize {
        self.cheapest.layers
    }

    fn block_after(&self, block: usize, m: usize, inverse: bool) -> usize {
        self.coords
            .block_after(block, self.cheapest.order[m], inverse)
    }

    fn offset_after(&self, offset: usize, m: usize, inverse: bool) -> usize {
        self.coords
            .offset_after(offset, self.cheapest.order[m], inverse)
    }
}
