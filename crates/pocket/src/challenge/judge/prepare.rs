//! Linux: the box around one run, prepared in the judge before the spawn (what
//! [`sandbox`] then builds between fork and exec), what it measured, and the line
//! that says what it confines.

use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::limits::{address_space_bytes, box_environment, cpu_seconds, file_size_bytes, is_root};
use super::{boxfs, cgroup, identity, landlock, linux, sandbox, seccomp};
use crate::challenge::judge::{Isolation, IsolationChoice, IsolationUnavailable, Limits, Measured};

/// Whether a root judge gets a cgroup for each run here: the hierarchy, or why not
/// (tried once, by making and removing a group).
fn cgroups() -> &'static Result<cgroup::Version, String> {
    static CGROUPS: std::sync::OnceLock<Result<cgroup::Version, String>> =
        std::sync::OnceLock::new();
    CGROUPS.get_or_init(|| {
        if is_root() {
            cgroup::remove_stale();
        }
        cgroup_probe()
    })
}

fn cgroup_probe() -> Result<cgroup::Version, String> {
    match cgroup::RunGroup::new(Some(1 << 30), 1) {
        Ok(Some(group)) => Ok(group.version()),
        Ok(None) if !is_root() => Err("the judge is not root".into()),
        Ok(None) => Err("no cgroup hierarchy with memory and pids".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// How a run's memory is bounded without a cgroup.
const WATCHED: &str = "whole-run memory watched every 10 ms (the resident memory of all its \
                       processes against --memory-limit; killed past it), and RLIMIT_AS per process";

/// Not root: the (uid, gid) that `nobody` in the box's first user namespace maps to.
pub(super) fn user_map() -> Option<(libc::uid_t, libc::gid_t)> {
    // SAFETY: getuid and getgid only read attributes of this process.
    (!is_root()).then(|| unsafe { (libc::getuid(), libc::getgid()) })
}

/// The parts of the isolation line that depend on the mode, see
/// [`super::choose_isolation`].
pub(super) fn isolation_line(
    choice: IsolationChoice,
    tmp: &str,
) -> Result<(Isolation, String), IsolationUnavailable> {
    let root = is_root();
    let why_not = match choice {
        IsolationChoice::Fallback => Some("asked for with --isolation fallback".to_string()),
        _ => sandbox::probe(user_map()),
    };
    let namespaces = why_not.is_none();
    let abi = landlock::abi();
    let landlock = match (abi, namespaces) {
        (0, _) => "no Landlock (this kernel has none)".to_string(),
        (n, true) => format!("Landlock ABI {n} (the same rules inside the box)"),
        (n, false) => format!(
            "Landlock ABI {n}: reads only under the system's folders and the program's own, \
             writes only in its own HOME and --writable, no TCP{}",
            if n >= 6 {
                ", signals and abstract sockets only within the run"
            } else {
                ""
            }
        ),
    };
    let identity = match (root, namespaces) {
        (true, _) => format!(
            "a uid and gid of its own per run (from {} up, no account's)",
            identity::RUN_IDS.start
        ),
        (false, true) => "an identity that maps nothing (a user namespace of its own)".into(),
        (false, false) => "the judge's uid".into(),
    };
    let memory = match (root, cgroups()) {
        (true, Ok(version)) => format!(
            "a cgroup {} per run: whole-run memory (--memory-limit) and {} processes, \
             peak memory and CPU time measured",
            if *version == cgroup::Version::V2 {
                "v2"
            } else {
                "v1"
            },
            sandbox::MAX_PROCESSES
        ),
        (_, Err(why)) => format!("no cgroup ({why}): {WATCHED}"),
        (false, Ok(_)) => format!("no cgroup (the judge is not root): {WATCHED}"),
    };
    let processes = match (root, namespaces) {
        (true, _) => "RLIMIT_NPROC under its own uid",
        (false, true) => "RLIMIT_NPROC counted in its own user namespace",
        (false, false) => "RLIMIT_NPROC over the judge's user's processes",
    };
    let common = format!(
        "seccomp allow list (no network, no socket but socketpair, no keyring, mounts, \
         ptrace, bpf or new namespaces); {landlock}; {identity}; {memory}; {processes}; \
         environment: PATH, LANG, HOME, TMPDIR and --env only; rlimits (memory, cpu, file \
         size, core); no new privileges; own session, no terminal; only fds 0-2; killed \
         with the judge (pdeathsig)"
    );
    match (why_not, choice) {
        (None, _) => {
            let user = if root { "" } else { "user+" };
            Ok((
                Isolation::Namespaces,
                format!(
                    "isolation: {user}net+pid+mount+ipc+uts namespaces: a fresh root (the \
                     system's folders, the program's folders and --bind read-only, \
                     --writable, a /tmp of its own (tmpfs, {tmp}), /dev of null, zero, \
                     full, random and urandom, its own /proc); {common}"
                ),
            ))
        }
        (Some(why), IsolationChoice::Namespaces) => Err(IsolationUnavailable(format!(
            "namespaces cannot be had here ({why}); try --isolation fallback"
        ))),
        (Some(why), _) => {
            let files = match abi {
                0 => ", file system reads and writes",
                _ => "",
            };
            Ok((
                Isolation::Fallback,
                format!(
                    "isolation: fallback (no namespaces: {why}): NOT confined: the view of \
                     other processes and of the judge{files}; a fresh HOME and \
                     TMPDIR removed after the run{}; subreaper sweep; {common}",
                    match root {
                        true => ", and every file its uid leaves in /tmp, /var/tmp, /dev/shm",
                        false => "",
                    }
                ),
            ))
        }
    }
}

/// A pipe, both ends close-on-exec: (read end, write end).
fn report_pipe() -> io::Result<(std::fs::File, std::os::fd::OwnedFd)> {
    use std::os::fd::FromRawFd;
    let mut fds = [-1; 2];
    // SAFETY: pipe2 writes two new descriptors, which we then own.
    unsafe {
        if libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) == -1 {
            return Err(io::Error::last_os_error());
        }
        Ok((
            std::fs::File::from_raw_fd(fds[0]),
            std::os::fd::OwnedFd::from_raw_fd(fds[1]),
        ))
    }
}

/// The folders of what the command line names: the program itself and every
/// argument that is a path (absolute, or relative to the judge's working directory),
/// each a folder or the folder it lies in. Never `/`.
fn program_folders(path: &Path, args: &[String]) -> Vec<PathBuf> {
    let cwd = std::env::current_dir().ok();
    let mut folders: Vec<PathBuf> = Vec::new();
    for named in std::iter::once(path).chain(args.iter().map(Path::new)) {
        let whole = match (named.is_absolute(), &cwd) {
            (true, _) => named.to_path_buf(),
            (false, Some(cwd)) => cwd.join(named),
            (false, None) => continue,
        };
        let Ok(real) = std::fs::canonicalize(&whole) else {
            continue;
        };
        let folder = match real.is_dir() {
            true => real,
            false => match real.parent() {
                Some(p) => p.to_path_buf(),
                None => continue,
            },
        };
        if folder != Path::new("/") && !folders.contains(&folder) {
            folders.push(folder);
        }
    }
    folders
}

/// The tasks (processes and threads) running under `uid` now, which a fallback
/// that is not root must leave room for under `RLIMIT_NPROC`.
fn user_tasks(uid: libc::uid_t) -> libc::rlim_t {
    use std::os::unix::fs::MetadataExt;
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .filter(|e| e.metadata().is_ok_and(|m| m.uid() == uid))
        .map(|e| {
            // A task folder links its threads' folders: two more links than threads.
            std::fs::metadata(e.path().join("task")).map_or(1, |m| m.nlink().saturating_sub(2))
        })
        .sum()
}

/// The box's home, to remove after the run.
enum Home {
    /// With namespaces: the fresh `/tmp`, gone with the namespace.
    Namespace,
    /// The fallback's directory of the run.
    Dir(PathBuf),
}

/// The box around one run as the judge keeps it.
pub(super) struct Boxed {
    /// With namespaces: the pipe on which the namespace's init reports the program's
    /// wait status (the judge's own child is not the program then).
    pipe: Option<(std::fs::File, std::os::fd::OwnedFd)>,
    home: Home,
    /// The run's own uid (a root judge).
    uid: Option<libc::uid_t>,
    cgroup: Option<cgroup::RunGroup>,
}

impl Boxed {
    /// After the spawn: the read end of the box's report pipe, the write end (the
    /// program's) closed here.
    pub(super) fn report(&mut self) -> Option<std::fs::File> {
        self.pipe.take().map(|(read, _)| read)
    }

    /// The run's own uid, for the sweep.
    pub(super) fn uid(&self) -> Option<libc::uid_t> {
        self.uid
    }

    /// Whether the judge must watch the run's memory itself: no cgroup bounds it.
    pub(super) fn watches_memory(&self) -> bool {
        self.cgroup.is_none()
    }

    /// Kill whatever of the run its cgroup still holds.
    pub(super) fn kill_rest(&self) {
        if let Some(group) = &self.cgroup {
            group.kill_all();
        }
    }

    /// What the run's cgroup measured, and whether it was killed for its memory.
    pub(super) fn measured(&self) -> (Measured, bool) {
        let Some(usage) = self.cgroup.as_ref().map(cgroup::RunGroup::usage) else {
            return (Measured::default(), false);
        };
        let measured = Measured {
            peak_memory_kib: usage.peak_memory.map(|b| b / 1024),
            cpu_time: usage.cpu,
        };
        (measured, usage.out_of_memory)
    }

    /// Remove what the run left: the fallback's directory, its uid's files, and the
    /// run's cgroup.
    pub(super) fn clean_up(&mut self, limits: &Limits) {
        if let Home::Dir(dir) = &self.home {
            identity::remove_home(dir);
            if let Some(id) = self.uid {
                identity::sweep_files(id, &limits.writable);
            }
        }
        self.cgroup = None;
    }
}

/// Set up `cmd` to run confined by `limits`, in the box of `limits.isolation`, under
/// a uid of its own when the judge is root: its environment, and the pre-exec hook
/// that confines it (see [`sandbox`]).
pub(super) fn confine(
    cmd: &mut Command,
    path: &Path,
    args: &[String],
    limits: &Limits,
    root: bool,
) -> io::Result<Boxed> {
    let uid = root.then(identity::run_id);
    let namespaces = limits.isolation == Isolation::Namespaces;
    let cgroup = match (root, cgroups()) {
        (true, Ok(_)) => cgroup::RunGroup::new(
            limits.memory_mib.map(|m| m.saturating_mul(1 << 20)),
            sandbox::MAX_PROCESSES,
        )?,
        _ => None,
    };
    let processes = match (root, namespaces) {
        (false, false) => user_tasks(user_map().map_or(0, |u| u.0)) + sandbox::MAX_PROCESSES,
        _ => sandbox::MAX_PROCESSES,
    };
    let mut read_only = program_folders(path, args);
    read_only.extend(limits.bind.iter().cloned());
    let mut confinement = sandbox::Confinement {
        memory: limits.memory_mib.map(address_space_bytes),
        cpu: cpu_seconds(limits.time),
        file_size: file_size_bytes(limits),
        processes: Some(processes),
        uid,
        // SAFETY: getpid only reads an attribute of this process.
        judge: unsafe { libc::getpid() },
        filter: seccomp::Filter::new(namespaces)?,
        landlock: None,
        cgroups: cgroup.as_ref().map_or(Vec::new(), cgroup::RunGroup::joins),
    };
    let c_path = |p: &Path| {
        std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).map_err(io::Error::other)
    };
    match limits.isolation {
        Isolation::Namespaces => {
            let pipe = report_pipe()?;
            box_environment(cmd, Path::new("/tmp"), limits);
            let mut fs = boxfs::BoxFs::new(&boxfs::Given {
                read_only: &read_only,
                writable: &limits.writable,
                tmp_mib: limits.file_size_mib,
                id: uid,
                cwd: std::env::current_dir().ok(),
            })?;
            let mut grants = fs.grants.clone();
            grants.push((c_path(Path::new("/tmp"))?, boxfs::Access::Writable));
            confinement.landlock = landlock::Rules::new(&grants);
            let ns = sandbox::Namespaces {
                user: user_map(),
                report: pipe.1.as_raw_fd(),
                wipe: sandbox::judge_areas(),
            };
            // SAFETY: the hook makes only async-signal-safe system calls.
            unsafe { cmd.pre_exec(move || sandbox::namespaces(&confinement, ns, &mut fs)) };
            Ok(Boxed {
                pipe: Some(pipe),
                home: Home::Namespace,
                uid,
                cgroup,
            })
        }
        Isolation::Fallback => {
            let dir = identity::make_home(uid)?;
            box_environment(cmd, &dir, limits);
            let mut grants = vec![(c_path(&dir)?, boxfs::Access::Writable)];
            for p in &read_only {
                grants.push((c_path(p)?, boxfs::Access::ReadOnly));
            }
            for p in &limits.writable {
                grants.push((c_path(p)?, boxfs::Access::Writable));
            }
            confinement.landlock = landlock::Rules::new(&grants);
            // SAFETY: as above.
            unsafe { cmd.pre_exec(move || sandbox::fallback(&confinement)) };
            Ok(Boxed {
                pipe: None,
                home: Home::Dir(dir),
                uid,
                cgroup,
            })
        }
    }
}

/// Kill every process the run left and reap them: see [`linux::sweep`].
pub(super) fn sweep(
    boxed: &Boxed,
    group: libc::pid_t,
    until: std::time::Instant,
    outside: std::collections::HashSet<libc::pid_t>,
) -> (usize, usize) {
    boxed.kill_rest();
    linux::sweep(group, until, outside, boxed.uid())
}
