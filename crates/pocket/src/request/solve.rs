//! A `solve` request, decided in one place: the options checked together (a
//! refusal is the usage error's message), the inputs taken, and the solver chosen
//! (the table or the bidirectional search, on how many cores). The command line and
//! `pocket serve` both build a [`SolveRequest`] and run it through here, so they
//! answer alike; they only read and write.

use std::io;

use super::batch::{
    Answer, CubeInput, CubeSubject, Item, PuzzleSubject, Run, Solve, Tally, answer_arguments,
    answer_lines,
};
use super::deep::DeepSubject;
use super::magic::MagicAnswers;
use super::reid::ReidSubject;
use super::words::opts::*;
use super::{RequestError, load_puzzle};
use crate::cube::auto::{AutoSolver, LARGE_BATCH};
use crate::cube::picture::Style;
use crate::cube::solver::PocketSolver;
use crate::cube::table::TableSolver;
use crate::io::LineReader;
use crate::model::cost::{Costs, Metric};
use crate::model::goal::Goal;
use crate::model::moves::{Move, generators_name};
use crate::model::notation::{Layout, WcaSequence};
use crate::puzzle::{DeepSolver, MagicMethod, ReidSolver};

/// What a `solve` asks, option by option as `pocket solve` takes them.
#[derive(Debug, Default)]
pub struct SolveRequest {
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

/// A front end's own lines of input (standard input for the command line), read
/// when a request names no inputs of its own.
pub type Lines<'a> = LineReader<Box<dyn io::Read + 'a>>;

/// Where a request's answers go and its unnamed inputs come from: both the front
/// end's, handed in as values, so the request never calls back into it.
pub struct Streams<'a, 'b> {
    /// The lines read when the request names no inputs.
    pub lines: &'a mut Lines<'b>,
    /// Where the answer lines are written, in input order.
    pub out: &'a mut dyn io::Write,
    /// Hears what the front end may tell its user aside (which search a puzzle is
    /// solved by, before its tables are built).
    pub note: &'a mut dyn FnMut(&str),
}

/// What a request answered: its bad inputs, counted, and whether the inputs were
/// move sequences or states (for the summary line).
#[derive(Debug)]
pub struct Answered {
    pub tally: Tally,
    pub sequences: bool,
}

impl Answered {
    /// The exit status, and the summary line to show when some input was bad.
    pub fn finish(&self) -> (u8, Option<String>) {
        self.tally.finish(self.sequences)
    }
}

/// Answer `inputs` (none: the front end's lines) a part of at most `part` answers at
/// a time with `run`, writing as it goes.
fn feed(
    streams: &mut Streams<'_, '_>,
    inputs: &[String],
    sequences: bool,
    part: usize,
    run: &mut Run<'_>,
) -> io::Result<Answered> {
    let tally = match inputs.is_empty() {
        true => answer_lines(streams.lines, part, run, streams.out)?,
        false => answer_arguments(inputs, part, run, streams.out)?,
    };
    Ok(Answered { tally, sequences })
}

/// How `solve` searches: `auto` (the search for the first state, then the table),
/// `bidir` (only the search) or `table` (the table from the first state).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The search for the first state, then the table.
    #[default]
    Auto,
    /// Only the bidirectional search.
    Bidir,
    /// The table from the first state.
    Table,
    /// Seed 001's three steps for the 3x3x3 (not optimal).
    Magic,
    /// IDA* over pattern databases, for a defined puzzle (optimal; what `Auto` runs
    /// when the bidirectional search would not fit).
    Ida,
    /// Reid's optimal 3x3x3 solver: IDA* over the two-phase algorithm's first-phase
    /// table on three axes.
    Reid,
}

impl std::str::FromStr for Method {
    type Err = String;

    fn from_str(s: &str) -> Result<Method, String> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(Method::Auto),
            "bidir" | "bidirectional" => Ok(Method::Bidir),
            "table" => Ok(Method::Table),
            "magic" => Ok(Method::Magic),
            "ida" | "ida*" => Ok(Method::Ida),
            "reid" => Ok(Method::Reid),
            _ => Err(format!(
                "unknown method '{s}' (expected auto, bidir, table, magic, ida or reid)"
            )),
        }
    }
}

