//! Linux only: the judge as a child subreaper, and the sweep of what a run left
//! behind.

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
    /// When it started, in clock ticks since boot: with the pid, which process it is.
    started: u64,
    /// Resident memory, in pages.
    resident: u64,
}

fn parse_stat(text: &str) -> Option<Proc> {
    // "PID (COMM) STATE PPID PGRP ...", where COMM may hold spaces and ')'.
    let (pid, rest) = text.split_once(" (")?;
    let (_, fields) = rest.rsplit_once(") ")?;
    let fields: Vec<&str> = fields.split_ascii_whitespace().collect();
    let state = fields.first()?;
    Some(Proc {
        pid: pid.trim().parse().ok()?,
        zombie: *state == "Z" || *state == "X",
        ppid: fields.get(1)?.parse().ok()?,
        pgid: fields.get(2)?.parse().ok()?,
        // Field 22 of stat; these fields start at field 3.
        started: fields.get(19).and_then(|f| f.parse().ok()).unwrap_or(0),
        // Field 24.
        resident: fields.get(21).and_then(|f| f.parse().ok()).unwrap_or(0),
    })
}

fn read_stat(pid: libc::pid_t) -> Option<Proc> {
    parse_stat(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// SIGKILL to `p`, a descendant that is not our child, through a pidfd taken while
/// `p` is still the process seen (same pid, parent and start time): a pid freed and
/// used again meanwhile is never signalled.
fn kill_descendant(p: &Proc) {
    // SAFETY: pidfd_open returns a descriptor of our own, closed below.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, p.pid, 0) };
    if fd < 0 {
        return;
    }
    let fd = fd as libc::c_int;
    if read_stat(p.pid).is_some_and(|now| now.started == p.started && now.ppid == p.ppid) {
        // SAFETY: the pidfd names the process checked above, whatever its pid is now.
        unsafe {
            libc::syscall(
                libc::SYS_pidfd_send_signal,
                fd,
                libc::SIGKILL,
                std::ptr::null::<libc::siginfo_t>(),
                0,
            );
        }
    }
    // SAFETY: closing our own descriptor.
    unsafe { libc::close(fd) };
}

/// As root: SIGKILL to every process of the run's own `uid`, from a child that takes
/// that uid (`kill(-1)` reaches every process its uid may signal, and a run's uid
/// is its alone), repeated up to `rounds` times while any was signalled.
pub(super) fn kill_uid(uid: libc::uid_t, rounds: usize) {
    // SAFETY: the child makes only async-signal-safe raw calls and leaves by _exit.
    let child = unsafe { libc::fork() };
    if child == 0 {
        unsafe {
            if libc::syscall(libc::SYS_setgid, uid) != 0
                || libc::syscall(libc::SYS_setuid, uid) != 0
            {
                libc::_exit(1);
            }
            for _ in 0..rounds {
                if libc::kill(-1, libc::SIGKILL) != 0 {
                    break;
                }
                libc::sched_yield();
            }
            libc::_exit(0);
        }
    }
    if child > 0 {
        let mut status = 0;
        // SAFETY: waitpid on our own child writes only into `status`.
        unsafe { libc::waitpid(child, &mut status, 0) };
    }
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

/// The resident memory of `root` and every process descended from it, in bytes:
/// what the watch of a run without a cgroup holds against its memory limit.
pub(super) fn tree_memory(root: libc::pid_t) -> u64 {
    let all = processes();
    // SAFETY: sysconf only reads a constant of the system.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    let own = all.iter().filter(|p| p.pid == root);
    let pages: u64 = own.chain(descendants(&all, root)).map(|p| p.resident).sum();
    pages * page
}

/// The processes of the run (all our descendants) running outside its process
/// group `group` now, before it is killed: with namespaces they die with it.
pub(super) fn outside(group: libc::pid_t) -> HashSet<libc::pid_t> {
    let me = std::process::id() as libc::pid_t;
    let all = processes();
    descendants(&all, me)
        .iter()
        .filter(|p| !p.zombie && p.pgid != group)
        .map(|p| p.pid)
        .collect()
}

/// Kill and reap every process the run left, until none is left or `until`:
/// (processes found running outside the run's process group `group`, processes
/// still running at `until`).
///
/// Every descendant whose parent dies is re-parented to us (a subreaper). Each round
/// kills every descendant: our own children (and the groups they lead) directly, a
/// child being ours until we reap it, so that its pid cannot be reused under us;
/// deeper ones through a pidfd checked to name the process seen
/// ([`kill_descendant`]). So a chain of processes, each in a session of its own and
/// the parent of the next, goes in a round or two rather than a generation a round.
/// Under a run's own uid (`uid`, a root judge), `kill(-1)` from that uid reaches
/// them too.
pub(super) fn sweep(
    group: libc::pid_t,
    until: Instant,
    mut escaped: HashSet<libc::pid_t>,
    uid: Option<libc::uid_t>,
) -> (usize, usize) {
    let me = std::process::id() as libc::pid_t;
    let mut pause = Duration::from_micros(200);
    loop {
        let all = processes();
        let left = descendants(&all, me);
        escaped.extend(
            left.iter()
                .filter(|p| !p.zombie && p.pgid != group)
                .map(|p| p.pid),
        );
        if left.is_empty() {
            return (escaped.len(), 0);
        }
        if let Some(id) = uid {
            kill_uid(id, 8);
        }
        let mut running = 0;
        for p in &left {
            if p.zombie {
                if p.ppid == me {
                    let mut status = 0;
                    // SAFETY: waitpid on our own child writes only into `status`.
                    unsafe { libc::waitpid(p.pid, &mut status, libc::WNOHANG) };
                }
                continue;
            }
            running += 1;
            if p.ppid != me {
                kill_descendant(p);
                continue;
            }
            // SAFETY: kill and killpg only send signals. The pid is our unreaped
            // child; a group it leads holds only processes of the run.
            unsafe {
                if p.pgid == p.pid {
                    libc::killpg(p.pid, libc::SIGKILL);
                }
                libc::kill(p.pid, libc::SIGKILL);
            }
        }
        let now = Instant::now();
        if now >= until {
            let alive = left.iter().filter(|p| !p.zombie).count();
            return (escaped.len(), alive);
        }
        if running > 0 || left.iter().any(|p| p.zombie && p.ppid != me) {
            std::thread::sleep(pause.min(until - now));
            pause = (pause * 2).min(Duration::from_millis(5));
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
        let line = "7 (x) R 1 7 7 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 555 1000 33";
        let p = parse_stat(line).unwrap();
        assert_eq!((p.started, p.resident), (555, 33));
        let p = parse_stat("9 (sh) Z 1 9 9 0").unwrap();
        assert!(p.zombie);
        assert!(parse_stat("9 (sh").is_none());
        assert!(parse_stat("").is_none());
    }
}
