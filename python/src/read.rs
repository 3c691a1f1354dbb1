//! Reading states: the three forms (strings, uint8 rows, position numbers) into
//! position numbers, and the command line's message for a state that is none.

use numpy::ndarray::Axis;
use std::borrow::Cow;

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyString, PyTuple};

use pocket_lib::internals::bulk;
use pocket_lib::internals::state_in_line;
use pocket_lib::model::{POSITIONS, STICKERS};
use pocket_lib::{Cube, Layout, Stickers};

use crate::kernels::*;
use crate::{error, refuse, work};

/// Face letters of the rows' numbers U L F R B D = 0..5.
pub(crate) const FACE_LETTERS: &[u8; 6] = b"ULFRBD";

/// The input states, read: what form they came in, and the borrowed data.
pub(crate) enum Form<'a> {
    /// Sticker strings (each as given, its layout applied when read).
    Strings(Vec<Vec<u8>>),
    /// uint8 rows of face numbers, 24 a row, in the layout's order.
    Rows(&'a [u8]),
    /// Position numbers, [`BAD`] where the value was out of range.
    Indices(Vec<u32>),
}

/// States as given: their form, whether a single state was given (the result then
/// drops the batch axis), and the Python object for messages about a value.
pub(crate) struct States<'py, 'a> {
    pub(crate) form: Form<'a>,
    pub(crate) single: bool,
    pub(crate) layout: Layout,
    pub(crate) source: Bound<'py, PyAny>,
}

/// Keeps a borrowed numpy array alive while its data is read.
pub(crate) struct Held<'py> {
    pub(crate) rows: Option<numpy::PyReadonlyArray2<'py, u8>>,
}

pub(crate) fn dtype_name(a: &Bound<'_, PyUntypedArray>) -> String {
    a.dtype()
        .str()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into())
}

pub(crate) fn shape_text(shape: &[usize]) -> String {
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
    ($py:expr, $arr:expr, $($t:ty),*) => {{
        let mut found = None;
        $(
            if found.is_none() {
                if let Ok(a) = $arr.cast::<PyArray1<$t>>() {
                    let r = a.readonly();
                    let v = r.as_array();
                    let mut out = work::reserved::<u32>(v.len())?;
                    // Read with the GIL held, so Ctrl-C is looked for after each
                    // 4M numbers (about 30 ms).
                    for xs in v.axis_chunks_iter(Axis(0), 1 << 22) {
                        out.extend(xs.iter().map(|&x| {
                            u32::try_from(x).ok().filter(|&v| v < POSITIONS).unwrap_or(BAD)
                        }));
                        $py.check_signals()?;
                    }
                    found = Some(out);
                }
            }
        )*
        found
    }};
}

/// Read `obj` as states: a str, a sequence of str, a uint8 array of rows `(n, 24)` or
/// one row `(24,)`, an integer array of position numbers `(n,)`, or one integer.
pub(crate) fn read_states<'py, 'a>(
    py: Python<'py>,
    obj: &Bound<'py, PyAny>,
    layout: Layout,
    held: &'a mut Held<'py>,
) -> PyResult<States<'py, 'a>> {
    let (form, single) = match read_python_value(py, obj)? {
        Some(read) => read,
        None => read_array(py, obj, held)?,
    };
    Ok(States {
        form,
        single,
        layout,
        source: obj.clone(),
    })
}

