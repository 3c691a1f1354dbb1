//! The seccomp filter of a judged program: no new user namespace, and no way into
//! another namespace.
//!
//! A user namespace gives its creator every capability inside it, the first step of
//! most container escapes and many kernel exploits; nsjail and Docker's default
//! profile refuse it the same way. `unshare` and `clone` with `CLONE_NEWUSER` and
//! every `setns` fail with `EPERM`; `clone3`, whose flags sit in memory a filter
//! cannot read, fails with `ENOSYS`, so that the C library falls back to `clone`.
//! Calls of another architecture (32-bit programs on x86_64, x32) fail with `ENOSYS`
//! too: their numbers mean other calls, which this filter does not check.
//!
//! Installed last before exec, after `PR_SET_NO_NEW_PRIVS` (which an unprivileged
//! process needs for it, and which keeps setuid programs from gaining anything).

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

/// The filter's program; a jump skips `jt` (true) or `jf` (false) instructions.
const FILTER: [libc::sock_filter; 16] = [
    op(LD_W_ABS, 0, 0, ARCH_AT),
    op(JEQ_K, 1, 0, ARCH),
    op(RET_K, 0, 0, errno(libc::ENOSYS)),
    op(LD_W_ABS, 0, 0, NR),
    op(JGE_K, 10, 0, X32_BIT),                 // to ENOSYS
    op(JEQ_K, 4, 0, libc::SYS_unshare as u32), // to the flags
    op(JEQ_K, 3, 0, libc::SYS_clone as u32),   // to the flags
    op(JEQ_K, 6, 0, libc::SYS_setns as u32),   // to EPERM
    op(JEQ_K, 6, 0, libc::SYS_clone3 as u32),  // to ENOSYS
    op(RET_K, 0, 0, ALLOW),
    // unshare and clone: the flags are their first argument.
    op(LD_W_ABS, 0, 0, ARG0),
    op(JSET_K, 0, 1, libc::CLONE_NEWUSER as u32),
    op(RET_K, 0, 0, errno(libc::EPERM)),
    op(RET_K, 0, 0, ALLOW),
    op(RET_K, 0, 0, errno(libc::EPERM)),
    op(RET_K, 0, 0, errno(libc::ENOSYS)),
];

/// Install the filter in this process (and everything it starts). Needs
/// `PR_SET_NO_NEW_PRIVS` first. Async-signal-safe: the program is built on the stack.
pub(super) fn deny_new_namespaces() -> io::Result<()> {
    let mut prog = FILTER;
    let fprog = libc::sock_fprog {
        len: prog.len() as libc::c_ushort,
        filter: prog.as_mut_ptr(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every jump lands inside the program, and the ones that matter land where the
    /// comments say.
    #[test]
    fn jumps_land_on_the_answers_meant() {
        let prog = FILTER;
        let target = |at: usize, skip: u8| at + 1 + skip as usize;
        for (at, ins) in prog.iter().enumerate() {
            if ins.code & 0x07 == 0x05 {
                assert!(target(at, ins.jt) < prog.len() && target(at, ins.jf) < prog.len());
            }
        }
        let eperm = errno(libc::EPERM);
        let enosys = errno(libc::ENOSYS);
        assert_eq!(prog[target(4, prog[4].jt)].k, enosys, "x32");
        assert_eq!(
            prog[target(1, prog[1].jf)].k,
            enosys,
            "another architecture"
        );
        assert_eq!(prog[target(5, prog[5].jt)].code, LD_W_ABS, "unshare");
        assert_eq!(prog[target(6, prog[6].jt)].code, LD_W_ABS, "clone");
        assert_eq!(prog[target(7, prog[7].jt)].k, eperm, "setns");
        assert_eq!(prog[target(8, prog[8].jt)].k, enosys, "clone3");
        assert_eq!(prog[target(11, prog[11].jt)].k, eperm, "CLONE_NEWUSER");
        assert_eq!(prog[target(11, prog[11].jf)].k, ALLOW);
    }
}
