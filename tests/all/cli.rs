//! The command-line contract of `pocket solve` and `pocket patterns`, through the real binary.
use crate::common;

use common::*;

const CORNER_SWAP: &str = "UUUURLFBLRBFLLFFRRBBDDDD";
const SOLVED_STR: &str = "UUUULLFFRRBBLLFFRRBBDDDD";

fn lines(o: &std::process::Output) -> Vec<String> {
    stdout(o).lines().map(str::to_string).collect()
}

#[test]
fn solves_from_arguments() {
    let o = pocket(&["solve", CORNER_SWAP, SOLVED_STR], b"");
    assert_eq!(o.status.code(), Some(0));
    let l = lines(&o);
    assert_eq!(l.len(), 2);
    assert_eq!(moves_of(&l[0]).len(), 11);
    assert!(is_solved(&apply(CORNER_SWAP.as_bytes(), &l[0])));
    assert_eq!(l[1], "", "a solved cube gives an empty line");
}

#[test]
fn reads_standard_input_trimmed_skipping_blank_lines() {
    let input = format!("  {CORNER_SWAP}  \r\n\n\t\n{SOLVED_STR}\r\n");
    let o = pocket(&["solve"], input.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(lines(&o).len(), 2);
    // No trailing newline on the last line.
    let o = pocket(&["solve"], CORNER_SWAP.as_bytes());
    assert_eq!(lines(&o).len(), 1);
}

#[test]
fn empty_input_gives_no_output() {
    let o = pocket(&["solve"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
}

#[test]
fn mixed_batch_keeps_order_and_reports_each_error() {
    let mut input = Vec::new();
    input.extend_from_slice(format!("{CORNER_SWAP}\nUUUU\n").as_bytes());
    input.extend_from_slice(b"UU\xffULLFFRRBBLLFFRRBBDDDD\n");
    input.extend_from_slice(b"UUUULLFFRRBBLLFFRRBBDDDX\n");
    input.extend_from_slice(b"UUUUULFFRRBBLLFFRRBBDDDD\n");
    input.extend_from_slice(b"UUUULLFFRRBBLLFFRRBBDDDD\n");
    input.extend_from_slice(b"0000112233441122334455 55\n");
    // Twisted corner: D I H of the solved cube rotated.
    input.extend_from_slice(b"UUURLLFUFRBBLLFFRRBBDDDD\n");
    input.extend_from_slice(format!("{}\n", "x".repeat(10_000)).as_bytes());
    input.extend_from_slice(format!("{CORNER_SWAP}\n").as_bytes());
    let o = pocket(&["solve"], &input);
    assert_eq!(o.status.code(), Some(1));
    let l = lines(&o);
    assert_eq!(l.len(), 10, "{l:?}");
    assert_eq!(moves_of(&l[0]).len(), 11);
    assert_eq!(l[1], "error: expected 24 stickers, got 4 characters");
    assert_eq!(
        l[2],
        "error: byte 0xFF (not UTF-8) at position 3 (sticker C, U bottom-left) is not a printable ASCII colour"
    );
    assert_eq!(
        l[3],
        "error: expected 6 colours, found 7: 'U' 'L' 'F' 'R' 'B' 'D' 'X' ('X' is only on 1 sticker: X)"
    );
    assert_eq!(
        l[4],
        "error: colour 'U' is on 5 stickers (A B C D E), expected 4; 'L' is on 3"
    );
    assert_eq!(l[5], "");
    // A space is never a colour: the state written with one is read whole (solved).
    assert_eq!(l[6], "");
    assert!(l[7].starts_with("error: twisted corner"), "{}", l[7]);
    assert_eq!(
        l[8],
        "error: line too long: 10000 bytes, the limit for a line (a state is 24 characters) is 4096 bytes"
    );
    assert_eq!(l[9], l[0]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("6 of 10 states invalid (first at line 2: expected 24"),
        "{err}"
    );
}

#[test]
fn corner_errors_name_the_corner() {
    let o = pocket(&["solve", "UUUULLFFRRBBLFLFRRBBDDDD"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        lines(&o)[0],
        "error: corner DFL at N O U ('F' 'L' 'D'): its colours are in mirror order"
    );
}

#[test]
fn compact_and_quarter_turn_metric() {
    let o = pocket(&["solve", "--compact", "UUUURRBBLLFFLLFFRRBBDDDD"], b"");
    assert_eq!(lines(&o), ["U2"]);
    let o = pocket(&["solve", "--compact", CORNER_SWAP], b"");
    assert!(!lines(&o)[0].contains(' '));
    assert!(is_solved(&apply(CORNER_SWAP.as_bytes(), &lines(&o)[0])));
    let o = pocket(&["solve", "--metric", "qtm", CORNER_SWAP], b"");
    let l = lines(&o);
    let qtm: usize = moves_of(&l[0])
        .iter()
        .map(|m| if m.ends_with('2') { 2 } else { 1 })
        .sum();
    assert_eq!(qtm, 13);
}

#[test]
fn all_and_count() {
    let o = pocket(&["solve", "--count", CORNER_SWAP, SOLVED_STR], b"");
    assert_eq!(lines(&o), ["24", "1"]);
    let o = pocket(&["solve", "--all", CORNER_SWAP], b"");
    let text = stdout(&o);
    let sols: Vec<&str> = text.trim_end().split(", ").collect();
    assert_eq!(sols.len(), 24);
    for s in &sols {
        assert!(is_solved(&apply(CORNER_SWAP.as_bytes(), s)));
    }
    let o = pocket(&["solve", "--all", "--compact", CORNER_SWAP], b"");
    assert_eq!(stdout(&o).split_whitespace().count(), 24);
}

#[test]
fn double_dash_allows_states_starting_with_a_dash() {
    let o = pocket(&["solve", "--", "----LLFFRRBBLLFFRRBBDDDD"], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(lines(&o), [""]);
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    for args in [
        &["solve", "--metric", "xtm", CORNER_SWAP][..],
        &["solve", "--bogus"],
        &["frobnicate"],
        &[],
    ] {
        let o = pocket(args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        assert!(!o.stderr.is_empty());
    }
    let o = pocket(&["--help"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("pocket solve UUUURLFBLRBFLLFFRRBBDDDD"));
    let o = pocket(&["solve", "--help"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("--metric"));
}

#[test]
fn patterns_default_file_passes() {
    let o = pocket(&["patterns"], b"");
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("13/13 optimal (htm)"), "{text}");
    assert!(text.contains("Corner swap"));
    let o = pocket(&["patterns", "--metric", "qtm"], b"");
    assert!(stdout(&o).contains("13/13 optimal (qtm)"));
}

#[test]
fn patterns_with_a_wrong_expectation_fail() {
    let dir = std::env::temp_dir().join(format!("pocket-patterns-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.txt");
    std::fs::write(
        &file,
        format!("# mine\nCorner swap {CORNER_SWAP} 10\nSolved {SOLVED_STR} 0\n"),
    )
    .unwrap();
    let o = pocket(&["patterns", "--file", file.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(text.contains("length differs from the file"), "{text}");
    assert!(text.contains("1/2 optimal"));
    std::fs::write(&file, "Broken line\n").unwrap();
    let o = pocket(&["patterns", "--file", file.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 1"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn table_method_matches_default_lengths_and_keeps_order() {
    let mut rng = Rng(99);
    let mut input = Vec::new();
    let mut states = Vec::new();
    for i in 0..3000 {
        let s = random_state(&mut rng);
        input.extend_from_slice(&s);
        input.push(b'\n');
        if i % 500 == 7 {
            input.extend_from_slice(b"not a cube\n");
        }
        states.push(s);
    }
    for metric in ["htm", "qtm"] {
        let t = pocket(&["solve", "--method", "table", "--metric", metric], &input);
        let b = pocket(&["solve", "--metric", metric], &input);
        assert_eq!(t.status.code(), Some(1));
        let (tl, bl) = (lines(&t), lines(&b));
        assert_eq!(tl.len(), 3006);
        let mut k = 0;
        for (x, y) in tl.iter().zip(&bl) {
            if x.starts_with("error") {
                assert_eq!(x, y);
                continue;
            }
            assert!(is_solved(&apply(&states[k], x)));
            let len = |s: &str| -> usize {
                moves_of(s)
                    .iter()
                    .map(|m| {
                        if metric == "qtm" && m.ends_with('2') {
                            2
                        } else {
                            1
                        }
                    })
                    .sum()
            };
            assert_eq!(len(x), len(y));
            k += 1;
        }
        assert_eq!(k, 3000);
    }
    let o = pocket(&["solve", "--method", "table", "--count", CORNER_SWAP], b"");
    assert_eq!(lines(&o), ["24"]);
    let o = pocket(&["solve", "--method", "nope", CORNER_SWAP], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn census_tables_and_json() {
    let o = pocket(&["census", "--metric", "htm"], b"");
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.contains("      11       2,644         2,644"),
        "{text}"
    );
    assert!(
        text.contains("   total   3,674,160     1,034,783"),
        "{text}"
    );
    let o = pocket(&["census", "--json"], b"");
    let text = stdout(&o);
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 3);
    assert_eq!(objects[1]["metric"], "qtm");
    assert_eq!(objects[1]["diameter"], 14);
    assert_eq!(objects[1]["total_local_maxima"], 527_049);
    assert_eq!(objects[2]["metric"], "one-way");
    assert_eq!(objects[2]["positions"][19], 1192);
    let o = pocket(&["census", "--metric", "fast"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn census_symmetry_classes_are_the_published_ones() {
    // The three metrics in one run (they are counted side by side).
    let o = pocket(&["census", "--symmetry", "--json"], b"");
    let all: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (htm, qtm, one_way) = (&all[0], &all[1], &all[2]);
    // Up to the 48 symmetries, and up to symmetry and inversion, by HTM distance.
    assert_eq!(
        htm["classes"],
        serde_json::json!([1, 2, 5, 19, 68, 271, 1148, 4915, 18364, 39707, 13225, 77])
    );
    assert_eq!(htm["total_classes"], 77_802);
    assert_eq!(htm["total_classes_with_inversion"], 40_296);
    assert_eq!(
        htm["classes_with_inversion"],
        serde_json::json!([1, 2, 4, 14, 41, 157, 612, 2576, 9410, 20410, 7013, 56])
    );
    // QTM up to symmetry and inversion, as published for the 2x2x2.
    assert_eq!(
        qtm["classes_with_inversion"],
        serde_json::json!([
            1, 1, 3, 4, 13, 35, 126, 398, 1301, 3952, 10086, 14658, 8619, 1091, 8
        ])
    );
    assert_eq!(qtm["symmetries"], 48);
    // One-way: only the rotations keep clockwise turns, and the group is named.
    assert_eq!(one_way["symmetries"], 24);
    assert_eq!(one_way["total_classes"], 154_608);
    assert!(
        one_way["symmetry"]
            .as_str()
            .unwrap()
            .starts_with("the 24 rotations"),
        "{}",
        one_way["symmetry"]
    );
    for refused in [
        &["census", "--symmetry", "--gen", "RU"][..],
        &["census", "--symmetry", "--puzzle", "2x2x1"],
        &["census", "--symmetry", "--svg", "-"],
        &["census", "--json", "--svg", "-"],
    ] {
        assert_eq!(pocket(refused, b"").status.code(), Some(2), "{refused:?}");
    }
}

#[test]
fn a_scramble_no_sequence_can_write_is_refused_at_once() {
    // Exactly 11 half turns never make a position 4 or more from solved.
    let o = pocket(&["scramble", "--gen", "R2,U2,F2"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("is made by exactly 11 moves of R2 U2 F2") && err.contains("--optimal"),
        "{err}"
    );
    let o = pocket(
        &["scramble", "--gen", "R2,U2,F2", "--optimal", "--seed", "1"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn scramble_lines_and_grouped_states_pipe_into_solve() {
    let scrambles = pocket(&["scramble", "-n", "5", "--seed", "7"], b"");
    let o = pocket(&["solve"], &scrambles.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let states: Vec<Vec<u8>> = stdout(&scrambles)
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap().as_bytes().to_vec())
        .collect();
    let direct = pocket(&["solve"], &batch_input(&states));
    assert_eq!(stdout(&o), stdout(&direct));
    let o = pocket(
        &[
            "solve",
            "UUUU LLFF RRBB LLFF RRBB DDDD",
            "UUUU\tRLFB LRBF LLFF RRBB DDDD",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(lines(&o)[0], "");
    assert_eq!(lines(&o)[1].split(' ').count(), 11);
}

#[test]
fn version_short_help_equals_options_and_suggestions() {
    let o = pocket(&["--version"], b"");
    assert_eq!(
        stdout(&o),
        format!("pocket {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(stdout(&pocket(&["-V"], b"")), stdout(&o));
    let o = pocket(&["solve", "-h"], b"");
    assert_eq!(o.status.code(), Some(0));
    let help = stdout(&o);
    assert!(help.contains("Usage: pocket solve"), "{help}");
    assert!(
        help.contains("    E F G H I J K L"),
        "the net is drawn: {help}"
    );
    assert!(help.contains("UUUURRRRFFFFDDDDLLLLBBBB"), "{help}");
    assert_eq!(
        stdout(&pocket(&["net"], b"")),
        help[help.find("A state is 24").unwrap()..]
    );
    let o = pocket(&["solve", "--metric=qtm", "--moves=R2"], b"");
    assert_eq!(stdout(&o), "R2\n");
    let o = pocket(&["slove", "x"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("did you mean `solve`?"));
    let o = pocket(&["solve", "--metrc", "qtm"], b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("did you mean `--metric`?"), "{err}");
    assert!(
        err.contains("Run `pocket solve --help` for usage."),
        "{err}"
    );
    // After --, nothing is an option: a state may start with - or contain =.
    let o = pocket(&["solve", "--", "--version"], b"");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn errors_say_which_corner_colour_and_place() {
    // L and I of the solved cube exchanged: the U-B-L corner shows L and R.
    let o = pocket(&["solve", "UUUULLFFBRBRLLFFRRBBDDDD"], b"");
    assert_eq!(
        lines(&o)[0],
        "error: corner UBL at A E L ('U' 'L' 'R') shows 'L' and 'R', colours of opposite faces"
    );
    // A URFDLB position is named with its face and place too.
    let o = pocket(
        &["solve", "--layout", "urfdlb", "UUUURRRRFFFF%DDDLLLLBBBB"],
        b"",
    );
    assert_eq!(
        lines(&o)[0],
        "error: expected 6 colours, found 7: 'U' 'L' 'F' 'R' 'B' '%' 'D' ('%' is only on 1 sticker: D1)"
    );
    let o = pocket(
        &[
            "solve",
            "--layout",
            "urfdlb",
            "UUUURRRRFFFF\u{7f}DDDLLLLBBBB",
        ],
        b"",
    );
    assert!(
        lines(&o)[0].contains("at position 13 (sticker D1, D top-left)"),
        "{}",
        lines(&o)[0]
    );
}

#[test]
fn show_svg_dash_is_standard_output() {
    let o = pocket(&["show", "--svg", "-", "UUUURLFBLRBFLLFFRRBBDDDD"], b"");
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("<svg"), "{text}");
    assert!(!std::path::Path::new("-").exists());
}

#[test]
fn answers_are_canonical_whatever_the_batch_method_or_metric() {
    // The first solution in move order (the first of --all), alone, after 300 other
    // states, from the table, and with costs.
    let mut rng = Rng(15);
    let others: Vec<Vec<u8>> = (0..300).map(|_| random_state(&mut rng)).collect();
    for metric in ["htm", "qtm"] {
        for state in [CORNER_SWAP, "UUUDLLFRFRBBLLFRFRBBDUDD"] {
            let alone = stdout(&pocket(&["solve", "--metric", metric, state], b""));
            let first = stdout(&pocket(&["solve", "--metric", metric, "--all", state], b""));
            assert_eq!(alone.trim(), first.split(", ").next().unwrap().trim());
            let mut batch = others.clone();
            batch.push(state.as_bytes().to_vec());
            let late = stdout(&pocket(
                &["solve", "--metric", metric],
                &batch_input(&batch),
            ));
            assert_eq!(
                late.lines().last().unwrap(),
                alone.trim(),
                "{metric} {state}"
            );
            let table = stdout(&pocket(
                &["solve", "--metric", metric, "--method", "table", state],
                b"",
            ));
            assert_eq!(table, alone, "{metric} {state}");
        }
    }
    let cost = "R2=1.5,U2=1.4,F=1.3,F2=2";
    let alone = stdout(&pocket(&["solve", "--cost", cost, CORNER_SWAP], b""));
    let all = stdout(&pocket(
        &["solve", "--cost", cost, "--all", CORNER_SWAP],
        b"",
    ));
    let first = all.split(", ").next().unwrap();
    assert!(alone.starts_with(first), "{alone} vs {all}");
}

#[test]
fn the_default_method_switches_to_the_table_invisibly() {
    // 5,000 states at once go to the table; the answers are the search's.
    let mut rng = Rng(16);
    let states: Vec<Vec<u8>> = (0..5000).map(|_| random_state(&mut rng)).collect();
    let input = batch_input(&states);
    let auto = stdout(&pocket(&["solve"], &input));
    let bidir = stdout(&pocket(&["solve", "--method", "bidir"], &input));
    assert_eq!(auto.lines().count(), 5000);
    assert!(auto == bidir, "the default and --method bidir differ");
}

#[test]
fn show_takes_moves_and_scramble_lines() {
    let line = stdout(&pocket(&["scramble", "-n", "1", "--seed", "2"], b""));
    let (sequence, state) = line.trim_end().split_once('\t').unwrap();
    let by_state = stdout(&pocket(&["show", state], b""));
    assert_eq!(stdout(&pocket(&["show"], line.as_bytes())), by_state);
    assert_eq!(
        stdout(&pocket(&["show", "--moves", sequence], b"")),
        by_state
    );
    // A state and --moves: the state turned by the moves (issue 28).
    let o = pocket(&["show", "--moves", "R", state], b"");
    assert_eq!(o.status.code(), Some(0));
    let turned = format!("{sequence} R");
    assert_eq!(
        stdout(&o),
        stdout(&pocket(&["show", "--moves", &turned], b""))
    );
}

#[test]
fn show_refuses_a_huge_line_on_standard_input() {
    let o = pocket(&["show"], &vec![b'U'; 1 << 20]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line too long"));
}

#[test]
fn options_after_the_states_are_options() {
    // Not states: the metric is the one asked for, and two states give two lines.
    let o = pocket(&["solve", CORNER_SWAP, "--metric", "qtm", "--json"], b"");
    assert_eq!(o.status.code(), Some(0));
    let l = lines(&o);
    assert_eq!(l.len(), 1);
    assert!(l[0].contains(r#""metric":"qtm""#), "{}", l[0]);
    let o = pocket(&["solve", CORNER_SWAP, SOLVED_STR, "--compact"], b"");
    assert_eq!(lines(&o), ["RU'R'U'F2U'RUR'UF2", ""]);
    // A state that begins with '-' goes after `--`; before it, it is an option.
    let dashed = CORNER_SWAP.replace('U', "-");
    let o = pocket(&["solve", CORNER_SWAP, &dashed], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(&["solve", "--", CORNER_SWAP, &dashed], b"");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(lines(&o).len(), 2);
}

#[test]
fn scramble_lines_are_read_by_their_moves_and_checked_against_their_state() {
    let scrambles = stdout(&pocket(&["scramble", "-n", "20", "--seed", "3"], b""));
    let by_moves = pocket(&["solve", "--moves", "-"], scrambles.as_bytes());
    let by_state = pocket(&["solve"], scrambles.as_bytes());
    assert_eq!(by_moves.status.code(), Some(0));
    assert_eq!(lines(&by_moves), lines(&by_state));
    for (line, solution) in scrambles.lines().zip(lines(&by_moves)) {
        let state = line.split('\t').nth(1).unwrap_or_default();
        assert!(is_solved(&apply(state.as_bytes(), &solution)), "{line}");
    }
    // A state that the moves do not make, or no state at all after the tab: errors,
    // and the good line stays. Tabs between moves are only spaces.
    let input = format!("R U\t{SOLVED_STR}\nR U\tUUUULLFFRRBBLLFFRRBBDDDX\nR\tU\n");
    let o = pocket(&["solve", "--moves", "-"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        lines(&o),
        [
            format!("error: the moves before the tab do not make the state after it ({SOLVED_STR})"),
            "error: the state after the tab: expected 6 colours, found 7: 'U' 'L' 'F' 'R' 'B' 'D' 'X' ('X' is only on 1 sticker: X)".to_string(),
            "U' R'".to_string(),
        ]
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("2 of 3 move sequences invalid (first at line 1"),
        "{err}"
    );
}
