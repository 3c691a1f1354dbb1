//! A census as `pocket census` and the API write it: the table of the published
//! censuses ([`CensusTable`]) or one JSON object ([`census_json`]).

use std::fmt;

use pocket::engine::census::{Census, Row};
use pocket::io::group;
use serde_json::{Value, json};

/// A distance as JSON: a move count, or a decimal cost.
fn json_distance(c: &Census, d: u32) -> Value {
    match c.cost_unit {
        None => d.into(),
        Some(unit) => (d as f64 * unit as f64 / 1000.0).into(),
    }
}

/// The census as one JSON object; the arrays are parallel, one entry per distance
/// that occurs.
pub fn census_json(c: &Census) -> Value {
    let col = |f: fn(&Row) -> u64| c.rows.iter().map(f).collect::<Vec<u64>>();
    let mut v = json!({
        "puzzle": c.puzzle,
        "metric": c.metric,
        "moves": c.moves,
        "subset": c.subset,
        "weighted": c.cost_unit.is_some(),
        "diameter": json_distance(c, c.diameter()),
        "distances": c.rows.iter().map(|r| json_distance(c, r.distance)).collect::<Vec<_>>(),
        "positions": col(|r| r.positions),
        "local_maxima": col(|r| r.local_maxima),
        "total_positions": c.total(),
        "total_local_maxima": c.total_local_maxima(),
    });
    if let (Some(classes), Some(map)) = (&c.symmetry, v.as_object_mut()) {
        map.insert("symmetry".into(), classes.group.clone().into());
        map.insert("symmetries".into(), classes.order.into());
        map.insert("classes".into(), classes.classes.clone().into());
        let total: u64 = classes.classes.iter().sum();
        map.insert("total_classes".into(), total.into());
        if let Some((words, w)) = &classes.with_inversion {
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

/// A census as a table like the published ones.
pub struct CensusTable<'a>(pub &'a Census);

impl fmt::Display for CensusTable<'_> {
    /// A table like the published ones: distance, positions, local maxima (and the
    /// classes up to symmetry when counted), then the totals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        writeln!(f, "{}", c.title)?;
        let column = if c.cost_unit.is_some() {
            "cost"
        } else {
            "distance"
        };
        let classes = c.symmetry.as_ref();
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
        for (i, r) in c.rows.iter().enumerate() {
            write!(
                f,
                "{:>8}  {:>10}  {:>12}",
                c.format_distance(r.distance),
                group(r.positions),
                group(r.local_maxima)
            )?;
            extra(f, &|v: &[u64]| v.get(i).copied().unwrap_or(0))?;
        }
        write!(
            f,
            "{:>8}  {:>10}  {:>12}",
            "total",
            group(c.total()),
            group(c.total_local_maxima())
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
