//! An `algs` request: algorithms by their effect on the cube (`--effect`), or the
//! magic moves of a puzzle (`--orbit`). The command line fills [`RawAlgs`] and makes
//! an [`AlgsRequest`] by one `TryFrom`, which holds every refusal about options
//! alone; running it hands each algorithm or magic move to the front end as it is
//! found, and the front end prints.

mod effect;
mod orbit;

pub use effect::{EffectFound, EffectRequest};
pub use orbit::{OrbitFound, OrbitRequest};

use super::words::opts::*;
use super::{RequestError, message};
use crate::model::invalid::{Invalid, Kind};
use crate::puzzle::searches::orbit::Change;

/// An `algs` request as a front end gives it, one field per option.
#[derive(Clone, Debug, Default)]
pub struct RawAlgs {
    /// The effect: 24 face letters (ULFRBD) or `.` for any.
    pub effect: Option<String>,
    /// Magic moves changing only pieces of this kind.
    pub orbit: Option<String>,
    /// With `orbit`: a built-in puzzle or a definition file (default 3x3x3).
    pub puzzle: Option<String>,
    /// With `orbit`: what the changed pieces do.
    pub change: Option<Change>,
    /// With `orbit`: most pieces changed.
    pub max_changed: Option<usize>,
    /// With `orbit`: highest power of a sequence.
    pub max_power: Option<u32>,
    /// With `orbit`: the changed pieces need not lie on one face.
    pub any_face: bool,
    /// With `orbit`: only pieces of these kinds must stay put.
    pub keep: Option<String>,
    /// Longest sequences to list.
    pub max_length: Option<usize>,
    /// Stop after this many.
    pub limit: Option<usize>,
    /// With `orbit`: search only this part of the sequences.
    pub shard: Option<Shard>,
    /// Only these moves, as written.
    pub generators: Option<String>,
    /// With `effect`: order each length by these costs.
    pub cost: Option<String>,
}

/// An `algs` request, checked.
#[derive(Debug)]
pub enum AlgsRequest {
    /// Algorithms by their effect on the cube.
    Effect(EffectRequest),
    /// A puzzle's magic moves.
    Orbit(OrbitRequest),
}

impl TryFrom<RawAlgs> for AlgsRequest {
    type Error = RequestError;

    fn try_from(raw: RawAlgs) -> Result<AlgsRequest, RequestError> {
        match (&raw.effect, &raw.orbit) {
            (Some(_), None) => EffectRequest::try_from(raw).map(AlgsRequest::Effect),
            (None, Some(_)) => OrbitRequest::try_from(raw).map(AlgsRequest::Orbit),
            (Some(_), Some(_)) => Err(RequestError::Usage(message!(
                "{EFFECT} and {ORBIT} are two searches: give one"
            ))),
            (None, None) => Err(RequestError::Usage(message!(
                "give {EFFECT} PATTERN or {ORBIT} KIND"
            ))),
        }
    }
}

/// One part of a search split into `n` (`--shard K/N`, K from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl std::str::FromStr for Shard {
    type Err = Invalid;

    fn from_str(s: &str) -> Result<Shard, Invalid> {
        let bad = || {
            Invalid::new(
                Kind::Name,
                format!("'{s}' is not K/N with 1 <= K <= N (e.g. 3/8)"),
            )
        };
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n) = (
            k.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl Shard {
    /// The parts of each length (1 to `lengths.len()`) that this shard searches,
    /// given the size of each part: the parts are cut, in listing order, where the
    /// running total of sequences crosses each N-th of all of them, so every shard
    /// has about as many sequences as the next and concatenated they are the whole.
    pub fn ranges(self, sizes: &[Vec<u64>]) -> Vec<std::ops::Range<usize>> {
        let total: u128 = sizes.iter().flatten().map(|&w| u128::from(w)).sum();
        let (lo, hi) = (
            total * u128::from(self.k - 1) / u128::from(self.n),
            total * u128::from(self.k) / u128::from(self.n),
        );
        let mut at = 0u128;
        sizes
            .iter()
            .map(|parts| {
                // Nothing of this length in the shard: an empty range.
                let (mut first, mut end) = (parts.len(), parts.len());
                for (i, &w) in parts.iter().enumerate() {
                    // A part belongs to the shard in which it starts.
                    if at >= lo && at < hi {
                        first = first.min(i);
                        end = i + 1;
                    }
                    at += u128::from(w);
                }
                first..end
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
