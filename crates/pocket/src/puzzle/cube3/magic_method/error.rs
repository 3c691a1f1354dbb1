//! Why seed 001's method refuses a puzzle or a state. Each carries what it names
//! (the puzzle, a move, a piece, a sticker), and its message is the one every
//! front end shows.

use std::fmt;

/// Why [`super::MagicMethod`] cannot be made for a puzzle, or cannot solve a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MagicError {
    /// The puzzle has not the 3x3x3's 8 corners and 12 edges: its name, the kind of
    /// piece counted and how many it has.
    Shape {
        puzzle: String,
        kind: &'static str,
        found: usize,
    },
    /// A move carries a piece's stickers apart: the move, the kind, the piece.
    BreaksPiece {
        mv: String,
        kind: &'static str,
        piece: String,
    },
    /// The orbit search refused the puzzle (its message).
    Orbit(String),
    /// No corner magic move of 7 moves or fewer: the puzzle's name.
    NoMagicMove(String),
    /// Not the puzzle's number of stickers: its name, how many it has, how many came.
    Stickers {
        puzzle: String,
        expected: usize,
        got: usize,
    },
    /// Two centres show one colour (the colour).
    SameCentres(u8),
    /// A sticker (its index) shows a colour (given) that no centre shows.
    NoCentre { sticker: usize, colour: u8 },
    /// The stickers at a place (named) make no piece: the colours seen.
    NoPiece { place: String, seen: Vec<u8> },
    /// A piece (named) is on the puzzle twice.
    Twice(String),
    /// A corner is twisted alone.
    Twisted,
    /// An edge is flipped alone.
    Flipped,
    /// Two pieces are swapped alone.
    Swapped,
    /// The edge search found no placing of edges `first` to `last` (1-based) within
    /// its bound of moves.
    EdgesUnplaced { most: usize, first: u8, last: u8 },
    /// The magic move's conjugates do not place (or twist) the corners.
    CornersUnreached { placing: bool },
}

impl fmt::Display for MagicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NO_SEQUENCE: &str = "no sequence of moves makes this state";
        match self {
            MagicError::Shape {
                puzzle,
                kind,
                found,
            } => write!(
                f,
                "the magic method needs a puzzle with 8 corners and 12 edges, as the \
                 3x3x3 (its `piece` lines); {puzzle} has {found} {kind} pieces"
            ),
            MagicError::BreaksPiece { mv, kind, piece } => {
                write!(f, "move {mv} breaks the {kind} {piece}")
            }
            MagicError::Orbit(why) => f.write_str(why),
            MagicError::NoMagicMove(puzzle) => {
                write!(f, "{puzzle} has no corner magic move of 7 moves or fewer")
            }
            MagicError::Stickers {
                puzzle,
                expected,
                got,
            } => write!(f, "a state of {puzzle} has {expected} stickers, not {got}"),
            MagicError::SameCentres(c) => write!(
                f,
                "two centres show '{}': the centres must be six different colours",
                c.escape_ascii()
            ),
            MagicError::NoCentre { sticker, colour } => write!(
                f,
                "sticker {sticker} is '{}', the colour of no centre",
                colour.escape_ascii()
            ),
            MagicError::NoPiece { place, seen } => write!(
                f,
                "the stickers at {place} ({}) are no piece of the puzzle",
                String::from_utf8_lossy(seen)
            ),
            MagicError::Twice(piece) => write!(f, "the piece {piece} is there twice"),
            MagicError::Twisted => write!(f, "a corner is twisted in place: {NO_SEQUENCE}"),
            MagicError::Flipped => write!(f, "an edge is flipped in place: {NO_SEQUENCE}"),
            MagicError::Swapped => write!(f, "two pieces are swapped: {NO_SEQUENCE}"),
            MagicError::EdgesUnplaced { most, first, last } => write!(
                f,
                "no sequence of {most} moves or fewer places edges {first} to {last} \
                 of the puzzle keeping the others placed"
            ),
            MagicError::CornersUnreached { placing } => write!(
                f,
                "the magic move's conjugates (setups of up to 3 moves) do not {} the corners \
                 of this state",
                if *placing { "place" } else { "twist" }
            ),
        }
    }
}

impl std::error::Error for MagicError {}
