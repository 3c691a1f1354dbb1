//! Why a sticker string is no cube: the reasons as data, so that each can be worded
//! for the layout the state was read in.

use std::fmt;

use super::Layout;

/// Why a sticker string is not a valid pocket cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// Not 24 characters long.
    Length { len: usize },
    /// A character outside printable ASCII (codes 33..=126), at a 1-based position.
    BadCharacter { what: String, at: usize },
    /// Not exactly six different colours; with more than six, the rarest colour and
    /// the positions (0-based, net order) it is on.
    ColourCount {
        colours: Vec<u8>,
        rarest: Option<(u8, Vec<u8>)>,
    },
    /// A colour that is not on exactly four stickers, the positions it is on, and a
    /// colour that is off the other way (too few where this one has too many).
    ColourTimes {
        colour: u8,
        times: usize,
        at: Vec<u8>,
        other: Option<(u8, usize)>,
    },
    /// A corner showing two colours of opposite faces.
    OppositeFaces {
        corner: usize,
        colours: [u8; 3],
        pair: [u8; 2],
    },
    /// A corner whose stickers are no corner of this cube.
    NotACorner {
        corner: usize,
        colours: [u8; 3],
        why: &'static str,
    },
    /// Two corners that are the same piece.
    DuplicateCorner {
        first: usize,
        second: usize,
        colours: [[u8; 3]; 2],
    },
    /// All corners are real, but the twists do not add up: one corner is twisted in place.
    Twisted { sum: u8 },
    /// The error `inner` names another corner, but the reference corner is the likely
    /// culprit: the cube is valid once the stickers `swap` (net positions) trade places,
    /// which touches it, and no trade away from it makes the cube valid.
    Reference {
        inner: Box<StateError>,
        colours: [u8; 3],
        swap: Vec<[u8; 2]>,
    },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Layout::Golf))
    }
}

impl std::error::Error for StateError {}
