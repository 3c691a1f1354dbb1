//! Puzzles given by definition files: any permutation puzzle on stickers as a space of
//! the engine ([`Puzzle`], [`PuzzleSpace`]), on dense coordinates of its pieces where
//! they can be found (`pieces.rs`, `coords.rs`) and on packed stickers otherwise, and
//! the magic-move search over its pieces ([`OrbitSearch`]). The file format is read in
//! `format.rs`, the puzzle it describes is `defined.rs`, its search space `space.rs`.
//!
//! Conventions fixed here: a definition is a text file of `solved`, `move`, `powers`,
//! `piece` and `face` lines; a state is a string of its sticker characters (or sticker
//! numbers when all differ); costs are decimals with at most three places, kept as
//! integers in thousandths; moves that are powers of one another share a face.

pub mod cube3;
pub mod formats;
pub mod searches;
pub mod spaces;

pub use cube3::magic_method::{Conjugate, MagicError, MagicMethod, MagicSolution};
pub use cube3::reid::{CubeStateError, ReidAnswer, ReidError, ReidSolver};
pub use formats::defined::{Piece, Puzzle, PuzzleMove};
pub use formats::format::{BUILTIN_PUZZLES, DefinitionError};
pub use searches::deep::{DeepError, DeepSolver};
pub use searches::orbit::{Change, MagicMove, Moved, OrbitSearch, Rules};
pub use spaces::space::{MAX_MOVE_COST, MAX_POSITIONS, PuzzleSolver, PuzzleSpace};
