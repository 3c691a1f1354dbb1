//! Issue 36: a corpus of hostile inputs per boundary (`tests/corpus/`): pasted move
//! sequences, definition files and HTTP requests. Every input gets an answer or a clear
//! message, in bounded time, and the good inputs beside a bad one are still answered.
//! (The Python calls have their own fuzzer: `python/tests/fuzz_api.py`.)
use crate::common::*;

use std::time::Duration;

fn corpus_lines(name: &str) -> Vec<String> {
    std::fs::read_to_string(format!("tests/corpus/{name}"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Every pasted sequence, each between two good lines, in one batch: one answer line
/// per input, each an answer or `error: ...`, the good ones answered.
#[test]
fn every_pasted_sequence_gets_an_answer_or_a_message() {
    let hostile = corpus_lines("pasted.txt");
    assert!(hostile.len() >= 40, "{} inputs", hostile.len());
    let good = "R U R' U'";
    let mut input = String::new();
    for h in &hostile {
        input.push_str(&format!("{good}\n{h}\n"));
    }
    input.push_str(good);
    input.push('\n');
    let o = pocket_within(
        &["solve", "--moves", "-"],
        input.as_bytes(),
        Duration::from_secs(30),
    )
    .unwrap_or_else(|e| panic!("hung: {}", String::from_utf8_lossy(&e)));
    assert!(matches!(o.status.code(), Some(0 | 1)), "{:?}", o.status);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        2 * hostile.len() + 1,
        "one line per input\n{out}"
    );
    let want = stdout(&pocket(&["solve", "--moves", good], b""));
    for (i, l) in lines.iter().enumerate() {
        if i % 2 == 0 {
            assert_eq!(
                format!("{l}\n"),
                want,
                "the good line before input {}",
                i / 2
            );
        } else if let Some(e) = l.strip_prefix("error: ") {
            assert!(
                e.len() > 10 && !e.contains("panicked"),
                "{}: {l}",
                hostile[i / 2]
            );
        }
    }
}

/// Every hostile definition file: a census or a message naming the file, exit 0 or 1
/// (never a crash), within the time limit.
#[test]
fn every_definition_file_gets_a_census_or_a_message() {
    let mut files: Vec<_> = std::fs::read_dir("tests/corpus/definitions")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 15);
    for path in files {
        let p = path.to_str().unwrap();
        let o = pocket_within(&["census", "--puzzle", p], b"", Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("{p}: hung"));
        let err = String::from_utf8_lossy(&o.stderr);
        match o.status.code() {
            Some(0) => assert!(stdout(&o).contains("positions"), "{p}: {}", stdout(&o)),
            Some(1) => assert!(
                err.starts_with("pocket: puzzle ") && err.len() > 30 && !err.contains("panicked"),
                "{p}: {err}"
            ),
            other => panic!("{p}: status {other:?}\n{err}"),
        }
        let good = path
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("good-");
        assert_eq!(o.status.code() == Some(0), good, "{p}: {err}");
    }
}

/// Every hostile request target: a 2xx, or a 4xx with a JSON error; a plain solve is
/// answered after them all.
#[cfg(feature = "serve")]
#[test]
fn every_http_request_gets_an_answer_or_a_4xx() {
    use crate::common::server::{Server, request};
    let server = Server::start();
    for target in corpus_lines("http.txt") {
        let (status, body) = request(server.port, "GET", &target);
        match status {
            200..=299 => {}
            400..=499 => {
                if target.starts_with("/api/") {
                    let v: serde_json::Value = serde_json::from_str(&body)
                        .unwrap_or_else(|_| panic!("{target}: {status} {body}"));
                    assert!(
                        v["error"].as_str().is_some_and(|e| e.len() > 5),
                        "{target}: {body}"
                    );
                }
            }
            _ => panic!("{target}: {status} {body}"),
        }
    }
    let (status, body) = request(
        server.port,
        "GET",
        "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD",
    );
    assert_eq!(status, 200, "{body}");
}
