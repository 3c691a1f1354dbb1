//! Running whole solver programs against a list of positions and judging each answer.
//!
//! Each run gets the state as its last argument or on standard input, a time limit,
//! a bound on its address space and a bound on the output kept. It runs in a process
//! group of its own, which is killed when the program exits or at the limit; the
//! judge stops reading its output then, whatever still holds the pipe open. On Linux
//! the judge is also a child subreaper, so processes that left the group (by starting
//! a session of their own) are re-parented to it when their parents die; after each
//! run it kills and reaps them all, and counts the ones that were running outside the
//! group: such a run is not clean ([`Run::clean`]).
//!
//! The program is confined the way isolate and nsjail do it ([`Isolation`]), starting
//! from nothing and given only what it needs: on Linux in new network, PID and mount
//! namespaces, with a loopback of its own, a read-only file system but for a fresh
//! tmpfs on `/tmp`, and a fresh `/proc`, so that it sees neither the judge nor any
//! other process, and every process of it dies with the namespace's init; under a
//! uid of its own for each run when the judge is root; with an environment of
//! `PATH`, `LANG`, `HOME` and `TMPDIR` and what `--env` names; under rlimits on
//! memory, CPU time, file size and processes; with no new privileges and no new user
//! namespace; with only its three standard descriptors open; killed when the judge
//! dies. The judge itself is not dumpable (no other process of its uid can open its
//! `/proc/PID/fd`), and on SIGTERM, SIGINT or SIGHUP it kills every process of every
//! run before it exits ([`guard_judge`]).

use crate::model::{Error, Kind};
use std::time::Duration;

use crate::challenge::check::{BONUS_LIMIT, Verdict, check};
use crate::model::pieces::Cube;

mod request;
mod schedule;
#[cfg(unix)]
mod unix;

pub use request::{
    DEFAULT_MEMORY_MIB, EnvVar, JudgeError, JudgeOptionError, JudgeOptions, JudgeRequest,
    MAX_FILE_SIZE_MIB, MAX_JOBS, MAX_MEMORY_MIB, bound_path, env_var, file_size_limit_mib, jobs,
    memory_limit_mib, timeout_seconds, writable_dir,
};
pub use schedule::{BadPosition, Position, judge_all, positions, serve_as_worker};

/// Output kept from one run; more is judged invalid.
pub const MAX_OUTPUT: usize = 64 * 1024;

/// How long the judge spends, after a run ends, stopping what is left of it.
pub const CLEANUP: Duration = Duration::from_secs(1);

/// How the program receives the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputMode {
    /// As its last command-line argument.
    Argv,
    /// On standard input, followed by a newline; then standard input is closed.
    Stdin,
}

impl std::fmt::Display for InputMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            InputMode::Argv => "argv",
            InputMode::Stdin => "stdin",
        })
    }
}

impl std::str::FromStr for InputMode {
    type Err = Error;

    fn from_str(s: &str) -> Result<InputMode, Error> {
        match s {
            "argv" => Ok(InputMode::Argv),
            "stdin" => Ok(InputMode::Stdin),
            _ => Err(Error::invalid(
                Kind::Name,
                format!("unknown input mode '{s}' (expected argv or stdin)"),
            )),
        }
    }
}

/// The bounds of one run, and what it is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time allowed, from start to exit.
    pub time: Duration,
    /// Address space allowed (`RLIMIT_AS`), in MiB; `None` for no bound.
    pub memory_mib: Option<u64>,
    /// The largest file it may write (`RLIMIT_FSIZE`), and with namespaces the size of
    /// its `/tmp`, in MiB; `None` for no bound.
    pub file_size_mib: Option<u64>,
    /// Variables set in its environment besides `PATH`, `LANG`, `HOME` and `TMPDIR`
    /// (which these may replace).
    pub env: Vec<(String, String)>,
    /// Directories (absolute paths) it may write in, which with namespaces are bound
    /// read-write into its otherwise read-only file system. What it writes there
    /// outlives the run.
    pub writable: Vec<std::path::PathBuf>,
    /// Files and directories (absolute paths) bound read-only into its box besides the
    /// program's own folders (`--bind`); in the fallback, readable under Landlock.
    pub bind: Vec<std::path::PathBuf>,
    /// How the program is isolated.
    pub isolation: Isolation,
}

