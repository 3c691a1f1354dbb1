//! `pocket solve --puzzle 3x3x3 --method reid`: the 3x3x3 solved optimally by Reid's
//! method (three axes of the two-phase algorithm's first-phase table). Its answers
//! are the other puzzles' answers, with `"search": "reid"` in JSON.

use super::batch::{Solution, Solved, Subject, Want};
use crate::puzzle::{Puzzle, ReidSolver};

pub(super) struct ReidSubject<'p> {
    pub puzzle: &'p Puzzle,
    pub solver: ReidSolver,
    /// Inputs are move sequences, not sticker strings.
    pub moves_input: bool,
}

impl Subject for ReidSubject<'_> {
    fn metric(&self) -> Option<&'static str> {
        Some("moves")
    }

    fn solve(&mut self, raw: &[u8], _want: Want) -> Result<Solved<'_>, String> {
        let typed =
            crate::puzzle::formats::input::read_stickers(self.puzzle, raw, self.moves_input)?;
        let stickers = self
            .puzzle
            .sticker_string(&typed)
            .map_err(|e| e.to_string())?;
        let answer = self
            .solver
            .solve(&stickers, |_, _| ())
            .map_err(|e| e.to_string())?;
        let names = answer
            .moves
            .iter()
            .map(|&m| self.puzzle.moves[m as usize].name.as_str());
        Ok(Solved {
            cost: None,
            solutions: vec![Solution {
                length: answer.moves.len() as u32,
                moves: names.collect(),
            }],
            pictures: String::new(),
            count: None,
            state: None,
            search: Some("reid"),
        })
    }
}
