//! A puzzle as a space of the engine: its moves with their costs, the bidirectional
//! solver over it, and its census.

use std::ops::ControlFlow;

use super::defined::Puzzle;
use crate::engine::census::{Census, Row};
use crate::engine::layers::{Direction, Layered, Sparse, Store};
use crate::engine::search::{
    MoveSpec, Product, SearchError, Solver, SolverConfig, Space, check_moves,
};
use crate::error::{Error, Kind};
use crate::model::cost::{format_decimal, gcd};

/// Positions a census enumerates at most.
/// Positions a census or one search holds at most: about 300 MB of hash map and
/// layers (7,000,000 entries fit a table of 2^23 slots at its load factor of 7/8).
pub const MAX_POSITIONS: usize = 7_000_000;

impl Puzzle {
    /// A costed definition as a search space; costs in thousandths, reduced. Refused
    /// when a position does not fit in 128 bits, or when the costs are so far apart
    /// that one move costs more than [`MAX_MOVE_COST`] of the cheapest unit.
    pub fn space(&self, weighted: bool) -> Result<PuzzleSpace<'_>, Error> {
        let n = self.stickers() as u32;
        if n * self.bits > 128 {
            return Err(Error::invalid(
                Kind::Puzzle,
                format!(
                    "{n} stickers of {} colours need {} bits a position: too large to solve here (at most 128)",
                    self.colours.len(),
                    n * self.bits
                ),
            ));
        }
        let g = self.moves.iter().fold(0, |g, m| gcd(g, m.cost));
        if weighted {
            let (lo, hi) = self.moves.iter().fold((u64::MAX, 0), |(lo, hi), m| {
                (lo.min(m.cost), hi.max(m.cost))
            });
            if hi / g > MAX_MOVE_COST as u64 {
                return Err(Error::invalid(
                    Kind::Puzzle,
                    format!(
                        "costs too far apart or too finely divided: {} is {} units of {} (the \
                     cheapest move costs {}), at most {MAX_MOVE_COST}",
                        format_decimal(hi, 1000),
                        hi / g,
                        format_decimal(g, 1000),
                        format_decimal(lo, 1000),
                    ),
                ));
            }
        }
        let relations = self.relations();
        let specs = self
            .moves
            .iter()
            .map(|m| MoveSpec {
                face: m.face,
                cost: if weighted { (m.cost / g) as u32 } else { 1 },
            })
            .collect();
        let space = PuzzleSpace {
            puzzle: self,
            specs,
            inverses: relations.inverses,
            products: relations.products,
            commutes: relations.commutes,
            goal: self.state(&self.solved)?,
            unit: if weighted { g } else { 1000 },
            weighted,
        };
        check_moves(&space)?;
        Ok(space)
    }
}

/// The largest cost of one move in units of the costs' greatest common divisor, so
/// that every distance of a search fits its 32-bit counters with room to spare.
pub const MAX_MOVE_COST: u32 = 1_000_000;

/// A puzzle definition as a search space over packed sticker states.
pub struct PuzzleSpace<'a> {
    puzzle: &'a Puzzle,
    specs: Vec<MoveSpec>,
    /// The move undoing each move (a definition has every inverse).
    inverses: Vec<usize>,
    /// `products[a * n + b]`: what move `a` then move `b` make.
    products: Vec<Product>,
    /// `commutes[a * n + b]`: whether `a b` and `b a` are the same.
    commutes: Vec<bool>,
    goal: u128,
    /// Thousandths per cost unit of the search.
    unit: u64,
    /// Whether distances are the definition's costs rather than move counts.
    weighted: bool,
}

impl PuzzleSpace<'_> {
    /// A search cost in thousandths of the definition's costs (exact).
    pub fn thousandths(&self, units: u32) -> u64 {
        units as u64 * self.unit
    }

    /// The names of the moves of a path.
    pub fn names(&self, moves: &[u8]) -> Vec<&str> {
        moves
            .iter()
            .map(|&m| self.puzzle.moves[m as usize].name.as_str())
            .collect()
    }

    /// A solver for this space that gives up past [`MAX_POSITIONS`] positions.
    pub fn solver(&self) -> Solver<&Self> {
        Solver::with_config(
            self,
            SolverConfig {
                max_states: MAX_POSITIONS,
                ..SolverConfig::default()
            },
        )
    }
}

impl Space for PuzzleSpace<'_> {
    type State = u128;

    fn moves(&self) -> &[MoveSpec] {
        &self.specs
    }

    fn apply(&self, s: u128, m: usize) -> u128 {
        let p = &self.puzzle;
        let mask = (1u128 << p.bits) - 1;
        let mut packed = 0u128;
        for (i, &src) in p.moves[m].perm.iter().enumerate() {
            packed |= ((s >> (src as u32 * p.bits)) & mask) << (i as u32 * p.bits);
        }
        packed
    }

    fn apply_inverse(&self, s: u128, m: usize) -> u128 {
        self.apply(s, self.inverses[m])
    }

    fn goal(&self) -> u128 {
        self.goal
    }

    fn product(&self, a: usize, b: usize) -> Product {
        self.products[a * self.specs.len() + b]
    }

    fn commutes(&self, a: usize, b: usize) -> bool {
        self.commutes[a * self.specs.len() + b]
    }
}

