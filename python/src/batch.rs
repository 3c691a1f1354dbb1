//! The options every batch call takes (metric, layout, errors mode, threads), read
//! and checked once here so that each call refuses them in the same words.

use pyo3::prelude::*;

use pocket_lib::{Layout, Metric};

use crate::args;
use crate::kernels::*;
use crate::read::*;
use crate::refuse;

pub(crate) fn parse_metric(py: Python<'_>, name: &str) -> PyResult<Metric> {
    name.parse::<Metric>()
        .or_else(|e| refuse(py, e.to_string()))
}

pub(crate) fn parse_layout(py: Python<'_>, name: &str) -> PyResult<Layout> {
    name.parse::<Layout>()
        .or_else(|e| refuse(py, e.to_string()))
}

/// Whether bad rows raise (`"raise"`) or are marked in the result (`"mask"`).
pub(crate) fn parse_errors(py: Python<'_>, mode: &str) -> PyResult<bool> {
    match mode {
        "raise" => Ok(true),
        "mask" => Ok(false),
        _ => refuse(
            py,
            format!("unknown errors mode '{mode}' (expected raise or mask)"),
        ),
    }
}

pub(crate) fn threads_for(py: Python<'_>, threads: Option<i64>, n: usize) -> PyResult<usize> {
    let cores = || std::thread::available_parallelism().map_or(1, usize::from);
    match threads {
        Some(t) if t < 1 => refuse(py, "threads must be at least 1 (None: every core)"),
        Some(t) => Ok(usize::try_from(t)
            .unwrap_or(MAX_THREADS)
            .min(MAX_THREADS)
            .min(n.max(1))),
        None if n < PARALLEL_FROM => Ok(1),
        None => Ok(cores().min(n / (PARALLEL_FROM / 2)).max(1)),
    }
}

/// Everything a batch call takes about its states.
pub(crate) struct Batch {
    pub(crate) layout: Layout,
    pub(crate) raise: bool,
    pub(crate) threads: Option<i64>,
}

impl Batch {
    /// The states of a batch call, and the threads to read and answer them with.
    pub(crate) fn read<'py, 'a>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        held: &'a mut Held<'py>,
    ) -> PyResult<(States<'py, 'a>, usize)> {
        let s = read_states(py, states, self.layout, held)?;
        let t = threads_for(py, self.threads, count_of(&s))?;
        Ok((s, t))
    }
}

pub(crate) fn batch(
    py: Python<'_>,
    layout: &str,
    errors: &str,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Batch> {
    Ok(Batch {
        layout: parse_layout(py, layout)?,
        raise: parse_errors(py, errors)?,
        threads: args::opt_int_in(threads, "threads", i64::MIN, i64::MAX)?,
    })
}

/// The metric's moves as indices in `Move::ALL`.
pub(crate) fn metric_moves(metric: Metric) -> Vec<usize> {
    metric.steps().iter().map(|m| m.index()).collect()
}
