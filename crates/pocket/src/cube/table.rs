//! An optimal solver backed by the full distance table: build it once (one census
//! breadth-first search, tens of milliseconds), then every solve is a walk down it.
//!
//! The HTM table is built in: `build.rs` computes it when the crate is compiled, as
//! the distance of each position mod 3 in two bits (918,540 bytes of the binary).
//! Mod 3 is enough to walk: in HTM the positions one move apart are at most one
//! apart in distance, so the neighbour one closer is the one whose distance is one
//! less mod 3, and the distance itself is the length of that walk to solved. A
//! process answers HTM batches from the table at once (1,000 random states: 2 ms
//! instead of 21 ms), where building it took 65 ms.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

use crate::cube::class_key::ClassKey;
use crate::cube::solver::PocketSpace;
use crate::engine::search::{Canon, Space};
use crate::model::cost::Metric;
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, Cube, tables};

mod count;
mod distances;
mod graph;
mod near;
mod writer;

use count::count_htm;
use distances::{Distances, distances_to_solved, htm_mod3_table, mod3_distance};
pub(crate) use distances::{htm_distance, htm_mod3};
use graph::Graph;
use near::Near;
pub use writer::{Separators, write_algs};
use writer::{Writer, tokens};

/// Walks down a distance table of every position. Shareable between threads.
pub struct TableSolver {
    metric: Metric,
    space: PocketSpace,
    canon: Canon,
    /// Distance of each position *to* solved.
    dist: Distances,
    /// The metric's moves for [`Graph`]: index in [`Move::ALL`], and cost.
    moves: smallvec::SmallVec<[(u8, u8); Move::COUNT]>,
    /// For [`Graph`]: for each move, the first that the canonical rule treats alike.
    /// Made once here: made for each solve, it cost more than a hard state's first
    /// solution (729 questions to the rule).
    alike: smallvec::SmallVec<[u8; Move::COUNT]>,
    /// HTM: the positions near solved, made once [`NEAR_AFTER`] states were counted.
    near: std::sync::OnceLock<Near>,
    /// States counted without [`Near`].
    counted: std::sync::atomic::AtomicUsize,
    /// HTM, with [`Near`]: the keys of classes of positions.
    classes: std::sync::OnceLock<ClassKey>,
    /// HTM: counts by class key (key + 1 in the high half, 0 for none).
    remembered: Vec<AtomicU64>,
    /// HTM: the solutions of a class's keyed position, by class key ([`LISTINGS`]
    /// at most), for `--all`.
    listings: std::sync::Mutex<std::collections::HashMap<u32, (usize, Vec<u8>)>>,
}

/// Classes whose solutions [`TableSolver::write_all`] keeps, and turns into those of
/// any position of the class (moves mapped, the list sorted again), instead of
/// walking (2,000 antipodes, one core: 31.0 to 25.5 ms of CPU). 2,000 antipodes'
/// take about 150 KB; this many, at most 11 moves times 196 solutions each, 8.8 MB.
const LISTINGS: usize = 4096;

/// States counted by walking all the way to solved before [`Near`] is made.
const NEAR_AFTER: usize = 256;

/// A state whose solutions are all listed, in [`NEAR_AFTER`]'s counting: listing
/// 2,000 antipodes took 23.8 ms of CPU with [`Near`] made after 256 states, 21.5 ms
/// after 32 (one core, 7 runs, medians).
const ALL_WEIGHT: usize = 8;

/// Slots of [`TableSolver`]'s remembered counts: 32 KB.
const REMEMBERED_SLOTS: usize = 4096;

impl TableSolver {
    /// Build the table for `metric`.
    pub fn new(metric: Metric) -> TableSolver {
        let dist = match metric {
            Metric::Htm => Distances::Mod3(htm_mod3_table()),
            _ => Distances::Bytes(distances_to_solved(metric)),
        };
        let space = PocketSpace::new(metric);
        let canon = Canon::new(&space);
        let moves = space
            .moves()
            .iter()
            .enumerate()
            .map(|(i, spec)| (space.move_at(i).index() as u8, spec.cost as u8))
            .collect();
        let n = space.moves().len();
        let rule = &canon;
        let follows = |a: usize| (0..n).map(move |b| rule.allows(Some(a), b));
        let alike = (0..n)
            .map(|a| (0..n).find(|&b| follows(a).eq(follows(b))).unwrap_or(a) as u8)
            .collect();
        TableSolver {
            metric,
            canon,
            space,
            dist,
            moves,
            alike,
            near: std::sync::OnceLock::new(),
            counted: std::sync::atomic::AtomicUsize::new(0),
            classes: std::sync::OnceLock::new(),
            listings: Default::default(),
            remembered: match metric {
                Metric::Htm => (0..REMEMBERED_SLOTS).map(|_| AtomicU64::new(0)).collect(),
                _ => Vec::new(),
            },
        }
    }

