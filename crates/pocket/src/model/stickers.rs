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
use crate::model::pieces::{
    CORNER_FACES, CORNER_STICKERS, Cube, FACE_LETTERS, STICKER_FACE, STICKERS,
};

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

/// Faces in the numbering of [`crate::model::pieces::CORNER_FACES`].
const U: u8 = 0;
const L: u8 = 1;
const F: u8 = 2;
const R: u8 = 3;
const B: u8 = 4;
const D: u8 = 5;

/// A 24-sticker state exactly as given: six colours, each any printable ASCII character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stickers(pub(crate) [u8; STICKERS]);

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

/// Net positions of the reference corner's stickers: M, T and W.
const REFERENCE_STICKERS: [usize; 3] = [12, 19, 22];

/// The corner slot of the reference corner.
fn reference_slot() -> usize {
    (0..8)
        .find(|&k| CORNER_STICKERS[k].contains(&(REFERENCE_STICKERS[0] as u8)))
        .unwrap_or(0)
}

/// The down face read mirrored (as seen from below), as sticker trades: left to right,
/// and top to bottom. Each moves the reference corner's down sticker W.
const DOWN_MIRRORS: [[[u8; 2]; 2]; 2] = [[[20, 21], [22, 23]], [[20, 22], [21, 23]]];

fn quoted(colours: &[u8]) -> String {
    let parts: Vec<String> = colours
        .iter()
        .map(|&c| format!("'{}'", c as char))
        .collect();
    parts.join(" ")
}

/// Where a sticker is, as a cuber says it: its face and place on the face as the net
/// shows it (`U top-right`), for the sticker at net position `golf`.
pub fn sticker_place(golf: usize) -> String {
    const PLACES: [&str; 4] = ["top-left", "top-right", "bottom-left", "bottom-right"];
    let face = STICKER_FACE[golf];
    let k = (0..golf).filter(|&p| STICKER_FACE[p] == face).count();
    format!("{} {}", FACE_LETTERS[face as usize] as char, PLACES[k])
}

/// A corner slot by its faces, as cubers name corners (`UFR`, `DBL`).
pub fn corner_name(slot: usize) -> String {
    let mut faces: Vec<u8> = CORNER_STICKERS[slot]
        .iter()
        .map(|&p| FACE_LETTERS[STICKER_FACE[p as usize] as usize])
        .collect();
    faces.sort_by_key(|f| b"UDFBRL".iter().position(|x| x == f));
    String::from_utf8(faces).unwrap_or_default()
}

/// A corner as `UFL at C F G ('W' 'O' 'G')`: positions in reading order, each colour
/// under its position.
fn corner_at(layout: Layout, slot: usize, colours: &[u8; 3]) -> String {
    let mut items: Vec<(usize, String, u8)> = CORNER_STICKERS[slot]
        .iter()
        .zip(colours)
        .map(|(&p, &c)| {
            let i = layout.index_of_golf(p as usize);
            (i, layout.position_name(i), c)
        })
        .collect();
    items.sort();
    let names: Vec<&str> = items.iter().map(|(_, n, _)| n.as_str()).collect();
    let cs: Vec<u8> = items.iter().map(|&(_, _, c)| c).collect();
    format!(
        "{} at {} ({})",
        corner_name(slot),
        names.join(" "),
        quoted(&cs)
    )
}

/// Positions (golf indices) named as in `layout`, in reading order.
fn places(layout: Layout, at: &[u8]) -> String {
    let mut named: Vec<(usize, String)> = at
        .iter()
        .map(|&p| {
            let i = layout.index_of_golf(p as usize);
            (i, layout.position_name(i))
        })
        .collect();
    named.sort();
    named
        .into_iter()
        .map(|(_, n)| n)
        .collect::<Vec<_>>()
        .join(" ")
}

