//! `pocket solve --puzzle 3x3x3 --method reid` (issue 41): Reid's optimal solver,
//! its lengths equal to IDA*'s over the puzzle's own pattern databases, every
//! solution applied here with the definition file's permutations, bad states refused
//! line by line, and the options it cannot take refused by name.
use crate::common::*;

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

fn apply(moves: &[(String, Vec<usize>)], state: &[u8], sequence: &str) -> Vec<u8> {
    sequence.split_whitespace().fold(state.to_vec(), |s, name| {
        let (_, perm) = moves.iter().find(|(n, _)| n == name).expect(name);
        perm.iter().map(|&p| s[p]).collect()
    })
}

fn scrambles(seed: u64, count: usize, length: usize) -> Vec<String> {
    let faces = ["U", "R", "F", "D", "L", "B"];
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            (0..length)
                .map(|_| format!("{}{}", faces[rng.below(6)], ["", "2", "'"][rng.below(3)]))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn json_answers(extra: &[&str], input: &str) -> Vec<serde_json::Value> {
    let mut args = vec!["solve", "--puzzle", "3x3x3", "--json"];
    args.extend_from_slice(extra);
    let o = pocket(&args, input.as_bytes());
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Reid's smaller tables (59 MB, seconds to build); the larger are the same code
/// with the middle layer's order in the table (see the ignored test below).
#[test]
fn reid_lengths_equal_ida_and_every_solution_solves() {
    let moves = cube3_moves();
    let sequences = scrambles(41, 8, 10);
    let input = sequences.join("\n") + "\n";
    let reid = json_answers(
        &["--method", "reid", "--memory", "100", "--moves", "-"],
        &input,
    );
    let ida = json_answers(&["--moves", "-"], &input);
    assert_eq!((reid.len(), ida.len()), (8, 8));
    for ((r, i), sequence) in reid.iter().zip(&ida).zip(&sequences) {
        assert_eq!(r["search"], "reid");
        assert_eq!(i["search"], "ida");
        assert_eq!(r["length"], i["length"], "{sequence}");
        let state = apply(&moves, SOLVED.as_bytes(), sequence);
        let solution = r["solution"].as_str().unwrap();
        assert_eq!(
            apply(&moves, &state, solution),
            SOLVED.as_bytes(),
            "{sequence}"
        );
    }
}

/// Bad lines get their error, the batch goes on, and a solved state needs no tables:
/// this batch builds none (with the default budget, the larger tables would take
/// over a minute).
#[test]
fn bad_states_get_their_line_and_the_batch_goes_on() {
    let mut twisted = SOLVED.as_bytes().to_vec();
    // URF's three stickers turned round: one corner twisted in its place.
    (twisted[8], twisted[9], twisted[20]) = (twisted[20], twisted[8], twisted[9]);
    let twisted = String::from_utf8(twisted).unwrap();
    let mut mirrored = SOLVED.as_bytes().to_vec();
    mirrored.swap(8, 9); // two of URF's stickers swapped: no corner looks so
    let mirrored = String::from_utf8(mirrored).unwrap();
    let input = format!("{twisted}\n{SOLVED}\n{mirrored}\n");
    let o = pocket(
        &["solve", "--puzzle", "3x3x3", "--method", "reid"],
        input.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("error:") && lines[0].contains("twisted"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "");
    assert!(
        lines[2].contains("the corner at URF is no corner"),
        "{}",
        lines[2]
    );
}

#[test]
fn options_reid_cannot_take_are_refused_by_name() {
    for (args, code, says) in [
        (
            &["solve", "--method", "reid", "UUUURRRRFFFFDDDDLLLLBBBB"][..],
            2,
            "--method reid solves the 3x3x3",
        ),
        (
            &["solve", "--puzzle", "pocket-golf", "--method", "reid", "x"][..],
            2,
            "--method reid solves the 3x3x3",
        ),
        (
            &[
                "solve", "--puzzle", "3x3x3", "--method", "reid", "--all", "x",
            ][..],
            2,
            "--method reid does not take --all",
        ),
        (
            &[
                "solve", "--puzzle", "3x3x3", "--method", "reid", "--cost", "U=2", "x",
            ][..],
            2,
            "--method reid does not take --cost",
        ),
        (
            &[
                "solve", "--puzzle", "3x3x3", "--method", "reid", "--memory", "20", "x",
            ][..],
            1,
            "Reid's tables take at least 59 MB",
        ),
    ] {
        let o = pocket(args, b"");
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A random state (100 random moves from Python's seed 7, as `benches/deep.py`
/// makes them) solved with the larger tables, in 18 moves: a few minutes and about
/// 1 GB. Run with `cargo test --release --test all -- --ignored random_state_by_reid`.
#[test]
#[ignore]
fn a_random_state_by_reid_takes_18_moves() {
    let scramble = "D U F D L F U' F L' F B L' F L D' B L' R F D L F U' D' L' D' B R F' L' \
                    D' L F' B' U' F L' D' L' U F' U F' R' D' R' F' D L U B' R U' F U' L' B' \
                    L' R' D' B F B R F' L D' F U' L' B U' F' R' F B' F' L F L F' L F L' B' D' \
                    U F' U' D B R' D' R L B' R L' R D'";
    let answers = json_answers(&["--method", "reid", "--moves", scramble], "");
    assert_eq!(answers[0]["length"], 18);
    let state = apply(&cube3_moves(), SOLVED.as_bytes(), scramble);
    let solution = answers[0]["solution"].as_str().unwrap();
    assert_eq!(apply(&cube3_moves(), &state, solution), SOLVED.as_bytes());
}
