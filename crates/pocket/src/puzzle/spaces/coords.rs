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
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::spaces::linked::{self, Link};
use crate::puzzle::spaces::pieces::{self, Orbit, Refusal};
use std::collections::HashMap;
use std::sync::Arc;

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

/// Kinds numbered by their counts, the largest first (ties in the order found), so
/// that projections blanking different pieces of one orbit have one arrangement table
/// ([`SharedTables`]): four tracked edges of the 4x4x4 counted `[1, 1, 1, 1, 20]` or
/// `[20, 1, 1, 1, 1]` by where the blank pieces came first.
fn number_by_count(
    kind_at: Vec<u8>,
    looks: Vec<Vec<u8>>,
    counts: Vec<u32>,
) -> (Vec<u8>, Vec<Vec<u8>>, Vec<u32>) {
    let mut by: Vec<usize> = (0..counts.len()).collect();
    by.sort_by_key(|&k| std::cmp::Reverse(counts[k]));
    let mut new_of = vec![0u8; counts.len()];
    for (new, &old) in by.iter().enumerate() {
        new_of[old] = new as u8;
    }
    (
        kind_at.iter().map(|&k| new_of[k as usize]).collect(),
        by.iter().map(|&k| looks[k].clone()).collect(),
        by.iter().map(|&k| counts[k]).collect(),
    )
}

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

/// Arrangements of a multiset with these counts: `(sum)! / prod(count!)`, or `None`
/// past `limit` (at most 2^32, so that every step fits 64 bits).
fn arrangements(counts: &[u32], limit: u64) -> Option<u64> {
    debug_assert!(limit <= 1 << 32);
    let mut total: u64 = 1;
    let mut placed: u64 = 0;
    for &c in counts {
        for k in 1..=c as u64 {
            placed += 1;
            // Multiplying in the order of a binomial product keeps each step whole.
            total = exact_div(total * placed, k);
            if total > limit {
                return None;
            }
        }
    }
    Some(total)
}

/// The rank of a sequence of kinds among the arrangements of its multiset (of at most
/// [`MAX_PART`] arrangements, so that 64 bits hold every product here: 128-bit
/// division was 9% of solving 1,000 pocket-golf states).
fn rank_multiset(seq: &[u8], counts: &[u32], arrangements: u64) -> u64 {
    let mut counts: smallvec::SmallVec<[u32; 16]> = counts.into();
    let mut left = seq.len() as u64;
    let mut total = arrangements;
    let mut rank = 0;
    for &x in seq {
        // The arrangements that start with a smaller kind, in one exact division for
        // them all (each kind's share is whole, so their sum is): with a division a
        // kind, the 4x4x4's tables of four edges took 13.7 s, 10.1 s this way, and
        // the edges' arrangement table 3.4 to 2.3 s with `exact_div` (one run each).
        let below: u32 = counts[..x as usize].iter().sum();
        rank += exact_div(total * below as u64, left);
        total = exact_div(total * counts[x as usize] as u64, left);
        counts[x as usize] -= 1;
        left -= 1;
    }
    rank
}

/// `BINOMIAL[n][k]`: n choose k, for n up to 64 (C(64, 32) is under 2^61).
static BINOMIAL: [[u64; 65]; 65] = {
    let mut t = [[0u64; 65]; 65];
    let mut n = 0;
    while n < 65 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The rank of a sequence of two kinds, `ones` of kind 1, as [`rank_multiset`]
/// numbers it: before a 1 with `r` ones from it on come the sequences with a 0
/// there, the `r` ones in the places after it. One table lookup a 1 where the
/// multiset rank multiplies twice a place: the 8x8x8's nine orbits of centres, four
/// of one kind against 20 blanks in 24 places under 72 moves, spent 36% of a short
/// solve ranking.
fn rank_two_kinds(seq: &[u8], ones: u32) -> u64 {
    let n = seq.len();
    let mut left = ones as usize;
    let mut rank = 0;
    for (i, &x) in seq.iter().enumerate() {
        if left == 0 {
            break;
        }
        if x == 1 {
            rank += BINOMIAL[n - i - 1][left];
            left -= 1;
        }
    }
    rank
}

/// Each small divisor as a shift and the inverse of its odd part modulo 2^64.
const EXACT: [(u32, u64); 256] = {
    let mut t = [(0u32, 0u64); 256];
    let mut d = 1;
    while d < 256 {
        let shift = (d as u64).trailing_zeros();
        let odd = (d as u64) >> shift;
        // Newton's iteration doubles the correct low bits: 3, 6, 12, 24, 48, 96.
        let mut inv = odd;
        let mut i = 0;
        while i < 5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inv)));
            i += 1;
        }
        t[d] = (shift, inv);
        d += 1;
    }
    t
};

