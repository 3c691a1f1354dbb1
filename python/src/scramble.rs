//! `scramble`: the command line's random-state scrambles, with the reading of Python's
//! arguments into its request.

use pyo3::prelude::*;

use pocket_lib::cube::CaseSet;
use pocket_lib::request::FrontEnd;
use pocket_lib::request::scramble::{DEFAULT_MIN_DISTANCE, ScrambleRequest};

use crate::{args, refuse, work};

fn optimal_arg(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    args::flag(value, "optimal")
}

fn set_arg(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    args::opt_word(value, "set", "a case set's name such as 'cll'")
}

fn goal_arg(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    args::opt_word(value, "goal", "a pattern in face letters, '.' for any")
}

/// Random-state scrambles as `pocket scramble` makes them (the same ones for the same
/// seed): a list of (sequence, state) pairs. The request is the command line's,
/// checked by the library; only the reading of Python's arguments is here.
#[pyfunction]
#[pyo3(signature = (n = None, seed = None, *, min_distance = None, length = None, optimal = false, set = None, goal = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn scramble<'py>(
    py: Python<'py>,
    n: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    min_distance: Option<&Bound<'py, PyAny>>,
    length: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = optimal_arg)] optimal: bool,
    #[pyo3(from_py_with = set_arg)] set: Option<String>,
    #[pyo3(from_py_with = goal_arg)] goal: Option<String>,
) -> PyResult<Vec<(String, String)>> {
    let set = match set {
        Some(name) => Some(
            name.parse::<CaseSet>()
                .or_else(|e| refuse(py, e.to_string()))?,
        ),
        None => None,
    };
    // A scramble line is about 60 bytes of text in two Python strings.
    let n = match n {
        Some(n) if !n.is_none() => args::count(n, "n", 128)?,
        _ => 1,
    };
    let request = ScrambleRequest {
        count: n as u64,
        seed: args::seed(seed)?,
        min_distance: args::opt_int_in(min_distance, "min_distance", 0, i64::MAX)?
            .map_or(DEFAULT_MIN_DISTANCE, |d| d as u64),
        length: args::opt_int_in(length, "length", 0, i64::MAX)?
            .map(|l| usize::try_from(l).unwrap_or(usize::MAX)),
        optimal,
        set,
        goal,
        ..ScrambleRequest::default()
    };
    let scrambles = py
        .detach(|| request.scrambles())
        .or_else(|e| refuse(py, e.in_words(FrontEnd::Python)))?;
    let mut made = args::room(n, "n")?;
    let mut failed = None;
    let mut scrambles = scrambles;
    work::in_pieces(
        py,
        n,
        &mut (&mut made, &mut scrambles, &mut failed),
        |(made, scrambles, failed), size| {
            for drawn in scrambles.by_ref().take(size) {
                match drawn {
                    Ok(sc) => made.push(sc),
                    Err(e) => {
                        **failed = Some(e);
                        return;
                    }
                }
            }
        },
    )?;
    if let Some(e) = failed {
        return refuse(py, e.in_words(FrontEnd::Python));
    }
    Ok(made
        .iter()
        .map(|sc| (sc.alg.to_string(), sc.cube.stickers().as_str().to_string()))
        .collect())
}
