//! An `invert` request: the sequence that undoes one (the setup of an algorithm),
//! read in every notation `pocket` reads and written plainly.

use super::{Message, RequestError};
use crate::model::paste::{inverse, moves, plain};

/// An `invert` request: the sequence to invert, as written.
#[derive(Clone, Debug)]
pub struct InvertRequest {
    pub sequence: String,
}

impl InvertRequest {
    /// The moves that undo the sequence, last first, in plain notation (moves as
    /// written: `Rw` stays `Rw`); a sequence that does not read is a bad input.
    pub fn run(&self) -> Result<String, RequestError> {
        moves(&self.sequence)
            .map(|m| plain(&inverse(&m)))
            .map_err(|e| RequestError::Input(Message::plain(e.to_string())))
    }
}
