//! The census of a space, on whichever engine it runs: two bits a position, flat
//! arrays with costs, a split's blocks, or the sticker engine's hash map.

use std::ops::ControlFlow;

use crate::engine::census::{Census, Row};
use crate::engine::layers::{Blocks, Dense, Direction, Indexed, Layered, Sparse, Store};
use crate::engine::packed::packed_census;
use crate::engine::search::{MoveSpec, Product, SearchError, Space};
use crate::io::group;
use crate::model::{Error, Kind};
use crate::puzzle::spaces::cheapest::{Cheapest, CheapestFirst};
use crate::puzzle::spaces::coords::Coords;
use crate::puzzle::spaces::split::SplitOrbit;
use crate::puzzle::spaces::weighted::weighted_rows;

use super::budget::{Table, fits_in};
use super::build::split_for;
use super::{DEFAULT_MEMORY, Engine, MAX_POSITIONS, PuzzleSpace};

/// A space on coordinates, numbered by them: the Dijkstra census keeps its distances
/// in flat arrays over it.
struct Numbered<'a, 'p> {
    space: &'a PuzzleSpace<'p>,
    coords: &'a Coords,
}

impl Space for Numbered<'_, '_> {
    type State = u128;

    fn moves(&self) -> &[MoveSpec] {
        self.space.moves()
    }

    fn apply(&self, s: u128, m: usize) -> u128 {
        self.space.apply(s, m)
    }

    fn apply_inverse(&self, s: u128, m: usize) -> u128 {
        self.space.apply_inverse(s, m)
    }

    fn goal(&self) -> u128 {
        self.space.goal()
    }

    fn product(&self, a: usize, b: usize) -> Product {
        self.space.product(a, b)
    }

    fn commutes(&self, a: usize, b: usize) -> bool {
        self.space.commutes(a, b)
    }
}

impl Indexed for Numbered<'_, '_> {
    fn size(&self) -> usize {
        self.coords.size() as usize
    }

    fn index(&self, s: u128) -> usize {
        self.coords.index(s) as usize
    }
}

/// Bytes a position of the sticker engine's census takes, measured: 422 MB at its
/// 7,000,000 positions (hash map and layers).
const STICKER_BYTES: u64 = 60;

/// A count that may be past 64 bits, for messages: `20,922,789,888,000` below 10^14,
/// then `2.4 x 10^37`. The counts are group orders found as sums of logarithms, a
/// few units in 10^15 off: 17! came out as 355,687,428,096,001.
fn big(x: f64) -> String {
    if x < 1e14 {
        return group(x.round() as u64);
    }
    let exp = x.log10().floor();
    format!("{:.1} x 10^{exp}", x / 10f64.powf(exp))
}

/// Bytes as megabytes, for a message on a size that may be past 64 bits.
fn megabytes_f(bytes: f64) -> String {
    match bytes / (1u64 << 20) as f64 {
        mb if mb < 1e15 => format!("{} MB", group(mb.ceil() as u64)),
        mb => format!("{} MB", big(mb)),
    }
}

