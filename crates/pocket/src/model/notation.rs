//! Input forms beyond the sticker net: full WCA move notation (a scramble applied to
//! the solved cube) and the URFDLB facelet order of Kociemba's solvers.

use super::layout::URFDLB_FROM_GOLF;
// Re-exported where the layout lived before it had a file of its own.
pub use super::layout::Layout;
use std::fmt;
use std::str::FromStr;

use super::text::describe_char;
use crate::model::geometry::{FACE_AXES, quarter_turn};
use crate::model::pieces::STICKERS;
use crate::model::stickers::Stickers;
use crate::model::turned::Turned;

/// Why a WCA move sequence could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based character position.
    pub at: usize,
    pub what: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at character {}", self.what, self.at)
    }
}

impl std::error::Error for NotationError {}

/// The sticker permutation of one WCA move: a face turn `U D L R F B` or a whole-cube
/// rotation `x y z`, turned `quarters` times clockwise.
pub(crate) fn wca_permutation(letter: char, quarters: u8) -> Option<[u8; STICKERS]> {
    let (axis, whole) = match letter {
        'U' => (FACE_AXES[0], false),
        'L' => (FACE_AXES[1], false),
        'F' => (FACE_AXES[2], false),
        'R' => (FACE_AXES[3], false),
        'B' => (FACE_AXES[4], false),
        'D' => (FACE_AXES[5], false),
        'x' => (FACE_AXES[3], true), // x follows R
        'y' => (FACE_AXES[0], true), // y follows U
        'z' => (FACE_AXES[2], true), // z follows F
        _ => return None,
    };
    let q = quarter_turn(axis, whole);
    let mut p: [u8; STICKERS] = std::array::from_fn(|i| i as u8);
    for _ in 0..quarters {
        p = std::array::from_fn(|i| p[q[i] as usize]);
    }
    Some(p)
}

/// The letters of [`wca_permutation`], in the order of [`wca_table`].
const WCA_LETTERS: [char; 9] = ['U', 'L', 'F', 'R', 'B', 'D', 'x', 'y', 'z'];

/// The sticker permutation of every WCA move and rotation, one to three quarter turns,
/// built once: building it from the geometry for each token made `solve --moves -`
/// 2.7 times slower than the same positions given as stickers.
fn wca_table() -> &'static [[[u8; STICKERS]; 3]; 9] {
    static TABLE: std::sync::OnceLock<[[[u8; STICKERS]; 3]; 9]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|l| {
            std::array::from_fn(|q| {
                wca_permutation(WCA_LETTERS[l], q as u8 + 1)
                    .unwrap_or_else(|| unreachable!("every WCA letter has a permutation"))
            })
        })
    })
}

/// A sequence in WCA notation: `U D L R F B` and rotations `x y z`, each optionally
/// followed by `'` (or the typographic `’`) or `2` (`2'` and `'2` are read as `2`),
/// separated by any whitespace or none. Also read, as a cuber writes them: wide moves
/// (`Rw`, or lower case `r`), which on a 2x2x2 turn the whole cube (`Rw` = `x`, `Lw` =
/// `x'`, `Uw` = `y`, `Dw` = `y'`, `Fw` = `z`, `Bw` = `z'`), and repeated groups
/// (`(R U R' U')3`, nested as deep as wanted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WcaSequence(Vec<(char, u8)>);

impl WcaSequence {
    /// Number of moves and rotations.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The face turns in it, each counted once however far it turns (the half-turn
    /// metric); rotations, and wide turns (rotations on a 2x2), are not counted.
    pub fn face_turns(&self) -> usize {
        self.0
            .iter()
            .filter(|&&(letter, quarters)| "UDLRFB".contains(letter) && quarters % 4 != 0)
            .count()
    }

    /// The stickers after applying the sequence to `start`.
    pub fn apply(&self, start: &Stickers) -> Stickers {
        let table = wca_table();
        let mut s = start.0;
        for &(letter, quarters) in &self.0 {
            let Some(l) = WCA_LETTERS.iter().position(|&c| c == letter) else {
                continue;
            };
            if let Some(p) = table[l].get(usize::from(quarters % 4).wrapping_sub(1)) {
                s = std::array::from_fn(|i| s[p[i] as usize]);
            }
        }
        Stickers(s)
    }

    /// The cube after the sequence turns the solved cube.
    pub fn turned(&self) -> Turned {
        let table = turned_table();
        self.0
            .iter()
            .fold(Turned::SOLVED, |t, &(letter, quarters)| {
                match (WCA_LETTERS.iter().position(|&c| c == letter), quarters % 4) {
                    (Some(l), q @ 1..=3) => t.then(table[l * 3 + usize::from(q) - 1]),
                    _ => t,
                }
            })
    }
}

