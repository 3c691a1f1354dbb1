//! `pocket solve`: optimal solutions, for the cube or a defined puzzle.

use std::io::{self, IsTerminal};

use argh::FromArgs;

use crate::cli::batch::{
    Answer, CubeInput, CubeSubject, Item, PuzzleSubject, Run, Solve, answer_arguments, answer_lines,
};
use crate::cube::auto::{AutoSolver, LARGE_BATCH};
use crate::cube::picture::Style;
use crate::cube::solver::PocketSolver;
use crate::cube::table::TableSolver;
use crate::io::LineReader;
use crate::model::cost::{Costs, Metric};
use crate::model::goal::Goal;
use crate::model::moves::{Move, generators_name};
use crate::model::notation::{Layout, WcaSequence};

use super::{EXIT_BAD_INPUT, load_puzzle, parse_gen, usage};

#[derive(FromArgs, Debug)]
/// Solve states optimally: one line of moves over R U F per state.
#[argh(
    subcommand,
    name = "solve",
    example = "pocket solve UUUURLFBLRBFLLFFRRBBDDDD",
    example = "pocket solve --compact --metric qtm < states.txt",
    example = "pocket solve --all -- ----RLFBLRBFLLFFRRBBDDDD   (-- before a state starting with -)",
    example = "pocket solve --puzzle pocket-21 \"2 0 3 1 6 7 8 9 10 11 4 5 12 13 14 15 16 17 18 19 20\"",
    note = "With no STATE, states are read from standard input, one per line (blank lines \
            skipped). Each state gets exactly one output line, in input order: the moves, \
            an empty line for a solved cube, or `error: <reason>` for an invalid state. \
            Exit status: 0 all solved, 1 some state invalid, 2 usage error."
)]
pub(crate) struct SolveArgs {
    /// metric to minimise: htm (a half turn is one move, default), qtm (a half
    /// turn counts two) or one-way (clockwise quarter turns R U F only)
    #[argh(option, default = "Metric::Htm")]
    metric: Metric,
    /// print moves without spaces, e.g. RU2F'
    #[argh(switch)]
    compact: bool,
    /// print every optimal solution on the state's line, separated by ", " (with
    /// --compact by a space), sorted move by move in the order R R' R2 U U' U2 F F' F2
    /// (with --json: "count" and "solutions")
    #[argh(switch)]
    all: bool,
    /// print only the number of optimal solutions
    #[argh(switch)]
    count: bool,
    /// auto (default): the bidirectional search for the first state, then the full
    /// distance table: built in for HTM, else built on another thread once a batch
    /// passes 5,000 states (at once for 4,096 given together); bidir: only the search;
    /// table: the table from the first state (QTM and one-way build it first, about
    /// 0.07 s), on every core
    #[argh(option, default = "Method::Auto")]
    method: Method,
    /// move costs to minimise instead of a metric, e.g.
    /// "R2=1.5,U2=1.4,F=1.3,F2=2" (a face letter sets that face's other turns; moves
    /// not named cost 1); the text output ends with " (cost X)"
    #[argh(option)]
    cost: Option<String>,
    /// solve the position a WCA move sequence makes from solved (U D L R F B x y z,
    /// with ' or 2; wide moves Rw or r; groups (R U)3; pasted forms [R, U], [F: R U],
    /// R′, R3, comments, numbered lines, alg.cubing.net and twizzle links); repeat for
    /// several; "-" reads one sequence per line from stdin; after states: turn each
    /// state by this one sequence, then solve
    #[argh(option)]
    moves: Vec<String>,
    /// facelet order of the states: golf (default, the net `pocket net` draws) or urfdlb
    /// (Kociemba's U R F D L B order)
    #[argh(option, default = "Layout::Golf")]
    layout: Layout,
    /// turn only these moves: faces (RU) or a list (R2,U2,F2); a state they cannot
    /// reach gets an error line
    #[argh(option, long = "gen", from_str_fn(parse_gen))]
    generators: Option<Vec<Move>>,
    /// solve to the nearest state matching this pattern instead: 24 characters in the
    /// state's colours and layout, `.` for any colour (e.g. first layer:
    /// ............LLFFRRBBDDDD)
    #[argh(option)]
    goal: Option<String>,
    /// solve another puzzle: a built-in name (`pocket puzzles`) or a definition file;
    /// states are sticker strings of that puzzle (or sticker numbers, `2 0 3 1 ...`,
    /// when its stickers all differ, as in pocket-21), costs those of its definition;
    /// takes --all, --count, --compact, --cost, --json and --moves (in its move names)
    #[argh(option)]
    puzzle: Option<String>,
    /// print one JSON object per state
    #[argh(switch)]
    json: bool,
    /// draw each state before its answer line (see `pocket show`)
    #[argh(switch)]
    show: bool,
    /// with --show, also draw the cube after every move of the solution
    #[argh(switch)]
    steps: bool,
    /// states to solve (default: read standard input)
    #[argh(positional, greedy)]
    states: Vec<String>,
}

