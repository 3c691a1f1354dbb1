//! The seccomp filter of a judged program: an allow list, deny by default, as
//! Docker's default profile and nsjail's policies are.
//!
//! Every system call a program needs to compute, read its files, write its answer,
//! run threads and children and use a pipe or a `socketpair` is allowed ([`ALLOWED`],
//! grouped below with the reason for each group). A call that reaches outside the run
//! is refused with `EPERM` ([`REFUSED`], each group with its reason). A call the list
//! does not know (a newer kernel's) fails with `ENOSYS`, the answer a C library takes
//! as "not here" and falls back from (glibc's `clone3` and `faccessat2` do so; runc
//! answers unknown calls the same way, after `EPERM` broke them in Docker).
//!
//! Some calls are allowed with some arguments only:
//! - `clone` and `unshare` with no `CLONE_NEW*` flag: no new namespace of any kind
//!   (a user namespace gives its maker every capability inside, the first step of
//!   most container escapes); `clone3`, whose flags a filter cannot read, fails with
//!   `ENOSYS`, so that the C library falls back to `clone`.
//! - `socketpair` with `AF_UNIX` only. `socket` is refused for every family: no
//!   network (in the fallback too, where no namespace shuts it), no connection to a
//!   Unix socket of the machine (a container daemon's, a desktop bus's), abstract
//!   names included. `connect`, `bind`, `listen` and `accept` are refused with it.
//! - SysV IPC and POSIX message queues only in a run's own IPC namespace: in the
//!   fallback they would outlive the run and be shared with the machine.
//!
//! Calls of another architecture (32-bit programs on x86_64, x32) fail with `ENOSYS`:
//! their numbers mean other calls. Installed last before exec, after
//! `PR_SET_NO_NEW_PRIVS`. The program is built in the judge ([`Filter::new`]) and
//! installed between fork and exec ([`Filter::install`]) without allocating.

use std::io;

#[cfg(target_arch = "x86_64")]
const ARCH: u32 = 0xC000_003E; // AUDIT_ARCH_X86_64
#[cfg(target_arch = "aarch64")]
const ARCH: u32 = 0xC000_00B7; // AUDIT_ARCH_AARCH64

/// x32 calls on x86_64 carry this bit in their number.
const X32_BIT: u32 = 0x4000_0000;

// Classic BPF, as seccomp runs it.
const LD_W_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JSET_K: u16 = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RET_K: u16 = 0x06; // BPF_RET | BPF_K

// Offsets in struct seccomp_data: nr, arch, instruction pointer, args[6].
const NR: u32 = 0;
const ARCH_AT: u32 = 4;
/// The low 32 bits of args[0] (little-endian).
const ARG0: u32 = 16;

const ALLOW: u32 = 0x7fff_0000; // SECCOMP_RET_ALLOW
const fn errno(e: i32) -> u32 {
    0x0005_0000 | (e as u32 & 0xffff) // SECCOMP_RET_ERRNO
}

const fn op(code: u16, jt: u8, jf: u8, k: u32) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

macro_rules! calls {
    ($($name:ident),* $(,)?) => { &[$(libc::$name as u32),*] };
}

/// Calls with the same number on every architecture (the shared table from 403 on)
/// that the libc crate does not name yet.
mod unified {
    pub const FUTEX_WAITV: u32 = 449;
    pub const CACHESTAT: u32 = 451;
    pub const FCHMODAT2: u32 = 452;
    pub const MAP_SHADOW_STACK: u32 = 453;
    pub const FUTEX_WAKE: u32 = 454;
    pub const FUTEX_WAIT: u32 = 455;
    pub const FUTEX_REQUEUE: u32 = 456;
    pub const STATMOUNT: u32 = 457;
    pub const LISTMOUNT: u32 = 458;
    pub const LSM_SET_SELF_ATTR: u32 = 460;
    pub const MSEAL: u32 = 462;
    pub const SETXATTRAT: u32 = 463;
    pub const GETXATTRAT: u32 = 464;
    pub const LISTXATTRAT: u32 = 465;
    pub const REMOVEXATTRAT: u32 = 466;
    pub const OPEN_TREE_ATTR: u32 = 467;
}

