//! The bidirectional search over a space, in the narrowest word its states fit:
//! one generic search, cheaper states to hash and store.

use crate::engine::search::{MoveSpec, Path, Product, SearchError, Solver, SolverConfig, Space};
use crate::puzzle::spaces::coords::{Coords, Packed};

use super::{Engine, MAX_POSITIONS, PuzzleSpace};

impl PuzzleSpace<'_> {
    /// A solver for this space that gives up past [`MAX_POSITIONS`] positions: on
    /// coordinates, its states are the narrowest word that holds them.
    pub fn solver(&self) -> PuzzleSolver<'_> {
        let bits = match &self.engine {
            Engine::Coordinates(c) => c.bits(),
            Engine::Stickers(_) => u128::BITS,
        };
        self.solver_in(bits)
    }

    /// [`PuzzleSpace::solver`] with states in the narrowest word of at least `bits`
    /// bits (the tests run every width).
    pub(super) fn solver_in(&self, bits: u32) -> PuzzleSolver<'_> {
        let config = SolverConfig {
            max_states: MAX_POSITIONS,
            ..SolverConfig::default()
        };
        let Engine::Coordinates(coords) = &self.engine else {
            return PuzzleSolver::Wide(Solver::with_config(self, config));
        };
        let bits = bits.max(coords.bits());
        if bits <= u32::BITS {
            PuzzleSolver::Bits32(Solver::with_config(Narrow::new(self, coords), config))
        } else if bits <= u64::BITS {
            PuzzleSolver::Bits64(Solver::with_config(Narrow::new(self, coords), config))
        } else {
            PuzzleSolver::Wide(Solver::with_config(self, config))
        }
    }
}

/// The search of a puzzle: the engine's one bidirectional search, over states of 32
/// or 64 bits where the coordinate fits them, else over `u128` (a wide coordinate, or
/// packed stickers). States come and go as `u128`, as [`PuzzleSpace::state`] makes
/// them.
pub enum PuzzleSolver<'a> {
    /// Coordinates of at most 32 bits (pocket-golf's 23, the free 2x2x2's 28).
    Bits32(Solver<Narrow<'a, u32>>),
    /// Coordinates of 33 to 64 bits.
    Bits64(Solver<Narrow<'a, u64>>),
    /// Wider coordinates, or stickers.
    Wide(Solver<&'a PuzzleSpace<'a>>),
}

impl PuzzleSolver<'_> {
    /// One cheapest solution from `start`, `None` if the goal is unreachable, or why
    /// the search gave up ([`Solver::try_solve`]).
    pub fn try_solve(&mut self, start: u128) -> Result<Option<Path>, SearchError> {
        match self {
            PuzzleSolver::Bits32(s) => s.try_solve(Packed::narrow(start)),
            PuzzleSolver::Bits64(s) => s.try_solve(Packed::narrow(start)),
            PuzzleSolver::Wide(s) => s.try_solve(start),
        }
    }

    /// Every cheapest canonical solution from `start` ([`Solver::try_solve_all`]).
    pub fn try_solve_all(&mut self, start: u128) -> Result<Vec<Path>, SearchError> {
        match self {
            PuzzleSolver::Bits32(s) => s.try_solve_all(Packed::narrow(start)),
            PuzzleSolver::Bits64(s) => s.try_solve_all(Packed::narrow(start)),
            PuzzleSolver::Wide(s) => s.try_solve_all(start),
        }
    }

    /// Bits of the states searched.
    pub fn bits(&self) -> u32 {
        match self {
            PuzzleSolver::Bits32(_) => u32::BITS,
            PuzzleSolver::Bits64(_) => u64::BITS,
            PuzzleSolver::Wide(_) => u128::BITS,
        }
    }
}

/// A puzzle on coordinates with states in a narrower word than `u128`: hashing and
/// storing 4 bytes instead of 16 (with the 16 of padding a `u128` key brings to an
/// entry) took 1,000 random pocket-golf solves from 38 to 20 ms of CPU.
pub struct Narrow<'a, W> {
    space: &'a PuzzleSpace<'a>,
    coords: &'a Coords,
    goal: W,
}

impl<'a, W: Packed> Narrow<'a, W> {
    fn new(space: &'a PuzzleSpace<'a>, coords: &'a Coords) -> Narrow<'a, W> {
        Narrow {
            space,
            coords,
            goal: W::narrow(space.goal),
        }
    }
}

impl<W: Packed> Space for Narrow<'_, W> {
    type State = W;

    fn moves(&self) -> &[MoveSpec] {
        &self.space.specs
    }

    #[inline]
    fn apply(&self, s: W, m: usize) -> W {
        self.coords.step(s, m)
    }

    #[inline]
    fn apply_inverse(&self, s: W, m: usize) -> W {
        self.coords.step(s, self.space.inverses[m])
    }

    fn goal(&self) -> W {
        self.goal
    }

    fn product(&self, a: usize, b: usize) -> Product {
        self.space.product(a, b)
    }

    fn commutes(&self, a: usize, b: usize) -> bool {
        self.space.commutes(a, b)
    }
}
