//! Random-state scrambles, as the WCA scrambler makes them: a position drawn uniformly,
//! refused if it is too close to solved, then written as a move sequence of a fixed
//! length (11 by default, so the length reveals nothing).
//!
//! What is drawn, exactly: with `--length L`, uniformly among the positions the moves
//! reach, at least `min_distance` from solved, that are either farther than `L` (written
//! with as few moves as possible, their distance) or made by some canonical sequence
//! of exactly `L` moves (no two moves in a row that cancel or merge into one move of
//! the set: with whole faces, no face twice in a row). A position closer than `L` that
//! no such sequence makes is never drawn. With all nine moves that leaves none out at
//! `L` of 11 or more; with `<R,U>` at 11 it leaves out 503 of 29,160 (501 at distance
//! 10, 2 at 8), none from 14 on; with `<R2,U2,F2>` odd lengths make only the 12
//! positions of odd distance and even lengths the other 12.
//!
//! The table behind it, [`Exact`], says which positions canonical sequences of exactly
//! `k` moves make, and with which last move, for every `k`: the sets repeat (from
//! `k = 12` with all nine moves, period 2 with `<R2,U2,F2>`), so a few levels answer
//! for any length, and a sequence is written from its last move back in `L` steps.
//! It is built only for lengths well past the largest distance and for long runs:
//! otherwise a depth-first search pruned by the distance table answers the same
//! questions ("do exactly `k` moves make this position, ending in one of these
//! classes?") for the positions drawn, with the same answers, so the same scrambles
//! come for a seed either way.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use crate::cube::census::distance_table_for;
use crate::cube::solver::PocketSpace;
use crate::cube::table::{htm_distance, htm_mod3};
use crate::engine::layers::UNSEEN;
use crate::engine::search::Canon;
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, Cube, PERMS, POSITIONS, TWISTS, tables};

/// A small, fast generator with a stable output for a given seed (xoshiro256**),
/// so that `--seed` scrambles never change between versions.
#[derive(Clone, Debug)]
pub struct Rng([u64; 4]);

impl Rng {
    /// A generator from a 64-bit seed (expanded with SplitMix64).
    pub fn from_seed(seed: u64) -> Rng {
        let mut z = seed;
        let mut next = || {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x ^ (x >> 31)
        };
        Rng([next(), next(), next(), next()])
    }

    /// A generator seeded from the operating system (`/dev/urandom`), or failing that
    /// from the clock and the process id.
    pub fn from_entropy() -> Rng {
        use std::io::Read;
        let mut bytes = [0u8; 8];
        let ok = std::fs::File::open("/dev/urandom")
            .and_then(|mut f| f.read_exact(&mut bytes))
            .is_ok();
        let seed = if ok {
            u64::from_le_bytes(bytes)
        } else {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            t ^ ((std::process::id() as u64) << 32)
        };
        Rng::from_seed(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (rejection sampling: no modulo bias).
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let r = self.next_u64();
            if r < zone {
                return r % n;
            }
        }
    }
}

/// How long a scramble sequence is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// Exactly this many moves, or the position's distance when that is more.
    Fixed(usize),
    /// The shortest sequence that makes the position.
    Optimal,
}

/// One scramble: the sequence, the position it makes, and that position's distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    pub alg: Alg,
    pub cube: Cube,
    pub distance: u32,
}

/// Draws of positions that may not be scrambled before counting whether any may: a
/// request nothing satisfies is refused at once, and a satisfiable one rarely counts.
const DRAWS_BEFORE_COUNTING: usize = 64;

/// Levels of the exact-length table built at most while looking for its period. Every
/// move set the command line accepts repeats by level 19 (`every_move_set_repeats`).
const MAX_LEVELS: usize = 64;

/// The class bit of the empty sequence, at level 0 only (solved).
const START: u8 = 1 << 7;

/// One move of the scrambler, as the exact-length table uses it.
#[derive(Clone, Copy, Debug)]
struct Step {
    mv: Move,
    /// Its inverse's index in [`Move::ALL`], to step back.
    back: usize,
    /// The bit of its class: moves whose followers the canonical rule treats alike.
    class: u8,
    /// The classes (and [`START`]) of the moves it may follow.
    after: u8,
}

/// The moves' classes: a move may follow a sequence according to the last move's class
/// only (with whole faces the class is the face; a face with only its quarter turns
/// gives each its own, since `R R` is canonical there).
fn steps(moves: &[Move]) -> Vec<Step> {
    let costed: Vec<(Move, u32)> = moves.iter().map(|&m| (m, 1)).collect();
    let space = PocketSpace::with_moves(&costed).expect("distinct moves of cost 1");
    let canon = Canon::new(&space);
    let n = moves.len();
    let row = |a: usize| -> u16 {
        (0..n)
            .filter(|&b| canon.allows(Some(a), b))
            .fold(0, |r, b| r | 1 << b)
    };
    let mut rows: Vec<u16> = Vec::new();
    let class: Vec<u8> = (0..n)
        .map(|a| {
            let r = row(a);
            let c = rows.iter().position(|&x| x == r).unwrap_or_else(|| {
                rows.push(r);
                rows.len() - 1
            });
            // At most six: two per face (its quarter turns), below START.
            debug_assert!(c < 7);
            1 << c
        })
        .collect();
    (0..n)
        .map(|b| {
            let start = if canon.allows(None, b) { START } else { 0 };
            let after = (0..n)
                .filter(|&a| canon.allows(Some(a), b))
                .fold(start, |m, a| m | class[a]);
            Step {
                mv: moves[b],
                back: moves[b].inverse().index(),
                class: class[b],
                after,
            }
        })
        .collect()
}

