//! Running one program under the judge's limits on Unix: confined (on Linux see
//! [`sandbox`]; elsewhere a session of its own and the rlimits), output read without
//! ever waiting past the deadline, and (on Linux) a sweep afterwards for every
//! process it left behind.

#[cfg(target_os = "linux")]
use std::collections::HashSet;
use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Instant;

use super::{
    CLEANUP, Ended, Finished, InputMode, Isolation, IsolationChoice, IsolationUnavailable, Limits,
};

#[cfg(target_os = "linux")]
#[path = "boxfs.rs"]
mod boxfs;
#[cfg(target_os = "linux")]
#[path = "cgroup.rs"]
mod cgroup;
#[cfg(target_os = "linux")]
#[path = "identity.rs"]
mod identity;
#[cfg(target_os = "linux")]
#[path = "landlock.rs"]
mod landlock;
#[path = "limits.rs"]
mod limits;
#[cfg(target_os = "linux")]
#[path = "sweep.rs"]
mod linux;
#[cfg(target_os = "linux")]
#[path = "prepare.rs"]
mod prepare;
#[cfg(target_os = "linux")]
#[path = "syscalls.rs"]
mod syscalls;
use limits::is_root;
#[cfg(not(target_os = "linux"))]
use limits::{address_space_bytes, box_environment, cpu_seconds, file_size_bytes};
#[cfg(target_os = "linux")]
#[path = "sandbox.rs"]
mod sandbox;
#[cfg(target_os = "linux")]
#[path = "seccomp.rs"]
mod seccomp;
#[cfg(target_os = "linux")]
use prepare::confine;
mod watch;
use watch::{feed, gather, reap, watch};

/// See [`super::choose_isolation`].
pub(super) fn choose_isolation(
    choice: IsolationChoice,
    file_size_mib: Option<u64>,
) -> Result<(Isolation, String), IsolationUnavailable> {
    let tmp = match file_size_mib {
        Some(mib) => format!("{mib} MiB"),
        None => "unbounded".to_string(),
    };
    #[cfg(target_os = "linux")]
    return prepare::isolation_line(choice, &tmp);
    #[cfg(not(target_os = "linux"))]
    {
        let _ = tmp;
        let uid = match is_root() {
            true => "uid nobody",
            false => "the judge's uid",
        };
        match choice {
            IsolationChoice::Namespaces => Err(IsolationUnavailable(
                "namespaces cannot be had here (namespaces need Linux); try --isolation \
                 fallback"
                    .into(),
            )),
            _ => Ok((
                Isolation::Fallback,
                format!(
                    "isolation: fallback (no namespaces: namespaces need Linux): NOT \
                     confined: network, file system reads and writes, the view of other \
                     processes and of the judge, whole-run memory; own session, {uid}; \
                     environment: PATH, LANG, HOME, TMPDIR and --env only; rlimits \
                     (memory, cpu, file size, core); only fds 0-2"
                ),
            )),
        }
    }
}

/// See [`super::guard_judge`].
pub(super) fn guard_judge() {
    // SAFETY: prctl with integer arguments changes only attributes of this process.
    #[cfg(target_os = "linux")]
    unsafe {
        libc::prctl(libc::PR_SET_DUMPABLE, 0 as libc::c_ulong);
    }
    #[cfg(target_os = "linux")]
    linux::become_subreaper();
    // SAFETY: a signal set built in place; the mask is that of this thread, inherited
    // by the threads it starts, and by programs and workers, which clear it before
    // exec (see sandbox::unblock_signals).
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for sig in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
            libc::sigaddset(&mut set, sig);
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        set
    };
    let started = std::thread::Builder::new()
        .name("judge-signals".into())
        .spawn(move || {
            let mut sig = 0;
            // SAFETY: sigwait reads `set` and writes `sig`.
            while unsafe { libc::sigwait(&set, &mut sig) } != 0 {}
            // Report nothing more (runs killed now would read as crashes: see
            // super::halt_if_stopping), kill every process of every run (and the
            // workers, whose runs die with them), then leave as the signal would have
            // had us.
            super::STOPPING.store(true, std::sync::atomic::Ordering::SeqCst);
            #[cfg(target_os = "linux")]
            linux::sweep(0, Instant::now() + CLEANUP, HashSet::new(), None);
            std::process::exit(128 + sig);
        });
    if started.is_err() {
        // No guard: let the signals act as they would have.
        // SAFETY: as above.
        unsafe { libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut()) };
    }
}

/// See [`super::tie_worker`].
pub(super) fn tie_worker(cmd: &mut Command) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: getpid only reads; the hook makes one prctl and getppid.
        let judge = unsafe { libc::getpid() };
        unsafe {
            cmd.pre_exec(move || sandbox::die_with_parent(judge));
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = cmd;
}

