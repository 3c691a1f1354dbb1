//! `pocket judge`: whole solver programs run and judged.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use argh::FromArgs;

use crate::challenge::check::check;
use crate::challenge::judge::{
    InputMode, Isolation, IsolationChoice, Limits, Outcome, Run, Summary, WORKER_ENV,
    choose_isolation, guard_judge, halt_if_stopping, run_one, tie_worker,
};
use crate::cube::solver::PocketSolver;
use crate::model::cost::Metric;
use crate::model::pieces::Cube;
use crate::model::stickers::{Stickers, escape_text, parse_state};

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
            within the time limit. It runs the way isolate and nsjail run programs: in new \
            PID and mount namespaces with a fresh /proc (it sees neither the judge nor any \
            other process, and all of it dies with the namespace), as nobody when the judge \
            is root, under rlimits on memory, CPU time and processes, with only its three \
            standard descriptors open, killed with the judge; where namespaces cannot be \
            had, the fallback is a session of its own and the judge a subreaper. The line \
            `isolation: ...` on standard error says which is in force; --isolation fallback \
            forces the fallback, --isolation namespaces refuses to run without them. It is \
            killed when it exits or at the limit; the judge never waits for more output \
            after that. On Linux, processes that left its process group are found, killed and \
            reported, and the run does not pass. SIGTERM, SIGINT or SIGHUP to the judge \
            kills every process of every run before the judge exits. Output over 64 KiB is cut and judged invalid. \
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
    /// print one JSON object per position, then one with the totals
    #[argh(switch)]
    json: bool,
    /// positions judged at once, each run in a worker process of its own (default 1)
    #[argh(option, default = "1", from_str_fn(parse_jobs))]
    jobs: usize,
    /// how programs are isolated: auto (namespaces where they can be had, else the
    /// fallback; default), namespaces, or fallback
    #[argh(option, default = "IsolationChoice::Auto")]
    isolation: IsolationChoice,
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

fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        _ => Err(format!("bad --jobs '{s}' (expected 1 to 256)")),
    }
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() && x <= 86_400.0 => Ok(x),
        _ => Err(format!("bad timeout '{s}' (expected seconds, more than 0)")),
    }
}

/// A run as one JSON line, from a worker to the judge.
fn run_to_json(run: &Run) -> String {
    let (kind, text) = match &run.outcome {
        Outcome::Valid(v) => ("valid", v.alg.to_string()),
        Outcome::Invalid(why) => ("invalid", why.clone()),
        Outcome::Timeout => ("timeout", String::new()),
        Outcome::Crashed(why) => ("crashed", why.clone()),
        Outcome::NotStarted(why) => ("not-started", why.clone()),
    };
    serde_json::json!({
        "outcome": kind,
        "text": text,
        "seconds": run.time.as_secs_f64(),
        "escaped": run.escaped,
        "survivors": run.survivors,
        "stderr": run.stderr_tail,
    })
    .to_string()
}

/// A worker's JSON line as a run of `cube`; `None` if it is not one.
fn run_from_json(line: &str, cube: &Cube, optimal: usize) -> Option<Run> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let text = v["text"].as_str()?.to_string();
    let outcome = match v["outcome"].as_str()? {
        "valid" => Outcome::Valid(check(cube, &text, optimal).ok()?),
        "invalid" => Outcome::Invalid(text),
        "timeout" => Outcome::Timeout,
        "crashed" => Outcome::Crashed(text),
        _ => Outcome::NotStarted(text),
    };
    Some(Run {
        outcome,
        time: Duration::from_secs_f64(v["seconds"].as_f64()?),
        escaped: v["escaped"].as_u64()? as usize,
        survivors: v["survivors"].as_u64()? as usize,
        stderr_tail: v["stderr"].as_str()?.to_string(),
    })
}

/// The worker side of `--jobs`.
fn worker(a: &JudgeArgs, mut limits: Limits) -> io::Result<u8> {
    // The judge passes the isolation it chose (and announced): no second probe.
    limits.isolation = match a.isolation {
        IsolationChoice::Fallback => Isolation::Fallback,
        IsolationChoice::Namespaces => Isolation::Namespaces,
        IsolationChoice::Auto => choose_isolation(a.isolation).map_or(Isolation::Fallback, |c| c.0),
    };
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let Some((state, optimal)) = line.split_once('\t') else {
            continue;
        };
        let (Ok(cube), Ok(optimal)) = (parse_state(state), optimal.parse::<usize>()) else {
            continue;
        };
        let run = run_one(&a.program, state, &cube, optimal, a.input, limits);
        halt_if_stopping();
        writeln!(out, "{}", run_to_json(&run))?;
        out.flush()?;
    }
    Ok(EXIT_OK)
}

