//! The cube as pieces: eight corners, each with a position and a twist, and the
//! compact coordinate that numbers all 3,674,160 positions.
//!
//! Everything here is derived from the sticker permutations of the three moves in
//! [`STICKER_MOVES`], so the sticker net and the piece model cannot disagree.

use crate::error::{Error, Kind};
use std::sync::OnceLock;

use crate::model::moves::{Alg, Face, Move};

/// Stickers on the cube.
pub const STICKERS: usize = 24; // 6 faces * 4

/// Sticker permutations of the clockwise quarter turns R, U and F, in the net of the
/// README (positions A..X are 0..23). After a move, position `i` holds the sticker
/// that was at `p[i]`.
pub const STICKER_MOVES: [[u8; STICKERS]; 3] = [
    // R: U's right column goes to B, B's left column to D, D's right column to F.
    [
        0, 7, 2, 15, 4, 5, 6, 21, 16, 8, 3, 11, 12, 13, 14, 23, 17, 9, 1, 19, 20, 18, 22, 10,
    ],
    // U: the top rows of L F R B move one face to the left.
    [
        2, 0, 3, 1, 6, 7, 8, 9, 10, 11, 4, 5, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ],
    // F: U's front row goes to R, R's left column to D, D's front row to L.
    [
        0, 1, 13, 5, 4, 20, 14, 6, 2, 9, 10, 11, 12, 21, 15, 7, 3, 17, 18, 19, 16, 8, 22, 23,
    ],
];

/// Corner slots: the three sticker positions of each corner, the U or D sticker
/// first, then clockwise as seen from outside the corner.
/// Order: URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB.
pub const CORNER_STICKERS: [[u8; 3]; 8] = [
    [3, 8, 7],    // URF: D I H
    [2, 6, 5],    // UFL: C G F
    [0, 4, 11],   // ULB: A E L
    [1, 10, 9],   // UBR: B K J
    [21, 15, 16], // DFR: V P Q
    [20, 13, 14], // DLF: U N O
    [22, 19, 12], // DBL: W T M
    [23, 17, 18], // DRB: X R S
];

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

/// A corner move in piece form: slot `i` receives the piece from slot `from[i]`,
/// whose twist grows by `twist[i]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CornerMove {
    pub from: [u8; 8],
    pub twist: [u8; 8],
}

/// Derive the piece form of a sticker permutation. Returns `None` if the permutation
/// does not carry corners to corners while keeping their clockwise sticker order.
pub fn corner_move(p: &[u8; STICKERS]) -> Option<CornerMove> {
    let mut from = [0u8; 8];
    let mut twist = [0u8; 8];
    for (i, slot) in CORNER_STICKERS.iter().enumerate() {
        let src = p[slot[0] as usize];
        let (j, k) = CORNER_STICKERS
            .iter()
            .enumerate()
            .find_map(|(j, s)| s.iter().position(|&x| x == src).map(|k| (j, k)))?;
        for t in 1..3 {
            if p[slot[t] as usize] != CORNER_STICKERS[j][(k + t) % 3] {
                return None;
            }
        }
        from[i] = j as u8;
        twist[i] = ((3 - k) % 3) as u8;
    }
    Some(CornerMove { from, twist })
}

