//! Issue 61, the command line's item: on SIGINT a batch command writes every answer
//! it finished before it exits, whatever its standard input and output are.
#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::*;

/// Where the child's standard output goes, and how its text is read back.
#[derive(Clone, Copy, Debug)]
enum Sink {
    File,
    Pipe,
    Terminal,
}

/// A pocket child with SIGINT at its default (a test run in the background of a
/// shell inherits it ignored, and pocket rightly keeps it so).
fn spawn(args: &[&str], stdin: Stdio, stdout: Stdio) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pocket"));
    command
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::null());
    // SAFETY: signal is async-signal-safe and touches only the child.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    command.spawn().unwrap()
}

/// A pseudo-terminal: (the side the program writes to, the side read here).
fn terminal() -> (std::fs::File, std::fs::File) {
    use std::os::fd::FromRawFd;
    let (mut parent, mut child) = (0, 0);
    // SAFETY: openpty fills the two descriptors given; no name, settings or size.
    let made = unsafe {
        libc::openpty(
            &mut parent,
            &mut child,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(made, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors are new and ours alone.
    unsafe {
        (
            std::fs::File::from_raw_fd(child),
            std::fs::File::from_raw_fd(parent),
        )
    }
}

/// Reads what the child writes, as it writes it, on a thread of its own.
struct Reader {
    text: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    thread: std::thread::JoinHandle<()>,
}

impl Reader {
    fn new(mut from: impl Read + Send + 'static) -> Reader {
        let text = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let into = text.clone();
        let thread = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // A terminal's reading side says EIO once the program has closed it.
            while let Ok(n) = from.read(&mut buf) {
                if n == 0 {
                    break;
                }
                into.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Reader { text, thread }
    }

    fn lines(&self) -> usize {
        self.text
            .lock()
            .unwrap()
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
    }

    fn finish(self) -> Vec<u8> {
        self.thread.join().unwrap();
        std::mem::take(&mut *self.text.lock().unwrap())
    }
}

/// Run `args` on `input` with standard output to `sink`; once `lines` lines are out
/// (or after `patience`), wait `settle` and send SIGINT. The exit code and the text.
fn interrupted(
    args: &[&str],
    input: &str,
    sink: Sink,
    lines: usize,
    settle: Duration,
) -> (Option<i32>, Vec<u8>) {
    let dir = Dir::new(&format!("boundary-sigint-{}-{sink:?}", args[0]));
    let input_path = dir.file("input.txt", input);
    let stdin = Stdio::from(std::fs::File::open(&input_path).unwrap());
    let out_path = dir.0.join("out.txt");
    let (mut child, reader) = match sink {
        Sink::File => (
            spawn(
                args,
                stdin,
                Stdio::from(std::fs::File::create(&out_path).unwrap()),
            ),
            None,
        ),
        Sink::Pipe => {
            let mut child = spawn(args, stdin, Stdio::piped());
            let reader = Reader::new(child.stdout.take().unwrap());
            (child, Some(reader))
        }
        Sink::Terminal => {
            let (writes, reads) = terminal();
            let child = spawn(args, stdin, Stdio::from(writes));
            (child, Some(Reader::new(reads)))
        }
    };
    let count = |reader: &Option<Reader>| match reader {
        Some(r) => r.lines(),
        None => std::fs::read(&out_path).map_or(0, |t| t.iter().filter(|&&b| b == b'\n').count()),
    };
    let start = Instant::now();
    while count(&reader) < lines && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(settle);
    // SAFETY: kill only sends a signal to our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let status = child.wait().unwrap();
    let text = match reader {
        Some(r) => r.finish(),
        None => std::fs::read(&out_path).unwrap(),
    };
    // A terminal writes "\r\n" for each "\n".
    let text = String::from_utf8_lossy(&text)
        .replace("\r\n", "\n")
        .into_bytes();
    (status.code(), text)
}

/// 40 short 3x3x3 scrambles, answered in about 1 s, then one of 30 random moves,
/// whose optimal search runs for minutes.
fn easy_then_hard() -> (String, String) {
    let easy: Vec<String> = stdout(&pocket(
        &["scramble", "-n", "40", "--seed", "61", "--length", "6"],
        b"",
    ))
    .lines()
    .map(|l| l.split('\t').next().unwrap().to_string())
    .collect();
    // Face turns of the 3x3x3 that the 2x2x2's scrambles do not make: D, L and B too.
    let hard = "R U2 F' L D B2 R' U L2 F D' B R2 U' F2 L' D2 B' R U' F L2 D B R' U2 F' L D'";
    let easy = easy.join("\n") + "\n";
    (easy.clone(), easy + hard + "\n")
}

/// Item 6: 40 answers made in 2 s, then SIGINT during the 41st, left 0 bytes in the
/// file (all 41 were held until the batch's end). Now the 40 are in it, whole and as
/// an uninterrupted run prints them, with standard output a file, a pipe or a
/// terminal.
#[test]
fn ctrl_c_during_a_hard_answer_keeps_every_answer_finished_before() {
    let args = ["solve", "--puzzle", "3x3x3", "--moves", "-"];
    let (easy, input) = easy_then_hard();
    let expected = stdout(&pocket(&args, easy.as_bytes()));
    assert_eq!(expected.lines().count(), 40, "{expected}");
    for sink in [Sink::File, Sink::Pipe, Sink::Terminal] {
        let (code, text) = interrupted(&args, &input, sink, 40, Duration::from_millis(300));
        assert_eq!(code, Some(130), "{sink:?}: the hard answer finished first?");
        assert_eq!(
            String::from_utf8_lossy(&text),
            expected,
            "{sink:?}: the answers before the signal"
        );
    }
}

/// Item 6, for `scramble`: what is out after SIGINT is whole lines, each the line an
/// uninterrupted run with the same seed prints, and it came as they were made.
#[test]
fn ctrl_c_during_scrambles_keeps_the_lines_made() {
    let args = [
        "scramble",
        "-n",
        "100000000",
        "--seed",
        "7",
        "--length",
        "400",
    ];
    for sink in [Sink::File, Sink::Pipe] {
        let (code, text) = interrupted(&args, "", sink, 50, Duration::from_millis(100));
        assert_eq!(code, Some(130), "{sink:?}");
        assert!(text.ends_with(b"\n"), "{sink:?}: ends inside a line");
        let made = text.iter().filter(|&&b| b == b'\n').count();
        assert!(made >= 50, "{sink:?}: {made} lines");
        let n = made.to_string();
        let again = pocket(
            &["scramble", "-n", &n, "--seed", "7", "--length", "400"],
            b"",
        );
        assert_eq!(String::from_utf8_lossy(&text), stdout(&again), "{sink:?}");
    }
}
