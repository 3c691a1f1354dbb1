//! Puzzles given by definition files: any permutation puzzle on stickers as a space of
//! the engine ([`Puzzle`], [`PuzzleSpace`]), and the magic-move search over its pieces
//! ([`OrbitSearch`]).
//!
//! Conventions fixed here: a definition is a text file of `solved`, `move`, `powers`,
//! `piece` and `face` lines; a state is a string of its sticker characters (or sticker
//! numbers when all differ); costs are decimals with at most three places, kept as
//! integers in thousandths; moves that are powers of one another share a face.

pub(crate) mod definition;
pub mod kpuzzle;
pub(crate) mod orbit;
pub mod tws;

pub use definition::{
    BUILTIN_PUZZLES, DefinitionError, MAX_MOVE_COST, MAX_POSITIONS, Piece, Puzzle, PuzzleMove,
    PuzzleSpace,
};
pub use orbit::{Change, MagicMove, Moved, OrbitSearch, Rules};