/// `n / d` where `d` divides `n`: a shift and a multiplication for `d` under 256,
/// which a hardware division takes tens of cycles for.
#[inline]
fn exact_div(n: u64, d: u64) -> u64 {
    debug_assert!(d > 0 && n % d == 0);
    match EXACT.get(d as usize) {
        Some(&(shift, inv)) => (n >> shift).wrapping_mul(inv),
        None => n / d,
    }
}

/// One in every nibble: the counters of [`lehmer_digits`].
const NIBBLES: u64 = 0x1111_1111_1111_1111;

/// Each place's digit of an arrangement of distinct kinds `0..n`: the smaller kinds
/// after it. For `n` up to 16, nibble `y` of a counter holds how many kinds placed so
/// far are below `y`, so that a digit takes a shift and an add: the software
/// popcount (no `popcnt` in the baseline x86-64 target) took Loopover 3x3's move
/// tables most of their time (census 0.87x the CPU: farm-bench, medians of 7 paired
/// runs, 0.115 to 0.097 s). Past 16, a mask of the kinds placed and its popcount.
#[inline]
pub(in crate::puzzle) fn lehmer_digits(seq: &[u8], mut digit: impl FnMut(usize, u64)) {
    if seq.len() <= 16 {
        let mut below = 0u64;
        for (i, &x) in seq.iter().enumerate() {
            digit(i, x as u64 - (below >> (4 * x) & 15));
            below = below.wrapping_add(NIBBLES.checked_shl(4 * (x as u32 + 1)).unwrap_or(0));
        }
    } else {
        let mut before = 0u64;
        for (i, &x) in seq.iter().enumerate() {
            digit(
                i,
                (x as u32 - (before & ((1u64 << x) - 1)).count_ones()) as u64,
            );
            before |= 1 << x;
        }
    }
}

/// The rank of an arrangement of distinct kinds `0..n`, as [`rank_multiset`] ranks
/// it with every count 1: each place's digit counts the smaller kinds after it, in
/// the factorial base (no division; `n` is at most 11, as 12! is past
/// [`MAX_PART`]).
pub(in crate::puzzle) fn rank_distinct(seq: &[u8]) -> u64 {
    let n = seq.len();
    debug_assert!(n < 64);
    let mut rank = 0u64;
    lehmer_digits(seq, |i, d| rank = rank * (n - i) as u64 + d);
    rank
}

/// [`rank_distinct`] with its low bit replaced by the arrangement's parity (the
/// parity of the sum of its digits): ranks `2k` and `2k + 1` differ by a swap of the
/// last two places, so that this too numbers every arrangement once
/// ([`crate::puzzle::spaces::linked`]).
pub(in crate::puzzle) fn rank_distinct_parity_first(seq: &[u8]) -> u64 {
    let n = seq.len();
    let (mut rank, mut sum) = (0u64, 0u64);
    lehmer_digits(seq, |i, d| {
        rank = rank * (n - i) as u64 + d;
        sum += d;
    });
    rank & !1 | (sum & 1)
}

/// The arrangement of `0..n` of rank `r` ([`rank_distinct`], or
/// [`rank_distinct_parity_first`]): no division past the digits, no allocation but
/// the answer (the move tables of Loopover 3x3 unranked 362,880 arrangements).
pub(in crate::puzzle) fn unrank_distinct(mut r: u64, n: usize, parity_first: bool) -> Vec<u8> {
    debug_assert!(n < 64);
    let low = r & 1;
    let mut digits = [0u8; 64];
    for i in (0..n).rev() {
        let base = (n - i) as u64;
        digits[i] = (r % base) as u8;
        r /= base;
    }
    if parity_first && n >= 2 {
        let sum: u64 = digits[..n - 2].iter().map(|&d| d as u64).sum();
        digits[n - 2] = ((sum & 1) ^ low) as u8;
    }
    let mut free: u64 = (1u64 << n) - 1;
    digits[..n]
        .iter()
        .map(|&d| {
            let mut f = free;
            for _ in 0..d {
                f &= f - 1;
            }
            let x = f.trailing_zeros();
            free &= !(1u64 << x);
            x as u8
        })
        .collect()
}

/// The sequence of kinds of rank `r`.
fn unrank_multiset(mut r: u64, counts: &[u32]) -> Vec<u8> {
    let mut counts = counts.to_vec();
    let n: u32 = counts.iter().sum();
    let mut left = n as u64;
    let mut total = arrangements(&counts, MAX_PART).expect("a tabulated part");
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let mut y = 0;
        loop {
            let here = exact_div(total * counts[y] as u64, left);
            if r < here {
                break;
            }
            r -= here;
            y += 1;
        }
        out.push(y as u8);
        total = exact_div(total * counts[y] as u64, left);
        counts[y] -= 1;
        left -= 1;
    }
    out
}