/// The positions the moves reach, numbered densely: all of them, or a sorted list
/// with each position's neighbours one move back.
enum Positions {
    All,
    Some {
        coords: Vec<u32>,
        /// `back[i * moves + j]`: the number of `coords[i]` with move `j` undone.
        back: Vec<u32>,
    },
}

impl Positions {
    fn len(&self) -> usize {
        match self {
            Positions::All => POSITIONS as usize,
            Positions::Some { coords, .. } => coords.len(),
        }
    }

    fn coord(&self, i: usize) -> Coord {
        match self {
            Positions::All => Coord(i as u32),
            Positions::Some { coords, .. } => Coord(coords[i]),
        }
    }

    fn number(&self, c: Coord) -> Option<usize> {
        match self {
            Positions::All => Some(c.0 as usize),
            Positions::Some { coords, .. } => coords.binary_search(&c.0).ok(),
        }
    }

    /// Position `i` with move `j` of `steps` undone.
    fn back(&self, steps: &[Step], i: usize, j: usize) -> usize {
        match self {
            Positions::All => Coord(i as u32).apply(steps[j].back).0 as usize,
            Positions::Some { back, .. } => back[i * steps.len() + j] as usize,
        }
    }
}

/// Which positions canonical sequences of exactly `k` moves make, and the classes of
/// their last moves, for every `k`. Positions with the same answers at every level
/// share a profile (1,465 profiles for all nine moves, at most 41,291 for any move
/// set), so the table is one `u16` a position plus the profiles' levels.
struct Exact {
    profile: Vec<u16>,
    /// `masks[p * levels + k]`: the classes of the last moves of the sequences of
    /// exactly `k` moves making the positions of profile `p` (0: there are none).
    masks: Vec<u8>,
    levels: usize,
    /// Level `k >= levels` is level `k - period` (the sets repeat).
    period: usize,
    /// Per profile: distance from solved, and how many positions have it.
    distance: Vec<u8>,
    count: Vec<u64>,
}

impl Exact {
    fn build(steps: &[Step], positions: &Positions) -> Exact {
        let n = positions.len();
        let solved = positions.number(Coord::SOLVED).expect("solved is reached");
        let mut cur = vec![0u8; n];
        cur[solved] = START;
        let mut next = vec![0u8; n];
        // Profiles as a tree of histories: `nodes[k][id]` is (parent at level k - 1,
        // mask at level k).
        let mut profile = vec![0u16; n];
        profile[solved] = 1;
        let mut nodes: Vec<Vec<(u16, u8)>> = vec![vec![(0, 0), (0, START)]];
        let mut hashes = vec![hash(&cur)];
        let mut reached = 1;
        for k in 1..=MAX_LEVELS {
            // Sparse levels push from the few positions reached, dense ones pull.
            if reached * 8 < n {
                next.fill(0);
                push(steps, positions, &cur, &mut next);
            } else {
                pull(steps, positions, &cur, &mut next);
            }
            let h = hash(&next);
            let last = &nodes[k - 1];
            let repeat = (0..k)
                .rev()
                .filter(|&j| hashes[j] == h)
                .find(|&j| same_level(&nodes, j, &profile, &next));
            if let Some(j) = repeat {
                return Exact::finish(nodes, profile, k - j);
            }
            // Intern (history so far, this level's mask) as the next history.
            let mut table = vec![u16::MAX; last.len() << 8];
            let mut level: Vec<(u16, u8)> = Vec::new();
            reached = 0;
            for (p, &m) in profile.iter_mut().zip(&next) {
                reached += usize::from(m != 0);
                let slot = &mut table[(*p as usize) << 8 | m as usize];
                if *slot == u16::MAX {
                    assert!(level.len() < u16::MAX as usize, "profiles fit in u16");
                    *slot = level.len() as u16;
                    level.push((*p, m));
                }
                *p = *slot;
            }
            nodes.push(level);
            hashes.push(h);
            std::mem::swap(&mut cur, &mut next);
        }
        panic!("no move set of the cube needs more than {MAX_LEVELS} levels");
    }

