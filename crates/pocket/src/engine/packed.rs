//! The unit-cost census in two bits a state: the engine's block search
//! ([`super::layers::unit_distances`]) for spaces too large for a byte a state (the
//! 2x2x2 with no fixed corner: 88,179,840 states in 22 MB instead of 88 MB).
//!
//! Two bits tell four things: *old* (a layer whose local maxima are counted), the two
//! newest layers, alternating between two labels, and *unseen*. Building layer `k + 1`
//! looks, for every unseen state and every state of layer `k - 1`, whether a
//! neighbour is in layer `k`: an unseen one joins layer `k + 1` (taking the label
//! `k - 1` frees), one of layer `k - 1` is a local maximum if none is, and becomes old.
//! So the census of positions and local maxima takes one pass a layer, and no
//! distance is kept: the walk of a solver needs the cube's mod-3 table instead.
//!
//! The moves must be closed under inverses (every definition's are): a state's
//! neighbours are then also its predecessors.

use super::layers::Blocks;
use super::search::SearchError;

mod neighbours;
mod steps;
mod table;

use neighbours::{find_targets, neighbours};
use table::Table;

const OLD: u64 = 0;
const UNSEEN: u64 = 3;
/// The two bits of every state of a word set to `1`: masks of states per word.
const LOW: u64 = 0x5555_5555_5555_5555;

/// The largest layer pushed from a list (256 KB of `u32`); a larger one is pulled.
const MAX_LISTED: usize = 1 << 16;

/// The narrowest block whose targets are fetched ahead (`PackedCensus::prefetch`):
/// two lines of the table.
const MIN_PREFETCHED: usize = 512;

/// The label of layer `k`: 1 and 2 in turn.
fn label(k: u32) -> u64 {
    1 + (k as u64 & 1)
}

/// Positions and local maxima at each distance (index = distance).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub positions: Vec<u64>,
    pub local_maxima: Vec<u64>,
}

/// Bytes the census of `states` states takes beyond the space's own tables: the two
/// bits, and the lists of two thin layers.
pub fn packed_bytes(states: u64) -> u64 {
    states.div_ceil(32) * 8 + 2 * MAX_LISTED as u64 * 4
}

/// Push from a scan of a layer (not a list) while the layer's pushes are at most this
/// many times the unseen states (each of which a pull would look at, most of them
/// with every move when few are found). Census of the 2x2x2 with no fixed corner
/// (user CPU seconds, one run each on a loaded machine): factor 0 (always pull) 7.7,
/// 1: 5.0, 3: 3.8, 10: 3.6, 20: 3.6, 1000 (always push) 4.3. At 10 it pushes from
/// layers 7 and 8 and pulls the last three.
const PUSH_FACTOR: u64 = 10;

/// When the census builds a layer from a list, by pushing from a scan, or by pulling:
/// the defaults are measured; the tests run every way.
#[derive(Clone, Copy, Debug)]
struct Tuning {
    /// The largest layer pushed from a list.
    max_listed: usize,
    /// Push from a scan while a layer's pushes are at most this many times the
    /// unseen states.
    push_factor: u64,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            max_listed: MAX_LISTED,
            push_factor: PUSH_FACTOR,
        }
    }
}

/// Positions and local maxima at each distance from `roots`, one move one step, in
/// two bits a state; `progress` hears the states settled and the distance reached.
/// The space's states must be numbered below 2^32. Moves past the space's
/// [`Blocks::layer_moves`] make no layer: a state is a local maximum when no move
/// at all leads further.
pub fn packed_census<B: Blocks + ?Sized>(
    space: &B,
    roots: &[u32],
    progress: &mut dyn FnMut(u64, u32),
) -> Result<Counts, SearchError> {
    packed_census_tuned(space, roots, Tuning::default(), progress)
}

/// [`packed_census`], its layers built as `tuning` says.
fn packed_census_tuned<B: Blocks + ?Sized>(
    space: &B,
    roots: &[u32],
    tuning: Tuning,
    progress: &mut dyn FnMut(u64, u32),
) -> Result<Counts, SearchError> {
    // The common move counts as constants, so the loops over moves unroll (census of
    // pocket-golf, task-clock of 5 runs: 111 to 96 ms).
    let run = Run { roots, tuning };
    if space.offsets_by_block() {
        return census_with::<0, 0, true, B>(space, run, progress);
    }
    match (space.move_count(), space.layer_moves()) {
        (6, 6) => census_with::<6, 6, false, B>(space, run, progress),
        (9, 9) => census_with::<9, 9, false, B>(space, run, progress),
        (12, 12) => census_with::<12, 12, false, B>(space, run, progress),
        (18, 18) => census_with::<18, 18, false, B>(space, run, progress),
        // Quarter turns make the layers; half turns, costing two, count for maxima.
        (18, 12) => census_with::<18, 12, false, B>(space, run, progress),
        _ => census_with::<0, 0, false, B>(space, run, progress),
    }
}