/// Allowed on every architecture, by group.
const ALLOWED: &[&[u32]] = &[
    // Files and descriptors: the program's own file system view (the box, and
    // Landlock, bound what it reaches), pipes, polling.
    calls![
        SYS_read,
        SYS_write,
        SYS_openat,
        SYS_openat2,
        SYS_close,
        SYS_close_range,
        SYS_fstat,
        SYS_newfstatat,
        SYS_statx,
        SYS_lseek,
        SYS_ioctl,
        SYS_pread64,
        SYS_pwrite64,
        SYS_readv,
        SYS_writev,
        SYS_preadv,
        SYS_pwritev,
        SYS_preadv2,
        SYS_pwritev2,
        SYS_dup,
        SYS_dup3,
        SYS_pipe2,
        SYS_fcntl,
        SYS_flock,
        SYS_fsync,
        SYS_fdatasync,
        SYS_truncate,
        SYS_ftruncate,
        SYS_fallocate,
        SYS_getdents64,
        SYS_getcwd,
        SYS_chdir,
        SYS_fchdir,
        SYS_mkdirat,
        SYS_mknodat,
        SYS_unlinkat,
        SYS_renameat2,
        SYS_linkat,
        SYS_symlinkat,
        SYS_readlinkat,
        SYS_fchmod,
        SYS_fchmodat,
        SYS_fchown,
        SYS_fchownat,
        SYS_umask,
        SYS_faccessat,
        SYS_faccessat2,
        SYS_utimensat,
        SYS_statfs,
        SYS_fstatfs,
        SYS_sendfile,
        SYS_splice,
        SYS_tee,
        SYS_vmsplice,
        SYS_copy_file_range,
        SYS_readahead,
        SYS_fadvise64,
        SYS_sync,
        SYS_syncfs,
        SYS_getxattr,
        SYS_lgetxattr,
        SYS_fgetxattr,
        SYS_listxattr,
        SYS_llistxattr,
        SYS_flistxattr,
        SYS_setxattr,
        SYS_lsetxattr,
        SYS_fsetxattr,
        SYS_removexattr,
        SYS_lremovexattr,
        SYS_fremovexattr,
        SYS_ppoll,
        SYS_pselect6,
        SYS_epoll_create1,
        SYS_epoll_ctl,
        SYS_epoll_pwait,
        SYS_epoll_pwait2,
        SYS_eventfd2,
        SYS_signalfd4,
        SYS_timerfd_create,
        SYS_timerfd_settime,
        SYS_timerfd_gettime,
        SYS_inotify_init1,
        SYS_inotify_add_watch,
        SYS_inotify_rm_watch,
        SYS_memfd_create,
        SYS_io_setup,
        SYS_io_destroy,
        SYS_io_getevents,
        SYS_io_submit,
        SYS_io_cancel,
    ],
    // Memory of its own.
    calls![
        SYS_brk,
        SYS_mmap,
        SYS_munmap,
        SYS_mremap,
        SYS_mprotect,
        SYS_msync,
        SYS_mincore,
        SYS_madvise,
        SYS_mlock,
        SYS_mlock2,
        SYS_munlock,
        SYS_mlockall,
        SYS_munlockall,
        SYS_pkey_mprotect,
        SYS_pkey_alloc,
        SYS_pkey_free,
        SYS_get_mempolicy,
        SYS_set_mempolicy,
        SYS_mbind,
        SYS_membarrier,
    ],
    // Processes and threads of its own (clone is checked apart), signals, waiting.
    calls![
        SYS_execve,
        SYS_execveat,
        SYS_exit,
        SYS_exit_group,
        SYS_wait4,
        SYS_waitid,
        SYS_kill,
        SYS_tkill,
        SYS_tgkill,
        SYS_rt_sigaction,
        SYS_rt_sigprocmask,
        SYS_rt_sigreturn,
        SYS_rt_sigpending,
        SYS_rt_sigtimedwait,
        SYS_rt_sigqueueinfo,
        SYS_rt_tgsigqueueinfo,
        SYS_rt_sigsuspend,
        SYS_sigaltstack,
        SYS_futex,
        SYS_set_robust_list,
        SYS_get_robust_list,
        SYS_set_tid_address,
        SYS_rseq,
        SYS_restart_syscall,
        SYS_sched_yield,
        SYS_sched_getaffinity,
        SYS_sched_setaffinity,
        SYS_sched_getparam,
        SYS_sched_setparam,
        SYS_sched_getscheduler,
        SYS_sched_setscheduler,
        SYS_sched_get_priority_max,
        SYS_sched_get_priority_min,
        SYS_sched_rr_get_interval,
        SYS_sched_getattr,
        SYS_sched_setattr,
        SYS_getpriority,
        SYS_setpriority,
        SYS_prctl,
        SYS_pidfd_open,
        SYS_pidfd_send_signal,
        SYS_getrandom,
        SYS_seccomp,
        SYS_landlock_create_ruleset,
        SYS_landlock_add_rule,
        SYS_landlock_restrict_self,
    ],
    // Who and where it is, clocks and timers, limits.
    calls![
        SYS_getpid,
        SYS_getppid,
        SYS_gettid,
        SYS_getuid,
        SYS_geteuid,
        SYS_getgid,
        SYS_getegid,
        SYS_getresuid,
        SYS_getresgid,
        SYS_getgroups,
        SYS_setuid,
        SYS_setgid,
        SYS_setreuid,
        SYS_setregid,
        SYS_setresuid,
        SYS_setresgid,
        SYS_setfsuid,
        SYS_setfsgid,
        SYS_setgroups,
        SYS_getsid,
        SYS_setsid,
        SYS_getpgid,
        SYS_setpgid,
        SYS_capget,
        SYS_capset,
        SYS_uname,
        SYS_sysinfo,
        SYS_getcpu,
        SYS_times,
        SYS_getrusage,
        SYS_prlimit64,
        SYS_gettimeofday,
        SYS_clock_gettime,
        SYS_clock_getres,
        SYS_clock_nanosleep,
        SYS_nanosleep,
        SYS_getitimer,
        SYS_setitimer,
        SYS_timer_create,
        SYS_timer_settime,
        SYS_timer_gettime,
        SYS_timer_getoverrun,
        SYS_timer_delete,
    ],
    // Sockets it already holds: a socketpair's ends (socketpair is checked apart).
    calls![
        SYS_sendto,
        SYS_recvfrom,
        SYS_sendmsg,
        SYS_recvmsg,
        SYS_sendmmsg,
        SYS_recvmmsg,
        SYS_shutdown,
        SYS_getsockname,
        SYS_getpeername,
        SYS_setsockopt,
        SYS_getsockopt,
    ],
    &[
        unified::FUTEX_WAITV,
        unified::CACHESTAT,
        unified::FCHMODAT2,
        unified::MAP_SHADOW_STACK,
        unified::FUTEX_WAKE,
        unified::FUTEX_WAIT,
        unified::FUTEX_REQUEUE,
        unified::MSEAL,
        unified::SETXATTRAT,
        unified::GETXATTRAT,
        unified::LISTXATTRAT,
        unified::REMOVEXATTRAT,
    ],
];