/// Judge `positions` on `jobs` worker processes at once; each run goes to `report`
/// (index and run) in the order they finish. After `stop` is set, no new run starts.
fn run_parallel(
    a: &JudgeArgs,
    isolation: Isolation,
    jobs: usize,
    positions: &[(Cube, String, usize)],
    stop: &AtomicBool,
    report: &mpsc::Sender<(usize, Run)>,
) -> io::Result<()> {
    let exe = std::env::current_exe()?;
    let next = AtomicUsize::new(0);
    let mut args = vec![
        "judge".to_string(),
        "--input".into(),
        a.input.to_string(),
        "--timeout".into(),
        a.timeout.to_string(),
        "--memory-limit".into(),
        a.memory_limit.to_string(),
        "--isolation".into(),
        match isolation {
            Isolation::Namespaces => "namespaces".into(),
            Isolation::Fallback => "fallback".into(),
        },
        "--".into(),
    ];
    args.extend(a.program.iter().cloned());
    std::thread::scope(|s| {
        let mut handles = Vec::new();
        for _ in 0..jobs.min(positions.len()) {
            let mut cmd = Command::new(&exe);
            cmd.args(&args)
                .env(WORKER_ENV, "1")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped());
            tie_worker(&mut cmd);
            let mut child = cmd.spawn()?;
            let (Some(mut input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
                continue;
            };
            let (next, report) = (&next, report.clone());
            handles.push(s.spawn(move || -> io::Result<()> {
                let mut lines = io::BufReader::new(output).lines();
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= positions.len() || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let (cube, state, optimal) = &positions[i];
                    writeln!(input, "{state}\t{optimal}")?;
                    input.flush()?;
                    let line = lines.next().transpose()?.unwrap_or_default();
                    let run = run_from_json(&line, cube, *optimal).unwrap_or(Run {
                        outcome: Outcome::Crashed("the judge's worker failed".into()),
                        time: Duration::ZERO,
                        escaped: 0,
                        survivors: 0,
                        stderr_tail: String::new(),
                    });
                    if report.send((i, run)).is_err() {
                        break;
                    }
                }
                drop(input);
                child.wait()?;
                Ok(())
            }));
        }
        for h in handles {
            h.join()
                .unwrap_or_else(|_| Err(io::Error::other("judge worker")))?;
        }
        Ok(())
    })
}

pub(super) fn cmd_judge(a: JudgeArgs) -> io::Result<u8> {
    if a.program.is_empty() {
        eprintln!("pocket: judge needs a program to run: pocket judge -- PROGRAM [ARGS...]");
        return Ok(EXIT_USAGE);
    }
    // Before any thread starts, so that every thread leaves the signals to the guard.
    guard_judge();
    let mut limits = Limits {
        time: Duration::from_secs_f64(a.timeout),
        memory_mib: (a.memory_limit > 0).then_some(a.memory_limit),
        isolation: Isolation::Fallback,
    };
    if std::env::var_os(WORKER_ENV).is_some() {
        return worker(&a, limits);
    }
    let isolation_line = match choose_isolation(a.isolation) {
        Ok((isolation, line)) => {
            limits.isolation = isolation;
            line
        }
        Err(why) => {
            eprintln!("pocket: judge --isolation namespaces: {why}");
            return Ok(EXIT_BAD_INPUT);
        }
    };
    eprintln!("pocket: {isolation_line}");
    let patterns = match load_patterns(&a.file) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let mut solver = PocketSolver::new(Metric::Htm);
    let mut positions = Vec::with_capacity(patterns.len());
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
        positions.push((cube, p.state.clone(), optimal));
    }
    let width = patterns
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, Run)>();
    std::thread::scope(|s| {
        let runner = s.spawn(|| -> io::Result<()> {
            let send = send;
            if a.jobs > 1 {
                return run_parallel(&a, limits.isolation, a.jobs, &positions, &stop, &send);
            }
            for (i, (cube, state, optimal)) in positions.iter().enumerate() {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let run = run_one(&a.program, state, cube, *optimal, a.input, limits);
                if send.send((i, run)).is_err() {
                    break;
                }
            }
            Ok(())
        });
        // The printer may stop early; dropping its receiver then ends the runner.
        let table = Table {
            a: &a,
            names: &patterns.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            positions: &positions,
            width,
            stop: &stop,
            isolation: &isolation_line,
        };
        let code = table.print(&mut io::stdout().lock(), receive);
        stop.store(true, Ordering::SeqCst);
        halt_if_stopping();
        let ran = runner
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("judge runner")));
        let code = code?;
        ran?;
        Ok(code)
    })
}

