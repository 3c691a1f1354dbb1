//! Dense coordinates of a defined puzzle, from its pieces ([`crate::puzzle::spaces::pieces`]): each
//! orbit is ranked as a permutation of its pieces (a multiset permutation when pieces
//! look alike) and as orientation digits (the last one implied when every move keeps
//! their sum), each part with a move table, and a position is the mixed-radix number
//! of its parts. This is what the cube's coordinate is (5040 × 729), found for any
//! definition whose pieces can be told apart in every orientation.
//!
//! Conventions fixed here: parts are numbered permutations first, orientations last,
//! the last part varying fastest; a part's move table is `table[x * moves + m]`.

use crate::engine::layers::Blocks;
use crate::puzzle::spaces::linked::Link;
use crate::puzzle::spaces::pieces::Orbit;
use std::collections::HashMap;
use std::sync::Arc;

mod build;
mod ranked;
mod ranks;
mod stickers;

pub(in crate::puzzle) use ranked::unseen_turns;
pub(in crate::puzzle) use ranks::{
    lehmer_digits, rank_distinct, rank_distinct_parity_first, unrank_distinct,
};

/// The largest part given a move table: 2^22 entries, 72 MB of table with 18 moves
/// (the 2x2x2's corner permutation is 40,320).
pub const MAX_PART: u64 = 1 << 22;

/// The most bytes of move tables a coordinate may have: past it the puzzle stays on
/// stickers (a part of 2^22 entries with 255 moves would take 4 GB).
pub const MAX_TABLE_BYTES: u64 = 1 << 28;

/// The widest block of the engine's block loops: the trailing parts whose product
/// stays within it are the offset inside a block (the cube's 729 twists), so that a
/// block's neighbours under one move lie in one block and stay in cache.
const MAX_WIDTH: u64 = 1 << 16;

/// Move tables of arrangements already built, by what they are built from: the
/// pattern databases of one puzzle share them. The 4x4x4's six tables of four edges
/// each have one arrangement table of 255,024 x 36 entries: built once, not six
/// times, the tables took 13.7 s where they took 28.5 s (one run each; the batch of
/// `benches/deep.py`, 75 to 42 s of CPU).
#[derive(Default)]
pub struct SharedTables(HashMap<Vec<u8>, Arc<[u32]>>);

/// A coordinate's positions, and its move tables: each one's key, when others
/// may share it, and its bytes.
pub type TableSizes = (u64, Vec<(Option<Vec<u8>>, u64)>);

/// One coordinate part and its move table.
#[derive(Clone, Debug)]
struct Part {
    size: u64,
    table: Arc<[u32]>,
    /// Where the part's digit sits in a state of the searches (a bit field, so a
    /// move is shifts and masks, no division).
    shift: u32,
    /// The mask of the bit field, shifted down.
    mask: u64,
    /// An implied arrangement's part: its digit is half its rank, and the parity that
    /// completes it is the sum of the low bits of these parts' digits
    /// ([`crate::puzzle::spaces::linked`]). The table numbers whole ranks.
    half: Option<Vec<usize>>,
}

/// A state of the searches on coordinates: each part's digit in a bit field of an
/// unsigned word. The narrowest word that holds every field is the fastest to hash
/// and store: 1,000 random pocket-golf solves (23 bits) took 38 ms of CPU in a
/// `u128`, 20 ms in a `u32` (`perf stat -r 10`, the cube's same search 16.5 ms).
pub trait Packed: Copy + Eq + std::hash::Hash + std::fmt::Debug {
    /// The empty word.
    const ZERO: Self;
    /// The field at `shift` under `mask`.
    fn field(self, shift: u32, mask: u64) -> usize;
    /// `self` with `digit` put at `shift` (the field is empty).
    fn with(self, digit: u32, shift: u32) -> Self;
    /// The word from a `u128` that fits it.
    fn narrow(x: u128) -> Self;
}

macro_rules! packed {
    ($($t:ty),*) => {$(
        impl Packed for $t {
            const ZERO: $t = 0;
            #[inline]
            fn field(self, shift: u32, mask: u64) -> usize {
                ((self >> shift) as u64 & mask) as usize
            }
            #[inline]
            fn with(self, digit: u32, shift: u32) -> $t {
                self | (digit as $t) << shift
            }
            fn narrow(x: u128) -> $t {
                <$t>::try_from(x).expect("a state of the coordinate's width")
            }
        }
    )*};
}

packed!(u32, u64, u128);

