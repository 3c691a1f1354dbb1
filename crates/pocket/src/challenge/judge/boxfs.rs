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

/// Where the new root is built before it becomes `/` (a mount point of the run's own
/// mount namespace; what the machine has there is covered, so the bind sources are
/// opened first).
const BUILD_AT: &str = "/tmp";

/// The system's folders, bound read-only where they are folders.
const SYSTEM: [&str; 8] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
];

/// The files and folders of `/etc` a program may need to start; more are the
/// machine's own business. (`python3*` is added by name.)
const ETC: [&str; 11] = [
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "timezone",
    "ssl",
    "ca-certificates",
    "ca-certificates.conf",
    "alternatives",
    "nsswitch.conf",
    "mime.types",
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

/// The entries of a box as they are planned, parents before children.
#[derive(Default)]
struct Plan {
    entries: Vec<Entry>,
    grants: Vec<(CString, Access)>,
    /// Paths in the box already planned.
    planned: Vec<PathBuf>,
}

impl Plan {
    /// Plan `path` of the box (absolute) as `made`, its missing parents as folders.
    fn add(&mut self, path: &Path, made: Made) -> io::Result<()> {
        if let Some(parent) = path.parent().filter(|p| *p != Path::new("/")) {
            if !self.planned.iter().any(|p| p == parent) {
                self.add(parent, Made::Dir)?;
            }
        }
        if self.planned.iter().any(|p| p == path) {
            // Planned already (a parent of an earlier path): a bind still lands on it.
            if matches!(made, Made::Dir) {
                return Ok(());
            }
        }
        self.planned.push(path.to_path_buf());
        let inside = path.strip_prefix("/").unwrap_or(path);
        let at = c_path(&Path::new(BUILD_AT).join(inside))?;
        self.entries.push(Entry { at, made });
        Ok(())
    }

    fn bind(&mut self, path: &Path, dir: bool, how: Access) -> io::Result<()> {
        self.grants.push((c_path(path)?, how));
        let made = Made::Bind {
            source: c_path(path)?,
            dir,
            how,
            fd: -1,
        };
        self.add(path, made)
    }

    /// A system folder: bound where it is a folder, the same link where it is one.
    fn system(&mut self, path: &Path) -> io::Result<()> {
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = std::fs::read_link(path)?;
                self.add(path, Made::Link(c_path(&to)?))?;
                self.grants.push((c_path(path)?, Access::ReadOnly));
                Ok(())
            }
            Ok(meta) if meta.is_dir() => self.bind(path, true, Access::ReadOnly),
            _ => Ok(()),
        }
    }

    /// `/etc`: the chosen files of the machine's, and a `passwd` and `group` of the
    /// box's own, naming root, nobody and (with `id`) the program.
    fn etc(&mut self, id: Option<u32>) -> io::Result<()> {
        let etc = Path::new("/etc");
        let mut names: Vec<std::ffi::OsString> = ETC.iter().map(Into::into).collect();
        if let Ok(dir) = std::fs::read_dir(etc) {
            names.extend(
                dir.flatten()
                    .map(|e| e.file_name())
                    .filter(|n| n.as_bytes().starts_with(b"python3")),
            );
        }
        self.add(etc, Made::Dir)?;
        for name in names {
            let path = etc.join(name);
            match std::fs::symlink_metadata(&path) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    let to = std::fs::read_link(&path)?;
                    self.add(&path, Made::Link(c_path(&to)?))?;
                }
                Ok(meta) => self.bind(&path, meta.is_dir(), Access::ReadOnly)?,
                Err(_) => {}
            }
        }
        let mut passwd = String::from(
            "root:x:0:0:root:/root:/usr/sbin/nologin\n\
             nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n",
        );
        let mut group = String::from("root:x:0:\nnogroup:x:65534:\n");
        if let Some(id) = id {
            passwd.push_str(&format!("judged:x:{id}:{id}:judged program:/tmp:/bin/sh\n"));
            group.push_str(&format!("judged:x:{id}:\n"));
        }
        self.add(&etc.join("passwd"), Made::File(passwd.into_bytes()))?;
        self.add(&etc.join("group"), Made::File(group.into_bytes()))?;
        self.grants.push((c_path(etc)?, Access::ReadOnly));
        Ok(())
    }

    /// Whether the box holds `path`: it is a bound folder or lies under one.
    fn holds(&self, path: &Path) -> bool {
        self.entries.iter().any(|e| match &e.made {
            Made::Bind {
                source, dir: true, ..
            } => path.starts_with(Path::new(std::ffi::OsStr::from_bytes(source.as_bytes()))),
            _ => false,
        })
    }
}

