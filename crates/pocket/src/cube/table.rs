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

use crate::cube::census::{distance_table, distance_table_for};
use crate::cube::class_key::ClassKey;
use crate::cube::solver::PocketSpace;
use crate::engine::search::{Canon, Space};
use crate::model::cost::Metric;
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, Cube, TWISTS, tables};

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

/// The built-in HTM table: distance mod 3, four positions a byte, lowest bits first.
static HTM_MOD3: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/htm-mod3.bin"));

/// A distance table: a byte a position, or (HTM) the built-in distances mod 3.
enum Distances {
    Bytes(Vec<u8>),
    Mod3(&'static [u8]),
}

impl Distances {
    /// Whether position `y`, a move away from one at distance `want + 1`, is at
    /// distance `want`.
    #[inline]
    fn is(&self, y: u32, want: u8) -> bool {
        match self {
            Distances::Bytes(d) => d[y as usize] == want,
            Distances::Mod3(d) => mod3(d, y) == want % 3,
        }
    }

    /// The distance of position `x` from solved: read, or walked down the table mod 3.
    fn at(&self, x: u32) -> u8 {
        match self {
            Distances::Bytes(d) => d[x as usize],
            Distances::Mod3(d) => mod3_distance(d, x),
        }
    }
}

/// The distance of every position *to* solved, by a breadth-first search.
fn distances_to_solved(metric: Metric) -> Vec<u8> {
    match metric {
        // Along a directed graph the distance to solved is the distance from solved
        // with the inverse moves.
        Metric::OneWay => {
            let back: Vec<Move> = metric.steps().iter().map(|m| m.inverse()).collect();
            distance_table_for(&back)
        }
        _ => distance_table(metric),
    }
}

/// The distance mod 3 of position `y` in a packed table.
#[inline]
fn mod3(table: &[u8], y: u32) -> u8 {
    (table[(y / 4) as usize] >> (2 * (y % 4))) & 3
}

/// The built-in HTM distance of position `y`, mod 3 (the scrambler walks with it).
pub(crate) fn htm_mod3(y: u32) -> u8 {
    mod3(HTM_MOD3, y)
}

/// The built-in HTM distance of position `y`, walked down the table mod 3: the one
/// walk, for the table solver and the scrambler alike.
pub(crate) fn htm_distance(y: u32) -> u8 {
    mod3_distance(HTM_MOD3, y)
}

/// The distance of `x` in the HTM table mod 3: the length of the walk down to solved,
/// each step to the neighbour one less mod 3 (HTM neighbours are at most one apart).
fn mod3_distance(table: &[u8], x: u32) -> u8 {
    let (mut y, mut d) = (x, 0u8);
    while y != 0 {
        let below = (mod3(table, y) + 2) % 3;
        let Some(z) = (0..Move::COUNT)
            .map(|m| Coord(y).apply(m).index())
            .find(|&z| mod3(table, z) == below)
        else {
            unreachable!("every position has a neighbour one closer to solved");
        };
        y = z;
        d += 1;
    }
    d
}

impl TableSolver {
    /// Build the table for `metric`.
    pub fn new(metric: Metric) -> TableSolver {
        let dist = match metric {
            Metric::Htm => Distances::Mod3(HTM_MOD3),
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

/// The number of optimal HTM solutions of position `x`: the number of optimal paths
/// from a position is the sum over its neighbours one closer, so the positions one
/// level down are merged with their counts, level by level, down to solved. In HTM
/// no optimal path turns a face twice in a row (the two turns would be one, or
/// none), so the canonical rule prunes none of them and a position alone is the key;
/// every position of a level has one distance, so the walk needs neither the
/// distance (it stops at solved) nor more than the table mod 3. `None` if a level
/// outgrows the merging table ([`Merge`]). A batch of 20,000 antipodes with
/// `--count`: 26.5 to 14.7 µs of CPU a state with the levels sorted to merge, and to
/// 12.0 µs with [`Merge`] (sorting was a quarter of the time).
///
/// With `near`, the walk meets the positions near solved halfway: it stops one level
/// above them and reads their counts. The same batch on one core, in one run: 9.7 µs
/// a state walking to solved, 6.0 µs meeting those within 5 moves, 5.0 µs within 6
/// (the first solution, which `--count` prints with `--json`, is 1.2 µs of that).
fn count_htm(table: &[u8], near: Option<&Near>, x: u32) -> Option<u64> {
    if let Some(v) = near.and_then(|near| near.get(x)) {
        return Some(u64::from(v & NEAR_COUNT));
    }
    MERGE.with(|merge| {
        let merge = &mut *merge.borrow_mut();
        let t = tables();
        let mut level: Vec<(u32, u64)> = Vec::with_capacity(128);
        let mut next: Vec<(u32, u64)> = Vec::with_capacity(512);
        level.push((x, 1));
        let mut here = mod3(table, x);
        // Solved is the only position at distance 0, so a level holding it is just it.
        while level[0].0 != 0 {
            let below = (here + 2) % 3;
            // One level above the near positions (every position of a level has one
            // distance): the rest of each path is read there, not walked.
            let y = level[0].0;
            let first = (0..Move::COUNT)
                .map(|m| Coord(y).apply(m).index())
                .find(|&z| mod3(table, z) == below)?;
            if let Some(near) = near.filter(|near| near.get(first).is_some()) {
                let mut sum = 0;
                for &(y, n) in &level {
                    let perm = &t.perm[(y / TWISTS) as usize];
                    let twist = &t.twist[(y % TWISTS) as usize];
                    for m in 0..Move::COUNT {
                        let z = u32::from(perm[m]) * TWISTS + u32::from(twist[m]);
                        if mod3(table, z) == below {
                            sum += n * u64::from(near.get(z)? & NEAR_COUNT);
                        }
                    }
                }
                return Some(sum);
            }
            next.clear();
            merge.next_level();
            for &(y, n) in &level {
                let perm = &t.perm[(y / TWISTS) as usize];
                let twist = &t.twist[(y % TWISTS) as usize];
                for m in 0..Move::COUNT {
                    let z = u32::from(perm[m]) * TWISTS + u32::from(twist[m]);
                    if mod3(table, z) == below && !merge.add(&mut next, z, n) {
                        return None;
                    }
                }
            }
            std::mem::swap(&mut level, &mut next);
            here = below;
        }
        Some(level[0].1)
    })
}

/// Slots of [`TableSolver`]'s remembered counts: 32 KB.
const REMEMBERED_SLOTS: usize = 4096;

/// Slots of [`Merge`]: a power of two, at least twice the widest level it takes.
const MERGE_SLOTS: usize = 4096;

/// An open-addressing map from positions to their place in a level, for
/// [`count_htm`]; a slot belongs to the level whose stamp it has, so a new level
/// needs no clearing.
struct Merge {
    stamp: Vec<u32>,
    key: Vec<u32>,
    place: Vec<u16>,
    level: u32,
}

thread_local! {
    static MERGE: std::cell::RefCell<Merge> = std::cell::RefCell::new(Merge {
        stamp: vec![0; MERGE_SLOTS],
        key: vec![0; MERGE_SLOTS],
        place: vec![0; MERGE_SLOTS],
        level: 0,
    });
}

impl Merge {
    fn next_level(&mut self) {
        self.level = self.level.wrapping_add(1);
        if self.level == 0 {
            self.stamp.fill(0);
            self.level = 1;
        }
    }

    /// Add `n` paths to position `z` in `next`; false if the level is too wide.
    #[inline]
    fn add(&mut self, next: &mut Vec<(u32, u64)>, z: u32, n: u64) -> bool {
        let mut h = (z.wrapping_mul(0x9E37_79B1) >> 20) as usize & (MERGE_SLOTS - 1);
        loop {
            if self.stamp[h] != self.level {
                if next.len() >= MERGE_SLOTS / 2 {
                    return false;
                }
                self.stamp[h] = self.level;
                self.key[h] = z;
                self.place[h] = next.len() as u16;
                next.push((z, n));
                return true;
            }
            if self.key[h] == z {
                next[self.place[h] as usize].1 += n;
                return true;
            }
            h = (h + 1) & (MERGE_SLOTS - 1);
        }
    }
}

/// How far from solved [`Near`] holds every position: the count walks down from a
/// state only to this distance plus one and reads the rest.
const NEAR_DEPTH: u8 = 6;

/// Slots of [`Near`]: a power of two, about twice the 62,360 positions within
/// [`NEAR_DEPTH`] HTM moves of solved.
const NEAR_SLOTS: usize = 1 << 17;

/// A slot of [`Near`] that holds no position.
const EMPTY: u32 = u32::MAX;

/// Every position within [`NEAR_DEPTH`] HTM moves of solved, with its number of
/// optimal solutions and the moves that take it one closer (a bit for each index in
/// [`Move::ALL`]): an open-addressing map made by one breadth-first search from
/// solved that carries the path counts along. Key and value side by side, so that a
/// look-up reads one cache line.
///
/// The positions within [`SUFFIX_DEPTH`] also have their solutions listed, so that
/// `--all` copies the last moves of each path instead of walking them.
struct Near {
    /// Position, and its value: count ([`NEAR_COUNT`]), moves one closer (9 bits from
    /// [`NEAR_DOWN`]) and the place of its solutions in `lists` (from [`NEAR_LIST`];
    /// 0 for none).
    slots: Vec<(u32, u32)>,
    /// Where each listed position's solutions start in `suffixes`, and their length.
    lists: Vec<(u32, u8)>,
    /// The solutions of the listed positions, move indices, one after another.
    suffixes: Vec<u8>,
}

/// The count's bits in a value of [`Near`]: no position has 2,048 optimal solutions
/// (the most is 196).
const NEAR_COUNT: u32 = 0x7FF;
/// Where the moves one closer start in a value of [`Near`].
const NEAR_DOWN: u32 = 11;
/// Where the place of a position's listed solutions starts in a value of [`Near`].
const NEAR_LIST: u32 = 20;

/// The positions whose solutions [`Near`] lists: the 2,232 within 4 moves (a place
/// for each in 12 bits). All solutions of 2,000 antipodes, one core, 7 runs,
/// medians: 30.5 ms of CPU with them, 33.2 ms without.
const SUFFIX_DEPTH: u8 = 4;

impl Near {
    fn new() -> Near {
        let t = tables();
        let undo: [u32; Move::COUNT] =
            std::array::from_fn(|m| Move::ALL[m].inverse().index() as u32);
        let mut near = Near {
            slots: vec![(EMPTY, 0); NEAR_SLOTS],
            lists: vec![(0, 0)],
            suffixes: Vec::new(),
        };
        let mut listed = vec![vec![0u32]];
        let s = near.slot(0);
        near.slots[s] = (0, 1);
        // The level of each slot's position, while building.
        let mut depth = vec![0u8; NEAR_SLOTS];
        let mut level = vec![0u32];
        let mut next = Vec::new();
        for d in 1..=NEAR_DEPTH {
            next.clear();
            for &y in &level {
                let paths = near.slots[near.slot(y)].1 & NEAR_COUNT;
                let perm = &t.perm[(y / TWISTS) as usize];
                let twist = &t.twist[(y % TWISTS) as usize];
                for m in 0..Move::COUNT {
                    let z = u32::from(perm[m]) * TWISTS + u32::from(twist[m]);
                    let s = near.slot(z);
                    if near.slots[s].0 == EMPTY {
                        near.slots[s].0 = z;
                        depth[s] = d;
                        next.push(z);
                    } else if depth[s] != d {
                        continue; // on an earlier level
                    }
                    near.slots[s].1 += paths + (1 << (NEAR_DOWN + undo[m]));
                }
            }
            std::mem::swap(&mut level, &mut next);
            if d <= SUFFIX_DEPTH {
                listed.push(level.clone());
            }
        }
        // Each listed position's solutions: the move one closer, then the solutions
        // of where it leads, in move order; solved has the empty one.
        for (d, level) in listed.iter().enumerate() {
            for &y in level {
                let s = near.slot(y);
                let start = near.suffixes.len();
                if d == 0 {
                    near.lists.push((0, 0));
                } else {
                    let mut down = near.slots[s].1 >> NEAR_DOWN & 0x1FF;
                    while down != 0 {
                        let m = down.trailing_zeros() as usize;
                        down &= down - 1;
                        let z = Coord(y).apply(m).index();
                        let v = near.slots[near.slot(z)].1;
                        let (from, len) = near.lists[(v >> NEAR_LIST) as usize];
                        let (from, len) = (from as usize, len as usize);
                        for k in 0..(v & NEAR_COUNT) as usize {
                            near.suffixes.push(m as u8);
                            near.suffixes
                                .extend_from_within(from + k * len..from + (k + 1) * len);
                        }
                    }
                    near.lists.push((start as u32, d as u8));
                }
                near.slots[s].1 |= ((near.lists.len() - 1) as u32) << NEAR_LIST;
            }
        }
        near
    }

    /// The solutions listed for a position's value, if any: `count` runs of `len`
    /// move indices.
    #[inline]
    fn listed(&self, v: u32) -> Option<(&[u8], usize)> {
        let place = (v >> NEAR_LIST) as usize;
        if place == 0 {
            return None;
        }
        let (from, len) = self.lists[place];
        let n = (v & NEAR_COUNT) as usize * len as usize;
        Some((
            &self.suffixes[from as usize..from as usize + n],
            len as usize,
        ))
    }

    /// The slot of position `z`: where it is, or the empty slot where it would go.
    #[inline]
    fn slot(&self, z: u32) -> usize {
        let mut h = (z.wrapping_mul(0x9E37_79B1) >> 15) as usize & (NEAR_SLOTS - 1);
        while self.slots[h].0 != z && self.slots[h].0 != EMPTY {
            h = (h + 1) & (NEAR_SLOTS - 1);
        }
        h
    }

    /// The count and the moves one closer of `z`, if it is near solved.
    #[inline]
    fn get(&self, z: u32) -> Option<u32> {
        let (key, value) = self.slots[self.slot(z)];
        (key == z).then_some(value)
    }
}

/// How [`TableSolver::write_all`] joins moves and solutions.
#[derive(Clone, Copy, Debug)]
pub struct Separators<'a> {
    /// Between the moves of a solution.
    pub moves: &'a str,
    /// Between solutions.
    pub solutions: &'a str,
}

/// Solutions as text: moves and solutions joined as `seps` says.
pub fn write_algs(algs: &[Alg], seps: Separators<'_>, out: &mut String) {
    for (k, alg) in algs.iter().enumerate() {
        if k > 0 {
            out.push_str(seps.solutions);
        }
        for (j, m) in alg.as_slice().iter().enumerate() {
            if j > 0 {
                out.push_str(seps.moves);
            }
            out.push_str(m.name());
        }
    }
}

/// The text of the current path of a walk, and the output it is copied to.
struct Writer<'a> {
    seps: Separators<'a>,
    /// The path's text, and the line's.
    path: Vec<u8>,
    out: Vec<u8>,
    written: u64,
    /// The path's moves (indices in [`Move::ALL`]), and where each solution's are
    /// recorded, one after another, when they are to be remembered.
    moves: smallvec::SmallVec<[u8; 16]>,
    record: Option<Vec<u8>>,
    /// The moves' names for the buffer; `None` if the separator is too long.
    tokens: Option<Tokens>,
}

/// Each move's name as 8 bytes and its length, alone (`[0]`) and after the
/// separator between moves (`[1]`).
type Tokens = [[([u8; 8], u8); Move::COUNT]; 2];

/// [`Writer`]'s tokens for `seps`.
fn tokens(seps: Separators<'_>) -> Option<Tokens> {
    let gap = seps.moves.as_bytes();
    if gap.len() > 5 {
        return None;
    }
    Some(std::array::from_fn(|after| {
        std::array::from_fn(|m| {
            let mut bytes = [0u8; 8];
            let text = [
                if after == 1 { gap } else { &[][..] },
                Move::ALL[m].name().as_bytes(),
            ]
            .concat();
            bytes[..text.len()].copy_from_slice(&text);
            (bytes, text.len() as u8)
        })
    }))
}

impl Writer<'_> {
    /// The path is a solution: copy it out.
    #[inline]
    fn solved(&mut self) {
        self.solved_with(&[]);
    }