/// The cube after `text` turns the solved cube, when `text` is plain moves and
/// rotations (`U D L R F B x y z`, each with `'`, `2`, `2'` or `'2`, separated by ASCII
/// whitespace or none), read and turned in one pass; `None` for anything else (groups,
/// wide moves, typographic primes, errors), which [`WcaSequence`] reads as before.
///
/// A byte table for the letters and eight-byte corner states ([`Turned`]) instead of a
/// 24-byte sticker gather per move, and no sticker decoding after: `solve --moves -` on
/// 2,000 random 25-move scrambles went from 39.0 to 19.5 million instructions
/// (callgrind), where the same positions as stickers take 27.1 million.
pub fn turn_plain(text: &[u8]) -> Option<Turned> {
    let table = turned_table();
    let mut t = Turned::SOLVED;
    let (mut i, mut count) = (0, 0usize);
    while i < text.len() {
        let class = LETTER_CLASS[usize::from(text[i])];
        i += 1;
        if class == SPACE {
            continue;
        }
        if class == OTHER {
            return None;
        }
        let quarters = match text.get(i) {
            Some(b'\'') => {
                i += 1;
                if text.get(i) == Some(&b'2') {
                    i += 1;
                    2
                } else {
                    3
                }
            }
            Some(b'2') => {
                i += 1;
                if text.get(i) == Some(&b'\'') {
                    i += 1;
                }
                2
            }
            Some(b'w') => return None,
            _ => 1,
        };
        count += 1;
        if count > MAX_EXPANDED {
            return None;
        }
        t = t.then(table[usize::from(class) * 3 + quarters - 1]);
    }
    Some(t)
}

/// [`LETTER_CLASS`] of ASCII whitespace.
const SPACE: u8 = 0xfe;
/// [`LETTER_CLASS`] of a byte that is neither a letter of [`WCA_LETTERS`] nor space.
const OTHER: u8 = 0xff;

/// The index in [`WCA_LETTERS`] of each byte, or [`SPACE`] or [`OTHER`].
const LETTER_CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut l = 0;
    while l < WCA_LETTERS.len() {
        t[WCA_LETTERS[l] as u32 as usize] = l as u8;
        l += 1;
    }
    t[b' ' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[b'\n' as usize] = SPACE;
    t[b'\r' as usize] = SPACE;
    t[0x0c] = SPACE;
    t
};

/// [`wca_table`] in corner form, letter by letter then quarters.
fn turned_table() -> &'static [Turned; 27] {
    static TABLE: std::sync::OnceLock<[Turned; 27]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let table = wca_table();
        std::array::from_fn(|i| {
            Turned::from_permutation(&table[i / 3][i % 3])
                .unwrap_or_else(|| unreachable!("WCA moves carry corners to corners"))
        })
    })
}

/// Moves a sequence may expand to (a group repeated a million times is refused).
const MAX_EXPANDED: usize = 100_000;

/// Groups may nest this deep: the reader recurses once a level, so a text of 60,000
/// `(` would otherwise overflow the stack.
const MAX_NESTING: usize = 64;

/// The whole-cube rotation a wide turn of `face` is on a 2x2x2, and whether it runs
/// against the rotation's direction.
fn wide(face: char) -> Option<(char, bool)> {
    match face.to_ascii_uppercase() {
        'R' => Some(('x', false)),
        'L' => Some(('x', true)),
        'U' => Some(('y', false)),
        'D' => Some(('y', true)),
        'F' => Some(('z', false)),
        'B' => Some(('z', true)),
        _ => None,
    }
}

/// A reader of WCA notation over the characters of one text.
struct Reader {
    chars: Vec<char>,
    i: usize,
    /// Groups open around the current position.
    depth: usize,
}

impl Reader {
    fn error(&self, at: usize, what: String) -> NotationError {
        NotationError { at: at + 1, what }
    }

    /// The turn suffix after a move: `'`, `’`, `2`, `2'` or `'2`; quarter turns.
    fn suffix(&mut self) -> u8 {
        let prime = |c: Option<&char>| matches!(c, Some('\'') | Some('’'));
        match self.chars.get(self.i) {
            c if prime(c) => {
                self.i += 1;
                if self.chars.get(self.i) == Some(&'2') {
                    self.i += 1;
                    return 2;
                }
                3
            }
            Some('2') => {
                self.i += 1;
                if prime(self.chars.get(self.i)) {
                    self.i += 1;
                }
                2
            }
            _ => 1,
        }
    }