const NOSUID_NODEV: libc::c_ulong = libc::MS_NOSUID | libc::MS_NODEV;

fn check(r: libc::c_int) -> io::Result<libc::c_int> {
    match r {
        -1 => Err(io::Error::last_os_error()),
        _ => Ok(r),
    }
}

fn mount(
    source: &CStr,
    target: &CStr,
    fstype: &CStr,
    flags: libc::c_ulong,
    data: &CStr,
) -> io::Result<()> {
    // SAFETY: NUL-terminated strings.
    check(unsafe {
        libc::mount(
            source.as_ptr(),
            target.as_ptr(),
            fstype.as_ptr(),
            flags,
            data.as_ptr().cast(),
        )
    })
    .map(|_| ())
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

/// mkdir, a folder already there being fine.
fn mkdir(at: *const libc::c_char) -> io::Result<()> {
    // SAFETY: a NUL-terminated path.
    if unsafe { libc::mkdir(at, 0o755) } == -1
        && io::Error::last_os_error().raw_os_error() != Some(libc::EEXIST)
    {
        return Err(io::Error::last_os_error());
    }
    Ok(())
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

/// struct mount_attr of mount_setattr(2).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

const MOUNT_ATTR_RDONLY: u64 = 0x1;
const MOUNT_ATTR_NOSUID: u64 = 0x2;
const MOUNT_ATTR_NODEV: u64 = 0x4;
const MOUNT_ATTR_NOEXEC: u64 = 0x8;
const AT_RECURSIVE: libc::c_uint = 0x8000;

/// Set `attributes` on the mount at `path` (with `AT_RECURSIVE` in `flags`, on every
/// mount under it too: a recursive bind brings the machine's mounts below);
/// `writable` clears read-only.
fn set_attributes(
    path: &CStr,
    attributes: u64,
    writable: bool,
    flags: libc::c_uint,
) -> io::Result<()> {
    let attr = MountAttr {
        attr_set: attributes,
        attr_clr: if writable { MOUNT_ATTR_RDONLY } else { 0 },
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: mount_setattr reads a NUL-terminated path and `attr`, of the size given.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            path.as_ptr(),
            flags,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    match r {
        -1 => Err(io::Error::last_os_error()),
        _ => Ok(()),
    }
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
mod tests {
    use super::*;

    #[test]
    fn descriptor_paths_without_allocating() {
        let mut buf = [0u8; 32];
        fd_path(&mut buf, 7);
        assert_eq!(&buf[..16], b"/proc/self/fd/7\0");
        fd_path(&mut buf, 1234);
        assert_eq!(&buf[..19], b"/proc/self/fd/1234\0");
    }

    #[test]
    fn the_root_holds_what_is_named_and_the_system() {
        let dir = std::env::temp_dir().join(format!("pocket-boxfs-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        std::fs::write(dir.join("inner/solver.sh"), "").unwrap();
        let read_only = [dir.join("inner"), PathBuf::from("/usr/bin")];
        let fs = BoxFs::new(&Given {
            read_only: &read_only,
            writable: std::slice::from_ref(&dir),
            tmp_mib: Some(64),
            id: Some(1234),
            cwd: Some(dir.join("inner")),
        })
        .unwrap();
        let at: Vec<&str> = fs.entries.iter().map(|e| e.at.to_str().unwrap()).collect();
        for path in [
            "/tmp/usr",
            "/tmp/etc/passwd",
            "/tmp/dev/null",
            "/tmp/proc",
            "/tmp/tmp",
        ] {
            assert!(at.contains(&path), "{path} in {at:?}");
        }
        assert!(!at.contains(&"/tmp/home") && !at.contains(&"/tmp/root"));
        assert!(!at.contains(&"/tmp/usr/bin"), "held by /usr already");
        // Parents come before what lies in them.
        let inner = format!("/tmp{}", dir.join("inner").display());
        let top = format!("/tmp{}", dir.display());
        let pos = |p: &str| at.iter().position(|a| *a == p).unwrap();
        assert!(pos("/tmp/tmp") < pos(&top) && pos(&top) < pos(&inner));
        assert_eq!(
            fs.cwd.to_str().unwrap(),
            dir.join("inner").to_str().unwrap()
        );
        let passwd = fs.entries.iter().find_map(|e| match &e.made {
            Made::File(bytes) if e.at.to_str() == Ok("/tmp/etc/passwd") => Some(bytes.clone()),
            _ => None,
        });
        assert!(
            String::from_utf8(passwd.unwrap())
                .unwrap()
                .contains(":1234:1234:")
        );
        assert_eq!(
            fs.tmpfs.to_str().unwrap(),
            "size=64m,nr_inodes=16384,mode=1777"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
