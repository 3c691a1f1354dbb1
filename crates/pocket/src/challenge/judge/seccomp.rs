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

use super::syscalls::{ALLOWED, ALLOWED_HERE, IPC, REFUSED, REFUSED_HERE, calls};

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
