//! The Python module `pocket`: exact 2x2x2 distances, optimal moves and next states
//! for numpy batches, and the solver of the command line for single states.
//!
//! Every state form (`Form`) is read into position numbers first (`indices`), then
//! the batch kernels work on numbers and the shared distance tables with the GIL
//! released, on every core. A row that is no cube is reported by its first row number with the
//! command line's message for it, computed only when asked (errors are rare; the
//! kernels only mark them).

use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use numpy::ndarray::{Array2, Array3};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

use pocket_lib::cube::bulk::{self, STICKER_PERMUTATIONS};
use pocket_lib::cube::{AutoSolver, Length, Rng, Scrambler};
use pocket_lib::model::{POSITIONS, STICKERS, WcaSequence, state_in_line};
use pocket_lib::{Coord, Costs, Cube, Layout, Metric, Move, PocketSolver, Stickers, TableSolver};

pyo3::create_exception!(
    pocket,
    Error,
    PyValueError,
    "A state, move sequence or option that pocket refuses. The message is the command \
     line's, word for word; for a batch it starts with `row N: ` (N counted from 0), \
     and `row` holds N (None for a single state)."
);

/// The exception for `message`, with its row (`None` for a single value).
fn error(py: Python<'_>, message: String, row: Option<usize>) -> PyErr {
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

fn refuse<T>(py: Python<'_>, message: impl Into<String>) -> PyResult<T> {
    Err(error(py, message.into(), None))
}

/// Face letters of the rows' numbers U L F R B D = 0..5.
const FACE_LETTERS: &[u8; 6] = b"ULFRBD";

/// A position number that is no position: the mark of a bad row in the kernels.
const BAD: u32 = u32::MAX;

/// Below this many states a batch stays on the calling thread.
const PARALLEL_FROM: usize = 1 << 14;

fn parse_metric(py: Python<'_>, name: &str) -> PyResult<Metric> {
    name.parse::<Metric>()
        .or_else(|e| refuse(py, e.to_string()))
}

fn parse_layout(py: Python<'_>, name: &str) -> PyResult<Layout> {
    name.parse::<Layout>()
        .or_else(|e| refuse(py, e.to_string()))
}

/// Whether bad rows raise (`"raise"`) or are marked in the result (`"mask"`).
fn parse_errors(py: Python<'_>, mode: &str) -> PyResult<bool> {
    match mode {
        "raise" => Ok(true),
        "mask" => Ok(false),
        _ => refuse(
            py,
            format!("unknown errors mode '{mode}' (expected raise or mask)"),
        ),
    }
}

/// The most threads a batch is cut into, whatever is asked.
const MAX_THREADS: usize = 256;

fn threads_for(py: Python<'_>, threads: Option<i64>, n: usize) -> PyResult<usize> {
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

/// Run `f(first_row, out_part)` over `out` cut into `threads` parts of whole rows
/// (`width` items a row).
fn on_threads<T: Send>(
    out: &mut [T],
    width: usize,
    threads: usize,
    f: impl Fn(usize, &mut [T]) + Sync,
) {
    let rows = out.len() / width.max(1);
    if threads <= 1 || rows < 2 {
        f(0, out);
        return;
    }
    let per = rows.div_ceil(threads);
    std::thread::scope(|s| {
        for (k, part) in out.chunks_mut(per * width).enumerate() {
            let f = &f;
            s.spawn(move || f(k * per, part));
        }
    });
}

/// The input states, read: what form they came in, and the borrowed data.
enum Form<'a> {
    /// Sticker strings (each as given, its layout applied when read).
    Strings(Vec<Vec<u8>>),
    /// uint8 rows of face numbers, 24 a row, in the layout's order.
    Rows(&'a [u8]),
    /// Position numbers, [`BAD`] where the value was out of range.
    Indices(Vec<u32>),
}

/// States as given: their form, whether a single state was given (the result then
/// drops the batch axis), and the Python object for messages about a value.
struct States<'py, 'a> {
    form: Form<'a>,
    single: bool,
    layout: Layout,
    source: Bound<'py, PyAny>,
}

/// Keeps a borrowed numpy array alive while its data is read.
struct Held<'py> {
    rows: Option<numpy::PyReadonlyArray2<'py, u8>>,
}

fn dtype_name(a: &Bound<'_, PyUntypedArray>) -> String {
    a.dtype()
        .str()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into())
}

