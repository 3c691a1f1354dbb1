//! Moves and algorithms in standard notation over the three faces R, U and F.
//!
//! The down-back-left corner never moves, so every position is reached by turning
//! only R, U and F. A [`Move`] is one turn of one face; an [`Alg`] is a sequence of moves.

use super::invalid::{Invalid, Kind};
use std::fmt;
use std::str::FromStr;

use smallvec::SmallVec;

/// One of the three faces the solver turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// The right face.
    R = 0,
    /// The up face.
    U = 1,
    /// The front face.
    F = 2,
}

impl Face {
    /// All faces, in the order of their indices.
    pub const ALL: [Face; 3] = [Face::R, Face::U, Face::F];

    /// The face's letter.
    pub fn letter(self) -> char {
        ['R', 'U', 'F'][self as usize]
    }

    /// The face named by a whole string `"R"`, `"U"` or `"F"`.
    pub fn from_letter_str(s: &str) -> Option<Face> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Face::from_letter(c),
            _ => None,
        }
    }

    /// The face for an upper-case letter `R`, `U` or `F`.
    pub fn from_letter(c: char) -> Option<Face> {
        match c {
            'R' => Some(Face::R),
            'U' => Some(Face::U),
            'F' => Some(Face::F),
            _ => None,
        }
    }
}

/// A turn of one face: clockwise (`R`), half (`R2`) or anticlockwise (`R'`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    face: Face,
    /// Quarter turns clockwise: 1, 2 or 3.
    quarters: u8,
}

impl Move {
    /// Number of distinct moves (3 faces x 3 amounts).
    pub const COUNT: usize = 9; // 3 * 3

    /// All nine moves in index order: `R R' R2 U U' U2 F F' F2`.
    pub const ALL: [Move; 9] = {
        let mut all = [Move {
            face: Face::R,
            quarters: 1,
        }; 9];
        let faces = [Face::R, Face::U, Face::F];
        let mut i = 0;
        while i < 9 {
            all[i] = Move {
                face: faces[i / 3],
                quarters: [1, 3, 2][i % 3],
            };
            i += 1;
        }
        all
    };

    /// The move turning `face` by `quarters` clockwise quarter turns (taken mod 4).
    /// Returns `None` for a multiple of four, which is no move at all.
    pub fn new(face: Face, quarters: u8) -> Option<Move> {
        match quarters % 4 {
            0 => None,
            q => Some(Move { face, quarters: q }),
        }
    }

    /// The face this move turns.
    pub fn face(self) -> Face {
        self.face
    }

    /// Clockwise quarter turns: 1, 2 or 3 (3 is written `'`).
    pub fn quarters(self) -> u8 {
        self.quarters
    }

    /// Index in [`Move::ALL`], `0..9`.
    pub fn index(self) -> usize {
        self.face as usize * 3 + [0, 0, 2, 1][self.quarters as usize]
    }

    /// The move with index `i` (panics if `i >= 9`).
    pub fn from_index(i: usize) -> Move {
        Move::ALL[i]
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move {
            face: self.face,
            quarters: 4 - self.quarters,
        }
    }

    /// Whether this is a half turn.
    pub fn is_half(self) -> bool {
        self.quarters == 2
    }
}

impl Move {
    /// The move in standard notation (`R`, `R'`, `R2`).
    pub fn name(self) -> &'static str {
        const NAMES: [[&str; 4]; 3] = [
            ["", "R", "R2", "R'"],
            ["", "U", "U2", "U'"],
            ["", "F", "F2", "F'"],
        ];
        NAMES[self.face as usize][self.quarters as usize]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a move sequence could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A character that starts no move (1-based character position).
    BadCharacter { ch: char, at: usize },
    /// A suffix (`2` or `'`) with no face before it.
    DanglingSuffix { ch: char, at: usize },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::BadCharacter { ch, at } => write!(
                f,
                "{} at character {at} is not a move (expected R, U or F, optionally followed by 2 or ')",
                crate::model::text::describe_char(*ch)
            ),
            MoveError::DanglingSuffix { ch, at } => {
                write!(f, "'{ch}' at character {at} follows no face letter")
            }
        }
    }
}

