//! A front end's raw `solve` arguments ([`RawSolve`], one field per option as
//! `pocket solve` takes them) and the one `TryFrom` that checks them together into a
//! typed [`SolveRequest`], as ripgrep's LowArgs become HiArgs. Every refusal about
//! the options alone is here, in the order a user meets them; a refusal is the
//! usage error's message, in each front end's words.

use super::Method;
use super::inputs::take_inputs;
use super::request::{CubeTarget, Form, Inputs, PuzzleTarget, SolveRequest, Target};
use crate::cube::picture::Style;
use crate::model::cost::{Costs, Metric};
use crate::model::goal::Goal;
use crate::model::moves::Move;
use crate::model::notation::{Layout, WcaSequence};
use crate::request::batch::Want;
use crate::request::words::opts::*;
use crate::request::{Message, RequestError, message};

/// What a `solve` asks, option by option as `pocket solve` takes them, unchecked.
#[derive(Debug, Default)]
pub struct RawSolve {
    /// The metric minimised.
    pub metric: Metric,
    /// Moves without spaces.
    pub compact: bool,
    /// Every optimal solution.
    pub all: bool,
    /// Only the number of optimal solutions.
    pub count: bool,
    /// With `all`, one solution per line (and an empty line after each state's).
    pub lines: bool,
    /// Say so when a state is solved already (a terminal's reader sees an empty line
    /// as nothing; a program reading the challenge's format expects it empty).
    pub mark_solved: bool,
    /// How to search.
    pub method: Method,
    /// Move costs instead of a metric (`--cost`).
    pub cost: Option<String>,
    /// Move sequences to solve the positions of (`--moves`; `-` for the front end's
    /// own input).
    pub moves: Vec<String>,
    /// The facelet order of states and goals.
    pub layout: Layout,
    /// The moves turned (`--gen`), when not all nine.
    pub generators: Option<Vec<Move>>,
    /// A goal pattern to solve to instead of solved.
    pub goal: Option<String>,
    /// A defined puzzle instead of the cube.
    pub puzzle: Option<String>,
    /// The memory IDA*'s tables may take, in bytes (`--memory`, with a puzzle).
    pub memory: Option<u64>,
    /// One JSON object per input.
    pub json: bool,
    /// Draw each state, in this style.
    pub show: Option<Style>,
    /// With `show`, draw the cube after every move too.
    pub steps: bool,
    /// The states (none: the front end's own input).
    pub states: Vec<String>,
}

impl TryFrom<RawSolve> for SolveRequest {
    type Error = RequestError;

    fn try_from(raw: RawSolve) -> Result<SolveRequest, RequestError> {
        checked(raw).map_err(RequestError::Usage)
    }
}

fn checked(mut a: RawSolve) -> Result<SolveRequest, Message> {
    let target = match a.puzzle.take() {
        Some(name) => {
            let inputs = take_inputs(&mut a)?;
            if inputs.then.is_some() {
                return Err(message!("{PUZZLE} takes states or {MOVES}, not both"));
            }
            let target = puzzle_target(&a, name)?;
            return Ok(SolveRequest {
                target: Target::Puzzle(target),
                want: want(&a),
                form: form(&a),
                inputs: inputs.taken,
            });
        }
        None => cube_target(&mut a)?,
    };
    let (target, inputs) = target;
    Ok(SolveRequest {
        target: Target::Cube(target),
        want: want(&a),
        form: form(&a),
        inputs,
    })
}

fn want(a: &RawSolve) -> Want {
    match (a.all, a.count) {
        (true, _) => Want::All,
        (false, true) => Want::Count,
        _ => Want::First,
    }
}

fn form(a: &RawSolve) -> Form {
    Form {
        json: a.json,
        compact: a.compact,
        lines: a.lines,
        mark_solved: a.mark_solved,
        show: a.show.map(|style| (style, a.steps)),
    }
}

