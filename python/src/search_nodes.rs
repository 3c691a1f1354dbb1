//! The nodes of one batched search: every state met, with its cost so far, its
//! parent and the move from it, found again through an open-addressing table of
//! node numbers hashed on the row's bytes (no allocation a node: a search meets
//! millions). Each slot keeps 32 bits of its row's hash beside the node, so a probe
//! looks further only on a likely match, and a node's children have their slots
//! fetched ahead together.
//!
//! Rows are kept whole only for the nodes expanded (and the root): any other node's
//! row is its parent's row after one move, one gather away. A 3x3x3 search
//! generates about 13 new nodes for each one it expands, so this keeps a 54-byte
//! row for one node in 13; storing every row made the search spend a quarter of its
//! time having the kernel zero fresh pages (python/README.md has the figures).

use crate::gather::Gathers;

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

/// The bit of [`Record::row`] that says the row is the node's own.
const OWN: u32 = 1 << 31;

/// What a node knows, in one 16-byte record so that a probe's match costs one cache
/// miss, not one an array.
#[derive(Clone, Copy)]
pub(crate) struct Record {
    /// Its cost so far.
    pub g: u32,
    pub parent: Node,
    /// The kept row that gives its row: its own, with [`OWN`] set, or else its
    /// parent's, to be moved by `via`. A node met again is then checked with one
    /// miss of the cache for the row, not one for its parent's record as well.
    row: u32,
    /// The move from its parent.
    pub via: u16,
    /// Expanded, and not reopened since (BWAS's closed set).
    pub closed: bool,
}

/// A table grows past 3/4 full. Slots are contiguous and carry a tag, so a longer
/// linear probe costs little next to the memory a half-empty table faults in.
fn crowded(nodes: usize, slots: usize) -> bool {
    nodes * 4 > slots * 3
}

pub(crate) struct Nodes {
    width: usize,
    /// The rows kept whole: the root's and each expanded node's.
    rows: Vec<u8>,
    pub records: Vec<Record>,
    /// The hash's high 32 bits, then the node plus one; EMPTY where free. A hash's
    /// home slot is its top bits, so that growing the table places each slot again
    /// from its own bits, with no hash kept a node and no row read.
    slots: Vec<u64>,
    hasher: ahash::RandomState,
}