/// Allowed on x86_64 only: the older calls that the newer ones replace elsewhere.
#[cfg(target_arch = "x86_64")]
const ALLOWED_HERE: &[u32] = calls![
    SYS_open,
    SYS_stat,
    SYS_lstat,
    SYS_poll,
    SYS_access,
    SYS_pipe,
    SYS_select,
    SYS_dup2,
    SYS_pause,
    SYS_alarm,
    SYS_fork,
    SYS_vfork,
    SYS_getdents,
    SYS_rename,
    SYS_renameat,
    SYS_mkdir,
    SYS_rmdir,
    SYS_creat,
    SYS_link,
    SYS_unlink,
    SYS_symlink,
    SYS_readlink,
    SYS_chmod,
    SYS_chown,
    SYS_lchown,
    SYS_utime,
    SYS_utimes,
    SYS_futimesat,
    SYS_mknod,
    SYS_getpgrp,
    SYS_time,
    SYS_arch_prctl,
    SYS_epoll_create,
    SYS_epoll_wait,
    SYS_eventfd,
    SYS_signalfd,
    SYS_inotify_init,
    SYS_getrlimit,
    SYS_setrlimit,
    SYS_sync_file_range,
];
#[cfg(not(target_arch = "x86_64"))]
const ALLOWED_HERE: &[u32] = calls![SYS_getrlimit, SYS_setrlimit];

/// SysV IPC and POSIX message queues: allowed in a run's own IPC namespace only.
const IPC: &[u32] = calls![
    SYS_shmget,
    SYS_shmat,
    SYS_shmdt,
    SYS_shmctl,
    SYS_semget,
    SYS_semop,
    SYS_semtimedop,
    SYS_semctl,
    SYS_msgget,
    SYS_msgsnd,
    SYS_msgrcv,
    SYS_msgctl,
    SYS_mq_open,
    SYS_mq_unlink,
    SYS_mq_timedsend,
    SYS_mq_timedreceive,
    SYS_mq_notify,
    SYS_mq_getsetattr,
];

