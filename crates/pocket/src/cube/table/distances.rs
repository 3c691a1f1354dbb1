//! The distance tables the solver walks down: a byte a position, or the built-in HTM
//! table mod 3, which costs nothing to build and is walked for the distance itself.

use crate::cube::census::{distance_table, distance_table_for};
use crate::model::cost::Metric;
use crate::model::moves::Move;
use crate::model::pieces::Coord;

/// The built-in HTM table: distance mod 3, four positions a byte, lowest bits first.
#[cfg(not(target_arch = "wasm32"))]
pub(super) static HTM_MOD3: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/htm-mod3.bin"));

/// The HTM table mod 3: built into the program, or in the browser built at its first
/// use (the 918,540 bytes were 694 KB of the 1.29 MB gzipped page back end; the
/// worker builds them off the page's thread).
pub(super) fn htm_mod3_table() -> &'static [u8] {
    #[cfg(not(target_arch = "wasm32"))]
    return HTM_MOD3;
    #[cfg(target_arch = "wasm32")]
    {
        static BUILT: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
        BUILT.get_or_init(|| {
            let dist = distance_table(Metric::Htm);
            let mut packed = vec![0u8; dist.len().div_ceil(4)];
            for (i, d) in dist.iter().enumerate() {
                packed[i / 4] |= (d % 3) << (2 * (i % 4));
            }
            packed
        })
    }
}

/// A distance table: a byte a position, or (HTM) the built-in distances mod 3.
pub(super) enum Distances {
    Bytes(Vec<u8>),
    Mod3(&'static [u8]),
}

impl Distances {
    /// Whether position `y`, a move away from one at distance `want + 1`, is at
    /// distance `want`.
    #[inline]
    pub(super) fn is(&self, y: u32, want: u8) -> bool {
        match self {
            Distances::Bytes(d) => d[y as usize] == want,
            Distances::Mod3(d) => mod3(d, y) == want % 3,
        }
    }

    /// The distance of position `x` from solved: read, or walked down the table mod 3.
    pub(super) fn at(&self, x: u32) -> u8 {
        match self {
            Distances::Bytes(d) => d[x as usize],
            Distances::Mod3(d) => mod3_distance(d, x),
        }
    }
}

/// The distance of every position *to* solved, by a breadth-first search.
pub(super) fn distances_to_solved(metric: Metric) -> Vec<u8> {
    match metric {
        // Along a directed graph the distance to solved is the distance from solved
        // with the inverse moves.
        Metric::OneWay => {
            let back: Vec<Move> = metric.steps().iter().map(|m| m.inverse()).collect();
            distance_table_for(&back)
        }
        _ => distance_table(metric),
    }
}

/// The distance mod 3 of position `y` in a packed table.
#[inline]
pub(super) fn mod3(table: &[u8], y: u32) -> u8 {
    (table[(y / 4) as usize] >> (2 * (y % 4))) & 3
}

/// The built-in HTM distance of position `y`, mod 3 (the scrambler walks with it).
pub(crate) fn htm_mod3(y: u32) -> u8 {
    mod3(htm_mod3_table(), y)
}

/// The built-in HTM distance of position `y`, walked down the table mod 3: the one
/// walk, for the table solver and the scrambler alike.
pub(crate) fn htm_distance(y: u32) -> u8 {
    mod3_distance(htm_mod3_table(), y)
}

/// The distance of `x` in the HTM table mod 3: the length of the walk down to solved,
/// each step to the neighbour one less mod 3 (HTM neighbours are at most one apart).
pub(super) fn mod3_distance(table: &[u8], x: u32) -> u8 {
    let (mut y, mut d) = (x, 0u8);
    while y != 0 {
        let below = (mod3(table, y) + 2) % 3;
        let Some(z) = (0..Move::COUNT)
            .map(|m| Coord(y).apply(m).index())
            .find(|&z| mod3(table, z) == below)
        else {
            unreachable!("every position has a neighbour one closer to solved");
        };
        y = z;
        d += 1;
    }
    d
}
