//! The `pocket` command line: argument types and the commands they run.
//!
//! Results go to stdout, diagnostics to stderr. Exit status: 0 success, 1 bad input
//! (or a failed check), 2 usage error.

pub(crate) mod batch;

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use argh::FromArgs;

use crate::challenge::check::check;
use crate::challenge::judge::{InputMode, Limits, Outcome, Summary, run_one};
use crate::challenge::patterns::{Pattern, builtin_patterns, parse_patterns};
use crate::cli::batch::{Answer, Item, answer_arguments, answer_lines};
use crate::io::{Line, LineReader, is_broken_pipe, trim};
use crate::io::{group, timed};
use crate::model::cost::{Costs, Metric};
use crate::model::cube::Cube;
use crate::model::goal::Goal;
use crate::model::moves::{Move, generators_name, parse_generators};
use crate::model::notation::Layout;
use crate::model::stickers::Stickers;
use crate::model::stickers::escape_text;
use crate::pocket::algs::AlgSearch;
use crate::pocket::census::{Census, CensusMetric};
use crate::pocket::picture::{Style, draw, sticker_colours, svg};
use crate::pocket::scramble::{Length, Rng, Scrambler};
use crate::pocket::solver::PocketSolver;
use crate::pocket::table::TableSolver;
use crate::puzzle::orbit::{Change, OrbitSearch, Rules};
use crate::puzzle::{BUILTIN_PUZZLES, Puzzle, PuzzleCensus};

/// Exit status: every input was good.
pub const EXIT_OK: u8 = 0;
/// Exit status: some input was bad, or a check failed.
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit status: the command line itself was wrong.
pub const EXIT_USAGE: u8 = 2;

#[derive(FromArgs, Debug)]
/// Optimal solver and toolkit for the 2x2x2 Rubik's cube (Pocket Cube).
/// A state is 24 sticker characters in the net of the README (U, then the rows
/// of L F R B, then D); any 6 printable characters may be the colours.
#[argh(
    example = "pocket solve UUUURLFBLRBFLLFFRRBBDDDD",
    example = "pocket patterns",
    example = "pocket solve --metric qtm < states.txt",
    example = "pocket algs --orbit corner --change cycle",
    note = "Run `pocket <command> --help` for the options of each command."
)]
pub struct Pocket {
    #[argh(subcommand)]
    command: Command,
}

#[derive(FromArgs, Debug)]
#[argh(subcommand)]
enum Command {
    Solve(SolveArgs),
    Patterns(PatternsArgs),
    Census(CensusArgs),
    Check(CheckArgs),
    Judge(JudgeArgs),
    Scramble(ScrambleArgs),
    Show(ShowArgs),
    Puzzles(PuzzlesArgs),
    Algs(AlgsArgs),
}

#[derive(FromArgs, Debug)]
/// Find algorithms by their effect: every sequence whose effect on the solved cube
/// matches a pattern, or (--orbit) every "magic move" of a puzzle.
#[argh(
    subcommand,
    name = "algs",
    example = "pocket algs --effect UUUULFFBRRLBLLFFRRBBDDDD",
    example = "pocket algs --effect UUUU........LLFFRRBBDDDD --gen RU --max-length 7 --limit 20",
    example = "pocket algs --effect UUUULFRBBLFRLLFFRRBBDDDD --cost \"U=0.8,F=1.3\"",
    example = "pocket algs --orbit corner --change cycle",
    example = "pocket algs --orbit corner --change twist --max-length 6 --max-power 6",
    note = "--effect: the pattern is the cube after the algorithm, in the face letters of \
            the solved cube UUUULLFFRRBBLLFFRRBBDDDD, with . for any sticker. Output: one \
            sequence per line (never the empty one), shortest first, then cheapest (with \
            --cost), then in move order R R' R2 U U' U2 F F' F2; no face is turned twice \
            in a row. Each length is printed as soon as it is complete.",
    note = "--orbit KIND: sequences S of a puzzle (--puzzle, default 3x3x3) and powers S^k \
            (k up to --max-power, default 6) that leave every sticker outside the pieces of \
            that kind in place (with --keep, only those of the kinds named) and change at \
            most --max-changed (default 3) of those pieces, all on one face (unless \
            --any-face: then the face is -); --change cycle: they all move, in one cycle; \
            twist: none moves. Lengths 1 to --max-length (default: up to the shortest that \
            has any, at most 7). Each line: S, xk, the face, the effect (cycle \
            URF->UBR->ULB: the piece at URF goes to UBR...; twist URF+1: turned clockwise \
            by one sticker), tab-separated."
)]
struct AlgsArgs {
    /// the effect: 24 face letters (ULFRBD) or . for any
    #[argh(option)]
    effect: Option<String>,
    /// magic moves: powers of sequences that change only pieces of this kind (corner)
    #[argh(option)]
    orbit: Option<String>,
    /// with --orbit: a built-in puzzle or a definition file with pieces (default 3x3x3)
    #[argh(option)]
    puzzle: Option<String>,
    /// with --orbit: what the changed pieces do: cycle, twist or any (default)
    #[argh(option)]
    change: Option<Change>,
    /// with --orbit: most pieces changed (default 3)
    #[argh(option)]
    max_changed: Option<usize>,
    /// with --orbit: highest power k of a sequence (default 6)
    #[argh(option)]
    max_power: Option<u32>,
    /// with --orbit: the changed pieces need not lie on one face
    #[argh(switch)]
    any_face: bool,
    /// with --orbit: only pieces of these kinds must stay put (edge or a list:
    /// edge,centre); default: every sticker outside the orbit
    #[argh(option)]
    keep: Option<String>,
    /// longest sequences to list (default: the shortest length only)
    #[argh(option)]
    max_length: Option<usize>,
    /// stop after this many sequences
    #[argh(option)]
    limit: Option<usize>,
    /// turn only these moves: faces (RU) or a list (R2,U2,F2); with --orbit, the
    /// puzzle's moves (R,L,U,D: a face with its powers)
    #[argh(option, long = "gen")]
    generators: Option<String>,
    /// order each length by these move costs (as for solve) and print the cost
    #[argh(option)]
    cost: Option<String>,
    /// with --orbit: one JSON object per magic move, with the changed pieces' stickers
    #[argh(switch)]
    json: bool,
}

