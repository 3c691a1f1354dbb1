//! The census of a space: how many states lie at each distance from solved, and how
//! many of them are local maxima (no move leads further). One type for the cube's
//! metrics and for any defined puzzle, printed as a table or as one JSON object.
//!
//! Distances are in the search's integer units; `unit` says how many thousandths of
//! a move cost one unit is, so that weighted distances print as the decimals of the
//! definition (`2.5`), and unit costs as plain move counts.

use std::fmt;

use crate::io::group;
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

    fn json_distance(&self, d: u32) -> serde_json::Value {
        match self.cost_unit {
            None => d.into(),
            Some(unit) => (d as f64 * unit as f64 / 1000.0).into(),
        }
    }

    /// The census as one JSON object; the arrays are parallel, one entry per distance
    /// that occurs.
    pub fn to_json(&self) -> serde_json::Value {
        let col = |f: fn(&Row) -> u64| self.rows.iter().map(f).collect::<Vec<u64>>();
        let mut v = serde_json::json!({
            "puzzle": self.puzzle,
            "metric": self.metric,
            "moves": self.moves,
            "subset": self.subset,
            "weighted": self.cost_unit.is_some(),
            "diameter": self.json_distance(self.diameter()),
            "distances": self.rows.iter().map(|r| self.json_distance(r.distance)).collect::<Vec<_>>(),
            "positions": col(|r| r.positions),
            "local_maxima": col(|r| r.local_maxima),
            "total_positions": self.total(),
            "total_local_maxima": self.total_local_maxima(),
        });
        if let (Some(c), Some(map)) = (&self.symmetry, v.as_object_mut()) {
            map.insert("symmetry".into(), c.group.clone().into());
            map.insert("symmetries".into(), c.order.into());
            map.insert("classes".into(), c.classes.clone().into());
            map.insert("total_classes".into(), c.classes.iter().sum::<u64>().into());
            if let Some((words, w)) = &c.with_inversion {
                map.insert("inversion".into(), words.clone().into());
                map.insert("classes_with_inversion".into(), w.clone().into());
                map.insert(
                    "total_classes_with_inversion".into(),
                    w.iter().sum::<u64>().into(),
                );
            }
        }
        v
    }
}

impl fmt::Display for Census {
    /// A table like the published ones: distance, positions, local maxima (and the
    /// classes up to symmetry when counted), then the totals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.title)?;
        let column = if self.cost_unit.is_some() {
            "cost"
        } else {
            "distance"
        };
        let classes = self.symmetry.as_ref();
        let inverses = classes.and_then(|c| c.with_inversion.as_ref().map(|(_, w)| w));
        write!(
            f,
            "{column:>8}  {:>10}  {:>12}",
            "positions", "local maxima"
        )?;
        if classes.is_some() {
            write!(f, "  {:>8}", "classes")?;
        }
        if inverses.is_some() {
            write!(f, "  {:>13}", "with inverses")?;
        }
        writeln!(f)?;
        let extra = |f: &mut fmt::Formatter<'_>, pick: &dyn Fn(&[u64]) -> u64| {
            if let Some(c) = classes {
                write!(f, "  {:>8}", group(pick(&c.classes)))?;
            }
            if let Some(w) = inverses {
                write!(f, "  {:>13}", group(pick(w)))?;
            }
            writeln!(f)
        };
        for (i, r) in self.rows.iter().enumerate() {
            write!(
                f,
                "{:>8}  {:>10}  {:>12}",
                self.format_distance(r.distance),
                group(r.positions),
                group(r.local_maxima)
            )?;
            extra(f, &|v: &[u64]| v.get(i).copied().unwrap_or(0))?;
        }
        write!(
            f,
            "{:>8}  {:>10}  {:>12}",
            "total",
            group(self.total()),
            group(self.total_local_maxima())
        )?;
        extra(f, &|v: &[u64]| v.iter().sum())?;
        if let Some(c) = classes {
            writeln!(f, "classes: up to {}", c.group)?;
            if let Some((words, _)) = &c.with_inversion {
                writeln!(f, "with inverses: {words}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_text_and_json() {
        let c = Census {
            puzzle: "p".into(),
            metric: "cost".into(),
            moves: vec!["A".into()],
            subset: false,
            title: "p (3 stickers)".into(),
            cost_unit: Some(500),
            rows: Census::rows_from_counts(&[1, 0, 2], &[0, 0, 2]),
            symmetry: None,
        };
        assert_eq!(c.diameter(), 2);
        assert_eq!(c.positions(), [1, 0, 2]);
        assert_eq!(
            c.to_string(),
            "p (3 stickers)\n    cost   positions  local maxima\n       0           1             0\n       1           2             2\n   total           3             2\n"
        );
        let j = c.to_json();
        assert_eq!(j["distances"], serde_json::json!([0.0, 1.0]));
        assert!(j.get("classes").is_none());
        assert_eq!(j["diameter"], 1.0);
        assert_eq!(j["total_local_maxima"], 2);
    }

    #[test]
    fn classes_add_columns_and_say_what_group() {
        let c = Census {
            puzzle: "p".into(),
            metric: "htm".into(),
            moves: vec!["R".into()],
            subset: false,
            title: "P".into(),
            cost_unit: None,
            rows: Census::rows_from_counts(&[1, 9], &[0, 9]),
            symmetry: Some(Classes {
                group: "the 48 symmetries".into(),
                order: 48,
                classes: vec![1, 2],
                with_inversion: Some(("up to the 48 symmetries and inversion".into(), vec![1, 1])),
            }),
        };
        let text = c.to_string();
        assert!(text.contains("classes  with inverses"), "{text}");
        assert!(
            text.contains("   total          10             9         3              2"),
            "{text}"
        );
        assert!(
            text.contains("classes: up to the 48 symmetries\n"),
            "{text}"
        );
        assert!(
            text.contains("with inverses: up to the 48 symmetries and inversion"),
            "{text}"
        );
        let j = c.to_json();
        assert_eq!(j["total_classes"], 3);
        assert_eq!(j["classes_with_inversion"], serde_json::json!([1, 1]));
    }
}
