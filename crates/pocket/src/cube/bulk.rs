//! Positions by the million, for callers that hold them in arrays (the Python
//! package): sticker bytes to a position number without allocation, the sticker
//! permutation of each move, and each metric's full distance table, built once per
//! process and shared by every thread.
//!
//! A row is 24 face numbers (U L F R B D = 0..5, [`STICKER_FACE`]'s numbering) in the
//! net order. [`index_of_faces`] reads the rows of a cube coloured in that scheme, held
//! in any orientation; it answers `None` for anything else, and the caller then asks
//! the full parser ([`crate::Stickers::to_cube`]), which reads any six colours and
//! names what is wrong. So it is a shortcut, never a second judge: whatever it reads,
//! the parser reads as the same position (the tests check both ways).

use crate::cube::census::distance_table_for;
use crate::cube::shared::PerMetric;
use crate::model::cost::Metric;
use crate::model::move_tables::MOVABLE_SLOTS;
use crate::model::moves::Move;
use crate::model::pieces::{
    CORNER_FACES, CORNER_STICKERS, Coord, PERMS, STICKER_MOVES, STICKERS, TWISTS, tables,
};

#[cfg(doc)]
use crate::model::pieces::{POSITIONS, STICKER_FACE};

/// Faces in rows: U L F R B D.
pub const FACES: usize = 6;

/// The face opposite each face (U-D, L-R, F-B).
const OPPOSITE: [u8; FACES] = [5, 3, 4, 1, 2, 0];

/// The axis of each face: 0 up-down, 1 left-right, 2 front-back.
const AXIS: [u8; FACES] = [0, 1, 2, 1, 2, 0];

/// No corner shows these faces in this order.
const NONE: u8 = u8::MAX;

/// The corner (piece * 4 + twist: no division to split it) that shows faces `a`, `b`,
/// `c` at the three stickers of a slot in their order, at `a * 36 + b * 6 + c`;
/// [`NONE`] when no corner does.
static CORNER_BY_FACES: [u8; FACES * FACES * FACES] = corner_by_faces();

const fn corner_by_faces() -> [u8; FACES * FACES * FACES] {
    let mut table = [NONE; FACES * FACES * FACES];
    let mut piece = 0;
    while piece < 8 {
        let mut twist = 0;
        while twist < 3 {
            // Sticker k of a slot shows face CORNER_FACES[piece][(k - twist) mod 3], as
            // `Cube::faces` draws it.
            let f = &CORNER_FACES[piece];
            let a = f[(3 - twist) % 3] as usize;
            let b = f[(4 - twist) % 3] as usize;
            let c = f[(5 - twist) % 3] as usize;
            table[a * 36 + b * 6 + c] = (piece * 4 + twist) as u8;
            twist += 1;
        }
        piece += 1;
    }
    table
}

/// The colourings of the reference corner: the colours `l`, `b`, `d` it shows at M, T
/// and W (on three axes: 48 ways) name the faces L, B and D, and the colours opposite
/// them R, F and U. `COLOURING_OF[l * 36 + b * 6 + d]` numbers each such colouring
/// ([`NONE`]: not on three axes), and `CORNER_BY_COLOURS[k]` is [`CORNER_BY_FACES`]
/// read through colouring `k`, so that a row's colours need no renaming first: 1M rows
/// checked by `pocket.step` took 42 ns a row renaming each sticker.
static COLOURING_OF: [u8; 216] = colourings().0;
static CORNER_BY_COLOURS: [[u8; 216]; 48] = colourings().1;

const fn colourings() -> ([u8; 216], [[u8; 216]; 48]) {
    let mut of = [NONE; 216];
    let mut by = [[NONE; 216]; 48];
    let mut k = 0;
    let mut key = 0;
    while key < 216 {
        let (l, b, d) = (key / 36, key / 6 % 6, key % 6);
        let axes = 1u8 << AXIS[l] | 1 << AXIS[b] | 1 << AXIS[d];
        if axes == 0b111 {
            let mut face = [0u8; FACES];
            face[l] = 1;
            face[b] = 4;
            face[d] = 5;
            face[OPPOSITE[l] as usize] = 3;
            face[OPPOSITE[b] as usize] = 2;
            face[OPPOSITE[d] as usize] = 0;
            let mut c = 0;
            while c < 216 {
                let (x, y, z) = (c / 36, c / 6 % 6, c % 6);
                by[k][c] = CORNER_BY_FACES
                    [face[x] as usize * 36 + face[y] as usize * 6 + face[z] as usize];
                c += 1;
            }
            of[key] = k as u8;
            k += 1;
        }
        key += 1;
    }
    (of, by)
}