#[derive(FromArgs, Debug)]
/// List the built-in puzzle definitions (see `--puzzle` of solve, census and algs).
#[argh(subcommand, name = "puzzles", example = "pocket puzzles")]
struct PuzzlesArgs {}

#[derive(FromArgs, Debug)]
/// Random-state scrambles: uniform positions written as fixed-length sequences.
#[argh(
    subcommand,
    name = "scramble",
    example = "pocket scramble",
    example = "pocket scramble -n 5 --seed 2026",
    example = "pocket scramble --optimal --min-distance 9 --json",
    note = "Like the WCA scrambler: a position drawn uniformly from all 3,674,160, refused \
            when closer than --min-distance (default 4) to solved, written with exactly \
            --length moves (default 11) or, with --optimal, as few as possible; no face is \
            turned twice in a row. Each line: the sequence, a tab, the sticker state."
)]
struct ScrambleArgs {
    /// how many scrambles (default 1)
    #[argh(option, short = 'n', default = "1")]
    count: usize,
    /// seed for reproducible scrambles (default: random from the system)
    #[argh(option)]
    seed: Option<u64>,
    /// smallest distance from solved allowed (default 4)
    #[argh(option, default = "4")]
    min_distance: u32,
    /// moves in each sequence (default 11; raised to the distance if that is larger)
    #[argh(option)]
    length: Option<usize>,
    /// the shortest sequence for each position instead of a fixed length
    #[argh(switch)]
    optimal: bool,
    /// scramble with these moves only: faces (RU) or a list (R2,U2,F2)
    #[argh(option, long = "gen", from_str_fn(parse_generators))]
    generators: Option<Vec<Move>>,
    /// print one JSON object per scramble
    #[argh(switch)]
    json: bool,
}

#[derive(FromArgs, Debug)]
/// Draw a state as the net of the README, in colour on a terminal, or as SVG.
#[argh(
    subcommand,
    name = "show",
    example = "pocket show UUUURLFBLRBFLLFFRRBBDDDD",
    example = "pocket show --svg cube.svg WWWWOOGGRRBBOOGGRRBBYYYY",
    note = "Colours: W Y R O G B (any case) are drawn as those colours; any other six \
            characters get the standard colour of the face they belong to when solved \
            (U white, F green, R red, B blue, L orange, D yellow). Plain letters when \
            standard output is not a terminal or NO_COLOR is set."
)]
struct ShowArgs {
    /// the state, 24 stickers
    #[argh(positional)]
    state: String,
    /// write an SVG picture to this file instead
    #[argh(option)]
    svg: Option<String>,
    /// facelet order of the state: golf (default) or urfdlb
    #[argh(option, default = "Layout::Golf")]
    layout: Layout,
}

#[derive(FromArgs, Debug)]
/// Judge a claimed solution by the challenge's rules.
#[argh(
    subcommand,
    name = "check",
    example = "pocket check UUUURLFBLRBFLLFFRRBBDDDD \"F2 U' F U R U2 R U' R' F R'\"",
    example = "pocket check -- UUUUFFRRBBLLLLFFRRBBDDDD \"(U')\"",
    note = "Rules: only R R' R2 U U' U2 F F' F2, separated by one space or none, optionally \
            wrapped in one pair of () \"\" '' {} [] or ^^; no two consecutive moves on one \
            face; fewer than 30 moves; the cube must end solved. Prints the length, the \
            optimal length and the bonuses earned (optimal, under 20). Exit status: 0 valid, \
            1 not valid, 2 usage error or invalid state."
)]
struct CheckArgs {
    /// the state, 24 stickers
    #[argh(positional)]
    state: String,
    /// the claimed solution
    #[argh(positional)]
    solution: String,
}

#[derive(FromArgs, Debug)]
/// Run a whole solver program on every position and judge its answers.
#[argh(
    subcommand,
    name = "judge",
    example = "pocket judge -- python3 solver.py",
    example = "pocket judge --input stdin --timeout 5 -- ./solver",
    example = "pocket judge --file random.txt -- pocket solve",
    note = "The program runs once per position (default: the 13 test patterns; --file takes a \
            pattern file or a plain list of states), gets the state as its last argument or \
            on standard input, and must print a solution by the rules of `pocket check` \
            within the time limit. It runs in a session of its own, which is killed when it \
            exits or at the limit; the judge never waits for more output after that. On \
            Linux, processes that left its process group are found, killed and reported, \
            and the run does not pass. Output over 64 KiB is cut and judged invalid. \
            --memory-limit bounds its address space (RLIMIT_AS): runtimes that reserve \
            much address space (Java, Node.js) may need more, or 0. Exit status: 0 every \
            position got a valid solution in time and left nothing running, 1 otherwise, \
            2 usage error."
)]
struct JudgeArgs {
    /// how the program gets the state: argv (last argument, default) or stdin
    #[argh(option, default = "InputMode::Argv")]
    input: InputMode,
    /// seconds allowed per run (default 30, the challenge's limit)
    #[argh(option, default = "30.0", from_str_fn(parse_seconds))]
    timeout: f64,
    /// address space allowed per run, in MiB (default 1024; 0 for no limit)
    #[argh(
        option,
        arg_name = "MIB",
        default = "DEFAULT_MEMORY_MIB",
        from_str_fn(parse_memory_limit)
    )]
    memory_limit: u64,
    /// positions to run (default: the built-in test patterns)
    #[argh(option)]
    file: Option<String>,
    /// the program and its arguments (put -- before them)
    #[argh(positional, greedy)]
    program: Vec<String>,
}

