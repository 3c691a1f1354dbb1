//! The Python module `pocket`: exact 2x2x2 distances, optimal moves and next states
//! for numpy batches, and the solver of the command line for single states.
//!
//! Every state form is read into position numbers first (`read`), then the batch
//! kernels (`kernels`) work on numbers and the shared distance tables with the GIL
//! released, on every core. A row that is no cube is reported by its first row number
//! with the command line's message for it, computed only when asked (errors are rare;
//! the kernels only mark them). This file holds the Python functions.

mod args;
mod kernels;
mod read;
mod rl;
mod vector_env;
mod work;

use std::sync::Mutex;

use numpy::ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use pocket_lib::cube::{AutoSolver, CaseSet, Rng};
use pocket_lib::internals::bulk::{self, STICKER_PERMUTATIONS};
use pocket_lib::internals::shared::{self, PerMetric};
use pocket_lib::internals::state_in_line;
use pocket_lib::model::{POSITIONS, STICKERS, WcaSequence};
use pocket_lib::request::FrontEnd;
use pocket_lib::request::scramble::{DEFAULT_MIN_DISTANCE, ScrambleRequest};
use pocket_lib::{Costs, Cube, Layout, Metric, Move, PocketSolver, Stickers};

use crate::kernels::*;
use crate::read::*;
use pocket_lib::internals::lookup::{Dist, FOR_DISTANCES, FOR_POLICIES, distances_for};

pyo3::create_exception!(
    pocket,
    Error,
    PyValueError,
    "A state, move sequence or option that pocket refuses. The message is the command \
     line's, word for word; for a batch it starts with `row N: ` (N counted from 0), \
     and `row` holds N (None for a single state)."
);

/// The exception for `message`, with its row (`None` for a single value).
pub(crate) fn error(py: Python<'_>, message: String, row: Option<usize>) -> PyErr {
    let text = match row {
        Some(r) => format!("row {r}: {message}"),
        None => message,
    };
    let err = Error::new_err(text);
    // Setting an attribute on a fresh exception cannot fail in practice; if it did,
    // the message still says the row.
    let _ = err.value(py).setattr("row", row);
    err
}

pub(crate) fn refuse<T>(py: Python<'_>, message: impl Into<String>) -> PyResult<T> {
    Err(error(py, message.into(), None))
}

pub(crate) fn parse_metric(py: Python<'_>, name: &str) -> PyResult<Metric> {
    name.parse::<Metric>()
        .or_else(|e| refuse(py, e.to_string()))
}

fn parse_layout(py: Python<'_>, name: &str) -> PyResult<Layout> {
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
    fn read<'py, 'a>(
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

/// The position number of each state (int32; -1 marks a bad row with errors="mask").
#[pyfunction]
#[pyo3(signature = (states, *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn to_index<'py>(
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
    let out = work::mapped(&idx, |&i| if i == BAD { -1 } else { i as i32 })?;
    if s.single {
        return Ok(out[0].into_pyobject(py)?.into_any());
    }
    Ok(out.into_pyarray(py).into_any())
}

/// Stickers of position numbers: one int gives a str (face letters ULFRBD), an
/// array gives uint8 rows (n, 24) of face numbers.
#[pyfunction]
#[pyo3(signature = (indices, *, layout = "golf".into(), threads = None))]
fn from_index<'py>(
    py: Python<'py>,
    indices: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::layout)] layout: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = args::opt_int_in(threads.as_ref(), "threads", i64::MIN, i64::MAX)?;
    let layout = parse_layout(py, &layout)?;
    let mut held = Held { rows: None };
    let s = read_states(py, indices, layout, &mut held)?;
    let Form::Indices(idx) = &s.form else {
        return refuse(
            py,
            "from_index takes position numbers: an int or an integer array (n,)",
        );
    };
    check_rows(py, &s, idx, true)?;
    let (to_golf, _) = layout_maps(layout);
    let t = threads_for(py, threads, idx.len())?;
    let rows = faces_rows(py, idx, &to_golf, t)?;
    if s.single {
        let text: String = rows
            .iter()
            .map(|&v| FACE_LETTERS[v as usize] as char)
            .collect();
        return Ok(PyString::new(py, &text).into_any());
    }
    let n = idx.len();
    Ok(Array2::from_shape_vec((n, STICKERS), rows)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py)
        .into_any())
}

