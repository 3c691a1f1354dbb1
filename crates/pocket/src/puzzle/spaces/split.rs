//! One orbit of distinct pieces, split for the census in two bits: the places of its
//! first `n - 6` pieces (`n - 5` below 11 pieces) number a block, and the order of the
//! other six in the places left numbers an offset. A move sends a block to a block,
//! and the offsets of a block by a permutation of the six places left that depends on
//! the block: one of 720, tabulated (with the parity of that order when every move
//! keeps the arrangement's, which the block then implies). twsearch's dino (12 edges,
//! 239,500,800 positions) and UFO (12 slices, 479,001,600) are past a move table
//! and counted so; so is Loopover 3x3, whose move table costs more than its census.
//!
//! Blocks are moved by ranking, not by a table: the dino's 665,280 blocks under 16
//! moves would take 42 MB of table beside its 60 MB of two bits (twsearch's census
//! of it: 62 MB), and a block's sixteen targets are found once a scan together.

use crate::engine::layers::Blocks;
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::spaces::cheapest::Cheapest;
use crate::puzzle::spaces::coords::{
    lehmer_digits, rank_distinct, rank_distinct_parity_first, unrank_distinct, unseen_turns,
};
use crate::puzzle::spaces::pieces;

/// The most pieces whose order is the offset.
const REST: usize = 6;
/// The fewest pieces split: seven, two placed and five ordered. Up to ten distinct
/// pieces have a move table (10! is 3,628,800), but a census needs none: Loopover
/// 3x3's (9 tiles, 181,440 positions) spent two thirds of its CPU building it.
pub const MIN_PIECES: usize = 7;
/// From eleven pieces six are ordered, fewer blocks to rank (the dino's 665,280
/// instead of 3,991,680); below, five (an offset table of 14,400 entries, not
/// 518,400).
const SIX_FROM: usize = 11;
/// The most pieces: places are bits of a `u16`, and ranks take nibble counters.
const MAX_PIECES: usize = 16;

/// A puzzle of one orbit of distinct, unturned pieces, numbered as this file says.
#[derive(Clone, Debug)]
pub struct SplitOrbit {
    /// Pieces in the orbit.
    n: usize,
    /// Pieces whose places number the block: `n - rest`.
    lead: usize,
    /// Pieces whose order is the offset: 5 or 6.
    rest: usize,
    /// Orders of the rest: `rest!`.
    orders: usize,
    /// `dst[m][p]`: the place move `m` sends the piece at place `p` to; the moves in
    /// the census's order.
    dst: Vec<[u8; MAX_PIECES]>,
    /// The moves that make layers: the first ones.
    layers: usize,
    /// Every move keeps the parity of the arrangement: the offset numbers the orders
    /// of that parity only (360), the block telling which.
    even: bool,
    blocks: u64,
    /// The offsets each offset permutation sends offsets to, `width` a permutation.
    offsets: Vec<u16>,
}

impl SplitOrbit {
    /// The split of `puzzle` when it is one orbit of 7 to 16 distinct pieces that
    /// show no orientation, its moves in `cheapest`'s order when given; `None` for any
    /// other puzzle.
    pub(in crate::puzzle) fn new(
        puzzle: &Puzzle,
        cheapest: Option<&Cheapest>,
    ) -> Option<SplitOrbit> {
        let found = pieces::find(puzzle).ok()?;
        let [orbit] = &found.orbits[..] else {
            return None;
        };
        let orbit = unseen_turns(orbit.clone(), &puzzle.solved);
        let n = orbit.pieces.len();
        if orbit.twists.len() != 1 || !(MIN_PIECES..=MAX_PIECES).contains(&n) {
            return None;
        }
        let looks: Vec<Vec<u8>> = (orbit.pieces.iter())
            .map(|p| p.iter().map(|&s| puzzle.solved[s as usize]).collect())
            .collect();
        if (1..n).any(|i| looks[..i].contains(&looks[i])) {
            return None;
        }
        let order: Vec<usize> = match cheapest {
            Some(c) => c.order.clone(),
            None => (0..puzzle.moves.len()).collect(),
        };
        let dst: Vec<[u8; MAX_PIECES]> = (order.iter())
            .map(|&m| {
                let mut dst = [0u8; MAX_PIECES];
                for (q, &p) in orbit.src[m].iter().enumerate() {
                    dst[p as usize] = q as u8;
                }
                dst
            })
            .collect();
        let even = dst.iter().all(|d| odd(&d[..n]) == 0);
        let rest = if n >= SIX_FROM { REST } else { REST - 1 };
        let lead = n - rest;
        let blocks = (rest + 1..=n).map(|x| x as u64).product();
        let mut split = SplitOrbit {
            n,
            lead,
            rest,
            orders: (1..=rest).product(),
            dst,
            layers: cheapest.map_or(order.len(), |c| c.layers),
            even,
            blocks,
            offsets: Vec::new(),
        };
        split.offsets = split.offset_table();
        Some(split)
    }

