//! Random-state scrambles, as the WCA scrambler makes them: a position drawn uniformly,
//! refused if it is too close to solved, then written as a move sequence of a fixed
//! length (11 by default, so the length reveals nothing).
//!
//! What is drawn, exactly: with `--length L`, uniformly among the positions the moves
//! reach, at least `min_distance` from solved, that are either farther than `L` (written
//! with as few moves as possible, their distance) or made by some canonical sequence
//! of exactly `L` moves (no two moves in a row that cancel or merge into one move of
//! the set: with whole faces, no face twice in a row). A position closer than `L` that
//! no such sequence makes is never drawn. With all nine moves that leaves none out at
//! `L` of 11 or more; with `<R,U>` at 11 it leaves out 503 of 29,160 (501 at distance
//! 10, 2 at 8), none from 14 on; with `<R2,U2,F2>` odd lengths make only the 12
//! positions of odd distance and even lengths the other 12.
//!
//! The table behind it, [`Exact`], says which positions canonical sequences of exactly
//! `k` moves make, and with which last move, for every `k`: the sets repeat (from
//! `k = 12` with all nine moves, period 2 with `<R2,U2,F2>`), so a few levels answer
//! for any length, and a sequence is written from its last move back in `L` steps.
//! It is built only for lengths well past the largest distance and for long runs:
//! otherwise a depth-first search pruned by the distance table answers the same
//! questions ("do exactly `k` moves make this position, ending in one of these
//! classes?") for the positions drawn, with the same answers, so the same scrambles
//! come for a seed either way.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use crate::cube::census::distance_table_for;
use crate::engine::layers::UNSEEN;
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, Cube, POSITIONS};

mod distances;
mod exact;
mod positions;
mod rng;
mod steps;

use distances::{DRAWS_BEFORE_BYTES, Distances, HTM_DIAMETER, htm_bytes};
use exact::Exact;
use positions::Positions;
pub use rng::Rng;
use steps::{START, Step, steps};

/// How long a scramble sequence is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// Exactly this many moves, or the position's distance when that is more.
    Fixed(usize),
    /// The shortest sequence that makes the position.
    Optimal,
}

/// One scramble: the sequence, the position it makes, and that position's distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    pub alg: Alg,
    pub cube: Cube,
    pub distance: u32,
}

/// Draws of positions that may not be scrambled before counting whether any may: a
/// request nothing satisfies is refused at once, and a satisfiable one rarely counts.
const DRAWS_BEFORE_COUNTING: usize = 64;

/// Nodes the search for a sequence of an exact length ([`Scrambler::made_by`]) may
/// visit for one question before the exact-length table is built and asked instead.
/// Rarely reached: never in 9,999 scrambles of all nine moves from distance 0 at
/// lengths 5, 9, 11 or 12, once with quarter turns only at length 14.
const SEARCH_BUDGET: u32 = 50_000;

/// Scrambles written by the search before the table is built for the rest: the
/// search costs about 10 us a scramble of all nine moves at length 11 against 1 us
/// with the table, whose build costs 0.15 s (200,000 scrambles at length 12: 3.0 s
/// by the search alone, 0.7 s with the table).
const SEARCHES_BEFORE_TABLE: usize = 10_000;

/// Makes scrambles. Holds the distance of every position (for all nine moves, the
/// built-in HTM table); the exact-length table of its moves (0.16 s of CPU and 7 MB
/// for all nine moves, a few milliseconds for `<R,U>`) is built only when a request
/// needs it: a fixed length more than one past the largest distance, a search that
/// runs out of `SEARCH_BUDGET`, counting what may be drawn, or a long run
/// (`SEARCHES_BEFORE_TABLE`). Otherwise a depth-first search pruned by the
/// distances answers exactly what the table would: the same positions are drawn and
/// the same sequences written for a seed. One `pocket scramble` of all nine moves
/// took 198 ms of CPU with the table always built, 0.46 ms now; `--length 9` 169 to
/// 0.48 ms, `--optimal` 193 to 0.58 ms, `-n 1000` 200 to 10 ms (`perf stat -r 30`).
pub struct Scrambler {
    steps: Vec<Step>,
    positions: Positions,
    dist: Distances,
    diameter: u32,
    /// How many positions are at each distance, counted on first use.
    census: std::sync::OnceLock<Vec<u64>>,
    exact: std::sync::OnceLock<Exact>,
    /// Scrambles written by the search so far.
    searched: std::sync::atomic::AtomicUsize,
    /// Positions drawn so far, while the distances are walked ([`DRAWS_BEFORE_BYTES`]).
    draws: AtomicUsize,
}