/// What a census starts from and how it builds its layers.
#[derive(Clone, Copy)]
struct Run<'r> {
    roots: &'r [u32],
    tuning: Tuning,
}

/// [`packed_census`] for `N` moves of which the first `U` make layers (0: any
/// number), whose offset permutations depend on the block when `V`.
fn census_with<const N: usize, const U: usize, const V: bool, B: Blocks + ?Sized>(
    space: &B,
    run: Run,
    progress: &mut dyn FnMut(u64, u32),
) -> Result<Counts, SearchError> {
    let mut census = PackedCensus::<N, U, V, B>::new(space, run.tuning.max_listed)?;
    let mut counts = Counts::default();
    let mut current: Option<Vec<u32>> = Some(Vec::new());
    let mut previous: Option<Vec<u32>> = None;
    for &r in run.roots {
        if census.table.get(r as usize) == UNSEEN {
            census.table.set(r as usize, label(0));
            current.get_or_insert_with(Vec::new).push(r);
        }
    }
    let first = current.as_ref().map_or(0, |c| c.len()) as u64;
    counts.positions.push(first);
    counts.local_maxima.push(0);
    let mut settled = first;
    let mut unseen = census.n as u64 - first;
    let mut k = 0u32;
    // Layer k - 1's local maxima when its push counted them, or layer k's when the
    // pull that found it marked them (`marked`).
    let mut known: Option<u64> = None;
    loop {
        let layer = counts.positions[k as usize];
        let pushes = layer.saturating_mul(census.units() as u64);
        let mut marked = None;
        // `maxima` counts layer k - 1's.
        let (found, maxima) = match current.take() {
            Some(list) if pushes <= unseen => {
                let (found, maxima, next, pushed) =
                    census.listed_step(previous.as_deref(), &list, k, known);
                previous = Some(list);
                current = next;
                known = Some(pushed);
                (found, maxima)
            }
            _ => {
                let push = pushes <= unseen.saturating_mul(run.tuning.push_factor);
                let mut report = |found: u64| progress(settled + found, k + 1);
                let (found, maxima) = match (push, known.take()) {
                    (true, Some(maxima)) => {
                        census.finish_known(k);
                        let (found, pushed) = census.push_from_scan(k, 0, &mut report);
                        known = Some(pushed);
                        (found, maxima)
                    }
                    (false, Some(maxima)) => {
                        census.finish_known(k);
                        let (found, hit) = census.pull_marking(k, &mut report);
                        marked = Some(layer - hit);
                        (found, maxima)
                    }
                    (push, None) => {
                        let (found, maxima) = census.scan_step(k, push, &mut report);
                        if push {
                            let (found, pushed) = census.push_from_scan(k, found, &mut report);
                            known = Some(pushed);
                            (found, maxima)
                        } else {
                            (found, maxima)
                        }
                    }
                };
                previous = None;
                (found, maxima)
            }
        };
        if k > 0 {
            counts.local_maxima[k as usize - 1] = maxima;
        }
        if found == 0 {
            // Nothing lies further: every state of layer k is a local maximum.
            counts.local_maxima[k as usize] = layer;
            break;
        }
        if let Some(m) = marked {
            // Layer k's maxima are known now; the next step finishes the layer.
            known = Some(m);
        }
        counts.positions.push(found);
        counts.local_maxima.push(0);
        settled += found;
        unseen -= found;
        k += 1;
        progress(settled, k);
    }
    Ok(counts)
}

/// The census of [`census_with`]: the space, its offset moves laid out for the scans,
/// and the two-bit table. Each step finds layer k + 1 from layer k and counts the
/// local maxima of layer k - 1 (the states none of whose moves leads to layer k).
struct PackedCensus<'a, const N: usize, const U: usize, const V: bool, B: ?Sized> {
    space: &'a B,
    move_count: usize,
    /// The moves that make layers: the first ones.
    unit_count: usize,
    /// Up to 9 moves every neighbour is looked at, with no branch; with more, the
    /// first hit stops the look (task-clock, median of runs: pocket-golf, 9 moves,
    /// 93 ms branch-free against 106 ms stopping; the 2x2x2 with no fixed corner, 18
    /// moves, 4.1 s against 3.6 s).
    branchy: bool,
    max_listed: usize,
    width: usize,
    n: usize,
    /// The offsets each offset permutation sends offsets to: `moves` to an offset
    /// (offset-major) when each move's is the same in every block, else one row of
    /// `width` a permutation (permutation-major: a block reads its moves' rows from
    /// start to end).
    offsets: Vec<u32>,
    /// Whether a move's offset permutation depends on its block.
    varying: bool,
    /// What an offset is multiplied by to index `offsets`: the moves, or 1.
    stride: usize,
    table: Table,
    /// The starts of the blocks a block goes to under each move (scratch).
    blocks: Vec<usize>,
    /// Where each move's offsets start in `offsets`, for that block (scratch).
    rows: Vec<usize>,
    /// `blocks` and `rows` of the next block, found while its lines are fetched.
    ahead: (Vec<usize>, Vec<usize>),
}

