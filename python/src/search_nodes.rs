//! The nodes of one beam search: every state met, with its parent and the move
//! from it, found again through a [`Slots`] table, a node's children with their
//! slots fetched ahead together. (BWAS keeps only the nodes it expands:
//! `search_closed`.)
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

/// A vector with room for `n` items, asked for in 2 MB pages where it is large: its
/// pages are touched only as nodes come, and it never moves as it grows. Growing
/// by doubling copied every row again and faulted its pages in twice (a 3x3x3
/// search spent 40% of its time in the kernel). Without the room (an address-space
/// limit), it grows as a vector does.
pub(crate) fn room<T>(n: usize) -> Vec<T> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_ok() {
        advise_past_small_start(v.as_ptr() as usize, n * std::mem::size_of::<T>());
    }
    v
}

/// The start of a search's buffer left in small pages: a search that stays small
/// (most, in a batch of thousands) then touches a few 4 KB pages, not a 2 MB page
/// for each buffer (20,000 2x2x2 searches at once were killed for memory, 24 GB).
const SMALL_START: usize = 4 << 20;

/// Ask for 2 MB pages in `bytes` from `start`, past its first [`SMALL_START`].
pub(crate) fn advise_past_small_start(start: usize, bytes: usize) {
    if bytes > SMALL_START {
        crate::work::advise_huge_pages(start + SMALL_START, bytes - SMALL_START);
    }
}

pub(crate) use crate::search_slots::Node;
use crate::search_slots::Slots;

/// The bit of [`Record::row`] that says the row is the node's own.
const OWN: u32 = 1 << 31;

/// What a node knows, in one 12-byte record so that a probe's match costs one cache
/// miss, not one an array.
#[derive(Clone, Copy)]
pub(crate) struct Record {
    pub parent: Node,
    /// The kept row that gives its row: its own, with [`OWN`] set, or else its
    /// parent's, to be moved by `via`. A node met again is then checked with one
    /// miss of the cache for the row, not one for its parent's record as well.
    row: u32,
    /// The move from its parent.
    pub via: u16,
}

pub(crate) struct Nodes {
    width: usize,
    /// The rows kept whole: the root's and each expanded node's.
    rows: Vec<u8>,
    pub records: Vec<Record>,
    slots: Slots,
}

impl Nodes {
    /// An empty arena with room asked for `expected` nodes, `kept` of them with
    /// their rows (see [`room`]).
    pub fn new(width: usize, expected: usize, kept: usize) -> Nodes {
        Nodes {
            width,
            rows: room(kept.saturating_mul(width)),
            records: room(expected),
            slots: Slots::new(expected),
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

    /// Ask for the slot of a hash ahead of its probe.
    pub fn prefetch(&self, hash: u64) {
        self.slots.prefetch(hash);
    }

    /// The node of `row` (whose hash is `hash`), if met before.
    pub fn find(&self, row: &[u8], hash: u64, moves: &Gathers) -> Option<Node> {
        let at = self.slots.find(hash, |c| self.holds(c, row, moves))?;
        Some(self.slots.node(at))
    }

    /// Room for `more` nodes without the table growing: call before a node's
    /// children are hashed, as growing moves their slots.
    pub fn reserve(&mut self, more: usize) {
        self.slots.reserve(more);
    }

    /// The root: a node for `row`, its row kept.
    pub fn add_root(&mut self, row: &[u8]) -> Node {
        self.reserve(1);
        let hash = crate::search_slots::hash_row(row);
        let k = (self.rows.len() / self.width) as u32;
        self.rows.extend_from_slice(row);
        self.push(
            hash,
            Record {
                parent: Node::MAX,
                row: k | OWN,
                via: 0,
            },
        )
    }

    /// A new node (not met before; its row's hash `hash`), reached from `parent`
    /// (kept) by `via`. Room must have been reserved.
    pub fn add(&mut self, hash: u64, parent: Node, via: u16) -> Node {
        let row = self.records[parent as usize].row & !OWN;
        self.push(hash, Record { parent, row, via })
    }

    fn push(&mut self, hash: u64, record: Record) -> Node {
        let n = self.len() as Node;
        self.records.push(record);
        self.slots.insert(hash, n);
        n
    }

    /// The moves from the root (node 0) to `n`.
    pub fn path(&self, n: Node) -> Vec<u16> {
        path_back(n, |k| {
            let r = self.records[k as usize];
            (r.parent, r.via)
        })
    }
}