    /// The number of optimal HTM solutions of `cube`, by `count` unless remembered
    /// for its class: positions with one [`ClassKey`] have as many (a symmetry
    /// keeping the reference corner maps the moves to moves; a solution reversed,
    /// each move inverted, solves the inverse, and no face turns twice in a row
    /// either way). A slot a key, shared by the threads, a newer count taking an
    /// older one's place. 20,000 antipodes drawn from the 2,644 (one core, 15 runs,
    /// medians): 5.0 µs of CPU a state, 1.9 µs remembering by position up to
    /// inversion, 1.2 µs by class (the whole process included).
    fn remembered(&self, cube: &Cube, count: impl FnOnce() -> u64) -> u64 {
        let key = self.classes.get_or_init(ClassKey::new).key(cube);
        let h = (key.wrapping_mul(0x9E37_79B1) >> 20) as usize & (REMEMBERED_SLOTS - 1);
        let slot = &self.remembered[h];
        let entry = slot.load(Relaxed);
        if entry >> 32 == u64::from(key) + 1 {
            return entry & u64::from(u32::MAX);
        }
        let n = count();
        if n <= u64::from(u32::MAX) {
            slot.store((u64::from(key) + 1) << 32 | n, Relaxed);
        }
        n
    }

    /// The positions near solved with their counts ([`Near`]), once enough states
    /// were answered to pay for making them (1.5 ms: about 300 antipodes counted, or
    /// 100 with all their solutions listed); a state weighs `weight` of
    /// [`NEAR_AFTER`].
    fn near(&self, weight: usize) -> Option<&Near> {
        if let Some(near) = self.near.get() {
            return Some(near);
        }
        let counted = self
            .counted
            .fetch_add(weight, std::sync::atomic::Ordering::Relaxed);
        (counted >= NEAR_AFTER).then(|| self.near.get_or_init(Near::new))
    }

    /// Whether the table of `metric` is built into the binary (HTM), so that
    /// [`TableSolver::new`] costs nothing.
    pub fn built_in(metric: Metric) -> bool {
        metric == Metric::Htm
    }

    /// The metric minimised.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Optimal distance of a position.
    pub fn distance(&self, cube: &Cube) -> u32 {
        self.distance_at(cube.coord())
    }

    /// Optimal distance of a position given by its coordinate.
    pub fn distance_at(&self, c: Coord) -> u32 {
        self.dist.at(c.index()) as u32
    }

