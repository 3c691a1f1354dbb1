//! Issue 60: the judge's box built by addition, tried by the six findings of a
//! hostile submitter. As in `judge_box.rs`, each program prints the right solution
//! (U' for the U turn) only if its attack worked, a program that always answers is
//! judged valid first in the same mode (so no check passes vacuously), and each runs
//! with namespaces and in the fallback, as root and as an ordinary user.
use crate::common::*;
use crate::judge::python;
use crate::judge_box::{
    SETPRIV, Skips, control, is_root, judge, modes, open_dir, seen, try_everywhere,
};

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The uid a judge `as_user` runs as when the tests are root (as in `judge_box.rs`).
const NOBODY: u32 = 65534;

/// Finding 1: SysV shared memory, message queues, semaphores and a POSIX message
/// queue made by one run are not there for the next, nor on the machine after it.
#[test]
fn ipc_objects_do_not_outlive_the_run() {
    let dir = open_dir("leak-ipc");
    let key = 0x504f_0000 + (std::process::id() & 0xffff) as i32;
    let queue = format!("/pocket-leak-{}", std::process::id());
    let code = format!(
        "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n\
         libc.mq_open.restype = ctypes.c_int\n\
         KEY, Q = {key}, b'{queue}'\n\
         found = libc.shmget(KEY, 0, 0) >= 0 or libc.msgget(KEY, 0) >= 0 \
         or libc.semget(KEY, 0, 0) >= 0 or libc.mq_open(Q, 0) >= 0\n\
         if found:\n    print(\"U'\")\n\
         else:\n    libc.shmget(KEY, 1 << 20, 0o1666)\n    libc.msgget(KEY, 0o1666)\n    \
         libc.semget(KEY, 1, 0o1666)\n    libc.mq_open(Q, 0o102, 0o666, None)\n"
    );
    let body = python(&dir, "ipc", &code);
    let (modes, missing) = modes();
    for mode in modes {
        control(&dir, mode, &[]);
        // The first run makes them; the second finds them only if they outlived it.
        let first = seen(judge(&dir, mode, &body, &[]).output().unwrap());
        let second = seen(judge(&dir, mode, &body, &[]).output().unwrap());
        assert!(
            !first.leaked && !second.leaked,
            "{mode:?}: IPC outlived a run\n{}",
            second.text
        );
        // SAFETY: lookups by key and name, no object made.
        let on_machine = unsafe {
            libc::shmget(key, 0, 0) >= 0
                || libc::msgget(key, 0) >= 0
                || libc::semget(key, 0, 0) >= 0
        };
        let name = std::ffi::CString::new(queue.clone()).unwrap();
        // SAFETY: a NUL-terminated name; a queue found is closed at once.
        let mq = unsafe { libc::mq_open(name.as_ptr(), libc::O_RDONLY) };
        if mq >= 0 {
            unsafe {
                libc::mq_close(mq);
                libc::mq_unlink(name.as_ptr());
            }
        }
        assert!(!on_machine && mq < 0, "{mode:?}: IPC left on the machine");
    }
    Skips::default().report("ipc", &missing);
}

/// A Unix socket of the machine's, listening at `path`, answering every connection.
fn listener(path: &Path) -> std::os::unix::net::UnixListener {
    let _ = std::fs::remove_file(path);
    let l = std::os::unix::net::UnixListener::bind(path).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o777)).unwrap();
    l
}

