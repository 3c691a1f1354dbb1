//! `pocket solve` options beyond the basics: --cost (against an exhaustive Dijkstra),
//! --moves, --layout, --json.
use crate::common;
use crate::common::brute::{MOVES, move_perms};
use crate::model;

use common::*;
use pocket::model::POSITIONS;
use pocket::{Coord, Move};

/// Least (cost, moves) from every position to solved with no face turned twice in a
/// row, by Dijkstra over (position, face of the first move), with integer move costs.
/// Keys are cost * 32 + moves (no cheapest solution has 32 moves).
fn exhaustive(units: [u32; 9]) -> Vec<u32> {
    let n = POSITIONS as usize;
    let step = |m: usize| units[m] * 32 + 1;
    let mut a = vec![u32::MAX; n * 3];
    let mut best = vec![u32::MAX; n];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, a: &mut Vec<u32>, node: usize, key: u32| {
        if key < a[node] {
            a[node] = key;
            if buckets.len() <= key as usize {
                buckets.resize(key as usize + 1, Vec::new());
            }
            buckets[key as usize].push(node as u32);
        }
    };
    best[0] = 0;
    for m in Move::ALL {
        let x = Coord::SOLVED.apply(m.inverse().index()).index() as usize;
        push(
            &mut buckets,
            &mut a,
            x * 3 + m.face() as usize,
            step(m.index()),
        );
    }
    let mut k = 0;
    while k < buckets.len() {
        let nodes = std::mem::take(&mut buckets[k]);
        for node in nodes {
            let node = node as usize;
            if a[node] != k as u32 {
                continue;
            }
            let (x, g) = (node / 3, node % 3);
            best[x] = best[x].min(k as u32);
            for m in Move::ALL.into_iter().filter(|m| m.face() as usize != g) {
                let w = Coord::new(x as u32)
                    .unwrap()
                    .apply(m.inverse().index())
                    .index() as usize;
                push(
                    &mut buckets,
                    &mut a,
                    w * 3 + m.face() as usize,
                    k as u32 + step(m.index()),
                );
            }
        }
        k += 1;
    }
    best
}

fn check_costs(spec: &str, units: [u32; 9], seed: u64) {
    let table = exhaustive(units);
    let mut rng = Rng(seed);
    let states: Vec<Vec<u8>> = (0..400).map(|_| random_state(&mut rng)).collect();
    let input: Vec<u8> = batch_input(&states);
    let o = pocket(&["solve", "--cost", spec], &input);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = stdout(&o);
    for (s, line) in states.iter().zip(text.lines()) {
        let (moves, note) = line.rsplit_once('(').unwrap();
        let moves = moves.trim();
        assert!(is_solved(&apply(s, moves)), "{line}");
        let list = moves_of(moves);
        assert!(list.windows(2).all(|w| w[0][..1] != w[1][..1]), "{line}");
        let cost: u32 = list
            .iter()
            .map(|m| units[m.parse::<Move>().unwrap().index()])
            .sum();
        let cube = pocket::parse_state(std::str::from_utf8(s).unwrap()).unwrap();
        let expected = table[cube.coord().index() as usize];
        assert_eq!(cost * 32 + list.len() as u32, expected, "{spec}: {line}");
        assert!(note.starts_with("cost "), "{line}");
    }
}

// Three tests, not one: each Dijkstra covers 11 million nodes (10 to 17 s each on the
// 2-core VM), and apart they run on both cores. They run with
// `cargo test --test all -- --ignored exhaustive_dijkstra`: every run, random costs
// are checked against the slow model instead (`combinations.rs`, `draw_cost`), and
// the cost parser's tests read these specs.
#[test]
#[ignore = "exhaustive, 11 s: cargo test --test all -- --ignored exhaustive_dijkstra"]
fn costs_match_an_exhaustive_dijkstra() {
    // Units of 0.1: R R' R2 U U' U2 F F' F2 in Move::ALL order.
    check_costs(
        "R=1,R'=1,R2=1.5,U=1,U'=1,U2=1.4,F=1.3,F'=1.3,F2=2",
        [10, 10, 15, 10, 10, 14, 13, 13, 20],
        11,
    );
}

