//! `pocket check` and `pocket judge` through the real binary, with fake solver scripts.
mod common;

use std::path::Path;
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
        "valid: 11 moves, optimal is 11 (optimal, under 20)\n"
    );
    let o = pocket(
        &["check", U_STATE, "U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U2 R2 U'"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "valid: 13 moves, optimal is 1 (under 20)\n");
    let o = pocket(&["check", U_STATE, "U2 U"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "invalid: moves 1 and 2 (U2 U) turn the same face (optimal is 1)\n"
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

fn judge_one(dir: &Dir, script_body: &str, extra: &[&str]) -> (Option<i32>, String) {
    let positions = dir.file("one.txt", &format!("U turn {U_STATE} 1\n"));
    let script = dir.script(&format!("s{}.sh", script_body.len()), script_body);
    let mut args = vec!["judge", "--file", positions.as_str()];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--", script.as_str()]);
    let o = pocket(&args, b"");
    (o.status.code(), stdout(&o))
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
    let dir = Dir::new("orphans");
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
    let pid = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .to_string();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let alive = Path::new(&format!("/proc/{pid}")).exists()
        && !std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .unwrap_or_default()
            .contains(") Z");
    assert!(!alive, "sleep {pid} survived the timeout");
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

/// Whether process `pid` (from a pid file) is still running, given it up to 2 s to go:
/// a zombie does not count.
fn running(pid: &str) -> bool {
    let until = Instant::now() + Duration::from_secs(2);
    loop {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let alive = !stat.is_empty() && !stat.contains(") Z");
        if !alive || Instant::now() >= until {
            return alive;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn read_pid(path: &Path) -> String {
    let pid = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("no pid file {}: {e}", path.display()));
    let pid = pid.trim().to_string();
    assert!(pid.parse::<u32>().is_ok(), "bad pid file: {pid:?}");
    pid
}

/// A shell solver that runs the Python program `code`.
fn python(dir: &Dir, name: &str, code: &str) -> String {
    let path = dir.file(&format!("{name}.py"), code);
    format!("exec python3 {path} \"$@\"")
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
fn judge_escaper(name: &str, then_sleep: bool) -> (Option<i32>, String, String) {
    let dir = Dir::new(name);
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
    (code, text, read_pid(&pidfile))
}

#[test]
fn judge_does_not_wait_for_an_escaped_grandchild_that_holds_stdout() {
    let (code, text, pid) = judge_escaper("escaped", false);
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
    assert!(!running(&pid), "the grandchild {pid} survived the judge");
}

#[test]
fn judge_stops_at_the_limit_when_an_escaped_grandchild_holds_stdout() {
    let (code, text, pid) = judge_escaper("escaped-timeout", true);
    assert_eq!(code, Some(1));
    assert!(
        text.contains(
            "timeout (over 2 s); left 1 process running outside its process group (killed)"
        ),
        "{text}"
    );
    assert!(!running(&pid), "the grandchild {pid} survived the judge");
}

#[test]
fn judge_kills_a_solver_that_tries_to_join_the_judges_process_group() {
    let dir = Dir::new("joiner");
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
    let (code, text) = judge_one(&dir, &body, &["--timeout", "2"]);
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
        let pid = read_pid(&pidfile);
        assert!(!running(&pid), "{pid} survived the judge");
    }
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
    let o = pocket(&["judge", "--jobs", "4", "--", slow.as_str()], b"");
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
        "valid: 1 move, optimal is 1 (optimal, under 20)\n"
    );
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