impl std::error::Error for MoveError {}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        let alg: Alg = s.parse()?;
        match alg.as_slice() {
            [m] => Ok(*m),
            _ => Err(MoveError::BadCharacter {
                ch: s.chars().nth(2).unwrap_or(' '),
                at: 3,
            }),
        }
    }
}

/// Inline capacity of an [`Alg`]: God's number is 11 moves in HTM and 14 in QTM,
/// so every optimal solution fits without a heap allocation.
pub const ALG_INLINE: usize = 16;

/// A sequence of moves, printed in standard notation separated by spaces.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Alg(pub SmallVec<[Move; ALG_INLINE]>);

impl Alg {
    /// The empty algorithm.
    pub fn new() -> Alg {
        Alg(SmallVec::new())
    }

    /// Number of moves (the half-turn metric length).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }

    /// Append a move.
    pub fn push(&mut self, m: Move) {
        self.0.push(m);
    }

    /// Remove and return the last move.
    pub fn pop(&mut self) -> Option<Move> {
        self.0.pop()
    }

    /// The algorithm that undoes this one.
    pub fn inverse(&self) -> Alg {
        Alg(self.0.iter().rev().map(|m| m.inverse()).collect())
    }

    /// Length in quarter turns: a half turn counts two.
    pub fn quarter_turns(&self) -> usize {
        self.0.iter().map(|m| if m.is_half() { 2 } else { 1 }).sum()
    }

    /// The first place (0-based index of the second move) where two consecutive
    /// moves turn the same face, if any.
    pub fn repeated_face(&self) -> Option<usize> {
        self.0
            .windows(2)
            .position(|w| w[0].face == w[1].face)
            .map(|i| i + 1)
    }

    /// The moves' names, e.g. `["R", "U2", "F'"]`.
    pub fn names(&self) -> Vec<&'static str> {
        self.0.iter().map(|m| m.name()).collect()
    }

    /// The moves without spaces: `RU2F'`.
    pub fn compact(&self) -> String {
        self.0.iter().map(|m| m.to_string()).collect()
    }
}

