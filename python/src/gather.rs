//! The one kernel of `pocket.Puzzle`: a state is a row of sticker colours, and a
//! move is a gather, `new[i] = old[perm[i]]`. Rows up to 64 stickers (the 2x2x2's
//! 24, the 3x3x3's 54) go through AVX-512 VBMI's `vpermb`, one instruction a move,
//! where the processor has it; wider rows and other processors through a scalar
//! loop over two-byte indices.
//!
//! Measured on this 2-core AMD EPYC (Zen 4), 1M random 3x3x3 rows, one random move
//! each: see python/README.md ("Speed") for the figures against numpy's
//! `states[:, perm]`; `vpermb` is what takes `step` past 5x numpy.

use std::sync::OnceLock;

/// A puzzle's moves as gathers over rows of `width` stickers.
pub(crate) struct Gathers {
    pub width: usize,
    /// Move `m`'s sources: `idx[m * width + i]` is where sticker `i` comes from.
    idx: Vec<u16>,
    /// The same, padded to 64 bytes, where `width <= 64` (the `vpermb` path).
    narrow: Vec<[u8; 64]>,
}

/// Whether `vpermb` is used: the processor has AVX-512 VBMI and `POCKET_NO_SIMD` is
/// unset (the tests compare both paths).
fn use_vbmi() -> bool {
    static VBMI: OnceLock<bool> = OnceLock::new();
    *VBMI.get_or_init(|| {
        if std::env::var_os("POCKET_NO_SIMD").is_some() {
            return false;
        }
        #[cfg(target_arch = "x86_64")]
        {
            std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512vbmi")
        }
        #[cfg(not(target_arch = "x86_64"))]
        false
    })
}

/// Which kernel runs here, for `Puzzle.kernel` (reported with timings).
pub(crate) fn kernel_name(width: usize) -> &'static str {
    if width <= 64 && use_vbmi() {
        "avx512-vbmi"
    } else {
        "scalar"
    }
}

impl Gathers {
    pub fn new(width: usize, perms: &[Vec<u16>]) -> Gathers {
        let idx: Vec<u16> = perms.iter().flatten().copied().collect();
        let narrow = if width <= 64 {
            perms
                .iter()
                .map(|p| {
                    let mut a: [u8; 64] = std::array::from_fn(|i| i as u8);
                    for (slot, &from) in a.iter_mut().zip(p) {
                        *slot = from as u8;
                    }
                    a
                })
                .collect()
        } else {
            Vec::new()
        };
        Gathers { width, idx, narrow }
    }

    pub fn moves(&self) -> usize {
        self.idx.len() / self.width.max(1)
    }

    /// Where each sticker of move `m` comes from.
    pub fn perm(&self, m: usize) -> &[u16] {
        &self.idx[m * self.width..(m + 1) * self.width]
    }

    /// `dst[r] = move actions[r] of src[r]` for whole rows (`actions` indexes moves).
    pub fn step_rows(&self, src: &[u8], actions: &[u16], dst: &mut [u8]) {
        #[cfg(target_arch = "x86_64")]
        if !self.narrow.is_empty() && use_vbmi() {
            // SAFETY: the processor has the features (checked above); rows are whole.
            unsafe { vbmi::step_rows(&self.narrow, self.width, src, actions, dst) };
            return;
        }
        let w = self.width;
        for ((s, d), &a) in src
            .chunks_exact(w)
            .zip(dst.chunks_exact_mut(w))
            .zip(actions)
        {
            for (o, &from) in d.iter_mut().zip(self.perm(a as usize)) {
                *o = s[from as usize];
            }
        }
    }

    /// Every move of each row of `src`: `dst` holds `moves` rows for each.
    pub fn next_rows(&self, src: &[u8], dst: &mut [u8]) {
        let (w, m) = (self.width, self.moves());
        #[cfg(target_arch = "x86_64")]
        if !self.narrow.is_empty() && use_vbmi() {
            // SAFETY: as in step_rows.
            unsafe { vbmi::next_rows(&self.narrow, w, src, dst) };
            return;
        }
        for (s, d) in src.chunks_exact(w).zip(dst.chunks_exact_mut(w * m)) {
            for (k, out) in d.chunks_exact_mut(w).enumerate() {
                for (o, &from) in out.iter_mut().zip(self.perm(k)) {
                    *o = s[from as usize];
                }
            }
        }
    }

