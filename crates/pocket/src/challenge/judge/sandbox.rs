//! How a judged program is confined on Linux, the way isolate and nsjail do it.
//!
//! With namespaces the judge's child `I` (a session of its own, killed with the judge
//! through `PR_SET_PDEATHSIG`, in the run's cgroup when the judge is root) unshares a
//! mount, a PID, a network, an IPC and a UTS namespace (and a user namespace when
//! the judge is not root), builds the box's root ([`boxfs`]) and forks `N`, the
//! namespace's init: it wipes the judge's arguments and environment from its own
//! memory (so `/proc/1/cmdline` shows none of them), mounts the namespace's `/proc`,
//! makes the box's root `/` ([`boxfs::settle`]) and forks the program `P` (pid 2),
//! then reaps, reports `P`'s wait status on a pipe of the judge's, and waits to be
//! killed if anything of the program is left (so that the judge can count it), else
//! leaves. When `N` dies (the judge kills the group of `I` after each run; `N` is
//! killed through `PR_SET_PDEATHSIG` when `I` dies) the kernel kills every process
//! of the namespace, including any that started a session of its own. Inside, the
//! judge is not visible: the program's parent is `N`, which ignores the signals it
//! sends. When the judge is not root, `P` enters a user namespace of its own that
//! maps nothing: it runs as an identity with no name and no capability.
//!
//! Without namespaces (the fallback) the program is the judge's own child, in a
//! session of its own. Both ways the program gets the rlimits (memory, CPU time,
//! file size, core, processes), a uid and gid of its own when the judge is root
//! ([`identity`]), `PR_SET_PDEATHSIG`, only its three standard descriptors,
//! `PR_SET_NO_NEW_PRIVS`, the [`landlock`] rules and the [`seccomp`] allow list.
//!
//! Everything here that runs between fork and exec makes only async-signal-safe
//! system calls: the judge has other threads.

use std::io;
use std::os::fd::RawFd;

use super::boxfs::{self, BoxFs};
use super::landlock::Rules;
use super::seccomp::Filter;

/// The uid and gid `nobody` of most Linux systems: what the program is in the user
/// namespace of a judge that is not root.
pub(super) const NOBODY: libc::uid_t = 65534;

/// Processes a run's own uid may have at once (`RLIMIT_NPROC`).
pub(super) const MAX_PROCESSES: libc::rlim_t = 512;

/// What the program gets, whichever way it runs.
#[derive(Debug)]
pub(super) struct Confinement {
    /// `RLIMIT_AS`, in bytes.
    pub memory: Option<libc::rlim_t>,
    /// `RLIMIT_CPU`, in seconds.
    pub cpu: libc::rlim_t,
    /// `RLIMIT_FSIZE`, in bytes.
    pub file_size: Option<libc::rlim_t>,
    /// `RLIMIT_NPROC`: counted under the run's own uid (root), in its own user
    /// namespace (not root, namespaces), or with the judge's user's processes.
    pub processes: Option<libc::rlim_t>,
    /// The run's own uid and gid (the judge is root).
    pub uid: Option<libc::uid_t>,
    /// The judge's pid, to notice that it died before `PR_SET_PDEATHSIG` was set.
    pub judge: libc::pid_t,
    /// The seccomp allow list.
    pub filter: Filter,
    /// The Landlock rules, where the kernel has Landlock.
    pub landlock: Option<Rules>,
    /// The run's cgroup's `cgroup.procs` descriptors, to join before anything else.
    pub cgroups: Vec<libc::c_int>,
}

/// The namespaces to make; see the module documentation.
#[derive(Clone, Copy, Debug)]
pub(super) struct Namespaces {
    /// Not root: a user namespace too, mapping `nobody` inside to these (uid, gid).
    pub user: Option<(libc::uid_t, libc::gid_t)>,
    /// The write end of the judge's pipe for the program's wait status.
    pub report: RawFd,
    /// The judge's argument and environment areas, `[start, end)` in its memory
    /// (`/proc/self/stat`), wiped in the init.
    pub wipe: [(usize, usize); 2],
}

