//! The pocket cube as a search space, metrics, and the optimal solver facade.

use std::fmt;
use std::str::FromStr;

use crate::cube::{Coord, Cube};
use crate::moves::{Alg, Face, Move};
use crate::search::{MoveSpec, Path, Product, Solver, SolverConfig, Space};

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

    /// The moves and costs searched.
    pub fn space(&self) -> &PocketSpace {
        self.inner.space()
    }

    /// The cheapest way to any position matching `goal` (faces per sticker, `None` for
    /// any), or `None` if none can be reached.
    pub fn solve_to_goal(
        &self,
        cube: &Cube,
        goal: &[Option<u8>; crate::cube::STICKERS],
    ) -> Option<Alg> {
        let path = crate::goal::solve_to_goal(self.space(), cube.coord(), goal)?;
        Some(self.space().alg(&path))
    }

    /// Grow the shared solved-side search now, e.g. before timing a batch.
    pub fn prepare(&mut self, radius: u32) {
        self.inner.prepare(radius);
    }

    /// A solver turning only `moves` (closed under inverses), costed by `metric`.
    pub fn with_moves(moves: &[Move], metric: Metric) -> Result<PocketSolver, String> {
        let costed: Vec<(Move, u32)> = moves.iter().map(|&m| (m, metric.cost(m))).collect();
        let space = PocketSpace::with_moves(&costed)?;
        Ok(PocketSolver {
            metric,
            inner: Solver::new(space),
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
        let path = self.inner.solve(cube.coord())?;
        Some(self.inner.space().alg(&path))
    }

    /// Every optimal solution, sorted move by move in the order `R R' R2 U U' U2 F F' F2`;
    /// empty if this solver's moves cannot reach the position.
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

/// Move costs for speed-solving: `R=1,R'=1,R2=1.5,U=1,U'=1,U2=1.4,F=1.3,F'=1.3,F2=2`.
///
/// A face letter alone (`F=1.3`) sets the turns of that face that are not named on
/// their own, so `R=1` beside `R2=1.5` is the cost of the quarter turns; moves not
/// named at all cost 1.
/// Costs are positive decimals with at most three places, kept exactly as integers in
/// units of `1/scale`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costs {
    /// Cost of each move of [`Move::ALL`], in units of `1 / scale`.
    units: [u64; Move::COUNT],
    scale: u64,
}

/// Largest cost a search step may have once ties are folded in (see [`Costs::search_costs`]).
const MAX_STEP_COST: u64 = 1_000_000;

impl Costs {
    /// The cost of a move as a decimal.
    pub fn of(&self, m: Move) -> f64 {
        self.units[m.index()] as f64 / self.scale as f64
    }

    /// The total cost of an algorithm, written as a decimal (`4.7`).
    pub fn total(&self, alg: &Alg) -> String {
        let units: u64 = alg.as_slice().iter().map(|m| self.units[m.index()]).sum();
        format_decimal(units, self.scale)
    }

    /// Integer costs for the search: `cost * k + 1`, so that a cheaper solution always
    /// wins and among equally cheap ones the shorter. `k` exceeds the number of moves
    /// of any cheapest solution: at most 11 * largest / smallest (God's number times
    /// the cost ratio).
    fn search_costs(&self) -> Result<Vec<(Move, u32)>, String> {
        let (min, max) = (
            *self.units.iter().min().unwrap_or(&1),
            *self.units.iter().max().unwrap_or(&1),
        );
        let k = (11 * max).div_ceil(min) + 1;
        if max.saturating_mul(k) + 1 > MAX_STEP_COST {
            return Err(format!(
                "costs are too far apart or too finely divided (largest {} vs smallest {})",
                format_decimal(max, self.scale),
                format_decimal(min, self.scale)
            ));
        }
        for face in crate::moves::Face::ALL {
            let c = |q: u8| self.units[Move::new(face, q).map_or(0, |m| m.index())];
            let (quarter, half, prime) = (c(1), c(2), c(3));
            let f = face.letter();
            let fmt = |u| format_decimal(u, self.scale);
            if half > 2 * quarter.min(prime) || quarter > prime + half || prime > quarter + half {
                return Err(format!(
                    "costs of {f} {f}' {f}2 ({}, {}, {}): a turn may not cost more than two turns \
                     of the same face that make it (no solution turns one face twice in a row)",
                    fmt(quarter),
                    fmt(prime),
                    fmt(half)
                ));
            }
        }
        Ok(Move::ALL
            .iter()
            .map(|&m| (m, (self.units[m.index()] * k + 1) as u32))
            .collect())
    }
}

/// `units / scale` as a decimal; `scale` divides 1000 (costs have three places).
pub(crate) fn format_decimal(units: u64, scale: u64) -> String {
    let thousandths = units * (1000 / scale);
    let (whole, frac) = (thousandths / 1000, thousandths % 1000);
    if frac == 0 {
        return whole.to_string();
    }
    format!("{whole}.{frac:03}")
        .trim_end_matches('0')
        .to_string()
}

impl FromStr for Costs {
    type Err = String;

    fn from_str(spec: &str) -> Result<Costs, String> {
        const SCALE: u64 = 1000; // three decimal places
        let mut units = [SCALE; Move::COUNT];
        // A face letter sets the turns of that face not named on their own, in any order.
        let mut by_face: [Option<u64>; 3] = [None; 3];
        let mut by_move: [Option<u64>; Move::COUNT] = [None; Move::COUNT];
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((name, value)) = item.split_once('=') else {
                return Err(format!("'{item}' is not NAME=COST (e.g. R2=1.5)"));
            };
            let (name, value) = (name.trim(), value.trim());
            let cost = parse_cost(value).ok_or_else(|| {
                format!("cost of {name} must be a positive number with at most 3 decimals, got '{value}'")
            })?;
            let slot = match Face::from_letter_str(name) {
                Some(face) => &mut by_face[face as usize],
                None => {
                    let m = name.parse::<Move>().map_err(|_| {
                        format!("unknown move '{name}' (expected R R' R2 U U' U2 F F' F2, or R U F for a whole face)")
                    })?;
                    &mut by_move[m.index()]
                }
            };
            if slot.replace(cost).is_some() {
                return Err(format!("the cost of {name} is given twice"));
            }
        }
        for m in Move::ALL {
            if let Some(c) = by_move[m.index()].or(by_face[m.face() as usize]) {
                units[m.index()] = c;
            }
        }
        // Keep the numbers small: divide out common factors.
        let g = units.iter().fold(SCALE, |g, &u| gcd(g, u));
        Ok(Costs {
            units: units.map(|u| u / g),
            scale: SCALE / g,
        })
    }
}

