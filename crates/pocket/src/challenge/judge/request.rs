//! `pocket judge`'s request: each option's value checked as typed, then the whole
//! request checked into the limits every run gets ([`JudgeRequest`]). A front end
//! reads its raw arguments into [`JudgeOptions`] and makes the request with one
//! `TryFrom`; its errors carry the option and the value, and a front end words them.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{InputMode, IsolationChoice, IsolationUnavailable, Limits};

/// `judge --memory-limit` unless given, in MiB.
pub const DEFAULT_MEMORY_MIB: u64 = 1024;
/// The highest `judge --memory-limit`, in MiB: 16 TiB.
pub const MAX_MEMORY_MIB: u64 = 1 << 24;
/// The highest `judge --file-size-limit`, in MiB: 1 TiB.
pub const MAX_FILE_SIZE_MIB: u64 = 1 << 20;
/// The most positions judged at once (`--jobs`).
pub const MAX_JOBS: usize = 256;
/// The longest time limit, in seconds: a day.
pub const MAX_TIMEOUT_SECONDS: f64 = 86_400.0;

/// An option's value refused, with the value as typed. Its message is the command
/// line's (the only front end that judges programs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeOptionError {
    /// `--timeout`: not seconds in (0, a day].
    Timeout(String),
    /// `--memory-limit`: not a whole number of MiB up to [`MAX_MEMORY_MIB`].
    MemoryLimit(String),
    /// `--file-size-limit`: not a whole number of MiB up to [`MAX_FILE_SIZE_MIB`].
    FileSizeLimit(String),
    /// `--env`: not `NAME=VALUE` or `NAME`.
    Env(String),
    /// `--env NAME` with no value, and the judge's environment has none either.
    EnvNotSet(String),
    /// `--writable`: not a directory, or not there (the reason).
    Writable { typed: String, why: String },
    /// `--bind`: not there (the reason), or the root.
    Bind { typed: String, why: String },
    /// `--jobs`: not 1 to [`MAX_JOBS`].
    Jobs(String),
}

impl fmt::Display for JudgeOptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeOptionError::Timeout(s) => write!(
                f,
                "bad timeout '{s}' (expected seconds, more than 0 and at most 86400, a day)"
            ),
            JudgeOptionError::MemoryLimit(s) => write!(
                f,
                "bad memory limit '{s}' (expected a whole number of MiB up to {MAX_MEMORY_MIB}, \
                 or 0 for no limit)"
            ),
            JudgeOptionError::FileSizeLimit(s) => write!(
                f,
                "bad file size limit '{s}' (expected a whole number of MiB up to \
                 {MAX_FILE_SIZE_MIB}, or 0 for no limit)"
            ),
            JudgeOptionError::Env(s) => write!(
                f,
                "bad --env '{}' (expected NAME=VALUE or NAME, a name of letters, digits and _)",
                s.escape_debug()
            ),
            JudgeOptionError::EnvNotSet(name) => write!(
                f,
                "--env {name}: not set in the judge's environment (give --env {name}=VALUE)"
            ),
            JudgeOptionError::Writable { typed, why } => {
                write!(f, "bad --writable '{typed}': {why}")
            }
            JudgeOptionError::Bind { typed, why } => write!(f, "bad --bind '{typed}': {why}"),
            JudgeOptionError::Jobs(s) => {
                write!(f, "bad --jobs '{s}' (expected 1 to {MAX_JOBS})")
            }
        }
    }
}

impl std::error::Error for JudgeOptionError {}

/// `--timeout`: seconds, more than 0 and at most a day.
pub fn timeout_seconds(s: &str) -> Result<f64, JudgeOptionError> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() && x <= MAX_TIMEOUT_SECONDS => Ok(x),
        _ => Err(JudgeOptionError::Timeout(s.to_string())),
    }
}

/// `--memory-limit`: MiB, 0 for none.
pub fn memory_limit_mib(s: &str) -> Result<u64, JudgeOptionError> {
    match s.parse::<u64>() {
        Ok(mib) if mib <= MAX_MEMORY_MIB => Ok(mib),
        _ => Err(JudgeOptionError::MemoryLimit(s.to_string())),
    }
}

/// `--file-size-limit`: MiB, 0 for none.
pub fn file_size_limit_mib(s: &str) -> Result<u64, JudgeOptionError> {
    match s.parse::<u64>() {
        Ok(mib) if mib <= MAX_FILE_SIZE_MIB => Ok(mib),
        _ => Err(JudgeOptionError::FileSizeLimit(s.to_string())),
    }
}

/// `--jobs`: 1 to [`MAX_JOBS`].
pub fn jobs(s: &str) -> Result<usize, JudgeOptionError> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_JOBS).contains(&n) => Ok(n),
        _ => Err(JudgeOptionError::Jobs(s.to_string())),
    }
}

/// `--env` as typed: a name, and its value if one was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvVar {
    pub name: String,
    pub value: Option<String>,
}

/// `--env NAME=VALUE` or `--env NAME` (the judge's own value).
pub fn env_var(s: &str) -> Result<EnvVar, JudgeOptionError> {
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
        return Err(JudgeOptionError::Env(s.to_string()));
    }
    Ok(EnvVar {
        name: name.to_string(),
        value: value.map(str::to_string),
    })
}

/// `--writable DIR`: an existing directory, as an absolute path.
pub fn writable_dir(s: &str) -> Result<PathBuf, JudgeOptionError> {
    let refuse = |why: String| JudgeOptionError::Writable {
        typed: s.to_string(),
        why,
    };
    match std::fs::canonicalize(s) {
        Ok(p) if p.is_dir() => Ok(p),
        Ok(_) => Err(refuse("not a directory".into())),
        Err(e) => Err(refuse(e.to_string())),
    }
}

