//! Distance tables of two bits an entry, built breadth first. An entry is a block
//! (an edge class, or the corners' places) and a twist; it keeps its distance to
//! the goal modulo 3, which is enough to follow the distance move by move, since a
//! move changes it by at most one (Kociemba's tables, and twsearch's).

use super::coord::{Coordinates, TWISTS};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicUsize};

use super::cubie::MOVES;
use super::symmetry::UD_KEEPING;

/// Two bits an entry; 3 is an entry not reached yet. Atomic words, so that a
/// build's threads set entries side by side (two blocks may share a word).
pub struct Trits {
    words: Vec<AtomicU64>,
}

const EMPTY: u8 = 3;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

impl Trits {
    fn new(entries: usize) -> Trits {
        Trits {
            words: super::memory::vec_of(entries.div_ceil(32), || AtomicU64::new(u64::MAX)),
        }
    }

    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        (self.words[i >> 5].load(Relaxed) >> ((i & 31) * 2) & 3) as u8
    }

    /// Sets an entry not reached yet to `value`: whether it was not reached before
    /// (another thread may have set it to the same value meanwhile).
    #[inline]
    fn set_empty(&self, i: usize, value: u8) -> bool {
        let shift = (i & 31) * 2;
        let before = self.words[i >> 5].fetch_and(!(((EMPTY ^ value) as u64) << shift), Relaxed);
        (before >> shift & 3) as u8 == EMPTY
    }

    /// The entries in `from..from + len` that hold `value`, as offsets from `from`.
    fn holding(&self, from: usize, len: usize, value: u8, out: &mut Vec<u16>) {
        out.clear();
        let pattern = LOW_BITS * value as u64;
        let end = from + len;
        for w in from >> 5..end.div_ceil(32) {
            let x = self.words[w].load(Relaxed) ^ pattern;
            let mut hits = !(x | x >> 1) & LOW_BITS;
            while hits != 0 {
                let i = w * 32 + hits.trailing_zeros() as usize / 2;
                hits &= hits - 1;
                if (from..end).contains(&i) {
                    out.push((i - from) as u16);
                }
            }
        }
    }

    /// Asks for entry `i`'s word, to be read soon.
    #[inline(always)]
    pub fn prefetch(&self, i: usize) {
        super::memory::prefetch(&self.words, i >> 5);
    }

    pub fn bytes(entries: usize) -> u64 {
        entries.div_ceil(32) as u64 * 8
    }
}

/// The blocks of a table: where a move takes a block, and the symmetry under which
/// the twist is then read.
pub trait Blocks: Sync {
    fn count(&self) -> usize;
    /// Block `b` after move `m`: the block, and the symmetry that takes the twist to
    /// the block's (0: the twist as it is).
    fn step(&self, b: usize, m: usize) -> (usize, usize);
    /// The symmetries that leave block `b` as it is (bit `s`); their twists are the
    /// same entry.
    fn stabiliser(&self, b: usize) -> u16;
}

/// `twists[(m * 16 + s) * TWISTS + t]`: twist `t` after move `m`, seen after
/// symmetry `s`. One row a move and symmetry, read in order of `t` by a block's
/// entries (1.3 MB; it halved the build against two lookups an entry).
fn moved_twists(coords: &Coordinates) -> Vec<u16> {
    let mut out = Vec::with_capacity(MOVES * UD_KEEPING * TWISTS);
    for m in 0..MOVES {
        for s in 0..UD_KEEPING {
            out.extend((0..TWISTS).map(|t| coords.twist_seen[coords.twist[t][m] as usize][s]));
        }
    }
    out
}

/// One pass of the build: the depth it reaches, and which way it looks.
struct Pass<'a, B> {
    table: &'a Trits,
    blocks: &'a B,
    coords: &'a Coordinates,
    moved: &'a [u16],
    now: u8,
    next: u8,
    backward: bool,
}