    /// The path followed by `suffix` (move indices) is a solution: copy it out. The
    /// suffix's text is put together in a buffer, a move's name with the separator
    /// before it as one 8-byte copy, and copied out once (2,000 antipodes, one core:
    /// 25.2 ms of CPU with a copy a move, 23.8 ms byte by byte in a buffer, 17.6 ms
    /// so).
    #[inline]
    fn solved_with(&mut self, suffix: &[u8]) {
        if self.written > 0 {
            self.out.extend_from_slice(self.seps.solutions.as_bytes());
        }
        self.out.extend_from_slice(&self.path);
        self.written += 1;
        if let Some(record) = &mut self.record {
            record.extend_from_slice(&self.moves);
            record.extend_from_slice(suffix);
        }
        let Some(tokens) = self.tokens.as_ref().filter(|_| suffix.len() <= 16) else {
            // Separators (or a suffix) too long for the buffer: a copy a move.
            for (k, &m) in suffix.iter().enumerate() {
                if k > 0 || !self.path.is_empty() {
                    self.out.extend_from_slice(self.seps.moves.as_bytes());
                }
                self.out
                    .extend_from_slice(Move::ALL[m as usize].name().as_bytes());
            }
            return;
        };
        let mut buf = [0u8; 8 * 16 + 8];
        let mut n = 0;
        for (k, &m) in suffix.iter().enumerate() {
            let (bytes, len) = tokens[usize::from(k > 0 || !self.path.is_empty())][m as usize];
            buf[n..n + 8].copy_from_slice(&bytes);
            n += len as usize;
        }
        self.out.extend_from_slice(&buf[..n]);
    }

