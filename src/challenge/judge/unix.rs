//! Running one program under the judge's limits on Unix: its own session, a bound on
//! its address space, output read without ever waiting past the deadline, and (on
//! Linux) a sweep afterwards for every process it left behind.

use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use super::{CLEANUP, Ended, Finished, InputMode, Limits, MAX_OUTPUT};

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

/// The address-space bound for `mib` MiB, no higher than our own hard limit (which an
/// unprivileged process may not raise).
fn address_space_bytes(mib: u64) -> libc::rlim_t {
    let wanted = (mib as libc::rlim_t).saturating_mul(1024 * 1024);
    let mut own = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes only into `own`, a valid rlimit.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut own) } == 0;
    if ok && own.rlim_max != libc::RLIM_INFINITY {
        wanted.min(own.rlim_max)
    } else {
        wanted
    }
}

/// Runs in the forked child just before exec, so only async-signal-safe calls: a
/// session (and so a process group) of its own, which also stops it and its
/// descendants from joining any process group outside it, and the memory bound.
fn start_alone(memory: Option<libc::rlim_t>) -> io::Result<()> {
    // SAFETY: setsid only changes the session of this (child) process.
    if unsafe { libc::setsid() } == -1 {
        return Err(io::Error::last_os_error());
    }
    if let Some(bytes) = memory {
        let limit = libc::rlimit {
            rlim_cur: bytes,
            rlim_max: bytes,
        };
        // SAFETY: setrlimit reads `limit`, a valid rlimit, and changes only this process.
        if unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) } == -1 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Wait until `pid` (our child) has exited, without reaping it, then return; the
/// caller learns of it when the other end of `notice` reads end of file. Reaping is
/// left to the `Child`, so the pid stays ours (and cannot be reused) until then.
fn watch_exit(pid: libc::pid_t, notice: UnixStream) -> io::Result<()> {
    std::thread::Builder::new()
        .name("judge-wait".into())
        .spawn(move || {
            loop {
                // SAFETY: an all-zero siginfo_t is a valid value of this plain C struct.
                let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
                // SAFETY: waitid writes only into `info`; WNOWAIT leaves the child
                // unreaped.
                let r = unsafe {
                    libc::waitid(
                        libc::P_PID,
                        pid as libc::id_t,
                        &mut info,
                        libc::WEXITED | libc::WNOWAIT,
                    )
                };
                if r == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                    break;
                }
            }
            drop(notice);
        })
        .map(|_| ())
}

/// Wait up to `until` for `fds` to have something to report; true if they do.
fn poll_until(fds: &mut [libc::pollfd], until: Instant) -> bool {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        // Round up, so that the deadline has passed when poll times out.
        let ms = left.as_micros().div_ceil(1000).min(i32::MAX as u128) as libc::c_int;
        for fd in fds.iter_mut() {
            fd.revents = 0;
        }
        // SAFETY: `fds` is a valid, writable array of `fds.len()` pollfd structs.
        let r = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
        if r > 0 {
            return true;
        }
        if Instant::now() >= until {
            return false;
        }
        if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            // Out of kernel memory, say: try again shortly rather than give up early.
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

fn readable(fd: &impl AsRawFd) -> libc::pollfd {
    libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    }
}

/// Make reads of the pipe return at once when it is empty.
fn set_nonblocking(out: &impl AsRawFd) -> io::Result<()> {
    let fd = out.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own, reading and setting its status flags.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags == -1 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) == -1 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// The program's standard output as read so far.
struct Output<P> {
    pipe: Option<P>,
    kept: Vec<u8>,
    /// Keep only the last [`STDERR_TAIL`] bytes, never overflowing (standard error).
    tail: bool,
}

impl<P: Read> Output<P> {
    fn new(pipe: Option<P>, tail: bool) -> Output<P> {
        Output {
            pipe,
            kept: Vec::new(),
            tail,
        }
    }

    /// Read whatever is in the pipe now, without waiting. Closes the pipe at end of
    /// file or on an error. True if the program printed more than [`MAX_OUTPUT`] (on
    /// standard output; standard error keeps its tail).
    fn drain(&mut self) -> bool {
        let Some(pipe) = self.pipe.as_mut() else {
            return false;
        };
        let mut buf = [0u8; 8192];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) if self.tail => {
                    self.kept.extend_from_slice(&buf[..n]);
                    let extra = self.kept.len().saturating_sub(STDERR_TAIL);
                    self.kept.drain(..extra);
                }
                Ok(n) => {
                    let room = MAX_OUTPUT + 1 - self.kept.len();
                    self.kept.extend_from_slice(&buf[..n.min(room)]);
                    if self.kept.len() > MAX_OUTPUT {
                        return true;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return false,
                Err(_) => break,
            }
        }
        self.pipe = None;
        false
    }
}

