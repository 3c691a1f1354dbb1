//! The JSON objects of `scramble`, `cases` and `algs --effect`, as `--json` and the
//! API write them.

use pocket::Alg;
use pocket::cube::Scramble;
use pocket::cube::cases::Case;
use serde_json::{Value, json};

/// One scramble.
pub fn scramble_json(sc: &Scramble) -> Value {
    json!({
        "scramble": sc.alg.to_string(),
        "state": sc.cube.stickers().as_str(),
        "length": sc.alg.len(),
        "distance": sc.distance,
    })
}

/// One case of a set of `total` positions, with its algorithms.
pub fn case_json(case: &Case, total: usize) -> Value {
    let algorithms: Vec<Value> = case
        .algorithms
        .iter()
        .map(|a| {
            json!({
                "moves": a.moves.to_string(),
                "pre_auf": a.pre_auf.map(|m| m.to_string()),
                "post_auf": a.post_auf.map(|m| m.to_string()),
                "text": a.text(),
                "length": a.moves.len(),
                "cost": a.cost as f64 / 1000.0,
                "optimal": a.optimal,
            })
        })
        .collect();
    json!({
        "name": case.name,
        "cstimer": case.cstimer,
        "state": case.state.stickers().to_string(),
        "positions": case.positions,
        "probability": case.positions as f64 / total as f64,
        "algorithms": algorithms,
    })
}

/// One algorithm of `algs --effect`, with its cost in thousandths when costs order
/// the list.
pub fn alg_json(alg: &Alg, cost: Option<u64>) -> Value {
    let mut v = json!({
        "solution": alg.to_string(),
        "moves": alg.names(),
        "move_count": alg.len(),
    });
    if let Some(c) = cost {
        v["cost"] = (c as f64 / 1000.0).into();
    }
    v
}