    /// Back up to the text length `back` and drop the last move.
    #[inline]
    fn pop(&mut self, back: usize) {
        self.path.truncate(back);
        self.moves.pop();
    }

    /// Step down by move `m` (an index in [`Move::ALL`]); the length to go back to.
    #[inline]
    fn push(&mut self, m: usize) -> usize {
        let back = self.path.len();
        if back > 0 {
            self.path.extend_from_slice(self.seps.moves.as_bytes());
        }
        self.moves.push(m as u8);
        self.path.extend_from_slice(Move::ALL[m].name().as_bytes());
        back
    }
}

/// No move yet: the canonical rule's "at the start".
const START: u8 = u8::MAX;

/// The table as a graph of positions, for the walks of one solve. The engine's
/// [`crate::engine::walk::Walk`] walks any space (algorithms by effect, goals);
/// this one, for the optimal solutions of the cube, reads the
/// move tables and the distances directly, with no hashing. Per position 11 moves
/// from solved (callgrind, 2,000 of them, the table's build subtracted), walk / this:
/// first solution 15,000 / 13,000 instructions, count 297,000 / 255,000, all
/// solutions listed and printed 481,000 / 288,000. What is left is the optimal-path
/// graph itself: about 500 positions, each with 9 moves looked up in a 3.7 MB table.
struct Graph<'a> {
    perm: &'a [[u16; Move::COUNT]],
    twist: &'a [[u16; Move::COUNT]],
    dist: &'a Distances,
    canon: &'a Canon,
    /// The metric's moves: index in [`Move::ALL`], and cost.
    moves: &'a [(u8, u8)],
    /// For each move, the first move that the canonical rule treats alike (the same
    /// moves may follow both): paths that differ only there are counted together.
    alike: &'a [u8],
}

