//! The facelet orders a state may be typed in, and the names of their positions.
//! It names no sticker string, so the state's own errors can name positions in the
//! layout they were typed in.

use std::str::FromStr;

use super::invalid::{Invalid, Kind};
use super::pieces::STICKERS;

/// The names of the net positions, in string order.
pub const POSITION_NAMES: &[u8; STICKERS] = b"ABCDEFGHIJKLMNOPQRSTUVWX";

/// The facelet order of a sticker string.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// The net of the README: `A`..`X` (U, then the rows of L F R B, then D).
    #[default]
    Golf,
    /// Kociemba's order: the faces U R F D L B, each read row by row as seen from
    /// outside (U with B at its top, D with F at its top, the others with U on top).
    Urfdlb,
}

/// For each URFDLB position, the net position it shows: U = A B C D, R = I J Q R,
/// F = G H O P, D = U V W X, L = E F M N, B = K L S T.
pub(crate) const URFDLB_FROM_GOLF: [usize; STICKERS] = [
    0, 1, 2, 3, 8, 9, 16, 17, 6, 7, 14, 15, 20, 21, 22, 23, 4, 5, 12, 13, 10, 11, 18, 19,
];

impl Layout {
    /// The position in this layout that shows net position `golf`.
    pub fn index_of_golf(self, golf: usize) -> usize {
        match self {
            Layout::Golf => golf,
            Layout::Urfdlb => URFDLB_FROM_GOLF
                .iter()
                .position(|&g| g == golf)
                .unwrap_or(golf),
        }
    }

    /// The net position shown at position `i` of this layout.
    pub fn to_golf_index(self, i: usize) -> usize {
        match self {
            Layout::Golf => i,
            Layout::Urfdlb => URFDLB_FROM_GOLF.get(i).copied().unwrap_or(i),
        }
    }

    /// The name of position `i` (0-based) of this layout: `A`..`X` or `U1`..`B4`.
    pub fn position_name(self, i: usize) -> String {
        match self {
            Layout::Golf => POSITION_NAMES
                .get(i)
                .map_or("?".into(), |&c| (c as char).to_string()),
            Layout::Urfdlb => format!("{}{}", "URFDLB".as_bytes()[i / 4] as char, i % 4 + 1),
        }
    }
}

impl FromStr for Layout {
    type Err = Invalid;

    fn from_str(s: &str) -> Result<Layout, Invalid> {
        match s.to_ascii_lowercase().as_str() {
            "golf" => Ok(Layout::Golf),
            "urfdlb" => Ok(Layout::Urfdlb),
            _ => Err(Invalid::new(
                Kind::Name,
                format!("unknown layout '{s}' (expected golf or urfdlb)"),
            )),
        }
    }
}
