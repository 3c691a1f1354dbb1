//! Iterative-deepening A* (IDA*): depth-first searches to growing bounds, each
//! pruning a branch when its moves so far plus a lower bound on the moves left pass
//! the bound. It keeps only the path, so a puzzle far past the bidirectional search's
//! reach is searched in the memory of its lower-bound tables alone.
//!
//! Generic over [`Estimated`]: a node and its moves, and a lower bound that is 0 only
//! at the goal (the puzzle layer's pattern databases are one). Moves count one each;
//! the sequences searched are canonical ([`Canon`]): no move follows one it merges
//! with, and commuting moves of different faces come in face order, so each product
//! of commuting moves is tried once (every order is listed after, when asked for).
//!
//! Why the first answer is optimal: every bound is the least `g + h` that passed the
//! one before, so no shorter sequence was pruned, and a bound's search is complete.

use super::search::{Canon, Moves};

/// A puzzle as IDA* sees it: nodes that moves turn into one another, and a lower
/// bound on the moves from a node to the goal.
pub trait Estimated {
    /// A position, with whatever speeds up its bound (a coordinate per table).
    type Node: Clone;
    /// Number of moves.
    fn move_count(&self) -> usize;
    /// `to` becomes `from` after move `m` (`to` is reused, so no allocation), and
    /// its lower bound on the moves that solve it (0 at the goal) when that is at most
    /// `within`; else `Err` with a bound over `within` (`u32::MAX`: nothing solves
    /// it), and `to` need not be whole: the search will not go there.
    fn step(
        &self,
        from: &Self::Node,
        m: usize,
        to: &mut Self::Node,
        within: u32,
    ) -> Result<u32, u32>;
    /// The lower bound of a node, `None` when no sequence solves it.
    fn estimate(&self, node: &Self::Node) -> Option<u32>;
    /// Whether a node whose bound is 0, reached by `path`, is the goal: a bound may
    /// be 0 short of it when its tables do not see all of the puzzle.
    fn is_goal(&self, _node: &Self::Node, _path: &[u8]) -> bool {
        true
    }
}

/// What a search found: optimal sequences (the first, or all of them) and the nodes
/// it visited.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    pub paths: Vec<Moves>,
    pub nodes: u64,
    /// False when the search stopped at its node limit before an answer.
    pub complete: bool,
}

/// Whether to stop at the first optimal sequence or list them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    First,
    All,
}

/// One search: its space, rule, what it keeps, and its path so far.
struct Run<'a, E: Estimated> {
    space: &'a E,
    canon: &'a Canon,
    listing: Listing,
    /// `nodes[d]`: the node after `d` moves of the current path.
    nodes: Vec<E::Node>,
    path: Moves,
    found: Found,
    /// The least `g + h` over the bound seen in this iteration.
    next_bound: u32,
    stop: &'a mut dyn FnMut() -> bool,
}

impl<E: Estimated> Run<'_, E> {
    /// Search below the node at depth `g`, whose bound is `h`; true to stop.
    fn dive(&mut self, g: usize, h: u32, bound: u32) -> bool {
        if h == 0 && self.space.is_goal(&self.nodes[g], &self.path) {
            self.found.paths.push(self.path.clone());
            return self.listing == Listing::First;
        }
        if self.nodes.len() <= g + 1 {
            let copy = self.nodes[g].clone();
            self.nodes.push(copy);
        }
        // A node at the bound whose bound is 0 short of the goal: its children pass.
        let Some(within) = bound.checked_sub(g as u32 + 1) else {
            self.next_bound = self.next_bound.min(g as u32 + 1);
            return false;
        };
        let prev = self.path.last().map(|&m| m as usize);
        for m in 0..self.space.move_count() {
            if !self.canon.allows_sorted(prev, m) {
                continue;
            }
            let (done, rest) = self.nodes.split_at_mut(g + 1);
            let h2 = self.space.step(&done[g], m, &mut rest[0], within);
            self.found.nodes += 1;
            // The clock is read once in 65,536 nodes.
            if self.found.nodes & 0xFFFF == 0 && (self.stop)() {
                self.found.complete = false;
                return true;
            }
            let h2 = match h2 {
                Ok(h2) => h2,
                Err(u32::MAX) => continue,
                Err(over) => {
                    self.next_bound = self.next_bound.min(g as u32 + 1 + over);
                    continue;
                }
            };
            self.path.push(m as u8);
            let stop = self.dive(g + 1, h2, bound);
            self.path.pop();
            if stop {
                return true;
            }
        }
        false
    }
}