/// How one orbit is ranked.
#[derive(Clone, Debug)]
struct Ranked {
    orbit: Orbit,
    /// Number of kinds of piece (pieces that look alike are one kind).
    kinds: usize,
    /// The kind of the piece at home at each position.
    kind_at: Vec<u8>,
    /// How each kind looks at home, in slot order.
    looks: Vec<Vec<u8>>,
    /// Pieces of each kind.
    counts: Vec<u32>,
    /// Their arrangements, or 0 past [`MAX_PART`] (then never ranked).
    arrangements: u64,
    /// Every piece its own kind: ranked as a plain permutation.
    distinct: bool,
    /// Group elements as exponents of a generator, when the group is cyclic and every
    /// move keeps the sum of the orientations: the last digit is then implied.
    exponent: Option<Vec<u8>>,
    /// The element of each exponent (inverse of `exponent`).
    element: Vec<u8>,
    /// The sum of the exponents at home, which every move keeps (0 unless a piece is
    /// turned at home).
    home_sum: u64,
    /// Whether a piece is turned at home.
    home_turned: bool,
    /// How the arrangement is ranked, given the other orbits' ([`crate::puzzle::spaces::linked`]).
    link: Link,
    perm_part: Option<usize>,
    twist_part: Option<usize>,
}

/// A position of one orbit: the kind of piece at each position and its orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Local {
    kinds: Vec<u8>,
    twists: Vec<u8>,
}

/// A coordinate's orbits and parts before its move tables are built.
struct Layout {
    orbits: Vec<Ranked>,
    /// (orbit, is a twist part, size), permutations first.
    sizes: Vec<(usize, bool, u64)>,
    size: u64,
    moves: usize,
    table_bytes: u64,
}

/// Why no move sequence reaches a sticker string: which sticker, or which piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable(pub String);

impl std::fmt::Display for Unreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unreachable {}

/// The dense coordinate of a puzzle, with its move tables.
#[derive(Clone, Debug)]
pub struct Coords {
    orbits: Vec<Ranked>,
    parts: Vec<Part>,
    strides: Vec<u64>,
    /// Bits of a state of the searches: the sum of the parts' fields.
    bits: u32,
    size: u64,
    moves: usize,
    inverses: Vec<usize>,
    solved: Vec<u8>,
    goal: u64,
    /// Leading parts that number the blocks of the engine's block loops.
    lead: usize,
    width: u64,
}

impl Coords {
    /// Number of coordinates: the product of the parts, an upper bound on the
    /// positions (exact when every arrangement and orientation is reachable).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// How many arrangements are ranked in half by the parities of the moves, and how
    /// many are not ranked as copies of another ([`crate::puzzle::spaces::linked`]).
    pub fn links(&self) -> (usize, usize) {
        let count = |f: fn(&Link) -> bool| self.orbits.iter().filter(|r| f(&r.link)).count();
        (
            count(|l| matches!(l, Link::Implied(_))),
            count(|l| matches!(l, Link::Copy(_))),
        )
    }

    /// Whether some piece is found turned at home (of a kind seen before, its slots
    /// in another order).
    pub fn turned_at_home(&self) -> bool {
        self.orbits.iter().any(|r| r.home_turned)
    }

    /// The sizes of the parts, for saying what the coordinate is.
    pub fn part_sizes(&self) -> Vec<u64> {
        self.parts.iter().map(|p| p.size).collect()
    }

    /// Bytes of move tables.
    pub fn table_bytes(&self) -> u64 {
        self.parts.iter().map(|p| p.table.len() as u64 * 4).sum()
    }

    /// Bytes of move tables not in `seen`, which gets them: tables shared
    /// ([`SharedTables`]) counted once.
    pub fn table_bytes_unseen(&self, seen: &mut std::collections::HashSet<usize>) -> u64 {
        let parts = self.parts.iter();
        let new = parts.filter(|p| seen.insert(p.table.as_ptr() as usize));
        new.map(|p| p.table.len() as u64 * 4).sum()
    }

    /// The coordinate of the solved state.
    pub fn goal(&self) -> u64 {
        self.goal
    }

    /// A state of the searches after move `m`: each part's digit in its bit field
    /// ([`Coords::state`]), in any word that holds [`Coords::bits`]. A state of the
    /// coordinate 0..size is its index.
    #[inline]
    pub fn step<W: Packed>(&self, x: W, m: usize) -> W {
        let mut out = W::ZERO;
        for part in &self.parts {
            let d = x.field(part.shift, part.mask);
            let next = match &part.half {
                None => part.table[d * self.moves + m],
                Some(reads) => {
                    let odd = reads.iter().fold(0, |odd, &k| {
                        odd ^ x.field(self.parts[k].shift, self.parts[k].mask) & 1
                    });
                    part.table[(d << 1 | odd) * self.moves + m] >> 1
                }
            };
            out = out.with(next, part.shift);
        }
        out
    }

    /// Bits of a state of the searches.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The state of the searches of a coordinate.
    pub fn state(&self, index: u64) -> u128 {
        let mut out = 0u128;
        for (part, &stride) in self.parts.iter().zip(&self.strides) {
            out = out.with(((index / stride) % part.size) as u32, part.shift);
        }
        out
    }

    /// The coordinate of a state of the searches.
    #[inline]
    pub fn index(&self, x: u128) -> u64 {
        self.index_of(x)
    }

    /// The coordinate of a state of the searches in any word that holds it.
    #[inline]
    pub fn index_of<W: Packed>(&self, x: W) -> u64 {
        let mut out = 0;
        for (part, &stride) in self.parts.iter().zip(&self.strides) {
            out += x.field(part.shift, part.mask) as u64 * stride;
        }
        out
    }