/// `judge --file-size-limit` unless given, in MiB.
pub const DEFAULT_FILE_SIZE_MIB: u64 = 64;

/// How a judged program is kept from the judge and from the rest of the system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// New network, PID and mount namespaces (and a user namespace when the judge is
    /// not root): a loopback of its own, a read-only file system with a fresh `/tmp`,
    /// a fresh `/proc`; the program sees neither the judge nor any other process, and
    /// all of it dies with the namespace.
    Namespaces,
    /// No namespaces: a session of its own, the judge a child subreaper, the program
    /// killed when the judge dies (`PR_SET_PDEATHSIG`; its own children are not). The
    /// network and the file system are not confined.
    Fallback,
}

/// `pocket judge --isolation`: what the user asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IsolationChoice {
    /// Namespaces where they can be had, else the fallback.
    Auto,
    /// Namespaces, or an error.
    Namespaces,
    /// The fallback, even where namespaces could be had.
    Fallback,
}

impl std::str::FromStr for IsolationChoice {
    type Err = Error;

    fn from_str(s: &str) -> Result<IsolationChoice, Error> {
        match s {
            "auto" => Ok(IsolationChoice::Auto),
            "namespaces" => Ok(IsolationChoice::Namespaces),
            "fallback" => Ok(IsolationChoice::Fallback),
            _ => Err(Error::invalid(
                Kind::Name,
                format!("unknown isolation '{s}' (expected auto, namespaces or fallback)"),
            )),
        }
    }
}

impl std::fmt::Display for IsolationChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            IsolationChoice::Auto => "auto",
            IsolationChoice::Namespaces => "namespaces",
            IsolationChoice::Fallback => "fallback",
        })
    }
}

/// Why the isolation asked for cannot be had here, and what to try instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IsolationUnavailable(pub String);

impl std::fmt::Display for IsolationUnavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IsolationUnavailable {}

/// The isolation in force, and a line that says which, for the judge's report:
/// `isolation: net+pid+mount+ipc+uts namespaces: ...` or `isolation: fallback (...): NOT
/// confined: ...`, with `file_size_mib` as the size of the box's `/tmp`. An error
/// (naming why) if namespaces were asked for and cannot be had.
pub fn choose_isolation(
    choice: IsolationChoice,
    file_size_mib: Option<u64>,
) -> Result<(Isolation, String), IsolationUnavailable> {
    #[cfg(unix)]
    return unix::choose_isolation(choice, file_size_mib);
    #[cfg(not(unix))]
    let _ = file_size_mib;
    #[cfg(not(unix))]
    match choice {
        IsolationChoice::Namespaces => Err(IsolationUnavailable("namespaces need Linux".into())),
        _ => Ok((
            Isolation::Fallback,
            "isolation: none (not a Unix system)".into(),
        )),
    }
}

/// Prepare the judge's own process, before it starts any thread or run: not
/// dumpable, so that no process of its uid can open its `/proc/PID/fd` or trace it;
/// a child subreaper (Linux); and on SIGTERM, SIGINT or SIGHUP, every process of
/// every run (and every worker) killed before it exits with 128 + the signal.
pub fn guard_judge() {
    #[cfg(unix)]
    unix::guard_judge();
}

/// Set once the judge has a signal to stop on: see [`halt_if_stopping`].
static STOPPING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Once the judge is stopping on a signal ([`guard_judge`]), wait here for ever: the
/// guard kills every run and then ends the process. Called before each verdict is
/// reported and before the judge exits, so that runs killed on the way out are not
/// reported (as crashes), and the exit status says the judge was stopped.
pub fn halt_if_stopping() {
    while STOPPING.load(std::sync::atomic::Ordering::SeqCst) {
        std::thread::park();
    }
}

