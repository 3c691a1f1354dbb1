//! What a reinforcement-learning or DeepCubeA-style project writes first, in Rust:
//! one move per state (`step`), one-hot encodings, inverses, the symmetries that keep
//! the reference corner (with the map of moves under each), states drawn uniformly at
//! an exact distance or in a range, and py222's sticker order.

use numpy::ndarray::{Array2, Array3};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::args;
use std::sync::atomic::{AtomicBool, Ordering};

use pocket_lib::cube::Symmetry;
use pocket_lib::internals::bulk::{self, STICKER_PERMUTATIONS};
use pocket_lib::internals::shared::PerMetric;
use pocket_lib::model::{POSITIONS, STICKERS};
use pocket_lib::{Coord, Cube, Layout, Metric};

use crate::kernels::*;
use crate::read::*;
use crate::work;
use crate::{Error, batch, error, in_layout, metric_moves, parse_metric, refuse, threads_for};

/// Position numbers as the form the states were given in: int32 numbers, uint8 rows
/// of face numbers (in `layout`), or face-letter strings; `shape` the batch's shape
/// before the 24 stickers (`[n]` or `[n, k]`), with the batch axis dropped for a
/// single state.
fn answer_in_form<'py>(
    py: Python<'py>,
    s: &States<'_, '_>,
    out: Vec<u32>,
    k: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = out.len() / k.unwrap_or(1);
    let as_i32 = work::mapped(&out, |&x| if x == BAD { -1 } else { x as i32 })?;
    match (&s.form, k) {
        (Form::Indices(_), None) if s.single => Ok(as_i32[0].into_pyobject(py)?.into_any()),
        (Form::Indices(_), None) => Ok(as_i32.into_pyarray(py).into_any()),
        (Form::Indices(_), Some(k)) => {
            let arr = Array2::from_shape_vec((n, k), as_i32)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            match s.single {
                true => arr.call_method1("reshape", (k,)),
                false => Ok(arr.into_any()),
            }
        }
        (Form::Rows(_), _) => {
            let (to_golf, _) = layout_maps(s.layout);
            let rows = rows_of(py, &out, &to_golf)?;
            let arr = Array2::from_shape_vec((out.len(), STICKERS), rows)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            let shape: Vec<usize> = match (s.single, k) {
                (true, None) => vec![STICKERS],
                (true, Some(k)) => vec![k, STICKERS],
                (false, None) => vec![n, STICKERS],
                (false, Some(k)) => vec![n, k, STICKERS],
            };
            arr.call_method1("reshape", (shape,))
        }
        (Form::Strings(_), _) => {
            work::room_for_strings(out.len(), n)?;
            let text = |x: u32| -> Option<String> {
                bulk::faces_of_index(x).map(|f| {
                    f.iter()
                        .map(|&v| FACE_LETTERS[v as usize] as char)
                        .collect()
                })
            };
            let texts: Vec<Option<String>> = out.iter().map(|&x| text(x)).collect();
            match (s.single, k) {
                (true, None) => Ok(texts
                    .into_iter()
                    .next()
                    .flatten()
                    .into_pyobject(py)?
                    .into_any()),
                (false, None) => Ok(texts.into_pyobject(py)?.into_any()),
                (true, Some(_)) => Ok(texts.into_pyobject(py)?.into_any()),
                (false, Some(k)) => {
                    let lists: Vec<Vec<Option<String>>> =
                        texts.chunks(k).map(|c| c.to_vec()).collect();
                    Ok(lists.into_pyobject(py)?.into_any())
                }
            }
        }
    }
}

/// Face rows (golf order permuted by `to_golf`) of position numbers; a bad one 255s.
fn rows_of(py: Python<'_>, idx: &[u32], to_golf: &[usize; STICKERS]) -> PyResult<Vec<u8>> {
    let t = threads_auto(idx.len());
    work::filled(py, idx.len(), STICKERS, t, |first, part| {
        for (k, row) in part.chunks_mut(STICKERS).enumerate() {
            match bulk::faces_of_index(idx[first + k]) {
                Some(golf) => {
                    for (i, v) in row.iter_mut().enumerate() {
                        *v = golf[to_golf[i]];
                    }
                }
                None => row.fill(u8::MAX),
            }
        }
    })
}

