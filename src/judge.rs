//! Running whole solver programs against a list of positions and judging each answer.
//!
//! Each run gets the state as its last argument or on standard input, a time limit
//! after which its whole process group is killed, and a bound on the output kept.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::check::{BONUS_LIMIT, Verdict, check};
use crate::cube::Cube;

/// Output kept from one run; more is judged invalid.
pub const MAX_OUTPUT: usize = 64 * 1024;

/// How the program receives the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputMode {
    /// As its last command-line argument.
    Argv,
    /// On standard input, followed by a newline; then standard input is closed.
    Stdin,
}

impl std::str::FromStr for InputMode {
    type Err = String;

    fn from_str(s: &str) -> Result<InputMode, String> {
        match s {
            "argv" => Ok(InputMode::Argv),
            "stdin" => Ok(InputMode::Stdin),
            _ => Err(format!("unknown input mode '{s}' (expected argv or stdin)")),
        }
    }
}

/// What became of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A valid solution.
    Valid(Verdict),
    /// An answer that breaks a rule, and which.
    Invalid(String),
    /// Still running at the time limit.
    Timeout,
    /// Could not start, failed, or was killed by a signal.
    Crashed(String),
}

/// One judged run.
#[derive(Clone, Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub time: Duration,
}

/// Send SIGKILL to a process group; a group already gone is fine.
fn kill_group(pgid: u32) {
    // SAFETY: killpg only sends a signal; it touches no memory of ours.
    unsafe {
        libc::killpg(pgid as libc::pid_t, libc::SIGKILL);
    }
}

fn describe_status(status: ExitStatus) -> Option<String> {
    if status.success() {
        None
    } else if let Some(code) = status.code() {
        Some(format!("exit status {code}"))
    } else {
        Some(format!("killed by signal {}", status.signal().unwrap_or(0)))
    }
}

/// Run `program` on one state and judge its answer against `cube` (optimal length
/// `optimal`).
pub fn run_one(
    program: &[String],
    state: &str,
    cube: &Cube,
    optimal: usize,
    input: InputMode,
    timeout: Duration,
) -> Run {
    let Some((exe, args)) = program.split_first() else {
        return Run {
            outcome: Outcome::Crashed("no program given".into()),
            time: Duration::ZERO,
        };
    };
    let mut cmd = Command::new(exe);
    cmd.args(args)
        .stdin(if input == InputMode::Stdin {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0);
    if input == InputMode::Argv {
        cmd.arg(state);
    }
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Run {
                outcome: Outcome::Crashed(format!("cannot start {exe}: {e}")),
                time: start.elapsed(),
            };
        }
    };
    let pid = child.id();
    if let Some(mut stdin) = child.stdin.take() {
        let line = format!("{state}\n");
        // A program that never reads its input must not block the judge.
        std::thread::spawn(move || {
            let _ = stdin.write_all(line.as_bytes());
        });
    }
    let mut stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut overflow = false;
        if let Some(out) = stdout.as_mut() {
            let _ = out.take(MAX_OUTPUT as u64 + 1).read_to_end(&mut kept);
            if kept.len() > MAX_OUTPUT {
                overflow = true;
                kill_group(pid);
            }
        }
        (kept, overflow)
    });
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait());
    });
    let waited = rx.recv_timeout(timeout);
    let time = start.elapsed();
    // Whatever happened, leave nothing of the program running.
    kill_group(pid);
    let status = match waited {
        Ok(status) => status,
        Err(_) => {
            let _ = rx.recv();
            let _ = reader.join();
            return Run {
                outcome: Outcome::Timeout,
                time,
            };
        }
    };
    let (output, overflow) = reader.join().unwrap_or_default();
    let outcome = match status {
        _ if overflow => Outcome::Invalid(format!("printed more than {MAX_OUTPUT} bytes")),
        Err(e) => Outcome::Crashed(format!("cannot wait for it: {e}")),
        Ok(s) => match describe_status(s) {
            Some(why) => Outcome::Crashed(why),
            None => match std::str::from_utf8(&output) {
                Err(_) => Outcome::Invalid("its output is not UTF-8".into()),
                Ok(text) => match check(cube, text, optimal) {
                    Ok(v) => Outcome::Valid(v),
                    Err(e) => Outcome::Invalid(e.to_string()),
                },
            },
        },
    };
    Run { outcome, time }
}

/// Totals over all runs of a judging.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub positions: usize,
    pub valid: usize,
    pub optimal: usize,
    pub longest: Option<usize>,
    pub slowest: Duration,
}

impl Summary {
    /// Add one run.
    pub fn add(&mut self, run: &Run) {
        self.positions += 1;
        self.slowest = self.slowest.max(run.time);
        if let Outcome::Valid(v) = &run.outcome {
            self.valid += 1;
            self.optimal += v.is_optimal() as usize;
            self.longest = Some(self.longest.unwrap_or(0).max(v.length));
        }
    }

    /// Every position solved validly in time.
    pub fn all_valid(&self) -> bool {
        self.valid == self.positions
    }

    /// The "always under 20 moves" bonus.
    pub fn under_20_bonus(&self) -> bool {
        self.all_valid() && self.longest.unwrap_or(0) < BONUS_LIMIT
    }

    /// The "always optimal" bonus.
    pub fn optimal_bonus(&self) -> bool {
        self.all_valid() && self.optimal == self.positions
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let yes = |b: bool| if b { "yes" } else { "no" };
        writeln!(
            f,
            "{}/{} valid, {} optimal; longest {}; slowest {:.1} ms",
            self.valid,
            self.positions,
            self.optimal,
            self.longest
                .map_or("-".to_string(), |l| format!("{l} moves")),
            self.slowest.as_secs_f64() * 1e3
        )?;
        write!(
            f,
            "under-20 bonus: {}; optimal bonus: {}",
            yes(self.under_20_bonus()),
            yes(self.optimal_bonus())
        )
    }
}
