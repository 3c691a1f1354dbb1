//! Brute forces written by hand over stickers, shared by the tests that check the
//! binary against them: the nine moves and their sticker permutations, goal matching,
//! scrambled states and the binary's answer lines.

use super::*;

/// The nine moves in the documented order, as (name, face R U F = 0..3, quarters).
pub const MOVES: [(&str, usize, usize); 9] = [
    ("R", 0, 1),
    ("R'", 0, 3),
    ("R2", 0, 2),
    ("U", 1, 1),
    ("U'", 1, 3),
    ("U2", 1, 2),
    ("F", 2, 1),
    ("F'", 2, 3),
    ("F2", 2, 2),
];

/// Sticker permutation of each of the nine moves, from the hand-written cycles.
pub fn move_perms() -> Vec<[usize; 24]> {
    MOVES
        .iter()
        .map(|&(_, face, q)| {
            let p = quarter(face);
            let mut out: [usize; 24] = std::array::from_fn(|i| i);
            for _ in 0..q {
                out = std::array::from_fn(|i| out[p[i]]);
            }
            out
        })
        .collect()
}

pub fn matches(s: &[u8; 24], goal: &[u8]) -> bool {
    s.iter().zip(goal).all(|(a, g)| *g == b'.' || a == g)
}

/// A random position in the face letters of `SOLVED` (only R U F turned).
pub fn scrambled(rng: &mut Rng) -> Vec<u8> {
    let mut s = SOLVED.to_vec();
    for _ in 0..30 {
        s = turn(&s, rng.below(3), 1 + rng.below(3));
    }
    s
}

pub fn show(s: &[u8]) -> String {
    String::from_utf8_lossy(s).into_owned()
}