/// The optimal sequences from `start` (the first, or every one the rule allows),
/// searching bounds up to `max_moves`; none when no sequence that short solves it.
/// When `stop` says so (asked once in 65,536 nodes), the search stops, incomplete.
/// The search puts commuting moves in face order; `All` then lists every order of
/// each answer's commuting moves. Searching every order instead took 228 s for
/// the 47,520 optimal solutions of one pyraminx state (its tips commute with
/// everything), and 0.8 s this way.
pub fn ida_star<E: Estimated>(
    space: &E,
    canon: &Canon,
    start: E::Node,
    listing: Listing,
    max_moves: u32,
    stop: &mut dyn FnMut() -> bool,
) -> Found {
    let Some(h) = space.estimate(&start) else {
        return Found {
            complete: true,
            ..Found::default()
        };
    };
    let mut run = Run {
        space,
        canon,
        listing,
        nodes: vec![start],
        path: Moves::new(),
        found: Found {
            complete: true,
            ..Found::default()
        },
        next_bound: u32::MAX,
        stop,
    };
    let mut bound = h;
    while bound <= max_moves {
        run.next_bound = u32::MAX;
        run.dive(0, h, bound);
        if !run.found.complete {
            return run.found;
        }
        if !run.found.paths.is_empty() || run.next_bound == u32::MAX {
            break;
        }
        bound = run.next_bound;
    }
    let mut found = run.found;
    if listing == Listing::All {
        found.paths = every_order(canon, found.paths);
    }
    found
}

/// Every sequence made from `paths` by swapping adjacent commuting moves (which
/// reaches every order of a sequence's commuting moves) that the rule allows,
/// sorted move by move.
fn every_order(canon: &Canon, paths: Vec<Moves>) -> Vec<Moves> {
    let mut seen: std::collections::HashSet<Moves> = std::collections::HashSet::new();
    let mut queue = paths;
    while let Some(p) = queue.pop() {
        if seen.contains(&p) {
            continue;
        }
        for i in 1..p.len() {
            if canon.commute(p[i - 1] as usize, p[i] as usize) {
                let mut q = p.clone();
                q.swap(i - 1, i);
                if !seen.contains(&q) {
                    queue.push(q);
                }
            }
        }
        seen.insert(p);
    }
    let allowed = |p: &Moves| {
        (0..p.len()).all(|i| {
            let prev = i.checked_sub(1).map(|j| p[j] as usize);
            canon.allows(prev, p[i] as usize)
        })
    };
    let mut out: Vec<Moves> = seen.into_iter().filter(allowed).collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::{MoveSpec, Product};

    /// A counter modulo 12 turned by +1, -1 and +5, its bound the exact distance
    /// over 5 (admissible: one move changes it by at most 5).
    struct Clock;

    impl Estimated for Clock {
        type Node = i32;
        fn move_count(&self) -> usize {
            3
        }
        fn step(&self, from: &i32, m: usize, to: &mut i32, within: u32) -> Result<u32, u32> {
            *to = (from + [1, 11, 5][m]) % 12;
            let h = self.estimate(to).unwrap_or(u32::MAX);
            if h <= within { Ok(h) } else { Err(h) }
        }
        fn estimate(&self, n: &i32) -> Option<u32> {
            let d = (*n).min(12 - *n) as u32;
            Some(d.div_ceil(5))
        }
    }

    fn canon() -> Canon {
        let moves = [MoveSpec { face: 0, cost: 1 }; 3];
        Canon::from_relations(&moves, |_, _| Product::Other, |_, _| false)
    }

    #[test]
    fn finds_the_shortest_sequence() {
        // 6 is 5 + 1 (two moves); nothing shorter.
        let found = ida_star(&Clock, &canon(), 6, Listing::First, 20, &mut || false);
        assert_eq!(found.paths.len(), 1);
        assert_eq!(found.paths[0].len(), 2);
        let end = found.paths[0]
            .iter()
            .fold(6, |n, &m| (n + [1, 11, 5][m as usize]) % 12);
        assert_eq!(end, 0);
    }

    #[test]
    fn lists_every_shortest_sequence() {
        // From 2: -1 -1, or +5 +5: both of length 2, and in both orders.
        let found = ida_star(&Clock, &canon(), 2, Listing::All, 20, &mut || false);
        let mut paths: Vec<Vec<u8>> = found.paths.iter().map(|p| p.to_vec()).collect();
        paths.sort();
        assert_eq!(paths, vec![vec![1, 1], vec![2, 2]]);
    }

    /// The clock with no bound at all (0 everywhere) and the goal told by the node.
    struct Blind;

    impl Estimated for Blind {
        type Node = i32;
        fn move_count(&self) -> usize {
            3
        }
        fn step(&self, from: &i32, m: usize, to: &mut i32, _within: u32) -> Result<u32, u32> {
            *to = (from + [1, 11, 5][m]) % 12;
            Ok(0)
        }
        fn estimate(&self, _n: &i32) -> Option<u32> {
            Some(0)
        }
        fn is_goal(&self, n: &i32, _path: &[u8]) -> bool {
            *n == 0
        }
    }

    // A bound of 0 short of the goal (tables blind to orientations) once recursed
    // without end at the bound: the kilominx overflowed its stack.
    #[test]
    fn a_bound_blind_to_the_goal_still_finds_the_shortest() {
        let found = ida_star(&Blind, &canon(), 6, Listing::First, 20, &mut || false);
        assert_eq!(found.paths.len(), 1);
        assert_eq!(found.paths[0].len(), 2);
    }

    #[test]
    fn stops_at_the_bound() {
        assert!(
            ida_star(&Clock, &canon(), 6, Listing::First, 1, &mut || false)
                .paths
                .is_empty()
        );
        assert_eq!(
            ida_star(&Clock, &canon(), 0, Listing::First, 0, &mut || false)
                .paths
                .len(),
            1
        );
    }
}
