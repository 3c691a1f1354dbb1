//! `solve`, `solve_all` and `count` for one state, answered by the library's solve
//! plan as `pocket solve` and `pocket serve` are: the options checked by the same
//! `TryFrom` (its refusals in Python's words), the solver chosen by the plan, the
//! answer a value. The plan of the weighted costs last asked for is kept: it holds
//! their search, built once.

use std::sync::Mutex;

use pyo3::prelude::*;

use pocket_lib::model::Invalid;
use pocket_lib::request::batch::{Solved, Want};
use pocket_lib::request::solve::{Plan, RawSolve, SolveRequest, plan};
use pocket_lib::request::{FrontEnd, RequestError};
use pocket_lib::{Cube, Metric};

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

/// A refusal of the library's, in Python's words.
fn refused_by_library<T>(py: Python<'_>, e: RequestError) -> PyResult<T> {
    refuse(py, e.in_words(FrontEnd::Python))
}

/// The library's plan for `metric=` and `cost=`, checked as `pocket solve` checks
/// `--metric` and `--cost`.
fn plan_for(metric: Metric, cost: Option<String>) -> Result<Plan, RequestError> {
    let raw = RawSolve {
        metric,
        cost,
        ..RawSolve::default()
    };
    plan(SolveRequest::try_from(raw)?)
}

/// `cube` answered as `want` asks, by the plan of `metric=` and `cost=`. The GIL is
/// released while the plan is built and while it solves; the plan of weighted costs
/// is kept for the next call with them, its lock taken with the GIL released (a
/// thread waiting for it holds no GIL that the solving thread needs back).
fn answered<T: Send>(
    py: Python<'_>,
    cube: &Cube,
    metric: Metric,
    cost: Option<String>,
    want: Want,
    f: impl FnOnce(Solved<'static>) -> T + Send,
) -> PyResult<T> {
    static LAST_WEIGHTED: Mutex<Option<(Metric, String, Plan)>> = Mutex::new(None);
    let state = cube.stickers();
    let state = state.as_str().as_bytes();
    let answer = py.detach(|| -> Result<Result<T, Invalid>, RequestError> {
        let Some(spec) = cost.clone() else {
            let mut plan = plan_for(metric, None)?;
            return Ok(plan.solved(state, want).map(f));
        };
        let mut last = LAST_WEIGHTED.lock().unwrap_or_else(|e| e.into_inner());
        // Keyed by the metric too, so that a metric the costs replace is refused
        // every time, not only when the plan is first built.
        if last
            .as_ref()
            .is_none_or(|(m, s, _)| (*m, s) != (metric, &spec))
        {
            *last = Some((metric, spec.clone(), plan_for(metric, Some(spec))?));
        }
        let (_, _, plan) = last.as_mut().expect("set above");
        Ok(plan.solved(state, want).map(f))
    });
    match answer {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => refuse(py, e.message),
        Err(e) => refused_by_library(py, e),
    }
}

/// The moves of one solution as `pocket solve` writes them ("" when solved).
fn moves(solution: &pocket_lib::request::batch::Solution<'_>) -> String {
    solution.moves.join(" ")
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
    // The metric is checked before the state, as the command line reads its options
    // before its input.
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    answered(py, &cube, metric, cost, Want::First, |s| {
        moves(&s.solutions[0])
    })
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
    // The metric is checked before the state, as the command line reads its options
    // before its input.
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    answered(py, &cube, metric, cost, Want::All, |s| {
        s.solutions.iter().map(moves).collect()
    })
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
    // The metric is checked before the state, as the command line reads its options
    // before its input.
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    answered(py, &cube, metric, cost, Want::Count, |s| s.number())
}
