//! `one_hot`: each state's stickers as a one-hot array of the dtype asked for.

use numpy::IntoPyArray;
use numpy::ndarray::Array3;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use pocket_lib::internals::bulk;
use pocket_lib::model::STICKERS;

use crate::batch::batch;
use crate::read::*;
use crate::{Error, args, refuse, work};

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