    /// Whether `row` is `from` after move `m`: a search's check of a node met
    /// again, whose row it does not keep (see `search_nodes`).
    #[inline]
    pub fn is_after(&self, from: &[u8], m: u16, row: &[u8]) -> bool {
        #[cfg(target_arch = "x86_64")]
        if !self.narrow.is_empty() && use_vbmi() {
            // SAFETY: as in step_rows; both rows are `width` bytes.
            return unsafe { vbmi::is_after(&self.narrow[m as usize], from, row) };
        }
        row.iter()
            .zip(self.perm(m as usize))
            .all(|(&r, &i)| r == from[i as usize])
    }

    /// `row` after each move of `path` in turn, in place.
    pub fn walk(&self, row: &mut [u8], path: impl Iterator<Item = u16>) {
        #[cfg(target_arch = "x86_64")]
        if !self.narrow.is_empty() && use_vbmi() {
            // SAFETY: as in step_rows; the row is `width` bytes.
            unsafe { vbmi::walk(&self.narrow, row, path) };
            return;
        }
        let mut spare = row.to_vec();
        for m in path {
            for (o, &from) in spare.iter_mut().zip(self.perm(m as usize)) {
                *o = row[from as usize];
            }
            row.copy_from_slice(&spare);
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod vbmi {
    use std::arch::x86_64::*;

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn mask(width: usize) -> __mmask64 {
        if width >= 64 { !0 } else { (1u64 << width) - 1 }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn load(p: *const u8, k: __mmask64) -> __m512i {
        // SAFETY: the caller's row holds the bytes the mask selects; masked-off bytes
        // are not read.
        unsafe { _mm512_maskz_loadu_epi8(k, p as *const i8) }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn store(p: *mut u8, k: __mmask64, v: __m512i) {
        // SAFETY: as in load, for writes.
        unsafe { _mm512_mask_storeu_epi8(p as *mut i8, k, v) }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn index(perm: &[u8; 64]) -> __m512i {
        // SAFETY: 64 bytes.
        unsafe { _mm512_loadu_si512(perm.as_ptr() as *const __m512i) }
    }

    /// # Safety
    /// AVX-512 F, BW and VBMI; `src` and `dst` whole rows of `width <= 64`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub unsafe fn step_rows(
        perms: &[[u8; 64]],
        width: usize,
        src: &[u8],
        actions: &[u16],
        dst: &mut [u8],
    ) {
        let k = mask(width);
        for ((s, d), &a) in src
            .chunks_exact(width)
            .zip(dst.chunks_exact_mut(width))
            .zip(actions)
        {
            // SAFETY: each chunk is `width` bytes, which the mask covers.
            unsafe {
                let v = load(s.as_ptr(), k);
                store(
                    d.as_mut_ptr(),
                    k,
                    _mm512_permutexvar_epi8(index(&perms[a as usize]), v),
                );
            }
        }
    }

    /// # Safety
    /// As [`step_rows`]; `dst` holds `perms.len()` rows for each row of `src`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub unsafe fn next_rows(perms: &[[u8; 64]], width: usize, src: &[u8], dst: &mut [u8]) {
        let k = mask(width);
        for (s, d) in src
            .chunks_exact(width)
            .zip(dst.chunks_exact_mut(width * perms.len()))
        {
            // SAFETY: as in step_rows.
            unsafe {
                let v = load(s.as_ptr(), k);
                for (out, p) in d.chunks_exact_mut(width).zip(perms) {
                    store(out.as_mut_ptr(), k, _mm512_permutexvar_epi8(index(p), v));
                }
            }
        }
    }

    /// # Safety
    /// As [`step_rows`]; `from` and `row` are rows of one width, at most 64.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub unsafe fn is_after(perm: &[u8; 64], from: &[u8], row: &[u8]) -> bool {
        let k = mask(row.len());
        // SAFETY: the rows are `row.len() <= 64` bytes, which the mask covers.
        unsafe {
            let moved = _mm512_permutexvar_epi8(index(perm), load(from.as_ptr(), k));
            _mm512_mask_cmpneq_epi8_mask(k, moved, load(row.as_ptr(), k)) == 0
        }
    }

    /// # Safety
    /// As [`step_rows`], for one row.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub unsafe fn walk(perms: &[[u8; 64]], row: &mut [u8], path: impl Iterator<Item = u16>) {
        let k = mask(row.len());
        // SAFETY: the row is `row.len() <= 64` bytes, which the mask covers.
        unsafe {
            let mut v = load(row.as_ptr(), k);
            for m in path {
                v = _mm512_permutexvar_epi8(index(&perms[m as usize]), v);
            }
            store(row.as_mut_ptr(), k, v);
        }
    }
}
