//! The answers of `pocket solve --puzzle 3x3x3 --method magic`: each state's three
//! steps on one line (`edges: ...; corners: [S: (M)k] ...; twists: ... (N moves)`),
//! or one JSON object with the steps and every move. Each solution is applied to the
//! state and checked before it is written.

use super::batch::{Answer, Item, too_long};
use crate::puzzle::formats::defined::compose;
use crate::puzzle::formats::input::read_stickers;
use crate::puzzle::{MagicMethod, MagicSolution};

pub(super) struct MagicAnswers<'m, 'p> {
    pub method: &'m MagicMethod<'p>,
    /// Inputs are move sequences in the puzzle's names, not sticker strings.
    pub moves_input: bool,
    pub json: bool,
    /// How the request writes an error line (text or JSON), as every solve does.
    pub errors: Answer,
}

/// One answer: the steps in notation, and the whole solution.
struct Steps {
    edges: String,
    corners: Vec<String>,
    twists: Vec<String>,
    moves: Vec<String>,
}

impl MagicAnswers<'_, '_> {
    /// A batch's output lines and its errors by input place.
    pub fn batch(&self, items: &[Item], text: &[u8]) -> (String, Vec<(usize, String)>) {
        let mut out = String::new();
        let mut errors = Vec::new();
        for item in items {
            let raw = item.bytes(text).unwrap_or(&[]);
            let answer = match item.bytes(text) {
                Ok(raw) => self.answer(raw),
                Err(len) => Err(too_long(len)),
            };
            match answer {
                Ok(line) => out.push_str(&line),
                Err(e) => {
                    self.errors.error_line(raw, &e, &mut out);
                    errors.push((item.place(), e));
                }
            }
            out.push('\n');
        }
        (out, errors)
    }

    fn answer(&self, raw: &[u8]) -> Result<String, String> {
        let puzzle = self.method.puzzle();
        let stickers = read_stickers(puzzle, raw, self.moves_input)?;
        let solution = self.method.solve(&stickers).map_err(|e| e.to_string())?;
        let moves = self.method.moves(&solution);
        // Checked here, whatever the tests say: the moves solve the state.
        let after = moves.iter().fold(stickers.clone(), |s, &m| {
            compose(&s, &puzzle.moves[m as usize].perm)
        });
        if !self.method.is_solved(&after) {
            return Err("internal error: the magic method's moves do not solve this state".into());
        }
        let steps = self.steps(&solution, &moves);
        Ok(match self.json {
            true => self.json_line(raw, &steps),
            false => text_line(&steps),
        })
    }

    fn steps(&self, solution: &MagicSolution, moves: &[u8]) -> Steps {
        let method = self.method;
        let names = |moves: &[u8]| -> Vec<String> {
            moves
                .iter()
                .map(|&m| method.puzzle().moves[m as usize].name.clone())
                .collect()
        };
        Steps {
            edges: names(&solution.edges).join(" "),
            corners: solution
                .placing
                .iter()
                .map(|u| method.notation(&method.cycle, u))
                .collect(),
            twists: solution
                .twisting
                .iter()
                .map(|u| method.notation(&method.twist, u))
                .collect(),
            moves: names(moves),
        }
    }

    fn json_line(&self, raw: &[u8], steps: &Steps) -> String {
        let magic = |m: &crate::puzzle::MagicMove| {
            let p = self.method.puzzle();
            serde_json::json!({
                "sequence": m.sequence(p),
                "power": m.power,
                "effect": m.effect(p),
            })
        };
        serde_json::json!({
            "input": String::from_utf8_lossy(raw),
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
                "cycle": magic(&self.method.cycle),
                "twist": magic(&self.method.twist),
            },
        })
        .to_string()
    }
}

/// `edges: D R2 F'; corners: [R: (U R2 U L2 U2)2]; twists: (U R U' R' F)6 (52 moves)`;
/// a step with nothing to do says `-`.
fn text_line(steps: &Steps) -> String {
    let or_none = |s: String| if s.is_empty() { "-".to_string() } else { s };
    format!(
        "edges: {}; corners: {}; twists: {} ({} moves)",
        or_none(steps.edges.clone()),
        or_none(steps.corners.join(" ")),
        or_none(steps.twists.join(" ")),
        steps.moves.len()
    )
}
