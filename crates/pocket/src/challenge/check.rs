//! Judging a claimed solution by the rules of the "Solve the Pocket Cube" challenge.
//!
//! - notation: only `R R' R2 U U' U2 F F' F2`; moves separated by a single space or
//!   nothing; the whole sequence may be wrapped in one pair of `()`, `""`, `''`, `{}`,
//!   `[]` or `^^`; surrounding whitespace (such as a final newline) is ignored;
//! - no two consecutive moves on the same face;
//! - fewer than 30 moves, and the cube must end solved.

use std::fmt;

use crate::model::moves::{Alg, Face, Move};
use crate::model::pieces::Cube;

/// Solutions must have fewer moves than this.
pub const MOVE_LIMIT: usize = 30;
/// The "under 20" bonus: fewer moves than this.
pub const BONUS_LIMIT: usize = 20;

/// Why a claimed solution is refused. Positions are 1-based characters of the text
/// as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// A wrapper opened and not closed, or closed and not opened.
    Wrapper(String),
    /// A character that is not part of the notation.
    Notation { at: usize, what: String },
    /// Two consecutive moves turn one face.
    RepeatedFace {
        index: usize,
        first: Move,
        second: Move,
    },
    /// Too many moves.
    TooLong { moves: usize },
    /// The moves do not solve the cube; the state they leave.
    NotSolved { end: String },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Wrapper(why) => f.write_str(why),
            CheckError::Notation { at, what } => write!(f, "{what} at character {at}"),
            CheckError::RepeatedFace {
                index,
                first,
                second,
            } => write!(
                f,
                "moves {index} and {} ({first} {second}) turn the same face",
                index + 1
            ),
            CheckError::TooLong { moves } => {
                write!(
                    f,
                    "{moves} moves: a solution must have fewer than {MOVE_LIMIT}"
                )
            }
            CheckError::NotSolved { end } => {
                write!(f, "does not solve the cube (it ends at {end})")
            }
        }
    }
}

impl std::error::Error for CheckError {}

const WRAPPERS: [(char, char); 6] = [
    ('(', ')'),
    ('"', '"'),
    ('\'', '\''),
    ('{', '}'),
    ('[', ']'),
    ('^', '^'),
];

/// Read a solution in the challenge's strict notation.
pub fn parse_entry(text: &str) -> Result<Alg, CheckError> {
    let chars: Vec<char> = text.chars().collect();
    let (mut lo, mut hi) = (0, chars.len());
    while lo < hi && chars[lo].is_whitespace() {
        lo += 1;
    }
    while hi > lo && chars[hi - 1].is_whitespace() {
        hi -= 1;
    }
    // One pair of wrapping characters. A lone ' or " at the end is a prime, not a wrapper.
    if lo < hi {
        let (first, last) = (chars[lo], chars[hi - 1]);
        if let Some(&(open, close)) = WRAPPERS.iter().find(|(o, _)| *o == first) {
            if hi - lo < 2 || last != close {
                return Err(CheckError::Wrapper(format!(
                    "the solution opens with '{open}' but does not end with '{close}'"
                )));
            }
            lo += 1;
            hi -= 1;
        } else if let Some(&(open, close)) = WRAPPERS.iter().find(|(_, c)| *c == last && *c != '\'')
        {
            return Err(CheckError::Wrapper(format!(
                "the solution ends with '{close}' but does not start with '{open}'"
            )));
        }
    }
    let bad = |at: usize, what: String| Err(CheckError::Notation { at: at + 1, what });
    let mut alg = Alg::new();
    let mut i = lo;
    while i < hi {
        let c = chars[i];
        match c {
            'R' | 'U' | 'F' => {
                let face = Face::from_letter(c).unwrap_or(Face::R);
                let quarters = match chars.get(i + 1).filter(|_| i + 1 < hi) {
                    Some('\'') => 3,
                    Some('2') => 2,
                    _ => 1,
                };
                alg.push(Move::new(face, quarters).unwrap_or(Move::ALL[0]));
                i += if quarters == 1 { 1 } else { 2 };
                if i < hi {
                    match chars[i] {
                        ' ' if i + 1 < hi && chars[i + 1] == ' ' => {
                            return bad(
                                i + 1,
                                "a second space (moves are separated by one space or none)".into(),
                            );
                        }
                        ' ' if i + 1 == hi => return bad(i, "a trailing space".into()),
                        ' ' => i += 1,
                        _ => {}
                    }
                }
            }
            '\'' | '2' => return bad(i, format!("'{c}' with no move before it")),
            'r' | 'u' | 'f' => {
                return bad(
                    i,
                    format!(
                        "'{c}' (moves are capital letters: {})",
                        c.to_ascii_uppercase()
                    ),
                );
            }
            'D' | 'L' | 'B' | 'x' | 'y' | 'z' | 'd' | 'l' | 'b' | 'M' | 'E' | 'S' => {
                return bad(i, format!("'{c}' (only R, U and F may be turned)"));
            }
            ' ' => return bad(i, "a space where a move should start".into()),
            _ => {
                return bad(
                    i,
                    format!(
                        "{} (not part of the notation R R' R2 U U' U2 F F' F2)",
                        crate::model::stickers::describe_char(c)
                    ),
                );
            }
        }
    }
    Ok(alg)
}

/// A solution that passed every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The solution as read.
    pub alg: Alg,
    /// Its number of moves.
    pub length: usize,
    /// The optimal number of moves for the state.
    pub optimal: usize,
}

