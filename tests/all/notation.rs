//! Reading what a cuber types and pastes: WCA notation in its pasted forms (brackets,
//! commutators, primes, comments, links), a state typed in groups or mixed case, a
//! misread reference corner, goals in face letters, `invert`, each with a message
//! that names the problem and the fix (issue 28: the first ten minutes after the
//! first solve).

use std::io::Write;
use std::process::{Command, Output, Stdio};

const SOLVED: &str = "WWWWOOGGRRBBOOGGRRBBYYYY";
const CORNER_SWAP: &str = "UUUURLFBLRBFLLFFRRBBDDDD";

fn pocket(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pocket"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("NO_COLOR", "1")
        .spawn()
        .expect("run pocket");
    drop(child.stdin.take().map(|mut i| i.flush()));
    child.wait_with_output().expect("pocket output")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).trim_end().to_string()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// The picture `pocket show --moves` draws of `moves` turning `state` (or solved).
fn shown(state: Option<&str>, moves: &str) -> String {
    let mut args = vec!["show"];
    args.extend(state);
    args.extend(["--moves", moves]);
    let o = pocket(&args);
    assert_eq!(o.status.code(), Some(0), "{moves}: {}", err(&o));
    out(&o)
}

#[test]
fn pasted_forms_make_the_same_state_as_plain_notation() {
    let cases = [
        ("R′ U´ F’", "R' U' F'"),
        ("R3 U", "R' U"),
        ("[R, U]", "R U R' U'"),
        ("[F: R U R' U']", "F R U R' U' F'"),
        ("[F: [R, U]]", "F R U R' U' F'"),
        ("[[R, U], F]", "R U R' U' F U R U' R' F'"),
        ("R U // the insert\nR' U'", "R U R' U'"),
        ("// a comment on its own line\nR U R' U'", "R U R' U'"),
        ("1. R U R'\n2. U'", "R U R' U'"),
        ("R U\nR' U'", "R U R' U'"),
        ("https://alg.cubing.net/?alg=R_U_R-_U-", "R U R' U'"),
        (
            "https://alpha.twizzle.net/edit/?alg=R+U+R%27+U%27",
            "R U R' U'",
        ),
        (
            "https://alg.cubing.net/?setup=F2&alg=R_U_R-_U-",
            "F2 R U R' U'",
        ),
        ("(R U R' U')3", "R U R' U' R U R' U' R U R' U'"),
    ];
    for (pasted, plain) in cases {
        assert_eq!(shown(None, pasted), shown(None, plain), "{pasted:?}");
        // solve --moves reads it alike: the same state, so the same answer.
        let a = out(&pocket(&["solve", "--moves", pasted]));
        let b = out(&pocket(&["solve", "--moves", plain]));
        assert_eq!(a, b, "{pasted:?}");
    }
}

#[test]
fn refused_pastes_say_what_to_write() {
    for (text, says) in [
        ("[R, U, F]", "write [A, B] or [A: B]"),
        ("[R, U", "'[' with no ']'"),
        ("R, U", "a commutator is written [A, B]"),
        ("https://alg.cubing.net/?puzzle=2x2x2", "no alg="),
        ("R M", "slice moves"),
    ] {
        let o = pocket(&["show", "--moves", text]);
        assert_eq!(o.status.code(), Some(1), "{text}");
        assert!(err(&o).contains(says), "{text}: {}", err(&o));
    }
}