impl PuzzleSpace<'_> {
    /// The census: every position by the cost of solving it (which differs from the
    /// cost of making it when a move and its inverse cost differently), with local
    /// maxima, within `DEFAULT_MEMORY`.
    pub fn census(&self) -> Result<Census, Error> {
        self.census_with_progress(DEFAULT_MEMORY, &mut |_, _| {})
    }

    /// [`PuzzleSpace::census`] within `memory` bytes, calling `progress` with the
    /// positions settled so far and the distance reached.
    ///
    /// On coordinates, one move one step: two bits a position by the engine's block
    /// search; with costs, Dijkstra's over flat arrays (five bytes a position). Refused
    /// at once, with the size and the memory it needs, when that is over `memory`.
    /// On stickers: Dijkstra's over a hash map, giving up past [`MAX_POSITIONS`]
    /// positions or when memory runs out.
    pub fn census_with_progress(
        &self,
        memory: u64,
        progress: &mut dyn FnMut(u64, u32),
    ) -> Result<Census, Error> {
        let rows = match &self.engine {
            Engine::Coordinates(c) => self.coordinate_rows(c, memory, progress)?,
            Engine::Stickers(_) => match self.split() {
                Some(split) => self.split_rows(split, memory, progress)?,
                None => {
                    self.refuse_costs_on_a_split()?;
                    self.sticker_rows(progress)?
                }
            },
        };
        let p = self.puzzle;
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

    fn refuse(e: SearchError) -> Error {
        Error::invalid(
            Kind::Puzzle,
            format!("census {}", e.to_string().replace("the search", "it")),
        )
    }

    fn coordinate_rows(
        &self,
        c: &Coords,
        memory: u64,
        progress: &mut dyn FnMut(u64, u32),
    ) -> Result<Vec<Row>, Error> {
        let cheapest = match self.weighted {
            true => Cheapest::find(self.puzzle, &self.products),
            false => None,
        };
        let table = match cheapest {
            Some(_) => Table::Packed,
            None => Table::for_costs(self.specs.iter().map(|m| u64::from(m.cost))),
        };
        fits_in(
            &self.puzzle.name,
            (c.size(), &c.part_sizes(), c.table_bytes()),
            table,
            memory,
        )?;
        let root = c.goal() as u32;
        if let Some(cheapest) = &cheapest {
            let first = CheapestFirst {
                coords: c,
                cheapest,
            };
            return self.packed_rows(&first, root, Some(cheapest), progress);
        }
        if table == Table::Packed {
            return self.packed_rows(c, root, None, progress);
        }
        let numbered = Numbered {
            space: self,
            coords: c,
        };
        if table == Table::Flat {
            if let Some(rows) = weighted_rows(&numbered, c, progress) {
                return Ok(rows);
            }
            // A distance past 16 bits: the dense store, if it fits.
            let sizes = (c.size(), &c.part_sizes()[..], c.table_bytes());
            fits_in(&self.puzzle.name, sizes, Table::Dense, memory)?;
        }
        let mut store = Dense::new(&numbered);
        self.layered_rows(&numbered, &mut store, progress)
    }

    /// The census in two bits over `space` from `root`, its layers made by the
    /// cheapest moves (and its distances their cost) when `cheapest` is given.
    fn packed_rows<B: Blocks>(
        &self,
        space: &B,
        root: u32,
        cheapest: Option<&Cheapest>,
        progress: &mut dyn FnMut(u64, u32),
    ) -> Result<Vec<Row>, Error> {
        let counts = packed_census(space, &[root], progress).map_err(PuzzleSpace::refuse)?;
        let rows = Census::rows_from_counts(&counts.positions, &counts.local_maxima);
        // A cheapest move's cost in this space's units.
        let step = cheapest.map_or(1, |c| (c.cost / self.unit) as u32);
        Ok(rows
            .into_iter()
            .map(|r| Row {
                distance: r.distance * step,
                ..r
            })
            .collect())
    }

    /// A census with costs of a puzzle whose moves alone would be counted on a
    /// split, refused by that limit rather than by the sticker engine's (the dino
    /// with one move costing 1.5 was "past its 7,000,000 positions").
    fn refuse_costs_on_a_split(&self) -> Result<(), Error> {
        if !self.weighted || self.puzzle.size_bound() <= MAX_POSITIONS as f64 {
            return Ok(());
        }
        let Some(split) = split_for(self.puzzle, false, &self.products) else {
            return Ok(());
        };
        // A small group of a large orbit still fits the sticker engine (M11: 7,920).
        if self.puzzle.log_size_at_least().exp() <= MAX_POSITIONS as f64 * (1.0 + 1e-9) {
            return Ok(());
        }
        Err(Error::invalid(
            Kind::Puzzle,
            format!(
                "census refused: {} has up to {} positions, too many for the sticker \
                 engine, and the split that counts its moves ({}) takes costs only when \
                 every move costs the same, or when every dearer move is made of at most two \
                 of the cheapest and costs at least as much as they do; without --cost it \
                 counts moves",
                self.puzzle.name,
                group(split.size()),
                split.note()
            ),
        ))
    }

    /// The census of the puzzle's one orbit split ([`crate::puzzle::spaces::split`]), from the
    /// solved state (numbered 0), within `memory`.
    fn split_rows(
        &self,
        split: &SplitOrbit,
        memory: u64,
        progress: &mut dyn FnMut(u64, u32),
    ) -> Result<Vec<Row>, Error> {
        let parts = [split.blocks() as u64, split.width() as u64];
        let sizes = (split.size(), &parts[..], split.table_bytes());
        fits_in(&self.puzzle.name, sizes, Table::Packed, memory)?;
        let cheapest = match self.weighted {
            true => Cheapest::find(self.puzzle, &self.products),
            false => None,
        };
        self.packed_rows(split, 0, cheapest.as_ref(), progress)
    }

    fn sticker_rows(&self, progress: &mut dyn FnMut(u64, u32)) -> Result<Vec<Row>, Error> {
        let bound = self.puzzle.size_bound();
        if bound > MAX_POSITIONS as f64 {
            // The group order says whether it can fit before any search (the
            // 128-sticker ring: 9.7 s and 422 MB to give up, now at once).
            let least = self.puzzle.log_size_at_least().exp();
            if least > MAX_POSITIONS as f64 * (1.0 + 1e-9) {
                // The bounds meet when the moves make every arrangement of each orbit.
                let size = if (least / bound - 1.0).abs() < 1e-9 {
                    format!("{} positions", big(least))
                } else {
                    format!("{} to {} positions", big(least), big(bound))
                };
                return Err(Error::invalid(
                    Kind::Puzzle,
                    format!(
                        "census refused: {} has {size} (by the order of the group its moves \
                         make), which would need {} in the sticker engine's hash map, past \
                         its {} positions",
                        self.puzzle.name,
                        megabytes_f(least * STICKER_BYTES as f64),
                        group(MAX_POSITIONS as u64)
                    ),
                ));
            }
        }
        let mut store = Sparse::new(MAX_POSITIONS);
        if bound <= MAX_POSITIONS as f64 {
            // The bound is usually the size: one allocation instead of doublings.
            store.reserve(bound as usize).map_err(PuzzleSpace::refuse)?;
        }
        self.layered_rows(self, &mut store, progress)
    }

    /// The census rows of the engine's Dijkstra over `space`, in `store`.
    fn layered_rows<P: Space<State = u128>, St: Store<u128>>(
        &self,
        space: &P,
        store: &mut St,
        progress: &mut dyn FnMut(u64, u32),
    ) -> Result<Vec<Row>, Error> {
        let mut rows: Vec<Row> = Vec::new();
        let mut settled = 0u64;
        Layered::new(space, Direction::ToRoots)
            .run(&[self.goal], store, |s| {
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
            .map_err(PuzzleSpace::refuse)?;
        Ok(rows)
    }
}
