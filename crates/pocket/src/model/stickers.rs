//! Sticker strings: parsing, validation with precise reasons, and decoding into pieces.
//!
//! A state is 24 printable ASCII characters in this net (letters are string positions):
//!
//! ```text
//!     A B
//!     C D
//! E F G H I J K L
//! M N O P Q R S T
//!     U V
//!     W X
//! ```
//!
//! Any six characters may be the colours. The down-back-left corner (M, T, W) never
//! moves under R, U and F, so its three colours name the L, B and D faces. Decoding
//! *normalises* the state to those three colours: every corner is identified by which
//! of them it shows (eight corners, eight distinct subsets of {L, B, D}) and its twist
//! by where they sit. Only the up-front-right corner shows none of them; its twist is
//! fixed by the twist sum. The other three colours are checked for consistency, so a
//! string that is no real cube is refused with the corner at fault.

use std::fmt;
use std::str::FromStr;

use super::layout::Layout;
pub use super::layout::POSITION_NAMES;
// Re-exported where they lived before they had a file of their own.
pub use super::text::{describe_char, escape_text, os_arg_text};
use crate::model::pieces::{Cube, FACE_LETTERS, STICKERS};

mod blame;
mod decode;
mod error;
mod messages;

pub use error::StateError;
pub use messages::{corner_name, sticker_place};

/// How a state is written, for `pocket net` and the help of every command that
/// reads states.
pub const NET_HELP: &str = "\
A state is 24 sticker characters, read in this net (the letters are the positions,
A the 1st character and X the 24th; the net unfolds the cube with F facing you):

        A B                U  up      A B C D
        C D                L  left    E F M N
    E F G H I J K L        F  front   G H O P
    M N O P Q R S T        R  right   I J Q R
        U V                B  back    K L S T
        W X                D  down    U V W X

Any 6 printable characters may be the colours, each on 4 stickers. The reference
corner is down-back-left (M, T, W): it never moves, and its three colours name the
L, B and D faces; the other colours name U, F and R. So the solved cube with white
up, green front and red right, read in this net, is WWWWOOGGRRBBOOGGRRBBYYYY.
Spaces and tabs inside a state are ignored (UUUU LLFF RRBB ... is one state), and a
line `SEQUENCE<tab>STATE` as `pocket scramble` prints it is read by its state.

--layout urfdlb reads the faces in Kociemba's order U R F D L B instead, each face
row by row as seen from outside (U with B at its top, D with F at its top, the
others with U on top): the solved cube is UUUURRRRFFFFDDDDLLLLBBBB.
";

/// The state in a line of input: the line itself, or, for a line of `pocket scramble`
/// (`SEQUENCE<tab>STATE`), what follows its last tab. A line is read that way only
/// when that part is one state's 24 stickers and the line holds more, so a state
/// written in tab-separated groups stays whole.
pub fn state_in_line(line: &[u8]) -> &[u8] {
    let stickers = |t: &[u8]| t.iter().filter(|&&b| b != b' ' && b != b'\t').count();
    match line.iter().rposition(|&b| b == b'\t') {
        Some(tab) if stickers(&line[tab + 1..]) == STICKERS && stickers(line) > STICKERS => {
            &line[tab + 1..]
        }
        _ => line,
    }
}

/// A line read for its moves: for a line of `pocket scramble` (`SEQUENCE<tab>STATE`,
/// as [`state_in_line`] finds it), the sequence and the state; otherwise the whole line.
pub fn sequence_in_line(line: &[u8]) -> (&[u8], Option<&[u8]>) {
    let state = state_in_line(line);
    match line.len() - state.len() {
        0 => (line, None),
        // The state follows the tab.
        n => (&line[..n - 1], Some(state)),
    }
}

/// A 24-sticker state exactly as given: six colours, each any printable ASCII character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stickers(pub(crate) [u8; STICKERS]);

impl Stickers {
    /// The solved cube with the letters of its faces: `UUUULLFFRRBBLLFFRRBBDDDD`.
    pub const SOLVED: Stickers = Stickers(*b"UUUULLFFRRBBLLFFRRBBDDDD");