    /// Positions numbered: blocks times width.
    pub fn size(&self) -> u64 {
        self.blocks * self.width() as u64
    }

    /// Bytes of its table of offsets.
    pub fn table_bytes(&self) -> u64 {
        (self.offset_moves() * self.width() * 2) as u64
    }

    /// What the numbering is, for the census footer.
    pub fn note(&self) -> String {
        format!(
            "one orbit of {} pieces split: the places of {} ({}) x the order of the other {} \
             ({}{}) = {} positions at most",
            self.n,
            self.lead,
            crate::io::group(self.blocks),
            self.rest,
            self.width(),
            if self.even {
                ", halved by the parity of the moves"
            } else {
                ""
            },
            crate::io::group(self.size()),
        )
    }

    /// The places of the lead pieces of block `b`, and the mask of the places left.
    fn places(&self, mut b: u64) -> ([u8; MAX_PIECES], u32) {
        let mut digits = [0u8; MAX_PIECES];
        for i in (0..self.lead).rev() {
            let base = (self.n - i) as u64;
            digits[i] = (b % base) as u8;
            b /= base;
        }
        let mut free: u32 = (1 << self.n) - 1;
        let mut places = [0u8; MAX_PIECES];
        for (place, &d) in places.iter_mut().zip(&digits[..self.lead]) {
            let mut f = free;
            for _ in 0..d {
                f &= f - 1;
            }
            *place = f.trailing_zeros() as u8;
            free &= !(1 << *place);
        }
        (places, free)
    }

    /// The block of places `places` of the lead pieces, and its parity.
    fn block(&self, places: &[u8]) -> (u64, usize) {
        let (mut rank, mut sum) = (0u64, 0);
        lehmer_digits(places, |i, d| {
            rank = rank * (self.n - i) as u64 + d;
            sum += d as usize;
        });
        (rank, sum & 1)
    }

    /// The block move `m` sends block `b` to, and the permutation of the offsets it
    /// makes: the rank of how the places left are reordered (their `j`th goes to
    /// `tau[j]`th), times two plus the parity of the orders in `b` when halved.
    fn step(&self, places: &[u8], free: u32, parity: usize, m: usize) -> (u64, usize) {
        let dst = &self.dst[m];
        let mut moved = [0u8; MAX_PIECES];
        let mut taken = 0u32;
        for (x, &p) in moved.iter_mut().zip(&places[..self.lead]) {
            *x = dst[p as usize];
            taken |= 1 << *x;
        }
        let (block, _) = self.block(&moved[..self.lead]);
        // Each place left after the move, numbered in order.
        let mut index = [0u8; MAX_PIECES];
        let mut left = !taken & ((1 << self.n) - 1);
        for i in 0..self.rest as u8 {
            index[left.trailing_zeros() as usize] = i;
            left &= left - 1;
        }
        let mut tau = [0u8; REST];
        let mut f = free;
        for t in &mut tau[..self.rest] {
            *t = index[dst[f.trailing_zeros() as usize] as usize];
            f &= f - 1;
        }
        let rank = rank_distinct(&tau[..self.rest]) as usize;
        let p = match self.even {
            true => rank * 2 + parity,
            false => rank,
        };
        (block, p)
    }

