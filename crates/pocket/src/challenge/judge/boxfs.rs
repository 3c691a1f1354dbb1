//! The file system a judged program sees with namespaces, built by addition as
//! isolate and nsjail build theirs: a fresh root (an empty tmpfs) holding only
//! - the system's folders (`/usr`, `/bin`, `/sbin`, `/lib*`; a link stays a link),
//!   bound read-only, `nosuid` and `nodev`;
//! - a few files of `/etc` that programs read to start (the loader's cache, time
//!   zone, certificates, the alternatives' links, Python's site files) and a
//!   `passwd` and `group` of the box's own;
//! - the program's own folders and `--bind` paths, read-only; `--writable`
//!   directories, read-write (what is written there is all that outlives the run);
//! - a fresh `/tmp` of bounded size (`--file-size-limit`), writable by all;
//! - a `/dev` of `null`, `zero`, `full`, `random` and `urandom` alone;
//! - the `/proc` of the run's own PID namespace (mounted by its init, [`settle`]).
//!
//! Nothing else of the machine is there. The root itself is read-only once built.
//! Everything is prepared in the judge ([`BoxFs::new`]); [`BoxFs::build`] and
//! [`settle`] run between fork and exec and make only async-signal-safe calls.

use std::ffi::{CStr, CString};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

#[path = "boxfs/mounts.rs"]
mod mounts;
#[path = "boxfs/plan.rs"]
mod plan;
use mounts::{
    AT_RECURSIVE, MOUNT_ATTR_NODEV, MOUNT_ATTR_NOEXEC, MOUNT_ATTR_NOSUID, MOUNT_ATTR_RDONLY,
    NOSUID_NODEV, check, mkdir, mount, set_attributes,
};
use plan::Plan;

/// Where the new root is built before it becomes `/` (a mount point of the run's own
/// mount namespace; what the machine has there is covered, so the bind sources are
/// opened first).
const BUILD_AT: &str = "/tmp";

/// The system's folders, bound read-only where they are folders.
const SYSTEM: [&str; 8] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
];

/// The devices of the box's `/dev`.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// Inodes of the box's `/tmp`: files enough for any solver, not a way to use the
/// judge's memory up with empty files.
const TMP_INODES: u32 = 16384;

/// What one path of the new root is.
#[derive(Debug)]
enum Made {
    Dir,
    /// A symbolic link to this target.
    Link(CString),
    /// A file of the box's own, with these bytes.
    File(Vec<u8>),
    /// The machine's `source` bound here.
    Bind {
        source: CString,
        dir: bool,
        how: Access,
        /// Its descriptor, opened in the run's mount namespace before the root covers it.
        fd: libc::c_int,
    },
    /// The box's `/tmp`, a tmpfs of its own.
    Tmp,
}

/// How a bound path may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Access {
    ReadOnly,
    Writable,
    /// A device: read and written, never a way to a setuid file.
    Device,
}

/// One path of the new root, as the judge sees it while building (under
/// [`BUILD_AT`]), and what goes there.
#[derive(Debug)]
struct Entry {
    at: CString,
    made: Made,
}

/// What the box's file system is made of; see the module documentation.
#[derive(Debug)]
pub(super) struct BoxFs {
    /// The options of the tmpfs on `/tmp`.
    tmpfs: CString,
    entries: Vec<Entry>,
    /// The program's working directory in the box.
    pub(super) cwd: CString,
    /// The paths the program may read, write and run, for Landlock: (path in the
    /// box, how).
    pub(super) grants: Vec<(CString, Access)>,
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::other(format!("{} holds a NUL byte", path.display())))
}

/// What a run's box is given besides the system: read-only paths (the program's
/// folders, `--bind`), writable directories, the box's `passwd` entry's uid.
#[derive(Debug, Default)]
pub(super) struct Given<'a> {
    pub read_only: &'a [PathBuf],
    pub writable: &'a [PathBuf],
    pub tmp_mib: Option<u64>,
    /// The program's uid and gid in the box, named `judged` in its `passwd`.
    pub id: Option<u32>,
    /// The judge's working directory, the program's too where the box holds it.
    pub cwd: Option<PathBuf>,
}

