//! The distances to one goal's positions, kept between the states of a batch.
//!
//! Goal solving searched from every position matching the goal until the state was
//! settled, again for each state: 0.8 s a state for the first layer. Now, with one
//! cost for every move (HTM, one-way, `--gen`), the first state builds the goal's
//! whole table with the census's flat breadth-first search and every state walks it;
//! with costs (QTM, `--cost`), Dial's buckets over the same flat coordinate do. Ten
//! random states to the first layer, whole process, median of 5 (one core of the
//! 2-core EPYC VM): HTM 7.70 s before, 0.10 s after; QTM 5.89 s before, 1.27 s after
//! (a search over cost buckets for the first state, stopped early, and the whole
//! table for the second).

use std::sync::{Mutex, PoisonError};

use crate::model::pieces::STICKERS;

/// One goal's distances.
pub(crate) struct Kept {
    pub(crate) goal: [Option<u8>; STICKERS],
    pub(crate) distances: Vec<u32>,
}

/// The last goal a solver was asked for, and its distances. One at a time: a table
/// is 15 MB.
#[derive(Default)]
pub struct GoalCache(Mutex<Option<Kept>>);

impl GoalCache {
    /// The kept goal, to look at or replace.
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Option<Kept>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A copy starts empty: the distances are a cache, not part of the solver.
impl Clone for GoalCache {
    fn clone(&self) -> GoalCache {
        GoalCache::default()
    }
}

impl std::fmt::Debug for GoalCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GoalCache")
    }
}
