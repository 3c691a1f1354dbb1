//! A control group for every run of a root judge: the whole run's memory (every
//! process, and what it keeps in its tmpfs) and process count bounded together, and
//! its peak memory and CPU time read back for the verdict. cgroup v2 where its
//! hierarchy has the memory and pids controllers; else v1's memory, pids and cpuacct
//! hierarchies (a machine that mounts both, as this project's CI does, keeps memory
//! in v1). Each run's group is made below the judge's own, so the machine's limits
//! on the judge hold over it too.

use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Which hierarchy a group lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Version {
    V1,
    V2,
}

/// The folders of the judge's own groups: (v2 folder with memory and pids) or (v1
/// memory, pids, cpuacct folders).
#[derive(Clone, Debug)]
enum Parents {
    V2(PathBuf),
    V1 {
        memory: PathBuf,
        pids: PathBuf,
        cpu: Option<PathBuf>,
    },
}

/// Where each hierarchy is mounted, from /proc/self/mountinfo: (v2, v1 by controller).
fn mounts() -> (Option<PathBuf>, Vec<(String, PathBuf)>) {
    let text = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let mut v2 = None;
    let mut v1 = Vec::new();
    for line in text.lines() {
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let Some(at) = left.split(' ').nth(4) else {
            continue;
        };
        let mut right = right.split(' ');
        let (fstype, options) = (right.next(), right.nth(1).unwrap_or(""));
        match fstype {
            Some("cgroup2") => v2 = Some(PathBuf::from(at)),
            Some("cgroup") => {
                for c in options.split(',') {
                    v1.push((c.to_string(), PathBuf::from(at)));
                }
            }
            _ => {}
        }
    }
    (v2, v1)
}

/// The judge's own group in each hierarchy, from /proc/self/cgroup: (v2 path, v1
/// paths by controller).
fn own_groups() -> (Option<String>, Vec<(String, String)>) {
    let text = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut v2 = None;
    let mut v1 = Vec::new();
    for line in text.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        match controllers {
            "" => v2 = Some(path.to_string()),
            list => list
                .split(',')
                .for_each(|c| v1.push((c.to_string(), path.to_string()))),
        }
    }
    (v2, v1)
}

fn join(mount: &Path, group: &str) -> PathBuf {
    mount.join(group.trim_start_matches('/'))
}

/// The judge's groups a run's group can be made under, once: `None` where none can.
fn parents() -> Option<&'static Parents> {
    static PARENTS: std::sync::OnceLock<Option<Parents>> = std::sync::OnceLock::new();
    PARENTS
        .get_or_init(|| {
            let (v2_mount, v1_mounts) = mounts();
            let (v2_group, v1_groups) = own_groups();
            if let (Some(mount), Some(group)) = (v2_mount, v2_group) {
                let dir = join(&mount, &group);
                let controllers =
                    std::fs::read_to_string(dir.join("cgroup.controllers")).unwrap_or_default();
                let has = |c: &str| controllers.split_whitespace().any(|x| x == c);
                if has("memory") && has("pids") {
                    return Some(Parents::V2(dir));
                }
            }
            let v1 = |controller: &str| {
                let mount = v1_mounts.iter().find(|(c, _)| c == controller)?;
                let group = v1_groups.iter().find(|(c, _)| c == controller)?;
                Some(join(&mount.1, &group.1))
            };
            Some(Parents::V1 {
                memory: v1("memory")?,
                pids: v1("pids")?,
                cpu: v1("cpuacct"),
            })
        })
        .as_ref()
}

/// Remove the groups that judges no longer running left below ours (a judge killed
/// by a signal does not remove its runs' groups): each `pocket-judge-PID-...` whose
/// PID runs no more, and that is empty (the kernel refuses to remove any other).
pub(super) fn remove_stale() {
    let dirs: Vec<&PathBuf> = match parents() {
        Some(Parents::V2(dir)) => vec![dir],
        Some(Parents::V1 { memory, pids, cpu }) => {
            std::iter::once(memory).chain([pids]).chain(cpu).collect()
        }
        None => return,
    };
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(pid) = name
                .strip_prefix("pocket-judge-")
                .and_then(|rest| rest.split('-').next())
            else {
                continue;
            };
            if !Path::new("/proc").join(pid).exists() {
                let _ = std::fs::remove_dir(entry.path());
            }
        }
    }
}

/// What a run's group measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Usage {
    /// Peak memory of the whole run, in bytes.
    pub peak_memory: Option<u64>,
    pub cpu: Option<Duration>,
    /// The kernel killed a process of the run for passing the memory bound.
    pub out_of_memory: bool,
}

/// One run's group (its folders, removed when dropped) and descriptors of its
/// `cgroup.procs` files, to join between fork and exec.
#[derive(Debug)]
pub(super) struct RunGroup {
    version: Version,
    dirs: Vec<PathBuf>,
    procs: Vec<OwnedFd>,
}

fn write(dir: &Path, file: &str, value: &str) -> io::Result<()> {
    std::fs::write(dir.join(file), value)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.join(file).display())))
}

