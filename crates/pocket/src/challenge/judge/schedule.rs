//! Judging a list of positions: one run after another, or `--jobs` at once on worker
//! processes, each verdict handed to the front end in position order as soon as it
//! and those before it are in.
//!
//! Parallel runs happen in worker processes (the same program, started with
//! [`WORKER_ENV`] set) rather than threads, so that each worker is a subreaper of
//! its own and parallel runs never sweep each other's processes. The protocol, on the
//! worker's standard streams: the judge writes the request as one JSON line, then one
//! `STATE<tab>OPTIMAL` line per position; the worker answers each with one JSON line
//! (the run).

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::request::JudgeRequest;
use super::{
    InputMode, Isolation, Limits, Measured, Outcome, Run, WORKER_ENV, halt_if_stopping, run_one,
    tie_worker,
};
use crate::challenge::check::check;
use crate::challenge::patterns::Pattern;
use crate::cube::solver::PocketSolver;
use crate::model::cost::Metric;
use crate::model::pieces::Cube;
use crate::model::stickers::{StateError, Stickers, parse_state};

/// A position to judge: the cube, its state as written, its optimal length (HTM).
#[derive(Clone, Debug)]
pub struct Position {
    pub cube: Cube,
    pub state: String,
    pub optimal: usize,
}

/// A pattern whose state is no cube: its line, its name and why.
#[derive(Clone, Debug)]
pub struct BadPosition {
    pub line: usize,
    pub name: String,
    pub error: StateError,
}

/// Each pattern's position, solved optimally for its optimal length.
pub fn positions(patterns: &[Pattern]) -> Result<Vec<Position>, BadPosition> {
    let mut solver = PocketSolver::new(Metric::Htm);
    let mut positions = Vec::with_capacity(patterns.len());
    for p in patterns {
        let cube = p
            .state
            .parse::<Stickers>()
            .and_then(|s| s.to_cube())
            .map_err(|error| BadPosition {
                line: p.line,
                name: p.name.clone(),
                error,
            })?;
        let optimal = solver.solve(&cube).len();
        positions.push(Position {
            cube,
            state: p.state.clone(),
            optimal,
        });
    }
    Ok(positions)
}

/// Run the program on every position and hand each run to `on_run` (its index and
/// the run) in position order. `on_run` may stop the judging (`Break`): no new run
/// starts, and the ones under way are waited for. Every run is over when this
/// returns; the error is a worker process that could not be started or spoken to.
pub fn judge_all(
    request: &JudgeRequest,
    positions: &[Position],
    mut on_run: impl FnMut(usize, Run) -> ControlFlow<()>,
) -> io::Result<()> {
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, Run)>();
    std::thread::scope(|s| {
        let runner = s.spawn(|| -> io::Result<()> {
            let send = send;
            if request.jobs > 1 {
                return run_on_workers(request, positions, &stop, &send);
            }
            for (i, p) in positions.iter().enumerate() {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let run = run_one(
                    &request.program,
                    &p.state,
                    &p.cube,
                    p.optimal,
                    request.input,
                    &request.limits,
                );
                if send.send((i, run)).is_err() {
                    break;
                }
            }
            Ok(())
        });
        in_order(receive, &mut on_run);
        // Dropping the receiver, or this flag, ends the runner.
        stop.store(true, Ordering::SeqCst);
        halt_if_stopping();
        runner
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("judge runner")))
    })
}

/// Hands the runs to `on_run` in position order until they end or it stops.
fn in_order(
    receive: mpsc::Receiver<(usize, Run)>,
    on_run: &mut impl FnMut(usize, Run) -> ControlFlow<()>,
) {
    let mut waiting: BTreeMap<usize, Run> = BTreeMap::new();
    let mut at = 0;
    for (i, run) in receive.iter() {
        halt_if_stopping();
        waiting.insert(i, run);
        while let Some(run) = waiting.remove(&at) {
            if on_run(at, run).is_break() {
                return;
            }
            at += 1;
        }
    }
    halt_if_stopping();
}

