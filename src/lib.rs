//! Optimal solving and full analysis of the 2x2x2 Rubik's cube (the Pocket Cube).
//!
//! A position is given as 24 sticker characters in a fixed net (see [`Stickers`]);
//! the down-back-left corner is the reference, so every position is solved by turning
//! only R, U and F. [`PocketSolver`] finds optimal solutions in the half-turn or
//! quarter-turn metric with a bidirectional breadth-first search whose solved side is
//! shared by every state of a batch.
//!
//! ```
//! use pocket::{parse_state, Metric, PocketSolver};
//!
//! // The "Corner swap" test pattern: 11 moves, the hardest distance there is.
//! let cube = parse_state("UUUURLFBLRBFLLFFRRBBDDDD")?;
//! let mut solver = PocketSolver::new(Metric::Htm);
//! let solution = solver.solve(&cube);
//! assert_eq!(solution.len(), 11);
//! assert!(cube.apply_alg(&solution).is_solved());
//! assert_eq!(solver.solve_all(&cube).len(), 24);
//!
//! // Bad input is an error that names the problem, never a panic.
//! let err = parse_state("UUUULLFFRRBBLLFFRRBBDDD").unwrap_err();
//! assert_eq!(err.to_string(), "expected 24 stickers, got 23 characters");
//! # Ok::<(), pocket::StateError>(())
//! ```
//!
//! Modules, in the cuber's terms: sticker strings ([`Stickers`]), pieces and
//! coordinates ([`Cube`], [`Coord`]), moves and algorithms ([`Move`], [`Alg`]), the
//! generic search ([`Solver`] over any [`Space`]), the pocket cube solver
//! ([`PocketSolver`]), puzzles from definition files ([`Puzzle`]) and the searches
//! for algorithms by effect ([`AlgSearch`]) and for magic moves ([`OrbitSearch`]).
//!
//! ```
//! use pocket::{OrbitSearch, Puzzle, Rules};
//!
//! // The seed write-up's magic moves: S^k changes at most 3 corners of one face.
//! let cube = Puzzle::load("3x3x3")?;
//! let search = OrbitSearch::new(&cube, Rules::new("corner"), &[])?;
//! let found = search.of_length(5, 2);
//! assert_eq!(found[0].line(&cube), "U R U' R' F\tx6\tF\ttwist URF+1 UFL+1 DLF+1");
//! assert!(found.iter().any(|m| m.effect(&cube) == "cycle DRB->UBR->DBL"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod algs;
mod batch;
mod census;
mod check;
mod cube;
mod moves;
mod notation;
mod orbit;
mod patterns;
mod picture;
mod puzzle;
mod scramble;
mod search;
mod solver;
mod stickers;
mod table;

mod cli;
mod geometry;
mod goal;
mod io;
mod judge;

pub use algs::AlgSearch;
pub use census::{
    Census, CensusMetric, UNSEEN, distance, distance_table, distance_table_for, group,
};
pub use check::{BONUS_LIMIT, CheckError, MOVE_LIMIT, Verdict, check, parse_entry};
pub use cli::{EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, run};
pub use cube::{
    CORNER_FACES, CORNER_STICKERS, Coord, CornerMove, Cube, FACE_LETTERS, PERMS, POSITIONS,
    STICKER_FACE, STICKER_MOVES, STICKERS, TWISTS, Tables, corner_move, tables,
};
pub use geometry::{FACE_AXES, quarter_turn};
pub use goal::{Goal, WILDCARD, reachable, solve_to_goal, unmatchable};
pub use io::{Line, LineReader, MAX_LINE};
pub use judge::{CLEANUP, InputMode, Limits, MAX_OUTPUT, Outcome, Run, Summary, run_one};
pub use moves::{ALG_INLINE, Alg, Face, Move, MoveError, generators_name, parse_generators};
pub use notation::{Layout, NotationError, WcaSequence};
pub use orbit::{Change, MagicMove, Moved, OrbitSearch, Rules};
pub use patterns::{
    BUILTIN_PATTERNS, Pattern, PatternError, PatternReport, builtin_patterns, parse_patterns,
    run_patterns,
};
pub use picture::{Rgb, STANDARD, Style, draw, render, sticker_colours, svg};
pub use puzzle::{
    BUILTIN_PUZZLES, DefinitionError, MAX_POSITIONS, Piece, Puzzle, PuzzleCensus, PuzzleMove,
    PuzzleSpace,
};
pub use scramble::{Length, Rng, Scramble, Scrambler};
pub use search::{
    Canon, MAX_MOVES, MoveSpec, Moves, Path, Product, SearchError, Solver, SolverConfig, Space,
    check_moves,
};
pub use solver::{Costs, Metric, PocketSolver, PocketSpace, solve};
pub use stickers::{POSITION_NAMES, StateError, Stickers, describe_char, parse_state};
pub use table::TableSolver;