#[test]
fn check_reads_pasted_notation_and_keeps_the_rules() {
    // The corner swap's solution, as a cuber might paste it.
    let sol = out(&pocket(&["solve", CORNER_SWAP]));
    let primed = sol.replace('\'', "′");
    let o = pocket(&["check", CORNER_SWAP, &primed]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let linked = format!(
        "https://alg.cubing.net/?alg={}",
        sol.replace('\'', "-").replace(' ', "_")
    );
    assert_eq!(
        pocket(&["check", CORNER_SWAP, &linked]).status.code(),
        Some(0)
    );
    // [R, U] is judged as R U R' U': it does not solve the corner swap.
    let o = pocket(&["check", CORNER_SWAP, "[R, U]"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("does not solve"), "{}", out(&o));
    // [R, U] solves the state it makes undone: U R U' R'.
    let state = out(&pocket(&["solve", "--json", "--moves", "U R U' R'"]));
    let state = state.split("\"state\":\"").nth(1).unwrap()[..24].to_string();
    let o = pocket(&["check", &state, "[R, U]"]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    // Still no face twice in a row, however it was written.
    let o = pocket(&["check", &state, "[R: R]"]);
    assert!(out(&o).contains("turn the same face"), "{}", out(&o));
}

#[test]
fn show_and_solve_turn_the_state_typed() {
    let after = shown(Some(SOLVED), "R U");
    // Solved with these colours, turned by R U, drawn: the same as from solved
    // letters, turned, with the letters replaced by these colours.
    assert_ne!(after, shown(Some(SOLVED), ""));
    let o = pocket(&["solve", "--json", SOLVED, "--moves", "R U"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("\"solution\":\"U' R'\""), "{}", out(&o));
    // The option before the state, and a state with spaces.
    let o = pocket(&[
        "solve",
        "--moves",
        "[R, U]",
        "WWWW OOGG RRBB OOGG RRBB YYYY",
    ]);
    assert_eq!(out(&o), "U R U' R'");
    // A scrambled state turned by its own solution is solved.
    let sol = out(&pocket(&["solve", CORNER_SWAP]));
    let o = pocket(&["solve", CORNER_SWAP, "--moves", &sol]);
    assert_eq!(out(&o), "");
    // The typed state must be a cube before it is turned.
    let o = pocket(&["solve", "UUUUUUFFRRBBLLFFRRBBDDDD", "--moves", "R"]);
    assert_eq!(o.status.code(), Some(1));
    // One sequence for the states; --puzzle refuses the mix.
    let o = pocket(&["solve", SOLVED, "--moves", "R", "--moves", "U"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("one --moves"), "{}", err(&o));
}

#[test]
fn invert_prints_the_undoing_sequence() {
    for (seq, inverse) in [
        ("R U F'", "F U' R'"),
        ("[R, U]", "U R U' R'"),
        ("R2 Rw x' D", "D' x Rw' R2"),
        ("R′ U3", "U R"),
    ] {
        let o = pocket(&["invert", seq]);
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(out(&o), inverse, "{seq}");
    }
    // A sequence then its inverse leaves the cube as it was.
    let seq = "[F: R U R' U'] D2 x";
    let inv = out(&pocket(&["invert", seq]));
    assert_eq!(shown(None, &format!("{seq} {inv}")), shown(None, ""));
    let o = pocket(&["invert", "R Q"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("'Q'"), "{}", err(&o));
}

#[test]
fn mixed_case_colours_say_case_matters() {
    let o = pocket(&["solve", "wWWWOOGGRRBBOOGGRRBBYYYY"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        out(&o).contains("case-sensitive ('w' and 'W' are two colours)"),
        "{}",
        out(&o)
    );
}

#[test]
fn a_state_typed_in_unquoted_groups_says_quote_it() {
    let o = pocket(&["solve", "UUUU", "RLFB", "LRBF", "LLFF", "RRBB", "DDDD"]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(e.contains("must be quoted"), "{e}");
    assert!(e.contains("\"UUUU RLFB LRBF LLFF RRBB DDDD\""), "{e}");
    assert_eq!(e.matches("pocket:").count(), 1, "one message, not six: {e}");
    for args in [
        &["show", "UUUU", "RLFB", "LRBF", "LLFF", "RRBB", "DDDD"][..],
        &["check", "UUUU", "RLFB", "LRBF", "LLFF", "RRBB", "DDDD", "R"],
    ] {
        let o = pocket(args);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            err(&o).contains("must be quoted: pocket")
                && err(&o).contains("\"UUUU RLFB LRBF LLFF RRBB DDDD\""),
            "{}",
            err(&o)
        );
    }
}

#[test]
fn a_misread_reference_corner_is_named() {
    // W/Y swapped between the reference corner's down sticker (W) and A.
    let mut s: Vec<u8> = SOLVED.bytes().collect();
    s.swap(0, 22);
    let o = pocket(&["solve", std::str::from_utf8(&s).unwrap()]);
    assert!(
        out(&o).contains("likely culprit is the reference corner DBL at M T W"),
        "{}",
        out(&o)
    );
    // The down face read mirrored, on a scrambled cube.
    let scrambled = out(&pocket(&[
        "solve",
        "--json",
        "--moves",
        "R U F2 R' U2 F R2 U'",
    ]));
    let state = scrambled.split("\"state\":\"").nth(1).unwrap()[..24].to_string();
    let mut s: Vec<u8> = state.bytes().collect();
    s.swap(20, 21);
    s.swap(22, 23);
    let o = pocket(&["solve", std::str::from_utf8(&s).unwrap()]);
    let line = out(&o);
    if o.status.code() == Some(1) && !line.contains("twist") {
        assert!(line.contains("reference corner"), "{line}");
    }
    // An ordinary wrong corner away from the reference is not blamed on it.
    let mut s: Vec<u8> = SOLVED.bytes().collect();
    s.swap(2, 6);
    let o = pocket(&["solve", std::str::from_utf8(&s).unwrap()]);
    assert!(!out(&o).contains("reference corner"), "{}", out(&o));
}

/// `--goal` in face letters, as the help writes it, for a state typed in colours: the
/// letters are read through the state's own faces, spaces group a goal as they group
/// a state, and the answer is the one the goal in the state's colours gets.
#[test]
fn a_goal_in_face_letters_or_spaced_is_read_for_a_state_in_colours() {
    let state = "BYROWBWYGBROOGWGOGRBRWYY";
    let in_colours =
        crate::common::pocket(&["solve", "--goal", "............OOGGRRBBYYYY", state], b"");
    assert_eq!(in_colours.status.code(), Some(0));
    let expected = crate::common::stdout(&in_colours);
    assert!(!expected.trim().is_empty());
    for goal in ["............LLFFRRBBDDDD", "......  ......  LLFF RRBB DDDD"] {
        let out = crate::common::pocket(&["solve", "--goal", goal, state], b"");
        assert_eq!(out.status.code(), Some(0), "{goal}");
        assert_eq!(crate::common::stdout(&out), expected, "{goal}");
    }
    // A character that is neither a colour of the state nor, with the others, a face
    // letter is still named.
    let out = crate::common::pocket(&["solve", "--goal", "............LLFFRRBBDDDX", state], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(crate::common::stdout(&out).contains("is not a colour of the state"));
}
