//! `pocket solve --puzzle FILE` by IDA* over pattern databases: the subject of the
//! answers when the bidirectional search would not fit (or `--method ida`). Its
//! answers are the other puzzles' answers, with `"search": "ida"` in JSON.

use super::batch::{Solved, Subject, Want, solved_by_ida};
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
        solved_by_ida(&mut self.solver, self.puzzle, raw, self.moves_input, want)
    }
}
