//! The file system and network a judged program sees with namespaces: the whole
//! file system read-only; on `/tmp` an overlay of the machine's `/tmp` (read-only)
//! under a fresh tmpfs of bounded size that takes every write (where overlayfs cannot
//! be had, the bare tmpfs, with the paths under `/tmp` that the command line names
//! bound back read-only); the directories given with `--writable` bound read-write;
//! and a network namespace whose only interface is a loopback of its own. Nothing the
//! program writes outlives its namespace, but in the `--writable` directories.
//! (isolate binds a few system directories into an empty root; nsjail mounts a fresh
//! tmpfs; for what the program may write the effect is the same.)
//!
//! Everything is prepared in the judge ([`BoxFs::new`]); [`BoxFs::build`] runs
//! between fork and exec, in the new mount and network namespaces, and makes only
//! async-signal-safe system calls on what was prepared.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// A directory bound into the box at its own path.
#[derive(Debug)]
struct Bind {
    path: CString,
    writable: bool,
    /// Its descriptor, opened in the box before `/tmp` is covered.
    fd: libc::c_int,
}

/// What the box's file system is made of; see the module documentation.
#[derive(Debug)]
pub(super) struct BoxFs {
    /// The options of the tmpfs on `/tmp`.
    tmpfs: CString,
    /// Directories to make in the fresh `/tmp` for the binds under it, parents first.
    dirs: Vec<CString>,
    binds: Vec<Bind>,
}

/// The box's `/tmp`.
const TMP: &str = "/tmp";

/// Inodes of the box's `/tmp`: files enough for any solver, not a way to use the
/// judge's memory up with empty files.
const TMP_INODES: u32 = 16384;

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::other(format!("{} holds a NUL byte", path.display())))
}

impl BoxFs {
    /// A box with a `/tmp` of at most `tmp_mib` MiB (`None`: the tmpfs default, half
    /// the memory), the directories of `read_only` paths that lie under `/tmp` (files
    /// and directories the command line names, as absolute paths) bound back, and
    /// `writable` (absolute paths of directories) bound read-write.
    pub(super) fn new(
        tmp_mib: Option<u64>,
        read_only: &[PathBuf],
        writable: &[PathBuf],
    ) -> io::Result<BoxFs> {
        let size = tmp_mib.map_or(String::new(), |m| format!("size={m}m,"));
        let tmpfs = CString::new(format!("{size}nr_inodes={TMP_INODES},mode=1777"))
            .map_err(io::Error::other)?;
        let mut wanted: Vec<(PathBuf, bool)> = Vec::new();
        for path in read_only
            .iter()
            .filter(|p| p.starts_with(TMP) && p.as_path() != Path::new(TMP))
        {
            let dir = match path.is_dir() {
                true => path.clone(),
                false => match path.parent() {
                    Some(parent) if path.exists() => parent.to_path_buf(),
                    _ => continue,
                },
            };
            if dir.as_path() != Path::new(TMP) && !wanted.iter().any(|(p, _)| *p == dir) {
                wanted.push((dir, false));
            }
        }
        for dir in writable {
            wanted.retain(|(p, _)| p != dir);
            wanted.push((dir.clone(), true));
        }
        // Outer directories first, so that an inner bind lands on top of an outer one.
        wanted.sort_by_key(|(p, _)| p.components().count());
        let mut dirs: Vec<PathBuf> = Vec::new();
        for (path, _) in &wanted {
            let mut at = PathBuf::from(TMP);
            for part in path
                .strip_prefix(TMP)
                .into_iter()
                .flat_map(Path::components)
            {
                at.push(part);
                if !dirs.contains(&at) {
                    dirs.push(at.clone());
                }
            }
        }
        Ok(BoxFs {
            tmpfs,
            dirs: dirs.iter().map(|d| c_path(d)).collect::<io::Result<_>>()?,
            binds: wanted
                .iter()
                .map(|(p, writable)| {
                    Ok(Bind {
                        path: c_path(p)?,
                        writable: *writable,
                        fd: -1,
                    })
                })
                .collect::<io::Result<_>>()?,
        })
    }

