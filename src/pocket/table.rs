//! An optimal solver backed by the full distance table: build it once (one census
//! breadth-first search, tens of milliseconds), then every solve walks down it.

use crate::model::cost::Metric;
use crate::model::cube::{Coord, Cube};
use crate::model::moves::{Alg, Move};
use crate::pocket::census::{CensusMetric, distance_table};

/// Walks down a distance table of every position. Shareable between threads.
pub struct TableSolver {
    metric: Metric,
    dist: Vec<u8>,
}

impl TableSolver {
    /// Build the table for `metric` (HTM or QTM distances).
    pub fn new(metric: Metric) -> TableSolver {
        let census = match metric {
            Metric::Htm => CensusMetric::Htm,
            Metric::Qtm => CensusMetric::Qtm,
        };
        TableSolver {
            metric,
            dist: distance_table(census),
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
        self.dist[c.0 as usize] as u32
    }

    /// Visit optimal solutions from `x` (at distance `d`) in move order; `f` returns
    /// `false` to stop. Returns `false` if stopped.
    fn walk(
        &self,
        x: Coord,
        d: u32,
        last: Option<Move>,
        path: &mut Alg,
        f: &mut dyn FnMut(&Alg) -> bool,
    ) -> bool {
        if d == 0 {
            return f(path);
        }
        for m in Move::ALL {
            let cost = self.metric.cost(m);
            if cost > d || last.is_some_and(|l| l.face() == m.face()) {
                continue;
            }
            let y = x.apply(m.index());
            if self.dist[y.0 as usize] as u32 == d - cost {
                path.push(m);
                let go_on = self.walk(y, d - cost, Some(m), path, f);
                path.pop();
                if !go_on {
                    return false;
                }
            }
        }
        true
    }

    /// Walk the optimal solutions of `cube` in move order until `f` returns `false`.
    fn each_solution(&self, cube: &Cube, f: &mut dyn FnMut(&Alg) -> bool) {
        let x = cube.coord();
        self.walk(x, self.distance_at(x), None, &mut Alg::new(), f);
    }

    /// An optimal solution: the first in move order.
    pub fn solve(&self, cube: &Cube) -> Alg {
        let mut found = Alg::new();
        self.each_solution(cube, &mut |a| {
            found = a.clone();
            false
        });
        found
    }

    /// Every optimal solution, sorted move by move in the order `R R' R2 U U' U2 F F' F2`.
    pub fn solve_all(&self, cube: &Cube) -> Vec<Alg> {
        let mut all = Vec::new();
        self.each_solution(cube, &mut |a| {
            all.push(a.clone());
            true
        });
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pocket::solver::PocketSolver;

    #[test]
    fn agrees_with_the_bidirectional_search() {
        for metric in [Metric::Htm, Metric::Qtm] {
            let table = TableSolver::new(metric);
            let mut bidir = PocketSolver::new(metric);
            for i in 0..300u32 {
                let cube = Coord(i * 12_241 % crate::model::cube::POSITIONS).cube();
                let a = table.solve(&cube);
                assert!(cube.apply_alg(&a).is_solved());
                assert_eq!(metric.length(&a), metric.length(&bidir.solve(&cube)));
                if i % 10 == 0 {
                    assert_eq!(
                        table.solve_all(&cube),
                        bidir.solve_all(&cube),
                        "{metric} {i}"
                    );
                }
            }
        }
    }
}