/// A position in piece form: which corner sits in each slot, and its twist
/// (0 when its U or D sticker faces U or D, 1 when turned clockwise, 2 anticlockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    pub(crate) perm: [u8; 8],
    pub(crate) twist: [u8; 8],
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
    pub fn new(perm: [u8; 8], twist: [u8; 8]) -> Result<Cube, Error> {
        let mut seen = [false; 8];
        for &p in &perm {
            if p >= 8 || std::mem::replace(&mut seen[p as usize], true) {
                return Err(Error::invalid(
                    Kind::Pieces,
                    format!("corners {perm:?} are not a permutation of 0 to 7"),
                ));
            }
        }
        if twist.iter().any(|&t| t > 2) || twist.iter().map(|&t| t as u32).sum::<u32>() % 3 != 0 {
            return Err(Error::invalid(
                Kind::Pieces,
                format!("twists {twist:?} are not 0 to 2 summing to 0 mod 3"),
            ));
        }
        if perm[REFERENCE_SLOT] != REFERENCE_SLOT as u8 || twist[REFERENCE_SLOT] != 0 {
            return Err(Error::invalid(
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
        let mut out = [0u8; STICKERS];
        for (slot, stickers) in CORNER_STICKERS.iter().enumerate() {
            let piece = self.perm[slot] as usize;
            let o = self.twist[slot] as usize;
            for t in 0..3 {
                // The piece's sticker r sits at index (r + o) % 3 of the slot.
                out[stickers[t] as usize] = CORNER_FACES[piece][(t + 3 - o) % 3];
            }
        }
        out
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

/// The seven slots that move, in coordinate order.
const MOVABLE_SLOTS: [u8; 7] = [0, 1, 2, 3, 4, 5, 7];

/// Arrangements of the seven movable corners.
pub const PERMS: u32 = 5040; // 7!
/// Twists of the seven movable corners (the last is fixed by the sum).
pub const TWISTS: u32 = 729; // 3^6
/// Positions with the reference corner fixed.
pub const POSITIONS: u32 = PERMS * TWISTS; // 5040 * 729 = 3,674,160

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

fn rank7(p: &[u8; 7]) -> u32 {
    // The pieces not yet placed, as bits: the smaller ones after p[i] are those
    // below it still in the set.
    let mut left = 0x7fu32;
    let mut r = 0u32;
    for (i, &x) in p.iter().enumerate() {
        let smaller = (left & ((1 << x) - 1)).count_ones();
        left &= !(1 << x);
        r = r * (7 - i as u32) + smaller;
    }
    r
}

/// The next permutation in lexicographic order, which is rank order; false after
/// the last.
fn next_permutation(p: &mut [u8; 7]) -> bool {
    let Some(i) = (0..6).rev().find(|&i| p[i] < p[i + 1]) else {
        return false;
    };
    let j = (i + 1..7).rev().find(|&j| p[j] > p[i]).unwrap_or(i + 1);
    p.swap(i, j);
    p[i + 1..].reverse();
    true
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

/// Move tables for the coordinate, built once per process (about 50 KB, microseconds).
pub struct Tables {
    pub corner_moves: [CornerMove; Move::COUNT],
    pub perm: Vec<[u16; Move::COUNT]>,
    pub twist: Vec<[u16; Move::COUNT]>,
}

/// The shared move tables.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

fn build_tables() -> Tables {
    let quarter: Vec<CornerMove> = STICKER_MOVES
        .iter()
        .map(|p| corner_move(p).expect("built-in moves keep corners whole"))
        .collect();
    let compose = |a: &CornerMove, b: &CornerMove| {
        // First a, then b.
        let mut c = CornerMove {
            from: [0; 8],
            twist: [0; 8],
        };
        for i in 0..8 {
            let j = b.from[i] as usize;
            c.from[i] = a.from[j];
            c.twist[i] = (a.twist[j] + b.twist[i]) % 3;
        }
        c
    };
    let mut corner_moves = [quarter[0]; Move::COUNT];
    for m in Move::ALL {
        let q = &quarter[m.face() as usize];
        let mut cm = *q;
        for _ in 1..m.quarters() {
            cm = compose(&cm, q);
        }
        corner_moves[m.index()] = cm;
    }
    // Permutation and twist move independently: each table works on its own part.
    // Only the quarter turns are ranked; a half turn is two quarter turns and a
    // counter-clockwise one three, looked up in the quarter-turn column. Ranking all
    // nine moves took 5.3 of the 7.8 million instructions of a one-move solve
    // (callgrind), most of a fresh process's work; with this and the stepped
    // permutations below, the one-move solve takes 3.9 million and a hard one 14.8
    // instead of 18.7.
    let quarters = Face::ALL.map(|f| Move::new(f, 1).map_or(0, |m| m.index()));
    let mut perm = vec![[0u16; Move::COUNT]; PERMS as usize];
    // Permutations in rank order, stepped rather than unranked one by one.
    let mut pieces: [u8; 7] = std::array::from_fn(|i| i as u8);
    for (p, row) in perm.iter_mut().enumerate() {
        debug_assert_eq!(rank7(&pieces), p as u32);
        for &q in &quarters {
            let from = &corner_moves[q].from;
            // Slot k of the coordinate takes the piece of the slot it comes from.
            let moved = std::array::from_fn(|k| {
                let src = from[MOVABLE_SLOTS[k] as usize];
                pieces[if src == 7 { 6 } else { src as usize }]
            });
            row[q] = rank7(&moved) as u16;
        }
        next_permutation(&mut pieces);
    }
    for p in 0..PERMS as usize {
        for f in Face::ALL {
            let index = |k: u8| Move::new(f, k).map_or(0, |m| m.index());
            let q = index(1);
            let once = perm[p][q] as usize;
            let twice = perm[once][q];
            perm[p][index(2)] = twice;
            perm[p][index(3)] = perm[twice as usize][q];
        }
    }
    let twist = (0..TWISTS)
        .map(|w| {
            let cube = Coord(w).cube();
            std::array::from_fn(|m| {
                let cm = &corner_moves[m];
                let mut t = 0u16;
                for &slot in &MOVABLE_SLOTS[..6] {
                    let j = cm.from[slot as usize] as usize;
                    t = t * 3 + ((cube.twist[j] + cm.twist[slot as usize]) % 3) as u16;
                }
                t
            })
        })
        .collect();
    Tables {
        corner_moves,
        perm,
        twist,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