/// Finding 2: no connect() reaches a Unix socket of the machine, in /tmp, /var/tmp,
/// /dev/shm or by an abstract name.
#[test]
fn the_machines_unix_sockets_are_out_of_reach() {
    use std::os::linux::net::SocketAddrExt;
    let dir = open_dir("leak-unix");
    let id = std::process::id();
    let paths: Vec<PathBuf> = [
        dir.0.join("sock"),
        PathBuf::from(format!("/var/tmp/pocket-leak-{id}.sock")),
        PathBuf::from(format!("/dev/shm/pocket-leak-{id}.sock")),
    ]
    .into_iter()
    .filter(|p| p.parent().is_some_and(Path::exists))
    .collect();
    let abstract_name = format!("pocket-leak-{id}");
    let mut listeners: Vec<_> = paths.iter().map(|p| listener(p)).collect();
    let addr = std::os::unix::net::SocketAddr::from_abstract_name(&abstract_name).unwrap();
    listeners.push(std::os::unix::net::UnixListener::bind_addr(&addr).unwrap());
    for l in listeners {
        std::thread::spawn(move || {
            for stream in l.incoming() {
                drop(stream);
            }
        });
    }
    let targets: Vec<String> = paths
        .iter()
        .map(|p| format!("'{}'", p.display()))
        .chain([format!("'\\0{abstract_name}'")])
        .collect();
    let code = format!(
        "import socket\nfor t in [{}]:\n    try:\n        s = socket.socket(socket.AF_UNIX)\n        \
         s.settimeout(3)\n        s.connect(t)\n        print(\"U'\")\n        break\n    \
         except OSError:\n        pass\n",
        targets.join(", ")
    );
    let body = python(&dir, "unix", &code);
    try_everywhere("unix sockets", &dir, &body, &[], |_, _| true, "");
    for p in paths {
        let _ = std::fs::remove_file(p);
    }
}

/// Finding 3: add_key is refused, so no key outlives the run.
#[test]
fn the_keyring_is_refused() {
    let dir = open_dir("leak-keyring");
    let add_key = if cfg!(target_arch = "aarch64") {
        217
    } else {
        248
    };
    let code = format!(
        "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n\
         k = libc.syscall({add_key}, b'user', b'pocket-leak', b'x', 1, -3)\n\
         if k >= 0:\n    print(\"U'\")\n"
    );
    let body = python(&dir, "keyring", &code);
    try_everywhere("keyring", &dir, &body, &[], |_, _| true, "");
}

/// Finding 4: three processes cannot hold 1.8 GB at once under `--memory-limit 1024`
/// (each alone is within its own address-space bound).
#[test]
#[ignore = "slow, 12 s (4 modes x 1.8 GB): scripts/test-slow"]
fn the_whole_run_is_bounded_in_memory() {
    let dir = open_dir("leak-memory");
    let code = "import os, select\nr, w = os.pipe()\nfor i in range(3):\n    \
                if os.fork() == 0:\n        os.close(r)\n        b = b'x' * (600 << 20)\n        \
                os.write(w, b'!')\n        select.select([], [], [], 5)\n        os._exit(0)\n\
                os.close(w)\ngot = b''\nwhile len(got) < 3:\n    \
                ready, _, _ = select.select([r], [], [], 4)\n    if not ready:\n        break\n    \
                more = os.read(r, 3)\n    if not more:\n        break\n    got += more\n\
                if len(got) == 3:\n    print(\"U'\")\n";
    let body = python(&dir, "memory", code);
    let extra = ["--memory-limit", "1024"];
    try_everywhere("whole-run memory", &dir, &body, &extra, |_, _| true, "");
}

/// Finding 5: a judge that is not root lends the program none of its rights: a file
/// of the judging user's (0600, in a 0700 folder outside /tmp) cannot be read, and
/// the judge's terminal cannot be written to. And no run holds 1,000 processes.
#[test]
fn the_program_has_none_of_the_judges_rights() {
    let (modes, missing) = modes();
    let dir = open_dir("leak-rights");
    for mode in modes {
        let owner = match mode.as_user && is_root() {
            true => NOBODY,
            // SAFETY: getuid only reads an attribute of this process.
            false => unsafe { libc::getuid() },
        };
        let folder = PathBuf::from(format!(
            "/var/tmp/pocket-secret-{}-{owner}",
            std::process::id()
        ));
        std::fs::create_dir_all(&folder).unwrap();
        let secret = folder.join("secret");
        std::fs::write(&secret, "hunter2").unwrap();
        std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o700)).unwrap();
        std::os::unix::fs::chown(&folder, Some(owner), Some(owner)).unwrap();
        std::os::unix::fs::chown(&secret, Some(owner), Some(owner)).unwrap();
        let terminal = Terminal::open(owner);
        control(&dir, mode, &[]);
        let body = format!(
            "grep -q hunter2 {} 2>/dev/null && echo \"U'\"; \
             (echo intruder > {}) 2>/dev/null && echo \"U'\"; \
             (echo intruder > /dev/tty) 2>/dev/null && echo \"U'\"; true",
            secret.display(),
            terminal.path
        );
        let mut cmd = judge(&dir, mode, &body, &[]);
        let s = seen(cmd.stdin(terminal.judge_side()).output().unwrap());
        let _ = std::fs::remove_dir_all(&folder);
        assert!(
            !s.leaked,
            "{mode:?}: the program used the judge's rights\n{}",
            s.text
        );
        assert!(
            !terminal.was_written(),
            "{mode:?}: wrote to the judge's terminal"
        );
    }
    // Processes: 1,000 at once pass the run's bound (512).
    let code = "import os, time\nn = 0\nfor i in range(1000):\n    try:\n        \
                pid = os.fork()\n    except OSError:\n        break\n    if pid == 0:\n        \
                time.sleep(5)\n        os._exit(0)\n    n += 1\nif n >= 1000:\n    print(\"U'\")\n";
    let body = python(&dir, "processes", code);
    try_everywhere("processes", &dir, &body, &[], |_, _| true, "");
    Skips::default().report("rights", &missing);
}