impl Graph<'_> {
    /// The position after move `m` (an index in [`Move::ALL`]).
    #[inline]
    fn step(&self, x: u32, m: u8) -> u32 {
        let (p, t) = ((x / TWISTS) as usize, (x % TWISTS) as usize);
        u32::from(self.perm[p][m as usize]) * TWISTS + u32::from(self.twist[t][m as usize])
    }

    /// Visit every optimal solution of `x` in move order (as indices of the metric's
    /// moves); `f` returns false to stop.
    fn each(&self, x: u32, f: &mut dyn FnMut(&[u8]) -> bool) {
        let mut path = smallvec::SmallVec::<[u8; 32]>::new();
        if let Distances::Mod3(table) = self.dist {
            self.down_htm(table, x, mod3(table, x), &mut path, f);
            return;
        }
        let left = self.dist.at(x);
        self.down(x, left, START, &mut path, f);
    }

    /// [`Graph::down`] for the built-in HTM table: the move one closer is the one a
    /// step less mod 3, and solved ends the walk, so the distance is never walked
    /// down first; no optimal path turns a face twice in a row, so the canonical
    /// rule, which forbids only that in HTM, is not asked. All solutions of 2,000
    /// hard states (`solve --all`, one interleaved run): 57.5 ms of CPU for the build
    /// before issue 27, 50.9 ms with this walk.
    fn down_htm(
        &self,
        table: &[u8],
        x: u32,
        here: u8,
        path: &mut smallvec::SmallVec<[u8; 32]>,
        f: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        if x == 0 {
            return f(path);
        }
        let below = (here + 2) % 3;
        let (perm, twist) = (
            &self.perm[(x / TWISTS) as usize],
            &self.twist[(x % TWISTS) as usize],
        );
        for (i, &(m, _)) in self.moves.iter().enumerate() {
            let y = u32::from(perm[m as usize]) * TWISTS + u32::from(twist[m as usize]);
            if mod3(table, y) != below {
                continue;
            }
            path.push(i as u8);
            let go_on = self.down_htm(table, y, below, path, f);
            path.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// [`Graph::down_htm`] writing each solution's text as it walks: below the
    /// positions of `near` the moves one closer are read from it, not found among the
    /// nine neighbours.
    fn write_htm(&self, table: &[u8], near: Option<&Near>, x: u32, left: u8, w: &mut Writer) {
        if x == 0 {
            w.solved();
            return;
        }
        let (perm, twist) = (
            &self.perm[(x / TWISTS) as usize],
            &self.twist[(x % TWISTS) as usize],
        );
        let below = (left + 2) % 3;
        let held = near.filter(|_| left <= NEAR_DEPTH);
        if let Some((held, v)) = held.and_then(|n| n.get(x).map(|v| (n, v))) {
            if let Some((suffixes, len)) = held.listed(v) {
                for suffix in suffixes.chunks_exact(len) {
                    w.solved_with(suffix);
                }
                return;
            }
            let mut down = v >> NEAR_DOWN & 0x1FF;
            while down != 0 {
                let m = down.trailing_zeros() as usize;
                down &= down - 1;
                let y = u32::from(perm[m]) * TWISTS + u32::from(twist[m]);
                let back = w.push(m);
                self.write_htm(table, near, y, left - 1, w);
                w.pop(back);
            }
            return;
        }
        for &(m, _) in self.moves {
            let y = u32::from(perm[m as usize]) * TWISTS + u32::from(twist[m as usize]);
            if mod3(table, y) != below {
                continue;
            }
            let back = w.push(m as usize);
            self.write_htm(table, near, y, left - 1, w);
            w.pop(back);
        }
    }

    fn down(
        &self,
        x: u32,
        left: u8,
        last: u8,
        path: &mut smallvec::SmallVec<[u8; 32]>,
        f: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        if left == 0 {
            return f(path);
        }
        let prev = (last != START).then_some(last as usize);
        for (i, &(m, cost)) in self.moves.iter().enumerate() {
            if cost > left || !self.canon.allows(prev, i) {
                continue;
            }
            let y = self.step(x, m);
            // Exact distances: a move that keeps within the budget is on an optimal
            // path, and every such path reaches solved.
            if !self.dist.is(y, left - cost) {
                continue;
            }
            path.push(i as u8);
            let go_on = self.down(y, left - cost, i as u8, path, f);
            path.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// How many optimal solutions `x` has: the paths counted level by level, the
    /// positions of a level merged (with the last move, up to what the rule allows
    /// after it) so that shared parts of the paths are walked once.
    fn count(&self, x: u32) -> u64 {
        let d = self.dist.at(x) as usize;
        // by_cost[c]: (position, last move, paths reaching it) with cost c left.
        let mut by_cost: Vec<Vec<(u32, u8, u64)>> = vec![Vec::new(); d + 1];
        by_cost[d].push((x, START, 1));
        for left in (1..=d).rev() {
            let mut level = std::mem::take(&mut by_cost[left]);
            level.sort_unstable_by_key(|&(s, last, _)| (s, last));
            let mut merged: Option<(u32, u8, u64)> = None;
            let expand = |(s, last, n): (u32, u8, u64), by_cost: &mut Vec<Vec<(u32, u8, u64)>>| {
                let prev = (last != START).then_some(last as usize);
                for (i, &(m, cost)) in self.moves.iter().enumerate() {
                    let cost = cost as usize;
                    if cost > left || !self.canon.allows(prev, i) {
                        continue;
                    }
                    let y = self.step(s, m);
                    if self.dist.is(y, (left - cost) as u8) {
                        by_cost[left - cost].push((y, self.alike[i], n));
                    }
                }
            };
            for e in level {
                match merged {
                    Some((s, last, n)) if (s, last) == (e.0, e.1) => {
                        merged = Some((s, last, n + e.2))
                    }
                    Some(done) => {
                        expand(done, &mut by_cost);
                        merged = Some(e);
                    }
                    None => merged = Some(e),
                }
            }
            if let Some(done) = merged {
                expand(done, &mut by_cost);
            }
        }
        by_cost[0].iter().map(|e| e.2).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::solver::PocketSolver;

    #[test]
    fn agrees_with_the_bidirectional_search() {
        for metric in Metric::ALL {
            let table = TableSolver::new(metric);
            let mut bidir = PocketSolver::new(metric);
            for i in 0..300u32 {
                let cube = Coord(i * 12_241 % crate::model::pieces::POSITIONS).cube();
                let a = table.solve(&cube);
                assert!(cube.apply_alg(&a).is_solved());
                // Canonical: the same first solution in move order from both methods.
                assert_eq!(a, bidir.solve(&cube), "{metric} {i}");
                if i % 10 == 0 {
                    let all = bidir.solve_all(&cube);
                    assert_eq!(table.solve_all(&cube), all, "{metric} {i}");
                    assert_eq!(all[0], a);
                    assert_eq!(table.count(&cube), all.len() as u64);
                }
            }
        }
    }

    #[test]
    fn counting_by_levels_is_listing_for_every_antipode() {
        // Every HTM antipode, and a spread of other positions: the count of the
        // built-in table's walk by levels against the solutions listed one by one.
        let table = TableSolver::new(Metric::Htm);
        let graph = table.graph();
        let dist = distance_table(Metric::Htm);
        let far = (0..crate::model::pieces::POSITIONS).filter(|&i| dist[i as usize] == 11);
        let spread = (0..crate::model::pieces::POSITIONS).step_by(7_919);
        let symmetries: Vec<crate::cube::Symmetry> = crate::cube::Symmetry::all()
            .into_iter()
            .filter(crate::cube::Symmetry::keeps_reference_corner)
            .collect();
        let mut antipodes = 0;
        for i in far.chain(spread) {
            antipodes += usize::from(dist[i as usize] == 11);
            let cube = Coord(i).cube();
            let listed = table.solve_all(&cube).len() as u64;
            assert_eq!(table.count(&cube), listed, "position {i}");
            // Again, and its class: remembered once the positions near solved are
            // made (after NEAR_AFTER states), counted by a walk before.
            assert_eq!(table.count(&cube), listed, "position {i}");
            assert_eq!(table.count_walked(&cube), listed, "position {i}");
            for s in &symmetries {
                assert_eq!(table.count(&s.conjugate(&cube)), listed, "position {i}");
                let inverse = s.conjugate(&cube.inverse());
                assert_eq!(table.count(&inverse), listed, "position {i}");
            }
            assert_eq!(graph.count(i), listed, "position {i}");
        }
        assert_eq!(antipodes, 2644); // none of the spread is one
        assert_eq!(table.count(&Cube::SOLVED), 1);
    }

    #[test]
    fn the_positions_near_solved_have_their_counts_and_moves_down() {
        // Exactly the positions within NEAR_DEPTH, each with the count of the
        // general walk by levels and the moves that take it one closer.
        let table = TableSolver::new(Metric::Htm);
        let graph = table.graph();
        let dist = distance_table(Metric::Htm);
        let near = Near::new();
        let within = dist.iter().filter(|&&d| d <= NEAR_DEPTH).count();
        let held = near.slots.iter().filter(|s| s.0 != EMPTY).count();
        assert_eq!((within, held), (62_360, 62_360));
        for i in (0..crate::model::pieces::POSITIONS).step_by(3) {
            let d = dist[i as usize];
            let Some(v) = near.get(i) else {
                assert!(d > NEAR_DEPTH, "position {i}");
                continue;
            };
            assert_eq!(u64::from(v & NEAR_COUNT), graph.count(i), "position {i}");
            let down = (0..Move::COUNT)
                .filter(|&m| d > 0 && dist[Coord(i).apply(m).index() as usize] == d - 1)
                .fold(0, |bits, m| bits | 1 << m);
            assert_eq!(v >> NEAR_DOWN & 0x1FF, down, "position {i}");
        }
        // Meeting them halfway counts as walking to solved, for every antipode.
        for i in (0..crate::model::pieces::POSITIONS).filter(|&i| dist[i as usize] == 11) {
            let walked = count_htm(HTM_MOD3, None, i);
            assert_eq!(count_htm(HTM_MOD3, Some(&near), i), walked, "position {i}");
        }
    }

    #[test]
    fn written_solutions_are_the_listed_ones() {
        // Every HTM antipode (most after the positions near solved are made) and a
        // spread of positions in every metric: the text written straight from the
        // walk is the solutions listed as algorithms, joined.
        let seps =
            [(" ", ", "), ("", " ")].map(|(moves, solutions)| Separators { moves, solutions });
        for metric in Metric::ALL {
            let table = TableSolver::new(metric);
            let dist = distances_to_solved(metric);
            let far = (0..crate::model::pieces::POSITIONS)
                .filter(|&i| metric == Metric::Htm && dist[i as usize] == 11);
            let spread = (0..crate::model::pieces::POSITIONS).step_by(15_401);
            for i in far.chain(spread) {
                let cube = Coord(i).cube();
                let listed = table.solve_all(&cube);
                for sep in seps {
                    let mut want = String::new();
                    write_algs(&listed, sep, &mut want);
                    let mut got = String::from("before: ");
                    let n = table.write_all(&cube, sep, &mut got);
                    assert_eq!(got, format!("before: {want}"), "{metric} {i}");
                    assert_eq!(n, listed.len() as u64, "{metric} {i}");
                }
            }
        }
    }

    #[test]
    fn the_built_in_table_is_the_breadth_first_search_mod_3() {
        let dist = distance_table(Metric::Htm);
        assert_eq!(HTM_MOD3.len() * 4, dist.len()); // 3,674,160 = 4 * 918,540
        for (i, &d) in dist.iter().enumerate() {
            assert_eq!(mod3(HTM_MOD3, i as u32), d % 3, "position {i}");
        }
        // The distance is the walk down to solved.
        let table = TableSolver::new(Metric::Htm);
        for i in (0..crate::model::pieces::POSITIONS).step_by(997) {
            assert_eq!(table.distance_at(Coord(i)), dist[i as usize] as u32, "{i}");
        }
    }

    #[test]
    fn a_fresh_search_gives_the_first_solution_too() {
        // A fresh solver stops its last forward layer at the first meeting and finds
        // the path depth-first; a solver with a deep cached ball meets in other
        // places. Both give the table's answer, for the farthest states as well.
        for metric in Metric::ALL {
            let table = TableSolver::new(metric);
            let dist = distances_to_solved(metric);
            let far = dist.iter().copied().max().unwrap_or(0);
            let mut hard = (0..crate::model::pieces::POSITIONS)
                .map(Coord)
                .filter(|&c| dist[c.index() as usize] + 1 >= far);
            let states: Vec<Coord> = hard
                .by_ref()
                .step_by(97)
                .take(25)
                .chain((0..25u32).map(|i| Coord(i * 146_959 % crate::model::pieces::POSITIONS)))
                .collect();
            for (i, c) in states.into_iter().enumerate() {
                let cube = c.cube();
                let fresh = PocketSolver::new(metric).solve(&cube);
                assert_eq!(fresh, table.solve(&cube), "{metric} {i}");
            }
        }
    }
}