fn shape_text(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Copy integer indices of numpy type `T` into position numbers.
macro_rules! indices_of {
    ($arr:expr, $($t:ty),*) => {{
        let mut found = None;
        $(
            if found.is_none() {
                if let Ok(a) = $arr.cast::<PyArray1<$t>>() {
                    let r = a.readonly();
                    let v = r.as_array();
                    found = Some(
                        v.iter()
                            .map(|&x| {
                                u32::try_from(x).ok().filter(|&v| v < POSITIONS).unwrap_or(BAD)
                            })
                            .collect::<Vec<u32>>(),
                    );
                }
            }
        )*
        found
    }};
}

/// Read `obj` as states: a str, a sequence of str, a uint8 array of rows `(n, 24)` or
/// one row `(24,)`, an integer array of position numbers `(n,)`, or one integer.
fn read_states<'py, 'a>(
    py: Python<'py>,
    obj: &Bound<'py, PyAny>,
    layout: Layout,
    held: &'a mut Held<'py>,
) -> PyResult<States<'py, 'a>> {
    let states = |form, single| States {
        form,
        single,
        layout,
        source: obj.clone(),
    };
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(states(
            Form::Strings(vec![s.to_cow()?.as_bytes().to_vec()]),
            true,
        ));
    }
    if obj.is_instance_of::<PyBool>() {
        return refuse(
            py,
            "a state is a str, a position number or a uint8 row, not a bool",
        );
    }
    if !obj.is_instance_of::<PyUntypedArray>() {
        if let Ok(i) = obj.extract::<i64>() {
            let v = if (0..POSITIONS as i64).contains(&i) {
                i as u32
            } else {
                BAD
            };
            return Ok(states(Form::Indices(vec![v]), true));
        }
        if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
            let items: Vec<Bound<'py, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
            if items.is_empty() {
                return Ok(states(Form::Strings(Vec::new()), false));
            }
            if items.iter().any(|x| x.is_instance_of::<PyString>()) {
                let mut texts = Vec::with_capacity(items.len());
                for (row, x) in items.iter().enumerate() {
                    let Ok(s) = x.cast::<PyString>() else {
                        return Err(error(
                            py,
                            format!(
                                "a list of states holds str only, not {}",
                                x.get_type().name()?
                            ),
                            Some(row),
                        ));
                    };
                    texts.push(s.to_cow()?.as_bytes().to_vec());
                }
                return Ok(states(Form::Strings(texts), false));
            }
        }
    }
    // Anything else as a numpy array (a list of ints or of rows too).
    let numpy = py.import("numpy")?;
    let given = numpy.call_method1("asarray", (obj,)).or_else(|e| {
        refuse(
            py,
            format!(
                "states must be a str, a list of str, a uint8 array (n, 24) or an integer \
                 array (n,), not {} ({e})",
                obj.get_type().name()?
            ),
        )
    })?;
    let Ok(given_array) = given.cast::<PyUntypedArray>() else {
        return refuse(py, "states must be a str, a list of str or an array");
    };
    let from_list = !obj.is_instance_of::<PyUntypedArray>();
    let kind = given_array.dtype().kind();
    let mut arr = numpy.call_method1("ascontiguousarray", (&given,))?;
    // Nested lists of small numbers are rows: numpy made them int64.
    if from_list && given_array.ndim() == 2 && (kind == b'i' || kind == b'u') {
        let small = given.call_method0("min")?.extract::<i64>()? >= 0
            && given.call_method0("max")?.extract::<i64>()? <= 255;
        if small {
            arr = arr.call_method1("astype", (numpy.getattr("uint8")?,))?;
        }
    }
    let untyped = arr.cast::<PyUntypedArray>()?;
    let shape = given_array.shape().to_vec();
    let dtype = untyped.dtype();
    let kind = dtype.kind();
    if dtype.is_equiv_to(&numpy::dtype::<u8>(py)) {
        let single = shape.len() == 1;
        if !(shape.len() == 2 && shape[1] == STICKERS || shape == [STICKERS]) {
            return refuse(
                py,
                format!(
                    "uint8 states are rows of 24 face numbers: shape (n, 24) or (24,), got {}",
                    shape_text(&shape)
                ),
            );
        }
        let a2 = if single {
            arr.call_method1("reshape", ((1usize, STICKERS),))?
        } else {
            arr.clone()
        };
        let a2 = a2.cast_into::<PyArray2<u8>>()?;
        held.rows = Some(a2.readonly());
        let rows = held
            .rows
            .as_ref()
            .map(|r| r.as_slice())
            .transpose()
            .or_else(|e| refuse(py, format!("uint8 rows are not contiguous ({e})")))?;
        return Ok(states(Form::Rows(rows.unwrap_or(&[])), single));
    }
    if kind == b'i' || kind == b'u' {
        if shape.len() > 1 {
            return refuse(
                py,
                format!(
                    "integer states are position numbers, shape (n,); got {} {} (face rows \
                     are uint8: use .astype(numpy.uint8))",
                    dtype_name(untyped),
                    shape_text(&shape)
                ),
            );
        }
        let single = given_array.ndim() == 0;
        let flat = if single {
            arr.call_method1("reshape", (1usize,))?
        } else {
            arr.clone()
        };
        let mut found = indices_of!(flat, i64, i32, i16, i8, u64, u32, u16);
        if found.is_none() {
            // Another byte order: as native int64 (a uint64 past its range turns
            // negative, which is refused alike).
            let native = flat.call_method1("astype", ("int64",))?;
            found = indices_of!(native, i64);
        }
        return match found {
            Some(v) => Ok(states(Form::Indices(v), single)),
            None => refuse(
                py,
                format!("unsupported integer type {}", dtype_name(untyped)),
            ),
        };
    }
    refuse(
        py,
        format!(
            "states must be a str, a list of str, uint8 rows (n, 24) or integer position \
             numbers (n,); got an array of {} {}",
            dtype_name(untyped),
            shape_text(&shape)
        ),
    )
}

