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

/// Positions and local maxima at each distance from `roots`, one move one step, in
/// two bits a state; `progress` hears the states settled and the distance reached.
/// The space's states must be numbered below 2^32.
pub fn packed_census<B: Blocks + ?Sized>(
    space: &B,
    roots: &[u32],
    progress: &mut dyn FnMut(u64, u32),
) -> Result<Counts, SearchError> {
    // The common move counts as constants, so the loops over moves unroll (census of
    // pocket-golf, task-clock of 5 runs: 111 to 96 ms).
    match space.move_count() {
        6 => census_with::<6, B>(space, roots, progress),
        9 => census_with::<9, B>(space, roots, progress),
        12 => census_with::<12, B>(space, roots, progress),
        18 => census_with::<18, B>(space, roots, progress),
        _ => census_with::<0, B>(space, roots, progress),
    }
}

/// [`packed_census`] for `N` moves (0: any number).
fn census_with<const N: usize, B: Blocks + ?Sized>(
    space: &B,
    roots: &[u32],
    progress: &mut dyn FnMut(u64, u32),
) -> Result<Counts, SearchError> {
    let mut census = PackedCensus::<N, B>::new(space)?;
    let mut counts = Counts::default();
    let mut current: Option<Vec<u32>> = Some(Vec::new());
    let mut previous: Option<Vec<u32>> = None;
    for &r in roots {
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
    // Layer k - 1's local maxima when its push counted them.
    let mut known: Option<u64> = None;
    loop {
        let layer = counts.positions[k as usize];
        let moves = census.moves() as u64;
        // `maxima` counts layer k - 1's.
        let (found, maxima) = match current.take() {
            Some(list) if layer * moves <= unseen => {
                let (found, maxima, next, pushed) =
                    census.listed_step(previous.as_deref(), &list, k, known);
                previous = Some(list);
                current = next;
                known = Some(pushed);
                (found, maxima)
            }
            _ => {
                let push = layer * moves <= unseen * PUSH_FACTOR;
                let mut report = |found: u64| progress(settled + found, k + 1);
                let (found, maxima) = match (push, known) {
                    (true, Some(maxima)) => {
                        census.finish_known(k);
                        (0, maxima)
                    }
                    _ => census.scan_step(k, push, known, &mut report),
                };
                known = None;
                let found = match push {
                    true => {
                        let (found, pushed) = census.push_from_scan(k, found, &mut report);
                        known = Some(pushed);
                        found
                    }
                    false => found,
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
struct PackedCensus<'a, const N: usize, B: ?Sized> {
    space: &'a B,
    move_count: usize,
    /// Up to 9 moves every neighbour is looked at, with no branch; with more, the
    /// first hit stops the look (task-clock, median of runs: pocket-golf, 9 moves,
    /// 93 ms branch-free against 106 ms stopping; the 2x2x2 with no fixed corner, 18
    /// moves, 4.1 s against 3.6 s).
    branchy: bool,
    width: usize,
    n: usize,
    /// The offset each offset goes to under each move, `moves` to an offset.
    offsets: Vec<u32>,
    table: Table,
    /// The starts of the blocks a block goes to under each move (scratch).
    blocks: Vec<usize>,
}

impl<'a, const N: usize, B: Blocks + ?Sized> PackedCensus<'a, N, B> {
    fn new(space: &'a B) -> Result<Self, SearchError> {
        let moves = if N > 0 { N } else { space.move_count() };
        let w = space.width();
        let n = space.blocks() * w;
        Ok(PackedCensus {
            space,
            move_count: moves,
            branchy: N == 0 || N > 9,
            width: w,
            n,
            offsets: (0..w)
                .flat_map(|o| (0..moves).map(move |m| (o, m)))
                .map(|(o, m)| space.offset_after(o, m, false) as u32)
                .collect(),
            table: Table::new(n)?,
            blocks: Vec::with_capacity(moves),
        })
    }

    /// The number of moves: `N` itself when it is not 0, so that loops unroll.
    #[inline(always)]
    fn moves(&self) -> usize {
        if N > 0 { N } else { self.move_count }
    }

    fn neighbour(&self, x: usize, m: usize) -> usize {
        let (b, o) = (x / self.width, x % self.width);
        self.space.block_after(b, m, false) * self.width
            + self.offsets[o * self.moves() + m] as usize
    }

    fn targets(&mut self, b: usize) {
        self.blocks.clear();
        let (space, w) = (self.space, self.width);
        self.blocks
            .extend((0..self.moves()).map(|m| space.block_after(b, m, false) * w));
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
            for m in 0..self.moves() {
                let y = self.neighbour(x as usize, m);
                let v = self.table.get(y);
                hit |= v == UNSEEN || v == fresh;
                if v == UNSEEN {
                    self.table.set(y, fresh);
                    found += 1;
                    if listing && next.len() < MAX_LISTED {
                        next.push(y as u32);
                    } else {
                        listing = false;
                    }
                }
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

    /// Layer k - 1, whose maxima its push counted, marked old: word by word.
    fn finish_known(&mut self, k: u32) {
        let fresh = label(k + 1);
        for w in 0..self.table.words.len() {
            let mask = self.table.equal(w, fresh);
            self.table.words[w] &= !(mask | mask << 1);
        }
    }

    /// One scan of the table at layer k, block by block. Pulling (`push` false), each
    /// unseen state looks for a neighbour at k; either way each state of layer k - 1
    /// (labelled as the new layer will be) is finished: counted as a maximum or not,
    /// and marked old. States found, and layer k - 1's maxima.
    fn scan_step(
        &mut self,
        k: u32,
        push: bool,
        known: Option<u64>,
        progress: &mut dyn FnMut(u64),
    ) -> (u64, u64) {
        let (here, fresh) = (label(k), label(k + 1));
        let (mut found, mut maxima) = (0, 0);
        for b in 0..self.n / self.width {
            let mut ready = false;
            for (word, range) in block_words(b, self.width) {
                let mut mask = if push {
                    self.table.equal(word, fresh)
                } else {
                    self.table.equal(word, UNSEEN) | self.table.equal(word, fresh)
                } & range;
                while mask != 0 {
                    let y = word * 32 + mask.trailing_zeros() as usize / 2;
                    mask &= mask - 1;
                    if !ready {
                        self.targets(b);
                        ready = true;
                    }
                    if self.table.get(y) == UNSEEN {
                        if self.hits(y - b * self.width, here) {
                            self.table.set(y, fresh);
                            found += 1;
                        }
                    } else {
                        if known.is_none() {
                            maxima += u64::from(!self.hits(y - b * self.width, here));
                        }
                        self.table.set(y, OLD);
                    }
                }
            }
            if b % 4096 == 4095 {
                progress(found);
            }
        }
        (found, known.unwrap_or(maxima))
    }

    /// Whether the state at offset `o` of the block whose targets are loaded has a
    /// neighbour labelled `here`.
    #[inline]
    fn hits(&self, o: usize, here: u64) -> bool {
        let o = o * self.moves();
        let look = |m: usize| {
            self.table
                .get(self.blocks[m] + self.offsets[o + m] as usize)
        };
        if self.branchy {
            (0..self.moves()).any(|m| look(m) == here)
        } else {
            let mut hit = false;
            for m in 0..self.moves() {
                hit |= look(m) == here;
            }
            hit
        }
    }

    /// After layer k - 1 is finished (marked old): a scan pushing from every state of
    /// layer k. `found` so far in; all found, and layer k's maxima (states with no
    /// neighbour unseen or newly found: layer k - 1 is old, so the new label is only
    /// layer k + 1's), out. Counting them here saves the next step a look at every
    /// neighbour of the layer again (Jing's pyraminx, with the faster move tables of
    /// coords.rs: 9.1 to 5.8 s of CPU, farm-bench medians of 5).
    fn push_from_scan(
        &mut self,
        k: u32,
        mut found: u64,
        progress: &mut dyn FnMut(u64),
    ) -> (u64, u64) {
        let (here, fresh) = (label(k), label(k + 1));
        let mut maxima = 0;
        for b in 0..self.n / self.width {
            let mut ready = false;
            for (word, range) in block_words(b, self.width) {
                let mut mask = self.table.equal(word, here) & range;
                while mask != 0 {
                    let x = word * 32 + mask.trailing_zeros() as usize / 2;
                    mask &= mask - 1;
                    if !ready {
                        self.targets(b);
                        ready = true;
                    }
                    let o = (x - b * self.width) * self.moves();
                    let mut hit = false;
                    for m in 0..self.moves() {
                        let y = self.blocks[m] + self.offsets[o + m] as usize;
                        let v = self.table.get(y);
                        hit |= v == UNSEEN || v == fresh;
                        if v == UNSEEN {
                            self.table.set(y, fresh);
                            found += 1;
                        }
                    }
                    maxima += u64::from(!hit);
                }
            }
            if b % 4096 == 4095 {
                progress(found);
            }
        }
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