impl BoxFs {
    /// A box as [`Given`], every path absolute.
    pub(super) fn new(given: &Given) -> io::Result<BoxFs> {
        let size = given
            .tmp_mib
            .map_or(String::new(), |m| format!("size={m}m,"));
        let tmpfs = CString::new(format!("{size}nr_inodes={TMP_INODES},mode=1777"))
            .map_err(io::Error::other)?;
        let mut plan = Plan::default();
        for dir in SYSTEM {
            plan.system(Path::new(dir))?;
        }
        plan.etc(given.id)?;
        plan.add(Path::new("/tmp"), Made::Tmp)?;
        for dev in DEVICES {
            let path = Path::new("/dev").join(dev);
            if path.exists() {
                plan.bind(&path, false, Access::Device)?;
            }
        }
        for (link, to) in [
            ("fd", "/proc/self/fd"),
            ("stdin", "/proc/self/fd/0"),
            ("stdout", "/proc/self/fd/1"),
            ("stderr", "/proc/self/fd/2"),
        ] {
            plan.add(&Path::new("/dev").join(link), Made::Link(CString::new(to)?))?;
        }
        plan.add(Path::new("/proc"), Made::Dir)?;
        // Outer paths first, so that an inner bind lands on top of an outer one; a
        // path both read-only and writable is writable; one the system's folders hold
        // already is not bound again.
        let mut binds: Vec<(&PathBuf, bool, Access)> = Vec::new();
        for path in given.read_only {
            if let Ok(meta) = std::fs::metadata(path) {
                if !plan.holds(path) && !given.writable.contains(path) {
                    binds.push((path, meta.is_dir(), Access::ReadOnly));
                }
            }
        }
        binds.extend(given.writable.iter().map(|d| (d, true, Access::Writable)));
        binds.sort_by_key(|(p, _, _)| p.components().count());
        binds.dedup_by(|b, a| a.0 == b.0);
        for (path, dir, how) in binds {
            plan.bind(path, dir, how)?;
        }
        let cwd = given
            .cwd
            .as_ref()
            .filter(|c| plan.holds(c))
            .map_or(Ok(CString::from(c"/tmp")), |c| c_path(c))?;
        Ok(BoxFs {
            tmpfs,
            entries: plan.entries,
            cwd,
            grants: plan.grants,
        })
    }

    /// Build the new root at [`BUILD_AT`], in the calling process's new mount
    /// namespace; [`settle`] makes it the root.
    pub(super) fn build(&mut self) -> io::Result<()> {
        for entry in self.entries.iter_mut() {
            if let Made::Bind {
                source, dir, fd, ..
            } = &mut entry.made
            {
                let flags = libc::O_PATH | libc::O_CLOEXEC;
                let flags = if *dir {
                    flags | libc::O_DIRECTORY
                } else {
                    flags
                };
                // SAFETY: a NUL-terminated path; the descriptor is closed below.
                *fd = check(unsafe { libc::open(source.as_ptr(), flags) })?;
            }
        }
        mount(
            c"tmpfs",
            c"/tmp",
            c"tmpfs",
            NOSUID_NODEV,
            c"mode=0755,size=16m",
        )?;
        for entry in &self.entries {
            make(entry, &self.tmpfs)?;
        }
        Ok(())
    }
}