    /// Moves up to the end of the text, or up to a `)` when `nested`.
    fn sequence(&mut self, nested: bool, out: &mut Vec<(char, u8)>) -> Result<(), NotationError> {
        while let Some(&c) = self.chars.get(self.i) {
            let at = self.i;
            if c.is_whitespace() {
                self.i += 1;
                continue;
            }
            if c == ')' {
                if nested {
                    return Ok(());
                }
                return Err(self.error(at, "')' with no '(' before it".into()));
            }
            if c == '(' {
                if self.depth == MAX_NESTING {
                    return Err(
                        self.error(at, format!("groups nested more than {MAX_NESTING} deep"))
                    );
                }
                self.i += 1;
                let mut group = Vec::new();
                self.depth += 1;
                self.sequence(true, &mut group)?;
                self.depth -= 1;
                if self.chars.get(self.i) != Some(&')') {
                    return Err(self.error(at, "'(' with no ')' after it".into()));
                }
                self.i += 1;
                let digits: String = self.chars[self.i..]
                    .iter()
                    .take_while(|d| d.is_ascii_digit())
                    .collect();
                self.i += digits.len();
                let times: usize = if digits.is_empty() {
                    1
                } else {
                    digits.parse().unwrap_or(usize::MAX)
                };
                if group.len().saturating_mul(times).saturating_add(out.len()) > MAX_EXPANDED {
                    return Err(self.error(
                        at,
                        format!("the group repeats to more than {MAX_EXPANDED} moves"),
                    ));
                }
                // An empty group repeated any number of times is nothing: no loop.
                if !group.is_empty() {
                    for _ in 0..times {
                        out.extend_from_slice(&group);
                    }
                }
                continue;
            }
            self.i += 1;
            let wide_turn = if c.is_ascii_lowercase() && "udlrfb".contains(c) {
                wide(c)
            } else if self.chars.get(self.i) == Some(&'w') {
                let w = wide(c);
                if w.is_some() {
                    self.i += 1;
                }
                w
            } else {
                None
            };
            if let Some((rotation, against)) = wide_turn {
                let q = self.suffix();
                out.push((rotation, if against { 4 - q } else { q }));
                continue;
            }
            if !WCA_LETTERS.contains(&c) {
                let what = match c {
                    '\'' | '’' | '2' => format!("'{c}' with no move before it"),
                    'w' | 'M' | 'E' | 'S' => {
                        format!("'{c}': slice moves do not exist on the 2x2x2")
                    }
                    'X' | 'Y' | 'Z' => format!("'{c}': rotations are lower case (x y z)"),
                    '0' | '1' => format!("'{c}' is no count of turns (R2; R3 to R9 taken mod 4)"),
                    _ => format!("{} (not a move: U D L R F B x y z)", describe_char(c)),
                };
                return Err(self.error(at, what));
            }
            let q = self.suffix();
            out.push((c, q));
            if out.len() > MAX_EXPANDED {
                return Err(self.error(at, format!("more than {MAX_EXPANDED} moves")));
            }
        }
        Ok(())
    }
}

impl FromStr for WcaSequence {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<WcaSequence, NotationError> {
        // Pasted forms ([R, U], R′, links, comments) become plain notation first; a
        // plain text never takes this path.
        if super::paste::is_pasted(text) {
            let plain = super::paste::normalise(text).map_err(|e| NotationError {
                at: e.at,
                what: e.what,
            })?;
            return plain.parse();
        }
        let mut reader = Reader {
            chars: text.chars().collect(),
            i: 0,
            depth: 0,
        };
        let mut out = Vec::new();
        reader.sequence(false, &mut out)?;
        Ok(WcaSequence(out))
    }
}

/// Reordering whole strings: here, beside the notation that reads them, so that
/// [`Layout`] itself needs no sticker string.
impl Layout {
    /// Reorder a string in this layout into the net order.
    pub fn to_golf(self, s: &Stickers) -> Stickers {
        match self {
            Layout::Golf => *s,
            Layout::Urfdlb => {
                let mut out = [0u8; STICKERS];
                for (i, &g) in URFDLB_FROM_GOLF.iter().enumerate() {
                    out[g] = s.0[i];
                }
                Stickers(out)
            }
        }
    }

