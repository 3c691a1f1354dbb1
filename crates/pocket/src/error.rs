//! One error type for the whole crate, composed at the top from the errors each layer
//! returns (the model's [`model::Error`], the engine's [`SearchError`], a definition
//! file's, a claimed solution's, a pattern file's) with `From`, so that no layer below
//! names this one. The typed errors sit inside it as they are, and every other refusal
//! is [`Error::Invalid`] with the kind of value refused. Its `Display` is the message
//! the command line prints, word for word.

use std::fmt;

use crate::challenge::check::CheckError;
use crate::challenge::patterns::PatternError;
use crate::engine::search::SearchError;
use crate::model::{self, Invalid, Kind, MoveError, NotationError, StateError};
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

impl Error {
    /// A refusal of a value of `kind`, with its message.
    pub fn invalid(kind: Kind, message: impl Into<String>) -> Error {
        Error::Invalid {
            kind,
            message: message.into(),
        }
    }
}

/// A refused value keeps its kind and message.
impl From<Invalid> for Error {
    fn from(e: Invalid) -> Error {
        Error::Invalid {
            kind: e.kind,
            message: e.message,
        }
    }
}

/// The model's error becomes the variant of the same name.
impl From<model::Error> for Error {
    fn from(e: model::Error) -> Error {
        match e {
            model::Error::State(e) => Error::State(e),
            model::Error::Move(e) => Error::Move(e),
            model::Error::Notation(e) => Error::Notation(e),
            model::Error::Invalid { kind, message } => Error::Invalid { kind, message },
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
