//! `pocket check`: a claimed solution judged by the challenge's rules.

use std::io::{self, Write};

use argh::FromArgs;

use pocket::request::check::{CheckRequest, Checked};

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
            optimal length and the bonuses earned (optimal, under 20). A second line says what \
            the sequence does as a cuber means it: any WCA moves (U D L R F B, rotations \
            x y z, wide turns, which on a 2x2 only turn the whole cube), whether it leaves \
            every face one colour, and its face turns against the optimum; one that leaves \
            only a U turn (the AUF alg sheets leave out, or with EG and PBL a D turn too) \
            says it solves up to AUF and which turns finish it (JSON: solves_up_to). \
            Exit status \
            (--rules challenge, the default): 0 valid, 1 not valid; with --rules solve: 0 \
            when it solves the cube, 1 when not; 2 usage error or invalid state."
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
    /// what the exit status says: challenge (default: valid by the challenge's rules)
    /// or solve (the sequence solves the cube, in any WCA notation)
    #[argh(option, default = "Rules::Challenge")]
    rules: Rules,
}

/// Which verdict the exit status carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rules {
    Challenge,
    Solve,
}

impl std::str::FromStr for Rules {
    type Err = String;
    fn from_str(s: &str) -> Result<Rules, String> {
        match s {
            "challenge" => Ok(Rules::Challenge),
            "solve" => Ok(Rules::Solve),
            _ => Err(format!(
                "unknown rules '{}': challenge or solve",
                pocket::model::stickers::escape_text(s)
            )),
        }
    }
}

pub(super) fn cmd_check(a: CheckArgs) -> io::Result<u8> {
    let request = CheckRequest {
        state: a.state,
        solution: a.solution,
    };
    let checked = match request.run() {
        Ok(checked) => checked,
        // The challenge's rule: a state that is not a cube is exit 2.
        Err(e) => {
            eprintln!("pocket: {e}");
            return Ok(EXIT_USAGE);
        }
    };
    let Checked {
        optimal,
        verdict,
        as_solve,
    } = &checked;
    let optimal = *optimal;
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
        match as_solve {
            Ok(s) => {
                v["solves"] = s.solves.into();
                v["face_turns"] = s.face_turns.into();
                if let Some(adjust) = &s.adjustment {
                    v["solves_up_to"] = adjust.as_str().into();
                }
            }
            Err(e) => v["notation_error"] = e.to_string().into(),
        }
        writeln!(out, "{v}")?;
    } else {
        match &verdict {
            Ok(v) => writeln!(out, "{v}")?,
            Err(e) => writeln!(out, "invalid: {e} (optimal is {optimal})")?,
        }
        writeln!(out, "{}", checked.as_solve_line())?;
    }
    let passed = match a.rules {
        Rules::Challenge => verdict.is_ok(),
        Rules::Solve => as_solve.as_ref().is_ok_and(|s| s.solves),
    };
    Ok(if passed { EXIT_OK } else { EXIT_BAD_INPUT })
}