    /// The table as a graph to walk: move tables and distances read directly.
    fn graph(&self) -> Graph<'_> {
        let t = tables();
        Graph {
            perm: &t.perm,
            twist: &t.twist,
            dist: &self.dist,
            canon: &self.canon,
            moves: &self.moves,
            alike: &self.alike,
        }
    }

    /// An optimal solution: the first in move order.
    pub fn solve(&self, cube: &Cube) -> Alg {
        let g = self.graph();
        let mut first = Alg::new();
        g.each(cube.coord().index(), &mut |path| {
            first = path
                .iter()
                .map(|&i| self.space.move_at(i as usize))
                .collect();
            false
        });
        first
    }

    /// Every optimal solution, sorted move by move in the order `R R' R2 U U' U2 F F' F2`.
    pub fn solve_all(&self, cube: &Cube) -> Vec<Alg> {
        let g = self.graph();
        let mut all = Vec::new();
        g.each(cube.coord().index(), &mut |path| {
            all.push(
                path.iter()
                    .map(|&i| self.space.move_at(i as usize))
                    .collect(),
            );
            true
        });
        all
    }

    /// Every optimal solution written as text to `out`, in the order of
    /// [`TableSolver::solve_all`]: the moves of a solution joined by `moves`, the
    /// solutions by `solutions`. Returns how many there are. No [`Alg`] is made: each
    /// solution is the path's text, kept as the walk goes, copied out at solved. All
    /// solutions of 2,000 antipodes (`solve --all`, one core): 46.5 ms of
    /// CPU from the `Alg`s joined, 33.8 ms written so (7 interleaved runs, medians).
    pub fn write_all(&self, cube: &Cube, seps: Separators<'_>, out: &mut String) -> u64 {
        let mut writer = Writer {
            seps,
            path: Vec::with_capacity(64),
            out: Vec::with_capacity(4096),
            written: 0,
            moves: smallvec::SmallVec::new(),
            record: None,
            tokens: tokens(seps),
        };
        self.write_to(cube, &mut writer);
        // Whole strings were joined, so the bytes are text (checked once a line:
        // checked a solution at a time, 5% of the time).
        out.push_str(std::str::from_utf8(&writer.out).unwrap_or_default());
        writer.written
    }

    fn write_to(&self, cube: &Cube, writer: &mut Writer) {
        let x = cube.coord().index();
        match self.dist {
            Distances::Mod3(table) => {
                let near = self.near(ALL_WEIGHT);
                let Some(held) = near.filter(|n| n.get(x).is_none()) else {
                    // Near solved, or before the positions near solved are made.
                    let left = mod3_distance(table, x);
                    self.graph().write_htm(table, near, x, left, writer);
                    return;
                };
                let classes = self.classes.get_or_init(ClassKey::new);
                let (key, image) = classes.key_with(cube);
                let theirs = self.listings.lock().ok().and_then(|l| l.get(&key).cloned());
                if let Some((left, theirs)) = theirs {
                    // Sorted as numbers, a move in 4 bits, the first highest (2,000
                    // antipodes, one core, 7 runs: 17.4 ms of CPU sorting the moves,
                    // 16.9 ms so).
                    let mut mine: Vec<u64> = theirs
                        .chunks_exact(left)
                        .map(|s| {
                            let moves = classes.back(image, s);
                            moves.iter().fold(0, |n, &m| n << 4 | u64::from(m))
                        })
                        .collect();
                    mine.sort_unstable();
                    for &n in &mine {
                        let moves: [u8; 16] =
                            std::array::from_fn(|k| (n >> (60 - 4 * k) & 15) as u8);
                        writer.solved_with(&moves[..left]);
                    }
                    return;
                }
                // The distance, so that only the positions near solved are looked up
                // (36.9 to 34.3 ms for the 2,000 antipodes).
                let left = mod3_distance(table, x);
                writer.record = Some(Vec::with_capacity(1024));
                self.graph().write_htm(table, Some(held), x, left, writer);
                let mine = writer.record.take().unwrap_or_default();
                let left = usize::from(left);
                let theirs: Vec<u8> = mine
                    .chunks_exact(left)
                    .flat_map(|s| classes.forth(image, s).into_iter().take(s.len()))
                    .collect();
                if let Ok(mut listings) = self.listings.lock() {
                    if listings.len() >= LISTINGS {
                        listings.clear();
                    }
                    listings.insert(key, (left, theirs));
                }
            }
            Distances::Bytes(_) => self.graph().each(x, &mut |path| {
                for (k, &i) in path.iter().enumerate() {
                    if k > 0 {
                        writer.path.extend_from_slice(writer.seps.moves.as_bytes());
                    }
                    let name = self.space.move_at(i as usize).name();
                    writer.path.extend_from_slice(name.as_bytes());
                }
                writer.solved();
                writer.path.clear();
                true
            }),
        }
    }

    /// The number of optimal solutions by the walk alone (meeting the positions near
    /// solved halfway once they are made), never remembered: what
    /// [`TableSolver::count`] costs the first time a class is seen.
    pub fn count_walked(&self, cube: &Cube) -> u64 {
        let x = cube.coord().index();
        match self.dist {
            Distances::Mod3(table) => {
                count_htm(table, self.near(1), x).unwrap_or_else(|| self.graph().count(x))
            }
            Distances::Bytes(_) => self.graph().count(x),
        }
    }

    /// The number of optimal solutions.
    pub fn count(&self, cube: &Cube) -> u64 {
        match self.dist {
            Distances::Mod3(table) => {
                let x = cube.coord().index();
                let near = self.near(1);
                match near {
                    Some(near) if near.get(x).is_none() => self.remembered(cube, || {
                        count_htm(table, Some(near), x).unwrap_or_else(|| self.graph().count(x))
                    }),
                    _ => count_htm(table, near, x).unwrap_or_else(|| self.graph().count(x)),
                }
            }
            Distances::Bytes(_) => self.graph().count(cube.coord().index()),
        }
    }
}

#[cfg(test)]
mod tests;
