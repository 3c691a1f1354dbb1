//! The bounds and environment every run gets, in numbers the kernel takes: shared
//! by the Linux box and the plain Unix one.

use std::process::Command;
use std::time::Duration;

use crate::challenge::judge::Limits;

/// Whether the judge runs as root, so that programs run under a uid of their own.
pub(super) fn is_root() -> bool {
    // SAFETY: geteuid only reads an attribute of this process.
    unsafe { libc::geteuid() == 0 }
}

/// The address-space bound for `mib` MiB, no higher than our own hard limit (which an
/// unprivileged process may not raise).
pub(super) fn address_space_bytes(mib: u64) -> libc::rlim_t {
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

/// `RLIMIT_CPU` for a run of `time`: a backstop behind the wall-clock limit, which
/// a program using every core may reach in CPU time that much sooner.
pub(super) fn cpu_seconds(time: Duration) -> libc::rlim_t {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    (time.as_secs_f64() * cores).ceil() as libc::rlim_t + 1
}

/// `--file-size-limit` in bytes.
pub(super) fn file_size_bytes(limits: &Limits) -> Option<libc::rlim_t> {
    limits
        .file_size_mib
        .map(|mib| (mib as libc::rlim_t).saturating_mul(1024 * 1024))
}

/// The program's environment: nothing of the judge's but what `--env` names, on top
/// of a fixed minimal set whose HOME and TMPDIR are the box's own `home`.
pub(super) fn box_environment(cmd: &mut Command, home: &std::path::Path, limits: &Limits) {
    cmd.env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("LANG", "C.UTF-8")
        .env("HOME", home)
        .env("TMPDIR", home);
    for (name, value) in &limits.env {
        cmd.env(name, value);
    }
}
