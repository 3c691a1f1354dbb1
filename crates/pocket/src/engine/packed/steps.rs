//! The ways a layer is built: pushed from a list, pushed from a scan, or pulled by
//! the unseen states; each finishes the layer before and counts its local maxima.

use crate::engine::layers::Blocks;

use super::neighbours::{block_words, neighbours};
use super::table::Table;
use super::{OLD, PackedCensus, UNSEEN, label};

impl<'a, const N: usize, const U: usize, const V: bool, B: Blocks + ?Sized>
    PackedCensus<'a, N, U, V, B>
{
    /// Layer k listed, and layer k - 1 too (a listed push only follows one): states
    /// found, layer k - 1's maxima (`known` when its push counted them), the new
    /// layer's list unless it passed its cap, and layer k's maxima.
    pub(super) fn listed_step(
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
    pub(super) fn finish_known(&mut self, k: u32) {
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
    pub(super) fn scan_step(
        &mut self,
        k: u32,
        push: bool,
        progress: &mut dyn FnMut(u64),
    ) -> (u64, u64) {
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
    /// 2x2x2 with no fixed corner to 0.76x the CPU (whole-process timings, medians of 5 paired
    /// runs). States found, and states marked.
    pub(super) fn pull_marking(&mut self, k: u32, progress: &mut dyn FnMut(u64)) -> (u64, u64) {
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
    /// coords.rs: 9.1 to 5.8 s of CPU, whole-process medians of 5).
    pub(super) fn push_from_scan(
        &mut self,
        k: u32,
        found: u64,
        progress: &mut dyn FnMut(u64),
    ) -> (u64, u64) {
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