/// How `solve` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Auto,
    Bidir,
    Table,
}

impl std::str::FromStr for Method {
    type Err = String;

    fn from_str(s: &str) -> Result<Method, String> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(Method::Auto),
            "bidir" | "bidirectional" => Ok(Method::Bidir),
            "table" => Ok(Method::Table),
            _ => Err(format!(
                "unknown method '{s}' (expected auto, bidir or table)"
            )),
        }
    }
}

/// The puzzle options that make no sense for a defined puzzle, if any was given.
fn cube_only_option(a: &SolveArgs) -> Option<&'static str> {
    [
        (
            a.generators.is_some(),
            "--gen (a puzzle turns the moves of its definition)",
        ),
        (
            a.goal.is_some(),
            "--goal (a goal is a pattern on the cube's net)",
        ),
        (
            a.method == Method::Table,
            "--method table (a puzzle has no dense table)",
        ),
        (
            a.metric != Metric::Htm,
            "--metric (a puzzle counts its moves, or its costs with --cost)",
        ),
        (
            a.layout != Layout::Golf,
            "--layout (a puzzle's stickers are in its definition's order)",
        ),
        (
            a.show || a.steps,
            "--show and --steps (the pictures are of the cube)",
        ),
    ]
    .into_iter()
    .find_map(|(given, what)| given.then_some(what))
}

/// Answer every input, from the arguments or from standard input, with `run`.
/// Answers held at once when each may be long (`--all`, pictures): 256 answers of
/// the 694 optimal QTM solutions of one position are 8 MB; a batch of 20,000 of
/// them held whole took 292 MB.
const LONG_ANSWERS: usize = 256;

/// How many answers `answer` may hold before writing them.
fn part_size(answer: &Answer, pictures: bool) -> usize {
    if answer.all || pictures {
        LONG_ANSWERS
    } else {
        usize::MAX
    }
}

fn answer_all(
    inputs: &[String],
    sequences: bool,
    part: usize,
    run: &mut Run<'_>,
) -> io::Result<u8> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let tally = if inputs.is_empty() {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            let what = if sequences {
                "move sequences"
            } else {
                "states"
            };
            eprintln!("pocket: reading {what} from standard input, one per line (Ctrl-D ends)");
        }
        answer_lines(&mut LineReader::new(stdin.lock()), part, run, &mut out)?
    } else {
        answer_arguments(inputs, part, run, &mut out)?
    };
    Ok(tally.finish())
}

/// `pocket solve --puzzle`: the same answers, for a defined puzzle.
fn solve_puzzle(a: &SolveArgs, name: &str, inputs: &[String], answer: Answer) -> io::Result<u8> {
    if let Some(what) = cube_only_option(a) {
        return usage("solve", &format!("--puzzle does not take {what}"));
    }
    let puzzle = match load_puzzle("solve", name, a.cost.as_deref()) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let space = match puzzle.space(true) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pocket: puzzle {name}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let mut subject = PuzzleSubject {
        puzzle: &puzzle,
        space: &space,
        solver: space.solver(),
        moves_input: !a.moves.is_empty(),
    };
    let sequences = subject.moves_input;
    answer_all(
        inputs,
        sequences,
        part_size(&answer, false),
        &mut |items, text, _| answer.batch(&mut subject, items, text),
    )
}

/// A cube request, checked: what to answer, how, and with which solver. The command
/// line and `pocket serve` both run requests through it, so they answer alike.
pub(super) struct Plan {
    pub(super) inputs: Vec<String>,
    pub(super) input: CubeInput,
    pub(super) answer: Answer,
    method: Method,
    /// The bidirectional search with the request's moves and costs.
    bidir: PocketSolver,
    /// No --gen, --cost or --goal: the metric's table gives the same answers.
    pub(super) plain: bool,
}

/// The inputs of a request: sequences (`--moves`) or states, and which they are; with
/// both, states and the one sequence that turns each of them first.
type Inputs = (Vec<String>, bool, Option<String>);

fn take_inputs(a: &mut SolveArgs) -> Result<Inputs, String> {
    // The states are a greedy positional, so `solve STATE --moves "R U"` hands the
    // option over as states: take it back.
    while let Some(k) = a.states.iter().position(|s| s == "--moves") {
        let value = a
            .states
            .get(k + 1)
            .cloned()
            .ok_or("--moves needs a sequence")?;
        a.states.drain(k..k + 2);
        a.moves.push(value);
    }
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
        return Err("--moves - reads standard input and cannot be mixed with sequences".into());
    }
    if a.count && a.all {
        return Err("give --count or --all, not both (--all --json gives both)".into());
    }
    if !a.moves.is_empty() && !a.states.is_empty() {
        // The states given, each turned by the sequence: "solve my cube after R U".
        let [then] = std::mem::take(&mut a.moves).try_into().map_err(|_| {
            "with states, give one --moves sequence (it turns each state before solving)"
                .to_string()
        })?;
        if then == "-" {
            return Err("--moves - reads sequences from standard input: give no states".into());
        }
        return Ok((std::mem::take(&mut a.states), false, Some(then)));
    }
    if !a.moves.is_empty() {
        let mut given = std::mem::take(&mut a.moves);
        given.retain(|m| m != "-");
        a.moves = vec![String::new()]; // remembers that inputs are sequences
        return Ok((given, true, None));
    }
    Ok((std::mem::take(&mut a.states), false, None))
}