/// The reference corner's stickers M, T and W, which name the L, B and D faces.
const REFERENCE_STICKERS: [usize; 3] = [12, 19, 22];

/// The position number of a row of face numbers, or `None` if the row is not a cube
/// coloured U L F R B D = 0..5 (turned any way): then ask the parser. About 30 ns.
#[inline]
pub fn index_of_faces(row: &[u8; STICKERS]) -> Option<u32> {
    let (pieces, twist) = pieces_of_faces(row)?;
    Some(rank(&pieces) * TWISTS + twist)
}

/// Whether [`index_of_faces`] reads the row as a position, without ranking it: what
/// a call that permutes rows needs to know (`pocket.step` on rows: the rank was a
/// fifth of the check).
#[inline]
pub fn is_position_of_faces(row: &[u8; STICKERS]) -> bool {
    pieces_of_faces(row).is_some()
}

/// The pieces (0..7 in each movable slot) and the twist coordinate of a row of face
/// numbers, as [`index_of_faces`] reads them.
#[inline]
fn pieces_of_faces(row: &[u8; STICKERS]) -> Option<([u8; 7], u32)> {
    if row.iter().any(|&v| v as usize >= FACES) {
        return None;
    }
    let [l, b, d] = REFERENCE_STICKERS.map(|i| row[i] as usize);
    let colouring = COLOURING_OF[l * 36 + b * 6 + d];
    if colouring == NONE {
        return None;
    }
    let by_colours = &CORNER_BY_COLOURS[colouring as usize];
    // The reference piece is home by construction; every other must appear once.
    let mut used = 1u32 << 6;
    let mut pieces = [0u8; 7];
    let (mut twist, mut sum) = (0u32, 0u32);
    for (k, &slot) in MOVABLE_SLOTS.iter().enumerate() {
        let [s0, s1, s2] = CORNER_STICKERS[slot as usize];
        let key = row[s0 as usize] as usize * 36
            + row[s1 as usize] as usize * 6
            + row[s2 as usize] as usize;
        let found = by_colours[key];
        if found == NONE || used & (1 << (found / 4)) != 0 {
            return None;
        }
        let (p, t) = (found / 4, (found % 4) as u32);
        used |= 1 << p;
        pieces[k] = if p > 6 { p - 1 } else { p };
        sum += t;
        if k < 6 {
            twist = twist * 3 + t;
        }
    }
    if sum % 3 != 0 {
        return None;
    }
    Some((pieces, twist))
}

/// Set bits of each 7-bit number: the baseline x86-64 target has no popcount
/// instruction, and its bit-twiddling stand-in was a tenth of [`index_of_faces`].
static ONES: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The rank of a permutation of 0..7, as the coordinate's `rank7` (the tests compare).
#[inline]
fn rank(p: &[u8; 7]) -> u32 {
    let (mut left, mut r) = (0x7fu32, 0u32);
    for (i, &x) in p.iter().enumerate() {
        let smaller = ONES[(left & ((1 << x) - 1)) as usize] as u32;
        left &= !(1 << x);
        r = r * (7 - i as u32) + smaller;
    }
    r
}

/// The row of face numbers of position `index` (< [`POSITIONS`]), held with the
/// reference corner down-back-left.
pub fn faces_of_index(index: u32) -> Option<[u8; STICKERS]> {
    let c = Coord::new(index)?;
    let t = face_tables();
    let (p, w) = ((c.index() / TWISTS) as usize, (c.index() % TWISTS) as usize);
    let (untwisted, twist) = (&t.untwisted[p], &t.twists[w]);
    Some(std::array::from_fn(|i| untwisted[twist[i] as usize]))
}

/// The rows of positions as two look-ups: the faces of each corner permutation with no
/// corner twisted, and the sticker permutation each twist coordinate makes of them
/// (a corner twisted turns its three stickers within its slot). Decoding each position
/// ([`Coord::cube`], then `faces`) took 85 ns a position, a third of `pocket.one_hot`.
struct FaceTables {
    untwisted: Vec<[u8; STICKERS]>,
    twists: Vec<[u8; STICKERS]>,
}

