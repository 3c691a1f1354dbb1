//! How a scan finds a state's neighbours: each block's targets under the moves, the
//! offsets they send a state to, and the words of the table a block spans.

use crate::engine::layers::Blocks;

use super::LOW;

/// Block `b`'s targets: for each move the start of the block it goes to, and where
/// the offsets it sends them to start in the census's `offsets` (a row of `width`
/// when they depend on the block, else the move).
pub(super) fn find_targets<B: Blocks + ?Sized>(
    space: &B,
    b: usize,
    width: usize,
    varying: bool,
    blocks: &mut [usize],
    rows: &mut [usize],
) {
    space.targets(b, blocks, rows);
    blocks.iter_mut().for_each(|x| *x *= width);
    if varying {
        rows.iter_mut().for_each(|x| *x *= width);
    }
}

/// The states moves `moves` lead to from the state at `o` (its offset times the
/// census's stride) in the block whose targets are `blocks` and, when the offset
/// permutations depend on the block (`V`), `rows`.
#[inline(always)]
pub(super) fn neighbours<'a, const V: bool>(
    blocks: &'a [usize],
    rows: &'a [usize],
    offsets: &'a [u32],
    o: usize,
    moves: std::ops::Range<usize>,
) -> Neighbours<'a> {
    // Slices of the known length let the loops run unchecked (but for a row's
    // offset). The same moves' offsets side by side, as before rows: the 2x2x2's
    // census took 1.05x to 1.15x the CPU through rows (whole-process timings, 7 paired runs).
    let blocks = blocks[moves.clone()].iter();
    match V {
        true => Neighbours::Rows(blocks.zip(rows[moves].iter()), &offsets[o..]),
        false => Neighbours::Side(blocks.zip(offsets[o + moves.start..o + moves.end].iter())),
    }
}

/// [`neighbours`]: one kind or the other, fixed by a constant.
pub(super) enum Neighbours<'a> {
    Side(std::iter::Zip<std::slice::Iter<'a, usize>, std::slice::Iter<'a, u32>>),
    Rows(
        std::iter::Zip<std::slice::Iter<'a, usize>, std::slice::Iter<'a, usize>>,
        &'a [u32],
    ),
}

impl Iterator for Neighbours<'_> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        match self {
            Neighbours::Side(it) => it.next().map(|(&block, &offset)| block + offset as usize),
            Neighbours::Rows(it, offsets) => it
                .next()
                .map(|(&block, &row)| block + offsets[row] as usize),
        }
    }
}

/// The words of block `b` (of width `w`), each with the mask of the block's states
/// in it.
pub(super) fn block_words(b: usize, w: usize) -> impl Iterator<Item = (usize, u64)> {
    let (start, end) = (b * w, b * w + w);
    (start / 32..=(end - 1) / 32).map(move |word| {
        let lo = (word * 32).max(start) - word * 32;
        let hi = (end - word * 32).min(32);
        let bits = 2 * (hi - lo);
        let range = if bits == 64 {
            u64::MAX
        } else {
            ((1u64 << bits) - 1) << (2 * lo)
        };
        (word, range & LOW)
    })
}
