//! Requests, as the line-answering front ends make them: the command line and
//! `pocket serve` build a typed request here and get its answers from here, so a
//! request is decided in one place and answered alike wherever it comes from; they
//! only read, parse and print. The Python package builds its scrambles here
//! (`ScrambleRequest`) and answers `solve`, `solve_all` and `count` through the same
//! solve plan as values (`solve::Plan::solved`), but answers its array calls
//! (distances, optimal moves) from the cube layer's kernels and `lookup` policy, in
//! arrays rather than lines.
//!
//! Conventions fixed here: the exit statuses ([`EXIT_OK`], [`EXIT_BAD_INPUT`],
//! [`EXIT_USAGE`]); answers in batches, in input order, one line per input
//! (`batch`); a refusal as a [`RequestError`] that says whether the request itself
//! was wrong (a usage error) or its input.

pub mod algs;
pub mod batch;
pub mod cases;
pub mod census;
pub mod check;
mod deep;
pub mod invert;
pub mod magic;
pub mod puzzles;
mod reid;
pub mod scramble;
pub mod show;
pub mod solve;
pub(crate) mod words;

use std::fmt;
use std::io;

use crate::puzzle::Puzzle;

pub(crate) use words::message;
pub use words::{FrontEnd, Message, Opt};

pub use algs::AlgsRequest;
pub use census::CensusRequest;
pub use check::CheckRequest;
pub use invert::InvertRequest;
pub use puzzles::PuzzlesRequest;
pub use scramble::ScrambleRequest;
pub use show::ShowRequest;
pub use solve::{Method, SolveRequest};

/// Exit status: every input was good.
pub const EXIT_OK: u8 = 0;
/// Exit status: some input was bad, or a check failed.
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit status: the request itself was wrong.
pub const EXIT_USAGE: u8 = 2;

/// Why a request was not answered.
#[derive(Debug)]
pub enum RequestError {
    /// The options do not go together, or one is malformed: the usage error's
    /// message (exit 2).
    Usage(Message),
    /// What the request names cannot be used (a puzzle file with a mistake): the
    /// message (exit 1).
    Input(Message),
    /// Reading the inputs or writing the answers failed.
    Io(io::Error),
}

impl From<io::Error> for RequestError {
    fn from(e: io::Error) -> RequestError {
        RequestError::Io(e)
    }
}

impl RequestError {
    /// The message, with every option in `front`'s words.
    pub fn in_words(&self, front: FrontEnd) -> String {
        match self {
            RequestError::Usage(m) | RequestError::Input(m) => m.in_words(front).to_string(),
            RequestError::Io(e) => e.to_string(),
        }
    }
}

/// The message in the command line's words.
impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::Io(e) => e.fmt(f),
            other => f.write_str(&other.in_words(FrontEnd::CommandLine)),
        }
    }
}

impl std::error::Error for RequestError {}

/// A puzzle by name or file, with any `--cost` applied.
pub fn load_puzzle(name: &str, cost: Option<&str>) -> Result<Puzzle, RequestError> {
    let puzzle =
        Puzzle::load(name).map_err(|e| RequestError::Input(message!("puzzle {name}: {e}")))?;
    match cost.map(|c| puzzle.with_costs(c)).transpose() {
        Ok(costed) => Ok(costed.unwrap_or(puzzle)),
        Err(e) => Err(RequestError::Usage(message!(
            "bad {}: {e}",
            words::opts::COST
        ))),
    }
}
