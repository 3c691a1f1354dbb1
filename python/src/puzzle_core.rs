//! `pocket._pocket.PuzzleCore`, the Rust half of `pocket.Puzzle` (pysrc/pocket/
//! puzzle.py holds the other half, its documentation and the 2x2x2's extras): a
//! puzzle's rows and its batch calls, each in timed pieces with the GIL released.

use std::sync::Arc;

use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::batch::threads_for;
use crate::puzzle_rows::{Rows, read_actions, read_rows};
use crate::puzzle_spec::{Kind, Spec, builtin_names};
use crate::read::shape_text;
use crate::{refuse, work};

#[pyclass(name = "_PuzzleCore", module = "pocket._pocket", frozen)]
pub(crate) struct PuzzleCore {
    pub spec: Arc<Spec>,
}

/// A writable C-contiguous uint8 view of `out` (bytes of whatever dtype), checked to
/// have `shape` and `dtype`.
fn out_bytes<'py>(
    py: Python<'py>,
    out: &Bound<'py, PyAny>,
    shape: &[usize],
    dtype: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArrayDyn<u8>>> {
    let np = py.import("numpy")?;
    let is_array = out.is_instance(&np.getattr("ndarray")?)?;
    let given: Vec<usize> = if is_array {
        out.getattr("shape")?.extract()?
    } else {
        Vec::new()
    };
    if !is_array || given != shape || !out.getattr("dtype")?.eq(dtype)? {
        let got = match is_array {
            true => format!("{} {}", out.getattr("dtype")?.str()?, shape_text(&given)),
            false => crate::args::described(out),
        };
        return Err(PyTypeError::new_err(format!(
            "out must be a numpy array of shape {} and dtype {}, not {got}",
            shape_text(shape),
            dtype.str()?
        )));
    }
    let flags = out.getattr("flags")?;
    if !flags.getattr("c_contiguous")?.extract::<bool>()?
        || !flags.getattr("writeable")?.extract::<bool>()?
    {
        return Err(PyTypeError::new_err(
            "out must be C-contiguous and writeable",
        ));
    }
    Ok(out
        .call_method1("view", ("uint8",))?
        .cast_into::<PyArrayDyn<u8>>()?)
}

/// A fresh array of `shape` and `dtype` as writable bytes, and the array itself.
fn new_bytes<'py>(
    py: Python<'py>,
    shape: &[usize],
    dtype: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyArrayDyn<u8>>)> {
    let itemsize: usize = dtype.getattr("itemsize")?.extract()?;
    let bytes = shape.iter().product::<usize>() as u128 * itemsize as u128;
    work::check_room(bytes, shape.first().copied().unwrap_or(1))?;
    let np = py.import("numpy")?;
    let arr = np.call_method1("empty", (PyTuple::new(py, shape)?, dtype))?;
    let view = arr
        .call_method1("view", ("uint8",))?
        .cast_into::<PyArrayDyn<u8>>()?;
    Ok((arr, view))
}

impl PuzzleCore {
    /// `f(first_row, part)` over an answer of `n` rows of `row` bytes each: into `out`
    /// when given (checked), else into a new array of `dtype`; the array answered.
    #[allow(clippy::too_many_arguments)]
    fn answer<'py>(
        py: Python<'py>,
        shape: &[usize],
        dtype: &str,
        out: Option<&Bound<'py, PyAny>>,
        threads: usize,
        f: impl Fn(usize, &mut [u8]) + Sync,
    ) -> PyResult<Bound<'py, PyAny>> {
        let np = py.import("numpy")?;
        let dtype = np.call_method1("dtype", (dtype,))?;
        let (arr, view) = match out.filter(|o| !o.is_none()) {
            Some(o) => (o.clone(), out_bytes(py, o, shape, &dtype)?),
            None => new_bytes(py, shape, &dtype)?,
        };
        let n = shape.first().copied().unwrap_or(1).max(1);
        let mut rw = view.readwrite();
        let bytes = rw.as_slice_mut()?;
        let row = bytes.len() / n;
        work::fill(py, bytes, row, threads, f)?;
        Ok(arr)
    }

    /// The rows of `states`, from a copy when they share memory with `out` (an
    /// in-place step).
    fn rows_apart<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Rows<'py>> {
        if let Some(o) = out.filter(|o| !o.is_none()) {
            let np = py.import("numpy")?;
            if np
                .call_method1("shares_memory", (o, states))?
                .extract::<bool>()?
            {
                return read_rows(py, &self.spec, &np.call_method1("array", (states,))?);
            }
        }
        read_rows(py, &self.spec, states)
    }

    fn shape(rows: &Rows<'_>, tail: &[usize]) -> Vec<usize> {
        let head = if rows.single { vec![] } else { vec![rows.n] };
        head.into_iter().chain(tail.iter().copied()).collect()
    }
}

