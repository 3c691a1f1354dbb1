//! The exact answers of the distance tables: `distance`, `optimal_moves`, and the
//! `census` of positions at each distance.

use numpy::IntoPyArray;
use numpy::ndarray::Array2;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use pocket_lib::internals::lookup::{Dist, FOR_DISTANCES, FOR_POLICIES, distances_for};
use pocket_lib::internals::shared;

use crate::batch::batch;
use crate::kernels::*;
use crate::read::*;
use crate::{Error, args, metric_moves, parse_metric};

/// The optimal distance of each state in `metric` (int8; -1 marks a bad row with
/// errors="mask"). One state gives an int.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm".into(), *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn distance<'py>(
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
    let out = match py.detach(|| distances_for(metric, idx.len(), FOR_DISTANCES)) {
        Dist::Table(table) => distance_kernel(py, &table, &idx, t)?,
        Dist::Walk(walk) => distance_kernel(py, &walk, &idx, t)?,
        Dist::Search(search) => distance_kernel(py, &search, &idx, t)?,
    };
    if s.single {
        return Ok(out[0].into_pyobject(py)?.into_any());
    }
    Ok(out.into_pyarray(py).into_any())
}

/// Which of the metric's moves start an optimal solution: bool (n, 9) in HTM
/// (R R' R2 U U' U2 F F' F2), (n, 6) in QTM, (n, 3) one-way. A solved state has none.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm".into(), *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn optimal_moves<'py>(
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
    let out = match py.detach(|| distances_for(metric, idx.len(), FOR_POLICIES)) {
        Dist::Table(table) => policy_kernel(py, &table, &idx, &moves, t)?,
        Dist::Walk(walk) => policy_kernel(py, &walk, &idx, &moves, t)?,
        Dist::Search(search) => policy_kernel(py, &search, &idx, &moves, t)?,
    };
    let arr = Array2::from_shape_vec((idx.len(), k), out)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py);
    if s.single {
        return arr.call_method1("reshape", (k,));
    }
    Ok(arr.into_any())
}

/// How many positions lie at each distance from solved: {distance: positions}.
#[pyfunction]
#[pyo3(signature = (metric = "htm".into()))]
pub(crate) fn census<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::metric)] metric: String,
) -> PyResult<Bound<'py, PyDict>> {
    let metric = parse_metric(py, &metric)?;
    // Counted once per metric: the census's own breadth-first search, not the
    // distance table, so the tests compare two searches.
    let counted = py.detach(|| shared::census_of(metric));
    let d = PyDict::new(py);
    for row in &counted.rows {
        d.set_item(row.distance, row.positions)?;
    }
    Ok(d)
}
