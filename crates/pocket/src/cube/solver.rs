//! The pocket cube as a search space, and the optimal solver facade.

use crate::cube::goal_cache::GoalCache;
use crate::engine::layers::Indexed;
use crate::engine::search::{MoveSpec, Path, Product, Solver, SolverConfig, Space};
use crate::model::cost::{Costs, Metric};
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, Cube, POSITIONS, STICKERS};
use crate::model::{Error, Kind};

/// The pocket cube with a chosen set of moves and their costs.
#[derive(Clone, Debug)]
pub struct PocketSpace {
    moves: Vec<Move>,
    /// The index in the cube's move tables of each move and of its inverse.
    turns: Vec<(usize, usize)>,
    specs: Vec<MoveSpec>,
}

impl PocketSpace {
    /// The moves of `metric`, costed by it.
    pub fn new(metric: Metric) -> PocketSpace {
        let costed: Vec<(Move, u32)> = metric
            .moves()
            .iter()
            .map(|&m| (m, metric.cost(m)))
            .collect();
        PocketSpace::with_moves(&costed).expect("a metric's moves have positive costs")
    }

    /// Any set of distinct moves with positive integer costs.
    pub fn with_moves(costed: &[(Move, u32)]) -> Result<PocketSpace, Error> {
        let mut specs = Vec::with_capacity(costed.len());
        for (i, &(m, cost)) in costed.iter().enumerate() {
            if cost == 0 {
                return Err(Error::invalid(
                    Kind::Moves,
                    format!("move {m} must have a positive cost"),
                ));
            }
            if costed[..i].iter().any(|&(x, _)| x == m) {
                return Err(Error::invalid(
                    Kind::Moves,
                    format!("move {m} is given twice"),
                ));
            }
            specs.push(MoveSpec {
                face: m.face() as u8,
                cost,
            });
        }
        Ok(PocketSpace {
            moves: costed.iter().map(|&(m, _)| m).collect(),
            turns: costed
                .iter()
                .map(|&(m, _)| (m.index(), m.inverse().index()))
                .collect(),
            specs,
        })
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
        s.apply(self.turns[m].0)
    }

    #[inline]
    fn apply_inverse(&self, s: Coord, m: usize) -> Coord {
        s.apply(self.turns[m].1)
    }

    fn goal(&self) -> Coord {
        Coord::SOLVED
    }

    fn product(&self, a: usize, b: usize) -> Product {
        let (a, b) = (self.moves[a], self.moves[b]);
        if a.face() != b.face() {
            return Product::Other;
        }
        match Move::new(a.face(), a.quarters() + b.quarters()) {
            None => Product::Identity,
            Some(c) => self
                .moves
                .iter()
                .position(|&m| m == c)
                .map_or(Product::Other, Product::Move),
        }
    }
}

impl Indexed for PocketSpace {
    fn size(&self) -> usize {
        POSITIONS as usize
    }

    #[inline]
    fn index(&self, s: Coord) -> usize {
        s.index() as usize
    }
}

/// An optimal pocket cube solver. Keep one for a whole batch: the search around the
/// solved state is shared by all the states it solves.
pub struct PocketSolver {
    metric: Metric,
    inner: Solver<PocketSpace>,
    /// The distances to the last goal asked for, for the next state of a batch.
    pub(crate) goals: GoalCache,
    /// Whether a search has given up at its budget: from then on every state is
    /// answered from the whole table of costs to solved (in `goals`).
    tabled: bool,
}

/// The solved cube as a goal: every sticker its face's.
fn solved_goal() -> [Option<u8>; STICKERS] {
    Cube::SOLVED.faces().map(Some)
}

/// The budget of a search with weighted costs. Past it, a cost table over all
/// 3,674,160 positions (Dial's buckets on flat arrays, [`crate::cube::goal`]) answers
/// the state and every later one, with the same first solution and the same list. The
/// hash-map search of `--cost R=301,U=1` on UUUURLFBLRBFLLFFRRBBDDDD held every
/// position: 1.5 s and 113 MB (release, whole process).
const COSTED: SolverConfig = SolverConfig {
    max_cached_states: 500_000,
    max_states: 1_000_000,
};

impl PocketSolver {
    /// A solver minimising length in `metric`.
    pub fn new(metric: Metric) -> PocketSolver {
        PocketSolver {
            metric,
            inner: Solver::new(PocketSpace::new(metric)),
            goals: GoalCache::default(),
            tabled: false,
        }
    }

    /// A solver with an explicit search configuration.
    /// Whether the cached solved-side ball has reached its size cap.
    pub fn cache_full(&self) -> bool {
        self.inner.cache_full()
    }

    /// Free the cached solved-side ball (another solver takes over).
    pub fn drop_cache(&mut self) {
        self.inner.drop_cache();
    }

    /// A solver with an explicit cache size and search budget.
    pub fn with_config(metric: Metric, config: SolverConfig) -> PocketSolver {
        PocketSolver {
            metric,
            inner: Solver::with_config(PocketSpace::new(metric), config),
            goals: GoalCache::default(),
            tabled: false,
        }
    }

    /// The metric minimised.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The moves and costs searched.
    pub fn space(&self) -> &PocketSpace {
        self.inner.space()
    }

    /// Grow the shared solved-side search now, e.g. before timing a batch.
    pub fn prepare(&mut self, radius: u32) {
        self.inner.prepare(radius);
    }