/// The actions of `step`: one int for every state, or an integer array of one per
/// state; each a move number below `k` (so it fits a byte).
fn read_actions(
    py: Python<'_>,
    actions: &Bound<'_, PyAny>,
    n: usize,
    k: usize,
) -> PyResult<Vec<u8>> {
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (actions,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return refuse(
            py,
            format!(
                "actions must be integers (move numbers 0 to {}), not {}",
                k - 1,
                arr.getattr("dtype")?.str()?
            ),
        );
    }
    let bad = |row: Option<usize>, a: i64| {
        Err(error(
            py,
            format!("action {a} is not a move number (0 to {})", k - 1),
            row,
        ))
    };
    // Without a copy when the array is int64 already (numpy's default integers).
    let kw = pyo3::types::PyDict::new(py);
    kw.set_item("copy", false)?;
    let arr = arr.call_method("astype", ("int64",), Some(&kw))?;
    let ndim: usize = arr.getattr("ndim")?.extract()?;
    match ndim {
        0 => {
            let a: i64 = arr.call_method0("item")?.extract()?;
            if !(0..k as i64).contains(&a) {
                return bad(None, a);
            }
            let mut all = work::zeroed::<u8>(n, n)?;
            all.fill(a as u8);
            Ok(all)
        }
        1 => {
            let a: PyReadonlyArray1<'_, i64> = arr.extract()?;
            // A strided view (`actions[::2]`) is read as it lies; as_slice refused it
            // with a bare TypeError (found by the test of the one-pass path).
            let values = a.as_array();
            if values.len() != n {
                return refuse(
                    py,
                    format!("{} actions for {n} states: give one a state", values.len()),
                );
            }
            if let Some(row) = values.iter().position(|&a| !(0..k as i64).contains(&a)) {
                return bad(Some(row), values[row]);
            }
            let mut out = work::zeroed::<u8>(n, n)?;
            for (o, &a) in out.iter_mut().zip(values.iter()) {
                *o = a as u8;
            }
            Ok(out)
        }
        _ => refuse(
            py,
            format!("actions must be one number a state, shape ({n},), not {ndim} axes"),
        ),
    }
}

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
fn step_numbers<'py>(
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
fn step_rows<'py>(
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

/// One move per state: `actions[i]` indexes the metric's moves (`MOVES`, `QTM_MOVES`
/// or `ONE_WAY_MOVES`); the answer has the states' form.
#[pyfunction]
#[pyo3(signature = (states, actions, metric = "htm".into(), *, layout = "golf".into(), errors = "raise".into(), threads = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn step<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    actions: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::metric)] metric: String,
    #[pyo3(from_py_with = args::layout)] layout: String,
    #[pyo3(from_py_with = args::errors)] errors: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let metric = parse_metric(py, &metric)?;
    let b = batch(py, &layout, &errors, threads.as_ref())?;
    let moves = metric_moves(metric);
    if let Some(out) = step_numbers(py, states, actions, &moves, b.raise, b.threads)? {
        return Ok(out);
    }
    if b.layout == Layout::Golf
        && let Some(out) = step_rows(py, states, actions, &moves, b.threads)?
    {
        return Ok(out);
    }
    let mut held = Held { rows: None };
    let (s, t) = b.read(py, states, &mut held)?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let acts = read_actions(py, actions, idx.len(), moves.len())?;
    let perms: Vec<[u8; STICKERS]> = moves
        .iter()
        .map(|&m| in_layout(&STICKER_PERMUTATIONS[m], b.layout))
        .collect();
    match &s.form {
        Form::Rows(rows) => {
            let rows: &[u8] = rows;
            let out = work::filled::<u8>(py, idx.len(), STICKERS, t, |first, part| {
                permute_rows_chosen(
                    rows,
                    |i| idx[i] == BAD,
                    first,
                    &perms,
                    |i| acts[i] as usize,
                    part,
                );
            })?;
            let arr = Array2::from_shape_vec((idx.len(), STICKERS), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            match s.single {
                true => arr.call_method1("reshape", (STICKERS,)),
                false => Ok(arr.into_any()),
            }
        }
        Form::Indices(_) => {
            let out = work::filled::<i32>(py, idx.len(), 1, t, |first, part| {
                for (r, o) in part.iter_mut().enumerate() {
                    let i = first + r;
                    *o = match idx[i] {
                        BAD => -1,
                        x => bulk::step(x, moves[acts[i] as usize]) as i32,
                    };
                }
            })?;
            match s.single {
                true => Ok(out[0].into_pyobject(py)?.into_any()),
                false => Ok(out.into_pyarray(py).into_any()),
            }
        }
        Form::Strings(texts) => {
            let out: Vec<Option<String>> = texts
                .iter()
                .zip(idx.iter())
                .zip(&acts)
                .map(|((t, &x), &a)| {
                    (x != BAD).then(|| crate::permuted(&crate::compact(t), &perms[a as usize]))
                })
                .collect();
            match s.single {
                true => Ok(out
                    .into_iter()
                    .next()
                    .flatten()
                    .into_pyobject(py)?
                    .into_any()),
                false => Ok(out.into_pyobject(py)?.into_any()),
            }
        }
    }
}

