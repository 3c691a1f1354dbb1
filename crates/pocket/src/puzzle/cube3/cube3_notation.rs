//! WCA notation on the 3x3x3 (the built-in `3x3x3`, stickers in Kociemba's URFDLB
//! order): face turns `U D L R F B`, wide turns (`Rw` or `r`), slices `M E S`,
//! rotations `x y z`, each with `'` (or `’`) or `2`; groups `(R U R' U')3`, and the
//! pasted forms `[A: B]` (A B A') and `[A, B]` (A B A' B'), nested as deep as wanted.
//! A slice or a rotation moves the centres: a state is read by its centres, so the
//! cube is solved as it then lies.
//!
//! The moves are sticker permutations made from the cube's geometry: each sticker is
//! a cubie position and a facing, a move turns the positions of its layers a quarter
//! clockwise seen from its face (a test checks the six face turns against the
//! definition file's).

use std::sync::OnceLock;

use crate::model::geometry::{V as Vector, dot, quarter};
use crate::puzzle::formats::defined::Sticker;

/// Each face in Kociemba's order: its outward normal, then the directions of its
/// rows' right and of its next row (U with B on top, D with F on top, the others with
/// U on top). x is right, y up, z front.
const FACES: [(char, Vector, Vector, Vector); 6] = [
    ('U', [0, 1, 0], [1, 0, 0], [0, 0, 1]),
    ('R', [1, 0, 0], [0, 0, -1], [0, -1, 0]),
    ('F', [0, 0, 1], [1, 0, 0], [0, -1, 0]),
    ('D', [0, -1, 0], [1, 0, 0], [0, 0, -1]),
    ('L', [-1, 0, 0], [0, 0, 1], [0, -1, 0]),
    ('B', [0, 0, -1], [-1, 0, 0], [0, -1, 0]),
];

/// Where each of the 54 stickers is: its cubie's position and the way it faces.
fn stickers() -> &'static [(Vector, Vector); 54] {
    static S: OnceLock<[(Vector, Vector); 54]> = OnceLock::new();
    S.get_or_init(|| {
        std::array::from_fn(|i| {
            let (_, n, right, down) = FACES[i / 9];
            let (row, col) = ((i % 9 / 3) as i8 - 1, (i % 3) as i8 - 1);
            let p = std::array::from_fn(|k| n[k] + right[k] * col + down[k] * row);
            (p, n)
        })
    })
}

/// The permutation of a quarter turn about `axis` of the layers at `depths` along it
/// (1 the face's own layer, 0 the middle, -1 the opposite face): after it, sticker
/// `j` shows what sticker `perm[j]` showed.
fn layer_turn(axis: Vector, depths: &[i8]) -> [u8; 54] {
    let all = stickers();
    let mut perm: [u8; 54] = std::array::from_fn(|i| i as u8);
    for (i, &(p, n)) in all.iter().enumerate() {
        if depths.contains(&dot(axis, p)) {
            let to = (quarter(axis, p), quarter(axis, n));
            let j = all.iter().position(|s| *s == to).expect("a sticker");
            perm[j] = i as u8;
        }
    }
    perm
}

/// The quarter turn a letter names: its axis and layers.
fn letter_turn(letter: char) -> Option<[u8; 54]> {
    let axis = |face: char| FACES.iter().find(|f| f.0 == face).map(|f| f.1);
    let (face, depths): (char, &[i8]) = match letter {
        'U' | 'D' | 'L' | 'R' | 'F' | 'B' => (letter, &[1]),
        'u' | 'd' | 'l' | 'r' | 'f' | 'b' => (letter.to_ascii_uppercase(), &[1, 0]),
        'M' => ('L', &[0]),
        'E' => ('D', &[0]),
        'S' => ('F', &[0]),
        'x' => ('R', &[1, 0, -1]),
        'y' => ('U', &[1, 0, -1]),
        'z' => ('F', &[1, 0, -1]),
        _ => return None,
    };
    Some(layer_turn(axis(face)?, depths))
}