/// The orbit with its orientations forgotten when no piece of it shows them (every
/// piece looks the same however it is turned, as a piece of one colour does): its
/// positions are then its arrangements alone. Pattern databases (`pattern.rs`) colour
/// the pieces of an orbit so, when its orientations are too many to tabulate.
pub(in crate::puzzle) fn unseen_turns(mut orbit: Orbit, solved: &[u8]) -> Orbit {
    let unseen = orbit.pieces.iter().all(|piece| {
        let look: Vec<u8> = piece.iter().map(|&s| solved[s as usize]).collect();
        orbit.twists[1..]
            .iter()
            .all(|g| g.iter().map(|&s| look[s as usize]).eq(look.iter().copied()))
    });
    if unseen && orbit.twists.len() > 1 {
        orbit.twists.truncate(1);
        orbit.product = vec![0];
        for row in &mut orbit.twist {
            row.iter_mut().for_each(|t| *t = 0);
        }
    }
    orbit
}

impl Ranked {
    fn new(orbit: Orbit, solved: &[u8], by_count: bool) -> Result<Ranked, Refusal> {
        let orbit = unseen_turns(orbit, solved);
        let mut looks: Vec<Vec<u8>> = Vec::new();
        let mut kind_at = Vec::new();
        // A piece that looks like a kind already seen turned is of that kind, turned
        // at home: pieces found with their slots in another order (twsearch's 3p1,
        // whose identical edges came out as two kinds, each the other flipped).
        let mut home_twists = Vec::new();
        for piece in &orbit.pieces {
            let look: Vec<u8> = piece.iter().map(|&s| solved[s as usize]).collect();
            let seen = looks.iter().enumerate().find_map(|(k, l)| {
                let shows = |g: &Vec<u8>| g.iter().map(|&s| l[s as usize]).eq(look.iter().copied());
                orbit.twists.iter().position(shows).map(|t| (k, t as u8))
            });
            let (k, t) = seen.unwrap_or_else(|| {
                looks.push(look);
                (looks.len() - 1, 0)
            });
            kind_at.push(k as u8);
            home_twists.push(t);
        }
        // Every orientation of every kind must look different from every other: else
        // the stickers do not tell the coordinate.
        for (a, look) in looks.iter().enumerate() {
            for g in &orbit.twists[1..] {
                let turned: Vec<u8> = g.iter().map(|&s| look[s as usize]).collect();
                if let Some(b) = looks.iter().position(|l| *l == turned) {
                    let piece = |k: usize| {
                        let at = kind_at.iter().position(|&x| x as usize == k).expect("kind");
                        let p = &orbit.pieces[at];
                        p.iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    return Err(if a == b {
                        format!("the piece of stickers {} looks the same turned", piece(a))
                    } else {
                        format!(
                            "the pieces of stickers {} and {} look alike turned",
                            piece(a),
                            piece(b)
                        )
                    });
                }
            }
        }
        let mut counts = vec![0u32; looks.len()];
        for &k in &kind_at {
            counts[k as usize] += 1;
        }
        if by_count {
            (kind_at, looks, counts) = number_by_count(kind_at, looks, counts);
        }
        let order = orbit.twists.len();
        // A cyclic group: some element whose powers are all of it.
        let mut exponent = None;
        let mut element = Vec::new();
        for g in 0..order as u8 {
            let mut powers = vec![0u8];
            let mut x = g;
            while x != 0 && powers.len() <= order {
                powers.push(x);
                x = orbit.mul(x, g);
            }
            if powers.len() == order {
                let mut exp = vec![0u8; order];
                for (e, &p) in powers.iter().enumerate() {
                    exp[p as usize] = e as u8;
                }
                let keeps = orbit.twist.iter().all(|row| {
                    row.iter().map(|&t| exp[t as usize] as usize).sum::<usize>() % order == 0
                });
                if keeps && order > 1 {
                    exponent = Some(exp);
                    element = powers;
                } else {
                    element = (0..order as u8).collect();
                }
                break;
            }
        }
        if element.is_empty() {
            element = (0..order as u8).collect();
        }
        // The sum every move keeps: the pieces' at home.
        let home_sum = match &exponent {
            Some(exp) => {
                home_twists
                    .iter()
                    .map(|&t| exp[t as usize] as u64)
                    .sum::<u64>()
                    % order as u64
            }
            None => 0,
        };
        Ok(Ranked {
            orbit,
            kinds: looks.len(),
            kind_at,
            looks,
            distinct: counts.iter().all(|&c| c == 1),
            arrangements: arrangements(&counts, MAX_PART).unwrap_or(0),
            counts,
            exponent,
            element,
            home_sum,
            home_turned: home_twists.iter().any(|&t| t != 0),
            link: Link::Alone,
            perm_part: None,
            twist_part: None,
        })
    }

    /// The rank of a sequence of kinds.
    fn rank_kinds(&self, kinds: &[u8]) -> u64 {
        if self.distinct {
            rank_distinct(kinds)
        } else if self.counts.len() == 2 && kinds.len() < 65 {
            rank_two_kinds(kinds, self.counts[1])
        } else {
            rank_multiset(kinds, &self.counts, self.arrangements)
        }
    }

    /// A part's move table, `whole` digits by `moves`: each digit unranked once,
    /// moved by every move in a buffer, ranked (the tables of pocket-golf took 75
    /// million instructions with a fresh orbit and a multiset rank per entry, 23
    /// million this way: a process solving one state, 6.3 to 2.7 ms of CPU).
    fn move_table(&self, twist: bool, evens: bool, whole: u64, moves: usize) -> Vec<u32> {
        let o = &self.orbit;
        let mut table = Vec::with_capacity(whole as usize * moves);
        let mut next = vec![0u8; o.pieces.len()];
        for x in 0..whole {
            let digits = match twist {
                true => self.unrank_twists(x),
                false => self.unrank_arrangement(x << u32::from(evens)),
            };
            for m in 0..moves {
                let moved = o.src[m].iter().zip(&o.twist[m]);
                for (q, (&p, &t)) in moved.enumerate() {
                    let d = digits[p as usize];
                    next[q] = if twist { o.mul(d, t) } else { d };
                }
                table.push(match twist {
                    true => self.rank_twists(&next),
                    false => self.rank_arrangement(&next) >> u32::from(evens),
                } as u32);
            }
        }
        table
    }

    /// What a part's move table numbers: whether the even ranks halved, and how many
    /// rows. An implied arrangement's table numbers its whole ranks, unless it is
    /// always even: then its digits, the even ranks halved (Loopover 3x3's census
    /// with the faster ranks too: 0.60 to 0.15 s of CPU, farm-bench medians).
    fn tabulated(&self, twist: bool, size: u64) -> (bool, u64) {
        let evens = !twist && matches!(&self.link, Link::Implied(reads) if reads.is_empty());
        let whole = match twist || evens {
            true => size,
            false => self.perm_size().expect("a tabulated part") as u64,
        };
        (evens, whole)
    }

    /// Everything an arrangement's move table is built from ([`Ranked::move_table`]):
    /// equal keys, equal tables.
    fn arrangement_key(&self, evens: bool, moves: usize) -> Vec<u8> {
        let mut key = vec![u8::from(evens), u8::from(self.distinct)];
        key.push(u8::from(self.parity_first()));
        key.extend((moves as u32).to_le_bytes());
        key.extend((self.counts.len() as u32).to_le_bytes());
        key.extend(self.counts.iter().flat_map(|c| c.to_le_bytes()));
        for src in &self.orbit.src[..moves] {
            key.extend(src);
        }
        key
    }

    fn parity_first(&self) -> bool {
        matches!(self.link, Link::Read | Link::Implied(_))
    }

    /// The whole rank of an arrangement of kinds: parity first when linked.
    fn rank_arrangement(&self, kinds: &[u8]) -> u64 {
        match self.parity_first() {
            true => rank_distinct_parity_first(kinds),
            false => self.rank_kinds(kinds),
        }
    }

    /// The arrangement of a whole rank.
    fn unrank_arrangement(&self, r: u64) -> Vec<u8> {
        match self.distinct {
            true => unrank_distinct(r, self.counts.len(), self.parity_first()),
            false => unrank_multiset(r, &self.counts),
        }
    }

    /// The digit of an arrangement's part: half the whole rank when implied.
    fn arrangement_digit(&self, kinds: &[u8]) -> u64 {
        match self.link {
            Link::Implied(_) => self.rank_kinds(kinds) >> 1,
            _ => self.rank_arrangement(kinds),
        }
    }

    /// Orientation digits ranked: the last one left out when implied.
    fn twist_digits(&self) -> usize {
        let n = self.orbit.pieces.len();
        if self.exponent.is_some() { n - 1 } else { n }
    }

    fn perm_size(&self) -> Option<u128> {
        arrangements(&self.counts, MAX_PART).map(u128::from)
    }

    fn twist_size(&self) -> Option<u128> {
        let r = self.orbit.twists.len() as u128;
        let mut size: u128 = 1;
        for _ in 0..self.twist_digits() {
            size = size.checked_mul(r)?;
            if size > MAX_PART as u128 {
                return None;
            }
        }
        Some(size)
    }

    fn rank_twists(&self, twists: &[u8]) -> u64 {
        let r = self.orbit.twists.len() as u64;
        let digit = |t: u8| match &self.exponent {
            Some(exp) => exp[t as usize] as u64,
            None => t as u64,
        };
        twists[..self.twist_digits()]
            .iter()
            .fold(0, |acc, &t| acc * r + digit(t))
    }

    fn unrank_twists(&self, mut x: u64) -> Vec<u8> {
        let r = self.orbit.twists.len() as u64;
        let n = self.orbit.pieces.len();
        let digits = self.twist_digits();
        let mut out = vec![0u8; n];
        for i in (0..digits).rev() {
            out[i] = (x % r) as u8;
            x /= r;
        }
        if self.exponent.is_some() {
            let sum: u64 = out[..digits].iter().map(|&e| e as u64).sum();
            out[n - 1] = ((self.home_sum + r - sum % r) % r) as u8;
        }
        if self.exponent.is_some() {
            for t in &mut out {
                *t = self.element[*t as usize];
            }
        }
        out
    }

    /// Read the orbit from stickers.
    fn read(&self, stickers: &[u8]) -> Result<Local, String> {
        let o = &self.orbit;
        let mut local = Local {
            kinds: Vec::with_capacity(o.pieces.len()),
            twists: Vec::with_capacity(o.pieces.len()),
        };
        for piece in &o.pieces {
            let shown: Vec<u8> = piece.iter().map(|&s| stickers[s as usize]).collect();
            let found = self.looks.iter().enumerate().find_map(|(k, look)| {
                o.twists
                    .iter()
                    .position(|g| g.iter().zip(&shown).all(|(&s, &c)| look[s as usize] == c))
                    .map(|t| (k as u8, t as u8))
            });
            let Some((k, t)) = found else {
                let at: Vec<String> = piece.iter().map(|s| s.to_string()).collect();
                return Err(format!(
                    "stickers {} show {}, which no piece of the puzzle shows",
                    at.join(" "),
                    String::from_utf8_lossy(&shown)
                ));
            };
            local.kinds.push(k);
            local.twists.push(t);
        }
        let mut counts = vec![0u32; self.kinds];
        for &k in &local.kinds {
            counts[k as usize] += 1;
        }
        if counts != self.counts {
            return Err("some piece appears twice and another not at all".into());
        }
        if let Some(exp) = &self.exponent {
            let r = o.twists.len();
            let sum: usize = local.twists.iter().map(|&t| exp[t as usize] as usize).sum();
            let twisted = (sum + r - self.home_sum as usize) % r;
            if twisted != 0 {
                return Err(format!(
                    "its pieces are twisted by {twisted} of {r} in all, and every move keeps the sum"
                ));
            }
        }
        Ok(local)
    }

    /// Write the orbit into stickers.
    fn write(&self, local: &Local, stickers: &mut [u8]) {
        for (q, piece) in self.orbit.pieces.iter().enumerate() {
            let look = &self.looks[local.kinds[q] as usize];
            let g = &self.orbit.twists[local.twists[q] as usize];
            for (s, &x) in piece.iter().enumerate() {
                stickers[x as usize] = look[g[s] as usize];
            }
        }
    }
}

impl Coords {
    /// The coordinate of `puzzle`, or why it has none: pieces that cannot be told apart
    /// in every orientation, a part too large for a move table, or more positions than
    /// 64 bits number.
    pub fn new(puzzle: &Puzzle, inverses: &[usize]) -> Result<Coords, Refusal> {
        Coords::with_tables(puzzle, inverses, None)
    }

