//! Solving to a goal with wildcards (`--goal`): answers against a brute force over
//! stickers written here, in HTM, QTM and with `--cost`, with `--all` and `--count`.
use crate::common;

use common::brute::*;
use common::*;

/// Every sequence (no face turned twice in a row) from `s` to a state matching
/// `goal`, of the least cost (with `fewest`, then the fewest moves), in move order: a
/// brute force by increasing budget, independent of the library. `cost[m]` is move
/// m's cost.
fn brute_goal(s: &[u8], goal: &[u8], cost: &[u32; 9], fewest: bool) -> Vec<String> {
    let perms = move_perms();
    let start: [u8; 24] = s.try_into().unwrap();
    #[allow(clippy::too_many_arguments)]
    fn go(
        s: &[u8; 24],
        left: u32,
        last: Option<usize>,
        path: &mut Vec<usize>,
        goal: &[u8],
        cost: &[u32; 9],
        perms: &[[usize; 24]],
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            if matches(s, goal) {
                out.push(path.clone());
            }
            return;
        }
        for m in 0..9 {
            if cost[m] > left || last.is_some_and(|l| MOVES[l].1 == MOVES[m].1) {
                continue;
            }
            let t: [u8; 24] = std::array::from_fn(|i| s[perms[m][i]]);
            path.push(m);
            go(&t, left - cost[m], Some(m), path, goal, cost, perms, out);
            path.pop();
        }
    }
    for budget in 0.. {
        let mut found = Vec::new();
        go(
            &start,
            budget,
            None,
            &mut Vec::new(),
            goal,
            cost,
            &perms,
            &mut found,
        );
        if let Some(least) = found.iter().map(Vec::len).min() {
            return found
                .into_iter()
                .filter(|p| !fewest || p.len() == least)
                .map(|p| p.iter().map(|&m| MOVES[m].0).collect::<Vec<_>>().join(" "))
                .collect();
        }
    }
    unreachable!()
}

/// Item 2: `--goal` answers are the first cheapest sequence in move order, as plain
/// solving's are, in HTM, QTM (a half turn one move costing two) and with `--cost`
/// (cheapest, then fewest moves); `--all` lists and `--count` counts them all. One
/// test a metric, so that the brute force of each runs beside the others (together
/// they were the suite's longest test, 13 s of a warm 46 s).
/// Issue 25, item 2.
#[test]
fn goal_answers_are_canonical_in_htm() {
    goal_answers_against_brute_force(&["--metric", "htm"], [1; 9], false, &GOALS, 3, 25);
}

#[test]
fn goal_answers_are_canonical_in_qtm() {
    // The case of the issue.
    let first = lines_of(
        &[
            "solve",
            "--metric",
            "qtm",
            "--goal",
            "............LLFFRRBBDDDD",
            "FLRRLUFBUDFULDFDRLBBRBDU",
        ],
        b"",
    );
    assert_eq!(first, ["U' R' U' F'"]);
    // One state of one goal: the brute force of quarter turns is the slowest (5 s of
    // the suite's CPU for one state of each goal, 17 s for two). The other goal is in
    // the ignored test below; more states a goal run in `combinations.rs` against the
    // slow model.
    goal_answers_against_brute_force(&["--metric", "qtm"], QTM, false, &GOALS[..1], 1, 26);
}

/// Quarter-turn costs: a half turn is one move costing two.
const QTM: [u32; 9] = [1, 1, 2, 1, 1, 2, 1, 1, 2];

#[test]
#[ignore = "slow brute force, 10 s: cargo test --test all -- --ignored goals::"]
fn goal_answers_are_canonical_in_qtm_on_more_states() {
    goal_answers_against_brute_force(&["--metric", "qtm"], QTM, false, &GOALS, 2, 26);
}

#[test]
fn goal_answers_are_canonical_with_costs() {
    // --cost "F=2,F2=3": F and F' cost 2, F2 3, the other moves 1. The brute force
    // is slow in a debug build: the deeper goal not with weighted costs.
    let weighted = [1, 1, 1, 1, 1, 1, 2, 2, 3];
    goal_answers_against_brute_force(&["--cost", "F=2,F2=3"], weighted, true, &GOALS[..1], 2, 27);
}

/// Issue 25, item 2.
#[test]
fn the_whole_solved_pattern_as_a_goal_is_plain_solving() {
    let mut rng = Rng(28);
    let states: Vec<Vec<u8>> = (0..2).map(|_| scrambled(&mut rng)).collect();
    let input = batch_input(&states);
    for metric in [
        &["--metric", "qtm"][..],
        &["--metric", "htm"][..],
        &["--cost", "F=2,F2=3"][..],
    ] {
        let plain = lines_of(&[&["solve"][..], metric].concat(), &input);
        let goal = lines_of(
            &[&["solve", "--goal", "UUUULLFFRRBBLLFFRRBBDDDD"][..], metric].concat(),
            &input,
        );
        assert_eq!(plain, goal, "{metric:?}");
    }
}

/// The goals of item 2's tests: the U face, and the first two layers from below.
const GOALS: [&str; 2] = ["UUUU....................", "............LLFFRRBBDDDD"];

/// A few scrambled states for each goal (the brute force is slow in a debug build):
/// the first answer, `--all` and `--count` against the brute force's list.
fn goal_answers_against_brute_force(
    metric: &[&str],
    costs: [u32; 9],
    fewest: bool,
    goals: &[&str],
    per_goal: usize,
    seed: u64,
) {
    let mut rng = Rng(seed);
    for &goal in goals {
        let states: Vec<Vec<u8>> = (0..per_goal).map(|_| scrambled(&mut rng)).collect();
        let input = batch_input(&states);
        let base: Vec<&str> = ["solve", "--goal", goal]
            .into_iter()
            .chain(metric.iter().copied())
            .collect();
        let one = lines_of(&base, &input);
        let all = lines_of(&[&base[..], &["--all"]].concat(), &input);
        let count = lines_of(&[&base[..], &["--count"]].concat(), &input);
        for (k, s) in states.iter().enumerate() {
            let want = brute_goal(s, goal.as_bytes(), &costs, fewest);
            let shown = one[k].split(" (cost").next().unwrap();
            assert_eq!(shown, want[0], "{metric:?} {goal} {}", show(s));
            let after: [u8; 24] = apply(s, shown).try_into().unwrap();
            assert!(matches(&after, goal.as_bytes()));
            let listed = all[k].split(" (cost").next().unwrap();
            assert_eq!(listed, want.join(", "), "{metric:?} {goal} {}", show(s));
            assert_eq!(count[k], want.len().to_string(), "{metric:?} {goal}");
        }
    }
}
