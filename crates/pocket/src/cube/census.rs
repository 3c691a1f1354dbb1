//! God's algorithm for the cube: the distance of every position from solved, in a
//! flat array over the coordinate, and the census of positions and local maxima per
//! distance. Both are the engine's unit-cost layered search over the coordinate's two
//! parts, 5040 permutation blocks of 729 twists ([`Blocks`]).

use std::ops::ControlFlow;

use crate::cube::solver::PocketSpace;
use crate::engine::census::Census;
use crate::engine::layers::{Blocks, UNSEEN, unit_distances, unit_local_maxima};
use crate::engine::layers::{Dense, Direction, Layered};
use crate::model::cost::Metric;
use crate::model::moves::Move;
use crate::model::pieces::{Coord, PERMS, TWISTS, tables};

mod classes;

use classes::{by_classes, class_tables};

/// The cube's coordinate with a set of moves, as the engine's block space.
struct CubeMoves<'a>(&'a [Move]);

impl Blocks for CubeMoves<'_> {
    fn blocks(&self) -> usize {
        PERMS as usize
    }

    fn width(&self) -> usize {
        TWISTS as usize
    }

    fn move_count(&self) -> usize {
        self.0.len()
    }

    fn block_after(&self, block: usize, m: usize, inverse: bool) -> usize {
        let m = if inverse {
            self.0[m].inverse()
        } else {
            self.0[m]
        };
        tables().perm[block][m.index()] as usize
    }

    fn offset_after(&self, offset: usize, m: usize, inverse: bool) -> usize {
        let m = if inverse {
            self.0[m].inverse()
        } else {
            self.0[m]
        };
        tables().twist[offset][m.index()] as usize
    }
}

/// Distance of every position from solved in a metric, indexed by [`Coord`].
pub fn distance_table(metric: Metric) -> Vec<u8> {
    distance_table_for(&metric.steps())
}

/// Distance of every position from solved with the given moves (one move, one step);
/// positions they cannot reach stay `UNSEEN`.
pub fn distance_table_for(moves: &[Move]) -> Vec<u8> {
    distance_table_from(moves, &[0])
}

/// Distance of every position from the nearest of `roots` (coordinates) with the given
/// moves; for a move set closed under inverses, also the distance *to* the nearest.
pub fn distance_table_from(moves: &[Move], roots: &[u32]) -> Vec<u8> {
    unit_distances(&CubeMoves(moves), roots)
}

/// Distance of a position in a table from [`distance_table`].
pub fn distance(table: &[u8], c: Coord) -> u8 {
    table[c.index() as usize]
}

/// The census of a distance table made with `moves` (one step each) in `metric`.
fn count(metric: Metric, moves: &[Move], dist: &[u8]) -> Census {
    let mut positions = vec![0u64; 256];
    for &d in dist {
        if d != UNSEEN {
            positions[d as usize] += 1;
        }
    }
    let maxima = unit_local_maxima(&CubeMoves(moves), dist);
    tabulate(metric, moves, &positions, &maxima)
}

/// The census from positions and local maxima counted by distance.
fn tabulate(metric: Metric, moves: &[Move], positions: &[u64], maxima: &[u64]) -> Census {
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    Census {
        puzzle: "pocket".into(),
        metric: metric.name().into(),
        title: format!("{} ({})", metric.name().to_uppercase(), names.join(" ")),
        subset: moves != metric.steps().as_slice(),
        moves: names,
        cost_unit: None,
        rows: Census::rows_from_counts(positions, maxima),
        symmetry: None,
    }
}

/// The census of a metric with its positions also counted up to symmetry (and
/// inversion, where that keeps distances); see `classes`.
pub fn census_with_symmetry(metric: Metric) -> Census {
    let moves = metric.steps();
    let dist = distance_table_for(&moves);
    let mut c = count(metric, &moves, &dist);
    let distances: Vec<u32> = c.rows.iter().map(|r| r.distance).collect();
    c.symmetry = Some(crate::cube::symmetry::classes(&dist, &moves, &distances));
    c
}

/// Breadth-first search and count, for one metric: over one permutation of each
/// class of the symmetries that keep the metric's moves (`by_classes`).
pub fn census(metric: Metric) -> Census {
    let moves = metric.steps();
    let (positions, maxima) = by_classes(&moves);
    tabulate(metric, &moves, &positions, &maxima)
}

/// The census of every position, one by one: what [`census`] must equal.
#[cfg(test)]
pub fn census_plain(metric: Metric) -> Census {
    let moves = metric.steps();
    count(metric, &moves, &distance_table_for(&moves))
}

/// Breadth-first search and count for the metric's moves among `generators`.
/// Returns `None` if the metric has no such move (one-way of half turns only). In
/// QTM a half turn whose face has no quarter turn among `generators` is kept as a
/// move of two quarter turns (`R,U2,F2` is the group of 5,040 positions); the
/// distances are then those of the engine's search over cost buckets.
pub fn census_in(metric: Metric, generators: &[Move]) -> Option<Census> {
    let moves = metric.steps_in(generators);
    let lone_halves: Vec<Move> = generators
        .iter()
        .copied()
        .filter(|h| metric == Metric::Qtm && h.is_half())
        .filter(|h| !moves.iter().any(|q| q.face() == h.face()))
        .collect();
    if !lone_halves.is_empty() {
        let costed: Vec<(Move, u32)> = generators
            .iter()
            .map(|&m| (m, metric.cost(m)))
            .filter(|&(m, _)| moves.contains(&m) || lone_halves.contains(&m))
            .collect();
        return Some(weighted_count(metric, &costed));
    }
    if moves == metric.steps() {
        return Some(census(metric));
    }
    (!moves.is_empty()).then(|| count(metric, &moves, &distance_table_for(&moves)))
}

/// The census of moves with costs (positions and local maxima by total cost from
/// solved), by the engine's layered search over cost buckets.
fn weighted_count(metric: Metric, costed: &[(Move, u32)]) -> Census {
    let space = PocketSpace::with_moves(costed).expect("distinct moves of positive cost");
    let mut store = Dense::new(&space);
    let (mut positions, mut maxima) = (Vec::new(), Vec::new());
    // A dense store never runs out of room: the search cannot fail.
    let _ = Layered::new(&space, Direction::FromRoots).run(&[Coord::SOLVED], &mut store, |s| {
        let d = s.distance as usize;
        if positions.len() <= d {
            positions.resize(d + 1, 0u64);
            maxima.resize(d + 1, 0u64);
        }
        positions[d] += 1;
        maxima[d] += u64::from(s.local_maximum);
        ControlFlow::Continue(())
    });
    let names: Vec<String> = costed.iter().map(|(m, _)| m.to_string()).collect();
    Census {
        puzzle: "pocket".into(),
        metric: metric.name().into(),
        title: format!("{} ({})", metric.name().to_uppercase(), names.join(" ")),
        subset: true,
        moves: names,
        cost_unit: None,
        rows: Census::rows_from_counts(&positions, &maxima),
        symmetry: None,
    }
}

/// Several metrics at once, one thread each (a 2-core machine runs two at a time).
pub fn census_all(metrics: &[Metric]) -> Vec<Census> {
    census_all_with(metrics, false)
}

/// Several metrics at once, with symmetry classes or without.
pub fn census_all_with(metrics: &[Metric], symmetry: bool) -> Vec<Census> {
    tables();
    class_tables();
    crate::engine::parallel::each(metrics.to_vec(), |m| match symmetry {
        true => census_with_symmetry(m),
        false => census(m),
    })
}

#[cfg(test)]
mod tests;
