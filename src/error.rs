//! One error type for the whole crate. Each fallible public function returns
//! [`Error`]: the typed errors of parsing (a state, a move, a definition...) inside it
//! as they are, and every other refusal as [`Error::Invalid`] with the kind of value
//! refused. Its `Display` is the message the command line prints, word for word.

use std::fmt;

use crate::challenge::check::CheckError;
use crate::challenge::patterns::PatternError;
use crate::engine::search::SearchError;
use crate::model::moves::MoveError;
use crate::model::notation::NotationError;
use crate::model::stickers::StateError;
use crate::puzzle::DefinitionError;

/// Everything that can go wrong, by where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A sticker string that is no position.
    State(StateError),
    /// Solver notation that does not parse.
    Move(MoveError),
    /// WCA notation that does not parse.
    Notation(NotationError),
    /// A puzzle definition file with a mistake, and its line.
    Definition(DefinitionError),
    /// A claimed solution that breaks the challenge's rules.
    Check(CheckError),
    /// A pattern file line that does not parse.
    Pattern(PatternError),
    /// A search that gave up within its budget.
    Search(SearchError),
    /// Any other value refused: what kind it was, and why.
    Invalid { kind: Kind, message: String },
}

/// The kinds of value [`Error::Invalid`] refuses.
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
}

impl Error {
    /// A refusal of a value of `kind`, with its message.
    pub fn invalid(kind: Kind, message: impl Into<String>) -> Error {
        Error::Invalid {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::State(e) => e.fmt(f),
            Error::Move(e) => e.fmt(f),
            Error::Notation(e) => e.fmt(f),
            Error::Definition(e) => e.fmt(f),
            Error::Check(e) => e.fmt(f),
            Error::Pattern(e) => e.fmt(f),
            Error::Search(e) => e.fmt(f),
            Error::Invalid { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::State(e) => Some(e),
            Error::Move(e) => Some(e),
            Error::Notation(e) => Some(e),
            Error::Definition(e) => Some(e),
            Error::Check(e) => Some(e),
            Error::Pattern(e) => Some(e),
            Error::Search(e) => Some(e),
            Error::Invalid { .. } => None,
        }
    }
}

macro_rules! from_typed {
    ($($variant:ident($inner:ty)),*) => {
        $(impl From<$inner> for Error {
            fn from(e: $inner) -> Error {
                Error::$variant(e)
            }
        })*
    };
}

from_typed!(
    State(StateError),
    Move(MoveError),
    Notation(NotationError),
    Definition(DefinitionError),
    Check(CheckError),
    Pattern(PatternError),
    Search(SearchError)
);