impl<B: Blocks> Pass<'_, B> {
    /// Entries of block `b` reached at `next`: out from those at `now` (forward), or
    /// those not reached yet that have a neighbour at `now` (backward).
    fn block(&self, b: usize, twists: &mut Vec<u16>) -> usize {
        let base = b * TWISTS;
        let wanted = if self.backward { EMPTY } else { self.now };
        self.table.holding(base, TWISTS, wanted, twists);
        if twists.is_empty() {
            return 0;
        }
        let steps: [(usize, &[u16]); MOVES] = std::array::from_fn(|m| {
            let (to, sym) = self.blocks.step(b, m);
            (to, &self.moved[(m * UD_KEEPING + sym) * TWISTS..][..TWISTS])
        });
        let mut found = 0;
        if self.backward {
            let symmetric = self.blocks.stabiliser(b) != 1;
            for &t in twists.iter() {
                if symmetric && self.table.get(base + t as usize) != EMPTY {
                    continue;
                }
                let near = steps.iter().any(|&(to, row)| {
                    self.table.get(to * TWISTS + row[t as usize] as usize) == self.now
                });
                if near {
                    found += self.fill(b, t);
                }
            }
        } else {
            for &t in twists.iter() {
                for &(to, row) in &steps {
                    let t2 = row[t as usize];
                    if self.table.get(to * TWISTS + t2 as usize) == EMPTY {
                        found += self.fill(to, t2);
                    }
                }
            }
        }
        found
    }

    /// Sets entry (`b`, `t`), and those its block's symmetries make of it, to the
    /// pass's depth: how many were not set before.
    fn fill(&self, b: usize, t: u16) -> usize {
        let base = b * TWISTS;
        let mut set = self.table.set_empty(base + t as usize, self.next) as usize;
        let mut kept = self.blocks.stabiliser(b) & !1;
        while kept != 0 {
            let s = kept.trailing_zeros() as usize;
            kept &= kept - 1;
            let t2 = self.coords.twist_seen[t as usize][s] as usize;
            set += self.table.set_empty(base + t2, self.next) as usize;
        }
        set
    }
}

/// Blocks a thread takes at a time.
const CHUNK: usize = 256;

/// The distances of every entry from entry 0 (block 0, twist 0), modulo 3, built on
/// `threads` threads.
pub fn build(blocks: &impl Blocks, coords: &Coordinates, threads: usize) -> Trits {
    let entries = blocks.count() * TWISTS;
    let table = Trits::new(entries);
    table.set_empty(0, 0);
    let moved = moved_twists(coords);
    let (mut filled, mut frontier, mut depth) = (1usize, 1usize, 0u8);
    while filled < entries && frontier > 0 {
        // Out from the frontier while it is small; late, from each entry not
        // reached, to the first neighbour on the frontier (most find one soon).
        let pass = Pass {
            table: &table,
            blocks,
            coords,
            moved: &moved,
            now: depth % 3,
            next: (depth + 1) % 3,
            backward: entries - filled < 6 * frontier,
        };
        let (taken, found) = (AtomicUsize::new(0), AtomicUsize::new(0));
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    let (mut mine, mut twists) = (0, Vec::with_capacity(TWISTS));
                    loop {
                        let first = taken.fetch_add(CHUNK, Relaxed);
                        if first >= blocks.count() {
                            break;
                        }
                        for b in first..(first + CHUNK).min(blocks.count()) {
                            mine += pass.block(b, &mut twists);
                        }
                    }
                    found.fetch_add(mine, Relaxed);
                });
            }
        });
        frontier = found.into_inner();
        filled += frontier;
        depth += 1;
    }
    table
}

/// A distance followed move by move: the neighbour's distance is the one of
/// `d - 1`, `d`, `d + 1` that its entry holds modulo 3.
#[inline]
pub fn next_distance(d: u8, held: u8) -> u8 {
    (d + (held + 4 - d % 3) % 3).saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distance_follows_its_remainder() {
        for d in 1..20u8 {
            for step in [d - 1, d, d + 1] {
                assert_eq!(next_distance(d, step % 3), step);
            }
        }
        assert_eq!(next_distance(0, 0), 0);
        assert_eq!(next_distance(0, 1), 1);
    }

    #[test]
    fn holding_finds_entries_across_words() {
        let t = Trits::new(200);
        for i in [0, 31, 32, 33, 95, 150, 199] {
            assert!(t.set_empty(i, 1));
        }
        assert!(!t.set_empty(31, 1));
        let mut out = Vec::new();
        t.holding(30, 140, 1, &mut out);
        assert_eq!(out, vec![1, 2, 3, 65, 120]);
        t.holding(0, 200, EMPTY, &mut out);
        assert_eq!(out.len(), 193);
    }
}
