//! Puzzles given by definition files: any permutation puzzle on stickers, as a space
//! of the engine ([`definition`]), and the magic-move search over its pieces
//! ([`orbit`]).

pub(crate) mod definition;
pub(crate) mod orbit;

pub use definition::*;
