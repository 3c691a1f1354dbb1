//! `pocket judge`: whole solver programs run and judged.

use std::io::{self, Write};
use std::ops::ControlFlow;

use argh::FromArgs;

use pocket::challenge::judge::{
    self as judging, DEFAULT_FILE_SIZE_MIB, DEFAULT_MEMORY_MIB, EnvVar, InputMode, IsolationChoice,
    JudgeError, JudgeOptions, JudgeRequest, Outcome, Position, Run, Summary, WORKER_ENV,
    guard_judge, halt_if_stopping,
};
use pocket::model::stickers::escape_text;
use pocket_print::{SummaryText, summary_json};

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
    env: Vec<EnvVar>,
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

// argh takes a plain function per option; the checks and their words are the
// library's.
fn parse_seconds(s: &str) -> Result<f64, String> {
    judging::timeout_seconds(s).map_err(|e| e.to_string())
}

fn parse_memory_limit(s: &str) -> Result<u64, String> {
    judging::memory_limit_mib(s).map_err(|e| e.to_string())
}

fn parse_file_size_limit(s: &str) -> Result<u64, String> {
    judging::file_size_limit_mib(s).map_err(|e| e.to_string())
}

fn parse_env(s: &str) -> Result<EnvVar, String> {
    judging::env_var(s).map_err(|e| e.to_string())
}

fn parse_writable(s: &str) -> Result<std::path::PathBuf, String> {
    judging::writable_dir(s).map_err(|e| e.to_string())
}

fn parse_bind(s: &str) -> Result<std::path::PathBuf, String> {
    judging::bound_path(s).map_err(|e| e.to_string())
}

fn parse_jobs(s: &str) -> Result<usize, String> {
    judging::jobs(s).map_err(|e| e.to_string())
}

impl From<&JudgeArgs> for JudgeOptions {
    fn from(a: &JudgeArgs) -> JudgeOptions {
        JudgeOptions {
            program: a.program.clone(),
            input: a.input,
            timeout_seconds: a.timeout,
            memory_limit_mib: a.memory_limit,
            file_size_limit_mib: a.file_size_limit,
            env: a.env.clone(),
            writable: a.writable.clone(),
            bind: a.bind.clone(),
            jobs: a.jobs,
            isolation: a.isolation,
        }
    }
}

pub(super) fn cmd_judge(a: JudgeArgs) -> io::Result<u8> {
    if std::env::var_os(WORKER_ENV).is_some() {
        // A worker of a judge with --jobs: the request comes on standard input.
        guard_judge();
        judging::serve_as_worker(io::stdin().lock(), io::stdout().lock())?;
        return Ok(EXIT_OK);
    }
    if a.program.is_empty() {
        eprintln!("pocket: judge needs a program to run: pocket judge -- PROGRAM [ARGS...]");
        return Ok(EXIT_USAGE);
    }
    // Before any thread starts, so that every thread leaves the signals to the guard.
    guard_judge();
    let request = match JudgeRequest::try_from(JudgeOptions::from(&a)) {
        Ok(request) => request,
        Err(JudgeError::Isolation(why)) => {
            eprintln!("pocket: judge --isolation namespaces: {why}");
            return Ok(EXIT_BAD_INPUT);
        }
        Err(why) => {
            eprintln!("pocket: judge {why}");
            return Ok(EXIT_USAGE);
        }
    };
    eprintln!("pocket: {}", request.isolation_line);
    let patterns = match load_patterns(&a.file) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let positions = match judging::positions(&patterns) {
        Ok(positions) => positions,
        Err(bad) => {
            // A plain list of states names each position by its line already.
            match bad.name == format!("line {}", bad.line) {
                true => eprintln!("pocket: line {}: {}", bad.line, bad.error),
                false => eprintln!("pocket: line {}: {}: {}", bad.line, bad.name, bad.error),
            }
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let names: Vec<&str> = patterns.iter().map(|p| p.name.as_str()).collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut table = Table {
        a: &a,
        names: &names,
        positions: &positions,
        width,
        out: io::stdout().lock(),
        summary: Summary::default(),
        ended: None,
    };
    table.header()?;
    let ran = judging::judge_all(&request, &positions, |i, run| table.row(i, run));
    if let Some(ended) = table.ended.take() {
        return ended;
    }
    ran?;
    table.footer(&request.isolation_line)
}

/// Prints the verdicts, in position order, as the runs come in.
struct Table<'a> {
    a: &'a JudgeArgs,
    names: &'a [&'a str],
    positions: &'a [Position],
    width: usize,
    out: io::StdoutLock<'static>,
    summary: Summary,
    /// Set when the table ends before the runs do: the exit status, or the error.
    ended: Option<io::Result<u8>>,
}

impl Table<'_> {
    fn header(&mut self) -> io::Result<()> {
        if self.a.json {
            return Ok(());
        }
        writeln!(
            self.out,
            "{:<w$}  {:>5}  {:>7}  {:>9}  result",
            "name",
            "moves",
            "optimal",
            "time",
            w = self.width
        )
    }

    /// One run's line; `Break` (with `ended` set) when the judging is to stop.
    fn row(&mut self, at: usize, run: Run) -> ControlFlow<()> {
        match self.try_row(at, &run) {
            Ok(None) => ControlFlow::Continue(()),
            Ok(Some(code)) => {
                self.ended = Some(Ok(code));
                ControlFlow::Break(())
            }
            Err(e) => {
                self.ended = Some(Err(e));
                ControlFlow::Break(())
            }
        }
    }

    fn try_row(&mut self, at: usize, run: &Run) -> io::Result<Option<u8>> {
        let a = self.a;
        let (name, p) = (self.names[at], &self.positions[at]);
        if let Outcome::NotStarted(why) = &run.outcome {
            // Every other position would fail the same way.
            eprintln!("pocket: {}", escape_text(why));
            return Ok(Some(EXIT_BAD_INPUT));
        }
        self.summary.add(run);
        if a.json {
            writeln!(self.out, "{}", run_json(name, &p.state, p.optimal, run))?;
            self.out.flush()?;
        } else {
            print_run(&mut self.out, a, self.width, name, p.optimal, run)?;
        }
        let passed = matches!(run.outcome, Outcome::Valid(_)) && run.clean();
        if a.fail_fast && !passed {
            if !a.json {
                writeln!(
                    self.out,
                    "stopped at the first position that did not pass (--fail-fast)"
                )?;
            }
            return Ok(Some(EXIT_BAD_INPUT));
        }
        Ok(None)
    }

    fn footer(&mut self, isolation: &str) -> io::Result<u8> {
        halt_if_stopping();
        match self.a.json {
            true => writeln!(
                self.out,
                "{}",
                serde_json::json!({ "summary": summary_json(&self.summary), "isolation": isolation })
            )?,
            false => writeln!(self.out, "{}", SummaryText(&self.summary))?,
        }
        Ok(if self.summary.passed() {
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