impl Verdict {
    /// Whether it earns the "under 20 moves" bonus.
    pub fn under_20(&self) -> bool {
        self.length < BONUS_LIMIT
    }

    /// Whether it is optimal.
    pub fn is_optimal(&self) -> bool {
        self.length == self.optimal
    }

    /// The bonus classes earned, e.g. `optimal, under 20`.
    pub fn bonuses(&self) -> String {
        let mut b = Vec::new();
        if self.is_optimal() {
            b.push("optimal");
        }
        if self.under_20() {
            b.push("under 20");
        }
        if b.is_empty() {
            "no bonus".into()
        } else {
            b.join(", ")
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "valid: {} move{}, optimal is {} ({})",
            self.length,
            if self.length == 1 { "" } else { "s" },
            self.optimal,
            self.bonuses()
        )
    }
}

/// Judge `text` as a solution of `cube`, whose optimal length is `optimal`.
pub fn check(cube: &Cube, text: &str, optimal: usize) -> Result<Verdict, CheckError> {
    let alg = parse_entry(text)?;
    let moves = alg.as_slice();
    if let Some(i) = alg.repeated_face() {
        return Err(CheckError::RepeatedFace {
            index: i,
            first: moves[i - 1],
            second: moves[i],
        });
    }
    if alg.len() >= MOVE_LIMIT {
        return Err(CheckError::TooLong { moves: alg.len() });
    }
    let end = cube.apply_alg(&alg);
    if !end.is_solved() {
        return Err(CheckError::NotSolved {
            end: end.stickers().to_string(),
        });
    }
    Ok(Verdict {
        length: alg.len(),
        alg,
        optimal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::stickers::parse_state;

    const SWAP: &str = "UUUURLFBLRBFLLFFRRBBDDDD";
    const SWAP_SOLUTION: &str = "F2 U' F U R U2 R U' R' F R'";

    #[test]
    fn accepted() {
        let cube = parse_state(SWAP).unwrap();
        let compact: String = SWAP_SOLUTION.split(' ').collect();
        let cases = [
            SWAP_SOLUTION.to_string(),
            compact.clone(),
            format!("({SWAP_SOLUTION})"),
            format!("\"{compact}\""),
            format!("'{SWAP_SOLUTION}'"),
            format!("{{{SWAP_SOLUTION}}}"),
            format!("[{SWAP_SOLUTION}]"),
            format!("^{SWAP_SOLUTION}^"),
            format!("{SWAP_SOLUTION}\n"),
            "F2U' F U R U2R U' R' F R'".to_string(),
        ];
        for text in cases {
            let v = check(&cube, &text, 11).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(v.length, 11);
            assert!(v.is_optimal() && v.under_20());
            assert_eq!(
                v.to_string(),
                "valid: 11 moves, optimal is 11 (optimal, under 20)"
            );
        }
        // A solved cube with the empty solution, wrapped or not.
        let solved = Cube::SOLVED;
        assert_eq!(check(&solved, "", 0).unwrap().length, 0);
        assert_eq!(check(&solved, "()", 0).unwrap().length, 0);
        // Non-optimal but valid.
        let u = parse_state("UUUUFFRRBBLLLLFFRRBBDDDD").unwrap();
        let v = check(&u, "U U2 ", 1);
        assert!(
            v.is_err(),
            "trailing space after moves is trimmed, but U U2 repeats a face"
        );
        let v = check(&u, "R R' U'", 1);
        assert!(v.is_err());
        // (U2 R2) six times is the identity, so this is valid but not optimal.
        let v = check(&u, "U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U'", 1).unwrap();
        assert_eq!((v.length, v.bonuses().as_str()), (13, "under 20"));
    }

    #[test]
    fn refused_with_reasons() {
        let cube = parse_state(SWAP).unwrap();
        let reason = |text: &str| check(&cube, text, 11).unwrap_err().to_string();
        assert_eq!(
            reason("F2  U'"),
            "a second space (moves are separated by one space or none) at character 4"
        );
        assert_eq!(
            reason("F2 D"),
            "'D' (only R, U and F may be turned) at character 4"
        );
        assert_eq!(
            reason("f2"),
            "'f' (moves are capital letters: F) at character 1"
        );
        assert_eq!(
            reason("F2 U'2"),
            "'2' with no move before it at character 6"
        );
        assert_eq!(
            reason("F2,U"),
            "',' (not part of the notation R R' R2 U U' U2 F F' F2) at character 3"
        );
        assert_eq!(
            reason("F2\tU"),
            "control character U+0009 (not part of the notation R R' R2 U U' U2 F F' F2) at character 3"
        );
        assert_eq!(
            reason("(F2 U"),
            "the solution opens with '(' but does not end with ')'"
        );
        assert_eq!(
            reason("F2 U)"),
            "the solution ends with ')' but does not start with '('"
        );
        assert_eq!(
            reason("((F2))"),
            "'(' (not part of the notation R R' R2 U U' U2 F F' F2) at character 2"
        );
        assert_eq!(reason("F2 U U'"), "moves 2 and 3 (U U') turn the same face");
        assert_eq!(
            reason(&"R U ".repeat(15)),
            "30 moves: a solution must have fewer than 30"
        );
        assert!(reason("F2 U'").starts_with("does not solve the cube (it ends at "));
    }
}
