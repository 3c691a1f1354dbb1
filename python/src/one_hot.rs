//! `one_hot`: each state's stickers as a one-hot array of the dtype asked for.

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArrayMethods};
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

/// The one-hot encoding into `out`, bytes of rows of 24 x 6 items of `one.len()`
/// bytes each, `one` the bytes of the dtype's 1 (float16, bfloat16, or any dtype
/// into a buffer given).
fn one_hot_bytes(
    py: Python<'_>,
    out: &mut [u8],
    idx: &[u32],
    to_golf: &[usize; STICKERS],
    one: &[u8],
    threads: usize,
) -> PyResult<()> {
    let size = one.len();
    let row = STICKERS * 6 * size;
    work::fill(py, out, row, threads, |first, part| {
        for (k, block) in part.chunks_mut(row).enumerate() {
            match bulk::faces_of_index(idx[first + k]) {
                Some(golf) => {
                    let colours: [u8; STICKERS] = std::array::from_fn(|i| golf[to_golf[i]]);
                    set_one_hot(block, &colours, 6, one);
                }
                None => block.fill(0),
            }
        }
    })
}

/// The bytes of a numeric dtype's 1, or a TypeError for a dtype with no 1 to
/// write (str, object, datetime). Shared with `Puzzle.one_hot`.
pub(crate) fn one_of(dtype: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let np = dtype.py().import("numpy")?;
    let one: Vec<u8> = np
        .call_method1("ones", (1, dtype))?
        .call_method0("tobytes")?
        .extract()?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "f" | "i" | "u" | "b" | "V") || one.iter().all(|&b| b == 0) {
        return Err(PyTypeError::new_err(format!(
            "one_hot takes a numeric dtype, not {}",
            dtype.str()?
        )));
    }
    Ok(one)
}

/// `out` checked to be a writable C-contiguous array of `shape` (its dtype is the
/// answer's), as bytes.
fn out_buffer<'py>(
    out: &Bound<'py, PyAny>,
    shape: &[usize],
) -> PyResult<Bound<'py, numpy::PyArrayDyn<u8>>> {
    let np = out.py().import("numpy")?;
    let fits = out.is_instance(&np.getattr("ndarray")?)?
        && out.getattr("shape")?.extract::<Vec<usize>>()? == shape
        && out
            .getattr("flags")?
            .getattr("c_contiguous")?
            .extract::<bool>()?
        && out
            .getattr("flags")?
            .getattr("writeable")?
            .extract::<bool>()?;
    if !fits {
        return Err(PyTypeError::new_err(format!(
            "out must be a writeable C-contiguous numpy array of shape {}",
            crate::read::shape_text(shape)
        )));
    }
    Ok(out
        .call_method1("view", ("uint8",))?
        .cast_into::<numpy::PyArrayDyn<u8>>()?)
}

/// The encoding in a dtype of no Rust type of its own (float16, ml_dtypes'
/// bfloat16), or into `out`: written as bytes.
#[allow(clippy::too_many_arguments)]
fn one_hot_as_bytes<'py>(
    py: Python<'py>,
    idx: &[u32],
    to_golf: &[usize; STICKERS],
    dtype: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    single: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let np = py.import("numpy")?;
    let one = one_of(dtype)?;
    let n = idx.len();
    let shape: Vec<usize> = if single {
        vec![STICKERS, 6]
    } else {
        vec![n, STICKERS, 6]
    };
    let (arr, bytes) = match out {
        Some(o) => (o.clone(), out_buffer(o, &shape)?),
        None => {
            work::check_room(n as u128 * (STICKERS * 6 * one.len()) as u128, n)?;
            let a = np.call_method1("empty", (pyo3::types::PyTuple::new(py, &shape)?, dtype))?;
            let b = a
                .call_method1("view", ("uint8",))?
                .cast_into::<numpy::PyArrayDyn<u8>>()?;
            (a, b)
        }
    };
    if let Some(o) = out.filter(|o| {
        !o.getattr("dtype")
            .and_then(|d| d.eq(dtype))
            .unwrap_or(false)
    }) {
        return Err(PyTypeError::new_err(format!(
            "out is {}, and the dtype asked {}: give one dtype",
            o.getattr("dtype")?.str()?,
            dtype.str()?
        )));
    }
    let mut rw = bytes.readwrite();
    one_hot_bytes(py, rw.as_slice_mut()?, idx, to_golf, &one, threads)?;
    Ok(arr)
}

/// The one-hot encoding of each state, shape (n, 24, 6) (or (24, 6)), in the sticker
/// order and face numbers of `from_index`, of the given dtype, into `out` if given.
#[pyfunction]
#[pyo3(signature = (states, dtype = None, *, out = None, layout = "golf".into(), errors = "raise".into(), threads = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn one_hot<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    dtype: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::layout)] layout: String,
    #[pyo3(from_py_with = args::errors)] errors: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = batch(py, &layout, &errors, threads.as_ref())?;
    let mut held = Held { rows: None };
    let (s, t) = b.read(py, states, &mut held)?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let np = py.import("numpy")?;
    let out = out.filter(|o| !o.is_none());
    let wanted = match (dtype.filter(|d| !d.is_none()), out) {
        (Some(d), _) => Some(
            np.call_method1("dtype", (d,))
                .map_err(|_| PyTypeError::new_err(format!("dtype {d} is not a numpy dtype")))?,
        ),
        (None, Some(o)) => Some(o.getattr("dtype")?),
        (None, None) => None,
    };
    if let Some(d) = &wanted {
        let name: String = d.getattr("name")?.extract()?;
        if out.is_some() || matches!(name.as_str(), "float16" | "bfloat16") {
            let (to_golf, _) = layout_maps(b.layout);
            return one_hot_as_bytes(py, &idx, &to_golf, d, out, s.single, t);
        }
    }
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
                    "one_hot makes float32, float64, float16, bfloat16 (ml_dtypes), uint8, \
                     int8, int32, int64 or bool, not {other}"
                ),
            );
        }
    };
    match s.single {
        true => arr.call_method1("reshape", ((STICKERS, 6),)),
        false => Ok(arr),
    }
}

/// One row's one-hot `block` (its stickers x `colours` items of `one.len()` bytes):
/// zeros, then `one` at each sticker's colour. A row at a time, so that its zeros are
/// still in the cache when its ones are written, with the item's size known to the
/// compiler for the common dtypes: zeroing the whole part first and copying `one`
/// as a slice of unknown length took `Puzzle.one_hot` of 1M 2x2x2 rows into `out=`
/// 1.5x numpy's `np.ones` of the shape, and 0.7-0.77x after (python/README.md).
pub(crate) fn set_one_hot(block: &mut [u8], row: &[u8], colours: usize, one: &[u8]) {
    block.fill(0);
    match one.len() {
        1 => set_ones::<1>(block, row, colours, one),
        2 => set_ones::<2>(block, row, colours, one),
        4 => set_ones::<4>(block, row, colours, one),
        8 => set_ones::<8>(block, row, colours, one),
        size => {
            for (i, &v) in row.iter().enumerate() {
                let at = (i * colours + v as usize) * size;
                block[at..at + size].copy_from_slice(one);
            }
        }
    }
}

fn set_ones<const N: usize>(block: &mut [u8], row: &[u8], colours: usize, one: &[u8]) {
    let Ok(one) = <[u8; N]>::try_from(one) else {
        return;
    };
    let (items, _) = block.as_chunks_mut::<N>();
    for (i, &v) in row.iter().enumerate() {
        items[i * colours + v as usize] = one;
    }
}
