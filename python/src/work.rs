//! How a long call does its work: into buffers asked for without aborting, in pieces
//! short enough that Ctrl-C is answered within a second, across threads.
//!
//! Every call whose answer grows with its input allocates through [`zeroed`] (a
//! `MemoryError` that names the bytes, before anything is touched, where Rust's own
//! allocation would abort the interpreter) and works through [`fill`] or
//! [`in_pieces`], which release the GIL for one piece at a time and run Python's
//! signal handlers between pieces.

use std::collections::TryReserveError;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;

use pocket_lib::internals::group;

/// How long a piece of work runs between two checks for Ctrl-C. Pieces are timed and
/// resized towards this, so that KeyboardInterrupt comes within a second whatever a
/// row costs (one-hot rows or 1,000-move scrambles) and the checks cost under 1%.
const PIECE: Duration = Duration::from_millis(50);

/// Types whose all-zero bytes are a value, so that a buffer of them can come zeroed
/// from the system untouched.
///
/// # Safety
/// The all-zero bit pattern must be a valid value of the type.
pub(crate) unsafe trait Zeroed: Copy {}
// SAFETY: zero is 0, 0.0 or false for each.
unsafe impl Zeroed for u8 {}
unsafe impl Zeroed for i8 {}
unsafe impl Zeroed for bool {}
unsafe impl Zeroed for i32 {}
unsafe impl Zeroed for u32 {}
unsafe impl Zeroed for i64 {}
unsafe impl Zeroed for f32 {}
unsafe impl Zeroed for f64 {}

/// The physical memory and swap of this machine, in bytes (None where unknown). An
/// answer larger than this can never be held, even where the system would promise
/// the pages (overcommit) and kill the process when they are touched.
fn memory_of_machine() -> Option<u128> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sysinfo fills the struct it is given.
        let mut info: libc::sysinfo = unsafe { std::mem::zeroed() };
        if unsafe { libc::sysinfo(&mut info) } == 0 {
            let unit = u128::from(info.mem_unit.max(1));
            return Some((u128::from(info.totalram) + u128::from(info.totalswap)) * unit);
        }
    }
    None
}

fn too_big(states: usize, bytes: u128, machine: Option<u128>) -> PyErr {
    let grouped = |n: u128| group(u64::try_from(n).unwrap_or(u64::MAX));
    let why = match machine {
        Some(m) if bytes > m => format!("more than this machine's {} bytes of memory", grouped(m)),
        _ => "more than could be allocated".to_string(),
    };
    PyMemoryError::new_err(format!(
        "the answer for {} states would need {} bytes, {why}: ask in smaller batches",
        grouped(states as u128),
        grouped(bytes)
    ))
}

/// Refuse at once an answer of `bytes` for `states` states larger than the machine's
/// memory (and, with `limit`, than the address-space limit); the machine's memory,
/// for the message of a later failure.
fn can_hold(bytes: u128, states: usize, limit: bool) -> PyResult<Option<u128>> {
    let machine = memory_of_machine();
    let limit = if limit { address_space_limit() } else { None };
    match [machine, limit].into_iter().flatten().min() {
        Some(most) if bytes > most => Err(too_big(states, bytes, machine)),
        _ => Ok(machine),
    }
}

/// The soft RLIMIT_AS, where one is set.
fn address_space_limit() -> Option<u128> {
    #[cfg(unix)]
    {
        // SAFETY: getrlimit fills the struct it is given.
        let mut r: libc::rlimit = unsafe { std::mem::zeroed() };
        let known = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } == 0;
        if known && r.rlim_cur != libc::RLIM_INFINITY {
            return Some(u128::from(r.rlim_cur));
        }
    }
    None
}

/// A `MemoryError` at once for an answer of `bytes` for `states` states larger than
/// this machine could ever hold (before numpy is asked for it).
pub(crate) fn check_room(bytes: u128, states: usize) -> PyResult<()> {
    can_hold(bytes, states, false).map(|_| ())
}

