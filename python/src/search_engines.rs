//! The batched searches of `pocket.search`, one state each, driven in rounds: a
//! round expands nodes and leaves the new ones pending, the caller's heuristic
//! scores every pending node of every search in one call, and the scores are taken
//! back. Each engine knows nothing of Python.
//!
//! - `Bwas`: DeepCubeA's batch-weighted A* (`search_bwas`).
//! - [`Beam`]: a level at a time, the `width` new nodes of lowest h go on; greedy
//!   descent is a beam of width 1. It ends at the first solved node generated.

use crate::search_nodes::{Node, Nodes};
use crate::search_slots::hash_row;
use crate::search_space::Space;
use crate::search_space::same;
use crate::work::try_room;
use std::collections::TryReserveError;

/// How a search ended.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ended {
    /// The moves from the start to solved, and whether BWAS's stopping rule held
    /// for them (never for a beam, which proves nothing; not when the budget ran
    /// out with a solution generated, which is kept: what was found is not lost).
    Solved { path: Vec<u16>, proven: bool },
    /// Its node budget ran out, or nothing was left to expand, with no solution.
    Failed,
}

/// A search run in rounds (see the module's comment).
pub(crate) trait Engine: Send {
    /// Expand, leaving new nodes pending (or ending), their rows appended to
    /// `rows` in order.
    fn round(&mut self, space: &Space, rows: &mut Vec<u8>);
    /// The most nodes the next round may expand (0 once ended).
    fn next_round(&self) -> usize;
    /// Room for everything the next round may add, or the error of asking for it.
    fn try_room(&mut self, space: &Space) -> Result<(), TryReserveError>;
    /// The nodes waiting for their heuristic values.
    fn pending(&self) -> &[Node];
    /// The heuristic values of the pending nodes, in their order.
    fn scored(&mut self, h: &[f64]);
    fn expanded(&self) -> u64;
    fn ended(&self) -> Option<&Ended>;
}

/// An order-keeping u32 of a cost (every value but NaN, which the caller refuses),
/// as an f32: heap entries of 8 bytes, key and node, where (f64, u32) took 16 and
/// the heap's cache misses were a third of a 2x2x2 search's time.
pub(crate) fn key(f: f64) -> u32 {
    let bits = (f as f32).to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 1 << 31
    }
}

/// An open-list entry: the key above the node, so that entries order by key, then
/// node.
pub(crate) fn entry(f: f64, n: Node) -> u64 {
    u64::from(key(f)) << 32 | u64::from(n)
}

/// How far ahead of its probe a child's slot is fetched.
pub(crate) const AHEAD: usize = 16;

/// The children of one round, kept between rounds: every child's row (`moves` a
/// parent), and the number and hash of each child worth a probe.
#[derive(Default)]
struct Children {
    rows: Vec<u8>,
    probed: Vec<(u32, u64)>,
}

/// Every child of `parents` under every move into `children`; then
/// `visit(nodes, i, kid, hash)` for each child worth a probe (see [`Space`]), in
/// turn, its slot fetched [`AHEAD`] children before. `i` is parent `i / moves`'s
/// child by move `i % moves`. The parents' rows are kept and room is reserved.
fn each_child(
    space: &Space,
    nodes: &mut Nodes,
    parents: &[Node],
    children: &mut Children,
    mut visit: impl FnMut(&mut Nodes, usize, &[u8], u64) -> bool,
) {
    let moves = space.moves;
    let (w, m) = (moves.width, moves.moves());
    let Children { rows: kids, probed } = children;
    kids.resize(parents.len() * m * w, 0);
    probed.clear();
    for (j, (&p, out)) in parents.iter().zip(kids.chunks_exact_mut(m * w)).enumerate() {
        if space.stopped_at(j) {
            return;
        }
        nodes.keep(p, moves);
        moves.next_rows(nodes.row(p), out);
        let last = (p != 0).then(|| nodes.records[p as usize].via);
        for (k, kid) in out.chunks_exact(w).enumerate() {
            if last.is_none_or(|a| !space.in_vain(a, k)) {
                probed.push(((j * m + k) as u32, hash_row(kid)));
            }
        }
    }
    nodes.reserve(probed.len());
    for &(_, h) in probed.iter().take(AHEAD) {
        nodes.prefetch(h);
    }
    for (at, &(i, hash)) in probed.iter().enumerate() {
        if let Some(&(_, h)) = probed.get(at + AHEAD) {
            nodes.prefetch(h);
        }
        if space.stopped_at(at) {
            return;
        }
        let i = i as usize;
        if !visit(nodes, i, &kids[i * w..(i + 1) * w], hash) {
            return;
        }
    }
}

/// The most nodes an arena asks room for at its start (16M: 256 MB of records, in
/// address space only until used).
const MOST_ROOM: u64 = 1 << 24;

