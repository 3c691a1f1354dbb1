//! Answering position numbers in the form the states were given in (numbers, rows or
//! strings), as the calls that map a state to other states do.

use numpy::IntoPyArray;
use numpy::ndarray::Array2;
use pyo3::prelude::*;

use pocket_lib::internals::bulk;
use pocket_lib::model::STICKERS;

use crate::kernels::*;
use crate::read::*;
use crate::{Error, work};

/// Position numbers as the form the states were given in: int32 numbers, uint8 rows
/// of face numbers (in `layout`), or face-letter strings; `shape` the batch's shape
/// before the 24 stickers (`[n]` or `[n, k]`), with the batch axis dropped for a
/// single state.
pub(crate) fn answer_in_form<'py>(
    py: Python<'py>,
    s: &States<'_, '_>,
    out: Vec<u32>,
    k: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = out.len() / k.unwrap_or(1);
    let as_i32 = work::mapped(&out, |&x| if x == BAD { -1 } else { x as i32 })?;
    match (&s.form, k) {
        (Form::Indices(_), None) if s.single => Ok(as_i32[0].into_pyobject(py)?.into_any()),
        (Form::Indices(_), None) => Ok(as_i32.into_pyarray(py).into_any()),
        (Form::Indices(_), Some(k)) => {
            let arr = Array2::from_shape_vec((n, k), as_i32)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            match s.single {
                true => arr.call_method1("reshape", (k,)),
                false => Ok(arr.into_any()),
            }
        }
        (Form::Rows(_), _) => {
            let (to_golf, _) = layout_maps(s.layout);
            let rows = rows_of(py, &out, &to_golf)?;
            let arr = Array2::from_shape_vec((out.len(), STICKERS), rows)
                .map_err(|e| Error::new_err(e.to_string()))?
                .into_pyarray(py);
            let shape: Vec<usize> = match (s.single, k) {
                (true, None) => vec![STICKERS],
                (true, Some(k)) => vec![k, STICKERS],
                (false, None) => vec![n, STICKERS],
                (false, Some(k)) => vec![n, k, STICKERS],
            };
            arr.call_method1("reshape", (shape,))
        }
        (Form::Strings(_), _) => {
            work::room_for_strings(out.len(), n)?;
            let text = |x: u32| -> Option<String> {
                bulk::faces_of_index(x).map(|f| {
                    f.iter()
                        .map(|&v| FACE_LETTERS[v as usize] as char)
                        .collect()
                })
            };
            let texts: Vec<Option<String>> = out.iter().map(|&x| text(x)).collect();
            match (s.single, k) {
                (true, None) => Ok(texts
                    .into_iter()
                    .next()
                    .flatten()
                    .into_pyobject(py)?
                    .into_any()),
                (false, None) => Ok(texts.into_pyobject(py)?.into_any()),
                (true, Some(_)) => Ok(texts.into_pyobject(py)?.into_any()),
                (false, Some(k)) => {
                    let lists: Vec<Vec<Option<String>>> =
                        texts.chunks(k).map(|c| c.to_vec()).collect();
                    Ok(lists.into_pyobject(py)?.into_any())
                }
            }
        }
    }
}

/// Face rows (golf order permuted by `to_golf`) of position numbers; a bad one 255s.
fn rows_of(py: Python<'_>, idx: &[u32], to_golf: &[usize; STICKERS]) -> PyResult<Vec<u8>> {
    let t = threads_auto(idx.len());
    work::filled(py, idx.len(), STICKERS, t, |first, part| {
        for (k, row) in part.chunks_mut(STICKERS).enumerate() {
            match bulk::faces_of_index(idx[first + k]) {
                Some(golf) => {
                    for (i, v) in row.iter_mut().enumerate() {
                        *v = golf[to_golf[i]];
                    }
                }
                None => row.fill(u8::MAX),
            }
        }
    })
}
