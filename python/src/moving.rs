//! Moving states in the form they were given: `next_states` (every move of a metric)
//! and `apply` (one move sequence), with the sticker permutations they share with
//! `step`.

use numpy::IntoPyArray;
use numpy::ndarray::{Array2, Array3};
use pyo3::prelude::*;

use pocket_lib::internals::bulk::{self, STICKER_PERMUTATIONS};
use pocket_lib::internals::state_in_line;
use pocket_lib::model::{STICKERS, WcaSequence};
use pocket_lib::{Layout, Stickers};

use crate::batch::batch;
use crate::kernels::*;
use crate::read::*;
use crate::{Error, args, metric_moves, parse_metric, refuse, work};

/// The sticker permutation of `perm` (net order) in the layout's order.
pub(crate) fn in_layout(perm: &[u8; STICKERS], layout: Layout) -> [u8; STICKERS] {
    let (to_golf, from_golf) = layout_maps(layout);
    std::array::from_fn(|i| from_golf[perm[to_golf[i]] as usize] as u8)
}

/// The states one move away: rows give uint8 (n, k, 24) in their own colours, numbers
/// give int32 (n, k), strings give lists of str; k = 9 (HTM moves), 6 (QTM) or 3.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm".into(), *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn next_states<'py>(
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
    let moves = metric_moves(metric);
    let k = moves.len();
    let perms: Vec<[u8; STICKERS]> = moves
        .iter()
        .map(|&m| in_layout(&STICKER_PERMUTATIONS[m], b.layout))
        .collect();
    match &s.form {
        Form::Rows(rows) => {
            let rows: &[u8] = rows;
            let out = work::filled(py, idx.len(), k * STICKERS, t, |first, part| {
                permute_rows(rows, &idx, first, &perms, part);
            })?;
            let arr = Array3::from_shape_vec((idx.len(), k, STICKERS), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", ((k, STICKERS),));
            }
            Ok(arr.into_any())
        }
        Form::Indices(_) => {
            let out = work::filled(py, idx.len(), k, t, |first, part| {
                for (r, o) in part.chunks_mut(k).enumerate() {
                    let x = idx[first + r];
                    if x == BAD {
                        o.fill(-1);
                        continue;
                    }
                    for (d, &m) in o.iter_mut().zip(&moves) {
                        *d = bulk::step(x, m) as i32;
                    }
                }
            })?;
            let arr = Array2::from_shape_vec((idx.len(), k), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", (k,));
            }
            Ok(arr.into_any())
        }
        Form::Strings(texts) => {
            work::room_for_strings(texts.len().saturating_mul(k), texts.len())?;
            let lists: Vec<Option<Vec<String>>> = texts
                .iter()
                .zip(idx.iter())
                .map(|(t, &x)| {
                    (x != BAD).then(|| {
                        let given = compact(t);
                        perms.iter().map(|p| permuted(&given, p)).collect()
                    })
                })
                .collect();
            strings_out(py, lists, s.single)
        }
    }
}

/// A state's characters without the spaces and tabs that may group them (and without
/// a scramble's sequence before its last tab).
pub(crate) fn compact(raw: &[u8]) -> Vec<u8> {
    state_in_line(raw)
        .iter()
        .copied()
        .filter(|&c| c != b' ' && c != b'\t')
        .collect()
}

pub(crate) fn permuted(given: &[u8], p: &[u8; STICKERS]) -> String {
    p.iter().map(|&i| given[i as usize] as char).collect()
}

/// Lists of str for strings; `None` (a bad row with errors="mask") as None.
fn strings_out<'py>(
    py: Python<'py>,
    lists: Vec<Option<Vec<String>>>,
    single: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if single {
        return Ok(lists
            .into_iter()
            .next()
            .flatten()
            .into_pyobject(py)?
            .into_any());
    }
    Ok(lists.into_pyobject(py)?.into_any())
}

fn moves_arg(value: &Bound<'_, PyAny>) -> PyResult<String> {
    args::word(value, "moves", "a move sequence such as \"R U R' U'\"")
}

/// Apply a move sequence in WCA notation (R U F, also D L B, rotations x y z, wide
/// moves, groups) to every state; the result has the states' form.
#[pyfunction]
#[pyo3(signature = (states, moves, *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn apply<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = moves_arg)] moves: String,
    #[pyo3(from_py_with = args::layout)] layout: String,
    #[pyo3(from_py_with = args::errors)] errors: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let seq: WcaSequence = moves
        .parse()
        .or_else(|e: pocket_lib::model::NotationError| refuse(py, e.to_string()))?;
    let b = batch(py, &layout, &errors, threads.as_ref())?;
    let mut held = Held { rows: None };
    let (s, t) = b.read(py, states, &mut held)?;
    let idx = read_indices(py, &s, t, b.raise)?;
    // The whole sequence as one sticker permutation: applied to stickers that name
    // their own positions.
    let ids =
        Stickers::from_bytes(b"ABCDEFGHIJKLMNOPQRSTUVWX").or_else(|e| refuse(py, e.to_string()))?;
    let moved = seq.apply(&ids);
    let golf_perm: [u8; STICKERS] = std::array::from_fn(|i| moved.as_str().as_bytes()[i] - b'A');
    let perm = in_layout(&golf_perm, b.layout);
    match &s.form {
        Form::Rows(rows) => {
            let rows: &[u8] = rows;
            let out = work::filled(py, idx.len(), STICKERS, t, |first, part| {
                permute_rows(rows, &idx, first, std::slice::from_ref(&perm), part);
            })?;
            let arr = Array2::from_shape_vec((idx.len(), STICKERS), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", (STICKERS,));
            }
            Ok(arr.into_any())
        }
        Form::Indices(_) => {
            let out = work::filled(py, idx.len(), 1, t, |first, part| {
                for (o, &x) in part.iter_mut().zip(&idx[first..]) {
                    let Some(faces) = bulk::faces_of_index(x) else {
                        *o = -1;
                        continue;
                    };
                    let after: [u8; STICKERS] =
                        std::array::from_fn(|i| faces[golf_perm[i] as usize]);
                    *o = bulk::index_of_faces(&after)
                        .or_else(|| row_by_parser(&after))
                        .map_or(-1, |v| v as i32);
                }
            })?;
            if s.single {
                return Ok(out[0].into_pyobject(py)?.into_any());
            }
            Ok(out.into_pyarray(py).into_any())
        }
        Form::Strings(texts) => {
            let out: Vec<Option<String>> = texts
                .iter()
                .zip(idx.iter())
                .map(|(t, &x)| (x != BAD).then(|| permuted(&compact(t), &perm)))
                .collect();
            if s.single {
                return Ok(out
                    .into_iter()
                    .next()
                    .flatten()
                    .into_pyobject(py)?
                    .into_any());
            }
            Ok(out.into_pyobject(py)?.into_any())
        }
    }
}
