//! Solving to a goal with wildcards: Dijkstra's over cost buckets from the scramble,
//! so the first matching position it settles is the cheapest to reach in the chosen
//! metric, move subset and costs.

use std::collections::BTreeMap;

use crate::engine::search::{Canon, Path, Space};
use crate::model::cube::{Coord, POSITIONS, STICKERS};
use crate::model::goal::reachable;
use crate::pocket::solver::PocketSpace;

/// Whether the faces of a position match a goal in faces.
fn matches(goal: &[Option<u8>; STICKERS], c: Coord) -> bool {
    let faces = c.cube().faces();
    goal.iter()
        .zip(faces)
        .all(|(g, f)| g.is_none_or(|g| g == f))
}
/// The cheapest way from `start` to any position matching `goal` (in faces), as a
/// canonical sequence; `None` if no such position can be reached. Dijkstra's over
/// cost buckets with flat arrays over the coordinate (about 18 MB whatever the goal),
/// after a check that some position matches at all.
pub fn solve_to_goal(
    space: &PocketSpace,
    start: Coord,
    goal: &[Option<u8>; STICKERS],
) -> Option<Path> {
    if !reachable(goal) {
        return None;
    }
    let n = space.moves().len();
    let canon = Canon::new(space);
    const UNSEEN: u32 = u32::MAX;
    // For each position: its cost so far, and the move that reached it (`n`: none).
    let mut cost = vec![UNSEEN; POSITIONS as usize];
    let mut last = vec![n as u8; POSITIONS as usize];
    cost[start.0 as usize] = 0;
    let mut buckets: BTreeMap<u32, Vec<Coord>> = BTreeMap::new();
    buckets.insert(0, vec![start]);
    let moves = space.moves();
    while let Some((d, bucket)) = buckets.pop_first() {
        for x in bucket {
            let xi = x.0 as usize;
            if cost[xi] != d {
                continue; // reached more cheaply since
            }
            if matches(goal, x) {
                let mut path = Path {
                    cost: d,
                    moves: Default::default(),
                };
                let mut at = x;
                while at != start {
                    let m = last[at.0 as usize] as usize;
                    path.moves.insert(0, m as u8);
                    at = space.apply(at, moves[m].inverse);
                }
                return Some(path);
            }
            let prev = last[xi] as usize;
            for (m, spec) in moves.iter().enumerate() {
                if !canon.allows((prev < n).then_some(prev), m) {
                    continue;
                }
                let y = space.apply(x, m);
                let c = d + spec.cost;
                let yi = y.0 as usize;
                if c < cost[yi] {
                    cost[yi] = c;
                    last[yi] = m as u8;
                    buckets.entry(c).or_default().push(y);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cost::Metric;
    use crate::model::goal::Goal;
    use crate::model::stickers::Stickers;

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
                .to_string()
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
