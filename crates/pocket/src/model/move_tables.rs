//! The coordinate's move tables, in `const fn`s that use nothing else of the crate:
//! the compiler evaluates them for [`super::pieces::tables`], and the build script
//! (`build.rs`) includes this file to compute the built-in HTM distance table.

/// Moves in the tables: R R' R2 U U' U2 F F' F2, as `Move::ALL`.
pub const MOVES: usize = 9; // 3 faces * 3 amounts

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

/// The seven slots that move, in coordinate order.
pub(crate) const MOVABLE_SLOTS: [u8; 7] = [0, 1, 2, 3, 4, 5, 7];

/// Arrangements of the seven movable corners.
pub const PERMS: u32 = 5040; // 7!
/// Twists of the seven movable corners (the last is fixed by the sum).
pub const TWISTS: u32 = 729; // 3^6
/// Positions with the reference corner fixed.
pub const POSITIONS: u32 = PERMS * TWISTS; // 5040 * 729 = 3,674,160

pub(crate) const fn rank7(p: &[u8; 7]) -> u32 {
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

/// Move tables for the coordinate (about 100 KB), built by the compiler: a fresh
/// process only maps them. Building them at run time took 3.4 of the 14.8 million
/// instructions of a cold hard solve (callgrind), plus the page faults of 100 KB.
pub struct Tables {
    pub corner_moves: [CornerMove; MOVES],
    pub perm: [[u16; MOVES]; PERMS as usize],
    pub twist: [[u16; MOVES]; TWISTS as usize],
}

/// The index in `Move::ALL` (`R R' R2 U U' U2 F F' F2`) of `quarters` clockwise
/// quarter turns of face `f`.
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

pub(crate) const fn build_tables() -> Tables {
    let mut corner_moves = [CornerMove {
        from: [0; 8],
        twist: [0; 8],
    }; MOVES];
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
    let mut perm = [[0u16; MOVES]; PERMS as usize];
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
    let mut twist = [[0u16; MOVES]; TWISTS as usize];
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
        while m < MOVES {
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