    /// The part digits `range` of `x`, moved: `x` numbers those parts alone.
    fn apply_parts(&self, x: u64, m: usize, parts: std::ops::Range<usize>, unit: u64) -> u64 {
        let digit = |k: usize| (x / (self.strides[k] / unit)) % self.parts[k].size;
        let mut out = 0;
        for k in parts {
            let part = &self.parts[k];
            let d = digit(k);
            let next = match &part.half {
                None => part.table[d as usize * self.moves + m],
                Some(reads) => {
                    let odd = reads.iter().fold(0, |odd, &k| odd ^ digit(k) & 1);
                    part.table[(d << 1 | odd) as usize * self.moves + m] >> 1
                }
            };
            out += next as u64 * (self.strides[k] / unit);
        }
        out
    }
}

/// The coordinate as the engine's block space: blocks number the leading parts, the
/// offset inside a block the trailing ones (a block of at most 65,536).
impl Blocks for Coords {
    fn blocks(&self) -> usize {
        (self.size / self.width) as usize
    }

    fn width(&self) -> usize {
        self.width as usize
    }

    fn move_count(&self) -> usize {
        self.moves
    }

    fn block_after(&self, block: usize, m: usize, inverse: bool) -> usize {
        let m = if inverse { self.inverses[m] } else { m };
        self.apply_parts(block as u64, m, 0..self.lead, self.width) as usize
    }

    fn offset_after(&self, offset: usize, m: usize, inverse: bool) -> usize {
        let m = if inverse { self.inverses[m] } else { m };
        self.apply_parts(offset as u64, m, self.lead..self.parts.len(), 1) as usize
    }
}

#[cfg(test)]
mod tests {
    use crate::puzzle::formats::defined::Puzzle;

    #[test]
    fn move_tables_past_their_cap_leave_the_puzzle_on_stickers() {
        // Ten stickers swapped by 24 transpositions: 10! arrangements, 24 moves,
        // 348 MB of table.
        let mut text = String::from("solved ABCDEFGHIJ\n");
        let pairs = (0..10).flat_map(|a| (a + 1..10).map(move |b| (a, b)));
        for (k, (a, b)) in pairs.take(24).enumerate() {
            let mut perm: Vec<usize> = (0..10).collect();
            perm.swap(a, b);
            let words: Vec<String> = perm.iter().map(|x| x.to_string()).collect();
            text += &format!("move m{k} {}\n", words.join(" "));
        }
        let p = Puzzle::parse(&text, "x").unwrap();
        let space = p.space(false).unwrap();
        // Solved on stickers; its one orbit of distinct pieces counted on a split.
        assert!(matches!(
            space.engine(),
            crate::puzzle::spaces::space::Engine::Stickers(_)
        ));
        assert_eq!(space.engine_name(), "split");
        assert!(
            space.engine_note().contains("move tables would take"),
            "{}",
            space.engine_note()
        );
    }

    #[test]
    fn parities_bound_the_positions() {
        // Two 3-cycles of four stickers: even moves only, 12 of the 24 orders.
        let p = Puzzle::parse(
            "solved ABCD\nmove a 1 2 0 3\nmove b 0 2 3 1\npowers all",
            "x",
        )
        .unwrap();
        let space = p.space(false).unwrap();
        assert_eq!(
            space.engine_name(),
            "coordinates",
            "{}",
            space.engine_note()
        );
        assert!(
            space
                .engine_note()
                .contains("coordinates 12 = 12 positions at most (1 arrangement halved")
        );
        assert_eq!(space.size(), Some(12));
        assert_eq!(space.census().unwrap().total(), 12);
        let golf = Puzzle::load("pocket-golf").unwrap();
        assert_eq!(golf.space(false).unwrap().size(), Some(3_674_160));
    }

    #[test]
    fn the_pocket_golf_coordinate_is_the_cubes() {
        let p = Puzzle::load("pocket-golf").unwrap();
        let space = p.space(false).unwrap();
        let crate::puzzle::spaces::space::Engine::Coordinates(c) = space.engine() else {
            panic!("{}", space.engine_note());
        };
        assert_eq!(c.size(), 3_674_160);
        assert_eq!(c.part_sizes(), [5040, 729]);
        assert_eq!(c.decode(c.goal()), p.solved);
        // Moves on coordinates are moves on stickers.
        let mut x = c.goal();
        for step in 0..200 {
            let m = (step * 7 + step / 3) % p.moves.len();
            let stickers = c.decode(x);
            assert_eq!(c.index(c.state(x)), x);
            let y = c.index(c.step(c.state(x), m));
            let moved: Vec<u8> = p.moves[m]
                .perm
                .iter()
                .map(|&i| stickers[i as usize])
                .collect();
            assert_eq!(c.decode(y), moved);
            assert_eq!(c.encode(&moved), Ok(y));
            x = y;
        }
    }
}
