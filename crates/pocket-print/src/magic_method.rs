//! The magic method's answers (`solve --puzzle 3x3x3 --method magic`): each state's
//! three steps on one line, or one JSON object with the steps and every move.

use pocket::request::magic::{MagicSteps, ShownMagicMove};

/// Write one state's steps at the end of `out`, as JSON or as text.
pub(crate) fn write_steps(json: bool, input: &[u8], steps: &MagicSteps, out: &mut String) {
    match json {
        true => out.push_str(&json_line(input, steps)),
        false => out.push_str(&text_line(steps)),
    }
}

fn json_line(input: &[u8], steps: &MagicSteps) -> String {
    let magic = |m: &ShownMagicMove| {
        serde_json::json!({
            "sequence": m.sequence,
            "power": m.power,
            "effect": m.effect,
        })
    };
    serde_json::json!({
        "input": String::from_utf8_lossy(input),
        "method": "magic",
        "solution": steps.moves.join(" "),
        "moves": steps.moves,
        "move_count": steps.moves.len(),
        "solved": steps.moves.is_empty(),
        "steps": {
            "edges": steps.edges,
            "corners": steps.corners,
            "twists": steps.twists,
        },
        "magic_moves": {
            "cycle": magic(&steps.magic_moves[0]),
            "twist": magic(&steps.magic_moves[1]),
        },
    })
    .to_string()
}

/// `edges: D R2 F'; corners: [R: (U R2 U L2 U2)2]; twists: (U R U' R' F)6 (52 moves)`;
/// a step with nothing to do says `-`.
fn text_line(steps: &MagicSteps) -> String {
    let or_none = |s: String| if s.is_empty() { "-".to_string() } else { s };
    format!(
        "edges: {}; corners: {}; twists: {} ({} moves)",
        or_none(steps.edges.clone()),
        or_none(steps.corners.join(" ")),
        or_none(steps.twists.join(" ")),
        steps.moves.len()
    )
}
