//! Optimal solving and full analysis of the 2x2x2 Rubik's cube (the Pocket Cube).
//!
//! A position is given as 24 sticker characters in a fixed net (see [`Stickers`]);
//! the down-back-left corner is the reference, so every position is solved by turning
//! only R, U and F. [`PocketSolver`] finds optimal solutions in the half-turn or
//! quarter-turn metric with a bidirectional breadth-first search whose solved side is
//! shared by every state of a batch.
//!
//! ```
//! use pocket::{Metric, PocketSolver, parse_state};
//!
//! // One call: the "Corner swap" test pattern, 11 moves, the hardest distance there is.
//! assert_eq!(pocket::solve("UUUURLFBLRBFLLFFRRBBDDDD")?.len(), 11);
//!
//! // For many states, keep a solver: its search around solved is shared.
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
//! # Ok::<(), pocket::Error>(())
//! ```
//!
//! The crate is in layers, each using only those before it; a state goes from the
//! sticker string to the printed moves through them in order. Each public module
//! opens with the conventions it fixes.
//!
//! | module | what it holds |
//! | --- | --- |
//! | [`model`] | sticker strings and layouts ([`Stickers`], [`Layout`]), pieces and the coordinate ([`Cube`], [`Coord`]), moves and algorithms ([`Move`], [`Alg`]), what moves cost ([`Metric`], [`Costs`]), goals with wildcards ([`Goal`]) |
//! | [`engine`] | every search, generic over a [`Space`](engine::Space): the bidirectional [`Solver`](engine::Solver), the walk down a table ([`Walk`](engine::Walk)), the [`Census`], and one canonical-sequence rule ([`Canon`](engine::Canon)) |
//! | [`cube`] | the pocket cube as a space, and what is built on it: [`PocketSolver`], [`TableSolver`], the [`census`], goal solving, [`Scrambler`], pictures, algorithms by effect |
//! | [`puzzle`] | puzzles from definition files as spaces ([`Puzzle`]), and the magic-move search |
//! | [`challenge`] | the challenge's checks: claimed solutions, whole solver programs, the test patterns |
//! | [`request`] | requests as every front end makes them: one typed request in, its answers out ([`request::SolveRequest`]) |
//!
//! Errors: every fallible function returns [`Error`], whose message is what the
//! command line prints.
//!
//! ```
//! use pocket::Puzzle;
//! use pocket::puzzle::{OrbitSearch, Rules};
//!
//! // The seed write-up's magic moves: S^k changes at most 3 corners of one face.
//! let cube = Puzzle::load("3x3x3")?;
//! let search = OrbitSearch::new(&cube, Rules::new("corner"), &[])?;
//! let found = search.of_length(5, 2);
//! let first = &found[0];
//! assert_eq!((first.sequence(&cube).as_str(), first.power), ("U R U' R' F", 6));
//! assert_eq!(first.effect(&cube), "twist URF+1 UFL+1 DLF+1");
//! assert!(found.iter().any(|m| m.effect(&cube) == "cycle DRB->UBR->DBL"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
pub mod io;

pub mod model;

pub mod engine;

pub mod cube;
pub mod puzzle;

pub mod challenge;

pub mod request;

#[doc(hidden)]
pub mod internals;

pub use cube::{PocketSolver, Scrambler, TableSolver, census, solve};
pub use engine::Census;
pub use error::Error;
pub use model::Kind;
pub use model::{Alg, Coord, Costs, Cube, Goal, Layout, Metric, Move, Stickers, parse_state};
pub use puzzle::Puzzle;
