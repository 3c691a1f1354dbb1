//! A value refused, with the kind of value it was: the error of every model function
//! that is not a parse of a state, a move or notation. It names nothing else, so
//! every module of the model may return it.

use std::fmt;

/// The kinds of value an [`Invalid`] refuses (and [`crate::Error::Invalid`] carries).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Kind {
    /// A goal pattern (`solve --goal`, `algs --effect`).
    Goal,
    /// Move costs or a metric.
    Costs,
    /// A set of moves (`--gen`) or a move of a puzzle.
    Moves,
    /// A layout or input mode name.
    Name,
    /// A state of a defined puzzle.
    PuzzleState,
    /// A defined puzzle that cannot be searched as asked.
    Puzzle,
    /// Rules of the magic-move search.
    Orbit,
    /// A file read whole.
    File,
    /// Pieces that make no position.
    Pieces,
    /// An input a request could not answer (a state or a move sequence).
    Input,
}

/// A value refused: what kind it was, and the message the command line prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The kind of value refused.
    pub kind: Kind,
    /// What is wrong with it, naming the value.
    pub message: String,
}

impl Invalid {
    /// A refusal of a value of `kind`, with its message.
    pub fn new(kind: Kind, message: impl Into<String>) -> Invalid {
        Invalid {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Invalid {}