/// Face rows of valid position numbers, in the layout of `to_golf`.
fn faces_rows(
    py: Python<'_>,
    idx: &[u32],
    to_golf: &[usize; STICKERS],
    threads: usize,
) -> PyResult<Vec<u8>> {
    work::filled(py, idx.len(), STICKERS, threads, |first, part| {
        for (k, row) in part.chunks_mut(STICKERS).enumerate() {
            let golf = bulk::faces_of_index(idx[first + k]).unwrap_or([0; STICKERS]);
            for (i, v) in row.iter_mut().enumerate() {
                *v = golf[to_golf[i]];
            }
        }
    })
}

/// The optimal distance of each state in `metric` (int8; -1 marks a bad row with
/// errors="mask"). One state gives an int.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm".into(), *, layout = "golf".into(), errors = "raise".into(), threads = None))]
fn distance<'py>(
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

/// The metric's moves as indices in `Move::ALL`.
pub(crate) fn metric_moves(metric: Metric) -> Vec<usize> {
    metric.steps().iter().map(|m| m.index()).collect()
}

/// Which of the metric's moves start an optimal solution: bool (n, 9) in HTM
/// (R R' R2 U U' U2 F F' F2), (n, 6) in QTM, (n, 3) one-way. A solved state has none.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm".into(), *, layout = "golf".into(), errors = "raise".into(), threads = None))]
fn optimal_moves<'py>(
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

/// The sticker permutation of `perm` (net order) in the layout's order.
pub(crate) fn in_layout(perm: &[u8; STICKERS], layout: Layout) -> [u8; STICKERS] {
    let (to_golf, from_golf) = layout_maps(layout);
    std::array::from_fn(|i| from_golf[perm[to_golf[i]] as usize] as u8)
}

/// The states one move away: rows give uint8 (n, k, 24) in their own colours, numbers
/// give int32 (n, k), strings give lists of str; k = 9 (HTM moves), 6 (QTM) or 3.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm".into(), *, layout = "golf".into(), errors = "raise".into(), threads = None))]
fn next_states<'py>(
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
    let perms: Vec<[u8; STICKERS]> = moves
        .iter()
        .map(|&m| in_layout(&STICKER_PERMUTATIONS[m], b.layout))
        .collect();
    match &s.form {
        Form::Rows(rows) => {
            let rows: &[u8] = rows;
            let out = work::filled(py, idx.len(), k * STICKERS, t, |first, part| {
                permute_rows(rows, &idx, first, &perms, part);
            })?;
            let arr = Array3::from_shape_vec((idx.len(), k, STICKERS), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", ((k, STICKERS),));
            }
            Ok(arr.into_any())
        }
        Form::Indices(_) => {
            let out = work::filled(py, idx.len(), k, t, |first, part| {
                for (r, o) in part.chunks_mut(k).enumerate() {
                    let x = idx[first + r];
                    if x == BAD {
                        o.fill(-1);
                        continue;
                    }
                    for (d, &m) in o.iter_mut().zip(&moves) {
                        *d = bulk::step(x, m) as i32;
                    }
                }
            })?;
            let arr = Array2::from_shape_vec((idx.len(), k), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", (k,));
            }
            Ok(arr.into_any())
        }
        Form::Strings(texts) => {
            work::room_for_strings(texts.len().saturating_mul(k), texts.len())?;
            let lists: Vec<Option<Vec<String>>> = texts
                .iter()
                .zip(idx.iter())
                .map(|(t, &x)| {
                    (x != BAD).then(|| {
                        let given = compact(t);
                        perms.iter().map(|p| permuted(&given, p)).collect()
                    })
                })
                .collect();
            strings_out(py, lists, s.single)
        }
    }
}

