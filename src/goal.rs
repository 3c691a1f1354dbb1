//! Solving to a goal with wildcards: the nearest state whose stickers match a
//! pattern, such as only the first layer solved.
//!
//! A goal is 24 characters in the net of the state, using the state's own colour
//! characters, with `.` for "any colour". The search is Dijkstra's over cost buckets
//! from the scramble, so the first matching state it settles is the cheapest to reach
//! in the chosen metric, move subset and costs.

use std::collections::hash_map::Entry;

use ahash::AHashMap;

use crate::cube::{Coord, Cube, STICKERS};
use crate::search::{Path, Space};
use crate::solver::PocketSpace;
use crate::stickers::{Stickers, describe_char};

/// The wildcard character of goals.
pub const WILDCARD: u8 = b'.';

/// A sticker pattern: a colour or any colour at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal(pub [Option<u8>; STICKERS]);

impl Goal {
    /// Read a pattern; `.` is any colour.
    pub fn parse(text: &str) -> Result<Goal, String> {
        let bytes = text.as_bytes();
        if let Some(i) = bytes.iter().position(|b| !(33..=126).contains(b)) {
            let c = text[i..].chars().next().unwrap_or('?');
            return Err(format!(
                "goal: {} at position {} is not a colour or '.'",
                describe_char(c),
                i + 1
            ));
        }
        if bytes.len() != STICKERS {
            return Err(format!(
                "goal: expected 24 stickers, got {} characters",
                bytes.len()
            ));
        }
        Ok(Goal(std::array::from_fn(|i| {
            (bytes[i] != WILDCARD).then_some(bytes[i])
        })))
    }

    /// The goal as faces (U L F R B D = 0..6) for a state coloured like `stickers`
    /// (whose decoded pieces are `cube`): checks that every colour is one of the
    /// state's and that no colour is asked for on more than four stickers.
    pub fn faces_for(
        &self,
        stickers: &Stickers,
        cube: &Cube,
    ) -> Result<[Option<u8>; STICKERS], String> {
        let faces = cube.faces();
        let mut face_of = [None; 128];
        for i in 0..STICKERS {
            face_of[stickers.0[i] as usize] = Some(faces[i]);
        }
        let mut count = [0usize; 6];
        let mut out = [None; STICKERS];
        for (i, c) in self.0.iter().enumerate() {
            let Some(c) = *c else { continue };
            let Some(f) = face_of[c as usize] else {
                return Err(format!(
                    "goal: '{}' at position {} is not a colour of the state",
                    c as char,
                    i + 1
                ));
            };
            count[f as usize] += 1;
            if count[f as usize] > 4 {
                return Err(format!(
                    "goal: colour '{}' is asked for on more than 4 stickers",
                    c as char
                ));
            }
            out[i] = Some(f);
        }
        Ok(out)
    }
}

/// Whether the faces of a position match a goal in faces.
fn matches(goal: &[Option<u8>; STICKERS], c: Coord) -> bool {
    let faces = c.cube().faces();
    goal.iter()
        .zip(faces)
        .all(|(g, f)| g.is_none_or(|g| g == f))
}

/// The cheapest way from `start` to any position matching `goal` (in faces), with no
/// face turned twice in a row; `None` if no such position can be reached.
pub fn solve_to_goal(
    space: &PocketSpace,
    start: Coord,
    goal: &[Option<u8>; STICKERS],
) -> Option<Path> {
    const NO_FACE: u8 = u8::MAX;
    // For each reached position: its cost, and the position and move it came from.
    let mut seen: AHashMap<Coord, (u32, Coord, u8)> = AHashMap::default();
    let mut buckets: Vec<Vec<(Coord, u8)>> = vec![vec![(start, NO_FACE)]];
    seen.insert(start, (0, start, u8::MAX));
    let moves = space.moves();
    let mut d = 0usize;
    while d < buckets.len() {
        let bucket = std::mem::take(&mut buckets[d]);
        for (x, face) in bucket {
            if seen[&x].0 as usize != d {
                continue; // reached more cheaply since
            }
            if matches(goal, x) {
                let mut path = Path {
                    cost: d as u32,
                    moves: Default::default(),
                };
                let mut at = x;
                while at != start {
                    let (_, from, m) = seen[&at];
                    path.moves.insert(0, m);
                    at = from;
                }
                return Some(path);
            }
            for (m, spec) in moves.iter().enumerate() {
                if spec.face == face {
                    continue;
                }
                let y = space.apply(x, m);
                let cost = d as u32 + spec.cost;
                let better = match seen.entry(y) {
                    Entry::Vacant(e) => {
                        e.insert((cost, x, m as u8));
                        true
                    }
                    Entry::Occupied(mut e) if e.get().0 > cost => {
                        e.insert((cost, x, m as u8));
                        true
                    }
                    Entry::Occupied(_) => false,
                };
                if better {
                    if buckets.len() <= cost as usize {
                        buckets.resize(cost as usize + 1, Vec::new());
                    }
                    buckets[cost as usize].push((y, spec.face));
                }
            }
        }
        d += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Metric;

    #[test]
    fn first_layer_and_errors() {
        let s: Stickers = "UUUURLFBLRBFLLFFRRBBDDDD".parse().unwrap();
        let cube = s.to_cube().unwrap();
        // The whole cube but the top layer is already solved: nothing to do.
        let g = Goal::parse("............LLFFRRBBDDDD").unwrap();
        let faces = g.faces_for(&s, &cube).unwrap();
        let space = PocketSpace::new(Metric::Htm);
        assert_eq!(
            solve_to_goal(&space, cube.coord(), &faces)
                .unwrap()
                .moves
                .len(),
            0
        );
        // The full goal is the ordinary optimum.
        let full = Goal::parse("UUUULLFFRRBBLLFFRRBBDDDD")
            .unwrap()
            .faces_for(&s, &cube)
            .unwrap();
        assert_eq!(
            solve_to_goal(&space, cube.coord(), &full)
                .unwrap()
                .moves
                .len(),
            11
        );
        let e = |t: &str| {
            Goal::parse(t)
                .and_then(|g| g.faces_for(&s, &cube))
                .unwrap_err()
        };
        assert_eq!(e("UUUU"), "goal: expected 24 stickers, got 4 characters");
        assert_eq!(
            e("UUUU LLFFRRBBLLFFRRBBDDDD"),
            "goal: a space at position 5 is not a colour or '.'"
        );
        assert_eq!(
            e("X......................."),
            "goal: 'X' at position 1 is not a colour of the state"
        );
        assert_eq!(
            e("UUUUU..................."),
            "goal: colour 'U' is asked for on more than 4 stickers"
        );
    }
}
