//! Ranks and unranks of arrangements, the arithmetic under every move table: kept
//! free of division where they can be, since ranking is most of building a table.

use super::MAX_PART;

/// Arrangements of a multiset with these counts: `(sum)! / prod(count!)`, or `None`
/// past `limit` (at most 2^32, so that every step fits 64 bits).
pub(super) fn arrangements(counts: &[u32], limit: u64) -> Option<u64> {
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
pub(super) fn rank_multiset(seq: &[u8], counts: &[u32], arrangements: u64) -> u64 {
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
pub(super) fn rank_two_kinds(seq: &[u8], ones: u32) -> u64 {
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
/// tables most of their time (census 0.87x the CPU: whole-process timings, medians of 7 paired
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
pub(super) fn unrank_multiset(mut r: u64, counts: &[u32]) -> Vec<u8> {
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
}