impl Default for Scrambler {
    fn default() -> Scrambler {
        Scrambler::new()
    }
}

impl Scrambler {
    /// Scrambles with all nine moves.
    pub fn new() -> Scrambler {
        Scrambler::with_moves(&Move::ALL)
    }

    /// Scrambles of the positions `moves` reach, written with those moves.
    pub fn with_moves(moves: &[Move]) -> Scrambler {
        let steps = steps(moves);
        let scrambler = |positions, dist, diameter| Scrambler {
            steps: steps.clone(),
            positions,
            dist,
            diameter,
            census: std::sync::OnceLock::new(),
            exact: std::sync::OnceLock::new(),
            searched: std::sync::atomic::AtomicUsize::new(0),
            draws: AtomicUsize::new(0),
        };
        if moves.len() == Move::COUNT {
            // All nine moves: the built-in table, nothing to build.
            return scrambler(
                Positions::All,
                Distances::Htm(OnceLock::new()),
                HTM_DIAMETER,
            );
        }
        let all = distance_table_for(moves);
        let diameter = all
            .iter()
            .filter(|&&d| d != UNSEEN)
            .max()
            .map_or(0, |&d| d as u32);
        let reached = all.iter().filter(|&&d| d != UNSEEN).count();
        if reached == POSITIONS as usize {
            return scrambler(Positions::All, Distances::Bytes(all), diameter);
        }
        let coords: Vec<u32> = (0..POSITIONS)
            .filter(|&i| all[i as usize] != UNSEEN)
            .collect();
        let dist = coords.iter().map(|&c| all[c as usize]).collect();
        let number = |c: u32| coords.binary_search(&c).expect("closed under moves");
        let back = coords
            .iter()
            .flat_map(|&c| steps.iter().map(move |s| (c, s.back)))
            .map(|(c, b)| number(Coord(c).apply(b).0) as u32)
            .collect();
        scrambler(
            Positions::Some { coords, back },
            Distances::Bytes(dist),
            diameter,
        )
    }

    /// The largest distance from solved.
    pub fn diameter(&self) -> u32 {
        self.diameter
    }

    /// The exact-length table, built on first use.
    fn exact(&self) -> &Exact {
        self.exact
            .get_or_init(|| Exact::build(&self.steps, &self.positions))
    }

