//! The cube as a move sequence leaves it in the fixed frame of space: any face turned
//! and the whole cube rotated, so the reference corner may be anywhere. Eight bytes,
//! one per corner slot, so a move is eight byte reads and a carry-free add, where the
//! sticker form reads 24 bytes; the reference corner is brought home once, at the end.

use std::sync::OnceLock;

use crate::model::geometry::{FACE_AXES, quarter_turn};
use crate::model::move_tables::corner_move;
use crate::model::pieces::{Cube, FACE_LETTERS, REFERENCE_SLOT, corner_faces};
use crate::model::stickers::Stickers;

/// Byte `i` is the corner in slot `i` plus 8 times its twist (0 to 2), the twist as
/// [`Cube`] counts it. A move is the state it makes from solved: slot `i` receives the
/// corner of slot `from` (its low three bits), whose twist grows by the move's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turned(u64);

/// One in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The twist bits (3 and 4) of every byte.
const TWIST_BITS: u64 = 0x18 * ONES;

impl Turned {
    /// The solved cube, in its home orientation.
    pub const SOLVED: Turned = Turned(0x0706_0504_0302_0100);

    /// The piece form of a sticker permutation that carries corners to corners (a face
    /// turn or a rotation).
    pub(crate) fn from_permutation(p: &[u8; 24]) -> Option<Turned> {
        let m = corner_move(p)?;
        Some(Turned(u64::from_le_bytes(std::array::from_fn(|i| {
            m.from[i] | (m.twist[i] << 3)
        }))))
    }

    /// This state turned by `m` (itself a state, read as the move that makes it).
    #[inline]
    pub fn then(self, m: Turned) -> Turned {
        let bytes = self.0.to_le_bytes();
        let from = m.0.to_le_bytes();
        let gathered = u64::from_le_bytes(std::array::from_fn(|i| bytes[usize::from(from[i] & 7)]));
        // Twists add in bits 3 to 5 of each byte without carrying out of it (4 * 8 + 7
        // < 256); 8 more reaches bit 5 exactly when the sum is 3 or 4, which lose 3.
        let sum = gathered + (m.0 & TWIST_BITS);
        let over = ((sum + 8 * ONES) >> 5) & ONES;
        Turned(sum - over * 24)
    }

    /// The position, named as the stickers name it: the corner in the reference slot,
    /// as it sits, names the faces; so the solved cube is the rotation that puts that
    /// corner there. With that rotation `r` (state `r` = `r` turned from solved), this
    /// state is `r` then `q` for a position `q` that leaves the reference slot alone:
    /// `q` is `r`'s inverse then this state.
    pub fn cube(self) -> Cube {
        let at_reference = self.0.to_le_bytes()[REFERENCE_SLOT];
        let bytes = unrotating()[usize::from(at_reference)]
            .then(self)
            .0
            .to_le_bytes();
        Cube {
            perm: bytes.map(|b| b & 7),
            twist: bytes.map(|b| b >> 3),
        }
    }

    /// The stickers in the solved cube's colours (`UUUULLFF...`), as seen in space.
    pub fn stickers(self) -> Stickers {
        let bytes = self.0.to_le_bytes();
        let faces = corner_faces(&bytes.map(|b| b & 7), &bytes.map(|b| b >> 3));
        Stickers(faces.map(|f| FACE_LETTERS[usize::from(f)]))
    }
}

/// Indexed by the byte a rotation puts in the reference slot (corner `c` with twist
/// `t`, `c + 8 t`): that rotation's inverse, the one that takes corner `c` to the
/// reference slot and untwists it. The 24 rotations are those x and y generate.
fn unrotating() -> &'static [Turned; 24] {
    static TABLE: OnceLock<[Turned; 24]> = OnceLock::new();
    TABLE.get_or_init(|| {
        // x follows R and y follows U.
        let turn = |axis| {
            Turned::from_permutation(&quarter_turn(axis, true))
                .unwrap_or_else(|| unreachable!("rotations carry corners to corners"))
        };
        let (x, y) = (turn(FACE_AXES[3]), turn(FACE_AXES[0]));
        let mut rotations = vec![Turned::SOLVED];
        let mut i = 0;
        while i < rotations.len() {
            for g in [x, y] {
                let r = rotations[i].then(g);
                if !rotations.contains(&r) {
                    rotations.push(r);
                }
            }
            i += 1;
        }
        let mut table = [Turned::SOLVED; 24];
        for q in rotations {
            // q puts the reference corner in slot c with twist w: it is the inverse of
            // the rotation that puts corner c in the reference slot with twist -w.
            let bytes = q.0.to_le_bytes();
            let c = (0..8u8)
                .find(|&slot| usize::from(bytes[usize::from(slot)] & 7) == REFERENCE_SLOT)
                .unwrap_or_else(|| unreachable!("a rotation moves every corner somewhere"));
            let w = bytes[usize::from(c)] >> 3;
            table[usize::from(c | (((3 - w) % 3) << 3))] = q;
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::notation::{WcaSequence, wca_permutation};

    fn letter_turn(letter: char, quarters: u8) -> Turned {
        Turned::from_permutation(&wca_permutation(letter, quarters).unwrap()).unwrap()
    }

    #[test]
    fn every_rotation_of_the_solved_cube_is_solved() {
        // The table holds 24 distinct rotations (an index left unfilled would repeat the
        // identity), and each, as the state it makes, reads as the solved cube.
        let table = unrotating();
        for (i, r) in table.iter().enumerate() {
            assert!(table[..i].iter().all(|o| o != r), "rotation {i} twice");
            assert_eq!(r.cube(), Cube::SOLVED, "rotation {i}");
            assert_eq!(r.stickers().to_cube(), Ok(Cube::SOLVED), "rotation {i}");
        }
    }

    #[test]
    fn turning_corners_is_turning_stickers() {
        // Every letter and quarter, then random sequences over all of them (a fixed
        // linear congruential stream): the stickers agree, and so does the position
        // that the sticker decoder reads from them.
        let letters = ['U', 'L', 'F', 'R', 'B', 'D', 'x', 'y', 'z'];
        let mut seed = 2026u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for round in 0..2_000 {
            let len = if round < 27 { 1 } else { next(30) as usize };
            let mut text = String::new();
            let mut t = Turned::SOLVED;
            for k in 0..len {
                let (l, q) = if round < 27 {
                    (round / 3, round % 3 + 1)
                } else {
                    (next(9) as usize, next(3) as usize + 1)
                };
                t = t.then(letter_turn(letters[l], q as u8));
                if k > 0 {
                    text.push(' ');
                }
                text.push(letters[l]);
                text.push_str(["", "2", "'"][q - 1]);
            }
            let seq: WcaSequence = text.parse().unwrap();
            let stickers = seq.apply(&Stickers::SOLVED);
            assert_eq!(t.stickers(), stickers, "{text}");
            assert_eq!(
                Ok(t.cube()),
                stickers.to_cube().map_err(|e| e.to_string()),
                "{text}"
            );
        }
    }
}