    /// [`Coords::new`], with the arrangement tables of `shared` where they are the
    /// same, and its own added to them. Its kinds are numbered by count, so that
    /// projections of one orbit share more; numbers no front end shows (the pattern
    /// databases of IDA*).
    pub fn sharing(
        puzzle: &Puzzle,
        inverses: &[usize],
        shared: &mut SharedTables,
    ) -> Result<Coords, Refusal> {
        Coords::with_tables(puzzle, inverses, Some(shared))
    }

    fn with_tables(
        puzzle: &Puzzle,
        inverses: &[usize],
        shared: Option<&mut SharedTables>,
    ) -> Result<Coords, Refusal> {
        let Layout {
            mut orbits,
            sizes,
            size,
            moves,
            ..
        } = Coords::layout(puzzle, shared.is_some())?;
        let mut own = SharedTables::default();
        let shared = shared.unwrap_or(&mut own);
        let (parts, bits) = Coords::build(&mut orbits, &sizes, moves, shared);
        Coords::finish(puzzle, inverses, orbits, parts, bits, size, moves)
    }

    /// The sizes of the coordinate's parts and of its move tables, before any table
    /// is built: a census over the memory budget is refused from these at once (a
    /// puzzle of 70 billion coordinates took 7 s to build tables for its refusal).
    pub fn measure(puzzle: &Puzzle) -> Result<(u64, Vec<u64>, u64), Refusal> {
        let l = Coords::layout(puzzle, false)?;
        let parts = l.sizes.iter().map(|&(_, _, s)| s).collect();
        Ok((l.size, parts, l.table_bytes))
    }

