//! Reid's solver against the puzzle's own moves and against a plain search.

use super::cubie::{Cubies, SOLVED, moves};
use super::*;
use crate::puzzle::formats::defined::compose;

fn cube() -> Puzzle {
    Puzzle::load("3x3x3").expect("built in")
}

/// Moves from a small generator (no two on one face in a row).
fn scramble(seed: u64, length: usize) -> Vec<usize> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut out: Vec<usize> = Vec::new();
    while out.len() < length {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = (x % 18) as usize;
        if out.last().is_none_or(|&l| l / 3 != m / 3) {
            out.push(m);
        }
    }
    out
}

fn stickers_after(puzzle: &Puzzle, moves: &[u8]) -> Vec<u8> {
    moves.iter().fold(puzzle.solved.clone(), |s, &m| {
        compose(&s, &puzzle.moves[m as usize].perm)
    })
}

/// The shortest solution's length by a search with no tables (short states only).
fn plain_distance(cube: &Cubies, most: usize) -> Option<usize> {
    fn down(c: &Cubies, left: usize, last: usize, all: &[Cubies; 18]) -> bool {
        if *c == SOLVED {
            return true;
        }
        left > 0 && (0..18).any(|m| m / 3 != last && down(&c.then(&all[m]), left - 1, m / 3, all))
    }
    let all = moves();
    (0..=most).find(|&d| down(cube, d, usize::MAX, &all))
}

#[test]
fn stickers_read_as_the_cubies_the_moves_make() {
    let puzzle = cube();
    let solver_moves = ReidSolver::puzzle_moves(&puzzle).unwrap();
    let all = moves();
    for seed in 0..40 {
        let seq = scramble(seed, 25);
        let by_cubies = seq.iter().fold(SOLVED, |c, &m| c.then(&all[m]));
        let named: Vec<u8> = seq.iter().map(|&m| solver_moves[m]).collect();
        let stickers = stickers_after(&puzzle, &named);
        assert_eq!(
            facelets::cubies(&stickers).unwrap(),
            by_cubies,
            "seed {seed}"
        );
    }
}

#[test]
fn bad_stickers_are_named() {
    let puzzle = cube();
    let mut s = puzzle.solved.clone();
    s.swap(8, 9); // URF's U and R stickers swapped: a mirror image of a corner
    assert_eq!(
        facelets::cubies(&s).unwrap_err(),
        CubeStateError::NoCorner("URF")
    );
    let mut s = puzzle.solved.clone();
    (s[8], s[9], s[20]) = (s[20], s[8], s[9]); // URF turned in its place
    assert_eq!(facelets::cubies(&s).unwrap_err(), CubeStateError::Twisted);
    let mut s = puzzle.solved.clone();
    s.swap(5, 10); // UR flipped
    assert_eq!(facelets::cubies(&s).unwrap_err(), CubeStateError::Flipped);
    assert_eq!(
        facelets::cubies(&s[..50]).unwrap_err(),
        CubeStateError::Stickers(50)
    );
}

/// Reid's smaller tables (the larger take minutes to build: see the ignored test).
fn small_solver(puzzle: &Puzzle) -> ReidSolver {
    ReidSolver::new(puzzle, ReidSolver::least_memory(), 2).unwrap()
}

#[test]
#[ignore = "slow, 9 s (Reid tables; tests/all/reid.rs checks them too): scripts/test-slow"]
fn solutions_solve_and_are_as_short_as_a_plain_search_finds() {
    let puzzle = cube();
    let solver = small_solver(&puzzle);
    let to_kociemba = ReidSolver::puzzle_moves(&puzzle).unwrap();
    for seed in 0..12 {
        let seq = scramble(seed, 3 + seed as usize % 4);
        let named: Vec<u8> = seq.iter().map(|&m| to_kociemba[m]).collect();
        let stickers = stickers_after(&puzzle, &named);
        let answer = solver.solve(&stickers, |_, _| ()).unwrap();
        assert_eq!(
            stickers_after_from(&puzzle, &stickers, &answer.moves),
            puzzle.solved
        );
        let c = facelets::cubies(&stickers).unwrap();
        assert_eq!(
            Some(answer.moves.len()),
            plain_distance(&c, 6),
            "seed {seed}"
        );
    }
}

fn stickers_after_from(puzzle: &Puzzle, start: &[u8], moves: &[u8]) -> Vec<u8> {
    moves.iter().fold(start.to_vec(), |s, &m| {
        compose(&s, &puzzle.moves[m as usize].perm)
    })
}
