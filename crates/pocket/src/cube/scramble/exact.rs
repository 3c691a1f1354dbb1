//! The exact-length table: which positions canonical sequences of exactly `k` moves
//! make, for every `k`, kept small by the levels repeating and positions sharing
//! profiles.

use super::Length;
use super::positions::Positions;
use super::steps::{START, Step};
use crate::engine::layers::UNSEEN;
use crate::model::pieces::{Coord, PERMS, TWISTS, tables};

/// Levels of the exact-length table built at most while looking for its period. Every
/// move set the command line accepts repeats by level 19 (`every_move_set_repeats`).
const MAX_LEVELS: usize = 64;

/// Which positions canonical sequences of exactly `k` moves make, and the classes of
/// their last moves, for every `k`. Positions with the same answers at every level
/// share a profile (1,465 profiles for all nine moves, at most 41,291 for any move
/// set), so the table is one `u16` a position plus the profiles' levels.
pub(super) struct Exact {
    pub(super) profile: Vec<u16>,
    /// `masks[p * levels + k]`: the classes of the last moves of the sequences of
    /// exactly `k` moves making the positions of profile `p` (0: there are none).
    masks: Vec<u8>,
    pub(super) levels: usize,
    /// Level `k >= levels` is level `k - period` (the sets repeat).
    pub(super) period: usize,
    /// Per profile: distance from solved, and how many positions have it.
    pub(super) distance: Vec<u8>,
    pub(super) count: Vec<u64>,
}

impl Exact {
    pub(super) fn build(steps: &[Step], positions: &Positions) -> Exact {
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

    pub(super) fn mask(&self, profile: usize, k: usize) -> u8 {
        self.masks[profile * self.levels + self.level(k)]
    }

    /// The length a position of `profile` is written with, if it may be drawn.
    pub(super) fn written(
        &self,
        profile: usize,
        min_distance: u32,
        length: Length,
    ) -> Option<usize> {
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