/// Send SIGKILL to a process group; a group already gone is fine.
fn kill_group(pgid: libc::pid_t) {
    // SAFETY: killpg only sends a signal; it touches no memory of ours.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
}

/// Why a program did not exit successfully, or `None` if it did.
fn describe_status(status: ExitStatus) -> Option<String> {
    if status.success() {
        None
    } else if let Some(code) = status.code() {
        Some(format!("exit status {code}"))
    } else {
        Some(format!("killed by signal {}", status.signal().unwrap_or(0)))
    }
}

/// The pre-exec hook where there is no Linux: a session of its own, the rlimits, and
/// `nobody` for a root judge. Only async-signal-safe calls.
#[cfg(not(target_os = "linux"))]
fn start_alone(
    memory: Option<libc::rlim_t>,
    file_size: Option<libc::rlim_t>,
    cpu: libc::rlim_t,
    nobody: bool,
) -> io::Result<()> {
    let fail = |r: libc::c_int| match r {
        -1 => Err(io::Error::last_os_error()),
        _ => Ok(()),
    };
    let limit = |soft, hard| libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: each call changes only this (child) process.
    unsafe {
        // No signal blocked: the judge blocks the ones its guard waits for.
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        fail(libc::setsid())?;
        fail(libc::setrlimit(libc::RLIMIT_CORE, &limit(0, 0)))?;
        fail(libc::setrlimit(libc::RLIMIT_CPU, &limit(cpu, cpu + 1)))?;
        if let Some(bytes) = memory {
            fail(libc::setrlimit(libc::RLIMIT_AS, &limit(bytes, bytes)))?;
        }
        if let Some(bytes) = file_size {
            fail(libc::setrlimit(libc::RLIMIT_FSIZE, &limit(bytes, bytes)))?;
        }
        if nobody {
            fail(libc::setgroups(0, std::ptr::null()))?;
            fail(libc::setgid(65534))?;
            fail(libc::setuid(65534))?;
        }
    }
    Ok(())
}

/// The program's wait status as its namespace's init reported it, if it did.
fn read_report(report: &mut std::fs::File) -> Option<ExitStatus> {
    let mut buf = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        match report.read(&mut buf[got..]) {
            Ok(0) => return None,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    Some(ExitStatus::from_raw(i32::from_ne_bytes(buf)))
}

/// Where the program's name leads: a name without a slash is looked up in the
/// judge's own `PATH` (the program's is the box's minimal one), so that a program
/// the organiser can run by name is the one judged. Under a uid of the run's own
/// (`others`), a file only its owner may reach is passed over, as `execvp` passes
/// over a file it may not run: `python3` of a version manager under `/root` gives
/// way to the system's.
fn resolve(exe: &str, others: bool) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    if exe.contains('/') {
        return exe.into();
    }
    let runnable = |p: &std::path::Path| {
        let bits = if others { 0o001 } else { 0o111 };
        let reachable = |q: &std::path::Path| {
            std::fs::metadata(q).is_ok_and(|m| m.permissions().mode() & bits != 0)
        };
        std::fs::metadata(p).is_ok_and(|m| m.is_file())
            && reachable(p)
            && (!others || p.ancestors().skip(1).all(reachable))
    };
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(exe))
        .find(|p| runnable(p))
        .unwrap_or_else(|| exe.into())
}

