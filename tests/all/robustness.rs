//! Batches that must not crash, hang, lose a good line or grow without bound.
use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use common::*;

#[test]
fn odd_bytes_crlf_and_nul() {
    let mut input = Vec::new();
    input.extend_from_slice(b"UUUURLFBLRBFLLFFRRBBDDDD\r\n");
    input.extend_from_slice(b"UUUU\0LFFRRBBLLFFRRBBDDDD\r\n");
    input.extend_from_slice(b"\xff\xfe\xfd\n");
    input.extend_from_slice(b"\xc3\xa9UUULLFFRRBBLLFFRRBBDDDD\n");
    input.extend_from_slice(b"\0\0\0\n");
    input.extend_from_slice(b"UUUURLFBLRBFLLFFRRBBDDDD");
    let o = pocket(&["solve"], &input);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    let l: Vec<&str> = text.lines().collect();
    assert_eq!(l.len(), 6, "{text}");
    assert_eq!(moves_of(l[0]).len(), 11);
    assert_eq!(
        l[1],
        "error: control character U+0000 at position 5 (sticker E, L top-left) is not a printable ASCII colour"
    );
    assert_eq!(
        l[2],
        "error: byte 0xFF (not UTF-8) at position 1 (sticker A, U top-left) is not a printable ASCII colour"
    );
    assert_eq!(
        l[3],
        "error: character U+00E9 at position 1 (sticker A, U top-left) is not a printable ASCII colour"
    );
    assert!(l[4].starts_with("error: control character U+0000 at position 1"));
    assert_eq!(l[5], l[0]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
}

#[test]
fn a_100_mb_line_without_newline_is_one_error() {
    let big = vec![b'x'; 100 * 1024 * 1024];
    let o = pocket(&["solve"], &big);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "error: line too long: 104857600 bytes, the limit for a line (a state is 24 characters) is 4096 bytes\n"
    );
}

/// Many random states, every seventh line invalid.
fn mixed_batch(n: usize) -> (Vec<u8>, Vec<Option<Vec<u8>>>) {
    let mut input = Vec::with_capacity(n * 26);
    let mut expect = Vec::with_capacity(n);
    for i in 0..n {
        if i % 7 == 3 {
            input.extend_from_slice(b"UUUULLFFRRBBLLFFRRBBDDDX\n");
            expect.push(None);
        } else {
            let c = pocket::Coord::new(
                ((i as u64 * 2_654_435_761) % pocket::model::POSITIONS as u64) as u32,
            )
            .unwrap()
            .cube();
            let s = c.stickers();
            input.extend_from_slice(s.as_str().as_bytes());
            input.push(b'\n');
            expect.push(Some(s.as_str().as_bytes().to_vec()));
        }
    }
    (input, expect)
}

fn check_mixed(args: &[&str], n: usize) {
    let (input, expect) = mixed_batch(n);
    let o = pocket(args, &input);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    let mut count = 0;
    for (line, e) in text.lines().zip(&expect) {
        match e {
            None => assert_eq!(
                line,
                "error: expected 6 colours, found 7: 'U' 'L' 'F' 'R' 'B' 'D' 'X' ('X' is only on 1 sticker: X)"
            ),
            Some(s) => assert!(is_solved(&apply(s, line)), "{line}"),
        }
        count += 1;
    }
    assert_eq!(count, n);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "{} of {n} states invalid",
            expect.iter().filter(|e| e.is_none()).count()
        )),
        "{err}"
    );
}

#[test]
fn two_hundred_thousand_mixed_lines_with_the_table() {
    check_mixed(&["solve", "--method", "table"], 200_000);
}

/// The million was 3 s of the suite's 60 (a test build checking every line); a fifth
/// of it runs always, above.
#[test]
#[ignore = "a few seconds: cargo test --release --test all -- --ignored robustness::"]
fn a_million_mixed_lines_with_the_table() {
    check_mixed(&["solve", "--method", "table"], 1_000_000);
}

#[test]
fn a_hundred_thousand_mixed_lines_with_the_default_method() {
    check_mixed(&["solve"], 100_000);
}

#[test]
#[ignore = "about a minute: cargo test --release --test all -- --ignored robustness::"]
fn a_million_mixed_lines_with_the_default_method() {
    check_mixed(&["solve"], 1_000_000);
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pocket"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let (input, _) = mixed_batch(300_000);
        let _ = stdin.write_all(&input);
    });
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    drop(out); // like `| head -1`
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(!first.is_empty());
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
}

#[test]
fn answers_arrive_before_the_input_ends() {
    // An interactive caller writes one state and waits for its answer.
    let mut child = Command::new(env!("CARGO_BIN_EXE_pocket"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    for state in ["UUUUFFRRBBLLLLFFRRBBDDDD", "UUUURRBBLLFFLLFFRRBBDDDD"] {
        writeln!(stdin, "{state}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert_eq!(moves_of(&line).len(), 1);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_closed_standard_error_is_no_crash() {
    // Diagnostics into a pipe already closed (`pocket 2>&1 | head -1` after head
    // exits): the usage error still ends with its exit status, not an abort.
    for args in [
        &[][..],
        &["solv"][..],
        &["solve", "--metrc", "x"][..],
        &["census", "--metric", "htm"][..],
    ] {
        let (read, write) = std::io::pipe().unwrap();
        drop(read);
        let o = Command::new(env!("CARGO_BIN_EXE_pocket"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(write)
            .status()
            .unwrap();
        assert!(matches!(o.code(), Some(0) | Some(2)), "{args:?}: {o:?}");
    }
}