/// The net position of each position of the layout, and back.
fn layout_maps(layout: Layout) -> ([usize; STICKERS], [usize; STICKERS]) {
    let to_golf: [usize; STICKERS] = std::array::from_fn(|i| layout.to_golf_index(i));
    let mut from_golf = [0usize; STICKERS];
    for (i, &g) in to_golf.iter().enumerate() {
        from_golf[g] = i;
    }
    (to_golf, from_golf)
}

/// Read one sticker string as the command line reads a state argument.
fn parse_text(raw: &[u8], layout: Layout) -> Result<(Cube, Stickers), String> {
    let given = Stickers::from_bytes(state_in_line(raw)).map_err(|e| e.message(layout))?;
    let golf = layout.to_golf(&given);
    let cube = golf.to_cube().map_err(|e| e.message(layout))?;
    Ok((cube, golf))
}

/// A row of face numbers in the layout's order, read: the shortcut, then the parser.
#[inline]
fn row_index(row: &[u8], to_golf: &[usize; STICKERS], golf_layout: bool) -> u32 {
    let golf: [u8; STICKERS] = if golf_layout {
        row.try_into().unwrap_or([u8::MAX; STICKERS])
    } else {
        let mut g = [0u8; STICKERS];
        for (i, &v) in row.iter().enumerate() {
            g[to_golf[i]] = v;
        }
        g
    };
    match bulk::index_of_faces(&golf) {
        Some(i) => i,
        None => row_by_parser(&golf).unwrap_or(BAD),
    }
}

/// A row in net order that the shortcut did not read, as letters for the parser.
fn row_by_parser(golf: &[u8; STICKERS]) -> Option<u32> {
    if golf.iter().any(|&v| v as usize >= FACE_LETTERS.len()) {
        return None;
    }
    let text = golf.map(|v| FACE_LETTERS[v as usize]);
    let (cube, _) = parse_text(&text, Layout::Golf).ok()?;
    Some(cube.coord().index())
}

/// Why row `row` of the states is no position (called for bad rows only).
fn why_bad(states: &States<'_, '_>, row: usize) -> String {
    match &states.form {
        Form::Strings(texts) => match parse_text(&texts[row], states.layout) {
            Err(e) => e,
            Ok(_) => "no position".into(),
        },
        Form::Rows(rows) => {
            let r = &rows[row * STICKERS..(row + 1) * STICKERS];
            if let Some(col) = r.iter().position(|&v| v as usize >= FACE_LETTERS.len()) {
                return format!(
                    "value {} at column {col} (sticker {}) is not a face number (0 to 5 for \
                     U L F R B D)",
                    r[col],
                    states.layout.position_name(col)
                );
            }
            let text: Vec<u8> = r.iter().map(|&v| FACE_LETTERS[v as usize]).collect();
            match parse_text(&text, states.layout) {
                Err(e) => e,
                Ok(_) => "no position".into(),
            }
        }
        Form::Indices(_) => {
            let value = if states.single {
                states.source.str().map(|s| s.to_string())
            } else {
                states
                    .source
                    .get_item(row)
                    .and_then(|v| v.str())
                    .map(|s| s.to_string())
            }
            .unwrap_or_else(|_| "?".into());
            format!("{value} is not a position number (0 to 3,674,159)")
        }
    }
}

/// The position numbers of every state, [`BAD`] for a state that is none; read on
/// `threads` threads.
fn indices<'f>(form: &'f Form<'_>, layout: Layout, threads: usize) -> Cow<'f, [u32]> {
    match form {
        Form::Indices(v) => Cow::Borrowed(v),
        Form::Strings(texts) => Cow::Owned(
            texts
                .iter()
                .map(|t| parse_text(t, layout).map_or(BAD, |(c, _)| c.coord().index()))
                .collect(),
        ),
        Form::Rows(rows) => {
            let n = rows.len() / STICKERS;
            let mut out = vec![0u32; n];
            let (to_golf, _) = layout_maps(layout);
            let golf = layout == Layout::Golf;
            on_threads(&mut out, 1, threads, |first, part| {
                for (k, o) in part.iter_mut().enumerate() {
                    let i = first + k;
                    *o = row_index(&rows[i * STICKERS..(i + 1) * STICKERS], &to_golf, golf);
                }
            });
            Cow::Owned(out)
        }
    }
}

fn count_of(states: &States<'_, '_>) -> usize {
    match &states.form {
        Form::Strings(t) => t.len(),
        Form::Rows(r) => r.len() / STICKERS,
        Form::Indices(v) => v.len(),
    }
}

/// Raise for the first bad row, if `raise` and there is one.
fn check_rows(py: Python<'_>, states: &States<'_, '_>, idx: &[u32], raise: bool) -> PyResult<()> {
    if !raise {
        return Ok(());
    }
    if let Some(row) = idx.iter().position(|&i| i == BAD) {
        let message = why_bad(states, row);
        return Err(error(py, message, (!states.single).then_some(row)));
    }
    Ok(())
}

