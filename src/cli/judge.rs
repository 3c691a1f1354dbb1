//! `pocket judge`: whole solver programs run and judged.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use argh::FromArgs;

use pocket::challenge::check::check;
use pocket::challenge::judge::{
    DEFAULT_FILE_SIZE_MIB, InputMode, Isolation, IsolationChoice, Limits, Measured, Outcome, Run,
    Summary, WORKER_ENV, choose_isolation, guard_judge, halt_if_stopping, run_one, tie_worker,
};
use pocket::challenge::patterns::Pattern;
use pocket::cube::solver::PocketSolver;
use pocket::model::cost::Metric;
use pocket::model::pieces::Cube;
use pocket::model::stickers::{Stickers, escape_text, parse_state};

use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, load_patterns};

#[derive(FromArgs, Debug)]
/// Run a whole solver program on every position and judge its answers.
#[argh(
    subcommand,
    name = "judge",
    example = "pocket judge -- python3 solver.py",
    example = "pocket judge --input stdin --timeout 5 -- ./solver",
    example = "pocket judge --file random.txt -- pocket solve",
    example = "pocket judge --env SOLVER_THREADS=1 --writable cache -- ./solver",
    example = "pocket judge --bind tables -- python3 solver.py",
    note = "The program runs once per position (default: the 13 test patterns; --file takes a \
            pattern file or a plain list of states), gets the state as its last argument or \
            on standard input, and must print a solution by the rules of `pocket check` \
            within the time limit. It runs in a box built by addition, the way isolate and \
            nsjail build theirs: new network, PID, mount, IPC and UTS namespaces and a fresh \
            root holding only the system's folders, a few files of /etc, the folders of what \
            the command line names and --bind (read-only), --writable, a /tmp and /dev of its \
            own and its own /proc; a uid of its own per run when the judge is root, else an \
            identity that maps nothing; a seccomp allow list (no sockets but socketpair, no \
            keyring, mounts, ptrace or new namespaces); Landlock where the kernel has it; as \
            root a cgroup per run bounding the whole run's memory and processes; only PATH, \
            LANG, HOME, TMPDIR and what --env names in its environment; rlimits on memory, \
            CPU time, file size and processes; no new privileges; no terminal; only its \
            three standard descriptors; killed with the judge. Where namespaces cannot be \
            had, the fallback is a session of its own and the judge a subreaper, with the \
            same seccomp list, Landlock and limits. The line `isolation: ...` on standard \
            error says which is in force and what is not confined; --isolation fallback \
            forces the fallback, --isolation namespaces refuses to run without them. It is \
            killed when it exits or at the limit; the judge never waits for more output \
            after that. On Linux, processes that left its process group are found, killed and \
            reported, and the run does not pass. SIGTERM, SIGINT or SIGHUP to the judge \
            kills every process of every run before the judge exits. Output over 64 KiB is cut and judged invalid. \
            --memory-limit bounds each process's address space (RLIMIT_AS) and the whole \
            run's memory: runtimes that reserve much address space (Java, Node.js) may need \
            more, or 0. Exit status: 0 every \
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
    /// memory allowed per run, in MiB: each process's address space and the whole
    /// run's memory (default 1024; 0 for no limit)
    #[argh(
        option,
        arg_name = "MIB",
        default = "DEFAULT_MEMORY_MIB",
        from_str_fn(parse_memory_limit)
    )]
    memory_limit: u64,
    /// largest file the program may write, and the size of its /tmp, in MiB (default
    /// 64; 0 for no limit)
    #[argh(
        option,
        arg_name = "MIB",
        default = "DEFAULT_FILE_SIZE_MIB",
        from_str_fn(parse_file_size_limit)
    )]
    file_size_limit: u64,
    /// a variable for the program's environment: NAME=VALUE, or NAME for the judge's
    /// own value (repeatable; nothing else of the judge's environment is passed)
    #[argh(option, arg_name = "NAME[=VALUE]", from_str_fn(parse_env))]
    env: Vec<EnvArg>,
    /// a directory the program may write in, at its own path (repeatable); what it
    /// writes there outlives the run
    #[argh(option, arg_name = "DIR", from_str_fn(parse_writable))]
    writable: Vec<std::path::PathBuf>,
    /// a file or directory the program may read (and run), at its own path
    /// (repeatable): the box holds only the system's folders and the program's own
    #[argh(option, arg_name = "PATH", from_str_fn(parse_bind))]
    bind: Vec<std::path::PathBuf>,
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