impl StateError {
    /// The message, naming positions as in `layout` (net letters, or `U1`..`B4`).
    pub fn message(&self, layout: Layout) -> String {
        let corner = |slot: usize, colours: &[u8; 3]| corner_at(layout, slot, colours);
        match self {
            StateError::Length { len } => format!("expected 24 stickers, got {len} characters"),
            StateError::BadCharacter { what, at } => {
                let pos = if *at <= STICKERS {
                    let golf = layout.to_golf_index(at - 1);
                    format!(
                        " (sticker {}, {})",
                        layout.position_name(at - 1),
                        sticker_place(golf)
                    )
                } else {
                    String::new()
                };
                format!("{what} at position {at}{pos} is not a printable ASCII colour")
            }
            StateError::ColourCount { colours, rarest } => {
                colour_count(layout, colours, rarest.as_ref())
            }
            StateError::ColourTimes {
                colour,
                times,
                at,
                other,
            } => {
                let mut m = format!(
                    "colour '{}' is on {times} stickers ({}), expected 4",
                    *colour as char,
                    places(layout, at)
                );
                if let Some((c, n)) = other {
                    m.push_str(&format!("; '{}' is on {n}", *c as char));
                }
                m
            }
            StateError::NotACorner {
                corner: c,
                colours,
                why,
            } => format!("corner {}: {why}", corner(*c, colours)),
            StateError::OppositeFaces {
                corner: c,
                colours,
                pair,
            } => format!(
                "corner {} shows '{}' and '{}', colours of opposite faces",
                corner(*c, colours),
                pair[0] as char,
                pair[1] as char
            ),
            StateError::DuplicateCorner {
                first,
                second,
                colours,
            } => format!(
                "corners {} and {} are the same corner",
                corner(*first, &colours[0]),
                corner(*second, &colours[1]),
            ),
            StateError::Reference {
                inner,
                colours,
                swap,
            } => reference(layout, inner, colours, swap),
            StateError::Twisted { sum } => format!(
                "twisted corner: the corner twists add up to {sum} mod 3, not 0 \
                 (a corner was turned {} in place)",
                if *sum == 1 {
                    "clockwise"
                } else {
                    "anticlockwise"
                }
            ),
        }
    }
}

/// [`StateError::ColourCount`]'s message.
fn colour_count(layout: Layout, colours: &[u8], rarest: Option<&(u8, Vec<u8>)>) -> String {
    let mut m = format!(
        "expected 6 colours, found {}: {}",
        colours.len(),
        quoted(colours)
    );
    // 'w' and 'W' are two colours: say so when that is the only trouble.
    let mut folded: Vec<u8> = colours.iter().map(u8::to_ascii_uppercase).collect();
    folded.sort_unstable();
    folded.dedup();
    if folded.len() < colours.len() && folded.len() <= 6 {
        m.push_str(
            "; colours are case-sensitive ('w' and 'W' are two colours): \
             type each colour in one case",
        );
    }
    if let Some((c, at)) = rarest {
        let n = at.len();
        let s = if n == 1 { "" } else { "s" };
        m.push_str(&format!(
            " ('{}' is only on {n} sticker{s}: {})",
            *c as char,
            places(layout, at)
        ));
    }
    m
}

/// [`StateError::Reference`]'s message: the error the stickers gave, and the swap
/// of the reference corner's stickers that makes the cube valid.
fn reference(layout: Layout, inner: &StateError, colours: &[u8; 3], swap: &[[u8; 2]]) -> String {
    let name = |p: u8| layout.position_name(layout.index_of_golf(p as usize));
    let fix = if DOWN_MIRRORS.iter().any(|m| m.as_slice() == swap) {
        format!(
            "with the down face read the other way round ({} and {} trade places, \
             and {} and {})",
            name(swap[0][0]),
            name(swap[0][1]),
            name(swap[1][0]),
            name(swap[1][1])
        )
    } else {
        format!(
            "with {} and {} trading places",
            name(swap[0][0]),
            name(swap[0][1])
        )
    };
    format!(
        "{}; but the likely culprit is the reference corner {}, which names the \
         L, B and D faces for all the others: the cube is valid {fix}",
        inner.message(layout),
        corner_at(layout, reference_slot(), colours)
    )
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Layout::Golf))
    }
}

