//! Scrambles are uniform over the positions the help names, and every such position
//! can come: chi-square tests over the distance distribution (library draws, fixed
//! seeds) against an independent table of what sequences of exactly `k` moves make,
//! for the whole cube, `<R,U>` and `<R2,U2,F2>`; and the lengths that used to hang,
//! through the real binary.
use crate::common;

use common::*;
use pocket::cube::{Length, Rng, distance_table_for};
use pocket::model::parse_generators;
use pocket::{Coord, Cube, Move, Scrambler};

const UNSEEN: u8 = u8::MAX;
const EMPTY: u8 = 1 << 3;

/// `levels[k][coord]`: the faces (bits 0-2) of the last moves of the sequences of
/// exactly `k` moves, no face twice in a row, that make the position (bit 3: the
/// empty sequence). Straight from the definition, pushing from each position.
fn exact_levels(moves: &[Move], up_to: usize) -> Vec<Vec<u8>> {
    let n = pocket::model::POSITIONS as usize;
    let mut levels = vec![vec![0u8; n]];
    levels[0][0] = EMPTY;
    for k in 1..=up_to {
        let mut next = vec![0u8; n];
        for (p, &faces) in levels[k - 1].iter().enumerate() {
            if faces == 0 {
                continue;
            }
            for m in moves {
                let face = 1 << m.face() as u8;
                if faces & !face != 0 {
                    let q = Coord::new(p as u32).unwrap().apply(m.index());
                    next[q.index() as usize] |= face;
                }
            }
        }
        levels.push(next);
    }
    levels
}

/// The positions a scramble of `length` moves at `min` or more from solved may be,
/// by the help's rule: farther than the length, or made by exactly that many moves.
struct Expected {
    dist: Vec<u8>,
    levels: Vec<Vec<u8>>,
}

impl Expected {
    fn new(moves: &[Move], up_to: usize) -> Expected {
        Expected {
            dist: distance_table_for(moves),
            levels: exact_levels(moves, up_to),
        }
    }

    fn drawn(&self, c: usize, min: u32, length: usize) -> bool {
        let d = self.dist[c];
        d != UNSEEN && d as u32 >= min && (d as usize > length || self.levels[length][c] != 0)
    }

    /// Positions that may be drawn, by distance.
    fn by_distance(&self, min: u32, length: usize) -> Vec<u64> {
        let mut counts = vec![0u64; 16];
        for c in 0..self.dist.len() {
            if self.drawn(c, min, length) {
                counts[self.dist[c] as usize] += 1;
            }
        }
        counts
    }
}

/// Chi-square critical values at p = 1e-6 for 1 to 15 degrees of freedom: a false
/// failure is out of the question, and the seeds are fixed anyway.
const CRITICAL: [f64; 15] = [
    23.93, 27.63, 30.66, 33.38, 35.89, 38.26, 40.52, 42.70, 44.81, 46.86, 48.87, 50.83, 52.75,
    54.64, 56.49,
];

/// Chi-square of observed distance counts against positions by distance, adjacent
/// distances pooled until each bin expects at least 5; returns (chi2, degrees).
fn chi_square(observed: &[u64], positions: &[u64]) -> (f64, usize) {
    let n: u64 = observed.iter().sum();
    let total: u64 = positions.iter().sum();
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let (mut o, mut e) = (0.0, 0.0);
    for (d, &p) in positions.iter().enumerate() {
        o += observed[d] as f64;
        e += p as f64 * n as f64 / total as f64;
        if e >= 5.0 {
            bins.push((o, e));
            (o, e) = (0.0, 0.0);
        }
    }
    if let Some(last) = bins.last_mut() {
        last.0 += o;
        last.1 += e;
    }
    let chi2 = bins.iter().map(|(o, e)| (o - e) * (o - e) / e).sum();
    (chi2, bins.len().saturating_sub(1))
}

fn moves_from(spec: &str) -> Vec<Move> {
    parse_generators(spec).unwrap()
}

fn faces_alternate(alg: &pocket::Alg) -> bool {
    alg.as_slice()
        .windows(2)
        .all(|w| w[0].face() != w[1].face())
}

