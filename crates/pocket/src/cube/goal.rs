//! Solving to a goal with wildcards. The positions matching the goal are the roots
//! of the engine's layered search towards them, over cost buckets, run until the
//! scramble is settled; the walk down those distances then gives the optimal
//! sequences in move order, so the first is the one plain solving would print for
//! the same cheapest cost (the first optimal canonical sequence in the order
//! `R R' R2 U U' U2 F F' F2`, a half turn one move of its metric's cost), and
//! `--all` and `--count` list or count them the same way.

use std::ops::ControlFlow;

use crate::cube::census::distance_table_from;
use crate::cube::goal_cache::{GoalCache, Kept};
use crate::cube::solver::{PocketSolver, PocketSpace};
use crate::engine::layers::{Dense, Direction, Layered, Store, UNSEEN};
use crate::engine::search::{Canon, Moves, Path, Space};
use crate::engine::walk::Walk;
use crate::model::cost::gcd;
use crate::model::goal::{matches, matching};
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, Cube, STICKERS};

/// The optimal sequences from `start` to the positions matching `goal` (in faces),
/// in move order, as far as `f` takes them (it returns `false` to stop); the cheapest
/// cost, or `None` if no matching position can be reached. Flat arrays over the
/// coordinate (about 18 MB whatever the goal). With `cache`, the first state of a goal
/// builds its whole table, and later ones only walk it.
pub fn each_to_goal(
    space: &PocketSpace,
    start: Coord,
    goal: &[Option<u8>; STICKERS],
    cache: Option<&GoalCache>,
    f: &mut dyn FnMut(&Moves) -> bool,
) -> Option<u32> {
    // Already there: the one cheapest sequence is the empty one (and a goal of
    // wildcards need not list every position first).
    if matches(goal, &start.cube()) {
        f(&Moves::new());
        return Some(0);
    }
    let Some(cache) = cache else {
        return search_and_walk(space, start, goal, f);
    };
    // The flat tables (breadth-first for one cost, Dial's buckets for several) take
    // 0.07 s and 0.8 s where the search over cost buckets takes 1 s or more even
    // stopped early, so the first state builds the whole table.
    let mut kept = cache.lock();
    let distances = match &mut *kept {
        Some(k) if k.goal == *goal => &k.distances,
        other => {
            let distances = whole_table(space, goal, unit_cost(space));
            &other
                .insert(Kept {
                    goal: *goal,
                    distances,
                })
                .distances
        }
    };
    walk_table(space, start, distances, f)
}

