//! Optimal solving of the 3x3x3 by Michael Reid's method (1997), in Kociemba's
//! larger form: IDA* bounded by the distance to the first phase's goal of the
//! two-phase algorithm (corners and edges unturned, the middle layer's four edges in
//! it, and in Kociemba's form in their own places), read from one table on each of
//! the cube's three axes, and by the corners' distance. The edge table is reduced by
//! the 16 symmetries that keep an axis, which is what lets it hold 3.3 billion
//! entries in 833 MB.
//!
//! The generic IDA* (`deep.rs`) sees projections of any puzzle and cannot finish a
//! random-state 3x3x3 in hours; these tables know the cube's symmetries and axes.

mod classes;
mod coord;
mod cubie;
mod error;
mod facelets;
mod memory;
mod prune;
mod search;
mod symmetry;

pub use error::{CubeStateError, ReidError};

use classes::{Classes, Slice};
use coord::{CORNER_PLACES, Coordinates, TWISTS};
use prune::{Blocks, Trits};
use search::Tables;
use symmetry::Symmetries;

use std::sync::OnceLock;

use crate::puzzle::Puzzle;
use crate::puzzle::cube3::cube3_notation::is_kociemba_cube;

/// The solver: its tables, built at the first state that needs them (a batch of
/// solved or bad states builds none); each solve reads them.
pub struct ReidSolver {
    slice: Slice,
    threads: usize,
    built: OnceLock<Built>,
    /// The puzzle's move for each of Kociemba's 18 move numbers.
    puzzle_moves: [u8; cubie::MOVES],
}

struct Built {
    symmetries: Symmetries,
    coords: Coordinates,
    classes: Classes,
    edges: Trits,
    corners: Trits,
}

impl Built {
    fn new(slice: Slice, threads: usize) -> Built {
        let symmetries = Symmetries::new();
        let coords = Coordinates::new(&symmetries);
        let classes = Classes::new(slice, &symmetries);
        let edges = prune::build(
            &EdgeBlocks {
                classes: &classes,
                coords: &coords,
            },
            &coords,
            threads,
        );
        let corners = prune::build(&CornerBlocks(&coords), &coords, threads);
        Built {
            symmetries,
            coords,
            classes,
            edges,
            corners,
        }
    }
}

/// One solve: the moves (the puzzle's move numbers) and the nodes searched.
pub struct ReidAnswer {
    pub moves: Vec<u8>,
    pub nodes: u64,
}

struct EdgeBlocks<'a> {
    classes: &'a Classes,
    coords: &'a Coordinates,
}

impl Blocks for EdgeBlocks<'_> {
    fn count(&self) -> usize {
        self.classes.len()
    }

    fn step(&self, b: usize, m: usize) -> (usize, usize) {
        let flips = coord::FLIPS;
        let divisor = self.classes.slice.divisor();
        let raw = self.classes.representative[b] as usize;
        let (slice, flip) = (raw / flips * divisor, raw % flips);
        let moved = self.coords.slice[slice][m] as usize / divisor * flips
            + self.coords.flip[flip][m] as usize;
        let of = self.classes.of[moved] as usize;
        (of >> 4, of & 15)
    }

    fn stabiliser(&self, b: usize) -> u16 {
        self.classes.stabiliser[b]
    }
}

struct CornerBlocks<'a>(&'a Coordinates);

impl Blocks for CornerBlocks<'_> {
    fn count(&self) -> usize {
        CORNER_PLACES
    }

    fn step(&self, b: usize, m: usize) -> (usize, usize) {
        (self.0.corner_places[b][m] as usize, 0)
    }

    fn stabiliser(&self, _: usize) -> u16 {
        1
    }
}

/// The bytes the tables take with the middle layer's order or without it.
fn table_bytes(slice: Slice) -> u64 {
    Classes::bytes(slice)
        + Trits::bytes(slice.classes() * TWISTS)
        + Trits::bytes(CORNER_PLACES * TWISTS)
}

