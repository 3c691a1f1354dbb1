//! The Python module `pocket`: exact 2x2x2 distances, optimal moves and next states
//! for numpy batches, and the solver of the command line for single states.
//!
//! Every state form is read into position numbers first (`read`), then the batch
//! kernels (`kernels`) work on numbers and the shared distance tables with the GIL
//! released, on every core. A row that is no cube is reported by its first row number
//! with the command line's message for it, computed only when asked (errors are rare;
//! the kernels only mark them). This file registers the module; the Python functions
//! live in the modules below, one concept each.

mod answer_form;
mod args;
mod batch;
mod distances;
mod error;
mod gather;
mod kernels;
mod moving;
mod numbers;
mod one_hot;
mod open_list;
mod puzzle_core;
mod puzzle_random;
mod puzzle_rows;
mod puzzle_solve;
mod puzzle_spec;
mod py222;
mod random;
mod read;
mod rl;
mod scramble;
mod search_bwas;
mod search_closed;
mod search_engines;
mod search_nodes;
mod search_py;
mod search_slots;
mod search_space;
mod solver;
mod step_one_pass;
mod symmetry;
mod vector_env;
mod work;

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use pocket_lib::internals::bulk::STICKER_PERMUTATIONS;
use pocket_lib::model::POSITIONS;
use pocket_lib::{Metric, Move, Stickers};

// Named from the crate's root by every module that refuses, reads or steps.
pub(crate) use batch::{metric_moves, parse_metric};
pub(crate) use error::{Error, error, refuse};

/// Exact answers about the 2x2x2 Rubik's cube for numpy batches: distances, optimal
/// moves, next states, and the solver of the `pocket` command line. See pocket.pyi.
#[pymodule(name = "_pocket")]
fn pocket_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // numpy's array API is loaded on first use, by importing numpy: loaded lazily, a
    // Ctrl-C that landed during that import panicked inside the first array returned
    // (CI, 2026-12-04: random_states under SIGINT). Load it with the module instead.
    // Importing numpy first turns a failed import into this import's exception.
    py.import("numpy")?;
    PyArray1::<u8>::zeros(py, 0, false);
    m.add("Error", py.get_type::<Error>())?;
    m.add("POSITIONS", POSITIONS)?;
    m.add("SOLVED", Stickers::SOLVED.as_str())?;
    m.add("FACES", "ULFRBD")?;
    let names = |metric: Metric| -> Vec<String> {
        metric
            .steps()
            .iter()
            .map(|mv: &Move| mv.to_string())
            .collect()
    };
    m.add("MOVES", PyTuple::new(py, names(Metric::Htm))?)?;
    m.add("QTM_MOVES", PyTuple::new(py, names(Metric::Qtm))?)?;
    m.add("ONE_WAY_MOVES", PyTuple::new(py, names(Metric::OneWay))?)?;
    let perms: Vec<Bound<'_, PyTuple>> = STICKER_PERMUTATIONS
        .iter()
        .map(|p| PyTuple::new(py, p.iter().copied()))
        .collect::<PyResult<_>>()?;
    m.add("STICKER_PERMUTATIONS", PyTuple::new(py, perms)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<puzzle_core::PuzzleCore>()?;
    m.add_function(wrap_pyfunction!(search_py::bwas, m)?)?;
    m.add_function(wrap_pyfunction!(search_py::beam, m)?)?;
    m.add_function(wrap_pyfunction!(numbers::to_index, m)?)?;
    m.add_function(wrap_pyfunction!(numbers::from_index, m)?)?;
    m.add_function(wrap_pyfunction!(distances::distance, m)?)?;
    m.add_function(wrap_pyfunction!(distances::optimal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(moving::next_states, m)?)?;
    m.add_function(wrap_pyfunction!(moving::apply, m)?)?;
    m.add_function(wrap_pyfunction!(solver::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solver::solve_all, m)?)?;
    m.add_function(wrap_pyfunction!(solver::count, m)?)?;
    m.add_function(wrap_pyfunction!(random::random_states, m)?)?;
    m.add_function(wrap_pyfunction!(scramble::scramble, m)?)?;
    m.add_function(wrap_pyfunction!(distances::census, m)?)?;
    m.add_function(wrap_pyfunction!(rl::step, m)?)?;
    m.add_function(wrap_pyfunction!(vector_env::vector_step, m)?)?;
    m.add_function(wrap_pyfunction!(one_hot::one_hot, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry::inverse, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry::symmetries, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry::symmetry_moves, m)?)?;
    m.add_function(wrap_pyfunction!(py222::to_py222, m)?)?;
    m.add_function(wrap_pyfunction!(py222::from_py222, m)?)?;
    Ok(())
}
