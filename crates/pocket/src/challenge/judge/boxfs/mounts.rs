//! The system calls that build the box's root, wrapped: `mount`, `mkdir` and
//! `mount_setattr(2)`, each async-signal-safe, as what runs between fork and exec
//! must be; apart from what the box holds.

use std::ffi::CStr;
use std::io;

pub(super) const NOSUID_NODEV: libc::c_ulong = libc::MS_NOSUID | libc::MS_NODEV;

pub(super) fn check(r: libc::c_int) -> io::Result<libc::c_int> {
    match r {
        -1 => Err(io::Error::last_os_error()),
        _ => Ok(r),
    }
}

pub(super) fn mount(
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

/// mkdir, a folder already there being fine.
pub(super) fn mkdir(at: *const libc::c_char) -> io::Result<()> {
    // SAFETY: a NUL-terminated path.
    if unsafe { libc::mkdir(at, 0o755) } == -1
        && io::Error::last_os_error().raw_os_error() != Some(libc::EEXIST)
    {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// struct mount_attr of mount_setattr(2).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

pub(super) const MOUNT_ATTR_RDONLY: u64 = 0x1;
pub(super) const MOUNT_ATTR_NOSUID: u64 = 0x2;
pub(super) const MOUNT_ATTR_NODEV: u64 = 0x4;
pub(super) const MOUNT_ATTR_NOEXEC: u64 = 0x8;
pub(super) const AT_RECURSIVE: libc::c_uint = 0x8000;

/// Set `attributes` on the mount at `path` (with `AT_RECURSIVE` in `flags`, on every
/// mount under it too: a recursive bind brings the machine's mounts below);
/// `writable` clears read-only.
pub(super) fn set_attributes(
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