/// The search from the goal's positions, stopped once `start` is settled, and the
/// walk down it.
fn search_and_walk(
    space: &PocketSpace,
    start: Coord,
    goal: &[Option<u8>; STICKERS],
    f: &mut dyn FnMut(&Moves) -> bool,
) -> Option<u32> {
    let roots: Vec<Coord> = matching(goal).iter().map(|c| c.coord()).collect();
    if roots.is_empty() {
        return None;
    }
    let search = Layered::new(space, Direction::ToRoots);
    let mut store = Dense::new(space);
    let mut cost = None;
    // A dense store never runs out of room: the search cannot fail. Once `start` is
    // settled at cost C, every state within C of a root has its exact distance (its
    // neighbour on the way was settled before), which is all the walk looks at.
    let _ = search.run(&roots, &mut store, |s| {
        if s.state == start {
            cost = Some(s.distance);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    let cost = cost?;
    let canon = Canon::new(space);
    let walk = Walk::new(space, &canon, |s| store.get(s).map(|r| r.distance));
    walk.each(start, cost, None, f);
    Some(cost)
}

/// The cost every move of `space` has, if they all have one.
fn unit_cost(space: &PocketSpace) -> Option<u32> {
    let moves = space.moves();
    let cost = moves.first()?.cost;
    moves.iter().all(|m| m.cost == cost).then_some(cost)
}

/// The distance of every position to the goal's nearest (`u32::MAX`: none reached).
fn whole_table(space: &PocketSpace, goal: &[Option<u8>; STICKERS], unit: Option<u32>) -> Vec<u32> {
    if let Some(cost) = unit {
        // To the goal by the moves is from it by their inverses.
        let back: Vec<Move> = (0..space.moves().len())
            .map(|i| space.move_at(i).inverse())
            .collect();
        let roots: Vec<u32> = matching(goal).iter().map(|c| c.coord().index()).collect();
        let steps = distance_table_from(&back, &roots);
        return steps
            .iter()
            .map(|&d| match d {
                UNSEEN => u32::MAX,
                d => u32::from(d) * cost,
            })
            .collect();
    }
    let roots: Vec<u32> = matching(goal).iter().map(|c| c.coord().index()).collect();
    cost_table_to(space, &roots)
}

/// Dial's algorithm over the flat coordinate, for moves of different costs: the
/// cheapest cost from every position to a root (`u32::MAX`: none). Costs are
/// counted in their greatest common divisor, and a bucket holds every cost from
/// `b * w` to `(b + 1) * w - 1` for `w` the cheapest move's cost: no move leads from
/// a state of a bucket to a cheaper state of the same bucket, so a bucket's states
/// are final when it is reached, in any order (as in delta-stepping with no light
/// edges).
///
/// Whole process, release, `/usr/bin/time`: two states to the U face in QTM 2.64 s
/// with a search over cost buckets, 0.92 s with this table for both; `--cost
/// F=2,F2=3` 2.84 s and 1.01 s. Buckets one cost wide made `--cost R=301,U=1` (costs
/// scaled to break ties by length: two million buckets of a few states each) read
/// its table at random, 80% of the time in one load.
fn cost_table_to(space: &PocketSpace, roots: &[u32]) -> Vec<u32> {
    let moves = space.moves();
    let unit = moves
        .iter()
        .fold(0, |g, m| gcd(g, u64::from(m.cost)))
        .max(1) as u32;
    // To a root by a move is from it by the move's inverse, at the move's cost.
    let back: Vec<(usize, u32)> = (0..moves.len())
        .map(|i| (space.move_at(i).inverse().index(), moves[i].cost / unit))
        .collect();
    let width = back.iter().map(|&(_, c)| c).min().unwrap_or(1).max(1);
    let mut dist = vec![u32::MAX; crate::model::pieces::POSITIONS as usize];
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new()];
    for &r in roots {
        dist[r as usize] = 0;
        buckets[0].push(r);
    }
    let mut b = 0;
    while b < buckets.len() {
        // Sorted, a bucket comes a corner permutation at a time, and one
        // permutation's children under a move share a block of 729 distances: the
        // table's reads stay in the cache (a QTM goal solve, whole process,
        // medians of 5 paired runs: 1.05 s unsorted, 0.59x that sorted).
        let mut bucket = std::mem::take(&mut buckets[b]);
        bucket.sort_unstable();
        bucket.dedup();
        for x in bucket {
            let d = dist[x as usize];
            if d / width != b as u32 {
                continue; // reached more cheaply since it was put here
            }
            for &(m, c) in &back {
                let y = Coord(x).apply(m).index() as usize;
                let to = d + c;
                if to < dist[y] {
                    dist[y] = to;
                    let at = (to / width) as usize;
                    if buckets.len() <= at {
                        buckets.resize(at + 1, Vec::new());
                    }
                    buckets[at].push(y as u32);
                }
            }
        }
        b += 1;
    }
    for x in &mut dist {
        if *x != u32::MAX {
            *x *= unit;
        }
    }
    dist
}

/// The walk down a whole table.
fn walk_table(
    space: &PocketSpace,
    start: Coord,
    distances: &[u32],
    f: &mut dyn FnMut(&Moves) -> bool,
) -> Option<u32> {
    let at = |s: Coord| Some(distances[s.index() as usize]).filter(|&d| d != u32::MAX);
    let cost = at(start)?;
    let canon = Canon::new(space);
    Walk::new(space, &canon, at).each(start, cost, None, f);
    Some(cost)
}

/// The first cheapest way from `start` to any position matching `goal` (in faces),
/// in move order; `None` if no such position can be reached.
pub fn solve_to_goal(
    space: &PocketSpace,
    start: Coord,
    goal: &[Option<u8>; STICKERS],
) -> Option<Path> {
    let mut first = None;
    let cost = each_to_goal(space, start, goal, None, &mut |m| {
        first = Some(m.clone());
        false
    })?;
    Some(Path {
        cost,
        moves: first?,
    })
}

/// Goal solving as methods of the solver: here, beside the search they call, so that
/// the solver needs nothing of this file.
impl PocketSolver {
    /// The cheapest way to any position matching `goal` (faces per sticker, `None` for
    /// any), or `None` if none can be reached.
    pub fn solve_to_goal(&self, cube: &Cube, goal: &[Option<u8>; STICKERS]) -> Option<Alg> {
        let space = self.space();
        let mut first = None;
        let cost = each_to_goal(space, cube.coord(), goal, Some(&self.goals), &mut |m| {
            first = Some(m.clone());
            false
        })?;
        let path = Path {
            cost,
            moves: first?,
        };
        Some(space.alg(&path))
    }

    /// Every cheapest way to a position matching `goal`, in move order (up to
    /// `limit` of them), and how many there are; `None` if none can be reached.
    pub fn solve_all_to_goal(
        &self,
        cube: &Cube,
        goal: &[Option<u8>; STICKERS],
        limit: usize,
    ) -> Option<(Vec<Alg>, u64)> {
        let space = self.space();
        let (mut algs, mut count) = (Vec::new(), 0u64);
        each_to_goal(space, cube.coord(), goal, Some(&self.goals), &mut |m| {
            if algs.len() < limit {
                algs.push(m.iter().map(|&i| space.move_at(i as usize)).collect());
            }
            count += 1;
            true
        })?;
        Some((algs, count))
    }
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
        // The full goal is the ordinary optimum: 7 moves for the state of R U F' R2 U2
        // F R' (a state 11 moves out searched the whole cube: 2 s of the suite).
        let near: Stickers = "BDFRRDRUFBRULULDLUFBBFDL".parse().unwrap();
        let near_cube = near.to_cube().unwrap();
        let full = Goal::parse("UUUULLFFRRBBLLFFRRBBDDDD")
            .unwrap()
            .faces_for(&near, &near_cube)
            .unwrap();
        assert_eq!(
            solve_to_goal(&space, near_cube.coord(), &full)
                .unwrap()
                .moves
                .len(),
            7
        );
        let e = |t: &str| {
            Goal::parse(t)
                .and_then(|g| g.faces_for(&s, &cube))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(e("UUUU"), "goal: expected 24 stickers, got 4 characters");
        assert_eq!(
            e("UUUU\u{7}LLFFRRBBLLFFRRBBDDDD"),
            "goal: control character U+0007 at position 5 is not a colour or '.'"
        );
        // Spaces group a goal as they group a state.
        assert_eq!(
            Goal::parse("UUUU LLFF RRBB LLFFRRBBDDDD"),
            Goal::parse("UUUULLFFRRBBLLFFRRBBDDDD")
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