/// Have a worker process of the judge killed when the judge dies.
pub fn tie_worker(cmd: &mut std::process::Command) {
    #[cfg(unix)]
    unix::tie_worker(cmd);
    #[cfg(not(unix))]
    let _ = cmd;
}

/// Set in the environment of the worker processes of `pocket judge --jobs`: each
/// runs [`serve_as_worker`], judging the positions it reads on standard input and
/// writing one JSON line per run, and is a subreaper of its own, so parallel runs
/// never sweep each other's processes. A judged program never sees it (nor anything else of the
/// judge's environment).
pub const WORKER_ENV: &str = "POCKET_JUDGE_WORKER";

/// What became of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A valid solution.
    Valid(Verdict),
    /// An answer that breaks a rule, and which.
    Invalid(String),
    /// Still running at the time limit.
    Timeout,
    /// Failed, or was killed by a signal.
    Crashed(String),
    /// Could not be started at all, and why (every other run would fail the same way).
    NotStarted(String),
}

/// What a run's cgroup measured of the whole run (a root judge's, on Linux; `None`
/// elsewhere).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measured {
    /// The most memory the run held at once, every process and its tmpfs together.
    pub peak_memory_kib: Option<u64>,
    /// CPU time of every process of the run.
    pub cpu_time: Option<Duration>,
}

/// One judged run.
#[derive(Clone, Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub time: Duration,
    /// Processes of the run found running outside its process group after it ended
    /// (and then killed). Found on Linux only; elsewhere always 0.
    pub escaped: usize,
    /// Processes of the run still running when the judge gave up on them, `CLEANUP`
    /// after the run ended.
    pub survivors: usize,
    /// The last lines of the program's standard error (at most 2 KiB), for a crash.
    pub stderr_tail: String,
    pub measured: Measured,
}

impl Run {
    /// The run left nothing running behind it: no process escaped its process group
    /// and every process of it was stopped. A run that is not clean does not pass,
    /// whatever its outcome.
    pub fn clean(&self) -> bool {
        self.escaped == 0 && self.survivors == 0
    }

    /// What the run left behind, for the verdict line; `None` for a clean run.
    pub fn note(&self) -> Option<String> {
        let procs = |n: usize| format!("{n} process{}", if n == 1 { "" } else { "es" });
        let left = format!(
            "left {} running outside its process group",
            procs(self.escaped)
        );
        let alive = format!("{} still running after SIGKILL", procs(self.survivors));
        match (self.escaped, self.survivors) {
            (0, 0) => None,
            (_, 0) => Some(format!("{left} (killed)")),
            (0, _) => Some(alive),
            _ => Some(format!("{left}; {alive}")),
        }
    }
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
    /// The kernel killed it for passing the whole run's memory bound (its cgroup's).
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    MemoryLimit,
}

/// A run, stopped, with its output.
#[derive(Debug)]
struct Finished {
    ended: Ended,
    output: Vec<u8>,
    /// The last bytes of its standard error.
    errors: Vec<u8>,
    time: Duration,
    escaped: usize,
    survivors: usize,
    measured: Measured,
}

#[cfg(not(unix))]
fn run_program(_: &[String], _: &str, _: InputMode, _: &Limits) -> Finished {
    Finished {
        ended: Ended::NotStarted("judging programs needs a Unix system".into()),
        output: Vec::new(),
        errors: Vec::new(),
        time: Duration::ZERO,
        escaped: 0,
        survivors: 0,
        measured: Measured::default(),
    }
}

#[cfg(unix)]
use unix::run as run_program;