/// Draw `n` scrambles with the library, check each against the rule, and test the
/// distances against the positions the rule allows.
fn uniform(moves: &[Move], expected: &Expected, min: u32, length: usize, n: usize, seed: u64) {
    let scrambler = Scrambler::with_moves(moves);
    let allowed = expected.by_distance(min, length);
    assert_eq!(
        scrambler.positions(min, Length::Fixed(length)),
        allowed.iter().sum::<u64>(),
        "{moves:?} {min} {length}"
    );
    let mut rng = Rng::from_seed(seed);
    let mut seen = vec![0u64; 16];
    for _ in 0..n {
        let sc = scrambler
            .scramble(&mut rng, min, Length::Fixed(length))
            .expect("positions may be drawn");
        let c = sc.cube.coord().index() as usize;
        assert!(expected.drawn(c, min, length), "{}", sc.alg);
        assert_eq!(sc.distance, expected.dist[c] as u32);
        assert_eq!(sc.alg.len(), length.max(sc.distance as usize), "{}", sc.alg);
        assert!(faces_alternate(&sc.alg), "{}", sc.alg);
        assert!(sc.alg.as_slice().iter().all(|m| moves.contains(m)));
        assert_eq!(Cube::SOLVED.apply_alg(&sc.alg), sc.cube, "{}", sc.alg);
        seen[sc.distance as usize] += 1;
    }
    let (chi2, df) = chi_square(&seen, &allowed);
    if df == 0 {
        return; // one distance only: nothing to compare
    }
    assert!(
        chi2 < CRITICAL[df - 1],
        "{moves:?} length {length}: chi-square {chi2:.1} on {df}: {seen:?} vs {allowed:?}"
    );
}

#[test]
fn whole_cube_scrambles_are_uniform_at_lengths_11_9_and_3() {
    let all = Move::ALL.to_vec();
    let expected = Expected::new(&all, 11);
    // At 11 every position has a sequence: the census itself.
    assert_eq!(expected.by_distance(0, 11).iter().sum::<u64>(), 3_674_160);
    // At 9, 528 positions 7 from solved and 29,556 at 8 have none (the issue's
    // distance 8, drawn 3% too rarely against the census: by design, and said).
    let at9 = expected.by_distance(4, 9);
    let census = expected.by_distance(4, 11);
    assert_eq!(census[7] - at9[7], 528);
    assert_eq!(census[8] - at9[8], 29_556);
    uniform(&all, &expected, 4, 11, 20_000, 1);
    uniform(&all, &expected, 4, 9, 60_000, 2);
    uniform(&all, &expected, 0, 3, 20_000, 3);
}

#[test]
fn ru_scrambles_are_uniform_at_lengths_11_9_3_and_14() {
    let ru = moves_from("RU");
    let expected = Expected::new(&ru, 14);
    // 503 positions have no sequence of exactly 11 moves; from 14 on, all have.
    let census: u64 = expected.by_distance(0, 14).iter().sum();
    assert_eq!(census, 29_160);
    assert_eq!(
        census - expected.by_distance(0, 11).iter().sum::<u64>(),
        503
    );
    uniform(&ru, &expected, 4, 11, 60_000, 4);
    uniform(&ru, &expected, 4, 9, 30_000, 5);
    uniform(&ru, &expected, 0, 3, 30_000, 6);
    uniform(&ru, &expected, 0, 14, 30_000, 7);
}

#[test]
fn half_turn_scrambles_are_uniform_and_reach_every_allowed_position() {
    let half = moves_from("R2,U2,F2");
    let expected = Expected::new(&half, 21);
    for (min, length) in [(0, 3), (0, 9), (0, 11), (0, 21), (2, 20), (4, 3)] {
        uniform(&half, &expected, min, length, 20_000, 8 + length as u64);
        // Every allowed position comes (24 positions at most, 2,000 draws).
        let scrambler = Scrambler::with_moves(&half);
        let mut rng = Rng::from_seed(length as u64);
        let mut drawn = std::collections::BTreeSet::new();
        for _ in 0..2000 {
            let sc = scrambler
                .scramble(&mut rng, min, Length::Fixed(length))
                .unwrap();
            drawn.insert(sc.cube.coord().index() as usize);
        }
        let allowed: std::collections::BTreeSet<usize> = (0..expected.dist.len())
            .filter(|&c| expected.drawn(c, min, length))
            .collect();
        assert_eq!(drawn, allowed, "min {min} length {length}");
    }
    // Odd lengths make only the 12 positions of odd distance: none 4 from solved.
    let scrambler = Scrambler::with_moves(&half);
    assert_eq!(scrambler.positions(4, Length::Fixed(11)), 0);
    assert_eq!(scrambler.positions(4, Length::Fixed(12)), 5);
    assert_eq!(scrambler.positions(0, Length::Fixed(999)), 12);
}

