//! `pocket judge`'s totals as one JSON object.

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
