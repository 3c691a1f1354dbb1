//! A puzzle made a space: its engine chosen (coordinates, stickers, or a split for a
//! census), its costs reduced, and the puzzles too large for either refused.

use crate::engine::search::{MoveSpec, Product, check_moves};
use crate::model::cost::{format_decimal, gcd};
use crate::model::{Error, Kind};
use crate::puzzle::formats::barred;
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::spaces::cheapest::Cheapest;
use crate::puzzle::spaces::coords::Coords;
use crate::puzzle::spaces::split::SplitOrbit;

use super::{Engine, MAX_MOVE_COST, PuzzleSpace};

impl Puzzle {
    /// A costed definition as a search space; costs in thousandths, reduced. Refused
    /// when a position has no coordinate and does not fit in 128 bits, or when the
    /// costs are so far apart that one move costs more than [`MAX_MOVE_COST`] of the
    /// cheapest unit.
    pub fn space(&self, weighted: bool) -> Result<PuzzleSpace<'_>, Error> {
        self.space_on(weighted, Build::Coordinates)
    }

    /// [`Puzzle::space`] on packed stickers in hash maps even where the puzzle has
    /// coordinates: the other engine, to compare them.
    pub fn sticker_space(&self, weighted: bool) -> Result<PuzzleSpace<'_>, Error> {
        self.space_on(weighted, Build::Stickers)
    }

    /// [`Puzzle::space`] for a census: one orbit of distinct pieces is counted on
    /// its split ([`crate::puzzle::spaces::split`]) even where it has a coordinate, whose move table
    /// would cost more than the census.
    pub fn census_space(&self, weighted: bool) -> Result<PuzzleSpace<'_>, Error> {
        self.space_on(weighted, Build::Census)
    }

    fn space_on(&self, weighted: bool, build: Build) -> Result<PuzzleSpace<'_>, Error> {
        if !self.barred.is_empty() {
            let what = "the bidirectional search and the census cannot follow";
            return Err(Error::invalid(
                Kind::Puzzle,
                barred::refusal(&self.name, what),
            ));
        }
        let relations = self.relations();
        let split = match build {
            Build::Census => split_for(self, weighted, &relations.products),
            _ => None,
        };
        let engine = match build {
            Build::Census if split.is_some() => Engine::Stickers("counted on a split".into()),
            Build::Coordinates | Build::Census => match Coords::new(self, &relations.inverses) {
                Ok(c) => Engine::Coordinates(c),
                Err(why) => Engine::Stickers(why),
            },
            Build::Stickers => Engine::Stickers("asked for stickers".into()),
        };
        let n = self.stickers() as u32;
        let too_wide = n * self.bits > 128 && split.is_none();
        if let (Engine::Stickers(why), true) = (&engine, too_wide) {
            return Err(Error::invalid(
                Kind::Puzzle,
                format!(
                    "{n} stickers of {} colours need {} bits a position: too large for the \
                     bidirectional search and the census (at most 128; and no coordinate: \
                     {why}); what pocket does with a puzzle this large: `pocket solve` with the \
                     same --puzzle solves it by IDA* over pattern databases (`--method ida`, \
                     the default for it), and `pocket algs --orbit SET` finds its magic moves, \
                     sequences whose powers change only a few pieces of one set{}",
                    self.colours.len(),
                    n * self.bits,
                    match crate::puzzle::cube3::cube3_notation::is_kociemba_cube(self) {
                        true =>
                            "; `pocket solve --puzzle 3x3x3 --method magic` solves it \
                                 (not optimally) by seed 001's three steps",
                        false => "",
                    },
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
        let specs = self
            .moves
            .iter()
            .map(|m| MoveSpec {
                face: m.face,
                cost: if weighted { (m.cost / g) as u32 } else { 1 },
            })
            .collect();
        let goal = match &engine {
            Engine::Coordinates(c) => c.state(c.goal()),
            // A census on a split starts from its state 0, not from stickers.
            Engine::Stickers(_) if split.is_some() => 0,
            Engine::Stickers(_) => self.state(&self.solved)?,
        };
        let split_first = split.is_some();
        let space = PuzzleSpace {
            puzzle: self,
            specs,
            inverses: relations.inverses,
            products: relations.products,
            commutes: relations.commutes,
            goal,
            unit: if weighted { g } else { 1000 },
            weighted,
            engine,
            split: match split {
                Some(s) => std::sync::OnceLock::from(Some(s)),
                None => std::sync::OnceLock::new(),
            },
            split_first,
        };
        check_moves(&space)?;
        Ok(space)
    }
}

/// How a space is built: on coordinates where the puzzle has them, on stickers, or
/// for a census (a split first).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Build {
    Coordinates,
    Stickers,
    Census,
}

/// The split of `puzzle`'s one orbit ([`crate::puzzle::spaces::split`]) when it is one and its census
/// is of moves, of moves of one cost, or of the cheapest moves ([`Cheapest`]).
pub(super) fn split_for(
    puzzle: &Puzzle,
    weighted: bool,
    products: &[Product],
) -> Option<SplitOrbit> {
    let cheapest = match weighted {
        true => Cheapest::find(puzzle, products),
        false => None,
    };
    let uniform = puzzle.moves.iter().all(|m| m.cost == puzzle.moves[0].cost);
    if weighted && !uniform && cheapest.is_none() {
        return None;
    }
    SplitOrbit::new(puzzle, cheapest.as_ref())
}
