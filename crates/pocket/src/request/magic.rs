//! The answers of `pocket solve --puzzle 3x3x3 --method magic`: each state's three
//! steps as a value ([`MagicSteps`]), which the front end's printer writes as one
//! line or one JSON object. Each solution is applied to the state and checked
//! before it is handed on.

use super::batch::{Item, Outcome, Printer, too_long};
use crate::puzzle::formats::defined::compose;
use crate::puzzle::formats::input::read_stickers;
use crate::puzzle::{MagicMethod, MagicMove, MagicSolution};

pub(super) struct MagicAnswers<'m, 'p> {
    pub method: &'m MagicMethod<'p>,
    /// Inputs are move sequences in the puzzle's names, not sticker strings.
    pub moves_input: bool,
    /// The method's two magic moves, as every answer shows them.
    pub shown: [ShownMagicMove; 2],
}

/// One state's answer by the magic method: its three steps in notation, and the
/// whole solution.
#[derive(Clone, Debug)]
pub struct MagicSteps {
    /// Step 1's moves, placing and orienting the edges.
    pub edges: String,
    /// Step 2: the corners placed, one conjugated magic move each.
    pub corners: Vec<String>,
    /// Step 3: the corners twisted, likewise.
    pub twists: Vec<String>,
    /// Every move of the solution, by name.
    pub moves: Vec<String>,
    /// The cycling and the twisting magic moves.
    pub magic_moves: [ShownMagicMove; 2],
}

/// A magic move as an answer shows it.
#[derive(Clone, Debug)]
pub struct ShownMagicMove {
    /// Its moves, by name.
    pub sequence: String,
    /// How many times the sequence is turned.
    pub power: u32,
    /// What it does to the pieces.
    pub effect: String,
}

impl<'m, 'p> MagicAnswers<'m, 'p> {
    pub fn new(method: &'m MagicMethod<'p>, moves_input: bool) -> MagicAnswers<'m, 'p> {
        let show = |m: &MagicMove| ShownMagicMove {
            sequence: m.sequence(method.puzzle()),
            power: m.power,
            effect: m.effect(method.puzzle()),
        };
        MagicAnswers {
            method,
            moves_input,
            shown: [show(&method.cycle), show(&method.twist)],
        }
    }

    /// A batch's output lines, written by `printer`, and its errors by input place.
    pub fn batch(
        &self,
        printer: &dyn Printer,
        items: &[Item],
        text: &[u8],
    ) -> (String, Vec<(usize, String)>) {
        let mut out = String::new();
        let mut errors = Vec::new();
        for item in items {
            let raw = item.bytes(text).unwrap_or(&[]);
            let answer = match item.bytes(text) {
                Ok(raw) => self.answer(raw),
                Err(len) => Err(too_long(len)),
            };
            match answer {
                Ok(steps) => printer.print(raw, Outcome::Magic(&steps), &mut out),
                Err(e) => {
                    printer.print(raw, Outcome::Failed(&e), &mut out);
                    errors.push((item.place(), e));
                }
            }
        }
        (out, errors)
    }

    fn answer(&self, raw: &[u8]) -> Result<MagicSteps, String> {
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
        Ok(self.steps(&solution, &moves))
    }

    fn steps(&self, solution: &MagicSolution, moves: &[u8]) -> MagicSteps {
        let method = self.method;
        let names = |moves: &[u8]| -> Vec<String> {
            moves
                .iter()
                .map(|&m| method.puzzle().moves[m as usize].name.clone())
                .collect()
        };
        MagicSteps {
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
            magic_moves: self.shown.clone(),
        }
    }
}