/// Whether a puzzle is the 3x3x3 in Kociemba's sticker order: 54 stickers and face
/// turns `U R F D L B` that are the geometry's (so the notation reads onto it).
pub fn is_kociemba_cube(puzzle: &crate::puzzle::Puzzle) -> bool {
    puzzle.stickers() == 54
        && ['U', 'R', 'F', 'D', 'L', 'B'].iter().all(|&face| {
            let turn = letter_turn(face).map(|t| t.iter().map(|&x| Sticker::from(x)).collect());
            puzzle
                .moves
                .iter()
                .any(|m| m.name == face.to_string() && Some(&m.perm) == turn.as_ref())
        })
}

/// A parse error: where (a character, counted from 1) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cube3NotationError {
    pub at: usize,
    pub what: String,
}

impl std::fmt::Display for Cube3NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "moves: {} (at character {})", self.what, self.at)
    }
}

/// The sticker permutations of a sequence, in order (one quarter turn each).
pub fn parse_cube3(text: &str) -> Result<Vec<[u8; 54]>, Cube3NotationError> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        i: 0,
        depth: 0,
    };
    let turns = reader.sequence(None)?;
    Ok(turns)
}

/// The stickers after a sequence's turns.
pub fn apply_cube3(start: &[u8], turns: &[[u8; 54]]) -> Vec<u8> {
    turns.iter().fold(start.to_vec(), |s, p| {
        p.iter().map(|&i| s[i as usize]).collect()
    })
}

/// Quarter turns undoing a sequence of them.
fn inverse(turns: &[[u8; 54]]) -> Vec<[u8; 54]> {
    let mut out = Vec::with_capacity(turns.len() * 3);
    for t in turns.iter().rev() {
        out.extend([*t; 3]);
    }
    out
}

const MAX_NESTING: usize = 32;
/// Most quarter turns one sequence may expand to (repeats multiply).
const MAX_TURNS: usize = 1 << 20;

struct Reader {
    chars: Vec<char>,
    i: usize,
    depth: usize,
}

