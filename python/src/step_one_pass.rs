//! The one-pass paths of `step`: contiguous arrays of numbers or golf rows, with
//! contiguous integer actions, moved without a copy. Any other call, or any value that
//! would be refused, falls back to the general path in `rl`.

use std::sync::atomic::{AtomicBool, Ordering};

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;

use pocket_lib::internals::bulk::{self, STICKER_PERMUTATIONS};
use pocket_lib::model::{POSITIONS, STICKERS};

use crate::batch::threads_for;
use crate::kernels::*;
use crate::{Error, work};

/// Run `$body` with `$acts` the contiguous slice of the actions array if it is int64
/// or int32 (borrowed without a copy); answer `Ok(None)` (the general path) otherwise.
macro_rules! with_actions {
    ($actions:expr, $acts:ident => $body:expr) => {{
        with_actions!(@each $actions, $acts => $body, i64, i32)
    }};
    (@each $actions:expr, $acts:ident => $body:expr, $($t:ty),*) => {{
        $(
            if let Ok(a) = $actions.cast::<PyArray1<$t>>() {
                let Ok(a) = a.try_readonly() else { return Ok(None) };
                let Ok($acts) = a.as_slice() else { return Ok(None) };
                return $body;
            }
        )*
        Ok(None)
    }};
}

/// `step` on an array of position numbers (int32 or int64) with an array of integer
/// actions (int64 or int32) of the same length, both contiguous: one pass over both,
/// each checked as it is read, with no copy of either. `None` for any other call, or
/// when a value would be refused: the general path then answers, with its messages.
/// 1M states, one thread: 18.9 ms of CPU through the general path (a copy of the
/// numbers and of the actions, each checked apart, a third of it faulting in fresh
/// pages) (`python/bench.py`).
pub(crate) fn step_numbers<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    actions: &Bound<'py, PyAny>,
    moves: &[usize],
    raise: bool,
    threads: Option<i64>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    macro_rules! with_states {
        ($($s:ty),*) => {{
            $(
                if let Ok(x) = states.cast::<PyArray1<$s>>() {
                    let Ok(x) = x.try_readonly() else { return Ok(None) };
                    let Ok(xs) = x.as_slice() else { return Ok(None) };
                    return with_actions!(actions, acts => {
                        step_numbers_with(py, xs, acts, moves, raise, threads)
                    });
                }
            )*
            Ok(None)
        }};
    }
    with_states!(i32, i64)
}

fn step_numbers_with<'py, S, A>(
    py: Python<'py>,
    xs: &[S],
    acts: &[A],
    moves: &[usize],
    raise: bool,
    threads: Option<i64>,
) -> PyResult<Option<Bound<'py, PyAny>>>
where
    S: Copy + Into<i64> + Sync,
    A: Copy + Into<i64> + Sync,
{
    if xs.len() != acts.len() {
        return Ok(None);
    }
    let t = threads_for(py, threads, xs.len())?;
    let (bad_state, bad_action) = (AtomicBool::new(false), AtomicBool::new(false));
    let out = work::filled::<i32>(py, xs.len(), 1, t, |first, part| {
        for (r, o) in part.iter_mut().enumerate() {
            let (x, a) = (xs[first + r].into(), acts[first + r].into());
            let Some(&m) = usize::try_from(a).ok().and_then(|a| moves.get(a)) else {
                bad_action.store(true, Ordering::Relaxed);
                continue;
            };
            *o = match u32::try_from(x) {
                Ok(x) if x < POSITIONS => bulk::step(x, m) as i32,
                _ => {
                    bad_state.store(true, Ordering::Relaxed);
                    -1
                }
            };
        }
    })?;
    if bad_action.into_inner() || (raise && bad_state.into_inner()) {
        return Ok(None);
    }
    Ok(Some(out.into_pyarray(py).into_any()))
}

/// `step` on a contiguous uint8 array of rows `(n, 24)` in the golf layout with an
/// array of integer actions as [`step_numbers`] takes them: each row checked (without
/// ranking it) and permuted in one pass. `None` for any other call, or when a row or
/// an action would be refused. 1M rows, one thread: 66.7 ms of CPU through the general
/// path, two thirds of it ranking the rows to check them (`python/bench.py`).
pub(crate) fn step_rows<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    actions: &Bound<'py, PyAny>,
    moves: &[usize],
    threads: Option<i64>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let Ok(rows) = states.cast::<PyArray2<u8>>() else {
        return Ok(None);
    };
    let Ok(rows) = rows.try_readonly() else {
        return Ok(None);
    };
    if rows.shape()[1] != STICKERS {
        return Ok(None);
    }
    let Ok(flat) = rows.as_slice() else {
        return Ok(None);
    };
    with_actions!(actions, acts => step_rows_with(py, flat, acts, moves, threads))
}

fn step_rows_with<'py, A: Copy + Into<i64> + Sync>(
    py: Python<'py>,
    rows: &[u8],
    acts: &[A],
    moves: &[usize],
    threads: Option<i64>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let n = rows.len() / STICKERS;
    if acts.len() != n {
        return Ok(None);
    }
    let t = threads_for(py, threads, n)?;
    let perms: Vec<[u8; STICKERS]> = moves.iter().map(|&m| STICKER_PERMUTATIONS[m]).collect();
    let refused = AtomicBool::new(false);
    let bad = |i: usize| {
        let row: &[u8; STICKERS] = rows[i * STICKERS..][..STICKERS]
            .try_into()
            .expect("24 bytes");
        let action = usize::try_from(acts[i].into()).ok();
        let bad = action.is_none_or(|a| a >= perms.len()) || !bulk::is_position_of_faces(row);
        if bad {
            refused.store(true, Ordering::Relaxed);
        }
        bad
    };
    let choice = |i: usize| acts[i].into() as usize;
    let out = work::filled(py, n, STICKERS, t, |first, part| {
        permute_rows_chosen(rows, bad, first, &perms, choice, part);
    })?;
    if refused.into_inner() {
        return Ok(None);
    }
    let arr =
        Array2::from_shape_vec((n, STICKERS), out).map_err(|e| Error::new_err(e.to_string()))?;
    Ok(Some(arr.into_pyarray(py).into_any()))
}
