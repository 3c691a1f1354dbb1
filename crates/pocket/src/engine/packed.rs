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

/// Two bits a state.
struct Table {
    words: Vec<u64>,
}

impl Table {
    fn new(states: usize) -> Result<Table, SearchError> {
        let n = states.div_ceil(32);
        let mut words = Vec::new();
        words
            .try_reserve_exact(n)
            .map_err(|_| SearchError::OutOfMemory(0))?;
        words.resize(n, u64::MAX);
        Ok(Table { words })
    }

    #[inline]
    fn get(&self, i: usize) -> u64 {
        (self.words[i >> 5] >> ((i & 31) * 2)) & 3
    }

    #[inline]
    fn set(&mut self, i: usize, v: u64) {
        let shift = (i & 31) * 2;
        let w = &mut self.words[i >> 5];
        *w = (*w & !(3 << shift)) | (v << shift);
    }

    /// The low bit of each state of word `w` whose value is `v`.
    #[inline]
    fn equal(&self, w: usize, v: u64) -> u64 {
        let x = self.words[w] ^ (v * LOW);
        !(x | (x >> 1)) & LOW
    }
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

/// Block `b`'s targets: for each move the start of the block it goes to, and where
/// the offsets it sends them to start in the census's `offsets` (a row of `width`
/// when they depend on the block, else the move).
fn find_targets<B: Blocks + ?Sized>(
    space: &B,
    b: usize,
    width: usize,
    varying: bool,
    blocks: &mut [usize],
    rows: &mut [usize],
) {
    space.targets(b, blocks, rows);
    blocks.iter_mut().for_each(|x| *x *= width);
    if varying {
        rows.iter_mut().for_each(|x| *x *= width);
    }
}

/// The states moves `moves` lead to from the state at `o` (its offset times the
/// census's stride) in the block whose targets are `blocks` and, when the offset
/// permutations depend on the block (`V`), `rows`.
#[inline(always)]
fn neighbours<'a, const V: bool>(
    blocks: &'a [usize],
    rows: &'a [usize],
    offsets: &'a [u32],
    o: usize,
    moves: std::ops::Range<usize>,
) -> Neighbours<'a> {
    // Slices of the known length let the loops run unchecked (but for a row's
    // offset). The same moves' offsets side by side, as before rows: the 2x2x2's
    // census took 1.05x to 1.15x the CPU through rows (farm-bench, 7 paired runs).
    let blocks = blocks[moves.clone()].iter();
    match V {
        true => Neighbours::Rows(blocks.zip(rows[moves].iter()), &offsets[o..]),
        false => Neighbours::Side(blocks.zip(offsets[o + moves.start..o + moves.end].iter())),
    }
}

/// [`neighbours`]: one kind or the other, fixed by a constant.
enum Neighbours<'a> {
    Side(std::iter::Zip<std::slice::Iter<'a, usize>, std::slice::Iter<'a, u32>>),
    Rows(
        std::iter::Zip<std::slice::Iter<'a, usize>, std::slice::Iter<'a, usize>>,
        &'a [u32],
    ),
}

impl Iterator for Neighbours<'_> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        match self {
            Neighbours::Side(it) => it.next().map(|(&block, &offset)| block + offset as usize),
            Neighbours::Rows(it, offsets) => it
                .next()
                .map(|(&block, &row)| block + offsets[row] as usize),
        }
    }
}

