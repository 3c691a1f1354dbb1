//! `pocket check`: a claimed solution judged by the challenge's rules.

use std::io::{self, Write};

use argh::FromArgs;

use crate::challenge::check::{CheckError, check};
use crate::cube::solver::PocketSolver;
use crate::model::cost::Metric;
use crate::model::paste::{is_pasted_solution, normalise};
use crate::model::stickers::Stickers;

use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE};

#[derive(FromArgs, Debug)]
/// Judge a claimed solution by the challenge's rules.
#[argh(
    subcommand,
    name = "check",
    example = "pocket check UUUURLFBLRBFLLFFRRBBDDDD \"F2 U' F U R U2 R U' R' F R'\"",
    example = "pocket check -- UUUUFFRRBBLLLLFFRRBBDDDD \"(U')\"",
    note = "Rules: only R R' R2 U U' U2 F F' F2, separated by one space or none, optionally \
            wrapped in one pair of round, square or curly brackets, \"\", '' or ^^; no two consecutive moves on one \
            face; pasted forms ([R, U], [F: R U], R′, R3, comments, links) are read as the moves \
            they stand for, by the same rules; fewer than 30 moves; the cube must end solved. Prints the length, the \
            optimal length and the bonuses earned (optimal, under 20). Exit status: 0 valid, \
            1 not valid, 2 usage error or invalid state."
)]
pub(super) struct CheckArgs {
    /// the state, 24 stickers
    #[argh(positional)]
    state: String,
    /// the claimed solution
    #[argh(positional)]
    solution: String,
    /// print the verdict as one JSON object
    #[argh(switch)]
    json: bool,
}

pub(super) fn cmd_check(a: CheckArgs) -> io::Result<u8> {
    let cube = match a.state.parse::<Stickers>().and_then(|s| s.to_cube()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("pocket: invalid state: {e}");
            return Ok(EXIT_USAGE);
        }
    };
    let optimal = PocketSolver::new(Metric::Htm).solve(&cube).len();
    let mut out = io::stdout().lock();
    // A pasted form ([R, U], R′, a link) is judged as the moves it stands for, by the
    // same rules (no face twice in a row).
    let solution = if is_pasted_solution(&a.solution) {
        normalise(&a.solution)
    } else {
        Ok(a.solution.clone())
    };
    let verdict = solution
        .map_err(|e| CheckError::Notation {
            at: e.at,
            what: e.what,
        })
        .and_then(|s| check(&cube, &s, optimal));
    if a.json {
        let mut v = serde_json::json!({
            "input": a.state,
            "solution": a.solution,
            "valid": verdict.is_ok(),
            "optimal": optimal,
        });
        match &verdict {
            Ok(verdict) => {
                v["length"] = verdict.length.into();
                v["moves"] = verdict.alg.names().into();
                v["is_optimal"] = verdict.is_optimal().into();
                v["under_20"] = verdict.under_20().into();
            }
            Err(e) => v["error"] = e.to_string().into(),
        }
        writeln!(out, "{v}")?;
    } else {
        match &verdict {
            Ok(v) => writeln!(out, "{v}")?,
            Err(e) => writeln!(out, "invalid: {e} (optimal is {optimal})")?,
        }
    }
    Ok(if verdict.is_ok() {
        EXIT_OK
    } else {
        EXIT_BAD_INPUT
    })
}