/// Read states into position numbers with the GIL released; raise for a bad one when
/// asked to.
fn read_indices<'f>(
    py: Python<'_>,
    states: &'f States<'_, '_>,
    threads: usize,
    raise: bool,
) -> PyResult<Cow<'f, [u32]>> {
    let (form, layout) = (&states.form, states.layout);
    let idx = py.detach(|| indices(form, layout, threads));
    check_rows(py, states, &idx, raise)?;
    Ok(idx)
}

/// Everything a batch call takes about its states.
struct Batch {
    layout: Layout,
    raise: bool,
    threads: Option<i64>,
}

fn batch(py: Python<'_>, layout: &str, errors: &str, threads: Option<i64>) -> PyResult<Batch> {
    Ok(Batch {
        layout: parse_layout(py, layout)?,
        raise: parse_errors(py, errors)?,
        threads,
    })
}

/// The position number of each state (int32; -1 marks a bad row with errors="mask").
#[pyfunction]
#[pyo3(signature = (states, *, layout = "golf", errors = "raise", threads = None))]
fn to_index<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    layout: &str,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = batch(py, layout, errors, threads)?;
    let mut held = Held { rows: None };
    let s = read_states(py, states, b.layout, &mut held)?;
    let t = threads_for(py, b.threads, count_of(&s))?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let out: Vec<i32> = idx
        .iter()
        .map(|&i| if i == BAD { -1 } else { i as i32 })
        .collect();
    if s.single {
        return Ok(out[0].into_pyobject(py)?.into_any());
    }
    Ok(out.into_pyarray(py).into_any())
}

/// Stickers of position numbers: one int gives a str (face letters ULFRBD), an
/// array gives uint8 rows (n, 24) of face numbers.
#[pyfunction]
#[pyo3(signature = (indices, *, layout = "golf"))]
fn from_index<'py>(
    py: Python<'py>,
    indices: &Bound<'py, PyAny>,
    layout: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let layout = parse_layout(py, layout)?;
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
    let rows = faces_rows(py, idx, &to_golf);
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
fn faces_rows(py: Python<'_>, idx: &[u32], to_golf: &[usize; STICKERS]) -> Vec<u8> {
    py.detach(|| {
        let mut out = output::<u8>(idx.len() * STICKERS);
        let threads = threads_auto(idx.len());
        on_threads(&mut out, STICKERS, threads, |first, part| {
            for (k, row) in part.chunks_mut(STICKERS).enumerate() {
                let golf = bulk::faces_of_index(idx[first + k]).unwrap_or([0; STICKERS]);
                for (i, v) in row.iter_mut().enumerate() {
                    *v = golf[to_golf[i]];
                }
            }
        });
        out
    })
}

fn threads_auto(n: usize) -> usize {
    if n < PARALLEL_FROM {
        1
    } else {
        std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(n / (PARALLEL_FROM / 2))
            .max(1)
    }
}

/// Distances to solved by position number.
trait Distances: Sync {
    fn at(&self, x: u32) -> u8;
}

impl Distances for &'static [u8] {
    #[inline]
    fn at(&self, x: u32) -> u8 {
        self[x as usize]
    }
}

impl Distances for &'static TableSolver {
    /// The walk down the built-in HTM table mod 3 (about 0.5 µs).
    fn at(&self, x: u32) -> u8 {
        Coord::new(x).map_or(0, |c| self.distance_at(c) as u8)
    }
}