/// Run `program` on one state under `limits` and judge its answer against `cube`
/// (optimal length `optimal`).
///
/// On Linux this makes the calling process a child subreaper (see the module
/// documentation) and reaps any child of it that it finds after the run.
pub fn run_one(
    program: &[String],
    state: &str,
    cube: &Cube,
    optimal: usize,
    input: InputMode,
    limits: &Limits,
) -> Run {
    let done = run_program(program, state, input, limits);
    let outcome = match done.ended {
        Ended::NotStarted(why) => Outcome::NotStarted(why),
        Ended::WaitFailed(why) => Outcome::Crashed(why),
        Ended::Timeout => Outcome::Timeout,
        Ended::Overflow => Outcome::Invalid(format!("printed more than {MAX_OUTPUT} bytes")),
        Ended::MemoryLimit => Outcome::Crashed(match limits.memory_mib {
            Some(mib) => format!("killed for passing the memory limit ({mib} MiB, the whole run)"),
            None => "killed for want of memory".into(),
        }),
        Ended::Exited(Some(why)) => Outcome::Crashed(why),
        Ended::Exited(None) => match std::str::from_utf8(&done.output) {
            Err(_) => Outcome::Invalid("its output is not UTF-8".into()),
            Ok(text) => match check(cube, text, optimal) {
                Ok(v) => Outcome::Valid(v),
                // Say so, rather than that nothing (the empty solution) does not solve.
                Err(_) if text.trim().is_empty() => Outcome::Invalid("no output".into()),
                Err(e) => Outcome::Invalid(e.to_string()),
            },
        },
    };
    Run {
        outcome,
        time: done.time,
        escaped: done.escaped,
        survivors: done.survivors,
        stderr_tail: String::from_utf8_lossy(&done.errors).into_owned(),
        measured: done.measured,
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
    /// Runs that were not [clean](Run::clean).
    pub unclean: usize,
}

impl Summary {
    /// Add one run.
    pub fn add(&mut self, run: &Run) {
        self.positions += 1;
        self.slowest = self.slowest.max(run.time);
        self.unclean += usize::from(!run.clean());
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

    /// Every position solved validly in time, and every run clean.
    pub fn passed(&self) -> bool {
        self.all_valid() && self.unclean == 0
    }

    /// The "always under 20 moves" bonus (only for an entry that passed).
    pub fn under_20_bonus(&self) -> bool {
        self.passed() && self.longest.unwrap_or(0) < BONUS_LIMIT
    }

    /// The "always optimal" bonus (only for an entry that passed).
    pub fn optimal_bonus(&self) -> bool {
        self.passed() && self.optimal == self.positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(escaped: usize, survivors: usize) -> Run {
        Run {
            outcome: Outcome::Timeout,
            time: Duration::ZERO,
            escaped,
            survivors,
            stderr_tail: String::new(),
            measured: Measured::default(),
        }
    }

    #[test]
    fn notes_on_what_a_run_left() {
        assert_eq!(run(0, 0).note(), None);
        assert!(run(0, 0).clean());
        assert_eq!(
            run(1, 0).note().as_deref(),
            Some("left 1 process running outside its process group (killed)")
        );
        assert_eq!(
            run(2, 1).note().as_deref(),
            Some(
                "left 2 processes running outside its process group; \
                 1 process still running after SIGKILL"
            )
        );
        assert_eq!(
            run(0, 3).note().as_deref(),
            Some("3 processes still running after SIGKILL")
        );
        assert!(!run(0, 3).clean());
    }

    #[test]
    fn an_unclean_run_fails_the_entry_and_its_bonuses() {
        let valid = |escaped| Run {
            outcome: Outcome::Valid(check(&Cube::SOLVED, "", 0).unwrap()),
            time: Duration::ZERO,
            escaped,
            survivors: 0,
            stderr_tail: String::new(),
            measured: Measured::default(),
        };
        let mut summary = Summary::default();
        summary.add(&valid(0));
        assert!(summary.passed() && summary.optimal_bonus());
        summary.add(&valid(1));
        assert!(summary.all_valid());
        assert!(!summary.passed());
        assert!(!summary.under_20_bonus() && !summary.optimal_bonus());
        assert_eq!(summary.unclean, 1);
    }
}
