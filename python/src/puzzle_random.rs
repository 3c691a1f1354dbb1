//! Random states of a `pocket.Puzzle`: uniform where the group is known (the 2x2x2
//! by position number, the 3x3x3 by its pieces' permutations and orientations),
//! else a long random walk; and DeepCubeA's training generator, random walks whose
//! lengths are uniform from 0 to a most.
//!
//! Row `r` draws from its own generator, seeded from the call's seed and `r`, so a
//! seed gives the same rows whatever the number of threads.

use numpy::IntoPyArray;
use numpy::ndarray::Array1;
use pyo3::prelude::*;

use pocket_lib::cube::Rng;
use pocket_lib::internals::bulk;
use pocket_lib::model::POSITIONS;

use crate::args;
use crate::batch::threads_for;
use crate::puzzle_spec::{Kind, Spec};

/// The moves of a walk from states no formula makes uniform.
pub(crate) const LONG_WALK: usize = 1000;

/// The most moves `random_walks` takes: its walks are cheap, but a count of 10**12
/// would never end.
const MOST_MOVES: i64 = 1 << 20;

/// The generator of row `row` under `seed`.
fn row_rng(seed: u64, row: usize) -> Rng {
    Rng::from_seed(seed ^ (row as u64).wrapping_mul(0xD1B5_4A32_D192_ED03))
}

/// A number in `0..len` from 64 random bits (multiply-shift: a bias under 2^-56
/// for any puzzle's moves).
fn pick(bits: u64, len: usize) -> usize {
    ((u128::from(bits) * len as u128) >> 64) as usize
}

/// The moves a walk may take after each move (those of other faces), and at its
/// start (every move), as rows of one flat table: the next move hangs on the last
/// one through one load. Lists by face (a Vec a face, then the move's face) made
/// three dependent loads a move, and the walk waited on them: 171M moves a CPU
/// second; see python/README.md for this form's.
struct Walker {
    /// Row `m` (`stride` long) lists the moves allowed after move `m`; the last row
    /// every move.
    allowed: Vec<u16>,
    /// How many of each row are allowed.
    counts: Vec<usize>,
    stride: usize,
    /// Every row is as long (the cubes): the pick needs no count loaded.
    even: Option<usize>,
}

impl Walker {
    fn new(spec: &Spec) -> Walker {
        let n = spec.moves();
        let all: Vec<u16> = (0..n as u16).collect();
        let mut allowed = Vec::with_capacity((n + 1) * n);
        let mut counts = Vec::with_capacity(n + 1);
        for last in 0..=n {
            let row: Vec<u16> = match spec.faces.get(last) {
                Some(&f) => all
                    .iter()
                    .copied()
                    .filter(|&m| spec.faces[m as usize] != f)
                    .collect(),
                None => all.clone(),
            };
            // A puzzle of one face: its moves follow one another.
            let row = if row.is_empty() { all.clone() } else { row };
            counts.push(row.len());
            allowed.extend(&row);
            allowed.resize((last + 1) * n, 0);
        }
        let even = counts[..n]
            .iter()
            .all(|&c| c == counts[0])
            .then(|| counts[0]);
        Walker {
            allowed,
            counts,
            stride: n,
            even,
        }
    }

    /// `k` random moves, never two of one face running.
    fn path<'a>(&'a self, rng: &'a mut Rng, k: usize) -> impl Iterator<Item = u16> + 'a {
        let mut last = self.stride;
        (0..k).map(move |i| {
            let count = match self.even {
                Some(c) if i > 0 => c,
                _ => self.counts[last],
            };
            let m = self.allowed[last * self.stride + pick(rng.next_u64(), count)];
            last = m as usize;
            m
        })
    }
}

