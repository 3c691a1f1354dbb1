//! IDA* over the tables: a node is the cube seen along each of its three axes
//! (flip, middle layer, twist, and the distance the edge table gives) and its
//! corners; it is cut where any of the four bounds reaches the moves left.

use super::classes::Classes;
use super::coord::{self, Coordinates, FLIPS, TWISTS};
use super::cubie::{Cubies, MOVES, SOLVED, moves};
use super::memory::prefetch;
use super::prune::{Trits, next_distance};
use super::symmetry::Symmetries;

/// The tables one search reads.
pub struct Tables<'a> {
    pub symmetries: &'a Symmetries,
    pub coords: &'a Coordinates,
    pub classes: &'a Classes,
    pub edges: &'a Trits,
    pub corners: &'a Trits,
}

#[derive(Clone, Copy)]
struct Axis {
    flip: u16,
    slice: u16,
    twist: u16,
    distance: u8,
}

#[derive(Clone, Copy)]
struct Node {
    axes: [Axis; 3],
    corner_places: u16,
    corner_distance: u8,
}

/// The longest optimal solution of any 3x3x3 state (God's number, in face turns).
const GODS_NUMBER: u8 = 20;

impl Tables<'_> {
    fn edge_entry(&self, flip: u16, slice: u16, twist: u16) -> usize {
        let raw = slice as usize / self.classes.slice.divisor() * FLIPS + flip as usize;
        let of = self.classes.of[raw] as usize;
        (of >> 4) * TWISTS + self.coords.twist_seen[twist as usize][of & 15] as usize
    }

    /// The distance a table gives a state, found by walking down the table to its
    /// entry 0 (each step to a neighbour one closer).
    fn walk<S: Copy>(
        table: &Trits,
        mut state: S,
        entry: impl Fn(S) -> usize,
        step: impl Fn(S, usize) -> S,
    ) -> u8 {
        let mut d = 0;
        while entry(state) != 0 {
            let lower = (table.get(entry(state)) + 2) % 3;
            state = (0..MOVES)
                .map(|m| step(state, m))
                .find(|&n| table.get(entry(n)) == lower)
                .expect("a table entry has a neighbour one closer");
            d += 1;
        }
        d
    }

    fn start(&self, cube: &Cubies) -> Node {
        let c = self.coords;
        let (s, s_inverse) = self.symmetries.urf3;
        let mut seen = *cube;
        let axes = std::array::from_fn(|k| {
            if k > 0 {
                seen = seen.conjugate(&s, &s_inverse);
            }
            let at = [coord::flip(&seen), coord::slice(&seen), coord::twist(&seen)];
            let distance = Self::walk(
                self.edges,
                at,
                |[f, s, t]| self.edge_entry(f as u16, s as u16, t as u16),
                |[f, s, t], m| [c.flip[f][m], c.slice[s][m], c.twist[t][m]].map(|x| x as usize),
            );
            Axis {
                flip: at[0] as u16,
                slice: at[1] as u16,
                twist: at[2] as u16,
                distance,
            }
        });
        let places = coord::corner_places(cube);
        let corner_distance = Self::walk(
            self.corners,
            (places, coord::twist(cube)),
            |(p, t)| p * TWISTS + t,
            |(p, t), m| (c.corner_places[p][m] as usize, c.twist[t][m] as usize),
        );
        Node {
            axes,
            corner_places: places as u16,
            corner_distance,
        }
    }

    /// A lower bound on the node's distance to solved.
    fn bound(&self, node: &Node) -> u8 {
        let d = node.axes.map(|a| a.distance);
        let most = d.into_iter().max().unwrap_or(0).max(node.corner_distance);
        // The last move of a solution lies in one axis's group, so some axis is
        // one move closer than the solution: three equal distances d mean d + 1.
        if d[0] != 0 && d[0] == d[1] && d[1] == d[2] {
            most.max(d[0] + 1)
        } else {
            most
        }
    }

    /// An optimal solution (Kociemba's move numbers) and the nodes searched, or
    /// `None` past God's number, which only a bad table can reach; `Err(nodes)` when
    /// `keep_going(nodes)`, asked every 65,536 nodes, said to stop.
    pub fn solve(
        &self,
        cube: &Cubies,
        mut on_bound: impl FnMut(u8, u64),
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Option<(Vec<u8>, u64)>, u64> {
        let start = self.start(cube);
        let mut path = Vec::with_capacity(GODS_NUMBER as usize);
        let mut nodes = 0;
        let all = moves();
        for bound in self.bound(&start)..=GODS_NUMBER {
            let before = nodes;
            let mut search = Search {
                tables: self,
                path: &mut path,
                nodes: &mut nodes,
                cube,
                all: &all,
                keep_going: &mut *keep_going,
                next_ask: before + ASK_EVERY,
                stopped: false,
            };
            if search.down(&start, bound, usize::MAX) {
                return Ok(Some((path, nodes)));
            }
            if search.stopped {
                return Err(nodes);
            }
            on_bound(bound, nodes - before);
        }
        Ok(None)
    }
}

