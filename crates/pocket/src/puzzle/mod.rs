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

pub mod barred;
pub(crate) mod cheapest;
pub(crate) mod coords;
pub(crate) mod cube3_notation;
pub(crate) mod deep;
pub mod defined;
pub(crate) mod derived;
pub(crate) mod draft;
pub(crate) mod format;
pub(crate) mod group;
pub(crate) mod input;
pub mod kpuzzle;
pub(crate) mod linked;
pub(crate) mod magic_method;
pub mod orbit;
pub(crate) mod pattern;
pub(crate) mod perimeter;
pub(crate) mod pieces;
pub(crate) mod reid;
pub(crate) mod space;
pub(crate) mod split;
pub(crate) mod sticker;
pub(crate) mod strict_json;
pub(crate) mod tracked;
pub mod tws;
pub(crate) mod weighted;

pub use deep::DeepSolver;
pub use defined::{Piece, Puzzle, PuzzleMove};
pub use format::{BUILTIN_PUZZLES, DefinitionError};
pub use magic_method::{Conjugate, MagicMethod, MagicSolution};
pub use orbit::{Change, MagicMove, Moved, OrbitSearch, Rules};
pub use reid::{ReidAnswer, ReidSolver};
pub use space::{MAX_MOVE_COST, MAX_POSITIONS, PuzzleSolver, PuzzleSpace};