/// The highest `judge --file-size-limit`, in MiB: 1 TiB.
const MAX_FILE_SIZE_MIB: u64 = 1 << 20;

fn parse_file_size_limit(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(mib) if mib <= MAX_FILE_SIZE_MIB => Ok(mib),
        _ => Err(format!(
            "bad file size limit '{s}' (expected a whole number of MiB up to \
             {MAX_FILE_SIZE_MIB}, or 0 for no limit)"
        )),
    }
}

/// `judge --env` as typed: a name, and its value if one was given.
#[derive(Clone, Debug)]
struct EnvArg {
    typed: String,
    name: String,
    value: Option<String>,
}

fn parse_env(s: &str) -> Result<EnvArg, String> {
    let (name, value) = match s.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (s, None),
    };
    let good_name = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !good_name || value.is_some_and(|v| v.contains('\0')) {
        return Err(format!(
            "bad --env '{}' (expected NAME=VALUE or NAME, a name of letters, digits and _)",
            s.escape_debug()
        ));
    }
    Ok(EnvArg {
        typed: s.to_string(),
        name: name.to_string(),
        value: value.map(str::to_string),
    })
}

fn parse_writable(s: &str) -> Result<std::path::PathBuf, String> {
    match std::fs::canonicalize(s) {
        Ok(p) if p.is_dir() => Ok(p),
        Ok(_) => Err(format!("bad --writable '{s}': not a directory")),
        Err(e) => Err(format!("bad --writable '{s}': {e}")),
    }
}

fn parse_bind(s: &str) -> Result<std::path::PathBuf, String> {
    match std::fs::canonicalize(s) {
        Ok(p) if p == std::path::Path::new("/") => Err(format!(
            "bad --bind '{s}': the whole file system is not bound"
        )),
        Ok(p) => Ok(p),
        Err(e) => Err(format!("bad --bind '{s}': {e}")),
    }
}

/// The program's variables from `--env`; an error naming a variable given without a
/// value that the judge's environment does not have either.
fn resolve_env(args: &[EnvArg]) -> Result<Vec<(String, String)>, String> {
    args.iter()
        .map(|a| match &a.value {
            Some(v) => Ok((a.name.clone(), v.clone())),
            None => match std::env::var(&a.name) {
                Ok(v) => Ok((a.name.clone(), v)),
                Err(_) => Err(format!(
                    "--env {}: not set in the judge's environment (give --env {}=VALUE)",
                    a.name, a.name
                )),
            },
        })
        .collect()
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
        _ => Err(format!(
            "bad timeout '{s}' (expected seconds, more than 0 and at most 86400, a day)"
        )),
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
        "memory_kib": run.measured.peak_memory_kib,
        "cpu_seconds": run.measured.cpu_time.map(|t| t.as_secs_f64()),
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
        measured: Measured {
            peak_memory_kib: v["memory_kib"].as_u64(),
            cpu_time: v["cpu_seconds"].as_f64().map(Duration::from_secs_f64),
        },
    })
}