    /// Make the box, in the calling process's new mount and network namespaces.
    pub(super) fn build(&mut self) -> io::Result<()> {
        // Descriptors of what is bound back, before the tmpfs covers it; a descriptor
        // from before the new mount namespace could not be bound in it.
        for bind in self.binds.iter_mut() {
            // SAFETY: a NUL-terminated path; the descriptor is closed below.
            bind.fd = check(unsafe {
                libc::open(
                    bind.path.as_ptr(),
                    libc::O_PATH | libc::O_CLOEXEC | libc::O_DIRECTORY,
                )
            })?;
        }
        // The machine's /tmp, to show read-only under the box's own layer.
        // SAFETY: a NUL-terminated path; the descriptor is closed below.
        let lower = check(unsafe {
            libc::open(
                c"/tmp".as_ptr(),
                libc::O_PATH | libc::O_CLOEXEC | libc::O_DIRECTORY,
            )
        })?;
        set_read_only(c"/", true)?;
        // SAFETY: mount with NUL-terminated strings.
        check(unsafe {
            libc::mount(
                c"tmpfs".as_ptr(),
                c"/tmp".as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                self.tmpfs.as_ptr().cast(),
            )
        })?;
        let layered = overlay(lower).is_ok();
        // SAFETY: closing our own descriptor.
        unsafe { libc::close(lower) };
        // Without the overlay, what the command line names under /tmp comes back by
        // binds; with it, all of /tmp shows through, and only --writable is bound.
        if layered {
            self.dirs.clear();
            for bind in self.binds.iter_mut().filter(|b| !b.writable) {
                // SAFETY: closing our own descriptor.
                unsafe { libc::close(bind.fd) };
                bind.fd = -1;
            }
        }
        for dir in &self.dirs {
            // SAFETY: a NUL-terminated path.
            if unsafe { libc::mkdir(dir.as_ptr(), 0o755) } == -1
                && io::Error::last_os_error().raw_os_error() != Some(libc::EEXIST)
            {
                return Err(io::Error::last_os_error());
            }
        }
        for bind in self.binds.iter().filter(|b| b.fd >= 0) {
            let mut source = [0u8; 32];
            fd_path(&mut source, bind.fd);
            // SAFETY: NUL-terminated strings; the descriptor is ours.
            check(unsafe {
                libc::mount(
                    source.as_ptr().cast(),
                    bind.path.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                )
            })?;
            if bind.writable {
                set_read_only(&bind.path, false)?;
            }
            // SAFETY: closing our own descriptor.
            unsafe { libc::close(bind.fd) };
        }
        loopback_up()
    }
}