/// `judge --memory-limit` unless given, in MiB.
const DEFAULT_MEMORY_MIB: u64 = 1024;
/// The highest `judge --memory-limit`, in MiB: 16 TiB.
const MAX_MEMORY_MIB: u64 = 1 << 24;

fn parse_memory_limit(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(mib) if mib <= MAX_MEMORY_MIB => Ok(mib),
        _ => Err(format!(
            "bad memory limit '{s}' (expected a whole number of MiB up to {MAX_MEMORY_MIB}, \
             or 0 for no limit)"
        )),
    }
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() && x <= 86_400.0 => Ok(x),
        _ => Err(format!("bad timeout '{s}' (expected seconds, more than 0)")),
    }
}

#[derive(FromArgs, Debug)]
/// Solve states optimally: one line of moves over R U F per state.
#[argh(
    subcommand,
    name = "solve",
    example = "pocket solve UUUURLFBLRBFLLFFRRBBDDDD",
    example = "pocket solve --compact --metric qtm < states.txt",
    example = "pocket solve --all -- -UUUR...   (use -- before a state starting with -)",
    example = "pocket solve --puzzle pocket-21 \"2 0 3 1 6 7 8 9 10 11 4 5 12 13 14 15 16 17 18 19 20\"",
    note = "With no STATE, states are read from standard input, one per line (blank lines \
            skipped). Each state gets exactly one output line, in input order: the moves, \
            an empty line for a solved cube, or `error: <reason>` for an invalid state. \
            Exit status: 0 all solved, 1 some state invalid, 2 usage error."
)]
struct SolveArgs {
    /// metric to minimise: htm (a half turn is one move, default) or qtm (a half
    /// turn counts two)
    #[argh(option, default = "Metric::Htm")]
    metric: Metric,
    /// print moves without spaces, e.g. RU2F'
    #[argh(switch)]
    compact: bool,
    /// print every optimal solution on the state's line, separated by ", " (with
    /// --compact by a space), sorted move by move in the order R R' R2 U U' U2 F F' F2
    #[argh(switch)]
    all: bool,
    /// print only the number of optimal solutions
    #[argh(switch)]
    count: bool,
    /// bidir (default): bidirectional search, instant start; table: build the full
    /// distance table once (about 0.1 s), then solve very fast on both cores
    #[argh(option, default = "Method::Bidir")]
    method: Method,
    /// move costs to minimise instead of a metric, e.g.
    /// "R2=1.5,U2=1.4,F=1.3,F2=2" (a face letter sets that face's other turns; moves
    /// not named cost 1); the text output ends with " (cost X)"
    #[argh(option)]
    cost: Option<String>,
    /// solve the position a WCA move sequence makes from solved (U D L R F B x y z,
    /// with ' and 2); repeat for several; "-" reads one sequence per line from stdin
    #[argh(option)]
    moves: Vec<String>,
    /// facelet order of the states: golf (default, the net of the README) or urfdlb
    /// (Kociemba's U R F D L B order)
    #[argh(option, default = "Layout::Golf")]
    layout: Layout,
    /// turn only these moves: faces (RU) or a list (R2,U2,F2); a state they cannot
    /// reach gets an error line
    #[argh(option, long = "gen", from_str_fn(parse_generators))]
    generators: Option<Vec<Move>>,
    /// solve to the nearest state matching this pattern instead: 24 characters in the
    /// state's colours, `.` for any colour (e.g. first layer: ............LLFFRRBBDDDD)
    #[argh(option)]
    goal: Option<String>,
    /// solve another puzzle: a built-in name (`pocket puzzles`) or a definition file;
    /// states are sticker strings of that puzzle (or sticker numbers, `2 0 3 1 ...`,
    /// when its stickers all differ, as in pocket-21), costs those of its definition;
    /// takes --all, --count, --compact and --cost
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

#[derive(FromArgs, Debug)]
/// Solve every position of a pattern file and compare with its expected lengths.
#[argh(
    subcommand,
    name = "patterns",
    example = "pocket patterns",
    example = "pocket patterns --metric qtm",
    example = "pocket patterns --file my-positions.txt",
    note = "The default file is the 13 published test patterns (fixtures/patterns.txt). \
            Format: NAME STATE HTM-LENGTH [QTM-LENGTH], one per line, # for comments. \
            Exit status 1 if any found length differs from the file or a solution fails."
)]
struct PatternsArgs {
    /// pattern file to run (default: the built-in test patterns)
    #[argh(option)]
    file: Option<String>,
    /// metric: htm (default) or qtm
    #[argh(option, default = "Metric::Htm")]
    metric: Metric,
}

