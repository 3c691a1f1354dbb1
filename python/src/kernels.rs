//! The batch kernels: plain Rust over position numbers and rows, run with the GIL
//! released, cut across threads; where a batch's distances come from; output buffers.

use pocket_lib::internals::bulk;
use pocket_lib::internals::lookup::Distances;
use pocket_lib::model::STICKERS;
use pyo3::prelude::*;

use crate::work;

/// A position number that is no position: the mark of a bad row in the kernels.
pub(crate) const BAD: u32 = u32::MAX;

/// Below this many states a batch stays on the calling thread.
pub(crate) const PARALLEL_FROM: usize = 1 << 14;

/// The most threads a batch is cut into, whatever is asked.
pub(crate) const MAX_THREADS: usize = 256;

pub(crate) fn threads_auto(n: usize) -> usize {
    if n < PARALLEL_FROM {
        1
    } else {
        std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(n / (PARALLEL_FROM / 2))
            .max(1)
    }
}

pub(crate) fn distance_kernel(
    py: Python<'_>,
    dist: &impl Distances,
    idx: &[u32],
    threads: usize,
) -> PyResult<Vec<i8>> {
    work::filled(py, idx.len(), 1, threads, |first, part| {
        for (o, &x) in part.iter_mut().zip(&idx[first..]) {
            *o = if x == BAD { -1 } else { dist.at(x) as i8 };
        }
    })
}

pub(crate) fn policy_kernel(
    py: Python<'_>,
    dist: &impl Distances,
    idx: &[u32],
    moves: &[usize],
    threads: usize,
) -> PyResult<Vec<bool>> {
    let k = moves.len();
    work::filled(py, idx.len(), k, threads, |first, part| {
        for (row, o) in part.chunks_mut(k).enumerate() {
            let x = idx[first + row];
            if x == BAD {
                continue;
            }
            let d = dist.at(x);
            if d == 0 {
                continue;
            }
            for (j, &m) in moves.iter().enumerate() {
                o[j] = dist.at(bulk::step(x, m)) + 1 == d;
            }
        }
    })
}

/// Write each valid row (`idx[i] != BAD`) permuted by every permutation in turn, rows
/// `first..` of the input into `out` (`perms.len() * 24` bytes a row); a bad row is
/// filled with 255.
pub(crate) fn permute_rows(
    rows: &[u8],
    idx: &[u32],
    first: usize,
    perms: &[[u8; STICKERS]],
    out: &mut [u8],
) {
    let width = perms.len() * STICKERS;
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the CPU has SSSE3 (checked just above).
            unsafe { permute_rows_ssse3(rows, idx, first, perms, out) };
            return;
        }
    }
    for (r, o) in out.chunks_mut(width).enumerate() {
        let i = first + r;
        if idx[i] == BAD {
            o.fill(u8::MAX);
            continue;
        }
        let row = &rows[i * STICKERS..(i + 1) * STICKERS];
        for (p, dst) in perms.iter().zip(o.chunks_mut(STICKERS)) {
            for (d, &from) in dst.iter_mut().zip(p) {
                *d = row[from as usize];
            }
        }
    }
}

/// The SSSE3 shuffle masks of each permutation: picks of output bytes 0..16 from the
/// low register, from the high one, then of output bytes 16..24 from each.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn ssse3_masks(perms: &[[u8; STICKERS]]) -> Vec<[std::arch::x86_64::__m128i; 4]> {
    use std::arch::x86_64::*;
    const ZERO: i8 = -128; // a shuffle index with its top bit set gives 0
    perms
        .iter()
        .map(|p| {
            let pick = |range: std::ops::Range<usize>, low: bool| {
                let mut m = [ZERO; 16];
                for (k, j) in range.enumerate() {
                    let from = p[j] as usize;
                    if (from < 16) == low {
                        m[k] = if low { from as i8 } else { (from - 16) as i8 };
                    }
                }
                // SAFETY: 16 bytes read from a 16-byte array.
                unsafe { _mm_loadu_si128(m.as_ptr().cast()) }
            };
            [
                pick(0..16, true),
                pick(0..16, false),
                pick(16..24, true),
                pick(16..24, false),
            ]
        })
        .collect()
}

/// Write the 24-byte `row` permuted by the masks `m` into the 24-byte `dst`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
#[inline]
unsafe fn shuffle_row(row: &[u8], m: &[std::arch::x86_64::__m128i; 4], dst: &mut [u8]) {
    use std::arch::x86_64::*;
    assert!(row.len() >= STICKERS && dst.len() >= STICKERS);
    // SAFETY: the loads read bytes 0..16 and 16..24 of the row, the stores write
    // bytes 0..16 and 16..24 of `dst`, both at least 24 bytes (checked above).
    unsafe {
        let low = _mm_loadu_si128(row.as_ptr().cast());
        let high = _mm_loadl_epi64(row.as_ptr().add(16).cast());
        let a = _mm_or_si128(_mm_shuffle_epi8(low, m[0]), _mm_shuffle_epi8(high, m[1]));
        let b = _mm_or_si128(_mm_shuffle_epi8(low, m[2]), _mm_shuffle_epi8(high, m[3]));
        _mm_storeu_si128(dst.as_mut_ptr().cast(), a);
        _mm_storel_epi64(dst.as_mut_ptr().add(16).cast(), b);
    }
}

/// [`permute_rows`] with SSSE3 shuffles.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
pub(crate) unsafe fn permute_rows_ssse3(
    rows: &[u8],
    idx: &[u32],
    first: usize,
    perms: &[[u8; STICKERS]],
    out: &mut [u8],
) {
    // SAFETY: the caller checked the CPU has SSSE3.
    let masks = unsafe { ssse3_masks(perms) };
    let width = perms.len() * STICKERS;
    for (r, o) in out.chunks_mut(width).enumerate() {
        let i = first + r;
        if idx[i] == BAD {
            o.fill(u8::MAX);
            continue;
        }
        let row = &rows[i * STICKERS..(i + 1) * STICKERS];
        for (m, dst) in masks.iter().zip(o.chunks_exact_mut(STICKERS)) {
            // SAFETY: as above.
            unsafe { shuffle_row(row, m, dst) };
        }
    }
}

/// Write each row permuted by the one permutation `choice(i)` picks, rows `first..`
/// of the input into `out` (24 bytes a row); a row `bad(i)` names is filled with 255.
pub(crate) fn permute_rows_chosen(
    rows: &[u8],
    bad: impl Fn(usize) -> bool,
    first: usize,
    perms: &[[u8; STICKERS]],
    choice: impl Fn(usize) -> usize,
    out: &mut [u8],
) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the CPU has SSSE3 (checked just above).
            let masks = unsafe { ssse3_masks(perms) };
            for (r, o) in out.chunks_mut(STICKERS).enumerate() {
                let i = first + r;
                match bad(i) {
                    true => o.fill(u8::MAX),
                    // SAFETY: SSSE3 checked; the row and `o` are 24 bytes.
                    false => unsafe { shuffle_row(&rows[i * STICKERS..], &masks[choice(i)], o) },
                }
            }
            return;
        }
    }
    for (r, o) in out.chunks_mut(STICKERS).enumerate() {
        let i = first + r;
        if bad(i) {
            o.fill(u8::MAX);
            continue;
        }
        let (row, p) = (&rows[i * STICKERS..][..STICKERS], &perms[choice(i)]);
        for (d, &from) in o.iter_mut().zip(p) {
            *d = row[from as usize];
        }
    }
}