fn face_tables() -> &'static FaceTables {
    static TABLES: std::sync::OnceLock<FaceTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| FaceTables {
        untwisted: (0..PERMS)
            .map(|p| Coord(p * TWISTS).cube().faces())
            .collect(),
        twists: (0..TWISTS)
            .map(|w| {
                let twist = Coord(w).cube().twist;
                let mut from: [u8; STICKERS] = std::array::from_fn(|i| i as u8);
                for (slot, stickers) in CORNER_STICKERS.iter().enumerate() {
                    let o = twist[slot] as usize;
                    // As `Cube::faces` draws it: sticker t of the slot shows the
                    // piece's sticker (t - o) mod 3, which sits at t - o untwisted.
                    for t in 0..3 {
                        from[stickers[t] as usize] = stickers[(t + 3 - o) % 3];
                    }
                }
                from
            })
            .collect(),
    })
}

/// The position after move `m` (an index in [`Move::ALL`]) from position `index`.
#[inline]
pub fn step(index: u32, m: usize) -> u32 {
    let t = tables();
    let (p, w) = ((index / TWISTS) as usize, (index % TWISTS) as usize);
    u32::from(t.perm[p][m]) * TWISTS + u32::from(t.twist[w][m])
}

/// The sticker permutation of each move of [`Move::ALL`]: after move `m`, position `i`
/// holds the sticker that was at `STICKER_PERMUTATIONS[m][i]`.
pub static STICKER_PERMUTATIONS: [[u8; STICKERS]; Move::COUNT] = sticker_permutations();

const fn sticker_permutations() -> [[u8; STICKERS]; Move::COUNT] {
    let mut out = [[0u8; STICKERS]; Move::COUNT];
    let mut m = 0;
    while m < Move::COUNT {
        // R R' R2 U U' U2 F F' F2: face m / 3, turned 1, 3 or 2 quarters.
        let p = &STICKER_MOVES[m / 3];
        let quarters = [1, 3, 2][m % 3];
        let mut perm = [0u8; STICKERS];
        let mut i = 0;
        while i < STICKERS {
            perm[i] = i as u8;
            i += 1;
        }
        let mut q = 0;
        while q < quarters {
            let mut next = [0u8; STICKERS];
            let mut i = 0;
            while i < STICKERS {
                next[i] = perm[p[i] as usize];
                i += 1;
            }
            perm = next;
            q += 1;
        }
        out[m] = perm;
        m += 1;
    }
    out
}

/// Each metric's distance table, once built.
static TABLES: PerMetric<Vec<u8>> = PerMetric::new();

/// The distance of every position *to* solved in `metric`, indexed by position
/// number: built on first use (one breadth-first search, about 65 ms), then shared;
/// threads asking while it is built wait for it.
pub fn distances(metric: Metric) -> &'static [u8] {
    TABLES.get_or_init(metric, || {
        // Along the one-way graph the distance to solved is the distance from solved
        // by the inverse moves; the other metrics are closed under inverses.
        let back: Vec<Move> = metric.steps().iter().map(|m| m.inverse()).collect();
        distance_table_for(&back)
    })
}

