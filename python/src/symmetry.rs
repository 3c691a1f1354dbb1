//! The maps of states that keep their distance: `inverse` (in HTM and QTM), and the images under the
//! symmetries that keep the reference corner (`symmetries`, with `symmetry_moves`
//! for the policy targets).

use numpy::IntoPyArray;
use numpy::ndarray::Array2;
use pyo3::prelude::*;

use pocket_lib::cube::Symmetry;
use pocket_lib::internals::shared::PerMetric;
use pocket_lib::{Coord, Cube, Metric};

use crate::answer_form::answer_in_form;
use crate::batch::batch;
use crate::kernels::*;
use crate::read::*;
use crate::{Error, args, parse_metric, work};

/// The inverse of each position, in the form given: at the same distance in HTM and
/// QTM, not in the one-way metric (its moves' inverses are not moves).
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