    /// The table from the histories of levels `0..nodes.len()`, repeating with `period`.
    fn finish(nodes: Vec<Vec<(u16, u8)>>, profile: Vec<u16>, period: usize) -> Exact {
        let levels = nodes.len();
        let top = &nodes[levels - 1];
        let mut masks = vec![0u8; top.len() * levels];
        for id in 0..top.len() {
            let mut node = id as u16;
            for k in (0..levels).rev() {
                let (parent, m) = nodes[k][node as usize];
                masks[id * levels + k] = m;
                node = parent;
            }
        }
        let distance: Vec<u8> = masks
            .chunks(levels)
            .map(|row| row.iter().position(|&m| m != 0).map_or(UNSEEN, |d| d as u8))
            .collect();
        let mut count = vec![0u64; top.len()];
        for &p in &profile {
            count[p as usize] += 1;
        }
        Exact {
            profile,
            masks,
            levels,
            period,
            distance,
            count,
        }
    }

    /// The stored level that answers for level `k`.
    fn level(&self, k: usize) -> usize {
        if k < self.levels {
            k
        } else {
            let first = self.levels - self.period;
            first + (k - first) % self.period
        }
    }

    fn mask(&self, profile: usize, k: usize) -> u8 {
        self.masks[profile * self.levels + self.level(k)]
    }

    /// The length a position of `profile` is written with, if it may be drawn.
    fn written(&self, profile: usize, min_distance: u32, length: Length) -> Option<usize> {
        let d = self.distance[profile] as usize;
        if d == UNSEEN as usize || (d as u32) < min_distance {
            return None;
        }
        match length {
            Length::Optimal => Some(d),
            Length::Fixed(l) if l <= d => Some(d),
            Length::Fixed(l) => (self.mask(profile, l) != 0).then_some(l),
        }
    }
}

/// Level `k` from level `k - 1`, from each position reached: sparse levels.
fn push(steps: &[Step], positions: &Positions, cur: &[u8], next: &mut [u8]) {
    let forward: Vec<usize> = steps.iter().map(|s| s.mv.index()).collect();
    for (i, &m) in cur.iter().enumerate() {
        if m == 0 {
            continue;
        }
        for (j, s) in steps.iter().enumerate() {
            if m & s.after != 0 {
                let y = match positions {
                    Positions::All => Coord(i as u32).apply(forward[j]).0 as usize,
                    Positions::Some { coords, .. } => {
                        let c = Coord(coords[i]).apply(forward[j]).0;
                        positions
                            .number(Coord(c))
                            .expect("moves keep to the positions they reach")
                    }
                };
                next[y] |= s.class;
            }
        }
    }
}

/// Level `k` from level `k - 1`, to each position: dense levels. With all positions,
/// a permutation's 729 twists step back into one block of 729, each move's twist step
/// a row of its own (0.02 s a level for all nine moves).
fn pull(steps: &[Step], positions: &Positions, cur: &[u8], next: &mut [u8]) {
    match positions {
        Positions::All => {
            let t = tables();
            let tw = TWISTS as usize;
            // Each move's twist step as its own row, so the inner loop is one gather.
            let twists: Vec<Vec<u16>> = steps
                .iter()
                .map(|s| (0..tw).map(|w| t.twist[w][s.back]).collect())
                .collect();
            for (perm, row) in next.chunks_exact_mut(tw).enumerate() {
                row.fill(0);
                for (s, twist) in steps.iter().zip(&twists) {
                    let from = t.perm[perm][s.back] as usize * tw;
                    let block = &cur[from..from + tw];
                    for (out, &w) in row.iter_mut().zip(twist) {
                        *out |= class_if(block[w as usize], s);
                    }
                }
            }
            debug_assert_eq!(next.len(), (PERMS * TWISTS) as usize);
        }
        Positions::Some { back, .. } => {
            for (out, from) in next.iter_mut().zip(back.chunks_exact(steps.len())) {
                let mut m = 0;
                for (&y, s) in from.iter().zip(steps) {
                    m |= class_if(cur[y as usize], s);
                }
                *out = m;
            }
        }
    }
}

/// The class of move `s` if it may follow a sequence with last-move classes `mask`,
/// else 0. In arithmetic: with a comparison the compiler branched, and at the levels
/// where the masks are mixed a level took 0.09 s of CPU instead of 0.02 s.
#[inline]
fn class_if(mask: u8, s: &Step) -> u8 {
    // 1 if any bit is shared, else 0: arithmetic, so no branch is compiled.
    let hit = ((mask & s.after) as u16 + 0xFF) >> 8;
    s.class & (hit as u8).wrapping_neg()
}

