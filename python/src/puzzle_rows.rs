//! The states of a `pocket.Puzzle` call: uint8 rows `(n, width)` or one row
//! `(width,)`, read without a copy when they are C-contiguous uint8 already. Other
//! integer arrays (and lists) are taken when every value is a colour number.

use numpy::{PyArrayDyn, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::puzzle_spec::Spec;
use crate::read::shape_text;
use crate::refuse;

/// Rows of stickers, borrowed from numpy.
pub(crate) struct Rows<'py> {
    array: PyReadonlyArrayDyn<'py, u8>,
    pub n: usize,
    /// One row `(width,)` was given: answers drop the batch axis.
    pub single: bool,
}

impl Rows<'_> {
    pub fn bytes(&self) -> &[u8] {
        // C-contiguous by construction (`ascontiguousarray`).
        self.array.as_slice().unwrap_or(&[])
    }

    /// The first row whose value is no colour, and that value.
    pub fn first_bad(&self, colours: usize, width: usize) -> Option<(usize, usize, u8)> {
        let at = self
            .bytes()
            .iter()
            .position(|&v| usize::from(v) >= colours)?;
        Some((at / width, at % width, self.bytes()[at]))
    }
}

/// Read `states` as rows of `spec`'s stickers.
pub(crate) fn read_rows<'py>(
    py: Python<'py>,
    spec: &Spec,
    states: &Bound<'py, PyAny>,
) -> PyResult<Rows<'py>> {
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (states,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "u" && kind != "i" {
        return Err(PyTypeError::new_err(format!(
            "states must be uint8 rows of {} colour numbers, not an array of {}",
            spec.width,
            arr.getattr("dtype")?.str()?
        )));
    }
    let arr = if arr.getattr("dtype")?.str()? == "uint8" {
        np.call_method1("ascontiguousarray", (arr,))?
    } else {
        let colours = spec.colours.len() as i64;
        if arr.getattr("size")?.extract::<usize>()? > 0 {
            let (lo, hi): (i64, i64) = (
                arr.call_method0("min")?.extract()?,
                arr.call_method0("max")?.extract()?,
            );
            if lo < 0 || hi >= colours {
                let v = if lo < 0 { lo } else { hi };
                return refuse(
                    py,
                    format!(
                        "a sticker is {v}, and {} has {colours} colours (0 to {})",
                        spec.name,
                        colours - 1
                    ),
                );
            }
        }
        np.call_method1("ascontiguousarray", (arr, "uint8"))?
    };
    let array = arr.cast_into::<PyArrayDyn<u8>>()?.readonly();
    let shape = array.shape().to_vec();
    let (n, single) = match shape.as_slice() {
        [w] if *w == spec.width => (1, true),
        [n, w] if *w == spec.width => (*n, false),
        _ => {
            return refuse(
                py,
                format!(
                    "states of {} are rows of {} stickers, shape ({},) or (n, {}), not {}",
                    spec.name,
                    spec.width,
                    spec.width,
                    spec.width,
                    shape_text(&shape)
                ),
            );
        }
    };
    Ok(Rows { array, n, single })
}

/// The actions of `step`: one int for every row, or one per row, each a move number.
pub(crate) fn read_actions(
    py: Python<'_>,
    actions: &Bound<'_, PyAny>,
    n: usize,
    moves: usize,
) -> PyResult<Vec<u16>> {
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (actions,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "actions must be move numbers (integers 0 to {}), not {}",
            moves - 1,
            arr.getattr("dtype")?.str()?
        )));
    }
    // ascontiguousarray makes a 0-d array 1-d: the dimensions are read first.
    let ndim: usize = arr.getattr("ndim")?.extract()?;
    let arr = np.call_method1("ascontiguousarray", (arr, "int64"))?;
    let values = arr.cast_into::<PyArrayDyn<i64>>()?.readonly();
    let all = values.as_slice().unwrap_or(&[]);
    let bad = |row: Option<usize>, a: i64| {
        Err(crate::error(
            py,
            format!("action {a} is not a move number (0 to {})", moves - 1),
            row,
        ))
    };
    match ndim {
        0 => match all.first() {
            Some(&a) if (0..moves as i64).contains(&a) => Ok(vec![a as u16; n]),
            Some(&a) => bad(None, a),
            None => Ok(vec![0; n]),
        },
        1 if all.len() == n => {
            if let Some(row) = all.iter().position(|&a| !(0..moves as i64).contains(&a)) {
                return bad(Some(row), all[row]);
            }
            Ok(all.iter().map(|&a| a as u16).collect())
        }
        _ => refuse(
            py,
            format!(
                "actions must be one int or one per state ({n}), not shape {}",
                shape_text(values.shape())
            ),
        ),
    }
}