impl Nodes {
    /// An empty arena with room asked for `expected` nodes, `kept` of them with
    /// their rows (see [`room`]).
    pub fn new(width: usize, expected: usize, kept: usize) -> Nodes {
        Nodes {
            width,
            rows: room(kept.saturating_mul(width)),
            records: room(expected),
            slots: free_slots(1 << 10),
            // Fixed keys: a search runs the same way every time.
            hasher: ahash::RandomState::with_seeds(1, 2, 3, 4),
        }
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether `more` nodes still fit the numbering: a node is a u32, and a kept
    /// row's number has [`OWN`] above it (2^31 nodes, past any memory today's
    /// machines give one search, end it as out of budget).
    pub fn has_room(&self, more: usize) -> bool {
        self.len().saturating_add(more) < OWN as usize
    }

    /// The row of `n`, which must be kept ([`Nodes::keep`]).
    pub fn row(&self, n: Node) -> &[u8] {
        self.kept(self.records[n as usize].row)
    }

    /// Kept row `k` (the [`OWN`] bit ignored).
    fn kept(&self, k: u32) -> &[u8] {
        let at = (k & !OWN) as usize * self.width;
        &self.rows[at..at + self.width]
    }

    /// Keep the row of `n` whole, ahead of its expansion: its parent's row (kept,
    /// as the parent was expanded) after the move that reached it.
    pub fn keep(&mut self, n: Node, moves: &Gathers) {
        let r = self.records[n as usize];
        if r.row & OWN != 0 {
            return;
        }
        let k = self.rows.len() / self.width;
        let from = r.row as usize * self.width;
        self.rows.resize(self.rows.len() + self.width, 0);
        let (before, new) = self.rows.split_at_mut(k * self.width);
        moves.step_rows(&before[from..from + self.width], &[r.via], new);
        self.records[n as usize].row = k as u32 | OWN;
    }

    /// Whether node `c` holds `row`.
    fn holds(&self, c: Node, row: &[u8], moves: &Gathers) -> bool {
        let r = self.records[c as usize];
        if r.row & OWN != 0 {
            return same(self.kept(r.row), row);
        }
        moves.is_after(self.kept(r.row), r.via, row)
    }

    /// The hash of a row, for [`Nodes::find`], [`Nodes::add`] and [`Nodes::prefetch`].
    pub fn hash(&self, row: &[u8]) -> u64 {
        self.hasher.hash_one(row)
    }

    /// The hash any arena gives `row` (their keys are fixed).
    pub fn hash_of(row: &[u8]) -> u64 {
        ahash::RandomState::with_seeds(1, 2, 3, 4).hash_one(row)
    }

    /// The home slot of a hash's top 32 bits in a table of `len` slots.
    fn home(tag: u64, len: usize) -> usize {
        (tag << 32 >> (64 - len.trailing_zeros())) as usize
    }

    /// Ask for the slot of a hash ahead of its probe.
    pub fn prefetch(&self, hash: u64) {
        let at = Self::home(hash >> 32, self.slots.len());
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
    pub fn find(&self, row: &[u8], hash: u64, moves: &Gathers) -> Option<Node> {
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut at = Self::home(tag, self.slots.len());
        loop {
            match self.slots[at] {
                EMPTY => return None,
                s if s >> 32 == tag && self.holds(s as Node - 1, row, moves) => {
                    return Some(s as Node - 1);
                }
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// Room for `more` nodes without the table growing: call before a node's
    /// children are hashed, as growing moves their slots.
    pub fn reserve(&mut self, more: usize) {
        while crowded(self.len() + more, self.slots.len()) {
            let bigger = free_slots(self.slots.len() * 2);
            let old = std::mem::replace(&mut self.slots, bigger);
            for s in old.into_iter().filter(|&s| s != EMPTY) {
                self.place(s);
            }
        }
    }

    /// The root: a node for `row`, its row kept.
    pub fn add_root(&mut self, row: &[u8]) -> Node {
        self.reserve(1);
        let hash = self.hash(row);
        let k = (self.rows.len() / self.width) as u32;
        self.rows.extend_from_slice(row);
        self.push(
            hash,
            Record {
                g: 0,
                parent: Node::MAX,
                row: k | OWN,
                via: 0,
                closed: false,
            },
        )
    }

    /// A new node (not met before; its row's hash `hash`), reached from `parent`
    /// (kept) by `via`. Room must have been reserved.
    pub fn add(&mut self, hash: u64, g: u32, parent: Node, via: u16) -> Node {
        let row = self.records[parent as usize].row & !OWN;
        self.push(
            hash,
            Record {
                g,
                parent,
                row,
                via,
                closed: false,
            },
        )
    }

    fn push(&mut self, hash: u64, record: Record) -> Node {
        let n = self.len() as Node;
        self.records.push(record);
        self.place((hash >> 32) << 32 | (u64::from(n) + 1));
        n
    }

    /// Node `c` met again by a shorter way: cost `g`, from `parent` (kept) by
    /// `via`, and open again.
    pub fn reach(&mut self, c: Node, g: u32, parent: Node, via: u16) {
        let from = self.records[parent as usize].row & !OWN;
        let r = &mut self.records[c as usize];
        (r.g, r.parent, r.via, r.closed) = (g, parent, via, false);
        if r.row & OWN == 0 {
            r.row = from;
        }
    }

    /// Put a slot (tag and node) at or after its home.
    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut at = Self::home(slot >> 32, self.slots.len());
        while self.slots[at] != EMPTY {
            at = (at + 1) & mask;
        }
        self.slots[at] = slot;
    }

    /// The moves from the root (node 0) to `n`.
    pub fn path(&self, mut n: Node) -> Vec<u16> {
        let mut moves = Vec::new();
        while n != 0 {
            let r = self.records[n as usize];
            moves.push(r.via);
            n = r.parent;
        }
        moves.reverse();
        moves
    }
}