/// Fill `out` (n x 24 x 6) with the one-hot encoding of each position's stickers, in
/// the order of `from_index` (`to_golf`); a bad row stays all zeros.
fn one_hot_into<T: Copy + Send + Sync>(
    py: Python<'_>,
    out: &mut [T],
    idx: &[u32],
    to_golf: &[usize; STICKERS],
    one: T,
    threads: usize,
) -> PyResult<()> {
    work::fill(py, out, STICKERS * 6, threads, |first, part| {
        for (k, block) in part.chunks_mut(STICKERS * 6).enumerate() {
            if let Some(golf) = bulk::faces_of_index(idx[first + k]) {
                for (i, &g) in to_golf.iter().enumerate() {
                    block[i * 6 + golf[g] as usize] = one;
                }
            }
        }
    })
}

/// The one-hot encoding of each state, shape (n, 24, 6) (or (24, 6)), in the sticker
/// order and face numbers of `from_index`, of the given dtype.
#[pyfunction]
#[pyo3(signature = (states, dtype = None, *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn one_hot<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    dtype: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::layout)] layout: String,
    #[pyo3(from_py_with = args::errors)] errors: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = batch(py, &layout, &errors, threads.as_ref())?;
    let mut held = Held { rows: None };
    let (s, t) = b.read(py, states, &mut held)?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let np = py.import("numpy")?;
    let name: String = match dtype {
        Some(d) if !d.is_none() => np
            .call_method1("dtype", (d,))
            .map_err(|_| PyTypeError::new_err(format!("dtype {d} is not a numpy dtype")))?
            .getattr("name")?
            .extract()?,
        _ => "float32".into(),
    };
    let (to_golf, _) = layout_maps(b.layout);
    let n = idx.len();
    macro_rules! encode {
        ($t:ty, $one:expr) => {{
            let mut out = work::zeroed::<$t>(n.saturating_mul(STICKERS * 6), n)?;
            one_hot_into(py, &mut out, &idx, &to_golf, $one, t)?;
            Array3::from_shape_vec((n, STICKERS, 6), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py)
                .into_any()
        }};
    }
    let arr = match name.as_str() {
        "float32" => encode!(f32, 1.0),
        "float64" => encode!(f64, 1.0),
        "uint8" => encode!(u8, 1),
        "int8" => encode!(i8, 1),
        "int32" => encode!(i32, 1),
        "int64" => encode!(i64, 1),
        "bool" => encode!(bool, true),
        other => {
            return refuse(
                py,
                format!(
                    "one_hot makes float32, float64, uint8, int8, int32, int64 or bool, not {other}"
                ),
            );
        }
    };
    match s.single {
        true => arr.call_method1("reshape", ((STICKERS, 6),)),
        false => Ok(arr),
    }
}

/// The inverse of each position (the same distance in every metric), in the form given.
#[pyfunction]
#[pyo3(signature = (states, *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn inverse<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::layout)] layout: String,
    #[pyo3(from_py_with = args::errors)] errors: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = batch(py, &layout, &errors, threads.as_ref())?;
    let mut held = Held { rows: None };
    let (s, t) = b.read(py, states, &mut held)?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let out = work::filled::<u32>(py, idx.len(), 1, t, |first, part| {
        for (o, &x) in part.iter_mut().zip(&idx[first..]) {
            *o = Coord::new(x).map_or(BAD, |c| c.cube().inverse().coord().index());
        }
    })?;
    answer_in_form(py, &s, out, None)
}

/// The symmetries of [`corner_symmetries`], and for each the image of every move
/// number of the metric.
type CornerSymmetries = (Vec<Symmetry>, Vec<Vec<usize>>);