/// A pseudo-terminal as a judge's: the program may find its path.
struct Terminal {
    master: std::fs::File,
    path: String,
}

impl Terminal {
    /// A new pair, its terminal side owned by `owner` as a login's is (0620).
    fn open(owner: u32) -> Terminal {
        use std::os::fd::FromRawFd;
        // SAFETY: posix_openpt returns a descriptor we own; ptsname's buffer is read
        // at once.
        unsafe {
            let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
            assert!(fd >= 0 && libc::grantpt(fd) == 0 && libc::unlockpt(fd) == 0);
            let name = std::ffi::CStr::from_ptr(libc::ptsname(fd));
            let path = name.to_string_lossy().into_owned();
            let master = std::fs::File::from_raw_fd(fd);
            std::os::unix::fs::chown(&path, Some(owner), None).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o620)).unwrap();
            Terminal { master, path }
        }
    }

    /// The terminal side, as the judge's standard input.
    fn judge_side(&self) -> Stdio {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&self.path)
            .unwrap();
        Stdio::from(file)
    }

    /// Whether anything reached the terminal.
    fn was_written(&self) -> bool {
        use std::io::Read;
        use std::os::fd::AsRawFd;
        // SAFETY: fcntl on our own descriptor.
        unsafe {
            let fd = self.master.as_raw_fd();
            libc::fcntl(
                fd,
                libc::F_SETFL,
                libc::fcntl(fd, libc::F_GETFL) | libc::O_NONBLOCK,
            );
        }
        let mut buf = [0u8; 256];
        matches!((&self.master).read(&mut buf), Ok(n) if n > 0)
    }
}

/// The processes still running whose command line holds `mark`.
fn marked(mark: &str) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter(|e| {
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            !stat.contains(") Z") && cmd.windows(mark.len()).any(|w| w == mark.as_bytes())
        })
        .count()
}

/// Finding 6: a chain of 200 processes, each in a session of its own and the parent
/// of the next, is gone within 1 s of the judge's exit, and of SIGTERM to the judge.
#[test]
#[ignore = "slow, 14 s (waits out each mode): scripts/test-slow"]
fn a_chain_of_sessions_does_not_outlive_the_judge() {
    let dir = open_dir("leak-chain");
    let mark = format!("pocketchain{}", std::process::id());
    let chain = dir.file(
        "chain.py",
        "import os, time\n\
         def link(n):\n    if n > 0 and os.fork() == 0:\n        os.setsid()\n        \
         link(n - 1)\n    time.sleep(30)\n    os._exit(0)\n\
         link(200)\n",
    );
    // The chain's first link in the background, then the answer after $WAIT seconds.
    let body = format!("/usr/bin/python3 {chain} {mark} & sleep ${{WAIT:-1}}; echo \"U'\"");
    let (modes, missing) = modes();
    for mode in modes {
        // The run ends; its chain must go with it.
        let s = seen(judge(&dir, mode, &body, &[]).output().unwrap());
        assert!(
            s.leaked,
            "{mode:?}: the chain's program did not answer\n{}",
            s.text
        );
        std::thread::sleep(Duration::from_secs(1));
        assert_eq!(marked(&mark), 0, "{mode:?}: the chain outlived the judge");
        // SIGTERM while the chain is running.
        let mut cmd = judge(&dir, mode, &body, &["--env", "WAIT=30"]);
        let mut running = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let until = Instant::now() + Duration::from_secs(10);
        while marked(&mark) < 150 && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(marked(&mark) >= 150, "{mode:?}: the chain never grew");
        // SAFETY: kill sends a signal to our own child (setpriv execs the judge).
        unsafe { libc::kill(running.id() as libc::pid_t, libc::SIGTERM) };
        let _ = running.wait();
        std::thread::sleep(Duration::from_secs(1));
        let left = marked(&mark);
        assert_eq!(
            left, 0,
            "{mode:?}: {left} of the chain outlived SIGTERM to the judge"
        );
    }
    Skips::default().report("chain", &missing);
}