    /// A solver turning only those of `moves` that `metric` has, costed by it.
    pub fn with_moves(moves: &[Move], metric: Metric) -> Result<PocketSolver, Error> {
        let costed: Vec<(Move, u32)> = moves
            .iter()
            .filter(|&&m| metric.has(m))
            .map(|&m| (m, metric.cost(m)))
            .collect();
        if costed.is_empty() {
            return Err(Error::invalid(
                Kind::Moves,
                format!("{metric} turns none of these moves"),
            ));
        }
        let space = PocketSpace::with_moves(&costed)?;
        Ok(PocketSolver {
            metric,
            inner: Solver::new(space),
            goals: GoalCache::default(),
            tabled: false,
        })
    }

    /// An optimal solution: no two consecutive moves turn the same face.
    ///
    /// Panics if the moves of this solver cannot reach the position (only possible
    /// with a subset of the moves: use [`PocketSolver::try_solve`] there).
    pub fn solve(&mut self, cube: &Cube) -> Alg {
        self.try_solve(cube)
            .expect("the moves of this solver reach the position")
    }

    /// An optimal solution, or `None` if this solver's moves cannot reach the position.
    pub fn try_solve(&mut self, cube: &Cube) -> Option<Alg> {
        if !self.tabled {
            match self.inner.try_solve(cube.coord()) {
                Ok(path) => return Some(self.inner.space().alg(&path?)),
                Err(_) => self.tabled = true,
            }
        }
        self.solve_to_goal(cube, &solved_goal())
    }

    /// Every optimal solution, sorted move by move in the order `R R' R2 U U' U2 F F' F2`;
    /// empty if this solver's moves cannot reach the position.
    pub fn solve_all(&mut self, cube: &Cube) -> Vec<Alg> {
        if !self.tabled {
            match self.inner.try_solve_all(cube.coord()) {
                Ok(paths) => return paths.iter().map(|p| self.inner.space().alg(p)).collect(),
                Err(_) => self.tabled = true,
            }
        }
        self.solve_all_to_goal(cube, &solved_goal(), usize::MAX)
            .map_or_else(Vec::new, |(algs, _)| algs)
    }
}

/// The one-call entry point: an optimal solution in the half-turn metric of a state
/// given as 24 sticker characters in the golf net, or why the state is no position.
/// It builds a fresh solver each time; for many states keep a [`PocketSolver`].
///
/// ```
/// let solution = pocket::solve("UUUURLFBLRBFLLFFRRBBDDDD")?;
/// assert_eq!(solution.len(), 11);
/// assert!(pocket::solve("UUUU").is_err());
/// # Ok::<(), pocket::Error>(())
/// ```
pub fn solve(state: &str) -> Result<Alg, Error> {
    let cube = crate::model::stickers::parse_state(state)?;
    Ok(PocketSolver::new(Metric::Htm).solve(&cube))
}

impl PocketSolver {
    /// A solver minimising total cost, then the number of moves.
    pub fn with_costs(costs: &Costs) -> Result<PocketSolver, Error> {
        PocketSolver::with_costs_in(costs, &Move::ALL)
    }

    /// A solver minimising total cost, then the number of moves, turning only `moves`.
    pub fn with_costs_in(costs: &Costs, moves: &[Move]) -> Result<PocketSolver, Error> {
        let costed: Vec<(Move, u32)> = costs
            .search_costs()?
            .into_iter()
            .filter(|(m, _)| moves.contains(m))
            .collect();
        let space = PocketSpace::with_moves(&costed)?;
        Ok(PocketSolver {
            metric: Metric::Htm,
            inner: Solver::with_config(space, COSTED),
            goals: GoalCache::default(),
            tabled: false,
        })
    }
}

#[cfg(test)]
mod cost_tests {
    use super::*;

    #[test]
    fn parse_and_format() {
        let c: Costs = "R=1,R'=1,R2=1.5,U=1,U'=1,U2=1.4,F=1.3,F'=1.3,F2=2"
            .parse()
            .unwrap();
        assert_eq!(c.of("U2".parse().unwrap()), 1.4);
        assert_eq!(c.total(&"R2 U2 F".parse().unwrap()), "4.2");
        let face: Costs = "F=2,F2=3".parse().unwrap();
        assert_eq!(face.of("F'".parse().unwrap()), 2.0);
        assert_eq!(face.of("F2".parse().unwrap()), 3.0);
        assert_eq!(face.of("R".parse().unwrap()), 1.0);
        assert_eq!(face.total(&"F' R".parse().unwrap()), "3");
        let half: Costs = "U2=1.5".parse().unwrap();
        assert_eq!(half.total(&"U2".parse().unwrap()), "1.5");
        let fine: Costs = "U=0.125,R=2.25".parse().unwrap();
        assert_eq!(fine.total(&"U R".parse().unwrap()), "2.375");
        let e = |s: &str| s.parse::<Costs>().unwrap_err().to_string();
        assert_eq!(
            e("R=0"),
            "cost of R must be a positive number with at most 3 decimals, got '0'"
        );
        assert!(e("R=-1").contains("'-1'"));
        assert!(e("R=1.2345").contains("at most 3 decimals"));
        assert!(e("D=1").contains("unknown move 'D'"));
        assert_eq!(e("R=1,R=2"), "the cost of R is given twice");
        assert!(e("R2").contains("not NAME=COST"));
        assert!(e("R=abc").contains("'abc'"));
        let bad: Costs = "R2=3".parse().unwrap();
        assert!(
            PocketSolver::with_costs(&bad)
                .err()
                .unwrap()
                .to_string()
                .contains("may not cost more than two turns")
        );
    }
}
