//! The cube as pieces: eight corners, each with a position and a twist, and the
//! compact coordinate that numbers all 3,674,160 positions.
//!
//! Everything here is derived from the sticker permutations of the three moves in
//! [`STICKER_MOVES`], so the sticker net and the piece model cannot disagree.

use crate::error::{Error, Kind};

use crate::model::moves::{Alg, Move};

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
/// A `const fn` (hence the index loops), so the move tables can be built by the compiler.
pub const fn corner_move(p: &[u8; STICKERS]) -> Option<CornerMove> {
    let mut from = [0u8; 8];
    let mut twist = [0u8; 8];
    let mut i = 0;
    while i < 8 {
        let slot = CORNER_STICKERS[i];
        let src = p[slot[0] as usize];
        // The corner (j) and sticker (k) that the slot's first sticker comes from.
        let mut found = None;
        let mut j = 0;
        while j < 8 && found.is_none() {
            let mut k = 0;
            while k < 3 {
                if CORNER_STICKERS[j][k] == src {
                    found = Some((j, k));
                }
                k += 1;
            }
            j += 1;
        }
        let Some((j, k)) = found else {
            return None;
        };
        let mut t = 1;
        while t < 3 {
            if p[slot[t] as usize] != CORNER_STICKERS[j][(k + t) % 3] {
                return None;
            }
            t += 1;
        }
        from[i] = j as u8;
        twist[i] = ((3 - k) % 3) as u8;
        i += 1;
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

const fn rank7(p: &[u8; 7]) -> u32 {
    // The pieces not yet placed, as bits: the smaller ones after p[i] are those
    // below it still in the set.
    let mut left = 0x7fu32;
    let mut r = 0u32;
    let mut i = 0;
    while i < 7 {
        let x = p[i];
        let smaller = (left & ((1 << x) - 1)).count_ones();
        left &= !(1 << x);
        r = r * (7 - i as u32) + smaller;
        i += 1;
    }
    r
}

/// The next permutation in lexicographic order, which is rank order; false after
/// the last.
const fn next_permutation(p: &mut [u8; 7]) -> bool {
    // The last ascent p[i] < p[i + 1].
    let mut i = 6;
    loop {
        if i == 0 {
            return false;
        }
        i -= 1;
        if p[i] < p[i + 1] {
            break;
        }
    }
    // The last element above p[i]; swap, then reverse the tail.
    let mut j = 6;
    while p[j] <= p[i] {
        j -= 1;
    }
    let x = p[i];
    p[i] = p[j];
    p[j] = x;
    let (mut a, mut b) = (i + 1, 6);
    while a < b {
        let x = p[a];
        p[a] = p[b];
        p[b] = x;
        a += 1;
        b -= 1;
    }
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

/// Move tables for the coordinate (about 100 KB), built by the compiler: a fresh
/// process only maps them. Building them at run time took 3.4 of the 14.8 million
/// instructions of a cold hard solve (callgrind), plus the page faults of 100 KB.
pub struct Tables {
    pub corner_moves: [CornerMove; Move::COUNT],
    pub perm: [[u16; Move::COUNT]; PERMS as usize],
    pub twist: [[u16; Move::COUNT]; TWISTS as usize],
}

/// The shared move tables.
#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}

// About 2 million steps of constant evaluation, a fraction of a second of build time.
#[allow(long_running_const_eval)]
static TABLES: Tables = build_tables();

/// The index in [`Move::ALL`] of `quarters` clockwise quarter turns of face `f`.
const fn move_index(f: usize, quarters: usize) -> usize {
    f * 3 + [0, 0, 2, 1][quarters]
}

/// First `a`, then `b`.
const fn compose(a: &CornerMove, b: &CornerMove) -> CornerMove {
    let mut c = CornerMove {
        from: [0; 8],
        twist: [0; 8],
    };
    let mut i = 0;
    while i < 8 {
        let j = b.from[i] as usize;
        c.from[i] = a.from[j];
        c.twist[i] = (a.twist[j] + b.twist[i]) % 3;
        i += 1;
    }
    c
}

const fn build_tables() -> Tables {
    let mut corner_moves = [CornerMove {
        from: [0; 8],
        twist: [0; 8],
    }; Move::COUNT];
    let mut f = 0;
    while f < 3 {
        let Some(q) = corner_move(&STICKER_MOVES[f]) else {
            panic!("built-in moves keep corners whole");
        };
        let twice = compose(&q, &q);
        corner_moves[move_index(f, 1)] = q;
        corner_moves[move_index(f, 2)] = twice;
        corner_moves[move_index(f, 3)] = compose(&twice, &q);
        f += 1;
    }
    // Permutation and twist move independently: each table works on its own part.
    // Only the quarter turns are ranked; a half turn is two quarter turns and a
    // counter-clockwise one three, looked up in the quarter-turn column.
    let mut perm = [[0u16; Move::COUNT]; PERMS as usize];
    // Permutations in rank order, stepped rather than unranked one by one.
    let mut pieces: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];
    let mut p = 0;
    while p < PERMS as usize {
        let mut f = 0;
        while f < 3 {
            let q = move_index(f, 1);
            let from = &corner_moves[q].from;
            // Slot k of the coordinate takes the piece of the slot it comes from.
            let mut moved = [0u8; 7];
            let mut k = 0;
            while k < 7 {
                let src = from[MOVABLE_SLOTS[k] as usize];
                moved[k] = pieces[if src == 7 { 6 } else { src as usize }];
                k += 1;
            }
            perm[p][q] = rank7(&moved) as u16;
            f += 1;
        }
        next_permutation(&mut pieces);
        p += 1;
    }
    let mut p = 0;
    while p < PERMS as usize {
        let mut f = 0;
        while f < 3 {
            let q = move_index(f, 1);
            let once = perm[p][q] as usize;
            let twice = perm[once][q];
            perm[p][move_index(f, 2)] = twice;
            perm[p][move_index(f, 3)] = perm[twice as usize][q];
            f += 1;
        }
        p += 1;
    }
    let mut twist = [[0u16; Move::COUNT]; TWISTS as usize];
    let mut w = 0;
    while w < TWISTS as usize {
        // The twists of the movable slots, as in `Coord::cube`.
        let mut of_slot = [0u8; 8];
        let (mut rest, mut sum) = (w, 0);
        let mut k = 6;
        while k > 0 {
            k -= 1;
            of_slot[MOVABLE_SLOTS[k] as usize] = (rest % 3) as u8;
            sum += rest % 3;
            rest /= 3;
        }
        of_slot[7] = ((3 - sum % 3) % 3) as u8;
        let mut m = 0;
        while m < Move::COUNT {
            let cm = &corner_moves[m];
            let mut t = 0u16;
            let mut k = 0;
            while k < 6 {
                let slot = MOVABLE_SLOTS[k] as usize;
                let j = cm.from[slot] as usize;
                t = t * 3 + ((of_slot[j] + cm.twist[slot]) % 3) as u16;
                k += 1;
            }
            twist[w][m] = t;
            m += 1;
        }
        w += 1;
    }
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
