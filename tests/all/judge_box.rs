//! Issue 35: the judge's box, tried by hostile programs. Each program tries one way
//! out and prints the right solution (U' for the U turn) only if the attempt worked,
//! so a valid verdict means the box leaked. Each runs in every mode the machine
//! allows: namespaces (`auto`) and the fallback, with the judge as root and as an
//! ordinary user (`nobody`, through `setpriv`, when the tests run as root). Where a
//! mode does not confine a thing, the test checks that its isolation line says so,
//! and counts the case as skipped; every test prints what it skipped and why.
use crate::common::*;
use crate::judge::python;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const U_STATE: &str = "UUUUFFRRBBLLLLFFRRBBDDDD";

/// Marks the processes of a judging (passed on with `--env`), as in `judge.rs`.
const MARK: &str = "POCKET_JUDGE_TEST_MARK";

/// One way to run the judge.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mode {
    pub isolation: &'static str,
    /// The judge runs as `nobody` (or is not root anyway).
    pub as_user: bool,
}

pub(crate) fn is_root() -> bool {
    // SAFETY: geteuid only reads an attribute of this process.
    unsafe { libc::geteuid() == 0 }
}

pub(crate) const SETPRIV: &str = "/usr/bin/setpriv";

/// The modes this machine allows, and why any are missing.
pub(crate) fn modes() -> (Vec<Mode>, Vec<String>) {
    let mut modes = Vec::new();
    let mut missing = Vec::new();
    for isolation in ["auto", "fallback"] {
        match is_root() {
            true => {
                modes.push(Mode {
                    isolation,
                    as_user: false,
                });
                match Path::new(SETPRIV).exists() {
                    true => modes.push(Mode {
                        isolation,
                        as_user: true,
                    }),
                    false => missing.push(format!("{isolation} as a user: no {SETPRIV}")),
                }
            }
            false => {
                modes.push(Mode {
                    isolation,
                    as_user: true,
                });
                missing.push(format!("{isolation} as root: the tests do not run as root"));
            }
        }
    }
    (modes, missing)
}

/// A directory every uid may use, as the judged programs run under other uids.
pub(crate) fn open_dir(name: &str) -> Dir {
    use std::os::unix::fs::PermissionsExt;
    let dir = Dir::new(name);
    std::fs::set_permissions(&dir.0, std::fs::Permissions::from_mode(0o777)).unwrap();
    dir
}

/// The uid a judge `as_user` runs as when the tests are root.
const NOBODY: &str = "65534";

/// `pocket judge` in `mode` for the U turn, running `body` as a shell script.
pub(crate) fn judge(dir: &Dir, mode: Mode, body: &str, extra: &[&str]) -> Command {
    judge_as(dir, mode, body, extra, NOBODY)
}

/// [`judge`], a judge `as_user` running as `uid` (when the tests are root).
fn judge_as(dir: &Dir, mode: Mode, body: &str, extra: &[&str], uid: &str) -> Command {
    // The file's name is an argument of the judge that no program should see.
    let positions = dir.file("judge-args-secret.txt", &format!("U turn {U_STATE} 1\n"));
    let script = dir.script(&format!("hostile{}.sh", body.len()), body);
    let me = env!("CARGO_BIN_EXE_pocket");
    let mut cmd = match mode.as_user && is_root() {
        true => {
            let mut c = Command::new(SETPRIV);
            c.args(["--reuid", uid, "--regid", uid, "--clear-groups", me]);
            c
        }
        false => Command::new(me),
    };
    cmd.args(["judge", "--isolation", mode.isolation, "--timeout", "10"])
        .args(["--env", MARK, "--file", positions.as_str()])
        .args(extra)
        .args(["--", script.as_str()])
        .env(MARK, dir.0.as_os_str())
        .stdin(Stdio::null());
    cmd
}

/// What one judging said: whether the program's attempt worked (its answer was
/// valid), whether namespaces were in force, and the isolation line.
pub(crate) struct Seen {
    pub leaked: bool,
    pub namespaces: bool,
    /// Landlock is in force (with the ABI 6 scopes, signals stay within the run).
    pub landlock: bool,
    pub isolation: String,
    pub text: String,
}

