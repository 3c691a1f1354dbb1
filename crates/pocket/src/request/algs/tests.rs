//! `algs` requests' shards: read, cut and balanced.

use super::*;
use crate::puzzle::searches::orbit::{OrbitSearch, Rules};

#[test]
fn shards_read_and_cut_the_parts_in_order() {
    assert_eq!("3/8".parse::<Shard>(), Ok(Shard { k: 3, n: 8 }));
    for bad in ["0/8", "9/8", "3", "a/b", "1/0", "-1/2"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
    let sizes = vec![vec![1, 1], vec![5, 5, 5, 5], vec![]];
    let cut = |k, n| Shard { k, n }.ranges(&sizes);
    // Two shards of 22 sequences: the first has the short ones and 2 parts of 5.
    assert_eq!(cut(1, 2), [0..2, 0..2, 0..0]);
    assert_eq!(cut(2, 2), [2..2, 2..4, 0..0]);
    // More shards than parts: some are empty, and all together are everything.
    for n in 1..=30 {
        let mut covered: Vec<Vec<usize>> = vec![Vec::new(); 3];
        for k in 1..=n {
            for (l, r) in cut(k, n).into_iter().enumerate() {
                covered[l].extend(r);
            }
        }
        assert_eq!(covered, [vec![0, 1], vec![0, 1, 2, 3], vec![]], "{n}");
    }
}

/// The largest shard's share of the sequences, against an even share.
fn worst(n: u64, depth: usize, longest: usize) -> f64 {
    let puzzle = crate::puzzle::Puzzle::load("3x3x3").unwrap();
    let search = OrbitSearch::new(&puzzle, Rules::new("corner"), &[]).unwrap();
    let sizes: Vec<Vec<u64>> = (1..=longest)
        .map(|l| search.parts(l, depth).into_iter().map(|(_, w)| w).collect())
        .collect();
    let total: u64 = sizes.iter().flatten().sum();
    (1..=n)
        .map(|k| {
            let ranges = Shard { k, n }.ranges(&sizes);
            let mine: u64 = ranges
                .iter()
                .zip(&sizes)
                .map(|(r, s)| s[r.clone()].iter().sum::<u64>())
                .sum();
            mine as f64 * n as f64 / total as f64
        })
        .fold(0.0, f64::max)
}

#[test]
fn many_shards_stay_balanced_with_three_move_parts() {
    assert!(
        worst(256, 2, 9) > 1.5,
        "two-move parts are too coarse for 256"
    );
    let w = worst(256, 3, 9);
    assert!(w < 1.1, "{w}");
    assert!(worst(16, 2, 9) < 1.1);
}