/// A uniform 3x3x3: corners and edges permuted with equal parities, twists summing
/// to 0 mod 3 and flips to 0 mod 2, laid on the definition's piece stickers.
fn uniform_cube3(spec: &Spec, rng: &mut Rng, row: &mut [u8]) {
    let Some(puzzle) = &spec.defined else { return };
    row.copy_from_slice(&spec.solved);
    let mut parity = None;
    for kind in ["corner", "edge"] {
        let pieces: Vec<&[u16]> = puzzle
            .pieces
            .iter()
            .filter(|p| p.kind == kind)
            .map(|p| p.stickers.as_slice())
            .collect();
        let n = pieces.len();
        let mut perm: Vec<usize> = (0..n).collect();
        let mut odd = false;
        for i in (1..n).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            if i != j {
                perm.swap(i, j);
                odd = !odd;
            }
        }
        // The edges' parity follows the corners': swap two edges when they differ.
        if let Some(p) = parity
            && p != odd
        {
            perm.swap(0, 1);
        }
        parity = Some(odd);
        let twists = pieces.first().map_or(1, |p| p.len());
        let mut sum = 0;
        for (slot, &piece) in perm.iter().enumerate() {
            let t = if slot + 1 == n {
                (twists - sum % twists) % twists
            } else {
                rng.below(twists as u64) as usize
            };
            sum += t;
            for k in 0..twists {
                let from = pieces[piece][(k + t) % twists] as usize;
                row[pieces[slot][k] as usize] = spec.solved[from];
            }
        }
    }
}

/// Fill `row` (already solved) with the state row `r` draws.
fn draw(spec: &Spec, walker: &Walker, rng: &mut Rng, row: &mut [u8]) {
    match spec.kind {
        Kind::Pocket => {
            let idx = rng.below(u64::from(POSITIONS)) as u32;
            if let Some(faces) = bulk::faces_of_index(idx) {
                row.copy_from_slice(&faces);
            }
        }
        Kind::Cube3 => uniform_cube3(spec, rng, row),
        Kind::Defined => {
            let path: Vec<u16> = walker.path(rng, LONG_WALK).collect();
            spec.gathers.walk(row, path.into_iter());
        }
    }
}

fn seed_of(seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    Ok(args::seed(seed)?.unwrap_or_else(|| Rng::from_entropy().next_u64()))
}

pub(crate) fn random_states<'py>(
    py: Python<'py>,
    spec: &Spec,
    n: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = args::count(n, "n", spec.width)?;
    let seed = seed_of(seed)?;
    let threads = threads_for(py, threads, n)?;
    let walker = Walker::new(spec);
    let w = spec.width;
    let rows = crate::work::filled::<u8>(py, n, w, threads, |first, part| {
        for (k, row) in part.chunks_exact_mut(w).enumerate() {
            row.copy_from_slice(&spec.solved);
            draw(spec, &walker, &mut row_rng(seed, first + k), row);
        }
    })?;
    Ok(numpy::ndarray::Array2::from_shape_vec((n, w), rows)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?
        .into_pyarray(py)
        .into_any())
}

pub(crate) fn random_walks<'py>(
    py: Python<'py>,
    spec: &Spec,
    n: &Bound<'py, PyAny>,
    max_moves: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    min_moves: Option<&Bound<'py, PyAny>>,
    threads: Option<i64>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let n = args::count(n, "n", spec.width + 4)?;
    let most = args::int_in(max_moves, "max_moves", 0, MOST_MOVES)? as u64;
    let least = args::opt_int_in(min_moves, "min_moves", 0, most as i64)?.unwrap_or(0) as u64;
    let seed = seed_of(seed)?;
    let threads = threads_for(py, threads, n)?;
    let walker = Walker::new(spec);
    let w = spec.width;
    // The lengths from a stream of their own (the seed's complement), the moves
    // from each row's.
    let mut taken = crate::work::zeroed::<i32>(n, n)?;
    let mut lengths = Rng::from_seed(!seed);
    for t in taken.iter_mut() {
        *t = (least + lengths.below(most - least + 1)) as i32;
    }
    let rows = crate::work::filled::<u8>(py, n, w, threads, |first, part| {
        for (k, row) in part.chunks_exact_mut(w).enumerate() {
            let r = first + k;
            row.copy_from_slice(&spec.solved);
            let mut rng = row_rng(seed, r);
            spec.gathers
                .walk(row, walker.path(&mut rng, taken[r] as usize));
        }
    })?;
    let states = numpy::ndarray::Array2::from_shape_vec((n, w), rows)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?
        .into_pyarray(py)
        .into_any();
    Ok((states, Array1::from(taken).into_pyarray(py).into_any()))
}