/// A state's characters without the spaces and tabs that may group them (and without
/// a scramble's sequence before its last tab).
pub(crate) fn compact(raw: &[u8]) -> Vec<u8> {
    state_in_line(raw)
        .iter()
        .copied()
        .filter(|&c| c != b' ' && c != b'\t')
        .collect()
}

pub(crate) fn permuted(given: &[u8], p: &[u8; STICKERS]) -> String {
    p.iter().map(|&i| given[i as usize] as char).collect()
}

/// Lists of str for strings; `None` (a bad row with errors="mask") as None.
fn strings_out<'py>(
    py: Python<'py>,
    lists: Vec<Option<Vec<String>>>,
    single: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if single {
        return Ok(lists
            .into_iter()
            .next()
            .flatten()
            .into_pyobject(py)?
            .into_any());
    }
    Ok(lists.into_pyobject(py)?.into_any())
}

/// Apply a move sequence in WCA notation (R U F, also D L B, rotations x y z, wide
/// moves, groups) to every state; the result has the states' form.
#[pyfunction]
#[pyo3(signature = (states, moves, *, layout = "golf".into(), errors = "raise".into(), threads = None))]
fn apply<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = moves_arg)] moves: String,
    #[pyo3(from_py_with = args::layout)] layout: String,
    #[pyo3(from_py_with = args::errors)] errors: String,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let seq: WcaSequence = moves
        .parse()
        .or_else(|e: pocket_lib::model::NotationError| refuse(py, e.to_string()))?;
    let b = batch(py, &layout, &errors, threads.as_ref())?;
    let mut held = Held { rows: None };
    let (s, t) = b.read(py, states, &mut held)?;
    let idx = read_indices(py, &s, t, b.raise)?;
    // The whole sequence as one sticker permutation: applied to stickers that name
    // their own positions.
    let ids =
        Stickers::from_bytes(b"ABCDEFGHIJKLMNOPQRSTUVWX").or_else(|e| refuse(py, e.to_string()))?;
    let moved = seq.apply(&ids);
    let golf_perm: [u8; STICKERS] = std::array::from_fn(|i| moved.as_str().as_bytes()[i] - b'A');
    let perm = in_layout(&golf_perm, b.layout);
    match &s.form {
        Form::Rows(rows) => {
            let rows: &[u8] = rows;
            let out = work::filled(py, idx.len(), STICKERS, t, |first, part| {
                permute_rows(rows, &idx, first, std::slice::from_ref(&perm), part);
            })?;
            let arr = Array2::from_shape_vec((idx.len(), STICKERS), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", (STICKERS,));
            }
            Ok(arr.into_any())
        }
        Form::Indices(_) => {
            let out = work::filled(py, idx.len(), 1, t, |first, part| {
                for (o, &x) in part.iter_mut().zip(&idx[first..]) {
                    let Some(faces) = bulk::faces_of_index(x) else {
                        *o = -1;
                        continue;
                    };
                    let after: [u8; STICKERS] =
                        std::array::from_fn(|i| faces[golf_perm[i] as usize]);
                    *o = bulk::index_of_faces(&after)
                        .or_else(|| row_by_parser(&after))
                        .map_or(-1, |v| v as i32);
                }
            })?;
            if s.single {
                return Ok(out[0].into_pyobject(py)?.into_any());
            }
            Ok(out.into_pyarray(py).into_any())
        }
        Form::Strings(texts) => {
            let out: Vec<Option<String>> = texts
                .iter()
                .zip(idx.iter())
                .map(|(t, &x)| (x != BAD).then(|| permuted(&compact(t), &perm)))
                .collect();
            if s.single {
                return Ok(out
                    .into_iter()
                    .next()
                    .flatten()
                    .into_pyobject(py)?
                    .into_any());
            }
            Ok(out.into_pyobject(py)?.into_any())
        }
    }
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