/// Join the run's cgroups (writing "0" moves the writer).
fn join_cgroups(fds: &[libc::c_int]) -> io::Result<()> {
    for &fd in fds {
        // SAFETY: a write of one byte from a static buffer to our descriptor.
        if unsafe { libc::write(fd, b"0".as_ptr().cast(), 1) } != 1 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

fn check(r: libc::c_int) -> io::Result<libc::c_int> {
    if r == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(r)
    }
}

/// Be killed when the parent dies; if it already has (it is not `parent` any more),
/// leave at once.
fn die_with(parent: Option<libc::pid_t>) -> io::Result<()> {
    // SAFETY: prctl with integer arguments changes only this process.
    check(unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) })?;
    // SAFETY: getppid and _exit touch no memory.
    if parent.is_some_and(|p| unsafe { libc::getppid() } != p) {
        unsafe { libc::_exit(1) };
    }
    Ok(())
}

/// For a worker process of the judge: killed when the judge dies.
pub(super) fn die_with_parent(parent: libc::pid_t) -> io::Result<()> {
    unblock_signals();
    die_with(Some(parent))
}

/// Start with no signal blocked: the judge blocks the ones its guard waits for, and
/// a mask survives exec.
pub(super) fn unblock_signals() {
    // SAFETY: an empty set built in place; sigprocmask changes only this process.
    unsafe {
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    }
}

fn set_limit(
    resource: libc::__rlimit_resource_t,
    soft: libc::rlim_t,
    hard: libc::rlim_t,
) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: setrlimit reads `limit`, a valid rlimit, and changes only this process.
    check(unsafe { libc::setrlimit(resource, &limit) }).map(|_| ())
}

/// Close (`cloexec`: mark close-on-exec) every descriptor from `from` on.
fn close_from(from: libc::c_uint, cloexec: bool) {
    let flags = if cloexec {
        libc::CLOSE_RANGE_CLOEXEC
    } else {
        0
    };
    // SAFETY: close_range only closes or marks descriptors of this process.
    let r = unsafe { libc::syscall(libc::SYS_close_range, from, libc::c_uint::MAX, flags) };
    if r == -1 {
        // Kernels before 5.9 (5.11 for the flag): one descriptor at a time.
        for fd in from as libc::c_int..4096 {
            // SAFETY: as above; a descriptor not open is an error, ignored.
            unsafe {
                if cloexec {
                    libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
                } else {
                    libc::close(fd);
                }
            }
        }
    }
}

/// Close every descriptor but `keep`.
fn close_all_but(keep: RawFd) {
    // SAFETY: closing descriptors of this process; `keep` stays.
    for fd in 0..keep {
        unsafe { libc::close(fd) };
    }
    close_from(keep as libc::c_uint + 1, false);
}

/// The last steps before exec, in the program's own process: rlimits, the run's
/// own uid, death with its parent, only descriptors 0, 1 and 2 across exec, no new
/// privileges, the Landlock rules and the seccomp filter.
fn confine(c: &Confinement, parent: Option<libc::pid_t>) -> io::Result<()> {
    unblock_signals();
    set_limit(libc::RLIMIT_CORE, 0, 0)?;
    set_limit(libc::RLIMIT_CPU, c.cpu, c.cpu + 1)?;
    if let Some(bytes) = c.memory {
        set_limit(libc::RLIMIT_AS, bytes, bytes)?;
    }
    if let Some(bytes) = c.file_size {
        set_limit(libc::RLIMIT_FSIZE, bytes, bytes)?;
    }
    if let Some(n) = c.processes {
        set_limit(libc::RLIMIT_NPROC, n, n)?;
    }
    if let Some(id) = c.uid {
        // SAFETY: these change only the credentials of this process.
        unsafe {
            check(libc::setgroups(0, std::ptr::null()))?;
            check(libc::setgid(id))?;
            check(libc::setuid(id))?;
        }
    }
    // After setuid, which clears the parent-death signal.
    die_with(parent)?;
    close_from(3, true);
    // SAFETY: prctl with integer arguments changes only this process.
    check(unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1 as libc::c_ulong, 0, 0, 0) })?;
    if let Some(rules) = &c.landlock {
        rules.enforce()?;
    }
    c.filter.install()
}

