//! The numbers a caller passes, taken as any Python object and checked here: a value
//! out of range is a `pocket.Error` that names the argument (never an `OverflowError`
//! from the conversion), a count too big for memory a `MemoryError` at once, and
//! anything that is not an integer a `TypeError`.

use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::prelude::*;

use crate::refuse;

/// `value` as a Python int (through `__index__`, as numpy integers are), or a
/// `TypeError` naming `name`.
fn as_int<'py>(value: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let py = value.py();
    py.import("operator")?
        .call_method1("index", (value,))
        .map_err(|_| {
            let kind = value
                .get_type()
                .name()
                .map_or("?".to_string(), |n| n.to_string());
            PyTypeError::new_err(format!("{name} must be an int, not {kind}"))
        })
}

/// An int from `lo` to `hi` (inclusive), refused with the range otherwise.
pub(crate) fn int_in(value: &Bound<'_, PyAny>, name: &str, lo: i64, hi: i64) -> PyResult<i64> {
    let py = value.py();
    let v = as_int(value, name)?;
    if v.lt(lo)? || v.gt(hi)? {
        return refuse(py, format!("{name} must be from {lo} to {hi}, not {v}"));
    }
    v.extract::<i64>()
}

/// An optional [`int_in`].
pub(crate) fn opt_int_in(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    lo: i64,
    hi: i64,
) -> PyResult<Option<i64>> {
    match value {
        Some(v) if !v.is_none() => int_in(v, name, lo, hi).map(Some),
        _ => Ok(None),
    }
}

/// A count of things of `bytes_each` bytes to make: 0 or more, refused at once with a
/// `MemoryError` if so many could never be held.
pub(crate) fn count(value: &Bound<'_, PyAny>, name: &str, bytes_each: usize) -> PyResult<usize> {
    let py = value.py();
    let v = as_int(value, name)?;
    if v.lt(0)? {
        return refuse(py, format!("{name} must be 0 or more, not {v}"));
    }
    let most = isize::MAX as usize / bytes_each.max(1);
    if v.gt(most)? {
        return Err(PyMemoryError::new_err(format!(
            "{name} = {v} cannot be held in memory ({bytes_each} bytes each)"
        )));
    }
    v.extract::<usize>()
}

/// Room for `n` items, or a `MemoryError` (never an abort of the interpreter).
pub(crate) fn room<T>(n: usize, name: &str) -> PyResult<Vec<T>> {
    crate::work::reserved(n).map_err(|_| {
        PyMemoryError::new_err(format!(
            "{name} = {n}: not enough memory for {} bytes",
            n.saturating_mul(std::mem::size_of::<T>())
        ))
    })
}

/// A seed: None (from the operating system), an int from 0 to 2**64 - 1, or a
/// `numpy.random.Generator`, from which one 64-bit draw is taken (so that a seeded
/// generator gives the same states every time).
pub(crate) fn seed(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let py = value.py();
    let generator = py.import("numpy.random")?.getattr("Generator")?;
    if value.is_instance(&generator)? {
        let raw = value.getattr("bit_generator")?.call_method0("random_raw")?;
        return raw.extract::<u64>().map(Some);
    }
    let refused = || {
        let kind = value
            .get_type()
            .name()
            .map_or("?".to_string(), |n| n.to_string());
        refuse(
            py,
            format!(
                "seed must be an int from 0 to 2**64 - 1 or a numpy.random.Generator, \
                 not {kind} {}",
                value.repr().map_or("?".to_string(), |r| r.to_string())
            ),
        )
    };
    let Ok(v) = as_int(value, "seed") else {
        return refused();
    };
    match v.extract::<u64>() {
        Ok(s) => Ok(Some(s)),
        Err(_) => refused(),
    }
}

/// The type and value of `value` as a message shows them: `int 5`, `str 'yes'`.
pub(crate) fn described(value: &Bound<'_, PyAny>) -> String {
    let kind = value
        .get_type()
        .name()
        .map_or("?".to_string(), |n| n.to_string());
    let repr = value.repr().map_or("?".to_string(), |r| r.to_string());
    format!("{kind} {repr}")
}

/// A str argument, or a `TypeError` naming it, what it takes and what it was given.
pub(crate) fn word(value: &Bound<'_, PyAny>, name: &str, takes: &str) -> PyResult<String> {
    value
        .cast::<pyo3::types::PyString>()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "{name} must be a str ({takes}), not {}",
                described(value)
            ))
        })?
        .to_cow()
        .map(|s| s.into_owned())
}

/// An optional str argument: None, or as [`word`].
pub(crate) fn opt_word(
    value: &Bound<'_, PyAny>,
    name: &str,
    takes: &str,
) -> PyResult<Option<String>> {
    match value.is_none() {
        true => Ok(None),
        false => word(value, name, takes).map(Some),
    }
}

/// The `metric` argument of every call (checked by [`crate::parse_metric`]).
pub(crate) fn metric(value: &Bound<'_, PyAny>) -> PyResult<String> {
    word(value, "metric", "'htm', 'qtm' or 'one-way'")
}

/// The `layout` argument of every call.
pub(crate) fn layout(value: &Bound<'_, PyAny>) -> PyResult<String> {
    word(value, "layout", "'golf' or 'urfdlb'")
}

/// The `errors` argument of every batch call.
pub(crate) fn errors(value: &Bound<'_, PyAny>) -> PyResult<String> {
    word(value, "errors", "'raise' or 'mask'")
}

/// A flag: True or False (numpy's bool too), never a truthy str such as 'yes'.
pub(crate) fn flag(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    let numpy_bool = value
        .py()
        .import("numpy")
        .and_then(|np| np.getattr("bool_"))
        .and_then(|b| value.is_instance(&b))
        .unwrap_or(false);
    if value.is_instance_of::<pyo3::types::PyBool>() || numpy_bool {
        return value.is_truthy();
    }
    Err(PyTypeError::new_err(format!(
        "{name} must be True or False, not {}",
        described(value)
    )))
}