/// Make one entry of the new root.
fn make(entry: &Entry, tmpfs: &CStr) -> io::Result<()> {
    let at = entry.at.as_ptr();
    // SAFETY: NUL-terminated paths and strings; descriptors of our own.
    unsafe {
        match &entry.made {
            Made::Dir => mkdir(at),
            Made::Link(to) => check(libc::symlink(to.as_ptr(), at)).map(|_| ()),
            Made::File(bytes) => {
                let fd = check(libc::open(
                    at,
                    libc::O_WRONLY | libc::O_CREAT | libc::O_CLOEXEC,
                    0o644,
                ))?;
                let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
                libc::close(fd);
                match n == bytes.len() as isize {
                    true => Ok(()),
                    false => Err(io::Error::last_os_error()),
                }
            }
            Made::Tmp => {
                mkdir(at)?;
                mount(c"tmpfs", &entry.at, c"tmpfs", NOSUID_NODEV, tmpfs)
            }
            Made::Bind { dir, how, fd, .. } => {
                if *dir {
                    mkdir(at)?;
                } else {
                    // Read-only: a file already there (in a folder bound read-only) is fine.
                    let made =
                        libc::open(at, libc::O_RDONLY | libc::O_CREAT | libc::O_CLOEXEC, 0o644);
                    check(made)?;
                    libc::close(made);
                }
                let mut source = [0u8; 32];
                fd_path(&mut source, *fd);
                let source = CStr::from_bytes_until_nul(&source).map_err(io::Error::other)?;
                mount(source, &entry.at, c"", libc::MS_BIND | libc::MS_REC, c"")?;
                libc::close(*fd);
                let attributes = match how {
                    Access::ReadOnly => MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                    Access::Writable => MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                    Access::Device => MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC,
                };
                set_attributes(
                    &entry.at,
                    attributes,
                    *how != Access::ReadOnly,
                    AT_RECURSIVE,
                )
            }
        }
    }
}

/// In the PID namespace's init: mount its `/proc` in the new root (while the
/// machine's `/proc` still shows, as the kernel asks of a user namespace), make the
/// new root `/`, let go of the old one, and make the root itself read-only.
pub(super) fn settle() -> io::Result<()> {
    mount(
        c"proc",
        c"/tmp/proc",
        c"proc",
        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
        c"",
    )?;
    // SAFETY: NUL-terminated paths; pivot_root(".", ".") stacks the old root on the
    // new one, and the detach removes it (pivot_root(2)).
    unsafe {
        check(libc::chdir(c"/tmp".as_ptr()))?;
        check(libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()) as libc::c_int)?;
        check(libc::umount2(c".".as_ptr(), libc::MNT_DETACH))?;
        check(libc::chdir(c"/".as_ptr()))?;
    }
    // The root mount alone: the mounts on it keep their own attributes.
    let attributes = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
    set_attributes(c"/", attributes, false, 0)
}

/// `v` in decimal at the start of `buf`, without allocating; the bytes written.
pub(super) fn write_decimal(buf: &mut [u8], v: u32) -> usize {
    let mut digits = [0u8; 10];
    let (mut v, mut len) = (v, 0);
    loop {
        digits[len] = b'0' + (v % 10) as u8;
        len += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for k in 0..len {
        buf[k] = digits[len - 1 - k];
    }
    len
}

/// "/proc/self/fd/N" with its NUL, written into `buf` without allocating.
fn fd_path(buf: &mut [u8; 32], fd: libc::c_int) {
    let prefix = b"/proc/self/fd/";
    buf[..prefix.len()].copy_from_slice(prefix);
    let len = write_decimal(&mut buf[prefix.len()..], fd.max(0) as u32);
    buf[prefix.len() + len] = 0;
}

/// Bring up the loopback of the new network namespace (it starts down).
pub(super) fn loopback_up() -> io::Result<()> {
    // SAFETY: a socket of our own, closed below; the ioctls read and write `req`.
    unsafe {
        let sock = check(libc::socket(
            libc::AF_INET,
            libc::SOCK_DGRAM | libc::SOCK_CLOEXEC,
            0,
        ))?;
        let mut req: libc::ifreq = std::mem::zeroed();
        for (i, b) in b"lo".iter().enumerate() {
            req.ifr_name[i] = *b as libc::c_char;
        }
        let mut r = libc::ioctl(sock, libc::SIOCGIFFLAGS, &mut req);
        if r == 0 {
            req.ifr_ifru.ifru_flags |= (libc::IFF_UP | libc::IFF_RUNNING) as libc::c_short;
            r = libc::ioctl(sock, libc::SIOCSIFFLAGS, &req);
        }
        let e = io::Error::last_os_error();
        libc::close(sock);
        match r {
            0 => Ok(()),
            _ => Err(e),
        }
    }
}

#[cfg(test)]
#[path = "boxfs/tests.rs"]
mod tests;
