//! A `solve` request, decided in one place: a front end's raw arguments checked
//! together into a typed [`SolveRequest`] by one `TryFrom` (`raw.rs`: a refusal is
//! the usage error's message), and the request run: the solver chosen (the table
//! or the bidirectional search, on how many cores; a puzzle's engine), each answer
//! handed to the front end's printer. The command line, `pocket serve` and the
//! Python package all build a [`SolveRequest`] and answer it through here, so they
//! answer alike; they only read and print.

mod inputs;
mod plan;
mod puzzle;
mod raw;
mod request;

pub use plan::{Load, One, Plan, plan};
pub use raw::RawSolve;
pub use request::{CubeTarget, Form, Inputs, PuzzleTarget, SolveRequest, Target};

use crate::model::invalid::{Invalid, Kind};
use std::io;

use super::RequestError;
use super::batch::{
    CubeInput, CubeSubject, Item, Printer, Run, Tally, Want, answer_arguments, answer_items,
    answer_lines,
};
use crate::cube::auto::{AutoSolver, LARGE_BATCH};
use crate::cube::table::TableSolver;
use crate::io::LineReader;
use puzzle::{solve_magic, solve_puzzle, solve_reid};

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
    /// How each answer is written: the front end's printer, for the request's form.
    pub printer: &'a dyn Printer,
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
    type Err = Invalid;

    fn from_str(s: &str) -> Result<Method, Invalid> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(Method::Auto),
            "bidir" | "bidirectional" => Ok(Method::Bidir),
            "table" => Ok(Method::Table),
            "magic" => Ok(Method::Magic),
            "ida" | "ida*" => Ok(Method::Ida),
            "reid" => Ok(Method::Reid),
            _ => Err(Invalid::new(
                Kind::Name,
                format!("unknown method '{s}' (expected auto, bidir, table, magic, ida or reid)"),
            )),
        }
    }
}

/// Answers held at once when each may be long (`--all`, pictures): 256 answers of
/// the 694 optimal QTM solutions of one position are 8 MB; a batch of 20,000 of
/// them held whole took 292 MB.
const LONG_ANSWERS: usize = 256;

/// How many answers may be held before they are written.
fn part_size(all: bool, pictures: bool) -> usize {
    if all || pictures {
        LONG_ANSWERS
    } else {
        usize::MAX
    }
}

/// Answer a `solve` request: its inputs (or, when it names none, the front end's
/// lines) in batches, each answer line written to the front end's output in input
/// order; what was answered comes back. Everything between, which solver and on how
/// many cores, is decided here, so the command line and the server answer alike.
pub fn run(request: SolveRequest, streams: &mut Streams<'_, '_>) -> Result<Answered, RequestError> {
    if let Target::Puzzle(puzzle) = &request.target {
        let inputs = &request.inputs;
        return match puzzle.method {
            Method::Magic => solve_magic(puzzle, inputs, streams),
            Method::Reid => solve_reid(puzzle, inputs, streams),
            _ => solve_puzzle(puzzle, inputs, streams),
        };
    }
    answer_cube(plan(request)?, streams)
}

/// Answer a cube request's inputs by the solver its plan chose. The default picks
/// the table once a batch is large, unless the moves or their costs are not the
/// metric's (the table knows only the metrics).
fn answer_cube(plan: Plan, streams: &mut Streams<'_, '_>) -> Result<Answered, RequestError> {
    let Plan {
        inputs,
        input,
        want,
        method,
        bidir,
        plain,
    } = plan;
    let printer = streams.printer;
    let part = part_size(want == Want::All, input.show.is_some());
    let mut answer = |run: &mut Run<'_>| feed(streams, &inputs, input.moves_input, part, run);
    let answered = match (method, plain) {
        (Method::Auto, true) => {
            let mut auto = CubeSubject {
                input: &input,
                solver: AutoSolver::new(input.metric),
            };
            answer(&mut |items, text, batch| {
                // Once the table is ready, or for a batch large at once, the table
                // answers, split across the cores.
                if batch >= LARGE_BATCH {
                    let table = auto.solver.table_now();
                    return on_cores(printer, &input, table, items, text);
                }
                if let Some(table) = auto.solver.ready_table() {
                    return on_cores(printer, &input, table, items, text);
                }
                answer_items(printer, &mut auto, items, text)
            })
        }
        (Method::Table, _) => {
            // A table is shared read-only: a large batch is answered on every core.
            let table = TableSolver::new(input.metric);
            answer(&mut |items, text, _| on_cores(printer, &input, &table, items, text))
        }
        _ => {
            let mut search = CubeSubject {
                input: &input,
                solver: bidir,
            };
            answer(&mut |items, text, _| answer_items(printer, &mut search, items, text))
        }
    };
    Ok(answered?)
}

/// The cores this process may use, asked once and only when a batch is large: the
/// question reads four files of /proc and /sys, which a single solve does not need.
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// Answer a batch from the table, split across the cores when it is large.
fn on_cores(
    printer: &dyn Printer,
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
        answer_items(printer, &mut subject, items, text)
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