/// `--bind PATH`: an existing file or directory other than the root, absolute.
pub fn bound_path(s: &str) -> Result<PathBuf, JudgeOptionError> {
    let refuse = |why: String| JudgeOptionError::Bind {
        typed: s.to_string(),
        why,
    };
    match std::fs::canonicalize(s) {
        Ok(p) if p == Path::new("/") => Err(refuse("the whole file system is not bound".into())),
        Ok(p) => Ok(p),
        Err(e) => Err(refuse(e.to_string())),
    }
}

/// The judge's options, each already checked on its own (by the functions above).
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    /// The program and its arguments.
    pub program: Vec<String>,
    pub input: InputMode,
    pub timeout_seconds: f64,
    /// 0 for no limit.
    pub memory_limit_mib: u64,
    /// 0 for no limit.
    pub file_size_limit_mib: u64,
    pub env: Vec<EnvVar>,
    pub writable: Vec<PathBuf>,
    pub bind: Vec<PathBuf>,
    pub jobs: usize,
    pub isolation: IsolationChoice,
}

/// Why the options together make no request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeError {
    /// No program was named.
    NoProgram,
    /// An option's value (`--env NAME` with nothing to take it from).
    Option(JudgeOptionError),
    /// `--isolation namespaces` where they cannot be had.
    Isolation(IsolationUnavailable),
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::NoProgram => f.write_str("judge needs a program to run"),
            JudgeError::Option(e) => e.fmt(f),
            JudgeError::Isolation(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for JudgeError {}

/// A checked request: the program, how it gets the state, the limits of each run
/// (the isolation chosen included), and how many positions are judged at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeRequest {
    pub program: Vec<String>,
    pub input: InputMode,
    pub limits: Limits,
    pub jobs: usize,
    /// The report's line on how programs are isolated (`isolation: ...`).
    pub isolation_line: String,
}

impl TryFrom<JudgeOptions> for JudgeRequest {
    type Error = JudgeError;

    /// Checks the options together, takes `--env NAME`'s value from the judge's
    /// environment, and chooses the isolation (which may probe the kernel: call
    /// [`super::guard_judge`] first, before any thread starts).
    fn try_from(o: JudgeOptions) -> Result<JudgeRequest, JudgeError> {
        if o.program.is_empty() {
            return Err(JudgeError::NoProgram);
        }
        let env = resolve_env(&o.env).map_err(JudgeError::Option)?;
        let file_size_mib = (o.file_size_limit_mib > 0).then_some(o.file_size_limit_mib);
        let (isolation, isolation_line) =
            super::choose_isolation(o.isolation, file_size_mib).map_err(JudgeError::Isolation)?;
        Ok(JudgeRequest {
            program: o.program,
            input: o.input,
            limits: Limits {
                time: Duration::from_secs_f64(o.timeout_seconds),
                memory_mib: (o.memory_limit_mib > 0).then_some(o.memory_limit_mib),
                file_size_mib,
                env,
                writable: o.writable,
                bind: o.bind,
                isolation,
            },
            jobs: o.jobs,
            isolation_line,
        })
    }
}

/// The program's variables; an error naming a variable given without a value that
/// the judge's environment does not have either.
fn resolve_env(vars: &[EnvVar]) -> Result<Vec<(String, String)>, JudgeOptionError> {
    vars.iter()
        .map(|v| match &v.value {
            Some(value) => Ok((v.name.clone(), value.clone())),
            None => std::env::var(&v.name)
                .map(|value| (v.name.clone(), value))
                .map_err(|_| JudgeOptionError::EnvNotSet(v.name.clone())),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_option_refuses_with_the_command_lines_words() {
        assert_eq!(timeout_seconds("2.5"), Ok(2.5));
        assert_eq!(
            timeout_seconds("0").unwrap_err().to_string(),
            "bad timeout '0' (expected seconds, more than 0 and at most 86400, a day)"
        );
        assert_eq!(memory_limit_mib("0"), Ok(0));
        assert!(memory_limit_mib("-1").is_err());
        assert_eq!(jobs("256"), Ok(256));
        assert_eq!(
            jobs("257").unwrap_err().to_string(),
            "bad --jobs '257' (expected 1 to 256)"
        );
        assert_eq!(
            env_var("A=b=c").unwrap(),
            EnvVar {
                name: "A".into(),
                value: Some("b=c".into())
            }
        );
        assert!(env_var("1A").is_err());
        assert_eq!(
            bound_path("/").unwrap_err().to_string(),
            "bad --bind '/': the whole file system is not bound"
        );
    }

    #[test]
    fn a_request_needs_a_program_and_every_named_variable() {
        let options = JudgeOptions {
            program: Vec::new(),
            input: InputMode::Argv,
            timeout_seconds: 1.0,
            memory_limit_mib: 0,
            file_size_limit_mib: 0,
            env: vec![EnvVar {
                name: "POCKET_SURELY_NOT_SET_ANYWHERE".into(),
                value: None,
            }],
            writable: Vec::new(),
            bind: Vec::new(),
            jobs: 1,
            isolation: IsolationChoice::Fallback,
        };
        assert_eq!(
            JudgeRequest::try_from(options.clone()),
            Err(JudgeError::NoProgram)
        );
        let named = JudgeOptions {
            program: vec!["true".into()],
            ..options
        };
        assert_eq!(
            JudgeRequest::try_from(named),
            Err(JudgeError::Option(JudgeOptionError::EnvNotSet(
                "POCKET_SURELY_NOT_SET_ANYWHERE".into()
            )))
        );
    }
}
