//! The model's error: the typed parse errors of states, moves and notation, and
//! every other refusal of a value ([`Invalid`]) as [`Error::Invalid`] with the
//! [`Kind`] of value refused. The layers above return it as they are; the crate-wide
//! [`crate::Error`] is composed from it at the top, so no module here names a
//! layer above the model.

use std::fmt;

use super::invalid::Invalid;
pub use super::invalid::Kind;
use super::moves::MoveError;
use super::notation::NotationError;
use super::stickers::StateError;

/// What went wrong in the model, or a value refused by any layer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A sticker string that is no position.
    State(StateError),
    /// Solver notation that does not parse.
    Move(MoveError),
    /// WCA notation that does not parse.
    Notation(NotationError),
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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::State(e) => e.fmt(f),
            Error::Move(e) => e.fmt(f),
            Error::Notation(e) => e.fmt(f),
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
            Error::Invalid { .. } => None,
        }
    }
}

impl From<Invalid> for Error {
    fn from(e: Invalid) -> Error {
        Error::Invalid {
            kind: e.kind,
            message: e.message,
        }
    }
}

impl From<StateError> for Error {
    fn from(e: StateError) -> Error {
        Error::State(e)
    }
}

impl From<MoveError> for Error {
    fn from(e: MoveError) -> Error {
        Error::Move(e)
    }
}

impl From<NotationError> for Error {
    fn from(e: NotationError) -> Error {
        Error::Notation(e)
    }
}