/// The bidirectional search of a metric, for a few states before its table is built
/// (about a millisecond a state).
struct Search(Metric, &'static Mutex<PocketSolver>);

impl Distances for Search {
    fn at(&self, x: u32) -> u8 {
        let cube = Coord::new(x).map(|c| c.cube()).unwrap_or_default();
        let mut solver = self.1.lock().unwrap_or_else(|e| e.into_inner());
        self.0.length(&solver.solve(&cube)) as u8
    }
}

/// Where a batch's distances come from.
enum Dist {
    /// The metric's full table, shared.
    Table(&'static [u8]),
    /// Walks down the HTM table built into the library, before the full table is.
    Walk(&'static TableSolver),
    /// The bidirectional search, for a few states of another metric.
    Search(Search),
}

/// How large a batch may be answered without the full table: walked down the built-in
/// HTM table (about 0.5 µs a distance) or searched (QTM, one-way: about 1 ms).
#[derive(Clone, Copy)]
struct Without {
    walk: usize,
    search: usize,
}

/// Distances: a batch of 10,000 walks in about 5 ms, 100 searches in about 0.1 s.
const FOR_DISTANCES: Without = Without {
    walk: 10_000,
    search: 100,
};
/// optimal_moves asks for ten distances a state (seven in QTM).
const FOR_POLICIES: Without = Without {
    walk: 1_000,
    search: 10,
};
/// States walked in all before the HTM table is built anyway: past this, building it
/// (about 65 ms) costs less than walking on.
const WALK_IN_ALL: usize = 100_000;
/// States searched in all before a table is built anyway.
const SEARCH_IN_ALL: usize = 1_000;

/// The distances for a batch of `n` states in `metric`: the full table (built now if
/// need be), or for a small batch in a process that has not built it, walks down
/// the built-in HTM table or searches, so that a first call costs no build. Nothing
/// runs in the background: a process forked later (multiprocessing) inherits no
/// half-built table.
fn distances_for(metric: Metric, n: usize, without: Without) -> Dist {
    static WALKED: AtomicUsize = AtomicUsize::new(0);
    static SEARCHED: AtomicUsize = AtomicUsize::new(0);
    static WALKER: OnceLock<TableSolver> = OnceLock::new();
    static SEARCHERS: [OnceLock<Mutex<PocketSolver>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    if bulk::distances_ready(metric) {
        return Dist::Table(bulk::distances(metric));
    }
    if metric == Metric::Htm
        && n <= without.walk
        && WALKED.fetch_add(n, Ordering::Relaxed) + n <= WALK_IN_ALL
    {
        return Dist::Walk(WALKER.get_or_init(|| TableSolver::new(Metric::Htm)));
    }
    if metric != Metric::Htm
        && n <= without.search
        && SEARCHED.fetch_add(n, Ordering::Relaxed) + n <= SEARCH_IN_ALL
    {
        let slot = Metric::ALL.iter().position(|&m| m == metric).unwrap_or(0);
        let solver = SEARCHERS[slot].get_or_init(|| Mutex::new(PocketSolver::new(metric)));
        return Dist::Search(Search(metric, solver));
    }
    Dist::Table(bulk::distances(metric))
}

fn distance_kernel(dist: &impl Distances, idx: &[u32], threads: usize) -> Vec<i8> {
    // Zeroed memory comes from the system untouched: each thread faults in its part.
    let mut out = output::<i8>(idx.len());
    on_threads(&mut out, 1, threads, |first, part| {
        for (o, &x) in part.iter_mut().zip(&idx[first..]) {
            *o = if x == BAD { -1 } else { dist.at(x) as i8 };
        }
    });
    out
}

fn policy_kernel(dist: &impl Distances, idx: &[u32], moves: &[usize], threads: usize) -> Vec<bool> {
    let k = moves.len();
    let mut out = output::<bool>(idx.len() * k);
    on_threads(&mut out, k, threads, |first, part| {
        for (row, o) in part.chunks_mut(k).enumerate() {
            let x = idx[first + row];
            if x == BAD {
                continue;
            }
            let d = dist.at(x);
            if d == 0 {
                continue;
            }
            for (j, &m) in moves.iter().enumerate() {
                o[j] = dist.at(bulk::step(x, m)) + 1 == d;
            }
        }
    });
    out
}

/// The optimal distance of each state in `metric` (int8; -1 marks a bad row with
/// errors="mask"). One state gives an int.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm", *, layout = "golf", errors = "raise", threads = None))]
fn distance<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    metric: &str,
    layout: &str,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let metric = parse_metric(py, metric)?;
    let b = batch(py, layout, errors, threads)?;
    let mut held = Held { rows: None };
    let s = read_states(py, states, b.layout, &mut held)?;
    let t = threads_for(py, b.threads, count_of(&s))?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let out = py.detach(|| match distances_for(metric, idx.len(), FOR_DISTANCES) {
        Dist::Table(table) => distance_kernel(&table, &idx, t),
        Dist::Walk(walk) => distance_kernel(&walk, &idx, t),
        Dist::Search(search) => distance_kernel(&search, &idx, t),
    });
    if s.single {
        return Ok(out[0].into_pyobject(py)?.into_any());
    }
    Ok(out.into_pyarray(py).into_any())
}

/// The metric's moves as indices in `Move::ALL`.
fn metric_moves(metric: Metric) -> Vec<usize> {
    metric.steps().iter().map(|m| m.index()).collect()
}

/// Which of the metric's moves start an optimal solution: bool (n, 9) in HTM
/// (R R' R2 U U' U2 F F' F2), (n, 6) in QTM, (n, 3) one-way. A solved state has none.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm", *, layout = "golf", errors = "raise", threads = None))]
fn optimal_moves<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    metric: &str,
    layout: &str,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let metric = parse_metric(py, metric)?;
    let b = batch(py, layout, errors, threads)?;
    let mut held = Held { rows: None };
    let s = read_states(py, states, b.layout, &mut held)?;
    let t = threads_for(py, b.threads, count_of(&s))?;
    let idx = read_indices(py, &s, t, b.raise)?;
    let moves = metric_moves(metric);
    let k = moves.len();
    let out = py.detach(|| match distances_for(metric, idx.len(), FOR_POLICIES) {
        Dist::Table(table) => policy_kernel(&table, &idx, &moves, t),
        Dist::Walk(walk) => policy_kernel(&walk, &idx, &moves, t),
        Dist::Search(search) => policy_kernel(&search, &idx, &moves, t),
    });
    let arr = Array2::from_shape_vec((idx.len(), k), out)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py);
    if s.single {
        return arr.call_method1("reshape", (k,));
    }
    Ok(arr.into_any())
}

/// The sticker permutation of `perm` (net order) in the layout's order.
fn in_layout(perm: &[u8; STICKERS], layout: Layout) -> [u8; STICKERS] {
    let (to_golf, from_golf) = layout_maps(layout);
    std::array::from_fn(|i| from_golf[perm[to_golf[i]] as usize] as u8)
}

/// The states one move away: rows give uint8 (n, k, 24) in their own colours, numbers
/// give int32 (n, k), strings give lists of str; k = 9 (HTM moves), 6 (QTM) or 3.
#[pyfunction]
#[pyo3(signature = (states, metric = "htm", *, layout = "golf", errors = "raise", threads = None))]
fn next_states<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    metric: &str,
    layout: &str,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let metric = parse_metric(py, metric)?;
    let b = batch(py, layout, errors, threads)?;
    let mut held = Held { rows: None };
    let s = read_states(py, states, b.layout, &mut held)?;
    let t = threads_for(py, b.threads, count_of(&s))?;
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
            let out = py.detach(|| {
                let mut out = output::<u8>(idx.len() * k * STICKERS);
                on_threads(&mut out, k * STICKERS, t, |first, part| {
                    permute_rows(rows, &idx, first, &perms, part);
                });
                out
            });
            let arr = Array3::from_shape_vec((idx.len(), k, STICKERS), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", ((k, STICKERS),));
            }
            Ok(arr.into_any())
        }
        Form::Indices(_) => {
            let out = py.detach(|| {
                let mut out = output::<i32>(idx.len() * k);
                on_threads(&mut out, k, t, |first, part| {
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
                });
                out
            });
            let arr = Array2::from_shape_vec((idx.len(), k), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", (k,));
            }
            Ok(arr.into_any())
        }
        Form::Strings(texts) => {
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
fn compact(raw: &[u8]) -> Vec<u8> {
    state_in_line(raw)
        .iter()
        .copied()
        .filter(|&c| c != b' ' && c != b'\t')
        .collect()
}

fn permuted(given: &[u8], p: &[u8; STICKERS]) -> String {
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

/// An output buffer of `len` zeroed items, untouched: the system gives zeroed pages as
/// they are first written, by the thread that writes them. On Linux the buffer is
/// asked for in 2 MB pages, which cuts the page faults of writing a large result 512
/// times (next_states of 1M rows, 216 MB: see python/README.md for the figures).
fn output<T: Copy + Default>(len: usize) -> Vec<T> {
    let v = vec![T::default(); len];
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let bytes = len * std::mem::size_of::<T>();
        if bytes >= 4 * HUGE {
            let start = (v.as_ptr() as usize).next_multiple_of(HUGE);
            let end = (v.as_ptr() as usize + bytes) / HUGE * HUGE;
            if end > start {
                // Advice only: if refused, the buffer is the same, in small pages.
                // SAFETY: the range lies inside the buffer `v` owns.
                unsafe {
                    libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
                }
            }
        }
    }
    v
}

/// Write each valid row (`idx[i] != BAD`) permuted by every permutation in turn, rows
/// `first..` of the input into `out` (`perms.len() * 24` bytes a row); a bad row is
/// filled with 255.
fn permute_rows(rows: &[u8], idx: &[u32], first: usize, perms: &[[u8; STICKERS]], out: &mut [u8]) {
    let width = perms.len() * STICKERS;
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the CPU has SSSE3 (checked just above).
            unsafe { permute_rows_ssse3(rows, idx, first, perms, out) };
            return;
        }
    }
    for (r, o) in out.chunks_mut(width).enumerate() {
        let i = first + r;
        if idx[i] == BAD {
            o.fill(u8::MAX);
            continue;
        }
        let row = &rows[i * STICKERS..(i + 1) * STICKERS];
        for (p, dst) in perms.iter().zip(o.chunks_mut(STICKERS)) {
            for (d, &from) in dst.iter_mut().zip(p) {
                *d = row[from as usize];
            }
        }
    }
}

