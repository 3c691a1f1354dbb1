//! Every printed solution solves its input, and its length equals the distance in an
//! independent breadth-first table (see `common`).

use crate::common::*;

/// Solve states through the real binary in one batch and check every answer.
fn check_batch(states: &[Vec<u8>], metric: &str, oracle: &Oracle) {
    let input: Vec<u8> = batch_input(states);
    let out = pocket(&["solve", "--metric", metric], &input);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), states.len());
    for (s, line) in states.iter().zip(&lines) {
        let after = apply(s, line);
        assert!(
            is_solved(&after),
            "{} + {line} is not solved",
            String::from_utf8_lossy(s)
        );
        let moves = moves_of(line);
        let len: usize = moves
            .iter()
            .map(|m| {
                if metric == "qtm" && m.ends_with('2') {
                    2
                } else {
                    1
                }
            })
            .sum();
        assert_eq!(
            len,
            oracle.dist[&key(s)] as usize,
            "{} -> {line}",
            String::from_utf8_lossy(s)
        );
        assert!(
            moves.windows(2).all(|w| w[0][..1] != w[1][..1]),
            "repeated face in {line}"
        );
    }
}

#[test]
fn oracle_matches_published_counts() {
    assert_eq!(
        htm().counts,
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
    assert_eq!(
        qtm().counts,
        [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276
        ]
    );
}

#[test]
fn all_htm_antipodes_take_eleven_moves() {
    let o = htm();
    assert_eq!(o.antipodes.len(), 2644);
    check_batch(&o.antipodes, "htm", o);
}

#[test]
fn all_qtm_antipodes_take_fourteen_quarter_turns() {
    let o = qtm();
    assert_eq!(o.antipodes.len(), 276);
    check_batch(&o.antipodes, "qtm", o);
}

#[test]
fn random_positions_colours_and_orientations() {
    let mut rng = Rng(2026);
    let states: Vec<Vec<u8>> = (0..3000).map(|_| random_state(&mut rng)).collect();
    check_batch(&states, "htm", htm());
    check_batch(&states[..1500], "qtm", qtm());
}

#[test]
fn published_patterns_match_the_oracle() {
    for p in pocket::challenge::builtin_patterns() {
        let k = key(p.state.as_bytes());
        assert_eq!(Some(htm().dist[&k] as u32), p.htm, "{}", p.name);
        assert_eq!(Some(qtm().dist[&k] as u32), p.qtm, "{}", p.name);
    }
}

#[test]
fn library_all_solutions_are_distinct_optimal_and_complete() {
    // Against a brute force over the oracle: count optimal paths with no repeated face.
    let o = htm();
    let mut rng = Rng(7);
    let mut solver = pocket::PocketSolver::new(pocket::Metric::Htm);
    for _ in 0..40 {
        let s = random_state(&mut rng);
        let cube = pocket::parse_state(std::str::from_utf8(&s).unwrap()).unwrap();
        let all = solver.solve_all(&cube);
        let d = o.dist[&key(&s)] as usize;
        fn count(s: &[u8], d: usize, last: Option<usize>, o: &Oracle) -> usize {
            if d == 0 {
                return 1;
            }
            let mut n = 0;
            for face in (0..3).filter(|&f| Some(f) != last) {
                for q in 1..4 {
                    let t = turn(s, face, q);
                    if o.dist[&key(&t)] as usize == d - 1 {
                        n += count(&t, d - 1, Some(face), o);
                    }
                }
            }
            n
        }
        assert_eq!(all.len(), count(&s, d, None, o));
        let mut texts: Vec<String> = all.iter().map(|a| a.to_string()).collect();
        texts.dedup();
        assert_eq!(texts.len(), all.len());
        for a in &all {
            assert!(is_solved(&apply(&s, &a.to_string())));
        }
    }
}

#[test]
fn counts_of_every_htm_antipode_match_the_oracle() {
    // `--count` merges the optimal-path graph level by level (issue 27); here the
    // paths are counted over the oracle's own table, memoised by position: the sum
    // over the neighbours one closer, with no face turned twice in a row (which an
    // optimal path never does in HTM).
    let o = htm();
    let out = pocket(&["solve", "--count"], &batch_input(&o.antipodes));
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), o.antipodes.len());
    for ((s, line), &want) in o.antipodes.iter().zip(&lines).zip(antipode_paths()) {
        assert_eq!(
            line.parse::<u64>().ok(),
            Some(want),
            "{} -> {line}",
            String::from_utf8_lossy(s)
        );
    }
}

/// The optimal paths of every HTM antipode (`Oracle::optimal_paths`), counted once
/// for the two tests that read them.
fn antipode_paths() -> &'static [u64] {
    static COUNTS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    COUNTS.get_or_init(|| {
        let o = htm();
        let mut memo = std::collections::HashMap::new();
        o.antipodes
            .iter()
            .map(|s| o.optimal_paths(s, &mut memo))
            .collect()
    })
}

/// A solution's moves as indices in the order `R R' R2 U U' U2 F F' F2`.
fn move_order(solution: &str) -> Vec<usize> {
    const NAMES: [&str; 9] = ["R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2"];
    moves_of(solution)
        .iter()
        .map(|m| NAMES.iter().position(|n| n == m).unwrap())
        .collect()
}

#[test]
fn all_solutions_of_every_htm_antipode_are_printed_optimal_and_complete() {
    // `--all` writes each solution's text as it walks the table (issue 27): every
    // printed solution solves its antipode in 11 moves, none twice, sorted in move
    // order, as many as the oracle counts; `--compact` and `--json` list the same.
    let o = htm();
    let input = batch_input(&o.antipodes);
    let lines = |args: &[&str]| -> Vec<String> {
        let out = pocket(args, &input);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        stdout(&out).lines().map(str::to_string).collect()
    };
    let all = lines(&["solve", "--all"]);
    let compact = lines(&["solve", "--all", "--compact"]);
    assert_eq!((all.len(), compact.len()), (2644, 2644));
    let counted = antipode_paths();
    for (((s, line), short), &want) in o.antipodes.iter().zip(&all).zip(&compact).zip(counted) {
        let shown = String::from_utf8_lossy(s);
        let solutions: Vec<&str> = line.split(", ").collect();
        for solution in &solutions {
            assert!(is_solved(&apply(s, solution)), "{shown} + {solution}");
            let moves = moves_of(solution);
            assert_eq!(moves.len(), 11, "{shown} -> {solution}");
            assert!(moves.windows(2).all(|w| w[0][..1] != w[1][..1]));
        }
        let order: Vec<Vec<usize>> = solutions.iter().map(|a| move_order(a)).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{shown}: {line}");
        assert_eq!(solutions.len() as u64, want, "{shown}");
        let squeezed: Vec<String> = solutions.iter().map(|a| a.replace(' ', "")).collect();
        assert_eq!(*short, squeezed.join(" "), "{shown}");
    }
    // JSON lists them from the same walk.
    let few = batch_input(&o.antipodes[..300]);
    let out = pocket(&["solve", "--all", "--json"], &few);
    for (line, text) in stdout(&out).lines().zip(&all) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let listed: Vec<&str> = v["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        assert_eq!(listed.join(", "), *text);
        assert_eq!(v["count"].as_u64(), Some(listed.len() as u64));
    }
}
