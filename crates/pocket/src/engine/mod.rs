//! The engine: every search of the crate, generic over a [`Space`] (any puzzle, its
//! moves and the cost of each). The pocket cube and puzzles from definition files are
//! two spaces it runs on.
//!
//! Conventions fixed here: moves are indices into [`Space::moves`], at most
//! [`MAX_MOVES`], each with a positive integer cost; a path is a list of move indices
//! with its total cost ([`Path`]); one canonical-sequence rule ([`Canon`]) decides
//! which move may follow which, in every search and walk.
//!
//! - [`Solver`]: the bidirectional search for one state's optimal solutions.
//! - `Layered` and `unit_distances`: the layered search from a set of roots
//!   (censuses, distance tables, goals, pruning tables).
//! - `packed_census`: the unit-cost census in two bits a state, for large spaces.
//! - [`Walk`]: walks down a distance table (first, all, count, least cost).
//! - [`Census`]: the census of a space (its table and JSON are `pocket-print`'s).

pub mod census;
pub mod chart;
pub(crate) mod distance_table;
pub(crate) mod ida;
pub(crate) mod layers;
pub(crate) mod packed;
pub(crate) mod parallel;
pub(crate) mod search;
pub(crate) mod walk;

pub use census::{Census, Row};
pub use ida::Listing;
pub use search::{
    Canon, MAX_MOVES, MoveSpec, Moves, Path, Product, SearchError, Solver, SolverConfig, Space,
};
pub use walk::Walk;
