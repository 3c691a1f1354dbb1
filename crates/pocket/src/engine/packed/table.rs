//! The table of two bits a state, read a state or a whole word of states at once.

use crate::engine::search::SearchError;

use super::LOW;

/// Two bits a state.
pub(super) struct Table {
    pub(super) words: Vec<u64>,
}

impl Table {
    pub(super) fn new(states: usize) -> Result<Table, SearchError> {
        let n = states.div_ceil(32);
        let mut words = Vec::new();
        words
            .try_reserve_exact(n)
            .map_err(|_| SearchError::OutOfMemory(0))?;
        words.resize(n, u64::MAX);
        Ok(Table { words })
    }

    #[inline]
    pub(super) fn get(&self, i: usize) -> u64 {
        (self.words[i >> 5] >> ((i & 31) * 2)) & 3
    }

    #[inline]
    pub(super) fn set(&mut self, i: usize, v: u64) {
        let shift = (i & 31) * 2;
        let w = &mut self.words[i >> 5];
        *w = (*w & !(3 << shift)) | (v << shift);
    }

    /// The low bit of each state of word `w` whose value is `v`.
    #[inline]
    pub(super) fn equal(&self, w: usize, v: u64) -> u64 {
        let x = self.words[w] ^ (v * LOW);
        !(x | (x >> 1)) & LOW
    }
}
