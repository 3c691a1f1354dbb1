//! `solve` requests run whole through the library with this crate's printer, as the
//! command line runs them.

use pocket::io::LineReader;
use pocket::request::SolveRequest;
use pocket::request::solve::{Lines, RawSolve, Streams, run};
use pocket_print::{ALREADY_SOLVED, SolvePrinter};
use std::io;

/// Answer `request`; the text written.
fn answered(raw: RawSolve) -> String {
    let request = SolveRequest::try_from(raw).unwrap();
    let mut lines: Lines<'_> = LineReader::new(Box::new(io::empty()));
    let mut out = Vec::new();
    let printer = SolvePrinter::new(&request);
    let mut streams = Streams {
        note: &mut |_| {},
        lines: &mut lines,
        out: &mut out,
        printer: &printer,
    };
    run(request, &mut streams).unwrap();
    String::from_utf8(out).unwrap()
}

/// Issue 39: a terminal shows a solved state as solved, not as an empty line.
#[test]
fn a_solved_state_is_marked_when_asked() {
    let solved = "UUUULLFFRRBBLLFFRRBBDDDD";
    let plain = RawSolve {
        states: vec![solved.into()],
        ..RawSolve::default()
    };
    assert_eq!(answered(plain), "\n");
    for all in [false, true] {
        let marked = RawSolve {
            states: vec![solved.into(), "UUUUFFRRBBLLLLFFRRBBDDDD".into()],
            mark_solved: true,
            all,
            ..RawSolve::default()
        };
        assert_eq!(answered(marked), format!("{ALREADY_SOLVED}\nU'\n"));
    }
}

/// The same answers in JSON: the printer's fields, a solved state's empty solution.
#[test]
fn json_answers_carry_the_fields_of_solve_json() {
    let request = RawSolve {
        states: vec!["UUUUFFRRBBLLLLFFRRBBDDDD".into(), "bad".into()],
        json: true,
        count: true,
        ..RawSolve::default()
    };
    let text = answered(request);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["solution"], "U'");
    assert_eq!(lines[0]["count"], 1);
    assert_eq!(lines[0]["metric"], "htm");
    assert_eq!(lines[1]["input"], "bad");
    assert!(lines[1]["error"].as_str().unwrap().contains("24"));
}
