//! The census of a space: how many states lie at each distance from solved, and how
//! many of them are local maxima (no move leads further). One type for the cube's
//! metrics and for any defined puzzle; its table and its JSON object are
//! `pocket-print`'s.
//!
//! Distances are in the search's integer units; `unit` says how many thousandths of
//! a move cost one unit is, so that weighted distances print as the decimals of the
//! definition (`2.5`), and unit costs as plain move counts.

use crate::model::cost::format_decimal;

/// States and local maxima at one distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// Distance in search units.
    pub distance: u32,
    pub positions: u64,
    pub local_maxima: u64,
}

/// Positions and local maxima at each distance that occurs, for one puzzle and metric.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// The puzzle counted: `pocket` for the cube, else the definition's name.
    pub puzzle: String,
    /// The metric: `htm`, `qtm`, `one-way`, `moves` (each move of a definition one
    /// step) or `cost` (the definition's costs).
    pub metric: String,
    /// The moves counted, by name.
    pub moves: Vec<String>,
    /// Whether the moves are fewer than the metric's (`--gen`).
    pub subset: bool,
    /// The first line of the text form.
    pub title: String,
    /// Thousandths of a move cost per distance unit, when distances are costs.
    pub cost_unit: Option<u64>,
    /// Each distance that occurs, ascending.
    pub rows: Vec<Row>,
    /// Positions also counted up to symmetry, when asked for.
    pub symmetry: Option<Classes>,
}

/// Positions counted up to a group of symmetries: one count per row of the census.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classes {
    /// The group, in words.
    pub group: String,
    /// How many symmetries it has.
    pub order: u32,
    /// Classes at each row's distance.
    pub classes: Vec<u64>,
    /// Classes up to symmetry and inversion (with the words for what that group is),
    /// when inversion can keep distances.
    pub with_inversion: Option<(String, Vec<u64>)>,
}

impl Census {
    /// Rows from per-distance counts (index = distance), dropping empty distances.
    pub fn rows_from_counts(positions: &[u64], local_maxima: &[u64]) -> Vec<Row> {
        positions
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p > 0)
            .map(|(d, &p)| Row {
                distance: d as u32,
                positions: p,
                local_maxima: local_maxima.get(d).copied().unwrap_or(0),
            })
            .collect()
    }

    /// The largest distance, in search units.
    pub fn diameter(&self) -> u32 {
        self.rows.last().map_or(0, |r| r.distance)
    }

    /// All positions counted.
    pub fn total(&self) -> u64 {
        self.rows.iter().map(|r| r.positions).sum()
    }

    /// All local maxima counted.
    pub fn total_local_maxima(&self) -> u64 {
        self.rows.iter().map(|r| r.local_maxima).sum()
    }

    /// Positions at each distance `0..=diameter` (zero where none).
    pub fn positions(&self) -> Vec<u64> {
        self.dense(|r| r.positions)
    }

    /// Local maxima at each distance `0..=diameter`.
    pub fn local_maxima(&self) -> Vec<u64> {
        self.dense(|r| r.local_maxima)
    }

    fn dense(&self, f: impl Fn(&Row) -> u64) -> Vec<u64> {
        let mut out = vec![0; self.diameter() as usize + 1];
        for r in &self.rows {
            out[r.distance as usize] = f(r);
        }
        out
    }

    /// A distance as printed: a move count, or a decimal cost.
    pub fn format_distance(&self, d: u32) -> String {
        match self.cost_unit {
            None => d.to_string(),
            Some(unit) => format_decimal(d as u64 * unit, 1000),
        }
    }
}
