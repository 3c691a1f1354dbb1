//! A `check` request: a claimed solution of a state judged by the challenge's rules,
//! against the optimal length. The command line builds a [`CheckRequest`] and writes
//! the [`Checked`] it gets, as text or JSON.

use super::RequestError;
use crate::challenge::check::{CheckError, Verdict, check};
use crate::cube::shared;
use crate::model::cost::Metric;
use crate::model::paste::{is_pasted_solution, normalise};
use crate::model::stickers::Stickers;

/// What a `check` asks.
#[derive(Clone, Debug, Default)]
pub struct CheckRequest {
    /// The state, 24 stickers.
    pub state: String,
    /// The claimed solution, as typed or pasted.
    pub solution: String,
}

/// A judged claim.
#[derive(Debug)]
pub struct Checked {
    /// The optimal length of the state in HTM.
    pub optimal: usize,
    /// The verdict, or why the claim is not valid.
    pub verdict: Result<Verdict, CheckError>,
}

impl CheckRequest {
    /// Judge the claim; a state that is not a cube is a usage error.
    pub fn run(&self) -> Result<Checked, RequestError> {
        let cube = self
            .state
            .parse::<Stickers>()
            .and_then(|s| s.to_cube())
            .map_err(|e| RequestError::Usage(format!("invalid state: {e}")))?;
        let optimal = shared::table(Metric::Htm).solve(&cube).len();
        // A pasted form ([R, U], R′, a link) is judged as the moves it stands for, by
        // the same rules (no face twice in a row).
        let solution = if is_pasted_solution(&self.solution) {
            normalise(&self.solution)
        } else {
            Ok(self.solution.clone())
        };
        let verdict = solution
            .map_err(|e| CheckError::Notation {
                at: e.at,
                what: e.what,
            })
            .and_then(|s| check(&cube, &s, optimal));
        Ok(Checked { optimal, verdict })
    }
}