/// A 64-bit digest of a level, to find a repeat (confirmed byte by byte).
fn hash(level: &[u8]) -> u64 {
    let mut chunks = level.chunks_exact(8);
    let mut h = 0u64;
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    for &b in chunks.remainder() {
        h = (h.rotate_left(5) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h
}

/// Whether level `j`, read from the histories `profile` (at the last level of
/// `nodes`), is `level`.
fn same_level(nodes: &[Vec<(u16, u8)>], j: usize, profile: &[u16], level: &[u8]) -> bool {
    let top = nodes.len() - 1;
    let at_j: Vec<u8> = (0..nodes[top].len())
        .map(|id| {
            let mut node = id as u16;
            for k in (j + 1..=top).rev() {
                node = nodes[k][node as usize].0;
            }
            nodes[j][node as usize].1
        })
        .collect();
    profile
        .iter()
        .zip(level)
        .all(|(&p, &m)| at_j[p as usize] == m)
}

/// The largest HTM distance with all nine moves (`htm_diameter_is_eleven`).
const HTM_DIAMETER: u32 = 11;

/// The distance from solved of each position, by number.
enum Distances {
    /// A byte a position, [`UNSEEN`] out of reach.
    Bytes(Vec<u8>),
    /// All nine moves: the built-in HTM table of distances mod 3, which costs nothing
    /// to build (the byte table took 46 ms of a scramble's 47), walked down for each
    /// draw; the byte table once it is built (for counting, or past
    /// [`DRAWS_BEFORE_BYTES`] draws).
    Htm(OnceLock<Vec<u8>>),
}

impl Distances {
    /// The distance of position `i`: read, or walked down the table mod 3.
    fn at(&self, i: usize) -> u8 {
        match self {
            Distances::Bytes(d) => d[i],
            Distances::Htm(bytes) => {
                if let Some(b) = bytes.get() {
                    return b[i];
                }
                htm_distance(i as u32)
            }
        }
    }

    /// The distance of position `z`, one move from a position at distance `near`
    /// (in HTM, one less, the same or one more: its value mod 3 says which).
    #[inline]
    fn beside(&self, z: usize, near: u8) -> u8 {
        match self {
            Distances::Bytes(d) => d[z],
            Distances::Htm(_) => match (htm_mod3(z as u32) + 3 - near % 3) % 3 {
                0 => near,
                1 => near + 1,
                _ => near - 1,
            },
        }
    }
}

/// The byte table of all nine moves' distances, built on first use.
fn htm_bytes(bytes: &OnceLock<Vec<u8>>) -> &[u8] {
    bytes.get_or_init(|| distance_table_for(&Move::ALL))
}

/// Positions drawn with all nine moves, each distance walked down the table mod 3
/// (about 0.18 us a draw), before the byte table (46 ms) is built to read them
/// instead: a run at `--min-distance 11` draws some 1,390 positions a scramble, and
/// `-n 30000 --optimal` of them took 7.3 s of CPU walking, 0.46 s with the byte table
/// (0.33 s when every run built the exact-length table; `/usr/bin/time`).
const DRAWS_BEFORE_BYTES: usize = 250_000;

/// Nodes the search for a sequence of an exact length ([`Scrambler::made_by`]) may
/// visit for one question before the exact-length table is built and asked instead.
/// Rarely reached: never in 9,999 scrambles of all nine moves from distance 0 at
/// lengths 5, 9, 11 or 12, once with quarter turns only at length 14.
const SEARCH_BUDGET: u32 = 50_000;

/// Scrambles written by the search before the table is built for the rest: the
/// search costs about 10 us a scramble of all nine moves at length 11 against 1 us
/// with the table, whose build costs 0.15 s (200,000 scrambles at length 12: 3.0 s
/// by the search alone, 0.7 s with the table).
const SEARCHES_BEFORE_TABLE: usize = 10_000;

/// Makes scrambles. Holds the distance of every position (for all nine moves, the
/// built-in HTM table); the exact-length table of its moves (0.16 s of CPU and 7 MB
/// for all nine moves, a few milliseconds for `<R,U>`) is built only when a request
/// needs it: a fixed length more than one past the largest distance, a search that
/// runs out of `SEARCH_BUDGET`, counting what may be drawn, or a long run
/// (`SEARCHES_BEFORE_TABLE`). Otherwise a depth-first search pruned by the
/// distances answers exactly what the table would: the same positions are drawn and
/// the same sequences written for a seed. One `pocket scramble` of all nine moves
/// took 198 ms of CPU with the table always built, 0.46 ms now; `--length 9` 169 to
/// 0.48 ms, `--optimal` 193 to 0.58 ms, `-n 1000` 200 to 10 ms (`perf stat -r 30`).
pub struct Scrambler {
    steps: Vec<Step>,
    positions: Positions,
    dist: Distances,
    diameter: u32,
    /// How many positions are at each distance, counted on first use.
    census: std::sync::OnceLock<Vec<u64>>,
    exact: std::sync::OnceLock<Exact>,
    /// Scrambles written by the search so far.
    searched: std::sync::atomic::AtomicUsize,
    /// Positions drawn so far, while the distances are walked ([`DRAWS_BEFORE_BYTES`]).
    draws: AtomicUsize,
}

impl Default for Scrambler {
    fn default() -> Scrambler {
        Scrambler::new()
    }
}

impl Scrambler {
    /// Scrambles with all nine moves.
    pub fn new() -> Scrambler {
        Scrambler::with_moves(&Move::ALL)
    }

    /// Scrambles of the positions `moves` reach, written with those moves.
    pub fn with_moves(moves: &[Move]) -> Scrambler {
        let steps = steps(moves);
        let scrambler = |positions, dist, diameter| Scrambler {
            steps: steps.clone(),
            positions,
            dist,
            diameter,
            census: std::sync::OnceLock::new(),
            exact: std::sync::OnceLock::new(),
            searched: std::sync::atomic::AtomicUsize::new(0),
            draws: AtomicUsize::new(0),
        };
        if moves.len() == Move::COUNT {
            // All nine moves: the built-in table, nothing to build.
            return scrambler(
                Positions::All,
                Distances::Htm(OnceLock::new()),
                HTM_DIAMETER,
            );
        }
        let all = distance_table_for(moves);
        let diameter = all
            .iter()
            .filter(|&&d| d != UNSEEN)
            .max()
            .map_or(0, |&d| d as u32);
        let reached = all.iter().filter(|&&d| d != UNSEEN).count();
        if reached == POSITIONS as usize {
            return scrambler(Positions::All, Distances::Bytes(all), diameter);
        }
        let coords: Vec<u32> = (0..POSITIONS)
            .filter(|&i| all[i as usize] != UNSEEN)
            .collect();
        let dist = coords.iter().map(|&c| all[c as usize]).collect();
        let number = |c: u32| coords.binary_search(&c).expect("closed under moves");
        let back = coords
            .iter()
            .flat_map(|&c| steps.iter().map(move |s| (c, s.back)))
            .map(|(c, b)| number(Coord(c).apply(b).0) as u32)
            .collect();
        scrambler(
            Positions::Some { coords, back },
            Distances::Bytes(dist),
            diameter,
        )
    }

    /// The largest distance from solved.
    pub fn diameter(&self) -> u32 {
        self.diameter
    }

    /// The exact-length table, built on first use.
    fn exact(&self) -> &Exact {
        self.exact
            .get_or_init(|| Exact::build(&self.steps, &self.positions))
    }

    /// Whether requests of this length go to the table: it is built, or the length is
    /// so far past the largest distance that the search would mostly wander, or the
    /// search has written enough scrambles to have paid for the table.
    fn wants_table(&self, length: Length) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        self.exact.get().is_some()
            || matches!(length, Length::Fixed(l) if l > self.diameter as usize + 1)
            || self.searched.load(Relaxed) >= SEARCHES_BEFORE_TABLE
    }

    /// How many positions [`Scrambler::scramble`] draws from (0: it refuses).
    pub fn positions(&self, min_distance: u32, length: Length) -> u64 {
        match length {
            Length::Fixed(l) if l as u32 > min_distance => {
                let e = self.exact();
                (0..e.count.len())
                    .filter(|&p| e.written(p, min_distance, length).is_some())
                    .map(|p| e.count[p])
                    .sum()
            }
            // Every position far enough is drawn, written with its distance.
            _ => self.census().iter().skip(min_distance as usize).sum(),
        }
    }

    /// The shortest exact length from `from` on at which every position of the group
    /// can be drawn (each is made by some sequence of that many moves, or is farther),
    /// so that a scramble of that length is uniform over the whole group. Where no
    /// length up to `from` plus the diameter plus 2 is (a group of half turns reaches
    /// some positions only in an even number of moves, others only in an odd one), the
    /// shortest of them that draws the most positions.
    pub fn uniform_length(&self, from: usize) -> usize {
        let total: u64 = self.census().iter().sum();
        let mut best = (0, from);
        for l in from..=from + self.diameter as usize + 2 {
            let drawn = self.positions(0, Length::Fixed(l));
            if drawn == total {
                return l;
            }
            if drawn > best.0 {
                best = (drawn, l);
            }
        }
        best.1
    }

    /// How many positions are at each distance.
    fn census(&self) -> &[u64] {
        self.census.get_or_init(|| {
            let mut count = vec![0u64; self.diameter as usize + 1];
            let add = |d: &u8| {
                if *d != UNSEEN {
                    count[*d as usize] += 1;
                }
            };
            match &self.dist {
                Distances::Bytes(d) => d.iter().for_each(add),
                Distances::Htm(bytes) => htm_bytes(bytes).iter().for_each(add),
            }
            count
        })
    }

    /// Draw a position uniformly among those the module's rule allows — at distance
    /// `min_distance` or more, and farther than a fixed length or made by a canonical
    /// sequence of exactly that many moves — and write it with that many moves (its
    /// distance if more, or with [`Length::Optimal`]), a random sequence chosen from the
    /// last move back. `None` if no position may be drawn.
    pub fn scramble(&self, rng: &mut Rng, min_distance: u32, length: Length) -> Option<Scramble> {
        self.scramble_by(rng, min_distance, length, self.wants_table(length))
    }

    /// [`Scrambler::scramble`], asking the table or the search.
    fn scramble_by(
        &self,
        rng: &mut Rng,
        min_distance: u32,
        length: Length,
        mut table: bool,
    ) -> Option<Scramble> {
        let n = self.positions.len() as u64;
        let mut draws = 0;
        loop {
            let i = rng.below(n) as usize;
            if let Distances::Htm(bytes) = &self.dist
                && bytes.get().is_none()
                && self.draws.fetch_add(1, Relaxed) >= DRAWS_BEFORE_BYTES
            {
                htm_bytes(bytes);
            }
            if let Some((d, len)) = self.length_for(i, min_distance, length, &mut table) {
                return Some(self.write_position(i, d, len, table, rng));
            }
            draws += 1;
            if draws == DRAWS_BEFORE_COUNTING && self.positions(min_distance, length) == 0 {
                return None;
            }
        }
    }

    /// Draw a position uniformly among `among` (positions of a case set or a goal
    /// pattern), of those the rule of [`Scrambler::scramble`] allows, and write it the
    /// same way. `None` if none of them may be drawn. Drawn as `scramble` draws, by
    /// trying random ones (uniform over those allowed), so that a few scrambles need
    /// no table: filtering all 648 CLL positions through the exact-length table first
    /// took 0.92 s of CPU for 2,000 scrambles against 0.07 s for plain ones; drawn
    /// this way, 0.97x plain (farm-bench medians, the 2-core EPYC VM).
    pub fn scramble_among(
        &self,
        rng: &mut Rng,
        among: &[Coord],
        min_distance: u32,
        length: Length,
    ) -> Option<Scramble> {
        let mut table = self.wants_table(length);
        for _ in 0..DRAWS_BEFORE_COUNTING {
            let c = *among.get(rng.below(among.len().max(1) as u64) as usize)?;
            let Some(i) = self.positions.number(c) else {
                continue;
            };
            if let Some((d, len)) = self.length_for(i, min_distance, length, &mut table) {
                return Some(self.write_position(i, d, len, table, rng));
            }
        }
        // Rarely allowed: the table answers for every one, and one is drawn among them.
        let mut table = true;
        let allowed: Vec<(usize, u8, usize)> = among
            .iter()
            .filter_map(|&c| self.positions.number(c))
            .filter_map(|i| {
                let (d, len) = self.length_for(i, min_distance, length, &mut table)?;
                Some((i, d, len))
            })
            .collect();
        let (i, d, len) = *allowed.get(rng.below(allowed.len().max(1) as u64) as usize)?;
        Some(self.write_position(i, d, len, table, rng))
    }

    /// The distance of position `i` and the length it is written with, if the rule
    /// lets it be drawn (`table`: ask the table, set once the search gives up).
    fn length_for(
        &self,
        i: usize,
        min_distance: u32,
        length: Length,
        table: &mut bool,
    ) -> Option<(u8, usize)> {
        let d = self.dist.at(i);
        if d == UNSEEN || (d as u32) < min_distance {
            return None;
        }
        let len = match length {
            Length::Optimal => Some(d as usize),
            Length::Fixed(l) if l <= d as usize => Some(d as usize),
            Length::Fixed(l) if *table => {
                let e = self.exact();
                (e.mask(e.profile[i] as usize, l) != 0).then_some(l)
            }
            Length::Fixed(l) => match self.made_by(i, d, l, u8::MAX) {
                Some(made) => made.then_some(l),
                None => {
                    *table = true;
                    let e = self.exact();
                    (e.mask(e.profile[i] as usize, l) != 0).then_some(l)
                }
            },
        }?;
        Some((d, len))
    }

    /// Position `i`, at distance `d`, written with `len` moves.
    fn write_position(&self, i: usize, d: u8, len: usize, table: bool, rng: &mut Rng) -> Scramble {
        // The search may give up part way: the table then writes it, from the same
        // random numbers.
        if !table {
            self.searched
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        let alg = match (!table).then(|| self.write_by_search(i, d, len, rng)) {
            Some(Some(alg)) => alg,
            _ => self.write_by_table(i, d, len, rng),
        };
        Scramble {
            alg,
            cube: self.positions.coord(i).cube(),
            distance: d as u32,
        }
    }

    /// A canonical sequence of exactly `len` moves making position `i`, which the table
    /// says exists: the last move first, each a random one of those whose position
    /// before is made by `len - 1` moves ending in a move it may follow.
    fn write_by_table(&self, i: usize, d: u8, len: usize, rng: &mut Rng) -> Alg {
        let e = self.exact();
        self.write(i, d, len, rng, |y, _, k, after| {
            Some(e.mask(e.profile[y] as usize, k) & after != 0)
        })
        .expect("the table always answers")
    }

    /// [`Scrambler::write_by_table`], each question asked of the search instead; the
    /// same sequence for the same random numbers. `None` if the search ran out of
    /// budget.
    fn write_by_search(&self, i: usize, d: u8, len: usize, rng: &mut Rng) -> Option<Alg> {
        let saved = rng.clone();
        let alg = self.write(i, d, len, rng, |y, dy, k, after| {
            self.made_by(y, dy, k, after)
        });
        if alg.is_none() {
            *rng = saved;
        }
        alg
    }

    /// The walk back from position `i`, at distance `d`, in `len` steps, with
    /// `made(y, distance of y, k, classes)` saying whether `k` moves make position `y`
    /// ending in one of `classes`.
    fn write(
        &self,
        i: usize,
        d: u8,
        len: usize,
        rng: &mut Rng,
        made: impl Fn(usize, u8, usize, u8) -> Option<bool>,
    ) -> Option<Alg> {
        let mut moves = vec![Move::ALL[0]; len];
        let (mut x, mut dx) = (i, d);
        // The classes the move at step `k` may have: any, at the end.
        let mut follow = !START;
        for k in (1..=len).rev() {
            let mut choices = [(0usize, 0usize, 0u8); Move::COUNT];
            let mut found = 0;
            for (j, s) in self.steps.iter().enumerate() {
                if s.class & follow == 0 {
                    continue;
                }
                let y = self.positions.back(&self.steps, x, j);
                let dy = self.dist.beside(y, dx);
                if made(y, dy, k - 1, s.after)? {
                    choices[found] = (j, y, dy);
                    found += 1;
                }
            }
            debug_assert!(found > 0, "a sequence was promised");
            let (j, y, dy) = choices[rng.below(found.max(1) as u64) as usize];
            moves[k - 1] = self.steps[j].mv;
            follow = self.steps[j].after;
            (x, dx) = (y, dy);
        }
        Some(moves.into_iter().collect())
    }

    /// Whether a canonical sequence of exactly `k` moves makes position `y`, at
    /// distance `d`, with its last move in one of `classes` ([`START`]: the empty
    /// sequence), by a depth-first search back to solved pruned by the distances;
    /// `None` past `SEARCH_BUDGET`.
    fn made_by(&self, y: usize, d: u8, k: usize, classes: u8) -> Option<bool> {
        let mut budget = SEARCH_BUDGET;
        self.made_within(y, d, k, classes, &mut budget)
    }

    fn made_within(
        &self,
        y: usize,
        d: u8,
        k: usize,
        classes: u8,
        budget: &mut u32,
    ) -> Option<bool> {
        if d == UNSEEN || d as usize > k {
            return Some(false);
        }
        if k == 0 {
            return Some(classes & START != 0);
        }
        *budget = budget.checked_sub(1)?;
        for (j, s) in self.steps.iter().enumerate() {
            if s.class & classes == 0 {
                continue;
            }
            let z = self.positions.back(&self.steps, y, j);
            if self.made_within(z, self.dist.beside(z, d), k - 1, s.after, budget)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The distance of a position with the scrambler's moves (`None`: out of reach).
    pub fn distance(&self, cube: &Cube) -> Option<u32> {
        let i = self.positions.number(cube.coord())?;
        let d = self.dist.at(i);
        (d != UNSEEN).then_some(d as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_generator_is_stable() {
        let mut a = Rng::from_seed(42);
        let mut b = Rng::from_seed(42);
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(Rng::from_seed(43).next_u64(), xs[0]);
        let mut r = Rng::from_seed(1);
        assert!((0..1000).all(|_| r.below(7) < 7));
    }

    fn moves(spec: &str) -> Vec<Move> {
        crate::model::moves::parse_generators(spec).unwrap()
    }

    #[test]
    fn classes_follow_the_canonical_rule() {
        // Whole faces and half turns: one class a face.
        let classes = |spec: &str| {
            let mut c: Vec<u8> = steps(&moves(spec)).iter().map(|s| s.class).collect();
            c.dedup();
            c.len()
        };
        assert_eq!(classes("RUF"), 3);
        assert_eq!(classes("R2,U2,F2"), 3);
        // Quarter turns only: R may follow R, not R'.
        let quarters = steps(&moves("RR',UU'"));
        assert_eq!(quarters.len(), 4);
        assert_ne!(quarters[0].class, quarters[1].class);
        assert_ne!(quarters[0].after & quarters[0].class, 0);
        assert_eq!(quarters[1].after & quarters[0].class, 0);
        assert!(quarters.iter().all(|s| s.after & START != 0));
    }

    #[test]
    fn the_search_writes_what_the_table_writes() {
        let sets = [
            Move::ALL.to_vec(),
            moves("RU"),
            moves("R,U2,F2"),
            moves("RR',UU',FF'"),
        ];
        let requests = [
            (0, Length::Fixed(3)),
            (0, Length::Fixed(9)),
            (4, Length::Fixed(11)),
            (0, Length::Fixed(12)),
            (3, Length::Optimal),
        ];
        for set in &sets {
            let s = Scrambler::with_moves(set);
            for (min, length) in requests {
                let (mut a, mut b) = (Rng::from_seed(7), Rng::from_seed(7));
                for _ in 0..100 {
                    assert_eq!(
                        s.scramble_by(&mut a, min, length, false),
                        s.scramble_by(&mut b, min, length, true),
                        "{set:?} {min} {length:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn htm_diameter_is_eleven() {
        let bytes = distance_table_for(&Move::ALL);
        assert_eq!(bytes.iter().max(), Some(&(HTM_DIAMETER as u8)));
        // The walk down the built-in table gives the same distances.
        for i in (0..POSITIONS as usize).step_by(997) {
            assert_eq!(Distances::Htm(OnceLock::new()).at(i), bytes[i], "{i}");
        }
        let s = Scrambler::new();
        assert_eq!(s.positions(0, Length::Optimal), POSITIONS as u64);
        assert_eq!(s.positions(11, Length::Optimal), 2644);
    }

    /// Far from solved, most draws are refused: the distances are then read from the
    /// byte table rather than walked for each (`-n 30000 --min-distance 11` took 7.3 s
    /// walking, 0.46 s so), with the same scrambles for a seed.
    #[test]
    fn many_draws_read_distances_from_the_byte_table() {
        let bytes = |s: &Scrambler| match &s.dist {
            Distances::Htm(b) => b.get().is_some(),
            Distances::Bytes(_) => panic!("all nine moves walk the built-in table"),
        };
        // Counting what may be drawn (after DRAWS_BEFORE_COUNTING refusals) builds it.
        let far = Scrambler::new();
        assert!(
            far.scramble(&mut Rng::from_seed(5), 11, Length::Optimal)
                .is_some()
        );
        assert!(bytes(&far));
        // So do many draws, whatever they ask.
        let many = Scrambler::new();
        many.draws.store(DRAWS_BEFORE_BYTES, Relaxed);
        assert!(
            many.scramble(&mut Rng::from_seed(5), 4, Length::Fixed(11))
                .is_some()
        );
        assert!(bytes(&many));
        // A few draws walk, and write what the byte table writes.
        let walked = Scrambler::new();
        let (mut a, mut b) = (Rng::from_seed(6), Rng::from_seed(6));
        for (min, length) in [
            (4, Length::Fixed(11)),
            (8, Length::Optimal),
            (9, Length::Fixed(10)),
        ] {
            for _ in 0..20 {
                assert_eq!(
                    walked.scramble(&mut a, min, length),
                    far.scramble(&mut b, min, length)
                );
            }
        }
        assert!(!bytes(&walked));
    }

    #[test]
    fn the_usual_requests_build_no_table() {
        let s = Scrambler::new();
        let mut rng = Rng::from_seed(1);
        for length in [Length::Fixed(11), Length::Fixed(9), Length::Optimal] {
            assert!(s.scramble(&mut rng, 4, length).is_some());
        }
        assert!(s.exact.get().is_none());
        // Far past the diameter, the table writes.
        assert!(s.scramble(&mut rng, 4, Length::Fixed(40)).is_some());
        assert!(s.exact.get().is_some());
    }

    #[test]
    fn the_half_turn_table_alternates() {
        let s = Scrambler::with_moves(&moves("R2,U2,F2"));
        assert_eq!((s.exact().levels, s.exact().period), (9, 2));
        assert_eq!(s.diameter(), 4);
        // Odd and even lengths make 12 positions each, far beyond the table.
        for (length, positions) in [(7, 12), (8, 12), (1001, 12), (1002, 12), (1, 23)] {
            assert_eq!(s.positions(0, Length::Fixed(length)), positions, "{length}");
        }
        assert_eq!(s.positions(0, Length::Optimal), 24);
    }

    /// Every move set the command line accepts (each face: none, its half turn, its
    /// quarter turns, or all three) builds a table that repeats within `MAX_LEVELS`,
    /// with profiles in a `u16`. About 20 s: `cargo test --release --lib
    /// every_move_set_repeats -- --ignored`. Measured: at most 19 levels, and at most
    /// 41,291 profiles (1,465 for all nine moves).
    #[test]
    #[ignore]
    fn every_move_set_repeats() {
        let choices: [&[u8]; 4] = [&[], &[2], &[1, 3], &[1, 2, 3]];
        let (mut most_levels, mut most_profiles) = (0, 0);
        for r in choices {
            for u in choices {
                for f in choices {
                    let set: Vec<Move> = Move::ALL
                        .into_iter()
                        .filter(|m| {
                            let q = [r, u, f][m.face() as usize];
                            q.contains(&m.quarters())
                        })
                        .collect();
                    if set.is_empty() {
                        continue;
                    }
                    let s = Scrambler::with_moves(&set);
                    most_levels = most_levels.max(s.exact().levels);
                    most_profiles = most_profiles.max(s.exact().count.len());
                    // Every position reached has a distance below the table's levels.
                    assert!(
                        s.exact()
                            .distance
                            .iter()
                            .all(|&d| (d as usize) < s.exact().levels)
                    );
                }
            }
        }
        assert!(most_levels <= 19, "{most_levels}");
        assert!(most_profiles < u16::MAX as usize, "{most_profiles}");
    }
}
