//! The scrambler's moves in classes: which may follow which is a matter of the last
//! move's class alone, so a level of sequences is a bit set of classes a position.

use crate::cube::solver::PocketSpace;
use crate::engine::search::Canon;
use crate::model::moves::Move;

/// The class bit of the empty sequence, at level 0 only (solved).
pub(super) const START: u8 = 1 << 7;

/// One move of the scrambler, as the exact-length table uses it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub(super) mv: Move,
    /// Its inverse's index in [`Move::ALL`], to step back.
    pub(super) back: usize,
    /// The bit of its class: moves whose followers the canonical rule treats alike.
    pub(super) class: u8,
    /// The classes (and [`START`]) of the moves it may follow.
    pub(super) after: u8,
}

/// The moves' classes: a move may follow a sequence according to the last move's class
/// only (with whole faces the class is the face; a face with only its quarter turns
/// gives each its own, since `R R` is canonical there).
pub(super) fn steps(moves: &[Move]) -> Vec<Step> {
    let costed: Vec<(Move, u32)> = moves.iter().map(|&m| (m, 1)).collect();
    let space = PocketSpace::with_moves(&costed).expect("distinct moves of cost 1");
    let canon = Canon::new(&space);
    let n = moves.len();
    let row = |a: usize| -> u16 {
        (0..n)
            .filter(|&b| canon.allows(Some(a), b))
            .fold(0, |r, b| r | 1 << b)
    };
    let mut rows: Vec<u16> = Vec::new();
    let class: Vec<u8> = (0..n)
        .map(|a| {
            let r = row(a);
            let c = rows.iter().position(|&x| x == r).unwrap_or_else(|| {
                rows.push(r);
                rows.len() - 1
            });
            // At most six: two per face (its quarter turns), below START.
            debug_assert!(c < 7);
            1 << c
        })
        .collect();
    (0..n)
        .map(|b| {
            let start = if canon.allows(None, b) { START } else { 0 };
            let after = (0..n)
                .filter(|&a| canon.allows(Some(a), b))
                .fold(start, |m, a| m | class[a]);
            Step {
                mv: moves[b],
                back: moves[b].inverse().index(),
                class: class[b],
                after,
            }
        })
        .collect()
}
