//! `pocket check`: a claimed solution judged by the challenge's rules.

use std::io::{self, Write};

use argh::FromArgs;

use crate::request::check::{CheckRequest, Checked};

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
    let request = CheckRequest {
        state: a.state,
        solution: a.solution,
    };
    let Checked { optimal, verdict } = match request.run() {
        Ok(checked) => checked,
        // The challenge's rule: a state that is not a cube is exit 2.
        Err(e) => {
            eprintln!("pocket: {e}");
            return Ok(EXIT_USAGE);
        }
    };
    let mut out = io::stdout().lock();
    if a.json {
        let mut v = serde_json::json!({
            "input": request.state,
            "solution": request.solution,
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