    /// Read a state from raw bytes, which need not be UTF-8.
    pub fn from_bytes(bytes: &[u8]) -> Result<Stickers, StateError> {
        // Space is never a colour: a state written in groups is one state.
        if bytes.iter().any(|&b| b == b' ' || b == b'\t') {
            let packed: Vec<u8> = bytes
                .iter()
                .copied()
                .filter(|&b| b != b' ' && b != b'\t')
                .collect();
            return Stickers::from_packed(&packed);
        }
        Stickers::from_packed(bytes)
    }

    /// [`Stickers::from_bytes`] of bytes without spaces or tabs.
    fn from_packed(bytes: &[u8]) -> Result<Stickers, StateError> {
        if let Some(i) = bytes.iter().position(|b| !(33..=126).contains(b)) {
            // Everything before `i` is ASCII, so the byte index is the character index.
            let what = match std::str::from_utf8(&bytes[i..bytes.len().min(i + 4)]) {
                Ok(s) => describe_char(s.chars().next().unwrap_or('\u{FFFD}')),
                Err(e) if e.valid_up_to() > 0 => {
                    let s = std::str::from_utf8(&bytes[i..i + e.valid_up_to()]).unwrap_or("?");
                    describe_char(s.chars().next().unwrap_or('\u{FFFD}'))
                }
                Err(_) => format!("byte 0x{:02X} (not UTF-8)", bytes[i]),
            };
            return Err(StateError::BadCharacter { what, at: i + 1 });
        }
        let arr: [u8; STICKERS] = bytes
            .try_into()
            .map_err(|_| StateError::Length { len: bytes.len() })?;
        Ok(Stickers(arr))
    }

    /// The stickers after one move (the colours move with the stickers).
    pub fn apply(&self, m: crate::model::moves::Move) -> Stickers {
        let p = &crate::model::pieces::STICKER_MOVES[m.face() as usize];
        let mut s = self.0;
        for _ in 0..m.quarters() {
            s = std::array::from_fn(|i| s[p[i] as usize]);
        }
        Stickers(s)
    }

    /// The state as text.
    pub fn as_str(&self) -> &str {
        // Only printable ASCII is ever stored.
        std::str::from_utf8(&self.0).unwrap_or("")
    }

    /// The colours naming the L, B and D faces: those of the reference corner M, T, W.
    pub fn reference_colours(&self) -> [u8; 3] {
        let s = &self.0;
        [s[12], s[19], s[22]]
    }

    /// The state normalised to the reference corner's colours: `L`, `B` and `D` where
    /// a sticker has one of them, `.` elsewhere. Two states with the same normal form
    /// are the same position (when valid).
    pub fn normalised(&self) -> Stickers {
        let [l, b, d] = self.reference_colours();
        Stickers(self.0.map(|c| match c {
            _ if c == l => b'L',
            _ if c == b => b'B',
            _ if c == d => b'D',
            _ => b'.',
        }))
    }

    /// Validate the state and decode it into pieces.
    pub fn to_cube(&self) -> Result<Cube, StateError> {
        self.decode().map_err(|e| self.blame_reference(e))
    }
}

impl FromStr for Stickers {
    type Err = StateError;

    fn from_str(s: &str) -> Result<Stickers, StateError> {
        Stickers::from_bytes(s.as_bytes())
    }
}

impl fmt::Display for Stickers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Cube {
    /// The stickers of this position, coloured with the face letters `ULFRBD`.
    pub fn stickers(&self) -> Stickers {
        Stickers(self.faces().map(|f| FACE_LETTERS[f as usize]))
    }

    /// The stickers of this position in the given colours, indexed by face U L F R B D.
    pub fn stickers_in(&self, colours: [u8; 6]) -> Stickers {
        Stickers(self.faces().map(|f| colours[f as usize]))
    }
}

/// Parse and decode a state in one step.
pub fn parse_state(s: &str) -> Result<Cube, StateError> {
    s.parse::<Stickers>()?.to_cube()
}

#[cfg(test)]
mod tests;