/// [`permute_rows`] with byte shuffles: a row is two registers (stickers 0..16 and
/// 16..24), and each half of a result is two shuffles, one from each, joined. 24
/// loads and stores of single bytes a move become 4 shuffles. 1M rows x 9 moves on 1
/// thread, in the next_states call (python/bench.py): 591 ms before, see
/// python/README.md after.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn permute_rows_ssse3(
    rows: &[u8],
    idx: &[u32],
    first: usize,
    perms: &[[u8; STICKERS]],
    out: &mut [u8],
) {
    use std::arch::x86_64::*;
    const ZERO: i8 = -128; // a shuffle index with its top bit set gives 0
    // For each permutation: picks of output bytes 0..16 from the low register, from
    // the high one, then of output bytes 16..24 from each.
    let masks: Vec<[__m128i; 4]> = perms
        .iter()
        .map(|p| {
            let pick = |range: std::ops::Range<usize>, low: bool| {
                let mut m = [ZERO; 16];
                for (k, j) in range.enumerate() {
                    let from = p[j] as usize;
                    if (from < 16) == low {
                        m[k] = if low { from as i8 } else { (from - 16) as i8 };
                    }
                }
                // SAFETY: 16 bytes read from a 16-byte array.
                unsafe { _mm_loadu_si128(m.as_ptr().cast()) }
            };
            [
                pick(0..16, true),
                pick(0..16, false),
                pick(16..24, true),
                pick(16..24, false),
            ]
        })
        .collect();
    let width = perms.len() * STICKERS;
    for (r, o) in out.chunks_mut(width).enumerate() {
        let i = first + r;
        if idx[i] == BAD {
            o.fill(u8::MAX);
            continue;
        }
        let row = &rows[i * STICKERS..(i + 1) * STICKERS];
        // SAFETY: the loads read bytes 0..16 and 16..24 of the 24-byte row, the stores
        // write bytes 0..16 and 16..24 of a 24-byte chunk of `o` (`o` holds
        // perms.len() of them).
        unsafe {
            let low = _mm_loadu_si128(row.as_ptr().cast());
            let high = _mm_loadl_epi64(row.as_ptr().add(16).cast());
            for (m, dst) in masks.iter().zip(o.chunks_exact_mut(STICKERS)) {
                let a = _mm_or_si128(_mm_shuffle_epi8(low, m[0]), _mm_shuffle_epi8(high, m[1]));
                let b = _mm_or_si128(_mm_shuffle_epi8(low, m[2]), _mm_shuffle_epi8(high, m[3]));
                _mm_storeu_si128(dst.as_mut_ptr().cast(), a);
                _mm_storel_epi64(dst.as_mut_ptr().add(16).cast(), b);
            }
        }
    }
}

