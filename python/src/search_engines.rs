//! The batched searches of `pocket.search`, one state each, driven in rounds: a
//! round expands nodes and leaves the new ones pending, the caller's heuristic
//! scores every pending node of every search in one call, and the scores are taken
//! back. Each engine knows nothing of Python.
//!
//! - [`Bwas`]: DeepCubeA's batch-weighted A*. A round pops the `batch` nodes of
//!   lowest `f = weight * g + h`. A solution is kept once generated, and the search
//!   ends when no open node's f is below the solution's `weight * g`: with weight 1
//!   and an admissible, consistent heuristic that is A*'s own stopping rule, so the
//!   solution is optimal.
//! - [`Beam`]: a level at a time, the `width` new nodes of lowest h go on; greedy
//!   descent is a beam of width 1. Both end at the first solved node generated.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::gather::Gathers;
use crate::search_nodes::{Node, Nodes, same};

/// How a search ended.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ended {
    /// The moves from the start to solved.
    Solved(Vec<u16>),
    /// Its node budget ran out, or nothing was left to expand.
    Failed,
}

/// A search run in rounds (see the module's comment).
pub(crate) trait Engine: Send {
    /// Expand, leaving new nodes pending (or ending).
    fn round(&mut self, moves: &Gathers, solved: &[u8]);
    /// The nodes waiting for their heuristic values.
    fn pending(&self) -> &[Node];
    /// The heuristic values of the pending nodes, in their order.
    fn scored(&mut self, h: &[f64]);
    fn nodes(&self) -> &Nodes;
    fn expanded(&self) -> u64;
    fn ended(&self) -> Option<&Ended>;
}

/// An order-keeping u32 of a cost (every value but NaN, which the caller refuses),
/// as an f32: heap entries of 8 bytes, key and node, where (f64, u32) took 16 and
/// the heap's cache misses were a third of a 2x2x2 search's time.
fn key(f: f64) -> u32 {
    let bits = (f as f32).to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 1 << 31
    }
}

/// A heap entry: the key above the node, so that entries order by key, then node.
fn entry(f: f64, n: Node) -> Reverse<u64> {
    Reverse(u64::from(key(f)) << 32 | u64::from(n))
}

/// How far ahead of its probe a child's slot is fetched.
const AHEAD: usize = 16;

/// Every child of `parents` under every move, into `kids` (`moves` rows a parent)
/// and their hashes into `hashes`; then `visit(nodes, i, kid, hash)` for each in
/// turn, its slot fetched [`AHEAD`] children before. Room is reserved for all.
fn each_child(
    moves: &Gathers,
    nodes: &mut Nodes,
    parents: &[Node],
    (kids, hashes): &mut (Vec<u8>, Vec<u64>),
    mut visit: impl FnMut(&mut Nodes, usize, &[u8], u64) -> bool,
) {
    let (w, m) = (moves.width, moves.moves());
    kids.resize(parents.len() * m * w, 0);
    for (&p, out) in parents.iter().zip(kids.chunks_exact_mut(m * w)) {
        moves.next_rows(nodes.row(p), out);
    }
    hashes.clear();
    hashes.extend(kids.chunks_exact(w).map(|kid| nodes.hash(kid)));
    nodes.reserve(hashes.len());
    for &h in hashes.iter().take(AHEAD) {
        nodes.prefetch(h);
    }
    for (i, kid) in kids.chunks_exact(w).enumerate() {
        if let Some(&h) = hashes.get(i + AHEAD) {
            nodes.prefetch(h);
        }
        if !visit(nodes, i, kid, hashes[i]) {
            return;
        }
    }
}

/// The hash an arena gives `row` (its keys are fixed).
fn nodes_hash(row: &[u8]) -> u64 {
    Nodes::hash_of(row)
}

/// Where a new node starts: the root of an arena holding `start`.
/// The most nodes an arena asks room for at its start (16M: 1.2 GB of 3x3x3 rows
/// and their bookkeeping, in address space only until used).
const MOST_ROOM: u64 = 1 << 24;

fn expected_of(moves: usize, max_nodes: u64) -> usize {
    max_nodes
        .saturating_mul(moves as u64)
        .saturating_add(1)
        .min(MOST_ROOM) as usize
}

fn rooted(start: &[u8], moves: usize, max_nodes: u64) -> (Nodes, Node) {
    let mut nodes = Nodes::new(start.len(), expected_of(moves, max_nodes));
    nodes.reserve(1);
    let h = nodes.hash(start);
    let root = nodes.add(start, h, 0, Node::MAX, 0);
    (nodes, root)
}

pub(crate) struct Bwas {
    nodes: Nodes,
    h: Vec<f32>,
    closed: Vec<bool>,
    open: BinaryHeap<Reverse<u64>>,
    popped: Vec<Node>,
    pending: Vec<Node>,
    best: Option<(u32, Node)>,
    weight: f64,
    batch: usize,
    max_nodes: u64,
    expanded: u64,
    ended: Option<Ended>,
    spare: (Vec<u8>, Vec<u64>),
    /// The solved row's hash: a child is compared with it only on a match.
    solved_hash: u64,
}

impl Bwas {
    pub fn new(
        start: &[u8],
        solved: &[u8],
        moves: usize,
        weight: f64,
        batch: usize,
        max_nodes: u64,
    ) -> Bwas {
        let (nodes, root) = rooted(start, moves, max_nodes);
        let mut open = BinaryHeap::new();
        open.push(entry(0.0, root));
        Bwas {
            nodes,
            h: {
                let mut h = crate::search_nodes::room(expected_of(moves, max_nodes));
                h.push(0.0);
                h
            },
            closed: {
                let mut c = crate::search_nodes::room(expected_of(moves, max_nodes));
                c.push(false);
                c
            },
            open,
            popped: Vec::new(),
            pending: Vec::new(),
            best: (start == solved).then_some((0, root)),
            weight,
            batch: batch.max(1),
            max_nodes,
            expanded: 0,
            ended: None,
            spare: (Vec::new(), Vec::new()),
            solved_hash: nodes_hash(solved),
        }
    }