/// The pre-exec hook of the fallback: the program in a session of its own.
pub(super) fn fallback(c: &Confinement) -> io::Result<()> {
    // SAFETY: setsid only changes the session of this (child) process.
    check(unsafe { libc::setsid() })?;
    join_cgroups(&c.cgroups)?;
    confine(c, Some(c.judge))
}

/// Write `text` to the file `path` (a NUL-terminated byte string).
fn write_file(path: &[u8], text: &[u8]) -> io::Result<()> {
    // SAFETY: `path` is NUL-terminated; the descriptor is ours and closed below.
    unsafe {
        let fd = check(libc::open(
            path.as_ptr().cast(),
            libc::O_WRONLY | libc::O_CLOEXEC,
        ))?;
        let n = libc::write(fd, text.as_ptr().cast(), text.len());
        libc::close(fd);
        if n != text.len() as isize {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// "ID OUTSIDE 1\n" in `buf`, without allocating; the bytes written.
fn id_map(buf: &mut [u8; 48], inside: u32, outside: u32) -> usize {
    let mut n = 0;
    for (i, value) in [inside, outside, 1].into_iter().enumerate() {
        n += super::boxfs::write_decimal(&mut buf[n..], value);
        buf[n] = if i == 2 { b'\n' } else { b' ' };
        n += 1;
    }
    n
}

/// Unshare the namespaces in the calling process and build the box's root in them;
/// its next child is a PID namespace's init. Mounts are made private first, so that
/// nothing of the box shows outside.
fn enter(user: Option<(libc::uid_t, libc::gid_t)>, fs: &mut BoxFs) -> io::Result<()> {
    let mut flags = libc::CLONE_NEWNS
        | libc::CLONE_NEWPID
        | libc::CLONE_NEWNET
        | libc::CLONE_NEWIPC
        | libc::CLONE_NEWUTS;
    if user.is_some() {
        flags |= libc::CLONE_NEWUSER;
    }
    // SAFETY: unshare changes only the namespaces of this process.
    check(unsafe { libc::unshare(flags) })?;
    if let Some((uid, gid)) = user {
        // The maps of a non-dumpable process belong to root: be dumpable to write them.
        // SAFETY: prctl with integer arguments changes only this process.
        unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 1 as libc::c_ulong) };
        let mut buf = [0u8; 48];
        write_file(b"/proc/self/setgroups\0", b"deny")?;
        let n = id_map(&mut buf, NOBODY, uid);
        write_file(b"/proc/self/uid_map\0", &buf[..n])?;
        let n = id_map(&mut buf, NOBODY, gid);
        write_file(b"/proc/self/gid_map\0", &buf[..n])?;
        unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0 as libc::c_ulong) };
    }
    // SAFETY: mount with NUL-terminated strings and null pointers where allowed;
    // sethostname reads the bytes given.
    check(unsafe {
        libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        )
    })?;
    check(unsafe { libc::sethostname(b"pocket-box".as_ptr().cast(), 10) })?;
    fs.build()?;
    boxfs::loopback_up()
}

/// Overwrite `[start, end)` of this process's memory with zeros: the judge's
/// arguments or environment, which `/proc/PID/cmdline` reads from there.
fn wipe(area: (usize, usize)) {
    let (start, end) = area;
    if start != 0 && end > start {
        // SAFETY: the area is the argument or environment block the kernel set up
        // for the judge, mapped and writable for the process's life; this process
        // (a fork) reads nothing from it any more.
        unsafe { std::ptr::write_bytes(start as *mut u8, 0, end - start) };
    }
}