/// The solver of weighted costs last asked for, kept for the next call with them.
/// The lock is taken with the GIL released: a thread waiting for it holds no GIL that
/// the solving thread needs back.
fn with_cost_solver<T: Send>(
    py: Python<'_>,
    spec: &str,
    f: impl FnOnce(&mut PocketSolver) -> T + Send,
) -> PyResult<T> {
    static LAST: Mutex<Option<(String, PocketSolver)>> = Mutex::new(None);
    let costs: Costs = spec
        .parse()
        .or_else(|e: pocket_lib::model::Invalid| refuse(py, format!("bad cost: {e}")))?;
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
fn solve(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::metric)] metric: String,
    #[pyo3(from_py_with = cost_arg)] cost: Option<String>,
    #[pyo3(from_py_with = args::layout)] layout: String,
) -> PyResult<String> {
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    if let Some(spec) = cost {
        if metric != Metric::Htm {
            return refuse(py, "cost replaces metric: give one or the other");
        }
        return with_cost_solver(py, &spec, |s| s.solve(&cube).to_string());
    }
    Ok(py.detach(|| with_solver(metric, |s| s.solve(&cube)).to_string()))
}

/// Every optimal solution, sorted move by move in the order R R' R2 U U' U2 F F' F2.
#[pyfunction]
#[pyo3(signature = (state, metric = "htm".into(), *, cost = None, layout = "golf".into()))]
fn solve_all(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::metric)] metric: String,
    #[pyo3(from_py_with = cost_arg)] cost: Option<String>,
    #[pyo3(from_py_with = args::layout)] layout: String,
) -> PyResult<Vec<String>> {
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    let all = match cost {
        Some(spec) => {
            if metric != Metric::Htm {
                return refuse(py, "cost replaces metric: give one or the other");
            }
            with_cost_solver(py, &spec, |s| s.solve_all(&cube))?
        }
        None => py.detach(|| with_solver(metric, |s| s.solve_all(&cube))),
    };
    Ok(all.iter().map(|a| a.to_string()).collect())
}

/// The number of optimal solutions.
#[pyfunction]
#[pyo3(signature = (state, metric = "htm".into(), *, cost = None, layout = "golf".into()))]
fn count(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::metric)] metric: String,
    #[pyo3(from_py_with = cost_arg)] cost: Option<String>,
    #[pyo3(from_py_with = args::layout)] layout: String,
) -> PyResult<u64> {
    let metric = parse_metric(py, &metric)?;
    let cube = one_cube(py, state, &layout)?;
    match cost {
        Some(spec) => {
            if metric != Metric::Htm {
                return refuse(py, "cost replaces metric: give one or the other");
            }
            with_cost_solver(py, &spec, |s| s.solve_all(&cube).len() as u64)
        }
        None => Ok(py.detach(|| with_solver(metric, |s| s.count(&cube)))),
    }
}

/// The distance argument `name` (`default` if None), at most `most`.
fn distance_arg(
    py: Python<'_>,
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    default: u32,
    most: u32,
) -> PyResult<u32> {
    let d = args::opt_int_in(value, name, 0, i64::MAX)?.unwrap_or(default.into());
    if d > i64::from(most) {
        return refuse(
            py,
            format!("{name} {d} is more than the largest distance ({most})"),
        );
    }
    Ok(d as u32)
}

fn rng(seed: Option<u64>) -> Rng {
    seed.map_or_else(Rng::from_entropy, Rng::from_seed)
}

