//! A perimeter: every whole position within a few moves of solved, with its
//! distance, found by a breadth-first search of the stickers. A position not in it
//! is at least one move past its last whole layer. It is the lower bound of last
//! resort, for puzzles whose pattern databases leave kinds of piece unseen (the big
//! chop's centres, kinds of five alike in 60 places, need 5,461,512 places and far
//! more move tables than a budget holds): without it IDA* on the big chop was
//! blind, 265 s for five scrambles of six moves that twsearch answers in 0.27 s.
//!
//! Positions are held whole, not by a hash of them, so that no collision can hide
//! one: a lookup's answer is always a true lower bound.

use crate::puzzle::formats::defined::Puzzle;
use ahash::AHashMap;

/// Bytes a held position costs beyond its stickers: the map's key pointer and
/// entry and the allocation's header. It is held twice (the map, and the layer
/// being expanded), so a build counts twice this and the stickers.
const OVERHEAD: usize = 64;

/// The most sticker copies a build makes: about a second on the 2-core VM.
const MOST_WORK: u64 = 1 << 30;

/// The positions within `depth` moves of solved (and some at `depth + 1`).
pub struct Perimeter {
    /// Every position at this distance or less is held.
    depth: u32,
    distance: AHashMap<Box<[u8]>, u8>,
}

impl Perimeter {
    /// The layers of `puzzle` from solved, while they fit `bytes`; the last one
    /// partly, when it does not fit whole.
    pub fn build(puzzle: &Puzzle, bytes: u64) -> Perimeter {
        let per = 2 * (puzzle.stickers() + OVERHEAD) as u64;
        // Each position held costs a sticker copy a move to find its neighbours.
        let work = (puzzle.stickers() * puzzle.moves.len()).max(1) as u64;
        let most = (bytes / per).min(MOST_WORK / work).max(1) as usize;
        let solved: Box<[u8]> = puzzle.solved.clone().into_boxed_slice();
        let mut distance = AHashMap::default();
        distance.insert(solved.clone(), 0u8);
        let mut layer = vec![solved];
        let mut depth = 0u32;
        while !layer.is_empty() && depth < u32::from(u8::MAX) - 1 {
            let mut next = Vec::new();
            for state in &layer {
                for m in &puzzle.moves {
                    let moved: Box<[u8]> = m.perm.iter().map(|&j| state[j as usize]).collect();
                    if distance.contains_key(&moved) {
                        continue;
                    }
                    if distance.len() >= most {
                        return Perimeter { depth, distance };
                    }
                    distance.insert(moved.clone(), depth as u8 + 1);
                    next.push(moved);
                }
            }
            layer = next;
            depth += 1;
        }
        Perimeter { depth, distance }
    }

    /// A lower bound on the moves that solve `stickers`: its distance when held,
    /// else one past the last whole layer.
    #[inline]
    pub fn bound(&self, stickers: &[u8]) -> u32 {
        self.distance
            .get(stickers)
            .map_or(self.depth + 1, |&d| u32::from(d))
    }

    /// Its last whole layer and the positions it holds, for a note.
    pub fn describe(&self) -> String {
        format!(
            "every position within {} move{}, {} held",
            self.depth,
            if self.depth == 1 { "" } else { "s" },
            crate::io::group(self.distance.len() as u64)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On the 2x2x2 (by its own definition, the fixed corner's stickers included)
    /// the perimeter's layers are the census's (1, 9, 54, 321, 1847, ...) up to its
    /// last whole one, the next held in part, and nothing past it.
    #[test]
    fn a_perimeter_holds_the_census_layers() {
        const CENSUS: [u64; 7] = [1, 9, 54, 321, 1847, 9992, 50136];
        let puzzle = Puzzle::load("pocket-golf").expect("built in");
        let perimeter = Perimeter::build(&puzzle, 1 << 20);
        let depth = perimeter.depth as usize;
        assert!((3..5).contains(&depth), "{}", perimeter.describe());
        let mut counts = [0u64; 12];
        for &d in perimeter.distance.values() {
            counts[d as usize] += 1;
        }
        assert_eq!(counts[..=depth], CENSUS[..=depth]);
        assert!(counts[depth + 1] <= CENSUS[depth + 1]);
        assert!(counts[depth + 2..].iter().all(|&c| c == 0));
        assert_eq!(perimeter.bound(&puzzle.solved), 0);
    }
}
