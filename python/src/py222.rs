//! py222's state arrays, to and from: its sticker order and colours, and its words
//! for a row that is no position.

use numpy::IntoPyArray;
use numpy::ndarray::Array2;
use pyo3::prelude::*;

use pocket_lib::internals::bulk;
use pocket_lib::model::STICKERS;

use crate::batch::{batch, parse_errors};
use crate::numbers::to_index;
use crate::read::*;
use crate::{Error, args, error, refuse, work};

/// Sticker `i` of py222's order is sticker `PY222[i]` of the golf net (py222: U 0-3,
/// R 4-7, F 8-11, D 12-15, L 16-19, B 20-23, each face read row by row in the same
/// net as pocket's).
const PY222: [usize; STICKERS] = [
    0, 1, 2, 3, 8, 9, 16, 17, 6, 7, 14, 15, 20, 21, 22, 23, 4, 5, 12, 13, 10, 11, 18, 19,
];
/// py222's colour of each of pocket's face numbers (U L F R B D): py222 numbers them
/// U R F D L B.
const PY222_COLOUR: [u8; 6] = [0, 4, 2, 1, 5, 3];

/// States as py222 arrays (n, 24) (or (24,)): its sticker order and colours, with the
/// reference corner down-back-left, as py222's `normFC` leaves them.
#[pyfunction]
#[pyo3(signature = (states, *, layout = "golf".into(), errors = "raise".into(), threads = None))]
pub(crate) fn to_py222<'py>(
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
    let n = idx.len();
    let out = work::filled::<i64>(py, n, STICKERS, t, |first, part| {
        for (k, row) in part.chunks_mut(STICKERS).enumerate() {
            match bulk::faces_of_index(idx[first + k]) {
                Some(golf) => {
                    for (i, v) in row.iter_mut().enumerate() {
                        *v = i64::from(PY222_COLOUR[golf[PY222[i]] as usize]);
                    }
                }
                None => row.fill(-1),
            }
        }
    })?;
    let arr = Array2::from_shape_vec((n, STICKERS), out)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py);
    match s.single {
        true => arr.call_method1("reshape", (STICKERS,)),
        false => Ok(arr.into_any()),
    }
}

/// Position numbers of py222 arrays (n, 24) (or one (24,)) of its colours 0 to 5, in
/// any orientation (read through the reference corner, as every state is).
#[pyfunction]
#[pyo3(signature = (states, *, errors = "raise".into()))]
pub(crate) fn from_py222<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::errors)] errors: String,
) -> PyResult<Bound<'py, PyAny>> {
    let raise = parse_errors(py, &errors)?;
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (states,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return refuse(
            py,
            "py222 states are integer arrays of colours 0 to 5, shape (n, 24) or (24,)",
        );
    }
    let single = arr.getattr("ndim")?.extract::<usize>()? == 1;
    let arr = arr
        .call_method1("reshape", ((-1i64, STICKERS),))?
        .call_method1("astype", ("int64",))?;
    let a: numpy::PyReadonlyArray2<'_, i64> = arr.extract()?;
    let flat = a.as_slice()?;
    // To pocket's golf rows, colours renamed to pocket's face numbers; a colour out of
    // range becomes 6, which the reader marks as a bad row.
    let mut golf = work::zeroed::<u8>(flat.len(), flat.len() / STICKERS)?;
    for (r, row) in flat.chunks(STICKERS).enumerate() {
        // Read with the GIL held: Ctrl-C is looked for every 65,536 rows.
        if r % (1 << 16) == 0 {
            py.check_signals()?;
        }
        for (i, &c) in row.iter().enumerate() {
            let face = PY222_COLOUR
                .iter()
                .position(|&p| i64::from(p) == c)
                .unwrap_or(6);
            golf[r * STICKERS + PY222[i]] = face as u8;
        }
    }
    let rows = Array2::from_shape_vec((flat.len() / STICKERS, STICKERS), golf)
        .map_err(|e| Error::new_err(e.to_string()))?
        .into_pyarray(py);
    let idx = to_index(py, rows.as_any(), "golf".into(), "mask".into(), None)?;
    if raise {
        let marks: numpy::PyReadonlyArray1<'_, i32> = idx.extract()?;
        if let Some(r) = marks.as_slice()?.iter().position(|&x| x < 0) {
            let why = why_not_py222(&flat[r * STICKERS..][..STICKERS]);
            return Err(error(py, why, (!single).then_some(r)));
        }
    }
    match single {
        true => idx.call_method1("__getitem__", (0,)),
        false => Ok(idx),
    }
}

/// Why a py222 row is no position, in py222's words: its columns and colours.
fn why_not_py222(row: &[i64]) -> String {
    if let Some(col) = row.iter().position(|&c| !(0..6).contains(&c)) {
        return format!(
            "colour {} at column {col} is not a py222 colour (0 to 5)",
            row[col]
        );
    }
    for colour in 0..6 {
        let at: Vec<String> = (0..STICKERS)
            .filter(|&i| row[i] == colour)
            .map(|i| i.to_string())
            .collect();
        if at.len() != 4 {
            return format!(
                "colour {colour} is on {} stickers (columns {}), expected 4",
                at.len(),
                at.join(", ")
            );
        }
    }
    "the stickers make no 2x2x2 position: some corner's three colours are no corner of \
     the cube, or two corners are the same, or a corner is twisted"
        .into()
}