/// A str, one integer, or a list or tuple of str, read without numpy: the form and
/// whether one state was given; `None` for anything else.
fn read_python_value<'a>(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
) -> PyResult<Option<(Form<'a>, bool)>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Some((
            Form::Strings(vec![s.to_cow()?.as_bytes().to_vec()]),
            true,
        )));
    }
    if obj.is_instance_of::<PyBool>() {
        return refuse(
            py,
            "a state is a str, a position number or a uint8 row, not a bool",
        );
    }
    if obj.is_instance_of::<PyUntypedArray>() {
        return Ok(None);
    }
    if let Ok(i) = obj.extract::<i64>() {
        let v = if (0..POSITIONS as i64).contains(&i) {
            i as u32
        } else {
            BAD
        };
        return Ok(Some((Form::Indices(vec![v]), true)));
    }
    if !obj.is_instance_of::<PyList>() && !obj.is_instance_of::<PyTuple>() {
        return Ok(None);
    }
    let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
    if items.is_empty() {
        return Ok(Some((Form::Strings(Vec::new()), false)));
    }
    if !items.iter().any(|x| x.is_instance_of::<PyString>()) {
        return Ok(None);
    }
    let mut texts = crate::args::room(items.len(), "states")?;
    for (row, x) in items.iter().enumerate() {
        // Read with the GIL held: Ctrl-C is looked for every 65,536 strings (20 ms).
        if row % (1 << 16) == 0 {
            py.check_signals()?;
        }
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
    Ok(Some((Form::Strings(texts), false)))
}