/// Bytes of a program's standard error kept, from its end, to show with a crash.
const STDERR_TAIL: usize = 2048;

/// Reap the program, waiting for its exit notice (if it is watched) up to `until`;
/// `None` if it is still running then.
fn reap(
    child: &mut Child,
    notice: Option<&UnixStream>,
    until: Instant,
) -> Option<io::Result<ExitStatus>> {
    if let Some(notice) = notice {
        poll_until(&mut [readable(notice)], until);
    }
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(Ok(status)),
            Err(e) => return Some(Err(e)),
            Ok(None) if Instant::now() >= until => return None,
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// Run `program` with `state` under `limits`; see [`super::run_one`].
pub(super) fn run(program: &[String], state: &str, input: InputMode, limits: Limits) -> Finished {
    let start = Instant::now();
    let finished = |ended: Ended| Finished {
        ended,
        output: Vec::new(),
        errors: Vec::new(),
        time: start.elapsed(),
        escaped: 0,
        survivors: 0,
    };
    let Some((exe, args)) = program.split_first() else {
        return finished(Ended::NotStarted("no program given".into()));
    };
    #[cfg(target_os = "linux")]
    linux::become_subreaper();
    let memory = limits.memory_mib.map(address_space_bytes);
    let mut cmd = Command::new(exe);
    cmd.args(args)
        .stdin(if input == InputMode::Stdin {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove(super::WORKER_ENV);
    // SAFETY: the hook makes only async-signal-safe system calls (see start_alone).
    unsafe {
        cmd.pre_exec(move || start_alone(memory));
    }
    if input == InputMode::Argv {
        cmd.arg(state);
    }
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return finished(Ended::NotStarted(format!("cannot start {exe}: {e}"))),
    };
    let pid = child.id() as libc::pid_t;
    // The program leads its own session and process group: its pgid is its pid.
    let group = pid;
    let watched = UnixStream::pair().and_then(|(mine, theirs)| {
        watch_exit(pid, theirs)?;
        Ok(mine)
    });
    let pipe = child.stdout.take();
    let errors = child.stderr.take();
    let ready = match (&pipe, &errors) {
        (Some(p), Some(e)) => set_nonblocking(p).and_then(|_| set_nonblocking(e)),
        _ => Ok(()),
    };
    let notice = match (watched, ready) {
        (Ok(notice), Ok(())) => notice,
        (Err(e), _) | (_, Err(e)) => {
            kill_group(group);
            let _ = reap(&mut child, None, Instant::now() + CLEANUP);
            return finished(Ended::NotStarted(format!("cannot watch {exe}: {e}")));
        }
    };
    if let Some(mut stdin) = child.stdin.take() {
        let line = format!("{state}\n");
        // A program that never reads its input must not block the judge; if no thread
        // can be had, dropping the pipe gives the program end of file instead.
        let _ = std::thread::Builder::new()
            .name("judge-stdin".into())
            .spawn(move || {
                let _ = stdin.write_all(line.as_bytes());
            });
    }

    let deadline = start + limits.time;
    let mut out = Output::new(pipe, false);
    let mut err = Output::new(errors, true);
    let mut overflow = false;
    let mut exited = false;
    while !overflow && !exited {
        let mut fds = vec![readable(&notice)];
        let out_at = out.pipe.as_ref().map(|p| {
            fds.push(readable(p));
            fds.len() - 1
        });
        let err_at = err.pipe.as_ref().map(|p| {
            fds.push(readable(p));
            fds.len() - 1
        });
        if !poll_until(&mut fds, deadline) {
            break;
        }
        if out_at.is_some_and(|i| fds[i].revents != 0) {
            overflow = out.drain();
        }
        if err_at.is_some_and(|i| fds[i].revents != 0) {
            err.drain();
        }
        exited = fds[0].revents != 0;
    }
    let time = start.elapsed();

    // Whatever happened, leave nothing of the program running: its group now, the
    // program itself once it is gone, then (on Linux) whatever it left elsewhere.
    kill_group(group);
    let cleanup = Instant::now() + CLEANUP;
    let status = reap(&mut child, Some(&notice), cleanup);
    #[cfg(target_os = "linux")]
    let (escaped, survivors) = linux::sweep(group, cleanup);
    #[cfg(not(target_os = "linux"))]
    let (escaped, survivors) = (0, usize::from(status.is_none()));
    if !overflow {
        // Everything written before the program and the rest were stopped.
        overflow = out.drain();
    }
    err.drain();
    let ended = if overflow {
        Ended::Overflow
    } else if !exited {
        Ended::Timeout
    } else {
        match status {
            Some(Ok(s)) => Ended::Exited(describe_status(s)),
            Some(Err(e)) => Ended::WaitFailed(e.to_string()),
            None => Ended::WaitFailed("it would not stop".into()),
        }
    };
    Finished {
        ended,
        output: out.kept,
        errors: err.kept,
        time,
        escaped,
        survivors,
    }
}

/// Linux only: the judge as a child subreaper, and the sweep of what a run left behind.
#[cfg(target_os = "linux")]
mod linux {
    use std::collections::HashSet;
    use std::time::{Duration, Instant};

    /// Have orphaned descendants re-parented to this process rather than to init, so
    /// that the sweep finds them. Failure only makes the sweep see less.
    pub(super) fn become_subreaper() {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes an integer and changes only
        // an attribute of this process.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong);
        }
    }

    /// One process, from /proc/PID/stat.
    struct Proc {
        pid: libc::pid_t,
        ppid: libc::pid_t,
        pgid: libc::pid_t,
        zombie: bool,
    }

    fn parse_stat(text: &str) -> Option<Proc> {
        // "PID (COMM) STATE PPID PGRP ...", where COMM may hold spaces and ')'.
        let (pid, rest) = text.split_once(" (")?;
        let (_, fields) = rest.rsplit_once(") ")?;
        let mut fields = fields.split_ascii_whitespace();
        let state = fields.next()?;
        Some(Proc {
            pid: pid.trim().parse().ok()?,
            zombie: state == "Z" || state == "X",
            ppid: fields.next()?.parse().ok()?,
            pgid: fields.next()?.parse().ok()?,
        })
    }

    /// Every process, as /proc shows it now.
    fn processes() -> Vec<Proc> {
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        dir.filter_map(Result::ok)
            .filter(|e| {
                e.file_name()
                    .to_str()
                    .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
            .filter_map(|text| parse_stat(&text))
            .collect()
    }

    /// The processes descended from `root` (not itself).
    fn descendants(all: &[Proc], root: libc::pid_t) -> Vec<&Proc> {
        let mut found: Vec<&Proc> = Vec::new();
        let mut parents = HashSet::from([root]);
        loop {
            let before = found.len();
            for p in all {
                if parents.contains(&p.ppid) && !parents.contains(&p.pid) {
                    parents.insert(p.pid);
                    found.push(p);
                }
            }
            if found.len() == before {
                return found;
            }
        }
    }

    /// Kill and reap every process the run left, until none is left or `until`:
    /// (processes found running outside the run's process group `group`, processes
    /// still running at `until`).
    ///
    /// Every descendant whose parent dies is re-parented to us (a subreaper), so
    /// killing our children level by level reaches them all. Only our own children
    /// are signalled, and the groups they lead: a child is ours until we reap it, so
    /// its pid cannot be reused under us. Deeper descendants are only counted.
    pub(super) fn sweep(group: libc::pid_t, until: Instant) -> (usize, usize) {
        let me = std::process::id() as libc::pid_t;
        let mut escaped: HashSet<libc::pid_t> = HashSet::new();
        let mut pause = Duration::from_millis(1);
        loop {
            let all = processes();
            let left = descendants(&all, me);
            escaped.extend(
                left.iter()
                    .filter(|p| !p.zombie && p.pgid != group)
                    .map(|p| p.pid),
            );
            let mut running = 0;
            for p in left.iter().filter(|p| p.ppid == me) {
                if p.zombie {
                    let mut status = 0;
                    // SAFETY: waitpid on our own child writes only into `status`.
                    unsafe {
                        libc::waitpid(p.pid, &mut status, libc::WNOHANG);
                    }
                    continue;
                }
                running += 1;
                // SAFETY: kill and killpg only send signals. The pid is our unreaped
                // child; a group it leads holds only processes of the run.
                unsafe {
                    if p.pgid == p.pid {
                        libc::killpg(p.pid, libc::SIGKILL);
                    }
                    libc::kill(p.pid, libc::SIGKILL);
                }
            }
            if left.is_empty() {
                return (escaped.len(), 0);
            }
            let now = Instant::now();
            if now >= until {
                let alive = left.iter().filter(|p| !p.zombie).count();
                return (escaped.len(), alive);
            }
            if running > 0 {
                std::thread::sleep(pause.min(until - now));
                pause = (pause * 2).min(Duration::from_millis(20));
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn stat_lines_with_awkward_names() {
            let p = parse_stat("123 (a) b (c)) S 45 67 67 0 -1").unwrap();
            assert_eq!((p.pid, p.ppid, p.pgid, p.zombie), (123, 45, 67, false));
            let p = parse_stat("9 (sh) Z 1 9 9 0").unwrap();
            assert!(p.zombie);
            assert!(parse_stat("9 (sh").is_none());
            assert!(parse_stat("").is_none());
        }
    }
}