/// Refused with `EPERM`, by group (anything in neither list fails with `ENOSYS`).
const REFUSED: &[&[u32]] = &[
    // The network and the machine's sockets (see the module documentation).
    calls![
        SYS_socket,
        SYS_connect,
        SYS_bind,
        SYS_listen,
        SYS_accept,
        SYS_accept4
    ],
    // The kernel's keyrings: keys outlive the run and are shared by its uid.
    calls![SYS_add_key, SYS_keyctl, SYS_request_key],
    // Mounts and roots: the box is built by the judge, never changed by the program.
    calls![
        SYS_mount,
        SYS_umount2,
        SYS_pivot_root,
        SYS_chroot,
        SYS_move_mount,
        SYS_open_tree,
        SYS_fsopen,
        SYS_fsconfig,
        SYS_fsmount,
        SYS_fspick,
        SYS_mount_setattr,
    ],
    &[
        unified::STATMOUNT,
        unified::LISTMOUNT,
        unified::OPEN_TREE_ATTR,
    ],
    // Other processes' memory and descriptors, and ways around seccomp itself
    // (io_uring runs calls the filter never sees).
    calls![
        SYS_ptrace,
        SYS_process_vm_readv,
        SYS_process_vm_writev,
        SYS_kcmp,
        SYS_pidfd_getfd,
        SYS_process_madvise,
        SYS_process_mrelease,
        SYS_migrate_pages,
        SYS_move_pages,
        SYS_io_uring_setup,
        SYS_io_uring_enter,
        SYS_io_uring_register,
    ],
    // The kernel's own machinery: BPF, tracing, page-fault handlers, modules, kexec.
    calls![
        SYS_bpf,
        SYS_perf_event_open,
        SYS_userfaultfd,
        SYS_kexec_load,
        SYS_kexec_file_load,
        SYS_init_module,
        SYS_finit_module,
        SYS_delete_module,
    ],
    // Namespaces (clone and unshare are checked apart).
    calls![SYS_setns],
    // The machine's settings: clock, host name, swap, reboot, quotas, accounting,
    // the kernel log, handles that open any file by number, fanotify.
    calls![
        SYS_reboot,
        SYS_swapon,
        SYS_swapoff,
        SYS_acct,
        SYS_settimeofday,
        SYS_clock_settime,
        SYS_clock_adjtime,
        SYS_adjtimex,
        SYS_syslog,
        SYS_quotactl,
        SYS_quotactl_fd,
        SYS_sethostname,
        SYS_setdomainname,
        SYS_vhangup,
        SYS_name_to_handle_at,
        SYS_open_by_handle_at,
        SYS_fanotify_init,
        SYS_fanotify_mark,
        SYS_personality,
        SYS_memfd_secret,
    ],
    &[unified::LSM_SET_SELF_ATTR],
];

/// Refused on x86_64 only.
#[cfg(target_arch = "x86_64")]
const REFUSED_HERE: &[u32] = calls![SYS_iopl, SYS_ioperm, SYS_modify_ldt, SYS_uselib];
#[cfg(not(target_arch = "x86_64"))]
const REFUSED_HERE: &[u32] = &[];

/// Every `CLONE_NEW*` flag but `CLONE_NEWTIME`, whose bit is the exit signal's in
/// `clone`'s flags.
const NEW_NAMESPACES: u32 = 0x7E02_0000;
const CLONE_NEWTIME: u32 = 0x80;

/// What the filter does with one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Allow,
    Refuse,
    Unknown,
    /// Allowed unless its first argument has one of these bits.
    AllowWithout(u32),
    /// Allowed only with this first argument.
    AllowOnly(u32),
}

impl Action {
    /// The instructions that give this answer, with the call's number loaded.
    fn code(self) -> Vec<libc::sock_filter> {
        match self {
            Action::Allow => vec![op(RET_K, 0, 0, ALLOW)],
            Action::Refuse => vec![op(RET_K, 0, 0, errno(libc::EPERM))],
            Action::Unknown => vec![op(RET_K, 0, 0, errno(libc::ENOSYS))],
            Action::AllowWithout(bits) => vec![
                op(LD_W_ABS, 0, 0, ARG0),
                op(JSET_K, 0, 1, bits),
                op(RET_K, 0, 0, errno(libc::EPERM)),
                op(RET_K, 0, 0, ALLOW),
            ],
            Action::AllowOnly(value) => vec![
                op(LD_W_ABS, 0, 0, ARG0),
                op(JEQ_K, 0, 1, value),
                op(RET_K, 0, 0, ALLOW),
                op(RET_K, 0, 0, errno(libc::EPERM)),
            ],
        }
    }
}

