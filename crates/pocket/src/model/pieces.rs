//! The cube as pieces: eight corners, each with a position and a twist, and the
//! compact coordinate that numbers all 3,674,160 positions.
//!
//! Everything here is derived from the sticker permutations of the three moves in
//! [`STICKER_MOVES`], so the sticker net and the piece model cannot disagree.

use super::invalid::{Invalid, Kind};

pub use crate::model::move_tables::{
    CORNER_STICKERS, PERMS, POSITIONS, STICKER_MOVES, STICKERS, TWISTS, Tables,
};
use crate::model::move_tables::{MOVABLE_SLOTS, build_tables, rank7};
use crate::model::moves::{Alg, Move};

/// Faces of the stickers of each corner in its home slot, in the order of
/// [`CORNER_STICKERS`]. Faces are numbered U=0, L=1, F=2, R=3, B=4, D=5.
pub const CORNER_FACES: [[u8; 3]; 8] = [
    [0, 3, 2], // URF
    [0, 2, 1], // UFL
    [0, 1, 4], // ULB
    [0, 4, 3], // UBR
    [5, 2, 3], // DFR
    [5, 1, 2], // DLF
    [5, 4, 1], // DBL
    [5, 3, 4], // DRB
];

/// Face of each sticker position of the solved cube (`UUUULLFFRRBBLLFFRRBBDDDD`).
pub const STICKER_FACE: [u8; STICKERS] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5,
];

/// Letters of the faces in the numbering above.
pub const FACE_LETTERS: [u8; 6] = *b"ULFRBD";

/// The reference corner slot (down-back-left), which R, U and F never move.
pub const REFERENCE_SLOT: usize = 6;

/// A position in piece form: which corner sits in each slot, and its twist
/// (0 when its U or D sticker faces U or D, 1 when turned clockwise, 2 anticlockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    pub(crate) perm: [u8; 8],
    pub(crate) twist: [u8; 8],
}

/// The faces (U=0 .. D=5) of the 24 stickers when slot `i` holds corner `perm[i]` with
/// twist `twist[i]`; the reference corner may be anywhere (a cube held in any way).
pub(crate) fn corner_faces(perm: &[u8; 8], twist: &[u8; 8]) -> [u8; STICKERS] {
    let mut out = [0u8; STICKERS];
    for (slot, stickers) in CORNER_STICKERS.iter().enumerate() {
        let piece = perm[slot] as usize;
        let o = twist[slot] as usize;
        for t in 0..3 {
            // The piece's sticker r sits at index (r + o) % 3 of the slot.
            out[stickers[t] as usize] = CORNER_FACES[piece][(t + 3 - o) % 3];
        }
    }
    out
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::SOLVED
    }
}

impl Cube {
    /// A position from its pieces: which corner is in each slot, and its twist. Refused
    /// unless the corners are a permutation, each twist is 0, 1 or 2, the twists sum
    /// to 0 mod 3, and the reference corner (down-back-left) is home and untwisted.
    pub fn new(perm: [u8; 8], twist: [u8; 8]) -> Result<Cube, Invalid> {
        let mut seen = [false; 8];
        for &p in &perm {
            if p >= 8 || std::mem::replace(&mut seen[p as usize], true) {
                return Err(Invalid::new(
                    Kind::Pieces,
                    format!("corners {perm:?} are not a permutation of 0 to 7"),
                ));
            }
        }
        if twist.iter().any(|&t| t > 2) || twist.iter().map(|&t| t as u32).sum::<u32>() % 3 != 0 {
            return Err(Invalid::new(
                Kind::Pieces,
                format!("twists {twist:?} are not 0 to 2 summing to 0 mod 3"),
            ));
        }
        if perm[REFERENCE_SLOT] != REFERENCE_SLOT as u8 || twist[REFERENCE_SLOT] != 0 {
            return Err(Invalid::new(
                Kind::Pieces,
                "the reference corner (slot 6, down-back-left) must be home, untwisted",
            ));
        }
        Ok(Cube { perm, twist })
    }

    /// Which corner is in each slot (URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB).
    pub fn perm(&self) -> [u8; 8] {
        self.perm
    }

    /// The twist of the corner in each slot: 0, 1 clockwise, 2 anticlockwise.
    pub fn twist(&self) -> [u8; 8] {
        self.twist
    }

