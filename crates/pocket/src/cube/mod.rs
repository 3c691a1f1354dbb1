//! The pocket cube as a space of the engine, and what is built on it.
//!
//! Conventions fixed here: the cube's space is the coordinate with a set of moves and
//! their costs ([`PocketSpace`]); solutions are the engine's canonical sequences in
//! move order, so no face turns twice in a row; tables are flat arrays of distance
//! bytes indexed by [`Coord`](crate::model::Coord).
//!
//! The optimal solvers ([`PocketSolver`], bidirectional; [`TableSolver`], a walk down
//! the full table; [`AutoSolver`], the first and then the second), the census ([`census`]), goal solving ([`solve_to_goal`]),
//! random-state scrambles ([`Scrambler`]), pictures ([`draw`], [`svg`]) and the
//! search for algorithms by effect ([`AlgSearch`]).

pub mod algs;
pub(crate) mod auto;
pub(crate) mod bulk;
pub mod cases;
pub(crate) mod census;
pub(crate) mod class_key;
pub(crate) mod goal;
pub(crate) mod goal_cache;
pub(crate) mod lookup;
pub mod picture;
pub(crate) mod scramble;
pub mod shared;
pub mod solver;
pub(crate) mod symmetry;
pub(crate) mod table;

pub use algs::AlgSearch;
pub use auto::AutoSolver;
pub use cases::{Case, CaseAlg, CaseSet, CaseSheet, FINGER_COSTS, case_sheet, finger_costs};
pub use census::{
    census, census_all, census_in, census_with_symmetry, distance, distance_table,
    distance_table_for,
};
pub use goal::solve_to_goal;
pub use picture::{ColorChoice, ColorEnv, SheetCell, Style, draw, paint, render, sheet_svg, svg};
pub use scramble::{Length, Rng, Scramble, Scrambler};
pub use solver::{PocketSolver, PocketSpace, solve};
pub use symmetry::Symmetry;
pub use table::{Separators, TableSolver};