/// A buffer of `len` zeroed items for the answer of `states` states, or a
/// `MemoryError` that says how many bytes it would take (never an abort). The pages
/// come from the system untouched and zeroed, so each thread faults in the part it
/// writes. On Linux a large buffer is asked for in 2 MB pages, which cuts the page
/// faults of writing it 512 times (next_states of 1M rows, 216 MB: see
/// python/README.md for the figures).
pub(crate) fn zeroed<T: Zeroed>(len: usize, states: usize) -> PyResult<Vec<T>> {
    let bytes = (len as u128) * (std::mem::size_of::<T>() as u128);
    let machine = can_hold(bytes, states, false)?;
    let layout =
        std::alloc::Layout::array::<T>(len).map_err(|_| too_big(states, bytes, machine))?;
    if layout.size() == 0 {
        return Ok(Vec::new());
    }
    // SAFETY: the layout has a non-zero size.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) } as *mut T;
    if ptr.is_null() {
        return Err(too_big(states, bytes, machine));
    }
    advise_huge_pages(ptr as usize, layout.size());
    // SAFETY: allocated by the global allocator with the layout of `len` items of T,
    // all zero, which `Zeroed` says is a value of T.
    Ok(unsafe { Vec::from_raw_parts(ptr, len, len) })
}

pub(crate) fn advise_huge_pages(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        if bytes >= 4 * HUGE {
            let (first, end) = (start.next_multiple_of(HUGE), (start + bytes) / HUGE * HUGE);
            if end > first {
                // Advice only: if refused, the buffer is the same, in small pages.
                // SAFETY: the range lies inside the buffer just allocated.
                unsafe {
                    libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
                }
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// `f` of each item of `items`, in a buffer asked for without aborting. Not zeroed
/// first: every item is written, and zeroing (or faulting in fresh zero pages) cost
/// 0.9 ms of `to_index`'s 1.3 ms for 1M numbers.
pub(crate) fn mapped<U, T>(items: &[U], f: impl Fn(&U) -> T) -> PyResult<Vec<T>> {
    let mut out = reserved(items.len())?;
    out.extend(items.iter().map(f));
    Ok(out)
}

/// Room for `len` items of the answer for as many states, or a `MemoryError` as
/// [`zeroed`] raises it.
pub(crate) fn reserved<T>(len: usize) -> PyResult<Vec<T>> {
    let bytes = (len as u128) * (std::mem::size_of::<T>() as u128);
    let machine = can_hold(bytes, len, false)?;
    let mut out = Vec::new();
    out.try_reserve_exact(len)
        .map_err(|_| too_big(len, bytes, machine))?;
    Ok(out)
}

/// The bytes a str of the answer costs: Rust's copy (24 bytes and its 24 letters)
/// and Python's object (73 bytes).
const STR_BYTES: u128 = 128;

/// Room for an answer of `strings` str for as many `states`, or a `MemoryError`
/// before any is made. Each str is a small allocation of its own, which Rust would
/// abort on rather than report, so the whole is checked against the machine and the
/// address-space limit first.
pub(crate) fn room_for_strings(strings: usize, states: usize) -> PyResult<()> {
    can_hold(strings as u128 * STR_BYTES, states, true).map(|_| ())
}

/// The next piece's size from the last one's: as many items as should take
/// [`PIECE`] at the last one's pace, growing at most 64 times a piece (a first piece
/// is small, to learn the pace), never under `least`.
fn next_piece(piece: usize, took: Duration, least: usize) -> usize {
    let took = took.as_secs_f64().max(1e-6);
    let wanted = (piece as f64 * PIECE.as_secs_f64() / took) as usize;
    wanted.clamp(least, piece.saturating_mul(64).max(least))
}

/// Run `f(first_row, part)` over `out` (rows of `width` items) across `threads`
/// threads, a timed piece at a time, with the GIL released during each piece and
/// Python's signal handlers run after it: Ctrl-C raises KeyboardInterrupt within a
/// piece, whatever the number of threads.
pub(crate) fn fill<T: Send>(
    py: Python<'_>,
    out: &mut [T],
    width: usize,
    threads: usize,
    f: impl Fn(usize, &mut [T]) + Sync,
) -> PyResult<()> {
    let width = width.max(1);
    let rows = out.len() / width;
    // A thread's first piece of 1,024 rows takes 2 µs to 0.2 ms: the pace is learnt
    // for less than a thread start costs.
    let least = threads.max(1) * 1024;
    let (mut done, mut piece) = (0, least);
    while done < rows {
        let take = piece.min(rows - done);
        let part = &mut out[done * width..(done + take) * width];
        let start = Instant::now();
        py.detach(|| on_threads(part, width, threads, |first, p| f(done + first, p)));
        piece = next_piece(piece, start.elapsed(), least);
        done += take;
        py.check_signals()?;
    }
    Ok(())
}

/// A new buffer of `rows` rows of `width` zeroed items, filled by [`fill`].
pub(crate) fn filled<T: Zeroed + Send>(
    py: Python<'_>,
    rows: usize,
    width: usize,
    threads: usize,
    f: impl Fn(usize, &mut [T]) + Sync,
) -> PyResult<Vec<T>> {
    let mut out = zeroed(rows.saturating_mul(width), rows)?;
    fill(py, &mut out, width, threads, f)?;
    Ok(out)
}

/// Run `work(state, size)` on `n` items in timed pieces, with the GIL released for
/// each and Python's signal handlers run between them, for work that is one thread's
/// (a random draw whose order a seed fixes).
pub(crate) fn in_pieces<S: Send>(
    py: Python<'_>,
    n: usize,
    state: &mut S,
    mut work: impl FnMut(&mut S, usize) + Send,
) -> PyResult<()> {
    let (mut done, mut piece) = (0, 1);
    while done < n {
        let size = piece.min(n - done);
        let start = Instant::now();
        py.detach(|| work(state, size));
        piece = next_piece(piece, start.elapsed(), 1);
        done += size;
        py.check_signals()?;
    }
    Ok(())
}

/// A part of [`on_threads`]' output and its first row, until a thread takes it.
type Part<'a, T> = Mutex<Option<(usize, &'a mut [T])>>;

/// Run `f(first_row, out_part)` over `out` cut into `threads` parts of whole rows
/// (`width` items a row).
pub(crate) fn on_threads<T: Send>(
    out: &mut [T],
    width: usize,
    threads: usize,
    f: impl Fn(usize, &mut [T]) + Sync,
) {
    let rows = out.len() / width.max(1);
    if threads <= 1 || rows < 2 {
        f(0, out);
        return;
    }
    let per = rows.div_ceil(threads);
    // Each part is taken once, by its own thread or by this one: a thread the
    // system cannot start (its limit on threads or on mappings, which thousands of
    // searches can reach) leaves its part here, where spawning aborted the process.
    let parts: Vec<Part<'_, T>> = out
        .chunks_mut(per * width)
        .enumerate()
        .map(|(k, part)| Mutex::new(Some((k * per, part))))
        .collect();
    let run = |i: usize| {
        let taken = parts[i].lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some((first, part)) = taken {
            f(first, part);
        }
    };
    std::thread::scope(|s| {
        for i in 1..parts.len() {
            let run = &run;
            let _ = std::thread::Builder::new().spawn_scoped(s, move || run(i));
        }
        // The first part on the calling thread, then any part no thread took.
        for i in 0..parts.len() {
            run(i);
        }
    });
}

/// Room in `v` for `total` items in all, or the error of asking for it: a round's
/// buffers are asked for before the round, so that one past this machine's
/// memory is a MemoryError, not an abort when a vector cannot grow.
pub(crate) fn try_room<T>(v: &mut Vec<T>, total: usize) -> Result<(), TryReserveError> {
    v.try_reserve(total.saturating_sub(v.len()))
}

/// A vector with room for `n` items, asked for in 2 MB pages where it is large: its
/// pages are touched only as nodes come, and it never moves as it grows. Growing
/// by doubling copied every row again and faulted its pages in twice (a 3x3x3
/// search spent 40% of its time in the kernel). Without the room (an address-space
/// limit), it grows as a vector does.
pub(crate) fn room<T>(n: usize) -> Vec<T> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_ok() {
        advise_past_small_start(v.as_ptr() as usize, n * std::mem::size_of::<T>());
    }
    v
}

/// The start of a search's buffer left in small pages: a search that stays small
/// (most, in a batch of thousands) then touches a few 4 KB pages, not a 2 MB page
/// for each buffer (20,000 2x2x2 searches at once were killed for memory, 24 GB).
const SMALL_START: usize = 4 << 20;

/// Ask for 2 MB pages in `bytes` from `start`, past its first [`SMALL_START`].
pub(crate) fn advise_past_small_start(start: usize, bytes: usize) {
    if bytes > SMALL_START {
        advise_huge_pages(start + SMALL_START, bytes - SMALL_START);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_sized_to_take_a_piece_s_time() {
        assert_eq!(next_piece(8, Duration::from_millis(5), 4), 80);
        assert_eq!(next_piece(8, Duration::from_nanos(1), 4), 512);
        assert_eq!(next_piece(8, Duration::from_millis(50), 4), 8);
        assert_eq!(next_piece(80, Duration::from_millis(500), 4), 8);
        assert_eq!(next_piece(4, Duration::from_millis(500), 4), 4);
    }
}
