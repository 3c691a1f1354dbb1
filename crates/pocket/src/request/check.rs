//! A `check` request: a claimed solution of a state judged by the challenge's rules,
//! against the optimal length. The command line builds a [`CheckRequest`] and writes
//! the [`Checked`] it gets, as text or JSON.

use super::RequestError;
use crate::challenge::check::{CheckError, Verdict, check};
use crate::cube::shared;
use crate::model::cost::Metric;
use crate::model::notation::{NotationError, WcaSequence};
use crate::model::paste::{is_pasted_solution, normalise};
use crate::model::stickers::Stickers;
use crate::request::message;

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
    /// The claim as a cuber means it: any WCA moves, rotations and wide turns; or why
    /// it cannot be read as such.
    pub as_solve: Result<AsSolve, NotationError>,
}

/// What a sequence in any WCA notation does to the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsSolve {
    /// Every face shows one colour after it (in any orientation).
    pub solves: bool,
    /// Its face turns, counted in the half-turn metric (rotations free).
    pub face_turns: usize,
    /// When it does not solve: the last turns of U and D that would (`U`, `U2 D'`),
    /// as alg sheets leave the AUF (and for EG and PBL the bottom layer's
    /// adjustment) to the solver.
    pub adjustment: Option<String>,
}

/// The fewest quarter turns of U and D (U alone first) after which every face of `s`
/// shows one colour: "solves up to AUF", or up to AUF and the D layer's adjustment.
fn adjustment(s: &Stickers) -> Option<String> {
    const TURNS: [&str; 4] = ["", "U", "U2", "U'"];
    const D_TURNS: [&str; 4] = ["", "D", "D2", "D'"];
    let quarters = |k: usize| if k == 2 { 2 } else { k.min(1) };
    let mut tries: Vec<(usize, usize)> = (0..4).flat_map(|u| (0..4).map(move |d| (u, d))).collect();
    tries.sort_by_key(|&(u, d)| (d != 0, quarters(u) + quarters(d)));
    tries.into_iter().skip(1).find_map(|(u, d)| {
        let text = [TURNS[u], D_TURNS[d]].join(" ");
        let seq = text.trim().parse::<WcaSequence>().ok()?;
        each_face_one_colour(&seq.apply(s)).then(|| text.trim().to_string())
    })
}

impl Checked {
    /// The line that says what the claim does as a solve.
    pub fn as_solve_line(&self) -> String {
        let optimal = self.optimal;
        let turns = |n: usize| match n {
            1 => "1 face turn".to_string(),
            n => format!("{n} face turns"),
        };
        match &self.as_solve {
            Err(e) => format!("as a solve: not read as WCA moves: {e}"),
            Ok(AsSolve {
                adjustment: Some(adjust),
                face_turns,
                ..
            }) => {
                let up_to = match adjust.contains('D') {
                    true => "AUF and the D layer's adjustment",
                    false => "AUF",
                };
                format!(
                    "as a solve: it solves the cube up to {up_to} ({adjust} after it), in {}",
                    turns(*face_turns)
                )
            }
            Ok(a) if !a.solves => "as a solve: it does not solve the cube".to_string(),
            Ok(a) if a.face_turns == optimal => {
                format!(
                    "as a solve: it solves the cube in {}, optimal",
                    turns(a.face_turns)
                )
            }
            Ok(a) => format!(
                "as a solve: it solves the cube in {}, {} more than optimal ({optimal})",
                turns(a.face_turns),
                a.face_turns.saturating_sub(optimal)
            ),
        }
    }
}

/// Whether every face of `s` shows one colour.
fn each_face_one_colour(s: &Stickers) -> bool {
    const FACES: [[usize; 4]; 6] = [
        [0, 1, 2, 3],
        [4, 5, 12, 13],
        [6, 7, 14, 15],
        [8, 9, 16, 17],
        [10, 11, 18, 19],
        [20, 21, 22, 23],
    ];
    FACES.iter().all(|f| f.iter().all(|&p| s.0[p] == s.0[f[0]]))
}

impl CheckRequest {
    /// Judge the claim; a state that is not a cube is a usage error.
    pub fn run(&self) -> Result<Checked, RequestError> {
        let cube = self
            .state
            .parse::<Stickers>()
            .and_then(|s| s.to_cube())
            .map_err(|e| RequestError::Usage(message!("invalid state: {e}")))?;
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
        let stickers = self
            .state
            .parse::<Stickers>()
            .map_err(|e| RequestError::Usage(message!("invalid state: {e}")))?;
        let as_solve = self.solution.parse::<WcaSequence>().map(|seq| {
            let after = seq.apply(&stickers);
            let solves = each_face_one_colour(&after);
            AsSolve {
                solves,
                face_turns: seq.face_turns(),
                adjustment: (!solves).then(|| adjustment(&after)).flatten(),
            }
        });
        Ok(Checked {
            optimal,
            verdict,
            as_solve,
        })
    }
}
