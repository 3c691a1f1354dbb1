//! `Puzzle.solve`: one optimal solution by the library's best method for the puzzle,
//! within a time or node budget. The 3x3x3 goes to Reid's method (its smaller
//! tables, built once a process on every core, outside the budget); any other
//! definition to IDA* on its pattern databases (built once a puzzle object). The
//! 2x2x2 is answered in Python by the package's exact solver. The search runs with
//! the GIL released; the budget and Ctrl-C are looked at every 65,536 nodes.

use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use pyo3::prelude::*;

use pocket_lib::engine::Listing;
use pocket_lib::puzzle::{DeepSolver, Puzzle, ReidError, ReidSolver};

use crate::puzzle_rows::read_rows;
use crate::puzzle_spec::{Kind, Spec};
use crate::refuse;

/// The pattern databases' budget for a puzzle other than the cubes.
const DEEP_MEMORY: u64 = 1 << 30;

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

fn reid(puzzle: &Puzzle) -> Result<&'static ReidSolver, ReidError> {
    static SOLVER: OnceLock<Result<ReidSolver, ReidError>> = OnceLock::new();
    SOLVER
        .get_or_init(|| ReidSolver::new(puzzle, ReidSolver::least_memory(), cores()))
        .as_ref()
        .map_err(Clone::clone)
}

/// The searches of defined puzzles, one a puzzle name, kept for the process (their
/// puzzle leaked with them: a few KB each).
fn deep_solvers() -> &'static Mutex<Vec<(String, DeepSolver<'static>)>> {
    static SOLVERS: OnceLock<Mutex<Vec<(String, DeepSolver<'static>)>>> = OnceLock::new();
    SOLVERS.get_or_init(|| Mutex::new(Vec::new()))
}

/// How a search went: the nodes it has searched so far, and why it ended early:
/// the budget, or Ctrl-C (raised).
#[derive(Default)]
struct Watch {
    nodes: u64,
    over_budget: bool,
    interrupted: Option<PyErr>,
}

impl Watch {
    /// The `keep_going` of a search: within the deadline and the nodes, no Ctrl-C.
    fn keep_going(
        &mut self,
        seconds: Option<f64>,
        max_nodes: Option<u64>,
    ) -> impl FnMut(u64) -> bool + '_ {
        let deadline = seconds.map(|s| Instant::now() + Duration::from_secs_f64(s));
        move |nodes| {
            self.nodes = nodes;
            if let Err(e) = Python::attach(|py| py.check_signals()) {
                self.interrupted = Some(e);
                return false;
            }
            self.over_budget = max_nodes.is_some_and(|m| nodes >= m)
                || deadline.is_some_and(|d| Instant::now() >= d);
            !self.over_budget
        }
    }
}

/// The row of a state given as a row or as its sticker string.
fn row_of(py: Python<'_>, spec: &Spec, state: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(text) = state.extract::<String>() {
        return spec.row_of_text(&text).or_else(|e| refuse(py, e));
    }
    let rows = read_rows(py, spec, state)?;
    if !rows.single {
        return refuse(py, "solve takes one state, a row or its sticker string");
    }
    Ok(rows.bytes().to_vec())
}

/// The moves and nodes of an optimal solution; `(None, nodes)` when the budget ran
/// out first.
pub(crate) fn solve(
    py: Python<'_>,
    spec: &Spec,
    state: &Bound<'_, PyAny>,
    seconds: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<(Option<Vec<String>>, u64)> {
    if seconds.is_some_and(|s| !(0.0..1e9).contains(&s)) {
        return refuse(py, "seconds must be from 0 to 1e9 (None: no limit)");
    }
    let row = row_of(py, spec, state)?;
    let stickers = spec.text_of_row(&row).or_else(|e| refuse(py, e))?;
    let Some(puzzle) = &spec.defined else {
        return refuse(py, "the 2x2x2 is solved by pocket.Puzzle.solve in Python");
    };
    let mut watch = Watch::default();
    let found = py.detach(|| {
        let mut keep_going = watch.keep_going(seconds, max_nodes);
        match spec.kind {
            Kind::Cube3 => reid(puzzle)
                .and_then(|solver| {
                    solver
                        .solve_within(stickers.as_bytes(), |_, _| (), &mut keep_going)
                        .map(|a| (a.moves, a.nodes))
                })
                .map_err(|e| e.to_string()),
            _ => deep(puzzle, stickers.as_bytes(), &mut keep_going),
        }
    });
    if let Some(e) = watch.interrupted {
        return Err(e);
    }
    match found {
        Ok((moves, nodes)) => {
            let names = moves.iter().map(|&m| spec.names[m as usize].clone());
            Ok((Some(names.collect()), nodes))
        }
        Err(_) if watch.over_budget => Ok((None, watch.nodes)),
        Err(e) => refuse(py, e),
    }
}

fn deep(
    puzzle: &Puzzle,
    stickers: &[u8],
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Result<(Vec<u8>, u64), String> {
    let mut solvers = deep_solvers().lock().unwrap_or_else(|e| e.into_inner());
    let at = match solvers.iter().position(|(n, _)| *n == puzzle.name) {
        Some(at) => at,
        None => {
            let leaked: &'static Puzzle = Box::leak(Box::new(puzzle.clone()));
            let solver =
                DeepSolver::new(leaked, DEEP_MEMORY, cores()).map_err(|e| e.to_string())?;
            solvers.push((puzzle.name.clone(), solver));
            solvers.len() - 1
        }
    };
    let (found, nodes) = solvers[at]
        .1
        .solve_within(stickers, Listing::First, keep_going)
        .map_err(|e| e.to_string())?;
    match found.into_iter().next() {
        Some(moves) => Ok((moves.to_vec(), nodes)),
        None => Err("no solution within the search's 40 moves".to_string()),
    }
}