    /// Whether requests of this length go to the table: it is built, or the length is
    /// so far past the largest distance that the search would mostly wander, or the
    /// search has written enough scrambles to have paid for the table.
    fn wants_table(&self, length: Length) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        self.exact.get().is_some()
            || matches!(length, Length::Fixed(l) if l > self.diameter as usize + 1)
            || self.searched.load(Relaxed) >= SEARCHES_BEFORE_TABLE
    }

    /// How many positions [`Scrambler::scramble`] draws from (0: it refuses).
    pub fn positions(&self, min_distance: u32, length: Length) -> u64 {
        match length {
            Length::Fixed(l) if l as u32 > min_distance => {
                let e = self.exact();
                (0..e.count.len())
                    .filter(|&p| e.written(p, min_distance, length).is_some())
                    .map(|p| e.count[p])
                    .sum()
            }
            // Every position far enough is drawn, written with its distance.
            _ => self.census().iter().skip(min_distance as usize).sum(),
        }
    }

    /// The shortest exact length from `from` on at which every position of the group
    /// can be drawn (each is made by some sequence of that many moves, or is farther),
    /// so that a scramble of that length is uniform over the whole group. Where no
    /// length up to `from` plus the diameter plus 2 is (a group of half turns reaches
    /// some positions only in an even number of moves, others only in an odd one), the
    /// shortest of them that draws the most positions.
    pub fn uniform_length(&self, from: usize) -> usize {
        let total: u64 = self.census().iter().sum();
        let mut best = (0, from);
        for l in from..=from + self.diameter as usize + 2 {
            let drawn = self.positions(0, Length::Fixed(l));
            if drawn == total {
                return l;
            }
            if drawn > best.0 {
                best = (drawn, l);
            }
        }
        best.1
    }

    /// How many positions are at each distance.
    fn census(&self) -> &[u64] {
        self.census.get_or_init(|| {
            let mut count = vec![0u64; self.diameter as usize + 1];
            let add = |d: &u8| {
                if *d != UNSEEN {
                    count[*d as usize] += 1;
                }
            };
            match &self.dist {
                Distances::Bytes(d) => d.iter().for_each(add),
                Distances::Htm(bytes) => htm_bytes(bytes).iter().for_each(add),
            }
            count
        })
    }

    /// Draw a position uniformly among those the module's rule allows — at distance
    /// `min_distance` or more, and farther than a fixed length or made by a canonical
    /// sequence of exactly that many moves — and write it with that many moves (its
    /// distance if more, or with [`Length::Optimal`]), a random sequence chosen from the
    /// last move back. `None` if no position may be drawn.
    pub fn scramble(&self, rng: &mut Rng, min_distance: u32, length: Length) -> Option<Scramble> {
        self.scramble_by(rng, min_distance, length, self.wants_table(length))
    }

    /// [`Scrambler::scramble`], asking the table or the search.
    fn scramble_by(
        &self,
        rng: &mut Rng,
        min_distance: u32,
        length: Length,
        mut table: bool,
    ) -> Option<Scramble> {
        let n = self.positions.len() as u64;
        let mut draws = 0;
        loop {
            let i = rng.below(n) as usize;
            if let Distances::Htm(bytes) = &self.dist {
                if bytes.get().is_none() && self.draws.fetch_add(1, Relaxed) >= DRAWS_BEFORE_BYTES {
                    htm_bytes(bytes);
                }
            }
            if let Some((d, len)) = self.length_for(i, min_distance, length, &mut table) {
                return Some(self.write_position(i, d, len, table, rng));
            }
            draws += 1;
            if draws == DRAWS_BEFORE_COUNTING && self.positions(min_distance, length) == 0 {
                return None;
            }
        }
    }

    /// Draw a position uniformly among `among` (positions of a case set or a goal
    /// pattern), of those the rule of [`Scrambler::scramble`] allows, and write it the
    /// same way. `None` if none of them may be drawn. Drawn as `scramble` draws, by
    /// trying random ones (uniform over those allowed), so that a few scrambles need
    /// no table: filtering all 648 CLL positions through the exact-length table first
    /// took 0.92 s of CPU for 2,000 scrambles against 0.07 s for plain ones; drawn
    /// this way, 0.97x plain (whole-process medians, the 2-core EPYC VM).
    pub fn scramble_among(
        &self,
        rng: &mut Rng,
        among: &[Coord],
        min_distance: u32,
        length: Length,
    ) -> Option<Scramble> {
        let mut table = self.wants_table(length);
        for _ in 0..DRAWS_BEFORE_COUNTING {
            let c = *among.get(rng.below(among.len().max(1) as u64) as usize)?;
            let Some(i) = self.positions.number(c) else {
                continue;
            };
            if let Some((d, len)) = self.length_for(i, min_distance, length, &mut table) {
                return Some(self.write_position(i, d, len, table, rng));
            }
        }
        // Rarely allowed: the table answers for every one, and one is drawn among them.
        let mut table = true;
        let allowed: Vec<(usize, u8, usize)> = among
            .iter()
            .filter_map(|&c| self.positions.number(c))
            .filter_map(|i| {
                let (d, len) = self.length_for(i, min_distance, length, &mut table)?;
                Some((i, d, len))
            })
            .collect();
        let (i, d, len) = *allowed.get(rng.below(allowed.len().max(1) as u64) as usize)?;
        Some(self.write_position(i, d, len, table, rng))
    }

    /// The distance of position `i` and the length it is written with, if the rule
    /// lets it be drawn (`table`: ask the table, set once the search gives up).
    fn length_for(
        &self,
        i: usize,
        min_distance: u32,
        length: Length,
        table: &mut bool,
    ) -> Option<(u8, usize)> {
        let d = self.dist.at(i);
        if d == UNSEEN || (d as u32) < min_distance {
            return None;
        }
        let len = match length {
            Length::Optimal => Some(d as usize),
            Length::Fixed(l) if l <= d as usize => Some(d as usize),
            Length::Fixed(l) if *table => {
                let e = self.exact();
                (e.mask(e.profile[i] as usize, l) != 0).then_some(l)
            }
            Length::Fixed(l) => match self.made_by(i, d, l, u8::MAX) {
                Some(made) => made.then_some(l),
                None => {
                    *table = true;
                    let e = self.exact();
                    (e.mask(e.profile[i] as usize, l) != 0).then_some(l)
                }
            },
        }?;
        Some((d, len))
    }

    /// Position `i`, at distance `d`, written with `len` moves.
    fn write_position(&self, i: usize, d: u8, len: usize, table: bool, rng: &mut Rng) -> Scramble {
        // The search may give up part way: the table then writes it, from the same
        // random numbers.
        if !table {
            self.searched
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        let alg = match (!table).then(|| self.write_by_search(i, d, len, rng)) {
            Some(Some(alg)) => alg,
            _ => self.write_by_table(i, d, len, rng),
        };
        Scramble {
            alg,
            cube: self.positions.coord(i).cube(),
            distance: d as u32,
        }
    }

    /// A canonical sequence of exactly `len` moves making position `i`, which the table
    /// says exists: the last move first, each a random one of those whose position
    /// before is made by `len - 1` moves ending in a move it may follow.
    fn write_by_table(&self, i: usize, d: u8, len: usize, rng: &mut Rng) -> Alg {
        let e = self.exact();
        self.write(i, d, len, rng, |y, _, k, after| {
            Some(e.mask(e.profile[y] as usize, k) & after != 0)
        })
        .expect("the table always answers")
    }

    /// [`Scrambler::write_by_table`], each question asked of the search instead; the
    /// same sequence for the same random numbers. `None` if the search ran out of
    /// budget.
    fn write_by_search(&self, i: usize, d: u8, len: usize, rng: &mut Rng) -> Option<Alg> {
        let saved = rng.clone();
        let alg = self.write(i, d, len, rng, |y, dy, k, after| {
            self.made_by(y, dy, k, after)
        });
        if alg.is_none() {
            *rng = saved;
        }
        alg
    }

    /// The walk back from position `i`, at distance `d`, in `len` steps, with
    /// `made(y, distance of y, k, classes)` saying whether `k` moves make position `y`
    /// ending in one of `classes`.
    fn write(
        &self,
        i: usize,
        d: u8,
        len: usize,
        rng: &mut Rng,
        made: impl Fn(usize, u8, usize, u8) -> Option<bool>,
    ) -> Option<Alg> {
        let mut moves = vec![Move::ALL[0]; len];
        let (mut x, mut dx) = (i, d);
        // The classes the move at step `k` may have: any, at the end.
        let mut follow = !START;
        for k in (1..=len).rev() {
            let mut choices = [(0usize, 0usize, 0u8); Move::COUNT];
            let mut found = 0;
            for (j, s) in self.steps.iter().enumerate() {
                if s.class & follow == 0 {
                    continue;
                }
                let y = self.positions.back(&self.steps, x, j);
                let dy = self.dist.beside(y, dx);
                if made(y, dy, k - 1, s.after)? {
                    choices[found] = (j, y, dy);
                    found += 1;
                }
            }
            debug_assert!(found > 0, "a sequence was promised");
            let (j, y, dy) = choices[rng.below(found.max(1) as u64) as usize];
            moves[k - 1] = self.steps[j].mv;
            follow = self.steps[j].after;
            (x, dx) = (y, dy);
        }
        Some(moves.into_iter().collect())
    }

    /// Whether a canonical sequence of exactly `k` moves makes position `y`, at
    /// distance `d`, with its last move in one of `classes` ([`START`]: the empty
    /// sequence), by a depth-first search back to solved pruned by the distances;
    /// `None` past `SEARCH_BUDGET`.
    fn made_by(&self, y: usize, d: u8, k: usize, classes: u8) -> Option<bool> {
        let mut budget = SEARCH_BUDGET;
        self.made_within(y, d, k, classes, &mut budget)
    }

    fn made_within(
        &self,
        y: usize,
        d: u8,
        k: usize,
        classes: u8,
        budget: &mut u32,
    ) -> Option<bool> {
        if d == UNSEEN || d as usize > k {
            return Some(false);
        }
        if k == 0 {
            return Some(classes & START != 0);
        }
        *budget = budget.checked_sub(1)?;
        for (j, s) in self.steps.iter().enumerate() {
            if s.class & classes == 0 {
                continue;
            }
            let z = self.positions.back(&self.steps, y, j);
            if self.made_within(z, self.dist.beside(z, d), k - 1, s.after, budget)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The distance of a position with the scrambler's moves (`None`: out of reach).
    pub fn distance(&self, cube: &Cube) -> Option<u32> {
        let i = self.positions.number(cube.coord())?;
        let d = self.dist.at(i);
        (d != UNSEEN).then_some(d as u32)
    }
}

#[cfg(test)]
mod tests;
