//! What a reinforcement-learning or DeepCubeA-style project writes first, in Rust:
//! one move per state (`step`), here, with its one-pass paths in `step_one_pass`;
//! one-hot encodings (`one_hot`); inverses and the symmetries that keep the reference
//! corner, with the map of moves under each (`symmetry`); states drawn uniformly at an
//! exact distance or in a range (`random`); and py222's sticker order (`py222`).

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyReadonlyArray1};
use pyo3::prelude::*;

use pocket_lib::Layout;
use pocket_lib::internals::bulk::{self, STICKER_PERMUTATIONS};
use pocket_lib::model::STICKERS;

use crate::batch::batch;
use crate::kernels::*;
use crate::moving::{compact, in_layout, permuted};
use crate::read::*;
use crate::step_one_pass::{step_numbers, step_rows};
use crate::{Error, args, error, metric_moves, parse_metric, refuse, work};

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
                .map(|((t, &x), &a)| (x != BAD).then(|| permuted(&compact(t), &perms[a as usize])))
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