fn check(r: libc::c_int) -> io::Result<libc::c_int> {
    match r {
        -1 => Err(io::Error::last_os_error()),
        _ => Ok(r),
    }
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

/// Cover the fresh tmpfs on /tmp with an overlay: the machine's /tmp (`lower`, a
/// descriptor opened before the tmpfs) read-only below, the tmpfs's own directories
/// above, where every write goes and stays in the box. So a program that reads a
/// file under /tmp (its interpreter's script, a table it ships) finds it, and nothing
/// it writes outlives the run. Fails where overlayfs cannot be had (then /tmp is the
/// bare tmpfs).
fn overlay(lower: libc::c_int) -> io::Result<()> {
    let mut fds = [-1; 2];
    for (fd, dir) in fds.iter_mut().zip([c"/tmp/.upper", c"/tmp/.work"]) {
        // SAFETY: NUL-terminated paths in our tmpfs; the descriptors are closed below.
        unsafe {
            if libc::mkdir(dir.as_ptr(), 0o755) == -1 {
                return Err(io::Error::last_os_error());
            }
            *fd = check(libc::open(
                dir.as_ptr(),
                libc::O_PATH | libc::O_CLOEXEC | libc::O_DIRECTORY,
            ))?;
        }
    }
    // The merged /tmp takes the upper directory's mode: writable by all, sticky.
    // SAFETY: a NUL-terminated path.
    let made = check(unsafe { libc::chmod(c"/tmp/.upper".as_ptr(), 0o1777) }).map(|_| ());
    let mut result = made;
    if result.is_ok() {
        // In a user namespace overlayfs keeps its attributes in user.* xattrs.
        result = mount_overlay(lower, fds[0], fds[1], false)
            .or_else(|_| mount_overlay(lower, fds[0], fds[1], true));
    }
    for fd in fds {
        // SAFETY: closing our own descriptors.
        unsafe { libc::close(fd) };
    }
    result
}

fn mount_overlay(
    lower: libc::c_int,
    upper: libc::c_int,
    work: libc::c_int,
    userxattr: bool,
) -> io::Result<()> {
    let mut opts = [0u8; 160];
    let mut n = 0;
    for (key, fd) in [
        (&b"lowerdir="[..], lower),
        (b",upperdir=", upper),
        (b",workdir=", work),
    ] {
        opts[n..n + key.len()].copy_from_slice(key);
        n += key.len();
        let mut path = [0u8; 32];
        fd_path(&mut path, fd);
        let len = path.iter().position(|&b| b == 0).unwrap_or(0);
        opts[n..n + len].copy_from_slice(&path[..len]);
        n += len;
    }
    if userxattr {
        let key = b",userxattr";
        opts[n..n + key.len()].copy_from_slice(key);
        n += key.len();
    }
    opts[n] = 0;
    // SAFETY: NUL-terminated strings.
    check(unsafe {
        libc::mount(
            c"overlay".as_ptr(),
            c"/tmp".as_ptr(),
            c"overlay".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            opts.as_ptr().cast(),
        )
    })
    .map(|_| ())
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
const AT_RECURSIVE: libc::c_uint = 0x8000;

/// Make the mount at `path`, and every mount under it, read-only (or writable).
fn set_read_only(path: &std::ffi::CStr, read_only: bool) -> io::Result<()> {
    let attr = MountAttr {
        attr_set: if read_only { MOUNT_ATTR_RDONLY } else { 0 },
        attr_clr: if read_only { 0 } else { MOUNT_ATTR_RDONLY },
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: mount_setattr reads a NUL-terminated path and `attr`, of the size given.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            path.as_ptr(),
            AT_RECURSIVE,
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
fn loopback_up() -> io::Result<()> {
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
    fn binds_under_tmp_come_back_with_their_parents_made() {
        let dir = std::env::temp_dir().join(format!("pocket-boxfs-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        std::fs::write(dir.join("inner/solver.sh"), "").unwrap();
        let fs = BoxFs::new(
            Some(64),
            &[
                dir.join("inner/solver.sh"),
                PathBuf::from("/usr/bin/python3"),
                PathBuf::from("/tmp/no-such-file"),
            ],
            std::slice::from_ref(&dir),
        )
        .unwrap();
        let dirs: Vec<&str> = fs.dirs.iter().map(|d| d.to_str().unwrap()).collect();
        let top = dir.to_str().unwrap();
        let inner = format!("{top}/inner");
        if dir.starts_with(TMP) {
            assert_eq!(dirs, [top, inner.as_str()]);
        }
        let binds: Vec<(&str, bool)> = fs
            .binds
            .iter()
            .map(|b| (b.path.to_str().unwrap(), b.writable))
            .collect();
        match dir.starts_with(TMP) {
            true => assert_eq!(binds, [(top, true), (inner.as_str(), false)]),
            false => assert_eq!(binds, [(top, true)]),
        }
        assert_eq!(
            fs.tmpfs.to_str().unwrap(),
            "size=64m,nr_inodes=16384,mode=1777"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