/// The cube's options checked: its target, and its inputs taken.
fn cube_target(a: &mut RawSolve) -> Result<(CubeTarget, Inputs), Message> {
    cube_refuses_method(a)?;
    let inputs = take_inputs(a)?;
    let then = inputs
        .then
        .map(|t| t.parse::<WcaSequence>())
        .transpose()
        .map_err(|e| message!("{MOVES}: {e}"))?;
    let moves_input = inputs.taken.sequences;
    if a.steps && a.show.is_none() {
        return Err(message!("{STEPS} draws the steps of {SHOW}: give both"));
    }
    if a.show.is_some() && a.json {
        return Err(message!(
            "{SHOW} draws pictures, which {JSON} has no room for"
        ));
    }
    // Options that would change nothing are refused, never ignored.
    if a.compact && a.count && !a.json {
        return Err(message!(
            "{COUNT} prints only the number of solutions: {COMPACT} has nothing to write"
        ));
    }
    if moves_input && a.layout != Layout::Golf && !a.json && a.goal.is_none() {
        return Err(message!(
            "{LAYOUT} is how states are written: with {MOVES} it applies to {GOAL} and to \
                    the \"state\" of {JSON} only"
        ));
    }
    let costs = read_costs(a.cost.as_deref(), a.metric)?;
    if costs.is_some() && a.method == Method::Table {
        return Err(message!(
            "{COST} needs the search ({METHOD} auto or bidir): the table knows only the metrics"
        ));
    }
    if a.generators.is_some() && a.method == Method::Table {
        return Err(message!(
            "{GEN} needs the search ({METHOD} auto or bidir): the table knows all nine moves only"
        ));
    }
    // A goal is written like the states, in their layout.
    let goal = a
        .goal
        .as_deref()
        .map(Goal::parse)
        .transpose()
        .map_err(|e| e.to_string())?
        .map(|g| g.in_net_order(a.layout));
    if goal.is_some() && a.method == Method::Table {
        return Err(message!(
            "{GOAL} needs the search ({METHOD} auto or bidir): the table knows only solved"
        ));
    }
    let target = CubeTarget {
        method: a.method,
        metric: a.metric,
        costs,
        generators: a.generators.take(),
        goal,
        layout: a.layout,
        then,
    };
    Ok((target, inputs.taken))
}

/// The methods and options of defined puzzles, refused for the cube.
fn cube_refuses_method(a: &RawSolve) -> Result<(), Message> {
    let refusal = match a.method {
        Method::Magic => message!(
            "{METHOD} magic solves the 3x3x3 by seed 001's three steps: give {PUZZLE} 3x3x3 \
             (the 2x2x2 is solved optimally)"
        ),
        Method::Reid => message!("{METHOD} reid solves the 3x3x3: give {PUZZLE} 3x3x3"),
        Method::Ida => message!(
            "{METHOD} ida solves a defined puzzle: give {PUZZLE} (the cube's own searches \
             are faster)"
        ),
        _ if a.memory.is_some() => {
            message!("{MEMORY} is the budget of IDA*'s tables for a defined puzzle: give {PUZZLE}")
        }
        _ => return Ok(()),
    };
    Err(refusal)
}

/// The move costs a request gives, read and checked against its metric: the one
/// wording of these refusals for every front end (`--cost` on the command line,
/// `cost=` in a link, `cost` in Python).
fn read_costs(cost: Option<&str>, metric: Metric) -> Result<Option<Costs>, Message> {
    let costs = cost
        .map(str::parse::<Costs>)
        .transpose()
        .map_err(|e| message!("bad {COST}: {e}"))?;
    if costs.is_some() && metric != Metric::Htm {
        return Err(message!("{COST} replaces {METRIC}: give one of them"));
    }
    Ok(costs)
}

/// A puzzle's options checked, as its method takes them.
fn puzzle_target(a: &RawSolve, name: String) -> Result<PuzzleTarget, Message> {
    let refused = match a.method {
        Method::Magic => cube_only_option(a)
            .or_else(|| magic_refuses(a))
            .map(|what| message!("{METHOD} magic does not take {what}")),
        Method::Reid => cube_only_option(a)
            .or_else(|| reid_refuses(a))
            .map(|what| message!("{METHOD} reid does not take {what}")),
        _ => cube_only_option(a)
            .map(|what| message!("{PUZZLE} does not take {what}"))
            .or_else(|| engine_refuses(a)),
    };
    if let Some(refusal) = refused {
        return Err(refusal);
    }
    Ok(PuzzleTarget {
        name,
        method: a.method,
        memory: a.memory,
        cost: a.cost.clone(),
    })
}