#[test]
#[ignore = "exhaustive, 15 s: cargo test --test all -- --ignored exhaustive_dijkstra"]
fn face_costs_match_an_exhaustive_dijkstra() {
    check_costs("R=2,U=1,F=3", [2, 2, 2, 1, 1, 1, 3, 3, 3], 12);
}

#[test]
#[ignore = "exhaustive, 15 s: cargo test --test all -- --ignored exhaustive_dijkstra"]
fn quarter_turn_costs_match_an_exhaustive_dijkstra() {
    // Quarter-turn costs: the QTM length, then fewest moves.
    check_costs("R2=2,U2=2,F2=2", [1, 1, 2, 1, 1, 2, 1, 1, 2], 13);
}

#[test]
fn cost_output_and_errors() {
    let o = pocket(
        &[
            "solve",
            "--cost",
            "U2=1.5",
            "UUUURRBBLLFFLLFFRRBBDDDD",
            SOLVED_STR,
        ],
        b"",
    );
    assert_eq!(stdout(&o), "U2 (cost 1.5)\n(cost 0)\n");
    let o = pocket(&["solve", "--cost", "R=0", SOLVED_STR], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cost of R must be a positive number"));
    let o = pocket(&["solve", "--cost", "R2=3", SOLVED_STR], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(
        &["solve", "--cost", "R=1", "--metric", "qtm", SOLVED_STR],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(
        &[
            "solve",
            "--json",
            "--cost",
            "U=2",
            "UUUUFFRRBBLLLLFFRRBBDDDD",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["cost"], 2.0);
    assert_eq!(v["solution"], "U'");
}

const SOLVED_STR: &str = "UUUULLFFRRBBLLFFRRBBDDDD";

#[test]
fn scramble_input_in_wca_notation() {
    // Sequences with D, L, B and rotations move the reference corner; the answer is
    // still an optimal R U F solution of the resulting stickers.
    let seqs = [
        "R U F",
        "D L' B2",
        "x y' R U2 z",
        "L D B'",
        "R2 F2 U' D' L B y",
    ];
    let mut args = vec!["solve"];
    for s in &seqs {
        args.push("--moves");
        args.push(s);
    }
    let o = pocket(&args, b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let answers: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(answers.len(), seqs.len());
    for (seq, answer) in seqs.iter().zip(&answers) {
        let st =
            pocket::model::WcaSequence::apply(&seq.parse().unwrap(), &pocket::Stickers::SOLVED);
        // The same position given as stickers gets the same optimal length.
        let o = pocket(&["solve", st.as_str()], b"");
        assert_eq!(
            moves_of(stdout(&o).trim()).len(),
            moves_of(answer).len(),
            "{seq}"
        );
        assert!(
            is_solved(&apply(st.as_str().as_bytes(), answer)),
            "{seq}: {answer}"
        );
    }
    assert_eq!(moves_of(&answers[0]).len(), 3);
    assert_eq!(moves_of(&answers[2]).len(), 2, "rotations are free: R U2");
    let o = pocket(&["solve", "--moves", "-"], b"R U\nL D'\nR Rw\n\nD2 U2 M\n");
    assert_eq!(o.status.code(), Some(1));
    let l: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(l.len(), 4);
    assert_eq!(l[0], "U' R'");
    // A wide turn is a rotation on the 2x2x2: R Rw is R and then x.
    assert_eq!(l[2], "R'");
    // A state and --moves: the state turned by the moves, then solved (issue 28).
    let o = pocket(&["solve", "--moves", "R", SOLVED_STR], b"");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).trim_end(), "R'");
}

#[test]
fn urfdlb_layout_solves_identically() {
    let mut rng = Rng(5);
    for _ in 0..50 {
        let s = random_state(&mut rng);
        let golf: pocket::Stickers = std::str::from_utf8(&s).unwrap().parse().unwrap();
        let k = pocket::Layout::Urfdlb.from_golf(&golf);
        let a = pocket(&["solve", golf.as_str()], b"");
        let b = pocket(&["solve", "--layout", "urfdlb", k.as_str()], b"");
        assert_eq!(stdout(&a), stdout(&b));
    }
    let o = pocket(
        &["solve", "--layout", "urfdlb", "UUUURRRRFFFFDDDDLLLLBBBB"],
        b"",
    );
    assert_eq!(stdout(&o), "\n");
    // Errors name URFDLB positions.
    let o = pocket(
        &["solve", "--layout", "urfdlb", "UUUURRRRFFFF DDDLLLLBBBB"],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "error: expected 24 stickers, got 23 characters\n"
    );
    let mut bad = *b"UUUURRRRFFFFDDDDLLLLBBBB";
    bad.swap(6, 10); // R3 <-> F3
    let o = pocket(
        &[
            "solve",
            "--layout",
            "urfdlb",
            std::str::from_utf8(&bad).unwrap(),
        ],
        b"",
    );
    let text = stdout(&o);
    assert!(
        text.starts_with("error: corner") && text.contains(" R3 "),
        "{text}"
    );
}

#[test]
fn json_lines() {
    let o = pocket(
        &[
            "solve",
            "--json",
            "--all",
            "UUUURLFBLRBFLLFFRRBBDDDD",
            "nope",
        ],
        b"",
    );
    let l: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(l[0]["length"], 11);
    assert_eq!(l[0]["count"], 24);
    assert_eq!(l[0]["solutions"].as_array().unwrap().len(), 24);
    assert_eq!(l[0]["moves"].as_array().unwrap().len(), 11);
    assert_eq!(l[0]["metric"], "htm");
    assert_eq!(l[1]["input"], "nope");
    assert_eq!(l[1]["error"], "expected 24 stickers, got 4 characters");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn move_subsets_solve_within_the_subgroup_or_refuse() {
    use pocket::Metric;
    use pocket::model::parse_generators;
    let ru = parse_generators("RU").unwrap();
    let table = pocket::cube::distance_table_for(&ru);
    let mut rng = Rng(21);
    let mut states = Vec::new();
    let mut input = Vec::new();
    for _ in 0..300 {
        let mut s = SOLVED.to_vec();
        for _ in 0..30 {
            s = turn(&s, rng.below(2), 1 + rng.below(3)); // R or U only
        }
        input.extend_from_slice(&s);
        input.push(b'\n');
        states.push(s);
    }
    input.extend_from_slice(b"UUUURLFBLRBFLLFFRRBBDDDD\n"); // needs F
    let o = pocket(&["solve", "--gen", "RU"], &input);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    for (s, line) in states.iter().zip(&lines) {
        assert!(is_solved(&apply(s, line)), "{line}");
        assert!(!line.contains('F'), "{line}");
        let cube = pocket::parse_state(std::str::from_utf8(s).unwrap()).unwrap();
        assert_eq!(
            moves_of(line).len(),
            table[cube.coord().index() as usize] as usize,
            "{line}"
        );
    }
    assert_eq!(lines[300], "error: not reachable with R U");
    // The subgroup of half turns.
    let o = pocket(
        &[
            "solve",
            "--gen",
            "R2,U2,F2",
            "--count",
            "UUUURRBBLLFFLLFFRRBBDDDD",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "1\n");
    let o = pocket(&["census", "--gen", "RU", "--metric", "htm", "--json"], b"");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["total_positions"], 29_160);
    assert_eq!(v["diameter"], 14);
    assert_eq!(v["subset"], true);
    assert!(pocket::cube::census_in(Metric::Qtm, &ru).is_some());
    for args in [
        &["solve", "--gen", "R'", SOLVED_STR][..],
        &["solve", "--gen", "RD", SOLVED_STR],
        &["solve", "--gen", "RU", "--method", "table", SOLVED_STR],
    ] {
        assert_eq!(pocket(args, b"").status.code(), Some(2), "{args:?}");
    }
}

/// The fewest moves (HTM, faces free to repeat) from `s` to a state matching
/// `pattern`, by the slow model of `tests/all/model` (a breadth-first search over
/// sticker vectors from each state took 5 s for the test's 15).
fn nearest(s: &[u8], reach: &[u16]) -> usize {
    model::cost_of(reach[model::encode(s).expect("a cube")]) as usize
}

#[test]
fn goals_with_wildcards() {
    let goals = [
        "............LLFFRRBBDDDD",
        "UUUU....................",
        "UUUU........LLFFRRBBDDDD",
    ];
    let mut rng = Rng(31);
    let htm = model::Rules {
        cost: [Some(1); 9],
        fewest_moves: false,
        same_face_twice: true,
    };
    for goal in goals {
        let reach = model::distances(&htm, &model::matching(goal.as_bytes()));
        let mut states = Vec::new();
        let mut input = Vec::new();
        for _ in 0..5 {
            let mut s = SOLVED.to_vec();
            for _ in 0..25 {
                s = turn(&s, rng.below(3), 1 + rng.below(3));
            }
            input.extend_from_slice(&s);
            input.push(b'\n');
            states.push(s);
        }
        let o = pocket(&["solve", "--goal", goal], &input);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        for (s, line) in states.iter().zip(stdout(&o).lines()) {
            let after = apply(s, line);
            assert!(
                after
                    .iter()
                    .zip(goal.as_bytes())
                    .all(|(a, b)| *b == b'.' || a == b),
                "{goal}: {line}"
            );
            assert_eq!(moves_of(line).len(), nearest(s, &reach), "{goal}: {line}");
        }
    }
    let o = pocket(&["solve", "--goal", "UUUU", SOLVED_STR], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(
        &["solve", "--goal", "X.......................", SOLVED_STR],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "error: goal: 'X' at position 1 is not a colour of the state\n"
    );
}

#[test]
fn options_that_would_be_ignored_are_refused() {
    for (args, why) in [
        (&["--count", "--all"][..], "give --count or --all, not both"),
        (&["--steps"], "--steps draws the steps of --show"),
        (&["--show", "--json"], "--show draws pictures"),
    ] {
        let mut all = vec!["solve"];
        all.extend_from_slice(args);
        all.push("UUUURLFBLRBFLLFFRRBBDDDD");
        let o = pocket(&all, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(why), "{args:?}");
    }
}

#[test]
fn one_way_solutions_turn_clockwise_only() {
    // R' is three clockwise quarter turns, and no shorter one-way solution exists.
    let o = pocket(&["solve", "--metric", "one-way", "--moves", "R"], b"");
    assert_eq!(stdout(&o), "R R R\n");
    let o = pocket(
        &[
            "solve", "--metric", "one-way", "--method", "table", "--moves", "R U",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "U U U R R R\n");
}

#[test]
fn goals_are_read_in_the_layout_of_the_states() {
    let golf: pocket::Stickers = "UUUDLLFRFRBBLLFRFRBBDUDD".parse().unwrap();
    let golf_goal = "..........BBLL..RRBBDDDD";
    let k = pocket::Layout::Urfdlb;
    let urfdlb_goal: String = (0..24)
        .map(|i| {
            let g = (0..24).find(|&g| k.index_of_golf(g) == i).unwrap();
            golf_goal.as_bytes()[g] as char
        })
        .collect();
    let a = pocket(&["solve", "--goal", golf_goal, golf.as_str()], b"");
    let b = pocket(
        &[
            "solve",
            "--layout",
            "urfdlb",
            "--goal",
            &urfdlb_goal,
            k.from_golf(&golf).as_str(),
        ],
        b"",
    );
    assert_eq!(a.status.code(), Some(0), "{}", stdout(&a));
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn json_from_check_patterns_and_algs() {
    let json = |args: &[&str]| -> Vec<serde_json::Value> {
        stdout(&pocket(args, b""))
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let v = &json(&[
        "check",
        "--json",
        "UUUURLFBLRBFLLFFRRBBDDDD",
        "F2 U' F U R U2 R U' R' F R'",
    ])[0];
    assert_eq!(v["valid"], true);
    assert_eq!(v["length"], 11);
    assert_eq!(v["optimal"], 11);
    assert_eq!(v["is_optimal"], true);
    let v = &json(&["check", "--json", "UUUURLFBLRBFLLFFRRBBDDDD", "R R"])[0];
    assert_eq!(v["valid"], false);
    assert!(v["error"].as_str().unwrap().contains("R"), "{v}");
    let all = json(&["patterns", "--json"]);
    assert_eq!(all.len(), 13);
    assert!(
        all.iter()
            .all(|p| p["ok"] == true && p["length"] == p["expected"])
    );
    assert_eq!(all[0]["metric"], "htm");
    let algs = json(&["algs", "--effect", "UUUU....................", "--json"]);
    assert!(!algs.is_empty());
    assert!(
        algs.iter()
            .all(|a| a["moves"].as_array().unwrap().len() == a["move_count"])
    );
}

#[test]
fn goal_answers_in_json() {
    let o = pocket(
        &[
            "solve",
            "--json",
            "--goal",
            "UUUU....................",
            "UUUURLFBLRBFLLFFRRBBDDDD",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["length"], 0, "the U face is already one colour: {v}");
    assert_eq!(v["metric"], "htm");
    let o = pocket(
        &[
            "solve",
            "--json",
            "--goal",
            "............LLFFRRBBDDDD",
            "UUUDLLFRFRBBLLFRFRBBDUDD",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(v["move_count"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(
        v["moves"].as_array().unwrap().len() as u64,
        v["move_count"].as_u64().unwrap()
    );
}

#[test]
fn pathological_move_sequences_stay_bounded() {
    let deep = format!("{}R{}", "(".repeat(60_000), ")".repeat(60_000));
    let o = pocket(&["solve", "--moves", &deep], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("groups nested more than 64 deep"),
        "{}",
        stdout(&o)
    );
    let o = pocket(
        &[
            "solve",
            "--moves",
            "()999999999999999",
            "--moves",
            "R (U)99999999",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    let l: Vec<&str> = text.lines().collect();
    assert_eq!(l[0], "", "an empty group is nothing: the solved cube");
    assert!(l[1].contains("more than 100000 moves"), "{}", l[1]);
}

/// Runs and expects exit 2 with both options named on standard error.
fn refused(args: &[&str], names: &[&str]) {
    let o = pocket(args, b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}");
    for name in names {
        assert!(err.contains(name), "{args:?}: {err}");
    }
}

/// Item 5: nothing is silently nothing. The solved cube as an effect lists its
/// shortest non-empty algorithms ((R2 U2)3 and the like, 6 moves), a --max-length
/// below them says so, and options that would be ignored are refused naming both.
/// Issue 25, item 5.
#[test]
fn no_option_is_silently_ignored() {
    let solved = "UUUULLFFRRBBLLFFRRBBDDDD";
    let listed = lines_of(&["algs", "--effect", solved], b"");
    assert!(
        listed.contains(&"R2 U2 R2 U2 R2 U2".to_string()),
        "{listed:?}"
    );
    for alg in &listed {
        assert_eq!(moves_of(alg).len(), 6, "{alg}");
        assert!(is_solved(&apply(SOLVED, alg)), "{alg}");
    }
    // No identity of fewer moves: a brute force over all canonical sequences.
    for budget in 1..6 {
        assert_eq!(brute_count(budget), 0, "{budget}");
    }
    let o = pocket(&["algs", "--effect", solved, "--max-length", "3"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--max-length 6"));
    refused(&["algs", "--effect", solved, "--limit", "0"], &["--limit"]);
    refused(&["census", "--cost", "R=2"], &["--cost", "--puzzle"]);
    refused(&["census", "--cost", "banana"], &["--cost", "--puzzle"]);
    refused(&["census", "--weighted"], &["--weighted", "--puzzle"]);
    let corner = "UUUURLFBLRBFLLFFRRBBDDDD";
    refused(
        &["solve", "--compact", "--count", corner],
        &["--compact", "--count"],
    );
    refused(
        &["solve", "--layout", "urfdlb", "--moves", "R U"],
        &["--layout", "--moves"],
    );
}

/// How many canonical sequences of exactly `length` moves leave the cube solved.
fn brute_count(length: u32) -> usize {
    let mut found = 0;
    let perms = move_perms();
    fn go(s: &[u8; 24], left: u32, last: Option<usize>, perms: &[[usize; 24]], n: &mut usize) {
        if left == 0 {
            *n += usize::from(s == SOLVED);
            return;
        }
        for m in 0..9 {
            if last.is_some_and(|l| MOVES[l].1 == MOVES[m].1) {
                continue;
            }
            let t: [u8; 24] = std::array::from_fn(|i| s[perms[m][i]]);
            go(&t, left - 1, Some(m), perms, n);
        }
    }
    go(SOLVED, length, None, &perms, &mut found);
    found
}

/// Issue 39: `--all --lines` puts each solution on a line of its own, an empty line
/// after each state's; JSON says when a state is solved already.
#[test]
fn all_lines_and_solved_in_json() {
    let o = pocket(
        &["solve", "--all", "--lines", "UUUURLFBLRBFLLFFRRBBDDDD"],
        b"UUUUFFRRBBLLLLFFRRBBDDDD\n",
    );
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 25, "{out}");
    assert_eq!(lines[24], "");
    assert!(lines[..24].iter().all(|l| l.split(' ').count() == 11));
    let o = pocket(
        &["solve", "--all", "--lines", "--compact"],
        b"UUUUFFRRBBLLLLFFRRBBDDDD\nUUUULLFFRRBBLLFFRRBBDDDD\n",
    );
    assert_eq!(stdout(&o), "U'\n\n\n\n");
    for (args, why) in [
        (&["solve", "--lines", "x"][..], "give --all too"),
        (
            &["solve", "--all", "--lines", "--json", "x"][..],
            "--lines is for text",
        ),
        (
            &["solve", "--color", "blue", "x"][..],
            "auto, always or never",
        ),
    ] {
        let o = pocket(args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(why), "{args:?}");
    }
    let o = pocket(
        &["solve", "--json", "--moves", "x y z", "--moves", "R"],
        b"",
    );
    let out = stdout(&o);
    let v: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (v[0]["solved"].clone(), v[1]["solved"].clone()),
        (true.into(), false.into())
    );
}

/// Issue 39: `--color` as ripgrep has it: `always` colours a pipe, `never` and
/// `NO_COLOR` (for `auto`) do not.
#[test]
fn color_always_never_and_no_color() {
    let coloured = |o: &std::process::Output| stdout(o).contains("\x1b[48;");
    for command in [
        &["show", "--moves", "R"][..],
        &["scramble", "--seed", "1"][..],
    ] {
        let with = |when: &str| {
            let mut args = command.to_vec();
            args.extend(["--color", when]);
            pocket(&args, b"")
        };
        assert!(coloured(&with("always")), "{command:?}");
        assert!(!coloured(&with("never")), "{command:?}");
        assert!(
            !coloured(&with("auto")),
            "{command:?}: a pipe is not a terminal"
        );
    }
    let o = pocket(
        &["solve", "--show", "--color", "always", "--moves", "R"],
        b"",
    );
    assert!(coloured(&o));
    // The letters stay: a coloured scramble line is still the state.
    let o = pocket(&["scramble", "--seed", "1", "--color", "always"], b"");
    let plain = stdout(&pocket(&["scramble", "--seed", "1"], b""));
    let stripped: String = stdout(&o)
        .split('\x1b')
        .enumerate()
        .map(|(i, part)| match i {
            0 => part,
            _ => part.split_once('m').map_or("", |(_, rest)| rest),
        })
        .collect();
    assert_eq!(stripped, plain);
}