/// Apply a move sequence in WCA notation (R U F, also D L B, rotations x y z, wide
/// moves, groups) to every state; the result has the states' form.
#[pyfunction]
#[pyo3(signature = (states, moves, *, layout = "golf", errors = "raise", threads = None))]
fn apply<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    moves: &str,
    layout: &str,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let seq: WcaSequence = moves
        .parse()
        .or_else(|e: pocket_lib::model::NotationError| refuse(py, e.to_string()))?;
    let b = batch(py, layout, errors, threads)?;
    let mut held = Held { rows: None };
    let s = read_states(py, states, b.layout, &mut held)?;
    let t = threads_for(py, b.threads, count_of(&s))?;
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
            let out = py.detach(|| {
                let mut out = output::<u8>(idx.len() * STICKERS);
                on_threads(&mut out, STICKERS, t, |first, part| {
                    permute_rows(rows, &idx, first, std::slice::from_ref(&perm), part);
                });
                out
            });
            let arr = Array2::from_shape_vec((idx.len(), STICKERS), out)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            if s.single {
                return arr.call_method1("reshape", (STICKERS,));
            }
            Ok(arr.into_any())
        }
        Form::Indices(_) => {
            let out = py.detach(|| {
                let mut out = vec![0i32; idx.len()];
                on_threads(&mut out, 1, t, |first, part| {
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
                });
                out
            });
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
    static SOLVERS: [OnceLock<Mutex<AutoSolver>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = Metric::ALL.iter().position(|&m| m == metric).unwrap_or(0);
    let solver = SOLVERS[slot].get_or_init(|| Mutex::new(AutoSolver::new(metric)));
    let mut guard = solver.lock().unwrap_or_else(|e| e.into_inner());
    f(&mut guard)
}

/// The solver of weighted costs last asked for, kept for the next call with them.
fn with_cost_solver<T>(
    py: Python<'_>,
    spec: &str,
    f: impl FnOnce(&mut PocketSolver) -> T,
) -> PyResult<T> {
    static LAST: Mutex<Option<(String, PocketSolver)>> = Mutex::new(None);
    let mut guard = LAST.lock().unwrap_or_else(|e| e.into_inner());
    if guard.as_ref().is_none_or(|(s, _)| s != spec) {
        let costs: Costs = spec
            .parse()
            .or_else(|e: pocket_lib::Error| refuse(py, format!("bad cost: {e}")))?;
        let solver =
            PocketSolver::with_costs(&costs).or_else(|e| refuse(py, format!("bad cost: {e}")))?;
        *guard = Some((spec.to_string(), solver));
    }
    let (_, solver) = guard.as_mut().expect("set above");
    Ok(f(solver))
}

/// An optimal solution (moves over R U F, e.g. "R U' F2"; "" when solved): the first
/// in the move order R R' R2 U U' U2 F F' F2, as `pocket solve` prints it.
#[pyfunction]
#[pyo3(signature = (state, metric = "htm", *, cost = None, layout = "golf"))]
fn solve(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    metric: &str,
    cost: Option<&str>,
    layout: &str,
) -> PyResult<String> {
    let metric = parse_metric(py, metric)?;
    let cube = one_cube(py, state, layout)?;
    if let Some(spec) = cost {
        if metric != Metric::Htm {
            return refuse(py, "cost replaces metric: give one or the other");
        }
        return with_cost_solver(py, spec, |s| s.solve(&cube).to_string());
    }
    Ok(py.detach(|| with_solver(metric, |s| s.solve(&cube)).to_string()))
}

/// Every optimal solution, sorted move by move in the order R R' R2 U U' U2 F F' F2.
#[pyfunction]
#[pyo3(signature = (state, metric = "htm", *, cost = None, layout = "golf"))]
fn solve_all(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    metric: &str,
    cost: Option<&str>,
    layout: &str,
) -> PyResult<Vec<String>> {
    let metric = parse_metric(py, metric)?;
    let cube = one_cube(py, state, layout)?;
    let all = match cost {
        Some(spec) => {
            if metric != Metric::Htm {
                return refuse(py, "cost replaces metric: give one or the other");
            }
            with_cost_solver(py, spec, |s| s.solve_all(&cube))?
        }
        None => py.detach(|| with_solver(metric, |s| s.solve_all(&cube))),
    };
    Ok(all.iter().map(|a| a.to_string()).collect())
}

/// The number of optimal solutions.
#[pyfunction]
#[pyo3(signature = (state, metric = "htm", *, cost = None, layout = "golf"))]
fn count(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    metric: &str,
    cost: Option<&str>,
    layout: &str,
) -> PyResult<u64> {
    let metric = parse_metric(py, metric)?;
    let cube = one_cube(py, state, layout)?;
    match cost {
        Some(spec) => {
            if metric != Metric::Htm {
                return refuse(py, "cost replaces metric: give one or the other");
            }
            with_cost_solver(py, spec, |s| s.solve_all(&cube).len() as u64)
        }
        None => Ok(py.detach(|| with_solver(metric, |s| s.count(&cube)))),
    }
}

fn rng(seed: Option<u64>) -> Rng {
    seed.map_or_else(Rng::from_entropy, Rng::from_seed)
}

/// `n` position numbers (int32) drawn uniformly from the positions at least
/// `min_distance` from solved in `metric`.
#[pyfunction]
#[pyo3(signature = (n, seed = None, *, min_distance = 0, metric = "htm"))]
fn random_states<'py>(
    py: Python<'py>,
    n: usize,
    seed: Option<u64>,
    min_distance: u32,
    metric: &str,
) -> PyResult<Bound<'py, PyArray1<i32>>> {
    let metric = parse_metric(py, metric)?;
    if min_distance > metric.gods_number() {
        return refuse(
            py,
            format!(
                "min_distance {min_distance} is more than the largest distance ({})",
                metric.gods_number()
            ),
        );
    }
    let out = py.detach(|| {
        let mut r = rng(seed);
        let table = (min_distance > 0).then(|| bulk::distances(metric));
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            let x = r.below(POSITIONS as u64) as u32;
            if table.is_none_or(|t| u32::from(t[x as usize]) >= min_distance) {
                out.push(x as i32);
            }
        }
        out
    });
    Ok(out.into_pyarray(py))
}

