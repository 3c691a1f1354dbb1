//! The canonical-sequence rule, one for every search and walk: tables of which move
//! may follow which, built once from the moves' products and costs.

use super::{MoveSpec, Product, Space};

/// The canonical-sequence rule of a space: which move may follow which. Move `b` may
/// not follow `a` when `a b` undoes itself or equals a single move that costs no more
/// than both; every state is still reached at its exact cost, by fewer moves. That is
/// the rule of every search and walk. Listing sequences rather than states (the
/// magic-move search) also puts commuting moves of different faces in face order
/// ([`Canon::allows_sorted`]), so each product is listed once.
#[derive(Clone, Debug)]
pub struct Canon {
    n: usize,
    /// `after[b][a]`: whether `b` may follow `a` (`a == n`: at the start). Rows of
    /// 256 so a move byte indexes them without a bounds check: with rows of `n + 1`,
    /// 1,000 random states took 6% more instructions than the face test before it.
    after: Vec<[bool; 256]>,
    /// `before[a][b]`: the same, indexed for walking backwards.
    before: Vec<[bool; 256]>,
    /// `sorted[a * n + b]`: `after` and, for commuting moves, faces in order.
    sorted: Vec<bool>,
    /// `swaps[a * n + b]`: moves of different faces that commute.
    swaps: Vec<bool>,
}

impl Canon {
    /// The rule of `space`.
    pub fn new<P: Space>(space: &P) -> Canon {
        Canon::from_relations(
            space.moves(),
            |a, b| space.product(a, b),
            |a, b| space.commutes(a, b),
        )
    }

    /// The rule of moves with these costs, products and commuting pairs.
    pub fn from_relations(
        moves: &[MoveSpec],
        product: impl Fn(usize, usize) -> Product,
        commutes: impl Fn(usize, usize) -> bool,
    ) -> Canon {
        let n = moves.len();
        let mut after = vec![[true; 256]; n];
        let mut before = vec![[true; 256]; n];
        let mut sorted = vec![true; n * n];
        let mut swaps = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                let redundant = match product(a, b) {
                    Product::Identity => true,
                    Product::Move(c) => moves[c].cost <= moves[a].cost + moves[b].cost,
                    Product::Other => false,
                };
                after[b][a] = !redundant;
                before[a][b] = !redundant;
                let swap = moves[b].face != moves[a].face && commutes(a, b);
                swaps[a * n + b] = swap;
                let unsorted = moves[b].face < moves[a].face && swap;
                sorted[a * n + b] = !redundant && !unsorted;
            }
        }
        Canon {
            n,
            after,
            before,
            sorted,
            swaps,
        }
    }

    /// Whether moves `a` and `b`, of different faces, commute.
    pub fn commute(&self, a: usize, b: usize) -> bool {
        self.swaps[a * self.n + b]
    }

    /// Whether `next` may follow `prev` (`None`: at the start of a sequence).
    pub fn allows(&self, prev: Option<usize>, next: usize) -> bool {
        self.after[next][prev.unwrap_or(self.n)]
    }

    /// Whether `next` may follow `prev` in a listing of sequences: [`Canon::allows`],
    /// and commuting moves of different faces only in increasing face order.
    pub fn allows_sorted(&self, prev: Option<usize>, next: usize) -> bool {
        prev.is_none_or(|p| self.sorted[p * self.n + next])
    }

    /// Indexed by the previous move (`n` for none): may `next` follow it?
    #[inline]
    pub(super) fn after_row(&self, next: usize) -> &[bool; 256] {
        &self.after[next]
    }

    /// Indexed by the next move (`n` for none): may it follow `prev`?
    #[inline]
    pub(super) fn before_row(&self, prev: usize) -> &[bool; 256] {
        &self.before[prev]
    }
}
