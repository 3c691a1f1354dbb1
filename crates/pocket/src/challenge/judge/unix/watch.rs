//! Watching a started program: its output read as it comes, without ever waiting
//! past the deadline, its standard input fed, its exit noticed and reaped, its
//! memory summed; apart from how it is started and confined.

use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::process::{Child, ExitStatus};
use std::time::{Duration, Instant};

#[cfg(target_os = "linux")]
use super::linux;
use crate::challenge::judge::MAX_OUTPUT;

/// The started program's exit notice (the box's report pipe, or a socket a thread
/// closes when the program exits) and its two output pipes, made non-blocking.
#[allow(clippy::type_complexity)]
pub(super) fn watch(
    child: &mut Child,
    report: Option<&std::fs::File>,
) -> io::Result<(
    Box<dyn AsRawFd>,
    Output<std::process::ChildStdout>,
    Output<std::process::ChildStderr>,
)> {
    let pid = child.id() as libc::pid_t;
    let watched: io::Result<Box<dyn AsRawFd>> = match report {
        Some(read) => read.try_clone().map(|r| Box::new(r) as Box<dyn AsRawFd>),
        None => UnixStream::pair().and_then(|(mine, theirs)| {
            watch_exit(pid, theirs)?;
            Ok(Box::new(mine) as Box<dyn AsRawFd>)
        }),
    };
    let pipe = child.stdout.take();
    let errors = child.stderr.take();
    if let (Some(p), Some(e)) = (&pipe, &errors) {
        set_nonblocking(p).and_then(|_| set_nonblocking(e))?;
    }
    Ok((
        watched?,
        Output::new(pipe, false),
        Output::new(errors, true),
    ))
}

/// Write the state to the program's standard input from a thread of its own: a
/// program that never reads its input must not block the judge; if no thread can be
/// had, dropping the pipe gives the program end of file instead.
pub(super) fn feed(mut stdin: std::process::ChildStdin, state: &str) {
    let line = format!("{state}\n");
    let _ = std::thread::Builder::new()
        .name("judge-stdin".into())
        .spawn(move || {
            let _ = stdin.write_all(line.as_bytes());
        });
}

/// The program's standard output as read so far.
pub(super) struct Output<P> {
    pipe: Option<P>,
    pub(super) kept: Vec<u8>,
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
    pub(super) fn drain(&mut self) -> bool {
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

/// How often a run without a cgroup has its memory summed.
const MEMORY_WATCH: Duration = Duration::from_millis(10);

/// What [`gather`] saw.
pub(super) struct Gathered {
    pub(super) overflow: bool,
    pub(super) exited: bool,
    /// The run's processes held more than the memory limit at once.
    pub(super) over_memory: bool,
}

/// Read the program's output as it comes until it exits, prints too much, passes
/// `memory` (the judge's child and the bytes its processes may hold together,
/// summed every [`MEMORY_WATCH`]; on Linux, where no cgroup bounds the run), or the
/// deadline passes.
pub(super) fn gather<O: Read + AsRawFd, E: Read + AsRawFd>(
    notice: &dyn AsRawFd,
    out: &mut Output<O>,
    err: &mut Output<E>,
    deadline: Instant,
    memory: Option<(libc::pid_t, u64)>,
) -> Gathered {
    let mut seen = Gathered {
        overflow: false,
        exited: false,
        over_memory: false,
    };
    while !seen.overflow && !seen.exited {
        let mut fds = vec![readable(notice)];
        let out_at = out.pipe.as_ref().map(|p| {
            fds.push(readable(p));
            fds.len() - 1
        });
        let err_at = err.pipe.as_ref().map(|p| {
            fds.push(readable(p));
            fds.len() - 1
        });
        let until = match memory {
            Some(_) => deadline.min(Instant::now() + MEMORY_WATCH),
            None => deadline,
        };
        if !poll_until(&mut fds, until) {
            if Instant::now() >= deadline {
                break;
            }
            #[cfg(target_os = "linux")]
            if let Some((root, bytes)) = memory {
                if linux::tree_memory(root) > bytes {
                    seen.over_memory = true;
                    break;
                }
            }
            continue;
        }
        if out_at.is_some_and(|i| fds[i].revents != 0) {
            seen.overflow = out.drain();
        }
        if err_at.is_some_and(|i| fds[i].revents != 0) {
            err.drain();
        }
        seen.exited = fds[0].revents != 0;
    }
    seen
}

/// Reap the program, waiting for its exit notice (if it is watched) up to `until`;
/// `None` if it is still running then.
pub(super) fn reap(
    child: &mut Child,
    notice: Option<&dyn AsRawFd>,
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

fn readable(fd: &(impl AsRawFd + ?Sized)) -> libc::pollfd {
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