    /// The coordinate's size and its move tables as [`Coords::sharing`] builds them:
    /// each one's bytes, and for an arrangement's, the key that tables equal to it
    /// share, so that a plan of several coordinates counts each table once (the
    /// 4x4x4's six tables of four edges: one move table of 36 MB, not six).
    pub fn measure_sharing(puzzle: &Puzzle) -> Result<TableSizes, Refusal> {
        let l = Coords::layout(puzzle, true)?;
        let tables = l.sizes.iter().map(|&(i, twist, s)| {
            let r = &l.orbits[i];
            let (evens, whole) = r.tabulated(twist, s);
            let key = (!twist).then(|| r.arrangement_key(evens, l.moves));
            (key, whole * l.moves as u64 * 4)
        });
        Ok((l.size, tables.collect()))
    }

    /// The orbits ranked and the parts' sizes, permutations first.
    fn layout(puzzle: &Puzzle, by_count: bool) -> Result<Layout, Refusal> {
        let found = pieces::find(puzzle)?;
        let mut orbits = Vec::new();
        for orbit in found.orbits {
            orbits.push(Ranked::new(orbit, &puzzle.solved, by_count)?);
        }
        let moves = puzzle.moves.len();
        let ranked: Vec<bool> = orbits
            .iter()
            .map(|r| r.distinct && r.orbit.pieces.len() > 1)
            .collect();
        let found: Vec<&Orbit> = orbits.iter().map(|r| &r.orbit).collect();
        let links = linked::links(&found, &ranked);
        for (r, link) in orbits.iter_mut().zip(links) {
            r.link = link;
        }
        let mut sizes: Vec<(usize, bool, u64)> = Vec::new(); // (orbit, is_twist, size)
        let mut table_bytes = 0;
        for (i, r) in orbits.iter().enumerate() {
            let p = r.perm_size().ok_or_else(|| {
                format!(
                    "an orbit of {} pieces has more than {} arrangements, too many for a move table",
                    r.orbit.pieces.len(),
                    crate::io::group(MAX_PART)
                )
            })?;
            let t = r.twist_size().ok_or_else(|| {
                format!(
                    "an orbit of {} pieces turning {} ways has more than {} orientations, too \
                     many for a move table",
                    r.orbit.pieces.len(),
                    r.orbit.twists.len(),
                    crate::io::group(MAX_PART)
                )
            })?;
            match r.link {
                Link::Copy(_) => {}
                Link::Implied(_) => sizes.push((i, false, p as u64 / 2)),
                _ if p > 1 => sizes.push((i, false, p as u64)),
                _ => {}
            }
            // An implied arrangement's table numbers its whole ranks unless always even.
            let tabulated = match &r.link {
                Link::Copy(_) => 1,
                Link::Implied(reads) if reads.is_empty() => p as u64 / 2,
                _ => p as u64,
            };
            if tabulated > 1 {
                table_bytes += tabulated * moves as u64 * 4;
            }
            if t > 1 {
                sizes.push((i, true, t as u64));
                table_bytes += t as u64 * moves as u64 * 4;
            }
        }
        // Permutations first, orientations last.
        sizes.sort_by_key(|&(i, twist, _)| (twist, i));
        let mut size: u64 = 1;
        for &(_, _, s) in &sizes {
            size = size
                .checked_mul(s)
                .ok_or("more positions than 64 bits number")?;
        }
        if table_bytes > MAX_TABLE_BYTES {
            return Err(format!(
                "its move tables would take {} MB, more than {} MB",
                table_bytes >> 20,
                MAX_TABLE_BYTES >> 20
            ));
        }
        Ok(Layout {
            orbits,
            sizes,
            size,
            moves,
            table_bytes,
        })
    }