/// The calls with an answer of their own, sorted by number; all others are unknown.
fn actions(own_ipc: bool) -> Vec<(u32, Action)> {
    let mut list: Vec<(u32, Action)> = Vec::new();
    let mut add = |calls: &[u32], action| list.extend(calls.iter().map(|&nr| (nr, action)));
    ALLOWED.iter().for_each(|g| add(g, Action::Allow));
    add(ALLOWED_HERE, Action::Allow);
    REFUSED.iter().for_each(|g| add(g, Action::Refuse));
    add(REFUSED_HERE, Action::Refuse);
    add(
        IPC,
        match own_ipc {
            true => Action::Allow,
            false => Action::Refuse,
        },
    );
    add(calls![SYS_clone], Action::AllowWithout(NEW_NAMESPACES));
    add(
        calls![SYS_unshare],
        Action::AllowWithout(NEW_NAMESPACES | CLONE_NEWTIME),
    );
    add(calls![SYS_clone3], Action::Unknown);
    add(
        calls![SYS_socketpair],
        Action::AllowOnly(libc::AF_UNIX as u32),
    );
    list.sort_by_key(|&(nr, _)| nr);
    list
}

/// The answers by interval: each `(start, action)` holds from `start` to the next
/// one's start, the last to the end of the numbers.
fn intervals(actions: &[(u32, Action)]) -> Vec<(u32, Action)> {
    fn push(out: &mut Vec<(u32, Action)>, start: u32, action: Action) {
        if out.last().map(|&(_, a)| a) != Some(action) {
            out.push((start, action));
        }
    }
    let mut out = Vec::new();
    let mut next = 0;
    for &(nr, action) in actions {
        if nr > next {
            push(&mut out, next, Action::Unknown);
        }
        push(&mut out, nr, action);
        next = nr + 1;
    }
    push(&mut out, next, Action::Unknown);
    out
}

/// A binary search over `intervals` (the call's number in the accumulator): the
/// interval holding it gives the answer. None if a jump would pass 255 instructions.
fn search(intervals: &[(u32, Action)]) -> Option<Vec<libc::sock_filter>> {
    if let [(_, action)] = intervals {
        return Some(action.code());
    }
    let mid = intervals.len() / 2;
    let below = search(&intervals[..mid])?;
    let above = search(&intervals[mid..])?;
    let skip = u8::try_from(below.len()).ok()?;
    let mut code = vec![op(JGE_K, skip, 0, intervals[mid].0)];
    code.extend(below);
    code.extend(above);
    Some(code)
}

/// A filter ready to install.
#[derive(Clone, Debug)]
pub(super) struct Filter {
    program: Vec<libc::sock_filter>,
}

impl Filter {
    /// The filter for a run; `own_ipc` when the run has an IPC namespace of its own.
    pub(super) fn new(own_ipc: bool) -> io::Result<Filter> {
        let mut program = vec![
            op(LD_W_ABS, 0, 0, ARCH_AT),
            op(JEQ_K, 1, 0, ARCH),
            op(RET_K, 0, 0, errno(libc::ENOSYS)),
            op(LD_W_ABS, 0, 0, NR),
            op(JGE_K, 0, 1, X32_BIT),
            op(RET_K, 0, 0, errno(libc::ENOSYS)),
        ];
        let tree = search(&intervals(&actions(own_ipc)))
            .ok_or_else(|| io::Error::other("the seccomp filter's jumps are too long"))?;
        program.extend(tree);
        Ok(Filter { program })
    }