impl SolveRequest {
    /// How each answer is written, as the request asks.
    fn answer(&self) -> Answer {
        Answer {
            compact: self.compact,
            all: self.all,
            count: self.count,
            json: self.json,
            lines: self.lines,
            mark_solved: self.mark_solved,
        }
    }

    /// What the request reads from the front end's own lines, if it names no inputs:
    /// `"states"` or `"move sequences"` (a front end may say so before it waits).
    pub fn reads_lines(&self) -> Option<&'static str> {
        if !self.states.is_empty() {
            return None;
        }
        match self.moves.is_empty() {
            true => Some("states"),
            false => self
                .moves
                .iter()
                .all(|m| m == "-")
                .then_some("move sequences"),
        }
    }
}

/// The puzzle options that make no sense for a defined puzzle, if any was given.
fn cube_only_option(a: &SolveRequest) -> Option<String> {
    [
        (
            a.generators.is_some(),
            format!("{GEN} (a puzzle turns the moves of its definition)"),
        ),
        (
            a.goal.is_some(),
            format!("{GOAL} (a goal is a pattern on the cube's net)"),
        ),
        (
            a.method == Method::Table,
            format!("{METHOD} table (a puzzle has no dense table)"),
        ),
        (
            a.metric != Metric::Htm,
            format!("{METRIC} (a puzzle counts its moves, or its costs with {COST})"),
        ),
        (
            a.layout != Layout::Golf,
            format!("{LAYOUT} (a puzzle's stickers are in its definition's order)"),
        ),
        (
            a.show.is_some() || a.steps,
            format!("{SHOW} and {STEPS} (the pictures are of the cube)"),
        ),
    ]
    .into_iter()
    .find_map(|(given, what)| given.then(|| what.to_string()))
}

/// Answers held at once when each may be long (`--all`, pictures): 256 answers of
/// the 694 optimal QTM solutions of one position are 8 MB; a batch of 20,000 of
/// them held whole took 292 MB.
const LONG_ANSWERS: usize = 256;

/// A defined puzzle's answers are written one by one: one state may take
/// milliseconds and the next minutes (a hard 3x3x3), and what is done must be out
/// before the long search starts (issue 61).
const ONE_BY_ONE: usize = 1;

/// How many answers `answer` may hold before writing them.
fn part_size(answer: &Answer, pictures: bool) -> usize {
    if answer.all || pictures {
        LONG_ANSWERS
    } else {
        usize::MAX
    }
}

/// `pocket solve --puzzle`: the same answers, for a defined puzzle.
fn solve_puzzle(
    a: &SolveRequest,
    name: &str,
    inputs: &Inputs,
    answer: Answer,
    streams: &mut Streams<'_, '_>,
) -> Result<Answered, RequestError> {
    if let Some(what) = cube_only_option(a) {
        return Err(RequestError::Usage(format!(
            "{PUZZLE} does not take {what}"
        )));
    }
    if a.method == Method::Ida && a.cost.is_some() {
        return Err(RequestError::Usage(format!(
            "{METHOD} ida counts moves: it does not take {COST}"
        )));
    }
    if a.method == Method::Bidir && a.memory.is_some() {
        return Err(RequestError::Usage(format!(
            "{MEMORY} is the budget of IDA*'s tables: {METHOD} bidir has none"
        )));
    }
    let puzzle = load_puzzle(name, a.cost.as_deref())?;
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
                &mut |items, text, _| answer.batch(&mut subject, items, text),
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
            return Err(RequestError::Input(format!("puzzle {name}: {e}")));
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
                format!("puzzle {name}: {first}; and {e}")
            }
            None => format!("puzzle {name}: {e}"),
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
        &mut |items, text, _| answer.batch(&mut subject, items, text),
    )?)
}

