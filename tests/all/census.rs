//! `pocket census` of move subsets in each metric, against a Dijkstra over stickers
//! written here.
use crate::common;

use common::brute::*;
use common::*;

/// Positions and local maxima per distance, and every position with its distance.
type OracleCensus = (Vec<u64>, Vec<u64>, Vec<(Vec<u8>, u32)>);

/// Least cost from solved of every position the moves reach (sticker strings, a
/// Dijkstra over cost buckets written here), with the local maxima of each cost.
fn oracle_census(moves: &[usize], cost: &[u32; 9]) -> OracleCensus {
    use std::collections::HashMap;
    let perms = move_perms();
    let step = |s: &[u8], m: usize| -> Vec<u8> { (0..24).map(|i| s[perms[m][i]]).collect() };
    let mut dist: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut buckets: Vec<Vec<Vec<u8>>> = vec![vec![SOLVED.to_vec()]];
    dist.insert(SOLVED.to_vec(), 0);
    let mut d = 0;
    while d < buckets.len() {
        for s in std::mem::take(&mut buckets[d]) {
            if dist[&s] != d as u32 {
                continue;
            }
            for &m in moves {
                let t = step(&s, m);
                let nd = d as u32 + cost[m];
                if dist.get(&t).is_none_or(|&old| old > nd) {
                    dist.insert(t.clone(), nd);
                    if buckets.len() <= nd as usize {
                        buckets.resize(nd as usize + 1, Vec::new());
                    }
                    buckets[nd as usize].push(t);
                }
            }
        }
        d += 1;
    }
    let top = *dist.values().max().unwrap() as usize;
    let (mut positions, mut maxima) = (vec![0u64; top + 1], vec![0u64; top + 1]);
    for (s, &d) in &dist {
        positions[d as usize] += 1;
        if moves.iter().all(|&m| dist[&step(s, m)] <= d) {
            maxima[d as usize] += 1;
        }
    }
    let mut all: Vec<(Vec<u8>, u32)> = dist.into_iter().collect();
    all.sort();
    (positions, maxima, all)
}

/// The rows of a census table printed by the binary: (distance, positions, maxima).
fn census_rows(text: &str) -> Vec<(usize, u64, u64)> {
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let n = |s: &str| s.replace(',', "").parse::<u64>().ok();
            Some((n(f.first()?)? as usize, n(f.get(1)?)?, n(f.get(2)?)?))
        })
        .collect()
}

/// Item 3: in QTM a half turn of `--gen` is a move of two quarter turns: `census`
/// counts the whole group it generates, at distances in quarter turns, and `solve`
/// turns it too.
/// Issue 25, item 3.
#[test]
fn qtm_gen_counts_half_turns_as_two_quarters() {
    let qtm = [1, 1, 2, 1, 1, 2, 1, 1, 2];
    // R,U2,F2 (R brings R'), and R2,U2,F2, by index in MOVES.
    for (gens, moves) in [("R,U2,F2", &[0, 1, 5, 8][..]), ("R2,U2,F2", &[2, 5, 8][..])] {
        let (positions, maxima, states) = oracle_census(moves, &qtm);
        let text = lines_of(&["census", "--gen", gens, "--metric", "qtm"], b"").join("\n");
        let rows = census_rows(&text);
        let want: Vec<(usize, u64, u64)> = (0..positions.len())
            .filter(|&d| positions[d] > 0)
            .map(|d| (d, positions[d], maxima[d]))
            .collect();
        assert_eq!(rows, want, "{gens}: {text}");
        let total: u64 = rows.iter().map(|r| r.1).sum();
        assert_eq!(total, if moves.len() == 4 { 5040 } else { 24 });
        // solve: every 97th position of the group, solved within it, in quarter turns.
        let sample: Vec<&(Vec<u8>, u32)> = states.iter().step_by(97).collect();
        let input = batch_input(&sample.iter().map(|(s, _)| s.clone()).collect::<Vec<_>>());
        let lines = lines_of(&["solve", "--gen", gens, "--metric", "qtm"], &input);
        for ((s, d), line) in sample.iter().zip(&lines) {
            assert!(is_solved(&apply(s, line)), "{gens}: {line}");
            let quarters: u32 = moves_of(line)
                .iter()
                .map(|m| if m.ends_with('2') { 2 } else { 1 })
                .sum();
            assert_eq!(quarters, *d, "{gens} {}: {line}", show(s));
        }
    }
    // A metric turning none of the moves is a usage error naming both options.
    let o = pocket(&["census", "--gen", "R2,U2,F2", "--metric", "one-way"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--metric one-way") && err.contains("--gen"),
        "{err}"
    );
}