/// fork, without the C library's fork handlers (this runs after a fork already).
fn fork() -> io::Result<libc::pid_t> {
    // SAFETY: a clone with only SIGCHLD and no new stack is a plain fork.
    let pid = unsafe { libc::syscall(libc::SYS_clone, libc::SIGCHLD as libc::c_long, 0, 0, 0, 0) };
    if pid == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(pid as libc::pid_t)
    }
}

fn pipe() -> io::Result<[RawFd; 2]> {
    let mut fds = [-1; 2];
    // SAFETY: pipe2 writes two descriptors into `fds`.
    check(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) })?;
    Ok(fds)
}

/// `I`: wait for the init `n` until killed; the judge kills the group.
fn outer(n: libc::pid_t, keep: RawFd) -> ! {
    close_all_but(keep);
    loop {
        let mut status = 0;
        // SAFETY: waitpid on our own child writes only into `status`.
        let r = unsafe { libc::waitpid(n, &mut status, 0) };
        if r == n || (r == -1 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR)) {
            // SAFETY: leaving without running anything of the judge's.
            unsafe { libc::_exit(0) };
        }
    }
}

/// `N`, the init: reap everything, report `program`'s wait status, then wait to be
/// killed (its death ends the namespace), or leave once no process is left in it
/// (as when the program could not be started, and its spawn waits for us).
fn init(program: libc::pid_t, report: RawFd) -> ! {
    close_all_but(report);
    let mut report = Some(report);
    loop {
        let mut status = 0;
        // SAFETY: waitpid writes only into `status`; write and close use our pipe.
        unsafe {
            let r = libc::waitpid(-1, &mut status, 0);
            if r == program {
                if let Some(fd) = report.take() {
                    libc::write(fd, (&status as *const libc::c_int).cast(), 4);
                    libc::close(fd);
                }
            } else if r == -1 && io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD) {
                if report.is_none() {
                    // The program is gone and nothing is left of it: nothing to keep.
                    libc::_exit(0);
                }
                libc::pause();
            }
        }
    }
}

/// The pre-exec hook with namespaces; see the module documentation. Only `P`
/// returns from it (to exec); `I` and `N` never do, unless they fail before their
/// work starts, and then the judge's spawn fails with the reason.
pub(super) fn namespaces(c: &Confinement, ns: Namespaces, fs: &mut BoxFs) -> io::Result<()> {
    // SAFETY: setsid only changes the session of this (child) process.
    check(unsafe { libc::setsid() })?;
    die_with(Some(c.judge))?;
    join_cgroups(&c.cgroups)?;
    enter(ns.user, fs)?;
    let [alive_r, alive_w] = pipe()?;
    let n = fork()?;
    if n > 0 {
        outer(n, alive_w);
    }
    // N, pid 1 of the namespace: gone with I, which holds `alive_w` until it dies.
    // SAFETY: closing our copy of a pipe end; poll reads one valid pollfd.
    unsafe { libc::close(alive_w) };
    die_with(None)?;
    let mut fd = libc::pollfd {
        fd: alive_r,
        events: libc::POLLIN,
        revents: 0,
    };
    if unsafe { libc::poll(&mut fd, 1, 0) } != 0 {
        unsafe { libc::_exit(1) };
    }
    unsafe { libc::close(alive_r) };
    ns.wipe.into_iter().for_each(wipe);
    boxfs::settle()?;
    let p = fork()?;
    if p > 0 {
        init(p, ns.report);
    }
    // SAFETY: the program has no use for the report pipe; chdir reads a
    // NUL-terminated path.
    unsafe {
        libc::close(ns.report);
        if libc::chdir(fs.cwd.as_ptr()) == -1 {
            check(libc::chdir(c"/tmp".as_ptr()))?;
        }
    }
    if ns.user.is_some() {
        // An identity that maps nothing: no name, no capability, in the box alone.
        // SAFETY: unshare changes only the namespaces of this process.
        check(unsafe { libc::unshare(libc::CLONE_NEWUSER) })?;
    }
    confine(c, None)
}