impl PuzzleSpace<'_> {
    /// The census: every position by the cost of solving it (which differs from the
    /// cost of making it when a move and its inverse cost differently), with local
    /// maxima, by the engine's layered search. Gives up past [`MAX_POSITIONS`]
    /// positions (at once when the orbits of the stickers show there can be no more),
    /// or when memory runs out.
    pub fn census(&self) -> Result<Census, Error> {
        self.census_with_progress(&mut |_, _| {})
    }

    /// [`PuzzleSpace::census`], calling `progress` with the positions settled so far
    /// and the distance reached, every 65,536 positions.
    pub fn census_with_progress(
        &self,
        progress: &mut dyn FnMut(u64, u32),
    ) -> Result<Census, Error> {
        let p = self.puzzle;
        let refuse = |e: SearchError| {
            Error::invalid(
                Kind::Puzzle,
                format!("census {}", e.to_string().replace("the search", "it")),
            )
        };
        let mut store = Sparse::new(MAX_POSITIONS);
        let bound = p.size_bound();
        if bound <= MAX_POSITIONS as f64 {
            // The bound is usually the size: one allocation instead of doublings.
            store.reserve(bound as usize).map_err(refuse)?;
        }
        let mut rows: Vec<Row> = Vec::new();
        let mut settled = 0u64;
        Layered::new(self, Direction::ToRoots)
            .run(&[self.goal], &mut store, |s| {
                if rows.last().is_none_or(|r| r.distance != s.distance) {
                    rows.push(Row {
                        distance: s.distance,
                        positions: 0,
                        local_maxima: 0,
                    });
                }
                let row = rows.last_mut().expect("a row for this distance");
                row.positions += 1;
                row.local_maxima += s.local_maximum as u64;
                settled += 1;
                if settled % 65_536 == 0 {
                    progress(settled, s.distance);
                }
                ControlFlow::Continue(())
            })
            .map_err(refuse)?;
        let weighted = self.weighted;
        Ok(Census {
            puzzle: p.name.clone(),
            metric: if weighted { "cost" } else { "moves" }.into(),
            moves: p.moves.iter().map(|m| m.name.clone()).collect(),
            subset: false,
            title: format!("{} ({} stickers)", p.name, p.stickers()),
            cost_unit: weighted.then_some(self.unit),
            rows,
            symmetry: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::census::census;
    use crate::model::cost::Metric;

    #[test]
    fn the_2x2x1_of_the_seeds() {
        let p = Puzzle::load("2x2x1").unwrap();
        assert_eq!(p.stickers(), 16);
        let c = p.space(false).unwrap().census().unwrap();
        assert_eq!(c.positions(), [1, 4, 10, 8, 1]);
        assert_eq!((c.total(), c.diameter()), (24, 4));
        let space = p.space(true).unwrap();
        let w = space.census().unwrap();
        assert_eq!(w.format_distance(w.diameter()), "7");
        assert_eq!(w.total(), 24);
        let slow_d = p.with_costs("D=10").unwrap();
        let w = slow_d.space(true).unwrap().census().unwrap();
        assert!(w.diameter() > 7);
        assert!(
            p.with_costs("Q=1")
                .unwrap_err()
                .to_string()
                .contains("no move 'Q'")
        );
    }

    /// The whole census through the generic hash-map search: about 10 s, most of a
    /// warm `cargo test`. Its parts are checked quickly elsewhere (the write-up's move
    /// tables and breadth-first lengths in tests/definitions.rs, the generic census
    /// against Dijkstra on random definitions).
    #[test]
    #[ignore = "about 10 s: run with cargo test --release -- --ignored"]
    fn pocket_21_has_the_quarter_turn_census() {
        let p = Puzzle::load("pocket-21").unwrap();
        assert_eq!(p.stickers(), 21);
        let c = p.space(false).unwrap().census().unwrap();
        assert_eq!(c.positions(), census(Metric::Qtm).positions());
    }

    /// The generic space of `pocket-golf` is the cube, checked on every position
    /// through the coordinate: each move of the definition takes the packed stickers
    /// of a position to those of the position the cube's move tables give. With the
    /// differential test of the generic census (tests/definitions.rs), this carries
    /// the census equality below without its 10 s of hash-map search.
    #[test]
    fn pocket_golf_moves_are_the_cube_moves_on_every_position() {
        use crate::model::moves::Move;
        use crate::model::pieces::{Coord, POSITIONS};
        let p = Puzzle::load("pocket-golf").unwrap();
        let space = p.space(false).unwrap();
        let packed: Vec<u128> = (0..POSITIONS)
            .map(|c| {
                let stickers = Coord(c).cube().stickers();
                p.state(stickers.as_str().as_bytes()).unwrap()
            })
            .collect();
        let moves: Vec<usize> = p
            .moves
            .iter()
            .map(|m| m.name.parse::<Move>().unwrap().index())
            .collect();
        for c in 0..POSITIONS {
            for (m, &cube_move) in moves.iter().enumerate() {
                let next = Coord(c).apply(cube_move);
                assert_eq!(
                    space.apply(packed[c as usize], m),
                    packed[next.0 as usize],
                    "{} at {c}",
                    p.moves[m].name
                );
            }
        }
    }

    /// The whole census through the generic hash-map search (about 15 s):
    /// `cargo test --release -- --ignored pocket_golf_census`.
    #[test]
    #[ignore]
    fn pocket_golf_census_equals_the_fast_census() {
        let p = Puzzle::load("pocket-golf").unwrap();
        let c = p.space(false).unwrap().census().unwrap();
        assert_eq!(c.rows, census(Metric::Htm).rows);
    }
}