/// The symmetries that keep the reference corner in its place and the moves R U F
/// among themselves, identity first: the 3 rotations about the corner's diagonal and
/// (but for one-way, where a reflection turns clockwise into anticlockwise) the 3
/// reflections in planes through it; each with the map of move numbers of `metric`.
fn corner_symmetries(metric: Metric) -> &'static CornerSymmetries {
    static MADE: PerMetric<CornerSymmetries> = PerMetric::new();
    MADE.get_or_init(metric, || {
        let moves = metric.steps();
        let syms: Vec<Symmetry> = Symmetry::all()
            .into_iter()
            .filter(|s| {
                s.keeps_reference_corner() && (metric != Metric::OneWay || !s.is_reflection())
            })
            .collect();
        let made: Vec<Cube> = moves.iter().map(|&m| Cube::SOLVED.apply(m)).collect();
        let maps = syms
            .iter()
            .map(|s| {
                made.iter()
                    .map(|c| {
                        let image = s.conjugate(c);
                        made.iter().position(|d| *d == image).unwrap_or(usize::MAX)
                    })
                    .collect()
            })
            .collect();
        (syms, maps)
    })
}

/// Each state's images under the symmetries that keep the reference corner (see
/// `symmetry_moves`): shape (n, k), k = 6 (3 for one-way), the state itself first.
/// Each image is at the state's distance in the metric.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm".into(), *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn symmetries<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::metric)] metric: String,
    #[pyo3(from_py_with = args::layout)] layout: String,
    #[pyo3(from_py_with = args::errors)] errors: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let metric = parse_metric(py, &metric)?;
    let b = batch(py, &layout, &errors, threads.as_ref())?;
    let mut held = Held { rows: None };
    let (s, t) = b.read(py, states, &mut held)?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let (syms, _) = corner_symmetries(metric);
    let k = syms.len();
    let out = work::filled::<u32>(py, idx.len(), k, t, |first, part| {
        for (r, o) in part.chunks_mut(k).enumerate() {
            match Coord::new(idx[first + r]) {
                Some(c) => {
                    let cube = c.cube();
                    for (d, sym) in o.iter_mut().zip(syms) {
                        *d = sym.conjugate(&cube).coord().index();
                    }
                }
                None => o.fill(BAD),
            }
        }
    })?;
    answer_in_form(py, &s, out, Some(k))
}

/// The map of moves under each symmetry of `symmetries`: int array (k, moves), where
/// `[s, m]` is the move number m' with `symmetries(step(P, m))[s] ==
/// step(symmetries(P)[s], m')`, so that a policy target maps with its state.
#[pyfunction]
#[pyo3(signature = (metric = "htm".into()))]
pub(crate) fn symmetry_moves<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::metric)] metric: String,
) -> PyResult<Bound<'py, PyAny>> {
    let metric = parse_metric(py, &metric)?;
    let (_, maps) = corner_symmetries(metric);
    let k = maps.len();
    let m = maps.first().map_or(0, Vec::len);
    let flat: Vec<i64> = maps.iter().flatten().map(|&x| x as i64).collect();
    Ok(Array2::from_shape_vec((k, m), flat)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py)
        .into_any())
}

/// The positions ordered by distance in `metric`, with where each distance starts: a
/// uniform draw at a distance, or in a range, is a uniform index into one run of it.
pub(crate) fn by_distance(metric: Metric) -> &'static (Vec<u32>, Vec<usize>) {
    static MADE: PerMetric<(Vec<u32>, Vec<usize>)> = PerMetric::new();
    MADE.get_or_init(metric, || {
        let dist = bulk::distances(metric);
        let most = metric.gods_number() as usize;
        let mut starts = vec![0usize; most + 2];
        for &d in dist {
            starts[d as usize + 1] += 1;
        }
        for d in 1..starts.len() {
            starts[d] += starts[d - 1];
        }
        let mut at = starts.clone();
        let mut order = vec![0u32; POSITIONS as usize];
        for (x, &d) in dist.iter().enumerate() {
            order[at[d as usize]] = x as u32;
            at[d as usize] += 1;
        }
        (order, starts)
    })
}

/// Sticker `i` of py222's order is sticker `PY222[i]` of the golf net (py222: U 0-3,
/// R 4-7, F 8-11, D 12-15, L 16-19, B 20-23, each face read row by row in the same
/// net as pocket's).
const PY222: [usize; STICKERS] = [
    0, 1, 2, 3, 8, 9, 16, 17, 6, 7, 14, 15, 20, 21, 22, 23, 4, 5, 12, 13, 10, 11, 18, 19,
];
/// py222's colour of each of pocket's face numbers (U L F R B D): py222 numbers them
/// U R F D L B.
const PY222_COLOUR: [u8; 6] = [0, 4, 2, 1, 5, 3];