/// Run `program` with `state` under `limits`; see [`super::run_one`].
pub(super) fn run(program: &[String], state: &str, input: InputMode, limits: &Limits) -> Finished {
    let start = Instant::now();
    let finished = |ended: Ended| Finished {
        ended,
        output: Vec::new(),
        errors: Vec::new(),
        time: start.elapsed(),
        escaped: 0,
        survivors: 0,
        measured: super::Measured::default(),
    };
    let Some((exe, args)) = program.split_first() else {
        return finished(Ended::NotStarted("no program given".into()));
    };
    #[cfg(target_os = "linux")]
    linux::become_subreaper();
    let root = is_root();
    let path = resolve(exe, root);
    let mut cmd = program_command(&path, exe, args, state, input);
    let mut boxed = match confine(&mut cmd, &path, args, limits, root) {
        Ok(boxed) => boxed,
        Err(e) => return finished(Ended::NotStarted(format!("cannot start {exe}: {e}"))),
    };
    let spawned = cmd.spawn();
    let mut report = boxed.report();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            boxed.clean_up(limits);
            let hint = match root && e.kind() == io::ErrorKind::PermissionDenied {
                true => {
                    " (it runs under a uid of its own: the program and the directories \
                     above it must be readable and searchable by all)"
                }
                false => "",
            };
            return finished(Ended::NotStarted(format!("cannot start {exe}: {e}{hint}")));
        }
    };
    let pid = child.id() as libc::pid_t;
    // The judge's child leads its own session and process group: its pgid is its pid.
    // With namespaces the program is in that group too (its init made no other).
    let group = pid;
    let (notice, mut out, mut err) = match watch(&mut child, report.as_ref()) {
        Ok(watched) => watched,
        Err(e) => {
            kill_group(group);
            let _ = reap(&mut child, None, Instant::now() + CLEANUP);
            return finished(Ended::NotStarted(format!("cannot watch {exe}: {e}")));
        }
    };
    if let Some(stdin) = child.stdin.take() {
        feed(stdin, state);
    }
    let watch = match boxed.watches_memory() {
        true => limits.memory_mib.map(|m| (pid, m.saturating_mul(1 << 20))),
        false => None,
    };
    let seen = gather(&*notice, &mut out, &mut err, start + limits.time, watch);
    let (mut overflow, exited) = (seen.overflow, seen.exited);
    let time = start.elapsed();

    // Whatever happened, leave nothing of the program running: count what runs outside
    // its group, kill the group (with namespaces, that kills the namespace's init and so
    // every process in it), reap the judge's child, then (on Linux) whatever is left.
    #[cfg(target_os = "linux")]
    let outside = linux::outside(group);
    kill_group(group);
    let cleanup = Instant::now() + CLEANUP;
    let status = match report.as_mut() {
        Some(read) => {
            let _ = reap(&mut child, None, cleanup);
            Some(read_report(read).ok_or_else(|| io::Error::other("its supervisor died")))
        }
        None => reap(&mut child, Some(&*notice), cleanup),
    };
    #[cfg(target_os = "linux")]
    let (escaped, survivors) = prepare::sweep(&boxed, group, cleanup, outside);
    let (measured, out_of_memory) = boxed.measured();
    boxed.clean_up(limits);
    #[cfg(not(target_os = "linux"))]
    let (escaped, survivors) = (0, usize::from(status.is_none()));
    if !overflow {
        // Everything written before the program and the rest were stopped.
        overflow = out.drain();
    }
    err.drain();
    let ended = match out_of_memory || seen.over_memory {
        true => Ended::MemoryLimit,
        false => ending(overflow, exited, status),
    };
    Finished {
        ended,
        output: out.kept,
        errors: err.kept,
        time,
        escaped,
        survivors,
        measured,
    }
}

/// The box around one run where there is no Linux: nothing to keep.
#[cfg(not(target_os = "linux"))]
struct Boxed;

#[cfg(not(target_os = "linux"))]
impl Boxed {
    fn report(&mut self) -> Option<std::fs::File> {
        None
    }

    fn measured(&self) -> (super::Measured, bool) {
        (super::Measured::default(), false)
    }

    fn watches_memory(&self) -> bool {
        false
    }

    fn clean_up(&mut self, _: &Limits) {}
}

/// Set up `cmd` to run confined by `limits`: rlimits, a session of its own and a
/// fresh home (no namespaces here).
#[cfg(not(target_os = "linux"))]
fn confine(
    cmd: &mut Command,
    _: &std::path::Path,
    _: &[String],
    limits: &Limits,
    root: bool,
) -> io::Result<Boxed> {
    let memory = limits.memory_mib.map(address_space_bytes);
    let (file_size, cpu) = (file_size_bytes(limits), cpu_seconds(limits.time));
    box_environment(cmd, &std::env::temp_dir(), limits);
    // SAFETY: the hook makes only async-signal-safe system calls (see start_alone).
    unsafe {
        cmd.pre_exec(move || start_alone(memory, file_size, cpu, root));
    }
    Ok(Boxed)
}

/// The program's command line: run as `exe` (found at `path`), its standard input a
/// pipe or nothing, the state as its last argument with `InputMode::Argv`.
fn program_command(
    path: &std::path::Path,
    exe: &str,
    args: &[String],
    state: &str,
    input: InputMode,
) -> Command {
    let mut cmd = Command::new(path);
    cmd.arg0(exe)
        .args(args)
        .stdin(if input == InputMode::Stdin {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if input == InputMode::Argv {
        cmd.arg(state);
    }
    cmd
}

/// How the run ended, from what the judge saw and the program's status.
fn ending(overflow: bool, exited: bool, status: Option<io::Result<ExitStatus>>) -> Ended {
    if overflow {
        Ended::Overflow
    } else if !exited {
        Ended::Timeout
    } else {
        match status {
            Some(Ok(s)) => Ended::Exited(describe_status(s)),
            Some(Err(e)) => Ended::WaitFailed(e.to_string()),
            None => Ended::WaitFailed("it would not stop".into()),
        }
    }
}
