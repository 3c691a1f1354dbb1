//! Counting optimal HTM solutions by levels, positions merged so that the paths they
//! share are walked once.

use super::distances::mod3;
use super::near::{NEAR_COUNT, Near};
use crate::model::moves::Move;
use crate::model::pieces::{Coord, TWISTS, tables};

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
pub(super) fn count_htm(table: &[u8], near: Option<&Near>, x: u32) -> Option<u64> {
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
