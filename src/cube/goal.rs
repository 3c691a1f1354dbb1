//! Solving to a goal with wildcards: the engine's layered search from the scramble,
//! canonical and over cost buckets, so the first matching position it settles is the
//! cheapest to reach in the chosen metric, move subset and costs.

use std::ops::ControlFlow;

use crate::cube::solver::PocketSpace;
use crate::engine::layers::{Dense, Direction, Layered};
use crate::engine::search::{Canon, Path};
use crate::model::goal::{matches, reachable};
use crate::model::pieces::{Coord, STICKERS};

/// The cheapest way from `start` to any position matching `goal` (in faces), as a
/// canonical sequence; `None` if no such position can be reached. Flat arrays over the
/// coordinate (about 18 MB whatever the goal), after a check that some position
/// matches at all.
pub fn solve_to_goal(
    space: &PocketSpace,
    start: Coord,
    goal: &[Option<u8>; STICKERS],
) -> Option<Path> {
    if !reachable(goal) {
        return None;
    }
    let canon = Canon::new(space);
    let search = Layered::new(space, Direction::FromRoots).canonical(&canon);
    let mut store = Dense::new(space);
    let mut found = None;
    // A dense store never runs out of room: the search cannot fail.
    let _ = search.run(&[start], &mut store, |s| {
        if matches(goal, &s.state.cube()) {
            found = Some(s.state);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    search.path(&store, found?)
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