    /// The move table of each part; the parts and the bits of their fields.
    fn build(
        orbits: &mut [Ranked],
        sizes: &[(usize, bool, u64)],
        moves: usize,
        shared: &mut SharedTables,
    ) -> (Vec<Part>, u32) {
        let mut parts = Vec::new();
        let mut bits = 0u32;
        for (k, &(i, twist, s)) in sizes.iter().enumerate() {
            let r = &orbits[i];
            let (evens, whole) = r.tabulated(twist, s);
            let table = match twist {
                true => r.move_table(true, false, whole, moves).into(),
                false => {
                    let key = r.arrangement_key(evens, moves);
                    let made = shared
                        .0
                        .entry(key)
                        .or_insert_with(|| r.move_table(false, evens, whole, moves).into());
                    Arc::clone(made)
                }
            };
            let width = u64::BITS - (s - 1).leading_zeros();
            parts.push(Part {
                size: s,
                table,
                shift: bits,
                mask: (1u64 << width) - 1,
                half: None,
            });
            bits += width;
            if twist {
                orbits[i].twist_part = Some(k);
            } else {
                orbits[i].perm_part = Some(k);
            }
        }
        for r in orbits.iter() {
            if let (Link::Implied(reads), Some(k)) = (&r.link, r.perm_part)
                && !reads.is_empty()
            {
                let read_parts = reads.iter().map(|&o| orbits[o].perm_part.expect("ranked"));
                parts[k].half = Some(read_parts.collect());
            }
        }
        (parts, bits)
    }