    /// For each offset permutation, the offset each offset goes to: the order
    /// `sigma` (the piece at the `j`th place left is lead + `sigma[j]`) becomes
    /// `sigma'` with `sigma'[tau[j]] = sigma[j]`.
    fn offset_table(&self) -> Vec<u16> {
        let w = self.width();
        let mut table = Vec::with_capacity(self.offset_moves() * w);
        for p in 0..self.offset_moves() {
            let (rank, parity) = match self.even {
                true => (p / 2, p as u64 & 1),
                false => (p, 0),
            };
            let tau = unrank_distinct(rank as u64, self.rest, false);
            for o in 0..w as u64 {
                let sigma = match self.even {
                    true => unrank_distinct(o << 1 | parity, self.rest, true),
                    false => unrank_distinct(o, self.rest, false),
                };
                let mut after = [0u8; REST];
                let after = &mut after[..self.rest];
                for (j, &s) in sigma.iter().enumerate() {
                    after[tau[j] as usize] = s;
                }
                let offset = match self.even {
                    true => rank_distinct_parity_first(after) >> 1,
                    false => rank_distinct(after),
                };
                table.push(offset as u16);
            }
        }
        table
    }
}

/// The parity of a permutation: 1 when odd.
fn odd(perm: &[u8]) -> usize {
    let mut sum = 0;
    lehmer_digits(perm, |_, d| sum += d as usize);
    sum & 1
}

impl Blocks for SplitOrbit {
    fn blocks(&self) -> usize {
        self.blocks as usize
    }

    fn width(&self) -> usize {
        if self.even {
            self.orders / 2
        } else {
            self.orders
        }
    }

    fn move_count(&self) -> usize {
        self.dst.len()
    }

    fn layer_moves(&self) -> usize {
        self.layers
    }

    fn block_after(&self, block: usize, m: usize, inverse: bool) -> usize {
        debug_assert!(!inverse, "the census in two bits moves forwards only");
        let (places, free) = self.places(block as u64);
        self.step(&places, free, 0, m).0 as usize
    }

    fn offset_after(&self, offset: usize, p: usize, inverse: bool) -> usize {
        debug_assert!(!inverse, "the census in two bits moves forwards only");
        self.offsets[p * self.width() + offset] as usize
    }

    fn offset_moves(&self) -> usize {
        if self.even {
            2 * self.orders
        } else {
            self.orders
        }
    }

    fn offset_move(&self, block: usize, m: usize) -> usize {
        let (places, free) = self.places(block as u64);
        let (_, parity) = self.block(&places[..self.lead]);
        self.step(&places, free, parity, m).1
    }

