//! Running whole solver programs against a list of positions and judging each answer.
//!
//! Each run gets the state as its last argument or on standard input, a time limit
//! and a bound on the output kept. It runs in a session and process group of its own,
//! which is killed when the program exits or at the limit; the judge stops reading
//! its output then, whatever still holds the pipe open.

use std::time::Duration;

use crate::check::{BONUS_LIMIT, Verdict, check};
use crate::cube::Cube;

#[cfg(unix)]
mod unix;

/// Output kept from one run; more is judged invalid.
pub const MAX_OUTPUT: usize = 64 * 1024;

/// How long the judge waits, after a run ends, for the program to be gone.
pub const CLEANUP: Duration = Duration::from_secs(1);

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

/// The bounds of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time allowed, from start to exit.
    pub time: Duration,
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

/// How a run ended, before its output is judged.
#[derive(Debug)]
#[cfg_attr(not(unix), allow(dead_code))]
enum Ended {
    /// The program could not be started (or watched), and why.
    NotStarted(String),
    /// It exited: successfully (`None`), or with a failure described.
    Exited(Option<String>),
    /// Its exit status could not be had, and why.
    WaitFailed(String),
    /// It was still running at the time limit.
    Timeout,
    /// It printed more than [`MAX_OUTPUT`] bytes.
    Overflow,
}

/// A run, stopped, with its output.
#[derive(Debug)]
struct Finished {
    ended: Ended,
    output: Vec<u8>,
    time: Duration,
}

#[cfg(not(unix))]
fn run_program(_: &[String], _: &str, _: InputMode, _: Limits) -> Finished {
    Finished {
        ended: Ended::NotStarted("judging programs needs a Unix system".into()),
        output: Vec::new(),
        time: Duration::ZERO,
    }
}

#[cfg(unix)]
use unix::run as run_program;

/// Run `program` on one state under `limits` and judge its answer against `cube`
/// (optimal length `optimal`).
pub fn run_one(
    program: &[String],
    state: &str,
    cube: &Cube,
    optimal: usize,
    input: InputMode,
    limits: Limits,
) -> Run {
    let done = run_program(program, state, input, limits);
    let outcome = match done.ended {
        Ended::NotStarted(why) | Ended::WaitFailed(why) => Outcome::Crashed(why),
        Ended::Timeout => Outcome::Timeout,
        Ended::Overflow => Outcome::Invalid(format!("printed more than {MAX_OUTPUT} bytes")),
        Ended::Exited(Some(why)) => Outcome::Crashed(why),
        Ended::Exited(None) => match std::str::from_utf8(&done.output) {
            Err(_) => Outcome::Invalid("its output is not UTF-8".into()),
            Ok(text) => match check(cube, text, optimal) {
                Ok(v) => Outcome::Valid(v),
                Err(e) => Outcome::Invalid(e.to_string()),
            },
        },
    };
    Run {
        outcome,
        time: done.time,
    }
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