pub(crate) fn seen(o: Output) -> Seen {
    let out = stdout(&o);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    let isolation = err
        .lines()
        .find(|l| l.starts_with("pocket: isolation: "))
        .unwrap_or_else(|| panic!("no isolation line\n{out}{err}"))
        .to_string();
    Seen {
        leaked: out.contains("1/1 valid"),
        namespaces: !isolation.contains("isolation: fallback"),
        landlock: isolation.contains("Landlock ABI"),
        isolation,
        text: format!("{out}{err}"),
    }
}

/// Cases skipped because the mode does not confine what was tried, each checked to
/// be said in the isolation line; printed at the end of each test.
#[derive(Default)]
pub(crate) struct Skips(pub Vec<String>);

impl Skips {
    /// In a mode that does not claim to confine it, the isolation line must say
    /// `admits`; the case is counted as skipped.
    pub fn unconfined(&mut self, mode: Mode, s: &Seen, admits: &str, what: &str) {
        assert!(
            s.isolation.contains(admits),
            "{mode:?}: {what} is not confined, and the isolation line does not say so: {}",
            s.isolation
        );
        self.0
            .push(format!("{mode:?}: {what} (the line says '{admits}')"));
    }

    /// Each case skipped, said and counted ([`crate::common::skip`]): a mode this
    /// machine cannot run, or one that does not claim to confine the attack.
    pub fn report(self, test: &str, missing: &[String]) {
        for why in missing {
            crate::common::skip(test, crate::common::Need::Root, why);
        }
        for why in &self.0 {
            crate::common::skip(test, crate::common::Need::Namespaces, why);
        }
    }
}

/// A program that always answers is judged valid in `mode` with `extra`: so that a
/// hostile program's failure there says the box held, not that nothing can pass.
pub(crate) fn control(dir: &Dir, mode: Mode, extra: &[&str]) {
    let s = seen(judge(dir, mode, "echo \"U'\"", extra).output().unwrap());
    assert!(
        s.leaked,
        "{mode:?}: a program that always answers failed\n{}",
        s.text
    );
}

/// Run `body` in every mode, after a control; `confined(mode, &seen)` says whether
/// the box claims to stop it there (else the line must `admit` it).
pub(crate) fn try_everywhere(
    test: &str,
    dir: &Dir,
    body: &str,
    extra: &[&str],
    confined: impl Fn(Mode, &Seen) -> bool,
    admits: &str,
) {
    let (modes, missing) = modes();
    let mut skips = Skips::default();
    for mode in modes {
        control(dir, mode, extra);
        let s = seen(judge(dir, mode, body, extra).output().unwrap());
        if confined(mode, &s) {
            assert!(!s.leaked, "{test}, {mode:?}: the box leaked\n{}", s.text);
        } else {
            skips.unconfined(mode, &s, admits, test);
        }
    }
    skips.report(test, &missing);
}

#[test]
fn the_judges_environment_does_not_reach_the_program() {
    let dir = open_dir("box-env");
    // PATH, LANG, HOME, TMPDIR, and PWD, which the shell sets itself.
    let body = "if [ -n \"$SECRET_TOKEN\" ] || [ \"$HOME\" = /root ] || \
                [ \"$(env | grep -vc '^POCKET_JUDGE_TEST_MARK=')\" -gt 5 ]; then echo \"U'\"; fi";
    let (modes, missing) = modes();
    for mode in modes {
        let mut cmd = judge(&dir, mode, body, &[]);
        let s = seen(cmd.env("SECRET_TOKEN", "hunter2").output().unwrap());
        assert!(!s.leaked, "{mode:?}: the environment leaked\n{}", s.text);
        // Named, a variable is passed, with the judge's value or the one given.
        let named = "[ \"$SECRET_TOKEN\" = hunter2 ] && [ \"$LANG\" = C ] && echo \"U'\"";
        let extra = ["--env", "SECRET_TOKEN", "--env", "LANG=C"];
        let mut cmd = judge(&dir, mode, named, &extra);
        let s = seen(cmd.env("SECRET_TOKEN", "hunter2").output().unwrap());
        assert!(
            s.leaked,
            "{mode:?}: --env did not pass the variable\n{}",
            s.text
        );
    }
    Skips::default().report("environment", &missing);
}

