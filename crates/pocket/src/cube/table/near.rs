//! The positions near solved, made once for a process: the walks from far positions
//! stop where they meet them and read the rest (counts, moves down, last moves).

use crate::model::moves::Move;
use crate::model::pieces::{Coord, TWISTS, tables};

/// How far from solved [`Near`] holds every position: the count walks down from a
/// state only to this distance plus one and reads the rest.
pub(super) const NEAR_DEPTH: u8 = 6;

/// Slots of [`Near`]: a power of two, about twice the 62,360 positions within
/// [`NEAR_DEPTH`] HTM moves of solved.
const NEAR_SLOTS: usize = 1 << 17;

/// A slot of [`Near`] that holds no position.
pub(super) const EMPTY: u32 = u32::MAX;

/// Every position within [`NEAR_DEPTH`] HTM moves of solved, with its number of
/// optimal solutions and the moves that take it one closer (a bit for each index in
/// [`Move::ALL`]): an open-addressing map made by one breadth-first search from
/// solved that carries the path counts along. Key and value side by side, so that a
/// look-up reads one cache line.
///
/// The positions within [`SUFFIX_DEPTH`] also have their solutions listed, so that
/// `--all` copies the last moves of each path instead of walking them.
pub(super) struct Near {
    /// Position, and its value: count ([`NEAR_COUNT`]), moves one closer (9 bits from
    /// [`NEAR_DOWN`]) and the place of its solutions in `lists` (from [`NEAR_LIST`];
    /// 0 for none).
    pub(super) slots: Vec<(u32, u32)>,
    /// Where each listed position's solutions start in `suffixes`, and their length.
    lists: Vec<(u32, u8)>,
    /// The solutions of the listed positions, move indices, one after another.
    suffixes: Vec<u8>,
}

/// The count's bits in a value of [`Near`]: no position has 2,048 optimal solutions
/// (the most is 196).
pub(super) const NEAR_COUNT: u32 = 0x7FF;
/// Where the moves one closer start in a value of [`Near`].
pub(super) const NEAR_DOWN: u32 = 11;
/// Where the place of a position's listed solutions starts in a value of [`Near`].
const NEAR_LIST: u32 = 20;

/// The positions whose solutions [`Near`] lists: the 2,232 within 4 moves (a place
/// for each in 12 bits). All solutions of 2,000 antipodes, one core, 7 runs,
/// medians: 30.5 ms of CPU with them, 33.2 ms without.
const SUFFIX_DEPTH: u8 = 4;

impl Near {
    pub(super) fn new() -> Near {
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
    pub(super) fn listed(&self, v: u32) -> Option<(&[u8], usize)> {
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
    pub(super) fn get(&self, z: u32) -> Option<u32> {
        let (key, value) = self.slots[self.slot(z)];
        (key == z).then_some(value)
    }
}
