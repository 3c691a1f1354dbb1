//! `pocket judge`: whole solver programs run and judged.

use std::io::{self, Write};

use argh::FromArgs;

use crate::challenge::judge::{InputMode, Limits, Outcome, Summary, run_one};
use crate::cube::solver::PocketSolver;
use crate::model::cost::Metric;
use crate::model::stickers::{Stickers, escape_text};

use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, load_patterns};

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
pub(super) struct JudgeArgs {
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
    /// stop at the first position that does not pass
    #[argh(switch)]
    fail_fast: bool,
    /// the program and its arguments (put -- before them)
    #[argh(positional, greedy)]
    program: Vec<String>,
}

/// Lines of a crashed program's standard error shown under its verdict.
const STDERR_LINES: usize = 5;

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

pub(super) fn cmd_judge(a: JudgeArgs) -> io::Result<u8> {
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
                // A plain list of states names each position by its line already.
                match p.name == format!("line {}", p.line) {
                    true => eprintln!("pocket: line {}: {e}", p.line),
                    false => eprintln!("pocket: line {}: {}: {e}", p.line, p.name),
                }
                return Ok(EXIT_BAD_INPUT);
            }
        };
        let optimal = solver.solve(&cube).len();
        let run = run_one(&a.program, &p.state, &cube, optimal, a.input, limits);
        if let Outcome::NotStarted(why) = &run.outcome {
            // Every other position would fail the same way.
            eprintln!("pocket: {}", escape_text(why));
            return Ok(EXIT_BAD_INPUT);
        }
        summary.add(&run);
        let (moves, result) = match &run.outcome {
            Outcome::Valid(v) => (v.length.to_string(), format!("valid ({})", v.bonuses())),
            Outcome::Invalid(why) => ("-".into(), format!("invalid: {why}")),
            Outcome::Timeout => ("-".into(), format!("timeout (over {} s)", a.timeout)),
            Outcome::Crashed(why) => ("-".into(), format!("crashed: {why}")),
            Outcome::NotStarted(why) => ("-".into(), format!("not started: {why}")),
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
        // A crash shows the end of what the program said on standard error.
        if matches!(run.outcome, Outcome::Crashed(_)) {
            let lines: Vec<&str> = run.stderr_tail.trim_end().lines().collect();
            for line in &lines[lines.len().saturating_sub(STDERR_LINES)..] {
                writeln!(out, "    | {}", escape_text(line))?;
            }
        }
        out.flush()?;
        let passed = matches!(run.outcome, Outcome::Valid(_)) && run.clean();
        if a.fail_fast && !passed {
            writeln!(
                out,
                "stopped at the first position that did not pass (--fail-fast)"
            )?;
            return Ok(EXIT_BAD_INPUT);
        }
    }
    writeln!(out, "{summary}")?;
    Ok(if summary.passed() {
        EXIT_OK
    } else {
        EXIT_BAD_INPUT
    })
}
