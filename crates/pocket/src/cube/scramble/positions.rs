//! The positions a move set reaches, numbered densely, so that the scrambler's tables
//! for a subgroup such as `<R,U>` are as small as the subgroup.

use super::steps::Step;
use crate::model::pieces::{Coord, POSITIONS};

/// The positions the moves reach, numbered densely: all of them, or a sorted list
/// with each position's neighbours one move back.
pub(super) enum Positions {
    All,
    Some {
        coords: Vec<u32>,
        /// `back[i * moves + j]`: the number of `coords[i]` with move `j` undone.
        back: Vec<u32>,
    },
}

impl Positions {
    pub(super) fn len(&self) -> usize {
        match self {
            Positions::All => POSITIONS as usize,
            Positions::Some { coords, .. } => coords.len(),
        }
    }

    pub(super) fn coord(&self, i: usize) -> Coord {
        match self {
            Positions::All => Coord(i as u32),
            Positions::Some { coords, .. } => Coord(coords[i]),
        }
    }

    pub(super) fn number(&self, c: Coord) -> Option<usize> {
        match self {
            Positions::All => Some(c.0 as usize),
            Positions::Some { coords, .. } => coords.binary_search(&c.0).ok(),
        }
    }

    /// Position `i` with move `j` of `steps` undone.
    pub(super) fn back(&self, steps: &[Step], i: usize, j: usize) -> usize {
        match self {
            Positions::All => Coord(i as u32).apply(steps[j].back).0 as usize,
            Positions::Some { back, .. } => back[i * steps.len() + j] as usize,
        }
    }
}
