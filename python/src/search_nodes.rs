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
use crate::search_space::{path_back, same};
use crate::work::{room, try_room};
use std::collections::TryReserveError;

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

    /// Room for `more` nodes' records and `kept` more rows, or the error of asking.
    pub fn try_room(&mut self, more: usize, kept: usize) -> Result<(), TryReserveError> {
        let total = self.len().saturating_add(more);
        try_room(&mut self.records, total)?;
        let rows = self
            .rows
            .len()
            .saturating_add(kept.saturating_mul(self.width));
        try_room(&mut self.rows, rows)?;
        self.slots.try_reserve(more)
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