#[pymethods]
impl PuzzleCore {
    #[new]
    fn new(py: Python<'_>, name: &str) -> PyResult<PuzzleCore> {
        match Spec::named(name) {
            Ok(spec) => Ok(PuzzleCore {
                spec: Arc::new(spec),
            }),
            Err(e) => refuse(py, e),
        }
    }

    #[staticmethod]
    fn from_file(py: Python<'_>, path: &str) -> PyResult<PuzzleCore> {
        match Spec::from_file(path) {
            Ok(spec) => Ok(PuzzleCore {
                spec: Arc::new(spec),
            }),
            Err(e) => refuse(py, e),
        }
    }

    #[staticmethod]
    fn names() -> Vec<&'static str> {
        builtin_names()
    }

    #[getter]
    fn name(&self) -> String {
        self.spec.name.clone()
    }

    #[getter]
    fn width(&self) -> usize {
        self.spec.width
    }

    #[getter]
    fn colours(&self) -> String {
        String::from_utf8_lossy(&self.spec.colours).into_owned()
    }

    #[getter]
    fn moves(&self) -> Vec<String> {
        self.spec.names.clone()
    }

    #[getter]
    fn faces<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<u8>> {
        Array1::from(self.spec.faces.clone()).into_pyarray(py)
    }

    #[getter]
    fn inverse_moves<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<i64>> {
        Array1::from(self.spec.inverse.clone()).into_pyarray(py)
    }

    #[getter]
    fn solved<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<u8>> {
        Array1::from(self.spec.solved.clone()).into_pyarray(py)
    }

    #[getter]
    fn kind(&self) -> &'static str {
        match self.spec.kind {
            Kind::Pocket => "2x2x2",
            Kind::Cube3 => "3x3x3",
            Kind::Defined => "defined",
        }
    }

    #[getter]
    fn kernel(&self) -> &'static str {
        crate::gather::kernel_name(self.spec.width)
    }

    /// The permutation of each move, (moves, width) int64: `rows[:, perms[m]]` is move m.
    #[getter]
    fn permutations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<i64>>> {
        let (m, w) = (self.spec.moves(), self.spec.width);
        let mut all = Vec::with_capacity(m * w);
        for k in 0..m {
            all.extend(self.spec.gathers.perm(k).iter().map(|&i| i64::from(i)));
        }
        Ok(Array2::from_shape_vec((m, w), all)
            .map_err(|e| PyTypeError::new_err(e.to_string()))?
            .into_pyarray(py))
    }

    fn state<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, numpy::PyArray1<u8>>> {
        match self.spec.row_of_text(text) {
            Ok(row) => Ok(Array1::from(row).into_pyarray(py)),
            Err(e) => refuse(py, e),
        }
    }

    fn text(&self, py: Python<'_>, row: &Bound<'_, PyAny>) -> PyResult<String> {
        let rows = read_rows(py, &self.spec, row)?;
        if !rows.single {
            return refuse(py, "text takes one row; for a batch, call it on each");
        }
        self.spec
            .text_of_row(rows.bytes())
            .or_else(|e| refuse(py, e))
    }

    #[pyo3(signature = (states, actions, *, out = None, threads = None))]
    fn step<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        actions: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
        threads: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rows = self.rows_apart(py, states, out)?;
        let acts = read_actions(py, actions, rows.n, self.spec.moves())?;
        let threads = threads_for(py, threads, rows.n)?;
        let (w, g, src) = (self.spec.width, &self.spec.gathers, rows.bytes());
        let shape = Self::shape(&rows, &[w]);
        Self::answer(py, &shape, "uint8", out, threads, |first, part| {
            let k = part.len() / w;
            g.step_rows(
                &src[first * w..(first + k) * w],
                &acts[first..first + k],
                part,
            );
        })
    }

    #[pyo3(signature = (states, *, threads = None))]
    fn next_states<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        threads: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rows = read_rows(py, &self.spec, states)?;
        let threads = threads_for(py, threads, rows.n)?;
        let (w, m, g, src) = (
            self.spec.width,
            self.spec.moves(),
            &self.spec.gathers,
            rows.bytes(),
        );
        let shape = Self::shape(&rows, &[m, w]);
        Self::answer(py, &shape, "uint8", None, threads, |first, part| {
            let k = part.len() / (w * m);
            g.next_rows(&src[first * w..(first + k) * w], part);
        })
    }

    fn is_solved<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rows = read_rows(py, &self.spec, states)?;
        let solved = &self.spec.solved;
        let answer: Vec<bool> = rows
            .bytes()
            .chunks_exact(self.spec.width)
            .map(|r| r == solved)
            .collect();
        if rows.single {
            return Ok(answer[0].into_pyobject(py)?.to_owned().into_any());
        }
        Ok(Array1::from(answer).into_pyarray(py).into_any())
    }

    #[pyo3(signature = (states, dtype = None, *, out = None, threads = None))]
    fn one_hot<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        dtype: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
        threads: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rows = read_rows(py, &self.spec, states)?;
        let (w, c) = (self.spec.width, self.spec.colours.len());
        if let Some((row, i, v)) = rows.first_bad(c, w) {
            let at = if rows.single {
                String::new()
            } else {
                format!("row {row}: ")
            };
            return refuse(
                py,
                format!(
                    "{at}sticker {i} is {v}, and {} has {c} colours (0 to {})",
                    self.spec.name,
                    c - 1
                ),
            );
        }
        let np = py.import("numpy")?;
        // No dtype: out's, if given (as pocket.one_hot does), else float32.
        let out_dtype = out
            .filter(|o| !o.is_none())
            .and_then(|o| o.getattr("dtype").ok());
        let dtype = match (dtype.filter(|d| !d.is_none()), out_dtype) {
            (Some(d), _) => np.call_method1("dtype", (d,))?,
            (None, Some(d)) => d,
            (None, None) => np.call_method1("dtype", ("float32",))?,
        };
        let one = crate::one_hot::one_of(&dtype)?;
        let threads = threads_for(py, threads, rows.n)?;
        let shape = Self::shape(&rows, &[w, c]);
        let dtype_name = dtype.str()?.to_string();
        let src = rows.bytes();
        let size = one.len();
        Self::answer(py, &shape, &dtype_name, out, threads, |first, part| {
            for (k, block) in part.chunks_exact_mut(w * c * size).enumerate() {
                let row = &src[(first + k) * w..(first + k + 1) * w];
                crate::one_hot::set_one_hot(block, row, c, &one);
            }
        })
    }

    fn apply<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        moves: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let path = self.spec.sequence(moves).or_else(|e| refuse(py, e))?;
        let rows = read_rows(py, &self.spec, states)?;
        let (w, g, src) = (self.spec.width, &self.spec.gathers, rows.bytes());
        let threads = threads_for(py, None, rows.n)?;
        let shape = Self::shape(&rows, &[w]);
        Self::answer(py, &shape, "uint8", None, threads, |first, part| {
            part.copy_from_slice(&src[first * w..first * w + part.len()]);
            for row in part.chunks_exact_mut(w) {
                g.walk(row, path.iter().copied());
            }
        })
    }

    #[pyo3(signature = (n, seed = None, *, threads = None))]
    fn random_states<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
        seed: Option<&Bound<'py, PyAny>>,
        threads: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::puzzle_random::random_states(py, &self.spec, n, seed, threads)
    }

    #[pyo3(signature = (n, max_moves, seed = None, *, min_moves = None, threads = None))]
    fn random_walks<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
        max_moves: &Bound<'py, PyAny>,
        seed: Option<&Bound<'py, PyAny>>,
        min_moves: Option<&Bound<'py, PyAny>>,
        threads: Option<i64>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        crate::puzzle_random::random_walks(py, &self.spec, n, max_moves, seed, min_moves, threads)
    }

    #[pyo3(signature = (state, *, seconds = None, max_nodes = None))]
    fn solve(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        seconds: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<(Option<Vec<String>>, u64)> {
        crate::puzzle_solve::solve(py, &self.spec, state, seconds, max_nodes)
    }

    fn __repr__(&self) -> String {
        format!("Puzzle('{}')", self.spec.name)
    }
}