/// Why a puzzle with costs is not solved: the bidirectional search's refusal,
/// without its advice to try IDA*, which counts moves and so cannot take the costs.
fn weighted_refusal(name: &str, refusal: &str, a: &SolveRequest) -> String {
    let refusal = ["; what pocket does with", "; `pocket solve --puzzle`"]
        .iter()
        .fold(refusal, |r, advice| r.split(advice).next().unwrap_or(r));
    let costs = match a.cost {
        Some(_) => format!("IDA* counts moves: without {COST} it solves this puzzle"),
        None => "its moves have costs, which only the bidirectional search counts \
                 (IDA* counts moves)"
            .to_string(),
    };
    format!("puzzle {name}: {refusal}; {costs}")
}

/// `pocket solve --puzzle 3x3x3 --method magic`: one line a state, its three steps.
fn solve_magic(
    a: &SolveRequest,
    name: &str,
    inputs: &Inputs,
    streams: &mut Streams<'_, '_>,
) -> Result<Answered, RequestError> {
    if let Some(what) = cube_only_option(a).or_else(|| magic_refuses(a)) {
        return Err(RequestError::Usage(format!(
            "{METHOD} magic does not take {what}"
        )));
    }
    let puzzle = load_puzzle(name, None)?;
    let method = MagicMethod::new(&puzzle)
        .map_err(|e| RequestError::Input(format!("puzzle {name}: {e}")))?;
    let answers = MagicAnswers {
        method: &method,
        moves_input: inputs.sequences,
        json: a.json,
        errors: a.answer(),
    };
    Ok(feed(
        streams,
        &inputs.given,
        inputs.sequences,
        usize::MAX,
        &mut |items, text, _| answers.batch(items, text),
    )?)
}