#[test]
fn env_and_writable_options_are_checked() {
    for (args, why) in [
        (&["--env", "1X=2"][..], "bad --env '1X=2'"),
        (&["--env", ""][..], "bad --env ''"),
        (
            &["--env", "POCKET_SURELY_UNSET_VAR"][..],
            "--env POCKET_SURELY_UNSET_VAR: not set in the judge's environment",
        ),
        (
            &["--writable", "/nonexistent/dir"][..],
            "bad --writable '/nonexistent/dir'",
        ),
        (&["--file-size-limit", "-1"][..], "bad file size limit '-1'"),
    ] {
        let mut all = vec!["judge"];
        all.extend_from_slice(args);
        all.extend(["--", "true"]);
        let o = pocket(&all, b"");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn the_program_reaches_no_listener_of_the_machine() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // Accept in the background, so that a connection that got through completes.
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            drop(stream);
        }
    });
    let dir = open_dir("box-net");
    let code = format!(
        "import socket\ntry:\n    socket.create_connection(('127.0.0.1', {port}), timeout=3)\n    \
         print(\"U'\")\nexcept OSError:\n    pass\n"
    );
    let body = python(&dir, "connect", &code);
    // Namespaces give the run a loopback of its own; the seccomp allow list refuses
    // socket() in both modes.
    try_everywhere("network", &dir, &body, &[], |_, _| true, "");
}

#[test]
fn nothing_written_to_tmp_outlives_the_run() {
    let (modes, missing) = modes();
    let mut skips = Skips::default();
    let dir = open_dir("box-tmp");
    for (i, mode) in modes.into_iter().enumerate() {
        let leak = format!("/tmp/pocket-box-leak-{}-{i}", std::process::id());
        let body = format!("echo left > {leak} && mkdir -p /var/tmp/x 2>/dev/null; echo \"U'\"");
        let s = seen(judge(&dir, mode, &body, &[]).output().unwrap());
        let left = Path::new(&leak).exists();
        let _ = std::fs::remove_file(&leak);
        // A root judge sweeps the files of its run's own uid; a user's fallback cannot
        // tell the program's files from its own, but Landlock keeps its writes in its
        // own folder.
        if s.namespaces || !mode.as_user || s.landlock {
            assert!(!left, "{mode:?}: {leak} outlived the run\n{}", s.text);
        } else {
            skips.unconfined(mode, &s, "file system reads and writes", "/tmp");
        }
    }
    skips.report("tmp", &missing);
}

/// A write outside `/tmp` and the `--writable` directories fails; one under `/tmp`
/// (the test's directories are there, where the machine keeps them) lands in the
/// run's own layer: either way the file is not there after the run.
#[test]
fn the_program_cannot_write_outside_its_box() {
    let (modes, missing) = modes();
    let mut skips = Skips::default();
    let dir = open_dir("box-ro");
    let target = open_dir("box-ro-target");
    let written = target.0.join("written");
    for mode in modes {
        let _ = std::fs::remove_file(&written);
        let body = format!("echo x > {} 2>/dev/null; echo \"U'\"", written.display());
        let s = seen(judge(&dir, mode, &body, &[]).output().unwrap());
        let left = written.exists();
        // A root judge's fallback sweeps what its run's uid left under /tmp; Landlock
        // refuses the write.
        if s.namespaces || !mode.as_user || s.landlock {
            assert!(!left, "{mode:?}: the write outlived the run\n{}", s.text);
        } else {
            skips.unconfined(
                mode,
                &s,
                "file system reads and writes",
                "writes outside the box",
            );
        }
    }
    // Outside /tmp, where no layer takes it, the write itself fails with namespaces.
    let (modes, _) = self::modes();
    for mode in modes {
        let body = "echo x > /var/tmp/pocket-box-probe 2>/dev/null && echo \"U'\"";
        let s = seen(judge(&dir, mode, body, &[]).output().unwrap());
        let _ = std::fs::remove_file("/var/tmp/pocket-box-probe");
        if s.namespaces || s.landlock {
            assert!(!s.leaked, "{mode:?}: wrote to /var/tmp\n{}", s.text);
        }
    }
    skips.report("writes outside the box", &missing);
}

