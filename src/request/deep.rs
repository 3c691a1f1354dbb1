//! `pocket solve --puzzle FILE` by IDA* over pattern databases: the subject of the
//! answers when the bidirectional search would not fit (or `--method ida`). Its
//! answers are the other puzzles' answers, with `"search": "ida"` in JSON.

use super::batch::{Solution, Solved, Subject, Want};
use crate::engine::ida::Listing;
use crate::puzzle::input::read_stickers;
use crate::puzzle::{DeepSolver, Puzzle};

pub(super) struct DeepSubject<'p> {
    pub puzzle: &'p Puzzle,
    pub solver: DeepSolver<'p>,
    /// Inputs are move sequences, not sticker strings.
    pub moves_input: bool,
}

impl Subject for DeepSubject<'_> {
    fn metric(&self) -> Option<&'static str> {
        Some("moves")
    }

    fn solve(&mut self, raw: &[u8], want: Want) -> Result<Solved<'_>, String> {
        let typed = read_stickers(self.puzzle, raw, self.moves_input)?;
        let stickers = self
            .puzzle
            .sticker_string(&typed)
            .map_err(|e| e.to_string())?;
        let listing = match want {
            Want::First => Listing::First,
            Want::All | Want::Count => Listing::All,
        };
        let (paths, _) = self.solver.solve(&stickers, listing)?;
        let puzzle = self.puzzle;
        Ok(Solved {
            cost: None,
            solutions: paths
                .iter()
                .map(|p| Solution {
                    moves: p
                        .iter()
                        .map(|&m| puzzle.moves[m as usize].name.as_str())
                        .collect(),
                    length: p.len() as u32,
                })
                .collect(),
            pictures: String::new(),
            count: None,
            state: None,
            search: Some("ida"),
        })
    }
}
