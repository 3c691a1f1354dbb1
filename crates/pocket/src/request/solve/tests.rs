//! A `solve` request run whole, as a front end runs it; apart from the code it
//! checks.

use super::*;
use crate::request::batch::ALREADY_SOLVED;

/// Answer `states` with `request`; the text written.
fn answered(request: SolveRequest) -> String {
    let mut lines: Lines<'_> = LineReader::new(Box::new(io::empty()));
    let mut out = Vec::new();
    let mut streams = Streams {
        note: &mut |_| {},
        lines: &mut lines,
        out: &mut out,
    };
    run(request, &mut streams).unwrap();
    String::from_utf8(out).unwrap()
}

/// Issue 39: a terminal shows a solved state as solved, not as an empty line.
#[test]
fn a_solved_state_is_marked_when_asked() {
    let solved = "UUUULLFFRRBBLLFFRRBBDDDD";
    let plain = SolveRequest {
        states: vec![solved.into()],
        ..SolveRequest::default()
    };
    assert_eq!(answered(plain), "\n");
    for all in [false, true] {
        let marked = SolveRequest {
            states: vec![solved.into(), "UUUUFFRRBBLLLLFFRRBBDDDD".into()],
            mark_solved: true,
            all,
            ..SolveRequest::default()
        };
        assert_eq!(answered(marked), format!("{ALREADY_SOLVED}\nU'\n"));
    }
}
