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
//! The source is in layers, each using only those before it; a state goes from the
//! sticker string to the printed moves through them in order:
//!
//! | layer | what it holds |
//! | --- | --- |
//! | `io` | bounded text in and out: lines, whole files, number formatting |
//! | `model` | sticker strings and layouts ([`Stickers`], [`Layout`]), pieces and the coordinate ([`Cube`], [`Coord`]), moves and algorithms ([`Move`], [`Alg`]), costs ([`Metric`], [`Costs`]), goals with wildcards ([`Goal`]) |
//! | `engine` | the bidirectional search generic over a [`Space`] and its move costs ([`Solver`]), with one canonical-sequence rule ([`Canon`]) |
//! | `pocket` | the cube as a space ([`PocketSpace`]) and what is built on it: [`PocketSolver`], the dense tables and census ([`TableSolver`], [`Census`]), goal solving, scrambles, pictures, algorithms by effect ([`AlgSearch`]) |
//! | `puzzle` | puzzles from definition files as spaces ([`Puzzle`]), and the magic-move search ([`OrbitSearch`]) |
//! | `challenge` | the challenge's checks: [`check`], [`run_one`] (judging programs), the test patterns |
//! | `cli` | the command line ([`run`]); nothing else uses it |
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

// The layers, each depending only on those above it: `io` (bounded text in and out),
// `model` (stickers, pieces, moves, costs, goals), `engine` (the generic searches),
// `pocket` and `puzzle` (the two spaces and what is built on them), `challenge` (the
// challenge's checks), `cli` (the command line, which nothing else imports).
mod error;
mod io;
mod model;

mod engine;

mod pocket;
mod puzzle;

mod challenge;

mod cli;

pub use challenge::check::{BONUS_LIMIT, CheckError, MOVE_LIMIT, Verdict, check, parse_entry};
pub use challenge::judge::{
    CLEANUP, InputMode, Limits, MAX_OUTPUT, Outcome, Run, Summary, run_one,
};
pub use challenge::patterns::{
    BUILTIN_PATTERNS, Pattern, PatternError, PatternReport, builtin_patterns, parse_patterns,
    run_patterns,
};
pub use cli::{EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, run};
pub use engine::census::{Census, Row};
pub use engine::layers::UNSEEN;
pub use engine::search::{
    Canon, MAX_MOVES, MoveSpec, Moves, Path, Product, SearchError, Solver, SolverConfig, Space,
    check_moves,
};
pub use error::{Error, Kind};
pub use io::{Line, LineReader, MAX_LINE, group};
pub use model::cost::{Costs, Metric};
pub use model::cube::{
    CORNER_FACES, CORNER_STICKERS, Coord, CornerMove, Cube, FACE_LETTERS, PERMS, POSITIONS,
    STICKER_FACE, STICKER_MOVES, STICKERS, TWISTS, Tables, corner_move, tables,
};
pub use model::geometry::{FACE_AXES, quarter_turn};
pub use model::goal::{Goal, WILDCARD, reachable, unmatchable};
pub use model::moves::{ALG_INLINE, Alg, Face, Move, MoveError, generators_name, parse_generators};
pub use model::notation::{Layout, NotationError, WcaSequence};
pub use model::stickers::{POSITION_NAMES, StateError, Stickers, describe_char, parse_state};
pub use pocket::algs::AlgSearch;
pub use pocket::census::{
    census, census_all, census_in, distance, distance_table, distance_table_for,
};
pub use pocket::goal::solve_to_goal;
pub use pocket::picture::{Rgb, STANDARD, Style, draw, render, sticker_colours, svg};
pub use pocket::scramble::{Length, Rng, Scramble, Scrambler};
pub use pocket::solver::{PocketSolver, PocketSpace, solve};
pub use pocket::table::TableSolver;
pub use puzzle::orbit::{Change, MagicMove, Moved, OrbitSearch, Rules};
pub use puzzle::{
    BUILTIN_PUZZLES, DefinitionError, MAX_MOVE_COST, MAX_POSITIONS, Piece, Puzzle, PuzzleMove,
    PuzzleSpace,
};