/// The judge's argument and environment areas in its memory, as `/proc/self/stat`
/// gives them (fields 48 to 51); zeros where it cannot be read.
pub(super) fn judge_areas() -> [(usize, usize); 2] {
    static AREAS: std::sync::OnceLock<[(usize, usize); 2]> = std::sync::OnceLock::new();
    *AREAS.get_or_init(|| {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        // Fields after the command name, which may hold spaces and ')'.
        let after = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
        let field = |n: usize| -> usize {
            // `after` starts at field 3.
            after
                .split_ascii_whitespace()
                .nth(n - 3)
                .and_then(|f| f.parse().ok())
                .unwrap_or(0)
        };
        [(field(48), field(49)), (field(50), field(51))]
    })
}

/// Whether namespaces can be had here: `None` if they can, else the step that
/// failed and why. Tries them in a child (and its child, the init that mounts `/proc`).
pub(super) fn probe(user: Option<(libc::uid_t, libc::gid_t)>) -> Option<String> {
    let mut fs = match BoxFs::new(&boxfs::Given {
        tmp_mib: Some(1),
        ..boxfs::Given::default()
    }) {
        Ok(fs) => fs,
        Err(e) => return Some(format!("box: {e}")),
    };
    let [r, w] = match pipe() {
        Ok(p) => p,
        Err(e) => return Some(format!("pipe: {e}")),
    };
    // SAFETY: the child makes only async-signal-safe calls and leaves with _exit.
    let child = unsafe { libc::fork() };
    if child == 0 {
        // What failed, as [step, errno].
        let fail = |step: u8, e: io::Error| -> ! {
            let msg = [step, e.raw_os_error().unwrap_or(0) as u8];
            // SAFETY: a write into our pipe, then leave.
            unsafe {
                libc::write(w, msg.as_ptr().cast(), 2);
                libc::_exit(1)
            }
        };
        if let Err(e) = enter(user, &mut fs) {
            fail(1, e);
        }
        match fork() {
            Err(e) => fail(2, e),
            Ok(0) => {
                if let Err(e) = boxfs::settle() {
                    fail(3, e);
                }
                if user.is_some() {
                    // SAFETY: as in namespaces.
                    if let Err(e) = check(unsafe { libc::unshare(libc::CLONE_NEWUSER) }) {
                        fail(4, e);
                    }
                }
                unsafe { libc::_exit(0) };
            }
            Ok(n) => {
                let mut status = 0;
                unsafe {
                    libc::waitpid(n, &mut status, 0);
                    libc::_exit(0);
                }
            }
        }
    }
    // SAFETY: closing our copy of the write end; then reading into a local buffer.
    unsafe { libc::close(w) };
    if child == -1 {
        unsafe { libc::close(r) };
        return Some(format!("fork: {}", io::Error::last_os_error()));
    }
    let mut msg = [0u8; 2];
    let n = loop {
        let n = unsafe { libc::read(r, msg.as_mut_ptr().cast(), 2) };
        if n != -1 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break n;
        }
    };
    unsafe {
        libc::close(r);
        let mut status = 0;
        libc::waitpid(child, &mut status, 0);
    }
    if n != 2 {
        return None;
    }
    let step = match msg[0] {
        1 => "unshare and build the box",
        2 => "fork",
        3 => "mount /proc and make the box the root",
        _ => "enter a user namespace that maps nothing",
    };
    let why = io::Error::from_raw_os_error(msg[1] as i32);
    Some(format!("{step}: {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_maps_without_allocating() {
        let mut buf = [0u8; 48];
        let n = id_map(&mut buf, 65534, 1000);
        assert_eq!(&buf[..n], b"65534 1000 1\n");
        let n = id_map(&mut buf, 0, 4294967295);
        assert_eq!(&buf[..n], b"0 4294967295 1\n");
    }
}
