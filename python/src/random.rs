//! `random_states`: position numbers drawn uniformly from the positions at a distance,
//! or in a range of distances, from solved.

use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;

use pocket_lib::Metric;
use pocket_lib::cube::Rng;
use pocket_lib::internals::bulk;
use pocket_lib::internals::shared::PerMetric;
use pocket_lib::model::POSITIONS;

use crate::{args, parse_metric, refuse, work};

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
pub(crate) fn random_states<'py>(
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
        let (order, starts) = py.detach(|| by_distance(metric));
        work::in_pieces(py, n, &mut (&mut out, &mut r), |(out, r), size| {
            draw_in_range(order, starts, lo as usize, hi as usize, r, out, size);
        })?;
    }
    Ok(out.into_pyarray(py))
}

/// The positions ordered by distance in `metric`, with where each distance starts: a
/// uniform draw at a distance, or in a range, is a uniform index into one run of it.
pub(crate) fn by_distance(metric: Metric) -> &'static (Vec<u32>, Vec<usize>) {
    static MADE: PerMetric<(Vec<u32>, Vec<usize>)> = PerMetric::new();
    MADE.get_or_init(metric, || {
        let dist = bulk::distances(metric);
        let most = metric.gods_number() as usize;
        let mut starts = vec![0usize; most + 2];
        for &d in dist {
            starts[d as usize + 1] += 1;
        }
        for d in 1..starts.len() {
            starts[d] += starts[d - 1];
        }
        let mut at = starts.clone();
        let mut order = vec![0u32; POSITIONS as usize];
        for (x, &d) in dist.iter().enumerate() {
            order[at[d as usize]] = x as u32;
            at[d as usize] += 1;
        }
        (order, starts)
    })
}

/// For `random_states`: `n` numbers drawn uniformly from the positions at distance
/// `lo..=hi` in `metric`.
pub(crate) fn draw_in_range(
    order: &[u32],
    starts: &[usize],
    lo: usize,
    hi: usize,
    r: &mut pocket_lib::cube::Rng,
    out: &mut Vec<i32>,
    n: usize,
) {
    let (a, b) = (starts[lo], starts[hi + 1]);
    for _ in 0..n {
        out.push(order[a + r.below((b - a) as u64) as usize] as i32);
    }
}
