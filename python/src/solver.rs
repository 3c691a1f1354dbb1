//! The solver of the command line for one state: `solve`, `solve_all` and `count`,
//! with the shared solvers of each metric and of the weighted costs last asked for.

use std::sync::Mutex;

use pyo3::prelude::*;

use pocket_lib::cube::AutoSolver;
use pocket_lib::internals::shared::PerMetric;
use pocket_lib::request::FrontEnd;
use pocket_lib::request::solve::costs_for;
use pocket_lib::{Costs, Cube, Metric, PocketSolver};

use crate::batch::parse_layout;
use crate::read::*;
use crate::{args, parse_metric, refuse};

fn cost_arg(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    args::opt_word(value, "cost", "move costs such as 'F=2,R2=1.5'")
}

/// One state for the solver: a str, a position number or a uint8 row.
fn one_cube(py: Python<'_>, state: &Bound<'_, PyAny>, layout: &str) -> PyResult<Cube> {
    let layout = parse_layout(py, layout)?;
    let mut held = Held { rows: None };
    let s = read_states(py, state, layout, &mut held)?;
    if !s.single {
        return refuse(
            py,
            "solve, solve_all and count take one state (a str, an int or a (24,) row); \
             use distance and optimal_moves for batches",
        );
    }
    if let Form::Strings(t) = &s.form {
        return parse_text(&t[0], layout)
            .map(|(c, _)| c)
            .or_else(|e| refuse(py, e));
    }
    let idx = read_indices(py, &s, 1, true)?;
    Ok(pocket_lib::Coord::new(idx[0])
        .map(|c| c.cube())
        .unwrap_or_default())
}

/// One solver per metric, shared: the built-in table for HTM, else the bidirectional
/// search until a batch makes the full table pay.
fn with_solver<T>(metric: Metric, f: impl FnOnce(&mut AutoSolver) -> T) -> T {
    static SOLVERS: PerMetric<Mutex<AutoSolver>> = PerMetric::new();
    let solver = SOLVERS.get_or_init(metric, || Mutex::new(AutoSolver::new(metric)));
    let mut guard = solver.lock().unwrap_or_else(|e| e.into_inner());
    f(&mut guard)
}

/// The costs of `cost=`, checked against the metric by the library's own rule and
/// words (as `pocket solve --cost` refuses them).
fn costs_arg(py: Python<'_>, cost: Option<&str>, metric: Metric) -> PyResult<Option<Costs>> {
    costs_for(cost, metric).or_else(|e| refuse(py, e.in_words(FrontEnd::Python)))
}

/// The solver of weighted costs last asked for, kept for the next call with them.
/// The lock is taken with the GIL released: a thread waiting for it holds no GIL that
/// the solving thread needs back.
fn with_cost_solver<T: Send>(
    py: Python<'_>,
    spec: &str,
    costs: Costs,
    f: impl FnOnce(&mut PocketSolver) -> T + Send,
) -> PyResult<T> {
    static LAST: Mutex<Option<(String, PocketSolver)>> = Mutex::new(None);
    py.detach(|| {
        let mut guard = LAST.lock().unwrap_or_else(|e| e.into_inner());
        if guard.as_ref().is_none_or(|(s, _)| s != spec) {
            let solver = PocketSolver::with_costs(&costs).map_err(|e| format!("bad cost: {e}"))?;
            *guard = Some((spec.to_string(), solver));
        }
        let (_, solver) = guard.as_mut().expect("set above");
        Ok(f(solver))
    })
    .or_else(|e: String| refuse(py, e))
}

/// An optimal solution (moves over R U F, e.g. "R U' F2"; "" when solved): the first
/// in the move order R R' R2 U U' U2 F F' F2, as `pocket solve` prints it.
#[pyfunction]
#[pyo3(signature = (state, metric = "htm".into(), *, cost = None, layout = "golf".into()))]
pub(crate) fn solve(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::metric)] metric: String,
    #[pyo3(from_py_with = cost_arg)] cost: Option<String>,
    #[pyo3(from_py_with = args::layout)] layout: String,
) -> PyResult<String> {
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    if let (Some(spec), Some(costs)) = (&cost, costs_arg(py, cost.as_deref(), metric)?) {
        return with_cost_solver(py, spec, costs, |s| s.solve(&cube).to_string());
    }
    Ok(py.detach(|| with_solver(metric, |s| s.solve(&cube)).to_string()))
}

/// Every optimal solution, sorted move by move in the order R R' R2 U U' U2 F F' F2.
#[pyfunction]
#[pyo3(signature = (state, metric = "htm".into(), *, cost = None, layout = "golf".into()))]
pub(crate) fn solve_all(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::metric)] metric: String,
    #[pyo3(from_py_with = cost_arg)] cost: Option<String>,
    #[pyo3(from_py_with = args::layout)] layout: String,
) -> PyResult<Vec<String>> {
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    let all = match (&cost, costs_arg(py, cost.as_deref(), metric)?) {
        (Some(spec), Some(costs)) => with_cost_solver(py, spec, costs, |s| s.solve_all(&cube))?,
        _ => py.detach(|| with_solver(metric, |s| s.solve_all(&cube))),
    };
    Ok(all.iter().map(|a| a.to_string()).collect())
}

/// The number of optimal solutions.
#[pyfunction]
#[pyo3(signature = (state, metric = "htm".into(), *, cost = None, layout = "golf".into()))]
pub(crate) fn count(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::metric)] metric: String,
    #[pyo3(from_py_with = cost_arg)] cost: Option<String>,
    #[pyo3(from_py_with = args::layout)] layout: String,
) -> PyResult<u64> {
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    match (&cost, costs_arg(py, cost.as_deref(), metric)?) {
        (Some(spec), Some(costs)) => {
            with_cost_solver(py, spec, costs, |s| s.solve_all(&cube).len() as u64)
        }
        _ => Ok(py.detach(|| with_solver(metric, |s| s.count(&cube)))),
    }
}