/// Prints the verdicts in position order as the runs come in.
struct Table<'a> {
    a: &'a JudgeArgs,
    names: &'a [&'a str],
    positions: &'a [(Cube, String, usize)],
    width: usize,
    /// Set when the judging is to stop: no new run starts.
    stop: &'a AtomicBool,
    /// The line that says how programs are isolated.
    isolation: &'a str,
}

impl Table<'_> {
    fn print(
        &self,
        out: &mut io::StdoutLock<'_>,
        receive: mpsc::Receiver<(usize, Run)>,
    ) -> io::Result<u8> {
        let a = self.a;
        if !a.json {
            writeln!(
                out,
                "{:<w$}  {:>5}  {:>7}  {:>9}  result",
                "name",
                "moves",
                "optimal",
                "time",
                w = self.width
            )?;
        }
        let mut summary = Summary::default();
        let mut waiting: BTreeMap<usize, Run> = BTreeMap::new();
        let mut at = 0;
        for (i, run) in receive.iter() {
            halt_if_stopping();
            waiting.insert(i, run);
            // Print in position order, as soon as the next one is in.
            while let Some(run) = waiting.remove(&at) {
                let (name, (_, state, optimal)) = (self.names[at], &self.positions[at]);
                at += 1;
                if let Outcome::NotStarted(why) = &run.outcome {
                    // Every other position would fail the same way.
                    self.stop.store(true, Ordering::SeqCst);
                    eprintln!("pocket: {}", escape_text(why));
                    return Ok(EXIT_BAD_INPUT);
                }
                summary.add(&run);
                if a.json {
                    writeln!(out, "{}", run_json(name, state, *optimal, &run))?;
                    out.flush()?;
                } else {
                    print_run(out, a, self.width, name, *optimal, &run)?;
                }
                let passed = matches!(run.outcome, Outcome::Valid(_)) && run.clean();
                if a.fail_fast && !passed {
                    self.stop.store(true, Ordering::SeqCst);
                    if !a.json {
                        writeln!(
                            out,
                            "stopped at the first position that did not pass (--fail-fast)"
                        )?;
                    }
                    return Ok(EXIT_BAD_INPUT);
                }
            }
        }
        halt_if_stopping();
        match a.json {
            true => writeln!(
                out,
                "{}",
                serde_json::json!({ "summary": summary.to_json(), "isolation": self.isolation })
            )?,
            false => writeln!(out, "{summary}")?,
        }
        Ok(if summary.passed() {
            EXIT_OK
        } else {
            EXIT_BAD_INPUT
        })
    }
}

/// One position's verdict as a JSON object, with the field names of `solve --json`.
fn run_json(name: &str, state: &str, optimal: usize, run: &Run) -> serde_json::Value {
    let (kind, why) = match &run.outcome {
        Outcome::Valid(_) => ("valid", None),
        Outcome::Invalid(why) => ("invalid", Some(why.as_str())),
        Outcome::Timeout => ("timeout", None),
        Outcome::Crashed(why) => ("crashed", Some(why.as_str())),
        Outcome::NotStarted(why) => ("not-started", Some(why.as_str())),
    };
    let mut v = serde_json::json!({
        "name": name,
        "input": state,
        "optimal": optimal,
        "outcome": kind,
        "time_ms": run.time.as_secs_f64() * 1e3,
        "clean": run.clean(),
    });
    if let Outcome::Valid(verdict) = &run.outcome {
        v["solution"] = verdict.alg.to_string().into();
        v["length"] = verdict.length.into();
        v["is_optimal"] = verdict.is_optimal().into();
    }
    if let Some(why) = why {
        v["error"] = why.into();
    }
    if let Some(note) = run.note() {
        v["note"] = note.into();
    }
    if matches!(run.outcome, Outcome::Crashed(_)) {
        v["stderr"] = run.stderr_tail.clone().into();
    }
    v
}

/// One position's verdict line, and the end of its standard error after a crash.
fn print_run(
    out: &mut dyn Write,
    a: &JudgeArgs,
    width: usize,
    name: &str,
    optimal: usize,
    run: &Run,
) -> io::Result<()> {
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
        "{name:<width$}  {moves:>5}  {optimal:>7}  {:>6.1} ms  {result}",
        run.time.as_secs_f64() * 1e3
    )?;
    if matches!(run.outcome, Outcome::Crashed(_)) {
        let lines: Vec<&str> = run.stderr_tail.trim_end().lines().collect();
        for line in &lines[lines.len().saturating_sub(STDERR_LINES)..] {
            writeln!(out, "    | {}", escape_text(line))?;
        }
    }
    out.flush()
}
