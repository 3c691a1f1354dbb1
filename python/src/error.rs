//! `pocket.Error`, the exception of every refusal, and the two ways this crate raises
//! it: with the row of a batch that is no cube, or for a single value.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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
