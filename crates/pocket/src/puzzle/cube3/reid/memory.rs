//! How the large tables sit in memory and are read: on huge pages (the search reads
//! them at random, and with 4 KB pages nearly every read also missed the address
//! cache), and fetched ahead, a node's children together.

/// `n` values made by `make`, in memory the system is asked to back by huge pages
/// (Linux's transparent huge pages, given on request on most systems) before any of
/// it is touched.
pub fn vec_of<T>(n: usize, mut make: impl FnMut() -> T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    advise(v.as_ptr().cast(), n * size_of::<T>());
    v.extend((0..n).map(|_| make()));
    v
}

#[cfg(target_os = "linux")]
const HUGE: usize = 2 << 20;

#[cfg(target_os = "linux")]
fn advise(start: *const u8, bytes: usize) {
    let first = (start as usize).next_multiple_of(HUGE);
    let end = (start as usize + bytes) / HUGE * HUGE;
    if end > first {
        // SAFETY: only advice, on whole huge pages inside the vector's own allocation;
        // a refusal leaves ordinary pages.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_: *const u8, _: usize) {}

/// Asks for the cache line holding `v[i]`, to be read soon.
#[inline(always)]
pub fn prefetch<T>(v: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        if let Some(x) = v.get(i) {
            // SAFETY: a prefetch only hints; the pointer is to an element of `v`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>()) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}