/// Greatest common divisor.
pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A positive decimal with at most three places, in thousandths.
pub(crate) fn parse_cost(s: &str) -> Option<u64> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if frac.len() > 3 || (whole.is_empty() && frac.is_empty()) {
        return None;
    }
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(frac) || whole.len() > 6 {
        return None;
    }
    let w: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let f: u64 = format!("{frac:0<3}").parse().ok()?;
    let units = w * 1000 + f;
    (units > 0).then_some(units)
}

impl PocketSolver {
    /// A solver minimising total cost, then the number of moves.
    pub fn with_costs(costs: &Costs) -> Result<PocketSolver, String> {
        PocketSolver::with_costs_in(costs, &Move::ALL)
    }

    /// A solver minimising total cost, then the number of moves, turning only `moves`.
    pub fn with_costs_in(costs: &Costs, moves: &[Move]) -> Result<PocketSolver, String> {
        let costed: Vec<(Move, u32)> = costs
            .search_costs()?
            .into_iter()
            .filter(|(m, _)| moves.contains(m))
            .collect();
        let space = PocketSpace::with_moves(&costed)?;
        Ok(PocketSolver {
            metric: Metric::Htm,
            inner: Solver::new(space),
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
        let e = |s: &str| s.parse::<Costs>().unwrap_err();
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
                .contains("may not cost more than two turns")
        );
    }
}