fn read_number(dir: &Path, file: &str) -> Option<u64> {
    std::fs::read_to_string(dir.join(file))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// The value of `key` in a file of `key value` lines.
fn read_key(dir: &Path, file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(dir.join(file)).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(' ')?.trim().parse().ok())
}

impl RunGroup {
    /// A group for one run, bounded to `memory` bytes (`None`: unbounded) and
    /// `processes`; `Ok(None)` where no cgroup can be had (not root, none mounted).
    pub(super) fn new(memory: Option<u64>, processes: u64) -> io::Result<Option<RunGroup>> {
        // SAFETY: geteuid only reads an attribute of this process.
        if unsafe { libc::geteuid() } != 0 {
            return Ok(None);
        }
        let Some(parents) = parents() else {
            return Ok(None);
        };
        // A random name: a group left by a judge that was killed, under a pid used
        // again, is passed over (CI of this change: "pocket-judge-13553-1: File
        // exists" with a counter of the process's own).
        let name = format!(
            "pocket-judge-{}-{:08x}",
            std::process::id(),
            super::identity::random_u32()
        );
        let mut group = RunGroup {
            version: Version::V1,
            dirs: Vec::new(),
            procs: Vec::new(),
        };
        let memory = memory.map_or("max".to_string(), |b| b.to_string());
        match parents {
            Parents::V2(parent) => {
                group.version = Version::V2;
                let dir = group.make(parent, &name)?;
                write(&dir, "memory.max", &memory)?;
                let _ = write(&dir, "memory.swap.max", "0");
                write(&dir, "pids.max", &processes.to_string())?;
            }
            Parents::V1 {
                memory: m,
                pids,
                cpu,
            } => {
                let dir = group.make(m, &name)?;
                let v1_memory = if memory == "max" { "-1" } else { &memory };
                write(&dir, "memory.limit_in_bytes", v1_memory)?;
                // Swap counts too, where the kernel accounts it.
                let _ = write(&dir, "memory.memsw.limit_in_bytes", v1_memory);
                let dir = group.make(pids, &name)?;
                write(&dir, "pids.max", &processes.to_string())?;
                if let Some(cpu) = cpu.as_ref().filter(|c| *c != m && *c != pids) {
                    group.make(cpu, &name)?;
                }
            }
        }
        for dir in &group.dirs {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(dir.join("cgroup.procs"))?;
            group.procs.push(file.into());
        }
        Ok(Some(group))
    }

    fn make(&mut self, parent: &Path, name: &str) -> io::Result<PathBuf> {
        let dir = parent.join(name);
        if dir.exists() {
            // Left by a judge that was killed: empty, or its processes long gone.
            let _ = std::fs::remove_dir(&dir);
        }
        std::fs::create_dir(&dir)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        self.dirs.push(dir.clone());
        Ok(dir)
    }

    pub(super) fn version(&self) -> Version {
        self.version
    }

    /// The descriptors to write "0" to, in the process that joins.
    pub(super) fn joins(&self) -> Vec<libc::c_int> {
        self.procs.iter().map(AsRawFd::as_raw_fd).collect()
    }

    /// What the run used, read once it is over.
    pub(super) fn usage(&self) -> Usage {
        let Some(first) = self.dirs.first() else {
            return Usage::default();
        };
        match self.version {
            Version::V2 => Usage {
                peak_memory: read_number(first, "memory.peak"),
                cpu: read_key(first, "cpu.stat", "usage_usec").map(Duration::from_micros),
                out_of_memory: read_key(first, "memory.events", "oom_kill").is_some_and(|n| n > 0),
            },
            Version::V1 => Usage {
                peak_memory: read_number(first, "memory.max_usage_in_bytes"),
                cpu: self
                    .dirs
                    .get(2)
                    .and_then(|d| read_number(d, "cpuacct.usage"))
                    .map(Duration::from_nanos),
                out_of_memory: read_key(first, "memory.oom_control", "oom_kill")
                    .is_some_and(|n| n > 0),
            },
        }
    }

    /// Kill every process still in the group (v2's `cgroup.kill`; v1: each listed
    /// process, until none is listed).
    pub(super) fn kill_all(&self) {
        let Some(first) = self.dirs.first() else {
            return;
        };
        if self.version == Version::V2 && write(first, "cgroup.kill", "1").is_ok() {
            return;
        }
        for _ in 0..100 {
            let text = std::fs::read_to_string(first.join("cgroup.procs")).unwrap_or_default();
            let pids: Vec<libc::pid_t> = text.lines().filter_map(|l| l.parse().ok()).collect();
            if pids.is_empty() {
                return;
            }
            for pid in pids {
                // SAFETY: kill only sends a signal to a process of the run's group.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        self.procs.clear();
        for dir in &self.dirs {
            // A group empties a moment after its last process is reaped.
            for _ in 0..50 {
                if std::fs::remove_dir(dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_read_from_stat_files() {
        let dir = std::env::temp_dir().join(format!("pocket-cgroup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("s"),
            "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n",
        )
        .unwrap();
        assert_eq!(read_key(&dir, "s", "oom_kill"), Some(2));
        assert_eq!(read_key(&dir, "s", "under_oom"), Some(0));
        assert_eq!(read_key(&dir, "s", "nothing"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