/// Anything else as a numpy array (a list of ints or of rows too): uint8 rows or
/// integer position numbers.
fn read_array<'py, 'a>(
    py: Python<'py>,
    obj: &Bound<'py, PyAny>,
    held: &'a mut Held<'py>,
) -> PyResult<(Form<'a>, bool)> {
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
    // Rows are read as one slice, so they are made contiguous; numbers are read as
    // they lie (a strided or broadcast array was copied whole, 0.8 s for 2 x 10**8,
    // in numpy, where Ctrl-C waits).
    let mut arr = match kind {
        b'i' | b'u'
            if given_array.ndim() <= 1
                && !given_array.dtype().is_equiv_to(&numpy::dtype::<u8>(py)) =>
        {
            given.clone()
        }
        _ => numpy.call_method1("ascontiguousarray", (&given,))?,
    };
    // Nested lists of small numbers are rows: numpy made them int64.
    if from_list && given_array.ndim() == 2 && (kind == b'i' || kind == b'u') {
        let small = given.call_method0("min")?.extract::<i64>()? >= 0
            && given.call_method0("max")?.extract::<i64>()? <= 255;
        if small {
            arr = arr.call_method1("astype", (numpy.getattr("uint8")?,))?;
        }
    }
    let shape = given_array.shape().to_vec();
    let untyped = arr.cast::<PyUntypedArray>()?;
    let dtype = untyped.dtype();
    if dtype.is_equiv_to(&numpy::dtype::<u8>(py)) {
        return read_rows(py, &arr, &shape, held);
    }
    if dtype.kind() == b'i' || dtype.kind() == b'u' {
        return read_numbers(py, &arr, &shape, given_array.ndim() == 0);
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

/// A contiguous uint8 array of `shape` as rows of face numbers, held in `held`.
fn read_rows<'py, 'a>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    shape: &[usize],
    held: &'a mut Held<'py>,
) -> PyResult<(Form<'a>, bool)> {
    let single = shape.len() == 1;
    if !(shape.len() == 2 && shape[1] == STICKERS || shape == [STICKERS]) {
        return refuse(
            py,
            format!(
                "uint8 states are rows of 24 face numbers: shape (n, 24) or (24,), got {}",
                shape_text(shape)
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
    Ok((Form::Rows(rows.unwrap_or(&[])), single))
}

/// A contiguous integer array of `shape` (`single`: no axis) as position numbers.
fn read_numbers<'a>(
    py: Python<'_>,
    arr: &Bound<'_, PyAny>,
    shape: &[usize],
    single: bool,
) -> PyResult<(Form<'a>, bool)> {
    let untyped = arr.cast::<PyUntypedArray>()?;
    if shape.len() > 1 {
        return refuse(
            py,
            format!(
                "integer states are position numbers, shape (n,); got {} {} (face rows \
                 are uint8: use .astype(numpy.uint8))",
                dtype_name(untyped),
                shape_text(shape)
            ),
        );
    }
    let flat = if single {
        arr.call_method1("reshape", (1usize,))?
    } else {
        arr.clone()
    };
    let mut found = indices_of!(py, flat, i64, i32, i16, i8, u64, u32, u16);
    if found.is_none() {
        // Another byte order: as native int64 (a uint64 past its range turns
        // negative, which is refused alike).
        let native = flat.call_method1("astype", ("int64",))?;
        found = indices_of!(py, native, i64);
    }
    match found {
        Some(v) => Ok((Form::Indices(v), single)),
        None => refuse(
            py,
            format!("unsupported integer type {}", dtype_name(untyped)),
        ),
    }
}

/// The net position of each position of the layout, and back.
pub(crate) fn layout_maps(layout: Layout) -> ([usize; STICKERS], [usize; STICKERS]) {
    let to_golf: [usize; STICKERS] = std::array::from_fn(|i| layout.to_golf_index(i));
    let mut from_golf = [0usize; STICKERS];
    for (i, &g) in to_golf.iter().enumerate() {
        from_golf[g] = i;
    }
    (to_golf, from_golf)
}

/// Read one sticker string as the command line reads a state argument.
pub(crate) fn parse_text(raw: &[u8], layout: Layout) -> Result<(Cube, Stickers), String> {
    let given = Stickers::from_bytes(state_in_line(raw)).map_err(|e| e.message(layout))?;
    let golf = layout.to_golf(&given);
    let cube = golf.to_cube().map_err(|e| e.message(layout))?;
    Ok((cube, golf))
}

/// A row of face numbers in the layout's order, read: the shortcut, then the parser.
#[inline]
pub(crate) fn row_index(row: &[u8], to_golf: &[usize; STICKERS], golf_layout: bool) -> u32 {
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
pub(crate) fn row_by_parser(golf: &[u8; STICKERS]) -> Option<u32> {
    if golf.iter().any(|&v| v as usize >= FACE_LETTERS.len()) {
        return None;
    }
    let text = golf.map(|v| FACE_LETTERS[v as usize]);
    let (cube, _) = parse_text(&text, Layout::Golf).ok()?;
    Some(cube.coord().index())
}

/// Why row `row` of the states is no position (called for bad rows only).
pub(crate) fn why_bad(states: &States<'_, '_>, row: usize) -> String {
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

/// The position numbers of every state, [`BAD`] for a state that is none; rows read
/// on `threads` threads, in pieces that Ctrl-C can stop.
fn indices<'f>(
    py: Python<'_>,
    form: &'f Form<'_>,
    layout: Layout,
    threads: usize,
) -> PyResult<Cow<'f, [u32]>> {
    Ok(match form {
        Form::Indices(v) => Cow::Borrowed(v),
        Form::Strings(texts) => {
            Cow::Owned(work::filled(py, texts.len(), 1, threads, |first, part| {
                for (o, t) in part.iter_mut().zip(&texts[first..]) {
                    *o = parse_text(t, layout).map_or(BAD, |(c, _)| c.coord().index());
                }
            })?)
        }
        Form::Rows(rows) => {
            let (to_golf, _) = layout_maps(layout);
            let golf = layout == Layout::Golf;
            Cow::Owned(work::filled(
                py,
                rows.len() / STICKERS,
                1,
                threads,
                |first, part| {
                    for (k, o) in part.iter_mut().enumerate() {
                        let i = first + k;
                        *o = row_index(&rows[i * STICKERS..(i + 1) * STICKERS], &to_golf, golf);
                    }
                },
            )?)
        }
    })
}

pub(crate) fn count_of(states: &States<'_, '_>) -> usize {
    match &states.form {
        Form::Strings(t) => t.len(),
        Form::Rows(r) => r.len() / STICKERS,
        Form::Indices(v) => v.len(),
    }
}

/// Raise for the first bad row, if `raise` and there is one.
pub(crate) fn check_rows(
    py: Python<'_>,
    states: &States<'_, '_>,
    idx: &[u32],
    raise: bool,
) -> PyResult<()> {
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
pub(crate) fn read_indices<'f>(
    py: Python<'_>,
    states: &'f States<'_, '_>,
    threads: usize,
    raise: bool,
) -> PyResult<Cow<'f, [u32]>> {
    let (form, layout) = (&states.form, states.layout);
    let idx = indices(py, form, layout, threads)?;
    check_rows(py, states, &idx, raise)?;
    Ok(idx)
}
