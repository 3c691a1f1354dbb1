//! Position numbers and back: `to_index` and `from_index`, the two calls that change
//! a state's form without moving it.

use numpy::IntoPyArray;
use numpy::ndarray::Array2;
use pyo3::prelude::*;
use pyo3::types::PyString;

use pocket_lib::internals::bulk;
use pocket_lib::model::STICKERS;

use crate::batch::{batch, parse_layout, threads_for};
use crate::kernels::*;
use crate::read::*;
use crate::{Error, args, refuse, work};

/// The position number of each state (int32; -1 marks a bad row with errors="mask").
#[pyfunction]
#[pyo3(signature = (states, *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn to_index<'py>(
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
    let out = work::mapped(&idx, |&i| if i == BAD { -1 } else { i as i32 })?;
    if s.single {
        return Ok(out[0].into_pyobject(py)?.into_any());
    }
    Ok(out.into_pyarray(py).into_any())
}

/// Stickers of position numbers: one int gives a str (face letters ULFRBD), an
/// array gives uint8 rows (n, 24) of face numbers.
#[pyfunction]
#[pyo3(signature = (indices, *, layout = "golf".into(), threads = None))]
pub(crate) fn from_index<'py>(
    py: Python<'py>,
    indices: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::layout)] layout: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = args::opt_int_in(threads.as_ref(), "threads", i64::MIN, i64::MAX)?;
    let layout = parse_layout(py, &layout)?;
    let mut held = Held { rows: None };
    let s = read_states(py, indices, layout, &mut held)?;
    let Form::Indices(idx) = &s.form else {
        return refuse(
            py,
            "from_index takes position numbers: an int or an integer array (n,)",
        );
    };
    check_rows(py, &s, idx, true)?;
    let (to_golf, _) = layout_maps(layout);
    let t = threads_for(py, threads, idx.len())?;
    let rows = faces_rows(py, idx, &to_golf, t)?;
    if s.single {
        let text: String = rows
            .iter()
            .map(|&v| FACE_LETTERS[v as usize] as char)
            .collect();
        return Ok(PyString::new(py, &text).into_any());
    }
    let n = idx.len();
    Ok(Array2::from_shape_vec((n, STICKERS), rows)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py)
        .into_any())
}

/// Face rows of valid position numbers, in the layout of `to_golf`.
fn faces_rows(
    py: Python<'_>,
    idx: &[u32],
    to_golf: &[usize; STICKERS],
    threads: usize,
) -> PyResult<Vec<u8>> {
    work::filled(py, idx.len(), STICKERS, threads, |first, part| {
        for (k, row) in part.chunks_mut(STICKERS).enumerate() {
            let golf = bulk::faces_of_index(idx[first + k]).unwrap_or([0; STICKERS]);
            for (i, v) in row.iter_mut().enumerate() {
                *v = golf[to_golf[i]];
            }
        }
    })
}