impl ReidSolver {
    /// The smallest budget the solver takes (its smaller tables), in bytes.
    pub fn least_memory() -> u64 {
        table_bytes(Slice::Places)
    }

    /// Whether the method solves `puzzle`: the 3x3x3 in Kociemba's sticker order,
    /// with its face turns.
    pub fn takes(puzzle: &Puzzle) -> bool {
        is_kociemba_cube(puzzle)
    }

    /// The solver for the built-in 3x3x3 (or a puzzle with its stickers and face
    /// turns), with the larger edge table when `memory` bytes hold it, its tables
    /// to be built on `threads` threads.
    pub fn new(puzzle: &Puzzle, memory: u64, threads: usize) -> Result<ReidSolver, ReidError> {
        if !Self::takes(puzzle) {
            return Err(ReidError::NotTheCube);
        }
        let slice = if memory >= table_bytes(Slice::Ordered) {
            Slice::Ordered
        } else if memory >= table_bytes(Slice::Places) {
            Slice::Places
        } else {
            return Err(ReidError::Budget {
                least_mb: table_bytes(Slice::Places).div_ceil(1 << 20),
                budget_mb: memory >> 20,
            });
        };
        Ok(ReidSolver {
            slice,
            threads,
            built: OnceLock::new(),
            puzzle_moves: Self::puzzle_moves(puzzle)?,
        })
    }

    /// The puzzle's move for each of Kociemba's move numbers (`U U2 U' R ...`).
    fn puzzle_moves(puzzle: &Puzzle) -> Result<[u8; cubie::MOVES], ReidError> {
        let mut out = [0; cubie::MOVES];
        for (m, slot) in out.iter_mut().enumerate() {
            let face = ["U", "R", "F", "D", "L", "B"][m / 3];
            let name = format!("{face}{}", ["", "2", "'"][m % 3]);
            *slot = puzzle
                .move_index(&name)
                .ok_or_else(|| ReidError::MissingMove(name.clone()))? as u8;
        }
        Ok(out)
    }

    /// What the tables are, for a note.
    pub fn describe(&self) -> String {
        let slice = self.slice;
        let what = match slice {
            Slice::Ordered => "the middle layer's edges in their places",
            Slice::Places => "the middle layer's edges in it (Reid's)",
        };
        format!(
            "Reid's method: edge tables on three axes ({what}, {} classes under 16 \
             symmetries) and the corners; {} MB",
            slice.classes(),
            table_bytes(slice) >> 20
        )
    }

    /// An optimal solution of a 54-sticker state; `on_bound` hears each bound
    /// searched in full and its nodes.
    pub fn solve(
        &self,
        stickers: &[u8],
        on_bound: impl FnMut(u8, u64),
    ) -> Result<ReidAnswer, ReidError> {
        self.solve_within(stickers, on_bound, &mut |_| true)
    }

    /// [`ReidSolver::solve`] within a budget: `keep_going(nodes)` is asked every
    /// 65,536 nodes, and a `false` ends the search with [`ReidError::Stopped`]. The
    /// tables are built first, outside the budget.
    pub fn solve_within(
        &self,
        stickers: &[u8],
        on_bound: impl FnMut(u8, u64),
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<ReidAnswer, ReidError> {
        let cube = facelets::cubies(stickers)?;
        if cube == cubie::SOLVED {
            return Ok(ReidAnswer {
                moves: Vec::new(),
                nodes: 0,
            });
        }
        let built = self
            .built
            .get_or_init(|| Built::new(self.slice, self.threads));
        let tables = Tables {
            symmetries: &built.symmetries,
            coords: &built.coords,
            classes: &built.classes,
            edges: &built.edges,
            corners: &built.corners,
        };
        let (path, nodes) = tables
            .solve(&cube, on_bound, keep_going)
            .map_err(|nodes| ReidError::Stopped { nodes })?
            .ok_or(ReidError::NoSolution)?;
        Ok(ReidAnswer {
            moves: path
                .iter()
                .map(|&m| self.puzzle_moves[m as usize])
                .collect(),
            nodes,
        })
    }
}

#[cfg(test)]
mod tests;