    /// Install the filter in this process (and everything it starts). Needs
    /// `PR_SET_NO_NEW_PRIVS` first. Async-signal-safe: nothing is allocated.
    pub(super) fn install(&self) -> io::Result<()> {
        let fprog = libc::sock_fprog {
            len: self.program.len() as libc::c_ushort,
            // The kernel only reads the program.
            filter: self.program.as_ptr().cast_mut(),
        };
        // SAFETY: seccomp reads the program `fprog` points to, valid for this call.
        let r = unsafe {
            libc::syscall(
                libc::SYS_seccomp,
                libc::SECCOMP_SET_MODE_FILTER,
                0,
                &fprog as *const libc::sock_fprog,
            )
        };
        match r {
            -1 => Err(io::Error::last_os_error()),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run the filter on one call, as the kernel would: its answer.
    fn answer(filter: &Filter, arch: u32, nr: u32, arg0: u32) -> u32 {
        let (mut acc, mut pc) = (0u32, 0usize);
        loop {
            let ins = filter.program[pc];
            pc += 1;
            match ins.code {
                LD_W_ABS => {
                    acc = match ins.k {
                        NR => nr,
                        ARCH_AT => arch,
                        ARG0 => arg0,
                        k => panic!("loads offset {k}"),
                    }
                }
                RET_K => return ins.k,
                code => {
                    let taken = match code {
                        JEQ_K => acc == ins.k,
                        JGE_K => acc >= ins.k,
                        JSET_K => acc & ins.k != 0,
                        _ => panic!("unknown instruction {code:#x}"),
                    };
                    pc += usize::from(if taken { ins.jt } else { ins.jf });
                }
            }
        }
    }

    fn nr(n: libc::c_long) -> u32 {
        n as u32
    }

    #[test]
    fn every_listed_call_gets_its_answer() {
        let eperm = errno(libc::EPERM);
        let enosys = errno(libc::ENOSYS);
        for own_ipc in [false, true] {
            let f = Filter::new(own_ipc).unwrap();
            assert!(f.program.len() < 4096);
            for (call, action) in actions(own_ipc) {
                let want = match action {
                    Action::Allow => ALLOW,
                    Action::Refuse => eperm,
                    Action::Unknown => enosys,
                    Action::AllowWithout(_) | Action::AllowOnly(_) => continue,
                };
                assert_eq!(answer(&f, ARCH, call, 0), want, "call {call}");
            }
            let ipc = if own_ipc { ALLOW } else { eperm };
            assert_eq!(answer(&f, ARCH, nr(libc::SYS_shmget), 0), ipc);
            assert_eq!(answer(&f, ARCH, nr(libc::SYS_read), 0), ALLOW);
            assert_eq!(answer(&f, ARCH, nr(libc::SYS_add_key), 0), eperm);
            assert_eq!(answer(&f, ARCH, nr(libc::SYS_socket), 1), eperm);
            assert_eq!(answer(&f, ARCH, 10_000, 0), enosys, "a call not listed");
            assert_eq!(answer(&f, ARCH, X32_BIT | 1, 0), enosys, "x32");
            assert_eq!(answer(&f, 0x4000_0003, 1, 0), enosys, "i386");
        }
    }

    #[test]
    fn arguments_decide_clone_unshare_and_socketpair() {
        let f = Filter::new(true).unwrap();
        let eperm = errno(libc::EPERM);
        let thread = (libc::CLONE_VM | libc::CLONE_THREAD) as u32 | libc::SIGCHLD as u32;
        assert_eq!(answer(&f, ARCH, nr(libc::SYS_clone), thread), ALLOW);
        for flag in [libc::CLONE_NEWUSER, libc::CLONE_NEWNS, libc::CLONE_NEWNET] {
            let flags = flag as u32 | libc::SIGCHLD as u32;
            assert_eq!(answer(&f, ARCH, nr(libc::SYS_clone), flags), eperm);
            assert_eq!(answer(&f, ARCH, nr(libc::SYS_unshare), flag as u32), eperm);
        }
        assert_eq!(
            answer(&f, ARCH, nr(libc::SYS_unshare), CLONE_NEWTIME),
            eperm
        );
        let files = libc::CLONE_FILES as u32;
        assert_eq!(answer(&f, ARCH, nr(libc::SYS_unshare), files), ALLOW);
        assert_eq!(
            answer(&f, ARCH, nr(libc::SYS_clone3), 0),
            errno(libc::ENOSYS)
        );
        let pair = nr(libc::SYS_socketpair);
        assert_eq!(answer(&f, ARCH, pair, libc::AF_UNIX as u32), ALLOW);
        assert_eq!(answer(&f, ARCH, pair, libc::AF_INET as u32), eperm);
    }

    #[test]
    fn no_call_is_both_allowed_and_refused() {
        let mut seen = std::collections::HashMap::new();
        for (call, action) in actions(false) {
            if let Some(before) = seen.insert(call, action) {
                panic!("call {call} is listed twice: {before:?} and {action:?}");
            }
        }
    }
}
