//! The pocket cube as a search space, metrics, and the optimal solver facade.

use std::fmt;
use std::str::FromStr;

use crate::cube::{Coord, Cube};
use crate::moves::{Alg, Move};
use crate::search::{MoveSpec, Path, Solver, SolverConfig, Space};

/// How solution length is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Half-turn metric: every move counts one.
    #[default]
    Htm,
    /// Quarter-turn metric: a half turn counts two.
    Qtm,
}

impl Metric {
    /// Cost of a move in this metric.
    pub fn cost(self, m: Move) -> u32 {
        match self {
            Metric::Qtm if m.is_half() => 2,
            _ => 1,
        }
    }

    /// Length of an algorithm in this metric.
    pub fn length(self, alg: &Alg) -> u32 {
        alg.as_slice().iter().map(|&m| self.cost(m)).sum()
    }

    /// God's number: the largest distance from solved.
    pub fn gods_number(self) -> u32 {
        match self {
            Metric::Htm => 11,
            Metric::Qtm => 14,
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        })
    }
}

impl FromStr for Metric {
    type Err = String;

    fn from_str(s: &str) -> Result<Metric, String> {
        match s.to_ascii_lowercase().as_str() {
            "htm" => Ok(Metric::Htm),
            "qtm" => Ok(Metric::Qtm),
            _ => Err(format!("unknown metric '{s}' (expected htm or qtm)")),
        }
    }
}

/// The pocket cube with a chosen set of moves and their costs.
#[derive(Clone, Debug)]
pub struct PocketSpace {
    moves: Vec<Move>,
    specs: Vec<MoveSpec>,
}

impl PocketSpace {
    /// All nine moves, costed by `metric`.
    pub fn new(metric: Metric) -> PocketSpace {
        let costed: Vec<(Move, u32)> = Move::ALL.iter().map(|&m| (m, metric.cost(m))).collect();
        PocketSpace::with_moves(&costed).expect("all moves are closed under inverse")
    }

    /// Any set of moves with positive integer costs. Every move's inverse must be in
    /// the set too (the solved side of the search walks backwards).
    pub fn with_moves(costed: &[(Move, u32)]) -> Result<PocketSpace, String> {
        let moves: Vec<Move> = costed.iter().map(|&(m, _)| m).collect();
        let mut specs = Vec::with_capacity(moves.len());
        for &(m, cost) in costed {
            let inverse = moves
                .iter()
                .position(|&x| x == m.inverse())
                .ok_or_else(|| format!("move {m} needs its inverse {} in the set", m.inverse()))?;
            if cost == 0 {
                return Err(format!("move {m} must have a positive cost"));
            }
            specs.push(MoveSpec {
                face: m.face() as u8,
                cost,
                inverse,
            });
        }
        Ok(PocketSpace { moves, specs })
    }

    /// The move with index `i` in this space.
    pub fn move_at(&self, i: usize) -> Move {
        self.moves[i]
    }

    /// A path of this space as an algorithm.
    pub fn alg(&self, path: &Path) -> Alg {
        path.moves.iter().map(|&i| self.moves[i as usize]).collect()
    }
}

impl Space for PocketSpace {
    type State = Coord;

    fn moves(&self) -> &[MoveSpec] {
        &self.specs
    }

    #[inline]
    fn apply(&self, s: Coord, m: usize) -> Coord {
        s.apply(self.moves[m].index())
    }

    fn goal(&self) -> Coord {
        Coord::SOLVED
    }
}

/// An optimal pocket cube solver. Keep one for a whole batch: the search around the
/// solved state is shared by all the states it solves.
pub struct PocketSolver {
    metric: Metric,
    inner: Solver<PocketSpace>,
}

impl PocketSolver {
    /// A solver minimising length in `metric`.
    pub fn new(metric: Metric) -> PocketSolver {
        PocketSolver {
            metric,
            inner: Solver::new(PocketSpace::new(metric)),
        }
    }

    /// A solver with an explicit search configuration.
    pub fn with_config(metric: Metric, config: SolverConfig) -> PocketSolver {
        PocketSolver {
            metric,
            inner: Solver::with_config(PocketSpace::new(metric), config),
        }
    }

    /// The metric minimised.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Grow the shared solved-side search now, e.g. before timing a batch.
    pub fn prepare(&mut self, radius: u32) {
        self.inner.prepare(radius);
    }

    /// An optimal solution: no two consecutive moves turn the same face.
    pub fn solve(&mut self, cube: &Cube) -> Alg {
        let path = self
            .inner
            .solve(cube.coord())
            .expect("every position is solvable");
        self.inner.space().alg(&path)
    }

    /// Every optimal solution, sorted move by move in the order `R R' R2 U U' U2 F F' F2`.
    pub fn solve_all(&mut self, cube: &Cube) -> Vec<Alg> {
        let paths = self.inner.solve_all(cube.coord());
        paths.iter().map(|p| self.inner.space().alg(p)).collect()
    }
}

/// Solve one position optimally in `metric` (builds a fresh solver; for many
/// positions keep a [`PocketSolver`]).
pub fn solve(cube: &Cube, metric: Metric) -> Alg {
    PocketSolver::new(metric).solve(cube)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::builtin_patterns;
    use crate::stickers::parse_state;

    #[test]
    fn patterns_have_published_lengths() {
        let mut solver = PocketSolver::new(Metric::Htm);
        for p in builtin_patterns() {
            let cube = parse_state(&p.state).unwrap();
            let alg = solver.solve(&cube);
            assert!(cube.apply_alg(&alg).is_solved(), "{}", p.name);
            assert_eq!(Some(alg.len() as u32), p.htm, "{}: {alg}", p.name);
            assert_eq!(alg.repeated_face(), None);
        }
    }

    #[test]
    fn all_solution_counts() {
        let mut solver = PocketSolver::new(Metric::Htm);
        let count = |solver: &mut PocketSolver, name: &str| {
            let p = builtin_patterns()
                .into_iter()
                .find(|p| p.name == name)
                .unwrap();
            let cube = parse_state(&p.state).unwrap();
            let all = solver.solve_all(&cube);
            for a in &all {
                assert!(cube.apply_alg(a).is_solved());
                assert_eq!(Some(a.len() as u32), p.htm);
            }
            all.len()
        };
        assert_eq!(count(&mut solver, "Column turn"), 196);
        assert_eq!(count(&mut solver, "Corner swap"), 24);
        assert_eq!(count(&mut solver, "Cube in cube"), 18);
        assert_eq!(count(&mut solver, "Cube in cube 2"), 8);
        assert_eq!(count(&mut solver, "3-cycle"), 45);
        assert_eq!(count(&mut solver, "2 checkerboards, 4 L"), 8);
    }
}