    /// Reorder a string in net order into this layout.
    pub fn from_golf(self, s: &Stickers) -> Stickers {
        match self {
            Layout::Golf => *s,
            Layout::Urfdlb => Stickers(URFDLB_FROM_GOLF.map(|g| s.0[g])),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::stickers::parse_state;

    #[test]
    fn urfdlb_solved_and_round_trip() {
        let solved = Stickers::SOLVED;
        assert_eq!(
            Layout::Urfdlb.from_golf(&solved).to_string(),
            "UUUURRRRFFFFDDDDLLLLBBBB"
        );
        let s: Stickers = "UFFULDRFRULBLLFRURBBDBDD".parse().unwrap();
        let k = Layout::Urfdlb.from_golf(&s);
        assert_eq!(Layout::Urfdlb.to_golf(&k), s);
        assert_eq!(Layout::Urfdlb.position_name(23), "B4");
    }

    #[test]
    fn wca_face_turns_match_the_solver_moves() {
        for (wca, ours) in [("R", "R"), ("U2", "U2"), ("F'", "F'")] {
            let seq: WcaSequence = wca.parse().unwrap();
            let cube = parse_state(seq.apply(&Stickers::SOLVED).as_str()).unwrap();
            assert_eq!(
                cube,
                crate::model::pieces::Cube::SOLVED.apply_alg(&ours.parse().unwrap())
            );
        }
    }

    #[test]
    fn opposite_turns_and_rotations_keep_the_cube_valid() {
        // L is R with a rotation: L x = R as a position up to orientation.
        let a: WcaSequence = "L x".parse().unwrap();
        let b: WcaSequence = "R".parse().unwrap();
        let sa = a.apply(&Stickers::SOLVED);
        let sb = b.apply(&Stickers::SOLVED);
        assert_eq!(
            parse_state(sa.as_str()).unwrap(),
            parse_state(sb.as_str()).unwrap()
        );
        let seq: WcaSequence = "D2 L' B y2 z' x  U2' R".parse().unwrap();
        assert_eq!(seq.len(), 8);
        assert!(parse_state(seq.apply(&Stickers::SOLVED).as_str()).is_ok());
    }

    #[test]
    fn what_cubers_write() {
        let same = |a: &str, b: &str| {
            let (a, b): (WcaSequence, WcaSequence) = (a.parse().unwrap(), b.parse().unwrap());
            assert_eq!(a.apply(&Stickers::SOLVED), b.apply(&Stickers::SOLVED));
        };
        same("R’ U’", "R' U'");
        same("R'2 U2'", "R2 U2");
        same("(R U)2", "R U R U");
        same("(R (U F)2)2 D", "R U F U F R U F U F D");
        for (wide, rotation) in [
            ("Rw", "x"),
            ("r", "x"),
            ("Lw", "x'"),
            ("l'", "x"),
            ("Uw2", "y2"),
            ("Dw", "y'"),
            ("f", "z"),
            ("Bw'", "z"),
        ] {
            same(wide, rotation);
        }
        assert_eq!("(R U')3".parse::<WcaSequence>().unwrap().len(), 6);
    }

    #[test]
    fn the_plain_reading_agrees_with_the_full_one() {
        for text in [
            "",
            "R U F' D2 L B' x y2",
            "R2' U'2 F2B'D x' z2 y",
            "  R\tU\r\n",
            "L'2 D2' B",
        ] {
            let full: WcaSequence = text.parse().unwrap();
            let plain = turn_plain(text.as_bytes());
            assert_eq!(plain, Some(full.turned()), "{text:?}");
            assert_eq!(
                plain.map(|t| t.stickers()),
                Some(full.apply(&Stickers::SOLVED)),
                "{text:?}"
            );
        }
        // Anything else is left to the full reader.
        for text in ["(R U)2", "Rw U", "r", "R’", "M", "R U X", "'R", "R\u{b}U"] {
            assert_eq!(turn_plain(text.as_bytes()), None, "{text:?}");
        }
    }

    #[test]
    fn notation_errors() {
        let e = |s: &str| s.parse::<WcaSequence>().unwrap_err().to_string();
        assert_eq!(
            e("R M"),
            "'M': slice moves do not exist on the 2x2x2 at character 3"
        );
        assert_eq!(e("(R U"), "'(' with no ')' after it at character 1");
        assert_eq!(e("R U)"), "')' with no '(' before it at character 4");
        assert!(e("((R U)100)2000").contains("more than 100000 moves"));
        // Bounded whatever the text: no stack overflow, no endless empty loop.
        let deep = format!("{}R{}", "(".repeat(60_000), ")".repeat(60_000));
        assert_eq!(e(&deep), "groups nested more than 64 deep at character 65");
        assert_eq!("()999999999999999".parse::<WcaSequence>().unwrap().len(), 0);
        assert_eq!(
            e("X"),
            "'X': rotations are lower case (x y z) at character 1"
        );
        assert_eq!(e("R ' U"), "''' with no move before it at character 3");
        assert_eq!(
            e("R; U"),
            "';' (not a move: U D L R F B x y z) at character 2"
        );
        assert_eq!(
            e("R U1"),
            "'1' is no count of turns (R2; R3 to R9 taken mod 4) at character 4"
        );
    }
}