impl std::error::Error for StateError {}

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

    /// `error`, or the reference corner blamed when it is the likely culprit: a misread
    /// there (two of its colours swapped, a W/Y mix-up with another sticker, the down
    /// face mirrored) makes the other corners look wrong. Only on the error path: at
    /// most 276 trial decodes of a few hundred nanoseconds.
    fn blame_reference(&self, error: StateError) -> StateError {
        if !matches!(
            error,
            StateError::NotACorner { .. }
                | StateError::OppositeFaces { .. }
                | StateError::DuplicateCorner { .. }
        ) {
            return error;
        }
        let valid_with = |trades: &[[u8; 2]]| {
            let mut s = *self;
            for &[a, b] in trades {
                s.0.swap(a as usize, b as usize);
            }
            s.decode().is_ok()
        };
        let touching = REFERENCE_STICKERS.iter().flat_map(|&a| {
            (0..STICKERS as u8)
                .filter(move |&b| b as usize != a)
                .map(move |b| vec![[a as u8, b]])
        });
        let fix = touching
            .chain(DOWN_MIRRORS.iter().map(|m| m.to_vec()))
            .find(|trades| valid_with(trades));
        let Some(swap) = fix else {
            return error;
        };
        let away = (0..STICKERS as u8).any(|a| {
            (a + 1..STICKERS as u8).any(|b| {
                !REFERENCE_STICKERS.contains(&(a as usize))
                    && !REFERENCE_STICKERS.contains(&(b as usize))
                    && valid_with(&[[a, b]])
            })
        });
        if away {
            return error;
        }
        StateError::Reference {
            inner: Box::new(error),
            colours: self.corner_colours(reference_slot()),
            swap,
        }
    }

    fn decode(&self) -> Result<Cube, StateError> {
        let palette = check_colour_counts(&self.0)?;
        for slot in slots_in_reading_order() {
            let colours = self.corner_colours(slot);
            if colours[0] == colours[1] || colours[1] == colours[2] || colours[0] == colours[2] {
                let why = "a colour appears twice";
                return Err(StateError::NotACorner {
                    corner: slot,
                    colours,
                    why,
                });
            }
        }
        let norm = self.normalised();
        let mut cube = Cube::SOLVED;
        let mut owner = [usize::MAX; 8]; // piece -> slot holding it
        for slot in slots_in_reading_order() {
            let faces = CORNER_STICKERS[slot].map(|p| match norm.0[p as usize] {
                b'L' => Some(L),
                b'B' => Some(B),
                b'D' => Some(D),
                _ => None,
            });
            let colours = self.corner_colours(slot);
            let mut mask = 0u8;
            for f in faces.iter().flatten() {
                let bit = match *f {
                    L => 1,
                    B => 2,
                    _ => 4,
                };
                mask |= bit;
            }
            let piece = PIECE_BY_MASK[mask as usize];
            if owner[piece] != usize::MAX {
                let first = owner[piece];
                // Often a corner shows two opposite colours, which says more.
                for at in [first, slot] {
                    if let Some(pair) = self.opposite_pair(at) {
                        return Err(StateError::OppositeFaces {
                            corner: at,
                            colours: self.corner_colours(at),
                            pair,
                        });
                    }
                }
                let colours = [self.corner_colours(first), colours];
                return Err(StateError::DuplicateCorner {
                    first,
                    second: slot,
                    colours,
                });
            }
            owner[piece] = slot;
            cube.perm[slot] = piece as u8;
            // The up-front-right piece shows no reference colour: its twist comes later.
            if piece != 0 {
                cube.twist[slot] =
                    twist_from_known(piece, &faces).ok_or(StateError::NotACorner {
                        corner: slot,
                        colours,
                        why: "its colours are in mirror order",
                    })?;
            }
        }
        self.check_other_colours(&mut cube, &palette)?;
        let sum = cube.twist.iter().map(|&t| t as u32).sum::<u32>() % 3;
        if sum != 0 {
            return Err(StateError::Twisted { sum: sum as u8 });
        }
        Ok(cube)
    }

    /// Two colours of opposite faces on the corner in `slot`, if it shows them. Each
    /// reference colour (L, B, D) is opposite the other colour that shares fewest
    /// corners with it (none on a valid cube; adjacent colours share two), when that
    /// colour is clear.
    fn opposite_pair(&self, slot: usize) -> Option<[u8; 2]> {
        let reference = self.reference_colours();
        let mut others: Vec<u8> = self.0.to_vec();
        others.sort_unstable();
        others.dedup();
        others.retain(|c| !reference.contains(c));
        let shared = |x: u8, y: u8| {
            (0..8)
                .filter(|&k| {
                    let c = self.corner_colours(k);
                    c.contains(&x) && c.contains(&y)
                })
                .count()
        };
        let colours = self.corner_colours(slot);
        for x in reference {
            let mut by_shared: Vec<(usize, u8)> =
                others.iter().map(|&y| (shared(x, y), y)).collect();
            by_shared.sort_unstable();
            let opposite = match by_shared.as_slice() {
                [(a, y), (b, _), ..] if a < b => *y,
                _ => continue,
            };
            if colours.contains(&x) && colours.contains(&opposite) {
                let first = colours.iter().position(|&c| c == x || c == opposite)?;
                let pair = if colours[first] == x {
                    [x, opposite]
                } else {
                    [opposite, x]
                };
                return Some(pair);
            }
        }
        None
    }

    fn corner_colours(&self, slot: usize) -> [u8; 3] {
        CORNER_STICKERS[slot].map(|p| self.0[p as usize])
    }

    /// Find the colours of U, F and R from the corners already placed, check every
    /// corner against them, and set the twist of the up-front-right piece.
    /// `palette`: the six colours of the state.
    fn check_other_colours(&self, cube: &mut Cube, palette: &[u8; 6]) -> Result<(), StateError> {
        // votes[face][colour] for the faces U, F, R as seen on placed corners.
        let mut votes = [[0u8; 128]; 6];
        let expected = |cube: &Cube, slot: usize, t: usize| {
            let piece = cube.perm[slot] as usize;
            CORNER_FACES[piece][(t + 3 - cube.twist[slot] as usize) % 3]
        };
        for slot in 0..8 {
            if cube.perm[slot] == 0 {
                continue;
            }
            for t in 0..3 {
                let face = expected(cube, slot, t);
                if matches!(face, U | F | R) {
                    votes[face as usize][self.0[CORNER_STICKERS[slot][t] as usize] as usize] += 1;
                }
            }
        }
        let mut colour_of = [0u8; 6];
        let [l, b, d] = self.reference_colours();
        colour_of[L as usize] = l;
        colour_of[B as usize] = b;
        colour_of[D as usize] = d;
        for face in [U, F, R] {
            // The colour with the most votes, the highest byte among equals, 127 if none
            // has any: what `max_by_key` over all 128 gives, from the six colours alone.
            // With the colour count's allocation gone, `pocket solve` of 2,000 random
            // states went from 27.1 to 19.6 million instructions (callgrind).
            let votes = &votes[face as usize];
            let (mut most, mut best) = (0, 127);
            for &c in palette {
                let v = votes[c as usize];
                if v > most || (v == most && v > 0 && c > best) {
                    (most, best) = (v, c);
                }
            }
            colour_of[face as usize] = best;
        }
        for slot in slots_in_reading_order() {
            let colours = self.corner_colours(slot);
            if cube.perm[slot] == 0 {
                let twist = (0..3u8).find(|&o| {
                    (0..3).all(|t| {
                        colours[t] == colour_of[CORNER_FACES[0][(t + 3 - o as usize) % 3] as usize]
                    })
                });
                match twist {
                    Some(o) => cube.twist[slot] = o,
                    None => {
                        return Err(StateError::NotACorner {
                            corner: slot,
                            colours,
                            why: "no corner of this cube has these colours in this order",
                        });
                    }
                }
            } else if (0..3).any(|t| colours[t] != colour_of[expected(cube, slot, t) as usize]) {
                return Err(StateError::NotACorner {
                    corner: slot,
                    colours,
                    why: "no corner of this cube has these colours in this order",
                });
            }
        }
        Ok(())
    }
}