    /// The solved cube.
    pub const SOLVED: Cube = Cube {
        perm: [0, 1, 2, 3, 4, 5, 6, 7],
        twist: [0; 8],
    };

    /// Apply one move.
    pub fn apply(&self, m: Move) -> Cube {
        let mut c = *self;
        let cm = &tables().corner_moves[m.index()];
        for i in 0..8 {
            let j = cm.from[i] as usize;
            c.perm[i] = self.perm[j];
            c.twist[i] = (self.twist[j] + cm.twist[i]) % 3;
        }
        c
    }

    /// Apply every move of an algorithm in turn.
    pub fn apply_alg(&self, alg: &Alg) -> Cube {
        alg.as_slice().iter().fold(*self, |c, &m| c.apply(m))
    }

    /// The inverse position: the one that the inverse of any sequence making this
    /// position makes.
    pub fn inverse(&self) -> Cube {
        let mut c = Cube::SOLVED;
        for slot in 0..8 {
            let piece = self.perm[slot] as usize;
            // The piece in `slot` goes home to `piece`'s slot, untwisting as it goes.
            c.perm[piece] = slot as u8;
            c.twist[piece] = (3 - self.twist[slot]) % 3;
        }
        c
    }

    /// Whether the cube is solved.
    pub fn is_solved(&self) -> bool {
        *self == Cube::SOLVED
    }

    /// The faces (U=0 .. D=5) of the 24 stickers.
    pub fn faces(&self) -> [u8; STICKERS] {
        corner_faces(&self.perm, &self.twist)
    }

    /// The compact coordinate of this position. The reference corner must be home.
    pub fn coord(&self) -> Coord {
        debug_assert_eq!(self.perm[REFERENCE_SLOT], REFERENCE_SLOT as u8);
        let mut pieces = [0u8; 7];
        for (k, &slot) in MOVABLE_SLOTS.iter().enumerate() {
            let p = self.perm[slot as usize];
            pieces[k] = if p > 6 { p - 1 } else { p };
        }
        let mut t = 0u32;
        for &slot in &MOVABLE_SLOTS[..6] {
            t = t * 3 + self.twist[slot as usize] as u32;
        }
        Coord(rank7(&pieces) * TWISTS + t)
    }
}

/// A position as a number in `0..POSITIONS`: permutation rank times 729 plus twist.
/// Small, `Copy` and hashable: the key of every search and table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord(pub(crate) u32);

impl Coord {
    /// The solved position.
    pub const SOLVED: Coord = Coord(0);

    /// The position with this number, if it is one (`0..POSITIONS`).
    pub fn new(index: u32) -> Option<Coord> {
        (index < POSITIONS).then_some(Coord(index))
    }

    /// The number of this position, in `0..POSITIONS`.
    pub fn index(self) -> u32 {
        self.0
    }

    /// Apply the move with index `m` (see [`Move::index`]) through the move tables.
    #[inline]
    pub fn apply(self, m: usize) -> Coord {
        let t = tables();
        let (p, w) = (self.0 / TWISTS, self.0 % TWISTS);
        Coord(t.perm[p as usize][m] as u32 * TWISTS + t.twist[w as usize][m] as u32)
    }

    /// The position in piece form.
    pub fn cube(self) -> Cube {
        let (p, mut w) = (self.0 / TWISTS, self.0 % TWISTS);
        let pieces = unrank7(p);
        let mut cube = Cube::SOLVED;
        for (k, &slot) in MOVABLE_SLOTS.iter().enumerate() {
            let q = pieces[k];
            cube.perm[slot as usize] = if q >= 6 { q + 1 } else { q };
        }
        let mut sum = 0;
        for &slot in MOVABLE_SLOTS[..6].iter().rev() {
            cube.twist[slot as usize] = (w % 3) as u8;
            sum += w % 3;
            w /= 3;
        }
        cube.twist[7] = ((3 - sum % 3) % 3) as u8;
        cube
    }
}

fn unrank7(mut r: u32) -> [u8; 7] {
    let mut digits = [0u32; 7];
    for i in (0..7).rev() {
        let base = 7 - i as u32;
        digits[i] = r % base;
        r /= base;
    }
    // Take the digit-th unused piece, tracking used pieces in a bit mask.
    let mut used = 0u32;
    let mut p = [0u8; 7];
    for i in 0..7 {
        let mut left = digits[i];
        let mut q = 0;
        loop {
            if used & (1 << q) == 0 {
                if left == 0 {
                    break;
                }
                left -= 1;
            }
            q += 1;
        }
        used |= 1 << q;
        p[i] = q as u8;
    }
    p
}