struct Search<'t, 'a> {
    tables: &'t Tables<'a>,
    path: &'t mut Vec<u8>,
    nodes: &'t mut u64,
    cube: &'t Cubies,
    all: &'t [Cubies; MOVES],
    /// Asked every [`ASK_EVERY`] nodes whether to go on (a caller's time or node
    /// budget); one comparison a node.
    keep_going: &'t mut dyn FnMut(u64) -> bool,
    next_ask: u64,
    stopped: bool,
}

const ASK_EVERY: u64 = 1 << 16;

/// A child of a node on its way through the three reads: its move, the node it
/// becomes, and where its entries are.
#[derive(Clone, Copy)]
struct Child {
    m: u8,
    node: Node,
    corner_at: usize,
    /// The raw edge coordinate on each axis, then its entry.
    edge_at: [usize; 3],
}

impl Search<'_, '_> {
    fn down(&mut self, node: &Node, left: u8, last_face: usize) -> bool {
        if left == 0 {
            // Every bound says 0; the middle layers' orders are checked on cubies.
            let end = self
                .path
                .iter()
                .fold(*self.cube, |c, &m| c.then(&self.all[m as usize]));
            return end == SOLVED;
        }
        if *self.nodes >= self.next_ask {
            self.next_ask = *self.nodes + ASK_EVERY;
            self.stopped = self.stopped || !(self.keep_going)(*self.nodes);
        }
        if self.stopped {
            return false;
        }
        let mut children = [None::<Child>; MOVES];
        let mut count = 0;
        for m in 0..MOVES {
            let face = m / 3;
            // One turn of a face at a time, and of two opposite faces U before D,
            // R before L, F before B.
            if face == last_face || face + 3 == last_face {
                continue;
            }
            *self.nodes += 1;
            children[count] = Some(self.tables.moved(node, m));
            count += 1;
        }
        // The children's reads in three rounds, each fetched ahead for all of them,
        // so that the reads of one node's children wait together, not in turn.
        let children = &mut children[..count];
        let below = left - 1;
        for slot in children.iter_mut() {
            *slot = slot.and_then(|child| self.tables.corners_within(node, child, below));
        }
        for slot in children.iter_mut() {
            *slot = slot.map(|child| self.tables.edge_entries(child));
        }
        for slot in children.iter_mut() {
            *slot = slot.and_then(|child| self.tables.edges_within(node, child, below));
        }
        for child in children.iter().flatten() {
            self.path.push(child.m);
            if self.down(&child.node, below, child.m as usize / 3) {
                return true;
            }
            self.path.pop();
        }
        false
    }
}

impl Tables<'_> {
    /// The child's coordinates after move `m`; its corner entry and its raw edge
    /// coordinates asked for.
    #[inline]
    fn moved(&self, node: &Node, m: usize) -> Child {
        let c = self.coords;
        let mut axes = node.axes;
        let mut edge_at = [0; 3];
        for (k, a) in axes.iter_mut().enumerate() {
            let mk = self.symmetries.axis_moves[k][m] as usize;
            a.flip = c.flip[a.flip as usize][mk];
            a.slice = c.slice[a.slice as usize][mk];
            a.twist = c.twist[a.twist as usize][mk];
            edge_at[k] = a.slice as usize / self.classes.slice.divisor() * FLIPS + a.flip as usize;
            prefetch(&self.classes.of, edge_at[k]);
        }
        let places = c.corner_places[node.corner_places as usize][m];
        let corner_at = places as usize * TWISTS + axes[0].twist as usize;
        self.corners.prefetch(corner_at);
        Child {
            m: m as u8,
            node: Node {
                axes,
                corner_places: places,
                corner_distance: 0,
            },
            corner_at,
            edge_at,
        }
    }

    /// The child, unless the corners are more than `left` moves from solved.
    #[inline]
    fn corners_within(&self, parent: &Node, mut child: Child, left: u8) -> Option<Child> {
        let d = next_distance(parent.corner_distance, self.corners.get(child.corner_at));
        child.node.corner_distance = d;
        (d <= left).then_some(child)
    }

    /// The child with its edge entries in place of its raw coordinates, asked for.
    #[inline]
    fn edge_entries(&self, mut child: Child) -> Child {
        for (k, at) in child.edge_at.iter_mut().enumerate() {
            let of = self.classes.of[*at] as usize;
            let twist = child.node.axes[k].twist as usize;
            *at = (of >> 4) * TWISTS + self.coords.twist_seen[twist][of & 15] as usize;
            self.edges.prefetch(*at);
        }
        child
    }

    /// The child, unless a bound says it is more than `left` moves from solved.
    #[inline]
    fn edges_within(&self, parent: &Node, mut child: Child, left: u8) -> Option<Child> {
        for k in 0..3 {
            let held = self.edges.get(child.edge_at[k]);
            let d = next_distance(parent.axes[k].distance, held);
            if d > left {
                return None;
            }
            child.node.axes[k].distance = d;
        }
        (self.bound(&child.node) <= left).then_some(child)
    }
}