/// States as py222 arrays (n, 24) (or (24,)): its sticker order and colours, with the
/// reference corner down-back-left, as py222's `normFC` leaves them.
#[pyfunction]
#[pyo3(signature = (states, *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn to_py222<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::layout)] layout: String,
    #[pyo3(from_py_with = args::errors)] errors: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = batch(py, &layout, &errors, threads.as_ref())?;
    let mut held = Held { rows: None };
    let (s, t) = b.read(py, states, &mut held)?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let n = idx.len();
    let out = work::filled::<i64>(py, n, STICKERS, t, |first, part| {
        for (k, row) in part.chunks_mut(STICKERS).enumerate() {
            match bulk::faces_of_index(idx[first + k]) {
                Some(golf) => {
                    for (i, v) in row.iter_mut().enumerate() {
                        *v = i64::from(PY222_COLOUR[golf[PY222[i]] as usize]);
                    }
                }
                None => row.fill(-1),
            }
        }
    })?;
    let arr = Array2::from_shape_vec((n, STICKERS), out)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py);
    match s.single {
        true => arr.call_method1("reshape", (STICKERS,)),
        false => Ok(arr.into_any()),
    }
}

/// Position numbers of py222 arrays (n, 24) (or one (24,)) of its colours 0 to 5, in
/// any orientation (read through the reference corner, as every state is).
#[pyfunction]
#[pyo3(signature = (states, *, errors = "raise".into()))]
pub(crate) fn from_py222<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::errors)] errors: String,
) -> PyResult<Bound<'py, PyAny>> {
    let raise = crate::parse_errors(py, &errors)?;
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (states,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return refuse(
            py,
            "py222 states are integer arrays of colours 0 to 5, shape (n, 24) or (24,)",
        );
    }
    let single = arr.getattr("ndim")?.extract::<usize>()? == 1;
    let arr = arr
        .call_method1("reshape", ((-1i64, STICKERS),))?
        .call_method1("astype", ("int64",))?;
    let a: numpy::PyReadonlyArray2<'_, i64> = arr.extract()?;
    let flat = a.as_slice()?;
    // To pocket's golf rows, colours renamed to pocket's face numbers; a colour out of
    // range becomes 6, which the reader marks as a bad row.
    let mut golf = work::zeroed::<u8>(flat.len(), flat.len() / STICKERS)?;
    for (r, row) in flat.chunks(STICKERS).enumerate() {
        // Read with the GIL held: Ctrl-C is looked for every 65,536 rows.
        if r % (1 << 16) == 0 {
            py.check_signals()?;
        }
        for (i, &c) in row.iter().enumerate() {
            let face = PY222_COLOUR
                .iter()
                .position(|&p| i64::from(p) == c)
                .unwrap_or(6);
            golf[r * STICKERS + PY222[i]] = face as u8;
        }
    }
    let rows = Array2::from_shape_vec((flat.len() / STICKERS, STICKERS), golf)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py);
    let idx = crate::to_index(py, rows.as_any(), "golf".into(), "mask".into(), None)?;
    if raise {
        let marks: numpy::PyReadonlyArray1<'_, i32> = idx.extract()?;
        if let Some(r) = marks.as_slice()?.iter().position(|&x| x < 0) {
            let why = why_not_py222(&flat[r * STICKERS..][..STICKERS]);
            return Err(error(py, why, (!single).then_some(r)));
        }
    }
    match single {
        true => idx.call_method1("__getitem__", (0,)),
        false => Ok(idx),
    }
}

/// Why a py222 row is no position, in py222's words: its columns and colours.
fn why_not_py222(row: &[i64]) -> String {
    if let Some(col) = row.iter().position(|&c| !(0..6).contains(&c)) {
        return format!(
            "colour {} at column {col} is not a py222 colour (0 to 5)",
            row[col]
        );
    }
    for colour in 0..6 {
        let at: Vec<String> = (0..STICKERS)
            .filter(|&i| row[i] == colour)
            .map(|i| i.to_string())
            .collect();
        if at.len() != 4 {
            return format!(
                "colour {colour} is on {} stickers (columns {}), expected 4",
                at.len(),
                at.join(", ")
            );
        }
    }
    "the stickers make no 2x2x2 position: some corner's three colours are no corner of \
     the cube, or two corners are the same, or a corner is twisted"
        .into()
}

/// For `random_states`: `n` numbers drawn uniformly from the positions at distance
/// `lo..=hi` in `metric`.
pub(crate) fn draw_in_range(
    order: &[u32],
    starts: &[usize],
    lo: usize,
    hi: usize,
    r: &mut pocket_lib::cube::Rng,
    out: &mut Vec<i32>,
    n: usize,
) {
    let (a, b) = (starts[lo], starts[hi + 1]);
    for _ in 0..n {
        out.push(order[a + r.below((b - a) as u64) as usize] as i32);
    }
}
