//! A byte of distance for every state of a [`Blocks`] space with any number of
//! moves, by breadth-first search: the pattern databases of IDA* (`ida.rs`) are
//! these, over projections of a puzzle. (The census's two-bit search keeps no
//! distances, and `layers::unit_distances` takes at most nine moves.)
//!
//! Small layers are listed and pushed from; once a layer is large, every unseen
//! state looks for a neighbour in it instead (a pull), which needs the moves closed
//! under inverses (every definition's are). Pulls write only the state pulled, so
//! the threads each take a run of blocks and share the table without locks.

use super::parallel;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use super::layers::Blocks;
use super::search::SearchError;

/// Distance byte of a state not reached.
pub const UNSEEN: u8 = u8::MAX;

/// The largest layer kept as a list to push from (4 MB of `u32`).
const MAX_LISTED: usize = 1 << 20;

/// Push from a layer while its pushes are at most this many times the unseen
/// states, each of which a pull would look at with up to every move. The 3x3x3's
/// corners (88,179,840 states): pushing layer 7 (97 million pushes against 81 million
/// unseen) took 1.8 s of wall time pulled.
const PUSH_FACTOR: usize = 8;

/// A distance for every state, read with [`DistanceTable::get`].
pub struct DistanceTable {
    dist: Vec<AtomicU8>,
    /// The largest distance of a reached state.
    pub depth: u8,
}

impl DistanceTable {
    /// The distance of state `i` ([`UNSEEN`] if no sequence reaches it).
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        self.dist[i].load(Relaxed)
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.dist.len()
    }
}

/// The space's moves laid out for the loops: a block's neighbours' first states
/// (tabulated, or found a block at a time when offsets move by the block:
/// `puzzle/spaces/tracked.rs`, whose millions of blocks would take hundreds of MB of
/// table), and the rows of offsets each offset permutation makes.
struct Tables<'s, B: ?Sized> {
    space: &'s B,
    moves: usize,
    width: usize,
    /// `block[b * moves + m]`, when every move moves offsets alike.
    block: Option<Vec<u32>>,
    /// By offset permutation, then offset: the inner loops run along one row.
    offset: Vec<u32>,
}