/// The words of block `b` (of width `w`), each with the mask of the block's states
/// in it.
fn block_words(b: usize, w: usize) -> impl Iterator<Item = (usize, u64)> {
    let (start, end) = (b * w, b * w + w);
    (start / 32..=(end - 1) / 32).map(move |word| {
        let lo = (word * 32).max(start) - word * 32;
        let hi = (end - word * 32).min(32);
        let bits = 2 * (hi - lo);
        let range = if bits == 64 {
            u64::MAX
        } else {
            ((1u64 << bits) - 1) << (2 * lo)
        };
        (word, range & LOW)
    })
}

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
    /// with every scan's blocks fetched ahead (farm-bench, medians of 5 paired runs).
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

    /// Layer k listed, and layer k - 1 too (a listed push only follows one): states
    /// found, layer k - 1's maxima (`known` when its push counted them), the new
    /// layer's list unless it passed its cap, and layer k's maxima.
    fn listed_step(
        &mut self,
        previous: Option<&[u32]>,
        current: &[u32],
        k: u32,
        known: Option<u64>,
    ) -> (u64, u64, Option<Vec<u32>>, u64) {
        let (here, fresh) = (label(k), label(k + 1));
        let mut maxima = 0;
        for &x in previous.unwrap_or(&[]) {
            let x = x as usize;
            if known.is_none() {
                let hit = (0..self.moves()).any(|m| self.table.get(self.neighbour(x, m)) == here);
                maxima += u64::from(!hit);
            }
            self.table.set(x, OLD);
        }
        let (mut found, mut pushed) = (0, 0);
        let mut next = Vec::new();
        let mut listing = true;
        for &x in current {
            let mut hit = false;
            for m in 0..self.units() {
                let y = self.neighbour(x as usize, m);
                let v = self.table.get(y);
                hit |= v == UNSEEN || v == fresh;
                if v == UNSEEN {
                    self.table.set(y, fresh);
                    found += 1;
                    if listing && next.len() < self.max_listed {
                        next.push(y as u32);
                    } else {
                        listing = false;
                    }
                }
            }
            if !hit {
                hit = (self.units()..self.moves()).any(|m| {
                    let v = self.table.get(self.neighbour(x as usize, m));
                    v == UNSEEN || v == fresh
                });
            }
            pushed += u64::from(!hit);
        }
        (
            found,
            known.unwrap_or(maxima),
            listing.then_some(next),
            pushed,
        )
    }

    /// Layer k - 1, whose maxima are known, marked old: word by word.
    fn finish_known(&mut self, k: u32) {
        let fresh = label(k + 1);
        for w in 0..self.table.words.len() {
            let mask = self.table.equal(w, fresh);
            self.table.words[w] &= !(mask | mask << 1);
        }
    }

    /// The walk every scan takes: block by block (the next block's targets fetched
    /// ahead), each state `select` picks from a word (one low bit each) visited with
    /// the start of its moves' offsets (its offset times the moves), the block's
    /// targets loaded. `visit` returns the states it found, which `progress` hears
    /// counted from `found`; all found, out.
    fn walk(
        &mut self,
        select: impl Fn(&Table, usize) -> u64,
        mut visit: impl FnMut(&mut Self, usize, usize) -> u64,
        mut found: u64,
        progress: &mut dyn FnMut(u64),
    ) -> u64 {
        let (blocks, prefetching) = (self.n / self.width, self.prefetching());
        if prefetching && blocks > 0 {
            self.prefetch(0);
        }
        for b in 0..blocks {
            let mut ready = false;
            if prefetching {
                std::mem::swap(&mut self.blocks, &mut self.ahead.0);
                std::mem::swap(&mut self.rows, &mut self.ahead.1);
                ready = true;
                if b + 1 < blocks {
                    self.prefetch(b + 1);
                }
            }
            for (word, range) in block_words(b, self.width) {
                let mut mask = select(&self.table, word) & range;
                while mask != 0 {
                    let x = word * 32 + mask.trailing_zeros() as usize / 2;
                    mask &= mask - 1;
                    if !ready {
                        self.targets(b);
                        ready = true;
                    }
                    found += visit(self, x, (x - b * self.width) * self.stride);
                }
            }
            if b % 4096 == 4095 {
                progress(found);
            }
        }
        found
    }

    /// One scan of the table at layer k. Pulling (`push` false), each unseen state
    /// looks for a neighbour at k; either way each state of layer k - 1 (labelled as
    /// the new layer will be) is finished: counted as a maximum or not, and marked
    /// old. States found, and layer k - 1's maxima.
    fn scan_step(&mut self, k: u32, push: bool, progress: &mut dyn FnMut(u64)) -> (u64, u64) {
        let (here, fresh) = (label(k), label(k + 1));
        let mut maxima = 0;
        let select = |t: &Table, word: usize| match push {
            true => t.equal(word, fresh),
            false => t.equal(word, UNSEEN) | t.equal(word, fresh),
        };
        let visit = |c: &mut Self, y: usize, o: usize| {
            if c.table.get(y) == UNSEEN {
                let hit = c.any(o, 0..c.units(), |v| v == here);
                if hit {
                    c.table.set(y, fresh);
                }
                u64::from(hit)
            } else {
                maxima += u64::from(!c.any(o, 0..c.moves(), |v| v == here));
                c.table.set(y, OLD);
                0
            }
        };
        let found = self.walk(select, visit, 0, progress);
        (found, maxima)
    }

    /// After layer k - 1 is finished (marked old): a scan pulling every unseen state
    /// with a neighbour in layer k into layer k + 1, and marking old every state of
    /// layer k next to one found, so that those left are layer k's maxima. An unseen
    /// state lies at k + 1 or further, so its neighbours lie at k or further: an old
    /// one is a marked state of layer k. Counting the maxima so, instead of looking
    /// at every neighbour of layer k again in the next step, took the census of the
    /// 2x2x2 with no fixed corner to 0.76x the CPU (farm-bench, medians of 5 paired
    /// runs). States found, and states marked.
    fn pull_marking(&mut self, k: u32, progress: &mut dyn FnMut(u64)) -> (u64, u64) {
        let (here, fresh) = (label(k), label(k + 1));
        let mut marked = 0;
        let visit = |c: &mut Self, y: usize, o: usize| {
            if !c.any(o, 0..c.units(), |v| v == here || v == OLD) {
                return 0;
            }
            c.table.set(y, fresh);
            for x in neighbours::<V>(&c.blocks, &c.rows, &c.offsets, o, 0..c.moves()) {
                if c.table.get(x) == here {
                    c.table.set(x, OLD);
                    marked += 1;
                }
            }
            1
        };
        let found = self.walk(|t, word| t.equal(word, UNSEEN), visit, 0, progress);
        (found, marked)
    }

    /// After layer k - 1 is finished (marked old): a scan pushing from every state of
    /// layer k. `found` so far in; all found, and layer k's maxima (states with no
    /// neighbour unseen or newly found: layer k - 1 is old, so the new label is only
    /// layer k + 1's), out. Counting them here saves the next step a look at every
    /// neighbour of the layer again (Jing's pyraminx, with the faster move tables of
    /// coords.rs: 9.1 to 5.8 s of CPU, farm-bench medians of 5).
    fn push_from_scan(&mut self, k: u32, found: u64, progress: &mut dyn FnMut(u64)) -> (u64, u64) {
        let (here, fresh) = (label(k), label(k + 1));
        let mut maxima = 0;
        let visit = |c: &mut Self, _: usize, o: usize| {
            let (mut hit, mut found) = (false, 0);
            for y in neighbours::<V>(&c.blocks, &c.rows, &c.offsets, o, 0..c.units()) {
                let v = c.table.get(y);
                hit |= v == UNSEEN || v == fresh;
                if v == UNSEEN {
                    c.table.set(y, fresh);
                    found += 1;
                }
            }
            if !hit {
                hit = c.any(o, c.units()..c.moves(), |v| v == UNSEEN || v == fresh);
            }
            maxima += u64::from(!hit);
            found
        };
        let found = self.walk(|t, word| t.equal(word, here), visit, found, progress);
        (found, maxima)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cycle of `n` states times a cycle of `w` offsets, moves ±1 on either.
    struct Torus {
        n: usize,
        w: usize,
    }

    impl Blocks for Torus {
        fn blocks(&self) -> usize {
            self.n
        }
        fn width(&self) -> usize {
            self.w
        }
        fn move_count(&self) -> usize {
            4
        }
        fn block_after(&self, b: usize, m: usize, _: bool) -> usize {
            match m {
                0 => (b + 1) % self.n,
                1 => (b + self.n - 1) % self.n,
                _ => b,
            }
        }
        fn offset_after(&self, o: usize, m: usize, _: bool) -> usize {
            match m {
                2 => (o + 1) % self.w,
                3 => (o + self.w - 1) % self.w,
                _ => o,
            }
        }
    }

    /// Four pieces that move and twist: blocks are their 24 arrangements, offsets
    /// their 81 twists. Moves: two generators, their inverses and the squares of
    /// the four (the census wants every move's inverse); the squares make layers or
    /// only count for maxima.
    struct Twisty {
        perms: Vec<[usize; 4]>,
        moves: Vec<([usize; 4], [usize; 4])>,
        layers: usize,
    }

    impl Twisty {
        fn new(squares_make_layers: bool) -> Twisty {
            let mut perms = Vec::new();
            for a in 0..4 {
                for b in 0..4 {
                    for c in 0..4 {
                        // The fourth is what the other three leave of 0 + 1 + 2 + 3.
                        let Some(d) = 6usize.checked_sub(a + b + c) else {
                            continue;
                        };
                        if a != b && b != c && a != c && d < 4 && d != a && d != b && d != c {
                            perms.push([a, b, c, d]);
                        }
                    }
                }
            }
            let generators = [([1, 2, 0, 3], [1, 0, 0, 0]), ([0, 1, 3, 2], [0, 0, 1, 0])];
            let apply = |(p, t): ([usize; 4], [usize; 4]), (q, u): ([usize; 4], [usize; 4])| {
                (
                    std::array::from_fn(|i| p[q[i]]),
                    std::array::from_fn(|i| (t[q[i]] + u[i]) % 3),
                )
            };
            let power = |g, k| (1..k).fold(g, |acc, _| apply(acc, g));
            let order = |g| (1..).find(|&k| power(g, k + 1) == g).unwrap();
            let mut moves = Vec::new();
            for g in generators {
                moves.push(g);
                moves.push(power(g, order(g) - 1));
            }
            for g in generators {
                moves.push(power(g, 2));
                moves.push(power(g, order(g) - 2));
            }
            Twisty {
                perms,
                moves,
                layers: if squares_make_layers { 8 } else { 4 },
            }
        }
    }

    impl Blocks for Twisty {
        fn blocks(&self) -> usize {
            24
        }
        fn width(&self) -> usize {
            81
        }
        fn move_count(&self) -> usize {
            self.moves.len()
        }
        fn layer_moves(&self) -> usize {
            self.layers
        }
        fn block_after(&self, b: usize, m: usize, _: bool) -> usize {
            let (p, _) = self.moves[m];
            let q = self.perms[b];
            let r: [usize; 4] = std::array::from_fn(|i| q[p[i]]);
            self.perms.iter().position(|&x| x == r).unwrap()
        }
        fn offset_after(&self, o: usize, m: usize, _: bool) -> usize {
            let (p, t) = self.moves[m];
            let twist: [usize; 4] = std::array::from_fn(|i| o / 3usize.pow(i as u32) % 3);
            (0..4)
                .map(|i| (twist[p[i]] + t[i]) % 3 * 3usize.pow(i as u32))
                .sum()
        }
    }

    /// [`Twisty`] with each block's offsets in an order of its own, so that a move's
    /// offset permutation depends on the block (one per block and move), as a split
    /// orbit's does (`puzzle/spaces/split.rs`).
    struct Shuffled {
        inner: Twisty,
        /// `order[b][o]`: the inner offset of offset `o` in block `b`; `place` inverts it.
        order: Vec<Vec<usize>>,
        place: Vec<Vec<usize>>,
    }

    impl Shuffled {
        fn new(inner: Twisty, mut seed: u64) -> Shuffled {
            let (mut order, mut place) = (Vec::new(), Vec::new());
            for _ in 0..inner.blocks() {
                let mut o: Vec<usize> = (0..inner.width()).collect();
                for i in (1..o.len()).rev() {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    o.swap(i, (seed >> 33) as usize % (i + 1));
                }
                let mut p = vec![0; o.len()];
                for (i, &x) in o.iter().enumerate() {
                    p[x] = i;
                }
                order.push(o);
                place.push(p);
            }
            Shuffled {
                inner,
                order,
                place,
            }
        }
    }

    impl Blocks for Shuffled {
        fn blocks(&self) -> usize {
            self.inner.blocks()
        }
        fn width(&self) -> usize {
            self.inner.width()
        }
        fn move_count(&self) -> usize {
            self.inner.move_count()
        }
        fn layer_moves(&self) -> usize {
            self.inner.layer_moves()
        }
        fn block_after(&self, b: usize, m: usize, _: bool) -> usize {
            self.inner.block_after(b, m, false)
        }
        fn offset_moves(&self) -> usize {
            self.blocks() * self.move_count()
        }
        fn offset_move(&self, b: usize, m: usize) -> usize {
            b * self.move_count() + m
        }
        fn offset_after(&self, o: usize, p: usize, _: bool) -> usize {
            let (b, m) = (p / self.move_count(), p % self.move_count());
            let to = self.inner.block_after(b, m, false);
            self.place[to][self.inner.offset_after(self.order[b][o], m, false)]
        }
    }

    /// The census by the book: distances by a queue over the layer moves, then a
    /// state is a maximum when no move at all leads further.
    fn model<B: Blocks>(space: &B, roots: &[u32]) -> Counts {
        let n = space.blocks() * space.width();
        let w = space.width();
        let next = |x: usize, m: usize| {
            let p = space.offset_move(x / w, m);
            space.block_after(x / w, m, false) * w + space.offset_after(x % w, p, false)
        };
        let mut dist = vec![u32::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        for &r in roots {
            dist[r as usize] = 0;
            queue.push_back(r as usize);
        }
        while let Some(x) = queue.pop_front() {
            for m in 0..space.layer_moves() {
                let y = next(x, m);
                if dist[y] == u32::MAX {
                    dist[y] = dist[x] + 1;
                    queue.push_back(y);
                }
            }
        }
        let mut counts = Counts::default();
        for x in (0..n).filter(|&x| dist[x] != u32::MAX) {
            let d = dist[x] as usize;
            if counts.positions.len() <= d {
                counts.positions.resize(d + 1, 0);
                counts.local_maxima.resize(d + 1, 0);
            }
            counts.positions[d] += 1;
            let further = (0..space.move_count()).any(|m| dist[next(x, m)] > dist[x]);
            counts.local_maxima[d] += u64::from(!further);
        }
        counts
    }

    /// Every way of building the layers: always listed, listed a little, never;
    /// always pulling, pushing sometimes, always pushing.
    fn tunings() -> Vec<Tuning> {
        let mut all = Vec::new();
        for max_listed in [0, 3, 1 << 16] {
            for push_factor in [0, 1, 10, u64::MAX] {
                all.push(Tuning {
                    max_listed,
                    push_factor,
                });
            }
        }
        all
    }

    #[test]
    fn every_way_of_building_layers_counts_as_the_model() {
        for squares_make_layers in [true, false] {
            let space = Twisty::new(squares_make_layers);
            // Several roots break the symmetry of a single one: maxima come early.
            for roots in [&[0][..], &[0, 5, 1000], &[3, 17, 200, 900, 1500, 1943]] {
                let want = model(&space, roots);
                for tuning in tunings() {
                    let got = packed_census_tuned(&space, roots, tuning, &mut |_, _| {}).unwrap();
                    assert_eq!(
                        got, want,
                        "{tuning:?}, roots {roots:?}, {squares_make_layers}"
                    );
                }
            }
        }
        for squares_make_layers in [true, false] {
            let space = Shuffled::new(Twisty::new(squares_make_layers), 40);
            for roots in [&[0][..], &[3, 17, 200, 900, 1500, 1943]] {
                let want = model(&space, roots);
                for tuning in tunings() {
                    let got = packed_census_tuned(&space, roots, tuning, &mut |_, _| {}).unwrap();
                    assert_eq!(got, want, "shuffled, {tuning:?}, roots {roots:?}");
                }
            }
        }
        for (n, w) in [(5, 7), (40, 3), (64, 33)] {
            let t = Torus { n, w };
            for tuning in tunings() {
                let got = packed_census_tuned(&t, &[0], tuning, &mut |_, _| {}).unwrap();
                assert_eq!(got, model(&t, &[0]), "{tuning:?}, {n} x {w}");
            }
        }
    }

    #[test]
    fn a_torus_counts_as_its_distances_say() {
        for (n, w) in [(1, 1), (5, 7), (40, 3), (9, 100), (64, 33)] {
            let t = Torus { n, w };
            let c = packed_census(&t, &[0], &mut |_, _| {}).unwrap();
            let d = |a: usize, m: usize| a.min(m - a);
            let mut want = vec![0u64; n / 2 + w / 2 + 1];
            let mut maxima = want.clone();
            for b in 0..n {
                for o in 0..w {
                    want[d(b, n) + d(o, w)] += 1;
                    // No neighbour further: both at their cycle's far point.
                    let stuck = |a: usize, m: usize| d(a, m) == m / 2;
                    maxima[d(b, n) + d(o, w)] += u64::from(stuck(b, n) && stuck(o, w));
                }
            }
            assert_eq!(c.positions, want, "{n} x {w}");
            assert_eq!(c.local_maxima, maxima, "{n} x {w}");
        }
    }
}
