//! A `show` request: the state to draw, turned by any moves, checked. The command
//! line builds a [`ShowRequest`] and draws the [`Shown`] stickers, in a terminal or as
//! SVG; a state that is no cube is still drawn, with the reason beside it.

use super::RequestError;
use super::words::opts::MOVES;
use crate::model::notation::{Layout, WcaSequence};
use crate::model::stickers::Stickers;
use crate::request::message;

/// What a `show` asks.
#[derive(Clone, Debug, Default)]
pub struct ShowRequest {
    /// The state, in `layout` (none: the solved cube, for the moves to turn).
    pub state: Option<String>,
    /// A sequence that turns the state first (`--moves`).
    pub moves: Option<String>,
    /// The facelet order of the state.
    pub layout: Layout,
}

/// The stickers to draw.
#[derive(Debug)]
pub struct Shown {
    /// In the net's order (golf), the colours as given.
    pub stickers: Stickers,
    /// Why these stickers are no cube, if they are not, in the request's layout.
    pub problem: Option<String>,
}

impl ShowRequest {
    /// The stickers, turned; a sequence or a string that cannot be read is a bad
    /// input.
    pub fn run(&self) -> Result<Shown, RequestError> {
        let moves = self
            .moves
            .as_deref()
            .map(str::parse::<WcaSequence>)
            .transpose()
            .map_err(|e| RequestError::Input(message!("{MOVES}: {e}")))?;
        let given = match &self.state {
            Some(state) => Stickers::from_bytes(state.as_bytes())
                .map(|s| self.layout.to_golf(&s))
                .map_err(|e| RequestError::Input(e.message(self.layout).into()))?,
            None => Stickers::SOLVED,
        };
        // The moves turn the state given (the colours move with the stickers).
        let stickers = match &moves {
            Some(seq) => seq.apply(&given),
            None => given,
        };
        let problem = stickers.to_cube().err().map(|e| e.message(self.layout));
        Ok(Shown { stickers, problem })
    }
}
