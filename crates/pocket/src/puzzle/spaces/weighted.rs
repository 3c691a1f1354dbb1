//! The census of a puzzle on coordinates whose moves have different costs: Dial's
//! algorithm over a flat array of 16-bit distances, one per coordinate, scanned
//! level by level (the states at a level are found by a scan, not kept in lists).
//!
//! It replaced the layered search over cost buckets with a dense store (a 32-bit
//! distance and a move a position, plus the buckets' lists), which took about 19
//! bytes a position where the budget counted five: `census --puzzle pocket-golf
//! --cost R2=2,U2=2,F2=2` took 6.77 s and 70 MB, now 2 bytes a position (see
//! docs/performance.md for the figures of this file).

use crate::engine::census::Row;
use crate::engine::search::Space;
use crate::puzzle::spaces::coords::Coords;

/// Bytes a position of this census takes.
pub(in crate::puzzle) const BYTES: u64 = 2;

/// Not reached (yet).
const UNSEEN: u16 = u16::MAX;

/// The most levels the scan walks: each level is a scan of every position, so
/// costs far apart (in units of their greatest common divisor) are left to the
/// layered search.
pub(in crate::puzzle) const MAX_MOVE_COST: u32 = 64;

/// Positions and local maxima at each cost from the goal, by a scan a level; `None`
/// when a distance passes 16 bits. `space` numbers its states by `coords`.
pub(in crate::puzzle) fn weighted_rows<S: Space<State = u128>>(
    space: &S,
    coords: &Coords,
    progress: &mut dyn FnMut(u64, u32),
) -> Option<Vec<Row>> {
    let n = coords.size() as usize;
    let moves = space.moves();
    let mut dist = vec![UNSEEN; n];
    // Positions at each level (tentative until the level is scanned), and the local
    // maxima found by its scan.
    let mut at_level: Vec<u64> = vec![1];
    let mut maxima: Vec<u64> = Vec::new();
    dist[coords.index(space.goal()) as usize] = 0;
    let (mut level, mut settled) = (0usize, 0u64);
    while level < at_level.len() {
        maxima.push(0);
        if at_level[level] > 0 {
            for i in 0..n {
                if dist[i] as usize != level {
                    continue;
                }
                let x = coords.state(i as u64);
                // Scanned in order of cost, a neighbour at this level or below stays
                // there, and one not yet there ends past it: so looking before
                // relaxing tells a local maximum, with no second pass.
                let mut further = false;
                // To the goal by move m from y is y m = x: y = x m'.
                for (m, spec) in moves.iter().enumerate() {
                    let y = coords.index(space.apply_inverse(x, m)) as usize;
                    further |= dist[y] as usize > level;
                    let to = level + spec.cost as usize;
                    if to >= UNSEEN as usize {
                        return None;
                    }
                    if (to as u16) < dist[y] {
                        if dist[y] != UNSEEN {
                            at_level[dist[y] as usize] -= 1;
                        }
                        dist[y] = to as u16;
                        if at_level.len() <= to {
                            at_level.resize(to + 1, 0);
                        }
                        at_level[to] += 1;
                    }
                }
                maxima[level] += u64::from(!further);
                settled += 1;
                if settled % 65_536 == 0 {
                    progress(settled, level as u32);
                }
            }
        }
        level += 1;
    }
    let rows = at_level.iter().zip(maxima).enumerate();
    Some(
        rows.filter(|(_, (positions, _))| **positions > 0)
            .map(|(d, (&positions, local_maxima))| Row {
                distance: d as u32,
                positions,
                local_maxima,
            })
            .collect(),
    )
}
