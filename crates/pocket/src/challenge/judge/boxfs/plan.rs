//! The planning of a box's root, done in the judge before any fork: which paths
//! it holds and how, parents before children; apart from the building, which
//! runs between fork and exec.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::{Access, BUILD_AT, Entry, Made, c_path};

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

/// The entries of a box as they are planned, parents before children.
#[derive(Default)]
pub(super) struct Plan {
    pub(super) entries: Vec<Entry>,
    pub(super) grants: Vec<(CString, Access)>,
    /// Paths in the box already planned.
    planned: Vec<PathBuf>,
}

impl Plan {
    /// Plan `path` of the box (absolute) as `made`, its missing parents as folders.
    pub(super) fn add(&mut self, path: &Path, made: Made) -> io::Result<()> {
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

    pub(super) fn bind(&mut self, path: &Path, dir: bool, how: Access) -> io::Result<()> {
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
    pub(super) fn system(&mut self, path: &Path) -> io::Result<()> {
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
    pub(super) fn etc(&mut self, id: Option<u32>) -> io::Result<()> {
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
    pub(super) fn holds(&self, path: &Path) -> bool {
        self.entries.iter().any(|e| match &e.made {
            Made::Bind {
                source, dir: true, ..
            } => path.starts_with(Path::new(std::ffi::OsStr::from_bytes(source.as_bytes()))),
            _ => false,
        })
    }
}
