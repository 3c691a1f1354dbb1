//! `pocket check` and `pocket judge` through the real binary, with fake solver scripts.
use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

const SWAP: &str = "UUUURLFBLRBFLLFFRRBBDDDD";
const U_STATE: &str = "UUUUFFRRBBLLLLFFRRBBDDDD";

#[test]
fn check_accepts_and_refuses_with_reasons() {
    let o = pocket(&["check", SWAP, "(F2 U' F U R U2 R U' R' F R')"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "valid: 11 moves, optimal is 11 (optimal, under 20)\n\
         as a solve: it solves the cube in 11 face turns, optimal\n"
    );
    let o = pocket(
        &["check", U_STATE, "U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U'"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "valid: 13 moves, optimal is 1 (under 20)\n\
         as a solve: it solves the cube in 13 face turns, 12 more than optimal (1)\n"
    );
    let o = pocket(&["check", U_STATE, "U2 U"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "invalid: moves 1 and 2 (U2 U) turn the same face (optimal is 1)\n\
         as a solve: it solves the cube in 2 face turns, 1 more than optimal (1)\n"
    );
    let o = pocket(&["check", U_STATE, "U"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("invalid: does not solve the cube (it ends at "));
    let o = pocket(&["check", "UUUU", "U"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(&["check", U_STATE], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn judge_pocket_itself_in_both_input_modes() {
    let me = env!("CARGO_BIN_EXE_pocket");
    for mode in ["argv", "stdin"] {
        let o = pocket(&["judge", "--input", mode, "--", me, "solve"], b"");
        let text = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{text}");
        assert!(
            text.contains("13/13 valid, 13 optimal; longest 11 moves"),
            "{text}"
        );
        assert!(text.contains("under-20 bonus: yes; optimal bonus: yes"));
    }
}

/// A scratch directory the judged programs can write in: as root the judge runs them
/// as `nobody`.
fn shared(name: &str) -> Dir {
    use std::os::unix::fs::PermissionsExt;
    let dir = Dir::new(name);
    std::fs::set_permissions(&dir.0, std::fs::Permissions::from_mode(0o777)).unwrap();
    dir
}

/// The variable that marks every process of a judging started for `dir` (the judge
/// passes it on, named with `--env`), so that what is left of it can be found
/// whatever pid namespace it ran in.
const MARK: &str = "POCKET_JUDGE_TEST_MARK";

/// `pocket judge ARGS -- SCRIPT` for one position (the U turn), marked for `dir`,
/// which the program may write in (`--writable`: the tests read what it left there).
fn judge_command(dir: &Dir, script_body: &str, extra: &[&str]) -> Command {
    let positions = dir.file("one.txt", &format!("U turn {U_STATE} 1\n"));
    let script = dir.script(&format!("s{}.sh", script_body.len()), script_body);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pocket"));
    cmd.args(["judge", "--file", positions.as_str(), "--env", MARK])
        .arg("--writable")
        .arg(&dir.0)
        .args(extra)
        .args(["--", script.as_str()])
        .env(MARK, dir.0.as_os_str())
        .stdin(Stdio::null());
    cmd
}

fn judge_full(dir: &Dir, script_body: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let o = judge_command(dir, script_body, extra).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    (o.status.code(), stdout(&o), err)
}

fn judge_one(dir: &Dir, script_body: &str, extra: &[&str]) -> (Option<i32>, String) {
    let (code, out, _) = judge_full(dir, script_body, extra);
    (code, out)
}

/// The processes (not zombies) of judgings marked for `dir` still running after up
/// to `wait`.
fn leftovers(dir: &Dir, wait: Duration) -> Vec<String> {
    let mark = format!("{MARK}={}\0", dir.0.display());
    let until = Instant::now() + wait;
    loop {
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let pid = entry.file_name().to_string_lossy().into_owned();
            if pid.parse::<u32>().is_err() {
                continue;
            }
            let env = std::fs::read(entry.path().join("environ")).unwrap_or_default();
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            let marked = env.windows(mark.len()).any(|w| w == mark.as_bytes());
            if marked && !stat.is_empty() && !stat.contains(") Z") {
                let cmd = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
                found.push(format!(
                    "{pid} {}",
                    String::from_utf8_lossy(&cmd).replace('\0', " ")
                ));
            }
        }
        if found.is_empty() || Instant::now() >= until {
            return found;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Whether the judge's isolation line says namespaces are in force here.
fn namespaces_here() -> bool {
    let dir = shared("judge-ns-probe");
    let (code, _, err) = judge_full(&dir, "echo \"U'\"", &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.starts_with("pocket: isolation: "), "{err}");
    let yes = err.contains("pid+mount+ipc+uts namespaces");
    eprintln!("isolation here: {}", err.trim());
    yes
}

#[test]
fn judge_verdicts_for_bad_solvers() {
    let dir = Dir::new("judge");
    let (code, text) = judge_one(&dir, "echo \"R D\"", &[]);
    assert_eq!(code, Some(1));
    assert!(
        text.contains("invalid: 'D' (only R, U and F may be turned) at character 3"),
        "{text}"
    );
    let (code, text) = judge_one(&dir, "echo \"U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U'\"", &[]);
    assert_eq!(code, Some(0), "valid but not optimal still passes");
    assert!(text.contains("valid (under 20)"), "{text}");
    assert!(
        text.contains("1/1 valid, 0 optimal; longest 13 moves"),
        "{text}"
    );
    assert!(
        text.contains("under-20 bonus: yes; optimal bonus: no"),
        "{text}"
    );
    let (code, text) = judge_one(&dir, "echo \"U2 U\"", &[]);
    assert_eq!(code, Some(1));
    assert!(
        text.contains("invalid: moves 1 and 2 (U2 U) turn the same face"),
        "{text}"
    );
    // A program that prints nothing is told so, not that "nothing" does not solve.
    let (code, text) = judge_one(&dir, "true", &[]);
    assert_eq!(code, Some(1));
    assert!(text.contains("invalid: no output"), "{text}");
    let (code, text) = judge_one(&dir, "echo crashing >&2; exit 3", &[]);
    assert_eq!(code, Some(1));
    assert!(text.contains("crashed: exit status 3"), "{text}");
    // The end of what a crashed program said on standard error comes with it.
    assert!(text.contains("\n    | crashing\n"), "{text}");
    let (code, text) = judge_one(&dir, "kill -SEGV $$", &[]);
    assert_eq!(code, Some(1));
    assert!(text.contains("crashed: killed by signal 11"), "{text}");
    let (code, text) = judge_one(&dir, "yes R", &["--timeout", "10"]);
    assert_eq!(code, Some(1));
    assert!(
        text.contains("invalid: printed more than 65536 bytes"),
        "{text}"
    );
    let (code, text) = judge_one(
        &dir,
        "exec sleep 10",
        &["--input", "stdin", "--timeout", "0.3"],
    );
    assert_eq!(code, Some(1));
    assert!(text.contains("timeout (over 0.3 s)"), "{text}");
}

#[test]
fn judge_leaves_no_child_behind_after_a_timeout() {
    let dir = shared("orphans");
    let pidfile = dir.0.join("child.pid");
    let body = format!("sleep 30 &\necho $! > {}\nwait", pidfile.display());
    let start = std::time::Instant::now();
    let (code, text) = judge_one(&dir, &body, &["--timeout", "0.5"]);
    assert!(
        start.elapsed().as_secs() < 10,
        "the judge did not wait for the grandchild"
    );
    assert_eq!(code, Some(1));
    assert!(text.contains("timeout"), "{text}");
    read_pid(&pidfile);
    let left = leftovers(&dir, Duration::from_secs(2));
    assert!(left.is_empty(), "survived the timeout: {left:?}");
}

#[test]
fn judge_does_not_block_on_a_program_that_ignores_stdin() {
    let dir = Dir::new("nostdin");
    let (code, text) = judge_one(&dir, "echo \"U'\"", &["--input", "stdin"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("valid (optimal, under 20)"));
}

#[test]
fn judge_usage_errors() {
    let o = pocket(&["judge"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(&["judge", "--timeout", "-1", "--", "true"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(&["judge", "--input", "pipe", "--", "true"], b"");
    assert_eq!(o.status.code(), Some(2));
    // A program that cannot start fails at once, with its reason, not once a position.
    let o = pocket(&["judge", "--", "/nonexistent/solver"], b"");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cannot start /nonexistent/solver"), "{err}");
    assert!(!stdout(&o).contains("Horizontal flags"), "{}", stdout(&o));
}

#[test]
fn judge_fails_fast_and_names_plain_list_lines_once() {
    let dir = Dir::new("judge-fast");
    let script = dir.script("bad.sh", "echo R");
    let o = pocket(&["judge", "--fail-fast", "--", script.as_str()], b"");
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert_eq!(
        text.lines().count(),
        3,
        "header, one position, the stop: {text}"
    );
    assert!(text.ends_with("stopped at the first position that did not pass (--fail-fast)\n"));
    let list = dir.file("list.txt", &format!("{SWAP}\nUUUULLFFRRBBLLFFRRBBDDDX\n"));
    let o = pocket(&["judge", "--file", list.as_str(), "--", "true"], b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("pocket: line 2: expected 6 colours"), "{err}");
    assert!(!err.contains("line 2: line 2"), "{err}");
}

fn read_pid(path: &Path) -> String {
    let pid = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("no pid file {}: {e}", path.display()));
    let pid = pid.trim().to_string();
    assert!(pid.parse::<u32>().is_ok(), "bad pid file: {pid:?}");
    pid
}

/// A shell solver that runs the Python program `code` (with a Python that `nobody`
/// may run: one under root's home would not do).
pub(crate) fn python(dir: &Dir, name: &str, code: &str) -> String {
    let path = dir.file(&format!("{name}.py"), code);
    let python = match Path::new("/usr/bin/python3").exists() {
        true => "/usr/bin/python3",
        false => "python3",
    };
    format!("exec {python} {path} \"$@\"")
}

/// Python for a solver that starts a grandchild in a session of its own (so outside
/// the solver's process group) holding standard output open and sleeping 30 s; once
/// the grandchild is settled the solver prints the right answer for the U turn and
/// exits, or, with `then_sleep`, sleeps 30 s itself.
fn escaper(pidfile: &Path, then_sleep: bool) -> String {
    format!(
        r#"import os, sys, time
r, w = os.pipe()
if os.fork() == 0:
    os.setsid()
    with open("{pidfile}", "w") as f:
        f.write(str(os.getpid()))
    os.write(w, b"x")
    time.sleep(30)
    os._exit(0)
os.read(r, 1)
print("U'", flush=True)
if {then_sleep}:
    time.sleep(30)
"#,
        pidfile = pidfile.display(),
        then_sleep = if then_sleep { "True" } else { "False" },
    )
}

/// Judge the escaper (a solver whose grandchild leaves in a session of its own and
/// holds the output open) with a 2 s limit: the judge must return in well under
/// 10 s. The exit code, the report, and the grandchild's pid.
fn judge_escaper(name: &str, then_sleep: bool) -> (Option<i32>, String, Dir) {
    let dir = shared(name);
    let pidfile = dir.0.join("grandchild.pid");
    let body = python(&dir, "escaper", &escaper(&pidfile, then_sleep));
    let start = Instant::now();
    let (code, text) = judge_one(&dir, &body, &["--timeout", "2"]);
    let took = start.elapsed();
    eprintln!("escaped grandchild ({name}): judged in {took:?}");
    assert!(
        took < Duration::from_secs(10),
        "the judge waited {took:?} for the grandchild\n{text}"
    );
    read_pid(&pidfile);
    (code, text, dir)
}

#[test]
fn judge_does_not_wait_for_an_escaped_grandchild_that_holds_stdout() {
    let (code, text, dir) = judge_escaper("escaped", false);
    assert_eq!(
        code,
        Some(1),
        "a run that leaves a process does not pass\n{text}"
    );
    assert!(
        text.contains(
            "valid (optimal, under 20); \
             left 1 process running outside its process group (killed)"
        ),
        "{text}"
    );
    assert!(text.contains("1/1 valid, 1 optimal"), "{text}");
    assert!(
        text.contains("1 run left processes behind (see above): the entry does not pass"),
        "{text}"
    );
    assert!(
        text.contains("under-20 bonus: no; optimal bonus: no"),
        "{text}"
    );
    let left = leftovers(&dir, Duration::from_secs(2));
    assert!(left.is_empty(), "survived the judge: {left:?}");
}

#[test]
fn judge_stops_at_the_limit_when_an_escaped_grandchild_holds_stdout() {
    let (code, text, dir) = judge_escaper("escaped-timeout", true);
    assert_eq!(code, Some(1));
    assert!(
        text.contains(
            "timeout (over 2 s); left 1 process running outside its process group (killed)"
        ),
        "{text}"
    );
    let left = leftovers(&dir, Duration::from_secs(2));
    assert!(left.is_empty(), "survived the judge: {left:?}");
}

/// In the fallback the program's parent is the judge; it must not get into the
/// judge's process group. (With namespaces the judge is not visible at all: see
/// `judged_programs_see_no_judge_with_namespaces`.)
#[test]
fn judge_kills_a_solver_that_tries_to_join_the_judges_process_group() {
    let dir = shared("joiner");
    let child_pid = dir.0.join("child.pid");
    let grandchild_pid = dir.0.join("grandchild.pid");
    let results = dir.0.join("results");
    // The child, and a grandchild of its own, each try to move into the judge's
    // process group, record how that went, and sleep.
    let code = format!(
        r#"import os, time
judge = os.getppid()
def join(who, pidfile):
    with open(pidfile, "w") as f:
        f.write(str(os.getpid()))
    try:
        os.setpgid(0, os.getpgid(judge))
        how = "moved"
    except OSError as e:
        how = "refused"
    with open("{results}", "a") as f:
        f.write(who + " " + how + "\n")
if os.fork() == 0:
    join("grandchild", "{grandchild}")
else:
    join("child", "{child}")
time.sleep(30)
"#,
        results = results.display(),
        child = child_pid.display(),
        grandchild = grandchild_pid.display(),
    );
    let body = python(&dir, "joiner", &code);
    let start = Instant::now();
    let (code, text) = judge_one(&dir, &body, &["--timeout", "2", "--isolation", "fallback"]);
    let took = start.elapsed();
    eprintln!("solver joining the judge's group: judged in {took:?}");
    assert!(
        took < Duration::from_secs(10),
        "the judge took {took:?}\n{text}"
    );
    assert_eq!(code, Some(1));
    assert!(text.contains("timeout (over 2 s)"), "{text}");
    // Each run has a session of its own, and no process may join a group of another
    // session: both stayed in the run's group and were killed with it.
    let mut how: Vec<String> = std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    how.sort();
    assert_eq!(how, ["child refused", "grandchild refused"]);
    assert!(!text.contains("outside its process group"), "{text}");
    for pidfile in [child_pid, grandchild_pid] {
        read_pid(&pidfile);
    }
    let left = leftovers(&dir, Duration::from_secs(2));
    assert!(left.is_empty(), "survived the judge: {left:?}");
}

#[test]
fn judge_memory_limit() {
    let dir = Dir::new("memory");
    let hog = python(&dir, "hog", "b = bytearray(2 * 1024 ** 3)\nprint(\"U'\")\n");
    let start = Instant::now();
    let (code, text) = judge_one(&dir, &hog, &["--memory-limit", "64", "--timeout", "20"]);
    let took = start.elapsed();
    eprintln!("2 GiB under --memory-limit 64: judged in {took:?}");
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("crashed: exit status 1"), "{text}");
    assert!(took < Duration::from_secs(15), "took {took:?}\n{text}");
    // A small program runs fine under the same bound.
    let modest = python(
        &dir,
        "modest",
        "b = bytearray(8 * 1024 ** 2)\nprint(\"U'\")\n",
    );
    let (code, text) = judge_one(&dir, &modest, &["--memory-limit", "64"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("valid (optimal, under 20)"), "{text}");
    for bad in ["abc", "-1", "1.5", "", "16777217", "99999999999999999999"] {
        let o = pocket(&["judge", "--memory-limit", bad, "--", "true"], b"");
        assert_eq!(o.status.code(), Some(2), "--memory-limit {bad:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!(
                "bad memory limit '{bad}' (expected a whole number of MiB up to 16777216, \
                 or 0 for no limit)"
            )),
            "{err}"
        );
    }
}

#[test]
fn judge_runs_positions_in_parallel_with_jobs() {
    let dir = Dir::new("judge-jobs");
    let me = env!("CARGO_BIN_EXE_pocket");
    let slow = dir.script("slow.sh", &format!("sleep 0.3; exec {me} solve \"$1\""));
    let start = Instant::now();
    // The box holds the script's folder; pocket's comes with --bind.
    let o = pocket(
        &["judge", "--jobs", "4", "--bind", me, "--", slow.as_str()],
        b"",
    );
    let took = start.elapsed();
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("13/13 valid, 13 optimal"), "{text}");
    // 13 runs of 0.3 s each, four at a time: well under the 3.9 s of one at a time.
    assert!(took < Duration::from_millis(3000), "{took:?}");
    // Verdicts stay in file order.
    let names: Vec<&str> = text.lines().skip(1).take(2).collect();
    assert!(names[0].starts_with("Horizontal flags"), "{text}");
    let bad = dir.script("bad.sh", "echo R");
    let o = pocket(
        &["judge", "--jobs", "3", "--fail-fast", "--", bad.as_str()],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).lines().count(), 3, "{}", stdout(&o));
    let o = pocket(&["judge", "--jobs", "0", "--", "true"], b"");
    assert_eq!(o.status.code(), Some(2));
    // A judged program never sees the workers' variable: it would turn a judge it
    // runs into a worker.
    let env = dir.script(
        "env.sh",
        "env | grep -q POCKET_JUDGE_WORKER && exit 7; echo \"U'\"",
    );
    let positions = dir.file("u.txt", &format!("U turn {U_STATE} 1\n"));
    let o = pocket(
        &[
            "judge",
            "--jobs",
            "2",
            "--file",
            positions.as_str(),
            "--",
            env.as_str(),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // --json: one object per position, in order, then the totals.
    let o = pocket(&["judge", "--jobs", "2", "--json", "--", me, "solve"], b"");
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 14);
    assert_eq!(lines[0]["name"], "Horizontal flags");
    assert!(
        lines[..13]
            .iter()
            .all(|v| v["outcome"] == "valid" && v["is_optimal"] == true)
    );
    assert_eq!(lines[13]["summary"]["passed"], true);
}

#[test]
fn scramble_lines_are_positions_for_judge_and_patterns() {
    let dir = Dir::new("judge-scrambles");
    let scrambles = stdout(&pocket(&["scramble", "-n", "3", "--seed", "1"], b""));
    let file = dir.file("r.txt", &scrambles);
    let me = env!("CARGO_BIN_EXE_pocket");
    let o = pocket(&["judge", "--file", file.as_str(), "--", me, "solve"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("3/3 valid, 3 optimal"));
    // Positions without expected lengths are solved, and that is success.
    let o = pocket(&["patterns", "--file", file.as_str()], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("3/3 solved"), "{}", stdout(&o));
    let o = pocket(&["check", U_STATE, "(U')"], b"");
    assert_eq!(
        stdout(&o),
        "valid: 1 move, optimal is 1 (optimal, under 20)\n\
         as a solve: it solves the cube in 1 face turn, optimal\n"
    );
}

/// Issue 39: a cuber asks "does this solve it, and how far from optimal?", in any
/// WCA notation; the challenge's verdict stays, and `--rules` picks the exit status.
#[test]
fn check_says_what_a_sequence_does_as_a_solve() {
    // The R turn undone by L' and a rotation, by a wide turn, and not by a rotation.
    let r = "UFUFLLFDRRUBLLFDRRUBDBDB";
    for (moves, line, code) in [
        ("L' x'", "it solves the cube in 1 face turn, optimal", 0),
        ("Rw' L'", "it solves the cube in 1 face turn, optimal", 0),
        (
            "R' U U' y2",
            "it solves the cube in 3 face turns, 2 more",
            0,
        ),
        ("r'", "it does not solve the cube", 1),
        ("R' Q", "not read as WCA moves: 'Q'", 1),
    ] {
        let o = pocket(&["check", "--rules", "solve", r, moves], b"");
        let out = stdout(&o);
        assert!(out.lines().nth(1).unwrap().contains(line), "{moves}: {out}");
        assert_eq!(o.status.code(), Some(code), "{moves}: {out}");
        // By the challenge's rules only R' is valid.
        let o = pocket(&["check", r, moves], b"");
        assert_eq!(o.status.code(), Some(1), "{moves}");
    }
    let o = pocket(&["check", "--json", r, "L' x'"], b"");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["solves"], true);
    assert_eq!(v["face_turns"], 1);
    assert_eq!(v["valid"], false);
    let o = pocket(&["check", "--rules", "wca", r, "R'"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("challenge or solve"));
}

#[test]
fn an_empty_positions_file_is_no_success() {
    let dir = Dir::new("judge-empty");
    let empty = dir.file("empty.txt", "# only a comment\n");
    for args in [
        &["judge", "--file", empty.as_str(), "--", "true"][..],
        &["patterns", "--file", empty.as_str()][..],
    ] {
        let o = pocket(args, b"");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("no positions in it"));
    }
}

/// The isolations to test here: the one `auto` picks (namespaces where they can be
/// had, as root on CI), and the fallback, forced.
const ISOLATIONS: [&str; 2] = ["auto", "fallback"];

#[test]
fn judge_says_which_isolation_is_in_force() {
    let dir = shared("judge-isolation");
    let ns = namespaces_here();
    let (code, _, err) = judge_full(&dir, "echo \"U'\"", &["--isolation", "fallback"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(
            "pocket: isolation: fallback (no namespaces: asked for with --isolation fallback): \
             NOT confined: the view of other processes and of the judge"
        ),
        "{err}"
    );
    assert!(err.contains("subreaper sweep; seccomp allow list"), "{err}");
    assert!(
        err.contains("own session, no terminal; only fds 0-2"),
        "{err}"
    );
    let (code, out, err) = judge_full(&dir, "echo \"U'\"", &["--isolation", "namespaces"]);
    match ns {
        true => {
            assert_eq!(code, Some(0), "{out}{err}");
            assert!(
                err.contains("net+pid+mount+ipc+uts namespaces: a fresh root"),
                "{err}"
            );
        }
        false => {
            assert_eq!(code, Some(1), "{out}{err}");
            assert!(err.contains("namespaces cannot be had here"), "{err}");
        }
    }
    let o = pocket(&["judge", "--isolation", "chroot", "--", "true"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown isolation 'chroot'"), "{err}");
}

/// Issue 25, item 8: the program writes a forged verdict into the judge's (or with
/// --jobs the worker's) standard output through /proc/$PPID/fd/1, prints nothing of
/// its own, and sleeps. No valid verdict, and no forged text in the judge's output.
#[test]
fn judge_verdict_cannot_be_forged_through_the_judges_fds() {
    let dir = shared("judge-forgery");
    // A verdict line as the judge prints it, and a worker's result line.
    let forged = dir.file(
        "forged.txt",
        "U turn 1 1 0.1 ms valid (optimal, under 20) FORGED\n\
         {\"outcome\":\"valid\",\"text\":\"U'\",\"seconds\":0.0001,\"escaped\":0,\
         \"survivors\":0,\"stderr\":\"FORGED\"}\n",
    );
    let body = format!(
        "for fd in /proc/$PPID/fd/1 /proc/$PPID/fd/*; do cat {forged} > \"$fd\"; done\n\
         sleep 0.3"
    );
    for isolation in ISOLATIONS {
        for jobs in ["1", "2"] {
            let how = format!("--isolation {isolation} --jobs {jobs}");
            let args = ["--isolation", isolation, "--jobs", jobs, "--timeout", "5"];
            let (code, out, err) = judge_full(&dir, &body, &args);
            assert_eq!(code, Some(1), "{how}\n{out}{err}");
            assert!(out.contains("invalid: no output"), "{how}\n{out}");
            assert!(out.contains("0/1 valid"), "{how}\n{out}");
            assert!(
                !out.contains("FORGED") && !err.contains("FORGED"),
                "{how}\n{out}{err}"
            );
        }
    }
}

/// Issue 25, item 9: the program stops and kills its parent. With namespaces its
/// parent is the namespace's init, which ignores both; in the fallback as root the
/// program runs as nobody and may not signal the judge. Either way the judge goes on.
#[test]
fn judged_program_cannot_stop_or_kill_the_judge() {
    let dir = shared("judge-signals");
    let body = "kill -STOP $PPID; kill -KILL $PPID; sleep 0.1; echo \"U'\"";
    for isolation in ISOLATIONS {
        for jobs in ["1", "2"] {
            let mut cmd = judge_command(&dir, body, &["--isolation", isolation, "--jobs", jobs]);
            let mut child = cmd
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let until = Instant::now() + Duration::from_secs(10);
            let status = loop {
                if let Some(status) = child.try_wait().unwrap() {
                    break status;
                }
                if Instant::now() >= until {
                    let _ = child.kill();
                    panic!("--isolation {isolation} --jobs {jobs}: the judge hangs");
                }
                std::thread::sleep(Duration::from_millis(20));
            };
            let o = child.wait_with_output().unwrap();
            let (out, err) = (stdout(&o), String::from_utf8_lossy(&o.stderr));
            if !cfg!(target_os = "linux") || !is_root() && isolation == "fallback" {
                // Same uid, no namespaces: the program can stop the judge (documented).
                continue;
            }
            assert_eq!(
                status.code(),
                Some(0),
                "--isolation {isolation}\n{out}{err}"
            );
            assert!(out.contains("1/1 valid"), "{out}");
        }
    }
    assert!(leftovers(&dir, Duration::from_secs(2)).is_empty());
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(2) == Some("0"))
}

/// Issue 25, item 9: SIGTERM or SIGINT to the judge (with and without --jobs) leaves no
/// process of the program running a second later, not even a grandchild in a
/// session of its own.
#[test]
fn a_stopped_judge_leaves_no_process_of_the_program() {
    let dir = shared("judge-sigterm");
    let pidfile = dir.0.join("grandchild.pid");
    let body = python(&dir, "escaper", &escaper(&pidfile, true));
    for isolation in ISOLATIONS {
        for (jobs, signal) in [
            ("1", libc::SIGTERM),
            ("2", libc::SIGTERM),
            ("2", libc::SIGINT),
        ] {
            let _ = std::fs::remove_file(&pidfile);
            let how = format!("--isolation {isolation} --jobs {jobs}, signal {signal}");
            let mut cmd = judge_command(&dir, &body, &["--isolation", isolation, "--jobs", jobs]);
            let mut judge = cmd
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let until = Instant::now() + Duration::from_secs(10);
            while !pidfile.exists() || read_pid_text(&pidfile).is_none() {
                assert!(
                    Instant::now() < until,
                    "{how}: the grandchild never started"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
            assert!(!leftovers(&dir, Duration::ZERO).is_empty());
            // SAFETY: kill only sends a signal to our own child.
            unsafe { libc::kill(judge.id() as libc::pid_t, signal) };
            let stopped = Instant::now();
            let status = judge.wait().unwrap();
            assert_eq!(status.code(), Some(128 + signal), "{how}");
            let left = leftovers(&dir, Duration::from_secs(1));
            eprintln!("{how}: all gone {:?} after the signal", stopped.elapsed());
            assert!(left.is_empty(), "{how}: still running: {left:?}");
        }
    }
}

fn read_pid_text(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    text.trim().parse::<u32>().ok().map(|_| text)
}

/// With namespaces the program's parent is the namespace's init (pid 1), and it sees
/// only its own processes in /proc: not the judge.
#[test]
fn judged_programs_see_no_judge_with_namespaces() {
    if !namespaces_here() {
        common::skip(
            "judge::judged_programs_see_no_judge_with_namespaces",
            common::Need::Namespaces,
            "no namespaces here",
        );
        return;
    }
    let dir = shared("judge-view");
    let seen = dir.0.join("seen");
    let body = format!(
        "echo \"$PPID $(ls /proc | grep -c '^[0-9]') $(id -u)\" > {}; echo \"U'\"",
        seen.display()
    );
    let (code, out) = judge_one(&dir, &body, &[]);
    assert_eq!(code, Some(0), "{out}");
    let seen = std::fs::read_to_string(&seen).unwrap();
    let fields: Vec<&str> = seen.split_whitespace().collect();
    assert_eq!(fields[0], "1", "its parent: {seen}");
    let visible: usize = fields[1].parse().unwrap();
    // init, the shell, and the ls and grep of the pipeline (and its subshell).
    assert!(visible <= 6, "{visible} processes visible: {seen}");
    if is_root() {
        let uid: u32 = fields[2].parse().unwrap();
        assert!(uid >= 0x5000_0000, "runs under a uid of its own: {seen}");
    }
}

/// SIGKILL to the judge, which no guard can catch: with namespaces every process of
/// the program is gone within a second all the same (the judge's child and the
/// namespace's init die with their parents, and the namespace with its init). The
/// fallback only kills the program itself then (`PR_SET_PDEATHSIG`), not what it
/// started: it is not checked here.
#[test]
fn a_killed_judge_leaves_no_process_of_the_program_with_namespaces() {
    if !namespaces_here() {
        common::skip(
            "judge::a_killed_judge_leaves_no_process_of_the_program_with_namespaces",
            common::Need::Namespaces,
            "no namespaces here",
        );
        return;
    }
    let dir = shared("judge-sigkill");
    let pidfile = dir.0.join("grandchild.pid");
    let body = python(&dir, "escaper", &escaper(&pidfile, true));
    for jobs in ["1", "2"] {
        let _ = std::fs::remove_file(&pidfile);
        let mut cmd = judge_command(&dir, &body, &["--jobs", jobs]);
        let mut judge = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let until = Instant::now() + Duration::from_secs(10);
        while read_pid_text(&pidfile).is_none() {
            assert!(Instant::now() < until, "the grandchild never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        judge.kill().unwrap();
        judge.wait().unwrap();
        let left = leftovers(&dir, Duration::from_secs(1));
        assert!(left.is_empty(), "--jobs {jobs}: still running: {left:?}");
    }
}

/// The judge run as `nobody` (when these tests run as root and `setpriv` is there): as
/// a user, with a user namespace if it can have one, and in the fallback, where the
/// program has the judge's own uid, and only the judge being not dumpable keeps it
/// out of the judge's /proc/PID/fd.
#[test]
fn a_judge_that_is_not_root_cannot_have_its_verdict_forged_either() {
    let setpriv = Path::new("/usr/bin/setpriv");
    if !is_root() || !setpriv.exists() {
        common::skip(
            "judge::a_judge_that_is_not_root_cannot_have_its_verdict_forged_either",
            common::Need::Root,
            "not root, or no /usr/bin/setpriv to become a user",
        );
        return;
    }
    let dir = shared("judge-as-user");
    let forged = dir.file("forged.txt", "U turn 1 1 0.1 ms valid FORGED\n");
    let script = dir.script(
        "forger.sh",
        &format!("for fd in /proc/$PPID/fd/*; do cat {forged} > \"$fd\"; done; sleep 0.2"),
    );
    let positions = dir.file("one.txt", &format!("U turn {U_STATE} 1\n"));
    for isolation in ISOLATIONS {
        for jobs in ["1", "2"] {
            let o = Command::new(setpriv)
                .args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
                .arg(env!("CARGO_BIN_EXE_pocket"))
                .args([
                    "judge",
                    "--isolation",
                    isolation,
                    "--jobs",
                    jobs,
                    "--env",
                    MARK,
                ])
                .args(["--file", positions.as_str(), "--", script.as_str()])
                .env(MARK, dir.0.as_os_str())
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let (out, err) = (stdout(&o), String::from_utf8_lossy(&o.stderr));
            eprintln!("as nobody, --isolation {isolation}: {}", err.trim());
            // The fallback runs the program as the judge's uid; namespaces, as an
            // identity that maps nothing.
            assert!(
                err.contains("the judge's uid") || err.contains("an identity that maps nothing"),
                "{err}"
            );
            assert_eq!(o.status.code(), Some(1), "{out}{err}");
            assert!(out.contains("invalid: no output"), "{out}{err}");
            assert!(
                !out.contains("FORGED") && !err.contains("FORGED"),
                "{out}{err}"
            );
        }
    }
    assert!(leftovers(&dir, Duration::from_secs(2)).is_empty());
}

/// The program starts with no signal blocked (the judge blocks the ones its guard
/// waits for), only descriptors 0, 1 and 2 open, and the rlimits.
#[test]
fn judged_program_starts_clean() {
    let dir = shared("judge-start");
    let seen = dir.0.join("seen");
    let body = format!(
        "{{ grep SigBlk /proc/self/status; ls /proc/self/fd; grep -E 'core|processes' \
         /proc/self/limits; }} > {} 2>&1; echo \"U'\"",
        seen.display()
    );
    for isolation in ISOLATIONS {
        let (code, out) = judge_one(&dir, &body, &["--isolation", isolation]);
        assert_eq!(code, Some(0), "{out}");
        let seen = std::fs::read_to_string(&seen).unwrap();
        let lines: Vec<&str> = seen.lines().collect();
        assert_eq!(
            lines[0].split_whitespace().nth(1),
            Some("0000000000000000"),
            "--isolation {isolation}: {seen}"
        );
        // 0, 1, 2, and the directory ls reads.
        assert_eq!(
            lines[1..5],
            ["0", "1", "2", "3"],
            "--isolation {isolation}: {seen}"
        );
        let core = lines.iter().find(|l| l.starts_with("Max core")).unwrap();
        assert!(core.split_whitespace().nth(4) == Some("0"), "{seen}");
        if is_root() {
            let procs = lines
                .iter()
                .find(|l| l.starts_with("Max processes"))
                .unwrap();
            assert!(procs.contains(" 512 "), "{seen}");
        }
    }
}