#[derive(FromArgs, Debug)]
/// Count positions and local maxima at every distance from solved (God's algorithm).
#[argh(
    subcommand,
    name = "census",
    example = "pocket census",
    example = "pocket census --metric qtm",
    example = "pocket census --metric all --json",
    note = "Metrics: htm (R R' R2 U U' U2 F F' F2), qtm (R R' U U' F F'), one-way (R U F \
            only: distances along a directed graph). A local maximum is a position from \
            which no single move of the metric leads further from solved. --json prints \
            one JSON object per metric and line."
)]
struct CensusArgs {
    /// htm, qtm, one-way or all (default: all)
    #[argh(option, default = "MetricChoice::All")]
    metric: MetricChoice,
    /// count only these moves: faces (RU) or a list (R2,U2,F2)
    #[argh(option, long = "gen", from_str_fn(parse_generators))]
    generators: Option<Vec<Move>>,
    /// count another puzzle: a built-in name (`pocket puzzles`) or a definition file
    #[argh(option)]
    puzzle: Option<String>,
    /// with --puzzle, distances in the costs of its definition instead of moves
    #[argh(switch)]
    weighted: bool,
    /// with --puzzle, distances in these costs (NAME=COST,...; moves not named keep
    /// the definition's cost)
    #[argh(option)]
    cost: Option<String>,
    /// print JSON instead of tables
    #[argh(switch)]
    json: bool,
}

/// How `solve` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Bidir,
    Table,
}

impl std::str::FromStr for Method {
    type Err = String;

    fn from_str(s: &str) -> Result<Method, String> {
        match s.to_ascii_lowercase().as_str() {
            "bidir" | "bidirectional" => Ok(Method::Bidir),
            "table" => Ok(Method::Table),
            _ => Err(format!("unknown method '{s}' (expected bidir or table)")),
        }
    }
}

/// One census metric or all of them.
#[derive(Clone, Copy, Debug)]
enum MetricChoice {
    One(CensusMetric),
    All,
}

impl std::str::FromStr for MetricChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<MetricChoice, String> {
        if s.eq_ignore_ascii_case("all") {
            Ok(MetricChoice::All)
        } else {
            s.parse()
                .map(MetricChoice::One)
                .map_err(|_| format!("unknown metric '{s}' (expected htm, qtm, one-way or all)"))
        }
    }
}

