//! `pocket.search`'s Rust half: the searches of a batch of states run together in
//! rounds, each round's pending nodes of every search scored by ONE call of the
//! caller's heuristic (a batch a GPU can take), with the GIL released for the rest.
//! Ctrl-C is answered after each heuristic call, and within a large round.

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::puzzle_core::PuzzleCore;
use crate::puzzle_rows::read_rows;
use crate::puzzle_spec::Spec;
use crate::read::shape_text;
use crate::search_bwas::{Bwas, Duplicates, Settings};
use crate::search_engines::{Beam, Ended, Engine};
use crate::search_space::Space;
use crate::{args, refuse};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

/// A search's answer: its moves, nodes expanded, heuristic calls, and whether
/// BWAS's stopping rule held.
type Found = (Option<Vec<String>>, u64, u64, bool);

/// The heuristic's values for `rows`, as float64 (n,), refused when the callable
/// answers another shape or a NaN.
fn score(
    py: Python<'_>,
    heuristic: &Bound<'_, PyAny>,
    rows: Vec<u8>,
    width: usize,
) -> PyResult<Vec<f64>> {
    let n = rows.len() / width;
    let batch = Array2::from_shape_vec((n, width), rows)
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .into_pyarray(py);
    batch.readwrite().make_nonwriteable();
    let answer = heuristic.call1((batch,))?;
    let wrong = |what: String| {
        PyValueError::new_err(format!(
            "the heuristic must answer one cost a state, shape ({n},), not {what}"
        ))
    };
    if answer.is_none() {
        return Err(wrong("None".into()));
    }
    let np = py.import("numpy")?;
    let values = np
        .call_method1("asarray", (answer,))
        .and_then(|a| a.call_method1("astype", ("float64",)))
        .map_err(|e| wrong(format!("what numpy cannot read as numbers ({e})")))?;
    // The shape as answered: ascontiguousarray makes a scalar (1,).
    let shape: Vec<usize> = values.getattr("shape")?.extract()?;
    if shape != [n] {
        return Err(wrong(shape_text(&shape)));
    }
    let values = np.call_method1("ascontiguousarray", (values,))?;
    let values = values.cast_into::<PyArrayDyn<f64>>()?.readonly();
    let out = values.as_slice()?.to_vec();
    if let Some(i) = out.iter().position(|v| v.is_nan()) {
        return Err(PyValueError::new_err(format!(
            "the heuristic answered NaN for state {i} of its batch"
        )));
    }
    Ok(out)
}

/// The children a round makes, past which it runs apart from the thread that
/// answers Ctrl-C: about a quarter of a second of a 3x3x3 round. A round of
/// 10^8 nodes once answered 6.6 s late.
const APART: usize = 1 << 20;

/// One round of every unfinished search; the rows it leaves for the heuristic.
/// Its buffers are asked for first; a large round runs apart ([`round_apart`]).
fn round<E: Engine>(py: Python<'_>, engines: &mut [E], space: &Space) -> PyResult<Vec<u8>> {
    let moves = space.moves.moves();
    let children: usize = engines
        .iter()
        .map(|e| e.next_round().saturating_mul(moves))
        .sum();
    // Every buffer the round may fill, asked for before it: past this machine's
    // memory, a MemoryError (a batch_size of 10^8 aborted when a vector could not
    // grow). The rows are asked for whole, not grown by doubling, which copied them.
    let mut rows = Vec::new();
    let fits = engines
        .iter_mut()
        .try_for_each(|e| e.try_room(space))
        .is_ok()
        && rows
            .try_reserve_exact(children.saturating_mul(space.moves.width))
            .is_ok();
    if !fits {
        return Err(PyMemoryError::new_err(format!(
            "pocket.search: the next round of these searches may make {children} children, \
             past this machine's memory; a smaller batch_size or width keeps rounds within it"
        )));
    }
    let run = |engines: &mut [E], mut rows: Vec<u8>| {
        for e in engines.iter_mut().filter(|e| e.ended().is_none()) {
            e.round(space, &mut rows);
        }
        rows
    };
    if children < APART {
        return Ok(py.detach(|| run(engines, rows)));
    }
    round_apart(py, space, engines, rows, run)
}

/// A large round, run by `run` on a thread of its own while this one runs Python's
/// signal handlers every 100 ms; on Ctrl-C the round is told to stop.
fn round_apart<E: Engine>(
    py: Python<'_>,
    space: &Space,
    engines: &mut [E],
    rows: Vec<u8>,
    run: impl Fn(&mut [E], Vec<u8>) -> Vec<u8> + Sync,
) -> PyResult<Vec<u8>> {
    // Behind a lock, so that the round can run here when no thread can start.
    let work = std::sync::Mutex::new((engines, rows));
    let all = |work: &std::sync::Mutex<(&mut [E], Vec<u8>)>| {
        let mut work = work.lock().unwrap_or_else(|e| e.into_inner());
        let rows = std::mem::take(&mut work.1);
        run(work.0, rows)
    };
    std::thread::scope(|s| {
        let (done, answer) = std::sync::mpsc::channel();
        let (work, all) = (&work, &all);
        let apart = std::thread::Builder::new().spawn_scoped(s, move || {
            let _ = done.send(all(work));
        });
        if apart.is_err() {
            // No thread to be had: the round runs here, Ctrl-C answered after it.
            return Ok(py.detach(|| all(work)));
        }
        let mut answer = answer;
        loop {
            // The receiver is moved in and out: the wait runs without the GIL.
            let (back, got) = py.detach(move || {
                let got = answer.recv_timeout(Duration::from_millis(100));
                (answer, got)
            });
            answer = back;
            match got {
                Ok(rows) => return Ok(rows),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        space.stop();
                        return Err(e);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(crate::Error::new_err("a search's round ended with no rows"));
                }
            }
        }
    })
}

