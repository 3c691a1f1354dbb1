//! `pocket judge`'s totals, as text or as one JSON object.

use std::fmt;

use pocket::challenge::Summary;
use serde_json::{Value, json};

/// The judge's totals, as `judge --json` closes with them.
pub fn summary_json(s: &Summary) -> Value {
    json!({
        "positions": s.positions,
        "valid": s.valid,
        "optimal": s.optimal,
        "longest": s.longest,
        "slowest_ms": s.slowest.as_secs_f64() * 1e3,
        "unclean": s.unclean,
        "passed": s.passed(),
        "under_20_bonus": s.under_20_bonus(),
        "optimal_bonus": s.optimal_bonus(),
    })
}

/// The judge's totals as the lines that close its table.
pub struct SummaryText<'a>(pub &'a Summary);

impl fmt::Display for SummaryText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        let yes = |b: bool| if b { "yes" } else { "no" };
        writeln!(
            f,
            "{}/{} valid, {} optimal; longest {}; slowest {:.1} ms",
            s.valid,
            s.positions,
            s.optimal,
            s.longest.map_or("-".to_string(), |l| format!("{l} moves")),
            s.slowest.as_secs_f64() * 1e3
        )?;
        if s.unclean > 0 {
            writeln!(
                f,
                "{} run{} left processes behind (see above): the entry does not pass",
                s.unclean,
                if s.unclean == 1 { "" } else { "s" }
            )?;
        }
        write!(
            f,
            "under-20 bonus: {}; optimal bonus: {}",
            yes(s.under_20_bonus()),
            yes(s.optimal_bonus())
        )
    }
}
