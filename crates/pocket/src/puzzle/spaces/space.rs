//! A puzzle as a space of the engine: its moves with their costs, the bidirectional
//! solver over it, and its census.
//!
//! A puzzle runs on one of two engines, chosen when its space is made:
//! - *coordinates* ([`crate::puzzle::spaces::coords`]): its pieces ranked into a dense number, moved
//!   by tables, counted in two bits a position by the engine's block search (or in
//!   flat arrays by its Dijkstra, with costs): the cube's own way, for any definition
//!   whose pieces show their orientation;
//! - *stickers*: packed sticker strings in hash maps, for the rest (at most
//!   [`MAX_POSITIONS`] positions).
//!
//! Either way a state is a `u128`: a coordinate's bit fields, or the packed stickers.
//! A solve on coordinates searches them in the narrowest word that holds them, 32 or
//! 64 bits where they fit ([`PuzzleSolver`]): one generic search, cheaper states.

use crate::engine::search::{MoveSpec, Product, Space};
use crate::io::group;
use crate::model::{Error, Kind};
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::spaces::coords::Coords;
use crate::puzzle::spaces::split::SplitOrbit;

mod budget;
mod build;
mod census;
mod solver;

use build::split_for;

pub use solver::PuzzleSolver;

/// Positions a census of the sticker engine or one search holds at most: about 420
/// MB of hash map and layers, measured (7,000,000 entries fit a table of 2^23 slots at
/// its load factor of 7/8). The coordinate engine's census has no such cap: its memory is
/// known before it starts, and checked against a budget.
pub const MAX_POSITIONS: usize = 7_000_000;

/// The memory a census may take unless told otherwise (`--memory`), in bytes.
pub const DEFAULT_MEMORY: u64 = 1 << 30;

/// Which engine a puzzle's searches run on.
#[derive(Clone, Debug)]
pub enum Engine {
    /// Dense coordinates with move tables.
    Coordinates(Coords),
    /// Packed stickers in hash maps, and why there are no coordinates.
    Stickers(String),
}

/// The largest cost of one move in units of the costs' greatest common divisor, so
/// that every distance of a search fits its 32-bit counters with room to spare.
pub const MAX_MOVE_COST: u32 = 1_000_000;

/// A puzzle definition as a search space over coordinates or packed stickers.
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
    engine: Engine,
    /// The census's numbering of one orbit too large for a move table
    /// ([`crate::puzzle::spaces::split`]), found when first asked for.
    split: std::sync::OnceLock<Option<SplitOrbit>>,
    /// The split was taken for a census where a coordinate could be built.
    split_first: bool,
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

    /// The engine this space runs on.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The engine in one word: `coordinates`, `split` (a census of one orbit split,
    /// [`crate::puzzle::spaces::split`]; solves on stickers) or `stickers`.
    pub fn engine_name(&self) -> &'static str {
        match self.engine {
            Engine::Coordinates(_) => "coordinates",
            Engine::Stickers(_) if self.split().is_some() => "split",
            Engine::Stickers(_) => "stickers",
        }
    }

    /// The census's split of the puzzle's one orbit, when it is past a move table
    /// (or taken first, [`Puzzle::census_space`]) and its census is of moves or of
    /// the cheapest moves ([`Cheapest`](crate::puzzle::spaces::cheapest::Cheapest)).
    fn split(&self) -> Option<&SplitOrbit> {
        let find = || match self.engine {
            Engine::Stickers(_) => split_for(self.puzzle, self.weighted, &self.products),
            Engine::Coordinates(_) => None,
        };
        self.split.get_or_init(find).as_ref()
    }

    /// The engine in a phrase, for the census footer: the coordinate's parts and
    /// size, or why there is none.
    pub fn engine_note(&self) -> String {
        match &self.engine {
            Engine::Coordinates(c) => {
                let parts: Vec<String> = c.part_sizes().iter().map(|&s| group(s)).collect();
                let (halved, copies) = c.links();
                let mut said = Vec::new();
                if halved > 0 {
                    said.push(format!(
                        "{halved} arrangement{} halved by the parities of the moves",
                        if halved == 1 { "" } else { "s" }
                    ));
                }
                if copies > 0 {
                    said.push(format!("{copies} carried as a copy of another"));
                }
                let linked = match said.is_empty() {
                    true => String::new(),
                    false => format!(" ({})", said.join(", ")),
                };
                format!(
                    "coordinates {} = {} positions at most{linked}",
                    parts.join(" x "),
                    group(c.size())
                )
            }
            Engine::Stickers(why) => match self.split() {
                Some(split) if self.split_first => split.note(),
                Some(split) => format!(
                    "{}; solves on stickers (no coordinate: {why})",
                    split.note()
                ),
                None => format!("stickers in a hash map (no coordinate: {why})"),
            },
        }
    }

    /// The positions a census will count at most, when known before it starts: the
    /// coordinate's size (its links already rule out what the moves' parities do).
    pub fn size(&self) -> Option<u64> {
        match &self.engine {
            Engine::Coordinates(c) => Some(c.size()),
            Engine::Stickers(_) => self.split().map(SplitOrbit::size),
        }
    }

    /// A state of this space from a sticker string (or sticker numbers; see
    /// [`Puzzle::state`]); a string no move sequence can reach is refused when its
    /// pieces show it.
    pub fn state(&self, s: &[u8]) -> Result<u128, Error> {
        match &self.engine {
            Engine::Coordinates(c) => {
                let stickers = self.puzzle.sticker_string(s)?;
                c.encode(&stickers).map(|x| c.state(x)).map_err(|why| {
                    Error::invalid(
                        Kind::PuzzleState,
                        format!(
                            "not reachable with the moves of {}: {why}",
                            self.puzzle.name
                        ),
                    )
                })
            }
            Engine::Stickers(_) => self.puzzle.state(s),
        }
    }
}

impl Space for PuzzleSpace<'_> {
    type State = u128;

    fn moves(&self) -> &[MoveSpec] {
        &self.specs
    }

    #[inline]
    fn apply(&self, s: u128, m: usize) -> u128 {
        if let Engine::Coordinates(c) = &self.engine {
            return c.step(s, m);
        }
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

#[cfg(test)]
/// A `--cost` list giving every square (a move named `X2`) and its inverse
/// `cost`: the cheap moves keep theirs. Empty when there is no square.
pub(in crate::puzzle) fn dear_squares(p: &Puzzle, cost: &str) -> String {
    let inverses = p.relations().inverses;
    (0..p.moves.len())
        .filter(|&m| p.moves[m].name.ends_with('2'))
        .flat_map(|m| [m, inverses[m]])
        .map(|m| format!("{}={cost}", p.moves[m].name))
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests;
