//! cubing.js KPuzzle definitions (JSON), and the piece model shared with twsearch's
//! `.tws` files ([`crate::puzzle::formats::tws`]).
//!
//! Both formats describe a puzzle by orbits of pieces, each piece with a number of
//! orientations. pocket knows stickers only, so a piece of N orientations becomes N
//! stickers: sticker `(slot j, orientation o)` of an orbit is number
//! `offset + j * N + o`. The conventions (those of cubing.js's `KTransformation`):
//!
//! - a move's `permutation[j]` is the slot whose piece moves to slot `j`, and
//!   `orientationDelta[j]` is added to that piece's orientation as it arrives at `j`
//!   (indexed by destination) — so position `j` holds what was at `permutation[j]`,
//!   pocket's own direction;
//! - a piece at orientation `t` shows its facet `f` on sticker `(j, (f + t) mod N)`.
//!
//! Hence a move maps stickers by `p[(j, o)] = (permutation[j], (o - delta[j]) mod N)`,
//! and the solved sticker `(j, o)` is coloured by (orbit, piece, facet `(o - t) mod N`):
//! identical pieces share colours, and the N facets of a piece all differ.

use crate::puzzle::formats::barred::Bar;
use crate::puzzle::formats::defined::Sticker;

mod compose;
mod from_puzzle;
mod reader;
mod to_draft;
mod writer;

pub use reader::read_kpuzzle;
pub use writer::write_kpuzzle;

/// What is wrong with a file of another format, and on which line (0: none, the
/// message names the field).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => f.write_str(&self.message),
            n => write!(f, "line {n}: {}", self.message),
        }
    }
}

impl std::error::Error for FormatError {}

/// A pocket puzzle as this module needs it, from its public data (so that it does not
/// depend on how definitions are parsed).
pub struct StickerPuzzle<'a> {
    pub name: &'a str,
    /// The solved colour of each sticker.
    pub solved: &'a [u8],
    pub moves: Vec<StickerMove<'a>>,
    pub pieces: Vec<StickerPiece<'a>>,
    /// Barred positions, written as twsearch's `Illegal` lines.
    pub barred: &'a [Bar],
}

/// A move: its name, its permutation (position i holds what was at `perm[i]`) and its
/// face (moves that are powers of one another share one).
pub struct StickerMove<'a> {
    pub name: &'a str,
    pub perm: &'a [Sticker],
    pub face: u8,
}

/// A `piece` line: its kind and its stickers, in the order its twists count.
pub struct StickerPiece<'a> {
    pub kind: &'a str,
    pub stickers: &'a [Sticker],
}

/// Stickers a pocket definition holds at most.
pub const MAX_STICKERS: usize = 4096;

/// An orbit: a set of pieces that move among themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    pub name: String,
    pub pieces: usize,
    pub orientations: usize,
}

/// What a move does to one orbit: `perm[j]` is the slot whose piece arrives at `j`,
/// and `delta[j]` the twist it gets on arriving.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct OrbitMove {
    pub perm: Vec<usize>,
    pub delta: Vec<usize>,
}

/// A puzzle described by pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceModel {
    pub name: String,
    pub orbits: Vec<Orbit>,
    /// Per orbit: the piece in each slot (identical pieces share a number) and its
    /// orientation.
    pub solved: Vec<(Vec<usize>, Vec<usize>)>,
    /// Each generator: its name and what it does to each orbit.
    pub moves: Vec<(String, Vec<OrbitMove>)>,
    /// The line of the file that defines each move (0 where unknown), for messages.
    pub move_lines: Vec<usize>,
    /// Per orbit, per slot: the modulus its piece's orientation is known by
    /// (KPuzzle's `orientationMod`; 0, or no entry, for all of them told apart).
    pub orientation_mods: Vec<Vec<usize>>,
    /// Names the file gives a move that is another's (twsearch's `MoveAlias`, a
    /// derived move, or a power equal to another move's), and what they do.
    pub aliases: Vec<(String, Vec<OrbitMove>)>,
    /// Barred positions (twsearch's `Illegal`): (orbit, slot, piece) each, the piece
    /// numbered as in `solved`, and the line that said it.
    pub illegal: Vec<(usize, usize, usize, usize)>,
}

fn fail<T>(message: impl Into<String>) -> Result<T, FormatError> {
    Err(FormatError {
        line: 0,
        message: message.into(),
    })
}

pub use crate::puzzle::formats::derived::power_name;

#[cfg(test)]
mod tests;