/// The most nodes the arenas of one call ask room for in all: thousands of
/// searches each asking for the most reached the system's limit on mappings
/// (a thread could not start, and the process aborted) and then its memory. Past
/// its share, an arena grows as vectors do.
const ROOM_FOR_ALL: u64 = 1 << 27;

/// The room an arena asks for `nodes` nodes, one of `searches` in a call.
pub(crate) fn room_for(nodes: u64, searches: usize) -> usize {
    nodes
        .min(MOST_ROOM)
        .min(ROOM_FOR_ALL / searches.max(1) as u64) as usize
}

pub(crate) fn expected_of(moves: usize, max_nodes: u64, searches: usize) -> usize {
    room_for(
        max_nodes.saturating_mul(moves as u64).saturating_add(1),
        searches,
    )
}

/// An arena for a search of at most `max_nodes` expansions, `batch` a round, with
/// its root holding `start`; one of `searches` in a call.
fn rooted(
    start: &[u8],
    moves: usize,
    max_nodes: u64,
    batch: usize,
    searches: usize,
) -> (Nodes, Node) {
    let kept = room_for(max_nodes.saturating_add(batch as u64 + 1), searches);
    let mut nodes = Nodes::new(start.len(), expected_of(moves, max_nodes, searches), kept);
    let root = nodes.add_root(start);
    (nodes, root)
}

pub(crate) struct Beam {
    nodes: Nodes,
    level: Vec<Node>,
    pending: Vec<Node>,
    width: usize,
    max_depth: u32,
    max_nodes: u64,
    depth: u32,
    expanded: u64,
    ended: Option<Ended>,
    children: Children,
    /// The solved row's hash: a child is compared with it only on a match.
    solved_hash: u64,
}

impl Beam {
    pub fn new(
        start: &[u8],
        solved: &[u8],
        moves: usize,
        width: usize,
        max_depth: u32,
        max_nodes: u64,
        searches: usize,
    ) -> Beam {
        let (nodes, root) = rooted(start, moves, max_nodes, width, searches);
        Beam {
            nodes,
            level: vec![root],
            pending: Vec::new(),
            width: width.max(1),
            max_depth,
            max_nodes,
            depth: 0,
            expanded: 0,
            ended: (start == solved).then_some(Ended::Solved {
                path: Vec::new(),
                proven: false,
            }),
            children: Children::default(),
            solved_hash: hash_row(solved),
        }
    }
}

impl Engine for Beam {
    fn round(&mut self, space: &Space, rows: &mut Vec<u8>) {
        self.pending.clear();
        if self.level.is_empty()
            || self.depth >= self.max_depth
            || self.expanded >= self.max_nodes
            || !self.nodes.has_room(self.level.len() * space.moves.moves())
        {
            self.ended = Some(Ended::Failed);
            return;
        }
        self.depth += 1;
        let mut children = std::mem::take(&mut self.children);
        let level = std::mem::take(&mut self.level);
        self.expanded += level.len() as u64;
        let (m, solved_hash) = (space.moves.moves(), self.solved_hash);
        let (pending, ended) = (&mut self.pending, &mut self.ended);
        let first = rows.len();
        each_child(
            space,
            &mut self.nodes,
            &level,
            &mut children,
            |nodes, i, kid, hash| {
                if nodes.find(kid, hash, space.moves).is_some() {
                    return true;
                }
                let c = nodes.add(hash, level[i / m], (i % m) as u16);
                if hash == solved_hash && same(kid, space.solved) {
                    *ended = Some(Ended::Solved {
                        path: nodes.path(c),
                        proven: false,
                    });
                    pending.clear();
                    rows.truncate(first);
                    return false;
                }
                pending.push(c);
                rows.extend_from_slice(kid);
                true
            },
        );
        self.children = children;
    }

    fn next_round(&self) -> usize {
        match self.ended {
            Some(_) => 0,
            None => self.level.len(),
        }
    }

    fn try_room(&mut self, space: &Space) -> Result<(), TryReserveError> {
        let (w, m) = (space.moves.width, space.moves.moves());
        let (n, kids) = (self.level.len(), self.level.len().saturating_mul(m));
        try_room(&mut self.children.rows, kids.saturating_mul(w))?;
        try_room(&mut self.children.probed, kids)?;
        try_room(&mut self.pending, kids)?;
        self.nodes.try_room(kids, n)
    }

    fn pending(&self) -> &[Node] {
        &self.pending
    }

    fn scored(&mut self, h: &[f64]) {
        let mut order: Vec<(u32, Node)> = self
            .pending
            .iter()
            .zip(h)
            .map(|(&n, &v)| (key(v), n))
            .collect();
        let keep = self.width.min(order.len());
        if keep < order.len() {
            order.select_nth_unstable(keep);
            order.truncate(keep);
        }
        order.sort_unstable();
        self.level = order.into_iter().map(|(_, n)| n).collect();
    }

    fn expanded(&self) -> u64 {
        self.expanded
    }

    fn ended(&self) -> Option<&Ended> {
        self.ended.as_ref()
    }
}