impl<'a, const N: usize, const U: usize, const V: bool, B: Blocks + ?Sized>
    PackedCensus<'a, N, U, V, B>
{
    fn new(space: &'a B, max_listed: usize) -> Result<Self, SearchError> {
        let moves = if N > 0 { N } else { space.move_count() };
        let w = space.width();
        let n = space.blocks() * w;
        let varying = V;
        debug_assert_eq!(V, space.offsets_by_block());
        let offsets = match varying {
            false => (0..w)
                .flat_map(|o| (0..moves).map(move |m| (o, m)))
                .map(|(o, m)| space.offset_after(o, m, false) as u32)
                .collect(),
            true => (0..space.offset_moves())
                .flat_map(|p| (0..w).map(move |o| (o, p)))
                .map(|(o, p)| space.offset_after(o, p, false) as u32)
                .collect(),
        };
        Ok(PackedCensus {
            space,
            move_count: moves,
            unit_count: if U > 0 { U } else { space.layer_moves() },
            branchy: N == 0 || N > 9,
            max_listed,
            width: w,
            n,
            offsets,
            varying,
            stride: if varying { 1 } else { moves },
            table: Table::new(n)?,
            blocks: vec![0; moves],
            rows: vec![0; moves],
            ahead: (vec![0; moves], vec![0; moves]),
        })
    }

    /// The number of moves: `N` itself when it is not 0, so that loops unroll.
    #[inline(always)]
    fn moves(&self) -> usize {
        if N > 0 { N } else { self.move_count }
    }

    /// The number of moves that make layers: `U` itself when it is not 0.
    #[inline(always)]
    fn units(&self) -> usize {
        if U > 0 { U } else { self.unit_count }
    }

    fn neighbour(&self, x: usize, m: usize) -> usize {
        let (b, o) = (x / self.width, x % self.width);
        let row = match self.varying {
            true => self.space.offset_move(b, m) * self.width,
            false => m,
        };
        self.space.block_after(b, m, false) * self.width
            + self.offsets[o * self.stride + row] as usize
    }

    /// Block `b`'s targets, into `blocks` and `rows`.
    fn targets(&mut self, b: usize) {
        let (blocks, rows) = (&mut self.blocks, &mut self.rows);
        find_targets(self.space, b, self.width, self.varying, blocks, rows);
    }

    /// Whether the walk finds each block's targets a block ahead and fetches their
    /// lines.
    fn prefetching(&self) -> bool {
        cfg!(target_arch = "x86_64") && (self.width >= MIN_PREFETCHED || self.varying)
    }

    /// Finds the targets of block `b` into `ahead` and asks the cache for their
    /// table words, a block ahead of their use: a block's neighbours lie in as many
    /// other blocks as there are moves, whose lines the scan would otherwise wait for
    /// one by one. The 2x2x2 with no fixed corner (88,179,840 states): 0.79x the CPU
    /// with every scan's blocks fetched ahead (whole-process timings, medians of 5 paired runs).
    #[inline(always)]
    fn prefetch(&mut self, b: usize) {
        let (blocks, rows) = (&mut self.ahead.0, &mut self.ahead.1);
        find_targets(self.space, b, self.width, self.varying, blocks, rows);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            for &start in &self.ahead.0 {
                let (first, last) = (start >> 5, (start + self.width - 1) >> 5);
                // A line is 8 words.
                for w in (first..=last).step_by(8) {
                    let line = self.table.words[w..].as_ptr().cast::<i8>();
                    // SAFETY: a prefetch only hints; `line` points into the table.
                    unsafe { _mm_prefetch::<_MM_HINT_T0>(line) };
                }
            }
        }
    }

    /// Whether any of moves `moves` leads from the state at `o` (its offset times
    /// the stride) in the block whose targets are loaded to a state `wanted` says yes
    /// to.
    #[inline(always)]
    fn any(&self, o: usize, moves: std::ops::Range<usize>, wanted: impl Fn(u64) -> bool) -> bool {
        let mut looks = neighbours::<V>(&self.blocks, &self.rows, &self.offsets, o, moves)
            .map(|x| self.table.get(x));
        if self.branchy {
            looks.any(wanted)
        } else {
            looks.fold(false, |hit, v| hit | wanted(v))
        }
    }
}

#[cfg(test)]
mod tests;