/// The worker side of `--jobs`.
fn worker(a: &JudgeArgs, mut limits: Limits) -> io::Result<u8> {
    // The judge passes the isolation it chose (and announced): no second probe.
    limits.isolation = match a.isolation {
        IsolationChoice::Fallback => Isolation::Fallback,
        IsolationChoice::Namespaces => Isolation::Namespaces,
        IsolationChoice::Auto => {
            choose_isolation(a.isolation, limits.file_size_mib).map_or(Isolation::Fallback, |c| c.0)
        }
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
        let run = run_one(&a.program, state, &cube, optimal, a.input, &limits);
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
        "--file-size-limit".into(),
        a.file_size_limit.to_string(),
        "--isolation".into(),
        match isolation {
            Isolation::Namespaces => "namespaces".into(),
            Isolation::Fallback => "fallback".into(),
        },
    ];
    for e in &a.env {
        args.extend(["--env".to_string(), e.typed.clone()]);
    }
    for dir in &a.writable {
        args.extend(["--writable".to_string(), dir.display().to_string()]);
    }
    for path in &a.bind {
        args.extend(["--bind".to_string(), path.display().to_string()]);
    }
    args.push("--".into());
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
                        measured: Measured::default(),
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
    let env = match resolve_env(&a.env) {
        Ok(env) => env,
        Err(why) => {
            eprintln!("pocket: judge {why}");
            return Ok(EXIT_USAGE);
        }
    };
    let mut limits = Limits {
        time: Duration::from_secs_f64(a.timeout),
        memory_mib: (a.memory_limit > 0).then_some(a.memory_limit),
        file_size_mib: (a.file_size_limit > 0).then_some(a.file_size_limit),
        env,
        writable: a.writable.clone(),
        bind: a.bind.clone(),
        isolation: Isolation::Fallback,
    };
    if std::env::var_os(WORKER_ENV).is_some() {
        return worker(&a, limits);
    }
    let isolation_line = match choose_isolation(a.isolation, limits.file_size_mib) {
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
    let positions = match solved_positions(&patterns) {
        Ok(positions) => positions,
        Err(code) => return Ok(code),
    };
    let names: Vec<&str> = patterns.iter().map(|p| p.name.as_str()).collect();
    judge_all(&a, &limits, &names, &positions, &isolation_line)
}

/// Each pattern's position, its state as written and its optimal length; a bad
/// state is named on standard error (exit status in the error).
fn solved_positions(patterns: &[Pattern]) -> Result<Vec<(Cube, String, usize)>, u8> {
    let mut solver = PocketSolver::new(Metric::Htm);
    let mut positions = Vec::with_capacity(patterns.len());
    for p in patterns {
        let cube = match p.state.parse::<Stickers>().and_then(|s| s.to_cube()) {
            Ok(c) => c,
            Err(e) => {
                // A plain list of states names each position by its line already.
                match p.name == format!("line {}", p.line) {
                    true => eprintln!("pocket: line {}: {e}", p.line),
                    false => eprintln!("pocket: line {}: {}: {e}", p.line, p.name),
                }
                return Err(EXIT_BAD_INPUT);
            }
        };
        let optimal = solver.solve(&cube).len();
        positions.push((cube, p.state.clone(), optimal));
    }
    Ok(positions)
}

/// Run the program on every position (one at a time, or `--jobs` at once) while the
/// table of verdicts is printed as they come.
fn judge_all(
    a: &JudgeArgs,
    limits: &Limits,
    names: &[&str],
    positions: &[(Cube, String, usize)],
    isolation_line: &str,
) -> io::Result<u8> {
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, Run)>();
    std::thread::scope(|s| {
        let runner = s.spawn(|| -> io::Result<()> {
            let send = send;
            if a.jobs > 1 {
                return run_parallel(a, limits.isolation, a.jobs, positions, &stop, &send);
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
            a,
            names,
            positions,
            width,
            stop: &stop,
            isolation: isolation_line,
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
    // Measured by the run's cgroup (a root judge on Linux).
    if let Some(kib) = run.measured.peak_memory_kib {
        v["memory_kib"] = kib.into();
    }
    if let Some(cpu) = run.measured.cpu_time {
        v["cpu_ms"] = (cpu.as_secs_f64() * 1e3).into();
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