#[test]
fn a_file_past_the_size_limit_cannot_be_written() {
    let dir = open_dir("box-fsize");
    // Python ignores SIGXFSZ: the write fails with EFBIG instead of killing it.
    let code = "import os\ntry:\n    with open(os.path.join(os.environ.get('TMPDIR', '/tmp'), \
                'big'), 'wb') as f:\n        f.write(b'x' * (3 << 20))\n    print(\"U'\")\n\
                except OSError:\n    pass\n";
    let body = python(&dir, "big", code);
    try_everywhere(
        "file size",
        &dir,
        &body,
        &["--file-size-limit", "2"],
        |_, _| true,
        "",
    );
}

/// The uid of the judge `as_user` in the test of kills, which no other test uses.
const KILLER: &str = "65533";

/// A `sleep` as `uid`, for the program to try to kill.
fn victim(as_nobody: bool) -> std::process::Child {
    let mut cmd = match as_nobody {
        true => {
            let mut c = Command::new(SETPRIV);
            c.args([
                "--reuid",
                "65534",
                "--regid",
                "65534",
                "--clear-groups",
                "sleep",
                "30",
            ]);
            c
        }
        false => {
            let mut c = Command::new("sleep");
            c.arg("30");
            c
        }
    };
    cmd.stdin(Stdio::null()).spawn().unwrap()
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z"))
}

#[test]
fn the_program_kills_no_process_of_another_run_or_user() {
    let (modes, missing) = modes();
    let mut skips = Skips::default();
    let dir = open_dir("box-kill");
    for mode in modes {
        // The user the fallback's programs used to share (`nobody`), or the judge's
        // own when the tests are not root.
        let mut victim = victim(is_root());
        let pid = victim.id();
        // `kill -9 -1` reaches every process of the uid the program runs under. Where
        // the box does not confine it, that is the judge's, so the judge runs under a
        // uid no other test uses: under `nobody` it killed the judges of tests running
        // beside it (CI of 4c7408e: "no isolation line", nothing printed). Not root,
        // it would kill the test runner itself, so it is not tried.
        let everyone = match is_root() {
            true => "; kill -9 -1",
            false => "",
        };
        let body = format!("kill -9 {pid} && echo \"U'\"{everyone}");
        let s = seen(judge_as(&dir, mode, &body, &[], KILLER).output().unwrap());
        std::thread::sleep(Duration::from_millis(100));
        let survived = alive(pid);
        let _ = victim.kill();
        let _ = victim.wait();
        // A judge that is not root runs the fallback's program under its own uid;
        // Landlock's signal scope (ABI 6) keeps its signals within the run.
        let scoped = s
            .isolation
            .contains("signals and abstract sockets only within the run");
        if s.namespaces || !mode.as_user || scoped {
            assert!(!s.leaked && survived, "{mode:?}: killed {pid}\n{}", s.text);
        } else {
            skips.unconfined(mode, &s, "the judge's uid", "kill");
        }
    }
    skips.report("kill", &missing);
}

#[test]
fn the_program_gains_no_privileges() {
    let dir = open_dir("box-privileges");
    let body = "grep -q 'NoNewPrivs:[[:space:]]*0' /proc/self/status && echo \"U'\"";
    try_everywhere("no_new_privs", &dir, body, &[], |_, _| true, "");
}

#[test]
fn the_program_makes_no_user_namespace() {
    let dir = open_dir("box-userns");
    let code = "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n\
                if libc.unshare(0x10000000) == 0:\n    print(\"U'\")\n";
    let body = python(&dir, "userns", code);
    try_everywhere("user namespace", &dir, &body, &[], |_, _| true, "");
}

#[test]
fn the_program_reads_no_argument_of_the_judge() {
    let dir = open_dir("box-cmdline");
    let body = "grep -aq judge-args-secret /proc/1/cmdline && echo \"U'\"";
    try_everywhere("/proc/1/cmdline", &dir, body, &[], |_, _| true, "");
    // With namespaces its parent is that init too; in the fallback the parent is the
    // judge, whose command line /proc shows to all.
    let body = "grep -aq judge-args-secret /proc/$PPID/cmdline && echo \"U'\"";
    try_everywhere(
        "/proc/$PPID/cmdline",
        &dir,
        body,
        &[],
        |_, s| s.namespaces,
        "the view of other processes and of the judge",
    );
}