/// Random-state scrambles as `pocket scramble` makes them (the same ones for the same
/// seed): a list of (sequence, state) pairs.
#[pyfunction]
#[pyo3(signature = (n = 1, seed = None, *, min_distance = 4, length = None, optimal = false))]
fn scramble(
    py: Python<'_>,
    n: usize,
    seed: Option<u64>,
    min_distance: u32,
    length: Option<usize>,
    optimal: bool,
) -> PyResult<Vec<(String, String)>> {
    static SCRAMBLER: OnceLock<Scrambler> = OnceLock::new();
    if optimal && length.is_some() {
        return refuse(py, "choose length or optimal, not both");
    }
    let scrambler = py.detach(|| SCRAMBLER.get_or_init(Scrambler::new));
    if min_distance > scrambler.diameter() {
        return refuse(
            py,
            format!(
                "min_distance {min_distance} is more than the largest distance ({})",
                scrambler.diameter()
            ),
        );
    }
    if length.is_some_and(|l| l > 1000) {
        return refuse(py, "length is at most 1000");
    }
    let how = if optimal {
        Length::Optimal
    } else {
        Length::Fixed(length.unwrap_or(11))
    };
    let made = py.detach(|| {
        let mut r = rng(seed);
        (0..n)
            .map(|_| scrambler.scramble(&mut r, min_distance, how))
            .collect::<Option<Vec<_>>>()
    });
    let Some(made) = made else {
        let l = match how {
            Length::Fixed(l) => l.to_string(),
            Length::Optimal => "the fewest".into(),
        };
        return refuse(
            py,
            format!(
                "no position {min_distance} or more from solved is made by exactly {l} moves \
                 of R U F (no face twice in a row): try optimal or another length"
            ),
        );
    };
    Ok(made
        .iter()
        .map(|sc| (sc.alg.to_string(), sc.cube.stickers().as_str().to_string()))
        .collect())
}

/// How many positions lie at each distance from solved: {distance: positions}.
#[pyfunction]
#[pyo3(signature = (metric = "htm"))]
fn census<'py>(py: Python<'py>, metric: &str) -> PyResult<Bound<'py, PyDict>> {
    let metric = parse_metric(py, metric)?;
    let c = py.detach(|| pocket_lib::census(metric));
    let d = PyDict::new(py);
    for row in &c.rows {
        d.set_item(row.distance, row.positions)?;
    }
    Ok(d)
}

/// Exact answers about the 2x2x2 Rubik's cube for numpy batches: distances, optimal
/// moves, next states, and the solver of the `pocket` command line. See pocket.pyi.
#[pymodule(name = "pocket")]
fn pocket_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
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
    Ok(())
}