/// `n` position numbers (int32) drawn uniformly from the positions at distance
/// `min_distance` to `max_distance` (or exactly `distance`) from solved in `metric`.
#[pyfunction]
#[pyo3(signature = (n, seed = None, *, min_distance = None, max_distance = None, distance = None, metric = "htm".into()))]
#[allow(clippy::too_many_arguments)]
fn random_states<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    min_distance: Option<&Bound<'py, PyAny>>,
    max_distance: Option<&Bound<'py, PyAny>>,
    distance: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::metric)] metric: String,
) -> PyResult<Bound<'py, PyArray1<i32>>> {
    let metric = parse_metric(py, &metric)?;
    let n = args::count(n, "n", 4)?;
    let seed = args::seed(seed)?;
    let most = metric.gods_number();
    let exact = match distance {
        Some(d) if !d.is_none() => {
            if min_distance.is_some_and(|v| !v.is_none())
                || max_distance.is_some_and(|v| !v.is_none())
            {
                return refuse(
                    py,
                    "give distance, or min_distance and max_distance, not both",
                );
            }
            Some(distance_arg(py, Some(d), "distance", 0, most)?)
        }
        _ => None,
    };
    let lo = exact.map_or_else(
        || distance_arg(py, min_distance, "min_distance", 0, most),
        Ok,
    )?;
    let hi = match (exact, max_distance) {
        (Some(d), _) => d,
        (None, Some(v)) if !v.is_none() => {
            let hi = args::int_in(v, "max_distance", 0, i64::MAX)?;
            if hi > i64::from(most) {
                return refuse(
                    py,
                    format!("max_distance {hi} is more than the largest distance ({most})"),
                );
            }
            hi as u32
        }
        _ => most,
    };
    if hi < lo {
        return refuse(
            py,
            format!(
                "max_distance {hi} is less than min_distance {lo}: no position is that far and that near"
            ),
        );
    }
    let mut out: Vec<i32> = args::room(n, "n")?;
    let mut r = rng(seed);
    if lo == 0 && hi == most {
        // Every position: the draw of old, so that a seed gives the same states.
        work::in_pieces(py, n, &mut (&mut out, &mut r), |(out, r), size| {
            for _ in 0..size {
                out.push(r.below(POSITIONS as u64) as i32);
            }
        })?;
    } else {
        let (order, starts) = py.detach(|| rl::by_distance(metric));
        work::in_pieces(py, n, &mut (&mut out, &mut r), |(out, r), size| {
            rl::draw_in_range(order, starts, lo as usize, hi as usize, r, out, size);
        })?;
    }
    Ok(out.into_pyarray(py))
}

fn cost_arg(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    args::opt_word(value, "cost", "move costs such as 'F=2,R2=1.5'")
}

fn moves_arg(value: &Bound<'_, PyAny>) -> PyResult<String> {
    args::word(value, "moves", "a move sequence such as \"R U R' U'\"")
}

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
fn scramble<'py>(
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
        Some(name) => Some(name.parse::<CaseSet>().or_else(|e| refuse(py, e))?),
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

/// How many positions lie at each distance from solved: {distance: positions}.
#[pyfunction]
#[pyo3(signature = (metric = "htm".into()))]
fn census<'py>(
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
    m.add_function(wrap_pyfunction!(to_index, m)?)?;
    m.add_function(wrap_pyfunction!(from_index, m)?)?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(optimal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(next_states, m)?)?;
    m.add_function(wrap_pyfunction!(apply, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_all, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(random_states, m)?)?;
    m.add_function(wrap_pyfunction!(scramble, m)?)?;
    m.add_function(wrap_pyfunction!(census, m)?)?;
    m.add_function(wrap_pyfunction!(rl::step, m)?)?;
    m.add_function(wrap_pyfunction!(vector_env::vector_step, m)?)?;
    m.add_function(wrap_pyfunction!(rl::one_hot, m)?)?;
    m.add_function(wrap_pyfunction!(rl::inverse, m)?)?;
    m.add_function(wrap_pyfunction!(rl::symmetries, m)?)?;
    m.add_function(wrap_pyfunction!(rl::symmetry_moves, m)?)?;
    m.add_function(wrap_pyfunction!(rl::to_py222, m)?)?;
    m.add_function(wrap_pyfunction!(rl::from_py222, m)?)?;
    Ok(())
}
