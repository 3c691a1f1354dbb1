//! An optimal solver backed by the full distance table: build it once (one census
//! breadth-first search, tens of milliseconds), then every solve is the engine's walk
//! down it.

use crate::cube::census::{distance_table, distance_table_for};
use crate::cube::solver::PocketSpace;
use crate::engine::search::{Canon, Path};
use crate::engine::walk::Walk;
use crate::model::cost::Metric;
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, Cube};

/// Walks down a distance table of every position. Shareable between threads.
pub struct TableSolver {
    metric: Metric,
    space: PocketSpace,
    canon: Canon,
    /// Distance of each position *to* solved.
    dist: Vec<u8>,
}

impl TableSolver {
    /// Build the table for `metric`.
    pub fn new(metric: Metric) -> TableSolver {
        let dist = match metric {
            // Along a directed graph the distance to solved is the distance from
            // solved with the inverse moves.
            Metric::OneWay => {
                let back: Vec<Move> = metric.steps().iter().map(|m| m.inverse()).collect();
                distance_table_for(&back)
            }
            _ => distance_table(metric),
        };
        let space = PocketSpace::new(metric);
        TableSolver {
            metric,
            canon: Canon::new(&space),
            space,
            dist,
        }
    }

    /// The metric minimised.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Optimal distance of a position.
    pub fn distance(&self, cube: &Cube) -> u32 {
        self.distance_at(cube.coord())
    }

    /// Optimal distance of a position given by its coordinate.
    pub fn distance_at(&self, c: Coord) -> u32 {
        self.dist[c.index() as usize] as u32
    }

    fn walk(&self) -> Walk<'_, PocketSpace, impl Fn(Coord) -> Option<u32> + '_> {
        let dist = &self.dist;
        Walk::new(&self.space, &self.canon, move |c: Coord| {
            Some(dist[c.index() as usize] as u32)
        })
    }

    fn alg(&self, path: &Path) -> Alg {
        self.space.alg(path)
    }

    /// An optimal solution: the first in move order.
    pub fn solve(&self, cube: &Cube) -> Alg {
        self.walk()
            .first(cube.coord())
            .map(|p| self.alg(&p))
            .unwrap_or_default()
    }

    /// Every optimal solution, sorted move by move in the order `R R' R2 U U' U2 F F' F2`.
    pub fn solve_all(&self, cube: &Cube) -> Vec<Alg> {
        self.walk()
            .all(cube.coord())
            .iter()
            .map(|p| self.alg(p))
            .collect()
    }

    /// The number of optimal solutions.
    pub fn count(&self, cube: &Cube) -> u64 {
        self.walk().count(cube.coord())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::solver::PocketSolver;

    #[test]
    fn agrees_with_the_bidirectional_search() {
        for metric in Metric::ALL {
            let table = TableSolver::new(metric);
            let mut bidir = PocketSolver::new(metric);
            for i in 0..300u32 {
                let cube = Coord(i * 12_241 % crate::model::pieces::POSITIONS).cube();
                let a = table.solve(&cube);
                assert!(cube.apply_alg(&a).is_solved());
                // Canonical: the same first solution in move order from both methods.
                assert_eq!(a, bidir.solve(&cube), "{metric} {i}");
                if i % 10 == 0 {
                    let all = bidir.solve_all(&cube);
                    assert_eq!(table.solve_all(&cube), all, "{metric} {i}");
                    assert_eq!(all[0], a);
                    assert_eq!(table.count(&cube), all.len() as u64);
                }
            }
        }
    }
}