/// Judge `positions` on `request.jobs` worker processes at once; each run goes to
/// `report` (index and run) in the order they finish. After `stop` is set, no new
/// run starts.
fn run_on_workers(
    request: &JudgeRequest,
    positions: &[Position],
    stop: &AtomicBool,
    report: &mpsc::Sender<(usize, Run)>,
) -> io::Result<()> {
    let exe = std::env::current_exe()?;
    let next = AtomicUsize::new(0);
    let first_line = request_to_json(request);
    std::thread::scope(|s| {
        let mut handles = Vec::new();
        for _ in 0..request.jobs.min(positions.len()) {
            let mut cmd = Command::new(&exe);
            cmd.arg("judge")
                .env(WORKER_ENV, "1")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped());
            tie_worker(&mut cmd);
            let mut child = cmd.spawn()?;
            let (Some(mut input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
                continue;
            };
            writeln!(input, "{first_line}")?;
            let (next, report) = (&next, report.clone());
            handles.push(s.spawn(move || -> io::Result<()> {
                let mut lines = io::BufReader::new(output).lines();
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= positions.len() || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let p = &positions[i];
                    writeln!(input, "{}\t{}", p.state, p.optimal)?;
                    input.flush()?;
                    let line = lines.next().transpose()?.unwrap_or_default();
                    let run =
                        run_from_json(&line, &p.cube, p.optimal).unwrap_or_else(failed_worker_run);
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

/// The run reported when a worker's answer could not be read.
fn failed_worker_run() -> Run {
    Run {
        outcome: Outcome::Crashed("the judge's worker failed".into()),
        time: Duration::ZERO,
        escaped: 0,
        survivors: 0,
        stderr_tail: String::new(),
        measured: Measured::default(),
    }
}

/// A worker of [`judge_all`]: reads the request and then positions on `input`,
/// answers each with its run on `output`. The program with [`WORKER_ENV`] set runs
/// this (after [`super::guard_judge`]) instead of its command line.
pub fn serve_as_worker(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut lines = input.lines();
    let first = lines.next().transpose()?.unwrap_or_default();
    let request = request_from_json(&first)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "not a judge request"))?;
    for line in lines {
        let line = line?;
        let Some((state, optimal)) = line.split_once('\t') else {
            continue;
        };
        let (Ok(cube), Ok(optimal)) = (parse_state(state), optimal.parse::<usize>()) else {
            continue;
        };
        let run = run_one(
            &request.program,
            state,
            &cube,
            optimal,
            request.input,
            &request.limits,
        );
        halt_if_stopping();
        writeln!(output, "{}", run_to_json(&run))?;
        output.flush()?;
    }
    Ok(())
}

/// The worker protocol's names of the isolation modes and of the outcomes: one table
/// each, read and written alike, so that the two sides cannot spell one differently.
const ISOLATIONS: [(Isolation, &str); 2] = [
    (Isolation::Namespaces, "namespaces"),
    (Isolation::Fallback, "fallback"),
];
const OUTCOMES: [&str; 5] = ["valid", "invalid", "timeout", "crashed", "not-started"];

fn isolation_name(isolation: Isolation) -> &'static str {
    ISOLATIONS
        .iter()
        .find(|(i, _)| *i == isolation)
        .map_or("fallback", |(_, name)| name)
}

/// What a worker needs of the request, as one JSON line.
fn request_to_json(r: &JudgeRequest) -> String {
    let paths =
        |v: &[PathBuf]| -> Vec<String> { v.iter().map(|p| p.display().to_string()).collect() };
    serde_json::json!({
        "program": r.program,
        "input": r.input.to_string(),
        "seconds": r.limits.time.as_secs_f64(),
        "memory_mib": r.limits.memory_mib,
        "file_size_mib": r.limits.file_size_mib,
        "env": r.limits.env,
        "writable": paths(&r.limits.writable),
        "bind": paths(&r.limits.bind),
        "isolation": isolation_name(r.limits.isolation),
    })
    .to_string()
}

/// The request a worker reads; `None` if the line is not one.
fn request_from_json(line: &str) -> Option<JudgeRequest> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let strings = |key: &str| -> Option<Vec<String>> {
        v[key]
            .as_array()?
            .iter()
            .map(|s| s.as_str().map(str::to_string))
            .collect()
    };
    let env = v["env"]
        .as_array()?
        .iter()
        .map(|pair| Some((pair[0].as_str()?.to_string(), pair[1].as_str()?.to_string())))
        .collect::<Option<Vec<_>>>()?;
    let paths = |key: &str| Some(strings(key)?.into_iter().map(PathBuf::from).collect());
    Some(JudgeRequest {
        program: strings("program")?,
        input: [InputMode::Stdin, InputMode::Argv]
            .into_iter()
            .find(|m| Some(m.to_string().as_str()) == v["input"].as_str())?,
        limits: Limits {
            time: Duration::from_secs_f64(v["seconds"].as_f64()?),
            memory_mib: v["memory_mib"].as_u64(),
            file_size_mib: v["file_size_mib"].as_u64(),
            env,
            writable: paths("writable")?,
            bind: paths("bind")?,
            isolation: ISOLATIONS
                .iter()
                .find(|(_, name)| Some(*name) == v["isolation"].as_str())?
                .0,
        },
        jobs: 1,
        isolation_line: String::new(),
    })
}

/// A run as one JSON line, from a worker to the judge.
fn run_to_json(run: &Run) -> String {
    let (kind, text) = match &run.outcome {
        Outcome::Valid(v) => (OUTCOMES[0], v.alg.to_string()),
        Outcome::Invalid(why) => (OUTCOMES[1], why.clone()),
        Outcome::Timeout => (OUTCOMES[2], String::new()),
        Outcome::Crashed(why) => (OUTCOMES[3], why.clone()),
        Outcome::NotStarted(why) => (OUTCOMES[4], why.clone()),
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
    let kind = OUTCOMES
        .iter()
        .position(|&k| Some(k) == v["outcome"].as_str())?;
    let outcome = match kind {
        0 => Outcome::Valid(check(cube, &text, optimal).ok()?),
        1 => Outcome::Invalid(text),
        2 => Outcome::Timeout,
        3 => Outcome::Crashed(text),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_crosses_to_a_worker_whole() {
        let request = JudgeRequest {
            program: vec!["python3".into(), "a b.py".into()],
            input: InputMode::Stdin,
            limits: Limits {
                time: Duration::from_millis(2500),
                memory_mib: Some(512),
                file_size_mib: None,
                env: vec![("A".into(), "x=y".into())],
                writable: vec![PathBuf::from("/tmp/w")],
                bind: vec![PathBuf::from("/opt/t")],
                isolation: Isolation::Namespaces,
            },
            jobs: 1,
            isolation_line: String::new(),
        };
        let back = request_from_json(&request_to_json(&request)).unwrap();
        assert_eq!(back, request);
        assert!(request_from_json("{}").is_none());
        // A name the protocol does not know is no request, not a guess.
        let unknown = request_to_json(&request).replace("namespaces", "chroot");
        assert!(request_from_json(&unknown).is_none());
    }

    /// Every outcome crosses back from a worker as it was, its measures with it.
    #[test]
    fn each_outcome_crosses_back_whole() {
        let cube = Cube::SOLVED.apply_alg(&"R U".parse().unwrap());
        let valid = check(&cube, "U' R'", 2).unwrap();
        for outcome in [
            Outcome::Valid(valid),
            Outcome::Invalid("no".into()),
            Outcome::Timeout,
            Outcome::Crashed("signal 9".into()),
            Outcome::NotStarted("no such file".into()),
        ] {
            let run = Run {
                outcome: outcome.clone(),
                time: Duration::from_millis(125),
                escaped: 1,
                survivors: 2,
                stderr_tail: "tail".into(),
                measured: Measured {
                    peak_memory_kib: Some(1024),
                    cpu_time: Some(Duration::from_millis(100)),
                },
            };
            let back = run_from_json(&run_to_json(&run), &cube, 2).unwrap();
            assert_eq!(back.outcome, outcome);
            assert_eq!(back.time, run.time);
            assert_eq!((back.escaped, back.survivors), (1, 2));
            assert_eq!(back.stderr_tail, "tail");
            assert_eq!(back.measured, run.measured);
        }
        assert!(run_from_json("{\"outcome\":\"lost\"}", &cube, 2).is_none());
    }
}
