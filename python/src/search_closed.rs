//! BWAS's closed set: the nodes expanded, each with its row, its cost and the
//! expanded node and move it came from, found again by row through a [`Slots`]
//! table. Nodes merely generated are not here: they wait in the open list as their
//! origin (see `search_bwas`), so that a 3x3x3 search keeps 8 bytes for each of the
//! 13 nodes it generates an expansion, where an arena of every node met kept 40
//! (python/README.md has the figures).

use crate::search_slots::{Node, Slots};
use crate::search_space::{path_back, same};
use crate::work::{room, try_room};
use std::collections::TryReserveError;

/// What an expanded node knows besides its row.
#[derive(Clone, Copy)]
pub(crate) struct Expanded {
    /// Its cost from the root.
    pub g: u32,
    /// The expanded node it came from ([`Node::MAX`] for the root).
    pub parent: Node,
    /// The move from its parent.
    pub via: u16,
}

pub(crate) struct Closed {
    width: usize,
    /// Row `k` is expanded node `k`'s.
    rows: Vec<u8>,
    records: Vec<Expanded>,
    slots: Slots,
}

impl Closed {
    /// An empty set of rows `width` wide, with room asked for `expected` nodes.
    pub fn new(width: usize, expected: usize) -> Closed {
        Closed {
            width,
            rows: room(expected.saturating_mul(width)),
            records: room(expected),
            slots: Slots::new(expected),
        }
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether `more` nodes still fit the numbering (u32, [`Node::MAX`] the root's
    /// parent; past any memory today's machines give one search, ending it as out
    /// of budget).
    pub fn has_room(&self, more: usize) -> bool {
        self.len().saturating_add(more) < Node::MAX as usize
    }

    /// The row of expanded node `k`.
    pub fn row(&self, k: Node) -> &[u8] {
        let at = k as usize * self.width;
        &self.rows[at..at + self.width]
    }

    pub fn record(&self, k: Node) -> Expanded {
        self.records[k as usize]
    }

    /// Ask for the slot of a hash ahead of its probe.
    pub fn prefetch(&self, hash: u64) {
        self.slots.prefetch(hash);
    }

    /// The slot of the node expanded with `row` (whose hash is `hash`), if any.
    pub fn find(&self, row: &[u8], hash: u64) -> Option<usize> {
        self.slots.find(hash, |k| same(self.row(k), row))
    }

    /// The cost of the node in slot `at` (one [`Closed::find`] gave).
    pub fn g_at(&self, at: usize) -> u32 {
        self.records[self.slots.node(at) as usize].g
    }

    /// Room for `more` expanded nodes' rows and records, or the error of asking.
    pub fn try_room(&mut self, more: usize) -> Result<(), TryReserveError> {
        let total = self.len().saturating_add(more);
        try_room(&mut self.rows, total.saturating_mul(self.width))?;
        try_room(&mut self.records, total)?;
        self.slots.try_reserve(more)
    }

    /// Room for `more` nodes without the table growing: call before slots are
    /// fetched ahead of their probes, as growing moves them.
    pub fn reserve(&mut self, more: usize) {
        self.slots.reserve(more);
    }

    /// Expand `row` (hash `hash`) as a new node; `found` is the slot of its row's
    /// earlier expansion at a greater cost, which this one replaces.
    pub fn add(&mut self, row: &[u8], hash: u64, record: Expanded, found: Option<usize>) -> Node {
        let k = self.len() as Node;
        self.rows.extend_from_slice(row);
        self.records.push(record);
        match found {
            Some(at) => self.slots.replace(at, k),
            None => self.slots.insert(hash, k),
        }
        k
    }

    /// The moves from the root (node 0) to expanded node `k`.
    pub fn path(&self, k: Node) -> Vec<u16> {
        path_back(k, |k| {
            let r = self.records[k as usize];
            (r.parent, r.via)
        })
    }
}
