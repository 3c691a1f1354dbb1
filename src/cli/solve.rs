//! `pocket solve`: optimal solutions, for the cube or a defined puzzle.

use std::io::{self, IsTerminal};

use argh::FromArgs;

use pocket::cube::picture::ColorChoice;
use pocket::io::LineReader;
use pocket::model::cost::Metric;
use pocket::model::moves::Move;
use pocket::model::notation::Layout;
use pocket::request::RequestError;
use pocket::request::solve::{self, Lines, Method, RawSolve, SolveRequest, Streams};
use pocket_print::SolvePrinter;

use super::census::parse_megabytes;
use super::{parse_gen, report};

#[derive(FromArgs, Debug)]
/// Solve states optimally: one line of moves over R U F per state.
#[argh(
    subcommand,
    name = "solve",
    example = "pocket solve UUUURLFBLRBFLLFFRRBBDDDD",
    example = "pocket solve --compact --metric qtm < states.txt",
    example = "pocket solve --all -- ----RLFBLRBFLLFFRRBBDDDD   (-- before a state starting with -)",
    example = "pocket solve --puzzle pocket-21 \"2 0 3 1 6 7 8 9 10 11 4 5 12 13 14 15 16 17 18 19 20\"",
    example = "pocket solve --puzzle 3x3x3 --method magic --moves \"R U F' D2 L B'\"",
    example = "pocket solve --puzzle 3x3x3 --moves \"R U F' L2 D\"   (optimal, by IDA*)",
    example = "pocket solve --puzzle 3x3x3 --method reid --memory 100 --moves \"R U F' L2 D\"",
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
    /// 0.07 s), on every core; magic (with --puzzle 3x3x3): seed 001's three steps,
    /// not optimal: edges placed, corners placed by a 3-cycle magic move, corners
    /// twisted by a twist magic move (`[S: (M)k]` is S, M k times, S undone); ida
    /// (with --puzzle): IDA* over pattern databases, which auto picks for a puzzle
    /// too large for the bidirectional search (`"search"` in --json says which ran);
    /// reid (with --puzzle 3x3x3): Reid's optimal solver, the two-phase algorithm's
    /// first-phase table on the cube's three axes (917 MB, built in over a minute
    /// on two cores; under --memory 917 Reid's smaller table, 59 MB): a random state
    /// takes minutes, where ida takes hours
    #[argh(option, default = "Method::Auto")]
    method: Method,
    /// with --puzzle, the memory IDA*'s pattern databases (or Reid's tables) may
    /// take, in MB (default 1024): more makes larger tables and a faster search
    #[argh(option, from_str_fn(parse_megabytes))]
    memory: Option<u64>,
    /// move costs to minimise instead of a metric, e.g.
    /// "R2=1.5,U2=1.4,F=1.3,F2=2" (a face letter sets that face's other turns; moves
    /// not named cost 1); the text output ends with " (cost X)"
    #[argh(option)]
    cost: Option<String>,
    /// solve the position a WCA move sequence makes from solved (U D L R F B x y z,
    /// with ' or 2; wide moves Rw or r; groups (R U)3; pasted forms [R, U], [F: R U],
    /// R′, R3, comments after //, numbered lines, alg.cubing.net and twizzle links);
    /// repeat for several; "-" reads one sequence per line from stdin (blank lines
    /// skipped; a line of `pocket scramble` by its moves, checked against its state);
    /// with states: turn each state by this one sequence, then solve. On a 2x2 wide
    /// moves and x y z turn the whole cube: they alone leave it solved, and the
    /// solution's letters name the faces where they are after them
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
    /// state's layout, in its colours or in face letters U L F R B D, `.` for any
    /// colour, spaces ignored (e.g. first layer: ............LLFFRRBBDDDD)
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
    /// with --all, print each solution on a line of its own, and an empty line
    /// after each state's solutions
    #[argh(switch)]
    lines: bool,
    /// colour the pictures of --show: auto (default: on a terminal, unless NO_COLOR
    /// is set), always or never
    #[argh(option, default = "ColorChoice::Auto")]
    color: ColorChoice,
    /// with --show, also draw the cube after every move of the solution
    #[argh(switch)]
    steps: bool,
    /// states to solve (default: read standard input)
    #[argh(positional)]
    states: Vec<String>,
}

/// Standard input, saying on a terminal what it waits for at its first read (only
/// when the request reads it at all).
struct Hinted<R> {
    inner: R,
    hint: Option<&'static str>,
}

impl<R: io::Read> io::Read for Hinted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(what) = self.hint.take() {
            eprintln!("pocket: reading {what} from standard input, one per line (Ctrl-D ends)");
        }
        self.inner.read(buf)
    }
}

impl SolveArgs {
    /// The request these arguments make; pictures in the style of this terminal.
    pub(super) fn request(self) -> RawSolve {
        let style = super::stdout_style(self.color);
        RawSolve {
            metric: self.metric,
            compact: self.compact,
            all: self.all,
            count: self.count,
            lines: self.lines,
            mark_solved: io::stdout().is_terminal() && !self.json,
            method: self.method,
            cost: self.cost,
            moves: self.moves,
            layout: self.layout,
            generators: self.generators,
            goal: self.goal,
            puzzle: self.puzzle,
            memory: self.memory,
            json: self.json,
            show: self.show.then_some(style),
            steps: self.steps,
            states: self.states,
        }
    }
}

pub(super) fn cmd_solve(a: SolveArgs) -> io::Result<u8> {
    let request = match SolveRequest::try_from(a.request()) {
        Ok(request) => request,
        Err(e) => return Ok(report("solve", e)),
    };
    let printer = SolvePrinter::new(&request);
    let stdin = io::stdin();
    let hint = request.reads_lines().filter(|_| stdin.is_terminal());
    let mut lines: Lines<'_> = LineReader::new(Box::new(Hinted {
        inner: stdin.lock(),
        hint,
    }));
    #[cfg(unix)]
    let mut out = {
        super::interrupt::install();
        super::interrupt::SafeOut::new()
    };
    #[cfg(not(unix))]
    let mut out = io::BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    // Notes go to a person at a terminal; a script reads "search" in --json.
    let terminal = io::stderr().is_terminal();
    let mut note = |text: &str| {
        if terminal {
            eprintln!("pocket: {text}");
        }
    };
    let mut streams = Streams {
        note: &mut note,
        lines: &mut lines,
        out: &mut out,
        printer: &printer,
    };
    match solve::run(request, &mut streams) {
        Ok(answered) => {
            let (code, message) = answered.finish();
            if let Some(message) = message {
                eprintln!("{message}");
            }
            Ok(code)
        }
        Err(RequestError::Io(e)) => Err(e),
        Err(e) => Ok(report("solve", e)),
    }
}