/// The cube's options that make no sense for a defined puzzle, if any was given.
fn cube_only_option(a: &RawSolve) -> Option<Message> {
    [
        (
            a.generators.is_some(),
            message!("{GEN} (a puzzle turns the moves of its definition)"),
        ),
        (
            a.goal.is_some(),
            message!("{GOAL} (a goal is a pattern on the cube's net)"),
        ),
        (
            a.method == Method::Table,
            message!("{METHOD} table (a puzzle has no dense table)"),
        ),
        (
            a.metric != Metric::Htm,
            message!("{METRIC} (a puzzle counts its moves, or its costs with {COST})"),
        ),
        (
            a.layout != Layout::Golf,
            message!("{LAYOUT} (a puzzle's stickers are in its definition's order)"),
        ),
        (
            a.show.is_some() || a.steps,
            message!("{SHOW} and {STEPS} (the pictures are of the cube)"),
        ),
    ]
    .into_iter()
    .find_map(|(given, what)| given.then_some(what))
}

/// What the bidirectional search and IDA* do not take.
fn engine_refuses(a: &RawSolve) -> Option<Message> {
    if a.method == Method::Ida && a.cost.is_some() {
        return Some(message!(
            "{METHOD} ida counts moves: it does not take {COST}"
        ));
    }
    if a.method == Method::Bidir && a.memory.is_some() {
        return Some(message!(
            "{MEMORY} is the budget of IDA*'s tables: {METHOD} bidir has none"
        ));
    }
    None
}

/// What seed 001's three steps do not take.
fn magic_refuses(a: &RawSolve) -> Option<Message> {
    [
        (
            a.all,
            message!("{ALL} (it finds one solution, not every optimal one)"),
        ),
        (a.count, message!("{COUNT} (it finds one solution)")),
        (
            a.memory.is_some(),
            message!("{MEMORY} (it keeps no tables)"),
        ),
        (a.cost.is_some(), message!("{COST} (it counts moves)")),
        (
            a.compact,
            message!("{COMPACT} (its moves are named with spaces)"),
        ),
    ]
    .into_iter()
    .find_map(|(given, what)| given.then_some(what))
}

/// What Reid's optimal solver does not take.
fn reid_refuses(a: &RawSolve) -> Option<Message> {
    [
        (a.all, message!("{ALL} (it finds one optimal solution)")),
        (a.count, message!("{COUNT} (it finds one optimal solution)")),
        (a.cost.is_some(), message!("{COST} (it counts moves)")),
    ]
    .into_iter()
    .find_map(|(given, what)| given.then_some(what))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::FrontEnd;

    #[test]
    fn raw_arguments_become_typed_parts() {
        let raw = RawSolve {
            all: true,
            json: true,
            puzzle: Some("3x3x3".into()),
            method: Method::Ida,
            moves: vec!["R U".into()],
            ..RawSolve::default()
        };
        let request = SolveRequest::try_from(raw).unwrap();
        assert_eq!(request.want, Want::All);
        assert!(request.form.json && !request.form.compact);
        assert!(request.inputs.sequences);
        assert_eq!(request.inputs.given, ["R U"]);
        let Target::Puzzle(puzzle) = request.target else {
            panic!("a puzzle's request");
        };
        assert_eq!(
            (puzzle.name.as_str(), puzzle.method),
            ("3x3x3", Method::Ida)
        );
    }

    #[test]
    fn a_refusal_names_the_options_in_each_front_ends_words() {
        let raw = || RawSolve {
            cost: Some("R=2".into()),
            method: Method::Table,
            ..RawSolve::default()
        };
        let error = SolveRequest::try_from(raw()).unwrap_err();
        assert!(matches!(error, RequestError::Usage(_)));
        let line = error.in_words(FrontEnd::CommandLine);
        assert!(
            line.starts_with("--cost needs the search (--method auto or bidir)"),
            "{line}"
        );
        let query = SolveRequest::try_from(raw())
            .unwrap_err()
            .in_words(FrontEnd::Query);
        assert!(
            query.starts_with("cost= needs the search (method="),
            "{query}"
        );
    }
}