impl Reader {
    fn error(&self, at: usize, what: impl Into<String>) -> Cube3NotationError {
        Cube3NotationError {
            at: at + 1,
            what: what.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    /// Turns up to the end, or up to the closing character `until`.
    fn sequence(&mut self, until: Option<char>) -> Result<Vec<[u8; 54]>, Cube3NotationError> {
        let mut out = Vec::new();
        while let Some(c) = self.peek() {
            let at = self.i;
            if c.is_whitespace() {
                self.i += 1;
                continue;
            }
            if Some(c) == until || (until == Some(']') && matches!(c, ',' | ':')) {
                return Ok(out);
            }
            let part = match c {
                '(' => self.nested(at, '(', ')')?,
                '[' => self.nested(at, '[', ']')?,
                ')' | ']' | ',' | ':' => {
                    return Err(self.error(at, format!("'{c}' out of place")));
                }
                _ => self.one_move(at)?,
            };
            let repeat = self.count();
            // Checked before the copies are made: `((R U)99999)99999` would be 2e10.
            if part.len().saturating_mul(repeat).saturating_add(out.len()) > MAX_TURNS {
                return Err(self.error(at, format!("more than {MAX_TURNS} quarter turns")));
            }
            for _ in 0..repeat {
                out.extend_from_slice(&part);
            }
        }
        match until {
            Some(close) => Err(self.error(self.i, format!("no '{close}' to close the group"))),
            None => Ok(out),
        }
    }

    /// A group `( ... )`, or a pasted form `[A: B]` or `[A, B]`.
    fn nested(
        &mut self,
        at: usize,
        open: char,
        close: char,
    ) -> Result<Vec<[u8; 54]>, Cube3NotationError> {
        if self.depth == MAX_NESTING {
            return Err(self.error(at, format!("nested more than {MAX_NESTING} deep")));
        }
        self.depth += 1;
        self.i += 1;
        let first = self.sequence(Some(close))?;
        let out = match (open, self.peek()) {
            ('(', _) => first,
            ('[', Some(sep @ (':' | ','))) => {
                self.i += 1;
                let second = self.sequence(Some(']'))?;
                if self.peek() != Some(']') {
                    return Err(self.error(self.i, "no ']' to close the brackets"));
                }
                let mut out = first.clone();
                out.extend_from_slice(&second);
                out.extend(inverse(&first));
                if sep == ',' {
                    out.extend(inverse(&second));
                }
                out
            }
            _ => return Err(self.error(at, "'[' takes two sequences: [A: B] or [A, B]")),
        };
        if self.peek() != Some(close) {
            return Err(self.error(at, format!("no '{close}' to close '{open}'")));
        }
        self.i += 1;
        self.depth -= 1;
        Ok(out)
    }

    /// One move with its suffix: quarter turns.
    fn one_move(&mut self, at: usize) -> Result<Vec<[u8; 54]>, Cube3NotationError> {
        let c = self.chars[self.i];
        self.i += 1;
        let mut letter = c;
        if self.peek() == Some('w') && "UDLRFB".contains(c) {
            self.i += 1;
            letter = c.to_ascii_lowercase();
        }
        let Some(turn) = letter_turn(letter) else {
            return Err(self.error(
                at,
                format!("'{c}' is not a move (U D L R F B, Rw or r, M E S, x y z)"),
            ));
        };
        let quarters = match self.peek() {
            Some('\'' | '’') => {
                self.i += 1;
                if self.peek() == Some('2') {
                    self.i += 1;
                    2
                } else {
                    3
                }
            }
            Some('2') => {
                self.i += 1;
                if matches!(self.peek(), Some('\'' | '’')) {
                    self.i += 1;
                }
                2
            }
            _ => 1,
        };
        Ok(vec![turn; quarters])
    }

    /// The repeat count after a group (none: once).
    fn count(&mut self) -> usize {
        let closed = self.i > 0 && matches!(self.chars[self.i - 1], ')' | ']');
        if !closed {
            return 1;
        }
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        let digits: String = self.chars[start..self.i].iter().collect();
        match digits.is_empty() {
            true => 1,
            // Too many digits for a number is too many turns, refused by the caller.
            false => digits.parse::<usize>().unwrap_or(usize::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    #[test]
    fn the_face_turns_are_the_definition_file_s() {
        let p = Puzzle::load("3x3x3").unwrap();
        for face in ['U', 'R', 'F', 'D', 'L', 'B'] {
            let m = p.moves.iter().find(|m| m.name == face.to_string()).unwrap();
            assert_eq!(
                letter_turn(face)
                    .unwrap()
                    .iter()
                    .map(|&x| Sticker::from(x))
                    .collect::<Vec<_>>(),
                m.perm,
                "{face}"
            );
        }
    }

    #[test]
    fn wide_slice_and_rotation_identities() {
        let solved = Puzzle::load("3x3x3").unwrap().solved;
        let same = |a: &str, b: &str| {
            let run = |t: &str| apply_cube3(&solved, &parse_cube3(t).unwrap());
            assert_eq!(run(a), run(b), "{a} = {b}");
        };
        same("x", "r L'");
        same("Rw", "r");
        same("M", "L' R x'");
        same("y", "u D'");
        same("E", "U D' y'");
        same("z", "f B'");
        same("S", "F' B z");
        same("(R U R' U')6", "");
        same("[R, U]", "R U R' U'");
        same("[R: U]", "R U R'");
        same("[R U: [F, D]]2", "R U F D F' D' U' R' R U F D F' D' U' R'");
        same("R2' R2", "");
        same("R’ R", "");
        assert!(
            parse_cube3("R Q")
                .unwrap_err()
                .what
                .contains("'Q' is not a move")
        );
        assert_eq!(parse_cube3("(R U").unwrap_err().at, 5);
        assert!(parse_cube3("[R U]").is_err());
        assert!(parse_cube3("R)").is_err());
        // A repeat is refused before it is written out, whatever its size.
        let e = parse_cube3("((R U)99999)99999").unwrap_err();
        assert_eq!(e.what, "more than 1048576 quarter turns");
        assert!(parse_cube3("(R)99999999999999999999999").is_err());
    }
}