/// Run the command line `args` (including the program name) and return its status.
pub fn run<I: IntoIterator<Item = OsString>>(args: I) -> ExitCode {
    let args: Vec<String> = args
        .into_iter()
        .map(|a| crate::model::stickers::os_arg_text(&a))
        .collect();
    let name = args.first().map(|s| program_name(s)).unwrap_or("pocket");
    let rest: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    let parsed = match Pocket::from_args(&[name], &rest) {
        Ok(p) => p,
        Err(early) => {
            return match early.status {
                Ok(()) => print_quietly(&early.output),
                Err(()) => {
                    for line in early.output.trim_end().lines() {
                        eprintln!("{}", escape_text(line));
                    }
                    eprintln!("Run `{name} --help` for usage.");
                    ExitCode::from(EXIT_USAGE)
                }
            };
        }
    };
    let status = match parsed.command {
        Command::Solve(a) => cmd_solve(a),
        Command::Patterns(a) => cmd_patterns(a),
        Command::Census(a) => cmd_census(a),
        Command::Check(a) => cmd_check(a),
        Command::Judge(a) => cmd_judge(a),
        Command::Scramble(a) => cmd_scramble(a),
        Command::Show(a) => cmd_show(a),
        Command::Puzzles(_) => cmd_puzzles(),
        Command::Algs(a) => cmd_algs(a),
    };
    match status {
        Ok(code) => ExitCode::from(code),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(EXIT_OK),
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn program_name(path: &str) -> &str {
    std::path::Path::new(path)
        .file_name()
        .and_then(|s| s.to_str())
        .unwrap_or("pocket")
}

/// Print help text: quiet on a closed pipe, but a failed write (a full disk) is an
/// error, not a success.
fn print_quietly(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    let written = out
        .write_all(text.as_bytes())
        .and_then(|_| {
            if text.ends_with('\n') {
                Ok(())
            } else {
                out.write_all(b"\n")
            }
        })
        .and_then(|_| out.flush());
    match written {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(EXIT_OK),
        Err(e) => {
            eprintln!("pocket: cannot write the help: {e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn usage(command: &str, message: &str) -> io::Result<u8> {
    report_usage(command, message);
    Ok(EXIT_USAGE)
}

/// Say what is wrong with the command line, and where help is.
fn report_usage(command: &str, message: &str) {
    eprintln!("pocket: {}", escape_text(message));
    eprintln!("Run `pocket {command} --help` for usage.");
}

fn cmd_algs(a: AlgsArgs) -> io::Result<u8> {
    let effect = match (&a.effect, &a.orbit) {
        (Some(e), None) => e.clone(),
        (None, Some(_)) => return cmd_orbit(a),
        (Some(_), Some(_)) => {
            return usage("algs", "--effect and --orbit are two searches: give one");
        }
        (None, None) => return usage("algs", "give --effect PATTERN or --orbit KIND"),
    };
    if a.puzzle.is_some()
        || a.change.is_some()
        || a.max_changed.is_some()
        || a.max_power.is_some()
        || a.any_face
        || a.keep.is_some()
        || a.json
    {
        return usage(
            "algs",
            "--puzzle, --change, --max-changed, --max-power, --any-face, --keep and --json are for --orbit",
        );
    }
    let generators = match a.generators.as_deref().map(parse_generators).transpose() {
        Ok(g) => g,
        Err(e) => return usage("algs", &format!("bad --gen: {e}")),
    };
    let costs = match a.cost.as_deref().map(str::parse::<Costs>).transpose() {
        Ok(c) => c,
        Err(e) => return usage("algs", &format!("bad --cost: {e}")),
    };
    let (pattern, goal) = match Goal::parse(&effect)
        .and_then(|g| Ok((g, g.faces_for(&Stickers::SOLVED, &Cube::SOLVED)?)))
    {
        Ok(both) => both,
        Err(e) => {
            return usage(
                "algs",
                &format!(
                    "bad --effect: {}",
                    e.replace("the state", "the solved cube (ULFRBD)")
                ),
            );
        }
    };
    // A well-formed effect that no position has is bad input, not bad usage.
    if let Some(why) = crate::model::goal::unmatchable(&pattern, &goal) {
        eprintln!("pocket: no position has the effect {effect}: {why}");
        return Ok(EXIT_BAD_INPUT);
    }
    if a.max_length.is_some_and(|n| n > 20) {
        return usage("algs", "--max-length is at most 20");
    }
    let moves = generators.unwrap_or_else(|| Move::ALL.to_vec());
    let progress = show_progress();
    let search = AlgSearch::new(&goal, &moves);
    let Some(shortest) = search.shortest() else {
        eprintln!(
            "pocket: no sequence of {} has this effect",
            generators_name(&moves)
        );
        return Ok(EXIT_BAD_INPUT);
    };
    // The empty sequence is no algorithm, even when the solved cube fits the pattern.
    let shortest = shortest.max(1);
    let longest = a.max_length.unwrap_or(shortest);
    let limit = a.limit.unwrap_or(usize::MAX);
    let mut out = io::stdout().lock();
    let mut printed = 0;
    for length in shortest..=longest {
        if progress {
            eprint!("\rpocket: searching {length} moves...");
        }
        let mut algs = search.of_length(length);
        if let Some(c) = &costs {
            // Stable: equal costs keep move order.
            algs.sort_by_cached_key(|alg| {
                c.total(alg)
                    .parse::<f64>()
                    .map(|x| (x * 1000.0).round() as u64)
                    .unwrap_or(0)
            });
        }
        for alg in algs {
            if printed == limit {
                break;
            }
            match &costs {
                Some(c) => writeln!(out, "{alg} (cost {})", c.total(&alg))?,
                None => writeln!(out, "{alg}")?,
            }
            printed += 1;
        }
        out.flush()?;
        if printed == limit {
            break;
        }
    }
    if progress {
        eprintln!("\rpocket: {printed} sequences of {shortest} to {longest} moves");
    }
    Ok(EXIT_OK)
}

/// Whether to show a search's progress: on a terminal, and only when the results go
/// elsewhere (on the same terminal they are progress enough).
fn show_progress() -> bool {
    io::stderr().is_terminal() && !io::stdout().is_terminal()
}

/// The longest sequences `algs --orbit` tries without `--max-length` (the 3x3x3: 5 s).
const DEFAULT_ORBIT_LENGTH: usize = 7;

/// `pocket algs --orbit`: the magic-move search.
fn cmd_orbit(a: AlgsArgs) -> io::Result<u8> {
    if a.cost.is_some() {
        return usage(
            "algs",
            "--cost orders --effect searches; --orbit lists by length",
        );
    }
    let kind = a.orbit.as_deref().unwrap_or("corner");
    let name = a.puzzle.as_deref().unwrap_or("3x3x3");
    let longest = a.max_length.unwrap_or(DEFAULT_ORBIT_LENGTH);
    if longest > 12 {
        return usage("algs", "--max-length is at most 12 with --orbit");
    }
    let max_power = a.max_power.unwrap_or(6);
    if !(1..=1000).contains(&max_power) {
        return usage("algs", "--max-power is 1 to 1000");
    }
    if a.max_changed == Some(0) {
        return usage("algs", "--max-changed is at least 1");
    }
    let puzzle = match load_puzzle("algs", name, None) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let moves = match a
        .generators
        .as_deref()
        .map(|g| puzzle.parse_moves(g))
        .transpose()
    {
        Ok(m) => m.unwrap_or_default(),
        Err(e) => return usage("algs", &format!("bad --gen: {e}")),
    };
    let rules = Rules {
        change: a.change.unwrap_or(Change::Any),
        max_changed: a.max_changed.unwrap_or(3),
        max_power,
        one_face: !a.any_face,
        keep: a.keep.as_ref().map(|k| {
            k.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        }),
        ..Rules::new(kind)
    };
    let search = match OrbitSearch::new(&puzzle, rules, &moves) {
        Ok(s) => s,
        Err(e) => return usage("algs", &format!("bad --orbit: {e}")),
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let progress = show_progress();
    let limit = a.limit.unwrap_or(usize::MAX);
    let mut out = io::stdout().lock();
    let mut printed = 0;
    let mut searched = 0;
    for length in 1..=longest {
        // Without --max-length, the shortest length that has any.
        if printed == limit || (a.max_length.is_none() && printed > 0) {
            break;
        }
        searched = length;
        if progress {
            eprint!("\rpocket: searching {length} moves...");
        }
        let mut result = Ok(());
        let mut shown = 0;
        search.each_of_length(
            length,
            threads,
            |found| {
                result = match a.json {
                    true => writeln!(out, "{}", found.json(&puzzle)),
                    false => writeln!(out, "{}", found.line(&puzzle)),
                };
                printed += 1;
                result.is_ok() && printed < limit
            },
            |done, parts| {
                let percent = done * 100 / parts;
                if progress && percent != shown {
                    eprint!("\rpocket: searching {length} moves... {percent}%");
                    shown = percent;
                }
            },
        );
        result?;
        out.flush()?;
    }
    if progress {
        eprint!("\r{:50}\r", "");
    }
    if printed == 0 && searched > 0 {
        eprintln!("pocket: no magic move of 1 to {searched} moves (--max-length for longer)");
    } else if progress {
        eprintln!("pocket: {printed} magic moves of 1 to {searched} moves");
    }
    Ok(EXIT_OK)
}

fn cmd_puzzles() -> io::Result<u8> {
    let mut out = io::stdout().lock();
    for (name, text) in BUILTIN_PUZZLES {
        match Puzzle::parse(text, name) {
            Ok(p) => {
                let moves: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
                writeln!(
                    out,
                    "{name}\t{} stickers\tmoves {}",
                    p.stickers(),
                    moves.join(" ")
                )?;
            }
            Err(e) => writeln!(out, "{name}\terror: {}", escape_text(&e.to_string()))?,
        }
    }
    Ok(EXIT_OK)
}

/// A puzzle by name or file with any `--cost` applied; a problem is reported and
/// turned into the exit status.
fn load_puzzle(command: &str, name: &str, cost: Option<&str>) -> Result<Puzzle, u8> {
    let puzzle = Puzzle::load(name).map_err(|e| {
        eprintln!("pocket: puzzle {name}: {e}");
        EXIT_BAD_INPUT
    })?;
    match cost.map(|c| puzzle.with_costs(c)).transpose() {
        Ok(costed) => Ok(costed.unwrap_or(puzzle)),
        Err(e) => {
            report_usage(command, &format!("bad --cost: {e}"));
            Err(EXIT_USAGE)
        }
    }
}

/// `pocket solve --puzzle`: states of a defined puzzle, one answer line each.
fn solve_puzzle(a: &SolveArgs, name: &str) -> io::Result<u8> {
    if a.generators.is_some()
        || !a.moves.is_empty()
        || a.json
        || a.show
        || a.steps
        || a.goal.is_some()
        || a.method == Method::Table
        || a.metric != Metric::Htm
        || a.layout != Layout::Golf
    {
        return usage(
            "solve",
            "--puzzle takes only --all, --count, --compact and --cost",
        );
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
    let weighted = puzzle.weighted();
    let mut solver = space.solver();
    let mut answer = |state: &[u8]| -> Result<String, String> {
        let start = puzzle.state(state)?;
        let paths = if a.all || a.count {
            solver.try_solve_all(start)
        } else {
            solver.try_solve(start).map(|p| p.into_iter().collect())
        }
        .map_err(|e| e.to_string())?;
        let Some(first) = paths.first() else {
            return Err(format!("not reachable with the moves of {}", puzzle.name));
        };
        let sep = if a.compact { "" } else { " " };
        let mut line = if a.count {
            paths.len().to_string()
        } else {
            let texts: Vec<String> = paths
                .iter()
                .map(|p| space.names(&p.moves).join(sep))
                .collect();
            texts.join(if a.compact { " " } else { ", " })
        };
        if weighted && !a.count {
            line.push_str(&format!(
                "{}(cost {})",
                if first.moves.is_empty() { "" } else { " " },
                space.format_cost(first.cost)
            ));
        }
        Ok(line)
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut invalid = 0;
    let mut emit = |result: Result<String, String>, out: &mut dyn Write| -> io::Result<()> {
        match result {
            Ok(line) => writeln!(out, "{line}"),
            Err(e) => {
                invalid += 1;
                writeln!(out, "error: {}", escape_text(&e))
            }
        }
    };
    if a.states.is_empty() {
        let mut reader = LineReader::new(io::stdin().lock());
        loop {
            let line = {
                let mut flush = || out.flush();
                reader.next_line(&mut flush)?
            };
            let result = match line {
                None => break,
                Some(Line::TooLong(n)) => Err(format!("line too long ({n} bytes)")),
                Some(Line::Text(t)) if trim(t).is_empty() => continue,
                Some(Line::Text(t)) => answer(trim(t)),
            };
            emit(result, &mut out)?;
        }
    } else {
        for s in &a.states {
            emit(answer(s.as_bytes()), &mut out)?;
        }
    }
    out.flush()?;
    Ok(if invalid == 0 {
        EXIT_OK
    } else {
        EXIT_BAD_INPUT
    })
}

fn cmd_solve(mut a: SolveArgs) -> io::Result<u8> {
    if let Some(name) = a.puzzle.clone() {
        return solve_puzzle(&a, &name);
    }
    let costs = match a.cost.as_deref().map(str::parse::<Costs>).transpose() {
        Ok(c) => c,
        Err(e) => return usage("solve", &format!("bad --cost: {e}")),
    };
    if costs.is_some() && (a.metric != Metric::Htm || a.method == Method::Table) {
        return usage(
            "solve",
            "--cost replaces --metric and works with the default method only",
        );
    }
    if a.generators.is_some() && a.method == Method::Table {
        return usage("solve", "--gen works with the default method only");
    }
    let goal = match a.goal.as_deref().map(Goal::parse).transpose() {
        Ok(g) => g,
        Err(e) => return usage("solve", &e),
    };
    if goal.is_some() && (a.method == Method::Table || a.all || a.count || a.json) {
        return usage(
            "solve",
            "--goal works with the default method, without --all, --count or --json",
        );
    }
    let generators = a.generators.clone().unwrap_or_else(|| Move::ALL.to_vec());
    if !a.moves.is_empty() && !a.states.is_empty() {
        return usage("solve", "give either --moves sequences or states, not both");
    }
    let moves_input = !a.moves.is_empty();
    if a.moves.iter().any(|m| m == "-") {
        if a.moves.len() > 1 {
            return usage(
                "solve",
                "--moves - reads standard input and cannot be mixed with sequences",
            );
        }
        a.moves.clear();
    }
    let answer = Answer {
        compact: a.compact,
        all: a.all,
        count: a.count,
        json: a.json,
        layout: a.layout,
        moves_input,
        metric: a.metric,
        costs: costs.clone(),
        show: a
            .show
            .then(|| (Style::detect(io::stdout().is_terminal()), a.steps)),
        goal,
        reach_name: generators_name(a.generators.as_deref().unwrap_or(&Move::ALL)),
    };
    let table = (a.method == Method::Table).then(|| TableSolver::new(a.metric));
    let built = match &costs {
        Some(c) => {
            PocketSolver::with_costs_in(c, &generators).map_err(|e| format!("bad --cost: {e}"))
        }
        None => PocketSolver::with_moves(&generators, a.metric),
    };
    let mut bidir = match built {
        Ok(s) => s,
        Err(e) => return usage("solve", &e),
    };
    let inputs = if moves_input {
        std::mem::take(&mut a.moves)
    } else {
        std::mem::take(&mut a.states)
    };
    // Answer a batch: on both cores with the table, which is shared read-only.
    let mut run = |items: &[Item], text: &[u8]| match &table {
        None => answer.batch(&mut bidir, items, text),
        Some(t) if items.len() < 64 => answer.batch(&mut &*t, items, text),
        Some(t) => {
            let (left, right) = items.split_at(items.len() / 2);
            std::thread::scope(|s| {
                let other = s.spawn(|| answer.batch(&mut &*t, right, text));
                let (mut out, mut errors) = answer.batch(&mut &*t, left, text);
                let (out2, errors2) = other.join().expect("solver thread");
                out.push_str(&out2);
                errors.extend(errors2);
                (out, errors)
            })
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let tally = if inputs.is_empty() {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            eprintln!("pocket: reading states from standard input, one per line (Ctrl-D ends)");
        }
        answer_lines(&mut LineReader::new(stdin.lock()), &mut run, &mut out)?
    } else {
        answer_arguments(&inputs, &mut run, &mut out)?
    };
    Ok(tally.finish())
}

/// The built-in patterns, or those of a file; a file that cannot be used is reported.
fn load_patterns(file: &Option<String>) -> Result<Vec<Pattern>, u8> {
    let Some(path) = file else {
        return Ok(builtin_patterns());
    };
    let text = crate::io::read_text_file(path).map_err(|e| {
        eprintln!("pocket: {e}");
        EXIT_BAD_INPUT
    })?;
    parse_patterns(&text).map_err(|e| {
        eprintln!("pocket: {path}: {e}");
        EXIT_BAD_INPUT
    })
}

fn cmd_patterns(a: PatternsArgs) -> io::Result<u8> {
    let patterns = match load_patterns(&a.file) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let report = crate::challenge::patterns::run_patterns(&patterns, a.metric);
    let mut out = io::stdout().lock();
    out.write_all(report.table.as_bytes())?;
    out.flush()?;
    Ok(if report.all_good {
        EXIT_OK
    } else {
        EXIT_BAD_INPUT
    })
}

fn cmd_check(a: CheckArgs) -> io::Result<u8> {
    let cube = match a.state.parse::<Stickers>().and_then(|s| s.to_cube()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("pocket: invalid state: {e}");
            return Ok(EXIT_USAGE);
        }
    };
    let optimal = PocketSolver::new(Metric::Htm).solve(&cube).len();
    let mut out = io::stdout().lock();
    match check(&cube, &a.solution, optimal) {
        Ok(v) => {
            writeln!(out, "{v}")?;
            Ok(EXIT_OK)
        }
        Err(e) => {
            writeln!(out, "invalid: {e} (optimal is {optimal})")?;
            Ok(EXIT_BAD_INPUT)
        }
    }
}

fn cmd_judge(a: JudgeArgs) -> io::Result<u8> {
    if a.program.is_empty() {
        eprintln!("pocket: judge needs a program to run: pocket judge -- PROGRAM [ARGS...]");
        return Ok(EXIT_USAGE);
    }
    let patterns = match load_patterns(&a.file) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let limits = Limits {
        time: std::time::Duration::from_secs_f64(a.timeout),
        memory_mib: (a.memory_limit > 0).then_some(a.memory_limit),
    };
    let mut solver = PocketSolver::new(Metric::Htm);
    let width = patterns
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<width$}  {:>5}  {:>7}  {:>9}  result",
        "name", "moves", "optimal", "time"
    )?;
    let mut summary = Summary::default();
    for p in &patterns {
        let cube = match p.state.parse::<Stickers>().and_then(|s| s.to_cube()) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("pocket: line {}: {}: {e}", p.line, p.name);
                return Ok(EXIT_BAD_INPUT);
            }
        };
        let optimal = solver.solve(&cube).len();
        let run = run_one(&a.program, &p.state, &cube, optimal, a.input, limits);
        summary.add(&run);
        let (moves, result) = match &run.outcome {
            Outcome::Valid(v) => (v.length.to_string(), format!("valid ({})", v.bonuses())),
            Outcome::Invalid(why) => ("-".into(), format!("invalid: {why}")),
            Outcome::Timeout => ("-".into(), format!("timeout (over {} s)", a.timeout)),
            Outcome::Crashed(why) => ("-".into(), format!("crashed: {why}")),
        };
        let result = match run.note() {
            Some(note) => format!("{result}; {note}"),
            None => result,
        };
        writeln!(
            out,
            "{:<width$}  {moves:>5}  {optimal:>7}  {:>6.1} ms  {result}",
            p.name,
            run.time.as_secs_f64() * 1e3
        )?;
        out.flush()?;
    }
    writeln!(out, "{summary}")?;
    Ok(if summary.passed() {
        EXIT_OK
    } else {
        EXIT_BAD_INPUT
    })
}

fn cmd_show(a: ShowArgs) -> io::Result<u8> {
    let given = match Stickers::from_bytes(a.state.as_bytes()) {
        Ok(s) => a.layout.to_golf(&s),
        Err(e) => {
            eprintln!("pocket: {}", e.message(a.layout));
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let problem = given.to_cube().err();
    if let Some(path) = &a.svg {
        if let Err(e) = std::fs::write(path, svg(&given, &sticker_colours(&given))) {
            eprintln!("pocket: cannot write {path}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    } else {
        let style = Style::detect(io::stdout().is_terminal());
        let mut out = io::stdout().lock();
        out.write_all(draw(&given, style).as_bytes())?;
        out.flush()?;
    }
    match problem {
        Some(e) => {
            eprintln!("pocket: not a valid cube: {}", e.message(a.layout));
            Ok(EXIT_BAD_INPUT)
        }
        None => Ok(EXIT_OK),
    }
}

fn cmd_scramble(a: ScrambleArgs) -> io::Result<u8> {
    if a.optimal && a.length.is_some() {
        return usage("scramble", "choose --length or --optimal, not both");
    }
    let scrambler = Scrambler::with_moves(a.generators.as_deref().unwrap_or(&Move::ALL));
    if a.min_distance > scrambler.diameter() {
        return usage(
            "scramble",
            &format!(
                "--min-distance {} is more than the largest distance ({})",
                a.min_distance,
                scrambler.diameter()
            ),
        );
    }
    if a.length.is_some_and(|l| l > 1000) {
        return usage("scramble", "--length is at most 1000");
    }
    let length = if a.optimal {
        Length::Optimal
    } else {
        Length::Fixed(a.length.unwrap_or(11))
    };
    let mut rng = a.seed.map_or_else(Rng::from_entropy, Rng::from_seed);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for _ in 0..a.count {
        let Some(sc) = scrambler.scramble(&mut rng, a.min_distance, length) else {
            return usage("scramble", "no position is that far from solved");
        };
        let state = sc.cube.stickers();
        if a.json {
            let v = serde_json::json!({
                "scramble": sc.alg.to_string(),
                "state": state.as_str(),
                "length": sc.alg.len(),
                "distance": sc.distance,
            });
            writeln!(out, "{v}")?;
        } else {
            writeln!(out, "{}\t{}", sc.alg, state)?;
        }
    }
    out.flush()?;
    Ok(EXIT_OK)
}

/// `pocket census --puzzle`: distances of every position of a defined puzzle.
fn census_puzzle(a: &CensusArgs, name: &str) -> io::Result<u8> {
    if a.generators.is_some() || !matches!(a.metric, MetricChoice::All) {
        return usage(
            "census",
            "--puzzle counts the moves of its definition: no --metric or --gen",
        );
    }
    let puzzle = match load_puzzle("census", name, a.cost.as_deref()) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let weighted = a.weighted || a.cost.is_some();
    let space = match puzzle.space(weighted) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pocket: puzzle {name}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let census = match PuzzleCensus::compute(&space) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("pocket: puzzle {name}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let mut out = io::stdout().lock();
    let unit = if weighted { "cost" } else { "distance" };
    if a.json {
        let rows: Vec<serde_json::Value> = census
            .rows
            .iter()
            .map(|&(d, p, l)| serde_json::json!({ unit: space.format_cost(d).parse::<f64>().unwrap_or(0.0), "positions": p, "local_maxima": l }))
            .collect();
        let v = serde_json::json!({
            "puzzle": puzzle.name,
            "weighted": weighted,
            "rows": rows,
            "total_positions": census.total(),
            "diameter": space.format_cost(census.diameter()).parse::<f64>().unwrap_or(0.0),
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{} ({} stickers)", puzzle.name, puzzle.stickers())?;
        writeln!(
            out,
            "{unit:>8}  {:>10}  {:>12}",
            "positions", "local maxima"
        )?;
        for &(d, p, l) in &census.rows {
            writeln!(
                out,
                "{:>8}  {:>10}  {:>12}",
                space.format_cost(d),
                group(p),
                group(l)
            )?;
        }
        let maxima: u64 = census.rows.iter().map(|r| r.2).sum();
        writeln!(
            out,
            "{:>8}  {:>10}  {:>12}",
            "total",
            group(census.total()),
            group(maxima)
        )?;
    }
    Ok(EXIT_OK)
}

fn cmd_census(a: CensusArgs) -> io::Result<u8> {
    if let Some(name) = a.puzzle.clone() {
        return census_puzzle(&a, &name);
    }
    let metrics = match a.metric {
        MetricChoice::One(m) => vec![m],
        MetricChoice::All => CensusMetric::ALL.to_vec(),
    };
    let (all, us) = match &a.generators {
        None => timed(|| Census::compute_all(&metrics)),
        Some(generators) => timed(|| {
            let mut all = Vec::new();
            for &m in &metrics {
                match Census::compute_in(m, generators) {
                    Some(c) => all.push(c),
                    None => eprintln!(
                        "pocket: {m} has no move among {}",
                        generators_name(generators)
                    ),
                }
            }
            all
        }),
    };
    let mut out = io::stdout().lock();
    for (i, c) in all.iter().enumerate() {
        if a.json {
            writeln!(out, "{}", c.to_json())?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{c}")?;
        }
    }
    out.flush()?;
    if !a.json {
        eprintln!("pocket: census computed in {:.0} ms", us / 1000.0);
    }
    Ok(EXIT_OK)
}
