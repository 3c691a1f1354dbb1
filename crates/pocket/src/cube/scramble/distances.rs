//! The scrambler's distances from solved: for all nine moves the built-in HTM table,
//! walked for each draw until enough draws pay for the byte table.

use std::sync::OnceLock;

use crate::cube::census::distance_table_for;
use crate::cube::table::{htm_distance, htm_mod3};
use crate::model::moves::Move;

/// The largest HTM distance with all nine moves (`htm_diameter_is_eleven`).
pub(super) const HTM_DIAMETER: u32 = 11;

/// The distance from solved of each position, by number.
pub(super) enum Distances {
    /// A byte a position, [`UNSEEN`](crate::engine::layers::UNSEEN) out of reach.
    Bytes(Vec<u8>),
    /// All nine moves: the built-in HTM table of distances mod 3, which costs nothing
    /// to build (the byte table took 46 ms of a scramble's 47), walked down for each
    /// draw; the byte table once it is built (for counting, or past
    /// [`DRAWS_BEFORE_BYTES`] draws).
    Htm(OnceLock<Vec<u8>>),
}

impl Distances {
    /// The distance of position `i`: read, or walked down the table mod 3.
    pub(super) fn at(&self, i: usize) -> u8 {
        match self {
            Distances::Bytes(d) => d[i],
            Distances::Htm(bytes) => {
                if let Some(b) = bytes.get() {
                    return b[i];
                }
                htm_distance(i as u32)
            }
        }
    }

    /// The distance of position `z`, one move from a position at distance `near`
    /// (in HTM, one less, the same or one more: its value mod 3 says which).
    #[inline]
    pub(super) fn beside(&self, z: usize, near: u8) -> u8 {
        match self {
            Distances::Bytes(d) => d[z],
            Distances::Htm(_) => match (htm_mod3(z as u32) + 3 - near % 3) % 3 {
                0 => near,
                1 => near + 1,
                _ => near - 1,
            },
        }
    }
}

/// The byte table of all nine moves' distances, built on first use.
pub(super) fn htm_bytes(bytes: &OnceLock<Vec<u8>>) -> &[u8] {
    bytes.get_or_init(|| distance_table_for(&Move::ALL))
}

/// Positions drawn with all nine moves, each distance walked down the table mod 3
/// (about 0.18 us a draw), before the byte table (46 ms) is built to read them
/// instead: a run at `--min-distance 11` draws some 1,390 positions a scramble, and
/// `-n 30000 --optimal` of them took 7.3 s of CPU walking, 0.46 s with the byte table
/// (0.33 s when every run built the exact-length table; `/usr/bin/time`).
pub(super) const DRAWS_BEFORE_BYTES: usize = 250_000;