/// The shared move tables.
#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}

// About 2 million steps of constant evaluation, a fraction of a second of build time.
#[allow(long_running_const_eval)]
static TABLES: Tables = build_tables();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::move_tables::corner_move;

    #[test]
    fn checked_constructors() {
        for i in (0..POSITIONS).step_by(9_973) {
            let cube = Coord::new(i).unwrap().cube();
            assert_eq!(Cube::new(cube.perm(), cube.twist()), Ok(cube));
            assert_eq!(cube.coord().index(), i);
        }
        assert_eq!(Coord::new(POSITIONS), None);
        let solved = (Cube::SOLVED.perm(), Cube::SOLVED.twist());
        let e = |p: [u8; 8], t: [u8; 8]| Cube::new(p, t).unwrap_err().to_string();
        assert!(e([0, 0, 2, 3, 4, 5, 6, 7], solved.1).contains("not a permutation"));
        assert!(e(solved.0, [1, 0, 0, 0, 0, 0, 0, 0]).contains("summing to 0 mod 3"));
        assert!(e(solved.0, [3, 0, 0, 0, 0, 0, 0, 0]).contains("0 to 2"));
        assert!(e([0, 1, 2, 3, 4, 6, 5, 7], solved.1).contains("reference corner"));
    }

    #[test]
    fn sticker_moves_keep_corners_whole() {
        for p in &STICKER_MOVES {
            let cm = corner_move(p).unwrap();
            assert_eq!(cm.from[REFERENCE_SLOT], REFERENCE_SLOT as u8);
            let sum: u32 = cm.twist.iter().map(|&t| t as u32).sum();
            assert_eq!(sum % 3, 0);
        }
        // The solved net matches the corner faces.
        for (slot, s) in CORNER_STICKERS.iter().enumerate() {
            for t in 0..3 {
                assert_eq!(STICKER_FACE[s[t] as usize], CORNER_FACES[slot][t]);
            }
        }
        assert_eq!(Cube::SOLVED.faces(), STICKER_FACE);
    }

    #[test]
    fn coord_round_trip() {
        for i in (0..POSITIONS).step_by(997) {
            assert_eq!(Coord(i).cube().coord(), Coord(i));
        }
        assert_eq!(Cube::SOLVED.coord(), Coord::SOLVED);
    }

    #[test]
    fn faces_follow_sticker_permutation() {
        // Applying a move to pieces and then reading stickers equals permuting stickers.
        let mut cube = Cube::SOLVED;
        let mut faces = STICKER_FACE;
        for (k, m) in "R U F' R2 U' F2 R' U2 F"
            .parse::<Alg>()
            .unwrap()
            .as_slice()
            .iter()
            .enumerate()
        {
            cube = cube.apply(*m);
            for _ in 0..m.quarters() {
                let p = &STICKER_MOVES[m.face() as usize];
                faces = std::array::from_fn(|i| faces[p[i] as usize]);
            }
            assert_eq!(cube.faces(), faces, "after move {k}");
        }
    }

    #[test]
    fn coord_moves_match_cube_moves() {
        let mut c = Cube::SOLVED;
        for i in 0..200 {
            let m = Move::from_index((i * 7 + i / 3) % 9);
            let next = c.apply(m);
            assert_eq!(c.coord().apply(m.index()), next.coord());
            c = next;
        }
    }

    #[test]
    fn group_identities() {
        let id = |s: &str, times: usize| {
            let a: Alg = s.parse().unwrap();
            (0..times).fold(Cube::SOLVED, |c, _| c.apply_alg(&a))
        };
        assert!(id("R", 4).is_solved());
        assert!(id("U", 4).is_solved());
        assert!(id("F2", 2).is_solved());
        assert!(id("R U R' U'", 6).is_solved());
        assert!(!id("R U R' U'", 3).is_solved());
        let a: Alg = "R U2 F' R' U F2 R2 U'".parse().unwrap();
        assert!(
            Cube::SOLVED
                .apply_alg(&a)
                .apply_alg(&a.inverse())
                .is_solved()
        );
    }
}