    /// Whether the best solution so far can no longer be beaten by an open node.
    fn proven(&self) -> bool {
        let Some((g, _)) = self.best else {
            return false;
        };
        let bound = key(self.weight * f64::from(g));
        self.open
            .peek()
            .is_none_or(|Reverse(e)| (e >> 32) as u32 >= bound)
    }

    /// Expand the popped nodes: new children pending, shorter ways reopened.
    fn expand(&mut self, moves: &Gathers, solved: &[u8]) {
        let mut spare = std::mem::take(&mut self.spare);
        let popped = std::mem::take(&mut self.popped);
        let m = moves.moves();
        let (weight, solved_hash) = (self.weight, self.solved_hash);
        let (h, closed, open, pending, best) = (
            &mut self.h,
            &mut self.closed,
            &mut self.open,
            &mut self.pending,
            &mut self.best,
        );
        each_child(
            moves,
            &mut self.nodes,
            &popped,
            &mut spare,
            |nodes, i, kid, hash| {
                let (n, via) = (popped[i / m], (i % m) as u16);
                let g = nodes.g[n as usize] + 1;
                let c = match nodes.find(kid, hash) {
                    Some(c) if nodes.g[c as usize] <= g => return true,
                    Some(c) => {
                        // A shorter way to a node met before: reopened with its h.
                        let at = c as usize;
                        (nodes.g[at], nodes.parent[at], nodes.via[at]) = (g, n, via);
                        closed[at] = false;
                        open.push(entry(weight * f64::from(g) + f64::from(h[at]), c));
                        c
                    }
                    None => {
                        let c = nodes.add(kid, hash, g, n, via);
                        h.push(0.0);
                        closed.push(false);
                        pending.push(c);
                        c
                    }
                };
                if hash == solved_hash && same(kid, solved) && best.is_none_or(|(b, _)| g < b) {
                    *best = Some((g, c));
                }
                true
            },
        );
        self.popped = popped;
        self.spare = spare;
    }
}

impl Engine for Bwas {
    fn round(&mut self, moves: &Gathers, solved: &[u8]) {
        self.pending.clear();
        if self.proven() {
            let (_, goal) = self.best.unwrap_or((0, 0));
            self.ended = Some(Ended::Solved(self.nodes.path(goal)));
            return;
        }
        if self.open.is_empty() || self.expanded >= self.max_nodes {
            self.ended = Some(Ended::Failed);
            return;
        }
        self.popped.clear();
        while self.popped.len() < self.batch {
            let Some(Reverse(e)) = self.open.pop() else {
                break;
            };
            let n = e as Node;
            if !std::mem::replace(&mut self.closed[n as usize], true) {
                self.popped.push(n);
            }
        }
        self.expanded += self.popped.len() as u64;
        self.expand(moves, solved);
    }

    fn pending(&self) -> &[Node] {
        &self.pending
    }

    fn scored(&mut self, h: &[f64]) {
        for (&n, &v) in self.pending.iter().zip(h) {
            self.h[n as usize] = v as f32;
            let f = self.weight * f64::from(self.nodes.g[n as usize]) + v;
            self.open.push(entry(f, n));
        }
    }

    fn nodes(&self) -> &Nodes {
        &self.nodes
    }

    fn expanded(&self) -> u64 {
        self.expanded
    }

    fn ended(&self) -> Option<&Ended> {
        self.ended.as_ref()
    }
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
    spare: (Vec<u8>, Vec<u64>),
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
    ) -> Beam {
        let (nodes, root) = rooted(start, moves, max_nodes);
        Beam {
            nodes,
            level: vec![root],
            pending: Vec::new(),
            width: width.max(1),
            max_depth,
            max_nodes,
            depth: 0,
            expanded: 0,
            ended: (start == solved).then_some(Ended::Solved(Vec::new())),
            spare: (Vec::new(), Vec::new()),
            solved_hash: nodes_hash(solved),
        }
    }
}

impl Engine for Beam {
    fn round(&mut self, moves: &Gathers, solved: &[u8]) {
        self.pending.clear();
        if self.level.is_empty() || self.depth >= self.max_depth || self.expanded >= self.max_nodes
        {
            self.ended = Some(Ended::Failed);
            return;
        }
        self.depth += 1;
        let mut spare = std::mem::take(&mut self.spare);
        let level = std::mem::take(&mut self.level);
        self.expanded += level.len() as u64;
        let (m, depth, solved_hash) = (moves.moves(), self.depth, self.solved_hash);
        let (pending, ended) = (&mut self.pending, &mut self.ended);
        each_child(
            moves,
            &mut self.nodes,
            &level,
            &mut spare,
            |nodes, i, kid, hash| {
                if nodes.find(kid, hash).is_some() {
                    return true;
                }
                let c = nodes.add(kid, hash, depth, level[i / m], (i % m) as u16);
                if hash == solved_hash && same(kid, solved) {
                    *ended = Some(Ended::Solved(nodes.path(c)));
                    pending.clear();
                    return false;
                }
                pending.push(c);
                true
            },
        );
        self.spare = spare;
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

    fn nodes(&self) -> &Nodes {
        &self.nodes
    }

    fn expanded(&self) -> u64 {
        self.expanded
    }

    fn ended(&self) -> Option<&Ended> {
        self.ended.as_ref()
    }
}