impl FromIterator<Move> for Alg {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Alg {
        Alg(iter.into_iter().collect())
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl FromStr for Alg {
    type Err = MoveError;

    /// Reads `R U2 F'` style notation; moves may be separated by any whitespace or
    /// nothing at all (`RU2F'`). Stricter rules for judging entries live in `check`.
    fn from_str(s: &str) -> Result<Alg, MoveError> {
        let mut alg = Alg::new();
        let mut last: Option<Face> = None;
        for (i, ch) in s.chars().enumerate() {
            let at = i + 1;
            if let Some(face) = Face::from_letter(ch) {
                alg.push(Move { face, quarters: 1 });
                last = Some(face);
            } else if ch == '2' || ch == '\'' {
                // A suffix must directly follow a plain face letter.
                match (last, alg.0.last_mut()) {
                    (Some(_), Some(m)) if m.quarters == 1 => {
                        m.quarters = if ch == '2' { 2 } else { 3 };
                    }
                    _ => return Err(MoveError::DanglingSuffix { ch, at }),
                }
                last = None;
            } else if ch.is_whitespace() {
                last = None;
            } else {
                return Err(MoveError::BadCharacter { ch, at });
            }
        }
        Ok(alg)
    }
}

/// The items of a move list: separated by commas or spaces, or, without separators,
/// letter by letter when every letter is a face (`RU`), else the whole string.
pub(crate) fn split_move_list(spec: &str, is_face: impl Fn(&str) -> bool) -> Vec<&str> {
    let spec = spec.trim();
    if spec.contains([',', ' ']) {
        spec.split([',', ' '])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect()
    } else if !spec.is_empty()
        && spec
            .char_indices()
            .all(|(i, c)| is_face(&spec[i..i + c.len_utf8()]))
    {
        spec.char_indices()
            .map(|(i, c)| &spec[i..i + c.len_utf8()])
            .collect()
    } else {
        vec![spec]
    }
}

/// Read a move subset: face letters (`RU`: every turn of R and U) or a comma- or
/// space-separated list of faces and moves (`R2,U2,F2`, `R, U2, U'`). The set must
/// hold the inverse of each of its moves. Returned in [`Move::ALL`] order.
pub fn parse_generators(spec: &str) -> Result<Vec<Move>, Invalid> {
    let spec = spec.trim();
    let items = split_move_list(spec, |f| Face::from_letter_str(f).is_some());
    let mut set = [false; Move::COUNT];
    for item in items {
        match Face::from_letter_str(item) {
            Some(face) => Move::ALL
                .iter()
                .filter(|m| m.face() == face)
                .for_each(|m| set[m.index()] = true),
            None => {
                let alg: Alg = item.parse().map_err(|e| {
                    Invalid::new(Kind::Moves, format!("bad move set '{spec}': {e}"))
                })?;
                alg.as_slice().iter().for_each(|m| set[m.index()] = true);
            }
        }
    }
    let moves: Vec<Move> = Move::ALL.into_iter().filter(|m| set[m.index()]).collect();
    if moves.is_empty() {
        return Err(Invalid::new(
            Kind::Moves,
            format!("bad move set '{spec}': no moves"),
        ));
    }
    if let Some(m) = moves.iter().find(|m| !set[m.inverse().index()]) {
        return Err(Invalid::new(
            Kind::Moves,
            format!(
                "move set '{spec}' has {m} but not its inverse {} (give the face letter {} for all its turns)",
                m.inverse(),
                m.face().letter()
            ),
        ));
    }
    Ok(moves)
}

/// A move set named for messages: its faces when it has every turn of them (`R U`),
/// else its moves (`R2 U2 F2`).
pub fn generators_name(moves: &[Move]) -> String {
    let faces: Vec<Face> = Face::ALL
        .into_iter()
        .filter(|f| moves.iter().any(|m| m.face() == *f))
        .collect();
    if moves.len() == faces.len() * 3 {
        faces
            .iter()
            .map(|f| f.letter().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn generator_sets() {
        let names = |s: &str| super::parse_generators(s).map(|v| super::generators_name(&v));
        assert_eq!(names("RU").unwrap(), "R U");
        assert_eq!(names("R2,U2,F2").unwrap(), "R2 U2 F2");
        assert_eq!(names("R, U2 U'  U").unwrap(), "R U");
        assert_eq!(names("R, U2").unwrap(), "R R' R2 U2");
        assert_eq!(names("R2U2").unwrap(), "R2 U2");
        assert!(
            names("R'")
                .unwrap_err()
                .to_string()
                .contains("has R' but not its inverse R")
        );
        assert!(names("RD").is_err());
        assert!(names("").is_err());
    }

    use super::*;

    #[test]
    fn move_round_trip() {
        for m in Move::ALL {
            assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
            assert_eq!(Move::from_index(m.index()), m);
            assert_eq!(m.inverse().inverse(), m);
        }
        let names: Vec<String> = Move::ALL.iter().map(|m| m.to_string()).collect();
        assert_eq!(names, ["R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2"]);
    }

    #[test]
    fn alg_round_trip_and_compact() {
        let a: Alg = "R U2 F' R2 U' F".parse().unwrap();
        assert_eq!(a.len(), 6);
        assert_eq!(a.to_string(), "R U2 F' R2 U' F");
        assert_eq!(a.compact(), "RU2F'R2U'F");
        assert_eq!(a.compact().parse::<Alg>().unwrap(), a);
        assert_eq!(a.quarter_turns(), 8);
        assert_eq!(a.inverse().to_string(), "F' U R2 F U2 R'");
        assert_eq!("".parse::<Alg>().unwrap(), Alg::new());
    }

    #[test]
    fn alg_errors() {
        assert_eq!(
            "R D".parse::<Alg>(),
            Err(MoveError::BadCharacter { ch: 'D', at: 3 })
        );
        assert_eq!(
            "2R".parse::<Alg>(),
            Err(MoveError::DanglingSuffix { ch: '2', at: 1 })
        );
        assert_eq!(
            "R2'".parse::<Alg>(),
            Err(MoveError::DanglingSuffix { ch: '\'', at: 3 })
        );
        assert!("R U".parse::<Move>().is_err());
        assert!("x".parse::<Alg>().unwrap_err().to_string().contains("'x'"));
    }

    #[test]
    fn repeated_face() {
        assert_eq!("R U R".parse::<Alg>().unwrap().repeated_face(), None);
        assert_eq!("R U U2".parse::<Alg>().unwrap().repeated_face(), Some(2));
    }
}