/// The piece showing exactly the reference colours in a mask (bit 0: L, 1: B, 2: D).
const PIECE_BY_MASK: [usize; 8] = [
    0, // none: URF
    1, // L: UFL
    3, // B: UBR
    2, // L B: ULB
    4, // D: DFR
    5, // L D: DLF
    7, // B D: DRB
    6, // L B D: DBL
];

/// The twist of `piece` given the reference faces seen at each sticker of its slot.
fn twist_from_known(piece: usize, faces: &[Option<u8>; 3]) -> Option<u8> {
    (0..3u8).find(|&o| {
        (0..3).all(|t| match faces[t] {
            Some(f) => CORNER_FACES[piece][(t + 3 - o as usize) % 3] == f,
            None => true,
        })
    })
}

/// Corner slots ordered by their first letter (A, B, C, D, M, N, P, R), so errors
/// come in reading order.
const READING_ORDER: [usize; 8] = [2, 3, 1, 0, 6, 5, 4, 7];

fn slots_in_reading_order() -> [usize; 8] {
    READING_ORDER
}

/// The six colours of a state, in order of first appearance, if each shows 4 times.
fn check_colour_counts(s: &[u8; STICKERS]) -> Result<[u8; 6], StateError> {
    let mut counts = [0usize; 128];
    // In order of first appearance; a vector only for the error.
    let (mut seen, mut n) = ([0u8; STICKERS], 0);
    for &c in s {
        if counts[c as usize] == 0 {
            seen[n] = c;
            n += 1;
        }
        counts[c as usize] += 1;
    }
    let colours = &seen[..n];
    let at = |colour: u8| -> Vec<u8> {
        (0..STICKERS as u8)
            .filter(|&p| s[p as usize] == colour)
            .collect()
    };
    if colours.len() != 6 {
        let rarest = (colours.len() > 6)
            .then(|| colours.iter().min_by_key(|&&c| counts[c as usize]))
            .flatten()
            .map(|&c| (c, at(c)));
        return Err(StateError::ColourCount {
            colours: colours.to_vec(),
            rarest,
        });
    }
    match colours.iter().find(|&&c| counts[c as usize] != 4) {
        Some(&colour) => {
            let times = counts[colour as usize];
            let other = colours
                .iter()
                .find(|&&c| (counts[c as usize] < 4) != (times < 4) && counts[c as usize] != 4)
                .map(|&c| (c, counts[c as usize]));
            Err(StateError::ColourTimes {
                colour,
                times,
                at: at(colour),
                other,
            })
        }
        None => Ok(std::array::from_fn(|i| colours[i])),
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
mod tests {
    use super::*;
    use crate::model::moves::Alg;

    fn err(s: &str) -> String {
        parse_state(s).unwrap_err().to_string()
    }

    #[test]
    fn solved_and_round_trip() {
        assert!(parse_state("UUUULLFFRRBBLLFFRRBBDDDD").unwrap().is_solved());
        let alg: Alg = "R U F' R2 U' F2".parse().unwrap();
        let cube = Cube::SOLVED.apply_alg(&alg);
        let s = cube.stickers();
        assert_eq!(s.to_string().parse::<Stickers>().unwrap(), s);
        assert_eq!(s.to_cube().unwrap(), cube);
        // Any colours, any characters.
        let odd = cube.stickers_in(*b"#-@!0~");
        assert_eq!(odd.to_cube().unwrap(), cube);
    }

    #[test]
    fn published_patterns_decode() {
        // U applied to solved.
        let u = parse_state("UUUUFFRRBBLLLLFFRRBBDDDD").unwrap();
        assert_eq!(u, Cube::SOLVED.apply_alg(&"U".parse().unwrap()));
        let u2 = parse_state("UUUURRBBLLFFLLFFRRBBDDDD").unwrap();
        assert_eq!(u2, Cube::SOLVED.apply_alg(&"U2".parse().unwrap()));
    }

    #[test]
    fn reading_order_is_sorted_by_first_letter() {
        let firsts = READING_ORDER.map(|s| CORNER_STICKERS[s].iter().min().copied());
        assert!(firsts.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_scramble_line_is_read_for_its_moves_and_its_state() {
        let line = b"R U2 F'\tUUUULLFFRRBBLLFFRRBBDDDD";
        assert_eq!(
            sequence_in_line(line),
            (&b"R U2 F'"[..], Some(&b"UUUULLFFRRBBLLFFRRBBDDDD"[..]))
        );
        // Tabs between moves, or a state in tab-separated groups, are no scramble line.
        for plain in [
            &b"R\tU2\tF'"[..],
            b"UUUU\tLLFFRRBBLLFFRRBBDDDD",
            b"R U",
            b"",
        ] {
            assert_eq!(sequence_in_line(plain), (plain, None));
        }
    }

    #[test]
    fn normalised_keeps_reference_colours() {
        let s: Stickers = "UUUULLFFRRBBLLFFRRBBDDDD".parse().unwrap();
        assert_eq!(s.normalised().to_string(), "....LL....BBLL....BBDDDD");
    }

    #[test]
    fn the_state_in_a_line() {
        let state = b"UUUURLFBLRBFLLFFRRBBDDDD";
        assert_eq!(state_in_line(b"R U2 F'\tUUUURLFBLRBFLLFFRRBBDDDD"), state);
        let grouped = b"UUUU\tRLFB LRBF LLFF RRBB DDDD";
        assert_eq!(
            state_in_line(grouped),
            grouped,
            "one state in tab-separated groups"
        );
        let pattern = b"Corner swap\tUUUURLFBLRBFLLFFRRBBDDDD\t11";
        assert_eq!(
            state_in_line(pattern),
            pattern,
            "a tab-separated pattern line"
        );
    }

    #[test]
    fn length_and_characters() {
        assert_eq!(err("UUUU"), "expected 24 stickers, got 4 characters");
        assert_eq!(err(""), "expected 24 stickers, got 0 characters");
        // Spaces and tabs are no colours: they are skipped.
        assert!(
            parse_state("UUUU LLFF RRBB LLFF RRBB\tDDDD")
                .unwrap()
                .is_solved()
        );
        assert_eq!(
            err("UUUU LLFFRRBBLLFFRRBBDDD"),
            "expected 24 stickers, got 23 characters"
        );
        assert!(err("UUUUéLFFRRBBLLFFRRBBDDDD").contains("character U+00E9 at position 5"));
        assert!(err("UUU\rLLFFRRBBLLFFRRBBDDDD").contains("U+000D"));
        let bad = Stickers::from_bytes(b"UU\xffULLFFRRBBLLFFRRBBDDDD").unwrap_err();
        assert!(bad.to_string().contains("byte 0xFF"), "{bad}");
    }

    #[test]
    fn colours() {
        assert_eq!(
            err("UUUULLFFRRBBLLFFRRBBDDDX"),
            "expected 6 colours, found 7: 'U' 'L' 'F' 'R' 'B' 'D' 'X' ('X' is only on 1 sticker: X)"
        );
        assert_eq!(
            err("UUUUULFFRRBBLLFFRRBBDDDD"),
            "colour 'U' is on 5 stickers (A B C D E), expected 4; 'L' is on 3"
        );
    }

    #[test]
    fn corners() {
        // Stickers C and E exchanged: counts stay right, two corners break.
        let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
        s.swap(2, 4);
        assert_eq!(
            Stickers(s).to_cube().unwrap_err().to_string(),
            "corner UBL at A E L ('U' 'U' 'B'): a colour appears twice"
        );
        // A corner in mirror order.
        let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
        s.swap(13, 14); // N <-> O: the D-L-F corner in mirror order
        assert_eq!(
            Stickers(s).to_cube().unwrap_err().to_string(),
            "corner DFL at N O U ('F' 'L' 'D'): its colours are in mirror order"
        );
        // Reference corner with a repeated colour.
        let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
        s.swap(12, 23); // M <-> X
        assert!(err(std::str::from_utf8(&s).unwrap()).starts_with("corner DBL at M T W"));
        // Two corners exchanged in colours: a duplicate.
        let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
        // Make UFL (C G F) carry U L B like ULB (A E L) by recolouring: C=U, G=B? keep counts by swapping G<->L.
        s.swap(6, 11);
        assert_eq!(
            Stickers(s).to_cube().unwrap_err().to_string(),
            "corner UFL at C F G ('U' 'L' 'B'): its colours are in mirror order"
        );
        // The B sticker of U-L-B exchanged with the R sticker of U-R-F: U-L-B now
        // shows L and R, which no corner does.
        let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
        s.swap(11, 8);
        assert_eq!(
            Stickers(s).to_cube().unwrap_err().to_string(),
            "corner UBL at A E L ('U' 'L' 'R') shows 'L' and 'R', colours of opposite faces"
        );
        // U-R-F, which shows no reference colour, in mirror order.
        let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
        s.swap(7, 8); // H <-> I
        assert_eq!(
            Stickers(s).to_cube().unwrap_err().to_string(),
            "corner UFR at D H I ('U' 'R' 'F'): no corner of this cube has these colours in this order"
        );
    }

    #[test]
    fn twisted_corner() {
        // Twist the URF corner in place: D I H rotate.
        let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
        let (d, i, h) = (s[3], s[8], s[7]);
        s[3] = h;
        s[8] = d;
        s[7] = i;
        let e = Stickers(s).to_cube().unwrap_err();
        assert!(matches!(e, StateError::Twisted { .. }), "{e}");
        assert!(e.to_string().starts_with("twisted corner"));
    }
}