impl<'s, B: Blocks + ?Sized> Tables<'s, B> {
    fn new(space: &'s B) -> Tables<'s, B> {
        let (moves, width) = (space.move_count(), space.width());
        let block = (!space.offsets_by_block()).then(|| {
            (0..space.blocks())
                .flat_map(|b| (0..moves).map(move |m| (b, m)))
                .map(|(b, m)| (space.block_after(b, m, false) * width) as u32)
                .collect()
        });
        let offset = (0..space.offset_moves())
            .flat_map(|m| (0..width).map(move |o| (o, m)))
            .map(|(o, m)| space.offset_after(o, m, false) as u32)
            .collect();
        Tables {
            space,
            moves,
            width,
            block,
            offset,
        }
    }

    /// For each move, the first state of the block `b` goes to and the start of the
    /// row of offsets it makes there.
    #[inline]
    fn targets(&self, b: usize, to: &mut Targets) {
        to.first.resize(self.moves, 0);
        to.row.resize(self.moves, 0);
        match &self.block {
            Some(block) => {
                for m in 0..self.moves {
                    to.first[m] = block[b * self.moves + m] as usize;
                    to.row[m] = m * self.width;
                }
            }
            None => {
                self.space.targets(b, &mut to.first, &mut to.row);
                for (first, row) in to.first.iter_mut().zip(&mut to.row) {
                    *first *= self.width;
                    *row *= self.width;
                }
            }
        }
    }

    /// The state move `m` sends offset `o` to, with its block's targets.
    #[inline]
    fn after(&self, to: &Targets, o: usize, m: usize) -> usize {
        to.first[m] + self.offset[to.row[m] + o] as usize
    }
}

/// One block's targets, reused from block to block.
#[derive(Default)]
struct Targets {
    first: Vec<usize>,
    row: Vec<usize>,
}

/// The distance of every state of `space` from `root`, each move one step; `threads`
/// share the large layers.
pub fn distance_table<B: Blocks + ?Sized>(
    space: &B,
    root: usize,
    threads: usize,
) -> Result<DistanceTable, SearchError> {
    let size = space.blocks() * space.width();
    let mut dist = Vec::new();
    dist.try_reserve_exact(size)
        .map_err(|_| SearchError::OutOfMemory(0))?;
    dist.resize_with(size, || AtomicU8::new(UNSEEN));
    let t = Tables::new(space);
    dist[root].store(0, Relaxed);
    // Where a block's targets are found, not read, a scan finds them once a block
    // and a list once a state: the 3x3x3's first tables of tracked pieces (12.4
    // million positions) took 3.0 s listed.
    let mut listed = t.block.is_some().then(|| vec![root as u32]);
    let (mut layer, mut unseen, mut d) = (1usize, size - 1, 0u8);
    while layer > 0 && unseen > 0 && d < UNSEEN - 1 {
        layer = if layer * t.moves <= unseen * PUSH_FACTOR {
            let (found, list) = push(&t, &dist, listed.as_deref(), d, threads);
            listed = list.filter(|_| t.block.is_some());
            found
        } else {
            listed = None;
            pull(&t, &dist, d, threads)
        };
        unseen -= layer;
        d += 1;
    }
    let depth = if layer == 0 { d - 1 } else { d };
    Ok(DistanceTable { dist, depth })
}

/// Layer `d + 1` from layer `d` (listed, or found by a scan): how many states it has,
/// and its list when small.
fn push<B: Blocks + ?Sized>(
    t: &Tables<B>,
    dist: &[AtomicU8],
    listed: Option<&[u32]>,
    d: u8,
    threads: usize,
) -> (usize, Option<Vec<u32>>) {
    let Some(list) = listed else {
        // Block by block: a block's neighbours under one move are one block, in cache.
        // Threads may both set one state, so the layer is counted after.
        let runs = split(dist.len() / t.width, threads);
        parallel::each(runs, |(lo, hi)| {
            let mut at = Vec::with_capacity(t.width);
            let mut targets = Targets::default();
            for b in lo..hi {
                let first = b * t.width;
                at.clear();
                at.extend((0..t.width).filter(|&o| dist[first + o].load(Relaxed) == d));
                if at.is_empty() {
                    continue;
                }
                t.targets(b, &mut targets);
                for m in 0..t.moves {
                    let to = targets.first[m];
                    let row = &t.offset[targets.row[m]..targets.row[m] + t.width];
                    for &o in &at {
                        let j = to + row[o] as usize;
                        if dist[j].load(Relaxed) == UNSEEN {
                            dist[j].store(d + 1, Relaxed);
                        }
                    }
                }
            }
        });
        return (count(dist, d + 1, threads), None);
    };
    let (mut out, mut found) = (Vec::new(), 0);
    let mut to = Targets::default();
    for &i in list {
        let (b, o) = (i as usize / t.width, i as usize % t.width);
        t.targets(b, &mut to);
        for m in 0..t.moves {
            let j = t.after(&to, o, m);
            if dist[j].load(Relaxed) == UNSEEN {
                dist[j].store(d + 1, Relaxed);
                found += 1;
                if out.len() < MAX_LISTED {
                    out.push(j as u32);
                }
            }
        }
    }
    (found, (found <= MAX_LISTED).then_some(out))
}

/// Layer `d + 1`: every unseen state with a neighbour in layer `d`, block by block
/// (each move's neighbours of a block are one block, in cache); each thread writes
/// only its own blocks.
fn pull<B: Blocks + ?Sized>(t: &Tables<B>, dist: &[AtomicU8], d: u8, threads: usize) -> usize {
    let runs = split(dist.len() / t.width, threads);
    parallel::each(runs, |(lo, hi)| {
        let mut found = 0;
        let mut open = Vec::with_capacity(t.width);
        let mut targets = Targets::default();
        for b in lo..hi {
            let first = b * t.width;
            open.clear();
            open.extend(
                (0..t.width as u32).filter(|&o| dist[first + o as usize].load(Relaxed) == UNSEEN),
            );
            if open.is_empty() {
                continue;
            }
            t.targets(b, &mut targets);
            for m in 0..t.moves {
                if open.is_empty() {
                    break;
                }
                let to = targets.first[m];
                let row = &t.offset[targets.row[m]..targets.row[m] + t.width];
                open.retain(|&o| {
                    let j = to + row[o as usize] as usize;
                    if dist[j].load(Relaxed) != d {
                        return true;
                    }
                    dist[first + o as usize].store(d + 1, Relaxed);
                    found += 1;
                    false
                });
            }
        }
        found
    })
    .into_iter()
    .sum()
}

/// The states at distance `d`.
fn count(dist: &[AtomicU8], d: u8, threads: usize) -> usize {
    let runs = split(dist.len(), threads);
    parallel::each(runs, |(lo, hi)| {
        dist[lo..hi].iter().filter(|x| x.load(Relaxed) == d).count()
    })
    .into_iter()
    .sum()
}

/// `n` states in `threads` runs.
fn split(n: usize, threads: usize) -> Vec<(usize, usize)> {
    let threads = threads.max(1);
    let step = n.div_ceil(threads).max(1);
    (0..n)
        .step_by(step)
        .map(|lo| (lo, (lo + step).min(n)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring of 12 states by 3 (blocks, turned by +1 and -1) times 4 (offsets,
    /// turned by +1 and -1 together with the block).
    struct Ring;

    impl Blocks for Ring {
        fn blocks(&self) -> usize {
            3
        }
        fn width(&self) -> usize {
            4
        }
        fn move_count(&self) -> usize {
            2
        }
        fn block_after(&self, b: usize, m: usize, _inverse: bool) -> usize {
            (b + [1, 2][m]) % 3
        }
        fn offset_after(&self, o: usize, m: usize, _inverse: bool) -> usize {
            (o + [1, 3][m]) % 4
        }
    }

    #[test]
    fn distances_match_a_plain_search() {
        for threads in [1, 2, 3] {
            let table = distance_table(&Ring, 0, threads).expect("fits");
            // State b * 4 + o is reached by k steps of +1 or -1 with k = b mod 3 and
            // k = o mod 4: k mod 12, the nearer way round.
            for i in 0..12 {
                let (b, o) = (i / 4, i % 4);
                let k = (0..12).find(|k| k % 3 == b && k % 4 == o).unwrap();
                assert_eq!(table.get(i), k.min(12 - k) as u8, "state {i}");
            }
            assert_eq!(table.depth, 6);
        }
    }
}
