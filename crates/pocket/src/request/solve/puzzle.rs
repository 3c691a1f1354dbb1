//! `pocket solve --puzzle`: a request for a defined puzzle checked and answered,
//! by the bidirectional search, IDA*, seed 001's three steps (`--method magic`) or
//! Reid's method; apart from the cube's requests.

use super::request::{Inputs, PuzzleTarget};
use super::{Answered, Method, Streams, cores, feed};
use crate::puzzle::{DeepSolver, MagicMethod, ReidSolver};
use crate::request::batch::{PuzzleSubject, answer_items};
use crate::request::deep::DeepSubject;
use crate::request::magic::MagicAnswers;
use crate::request::reid::ReidSubject;
use crate::request::words::opts::*;
use crate::request::{Message, message};
use crate::request::{RequestError, load_puzzle};

/// A defined puzzle's answers are written one by one: one state may take
/// milliseconds and the next minutes (a hard 3x3x3), and what is done must be out
/// before the long search starts (issue 61).
const ONE_BY_ONE: usize = 1;

/// `pocket solve --puzzle`: the same answers, for a defined puzzle.
pub(super) fn solve_puzzle(
    a: &PuzzleTarget,
    inputs: &Inputs,
    streams: &mut Streams<'_, '_>,
) -> Result<Answered, RequestError> {
    let name = a.name.as_str();
    let puzzle = load_puzzle(name, a.cost.as_deref())?;
    let printer = streams.printer;
    let space = match a.method {
        Method::Ida => None,
        _ => Some(puzzle.space(true)),
    };
    let refused = match space {
        Some(Ok(space)) => {
            let mut subject = PuzzleSubject {
                puzzle: &puzzle,
                space: &space,
                solver: space.solver(),
                moves_input: inputs.sequences,
                fallback: (a.method != Method::Bidir && !puzzle.weighted()).then_some((
                    a.memory
                        .unwrap_or(crate::puzzle::spaces::space::DEFAULT_MEMORY),
                    cores(),
                    None,
                )),
            };
            return Ok(feed(
                streams,
                &inputs.given,
                inputs.sequences,
                ONE_BY_ONE,
                &mut |items, text, _| answer_items(printer, &mut subject, items, text),
            )?);
        }
        Some(Err(e)) if puzzle.weighted() => {
            return Err(RequestError::Input(weighted_refusal(
                name,
                &e.to_string(),
                a,
            )));
        }
        Some(Err(e)) if a.method == Method::Bidir => {
            return Err(RequestError::Input(message!("puzzle {name}: {e}")));
        }
        Some(Err(e)) => Some(e),
        None => None,
    };
    let memory = a
        .memory
        .unwrap_or(crate::puzzle::spaces::space::DEFAULT_MEMORY);
    (streams.note)(&format!(
        "{name}: {}; solving by IDA* over pattern databases of at most {} MB (--memory), \
         built first{}",
        match &refused {
            Some(_) if !puzzle.barred.is_empty() => "it bars positions, which IDA* alone follows",
            Some(_) => "too large for the bidirectional search",
            None => "asked for IDA*",
        },
        memory >> 20,
        if ReidSolver::takes(&puzzle) {
            " (a state far from solved: --method reid is far faster)"
        } else {
            ""
        }
    ));
    let solver = DeepSolver::new(&puzzle, memory, cores()).map_err(|e| {
        RequestError::Input(match &refused {
            Some(first) => {
                // Without its advice to try IDA*, which has just said why it cannot.
                let first = first.to_string();
                let first = first.split("; what pocket does with").next().unwrap_or("");
                message!("puzzle {name}: {first}; and {e}")
            }
            None => message!("puzzle {name}: {e}"),
        })
    })?;
    (streams.note)(&format!("{name}: {}", solver.describe()));
    let mut subject = DeepSubject {
        puzzle: &puzzle,
        solver,
        moves_input: inputs.sequences,
    };
    Ok(feed(
        streams,
        &inputs.given,
        inputs.sequences,
        ONE_BY_ONE,
        &mut |items, text, _| answer_items(printer, &mut subject, items, text),
    )?)
}

/// Why a puzzle with costs is not solved: the bidirectional search's refusal,
/// without its advice to try IDA*, which counts moves and so cannot take the costs.
fn weighted_refusal(name: &str, refusal: &str, a: &PuzzleTarget) -> Message {
    let refusal = ["; what pocket does with", "; `pocket solve --puzzle`"]
        .iter()
        .fold(refusal, |r, advice| r.split(advice).next().unwrap_or(r));
    let costs = match a.cost {
        Some(_) => message!("IDA* counts moves: without {COST} it solves this puzzle"),
        None => Message::plain(
            "its moves have costs, which only the bidirectional search counts \
             (IDA* counts moves)",
        ),
    };
    message!("puzzle {name}: {refusal}; {costs}")
}

/// `pocket solve --puzzle 3x3x3 --method magic`: one line a state, its three steps.
pub(super) fn solve_magic(
    a: &PuzzleTarget,
    inputs: &Inputs,
    streams: &mut Streams<'_, '_>,
) -> Result<Answered, RequestError> {
    let name = a.name.as_str();
    let puzzle = load_puzzle(name, None)?;
    let method = MagicMethod::new(&puzzle)
        .map_err(|e| RequestError::Input(message!("puzzle {name}: {e}")))?;
    let answers = MagicAnswers::new(&method, inputs.sequences);
    let printer = streams.printer;
    Ok(feed(
        streams,
        &inputs.given,
        inputs.sequences,
        usize::MAX,
        &mut |items, text, _| answers.batch(printer, items, text),
    )?)
}

/// `pocket solve --puzzle 3x3x3 --method reid`: optimal solutions by Reid's method.
pub(super) fn solve_reid(
    a: &PuzzleTarget,
    inputs: &Inputs,
    streams: &mut Streams<'_, '_>,
) -> Result<Answered, RequestError> {
    let name = a.name.as_str();
    let puzzle = load_puzzle(name, None)?;
    if !ReidSolver::takes(&puzzle) {
        return Err(RequestError::Usage(message!(
            "{METHOD} reid solves the 3x3x3: give {PUZZLE} 3x3x3 ({name} is another puzzle)"
        )));
    }
    let memory = a
        .memory
        .unwrap_or(crate::puzzle::spaces::space::DEFAULT_MEMORY);
    (streams.note)(&format!(
        "{name}: Reid's tables within {} MB (--memory), built at the first state not \
         solved (the larger take over a minute on two cores), once",
        memory >> 20
    ));
    let solver = ReidSolver::new(&puzzle, memory, cores())
        .map_err(|e| RequestError::Input(message!("puzzle {name}: {e}")))?;
    (streams.note)(&format!("{name}: {}", solver.describe()));
    let mut subject = ReidSubject {
        puzzle: &puzzle,
        solver,
        moves_input: inputs.sequences,
    };
    let printer = streams.printer;
    Ok(feed(
        streams,
        &inputs.given,
        inputs.sequences,
        ONE_BY_ONE,
        &mut |items, text, _| answer_items(printer, &mut subject, items, text),
    )?)
}
