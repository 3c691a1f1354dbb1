//! `pocket algs`: algorithms by effect, checked against an independent count over the
//! breadth-first oracle.

use crate::common::*;

/// Sequences of `d` moves (no face twice in a row) taking `s` to solved, counted
/// over the oracle: as many as sequences of `d` moves making `s` from solved. Counts
/// are kept per (position, last face): the optimal paths of a 10-move effect cross
/// the same positions many times (unkept, 3.5 s of the suite's CPU).
fn count(s: &[u8], d: usize, last: Option<usize>) -> usize {
    count_kept(s, d, last, &mut std::collections::HashMap::new())
}

type Kept = std::collections::HashMap<(u64, usize, Option<usize>), usize>;

fn count_kept(s: &[u8], d: usize, last: Option<usize>, kept: &mut Kept) -> usize {
    if d == 0 {
        return usize::from(s == SOLVED);
    }
    if let Some(&n) = kept.get(&(key(s), d, last)) {
        return n;
    }
    let mut n = 0;
    for face in (0..3).filter(|&f| Some(f) != last) {
        for q in 1..4 {
            let t = turn(s, face, q);
            if (htm().dist[&key(&t)] as usize) < d {
                n += count_kept(&t, d - 1, Some(face), kept);
            }
        }
    }
    kept.insert((key(s), d, last), n);
    n
}

fn check_effect(effect: &str, shortest: usize) {
    let found = ok_lines(&["algs", "--effect", effect]);
    assert!(!found.is_empty());
    for a in &found {
        assert_eq!(moves_of(a).len(), shortest, "{a}");
        assert_eq!(apply(SOLVED, a), effect.as_bytes(), "{a}");
    }
    let mut sorted = found.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), found.len());
    assert_eq!(
        found.len(),
        count(effect.as_bytes(), shortest, None),
        "{effect}"
    );
}

#[test]
fn a_three_cycle_of_u_corners() {
    // URF -> UFL -> ULB -> URF, orientations kept: the shortest are 9 moves.
    check_effect("UUUUFFRBLRBLLLFFRRBBDDDD", 9);
}

#[test]
fn a_pure_twist_of_two_u_corners() {
    // URF turned clockwise, UFL anticlockwise.
    let effect = "UUFFLULRURBBLLFFRRBBDDDD";
    assert_eq!(htm().dist[&key(effect.as_bytes())], 10);
    check_effect(effect, 10);
}

#[test]
fn sune_with_r_and_u() {
    let sune = "R U R' U R U2 R'";
    let effect = String::from_utf8(apply(SOLVED, sune)).unwrap();
    let found = ok_lines(&["algs", "--effect", &effect, "--gen", "RU"]);
    assert!(found.contains(&sune.to_string()), "{found:?}");
    for a in &found {
        assert!(!a.contains('F'));
        assert_eq!(apply(SOLVED, a), effect.as_bytes());
    }
    // With wildcards: orient the top layer keeping the rest, R and U only, no empty answer.
    let loose = ok_lines(&[
        "algs",
        "--effect",
        "UUUU........LLFFRRBBDDDD",
        "--gen",
        "RU",
        "--limit",
        "3",
    ]);
    assert_eq!(loose, ["U", "U'", "U2"]);
}

#[test]
fn bad_effects() {
    let o = pocket(&["algs", "--effect", "UUUULFFBRRLBLLFFRRBBDDDD"], b"");
    assert_eq!(o.status.code(), Some(1), "no position has it");
    let o = pocket(&["algs", "--effect", "UUUU"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(&["algs", "--effect", "XUUULLFFRRBBLLFFRRBBDDDD"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a colour of the solved cube"));
}
