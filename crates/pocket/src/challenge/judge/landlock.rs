//! Landlock: what the program may read, write and run, and whom it may signal,
//! enforced by the kernel without privileges. This is what confines the fallback and
//! a judge that is not root, where no namespace or uid of its own can be had: reads
//! only under the system's folders and the program's own, writes only in the run's
//! own folder (and `--writable`), no TCP bind or connect (ABI 4), and no abstract
//! Unix socket or signal reaching outside the run (ABI 6). With namespaces it holds
//! the same rules inside the box.
//!
//! The rules are prepared in the judge ([`Rules`]); [`Rules::enforce`] runs between
//! fork and exec and makes only async-signal-safe calls.

use std::ffi::CString;
use std::io;

use super::boxfs::Access;

const CREATE_RULESET_VERSION: libc::c_uint = 1;
const RULE_PATH_BENEATH: libc::c_uint = 1;

// Rights on files (ABI 1 to 5).
const EXECUTE: u64 = 1 << 0;
const WRITE_FILE: u64 = 1 << 1;
const READ_FILE: u64 = 1 << 2;
const READ_DIR: u64 = 1 << 3;
/// ABI 1's rights: the thirteen above and below bit 13.
const ABI1_ALL: u64 = (1 << 13) - 1;
const REFER: u64 = 1 << 13;
const TRUNCATE: u64 = 1 << 14;
const IOCTL_DEV: u64 = 1 << 15;
/// What a rule on a file (not a folder) may grant.
const FILE_RIGHTS: u64 = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV;

// ABI 4: TCP.
const NET_BIND_TCP: u64 = 1 << 0;
const NET_CONNECT_TCP: u64 = 1 << 1;
// ABI 6: scopes.
const SCOPE_ABSTRACT_UNIX_SOCKET: u64 = 1 << 0;
const SCOPE_SIGNAL: u64 = 1 << 1;

#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

#[repr(C, packed)]
struct PathBeneath {
    allowed_access: u64,
    parent_fd: i32,
}

/// The Landlock ABI this kernel speaks, 0 where it has none (or it is off).
pub(super) fn abi() -> u32 {
    // SAFETY: with the version flag the call reads no memory.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<RulesetAttr>(),
            0usize,
            CREATE_RULESET_VERSION,
        )
    };
    u32::try_from(v).unwrap_or(0)
}

/// Every file right the ABI knows.
fn handled_fs(abi: u32) -> u64 {
    let mut rights = ABI1_ALL;
    if abi >= 2 {
        rights |= REFER;
    }
    if abi >= 3 {
        rights |= TRUNCATE;
    }
    if abi >= 5 {
        rights |= IOCTL_DEV;
    }
    rights
}

/// The rules of one run, ready to enforce.
#[derive(Debug)]
pub(super) struct Rules {
    abi: u32,
    paths: Vec<(CString, u64)>,
}

/// Where a program reads and runs from besides its own folders: the system's.
const SYSTEM: [&str; 10] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/etc", "/proc",
];

/// The devices it may read and write.
const DEVICES: [&str; 3] = ["/dev/null", "/dev/zero", "/dev/full"];
/// The devices it may only read.
const RANDOM: [&str; 2] = ["/dev/random", "/dev/urandom"];

impl Rules {
    /// The rules for a run given `grants` (paths as the program will see them, each
    /// with how it may use them) on top of the system's folders and devices; `None`
    /// where the kernel has no Landlock.
    pub(super) fn new(grants: &[(CString, Access)]) -> Option<Rules> {
        let abi = abi();
        if abi == 0 {
            return None;
        }
        let all = handled_fs(abi);
        let read = EXECUTE | READ_FILE | READ_DIR;
        let device = READ_FILE | WRITE_FILE | (all & (TRUNCATE | IOCTL_DEV));
        let mut paths: Vec<(CString, u64)> = Vec::new();
        let mut add = |path: &str, rights: u64| {
            if let Ok(p) = CString::new(path) {
                paths.push((p, rights));
            }
        };
        SYSTEM.iter().for_each(|p| add(p, read));
        DEVICES.iter().for_each(|p| add(p, device));
        RANDOM.iter().for_each(|p| add(p, READ_FILE));
        for (path, how) in grants {
            let rights = match how {
                Access::ReadOnly => read,
                Access::Writable => all,
                Access::Device => device,
            };
            paths.push((path.clone(), rights));
        }
        Some(Rules { abi, paths })
    }

    /// Restrict this process (and all it starts) to the rules. Needs
    /// `PR_SET_NO_NEW_PRIVS` first. A path missing here is skipped.
    pub(super) fn enforce(&self) -> io::Result<()> {
        let attr = RulesetAttr {
            handled_access_fs: handled_fs(self.abi),
            handled_access_net: if self.abi >= 4 {
                NET_BIND_TCP | NET_CONNECT_TCP
            } else {
                0
            },
            scoped: if self.abi >= 6 {
                SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL
            } else {
                0
            },
        };
        let size = match self.abi {
            0..=3 => 8,
            4 | 5 => 16,
            _ => std::mem::size_of::<RulesetAttr>(),
        };
        // SAFETY: the kernel reads `size` bytes of `attr`; the descriptor is ours.
        let ruleset = unsafe {
            libc::syscall(
                libc::SYS_landlock_create_ruleset,
                &attr as *const RulesetAttr,
                size,
                0,
            )
        };
        if ruleset < 0 {
            return Err(io::Error::last_os_error());
        }
        let ruleset = ruleset as libc::c_int;
        let result = self.add_rules(ruleset).and_then(|_| {
            // SAFETY: restrict_self takes the descriptor and a flag word.
            match unsafe { libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0) } {
                0 => Ok(()),
                _ => Err(io::Error::last_os_error()),
            }
        });
        // SAFETY: closing our own descriptor.
        unsafe { libc::close(ruleset) };
        result
    }

    fn add_rules(&self, ruleset: libc::c_int) -> io::Result<()> {
        for (path, rights) in &self.paths {
            // SAFETY: a NUL-terminated path; the descriptor is closed below.
            let fd = unsafe { libc::open(path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
            if fd == -1 {
                continue;
            }
            let mut stat: libc::stat = unsafe { std::mem::zeroed() };
            // SAFETY: fstat writes into `stat`.
            let is_dir = unsafe { libc::fstat(fd, &mut stat) } == 0
                && stat.st_mode & libc::S_IFMT == libc::S_IFDIR;
            let allowed = match is_dir {
                true => *rights,
                false => *rights & FILE_RIGHTS,
            };
            let rule = PathBeneath {
                allowed_access: allowed & handled_fs(self.abi),
                parent_fd: fd,
            };
            // SAFETY: the kernel reads `rule`; the descriptor is ours.
            let r = unsafe {
                libc::syscall(
                    libc::SYS_landlock_add_rule,
                    ruleset,
                    RULE_PATH_BENEATH,
                    &rule as *const PathBeneath,
                    0,
                )
            };
            let e = io::Error::last_os_error();
            unsafe { libc::close(fd) };
            if r != 0 {
                return Err(e);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rights_grow_with_the_abi() {
        assert_eq!(handled_fs(1), 0x1fff);
        assert_eq!(handled_fs(3), 0x7fff);
        assert_eq!(handled_fs(7), 0xffff);
        assert_eq!(std::mem::size_of::<PathBeneath>(), 12);
    }
}