/// Run `engines` to their ends; each state's answer.
fn drive<E: Engine>(
    py: Python<'_>,
    spec: &Spec,
    heuristic: &Bound<'_, PyAny>,
    mut engines: Vec<E>,
) -> PyResult<Vec<Found>> {
    let mut calls = vec![0u64; engines.len()];
    let w = spec.width;
    let space = Space::new(&spec.gathers, &spec.solved);
    loop {
        let rows = round(py, &mut engines, &space)?;
        if engines.iter().all(|e| e.ended().is_some()) {
            break;
        }
        let h = if rows.is_empty() {
            Vec::new()
        } else {
            score(py, heuristic, rows, w)?
        };
        py.check_signals()?;
        py.detach(|| {
            let mut at = 0;
            for (e, c) in engines.iter_mut().zip(&mut calls) {
                if e.ended().is_some() {
                    continue;
                }
                let k = e.pending().len();
                *c += u64::from(k > 0);
                e.scored(&h[at..at + k]);
                at += k;
            }
        });
    }
    let found = engines
        .iter()
        .zip(calls)
        .map(|(e, c)| {
            let (moves, proven) = match e.ended() {
                Some(Ended::Solved { path, proven }) => (
                    Some(
                        path.iter()
                            .map(|&m| spec.names[m as usize].clone())
                            .collect(),
                    ),
                    *proven,
                ),
                _ => (None, false),
            };
            (moves, e.expanded(), c, proven)
        })
        .collect();
    // Freeing the arenas (GBs of pages, for a long search) without the GIL.
    py.detach(move || drop(engines));
    Ok(found)
}

/// The start rows of a search call, one a state.
fn starts(py: Python<'_>, spec: &Spec, states: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u8>>> {
    let rows = read_rows(py, spec, states)?;
    let c = spec.colours.len();
    if let Some((row, i, v)) = rows.first_bad(c, spec.width) {
        return refuse(
            py,
            format!(
                "row {row}: sticker {i} is {v}, and {} has {c} colours",
                spec.name
            ),
        );
    }
    Ok(rows
        .bytes()
        .chunks_exact(spec.width)
        .map(<[u8]>::to_vec)
        .collect())
}

fn check_callable(heuristic: &Bound<'_, PyAny>) -> PyResult<()> {
    if !heuristic.is_callable() {
        return Err(PyTypeError::new_err(format!(
            "heuristic must be a callable from states (n, width) uint8 to costs (n,), not {}",
            args::described(heuristic)
        )));
    }
    Ok(())
}

#[pyfunction(name = "_bwas")]
#[pyo3(signature = (puzzle, states, heuristic, *, weight = 1.0, batch_size = 100, max_nodes = 1_000_000, duplicates = "expanded"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn bwas(
    py: Python<'_>,
    puzzle: &PuzzleCore,
    states: &Bound<'_, PyAny>,
    heuristic: &Bound<'_, PyAny>,
    weight: f64,
    batch_size: usize,
    max_nodes: u64,
    duplicates: &str,
) -> PyResult<Vec<Found>> {
    check_callable(heuristic)?;
    if !(weight.is_finite() && weight >= 0.0) {
        return refuse(
            py,
            format!("weight must be a finite number, 0 or more, not {weight}"),
        );
    }
    if batch_size == 0 {
        return refuse(py, "batch_size must be at least 1");
    }
    let duplicates = match duplicates {
        "expanded" => Duplicates::Expanded,
        "generated" => Duplicates::Generated,
        other => {
            return refuse(
                py,
                format!("duplicates must be 'expanded' or 'generated', not '{other}'"),
            );
        }
    };
    let settings = Settings {
        weight,
        batch: batch_size,
        max_nodes,
        duplicates,
    };
    let spec = &puzzle.spec;
    let starts = starts(py, spec, states)?;
    let n = starts.len();
    let engines = starts
        .iter()
        .map(|s| Bwas::new(s, &spec.solved, spec.moves(), &settings, n))
        .collect();
    drive(py, spec, heuristic, engines)
}

#[pyfunction(name = "_beam")]
#[pyo3(signature = (puzzle, states, heuristic, *, width = 100, max_depth = 100, max_nodes = 1_000_000))]
pub(crate) fn beam(
    py: Python<'_>,
    puzzle: &PuzzleCore,
    states: &Bound<'_, PyAny>,
    heuristic: &Bound<'_, PyAny>,
    width: usize,
    max_depth: u32,
    max_nodes: u64,
) -> PyResult<Vec<Found>> {
    check_callable(heuristic)?;
    if width == 0 {
        return refuse(py, "width must be at least 1");
    }
    let spec = &puzzle.spec;
    let starts = starts(py, spec, states)?;
    let n = starts.len();
    let engines = starts
        .iter()
        .map(|s| {
            Beam::new(
                s,
                &spec.solved,
                spec.moves(),
                width,
                max_depth,
                max_nodes,
                n,
            )
        })
        .collect();
    drive(py, spec, heuristic, engines)
}