    /// The coordinate from its parts: strides, the state's layout and the goal.
    fn finish(
        puzzle: &Puzzle,
        inverses: &[usize],
        orbits: Vec<Ranked>,
        parts: Vec<Part>,
        bits: u32,
        size: u64,
        moves: usize,
    ) -> Result<Coords, Refusal> {
        let mut strides = vec![1u64; parts.len()];
        for k in (0..parts.len().saturating_sub(1)).rev() {
            strides[k] = strides[k + 1] * parts[k + 1].size;
        }
        if bits > 128 {
            return Err(format!(
                "the coordinate's {} parts need {bits} bits, more than 128",
                parts.len()
            ));
        }
        // The block and the offset are moved apart: an implied part and the parts it
        // reads stay on one side.
        let splits = |at: usize| {
            parts
                .iter()
                .enumerate()
                .all(|(k, p)| p.half.iter().flatten().all(|&read| (read < at) == (k < at)))
        };
        let (mut lead, mut width) = (parts.len(), 1u64);
        let (mut at, mut trailing) = (lead, width);
        while at > 0 && trailing * parts[at - 1].size <= MAX_WIDTH {
            at -= 1;
            trailing *= parts[at].size;
            if splits(at) {
                (lead, width) = (at, trailing);
            }
        }
        let mut coords = Coords {
            orbits,
            parts,
            strides,
            bits,
            size,
            moves,
            inverses: inverses.to_vec(),
            solved: puzzle.solved.clone(),
            goal: 0,
            lead,
            width,
        };
        coords.goal = coords
            .encode(&puzzle.solved)
            .map_err(|e| format!("the solved state: {e}"))?;
        Ok(coords)
    }

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

    /// The coordinate of a sticker string (already checked to have the solved
    /// string's stickers), or why no move sequence reaches it.
    pub fn encode(&self, stickers: &[u8]) -> Result<u64, Unreachable> {
        let moved = self.moved();
        if let Some(i) = (0..stickers.len()).find(|&i| !moved[i] && stickers[i] != self.solved[i]) {
            return Err(Unreachable(format!(
                "sticker {i} is one no move moves, and is not solved"
            )));
        }
        let mut digits = vec![0u64; self.parts.len()];
        let mut arranged: Vec<Vec<u8>> = Vec::with_capacity(self.orbits.len());
        for r in &self.orbits {
            let local = r.read(stickers).map_err(Unreachable)?;
            self.check_link(r, &local.kinds, &arranged)?;
            if let Some(k) = r.perm_part {
                digits[k] = r.arrangement_digit(&local.kinds);
            }
            if let Some(k) = r.twist_part {
                digits[k] = r.rank_twists(&local.twists);
            }
            arranged.push(local.kinds);
        }
        Ok(digits.iter().zip(&self.strides).map(|(d, s)| d * s).sum())
    }

