use super::names::{OLL_NAMES, ring_order, twist_pattern};
use super::*;

#[test]
fn oll_names_are_seven_patterns() {
    let mut patterns: Vec<[u8; 4]> = OLL_NAMES
        .iter()
        .map(|&(_, a)| twist_pattern(&Cube::SOLVED.apply_alg(&a.parse::<Alg>().unwrap().inverse())))
        .collect();
    patterns.sort();
    patterns.dedup();
    assert_eq!(patterns.len(), 7);
    assert!(!patterns.contains(&[0; 4]));
}

#[test]
fn ring_orders() {
    assert_eq!(ring_order([0, 1, 2, 3], [0, 1, 2, 3]), "solved");
    assert_eq!(ring_order([1, 2, 3, 0], [0, 1, 2, 3]), "solved");
    assert_eq!(ring_order([1, 0, 2, 3], [0, 1, 2, 3]), "adj");
    assert_eq!(ring_order([2, 1, 0, 3], [0, 1, 2, 3]), "diag");
}