    fn targets(&self, block: usize, blocks: &mut [usize], offset_moves: &mut [usize]) {
        let (places, free) = self.places(block as u64);
        let (_, parity) = self.block(&places[..self.lead]);
        for (m, (b, p)) in blocks.iter_mut().zip(offset_moves).enumerate() {
            let (to, row) = self.step(&places, free, parity, m);
            (*b, *p) = (to as usize, row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::spaces::space::dear_squares;

    /// A definition of one sticker a piece, the pieces in one orbit, moved by
    /// `cycles` (each move a list of cycles of pieces numbered from 0), relabelled by
    /// `seed` so that moves carry pieces across the lead and the rest.
    fn puzzle_of(n: usize, moves: &[&[&[usize]]], seed: u64) -> String {
        let mut label: Vec<usize> = (0..n).collect();
        let mut x = seed;
        for i in (1..n).rev() {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            label.swap(i, (x >> 33) as usize % (i + 1));
        }
        let solved: String = (0..n).map(|i| (b'A' + i as u8) as char).collect();
        let mut text = format!("solved {solved}\n");
        for (k, cycles) in moves.iter().enumerate() {
            let mut perm: Vec<usize> = (0..n).collect();
            for cycle in *cycles {
                for (i, &a) in cycle.iter().enumerate() {
                    perm[label[a]] = label[cycle[(i + 1) % cycle.len()]];
                }
            }
            let words: Vec<String> = perm.iter().map(|p| p.to_string()).collect();
            text += &format!("move {} {}\n", (b'a' + k as u8) as char, words.join(" "));
        }
        text + "powers all\n"
    }

    /// Groups on 11 and 12 pieces small enough for the sticker engine, each moving
    /// single stickers in one orbit: the Mathieu groups M11 (7,920) and M12 (95,040),
    /// all of whose moves keep the parity; and x -> x + 1, 2x on 0..10 (110, with the
    /// odd 10-cycle), with x -> -1/x on the projective line (1,320: PGL(2, 11)).
    fn groups() -> Vec<(usize, Vec<&'static [&'static [usize]]>)> {
        let plus: &[&[usize]] = &[&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]];
        let m11: &[&[usize]] = &[&[2, 6, 10, 7], &[3, 9, 4, 5]];
        let flip: &[&[usize]] = &[&[0, 11], &[1, 10], &[2, 5], &[3, 7], &[4, 8], &[6, 9]];
        let times: &[&[usize]] = &[&[1, 2, 4, 8, 5, 10, 9, 7, 3, 6]];
        vec![
            (11, vec![plus, m11]),
            (12, vec![plus, m11, flip]),
            (11, vec![plus, times]),
            (12, vec![plus, times, flip]),
        ]
    }

    #[test]
    #[ignore = "slow, 6 s: scripts/test-slow"]
    fn split_orbits_count_as_stickers_do() {
        for (n, moves) in groups() {
            for seed in [1, 2] {
                let text = puzzle_of(n, &moves, seed);
                let p = Puzzle::parse(&text, "split").unwrap();
                let split = p.space(false).unwrap();
                assert_eq!(split.engine_name(), "split", "{text}");
                let slow = p.sticker_space(false).unwrap();
                let (a, b) = (split.census().unwrap(), slow.census().unwrap());
                assert_eq!(a.rows, b.rows, "{text}");
            }
        }
    }

    /// With squares costing 2, the census of the cheapest moves
    /// (`puzzle/spaces/cheapest.rs`) runs on the split too; with 1.5, no census of one
    /// orbit this large does, and the sticker engine's refusal is what is left.
    #[test]
    fn split_orbits_count_the_cheapest_moves_as_stickers_do() {
        for (n, moves) in groups() {
            let text = puzzle_of(n, &moves, 7);
            let p = Puzzle::parse(&text, "split").unwrap();
            let squares = |cost: &str| dear_squares(&p, cost);
            let dear = p.with_costs(&squares("2")).unwrap();
            let split = dear.space(true).unwrap();
            assert_eq!(split.engine_name(), "split", "{text}");
            let slow = dear.sticker_space(true).unwrap();
            assert_eq!(
                split.census().unwrap().rows,
                slow.census().unwrap().rows,
                "{text}"
            );
            let odd = p.with_costs(&squares("1.5")).unwrap();
            assert_eq!(odd.space(true).unwrap().engine_name(), "stickers", "{text}");
        }
    }

    /// Where each piece is in state `(b, o)`, decoded with the unranking only.
    fn decode(split: &SplitOrbit, b: usize, o: usize) -> Vec<u8> {
        let (places, free) = split.places(b as u64);
        let (_, parity) = split.block(&places[..split.lead]);
        let sigma = match split.even {
            true => unrank_distinct((o as u64) << 1 | parity as u64, split.rest, true),
            false => unrank_distinct(o as u64, split.rest, false),
        };
        let mut at = places[..split.lead].to_vec();
        at.resize(split.n, 0);
        let mut f = free;
        for &s in &sigma {
            at[split.lead + s as usize] = f.trailing_zeros() as u8;
            f &= f - 1;
        }
        at
    }

    /// Each move of the split does to a state what the move does to the pieces it
    /// numbers: on the small groups above and on random moves of 11 to 16 pieces
    /// (3-cycles, which keep the parity, and with swaps, which do not), at random
    /// states. (The census alone missed a wrong parity of the orders: it counted
    /// some puzzle alike all the same.)
    #[test]
    fn a_split_move_moves_the_pieces_it_numbers() {
        let mut x = 99u64;
        let mut next = |bound: usize| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize % bound
        };
        let mut texts: Vec<String> = (groups().iter().enumerate())
            .map(|(i, (n, moves))| puzzle_of(*n, moves, i as u64))
            .collect();
        for n in MIN_PIECES..=16 {
            for swaps in [false, true] {
                // Random 3-cycles (order 3: `powers all` takes orders up to 24),
                // with a swap when the parity should not be kept.
                let words = |p: &[usize]| p.iter().map(|v| v.to_string()).collect::<Vec<_>>();
                let solved: String = (0..n).map(|i| (b'A' + i as u8) as char).collect();
                let mut text = format!("solved {solved}\n");
                for k in 0..3 {
                    let mut order: Vec<usize> = (0..n).collect();
                    for i in (1..n).rev() {
                        order.swap(i, next(i + 1));
                    }
                    let mut perm: Vec<usize> = (0..n).collect();
                    let mut rest = &order[..];
                    if swaps && k == 0 {
                        perm.swap(rest[0], rest[1]);
                        rest = &rest[2..];
                    }
                    // A piece every move moves looks like part of one large piece.
                    for c in rest[1..].chunks_exact(3) {
                        (perm[c[0]], perm[c[1]], perm[c[2]]) = (c[1], c[2], c[0]);
                    }
                    text += &format!("move m{k} {}\n", words(&perm).join(" "));
                }
                texts.push(text + "powers all\n");
            }
        }
        for text in texts {
            let p = Puzzle::parse(&text, "split").unwrap();
            let Some(split) = SplitOrbit::new(&p, None) else {
                panic!("no split: {text}");
            };
            let (moves, w) = (split.move_count(), split.width());
            let mut blocks = vec![0; moves];
            let mut rows = vec![0; moves];
            for _ in 0..200 {
                let (b, o) = (next(split.blocks()), next(w));
                let at = decode(&split, b, o);
                let (places, _) = split.places(b as u64);
                assert_eq!(split.block(&places[..split.lead]).0, b as u64, "{text}");
                split.targets(b, &mut blocks, &mut rows);
                for m in 0..moves {
                    let after: Vec<u8> = at.iter().map(|&q| split.dst[m][q as usize]).collect();
                    let o2 = split.offset_after(o, rows[m], false);
                    assert_eq!(decode(&split, blocks[m], o2), after, "{text} move {m}");
                    assert_eq!(split.block_after(b, m, false), blocks[m]);
                    assert_eq!(split.offset_move(b, m), rows[m]);
                }
            }
        }
    }