/// Whether [`distances`] of `metric` is built already, so asking costs nothing.
pub fn distances_ready(metric: Metric) -> bool {
    TABLES.get(metric).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::move_tables::rank7;
    use crate::model::pieces::POSITIONS;
    use crate::model::stickers::Stickers;

    /// A row as the parser's input: each face number as its letter.
    fn text(row: &[u8; STICKERS]) -> Vec<u8> {
        row.iter()
            .map(|&v| b"ULFRBD".get(v as usize).copied().unwrap_or(b'?'))
            .collect()
    }

    fn parsed(row: &[u8; STICKERS]) -> Option<u32> {
        Stickers::from_bytes(&text(row))
            .ok()?
            .to_cube()
            .ok()
            .map(|c| c.coord().index())
    }

    /// The 24 ways to hold a cube, as sticker permutations of whole-cube turns.
    fn rotations() -> Vec<[u8; STICKERS]> {
        use crate::model::notation::WcaSequence;
        let ids: [u8; STICKERS] = *b"ABCDEFGHIJKLMNOPQRSTUVWX";
        let start = Stickers::from_bytes(&ids).unwrap();
        let mut all = Vec::new();
        for first in ["", "x", "x2", "x'", "z", "z'"] {
            for y in ["", "y", "y2", "y'"] {
                let seq: WcaSequence = format!("{first} {y}").parse().unwrap();
                let moved = seq.apply(&start);
                let bytes = moved.as_str().as_bytes();
                all.push(std::array::from_fn(|j| bytes[j] - b'A'));
            }
        }
        all
    }

    #[test]
    fn the_face_tables_draw_what_the_cube_draws() {
        for i in (0..POSITIONS).step_by(7) {
            assert_eq!(faces_of_index(i), Some(Coord(i).cube().faces()), "{i}");
        }
    }

    #[test]
    fn every_position_reads_back_in_every_orientation() {
        // Held another way, a cube is read as the parser reads it: relative to the
        // corner now at down-back-left, whose colours name L, B and D.
        let turns = rotations();
        for i in (0..POSITIONS).step_by(331) {
            let row = faces_of_index(i).unwrap();
            assert_eq!(index_of_faces(&row), Some(i), "{i}");
            for (k, r) in turns.iter().enumerate() {
                let turned: [u8; STICKERS] = std::array::from_fn(|j| row[r[j] as usize]);
                let read = index_of_faces(&turned);
                assert!(read.is_some(), "{i} turned {k}");
                assert_eq!(read, parsed(&turned), "{i} turned {k}");
            }
        }
        assert_eq!(faces_of_index(POSITIONS), None);
    }

    #[test]
    fn the_shortcut_never_reads_what_the_parser_refuses() {
        // Rows near valid ones (a sticker changed, two swapped) and random rows: the
        // shortcut answers only what the parser answers, and alike.
        let mut rng = crate::cube::scramble::Rng::from_seed(7);
        let mut read = 0;
        for n in 0..200_000u32 {
            let mut row = faces_of_index(rng.below(POSITIONS as u64) as u32).unwrap();
            match n % 4 {
                0 => row[rng.below(24) as usize] = rng.below(7) as u8,
                1 => row.swap(rng.below(24) as usize, rng.below(24) as usize),
                2 => row = std::array::from_fn(|_| rng.below(6) as u8),
                _ => {
                    // Three stickers of one corner turned in place.
                    let s = CORNER_STICKERS[rng.below(8) as usize];
                    let a = row[s[0] as usize];
                    row[s[0] as usize] = row[s[1] as usize];
                    row[s[1] as usize] = row[s[2] as usize];
                    row[s[2] as usize] = a;
                }
            }
            if let Some(i) = index_of_faces(&row) {
                assert_eq!(parsed(&row), Some(i), "{row:?}");
                read += 1;
            }
        }
        assert!(read > 10_000, "{read}");
    }

    #[test]
    fn rank_is_the_coordinates_rank() {
        fn each(p: &mut Vec<u8>, seen: &mut Vec<bool>) {
            if p.len() == 7 {
                let q: [u8; 7] = std::array::from_fn(|i| p[i]);
                assert_eq!(rank(&q), rank7(&q), "{q:?}");
                seen[rank(&q) as usize] = true;
                return;
            }
            for x in 0..7u8 {
                if !p.contains(&x) {
                    p.push(x);
                    each(p, seen);
                    p.pop();
                }
            }
        }
        let mut seen = vec![false; 5040];
        each(&mut Vec::new(), &mut seen);
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn sticker_permutations_follow_the_moves() {
        for m in 0..Move::COUNT {
            let mv = Move::from_index(m);
            for i in (0..POSITIONS).step_by(9_973) {
                let row = faces_of_index(i).unwrap();
                let moved: [u8; STICKERS] =
                    std::array::from_fn(|j| row[STICKER_PERMUTATIONS[m][j] as usize]);
                let want = Coord::new(i).unwrap().apply(m).index();
                assert_eq!(index_of_faces(&moved), Some(want), "{mv} from {i}");
                assert_eq!(step(i, m), want);
            }
        }
    }

    #[test]
    fn shared_tables_are_the_breadth_first_searches() {
        for metric in Metric::ALL {
            let d = distances(metric);
            assert_eq!(d.len(), POSITIONS as usize);
            assert_eq!(d[0], 0);
            assert_eq!(
                *d.iter().max().unwrap() as u32,
                metric.gods_number(),
                "{metric}"
            );
            // The same table on a second call, not a second build.
            assert!(distances_ready(metric));
            assert!(std::ptr::eq(d, distances(metric)));
        }
        // One-way distances are to solved: R takes one move back by R R R.
        let r = Coord::SOLVED.apply(Move::ALL[0].index()).index();
        assert_eq!(distances(Metric::OneWay)[r as usize], 3);
    }
}