/// Check a cube request (not `--puzzle`): a refusal is the usage error's message.
pub(super) fn plan(mut a: SolveArgs) -> Result<Plan, String> {
    let (inputs, moves_input, then) = take_inputs(&mut a)?;
    let then = then
        .map(|t| t.parse::<WcaSequence>())
        .transpose()
        .map_err(|e| format!("--moves: {e}"))?;
    if a.puzzle.is_some() {
        return Err("a puzzle is answered by `pocket solve --puzzle`".into());
    }
    if a.steps && !a.show {
        return Err("--steps draws the steps of --show: give both".into());
    }
    if a.show && a.json {
        return Err("--show draws pictures, which --json has no room for".into());
    }
    let costs = a
        .cost
        .as_deref()
        .map(str::parse::<Costs>)
        .transpose()
        .map_err(|e| format!("bad --cost: {e}"))?;
    if costs.is_some() && (a.metric != Metric::Htm || a.method == Method::Table) {
        return Err("--cost replaces --metric and works with the default method only".into());
    }
    if a.generators.is_some() && a.method == Method::Table {
        return Err("--gen works with the default method only".into());
    }
    // A goal is written like the states, in their layout.
    let goal = a
        .goal
        .as_deref()
        .map(Goal::parse)
        .transpose()
        .map_err(|e| e.to_string())?
        .map(|g| g.in_net_order(a.layout));
    if goal.is_some() && (a.method == Method::Table || a.all || a.count) {
        return Err("--goal works with the default method, without --all or --count".into());
    }
    let generators = a.generators.clone().unwrap_or_else(|| Move::ALL.to_vec());
    let bidir = match &costs {
        Some(c) => {
            PocketSolver::with_costs_in(c, &generators).map_err(|e| format!("bad --cost: {e}"))
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
        show: a
            .show
            .then(|| (Style::detect(io::stdout().is_terminal()), a.steps)),
        goal,
        reach_name: generators_name(a.generators.as_deref().unwrap_or(&Move::ALL)),
    };
    let answer = Answer {
        compact: a.compact,
        all: a.all,
        count: a.count,
        json: a.json,
    };
    Ok(Plan {
        inputs,
        input,
        answer,
        method: a.method,
        bidir,
        plain,
    })
}

#[cfg_attr(not(feature = "serve"), allow(dead_code))]
/// One input answered alone: its line and how many optimal solutions it has, or
/// the error line.
pub(super) type One = Result<(String, u64), String>;

impl Plan {
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    /// Answer one input with `solver`.
    pub(super) fn answer_one(&self, solver: impl Solve, raw: &str) -> One {
        answer_with(&self.input, &self.answer, solver, raw)
    }

    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    /// Answer one input with the bidirectional search (moves, costs or a goal).
    pub(super) fn answer_one_bidir(self, raw: &str) -> One {
        answer_with(&self.input, &self.answer, self.bidir, raw)
    }
}

#[cfg_attr(not(feature = "serve"), allow(dead_code))]
fn answer_with(input: &CubeInput, answer: &Answer, solver: impl Solve, raw: &str) -> One {
    let mut subject = CubeSubject { input, solver };
    answer.one(&mut subject, raw.as_bytes())
}

pub(super) fn cmd_solve(mut a: SolveArgs) -> io::Result<u8> {
    if let Some(name) = a.puzzle.clone() {
        let inputs = match take_inputs(&mut a) {
            Ok((_, _, Some(_))) => {
                return usage("solve", "--puzzle takes states or --moves, not both");
            }
            Ok((inputs, _, None)) => inputs,
            Err(e) => return usage("solve", &e),
        };
        let answer = Answer {
            compact: a.compact,
            all: a.all,
            count: a.count,
            json: a.json,
        };
        return solve_puzzle(&a, &name, &inputs, answer);
    }
    let plan = match plan(a) {
        Ok(p) => p,
        Err(e) => return usage("solve", &e),
    };
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
        return answer_all(&inputs, moves_input, part, &mut |items, text, batch| {
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
        });
    }
    if method != Method::Table {
        let mut subject = CubeSubject {
            input: &input,
            solver: bidir,
        };
        return answer_all(&inputs, moves_input, part, &mut |items, text, _| {
            answer.batch(&mut subject, items, text)
        });
    }
    // A table is shared read-only: a large batch is answered on every core.
    let table = TableSolver::new(input.metric);
    answer_all(&inputs, moves_input, part, &mut |items, text, _| {
        on_cores(&answer, &input, &table, items, text)
    })
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