/// `pocket solve --puzzle 3x3x3 --method reid`: optimal solutions by Reid's method.
fn solve_reid(
    a: &SolveRequest,
    name: &str,
    inputs: &Inputs,
    streams: &mut Streams<'_, '_>,
) -> Result<Answered, RequestError> {
    let refused = cube_only_option(a).or_else(|| {
        [
            (a.all, format!("{ALL} (it finds one optimal solution)")),
            (a.count, format!("{COUNT} (it finds one optimal solution)")),
            (a.cost.is_some(), format!("{COST} (it counts moves)")),
        ]
        .into_iter()
        .find_map(|(given, what)| given.then_some(what))
    });
    if let Some(what) = refused {
        return Err(RequestError::Usage(format!(
            "{METHOD} reid does not take {what}"
        )));
    }
    let puzzle = load_puzzle(name, None)?;
    if !ReidSolver::takes(&puzzle) {
        return Err(RequestError::Usage(format!(
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
        .map_err(|e| RequestError::Input(format!("puzzle {name}: {e}")))?;
    (streams.note)(&format!("{name}: {}", solver.describe()));
    let mut subject = ReidSubject {
        puzzle: &puzzle,
        solver,
        moves_input: inputs.sequences,
    };
    let answer = a.answer();
    Ok(feed(
        streams,
        &inputs.given,
        inputs.sequences,
        ONE_BY_ONE,
        &mut |items, text, _| answer.batch(&mut subject, items, text),
    )?)
}

/// The options a magic solve has no use for: it finds one solution, not an optimal
/// one, and counts moves.
fn magic_refuses(a: &SolveRequest) -> Option<String> {
    [
        (
            a.all,
            format!("{ALL} (it finds one solution, not every optimal one)"),
        ),
        (a.count, format!("{COUNT} (it finds one solution)")),
        (a.memory.is_some(), format!("{MEMORY} (it keeps no tables)")),
        (a.cost.is_some(), format!("{COST} (it counts moves)")),
        (
            a.compact,
            format!("{COMPACT} (its moves are named with spaces)"),
        ),
    ]
    .into_iter()
    .find_map(|(given, what)| given.then_some(what))
}

/// A cube request, checked: what to answer, how, and with which solver. The command
/// line and `pocket serve` both run requests through it, so they answer alike.
pub struct Plan {
    pub inputs: Vec<String>,
    pub input: CubeInput,
    pub answer: Answer,
    pub method: Method,
    /// The bidirectional search with the request's moves and costs.
    pub bidir: PocketSolver,
    /// No --gen, --cost or --goal: the metric's table gives the same answers.
    pub plain: bool,
}

/// The inputs of a request, taken out of it.
struct Inputs {
    /// The states or sequences given (none: the front end's own input).
    given: Vec<String>,
    /// Whether they are move sequences (`--moves`) rather than states.
    sequences: bool,
    /// With states, the one sequence that turns each of them before it is solved.
    then: Option<String>,
}

fn take_inputs(a: &mut SolveRequest) -> Result<Inputs, String> {
    // `pocket solve UUUU RLFB ...`: one state cut into arguments at its spaces.
    let pieces: usize = a.states.iter().map(|s| s.trim().len()).sum();
    if a.states.len() > 1 && a.states.iter().all(|s| s.len() < 24) && pieces % 24 == 0 {
        return Err(format!(
            "{} arguments of fewer than 24 characters, {pieces} in all: a state typed with \
             spaces must be quoted, e.g. pocket solve \"{}\"",
            a.states.len(),
            a.states.join(" ")
        ));
    }
    if a.moves.iter().any(|m| m == "-") && a.moves.len() > 1 {
        return Err(format!(
            "{MOVES} - reads standard input and cannot be mixed with sequences"
        ));
    }
    if a.count && a.all {
        return Err(format!(
            "give {COUNT} or {ALL}, not both ({ALL_WITH_COUNT} gives both)"
        ));
    }
    if a.lines && !a.all {
        return Err(format!(
            "{LINES} puts each solution of {ALL} on a line of its own: give {ALL} too"
        ));
    }
    if a.lines && a.json {
        return Err(format!(
            "{LINES} is for text: with {JSON} the solutions are the list \"solutions\""
        ));
    }
    if !a.moves.is_empty() && !a.states.is_empty() {
        // The states given, each turned by the sequence: "solve my cube after R U".
        let [then] = std::mem::take(&mut a.moves).try_into().map_err(|_| {
            format!("with states, give one {MOVES} sequence (it turns each state before solving)")
        })?;
        if then == "-" {
            return Err(format!(
                "{MOVES} - reads sequences from standard input: give no states"
            ));
        }
        return Ok(Inputs {
            given: std::mem::take(&mut a.states),
            sequences: false,
            then: Some(then),
        });
    }
    if !a.moves.is_empty() {
        let mut given = std::mem::take(&mut a.moves);
        given.retain(|m| m != "-");
        return Ok(Inputs {
            given,
            sequences: true,
            then: None,
        });
    }
    Ok(Inputs {
        given: std::mem::take(&mut a.states),
        sequences: false,
        then: None,
    })
}

/// Check a cube request (not `--puzzle`): a refusal is a usage error.
pub fn plan(a: SolveRequest) -> Result<Plan, RequestError> {
    checked(a).map_err(RequestError::Usage)
}

fn checked(mut a: SolveRequest) -> Result<Plan, String> {
    let Inputs {
        given: inputs,
        sequences: moves_input,
        then,
    } = take_inputs(&mut a)?;
    let then = then
        .map(|t| t.parse::<WcaSequence>())
        .transpose()
        .map_err(|e| format!("{MOVES}: {e}"))?;
    if a.puzzle.is_some() {
        return Err(format!("a puzzle is answered by `pocket solve {PUZZLE}`"));
    }
    if a.steps && a.show.is_none() {
        return Err(format!("{STEPS} draws the steps of {SHOW}: give both"));
    }
    if a.show.is_some() && a.json {
        return Err(format!(
            "{SHOW} draws pictures, which {JSON} has no room for"
        ));
    }
    // Options that would change nothing are refused, never ignored.
    if a.compact && a.count && !a.json {
        return Err(format!(
            "{COUNT} prints only the number of solutions: {COMPACT} has nothing to write"
        ));
    }
    if moves_input && a.layout != Layout::Golf && !a.json && a.goal.is_none() {
        return Err(format!(
            "{LAYOUT} is how states are written: with {MOVES} it applies to {GOAL} and to \
                    the \"state\" of {JSON} only"
        ));
    }
    let costs = a
        .cost
        .as_deref()
        .map(str::parse::<Costs>)
        .transpose()
        .map_err(|e| format!("bad {COST}: {e}"))?;
    if costs.is_some() && a.metric != Metric::Htm {
        return Err(format!("{COST} replaces {METRIC}: give one of them"));
    }
    if costs.is_some() && a.method == Method::Table {
        return Err(format!(
            "{COST} needs the search ({METHOD} auto or bidir): the table knows only the metrics"
        ));
    }
    if a.generators.is_some() && a.method == Method::Table {
        return Err(format!(
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
        return Err(format!(
            "{GOAL} needs the search ({METHOD} auto or bidir): the table knows only solved"
        ));
    }
    let generators = a.generators.clone().unwrap_or_else(|| Move::ALL.to_vec());
    let bidir = match &costs {
        Some(c) => {
            PocketSolver::with_costs_in(c, &generators).map_err(|e| format!("bad {COST}: {e}"))
        }
        None => PocketSolver::with_moves(&generators, a.metric).map_err(|e| e.to_string()),
    }?;
    let plain = a.generators.is_none() && costs.is_none() && goal.is_none();
    let input = CubeInput {
        layout: a.layout,
        moves_input,
        then,
        metric: a.metric,
        costs,
        show: a.show.map(|style| (style, a.steps)),
        goal,
        reach_name: generators_name(a.generators.as_deref().unwrap_or(&Move::ALL)),
    };
    let answer = a.answer();
    Ok(Plan {
        inputs,
        input,
        answer,
        method: a.method,
        bidir,
        plain,
    })
}

/// One input answered alone: its line and how many optimal solutions it has, or
/// the error line.
pub type One = Result<(String, u64), String>;

impl Plan {
    /// Answer one input (its bytes as given) with `solver`.
    pub fn answer_one(&self, solver: impl Solve, raw: &[u8]) -> One {
        answer_with(&self.input, &self.answer, solver, raw)
    }

    /// Count one input's optimal solutions with `solver`, whatever the request
    /// asked: a front end that lists at most so many asks first.
    pub fn count_one(&self, solver: impl Solve, raw: &[u8]) -> One {
        let counting = Answer {
            all: false,
            count: true,
            ..self.answer
        };
        answer_with(&self.input, &counting, solver, raw)
    }

    /// Answer one input with the bidirectional search (moves, costs or a goal).
    pub fn answer_one_bidir(self, raw: &[u8]) -> One {
        answer_with(&self.input, &self.answer, self.bidir, raw)
    }
}

fn answer_with(input: &CubeInput, answer: &Answer, solver: impl Solve, raw: &[u8]) -> One {
    let mut subject = CubeSubject { input, solver };
    answer.one(&mut subject, raw)
}

/// Answer a `solve` request: its inputs (or, when it names none, the front end's
/// lines) in batches, each answer line written to the front end's output in input
/// order; what was answered comes back. Everything between, which solver and on how
/// many cores, is decided here, so the command line and the server answer alike.
pub fn run(mut a: SolveRequest, streams: &mut Streams<'_, '_>) -> Result<Answered, RequestError> {
    if let Some(name) = a.puzzle.clone() {
        let inputs = take_inputs(&mut a).map_err(RequestError::Usage)?;
        if inputs.then.is_some() {
            return Err(RequestError::Usage(format!(
                "{PUZZLE} takes states or {MOVES}, not both"
            )));
        }
        if a.method == Method::Magic {
            return solve_magic(&a, &name, &inputs, streams);
        }
        if a.method == Method::Reid {
            return solve_reid(&a, &name, &inputs, streams);
        }
        let answer = a.answer();
        return solve_puzzle(&a, &name, &inputs, answer, streams);
    }
    if a.method == Method::Magic {
        return Err(RequestError::Usage(format!(
            "{METHOD} magic solves the 3x3x3 by seed 001's three steps: give {PUZZLE} 3x3x3 \
             (the 2x2x2 is solved optimally)"
        )));
    }
    if a.method == Method::Reid {
        return Err(RequestError::Usage(format!(
            "{METHOD} reid solves the 3x3x3: give {PUZZLE} 3x3x3"
        )));
    }
    if a.method == Method::Ida {
        return Err(RequestError::Usage(format!(
            "{METHOD} ida solves a defined puzzle: give {PUZZLE} (the cube's own searches \
             are faster)"
        )));
    }
    if a.memory.is_some() {
        return Err(RequestError::Usage(format!(
            "{MEMORY} is the budget of IDA*'s tables for a defined puzzle: give {PUZZLE}"
        )));
    }
    let plan = plan(a)?;
    let Plan {
        inputs,
        input,
        answer,
        method,
        bidir,
        plain,
    } = plan;
    let moves_input = input.moves_input;
    let part = part_size(&answer, input.show.is_some());
    // The default picks: the table once a batch is large, unless the moves or their
    // costs are not the metric's (the table knows only the metrics).
    if method == Method::Auto && plain {
        let mut subject = CubeSubject {
            input: &input,
            solver: AutoSolver::new(input.metric),
        };
        return Ok(feed(
            streams,
            &inputs,
            moves_input,
            part,
            &mut |items, text, batch| {
                // Once the table is ready, or for a batch large at once, the table
                // answers, split across the cores.
                if batch >= LARGE_BATCH {
                    let table = subject.solver.table_now();
                    return on_cores(&answer, &input, table, items, text);
                }
                if let Some(table) = subject.solver.ready_table() {
                    return on_cores(&answer, &input, table, items, text);
                }
                answer.batch(&mut subject, items, text)
            },
        )?);
    }
    if method != Method::Table {
        let mut subject = CubeSubject {
            input: &input,
            solver: bidir,
        };
        return Ok(feed(
            streams,
            &inputs,
            moves_input,
            part,
            &mut |items, text, _| answer.batch(&mut subject, items, text),
        )?);
    }
    // A table is shared read-only: a large batch is answered on every core.
    let table = TableSolver::new(input.metric);
    Ok(feed(
        streams,
        &inputs,
        moves_input,
        part,
        &mut |items, text, _| on_cores(&answer, &input, &table, items, text),
    )?)
}

/// The cores this process may use, asked once and only when a batch is large: the
/// question reads four files of /proc and /sys, which a single solve does not need.
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// Answer a batch from the table, split across the cores when it is large.
fn on_cores(
    answer: &Answer,
    input: &CubeInput,
    table: &TableSolver,
    items: &[Item],
    text: &[u8],
) -> (String, Vec<(usize, String)>) {
    let part = |items: &[Item]| {
        let mut subject = CubeSubject {
            input,
            solver: table,
        };
        answer.batch(&mut subject, items, text)
    };
    // Below 32 states a part, a thread costs more than it saves.
    let parts = match items.len() / 32 {
        0 | 1 => 1,
        most => cores().min(most),
    };
    if parts == 1 {
        return part(items);
    }
    let size = items.len().div_ceil(parts);
    std::thread::scope(|s| {
        let others: Vec<_> = items[size..]
            .chunks(size)
            .map(|chunk| s.spawn(move || part(chunk)))
            .collect();
        let (mut out, mut errors) = part(&items[..size]);
        for other in others {
            let (more, more_errors) = other.join().expect("solver thread");
            out.push_str(&more);
            errors.extend(more_errors);
        }
        (out, errors)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::batch::ALREADY_SOLVED;

    /// Answer `states` with `request`; the text written.
    fn answered(request: SolveRequest) -> String {
        let mut lines: Lines<'_> = LineReader::new(Box::new(io::empty()));
        let mut out = Vec::new();
        let mut streams = Streams {
            note: &mut |_| {},
            lines: &mut lines,
            out: &mut out,
        };
        run(request, &mut streams).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Issue 39: a terminal shows a solved state as solved, not as an empty line.
    #[test]
    fn a_solved_state_is_marked_when_asked() {
        let solved = "UUUULLFFRRBBLLFFRRBBDDDD";
        let plain = SolveRequest {
            states: vec![solved.into()],
            ..SolveRequest::default()
        };
        assert_eq!(answered(plain), "\n");
        for all in [false, true] {
            let marked = SolveRequest {
                states: vec![solved.into(), "UUUUFFRRBBLLLLFFRRBBDDDD".into()],
                mark_solved: true,
                all,
                ..SolveRequest::default()
            };
            assert_eq!(answered(marked), format!("{ALREADY_SOLVED}\nU'\n"));
        }
    }
}
