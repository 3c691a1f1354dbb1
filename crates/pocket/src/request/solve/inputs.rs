//! The inputs of a `solve` request taken out of it, and the options about them
//! checked: states, move sequences, or states each turned by one sequence; apart
//! from answering them, as the cube and defined puzzles both take them so.

use super::RawSolve;
use super::request::Inputs;
use crate::request::words::opts::*;
use crate::request::{Message, message};

/// The inputs of a request, taken out of its raw arguments.
pub(super) struct Taken {
    /// The states or sequences given, and which.
    pub(super) taken: Inputs,
    /// With states, the one sequence that turns each of them before it is solved.
    pub(super) then: Option<String>,
}

/// Take the inputs out of `a`, refusing options about them that do not go together.
pub(super) fn take_inputs(a: &mut RawSolve) -> Result<Taken, Message> {
    // `pocket solve UUUU RLFB ...`: one state cut into arguments at its spaces.
    let pieces: usize = a.states.iter().map(|s| s.trim().len()).sum();
    if a.states.len() > 1 && a.states.iter().all(|s| s.len() < 24) && pieces % 24 == 0 {
        return Err(message!(
            "{} arguments of fewer than 24 characters, {pieces} in all: a state typed with \
             spaces must be quoted, e.g. pocket solve \"{}\"",
            a.states.len(),
            a.states.join(" ")
        ));
    }
    if a.moves.iter().any(|m| m == "-") && a.moves.len() > 1 {
        return Err(message!(
            "{MOVES} - reads standard input and cannot be mixed with sequences"
        ));
    }
    if a.count && a.all {
        return Err(message!(
            "give {COUNT} or {ALL}, not both ({ALL_WITH_COUNT} gives both)"
        ));
    }
    if a.lines && !a.all {
        return Err(message!(
            "{LINES} puts each solution of {ALL} on a line of its own: give {ALL} too"
        ));
    }
    if a.lines && a.json {
        return Err(message!(
            "{LINES} is for text: with {JSON} the solutions are the list \"solutions\""
        ));
    }
    if !a.moves.is_empty() && !a.states.is_empty() {
        // The states given, each turned by the sequence: "solve my cube after R U".
        let [then] = std::mem::take(&mut a.moves).try_into().map_err(|_| {
            message!("with states, give one {MOVES} sequence (it turns each state before solving)")
        })?;
        if then == "-" {
            return Err(message!(
                "{MOVES} - reads sequences from standard input: give no states"
            ));
        }
        return Ok(Taken {
            taken: Inputs {
                given: std::mem::take(&mut a.states),
                sequences: false,
            },
            then: Some(then),
        });
    }
    if !a.moves.is_empty() {
        let mut given = std::mem::take(&mut a.moves);
        given.retain(|m| m != "-");
        return Ok(Taken {
            taken: Inputs {
                given,
                sequences: true,
            },
            then: None,
        });
    }
    Ok(Taken {
        taken: Inputs {
            given: std::mem::take(&mut a.states),
            sequences: false,
        },
        then: None,
    })
}