/// A well-behaved Python solver (`judge_solver.py`, an optimal search from both
/// ends) is still judged 13/13 in every mode.
#[test]
fn a_python_solver_is_still_judged_valid() {
    let dir = open_dir("leak-python");
    let solver = dir.file("solver.py", &python_solver());
    let (modes, missing) = modes();
    for mode in modes {
        let me = env!("CARGO_BIN_EXE_pocket");
        let as_nobody = mode.as_user && is_root();
        let mut cmd = std::process::Command::new(if as_nobody { SETPRIV } else { me });
        if as_nobody {
            cmd.args(["--reuid", "65534", "--regid", "65534", "--clear-groups", me]);
        }
        let o = cmd
            .args(["judge", "--isolation", mode.isolation])
            .args(["--", "/usr/bin/python3", solver.as_str()])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = stdout(&o);
        assert!(text.contains("13/13 valid, 13 optimal"), "{mode:?}\n{text}");
    }
    Skips::default().report("python solver", &missing);
}

/// An optimal solver in plain Python (a breadth-first search from both ends), with
/// the quarter turns of the tests' own tables: its source.
pub(crate) fn python_solver() -> String {
    let quarters: Vec<String> = ["R", "U", "F"]
        .iter()
        .enumerate()
        .map(|(face, name)| format!("{name:?}: {:?}", quarter(face)))
        .collect();
    let source = include_str!("judge_solver.py");
    source.replace("{QUARTERS}", &format!("{{{}}}", quarters.join(", ")))
}

/// As root with a cgroup, each verdict carries the run's peak memory and CPU time,
/// and a run the kernel kills for its memory says so.
#[test]
fn a_root_judge_measures_each_run() {
    let dir = open_dir("leak-measure");
    let (modes, missing) = modes();
    let mut skips = Skips::default();
    for mode in modes.into_iter().filter(|m| !m.as_user) {
        let o = judge(&dir, mode, "echo \"U'\"", &["--json"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        if !err.contains("a cgroup v") {
            skips
                .0
                .push(format!("{mode:?}: no cgroup here ({})", err.trim()));
            continue;
        }
        let first: serde_json::Value =
            serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
        assert!(
            first["memory_kib"].as_u64().is_some_and(|k| k > 0),
            "{first}"
        );
        assert!(first["cpu_ms"].as_f64().is_some(), "{first}");
        // Three processes of 100 MiB each: each within its address space, not all
        // three within the run's 200 MiB.
        let code = "import os, time\nfor i in range(3):\n    if os.fork() == 0:\n        \
                    b = b'x' * (100 << 20)\n        time.sleep(1)\n        os._exit(0)\n\
                    for i in range(3):\n    os.wait()\nprint(\"U'\")\n";
        let hog = python(&dir, "hog", code);
        let s = seen(
            judge(&dir, mode, &hog, &["--memory-limit", "200"])
                .output()
                .unwrap(),
        );
        assert!(!s.leaked, "{mode:?}\n{}", s.text);
        assert!(
            s.text
                .contains("killed for passing the memory limit (200 MiB, the whole run)")
                || s.text.contains("MemoryError"),
            "{mode:?}\n{}",
            s.text
        );
    }
    skips.report("measured", &missing);
}
