//! The memory budget of a census on coordinates: the table each kind of cost needs,
//! and the refusal, before any move table is built, of a census past the budget.

use crate::engine::packed::packed_bytes;
use crate::io::group;
use crate::model::cost::gcd;
use crate::model::{Error, Kind};
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::spaces::cheapest::Cheapest;
use crate::puzzle::spaces::coords::Coords;
use crate::puzzle::spaces::weighted;

/// Bytes a position of the Dijkstra census over coordinates takes (a 32-bit distance
/// and the move that reached it).
const DENSE_BYTES: u64 = 5;

/// The table a census on coordinates keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Table {
    /// One cost for every move: two bits a position (`engine/packed.rs`).
    Packed,
    /// Costs near one another: a 16-bit distance a position (`weighted.rs`).
    Flat,
    /// Costs far apart: the layered search's dense store.
    Dense,
}

impl Table {
    /// The table for moves of these costs (in any unit).
    pub(super) fn for_costs(costs: impl Iterator<Item = u64> + Clone) -> Table {
        let unit = costs.clone().fold(0, gcd).max(1);
        let max = costs.clone().max().unwrap_or(1) / unit;
        match max {
            _ if costs.clone().all(|c| c == unit * max) => Table::Packed,
            m if m <= u64::from(weighted::MAX_MOVE_COST) => Table::Flat,
            _ => Table::Dense,
        }
    }
}

/// Whether a census on coordinates of `size` positions (the product of `parts`), with
/// move tables of `tables` bytes, fits the memory budget; refused with the size and
/// the memory it would need.
pub(super) fn fits_in(
    name: &str,
    (size, parts, tables): (u64, &[u64], u64),
    table: Table,
    memory: u64,
) -> Result<(), Error> {
    let uniform = table == Table::Packed;
    // Saturating: a coordinate may number nearly 2^64 positions.
    let (need, how) = match table {
        Table::Packed => (packed_bytes(size), "two bits a position"),
        Table::Flat => (
            size.saturating_mul(weighted::BYTES),
            "two bytes a position, with costs",
        ),
        Table::Dense => (
            size.saturating_mul(DENSE_BYTES),
            "five bytes a position, with costs",
        ),
    };
    let need = need.saturating_add(tables);
    let over = if need > memory {
        format!(
            "needs {}, over the memory budget of {} (--memory)",
            megabytes(need),
            megabytes(memory)
        )
    } else if uniform && size > u32::MAX as u64 {
        // The packed census numbers positions in 32 bits.
        format!(
            "needs {}, but the packed census takes at most {} positions",
            megabytes(need),
            group(u32::MAX as u64)
        )
    } else {
        return Ok(());
    };
    Err(Error::invalid(
        Kind::Puzzle,
        format!(
            "census refused: {name} has {} positions at most ({}), whose table in {how} {over}",
            group(size),
            parts
                .iter()
                .map(|&s| group(s))
                .collect::<Vec<_>>()
                .join(" x "),
        ),
    ))
}

impl Puzzle {
    /// Whether this puzzle's census on coordinates fits `memory`, found before any
    /// move table is built (a puzzle without coordinates is the sticker engine's to
    /// refuse). `weighted`: counted by cost.
    pub fn census_fits(&self, weighted: bool, memory: u64) -> Result<(), Error> {
        let Ok((size, parts, tables)) = Coords::measure(self) else {
            return Ok(());
        };
        let table = match weighted {
            true if Cheapest::find(self, &self.relations().products).is_some() => Table::Packed,
            true => Table::for_costs(self.moves.iter().map(|m| m.cost)),
            false => Table::Packed,
        };
        fits_in(&self.name, (size, &parts, tables), table, memory)
    }
}

/// Bytes as megabytes, for messages.
fn megabytes(bytes: u64) -> String {
    format!("{} MB", group(bytes.div_ceil(1 << 20)))
}