    /// The sticker string of a coordinate.
    pub fn decode(&self, x: u64) -> Vec<u8> {
        let mut stickers = self.solved.clone();
        let mut arranged: Vec<Vec<u8>> = Vec::with_capacity(self.orbits.len());
        for r in &self.orbits {
            let digit = |k: Option<usize>| k.map(|k| (x / self.strides[k]) % self.parts[k].size);
            let kinds = match (&r.link, digit(r.perm_part)) {
                (Link::Copy(of), _) => arranged[*of].clone(),
                (Link::Implied(reads), Some(d)) => {
                    let odd = reads
                        .iter()
                        .fold(0, |odd, &o| odd ^ linked::parity(&arranged[o]));
                    r.unrank_arrangement(d << 1 | odd)
                }
                (_, Some(d)) => r.unrank_arrangement(d),
                (_, None) => r.kind_at.clone(),
            };
            arranged.push(kinds.clone());
            let twists = match digit(r.twist_part) {
                Some(d) => r.unrank_twists(d),
                None => vec![0; r.orbit.pieces.len()],
            };
            r.write(&Local { kinds, twists }, &mut stickers);
        }
        stickers
    }

    /// Whether an orbit's arrangement is one its links allow, given the arrangements of
    /// the orbits before it.
    fn check_link(
        &self,
        r: &Ranked,
        kinds: &[u8],
        arranged: &[Vec<u8>],
    ) -> Result<(), Unreachable> {
        let stickers = |r: &Ranked| {
            let all: Vec<String> = r
                .orbit
                .pieces
                .iter()
                .flatten()
                .map(|s| s.to_string())
                .collect();
            all.join(" ")
        };
        match &r.link {
            Link::Copy(of) if arranged[*of] != kinds => Err(Unreachable(format!(
                "the pieces of stickers {} are not arranged as those of stickers {}, and every \
                 move carries them alike",
                stickers(r),
                stickers(&self.orbits[*of])
            ))),
            Link::Implied(reads) => {
                let odd = reads
                    .iter()
                    .fold(0, |odd, &o| odd ^ linked::parity(&arranged[o]));
                match linked::parity(kinds) == odd {
                    true => Ok(()),
                    false => Err(Unreachable(format!(
                        "the pieces of stickers {} are in an {} arrangement, and the parities of \
                         the moves make it {}",
                        stickers(r),
                        ["even", "odd"][(odd ^ 1) as usize],
                        ["even", "odd"][odd as usize],
                    ))),
                }
            }
            _ => Ok(()),
        }
    }

    fn moved(&self) -> Vec<bool> {
        let mut moved = vec![false; self.solved.len()];
        for r in &self.orbits {
            for p in &r.orbit.pieces {
                for &s in p {
                    moved[s as usize] = true;
                }
            }
        }
        moved
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
    use super::*;

    #[test]
    fn exact_divisions_are_divisions() {
        for d in 1..300u64 {
            for q in [0, 1, 2, 3, 1000, 4_194_303, (1 << 40) + 7, u64::MAX / 300] {
                assert_eq!(exact_div(q * d, d), q, "{q} x {d}");
            }
        }
    }

    /// Two kinds ranked by binomials number as the multiset rank does, in orbits of
    /// 1 to 64 places with any count of either kind.
    #[test]
    fn two_kinds_rank_as_multisets_do() {
        let mut seed = 7u64;
        for n in 1..=64u32 {
            for ones in 0..=n {
                let counts = [n - ones, ones];
                let Some(total) = arrangements(&counts, MAX_PART) else {
                    continue;
                };
                for _ in 0..20 {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let r = (seed >> 11) % total;
                    let seq = unrank_multiset(r, &counts);
                    assert_eq!(rank_two_kinds(&seq, ones), r, "{n} places, {ones} ones");
                }
            }
        }
        assert_eq!(BINOMIAL[64][32], 1_832_624_140_942_590_534);
    }

    #[test]
    fn multisets_rank_and_unrank() {
        let counts = [2, 1, 3];
        let n = arrangements(&counts, MAX_PART).unwrap();
        assert_eq!(n, 60);
        for r in 0..n {
            let seq = unrank_multiset(r, &counts);
            assert_eq!(rank_multiset(&seq, &counts, n), r);
        }
        assert_eq!(arrangements(&[1; 8], MAX_PART), Some(40320));
        for r in (0..40320).step_by(7) {
            let seq = unrank_multiset(r, &[1; 8]);
            assert_eq!(rank_distinct(&seq), r);
            assert_eq!(unrank_distinct(r, 8, false), seq);
            // Parity first: the low bit is the parity, and every rank is one order.
            let first = rank_distinct_parity_first(&seq);
            assert_eq!(
                first & 1,
                u64::from(crate::puzzle::spaces::linked::odd(&seq))
            );
            assert_eq!(first >> 1, r >> 1);
            assert_eq!(unrank_distinct(first, 8, true), seq);
        }
        assert_eq!(arrangements(&[1; 12], MAX_PART), None);
    }

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