#[test]
fn other_subsets_and_any_length_write_exact_sequences() {
    // A face with all its turns beside half turns; every length up to the limit.
    for spec in ["R,U2,F2", "RU"] {
        let moves = moves_from(spec);
        let scrambler = Scrambler::with_moves(&moves);
        let mut rng = Rng::from_seed(11);
        for length in [0, 1, 2, 5, 17, 40, 999, 1000] {
            for _ in 0..20 {
                let Some(sc) = scrambler.scramble(&mut rng, 0, Length::Fixed(length)) else {
                    panic!("{spec} length {length}: refused");
                };
                assert_eq!(sc.alg.len(), length.max(sc.distance as usize));
                assert!(faces_alternate(&sc.alg), "{}", sc.alg);
                assert_eq!(Cube::SOLVED.apply_alg(&sc.alg), sc.cube);
            }
        }
        // Optimal: the distance, and every distance from the minimum comes.
        for _ in 0..50 {
            let sc = scrambler.scramble(&mut rng, 3, Length::Optimal).unwrap();
            assert_eq!(sc.alg.len(), sc.distance as usize);
            assert!(sc.distance >= 3);
            assert_eq!(scrambler.distance(&sc.cube), Some(sc.distance));
        }
    }
    // Quarter turns only: R R is canonical there (R2 is not a move of the set).
    let quarters = moves_from("RR',UU',FF'");
    let scrambler = Scrambler::with_moves(&quarters);
    let mut rng = Rng::from_seed(12);
    for length in [11, 12, 25] {
        for _ in 0..20 {
            let sc = scrambler
                .scramble(&mut rng, 0, Length::Fixed(length))
                .unwrap();
            assert_eq!(sc.alg.len(), length.max(sc.distance as usize));
            assert!(sc.alg.as_slice().iter().all(|m| m.quarters() != 2));
            assert_eq!(Cube::SOLVED.apply_alg(&sc.alg), sc.cube);
        }
    }
}

#[test]
fn seeded_scrambles_repeat() {
    let scrambler = Scrambler::with_moves(&moves_from("RU"));
    let draw = |seed| {
        let mut rng = Rng::from_seed(seed);
        (0..50)
            .map(|_| scrambler.scramble(&mut rng, 4, Length::Fixed(25)).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(draw(5), draw(5));
    assert_ne!(draw(5), draw(6));
}

#[test]
fn lengths_that_used_to_hang_answer_at_once() {
    // No position 4 or more from solved is made by an odd number of half turns.
    for length in ["21", "23", "999"] {
        let o = pocket(&["scramble", "--gen", "R2,U2,F2", "--length", length], b"");
        assert_eq!(o.status.code(), Some(2), "{length}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!("exactly {length} moves of R2 U2 F2")),
            "{err}"
        );
    }
    let lines = ok_lines(&[
        "scramble",
        "--gen",
        "R2,U2,F2",
        "--min-distance",
        "0",
        "--length",
        "25",
        "-n",
        "20",
        "--seed",
        "1",
    ]);
    assert_eq!(lines.len(), 20);
    for line in &lines {
        let (seq, state) = line.split_once('\t').unwrap();
        assert_eq!(moves_of(seq).len(), 25, "{line}");
        assert_eq!(apply(SOLVED, seq), state.as_bytes(), "{line}");
    }
    let lines = ok_lines(&[
        "scramble", "--gen", "R2,U2,F2", "--length", "998", "--json", "--seed", "2",
    ]);
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(v["length"], 998);
    assert_eq!(v["distance"], 4);
    for args in [
        &["scramble", "--length", "1000", "-n", "3", "--seed", "3"][..],
        &["scramble", "--gen", "RU", "--length", "999", "-n", "3"],
        &[
            "scramble",
            "--gen",
            "R,U2,F2",
            "--min-distance",
            "0",
            "--length",
            "3",
        ],
    ] {
        let lines = ok_lines(args);
        assert_eq!(lines.len(), if args.contains(&"-n") { 3 } else { 1 });
    }
    // Past the limit: refused, naming it.
    let o = pocket(&["scramble", "--length", "1001"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("at most 1000"));
}

#[test]
fn the_issue_cases_through_the_binary() {
    // Short lengths: positions 2 or less from solved come when 3 moves make them.
    let lines = ok_lines(&[
        "scramble",
        "--gen",
        "RU",
        "--min-distance",
        "0",
        "--length",
        "3",
        "-n",
        "2000",
        "--json",
        "--seed",
        "9",
    ]);
    let mut lengths = std::collections::BTreeSet::new();
    for line in &lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let d = v["distance"].as_u64().unwrap();
        assert!(
            d >= 3,
            "no 3 moves of R and U make a position 2 or less away: {line}"
        );
        assert_eq!(v["length"].as_u64().unwrap(), d.max(3));
        lengths.insert(d);
    }
    assert!(lengths.len() > 5, "{lengths:?}");
}