    /// Seven to nine pieces have a coordinate, but their census is taken on a split:
    /// counts and local maxima alike, with odd moves and without, and with squares
    /// costing 2 (a census of the cheapest moves where the squares are products of
    /// two of them).
    #[test]
    fn small_orbits_count_on_a_split_as_on_coordinates() {
        let seven: &[&[usize]] = &[&[0, 1, 2, 3, 4, 5, 6]];
        let eight: &[&[usize]] = &[&[0, 1, 2, 3, 4, 5, 6, 7]];
        let three: &[&[usize]] = &[&[0, 1, 2]];
        let rows: &[&[usize]] = &[&[0, 1, 2], &[3, 4, 5]];
        let cols: &[&[usize]] = &[&[0, 3, 6], &[1, 4, 7]];
        let last: &[&[usize]] = &[&[6, 7], &[2, 5, 8]];
        let cases = [
            (7, vec![seven, three]),
            (8, vec![eight, three]),
            (9, vec![rows, cols, last]),
        ];
        let mut cheapest = 0;
        for (n, moves) in cases {
            for seed in [1, 2] {
                let text = puzzle_of(n, &moves, seed);
                let p = Puzzle::parse(&text, "small").unwrap();
                let split = p.census_space(false).unwrap();
                let coords = p.space(false).unwrap();
                assert_eq!(split.engine_name(), "split", "{text}");
                assert_eq!(coords.engine_name(), "coordinates", "{text}");
                assert_eq!(split.census().unwrap().rows, coords.census().unwrap().rows);
                let dear = p.with_costs(&dear_squares(&p, "2")).unwrap();
                let split = dear.census_space(true).unwrap();
                cheapest += usize::from(split.engine_name() == "split");
                let coords = dear.space(true).unwrap();
                assert_eq!(split.census().unwrap().rows, coords.census().unwrap().rows);
            }
        }
        assert!(cheapest >= 2, "{cheapest} counted on a split with costs");
    }

    /// Ten pieces have a move table: no split.
    #[test]
    #[ignore = "slow, 5 s: scripts/test-slow"]
    fn ten_pieces_stay_on_coordinates() {
        let ten: &[&[usize]] = &[&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]];
        let three: &[&[usize]] = &[&[0, 1, 2]];
        let p = Puzzle::parse(&puzzle_of(10, &[ten, three], 1), "ten").unwrap();
        assert_eq!(p.space(false).unwrap().engine_name(), "coordinates");
    }
}
