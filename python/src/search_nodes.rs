//! The nodes of one batched search: every state met, stored once in an arena of
//! rows, with its cost so far, its parent and the move from it, found again through
//! an open-addressing table of node numbers hashed on the row's bytes (no
//! allocation a node: a search meets millions). Each slot keeps 32 bits of its
//! row's hash beside the node, so a probe reads the arena only on a likely match,
//! and a node's children have their slots fetched ahead together: 2x2x2, trivial
//! heuristic, 0.57M nodes expanded a CPU second before both, see python/README.md
//! for after.

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

/// A vector with room for `n` items, asked for in 2 MB pages where it is large: its
/// pages are touched only as nodes come, and it never moves as it grows. Growing
/// by doubling copied every row again and faulted its pages in twice (a 3x3x3
/// search spent 40% of its time in the kernel). Without the room (an address-space
/// limit), it grows as a vector does.
pub(crate) fn room<T>(n: usize) -> Vec<T> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_ok() {
        crate::work::advise_huge_pages(v.as_ptr() as usize, n * std::mem::size_of::<T>());
    }
    v
}

/// A node's number in its search's arena.
pub(crate) type Node = u32;

/// A free slot. A slot holds the node plus one, so that free is 0 and a fresh table
/// is the system's zeroed pages, untouched until used.
const EMPTY: u64 = 0;

/// A table of `n` free slots, in 2 MB pages where large: probes are random over
/// hundreds of MB, and in 4 KB pages each missed the TLB (half of a 3x3x3 search's
/// time sat on the slot's prefetch).
fn free_slots(n: usize) -> Vec<u64> {
    let slots = vec![EMPTY; n];
    crate::work::advise_huge_pages(slots.as_ptr() as usize, n * 8);
    slots
}

pub(crate) struct Nodes {
    width: usize,
    rows: Vec<u8>,
    pub g: Vec<u32>,
    pub parent: Vec<Node>,
    pub via: Vec<u16>,
    /// Each node's hash, so that growing the table reads no rows.
    hashes: Vec<u64>,
    /// The hash's high 32 bits, then the node plus one; EMPTY where free.
    slots: Vec<u64>,
    hasher: ahash::RandomState,
}

impl Nodes {
    /// An empty arena with room asked for `expected` nodes (see [`room`]).
    pub fn new(width: usize, expected: usize) -> Nodes {
        Nodes {
            width,
            rows: room(expected.saturating_mul(width)),
            g: room(expected),
            parent: room(expected),
            via: room(expected),
            hashes: room(expected),
            slots: free_slots(1 << 10),
            // Fixed keys: a search runs the same way every time.
            hasher: ahash::RandomState::with_seeds(1, 2, 3, 4),
        }
    }

    pub fn len(&self) -> usize {
        self.g.len()
    }

    pub fn row(&self, n: Node) -> &[u8] {
        let at = n as usize * self.width;
        &self.rows[at..at + self.width]
    }

    /// The hash of a row, for [`Nodes::find`], [`Nodes::add`] and [`Nodes::prefetch`].
    pub fn hash(&self, row: &[u8]) -> u64 {
        self.hasher.hash_one(row)
    }

    /// The hash any arena gives `row` (their keys are fixed).
    pub fn hash_of(row: &[u8]) -> u64 {
        ahash::RandomState::with_seeds(1, 2, 3, 4).hash_one(row)
    }

    /// Ask for the slot of a hash ahead of its probe.
    pub fn prefetch(&self, hash: u64) {
        let at = hash as usize & (self.slots.len() - 1);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch of an address inside the table; it never faults.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(at) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = at;
    }

    /// The node of `row` (whose hash is `hash`), if met before.
    pub fn find(&self, row: &[u8], hash: u64) -> Option<Node> {
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut at = hash as usize & mask;
        loop {
            match self.slots[at] {
                EMPTY => return None,
                s if s >> 32 == tag && same(self.row(s as Node - 1), row) => {
                    return Some(s as Node - 1);
                }
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// Room for `more` nodes without the table growing: call before a node's
    /// children are hashed, as growing moves their slots.
    pub fn reserve(&mut self, more: usize) {
        while (self.len() + more) * 2 > self.slots.len() {
            self.slots = free_slots(self.slots.len() * 2);
            for n in 0..self.len() {
                self.place(n as Node, self.hashes[n]);
            }
        }
    }

    /// A new node for `row` (not met before; its hash `hash`), reached from
    /// `parent` by `via`. Room must have been reserved.
    pub fn add(&mut self, row: &[u8], hash: u64, g: u32, parent: Node, via: u16) -> Node {
        let n = self.len() as Node;
        self.rows.extend_from_slice(row);
        self.g.push(g);
        self.parent.push(parent);
        self.via.push(via);
        self.hashes.push(hash);
        self.place(n, hash);
        n
    }

    fn place(&mut self, n: Node, hash: u64) {
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        while self.slots[at] != EMPTY {
            at = (at + 1) & mask;
        }
        self.slots[at] = (hash >> 32) << 32 | (u64::from(n) + 1);
    }

    /// The moves from the root (node 0) to `n`.
    pub fn path(&self, mut n: Node) -> Vec<u16> {
        let mut moves = Vec::new();
        while n != 0 {
            moves.push(self.via[n as usize]);
            n = self.parent[n as usize];
        }
        moves.reverse();
        moves
    }
}
